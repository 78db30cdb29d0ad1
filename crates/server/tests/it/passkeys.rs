//! Passkeys without a browser: a signed-in account adds one (the ceremony driven by
//! webauthn-rs's own soft authenticator), a fresh browser signs in with it, and every bad
//! answer is refused with a clear message and changes nothing: an unknown or removed passkey,
//! a replayed or expired ceremony, another site's origin, a malformed answer, a suspended or
//! deleted account. On SQLite and, when the tests have a PostgreSQL, on two instances of one
//! database (each ceremony begun on one and finished on the other).

use crate::accounts::{roomy, Browser};
use crate::accounts_data::signed_in;
use crate::common::pg::fresh;
use crate::common::sinks::SmtpSink;
use crate::common::{start_settings, TestServer};
use boardroom_server::accounts::AccountSettings;
use boardroom_server::notify::NotifySettings;
use boardroom_server::Settings;
use reqwest::StatusCode;
use serde_json::{json, Value};
use std::path::PathBuf;
use std::time::Duration;
use webauthn_authenticator_rs::softpasskey::SoftPasskey;
use webauthn_authenticator_rs::WebauthnAuthenticator;
use webauthn_rs::prelude::{CreationChallengeResponse, RequestChallengeResponse, Url};
use webauthn_rs_proto::AllowCredentials;

/// A server over `db` mailing through `smtp`, whose public URL is `public` (passkeys need one).
async fn server(
    db: PathBuf,
    smtp: &str,
    public: Option<&str>,
    accounts: AccountSettings,
) -> TestServer {
    start_settings(
        tempfile::tempdir().unwrap(),
        Settings {
            addr: "127.0.0.1:0".parse().unwrap(),
            db,
            bot_delay: Duration::ZERO,
            notify: NotifySettings {
                smtp_url: Some(smtp.to_string()),
                public_url: public.map(str::to_string),
                ..NotifySettings::default()
            },
            accounts,
            ..Settings::default()
        },
    )
    .await
}

/// The origin pages of the servers below are served from (any port on `localhost`).
fn origin() -> Url {
    Url::parse("http://localhost:8080").unwrap()
}

/// A person's device: a soft authenticator, and the user handle and credential id of the
/// passkey it made last.
struct Device {
    key: SoftPasskey,
    handle: Vec<u8>,
    id: Vec<u8>,
}

impl Device {
    fn new() -> Device {
        Device {
            // It cannot verify its user; it says it did, as a device with a PIN would.
            key: SoftPasskey::new(true),
            handle: Vec::new(),
            id: Vec::new(),
        }
    }

    /// Makes a passkey for the options `begun` holds, from `origin`: the answer to send.
    fn create(&mut self, begun: &Value, origin: Url) -> Value {
        let mut options: CreationChallengeResponse =
            serde_json::from_value(begun["options"].clone()).expect("creation options");
        let sel = options.public_key.authenticator_selection.as_mut().unwrap();
        assert!(
            sel.require_resident_key,
            "the server asks for a discoverable passkey"
        );
        // The soft authenticator keeps no resident keys: it is told the user handle below
        // instead, as a device that keeps them would give it back.
        sel.require_resident_key = false;
        sel.resident_key = None;
        self.handle = options.public_key.user.id.clone();
        let made = self.key.do_registration(origin, options).expect("made");
        self.id = made.raw_id.clone();
        serde_json::to_value(made).unwrap()
    }

    /// Signs the sign-in options `begun` holds with its passkey, from `origin`.
    fn get(&mut self, begun: &Value, origin: Url) -> Value {
        let mut options: RequestChallengeResponse =
            serde_json::from_value(begun["options"].clone()).expect("request options");
        assert!(
            options.public_key.allow_credentials.is_empty(),
            "sign-in names nobody"
        );
        assert!(options.mediation.is_none(), "asked on a button press");
        options.public_key.allow_credentials = vec![AllowCredentials {
            type_: "public-key".into(),
            id: self.id.clone(),
            transports: None,
        }];
        let mut signed = self.key.do_authentication(origin, options).expect("signed");
        signed.response.user_handle = Some(self.handle.clone());
        serde_json::to_value(signed).unwrap()
    }
}

/// Adds a passkey named `name` to `b`'s account: begun on `b`'s server, finished on `other`'s.
async fn add(b: &mut Browser, other: &TestServer, device: &mut Device, name: &str) -> Value {
    let (st, begun) = b.post("/api/account/passkey/register", json!({})).await;
    assert_eq!(st, StatusCode::OK, "{begun}");
    let made = device.create(&begun, origin());
    let mut there = b.on(other);
    let (st, body) = there
        .post(
            "/api/account/passkey/register/finish",
            json!({ "ceremony": begun["ceremony"], "name": name, "credential": made }),
        )
        .await;
    assert_eq!(st, StatusCode::OK, "{body}");
    body
}

