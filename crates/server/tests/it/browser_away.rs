//! Play across days in headless Chromium, at a Big Boss table of two people: the page's form
//! leaves a webhook (a bad one refused with the server's message), the person leaves, the other
//! plays and the webhook reaches the local sink; coming back, the page shows what happened
//! since (sentences, what changed, the targets marked on the board); the person plays a card
//! and takes it back, and the other person is told.

use crate::browser::{open_browser, shot, visible};
use crate::browser_history::{click, until_text};
use crate::common::sinks::HookSink;
use crate::common::start_notifying;
use crate::people::end_turn;
use boardroom_server::notify::NotifySettings;
use fantoccini::Locator;
use serde_json::json;
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn away_a_person_is_told_comes_back_to_what_happened_and_takes_back_a_slip() {
    let Some((_browser, c)) = open_browser(1280, 900).await else {
        return;
    };
    let mut hooks = HookSink::start(0).await;
    let server = start_notifying(NotifySettings {
        allow_private: true,
        away: Duration::ZERO,
        retry: Duration::from_millis(10),
        ..NotifySettings::default()
    })
    .await;
    // The person in the browser plays second; the other plays over a WebSocket.
    let table = server.create("modern", &["human", "human"]).await;
    let links: Vec<String> = table
        .seats
        .iter()
        .map(|s| s.link.clone().unwrap())
        .collect();
    let mut other = server.connect(&links[0]).await;
    let first = other.until("state").await["to_act"][0].as_u64().unwrap() as usize;
    if first != 0 {
        other = server.connect(&links[1]).await;
        other.until("state").await;
    }
    let mine = format!("{}{}", server.url(), links[1 - first]);

    // The form: a bad webhook is refused with the server's words; a good one is kept.
    c.goto(&mine).await.unwrap();
    c.wait()
        .at_most(Duration::from_secs(60))
        .for_element(Locator::Css("#away-panel:not([hidden]) #away-webhook"))
        .await
        .unwrap();
    assert!(
        visible(&c, "#away-email[disabled]").await,
        "no relay: no e-mail"
    );
    let field = c.find(Locator::Css("#away-webhook")).await.unwrap();
    field.send_keys("ftp://example.org/hook").await.unwrap();
    click(&c, "#away-save").await;
    until_text(&c, "#toast", |t| t.contains("http:// or https://")).await;
    let hook = hooks.url("me");
    let field = c.find(Locator::Css("#away-webhook")).await.unwrap();
    field.clear().await.unwrap();
    field.send_keys(&hook).await.unwrap();
    click(&c, "#away-save").await;
    until_text(&c, "#away-status", |t| t.contains(&hook)).await;
    shot(&c, "away-01-webhook.png").await;

    // Away: the page closed, the other person plays; the webhook reaches the sink.
    c.goto("about:blank").await.unwrap();
    end_turn(&mut other).await;
    let (name, body) = hooks.next().await;
    assert_eq!(name, "me");
    assert!(body["content"]
        .as_str()
        .unwrap()
        .contains("Your turn at Big Boss"));

    // Back: what happened since, in words, what changed, and the board marked.
    c.goto(&mine).await.unwrap();
    until_text(&c, "#since-panel h2", |t| t == "Since your last move").await;
    let lines = c.find_all(Locator::Css("#since-log li")).await.unwrap();
    assert!(!lines.is_empty());
    until_text(&c, "#since-changes", |t| !t.is_empty()).await;
    c.wait()
        .at_most(Duration::from_secs(60))
        .for_element(Locator::Css("[data-target].since"))
        .await
        .unwrap();
    shot(&c, "away-02-since.png").await;

    // A slip, taken back within my turn: the other person is told; the log shows it.
    until_text(&c, "#turn-text", |t| t == "Your turn").await;
    let hand = c
        .find_all(Locator::Css("#hand [data-target^='card:'].legal"))
        .await
        .unwrap();
    assert!(!hand.is_empty(), "a card to play");
    hand[0].click().await.unwrap();
    if let Ok(choice) = c.find(Locator::Css("#chooser button")).await {
        choice.click().await.unwrap();
    }
    // Acting closes the summary.
    c.wait()
        .at_most(Duration::from_secs(60))
        .for_element(Locator::Css("#since-panel[hidden]"))
        .await
        .unwrap();
    click(&c, "#undo-btn").await;
    let undone = other.until("undone").await;
    assert_eq!(undone["seat"], json!(1 - first));
    c.wait()
        .at_most(Duration::from_secs(60))
        .for_element(Locator::Css("#log li.undone"))
        .await
        .unwrap();
    until_text(&c, "#toast", |t| t.starts_with("Taken back")).await;
    shot(&c, "away-03-taken-back.png").await;
    c.close().await.unwrap();
}
