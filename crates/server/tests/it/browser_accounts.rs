//! Accounts in headless Chromium: a guest who played at a seat asks for a sign-in link in the
//! lobby, opens the link the local SMTP sink caught, chooses a name, and finds the seat under
//! "My games"; a second browser signs in to the same account by another link and sees the same
//! game with its link. Waits are bounded; nothing depends on how fast the machine is.

use crate::browser::open_browser;
use crate::common::sinks::SmtpSink;
use crate::common::start_settings;
use boardroom_server::notify::NotifySettings;
use boardroom_server::Settings;
use fantoccini::{Client, Locator};
use serde_json::json;
use std::time::{Duration, Instant};

/// The longest any single wait of this test lasts.
const PATIENCE: Duration = Duration::from_secs(60);

pub(crate) async fn wait_for(c: &Client, css: &str) -> fantoccini::elements::Element {
    c.wait()
        .at_most(PATIENCE)
        .for_element(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("`{css}` did not appear: {e}"))
}

/// Waits until the first element matching `css` shows `text`.
pub(crate) async fn wait_text(c: &Client, css: &str, text: &str) {
    let deadline = Instant::now() + PATIENCE;
    loop {
        let shown = match c.find(Locator::Css(css)).await {
            Ok(e) => e.text().await.unwrap_or_default(),
            Err(_) => String::new(),
        };
        if shown.contains(text) {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "`{css}` shows {shown:?}, never {text:?}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// In the lobby: asks for a sign-in link for `email`, and returns the link's path from the mail.
pub(crate) async fn ask_for_link(
    c: &Client,
    base: &str,
    sink: &mut SmtpSink,
    email: &str,
) -> String {
    c.goto(base).await.unwrap();
    wait_for(c, "#signin-email")
        .await
        .send_keys(email)
        .await
        .unwrap();
    wait_for(c, "#signin-form button[type=submit]")
        .await
        .click()
        .await
        .unwrap();
    let mail = sink.next().await;
    assert_eq!(mail.to, vec![email.to_string()]);
    let at = mail.data.find("/signin#k=").expect("a sign-in link");
    mail.data[at..]
        .split_whitespace()
        .next()
        .unwrap()
        .to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sign_in_by_mailed_link_and_my_games_on_a_second_browser() {
    let Some((_first, c)) = open_browser(1280, 900).await else {
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
    let t = server
        .create_with(json!({"game": "big-boss", "seats": ["human", "human"]}))
        .await;
    let link = t.seats[0].link.clone().unwrap();

    // A guest plays at seat 1, then signs in: the seat goes into the new account.
    c.goto(&format!("{base}{link}")).await.unwrap();
    wait_for(&c, "#players .player").await;
    let path = ask_for_link(&c, &base, &mut sink, "ann@example.com").await;
    c.goto(&format!("{base}{path}")).await.unwrap();
    wait_text(&c, "#redeem-text", "Choose the name").await;
    wait_for(&c, "#redeem-name-input")
        .await
        .send_keys("Ann Lee")
        .await
        .unwrap();
    wait_for(&c, "#redeem-form button[type=submit]")
        .await
        .click()
        .await
        .unwrap();
    wait_text(&c, "#account-name", "Ann Lee").await;
    let row = format!("[data-my-game='{}']", t.id);
    wait_for(&c, &row).await;
    assert_eq!(
        c.current_url().await.unwrap().path(),
        "/",
        "the link leaves the address bar"
    );

    // The account's language, chosen in its panel: this page is written again in German, and
    // the account keeps it.
    wait_for(&c, "#account-lang")
        .await
        .select_by_value("de")
        .await
        .unwrap();
    wait_text(&c, "#signed-in", "Angemeldet als").await;
    let lang = c
        .execute("return document.documentElement.lang", vec![])
        .await
        .unwrap();
    assert_eq!(lang, "de");

    // Another browser, another link to the same address: the same game, with its seat link,
    // in the account's language.
    let Some((_second, d)) = open_browser(1280, 900).await else {
        return;
    };
    let path = ask_for_link(&d, &base, &mut sink, "ann@example.com").await;
    d.goto(&format!("{base}{path}")).await.unwrap();
    wait_text(&d, "#redeem-text", "Sign in with this link").await;
    assert!(!wait_for(&d, "#redeem-name")
        .await
        .is_displayed()
        .await
        .unwrap());
    wait_for(&d, "#redeem-form button[type=submit]")
        .await
        .click()
        .await
        .unwrap();
    wait_text(&d, "#account-name", "Ann Lee").await;
    let play = wait_for(&d, &format!("{row} a.btn")).await;
    assert_eq!(
        play.attr("href").await.unwrap().as_deref(),
        Some(link.as_str())
    );
    wait_text(&d, &row, "Platz 1").await;
    let lang = d
        .execute("return document.documentElement.lang", vec![])
        .await
        .unwrap();
    assert_eq!(lang, "de", "the account's language reaches its new browser");

    // Signing out everywhere from the second browser signs the first out too.
    wait_for(&d, "#signout-everywhere")
        .await
        .click()
        .await
        .unwrap();
    wait_for(&d, "#signin-form:not([hidden])").await;
    c.refresh().await.unwrap();
    wait_for(&c, "#signin-form:not([hidden])").await;
    c.close().await.unwrap();
    d.close().await.unwrap();
}
