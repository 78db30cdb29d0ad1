//! The words on the page, in headless Chromium, at tables of The Boss (whose rounds, timers
//! and holdings are the richest of the three games):
//!
//! - "Since your last move" lists the moves in sentences and what changed as a player reads it
//!   ("Experience cards: nothing → College, 2 years"), never a field of the state, and never the
//!   word "null" when no holdings changed;
//! - the log heads each round with its number and the players who acted in it, and shows no
//!   notation (it is each entry's `data-notation`, for developers);
//! - a turn-based table's timers count in days and hours as the seat clocks do, never in
//!   hundreds of thousands of seconds.

use crate::browser::{open_browser, shot};
use crate::browser_theboss::test_data;
use crate::browser_theboss_table::{js, wait_for};
use crate::common::stored::StoredTable;

use boardroom_engine::Game;
use boardroom_theboss::names::exp_name;
use boardroom_theboss::state::{Config, TheBoss};
use fantoccini::Client;
use serde_json::{json, Value};
use std::time::Duration;

/// The text of the element `css` ("" when there is none).
async fn text(c: &Client, css: &str) -> String {
    js(
        c,
        &format!(
            "const e = document.querySelector({}); return e ? e.textContent : ''",
            json!(css)
        ),
    )
    .await
    .as_str()
    .unwrap_or_default()
    .to_string()
}

/// Three people: in round 1 Red draws a Fate card, Blue and Green an Experience card each;
/// in round 2 Red opens the floor, which changes nothing anyone holds.
fn table() -> (StoredTable, TheBoss) {
    let config = Config {
        players: 3,
        first_player: Some(0),
        data: Some(test_data()),
    };
    let seed = 23;
    let mut g = TheBoss::new(&config, seed).unwrap();
    let mut actions = Vec::new();
    let mut events = Vec::new();
    for (seat, a) in [
        (0, "end"),
        (0, "draw fate"),
        (1, "end"),
        (1, "draw experience"),
        (2, "end"),
        (2, "draw experience"),
        (0, "open"),
    ] {
        g.apply(seat, g.parse_action(a).unwrap(), &mut events)
            .unwrap();
        actions.push((seat, a.to_string()));
    }
    let table = StoredTable::new::<TheBoss>(
        "bosswords02",
        &config,
        seed,
        &["human", "human", "human"],
        actions,
    );
    (table, g)
}

/// Opens `link` and waits for the log and the "Since your last move" panel.
async fn open_since(c: &Client, server: &crate::common::TestServer, link: &str) {
    c.goto(&format!("{}{link}", server.url())).await.unwrap();
    wait_for(
        c,
        "the since panel",
        "const p = document.querySelector('#since-panel'); \
         return !!p && !p.hidden && document.querySelectorAll('#log li[data-index]').length === 7",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_since_panel_and_the_log_read_as_words() {
    let Some((_b, c)) = open_browser(1280, 1000).await else {
        return;
    };
    let (table, g) = table();
    let server = table.serve(Duration::ZERO).await;

    // Green last drew a card; since, Red opened the floor: moves, and nothing changed hands.
    open_since(&c, &server, &table.link(2)).await;
    let panel = text(&c, "#since-panel").await;
    assert!(panel.contains("Red opens the floor"), "{panel}");
    assert!(!panel.contains("null"), "{panel}");
    assert_eq!(
        js(
            &c,
            "return document.querySelectorAll('#since-changes').length"
        )
        .await,
        json!(0)
    );
    shot(&c, "words-01-since-nothing-changed.png").await;

    // Blue last drew a card; since, Green drew one: the change in words.
    open_since(&c, &server, &table.link(1)).await;
    let card = exp_name(g.data(), g.player(2).experience[0]);
    let changes = text(&c, "#since-changes").await;
    assert_eq!(
        changes,
        format!("Green: Experience cards: nothing → {card}")
    );
    shot(&c, "words-02-since-changes.png").await;

    // The log: each round headed with its number and the players who acted in it, no
    // notation shown, the notation kept on each entry.
    let heads = js(
        &c,
        "return [...document.querySelectorAll('#log .turn-head')].map((e) => e.textContent)",
    )
    .await;
    assert_eq!(
        heads,
        json!(["Round 2 · Red", "Round 1 · Red, Blue, Green"])
    );
    let log = text(&c, "#log").await;
    for notation in ["draw experience", "draw fate"] {
        assert!(
            !log.contains(notation),
            "`{notation}` shown in the log: {log}"
        );
    }
    assert_eq!(
        js(
            &c,
            "return [...document.querySelectorAll('#log li[data-index]')].map((e) => e.dataset.notation)"
        )
        .await,
        json!([
            "open",
            "draw experience",
            "end",
            "draw experience",
            "end",
            "draw fate",
            "end"
        ])
    );
    assert_eq!(
        js(&c, "return document.querySelectorAll('#log .act').length").await,
        json!(0)
    );
    c.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn timers_at_a_turn_based_table_count_in_days_and_hours() {
    let Some((_b, c)) = open_browser(1280, 1000).await else {
        return;
    };
    let server = crate::common::start().await;
    let created = server
        .create_with(json!({"game": "the-boss", "seats": ["human", "human"],
            "clock": {"mode": "turn", "per_move": 259200}, "data": test_data()}))
        .await;
    let link = created.seats[0].link.clone().unwrap();
    c.goto(&format!("{}{link}", server.url())).await.unwrap();
    wait_for(
        &c,
        "a timer",
        "return !!document.querySelector('#tb-timers .tb-timer .left')",
    )
    .await;
    let timers: Value = js(
        &c,
        "return [...document.querySelectorAll('#tb-timers .tb-timer')].map((e) => e.textContent)",
    )
    .await;
    let timers: Vec<String> = serde_json::from_value(timers).unwrap();
    assert!(!timers.is_empty());
    for t in &timers {
        let left = t.rsplit(" in ").next().unwrap();
        assert!(
            regex_like_days(left),
            "a timer in days and hours, as the seat clocks: {t}"
        );
    }
    shot(&c, "words-03-timers.png").await;
    c.close().await.unwrap();
}

/// Whether `text` is a time as the seat clocks write a long one: `2 d 11 h` or `71:59:58`.
fn regex_like_days(text: &str) -> bool {
    let parts: Vec<&str> = text.split(' ').collect();
    match parts.as_slice() {
        [d, "d", h, "h"] => d.parse::<u32>().is_ok() && h.len() == 2 && h.parse::<u32>().is_ok(),
        [hms] => {
            let f: Vec<&str> = hms.split(':').collect();
            f.len() == 3 && f.iter().all(|x| x.parse::<u32>().is_ok())
        }
        _ => false,
    }
}
