//! The WebSocket protocol end to end, with a real server, real SQLite and real WebSockets.

use crate::common;

use common::{start, Client};
use serde_json::{json, Value};

/// Plays the first legal action of whichever of `clients` may act, `steps` times.
async fn play_first_legal(clients: &mut [Client], steps: usize) {
    for _ in 0..steps {
        let Some(i) = clients.iter().position(|c| !c.legal().is_empty()) else {
            return;
        };
        let version = clients[i].version();
        check_actions(clients[i].state.as_ref().unwrap());
        let action = clients[i].legal()[0].clone();
        clients[i].play(&action).await;
        for c in clients.iter_mut() {
            c.until_version(version + 1).await;
        }
    }
}

/// Checks the structured actions and the prompt of a state sent to a seat that is to act: every
/// action has notation and a label, a cost that is not negative, and highlights of the form
/// `kind` or `kind:id`; notations are distinct.
fn check_actions(state: &Value) {
    let actions = state["actions"].as_array().unwrap();
    assert!(!actions.is_empty(), "{state}");
    assert!(
        state["prompt"].as_str().is_some_and(|p| !p.is_empty()),
        "{state}"
    );
    let mut seen = std::collections::HashSet::new();
    for a in actions {
        let notation = a["notation"].as_str().unwrap();
        assert!(
            !notation.is_empty() && seen.insert(notation.to_string()),
            "{a}"
        );
        assert!(!a["label"].as_str().unwrap().is_empty(), "{a}");
        assert!(a["effect"].is_string(), "{a}");
        assert!(
            a["cost"].is_null() || a["cost"].as_i64().unwrap() >= 0,
            "{a}"
        );
        for t in a["highlights"].as_array().unwrap() {
            let t = t.as_str().unwrap();
            let (kind, id) = t.split_once(':').unwrap_or((t, "x"));
            assert!(
                !kind.is_empty() && kind.chars().all(|c| c.is_ascii_lowercase()),
                "highlight `{t}` of {a}"
            );
            assert!(
                !id.is_empty() && id.chars().all(|c| c.is_ascii_alphanumeric()),
                "highlight `{t}` of {a}"
            );
        }
    }
}

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
async fn the_games_are_listed_with_their_options_and_views() {
    let server = start().await;
    let http = reqwest::Client::new();
    let games: Value = http
        .get(format!("{}/api/games", server.url()))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let games = games.as_array().unwrap();
    let ids: Vec<&str> = games.iter().map(|g| g["id"].as_str().unwrap()).collect();
    assert_eq!(ids, boardroom_registry::IDS);
    for g in games {
        let info = boardroom_registry::info(g["id"].as_str().unwrap()).unwrap();
        assert_eq!(g["title"], info.title);
        assert_eq!(g["min_players"], info.min_players);
        assert_eq!(g["max_players"], info.max_players);
        assert_eq!(g["options"].as_array().unwrap().len(), info.options.len());
        assert_eq!(g["seat_names"].as_array().unwrap().len(), info.max_players);
        assert!(g["bots"].as_array().unwrap().contains(&json!("normal")));
        // The game's view module and style sheet are served where the listing says.
        let view = g["view"].as_str().unwrap();
        assert_eq!(view, format!("/assets/games/{}/view.js", info.id));
        let r = http
            .get(format!("{}{view}", server.url()))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200);
        assert!(r.headers()["content-type"]
            .to_str()
            .unwrap()
            .contains("javascript"));
        assert!(r.text().await.unwrap().contains("export default"));
        let css = http
            .get(format!(
                "{}/assets/games/{}/view.css",
                server.url(),
                info.id
            ))
            .send()
            .await
            .unwrap();
        assert_eq!(css.status(), 200);
    }
    let big_boss = &games[0];
    let edition = &big_boss["options"][0];
    assert_eq!(edition["name"], "edition");
    assert_eq!(edition["kind"]["type"], "choice");
    assert_eq!(edition["kind"]["choices"], json!(["modern", "classic"]));
    assert_eq!(edition["lobby"], true);
    assert_eq!(edition["players"], Value::Null);
    // The bot without dealing, and a clock, only for the game with dealing and timers.
    for g in games {
        let deals = g["id"] == "the-boss";
        let bots = g["bots"].as_array().unwrap();
        assert_eq!(bots.contains(&json!("heuristic-nodeal")), deals, "{g}");
        assert_eq!(g["timers"], deals, "{g}");
    }
    let the_boss = games.iter().find(|g| g["id"] == "the-boss").unwrap();
    let cap = the_boss["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "two_player_share_cap")
        .unwrap();
    assert_eq!(cap["players"], json!([2, 2]));
    let big_shot = &games[1];
    assert_eq!(big_shot["options"][0]["kind"]["type"], "flag");
    assert_eq!(big_shot["options"][1]["name"], "board");
    assert_eq!(big_shot["options"][1]["lobby"], false);
    for missing in [
        "/assets/games/chess/view.js",
        "/assets/games/big-boss/secret.js",
        "/assets/nothing.js",
    ] {
        let r = http
            .get(format!("{}{missing}", server.url()))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 404, "{missing}");
    }
    // Each table page loads the shell and its own game's style sheet, titled by the game.
    for (body, title, css) in [
        (
            json!({"game": "big-boss", "seats": ["human", "random"]}),
            "Big Boss",
            "/assets/games/big-boss/view.css",
        ),
        (
            json!({"game": "big-shot", "seats": ["human", "random"]}),
            "Big Shot",
            "/assets/games/big-shot/view.css",
        ),
    ] {
        let t = server.create_with(body).await;
        let page = http
            .get(format!("{}{}", server.url(), t.spectator))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        assert!(
            page.contains(&format!("<title>Boardroom — {title}</title>")),
            "{page}"
        );
        assert!(
            page.contains(css) && page.contains("/assets/shell/main.js"),
            "{page}"
        );
        assert!(!page.contains("{{"), "{page}");
    }
}

