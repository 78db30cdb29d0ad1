//! Blocks hide chat: a person's chat lines are not shown to whoever blocks them, live over the
//! WebSocket (a block made while connected counts at once) and in the chat history sent on
//! (re)connecting; everyone else sees them, and unblocking shows them again. The writer is
//! known by their session, or, writing from a seat link while signed out, by the account
//! holding the seat. On SQLite and, when the tests have a PostgreSQL, on it.

use crate::accounts::{roomy, server, Browser};
use crate::accounts_data::signed_in;
use crate::common::pg::backends;
use crate::common::sinks::SmtpSink;
use crate::common::Client;
use reqwest::StatusCode;
use serde_json::{json, Value};

/// The texts of the chat lines in a welcome.
fn history(welcome: &Value) -> Vec<String> {
    welcome["chat"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["text"].as_str().unwrap().to_string())
        .collect()
}

/// The texts of every chat line `c` was sent so far.
fn seen(c: &Client) -> Vec<String> {
    c.received
        .iter()
        .map(|t| serde_json::from_str::<Value>(t).unwrap())
        .filter(|v| v["type"] == "chat")
        .map(|v| v["text"].as_str().unwrap().to_string())
        .collect()
}

/// Writes `text` in the chat from `c` and waits until `c` and `witness` both have it.
async fn say(c: &mut Client, witness: &mut Client, text: &str) {
    c.send(json!({ "type": "chat", "text": text })).await;
    for reader in [c, witness] {
        loop {
            let v = reader.next().await.expect("open connection");
            if v["type"] == "chat" && v["text"] == text {
                break;
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_blocked_persons_chat_is_hidden_from_the_blocker_live_and_on_reconnect() {
    for (backend, db, _dir) in backends().await {
        let mut sink = SmtpSink::start().await;
        let s = server(db, &sink.url(), roomy()).await;
        let base = s.url();
        let (mut ann, mut bob) = (Browser::of(&s), Browser::of(&s));
        signed_in(&mut ann, &mut sink, "ann@example.com", "Ann Lee").await;
        signed_in(&mut bob, &mut sink, "bob@example.com", "Bob").await;
        let t = s
            .create_with(json!({"game": "big-boss", "seats": ["human", "human"]}))
            .await;
        let link = |seat: usize| t.seats[seat].link.clone().unwrap();
        let token = |seat: usize| link(seat).split("k=").nth(1).unwrap().to_string();
        for (who, seat) in [(&mut ann, 0), (&mut bob, 1)] {
            let (st, body) = who
                .post(
                    "/api/account/claim",
                    json!({ "seats": [{ "table": t.id, "token": token(seat) }] }),
                )
                .await;
            assert_eq!(st, StatusCode::OK, "{backend}: {body}");
        }
        let (ann_cookie, bob_cookie) = (ann.cookie.clone(), bob.cookie.clone());
        let mut a = Client::connect_as(&base, &link(0), ann_cookie.as_deref()).await;
        a.until("welcome").await;
        let mut b = Client::connect_as(&base, &link(1), bob_cookie.as_deref()).await;
        b.until("welcome").await;
        let mut watcher = s.connect(&t.spectator).await;
        watcher.until("welcome").await;

        say(&mut b, &mut watcher, "before the block").await;
        assert!(seen(&a).is_empty() || seen(&a) == ["before the block"]);
        a.pump(200).await;
        assert_eq!(seen(&a), ["before the block"], "{backend}");

        // Ann blocks Bob while connected: his next lines reach everyone but her.
        let (st, body) = ann
            .post("/api/account/block", json!({ "name": "Bob" }))
            .await;
        assert_eq!(st, StatusCode::OK, "{backend}: {body}");
        say(&mut b, &mut watcher, "after the block").await;
        // Ann's own line comes after Bob's: once she has it, she would have had his.
        say(&mut a, &mut watcher, "from Ann").await;
        assert_eq!(seen(&a), ["before the block", "from Ann"], "{backend}");
        b.pump(200).await;
        assert!(seen(&b).contains(&"from Ann".to_string()), "{backend}");

        // Bob from his seat link while signed out: still his seat's account, still hidden.
        let mut b_out = Client::connect_as(&base, &link(1), None).await;
        b_out.until("welcome").await;
        say(&mut b_out, &mut watcher, "signed out").await;
        say(&mut a, &mut watcher, "Ann again").await;
        assert_eq!(
            seen(&a),
            ["before the block", "from Ann", "Ann again"],
            "{backend}"
        );

        // Reconnecting, Ann's history leaves out all of Bob's lines; others get them all.
        let mut again = Client::connect_as(&base, &link(0), ann_cookie.as_deref()).await;
        let welcome = again.until("welcome").await;
        assert_eq!(history(&welcome), ["from Ann", "Ann again"], "{backend}");
        let mut other = s.connect(&t.spectator).await;
        let welcome = other.until("welcome").await;
        assert_eq!(history(&welcome).len(), 5, "{backend}: {welcome}");
        // Signed out, the seat link alone shows everything: the block is the account's.
        let mut anon = s.connect(&link(0)).await;
        assert_eq!(history(&anon.until("welcome").await).len(), 5, "{backend}");

        // Unblocked, Bob's lines are shown again.
        let (st, _) = ann
            .post(
                "/api/account/block",
                json!({ "name": "Bob", "block": false }),
            )
            .await;
        assert_eq!(st, StatusCode::OK);
        let mut back = Client::connect_as(&base, &link(0), ann_cookie.as_deref()).await;
        assert_eq!(history(&back.until("welcome").await).len(), 5, "{backend}");
        say(&mut b, &mut back, "unblocked").await;
    }
}
