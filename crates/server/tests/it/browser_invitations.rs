//! Invitations in headless Chromium: Ann, signed in, creates a table in the lobby and invites
//! Bob to its second seat by name; the lobby shows the seat waiting for him (no link), and her
//! "My games" the invitation she sent. Bob, in
//! a second browser, is mailed, finds the invitation under "My games", accepts, lands on the
//! table at his seat, and plays it. Waits are bounded; nothing depends on how fast the machine
//! is.

use crate::browser::open_browser;
use crate::browser_accounts::{ask_for_link, wait_for, wait_text};
use crate::common::sinks::SmtpSink;
use crate::common::start_settings;
use boardroom_server::notify::NotifySettings;
use boardroom_server::Settings;
use fantoccini::Client;
use std::time::{Duration, Instant};

/// Signs in as a new account `name` by a link mailed to `email`.
async fn sign_in(c: &Client, base: &str, sink: &mut SmtpSink, email: &str, name: &str) {
    let path = ask_for_link(c, base, sink, email).await;
    c.goto(&format!("{base}{path}")).await.unwrap();
    wait_text(c, "#redeem-text", "Choose the name").await;
    wait_for(c, "#redeem-name-input")
        .await
        .send_keys(name)
        .await
        .unwrap();
    wait_for(c, "#redeem-form button[type=submit]")
        .await
        .click()
        .await
        .unwrap();
    wait_text(c, "#account-name", name).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_invited_person_accepts_from_my_games_and_plays() {
    let Some((_first, c)) = open_browser(1280, 900).await else {
        return;
    };
    let Some((_second, d)) = open_browser(1280, 900).await else {
        return;
    };
    let mut sink = SmtpSink::start().await;
    let dir = tempfile::tempdir().unwrap();
    let server = start_settings(
        tempfile::tempdir().unwrap(),
        Settings {
            addr: "127.0.0.1:0".parse().unwrap(),
            db: dir.path().join("a.sqlite"),
            notify: NotifySettings {
                smtp_url: Some(sink.url()),
                ..NotifySettings::default()
            },
            ..Settings::default()
        },
    )
    .await;
    let base = server.url();
    sign_in(&d, &base, &mut sink, "bob@example.com", "Bob").await;
    sign_in(&c, &base, &mut sink, "ann@example.com", "Ann Lee").await;

    // Ann: two players, both people; Bob invited to the second seat by name.
    wait_for(&c, "#players [data-players='2']")
        .await
        .click()
        .await
        .unwrap();
    wait_for(&c, "select[data-seat='0']")
        .await
        .select_by_value("human")
        .await
        .unwrap();
    wait_for(&c, "select[data-seat='1']")
        .await
        .select_by_value("human")
        .await
        .unwrap();
    wait_for(&c, "input[data-invite='1']")
        .await
        .send_keys("bob")
        .await
        .unwrap();
    wait_for(&c, "#create-btn").await.click().await.unwrap();
    wait_text(&c, "[data-invited='1']", "waits for Bob").await;
    wait_for(&c, "[data-sit='0']").await;
    let sit = wait_for(&c, "[data-sit='0']").await;
    let ann_path = sit.attr("href").await.unwrap().unwrap();
    let id = ann_path[3..].split('?').next().unwrap().to_string();
    // Ann's "My games" lists the invitation she sent, waiting.
    wait_text(&c, &format!("[data-sent='{id}:1']"), "invited Bob").await;
    let mail = sink.next().await;
    assert_eq!(mail.to, vec!["bob@example.com".to_string()]);
    assert!(mail.data.contains("Ann Lee invites you"), "{}", mail.data);

    // Bob: the invitation under "My games" (refreshed every few seconds), accepted.
    d.refresh().await.unwrap();
    wait_text(&d, "[data-invitation='1']", "Ann Lee invites you").await;
    wait_for(&d, "[data-accept='1']")
        .await
        .click()
        .await
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    let link = loop {
        let url = d.current_url().await.unwrap();
        if url.path().starts_with("/t/") && url.query().is_some_and(|q| q.starts_with("k=")) {
            break format!("{}?{}", url.path(), url.query().unwrap());
        }
        assert!(Instant::now() < deadline, "Bob never reached his seat");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    wait_for(&d, "#players .player").await;
    wait_text(&d, "#meta", "you are").await;

    // Bob's seat plays with the link his browser holds: Ann's seat moves when it must.
    let ann_link = wait_for(&c, "[data-sit='0']")
        .await
        .attr("href")
        .await
        .unwrap()
        .unwrap();
    let mut bob = server.connect(&link).await;
    bob.until("state").await;
    let mut ann = server.connect(&ann_link).await;
    ann.until("state").await;
    let mut bob_played = false;
    for _ in 0..20 {
        if let Some(action) = bob.legal().first().cloned() {
            let state = bob.play(&action).await;
            assert_eq!(state["last"]["seat"], 1, "{state}");
            bob_played = true;
            break;
        }
        let action = ann.legal().first().cloned().expect("someone may act");
        let version = ann.play(&action).await["version"].as_u64().unwrap();
        bob.until_version(version).await;
    }
    assert!(bob_played, "Bob played his seat");
    c.close().await.unwrap();
    d.close().await.unwrap();
}
