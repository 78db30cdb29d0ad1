//! Accounts without passwords: sign-in by an e-mailed link (caught by a local SMTP sink),
//! names, cookie sessions valid on every instance, cross-site requests, link reuse and expiry,
//! enumeration and rate limits, and seats claimed into an account. Each flow runs on SQLite
//! and, when the tests have a PostgreSQL, on two instances sharing one database.

use crate::common::pg::fresh;
use crate::common::sinks::SmtpSink;
use crate::common::{start_settings, TestServer};
use boardroom_server::accounts::AccountSettings;
use boardroom_server::notify::NotifySettings;
use boardroom_server::rate::Rate;
use boardroom_server::Settings;
use reqwest::StatusCode;
use serde_json::{json, Value};
use std::path::PathBuf;
use std::time::Duration;

/// A server over `db` mailing through `smtp`, with `accounts`.
pub(crate) async fn server(db: PathBuf, smtp: &str, accounts: AccountSettings) -> TestServer {
    let dir = tempfile::tempdir().unwrap();
    start_settings(
        dir,
        Settings {
            addr: "127.0.0.1:0".parse().unwrap(),
            db,
            bot_delay: Duration::ZERO,
            notify: NotifySettings {
                smtp_url: Some(smtp.to_string()),
                ..NotifySettings::default()
            },
            accounts,
            ..Settings::default()
        },
    )
    .await
}

/// Generous rates, so the flows below meet only the limits they test.
pub(crate) fn roomy() -> AccountSettings {
    AccountSettings {
        per_address: Rate {
            per_second: 1.0,
            burst: 100.0,
        },
        links_per_email: 3,
        ..AccountSettings::default()
    }
}

/// A browser of one server: the session cookie it holds, and its origin on every request.
pub(crate) struct Browser {
    base: String,
    pub(crate) cookie: Option<String>,
    http: reqwest::Client,
    /// The `Set-Cookie` values of the last answer.
    pub(crate) set_cookies: Vec<String>,
    /// The `lang` cookie it sends, if any.
    pub(crate) lang: Option<String>,
}

impl Browser {
    pub(crate) fn of(server: &TestServer) -> Browser {
        Browser {
            base: server.url(),
            cookie: None,
            http: reqwest::Client::new(),
            set_cookies: Vec::new(),
            lang: None,
        }
    }

    /// The same cookie, on another instance.
    pub(crate) fn on(&self, server: &TestServer) -> Browser {
        Browser {
            base: server.url(),
            cookie: self.cookie.clone(),
            http: reqwest::Client::new(),
            set_cookies: Vec::new(),
            lang: None,
        }
    }

    pub(crate) async fn send(&mut self, req: reqwest::RequestBuilder) -> (StatusCode, Value) {
        let cookies: Vec<String> = self
            .cookie
            .iter()
            .map(|c| format!("boardroom_session={c}"))
            .chain(self.lang.iter().map(|l| format!("lang={l}")))
            .collect();
        let req = if cookies.is_empty() {
            req
        } else {
            req.header("cookie", cookies.join("; "))
        };
        let r = req.send().await.unwrap();
        let status = r.status();
        self.set_cookies = r
            .headers()
            .get_all("set-cookie")
            .iter()
            .map(|v| v.to_str().unwrap().to_string())
            .collect();
        if let Some(set) = self
            .set_cookies
            .iter()
            .find_map(|c| c.strip_prefix("boardroom_session="))
        {
            let value = set.split(';').next().unwrap();
            self.cookie = (!value.is_empty()).then(|| value.to_string());
        }
        (status, r.json().await.unwrap_or(Value::Null))
    }

    pub(crate) async fn post(&mut self, path: &str, body: Value) -> (StatusCode, Value) {
        let req = self
            .http
            .post(format!("{}{path}", self.base))
            .header("origin", &self.base)
            .json(&body);
        self.send(req).await
    }

