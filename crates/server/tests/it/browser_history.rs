//! A table's history in headless Chromium: the whole log, the record downloaded from a finished
//! table's page and replayed through the library path of `boardroom replay`, stepping through
//! the replay, and taking back a slip against a bot (refused after a deck draw).

use crate::browser::{open_browser, shot, visible};
use crate::common::{start, start_with_bot_delay};
use crate::history::replay_record;
use boardroom_engine::{Game, Viewer};
use fantoccini::{Client, Locator};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// Waits (bounded) until `css` matches a visible element, and returns its text.
async fn text_of(c: &Client, css: &str) -> String {
    let e = c
        .wait()
        .at_most(Duration::from_secs(60))
        .for_element(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("no `{css}`: {e}"));
    e.text().await.unwrap()
}

/// Waits (bounded) until the text of `css` satisfies `ok`, and returns it.
pub(crate) async fn until_text(c: &Client, css: &str, ok: impl Fn(&str) -> bool) -> String {
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut seen = None;
    loop {
        if let Ok(e) = c.find(Locator::Css(css)).await {
            if let Ok(t) = e.text().await {
                if ok(&t) {
                    return t;
                }
                seen = Some(t);
            }
        }
        assert!(
            Instant::now() < deadline,
            "`{css}` never showed the text awaited (last seen: {seen:?})"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Whether the text of `css` satisfies `ok` within `patience`.
async fn shows_within(
    c: &Client,
    css: &str,
    patience: Duration,
    ok: impl Fn(&str) -> bool,
) -> bool {
    let deadline = Instant::now() + patience;
    while Instant::now() < deadline {
        if let Ok(e) = c.find(Locator::Css(css)).await {
            if e.text().await.is_ok_and(|t| ok(&t)) {
                return true;
            }
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    false
}

pub(crate) async fn click(c: &Client, css: &str) {
    c.wait()
        .at_most(Duration::from_secs(60))
        .for_element(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("no `{css}`: {e}"))
        .click()
        .await
        .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_is_downloaded_and_replayed_step_by_step() {
    let Some((_browser, c)) = open_browser(1280, 900).await else {
        return;
    };
    let server = start().await;
    let table = server.create("modern", &["random", "random"]).await;
    // Bots play the game to its end.
    let mut watcher = server.connect(&table.spectator).await;
    let end = loop {
        let v = watcher.until("state").await;
        if v["to_act"].as_array().unwrap().is_empty() {
            break v;
        }
    };
    let version = end["version"].as_u64().unwrap() as usize;
    c.goto(&format!("{}{}", server.url(), table.spectator))
        .await
        .unwrap();

    // The whole log, grouped by turn.
    until_text(&c, "#log-count", |t| t == format!("{version} actions")).await;
    let entries = c
        .find_all(Locator::Css("#log li[data-index]"))
        .await
        .unwrap();
    assert_eq!(entries.len(), version);
    let heads = c.find_all(Locator::Css("#log .turn-head")).await.unwrap();
    assert!(heads.len() > 1);
    assert!(heads[0].text().await.unwrap().starts_with("Turn "));

    // The record, fetched through the page's download link, replays to the same end.
    click(&c, "#final-close").await;
    let href = c
        .wait()
        .for_element(Locator::Css("#record-link"))
        .await
        .unwrap()
        .attr("href")
        .await
        .unwrap()
        .expect("the link has an address");
    let text = c
        .execute_async(
            "const [href, done] = arguments; fetch(href).then((r) => r.text()).then(done);",
            vec![json!(href)],
        )
        .await
        .unwrap();
    let record: Value = serde_json::from_str(text.as_str().unwrap()).unwrap();
    let game = replay_record(&record);
    assert_eq!(
        serde_json::to_value(game.observe(Viewer::Spectator)).unwrap(),
        end["observation"]
    );

    // The replay: forward, back, to the end, to a turn, another seat's view.
    click(&c, "#replay-btn").await;
    until_text(&c, "#replay-where", |t| {
        t.starts_with(&format!("Step 0 of {version}"))
    })
    .await;
    shot(&c, "history-01-replay-start.png").await;
    // The replay names whose view it is, not "you", and its prompt is the step's turn, not the
    // live table's "game over".
    let viewed = until_text(&c, "#players .player.you .row1", |t| {
        t.contains("(viewing as)")
    })
    .await;
    assert!(!viewed.contains("(you)"), "{viewed}");
    let prompt = until_text(&c, "#prompt-text", |t| t.starts_with("At this step: ")).await;
    assert!(prompt.contains(" to play (turn "), "{prompt}");
    assert!(
        ["Red", "Blue"].iter().any(|n| prompt.contains(n)),
        "{prompt}"
    );
    assert!(!prompt.to_lowercase().contains("over"), "{prompt}");
    click(&c, "#replay-forward").await;
    until_text(&c, "#replay-where", |t| t.starts_with("Step 1 of")).await;
    // The step's action in words (its events), its notation kept out of sight.
    let last = text_of(&c, "#replay-last-action").await;
    let notation = record["actions"][0]["action"].as_str().unwrap().to_string();
    let who = ["Red", "Blue"][record["actions"][0]["seat"].as_u64().unwrap() as usize];
    assert!(last.starts_with(who) && !last.contains(&notation), "{last}");
    let kept = c
        .find(Locator::Css("#replay-last-action"))
        .await
        .unwrap()
        .attr("data-notation")
        .await
        .unwrap();
    assert_eq!(kept.as_deref(), Some(notation.as_str()));
    click(&c, "#replay-forward").await;
    until_text(&c, "#replay-where", |t| t.starts_with("Step 2 of")).await;
    click(&c, "#replay-back").await;
    until_text(&c, "#replay-where", |t| t.starts_with("Step 1 of")).await;
    click(&c, "#replay-last").await;
    until_text(&c, "#replay-where", |t| {
        t.starts_with(&format!("Step {version} of"))
    })
    .await;
    until_text(&c, "#prompt-text", |t| {
        t == "At this step: the game has ended."
    })
    .await;
    // Every seat's hand is shown in the replay: switch to Blue's view.
    // (Chosen again, bounded, should the choice reach the page while its controls are being
    // redrawn by a frame.)
    // Red's view first, then Blue's: whichever seat the replay shows by default, Blue's view
    // after an explicit Red one proves the page took the choice (and keeps it below).
    for (value, name) in [("0", "Red"), ("1", "Blue")] {
        let mut tries = 0;
        loop {
            tries += 1;
            if let Ok(select) = c.find(Locator::Css("#replay-seat")).await {
                let _ = select.select_by_value(value).await;
            }
            let viewing = format!("{name} (viewing as)");
            if shows_within(
                &c,
                "#players .player.you .row1",
                Duration::from_secs(20),
                |t| t.starts_with(&viewing),
            )
            .await
            {
                break;
            }
            assert!(tries < 3, "the replay never showed {name}'s view");
        }
    }
    until_text(&c, "#replay-seat option:checked", |t| t.starts_with("Blue")).await;
    let turns = c
        .find_all(Locator::Css("#replay-turn option"))
        .await
        .unwrap();
    assert!(turns.len() > 1);
    let third = turns[turns.len() / 2].attr("value").await.unwrap().unwrap();
    c.find(Locator::Css("#replay-turn"))
        .await
        .unwrap()
        .select_by_value(&third)
        .await
        .unwrap();
    until_text(&c, "#replay-where", |t| {
        t.starts_with(&format!("Step {third} of"))
    })
    .await;
    // The view stays Blue's.
    until_text(&c, "#players .player.you .row1", |t| {
        t.starts_with("Blue (viewing as)")
    })
    .await;
    // The hand shown is Blue's, and says so.
    until_text(&c, "#hand-title", |t| t == "Blue's hand").await;
    shot(&c, "history-02-replay-turn.png").await;
    click(&c, "#replay-close").await;
    until_text(&c, "#turn-text", |t| t == "Game over").await;
    assert!(!visible(&c, "#replay-bar").await);
    // Back at the live table, a spectator's page labels no seat as its own.
    until_text(&c, "#prompt-text", |t| t == "The game is over.").await;
    let players = text_of(&c, "#players").await;
    assert!(
        !players.contains("(viewing as)") && !players.contains("(you)"),
        "{players}"
    );

    // The lobby lists it among the recently finished tables, with the winner.
    c.goto(&server.url()).await.unwrap();
    let item = until_text(
        &c,
        &format!("#finished-list li[data-table='{}']", table.id),
        |t| t.contains("won by"),
    )
    .await;
    assert!(item.contains("Big Boss"), "{item}");
    assert!(
        c.find(Locator::Css(&format!(
            "#table-list a[href*='{}']",
            table.id
        )))
        .await
        .is_err(),
        "a finished table is not among the tables being played"
    );
    c.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slip_is_taken_back_against_a_bot_but_not_a_deck_draw() {
    let Some((_browser, c)) = open_browser(1280, 900).await else {
        return;
    };
    // The bot waits long: the person's turn stays theirs while the page is checked.
    let server = start_with_bot_delay(Duration::from_secs(600)).await;
    let mut tries = 0;
    let (table, mut probe) = loop {
        tries += 1;
        assert!(tries < 64, "Red never began");
        let table = server.create("modern", &["human", "random"]).await;
        let mut probe = server
            .connect(table.seats[0].link.as_deref().unwrap())
            .await;
        if probe.until("state").await["to_act"] == json!([0]) {
            break (table, probe);
        }
    };
    c.goto(&format!(
        "{}{}",
        server.url(),
        table.seats[0].link.as_deref().unwrap()
    ))
    .await
    .unwrap();
    until_text(&c, "#turn-text", |t| t == "Your turn").await;
    assert!(!visible(&c, "#undo-btn").await, "nothing to take back yet");
    // Play a card of the hand.
    let hand = c
        .find_all(Locator::Css("#hand [data-target^='card:'].legal"))
        .await
        .unwrap();
    assert!(!hand.is_empty(), "a card to play");
    hand[0].click().await.unwrap();
    if let Ok(choice) = c.find(Locator::Css("#chooser button")).await {
        choice.click().await.unwrap();
    }
    probe.until_version(1).await;
    click(&c, "#undo-btn").await;
    c.wait()
        .at_most(Duration::from_secs(60))
        .for_element(Locator::Css("#log li.undone"))
        .await
        .unwrap();
    probe.until_version(2).await;
    assert_eq!(server.stored_actions(&table.id).len(), 1);
    until_text(&c, "#turn-text", |t| t == "Your turn").await;
    shot(&c, "history-03-taken-back.png").await;

    // Buy from the deck: the card drawn cannot be taken back.
    click(&c, "[data-target='deck'].legal").await;
    probe.until_version(3).await;
    click(&c, "#undo-btn").await;
    until_text(&c, "#toast", |t| t.contains("cannot be taken back")).await;
    shot(&c, "history-04-refused.png").await;
    assert_eq!(server.stored_actions(&table.id).len(), 2);
    probe.send(json!({"type": "sync"})).await;
    assert_eq!(probe.until("state").await["version"], 3);
    c.close().await.unwrap();
}
