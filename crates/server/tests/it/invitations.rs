//! Invitations: a signed-in creator keeps a seat for a named account, which is told by mail
//! and in "My games"; the seat waits for it (its link goes to nobody else, no stand-in plays
//! it, its clock does not run) until it accepts (and plays) or declines (the seat opens in the
//! lobby; blocking the inviter declines it). Bad invitations (a guest's, an unknown name, oneself, a bot's or a taken seat, from a
//! person the invitee blocks) get a clear message and create nothing. On SQLite and on two
//! PostgreSQL instances (the answer reaches the instance that plays the table).

use crate::accounts::{roomy, server, Browser};
use crate::accounts_data::signed_in;
use crate::common::pg::fresh;
use crate::common::sinks::SmtpSink;
use crate::common::{Client, TestServer};
use reqwest::StatusCode;
use serde_json::{json, Value};
use std::path::PathBuf;
use std::time::Duration;

/// A two-seat table of Ann's (seat 0) with `invite`, and seat 1 a person's.
fn table(invite: Value) -> Value {
    json!({"game": "big-boss", "seats": ["human", "human"], "invite": invite,
           "clock": {"mode": "turn", "per_move": 1, "standin": "random"}})
}

/// Reads until a message for which `check` holds.
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

/// Whether a state says seat 1 played last.
fn seat_one_played(v: &Value) -> bool {
    v["type"] == "state" && v["last"]["seat"] == 1
}

