//! Seat clocks and stand-ins over real WebSockets and HTTP: bad clock settings are refused
//! with what is accepted; every seat's clock is in the state and the lobby's summary; a
//! turn-based game with a person absent throughout is played to the end by the stand-in
//! (the timeout recorded as the clock's, the record replaying to the same end); a person
//! gone too long in live play is replaced, and takes the seat back with one message; coming
//! back, they are told what happened since their own last move, the stand-in's moves marked.
//! The clock logic itself is tested without waiting in `table/timebank.rs`; here every wait is
//! bounded and nothing depends on how fast the machine is.

use crate::common::{start, start_with_bot_delay, Client, TestServer};
use crate::history::replay_record;
use boardroom_engine::{Game, Present};
use serde_json::{json, Value};
use std::time::Duration;

/// POSTs a table request: status and JSON body.
async fn post(server: &TestServer, body: Value) -> (u16, Value) {
    let r = reqwest::Client::new()
        .post(format!("{}/api/tables", server.url()))
        .json(&body)
        .send()
        .await
        .unwrap();
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

/// GETs `path` on the server: status and JSON body.
async fn get(server: &TestServer, path: &str) -> (u16, Value) {
    let r = reqwest::get(format!("{}{path}", server.url()))
        .await
        .unwrap();
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

/// Reads until a message for which `check` holds, and returns it.
async fn until(c: &mut Client, what: &str, check: impl Fn(&Value) -> bool) -> Value {
    loop {
        let v = c
            .next()
            .await
            .unwrap_or_else(|| panic!("closed before {what}"));
        if check(&v) {
            return v;
        }
    }
}

/// Reads until the game is over; returns the last state.
async fn until_over(c: &mut Client) -> Value {
    until(c, "the end of the game", |v| {
        v["type"] == "state" && v["to_act"].as_array().is_some_and(|a| a.is_empty())
    })
    .await
}

/// The stored actions of `table` with who played them (`played_by`).
fn played_by(server: &TestServer, table: &str) -> Vec<(i64, Option<String>)> {
    let conn = rusqlite::Connection::open(&server.db).unwrap();
    let mut stmt = conn
        .prepare("SELECT seat, played_by FROM actions WHERE table_id = ?1 ORDER BY idx")
        .unwrap();
    stmt.query_map([table], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

#[tokio::test]
async fn bad_clock_settings_are_refused_with_what_is_accepted() {
    let server = start().await;
    let cases = [
        (json!("fast"), "is an object"),
        (
            json!({"mode": "blitz"}),
            "unknown clock mode `blitz` (modes: none, live, turn)",
        ),
        (json!({"mode": "live", "bank": 0}), "from 1 to 14400"),
        (json!({"mode": "live", "increment": 5}), "needs `bank`"),
        (json!({"mode": "turn"}), "needs `per_move`"),
        (
            json!({"mode": "turn", "per_move": 86400, "bank": 60}),
            "no setting `bank`",
        ),
        (
            json!({"mode": "live", "bank": 60, "standin": "grandmaster"}),
            "the stand-in `grandmaster` is not a bot",
        ),
        (
            json!({"mode": "turn", "per_move": 60, "standin": "heuristic-nodeal"}),
            "for games with dealing",
        ),
    ];
    for (clock, words) in cases {
        let (status, body) = post(
            &server,
            json!({"game": "big-boss", "seats": ["human", "random"], "clock": clock}),
        )
        .await;
        assert_eq!(status, 400, "{clock}: {body}");
        let e = body["error"].as_str().unwrap();
        assert!(
            e.starts_with("clock: ") && e.contains(words),
            "{clock}: {e}"
        );
    }
    let (_, tables) = get(&server, "/api/tables").await;
    assert_eq!(tables, json!([]), "nothing was created");
}

#[tokio::test]
async fn every_seats_clock_is_in_the_state_and_the_lobbys_summary() {
    let server = start().await;
    let t = server
        .create_with(json!({"game": "big-boss", "seats": ["human", "human"],
            "clock": {"mode": "live", "bank": 600, "increment": 15}}))
        .await;
    let mut c = server.connect(t.seats[0].link.as_ref().unwrap()).await;
    let welcome = c.until("welcome").await;
    assert_eq!(welcome["table"]["clock"]["mode"], "live");
    assert_eq!(welcome["table"]["clock"]["standin"], "heuristic");
    let state = c.until("state").await;
    let clocks = state["clocks"].as_array().expect("clocks in the state");
    assert_eq!(clocks.len(), 2);
    let first = state["to_act"][0].as_u64().unwrap() as usize;
    for (s, clock) in clocks.iter().enumerate() {
        let left = clock["ms_left"].as_u64().unwrap();
        assert!(left <= 600_000 && left > 0, "{clock}");
        assert_eq!(clock["running"], s == first, "{clock}");
    }
    let (status, summary) = get(&server, &format!("/api/tables/{}", t.id)).await;
    assert_eq!(status, 200);
    assert_eq!(summary["clocks"].as_array().unwrap().len(), 2);
    assert_eq!(summary["clocks"][first]["running"], true);
    assert_eq!(get(&server, "/api/tables/nosuchtable").await.0, 404);

    // Nothing to take back from: said so.
    c.send(json!({"type": "take_seat"})).await;
    let e = until(&mut c, "an error", |v| v["type"] == "error").await;
    assert_eq!(e["code"], "stand_in", "{e}");
    assert!(e["message"].as_str().unwrap().contains("yours already"));

    // A table without a clock shows none.
    let plain = server.create("modern", &["human", "random"]).await;
    let mut p = server.connect(plain.seats[0].link.as_ref().unwrap()).await;
    let welcome = p.until("welcome").await;
    assert!(welcome["table"].get("clock").is_none(), "{welcome}");
    assert!(p.until("state").await.get("clocks").is_none());
}

#[tokio::test]
async fn a_turn_based_game_with_a_person_absent_throughout_is_played_to_the_end_by_the_stand_in() {
    let server = start().await;
    let t = server
        .create_with(json!({"game": "big-boss", "seats": ["human", "random"],
            "clock": {"mode": "turn", "per_move": 1}}))
        .await;
    let mut watcher = server.connect(&t.spectator).await;
    let end = until_over(&mut watcher).await;
    assert!(end["scores"].is_object(), "{end}");

    // The timeout is the clock's: the stand-in's first move for the seat, then its own.
    let person: Vec<Option<String>> = played_by(&server, &t.id)
        .into_iter()
        .filter(|(seat, _)| *seat == 0)
        .map(|(_, by)| by)
        .collect();
    assert!(person.len() > 3, "{person:?}");
    assert_eq!(person[0].as_deref(), Some("clock"));
    assert!(person[1..].iter().all(|b| b.as_deref() == Some("standin")));
    assert!(played_by(&server, &t.id)
        .iter()
        .all(|(seat, by)| *seat == 0 || by.is_none()));

    // The log marks them; the record holds them and replays to the same end.
    watcher.send(json!({"type": "log"})).await;
    let log = watcher.until("log").await;
    let marked = log["entries"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["seat"] == 0)
        .all(|e| e["by"] == "clock" || e["by"] == "standin");
    assert!(marked, "{log}");
    let (status, record) = get(&server, &format!("/t/{}/record", t.id)).await;
    assert_eq!(status, 200, "{record}");
    let actions = record["actions"].as_array().unwrap();
    assert!(actions.iter().any(|a| a["seat"] == 0 && a["by"] == "clock"));
    let replayed = replay_record(&record);
    assert!(replayed.is_over());
    assert_eq!(
        serde_json::to_value(replayed.score_table("en")).unwrap(),
        end["scores"]
    );
}

#[tokio::test]
async fn a_person_gone_too_long_in_live_play_is_replaced_and_takes_the_seat_back() {
    // Bots that take their time, so the person is back long before the game ends.
    let server = start_with_bot_delay(Duration::from_millis(300)).await;
    let t = server
        .create_with(json!({"game": "big-boss", "seats": ["human", "random"],
            "clock": {"mode": "live", "bank": 600, "increment": 5, "absent": 1,
                      "standin": "random"}}))
        .await;
    let link = t.seats[0].link.clone().unwrap();
    let mut person = server.connect(&link).await;
    person.until("state").await;
    drop(person);

    // Gone longer than the table allows while the game waits for them: the stand-in plays.
    let mut watcher = server.connect(&t.spectator).await;
    until(&mut watcher, "a stand-in's move", |v| {
        v["type"] == "state" && v["last"]["seat"] == 0 && v["last"]["by"] == "standin"
    })
    .await;

    // Back: the seat shows its stand-in, and the person's own moves wait until they take
    // the seat back.
    let mut person = server.connect(&link).await;
    let welcome = person.until("welcome").await;
    assert_eq!(
        welcome["table"]["seats"][0]["standin"], "random",
        "{welcome}"
    );
    person.act("pass").await;
    let e = until(&mut person, "a refusal", |v| v["type"] == "error").await;
    assert_eq!(e["code"], "stand_in", "{e}");
    person.send(json!({"type": "take_seat"})).await;
    until(&mut person, "the seat back", |v| {
        v["type"] == "presence" && v["seats"][0].get("standin").is_none()
    })
    .await;

    // The person plays their own move again.
    let before = played_by(&server, &t.id).len();
    loop {
        let s = person.state.clone().unwrap();
        assert!(
            !s["to_act"].as_array().unwrap().is_empty(),
            "the game ended"
        );
        if !person.legal().is_empty() {
            break;
        }
        person.next().await.expect("open connection");
    }
    let legal = person.legal();
    let action = legal
        .iter()
        .find(|a| a.starts_with("play") || *a == "pass" || *a == "end")
        .unwrap_or(&legal[0])
        .clone();
    person.play(&action).await;
    let stored = played_by(&server, &t.id);
    let mine = stored[before..]
        .iter()
        .find(|(seat, _)| *seat == 0)
        .expect("the person's move is stored");
    assert_eq!(mine.1, None, "{stored:?}");
}

#[tokio::test]
async fn a_person_back_from_a_stand_in_is_told_what_it_played_since_their_own_last_move() {
    // Bots that take their time, so the person is back long before the game ends.
    let server = start_with_bot_delay(Duration::from_millis(300)).await;
    let t = server
        .create_with(json!({"game": "big-boss", "seats": ["human", "random"],
            "clock": {"mode": "live", "bank": 600, "increment": 5, "absent": 1,
                      "standin": "random"}}))
        .await;
    let link = t.seats[0].link.clone().unwrap();

    // The person plays one move of their own, then leaves.
    let mut person = server.connect(&link).await;
    person.until("state").await;
    while person.legal().is_empty() {
        person.next().await.expect("open connection");
    }
    let legal = person.legal();
    let pick = legal
        .iter()
        .find(|a| *a != "pass")
        .unwrap_or(&legal[0])
        .clone();
    let after = person.play(&pick).await;
    assert_eq!(after["last"]["seat"], 0, "{after}");
    assert!(after["last"].get("by").is_none(), "{after}");
    let own = after["last"]["index"].as_u64().unwrap();
    drop(person);

    // Gone too long: the stand-in plays for them.
    let mut watcher = server.connect(&t.spectator).await;
    let played = until(&mut watcher, "a stand-in's move", |v| {
        v["type"] == "state" && v["last"]["seat"] == 0 && v["last"]["by"] == "standin"
    })
    .await;
    let stand_in = played["last"]["index"].as_u64().unwrap();

    // Back: "since" counts from the person's own move, and lists the stand-in's, marked.
    let mut person = server.connect(&link).await;
    // Joining sends the seat's addresses, then at once what happened since, if anything did.
    person.until("notify").await;
    let since = person.next().await.expect("open connection");
    assert_eq!(since["type"], "since", "{since}");
    assert_eq!(since["after"], own, "{since}");
    let entries = since["entries"].as_array().unwrap();
    assert!(
        entries.iter().all(|e| e["index"].as_u64().unwrap() > own),
        "{since}"
    );
    let listed = entries
        .iter()
        .find(|e| e["index"] == stand_in)
        .unwrap_or_else(|| panic!("the stand-in's move {stand_in} is not listed: {since}"));
    assert_eq!(listed["seat"], 0, "{listed}");
    assert_eq!(listed["by"], "standin", "{listed}");
}

#[tokio::test]
async fn a_turn_based_table_stretches_the_games_own_timers() {
    let server = start().await;
    let t = server
        .create_with(json!({"game": "the-boss", "seats": ["human", "human"],
            "clock": {"mode": "turn", "per_move": 86400}}))
        .await;
    let mut people = Vec::new();
    for s in &t.seats {
        let mut c = server.connect(s.link.as_ref().unwrap()).await;
        c.until("state").await;
        people.push(c);
    }
    // The people draw until the first timer of the game runs (business, 300 s as the game
    // says): at a day per move, a minute of it lasts a day.
    for _ in 0..40 {
        for p in people.iter_mut() {
            p.pump(20).await;
        }
        let timers = people[0].state.as_ref().unwrap()["timers"].clone();
        if let Some(list) = timers.as_array().filter(|l| !l.is_empty()) {
            for timer in list {
                let left = timer["ms_left"].as_u64().unwrap();
                assert!(
                    left > 300_000 * 1000 && left <= 300 * 1440 * 1000,
                    "{timer}"
                );
            }
            return;
        }
        let Some(me) = people
            .iter()
            .position(|p| p.state.as_ref().unwrap()["must_act"] == true && !p.legal().is_empty())
        else {
            continue;
        };
        let legal = people[me].legal();
        let action = legal
            .iter()
            .find(|a| a.starts_with("draw"))
            .unwrap_or(&legal[0])
            .clone();
        people[me].play(&action).await;
    }
    panic!("no timer of the game ran");
}

#[tokio::test]
async fn a_live_bank_that_runs_out_hands_the_seat_to_the_stand_in_even_with_its_person_there() {
    let server = start().await;
    let t = server
        .create_with(json!({"game": "big-boss", "seats": ["human", "random"],
            "clock": {"mode": "live", "bank": 1, "standin": "random"}}))
        .await;
    // The person is there but does not move: their bank runs out, and the clock has the
    // stand-in play for them (the person is told, and may take the seat back).
    let mut person = server.connect(t.seats[0].link.as_ref().unwrap()).await;
    let (mut timeout, mut named) = (None, false);
    while timeout.is_none() || !named {
        let v = person.next().await.expect("open connection");
        if v["type"] == "state" && v["last"]["seat"] == 0 && timeout.is_none() {
            timeout = Some(v.clone());
        }
        named |= v["type"] == "presence" && v["seats"][0]["standin"] == "random";
    }
    let timeout = timeout.unwrap();
    assert_eq!(timeout["last"]["by"], "clock", "{timeout}");
    let zero = timeout["clocks"][0].clone();
    assert_eq!(zero["ms_left"], 0, "{zero}");
    assert_eq!(zero["running"], false, "{zero}");
    person.send(json!({"type": "take_seat"})).await;
    let back = until(&mut person, "the seat back", |v| {
        v["type"] == "state" && v["clocks"][0]["ms_left"].as_u64() > Some(1000)
    })
    .await;
    // A bank taken back after it ran out holds at least 30 seconds.
    assert!(
        back["clocks"][0]["ms_left"].as_u64().unwrap() <= 30_000,
        "{back}"
    );
}
