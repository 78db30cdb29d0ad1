//! Seat clocks and stand-ins in headless Chromium:
//!
//! - the lobby refuses a bad clock in the units of its form (minutes), creates a live one,
//!   the table page counts the running clock down and shows no clock at a bot's seat, and "My
//!   tables on this device" lists the table with whose turn it is and the person's clock;
//! - a person leaves mid-game and the stand-in plays their seat to the end (the page they
//!   come back to shows the final scores, the stand-in's moves in the log, in words, and no
//!   clock, the game being over); a turn-based
//!   Big Boss game with one person absent throughout is played to the end by the stand-in,
//!   watched from the spectator link; a person who comes back mid-way takes the seat back
//!   with one click;
//! - a person who plays, leaves and comes back while the stand-in plays finds the stand-in's
//!   moves in "Since your last move", each marked as played for them by their stand-in.
//!
//! Every wait is bounded; nothing depends on how fast the machine is.

use crate::browser::{create_in_lobby, open_browser, play_away, shot, LobbyTable};
use crate::browser_theboss_table::{click, js, wait_for};
use crate::common::{self, Client as Ws};

use fantoccini::{Client, Locator};
use serde_json::{json, Value};
use std::time::Duration;

/// Writes `value` into the field or select `css` as typing or choosing would.
async fn fill(c: &Client, css: &str, value: &str) {
    let done = c
        .execute(
            "const e = document.querySelector(arguments[0]); if (!e) return false; \
             e.value = arguments[1]; e.dispatchEvent(new Event('input', {bubbles: true})); \
             e.dispatchEvent(new Event('change', {bubbles: true})); return true",
            vec![json!(css), json!(value)],
        )
        .await
        .unwrap();
    assert_eq!(done, Value::Bool(true), "no `{css}` to fill");
}

/// The text of the first element matching `css` (empty when there is none).
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

/// Reads the spectator's messages until the game is over.
async fn until_over(ws: &mut Ws) {
    loop {
        let v = ws.next().await.expect("open connection");
        if v["type"] == "state" && v["to_act"].as_array().is_some_and(|a| a.is_empty()) {
            return;
        }
    }
}

/// Reads the spectator's messages until a stand-in has played for seat 0; the move's index.
async fn until_stand_in_moved(ws: &mut Ws) -> u64 {
    loop {
        let v = ws.next().await.expect("open connection");
        if v["type"] == "state" && v["last"]["seat"] == 0 && v["last"]["by"] == "standin" {
            return v["last"]["index"].as_u64().unwrap();
        }
    }
}

