//! Two people and two bots deal, bid and play on; bots that passed on the floor leave the table
//! quiet.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_people_and_two_bots_deal_bid_and_play_on() {
    let mut t = Table::new(0).await;
    let x = quiet_turn(&mut t).await;
    let y = 1 - x;
    let stored = t.stored();
    let version = t.people[x].version();

    // Bad input: each refused with the rule, nothing stored, the state unchanged.
    let p = &mut t.people[x];
    let e = refused(
        p,
        json!({"action": "offer", "args": {"to": y, "give": {"executive": [0]}}}),
    )
    .await;
    assert_refused(&e, "illegal", &["rule 9.2", "Executive card"]);
    let e = refused(
        p,
        json!({"action": "offer", "args": {"to": y, "give": {"cash": 100000}}}),
    )
    .await;
    assert_refused(&e, "illegal", &["rule 9.2", "free cash"]);
    let e = refused(
        p,
        json!({"action": "offer", "args": {"to": y, "give": {"cash": "lots"}}}),
    )
    .await;
    assert_refused(&e, "malformed", &["args.give.cash"]);
    let e = refused(p, json!({"action": "dance"})).await;
    assert_refused(&e, "malformed", &["dance"]);
    // A JSON action within the message limit for structured actions but over its own limit.
    let e = refused(
        p,
        json!({"action": "offer", "args": {"to": y, "give": {"cash": 10}, "note": "n".repeat(16_500)}}),
    )
    .await;
    assert_refused(&e, "too_large", &["16384"]);
    // A message beyond every limit.
    let e = refused(
        p,
        json!({"action": "offer", "args": {"to": y, "note": "n".repeat(40_000)}}),
    )
    .await;
    assert_refused(&e, "too_large", &[]);
    let e = refused(p, json!("bid 10")).await;
    assert_refused(&e, "illegal", &["rule 9.6", "no auction"]);
    let e = refused(p, json!("timeout business")).await;
    assert_refused(&e, "illegal", &["rule 9.7", "clock"]);
    let e = refused(p, json!({"action": "timeout", "args": {"what": "bid"}})).await;
    assert_refused(&e, "illegal", &["rule 9.7"]);
    let e = refused(p, json!("offer 9 give $10")).await;
    assert_refused(&e, "illegal", &[]);
    let e = refused(p, json!(7)).await;
    assert_refused(&e, "malformed", &["notation"]);
    let e = refused(&mut t.people[y], json!("offer 0 give $10")).await;
    assert_refused(&e, "not_your_turn", &[]);
    t.pump().await;
    assert_eq!(t.stored(), stored, "nothing stored");
    for p in &t.people {
        assert_eq!(p.version(), version, "the state is unchanged");
    }

    // An offer in its JSON form (as the state lists actions), accepted in notation.
    let listed = t.people[x].state.as_ref().unwrap()["actions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["notation"] == "end")
        .cloned()
        .unwrap();
    assert_eq!(listed["json"], json!({"action": "end"}));
    send_act(
        &mut t.people[x],
        json!({"action": "offer", "args": {"to": y, "give": {"cash": 10}, "note": "for you"}}),
    )
    .await;
    // Y may answer once no auction (a bot's) is in the way; the people answer only calls.
    let may_accept = move |c: &Client| {
        obs(c)["public"]["offers"]
            .as_array()
            .unwrap()
            .iter()
            .find(|o| o["from"] == x && o["offer"]["to"] == y)
            .map(|o| o["id"].as_u64().unwrap())
            .filter(|id| c.legal().contains(&format!("accept {id}")))
    };
    t.until(
        "the offer",
        |p| may_accept(&p[y]).is_some(),
        |me, c, rng| {
            (!obs(c)["public"]["auction"].is_null())
                .then(|| plain(me, c, rng))
                .flatten()
        },
    )
    .await;
    let id = may_accept(&t.people[y]).unwrap();
    let cash = obs(&t.people[y])["players"][y]["cash"].as_u64().unwrap();
    // The table moves on (Y passes on the floor; the offer to Y stays open) before Y answers
    // on its older state: another action on that state is stale, the answer to the offer,
    // still open, counts.
    let seen = t.people[y].version();
    if t.people[y].legal().contains(&"pass".to_string()) {
        // Y's own pass, on the state Y saw: played (the state it led to names it), or refused
        // should a bot have moved the table on first (then there is nothing to repeat).
        t.people[y]
            .send(json!({"type": "act", "action": "pass", "version": seen}))
            .await;
        let passed = loop {
            let m = t.people[y].next().await.expect("open");
            if m["type"] == "state" && m["last"]["seat"] == y && m["last"]["action"] == "pass" {
                break true;
            }
            if m["type"] == "error" {
                assert_eq!(m["code"], "stale", "{m}");
                break false;
            }
        };
        if passed {
            t.people[y]
                .send(json!({"type": "act", "action": "pass", "version": seen}))
                .await;
            assert_refused(&t.people[y].until("error").await, "stale", &[]);
        }
    }
    t.people[y]
        .send(json!({"type": "act", "action": format!("accept {id}"), "version": seen}))
        .await;
    // Accepted: what it answers (the offer) is unchanged, so it is still meant. (Should a bot
    // have started an auction in between, the rules refuse it now: chosen on a state the table
    // has left, it is answered stale, never illegal.)
    let s = loop {
        let m = t.people[y].next().await.expect("open");
        if m["type"] == "state" && m["last"]["action"] == format!("accept {id}") {
            break Some(m);
        }
        if m["type"] == "error" {
            assert_eq!(m["code"], "stale", "{m}");
            break None;
        }
    };
    if let Some(s) = s {
        assert_eq!(s["observation"]["players"][y]["cash"], cash + 10, "{s}");
        assert!(s["last"]["events"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["detail"]["event"] == "accepted"));
    }

    // X ends business and draws an Experience card, then auctions it on its next quiet turn;
    // Y first bids beyond its cash (refused with the rule), then passes.
    end_turn(&mut t, x).await;
    let mut auctioned = false;
    let mut overbid = false;
    for _ in 0..3 {
        let z = quiet_turn(&mut t).await;
        let cards = obs(&t.people[z])["players"][z]["experience"].clone();
        if let Some(card) = cards.as_array().unwrap().first() {
            send_act(
                &mut t.people[z],
                json!({"action": "auction", "args": [{"kind": "experience", "id": card}, 10]}),
            )
            .await;
            auctioned = true;
            let w = 1 - z;
            t.until(
                "the other person's call",
                |p| to_act(&p[w]) == vec![w] && !obs(&p[w])["public"]["auction"].is_null(),
                plain,
            )
            .await;
            let before = t.stored();
            let e = refused(&mut t.people[w], json!("bid 100000")).await;
            assert_refused(&e, "illegal", &["rule 9.6", "free cash"]);
            assert_eq!(t.stored(), before);
            overbid = true;
            t.people[w].play("pass").await;
            break;
        }
        end_turn(&mut t, z).await;
    }
    assert!(
        auctioned && overbid,
        "a person auctioned a card and the other overbid"
    );

    // Play on a long way (or to the end).
    t.until(
        "a long game",
        |p| over(&p[0]) || p[0].version() >= 500,
        plain,
    )
    .await;

    // Every state message a person received is what the view builds for that seat from the
    // stored record, replayed.
    t.pump().await;
    let stored = t.stored();
    let config: String = rusqlite::Connection::open(&t.server.db)
        .unwrap()
        .query_row("SELECT config FROM tables WHERE id = ?1", [&t.id], |r| {
            r.get(0)
        })
        .unwrap();
    let record = Record {
        game: "the-boss".into(),
        rules: <TheBoss as boardroom_engine::Game>::RULES_REVISION,
        config: serde_json::from_str::<boardroom_theboss::Config>(&config).unwrap(),
        seed: t.server.stored_seed(&t.id),
        actions: stored
            .iter()
            .map(|(seat, action)| RecordedAction::new(*seat, action.clone()))
            .collect(),
    };
    let mut states: Vec<TheBoss> = vec![TheBoss::new(&record.config, record.seed).unwrap()];
    let mut steps: Vec<Step<TheBoss>> = Vec::new();
    record
        .replay_with(|s: boardroom_engine::ReplayStep<TheBoss>| {
            let mut g = states.last().unwrap().clone();
            g.play(s.seat, s.action.clone()).unwrap();
            steps.push(Step {
                index: steps.len(),
                seat: s.seat,
                action: stored[steps.len()].1.clone(),
                turn: <TheBoss as boardroom_engine::Present>::turn(states.last().unwrap()),
                undone: false,
                by: boardroom_engine::By::Player,
                events: s.events,
            });
            states.push(g);
        })
        .unwrap();
    let mut compared = 0;
    for me in 0..2 {
        assert!(
            t.people[me].patches > 50,
            "most states came as patches ({})",
            t.people[me].patches
        );
        // Whole or made by a patch, every state is the one the game gives.
        for msg in &t.people[me].states {
            let mut msg = msg.clone();
            msg.as_object_mut().unwrap().remove("seq");
            msg["rev"] = 0.into();
            let v = msg["version"].as_u64().unwrap() as usize;
            let last = (!msg["last"].is_null()).then(|| &steps[v - 1]);
            let expected = view::state_msg(&states[v], Viewer::Seat(me), v, last);
            assert_eq!(msg, serde_json::to_value(&expected).unwrap(), "version {v}");
            compared += 1;
        }
    }
    assert!(compared > 100, "{compared} messages compared");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bots_that_passed_on_the_floor_do_not_flood_the_table_with_auctions() {
    // One person who rejects every offer and otherwise plays quietly, three heuristic bots.
    // Before, a bot that had passed on the open floor auctioned 10 shares whenever asked
    // (about 115 auctions in a 4-player game, each asking every bidder, the person too).
    let server = common::start().await;
    let created = server
        .create_with(json!({
            "game": "the-boss",
            "seats": ["human", "heuristic", "heuristic", "heuristic"],
            "timer_percent": 0,
        }))
        .await;
    let mut me = server
        .connect(created.seats[0].link.as_ref().unwrap())
        .await;
    me.until("state").await;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    let mut acted = u64::MAX;
    let start = Instant::now();
    let rounds = 8;
    loop {
        me.pump(15).await;
        let round = obs(&me)["public"]["round"].as_u64().unwrap_or(0);
        if over(&me) || round > rounds {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(90),
            "the table did not reach round {rounds} (round {round})"
        );
        let v = me.version();
        if acted == v {
            continue;
        }
        let legal = me.legal();
        let reject = legal.iter().find(|a| a.starts_with("reject"));
        let must = me.state.as_ref().unwrap()["must_act"] == true;
        let action = match reject {
            Some(r) => Some(r.clone()),
            None if must => plain(0, &me, &mut rng),
            None => None,
        };
        if let Some(a) = action {
            acted = v;
            send_act(&mut me, json!(a)).await;
        }
    }
    let stored = server.stored_actions(&created.id);
    let auctions = stored
        .iter()
        .filter(|(s, a)| *s != 0 && a.starts_with("auction"))
        .count();
    assert!(
        auctions <= 3,
        "{auctions} auctions by the bots in {} actions",
        stored.len()
    );
}
