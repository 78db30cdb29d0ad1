//! The session cookie is `Secure` when the server runs behind TLS (its public URL is https, or
//! a proxy it trusts says the request came over https) and not on plain http, where a browser
//! would drop a `Secure` cookie; a proxy header the server does not trust changes nothing.
//! Every cookie is `HttpOnly` and `SameSite=Lax`, the one that ends a session too.

use crate::accounts::Browser;
use crate::accounts::{fresh_link, roomy};
use crate::common::sinks::SmtpSink;
use crate::common::{start_settings, TestServer};
use boardroom_server::notify::NotifySettings;
use boardroom_server::Settings;
use serde_json::json;
use std::time::Duration;

/// A server mailing through `smtp`, with the public URL `public` and trusting a proxy or not.
async fn server(smtp: &str, public: Option<&str>, trust_proxy: bool) -> TestServer {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("c.sqlite");
    start_settings(
        dir,
        Settings {
            addr: "127.0.0.1:0".parse().unwrap(),
            db,
            bot_delay: Duration::ZERO,
            notify: NotifySettings {
                smtp_url: Some(smtp.to_string()),
                public_url: public.map(str::to_string),
                ..NotifySettings::default()
            },
            accounts: roomy(),
            trust_proxy,
            ..Settings::default()
        },
    )
    .await
}

/// Signs in as `email` (sending `proto` as `X-Forwarded-Proto`, if any) and signs out again:
/// the two `Set-Cookie` values.
async fn cookies(
    s: &TestServer,
    sink: &mut SmtpSink,
    email: &str,
    proto: Option<&str>,
) -> [String; 2] {
    let mut b = Browser::of(s);
    let token = fresh_link(&mut b, sink, email).await;
    let http = reqwest::Client::new();
    let with_proto = |req: reqwest::RequestBuilder| match proto {
        Some(p) => req.header("x-forwarded-proto", p),
        None => req,
    };
    let r = with_proto(http.post(format!("{}/api/account/link", s.url())))
        .header("origin", s.url())
        .json(&json!({ "token": token, "name": email.split('@').next().unwrap() }))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let signed_in = r.headers()["set-cookie"].to_str().unwrap().to_string();
    let session = signed_in
        .strip_prefix("boardroom_session=")
        .and_then(|v| v.split(';').next())
        .unwrap()
        .to_string();
    let r = with_proto(http.post(format!("{}/api/account/signout", s.url())))
        .header("origin", s.url())
        .header("cookie", format!("boardroom_session={session}"))
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let signed_out = r.headers()["set-cookie"].to_str().unwrap().to_string();
    for c in [&signed_in, &signed_out] {
        assert!(c.contains("HttpOnly") && c.contains("SameSite=Lax"), "{c}");
    }
    [signed_in, signed_out]
}

fn secure(c: &str) -> bool {
    c.split(';').any(|part| part.trim() == "Secure")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_session_cookie_is_secure_behind_tls_and_not_on_plain_http() {
    let mut sink = SmtpSink::start().await;

    let plain = server(&sink.url(), None, false).await;
    for c in cookies(&plain, &mut sink, "ann@example.com", None).await {
        assert!(!secure(&c), "plain http: {c}");
    }
    // A proxy header from a client the server does not trust is not believed.
    for c in cookies(&plain, &mut sink, "bob@example.com", Some("https")).await {
        assert!(!secure(&c), "an untrusted X-Forwarded-Proto: {c}");
    }

    let public = server(&sink.url(), Some("https://boardroom.example"), false).await;
    for c in cookies(&public, &mut sink, "ann@example.com", None).await {
        assert!(secure(&c), "an https public URL: {c}");
    }
    let http_public = server(&sink.url(), Some("http://boardroom.example"), false).await;
    for c in cookies(&http_public, &mut sink, "ann@example.com", None).await {
        assert!(!secure(&c), "an http public URL: {c}");
    }

    let proxied = server(&sink.url(), None, true).await;
    for c in cookies(&proxied, &mut sink, "ann@example.com", Some("https")).await {
        assert!(secure(&c), "a trusted proxy's https: {c}");
    }
    for c in cookies(&proxied, &mut sink, "bob@example.com", Some("http")).await {
        assert!(!secure(&c), "a trusted proxy's plain http: {c}");
    }
}