/// Clicks `css` in a panel the page redraws with every message. A WebDriver click finds the
/// element, then clicks it: a stand-in playing fast can redraw the panel in between, as often
/// as a busy machine lets it. The page's own click, run in one script, finds and clicks the
/// button of the moment (retried a bounded number of times while the button is not drawn).
async fn click_fresh(c: &Client, css: &str) {
    let script = "const b = document.querySelector(arguments[0]); \
                  if (!b) return false; b.click(); return true;";
    for _ in 0..100 {
        let clicked = c
            .execute(script, vec![serde_json::json!(css)])
            .await
            .unwrap_or_else(|e| panic!("{css}: {e}"));
        if clicked == serde_json::Value::Bool(true) {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("{css} never appeared");
}

/// The table page shows the table (welcome and state received).
async fn seated(c: &Client) {
    wait_for(
        c,
        "the table",
        "return document.querySelectorAll('#players .player').length > 0",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_refuses_bad_clocks_counts_down_and_lists_my_tables() {
    let Some((_browser, c)) = open_browser(1280, 900).await else {
        return;
    };
    let server = common::start().await;
    c.goto(&server.url()).await.unwrap();
    c.wait()
        .for_element(Locator::Css("#game option"))
        .await
        .unwrap();
    fill(&c, "#game", "big-boss").await;

    // A live clock with no time at all: refused in the form's units, nothing created.
    fill(&c, "#clock-mode", "live").await;
    assert!(
        !js(&c, "return document.querySelector('#clock-live').hidden")
            .await
            .as_bool()
            .unwrap()
    );
    fill(&c, "#clock-bank", "0").await;
    click(&c, "#create-btn").await;
    wait_for(
        &c,
        "the refusal",
        "return document.querySelector('#create-error').textContent.includes('bank')",
    )
    .await;
    let refusal = text(&c, "#create-error").await;
    assert_eq!(
        refusal,
        "The time bank is a whole number of minutes from 1 to 240."
    );
    assert!(!js(&c, "return !!document.querySelector('[data-sit]')")
        .await
        .as_bool()
        .unwrap());

    // Ten minutes and 15 s a move: created; the running clock counts down on the page.
    fill(&c, "#clock-bank", "10").await;
    let sit = create_in_lobby(
        &c,
        LobbyTable {
            players: 2,
            kinds: &[(1, "random")],
            ..LobbyTable::default()
        },
    )
    .await;
    sit.click().await.unwrap();
    seated(&c).await;
    wait_for(
        &c,
        "a running clock",
        "const e = document.querySelector('.seat-clock.running'); \
         return !!e && /^\\d+:\\d\\d$/.test(e.textContent)",
    )
    .await;
    let first = text(&c, ".seat-clock.running").await;
    wait_for(
        &c,
        "the clock counting down",
        &format!(
            "const e = document.querySelector('.seat-clock.running'); \
             const secs = (t) => t.split(':').reduce((a, b) => a * 60 + Number(b), 0); \
             return !!e && secs(e.textContent) < secs({})",
            json!(first)
        ),
    )
    .await;
    assert!(first.starts_with("9:") || first == "10:00", "{first}");
    // The bot's seat shows no clock: it never runs.
    assert_eq!(
        js(
            &c,
            "return [0, 1].map((s) => document.querySelectorAll(`#players .player[data-seat=\"${s}\"] .seat-clock`).length)"
        )
        .await,
        json!([1, 0])
    );
    shot(&c, "clocks-table.png").await;

    // Back in the lobby: the table is among mine, with whose turn and the person's clock (the
    // bot's never runs).
    c.goto(&server.url()).await.unwrap();
    wait_for(
        &c,
        "my tables",
        "const li = document.querySelector('#my-tables:not([hidden]) [data-my-table]'); \
         return !!li && li.querySelectorAll('.seat-clock').length === 1 && \
         /\\d+:\\d\\d/.test(li.querySelector('.seat-clock').textContent)",
    )
    .await;
    wait_for(
        &c,
        "whose turn",
        "return document.querySelector('[data-my-table] .whose').textContent === 'your turn'",
    )
    .await;
    let play = js(
        &c,
        "const a = document.querySelector('[data-my-table] a.btn'); \
         return a ? [a.textContent, a.getAttribute('href')] : null",
    )
    .await;
    assert_eq!(play[0], "Play Red", "{play}");
    assert!(play[1].as_str().unwrap().contains("?k="), "{play}");
    shot(&c, "clocks-my-tables.png").await;
    c.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn absent_people_are_replaced_by_stand_ins_and_take_their_seat_back() {
    let Some((_browser, c)) = open_browser(1280, 900).await else {
        return;
    };

    // A person plays a few moves, leaves mid-game, and the stand-in plays on to the end.
    let server = common::start().await;
    let t = server
        .create_with(json!({"game": "big-boss", "seats": ["human", "random"],
            "clock": {"mode": "live", "bank": 600, "increment": 5, "absent": 1,
                      "standin": "random"}}))
        .await;
    let link = t.seats[0].link.clone().unwrap();
    let mut rng = 7;
    play_away(&server, &link, &mut rng, |s| {
        s["version"].as_u64().unwrap_or(0) >= 4
    })
    .await;
    c.goto(&format!("{}{link}", server.url())).await.unwrap();
    seated(&c).await;
    let mut watcher = server.connect(&t.spectator).await;
    c.goto(&server.url()).await.unwrap();
    until_over(&mut watcher).await;
    c.goto(&format!("{}{link}", server.url())).await.unwrap();
    wait_for(
        &c,
        "the final scores",
        "return document.querySelector('#final').classList.contains('show')",
    )
    .await;
    wait_for(
        &c,
        "the stand-in's moves in the log",
        "return document.querySelectorAll('#log li.standin').length > 0 && \
         [...document.querySelectorAll('#log li.standin .by')].every(e => e.textContent === 'The stand-in played for Red')",
    )
    .await;
    // Words only: no notation line under the entries (the notation is the entry's
    // `data-notation`), and no clock once the game is over.
    assert_eq!(
        js(
            &c,
            "return [document.querySelectorAll('#log .act').length, \
             document.querySelectorAll('#log li[data-index]:not([data-notation])').length, \
             document.querySelectorAll('#players .seat-clock').length]"
        )
        .await,
        json!([0, 0, 0])
    );
    shot(&c, "clocks-stand-in-finished.png").await;

    // A turn-based game with one person absent throughout, watched from the spectator link:
    // the clock's timeout hands the seat to the stand-in (the default level), which plays it
    // to the end.
    let t = server
        .create_with(json!({"game": "big-boss", "seats": ["human", "random"],
            "clock": {"mode": "turn", "per_move": 1}}))
        .await;
    c.goto(&format!("{}{}", server.url(), t.spectator))
        .await
        .unwrap();
    wait_for(
        &c,
        "the stand-in named at the seat",
        "const p = document.querySelector('#players .player[data-seat=\"0\"] .kind'); \
         return !!p && p.textContent === 'stand-in · heuristic' || \
         document.querySelector('#final').classList.contains('show')",
    )
    .await;
    // Drawing every move costs the browser more than playing them costs the server: the page
    // is left meanwhile and opened again at the end.
    let mut watcher = server.connect(&t.spectator).await;
    c.goto(&server.url()).await.unwrap();
    until_over(&mut watcher).await;
    c.goto(&format!("{}{}", server.url(), t.spectator))
        .await
        .unwrap();
    wait_for(
        &c,
        "the end of the turn-based game",
        "return document.querySelector('#final').classList.contains('show')",
    )
    .await;
    wait_for(
        &c,
        "the timeout in the log",
        "return document.querySelectorAll('#log li[data-by=\"clock\"]').length === 1 && \
         document.querySelector('#log li[data-by=\"clock\"] .by').textContent === \"Red's time ran out: the stand-in played\"",
    )
    .await;
    shot(&c, "clocks-turn-based-finished.png").await;

    // A person leaves, the stand-in plays, the person comes back mid-way and takes the seat
    // back with one click (the bots take their time, so the game is far from over).
    let slow = common::start_with_bot_delay(Duration::from_millis(300)).await;
    let t = slow
        .create_with(json!({"game": "big-boss", "seats": ["human", "random"],
            "clock": {"mode": "live", "bank": 600, "increment": 5, "absent": 1,
                      "standin": "random"}}))
        .await;
    let link = t.seats[0].link.clone().unwrap();
    c.goto(&format!("{}{link}", slow.url())).await.unwrap();
    seated(&c).await;
    let mut watcher = slow.connect(&t.spectator).await;
    c.goto(&slow.url()).await.unwrap();
    until_stand_in_moved(&mut watcher).await;
    c.goto(&format!("{}{link}", slow.url())).await.unwrap();
    seated(&c).await;
    wait_for(
        &c,
        "the take-back button",
        "return !!document.querySelector('#take-seat') && \
         !!document.querySelector('#players .player.stood-in.you')",
    )
    .await;
    shot(&c, "clocks-stood-in.png").await;
    click_fresh(&c, "#take-seat").await;
    wait_for(
        &c,
        "the seat back",
        "return !document.querySelector('#take-seat') && \
         !document.querySelector('#players .player.stood-in') && \
         !document.querySelector('#take-seat-prompt')",
    )
    .await;
    // The person's turn comes back to them: something to play on the page.
    wait_for(
        &c,
        "the person's own turn",
        "return document.querySelectorAll('#view .legal, #prompt [data-act]').length > 0",
    )
    .await;
    shot(&c, "clocks-seat-taken-back.png").await;
    c.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn since_your_last_move_shows_the_stand_ins_moves_marked() {
    let Some((_browser, c)) = open_browser(1280, 900).await else {
        return;
    };
    // The bots take their time, so the game is far from over when the person is back.
    let slow = common::start_with_bot_delay(Duration::from_millis(300)).await;
    let t = slow
        .create_with(json!({"game": "big-boss", "seats": ["human", "random"],
            "clock": {"mode": "live", "bank": 600, "increment": 5, "absent": 1,
                      "standin": "random"}}))
        .await;
    let link = t.seats[0].link.clone().unwrap();
    // The person plays a move of their own and leaves; gone too long, the stand-in plays.
    let mut rng = 11;
    play_away(&slow, &link, &mut rng, |s| {
        s["last"]["seat"] == 0 && s["last"].get("by").is_none()
    })
    .await;
    let mut watcher = slow.connect(&t.spectator).await;
    until_stand_in_moved(&mut watcher).await;
    // And the bot has played after it, so the summary holds moves of both kinds.
    loop {
        let v = watcher.next().await.expect("open connection");
        if v["type"] == "state" && v["last"]["seat"] == 1 {
            break;
        }
    }

    // Back: the summary lists what the stand-in played, marked as played for them (and keeps
    // it while the stand-in goes on playing).
    c.goto(&format!("{}{link}", slow.url())).await.unwrap();
    seated(&c).await;
    wait_for(
        &c,
        "the stand-in's moves in Since your last move, the bot's unmarked",
        "const items = [...document.querySelectorAll('#since-log li.standin')]; \
         return items.length > 0 && \
         items.every(li => li.textContent.includes('Played for you by your stand-in')) && \
         [...document.querySelectorAll('#since-log li:not(.standin)')] \
           .filter(li => !li.className && !li.textContent.includes('stand-in')).length > 0",
    )
    .await;
    // A move of the stand-in's the page had not seen when it opened.
    let seen = js(
        &c,
        "return Math.max(-1, ...[...document.querySelectorAll('#log li[data-index]')] \
         .map(li => Number(li.dataset.index)))",
    )
    .await
    .as_i64()
    .unwrap();
    let next = loop {
        let i = until_stand_in_moved(&mut watcher).await;
        if i as i64 > seen {
            break i;
        }
    };
    wait_for(
        &c,
        "the stand-in's next move in the log",
        &format!("return !!document.querySelector('#log li[data-index=\"{next}\"]')"),
    )
    .await;
    assert_eq!(
        js(
            &c,
            "return !document.querySelector('#since-panel').hidden && \
             document.querySelectorAll('#since-log li.standin').length > 0"
        )
        .await,
        Value::Bool(true),
        "the summary went away when the stand-in played again"
    );
    shot(&c, "since-stand-in.png").await;
    c.close().await.unwrap();
}