async fn invitation_flow(a: &TestServer, b: &TestServer, sink: &mut SmtpSink) {
    let (mut ann, mut bob, mut cy) = (Browser::of(a), Browser::of(b), Browser::of(a));
    signed_in(&mut ann, sink, "ann@example.com", "Ann Lee").await;
    signed_in(&mut bob, sink, "bob@example.com", "Bob").await;
    signed_in(&mut cy, sink, "cy@example.com", "Cyd").await;
    let (s, body) = cy
        .post("/api/account/block", json!({ "name": "Ann Lee" }))
        .await;
    assert_eq!(s, StatusCode::OK, "{body}");

    // Bad invitations are refused, saying why, and create nothing.
    let before = a.lobby.len();
    let mut guest = Browser::of(a);
    for (as_guest, body, says) in [
        (
            true,
            table(json!([{ "seat": 1, "name": "Bob" }])),
            "sign in to invite",
        ),
        (
            false,
            table(json!([{ "seat": 1, "name": "Nobody Here" }])),
            "nobody is called \"Nobody Here\"",
        ),
        (
            false,
            table(json!([{ "seat": 1, "name": "ann_lee" }])),
            "cannot invite yourself",
        ),
        (
            false,
            table(json!([{ "seat": 0, "name": "Bob" }])),
            "seat 0 is yours",
        ),
        (
            false,
            table(json!([{ "seat": 2, "name": "Bob" }])),
            "seats 0 to 1",
        ),
        (
            false,
            json!({"game": "big-boss", "seats": ["human", "random"],
                   "invite": [{ "seat": 1, "name": "Bob" }]}),
            "taken by a bot (random)",
        ),
        (
            false,
            json!({"game": "big-boss", "seats": ["human", "human", "human"],
                   "invite": [{ "seat": 1, "name": "Bob" }, { "seat": 1, "name": "Cyd" }]}),
            "seat 1 is taken by an invitation already",
        ),
        (
            false,
            json!({"game": "big-boss", "seats": ["human", "human"], "open_seats": [1],
                   "invite": [{ "seat": 1, "name": "Bob" }]}),
            "open to anyone in the lobby",
        ),
        (
            false,
            table(json!([{ "seat": 1, "name": "Cyd" }])),
            "Cyd does not take invitations from you",
        ),
    ] {
        let who = if as_guest { &mut guest } else { &mut ann };
        let (s, answer) = who.post("/api/tables", body).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{answer}");
        let error = answer["error"].as_str().unwrap();
        assert!(error.contains(says), "{says}: {error}");
    }
    assert_eq!(
        a.lobby.len(),
        before,
        "a refused invitation creates nothing"
    );
    assert_eq!(
        cy.get("/api/account/games").await.1,
        json!({ "games": [], "sent": [] })
    );

    // Ann invites Bob: the answer holds no link for Bob's seat, only his name.
    let (s, created) = ann
        .post("/api/tables", table(json!([{ "seat": 1, "name": "bob" }])))
        .await;
    assert_eq!(s, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    assert!(created["seats"][0]["link"].is_string(), "{created}");
    assert_eq!(created["seats"][1]["link"], Value::Null, "{created}");
    assert_eq!(created["seats"][1]["invited"], "Bob", "{created}");

    // Bob is told by mail (his sign-in address: he kept no other) and sees it in "My games".
    let mail = sink.next().await;
    assert_eq!(mail.to, vec!["bob@example.com".to_string()]);
    assert!(
        mail.data.contains("Ann Lee invites you to Big Boss"),
        "{}",
        mail.data
    );
    let (_, mine) = bob.get("/api/account/games").await;
    let games = mine["games"].as_array().unwrap();
    assert_eq!(games.len(), 1, "{mine}");
    assert_eq!(games[0]["table"], json!(id));
    assert_eq!(games[0]["state"], "invited");
    assert_eq!(games[0]["invited_by"], "Ann Lee");
    assert_eq!(games[0]["link"], Value::Null, "{mine}");
    let (_, mine) = ann.get("/api/account/games").await;
    assert_eq!(mine["games"][0]["state"], "seated", "{mine}");
    // Ann sees the invitation she sent waiting, without the seat's link.
    assert_eq!(
        mine["sent"],
        json!([{ "table": id, "game": "big-boss", "seat": 1, "invitee": "Bob",
                 "state": "invited", "link": null }]),
        "{mine}"
    );

    // The seat waits: the stand-in plays Ann's absent seat on her turn clock (one second),
    // but on Bob's turn nothing runs, and nobody plays his seat.
    let mut watcher = a.connect(&format!("/t/{id}")).await;
    let waiting = until(&mut watcher, "Bob's turn", |v| {
        v["type"] == "state"
            && v["to_act"]
                .as_array()
                .is_some_and(|s| s.contains(&json!(1)))
    })
    .await;
    assert_eq!(waiting["clocks"][1]["running"], false, "{waiting}");
    // Long enough for a stand-in on a one-second clock to have played, were the seat not kept.
    tokio::time::sleep(Duration::from_millis(2500)).await;
    watcher.pump(300).await;
    assert!(
        !watcher.states.iter().any(seat_one_played),
        "nobody plays an invited seat"
    );
    let now = watcher.state.clone().unwrap();
    assert_eq!(now["clocks"][1]["running"], false, "{now}");

    // Only Bob answers, only once; someone else's answer changes nothing.
    let (s, body) = cy
        .post(
            &format!("/api/tables/{id}/invitation"),
            json!({ "seat": 1, "accept": true }),
        )
        .await;
    assert_eq!(s, StatusCode::CONFLICT, "{body}");
    assert!(body["error"]
        .as_str()
        .unwrap()
        .contains("no invitation of yours"));
    let (s, body) = guest
        .post(
            &format!("/api/tables/{id}/invitation"),
            json!({ "seat": 1, "accept": true }),
        )
        .await;
    assert_eq!(s, StatusCode::UNAUTHORIZED, "{body}");
    let (s, body) = bob
        .post(
            &format!("/api/tables/{id}/invitation"),
            json!({ "seat": 1, "accept": true }),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{body}");
    let link = body["link"].as_str().unwrap().to_string();
    assert!(link.starts_with(&format!("/t/{id}?k=")), "{body}");
    let (s, _) = bob
        .post(
            &format!("/api/tables/{id}/invitation"),
            json!({ "seat": 1, "accept": true }),
        )
        .await;
    assert_eq!(s, StatusCode::CONFLICT);
    let (_, mine) = bob.get("/api/account/games").await;
    assert_eq!(mine["games"][0]["state"], "seated", "{mine}");
    assert_eq!(mine["games"][0]["link"], json!(link), "{mine}");

    // Accepted, the seat is a person seat like any other: Bob plays it with his link.
    let mut bob_ws = b.connect(&link).await;
    let welcome = bob_ws.until("welcome").await;
    assert_eq!(welcome["you"], 1, "{welcome}");
    loop {
        if !bob_ws.legal().is_empty() {
            break;
        }
        bob_ws.next().await.expect("open connection");
    }
    let action = bob_ws.legal()[0].clone();
    let state = bob_ws.play(&action).await;
    assert!(seat_one_played(&state), "{state}");
    drop(bob_ws);

    // A declined invitation opens the seat in the lobby, where a guest claims it.
    let (s, created) = ann
        .post(
            "/api/tables",
            json!({"game": "big-boss", "seats": ["human", "human", "random"],
                   "invite": [{ "seat": 1, "name": "Bob" }]}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{created}");
    let second = created["id"].as_str().unwrap().to_string();
    let _ = sink.next().await;
    let (s, body) = bob
        .post(
            &format!("/api/tables/{second}/invitation"),
            json!({ "seat": 1, "accept": false }),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{body}");
    assert_eq!(body, json!({ "accepted": false, "opened": true }));
    let (_, mine) = bob.get("/api/account/games").await;
    let declined: Vec<_> = mine["games"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g["table"] == json!(second))
        .collect();
    assert_eq!(declined[0]["state"], "declined", "{mine}");
    // Declined, the seat's link is Ann's to pass on (on a private table too).
    let (_, mine) = ann.get("/api/account/games").await;
    let sent = mine["sent"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["table"] == json!(second))
        .cloned()
        .unwrap();
    assert_eq!(sent["state"], "declined", "{mine}");
    assert!(
        sent["link"]
            .as_str()
            .is_some_and(|l| l.starts_with(&format!("/t/{second}?k="))),
        "{mine}"
    );
    let (s, claimed) = Browser::of(b)
        .post(&format!("/api/tables/{second}/claim"), json!({ "seat": 1 }))
        .await;
    assert_eq!(s, StatusCode::OK, "{claimed}");
    assert!(
        claimed["link"].as_str().unwrap().contains("k="),
        "{claimed}"
    );

    // On a rated table the declined seat does not open to guests in the lobby.
    let (s, created) = ann
        .post(
            "/api/tables",
            json!({"game": "big-boss", "seats": ["human", "human"], "rated": true,
                   "invite": [{ "seat": 1, "name": "Bob" }]}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{created}");
    let rated = created["id"].as_str().unwrap().to_string();
    let _ = sink.next().await;
    let (s, body) = bob
        .post(
            &format!("/api/tables/{rated}/invitation"),
            json!({ "seat": 1, "accept": false }),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{body}");
    assert_eq!(body, json!({ "accepted": false, "opened": false }));
    let (s, _) = Browser::of(b)
        .post(&format!("/api/tables/{rated}/claim"), json!({ "seat": 1 }))
        .await;
    assert_eq!(s, StatusCode::CONFLICT);

    // Blocking the inviter declines the invitations of theirs that wait, opening the seats.
    let (s, created) = ann
        .post("/api/tables", table(json!([{ "seat": 1, "name": "Bob" }])))
        .await;
    assert_eq!(s, StatusCode::CREATED, "{created}");
    let third = created["id"].as_str().unwrap().to_string();
    let _ = sink.next().await;
    let (s, _) = bob
        .post("/api/account/block", json!({ "name": "Ann Lee" }))
        .await;
    assert_eq!(s, StatusCode::OK);
    let (_, mine) = bob.get("/api/account/games").await;
    let row = mine["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["table"] == json!(third))
        .cloned()
        .unwrap();
    assert_eq!(row["state"], "declined", "{mine}");
    let (s, _) = bob
        .post(
            &format!("/api/tables/{third}/invitation"),
            json!({ "seat": 1, "accept": true }),
        )
        .await;
    assert_eq!(
        s,
        StatusCode::CONFLICT,
        "a declined invitation cannot be accepted"
    );
    let (s, claimed) = Browser::of(b)
        .post(&format!("/api/tables/{third}/claim"), json!({ "seat": 1 }))
        .await;
    assert_eq!(s, StatusCode::OK, "{claimed}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn invitations_on_sqlite() {
    let mut sink = SmtpSink::start().await;
    let dir = tempfile::tempdir().unwrap();
    let a = server(dir.path().join("a.sqlite"), &sink.url(), roomy()).await;
    invitation_flow(&a, &a, &mut sink).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn invitations_on_two_postgres_instances() {
    let Some(url) = fresh().await else {
        return;
    };
    let mut sink = SmtpSink::start().await;
    let a = server(PathBuf::from(&url), &sink.url(), roomy()).await;
    let b = server(PathBuf::from(&url), &sink.url(), roomy()).await;
    invitation_flow(&a, &b, &mut sink).await;
}
