//! Refusals: late answers, offers whose items have left, bad data files from the lobby.

use super::*;

/// The id of the newest open offer from `from` to `to` in `c`'s latest state.
fn open_offer(c: &Client, from: usize, to: usize) -> Option<u64> {
    obs(c)["public"]["offers"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|o| o["from"] == from && o["offer"]["to"] == to)
        .filter_map(|o| o["id"].as_u64())
        .max()
}

/// Plays `action` (notation or JSON form) for `c` and waits until both people saw it.
async fn play_both(people: &mut [Client; 2], me: usize, action: Value) -> Value {
    let v = people[me].version();
    send_act(&mut people[me], action).await;
    let s = people[me].until_version(v + 1).await;
    assert_eq!(s["type"], "state", "{s}");
    people[1 - me].until_version(v + 1).await;
    s
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn late_answers_and_offers_whose_items_left_are_refused_naming_the_rule() {
    // Two people and no bot: every change is the test's own.
    let server = common::start().await;
    let created = server
        .create_with(json!({"game": "the-boss", "seats": ["human", "human"], "timer_percent": 0}))
        .await;
    let mut p = [
        server
            .connect(created.seats[0].link.as_ref().unwrap())
            .await,
        server
            .connect(created.seats[1].link.as_ref().unwrap())
            .await,
    ];
    for c in p.iter_mut() {
        c.until("state").await;
    }
    let x = active(&p[0]);
    let y = 1 - x;
    let cash = |c: &Client, s: usize| obs(c)["players"][s]["cash"].as_u64().unwrap();

    // An answer to a withdrawn offer: refused with the rule (or as stale on the old version).
    play_both(
        &mut p,
        x,
        json!({"action": "offer", "args": {"to": y, "give": {"cash": 100}}}),
    )
    .await;
    let id = open_offer(&p[y], x, y).expect("the offer is open");
    let seen = p[y].version();
    play_both(&mut p, x, json!(format!("withdraw {id}"))).await;
    let stored = server.stored_actions(&created.id);
    let e = refused(&mut p[y], json!(format!("accept {id}"))).await;
    assert_refused(&e, "illegal", &["rule 9.2", "no open offer"]);
    // Sent without a version, the answer may have been chosen while the offer was open:
    // stale, with what is wrong now.
    p[y].send(json!({"type": "act", "action": format!("accept {id}")}))
        .await;
    let e = p[y].until("error").await;
    assert_refused(&e, "stale", &["choose again", "rule 9.2", "no open offer"]);
    p[y].send(json!({"type": "act", "action": format!("accept {id}"), "version": seen}))
        .await;
    assert_refused(&p[y].until("error").await, "stale", &["moved on"]);
    assert_eq!(server.stored_actions(&created.id), stored, "nothing stored");

    // An offer whose cash has left the maker's hands by the time it is accepted: voided with
    // the rule, nothing changes hands.
    let (start, y_start) = (cash(&p[x], x), cash(&p[x], y));
    for _ in 0..2 {
        play_both(
            &mut p,
            x,
            json!({"action": "offer", "args": {"to": y, "give": {"cash": start - 100}}}),
        )
        .await;
    }
    let ids: Vec<u64> = obs(&p[y])["public"]["offers"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|o| o["from"] == x)
        .map(|o| o["id"].as_u64().unwrap())
        .collect();
    assert_eq!(ids.len(), 2, "two open offers");
    play_both(&mut p, y, json!(format!("accept {}", ids[0]))).await;
    assert_eq!(cash(&p[y], x), 100);
    let s = play_both(&mut p, y, json!(format!("accept {}", ids[1]))).await;
    let voided = s["last"]["events"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["detail"]["event"] == "voided")
        .unwrap_or_else(|| panic!("the offer is voided: {s}"));
    let text = voided["text"].as_str().unwrap();
    assert!(
        text.contains("(rule 9.2: offers)") && text.contains("free cash"),
        "{text}"
    );
    assert_eq!(cash(&p[y], x), 100, "nothing moved");
    assert_eq!(cash(&p[y], y), y_start + start - 100, "nothing moved");
    // And the same offer made again now is refused outright, naming the rule.
    let e = refused(
        &mut p[x],
        json!({"action": "offer", "args": {"to": y, "give": {"cash": start - 100}}}),
    )
    .await;
    assert_refused(&e, "illegal", &["rule 9.2", "free cash"]);

    // A bid after its auction closed. X ends business and draws a card, Y too; X auctions the
    // card, Y (the only bidder) passes, then bids on the state it saw and on the new one.
    for me in [x, y] {
        play_both(&mut p, me, json!("end")).await;
        play_both(&mut p, me, json!("draw experience")).await;
    }
    assert_eq!(active(&p[0]), x);
    let card = obs(&p[x])["players"][x]["experience"][0].clone();
    play_both(
        &mut p,
        x,
        json!({"action": "auction", "args": [{"kind": "experience", "id": card}, 10]}),
    )
    .await;
    assert_eq!(to_act(&p[y]), vec![y], "Y's call");
    let call = p[y].version();
    play_both(&mut p, y, json!("pass")).await;
    assert!(
        obs(&p[y])["public"]["auction"].is_null(),
        "the auction closed"
    );
    let stored = server.stored_actions(&created.id);
    p[y].send(json!({"type": "act", "action": "bid 20", "version": call}))
        .await;
    assert_refused(&p[y].until("error").await, "stale", &["moved on"]);
    let e = refused(&mut p[y], json!("bid 20")).await;
    assert!(
        e["code"] == "not_your_turn" || e["message"].as_str().unwrap().contains("rule 9.6"),
        "{e}"
    );
    let e = refused(&mut p[x], json!("bid 20")).await;
    assert_refused(&e, "illegal", &["rule 9.6", "no auction"]);
    assert_eq!(server.stored_actions(&created.id), stored, "nothing stored");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_takes_a_data_file_from_the_lobby_and_refuses_a_bad_one_naming_the_field() {
    let server = common::start().await;
    let shipped = include_str!("../../../../theboss/data/the_boss.toml");
    assert!(shipped.contains("start_cash = 500"));
    let richer = shipped.replace("start_cash = 500", "start_cash = 700");
    let created = server
        .create_with(json!({"game": "the-boss", "seats": ["human", "random"], "data": richer}))
        .await;
    let mut c = server
        .connect(created.seats[0].link.as_ref().unwrap())
        .await;
    let s = c.until("state").await;
    let cash: Vec<u64> = s["observation"]["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["cash"].as_u64().unwrap())
        .collect();
    assert!(cash.iter().all(|&x| x >= 700), "{cash:?}");
    for (bad, field) in [
        (
            shipped.replace("start_cash = 500", "start_cash = -5"),
            "start_cash",
        ),
        (
            shipped.replace("bid_seconds = 30", "bid_seconds = \"soon\""),
            "bid_seconds",
        ),
        ("not toml at all [".to_string(), ""),
    ] {
        let r = reqwest::Client::new()
            .post(format!("{}/api/tables", server.url()))
            .json(&json!({"game": "the-boss", "seats": ["human", "random"], "data": bad}))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 400);
        let body: Value = r.json().await.unwrap();
        let e = body["error"].as_str().unwrap();
        assert!(e.contains(field), "`{field}` in {e}");
    }
    let tables: i64 = rusqlite::Connection::open(&server.db)
        .unwrap()
        .query_row("SELECT COUNT(*) FROM tables", [], |r| r.get(0))
        .unwrap();
    assert_eq!(tables, 1, "nothing stored for a bad data file");
    let r = reqwest::Client::new()
        .post(format!("{}/api/tables", server.url()))
        .json(&json!({"game": "the-boss", "seats": ["human", "random"], "timer_percent": 5000}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 400);
    assert!(r.text().await.unwrap().contains("timer_percent"));
}
