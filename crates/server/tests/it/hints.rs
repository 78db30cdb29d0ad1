//! Hints over real WebSockets: a person playing only bots gets the best few moves of their
//! seat with win chances; at a table with another person hints are refused (unless the
//! table's creator allowed them), as they are for spectators and out of turn.

use crate::common;
use serde_json::{json, Value};

/// Asks for a hint and returns the answer (a `hint` or an `error`), skipping other messages.
async fn ask(c: &mut common::Client) -> Value {
    c.send(json!({"type": "hint"})).await;
    loop {
        let v = c.next().await.expect("open connection");
        if v["type"] == "hint" || v["type"] == "error" {
            return v;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_among_bots_gets_hints() {
    let server = common::start().await;
    for (game, extra) in [
        ("big-boss", json!({"edition": "classic"})),
        ("big-shot", json!({})),
    ] {
        let mut body = json!({"game": game, "seats": ["human", "easy"]});
        body.as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        let t = server.create_with(body).await;
        let mut c = server.connect(t.seats[0].link.as_ref().unwrap()).await;
        let welcome = c.until("welcome").await;
        assert_eq!(welcome["hints"], true, "{welcome}");
        // Wait until our seat is to act (the bot may start).
        while c.legal().is_empty() {
            c.next().await.expect("open connection");
        }
        let legal = c.legal();
        let hint = ask(&mut c).await;
        assert_eq!(hint["type"], "hint", "{hint}");
        assert_eq!(hint["version"].as_u64(), Some(c.version()));
        let moves = hint["moves"].as_array().unwrap();
        assert!(!moves.is_empty() && moves.len() <= 3, "{hint}");
        for m in moves {
            let n = m["notation"].as_str().unwrap();
            assert!(legal.iter().any(|l| l == n), "{n} is not legal: {legal:?}");
            assert!(!m["label"].as_str().unwrap().is_empty());
            if let Some(w) = m["win_chance"].as_f64() {
                assert!((0.0..=1.0).contains(&w), "{m}");
            }
        }
        // Best first: visits do not increase down the list.
        let visits: Vec<u64> = moves
            .iter()
            .map(|m| m["visits"].as_u64().unwrap())
            .collect();
        assert!(visits.windows(2).all(|w| w[0] >= w[1]), "{visits:?}");
        // Nothing was played.
        assert!(server.stored_actions(&t.id).len() as u64 == c.version());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hints_are_refused_where_not_allowed() {
    let server = common::start().await;
    let t = server.create("modern", &["human", "human"]).await;
    let mut red = server.connect(t.seats[0].link.as_ref().unwrap()).await;
    let mut blue = server.connect(t.seats[1].link.as_ref().unwrap()).await;
    assert_eq!(red.until("welcome").await["hints"], false);
    assert_eq!(blue.until("welcome").await["hints"], false);
    red.until("state").await;
    blue.until("state").await;
    let (to_act, waiting) = if red.legal().is_empty() {
        (&mut blue, &mut red)
    } else {
        (&mut red, &mut blue)
    };
    let refused = ask(to_act).await;
    assert_eq!(refused["code"], "hint_refused", "{refused}");
    let text = refused["message"].as_str().unwrap();
    assert!(text.contains("hints are off at this table"), "{text}");
    assert!(text.contains("1 other person"), "{text}");
    let _ = waiting;

    // A spectator never gets hints.
    let mut watcher = server.connect(&t.spectator).await;
    assert_eq!(watcher.until("welcome").await["hints"], false);
    let refused = ask(&mut watcher).await;
    assert_eq!(refused["code"], "hint_refused");
    assert!(refused["message"].as_str().unwrap().contains("spectators"));

    // Allowed by the table's creator: two people both may ask, on their turn only.
    let t = server
        .create_with(json!({"game": "big-boss", "seats": ["human", "human"], "hints": true}))
        .await;
    let mut red = server.connect(t.seats[0].link.as_ref().unwrap()).await;
    let mut blue = server.connect(t.seats[1].link.as_ref().unwrap()).await;
    assert_eq!(red.until("welcome").await["hints"], true);
    assert_eq!(blue.until("welcome").await["hints"], true);
    red.until("state").await;
    blue.until("state").await;
    let (to_act, waiting) = if red.legal().is_empty() {
        (&mut blue, &mut red)
    } else {
        (&mut red, &mut blue)
    };
    let out_of_turn = ask(waiting).await;
    assert_eq!(out_of_turn["code"], "hint_refused", "{out_of_turn}");
    assert!(out_of_turn["message"]
        .as_str()
        .unwrap()
        .contains("not your turn"));
    let hint = ask(to_act).await;
    assert_eq!(hint["type"], "hint", "{hint}");
    assert!(
        server.stored_actions(&t.id).is_empty(),
        "a hint plays nothing"
    );
}