/// Begins a sign-in on `b`'s server.
async fn begin_sign_in(b: &mut Browser) -> Value {
    let (st, begun) = b.post("/api/account/passkey/signin", json!({})).await;
    assert_eq!(st, StatusCode::OK, "{begun}");
    begun
}

/// Finishes the sign-in `begun` with `answer`.
async fn finish_sign_in(b: &mut Browser, begun: &Value, answer: &Value) -> (StatusCode, Value) {
    b.post(
        "/api/account/passkey/signin/finish",
        json!({ "ceremony": begun["ceremony"], "credential": answer }),
    )
    .await
}

fn says(body: &Value, words: &str) {
    assert!(
        body["error"].as_str().unwrap_or_default().contains(words),
        "expected an error saying {words:?}, got {body}"
    );
}

/// Every flow over `a` and `b` (one server twice, or two instances of one database).
async fn passkey_flow(a: &TestServer, b: &TestServer, sink: &mut SmtpSink) {
    let mut ann = Browser::of(a);
    assert_eq!(ann.me().await["passkeys"], "localhost");
    signed_in(&mut ann, sink, "ann@example.com", "Ann Lee").await;
    let (_, listed) = ann.get("/api/account/passkeys").await;
    assert_eq!(listed, json!({ "available": true, "passkeys": [] }));

    // Added: begun on one instance, finished on the other; a ceremony answers once.
    let mut phone = Device::new();
    let (st, begun) = ann.post("/api/account/passkey/register", json!({})).await;
    assert_eq!(st, StatusCode::OK, "{begun}");
    let made = phone.create(&begun, origin());
    let finish = json!({ "ceremony": begun["ceremony"], "name": " Phone ", "credential": made });
    let (st, body) = ann
        .on(b)
        .post("/api/account/passkey/register/finish", finish.clone())
        .await;
    assert_eq!(st, StatusCode::OK, "{body}");
    assert_eq!(body["passkey"]["name"], "Phone");
    assert!(body["passkey"].get("credential").is_none());
    let (st, body) = ann
        .post("/api/account/passkey/register/finish", finish)
        .await;
    assert_eq!(st, StatusCode::BAD_REQUEST);
    says(&body, "answered already");
    let (_, listed) = ann.get("/api/account/passkeys").await;
    assert_eq!(listed["passkeys"].as_array().unwrap().len(), 1, "{listed}");
    assert_eq!(listed["passkeys"][0]["last_used"], Value::Null);

    // Bad answers to a registration: each refused, nothing stored.
    let (st, begun) = ann.post("/api/account/passkey/register", json!({})).await;
    assert_eq!(st, StatusCode::OK);
    let (st, body) = ann
        .post(
            "/api/account/passkey/register/finish",
            json!({ "ceremony": begun["ceremony"], "credential": { "id": 7 } }),
        )
        .await;
    assert_eq!(st, StatusCode::BAD_REQUEST);
    says(&body, "not one a browser gives");
    let mut laptop = Device::new();
    let elsewhere = laptop.create(&begun, Url::parse("https://phish.localhost").unwrap());
    let (st, body) = ann
        .post(
            "/api/account/passkey/register/finish",
            json!({ "ceremony": begun["ceremony"], "credential": elsewhere }),
        )
        .await;
    assert_eq!(st, StatusCode::BAD_REQUEST);
    says(&body, "made for another site");
    let (st, body) = ann
        .post(
            "/api/account/passkey/register/finish",
            json!({ "ceremony": "0123456789abcdef0123456789abcdef", "credential": elsewhere }),
        )
        .await;
    assert_eq!(st, StatusCode::BAD_REQUEST);
    says(&body, "not known");
    let (st, begun) = ann.post("/api/account/passkey/register", json!({})).await;
    assert_eq!(st, StatusCode::OK);
    let (st, body) = ann
        .post(
            "/api/account/passkey/register/finish",
            json!({ "ceremony": begun["ceremony"], "name": "x".repeat(61),
                    "credential": laptop.create(&begun, origin()) }),
        )
        .await;
    assert_eq!(st, StatusCode::BAD_REQUEST);
    says(&body, "at most 60 characters");
    let (_, listed) = ann.get("/api/account/passkeys").await;
    assert_eq!(listed["passkeys"].as_array().unwrap().len(), 1, "{listed}");

    // A fresh browser signs in with the passkey: begun on one instance, finished on the other,
    // with a new session (one planted before is not it).
    let mut fresh_browser = Browser::of(a);
    let begun = begin_sign_in(&mut fresh_browser).await;
    let answer = phone.get(&begun, origin());
    let mut there = fresh_browser.on(b);
    there.cookie = Some("00112233445566778899aabbccddeeff".into());
    let (st, body) = finish_sign_in(&mut there, &begun, &answer).await;
    assert_eq!(st, StatusCode::OK, "{body}");
    assert_eq!(body["account"]["name"], "Ann Lee");
    let session = there.cookie.clone().expect("a session cookie");
    assert_ne!(session, "00112233445566778899aabbccddeeff");
    assert_eq!(there.on(a).me().await["account"]["name"], "Ann Lee");
    let (_, listed) = ann.get("/api/account/passkeys").await;
    assert!(listed["passkeys"][0]["last_used"].is_i64(), "{listed}");

    // Replayed: the same answer to the same ceremony, or to a new one.
    let mut eve = Browser::of(b);
    let (st, body) = finish_sign_in(&mut eve, &begun, &answer).await;
    assert_eq!(st, StatusCode::BAD_REQUEST);
    says(&body, "answered already");
    let again = begin_sign_in(&mut eve).await;
    let (st, body) = finish_sign_in(&mut eve, &again, &answer).await;
    assert_eq!(st, StatusCode::BAD_REQUEST);
    says(&body, "answers another request");
    assert!(eve.cookie.is_none());

    // Another site's origin; a passkey this server never stored; a malformed answer.
    let begun = begin_sign_in(&mut eve).await;
    let phished = phone.get(&begun, Url::parse("https://phish.localhost").unwrap());
    let (st, body) = finish_sign_in(&mut eve, &begun, &phished).await;
    assert_eq!(st, StatusCode::BAD_REQUEST);
    says(&body, "made for another site");
    let begun = begin_sign_in(&mut eve).await;
    let mut stranger = Device::new();
    let (_, made) = ann.post("/api/account/passkey/register", json!({})).await;
    stranger.create(&made, origin());
    let (st, body) = finish_sign_in(&mut eve, &begun, &stranger.get(&begun, origin())).await;
    assert_eq!(st, StatusCode::BAD_REQUEST);
    says(&body, "not known here");
    let begun = begin_sign_in(&mut eve).await;
    let (st, body) = finish_sign_in(&mut eve, &begun, &json!("a passkey")).await;
    assert_eq!(st, StatusCode::BAD_REQUEST);
    says(&body, "not one a browser gives");
    assert!(eve.cookie.is_none());

    // Suspended: no sign-in, and the passkey's counter and last use stay as they were;
    // reinstated, it signs in again.
    let (_, before) = ann.get("/api/account/passkeys").await;
    let accounts = a.lobby.db().accounts();
    assert!(accounts.suspend("annlee".into(), true, 1).await.unwrap());
    let begun = begin_sign_in(&mut eve).await;
    let (st, body) = finish_sign_in(&mut eve, &begun, &phone.get(&begun, origin())).await;
    assert_eq!(st, StatusCode::BAD_REQUEST);
    says(&body, "suspended");
    assert!(eve.cookie.is_none());
    assert!(accounts.suspend("annlee".into(), false, 2).await.unwrap());
    signed_in(&mut ann, sink, "ann@example.com", "Ann Lee").await;
    let (_, after) = ann.get("/api/account/passkeys").await;
    assert_eq!(before, after, "a refused sign-in changes nothing");
    let begun = begin_sign_in(&mut eve).await;
    let (st, body) = finish_sign_in(&mut eve, &begun, &phone.get(&begun, origin())).await;
    assert_eq!(st, StatusCode::OK, "{body}");

    // Another account cannot finish Ann's registration, nor remove her passkey.
    let mut bob = Browser::of(b);
    signed_in(&mut bob, sink, "bob@example.com", "Bob").await;
    let (_, begun) = ann.post("/api/account/passkey/register", json!({})).await;
    let (st, body) = bob
        .post(
            "/api/account/passkey/register/finish",
            json!({ "ceremony": begun["ceremony"],
                    "credential": Device::new().create(&begun, origin()) }),
        )
        .await;
    assert_eq!(st, StatusCode::BAD_REQUEST);
    says(&body, "begun by another account");
    let id = listed_id(&mut ann).await;
    let (st, body) = bob
        .post("/api/account/passkey/remove", json!({ "id": id }))
        .await;
    assert_eq!(st, StatusCode::BAD_REQUEST);
    says(&body, "no passkey with this id");

    // The export names the passkey (id and name, no key).
    let (_, all) = ann.get("/api/account/export").await;
    assert_eq!(all["passkeys"][0]["id"], json!(id));
    assert_eq!(all["passkeys"][0]["name"], "Phone");
    assert!(all["passkeys"][0].get("credential").is_none());

    // Removed, it signs in no more.
    let (st, _) = ann
        .post("/api/account/passkey/remove", json!({ "id": id }))
        .await;
    assert_eq!(st, StatusCode::OK);
    let begun = begin_sign_in(&mut eve).await;
    let (st, body) = finish_sign_in(&mut eve, &begun, &phone.get(&begun, origin())).await;
    assert_eq!(st, StatusCode::BAD_REQUEST);
    says(&body, "not known here");

    // Deleting the account deletes its passkeys.
    let mut tablet = Device::new();
    add(&mut ann, b, &mut tablet, "Tablet").await;
    let account = ann.me().await["account"]["id"].as_i64().unwrap();
    let (st, _) = ann
        .post("/api/account/delete", json!({ "confirm": "Ann Lee" }))
        .await;
    assert_eq!(st, StatusCode::OK);
    let left = a
        .lobby
        .db()
        .passkeys()
        .passkeys(boardroom_server::accounts::AccountId(account))
        .await
        .unwrap();
    assert!(left.is_empty(), "{left:?}");
    let begun = begin_sign_in(&mut eve).await;
    let (st, body) = finish_sign_in(&mut eve, &begun, &tablet.get(&begun, origin())).await;
    assert_eq!(st, StatusCode::BAD_REQUEST);
    says(&body, "not known here");
}