/// The number of tables the server holds.
async fn table_count(server: &common::TestServer) -> u64 {
    let stats: Value = reqwest::get(format!("{}/api/stats", server.url()))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    stats["tables"].as_u64().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_refuses_what_the_registry_does_not_accept() {
    let server = start().await;
    let http = reqwest::Client::new();
    server
        .create_with(json!({"game": "big-shot", "seats": ["human", "human"]}))
        .await;
    let before = table_count(&server).await;
    for (body, says) in [
        (
            json!({"game": "chess", "seats": ["human", "human"]}),
            vec!["chess", "big-boss, big-shot"],
        ),
        (
            json!({"game": "big-boss", "colour": "red", "seats": ["human", "human"]}),
            vec!["colour", "edition"],
        ),
        (
            json!({"game": "big-shot", "edition": "modern", "seats": ["human", "human"]}),
            vec!["edition", "hidden_money"],
        ),
        (
            json!({"game": "big-shot", "board": "{\"name\": \"x\"}", "seats": ["human", "human"]}),
            vec![
                "option `board` cannot be set from the lobby",
                "hidden_money",
            ],
        ),
        (
            json!({"game": "big-boss", "edition": "future", "seats": ["human", "human"]}),
            vec!["future", "modern, classic"],
        ),
        (
            json!({"game": "big-shot", "seats": vec!["human"; 5]}),
            vec!["2 to 4 players", "not 5"],
        ),
        (
            json!({"game": "big-shot", "seats": ["human", "wizard"]}),
            vec!["wizard", "human, random"],
        ),
        // The bot without dealing sits only at games with dealing.
        (
            json!({"game": "big-boss", "seats": ["human", "heuristic-nodeal"]}),
            vec![
                "bot `heuristic-nodeal` is for games with dealing, and Big Boss has none",
                "random, heuristic, easy, normal, hard",
            ],
        ),
        (
            json!({"game": "big-shot", "seats": ["heuristic-nodeal", "human"]}),
            vec!["`heuristic-nodeal`", "Big Shot has none"],
        ),
        // An option for other player counts.
        (
            json!({"game": "the-boss", "two_player_share_cap": true,
                   "seats": ["human", "random", "random"]}),
            vec!["option `two_player_share_cap` is for 2 players, not 3"],
        ),
    ] {
        let r = http
            .post(format!("{}/api/tables", server.url()))
            .json(&body)
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 400, "{body}");
        let v: Value = r.json().await.unwrap();
        let error = v["error"].as_str().unwrap();
        for s in says {
            assert!(error.contains(s), "{body}: `{error}` should say `{s}`");
        }
    }
    assert_eq!(table_count(&server).await, before, "nothing was created");
    let stored: i64 = rusqlite::Connection::open(&server.db)
        .unwrap()
        .query_row("SELECT COUNT(*) FROM tables", [], |r| r.get(0))
        .unwrap();
    assert_eq!(stored as u64, before, "nothing was stored");
    // What the lobby offers The Boss: the bot without dealing, the share cap at two players,
    // a clock speed.
    let t = server
        .create_with(json!({"game": "the-boss", "two_player_share_cap": true,
                            "timer_percent": 200, "seats": ["human", "heuristic-nodeal"]}))
        .await;
    assert_eq!(t.seats[1].kind.to_string(), "heuristic-nodeal");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_storage_failure_on_create_is_a_server_error_and_creates_nothing() {
    let server = start().await;
    server.create("modern", &["human", "random"]).await;
    let before = table_count(&server).await;
    // Break the database under the running server: its next insert fails.
    rusqlite::Connection::open(&server.db)
        .unwrap()
        .execute_batch("PRAGMA foreign_keys = OFF; DROP TABLE seats;")
        .unwrap();
    let r = reqwest::Client::new()
        .post(format!("{}/api/tables", server.url()))
        .json(&json!({"game": "big-boss", "seats": ["human", "random"]}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 500);
    let v: Value = r.json().await.unwrap();
    let error = v["error"].as_str().unwrap();
    assert!(error.contains("could not be saved"), "{error}");
    assert!(
        !error.contains("seats"),
        "the cause stays in the server's log: {error}"
    );
    assert_eq!(table_count(&server).await, before, "nothing was created");
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
async fn creating_a_table_checks_the_request() {
    let server = start().await;
    let http = reqwest::Client::new();
    for body in [
        json!({"seats": ["human"]}),
        json!({"seats": ["human", "wizard"]}),
        json!({"game": "chess", "seats": ["human", "human"]}),
        json!({"seats": ["human", "human"], "edition": "future"}),
        json!({"seats": vec!["human"; 7]}),
        json!({"game": "big-shot", "seats": vec!["human"; 5]}),
        json!({"game": "big-shot", "seats": ["human"]}),
        json!({"game": "big-shot", "edition": "modern", "seats": ["human", "human"]}),
        json!({"game": "big-shot", "hidden_money": "yes", "seats": ["human", "human"]}),
        json!({"hidden_money": true, "seats": ["human", "human"]}),
    ] {
        let r = http
            .post(format!("{}/api/tables", server.url()))
            .json(&body)
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 400, "{body}");
        let v: Value = r.json().await.unwrap();
        assert!(v["error"].as_str().is_some(), "{body}");
    }
    let listed: Value = http
        .get(format!("{}/api/tables", server.url()))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert!(listed.as_array().unwrap().is_empty());
    let t = server
        .create("modern", &["human", "normal", "random"])
        .await;
    let listed: Value = http
        .get(format!("{}/api/tables", server.url()))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(listed[0]["id"], json!(t.id));
    assert_eq!(listed[0]["seats"][1]["kind"], "normal");
    // A flood of creations is refused with 429 and a reason, and the server stays healthy. The
    // bucket refills while a busy machine works through a wave, so waves go on (a bounded
    // number) until one is refused.
    let mut refused = Vec::new();
    let mut sent = 0;
    for _ in 0..20 {
        let wave = futures_util::future::join_all((0..150).map(|_| {
            http.post(format!("{}/api/tables", server.url()))
                .json(&json!({"seats": ["human", "human"]}))
                .send()
        }))
        .await;
        sent += wave.len();
        refused.extend(
            wave.into_iter()
                .map(Result::unwrap)
                .filter(|r| r.status() == 429),
        );
        if !refused.is_empty() {
            break;
        }
    }
    assert!(
        !refused.is_empty() && refused.len() < sent,
        "{} of {sent} refused",
        refused.len()
    );
    for r in refused {
        let v: Value = r.json().await.unwrap();
        assert!(v["error"].as_str().unwrap().contains("too many tables"));
    }
    // Once the bucket has refilled a little, creating works again.
    let mut created = false;
    for _ in 0..100 {
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        let r = http
            .post(format!("{}/api/tables", server.url()))
            .json(&json!({"edition": "classic", "seats": ["human", "random"]}))
            .send()
            .await
            .unwrap();
        if r.status() == 429 {
            continue;
        }
        assert!(r.status().is_success(), "{}", r.status());
        created = true;
        break;
    }
    assert!(created, "creating stayed refused after the flood");
    let page = http
        .get(format!("{}/t/nosuchtable", server.url()))
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), 404);
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bots_play_a_whole_big_shot_game_over_the_wire() {
    let server = start().await;
    let table = server
        .create_with(json!({"game": "big-shot", "seats": ["random", "heuristic", "easy"]}))
        .await;
    assert!(table.seats.iter().all(|s| s.link.is_none()));
    assert_eq!(table.seats[1].name, "Orange");
    let mut watcher = server.connect(&table.spectator).await;
    let welcome = watcher.until("welcome").await;
    assert_eq!(welcome["table"]["game"], "big-shot");
    assert_eq!(welcome["table"]["edition"], "standard");
    let first = watcher.until("state").await;
    assert_eq!(
        first["extra"]["board"]["lots"].as_array().unwrap().len(),
        13
    );
    assert_eq!(first["extra"]["board"]["spaces"], 18);
    assert!(
        first["extra"].get("cash").is_none(),
        "a spectator has no cash"
    );
    let end = loop {
        let v = watcher.until("state").await;
        if v["to_act"].as_array().unwrap().is_empty() {
            break v;
        }
    };
    let obs = &end["observation"];
    assert_eq!(obs["scores"].as_array().unwrap().len(), 3);
    assert_eq!(obs["phase"]["step"], "over");
    let events = end["last"]["events"].as_array().unwrap();
    assert!(events
        .iter()
        .all(|e| !e["text"].as_str().unwrap().is_empty()));
    let version = end["version"].as_u64().unwrap() as usize;
    assert!(version > 30, "a whole game takes many actions ({version})");
    assert_eq!(server.stored_actions(&table.id).len(), version);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_illegal_big_shot_bid_is_refused_and_nothing_is_written() {
    let server = start().await;
    let table = server
        .create_with(json!({"game": "big-shot", "seats": ["human", "human"]}))
        .await;
    let mut clients = Vec::new();
    for s in &table.seats {
        let mut c = server.connect(s.link.as_ref().unwrap()).await;
        c.until("state").await;
        clients.push(c);
    }
    // Roll and decline loans until somebody may bid.
    for _ in 0..10 {
        let i = clients.iter().position(|c| !c.legal().is_empty()).unwrap();
        if clients[i].legal().iter().any(|a| a.starts_with("bid ")) {
            break;
        }
        let legal = clients[i].legal();
        let action = legal
            .iter()
            .find(|a| *a == "roll" || *a == "decline")
            .unwrap_or(&legal[0])
            .clone();
        let v = clients[i].version();
        clients[i].play(&action).await;
        for c in clients.iter_mut() {
            c.until_version(v + 1).await;
        }
    }
    let i = clients.iter().position(|c| !c.legal().is_empty()).unwrap();
    assert!(clients[i].legal().iter().any(|a| a.starts_with("bid ")));
    let cash = clients[i].state.as_ref().unwrap()["extra"]["cash"]
        .as_u64()
        .unwrap();
    let before = server.stored_actions(&table.id).len();
    clients[i].act(&format!("bid {}", cash + 1)).await;
    let err = clients[i].until("error").await;
    assert_eq!(err["code"], "illegal", "{err}");
    assert!(!err["message"].as_str().unwrap().is_empty());
    clients[i].act("bid lots").await;
    assert_eq!(clients[i].until("error").await["code"], "notation");
    assert_eq!(server.stored_actions(&table.id).len(), before);
    // A legal bid at the minimum is accepted.
    let min = clients[i].state.as_ref().unwrap()["extra"]["min_bid"]
        .as_u64()
        .unwrap();
    let state = clients[i].play(&format!("bid {min}")).await;
    assert_eq!(state["observation"]["bid"], min);
    assert_eq!(server.stored_actions(&table.id).len(), before + 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restarted_server_resumes_a_big_shot_table() {
    let server = start().await;
    let table = server
        .create_with(json!({"game": "big-shot", "seats": ["human", "human"], "hidden_money": true}))
        .await;
    let links: Vec<String> = table
        .seats
        .iter()
        .map(|s| s.link.clone().unwrap())
        .collect();
    let mut clients = Vec::new();
    for l in &links {
        let mut c = server.connect(l).await;
        c.until("state").await;
        clients.push(c);
    }
    play_first_legal(&mut clients, 30).await;
    let before: Vec<Value> = clients.iter().map(|c| c.state.clone().unwrap()).collect();
    // Hidden money: each seat sees its own coins only.
    for (seat, b) in before.iter().enumerate() {
        for c in b["observation"]["colours"].as_array().unwrap() {
            assert_eq!(c["coins"].is_null(), c["seat"] != seat, "{c}");
        }
    }
    // A second server on the same database replays the table from its stored actions.
    let again = boardroom_server::Server::bind(boardroom_server::Settings {
        addr: "127.0.0.1:0".parse().unwrap(),
        db: server.db.clone(),
        bot_delay: std::time::Duration::ZERO,
        limits: Default::default(),
        ..Default::default()
    })
    .await
    .unwrap();
    let url = format!("http://{}", again.addr);
    let _task = again.spawn();
    for (link, b) in links.iter().zip(&before) {
        let mut c = common::Client::connect(&url, link).await;
        let welcome = c.until("welcome").await;
        assert_eq!(welcome["table"]["edition"], "hidden-money");
        let s = c.until("state").await;
        assert_eq!(s["version"], b["version"]);
        assert_eq!(
            s["observation"], b["observation"],
            "the same state after restart"
        );
        assert_eq!(s["actions"], b["actions"]);
        assert_eq!(s["extra"], b["extra"]);
    }
}
