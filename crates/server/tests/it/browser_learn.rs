//! Learning at the table, in headless Chromium: the "How to play" panel from the lobby and
//! from the table of each game (it closes with Esc and with its button), a hint shown at a
//! table against a bot, and touch targets at phone width (390×844): every clickable thing of a
//! Big Boss table at least 40×40 CSS pixels. Screenshots go to `target/browser-artifacts/`.

use crate::browser::{open_browser, shot, visible};
use crate::common;

use fantoccini::{Client, Locator};
use serde_json::json;
use std::time::{Duration, Instant};

/// Waits (bounded) until `css` is displayed, or panics naming `what`.
async fn wait_visible(c: &Client, css: &str, what: &str) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while !visible(c, css).await {
        assert!(Instant::now() < deadline, "{what}: `{css}` never showed");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Waits (bounded) until `css` is no longer displayed.
async fn wait_hidden(c: &Client, css: &str, what: &str) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while visible(c, css).await {
        assert!(Instant::now() < deadline, "{what}: `{css}` stayed");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The text of the open panel's body, once loaded.
async fn panel_text(c: &Client) -> String {
    wait_visible(c, "#howto[open] #howto-body h2", "the panel's fragment").await;
    c.find(Locator::Css("#howto-body"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap()
}

/// Opens the panel with `#howto-btn`, checks its text, closes it with Esc, opens it again and
/// closes it with its close button.
async fn check_panel(c: &Client, expect: &[&str], shot_name: &str) {
    c.find(Locator::Css("#howto-btn"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let text = panel_text(c).await;
    for e in expect {
        assert!(text.contains(e), "`{e}` missing from: {text}");
    }
    shot(c, shot_name).await;
    // Scrollable: the body scrolls when the text is longer than the dialog.
    let scrolls: bool = c
        .execute(
            "const b = document.getElementById('howto-body'); \
             return getComputedStyle(b).overflowY === 'auto' && b.scrollHeight > b.clientHeight;",
            vec![],
        )
        .await
        .unwrap()
        .as_bool()
        .unwrap();
    assert!(scrolls, "the rules scroll inside the panel");
    c.find(Locator::Css("#howto-body"))
        .await
        .unwrap()
        .send_keys("\u{E00C}")
        .await
        .unwrap();
    wait_hidden(c, "#howto", "Esc closes the panel").await;
    c.find(Locator::Css("#howto-btn"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    panel_text(c).await;
    c.find(Locator::Css("#howto-close"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_hidden(c, "#howto", "the close button closes the panel").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn how_to_play_opens_from_the_lobby_and_the_table_of_each_game() {
    let Some((_browser, c)) = open_browser(1280, 900).await else {
        return;
    };
    let server = common::start().await;

    // The lobby: the panel follows the chosen game.
    c.goto(&server.url()).await.unwrap();
    c.wait()
        .for_element(Locator::Css("#game option[value='big-shot']"))
        .await
        .unwrap();
    check_panel(
        &c,
        &[
            "Your turn, step by step",
            "worked example",
            "Classic (1994)",
        ],
        "learn-01-lobby-howto.png",
    )
    .await;
    c.find(Locator::Css("#game"))
        .await
        .unwrap()
        .select_by_value("big-shot")
        .await
        .unwrap();
    check_panel(
        &c,
        &["A round, step by step", "Who owns a lot", "worked example"],
        "learn-02-lobby-howto-big-shot.png",
    )
    .await;

    // The table of each game and edition: the table's own edition is marked.
    for (body, expect, marked) in [
        (
            json!({"game": "big-boss", "edition": "classic", "seats": ["human", "random"]}),
            "Owner flags",
            Some("classic"),
        ),
        (
            json!({"game": "big-boss", "edition": "modern", "seats": ["human", "random"]}),
            "Radio towers",
            Some("modern"),
        ),
        (
            json!({"game": "big-shot", "seats": ["human", "random"]}),
            "Hidden money",
            None,
        ),
    ] {
        let t = server.create_with(body).await;
        c.goto(&format!(
            "{}{}",
            server.url(),
            t.seats[0].link.as_ref().unwrap()
        ))
        .await
        .unwrap();
        wait_visible(&c, "#players .player", "the table").await;
        check_panel(&c, &[expect, "The goal"], "learn-03-table-howto.png").await;
        if let Some(edition) = marked {
            c.find(Locator::Css("#howto-btn"))
                .await
                .unwrap()
                .click()
                .await
                .unwrap();
            panel_text(&c).await;
            let css = format!("#howto-body h2.this-edition[data-edition='{edition}']");
            assert!(visible(&c, &css).await, "{css}");
            c.find(Locator::Css("#howto-close"))
                .await
                .unwrap()
                .click()
                .await
                .unwrap();
        }
    }
    c.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hint_is_shown_at_a_table_against_a_bot() {
    let Some((_browser, c)) = open_browser(1280, 900).await else {
        return;
    };
    let server = common::start().await;
    let t = server
        .create_with(json!({"game": "big-shot", "seats": ["human", "easy"]}))
        .await;
    c.goto(&format!(
        "{}{}",
        server.url(),
        t.seats[0].link.as_ref().unwrap()
    ))
    .await
    .unwrap();
    // The panel shows on our turn (the bot may act first).
    wait_visible(&c, "#hint-panel #hint-btn", "the hint button on our turn").await;
    c.find(Locator::Css("#hint-btn"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_visible(&c, "#hint-list li .hint-chance", "a hint").await;
    let text = c
        .find(Locator::Css("#hint-list"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(text.contains('%') || text.contains("not tried"), "{text}");
    let rows = c.find_all(Locator::Css("#hint-list li")).await.unwrap();
    assert!(!rows.is_empty() && rows.len() <= 3, "{text}");
    shot(&c, "learn-04-hint.png").await;
    // At a table of two people without hints allowed, there is no Hint button.
    let t = server
        .create_with(json!({"game": "big-shot", "seats": ["human", "human"]}))
        .await;
    for seat in &t.seats {
        c.goto(&format!("{}{}", server.url(), seat.link.as_ref().unwrap()))
            .await
            .unwrap();
        wait_visible(&c, "#players .player", "the table").await;
        wait_visible(&c, "#prompt .what", "the prompt").await;
        assert!(!visible(&c, "#hint-btn").await, "no hints among people");
    }
    c.close().await.unwrap();
}

/// Every visible clickable element of the page smaller than 40×40 CSS pixels, described.
pub(crate) const SMALL_TARGETS: &str = r#"
const small = [];
for (const el of document.querySelectorAll("button, a[href], input, select, [data-act], [data-target].legal, [data-target][data-try], [role=button]")) {
  const r = el.getBoundingClientRect();
  const style = getComputedStyle(el);
  if (r.width === 0 || r.height === 0 || style.visibility === "hidden" || el.closest("[hidden]")) continue;
  if (r.width < 40 || r.height < 40) {
    small.push(`${el.tagName.toLowerCase()}#${el.id}.${String(el.className.baseVal ?? el.className)} ${el.getAttribute("data-target") || el.getAttribute("data-act") || el.textContent.trim().slice(0, 20)}: ${r.width.toFixed(0)}x${r.height.toFixed(0)}`);
  }
}
return small;
"#;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_big_boss_target_is_large_enough_on_a_phone() {
    let Some((_browser, c)) = open_browser(390, 844).await else {
        return;
    };
    let server = common::start().await;
    // The window's outer size includes no chrome in headless mode: the page is 390 wide.
    let t = server
        .create_with(json!({"game": "big-boss", "edition": "modern", "seats": ["human", "random"]}))
        .await;
    c.goto(&format!(
        "{}{}",
        server.url(),
        t.seats[0].link.as_ref().unwrap()
    ))
    .await
    .unwrap();
    let width = c
        .execute("return window.innerWidth;", vec![])
        .await
        .unwrap();
    assert!(width.as_f64().unwrap() <= 400.0, "{width}");
    // Play a few turns by clicking, measuring at every state where we may act.
    let deadline = Instant::now() + Duration::from_secs(120);
    let mut measured = 0;
    let mut rng = 0x853c49e6748fea9bu64;
    while measured < 6 {
        assert!(Instant::now() < deadline, "only {measured} states measured");
        if !visible(&c, "body:not(.pending) #prompt.mine").await {
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        }
        let small = c.execute(SMALL_TARGETS, vec![]).await.unwrap();
        let small: Vec<String> = serde_json::from_value(small).unwrap();
        if measured == 0 {
            shot(&c, "learn-05-phone-targets.png").await;
        }
        assert!(
            small.is_empty(),
            "targets under 40x40 at 390 px: {small:#?}"
        );
        measured += 1;
        let options = c
            .find_all(Locator::Css("[data-act], [data-target].legal"))
            .await
            .unwrap_or_default();
        if options.is_empty() {
            continue;
        }
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let pick = &options[(rng % options.len() as u64) as usize];
        let _ = pick.click().await;
        // Bounded wait for the page to take the click (pending, or a new state).
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
    c.close().await.unwrap();
}