/// The id of the first passkey `b`'s account lists.
async fn listed_id(b: &mut Browser) -> String {
    let (_, listed) = b.get("/api/account/passkeys").await;
    listed["passkeys"][0]["id"].as_str().unwrap().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn passkeys_on_sqlite() {
    let mut sink = SmtpSink::start().await;
    let dir = tempfile::tempdir().unwrap();
    let a = server(
        dir.path().join("a.sqlite"),
        &sink.url(),
        Some("http://localhost"),
        roomy(),
    )
    .await;
    passkey_flow(&a, &a, &mut sink).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn passkeys_on_two_postgres_instances() {
    let Some(url) = fresh().await else {
        return;
    };
    let mut sink = SmtpSink::start().await;
    let public = Some("http://localhost");
    let a = server(PathBuf::from(&url), &sink.url(), public, roomy()).await;
    let b = server(PathBuf::from(&url), &sink.url(), public, roomy()).await;
    passkey_flow(&a, &b, &mut sink).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn expired_ceremonies_and_a_server_without_passkeys() {
    let mut sink = SmtpSink::start().await;
    let dir = tempfile::tempdir().unwrap();
    // Ceremonies that expire the moment they begin.
    let s = server(
        dir.path().join("a.sqlite"),
        &sink.url(),
        Some("http://localhost"),
        AccountSettings {
            passkey_ttl: Duration::ZERO,
            ..roomy()
        },
    )
    .await;
    let mut ann = Browser::of(&s);
    signed_in(&mut ann, &mut sink, "ann@example.com", "Ann Lee").await;
    let (_, begun) = ann.post("/api/account/passkey/register", json!({})).await;
    let (st, body) = ann
        .post(
            "/api/account/passkey/register/finish",
            json!({ "ceremony": begun["ceremony"],
                    "credential": Device::new().create(&begun, origin()) }),
        )
        .await;
    assert_eq!(st, StatusCode::BAD_REQUEST);
    says(&body, "expired");
    let (_, listed) = ann.get("/api/account/passkeys").await;
    assert_eq!(listed["passkeys"], json!([]));

    // No public URL (or one browsers refuse for passkeys): none offered, each request told so.
    for public in [
        None,
        Some("http://boardroom.example"),
        Some("https://10.0.0.1"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let s = server(dir.path().join("b.sqlite"), &sink.url(), public, roomy()).await;
        let mut b = Browser::of(&s);
        assert_eq!(b.me().await["passkeys"], Value::Null, "{public:?}");
        let (st, body) = b.post("/api/account/passkey/signin", json!({})).await;
        assert_eq!(st, StatusCode::SERVICE_UNAVAILABLE, "{public:?}");
        says(&body, "offers no passkeys");
    }
}