    pub(crate) async fn get(&mut self, path: &str) -> (StatusCode, Value) {
        let req = self.http.get(format!("{}{path}", self.base));
        self.send(req).await
    }

    pub(crate) async fn me(&mut self) -> Value {
        self.get("/api/account").await.1
    }
}

/// The token of the sign-in link in the next mail, which must go to `to`.
pub(crate) async fn link_in_mail(sink: &mut SmtpSink, to: &str) -> String {
    let mail = sink.next().await;
    assert_eq!(mail.to, vec![to.to_string()]);
    let at = mail
        .data
        .find("/signin#k=")
        .expect("the mail holds a sign-in link");
    mail.data[at + "/signin#k=".len()..]
        .chars()
        .take_while(char::is_ascii_hexdigit)
        .collect()
}

/// Asks for a link for `email` and returns its token.
pub(crate) async fn fresh_link(b: &mut Browser, sink: &mut SmtpSink, email: &str) -> String {
    let (status, body) = b
        .post("/api/account/link/request", json!({ "email": email }))
        .await;
    assert_eq!(status, StatusCode::ACCEPTED, "{body}");
    link_in_mail(sink, &email.to_lowercase()).await
}

/// The whole sign-in flow over `a` and `b` (one server twice, or two instances of one
/// database).
async fn sign_in_flow(a: &TestServer, b: &TestServer, sink: &mut SmtpSink) {
    let mut ann = Browser::of(a);
    let (status, _) = ann
        .post(
            "/api/account/link/request",
            json!({ "email": "not an address" }),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    // An address without an account gets the very answer one with an account gets (below).
    let (status, unknown) = ann
        .post(
            "/api/account/link/request",
            json!({ "email": "Ann@Example.com" }),
        )
        .await;
    assert_eq!(status, StatusCode::ACCEPTED);
    let token = link_in_mail(sink, "ann@example.com").await;
    let (_, checked) = ann
        .post("/api/account/link/check", json!({ "token": token }))
        .await;
    assert_eq!(checked, json!({ "account": false }));

    // Bad names and a missing name change nothing: the link still works afterwards.
    for (name, status, says) in [
        (None, StatusCode::BAD_REQUEST, "choose a display name"),
        (
            Some("Hard"),
            StatusCode::BAD_REQUEST,
            "reserved for the bots",
        ),
        (
            Some("Admin"),
            StatusCode::BAD_REQUEST,
            "reserved for the people who run",
        ),
        (Some("a<b>c"), StatusCode::BAD_REQUEST, "letters a–z"),
    ] {
        let (s, body) = ann
            .post("/api/account/link", json!({ "token": token, "name": name }))
            .await;
        assert_eq!(s, status, "{name:?}: {body}");
        assert!(
            body["error"].as_str().unwrap().contains(says),
            "{name:?}: {body}"
        );
        assert!(ann.cookie.is_none());
    }

    // Session fixation: a session id planted before sign-in is never the signed-in one.
    ann.cookie = Some("00112233445566778899aabbccddeeff".into());
    let (s, body) = ann
        .post(
            "/api/account/link",
            json!({ "token": token, "name": "Ann Lee" }),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{body}");
    assert_eq!(body["account"]["name"], "Ann Lee");
    let session = ann.cookie.clone().expect("a session cookie");
    assert_ne!(session, "00112233445566778899aabbccddeeff");
    let mut planted = Browser::of(a);
    planted.cookie = Some("00112233445566778899aabbccddeeff".into());
    assert_eq!(planted.me().await["signed_in"], false);
    assert_eq!(ann.me().await["account"]["email"], "ann@example.com");
    // The session is valid on the other instance too.
    assert_eq!(ann.on(b).me().await["account"]["name"], "Ann Lee");

    // A link works once.
    let (s, body) = ann
        .post(
            "/api/account/link",
            json!({ "token": token, "name": "Ann Lee" }),
        )
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(
        body["error"].as_str().unwrap().contains("used already"),
        "{body}"
    );
    let (s, body) = Browser::of(b)
        .post("/api/account/link/check", json!({ "token": token }))
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(
        body["error"].as_str().unwrap().contains("used already"),
        "{body}"
    );
    let (s, body) = Browser::of(a)
        .post(
            "/api/account/link",
            json!({ "token": "0123456789abcdef0123456789abcdef" }),
        )
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(
        body["error"].as_str().unwrap().contains("not known"),
        "{body}"
    );

    // The same answer for an address with an account (enumeration).
    let mut again = Browser::of(b);
    let (status, known) = again
        .post(
            "/api/account/link/request",
            json!({ "email": "ann@example.com" }),
        )
        .await;
    assert_eq!((status, &known), (StatusCode::ACCEPTED, &unknown));
    let second = link_in_mail(sink, "ann@example.com").await;
    let (_, checked) = again
        .post("/api/account/link/check", json!({ "token": second }))
        .await;
    assert_eq!(checked, json!({ "account": true }));
    let (s, body) = again
        .post("/api/account/link", json!({ "token": second }))
        .await;
    assert_eq!(s, StatusCode::OK, "{body}");
    assert_eq!(body["account"]["name"], "Ann Lee");

    // A taken name, however written, is refused and Bob's address stays without an account.
    let mut bob = Browser::of(b);
    let bob_link = fresh_link(&mut bob, sink, "bob@example.com").await;
    let (s, body) = bob
        .post(
            "/api/account/link",
            json!({ "token": bob_link, "name": "ann_LEE" }),
        )
        .await;
    assert_eq!(s, StatusCode::CONFLICT, "{body}");
    assert!(
        body["error"].as_str().unwrap().contains("someone else"),
        "{body}"
    );
    let (_, checked) = bob
        .post("/api/account/link/check", json!({ "token": bob_link }))
        .await;
    assert_eq!(checked, json!({ "account": false }));
    let (s, _) = bob
        .post(
            "/api/account/link",
            json!({ "token": bob_link, "name": "Bob" }),
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    let (s, body) = bob
        .post("/api/account/name", json!({ "name": "Ann.Lee" }))
        .await;
    assert_eq!(s, StatusCode::CONFLICT, "{body}");
    assert_eq!(bob.me().await["account"]["name"], "Bob");

    // Cross-site requests change nothing.
    let (s, body) = bob
        .send(
            bob.http
                .post(format!("{}/api/account/name", bob.base))
                .header("origin", "https://evil.example")
                .json(&json!({ "name": "Mallory" })),
        )
        .await;
    assert_eq!(s, StatusCode::FORBIDDEN, "{body}");
    let (s, _) = bob
        .send(
            bob.http
                .post(format!("{}/api/account/signout", bob.base))
                .json(&json!({})),
        )
        .await;
    assert_eq!(
        s,
        StatusCode::FORBIDDEN,
        "a cookie without Origin or Referer is refused"
    );
    assert_eq!(bob.me().await["account"]["name"], "Bob");

    // The seats this browser holds go into the account; a seat another account holds stays.
    let table = a
        .create_with(json!({"game": "big-boss", "seats": ["human", "human", "random"]}))
        .await;
    let token_of = |seat: usize| {
        let link = table.seats[seat].link.clone().unwrap();
        link.split("k=").nth(1).unwrap().to_string()
    };
    let held = json!({ "seats": [
        { "table": table.id, "token": token_of(0) },
        { "table": table.id, "token": "not-a-token" },
        { "table": "nosuchtable", "token": token_of(1) },
    ]});
    let (s, body) = ann.post("/api/account/claim", held.clone()).await;
    assert_eq!(s, StatusCode::OK, "{body}");
    assert_eq!(body["claimed"], json!([{ "table": table.id, "seat": 0 }]));
    let (_, body) = bob.post("/api/account/claim", held).await;
    assert_eq!(body["claimed"], json!([]));
    // "My games" from another device, on the other instance: the seat with its link.
    let (s, body) = ann.on(b).get("/api/account/games").await;
    assert_eq!(s, StatusCode::OK, "{body}");
    let games = body["games"].as_array().unwrap();
    assert_eq!(games.len(), 1, "{body}");
    assert_eq!(games[0]["table"], json!(table.id));
    assert_eq!(games[0]["seat"], 0);
    assert_eq!(games[0]["state"], "seated");
    assert_eq!(games[0]["link"], json!(table.seats[0].link));
    assert_eq!(
        bob.get("/api/account/games").await.1,
        json!({ "games": [], "sent": [] })
    );
    let (s, body) = Browser::of(a)
        .post("/api/account/claim", json!({ "seats": [] }))
        .await;
    assert_eq!(s, StatusCode::UNAUTHORIZED, "{body}");
    assert!(body["error"].as_str().unwrap().contains("sign in"));

    // Signing out here ends this session only; everywhere ends them all, on every instance.
    let mut ann_b = ann.on(b);
    let (s, _) = ann_b
        .post("/api/account/signout-everywhere", json!({}))
        .await;
    assert_eq!(s, StatusCode::OK);
    assert!(ann_b.cookie.is_none());
    assert_eq!(ann.me().await["signed_in"], false);
    assert_eq!(again.me().await["signed_in"], false);
    let (s, _) = bob.post("/api/account/signout", json!({})).await;
    assert_eq!(s, StatusCode::OK);
    assert!(bob.cookie.is_none());

    // Per-e-mail rate: three links within the hour (two given above), then a clear refusal.
    let (s, _) = bob
        .post(
            "/api/account/link/request",
            json!({ "email": "ann@example.com" }),
        )
        .await;
    assert_eq!(s, StatusCode::ACCEPTED);
    let _ = link_in_mail(sink, "ann@example.com").await;
    let (s, body) = bob
        .post(
            "/api/account/link/request",
            json!({ "email": "ann@example.com" }),
        )
        .await;
    assert_eq!(s, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert!(
        body["error"].as_str().unwrap().contains("3 sign-in links"),
        "{body}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sign_in_by_link_on_sqlite() {
    let mut sink = SmtpSink::start().await;
    let dir = tempfile::tempdir().unwrap();
    let a = server(dir.path().join("a.sqlite"), &sink.url(), roomy()).await;
    sign_in_flow(&a, &a, &mut sink).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sign_in_by_link_on_two_postgres_instances() {
    let Some(url) = fresh().await else {
        return;
    };
    let mut sink = SmtpSink::start().await;
    let a = server(PathBuf::from(&url), &sink.url(), roomy()).await;
    let b = server(PathBuf::from(&url), &sink.url(), roomy()).await;
    sign_in_flow(&a, &b, &mut sink).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn expired_links_and_a_busy_address_are_refused() {
    let mut sink = SmtpSink::start().await;
    let dir = tempfile::tempdir().unwrap();
    // Links that expire the moment they are made, and two requests per client address.
    let s = server(
        dir.path().join("a.sqlite"),
        &sink.url(),
        AccountSettings {
            link_ttl: Duration::ZERO,
            per_address: Rate {
                per_second: 0.001,
                burst: 2.0,
            },
            ..AccountSettings::default()
        },
    )
    .await;
    let mut b = Browser::of(&s);
    let token = fresh_link(&mut b, &mut sink, "cy@example.com").await;
    let (status, body) = b
        .post(
            "/api/account/link",
            json!({ "token": token, "name": "Cyd" }),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        body["error"].as_str().unwrap().contains("expired"),
        "{body}"
    );
    assert!(b.cookie.is_none());
    let _ = fresh_link(&mut b, &mut sink, "dee@example.com").await;
    let (status, body) = b
        .post(
            "/api/account/link/request",
            json!({ "email": "eve@example.com" }),
        )
        .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("from your address"),
        "{body}"
    );
    assert!(sink.taken().is_empty(), "no mail for a refused request");
}
