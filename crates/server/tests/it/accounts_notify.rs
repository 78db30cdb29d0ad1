//! An account's "your turn" addresses: kept once for every game (or one game), checked as a
//! seat's are, told at a table whose seat the account holds, shown to nobody else, removable.

use crate::accounts::{fresh_link, Browser};
use crate::common::sinks::SmtpSink;
use crate::common::start_settings;
use crate::people::end_turn;
use boardroom_server::notify::NotifySettings;
use boardroom_server::Settings;
use reqwest::StatusCode;
use serde_json::json;
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_accounts_addresses_reach_every_table_it_sits_at() {
    let mut smtp = SmtpSink::start().await;
    let dir = tempfile::tempdir().unwrap();
    let server = start_settings(
        tempfile::tempdir().unwrap(),
        Settings {
            addr: "127.0.0.1:0".parse().unwrap(),
            db: dir.path().join("a.sqlite"),
            bot_delay: Duration::ZERO,
            notify: NotifySettings {
                smtp_url: Some(smtp.url()),
                away: Duration::ZERO,
                ..NotifySettings::default()
            },
            accounts: crate::accounts::roomy(),
            ..Settings::default()
        },
    )
    .await;
    let mut q = Browser::of(&server);
    let token = fresh_link(&mut q, &mut smtp, "q@example.org").await;
    let (s, _) = q
        .post(
            "/api/account/link",
            json!({ "token": token, "name": "Quinn" }),
        )
        .await;
    assert_eq!(s, StatusCode::OK);

    // Bad requests change nothing.
    for (body, says) in [
        (
            json!({ "game": "chess", "email": "q@example.org" }),
            "no game `chess`",
        ),
        (
            json!({ "game": "*", "email": "not-an-address" }),
            "not an e-mail address",
        ),
    ] {
        let (s, answer) = q.post("/api/account/notify", body).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{answer}");
        assert!(answer["error"].as_str().unwrap().contains(says), "{answer}");
    }
    assert_eq!(
        q.get("/api/account/notify").await.1,
        json!({ "addresses": [] })
    );
    let (s, kept) = q
        .post(
            "/api/account/notify",
            json!({ "game": "*", "email": "q-turns@example.org" }),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{kept}");
    assert_eq!(
        kept,
        json!({ "addresses": [{ "game": "*", "email": "q-turns@example.org", "webhook": null }] })
    );
    let mut other = Browser::of(&server);
    let token = fresh_link(&mut other, &mut smtp, "p@example.org").await;
    other
        .post(
            "/api/account/link",
            json!({ "token": token, "name": "Pat" }),
        )
        .await;
    assert_eq!(
        other.get("/api/account/notify").await.1,
        json!({ "addresses": [] })
    );

    // q's seat, tied to the account; p ends the turn while q is away: q is told at the
    // account's address, with q's own seat link.
    let table = server.create("modern", &["human", "human"]).await;
    let links: Vec<String> = table
        .seats
        .iter()
        .map(|s| s.link.clone().unwrap())
        .collect();
    let mut c = server.connect(&links[0]).await;
    let first = c.until("state").await["to_act"][0].as_u64().unwrap() as usize;
    drop(c);
    let (p_link, q_link) = (links[first].clone(), links[1 - first].clone());
    let q_token = q_link.split("k=").nth(1).unwrap();
    let (_, claimed) = q
        .post(
            "/api/account/claim",
            json!({ "seats": [{ "table": table.id, "token": q_token }] }),
        )
        .await;
    assert_eq!(claimed["claimed"][0]["seat"], 1 - first);
    let mut p = server.connect(&p_link).await;
    p.until("notify").await;
    end_turn(&mut p).await;
    let mail = smtp.next().await;
    assert_eq!(mail.to, vec!["q-turns@example.org".to_string()]);
    assert!(mail.data.contains(&q_link), "{}", mail.data);
    for text in &p.received {
        assert!(!text.contains("q-turns@example.org"), "{text}");
    }

    // Removed: nothing kept.
    let (s, kept) = q.post("/api/account/notify", json!({ "game": "*" })).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(kept, json!({ "addresses": [] }));
}

/// `text` with its quoted-printable parts decoded (soft line breaks joined, `=XX` bytes).
fn quoted_printable(text: &str) -> String {
    let joined = text.replace("=\r\n", "").replace("=\n", "");
    let bytes = joined.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'=', Some(b)) => {
                out.push(b);
                i += 3;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_accounts_language_is_kept_given_to_each_browser_signing_in_and_used_for_its_messages() {
    let mut smtp = SmtpSink::start().await;
    let dir = tempfile::tempdir().unwrap();
    let server = start_settings(
        tempfile::tempdir().unwrap(),
        Settings {
            addr: "127.0.0.1:0".parse().unwrap(),
            db: dir.path().join("a.sqlite"),
            bot_delay: Duration::ZERO,
            notify: NotifySettings {
                smtp_url: Some(smtp.url()),
                away: Duration::ZERO,
                ..NotifySettings::default()
            },
            accounts: crate::accounts::roomy(),
            ..Settings::default()
        },
    )
    .await;
    let lang_cookie = |b: &crate::accounts::Browser| {
        b.set_cookies
            .iter()
            .find_map(|c| c.strip_prefix("lang="))
            .map(|c| c.split(';').next().unwrap().to_string())
    };

    // A German page asks for a sign-in link: the mail is German. The new account takes the
    // language of the browser it signs up in.
    let mut de = Browser::of(&server);
    de.lang = Some("de".into());
    let (s, _) = de
        .post(
            "/api/account/link/request",
            json!({ "email": "de@example.org" }),
        )
        .await;
    assert_eq!(s, StatusCode::ACCEPTED);
    let mail = smtp.next().await;
    let data = quoted_printable(&mail.data);
    assert!(
        data.contains("Öffne diesen Link innerhalb von 15 Minuten"),
        "{data}"
    );
    assert!(!data.contains("Open this link"), "{data}");
    let at = data.find("/signin#k=").unwrap() + "/signin#k=".len();
    let token: String = data[at..]
        .chars()
        .take_while(char::is_ascii_hexdigit)
        .collect();
    let (s, answer) = de
        .post(
            "/api/account/link",
            json!({ "token": token, "name": "Dora" }),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{answer}");
    assert_eq!(answer["account"]["lang"], "de", "{answer}");
    assert_eq!(lang_cookie(&de).as_deref(), Some("de"));

    // Quinn signs up in English, then switches to German on a page: the account keeps it.
    let mut q = Browser::of(&server);
    let token = fresh_link(&mut q, &mut smtp, "q@example.org").await;
    q.post(
        "/api/account/link",
        json!({ "token": token, "name": "Quinn" }),
    )
    .await;
    assert_eq!(q.me().await["account"]["lang"], "en");
    let (s, answer) = q.post("/api/account/lang", json!({ "lang": "tlh" })).await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{answer}");
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .contains("no language `tlh`: give one of en, de"),
        "{answer}"
    );
    assert_eq!(q.me().await["account"]["lang"], "en", "nothing changed");
    let (s, answer) = q.post("/api/account/lang", json!({ "lang": "de" })).await;
    assert_eq!(s, StatusCode::OK, "{answer}");
    assert_eq!(answer, json!({ "lang": "de", "stored": true }));
    assert_eq!(lang_cookie(&q).as_deref(), Some("de"));
    assert_eq!(q.me().await["account"]["lang"], "de");

    // Signed out, the choice is the browser's alone.
    let mut guest = Browser::of(&server);
    let (s, answer) = guest
        .post("/api/account/lang", json!({ "lang": "de" }))
        .await;
    assert_eq!(s, StatusCode::OK, "{answer}");
    assert_eq!(answer, json!({ "lang": "de", "stored": false }));
    assert_eq!(lang_cookie(&guest).as_deref(), Some("de"));

    // A new browser (English) signing in to Quinn's account is given German.
    let mut other = Browser::of(&server);
    other.lang = Some("en".into());
    let token = fresh_link(&mut other, &mut smtp, "q@example.org").await;
    let (s, answer) = other
        .post("/api/account/link", json!({ "token": token }))
        .await;
    assert_eq!(s, StatusCode::OK, "{answer}");
    assert_eq!(answer["account"]["lang"], "de", "{answer}");
    assert_eq!(lang_cookie(&other).as_deref(), Some("de"));
    assert!(
        other.set_cookies[0].starts_with("boardroom_session="),
        "{:?}",
        other.set_cookies
    );

    // Quinn's account addresses are told in German.
    q.post(
        "/api/account/notify",
        json!({ "game": "*", "email": "q-turns@example.org" }),
    )
    .await;
    let table = server.create("modern", &["human", "human"]).await;
    let links: Vec<String> = table
        .seats
        .iter()
        .map(|s| s.link.clone().unwrap())
        .collect();
    let mut c = server.connect(&links[0]).await;
    let first = c.until("state").await["to_act"][0].as_u64().unwrap() as usize;
    drop(c);
    let (p_link, q_link) = (links[first].clone(), links[1 - first].clone());
    let q_token = q_link.split("k=").nth(1).unwrap();
    q.post(
        "/api/account/claim",
        json!({ "seats": [{ "table": table.id, "token": q_token }] }),
    )
    .await;
    let mut p = server.connect(&p_link).await;
    p.until("notify").await;
    end_turn(&mut p).await;
    let mail = smtp.next().await;
    assert_eq!(mail.to, vec!["q-turns@example.org".to_string()]);
    assert!(
        mail.data.contains(&format!(
            "Subject: Du bist am Zug: Big Boss (Tisch {})",
            table.id
        )),
        "{}",
        mail.data
    );
}
