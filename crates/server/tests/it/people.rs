//! Taking back among people (Board Game Arena's rule), over real WebSockets: a person takes
//! back their own action while their turn goes on and nobody else has acted, and everyone sees
//! it in the log; once the turn passed on, or another person has acted since, it is refused
//! with a clear message and nothing changes.

use crate::common::{start, Client};
use serde_json::{json, Value};
use std::time::Duration;

/// Sends `msg` and returns the first answer of type `ty` or `error`, retrying when the rate
/// limit refused it.
pub async fn ask(c: &mut Client, msg: Value, ty: &str) -> Value {
    c.send(msg.clone()).await;
    loop {
        let v = c.next().await.expect("open connection");
        if v["type"] == "error" && v["code"] == "rate_limited" {
            tokio::time::sleep(Duration::from_millis(1100)).await;
            c.send(msg.clone()).await;
        } else if v["type"] == ty || v["type"] == "error" {
            return v;
        }
    }
}

/// Plays `c`'s seat's turn to its end: a card if it has not played one yet, then a card
/// bought from the deck (or what the game asks first, such as founding spaces).
pub async fn end_turn(c: &mut Client) {
    let me = c.state.as_ref().unwrap()["to_act"][0].clone();
    let mut played = c.state.as_ref().unwrap()["last"]["seat"] == me;
    for _ in 0..12 {
        if c.state.as_ref().unwrap()["to_act"][0] != me {
            return;
        }
        let legal = c.legal();
        let card = legal
            .iter()
            .find(|a| a.starts_with("play"))
            .filter(|_| !played);
        let pick = card
            .or_else(|| legal.iter().find(|a| *a == "buy deck"))
            .or_else(|| legal.iter().find(|a| !a.starts_with("play")))
            .unwrap_or(&legal[0])
            .clone();
        played |= pick.starts_with("play");
        c.play(&pick).await;
    }
    panic!("the turn never ended");
}

/// A card to play among `c`'s legal actions.
fn a_card(c: &Client) -> String {
    c.legal()
        .into_iter()
        .find(|a| a.starts_with("play"))
        .expect("a card to play")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn people_take_back_their_own_actions_within_their_turn_only() {
    let server = start().await;
    let table = server.create("modern", &["human", "human"]).await;
    let mut a = server
        .connect(table.seats[0].link.as_deref().unwrap())
        .await;
    let mut b = server
        .connect(table.seats[1].link.as_deref().unwrap())
        .await;
    let first = a.until("state").await;
    b.until("state").await;
    if first["to_act"] != json!([0]) {
        std::mem::swap(&mut a, &mut b);
    }
    let before = a.state.clone().unwrap();
    let me = before["to_act"][0].as_u64().unwrap();

    // My action, my turn still going on: taken back; the other person is told too.
    let card = a_card(&a);
    let played = a.play(&card).await;
    let index = played["last"]["index"].as_u64().unwrap();
    let undone = ask(&mut a, json!({"type": "undo"}), "undone").await;
    assert_eq!(undone["type"], "undone", "{undone}");
    assert_eq!(undone["seat"], me);
    let back = a.until("state").await;
    assert_eq!(back["observation"], before["observation"]);
    let seen = b.until("undone").await;
    assert_eq!(seen["index"], index);
    let log = ask(&mut b, json!({"type": "log"}), "log").await;
    assert_eq!(log["entries"][index as usize]["undone"], true, "{log}");

    // Once my turn passed on (buying a card ends it), refused, nothing changes.
    a.play(&card).await;
    end_turn(&mut a).await;
    let bought = a.state.clone().unwrap();
    let refused = ask(&mut a, json!({"type": "undo"}), "undone").await;
    assert_eq!(refused["code"], "illegal", "{refused}");
    let text = refused["message"].as_str().unwrap();
    assert!(text.contains("your turn has ended"), "{text}");
    a.send(json!({"type": "sync"})).await;
    assert_eq!(a.until("state").await["version"], bought["version"]);

    // The other person plays: they may take it back, I may not take back mine any more.
    b.until_version(bought["version"].as_u64().unwrap()).await;
    let other = a_card(&b);
    b.play(&other).await;
    a.until_version(b.version()).await;
    let refused = ask(&mut a, json!({"type": "undo"}), "undone").await;
    assert_eq!(refused["code"], "illegal", "{refused}");
    let text = refused["message"].as_str().unwrap();
    assert!(text.contains("has played since"), "{text}");
    let theirs = ask(&mut b, json!({"type": "undo"}), "undone").await;
    assert_eq!(theirs["type"], "undone", "{theirs}");
    assert_eq!(a.until("undone").await["seat"], 1 - me);
    // Stored: every action, the two taken back included (the version counted one take-back
    // besides my actions; the other person's card is one more).
    assert_eq!(
        server.stored_actions(&table.id).len() as u64,
        bought["version"].as_u64().unwrap()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn since_your_last_move_for_every_game_as_the_seat_may_see_it() {
    let server = start().await;
    for game in ["big-boss", "big-shot", "the-boss"] {
        let table = server
            .create_with(json!({"game": game, "seats": ["human", "human"]}))
            .await;
        let links: Vec<String> = table
            .seats
            .iter()
            .map(|s| s.link.clone().unwrap())
            .collect();
        let mut p = server.connect(&links[0]).await;
        let first = p.until("state").await["to_act"][0].as_u64().unwrap() as usize;
        if first != 0 {
            p = server.connect(&links[1]).await;
            p.until("state").await;
        }
        let q_link = &links[1 - first];
        // The first seat plays alone, a few actions (while the game lets it).
        let mut played = 0;
        while played < 6 && !p.legal().is_empty() {
            let a = p.legal()[0].clone();
            p.play(&a).await;
            played += 1;
        }
        assert!(played > 0, "{game}: the first seat played");
        // The other seat, which has not acted yet, comes: everything since the set-up, as its
        // own log shows it.
        let mut q = server.connect(q_link).await;
        let since = q.until("since").await;
        assert_eq!(since["after"], Value::Null, "{game}: {since}");
        let log = ask(&mut q, json!({"type": "log"}), "log").await;
        let live: Vec<&Value> = log["entries"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| e["undone"] != true)
            .collect();
        let entries: Vec<&Value> = since["entries"].as_array().unwrap().iter().collect();
        assert_eq!(
            entries, live,
            "{game}: the since entries are the seat's log"
        );
        assert!(since["highlights"].is_array() && since["changes"].is_array());
        // A spectator is never told.
        let mut w = server.connect(&table.spectator).await;
        w.until("state").await;
        w.pump(100).await;
        assert!(w.received.iter().all(|t| !t.contains("\"since\"")));
    }
}
