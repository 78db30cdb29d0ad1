//! Playing at a table over WebSockets: well-formed states, bots and people playing, seat links,
//! spectators, bad input, rematches.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_state_carries_well_formed_actions_prompts_and_scores() {
    let server = start().await;
    for (body, players) in [
        (
            json!({"game": "big-boss", "edition": "modern", "seats": ["human", "human", "human"]}),
            3,
        ),
        (
            json!({"game": "big-boss", "edition": "classic", "seats": ["human", "human"]}),
            2,
        ),
        (
            json!({"game": "big-shot", "seats": ["human", "human", "human"]}),
            3,
        ),
        (
            json!({"game": "big-shot", "hidden_money": true, "seats": ["human", "human"]}),
            2,
        ),
    ] {
        let table = server.create_with(body.clone()).await;
        let mut clients = Vec::new();
        for s in &table.seats {
            let mut c = server.connect(s.link.as_ref().unwrap()).await;
            c.until("state").await;
            clients.push(c);
        }
        let mut watcher = server.connect(&table.spectator).await;
        let (mut steps, mut kinds) = (0, std::collections::BTreeSet::new());
        let mut rng = 0x9e37_79b9_7f4a_7c15u64;
        while let Some(i) = clients.iter().position(|c| !c.legal().is_empty()) {
            for (j, c) in clients.iter().enumerate() {
                let st = c.state.as_ref().unwrap();
                assert_eq!(st["must_act"], json!(j == i), "{st}");
                assert_eq!(st["scores"], Value::Null);
                if j != i {
                    assert_eq!(
                        st["prompt"],
                        Value::Null,
                        "only the seat to act is prompted"
                    );
                }
            }
            let state = clients[i].state.clone().unwrap();
            check_actions(&state);
            for a in state["actions"].as_array().unwrap() {
                for t in a["highlights"].as_array().unwrap() {
                    kinds.insert(t.as_str().unwrap().split(':').next().unwrap().to_string());
                }
            }
            // A pseudo-random legal action (bids kept low so games end).
            let legal = clients[i].legal();
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let cheap: Vec<&String> = legal
                .iter()
                .filter(|a| {
                    a.strip_prefix("bid ")
                        .is_none_or(|n| n.parse::<u32>().is_ok_and(|n| n <= 3))
                })
                .collect();
            let pick = if cheap.is_empty() {
                &legal[0]
            } else {
                cheap[(rng % cheap.len() as u64) as usize]
            };
            let version = clients[i].version();
            clients[i].play(&pick.clone()).await;
            for c in clients.iter_mut() {
                c.until_version(version + 1).await;
            }
            steps += 1;
            assert!(steps < 3000, "{body}: the game did not end");
        }
        // The end: every viewer gets the same score table, one row per seat, winners marked.
        let end = watcher.until_version(clients[0].version()).await;
        assert!(end["to_act"].as_array().unwrap().is_empty());
        let scores = &end["scores"];
        assert_eq!(
            scores["rows"].as_array().unwrap().len(),
            players,
            "{scores}"
        );
        assert!(!scores["columns"].as_array().unwrap().is_empty());
        for c in &clients {
            let st = c.state.as_ref().unwrap();
            assert_eq!(&st["scores"], scores);
            assert_eq!(st["prompt"], Value::Null);
            assert!(st["actions"].as_array().unwrap().is_empty());
        }
        assert!(
            !kinds.is_empty(),
            "{body}: something was played by clicking the table"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bots_play_a_whole_game_over_the_wire() {
    let server = start().await;
    let table = server
        .create("modern", &["random", "heuristic", "easy", "normal"])
        .await;
    assert!(
        table.seats.iter().all(|s| s.link.is_none()),
        "bot seats have no invite links"
    );
    let mut watcher = server.connect(&table.spectator).await;
    let welcome = watcher.until("welcome").await;
    assert_eq!(welcome["you"], Value::Null);
    assert_eq!(welcome["table"]["seats"].as_array().unwrap().len(), 4);
    let end = loop {
        let v = watcher.until("state").await;
        if v["to_act"].as_array().unwrap().is_empty() {
            break v;
        }
    };
    let obs = &end["observation"];
    assert_eq!(obs["scores"].as_array().unwrap().len(), 4);
    assert!(!obs["outcome"]["winners"].as_array().unwrap().is_empty());
    assert!(obs.get("hand").is_none(), "a spectator has no hand");
    let version = end["version"].as_u64().unwrap() as usize;
    assert!(version > 20, "a whole game takes many actions ({version})");
    assert_eq!(server.stored_actions(&table.id).len(), version);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_humans_play_at_one_table() {
    let server = start().await;
    let table = server.create("classic", &["human", "human"]).await;
    let links: Vec<String> = table
        .seats
        .iter()
        .map(|s| s.link.clone().unwrap())
        .collect();
    let mut a = server.connect(&links[0]).await;
    let mut b = server.connect(&links[1]).await;
    assert_eq!(a.until("welcome").await["you"], 0);
    assert_eq!(b.until("welcome").await["you"], 1);
    a.until("state").await;
    b.until("state").await;
    // Each sees its own hand only.
    for (seat, c) in [(0, &a), (1, &b)] {
        let obs = &c.state.as_ref().unwrap()["observation"];
        assert_eq!(obs["viewer"]["seat"], seat);
        assert!(!obs["hand"].as_array().unwrap().is_empty());
    }
    let mut clients = [a, b];
    // The seat not to act is refused, and nothing is stored.
    let idle = clients.iter().position(|c| c.legal().is_empty()).unwrap();
    let before = server.stored_actions(&table.id).len();
    clients[idle].act("buy deck").await;
    let err = clients[idle].until("error").await;
    assert_eq!(err["code"], "not_your_turn");
    assert_eq!(server.stored_actions(&table.id).len(), before);
    play_first_legal(&mut clients, 40).await;
    let [a, b] = &clients;
    assert_eq!(a.version(), b.version());
    assert!(a.version() >= 40);
    // Both saw the same public board and the same log of actions.
    let (oa, ob) = (
        &a.state.as_ref().unwrap()["observation"],
        &b.state.as_ref().unwrap()["observation"],
    );
    assert_eq!(oa["board"], ob["board"]);
    assert_eq!(oa["players"], ob["players"]);
    assert_ne!(oa["hand"], ob["hand"]);
    let stored = server.stored_actions(&table.id);
    assert_eq!(stored.len() as u64, a.version());
    assert_eq!(
        a.state.as_ref().unwrap()["last"]["action"],
        json!(stored.last().unwrap().1)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reconnecting_with_the_seat_link_resumes() {
    let server = start().await;
    let table = server.create("modern", &["human", "random"]).await;
    let link = table.seats[0].link.clone().unwrap();
    let mut first = server.connect(&link).await;
    first.until("state").await;
    let mut clients = [first];
    // Play a few turns of ours (the bot answers by itself).
    for _ in 0..12 {
        while clients[0].legal().is_empty() {
            clients[0].next().await.unwrap();
        }
        play_first_legal(&mut clients, 1).await;
    }
    let [first] = clients;
    let seen = first.state.clone().unwrap();
    let version = seen["version"].as_u64().unwrap();
    // A second tab with the same link sees exactly the same state and the log.
    let mut second = server.connect(&link).await;
    let welcome = second.until("welcome").await;
    assert_eq!(welcome["you"], 0);
    assert!(!welcome["log"].as_array().unwrap().is_empty());
    let mut state = second.until("state").await;
    // The bot may have moved meanwhile; ask the first tab to catch up to the same version.
    let mut first = first;
    let target = state["version"].as_u64().unwrap().max(version);
    first.until_version(target).await;
    if state["version"].as_u64().unwrap() < target {
        state = second.until_version(target).await;
    }
    let now = first.state.clone().unwrap();
    assert_eq!(state["observation"], now["observation"]);
    assert_eq!(state["actions"], now["actions"]);
    // Dropping the first tab (a lost network) leaves the seat playable from the second.
    drop(first);
    while second.legal().is_empty() {
        second.next().await.unwrap();
    }
    let v = second.version();
    let action = second.legal()[0].clone();
    second.act(&action).await;
    let after = second.until_version(v + 1).await;
    assert_eq!(after["last"]["action"], json!(action));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectator_sees_public_information_and_cannot_act() {
    let server = start().await;
    let table = server.create("modern", &["human", "human", "human"]).await;
    let mut seat = server
        .connect(table.seats[0].link.as_deref().unwrap())
        .await;
    let mut watcher = server.connect(&table.spectator).await;
    seat.until("state").await;
    let state = watcher.until("state").await;
    let obs = &state["observation"];
    assert_eq!(obs["viewer"], "spectator");
    assert!(obs.get("hand").is_none());
    assert!(state["actions"].as_array().unwrap().is_empty());
    watcher.act("buy deck").await;
    assert_eq!(watcher.until("error").await["code"], "spectator");
    watcher.send(json!({"type": "rematch"})).await;
    assert_eq!(watcher.until("error").await["code"], "illegal");
    // The spectator is told when someone connects.
    let mut other = server
        .connect(table.seats[1].link.as_deref().unwrap())
        .await;
    other.until("state").await;
    // Seat 0's own arrival may be announced first: read a bounded number of presences.
    let mut online = Value::Null;
    for _ in 0..10 {
        online = watcher.until("presence").await["seats"][1]["online"].clone();
        if online == 1 {
            break;
        }
    }
    assert_eq!(online, 1);
    assert!(server.stored_actions(&table.id).is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wrong_seat_token_is_refused() {
    let server = start().await;
    let table = server.create("modern", &["human", "random"]).await;
    let real = table.seats[0].link.clone().unwrap();
    let forged = format!("/t/{}?k={}", table.id, "0".repeat(32));
    let mut bad = server.connect(&forged).await;
    let err = bad.next().await.unwrap();
    assert_eq!(err["type"], "error");
    assert_eq!(err["code"], "bad_token");
    assert!(bad.next().await.is_none(), "the connection is closed");
    // A bot seat's token is not a way in either, and nor is a token of another table.
    let other = server.create("modern", &["human", "human"]).await;
    let other_token = other.seats[0]
        .link
        .as_deref()
        .unwrap()
        .split("k=")
        .nth(1)
        .unwrap();
    let mut cross = server
        .connect(&format!("/t/{}?k={other_token}", table.id))
        .await;
    assert_eq!(cross.next().await.unwrap()["code"], "bad_token");
    // The real link still works.
    let mut good = server.connect(&real).await;
    assert_eq!(good.until("welcome").await["you"], 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_input_gets_an_error_and_changes_nothing() {
    let server = start().await;
    let table = server.create("modern", &["human", "human"]).await;
    let links: Vec<String> = table
        .seats
        .iter()
        .map(|s| s.link.clone().unwrap())
        .collect();
    let mut a = server.connect(&links[0]).await;
    let mut b = server.connect(&links[1]).await;
    a.until("state").await;
    b.until("state").await;
    let c = if a.legal().is_empty() { &mut b } else { &mut a };
    let version = c.version();
    let expect = |v: Value, code: &str| {
        assert_eq!(v["type"], "error", "{v}");
        assert_eq!(v["code"], code, "{v}");
        assert!(!v["message"].as_str().unwrap().is_empty());
    };
    c.send_text("{not json").await;
    expect(c.until("error").await, "malformed");
    c.send(json!({"type": "dance"})).await;
    expect(c.until("error").await, "unknown_message");
    c.send(json!({"type": "act"})).await;
    expect(c.until("error").await, "malformed");
    c.send(json!({"type": "act", "action": "x".repeat(5000)}))
        .await;
    expect(c.until("error").await, "too_large");
    c.act("play 99").await;
    expect(c.until("error").await, "notation");
    c.act("tower").await;
    let illegal = c.until("error").await;
    expect(illegal.clone(), "illegal");
    c.send(json!({"type": "act", "action": "buy deck", "version": version + 5}))
        .await;
    expect(c.until("error").await, "stale");
    c.ws.send(tokio_tungstenite::tungstenite::Message::binary(vec![
        1u8, 2, 3,
    ]))
    .await
    .unwrap();
    expect(c.until("error").await, "malformed");
    // A flood: some messages are refused with one rate-limit error.
    for _ in 0..100 {
        c.send(json!({"type": "ping"})).await;
    }
    let mut pongs = 0;
    let mut limited = 0;
    while limited == 0 {
        let v = c.next().await.unwrap();
        match v["type"].as_str().unwrap() {
            "pong" => pongs += 1,
            "error" => {
                expect(v, "rate_limited");
                limited += 1;
            }
            _ => {}
        }
    }
    let seen = c.received.len();
    c.pump(300).await;
    pongs += c.received[seen..]
        .iter()
        .filter(|t| t.contains("\"pong\""))
        .count();
    assert!(
        limited >= 1 && pongs < 100,
        "pongs {pongs}, limited {limited}"
    );
    // Nothing was stored, and the connection still plays once the bucket refills.
    assert!(server.stored_actions(&table.id).is_empty());
    tokio::time::sleep(std::time::Duration::from_millis(2500)).await;
    let action = c.legal()[0].clone();
    c.act(&action).await;
    let state = c.until_version(version + 1).await;
    assert_eq!(state["last"]["action"], json!(action));
    assert_eq!(server.stored_actions(&table.id).len(), 1);
    use futures_util::SinkExt;
    // A frame beyond the transport limit closes that connection only.
    let _ =
        c.ws.send(tokio_tungstenite::tungstenite::Message::text(
            "y".repeat(100_000),
        ))
        .await;
    let mut closed = false;
    for _ in 0..10 {
        match c.next().await {
            None => {
                closed = true;
                break;
            }
            Some(_) => continue,
        }
    }
    assert!(closed);
    let mut again = server.connect(&links[0]).await;
    again.until("state").await;
    assert_eq!(again.version(), version + 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_offers_a_rematch_to_every_seat() {
    let server = start().await;
    let table = server.create("modern", &["human", "random"]).await;
    let mut me = server
        .connect(table.seats[0].link.as_deref().unwrap())
        .await;
    me.until("state").await;
    // Play randomly-but-deterministically (first legal) until the end.
    loop {
        let s = me.state.clone().unwrap();
        if s["to_act"].as_array().unwrap().is_empty() {
            break;
        }
        if me.legal().is_empty() {
            me.next().await.unwrap();
            continue;
        }
        // Prefer ending turns quickly so the game finishes.
        let legal = me.legal();
        let action = legal
            .iter()
            .find(|a| a.starts_with("play") || *a == "pass" || *a == "end")
            .unwrap_or(&legal[0])
            .clone();
        me.play(&action).await;
    }
    // The game was played faster than the message rate limit allows; let the bucket refill so
    // the rematch request is not dropped (`until` would skip the `rate_limited` error).
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    me.send(json!({"type": "rematch"})).await;
    let r = me.until("rematch").await;
    let link = r["link"].as_str().unwrap().to_string();
    assert!(link.contains("?k="));
    let mut next = server.connect(&link).await;
    let w = next.until("welcome").await;
    assert_eq!(w["you"], 0);
    assert_eq!(w["table"]["seats"][1]["kind"], "random");
    // A fresh game (the bot may already have taken the first turn).
    assert!(
        next.until("state").await["observation"]["turn"]
            .as_u64()
            .unwrap()
            <= 2
    );
    // Asking again gives the same rematch.
    me.send(json!({"type": "rematch"})).await;
    assert_eq!(me.until("rematch").await["link"], json!(link));
}
