//! People's own data: a chat line reported (and seen by the operator), a person blocked, the
//! export of everything about an account, suspension, and deletion (the games stay, the name
//! becomes "former player"). Bad requests get a clear message and change nothing. Runs on
//! SQLite and, when the tests have a PostgreSQL, on it.

use crate::accounts::{fresh_link, roomy, server, Browser};
use crate::common::pg::backends;
use crate::common::sinks::SmtpSink;
use reqwest::StatusCode;
use serde_json::json;

pub(crate) async fn signed_in(b: &mut Browser, sink: &mut SmtpSink, email: &str, name: &str) {
    let token = fresh_link(b, sink, email).await;
    let (s, body) = b
        .post("/api/account/link", json!({ "token": token, "name": name }))
        .await;
    assert_eq!(s, StatusCode::OK, "{body}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reports_blocks_export_suspension_and_deletion() {
    for (backend, db, _dir) in backends().await {
        let mut sink = SmtpSink::start().await;
        let s = server(db, &sink.url(), roomy()).await;
        let (mut ann, mut bob) = (Browser::of(&s), Browser::of(&s));
        signed_in(&mut ann, &mut sink, "ann@example.com", "Ann Lee").await;
        signed_in(&mut bob, &mut sink, "bob@example.com", "Bob").await;
        let t = s
            .create_with(json!({"game": "big-boss", "seats": ["human", "human"]}))
            .await;
        let link = |seat: usize| t.seats[seat].link.clone().unwrap();
        let token = |seat: usize| link(seat).split("k=").nth(1).unwrap().to_string();
        ann.post(
            "/api/account/claim",
            json!({ "seats": [{ "table": t.id, "token": token(0) }] }),
        )
        .await;
        bob.post(
            "/api/account/claim",
            json!({ "seats": [{ "table": t.id, "token": token(1) }] }),
        )
        .await;
        let mut ws = s.connect(&link(1)).await;
        ws.until("state").await;
        ws.send(json!({ "type": "chat", "text": "you play like a bot" }))
            .await;
        ws.until("chat").await;

        // A chat line reported once (a second report is taken as the same), a missing one not.
        let (st, body) = ann
            .post("/api/account/report", json!({ "table": t.id, "line": 0 }))
            .await;
        assert_eq!(st, StatusCode::OK, "{backend}: {body}");
        assert_eq!(body, json!({ "reported": true, "already": false }));
        let (_, body) = ann
            .post("/api/account/report", json!({ "table": t.id, "line": 0 }))
            .await;
        assert_eq!(body["already"], true);
        let (st, body) = ann
            .post("/api/account/report", json!({ "table": t.id, "line": 9 }))
            .await;
        assert_eq!(st, StatusCode::BAD_REQUEST);
        assert!(
            body["error"].as_str().unwrap().contains("no chat line 9"),
            "{body}"
        );
        let reports = s.lobby.db().accounts().reports(10).await.unwrap();
        assert_eq!(reports.len(), 1, "{backend}");
        assert_eq!(reports[0].reporter, "Ann Lee");
        assert_eq!(reports[0].reported.as_deref(), Some("Bob"));
        assert_eq!(reports[0].text, "you play like a bot");

        // Blocking: a person by name; nobody, or oneself, is refused.
        let (st, body) = ann
            .post("/api/account/block", json!({ "name": "bob" }))
            .await;
        assert_eq!(
            (st, &body),
            (StatusCode::OK, &json!({ "name": "Bob", "blocked": true }))
        );
        for (name, says) in [("Nobody Here", "nobody is called"), ("ann_lee", "yourself")] {
            let (st, body) = ann
                .post("/api/account/block", json!({ "name": name }))
                .await;
            assert_eq!(st, StatusCode::BAD_REQUEST, "{body}");
            assert!(body["error"].as_str().unwrap().contains(says), "{body}");
        }

        // The export holds everything about the account, its language too, and nothing of
        // anyone else's.
        let (st, all) = ann.get("/api/account/export").await;
        assert_eq!(st, StatusCode::OK);
        // Signed up in an English browser, then switched to German.
        assert_eq!(all["account"]["lang"], "en", "{backend}");
        let (st, body) = ann.post("/api/account/lang", json!({ "lang": "de" })).await;
        assert_eq!(st, StatusCode::OK, "{body}");
        let (st, all) = ann.get("/api/account/export").await;
        assert_eq!(st, StatusCode::OK);
        assert_eq!(all["account"]["lang"], "de", "{backend}");
        assert_eq!(all["account"]["email"], "ann@example.com");
        assert_eq!(all["seats"][0]["table"], json!(t.id));
        assert_eq!(all["blocked"][0]["name"], "Bob");
        assert_eq!(all["reports"][0]["text"], "you play like a bot");
        assert_eq!(all["sessions"].as_array().unwrap().len(), 1);
        assert!(!all.to_string().contains("bob@example.com"));

        // Suspended: signed out everywhere and no sign-in; reinstated, signing in works again.
        let accounts = s.lobby.db().accounts();
        assert!(accounts.suspend("bob".into(), true, 1).await.unwrap());
        assert_eq!(bob.me().await["signed_in"], false);
        let token_b = fresh_link(&mut bob, &mut sink, "bob@example.com").await;
        let (st, body) = bob
            .post("/api/account/link", json!({ "token": token_b }))
            .await;
        assert_eq!(st, StatusCode::BAD_REQUEST);
        assert!(
            body["error"].as_str().unwrap().contains("suspended"),
            "{body}"
        );
        assert!(!accounts
            .suspend("nosuchname".into(), true, 1)
            .await
            .unwrap());
        assert!(accounts.suspend("bob".into(), false, 2).await.unwrap());
        let (st, _) = bob
            .post("/api/account/link", json!({ "token": token_b }))
            .await;
        assert_eq!(st, StatusCode::OK);

        // Deleting needs the name typed again; then the games stay, the name is gone.
        let (st, body) = ann
            .post("/api/account/delete", json!({ "confirm": "Bob" }))
            .await;
        assert_eq!(st, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(ann.me().await["account"]["name"], "Ann Lee");
        let (st, _) = ann
            .post("/api/account/delete", json!({ "confirm": "ann lee" }))
            .await;
        assert_eq!(st, StatusCode::OK);
        assert!(ann.cookie.is_none());
        let reports = accounts.reports(10).await.unwrap();
        assert_eq!(reports[0].reporter, "former player", "{backend}");
        assert_eq!(
            s.lobby
                .db()
                .accounts()
                .table_accounts(t.id.clone())
                .await
                .unwrap()
                .len(),
            2
        );
        // The address and the name are free again.
        let mut again = Browser::of(&s);
        let token_a = fresh_link(&mut again, &mut sink, "ann@example.com").await;
        let (_, checked) = again
            .post("/api/account/link/check", json!({ "token": token_a }))
            .await;
        assert_eq!(checked, json!({ "account": false }));
        let (st, _) = again
            .post(
                "/api/account/link",
                json!({ "token": token_a, "name": "Ann Lee" }),
            )
            .await;
        assert_eq!(st, StatusCode::OK);
        assert_eq!(
            again.get("/api/account/games").await.1,
            json!({ "games": [], "sent": [] })
        );
    }
}
