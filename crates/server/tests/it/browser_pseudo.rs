//! Every page in the pseudo-locale, in one headless Chromium at 390 CSS pixels: a table of each
//! game after moves (its log, the Since panel of a person back from away, a refusal), a finished
//! game's replay, the lobby with My games, a profile and the leaderboard. Every word the shell
//! and the games' views write comes from a message (wrapped in ⟦…⟧), and nothing overflows the
//! phone: the games' views and what the games write in Rust (log lines, the Since panel's
//! entries and holdings, prompts and action labels, refusals, score columns and notes) too.
//! Names (the brand, players, tables, games' titles, languages, companies, lots) are names.

use crate::accounts::{fresh_link, roomy, Browser};
use crate::browser::{open_browser, xorshift};
use crate::browser_a11y::{page_width, resize, sticking_out, until, wait_for, PHONE};
use crate::browser_lang::{open_in, unwrapped};
use crate::common::sinks::SmtpSink;
use crate::common::{start_settings, TestServer};
use boardroom_server::notify::NotifySettings;
use boardroom_server::Settings;
use fantoccini::{Client, Locator};
use serde_json::{json, Value};
use std::time::Duration;

/// What every page leaves out: true names only (the brand, the language menu, players and
/// seats, the table's title and edition, the chat, the score table's names beside numbers),
/// and what a page or a game's view marks as a name (`translate="no"`: companies, lots, the
/// titles of cards as the game's data writes them). The toast is left out too: it shows the
/// server's refusal of the chat line, whose error texts are English still.
const NAMES: &str = ".brand, #lang-select, #meta, .seat-name, .player-name, #players .name, \
     #chat-log, #scores td, [translate=\"no\"], #toast";

/// Asserts that `page` has no word outside a message (besides `skip`) and fits the phone.
async fn check(c: &Client, page: &str, skip: &str) {
    let skip = if skip.is_empty() {
        NAMES.to_string()
    } else {
        format!("{NAMES}, {skip}")
    };
    let left = unwrapped(c, &skip).await;
    assert!(
        left.is_empty(),
        "{page}: words not from a message: {left:#?}"
    );
    let width = page_width(c).await;
    assert!(
        width <= f64::from(PHONE.0),
        "{page} is {width} wide at {}: {}",
        PHONE.0,
        sticking_out(c, PHONE.0).await
    );
}

/// The person of `link` plays random legal moves (other than passing, when it can) until the
/// seat must act again after another seat moved since its own last move. A move the table
/// moved on from (another seat acted at once) is chosen again from the new state.
async fn play_until_others_moved(server: &TestServer, link: &str, rng: &mut u64) {
    let mut ws = server.connect(link).await;
    let mut state = ws.until("state").await;
    let mut mine_at = None;
    for _ in 0..400 {
        let version = state["version"].as_u64().unwrap();
        let mine = state["to_act"]
            .as_array()
            .is_some_and(|a| a.contains(&json!(0)));
        if mine && mine_at.is_some_and(|v: u64| version > v + 1) {
            return;
        }
        let mut legal = crate::common::notations(&state);
        if !mine || legal.is_empty() {
            state = ws.until("state").await;
            continue;
        }
        if legal.iter().any(|a| a != "pass") {
            legal.retain(|a| a != "pass");
        }
        let pick = legal[(xorshift(rng) % legal.len() as u64) as usize].clone();
        ws.act(&pick).await;
        loop {
            let v = ws.next().await.expect("open connection");
            if v["type"] == "error" {
                // Stale or rate-limited: choose again from the table as it is.
                break;
            }
            if v["type"] == "state" && v["version"].as_u64().unwrap() > version {
                mine_at = Some(version);
                state = v;
                break;
            }
        }
        if state["version"].as_u64().unwrap() == version {
            state = ws.until("state").await;
        }
    }
    panic!("nobody else moved at {link}");
}

/// Waits (bounded) until table `id` is over.
async fn until_over(server: &TestServer, id: &str) {
    let http = reqwest::Client::new();
    for _ in 0..2400 {
        let t: Value = http
            .get(format!("{}/api/tables/{id}", server.url()))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        if t["over"] == true {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("table {id} never ended");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_page_in_the_pseudo_locale_comes_from_messages_and_fits_a_phone() {
    let Some((_browser, c)) = open_browser(PHONE.0, PHONE.1).await else {
        return;
    };
    let mut smtp = SmtpSink::start().await;
    let dir = tempfile::tempdir().unwrap();
    let server = start_settings(
        tempfile::tempdir().unwrap(),
        Settings {
            addr: "127.0.0.1:0".parse().unwrap(),
            db: dir.path().join("p.sqlite"),
            bot_delay: Duration::ZERO,
            notify: NotifySettings {
                smtp_url: Some(smtp.url()),
                // Passkeys on, for pages opened at `localhost` (below).
                public_url: Some("http://localhost".into()),
                ..NotifySettings::default()
            },
            accounts: roomy(),
            ..Settings::default()
        },
    )
    .await;
    resize(&c, PHONE).await;
    let mut rng = 0x5eed_u64;
    let mut first = None;
    for (game, seats) in [
        ("big-boss", json!(["human", "random", "random"])),
        ("big-shot", json!(["human", "random", "random"])),
        ("the-boss", json!(["human", "random", "random"])),
    ] {
        let t = server
            .create_with(json!({ "game": game, "seats": seats }))
            .await;
        let link = t.seats[0].link.clone().unwrap();
        first.get_or_insert((t.id.clone(), link.clone()));
        open_in(&c, &format!("{}{link}", server.url()), "en-XA").await;
        wait_for(&c, "#prompt.mine").await;
        // Away (the page closed), the person plays on from another device until others
        // moved after its last move; back, the log and the Since panel show their moves.
        c.goto("about:blank").await.unwrap();
        play_until_others_moved(&server, &link, &mut rng).await;
        c.goto(&format!("{}{link}", server.url())).await.unwrap();
        wait_for(&c, "#prompt.mine").await;
        until(
            &c,
            &format!("the Since panel of the {game} table"),
            "return !document.querySelector('#since-panel').hidden",
        )
        .await;
        until(
            &c,
            "the log",
            "return document.querySelectorAll('#log li').length > 0",
        )
        .await;
        // A refusal (a chat line over the limit) shows in a toast.
        wait_for(&c, "#chat-input").await;
        c.find(Locator::Css("#chat-input"))
            .await
            .unwrap()
            .send_keys(&format!("{}\u{E007}", "x".repeat(501)))
            .await
            .unwrap();
        wait_for(&c, "#toast.show").await;
        check(&c, &format!("the {game} table"), "").await;
    }

    // A finished game's replay.
    let done = server
        .create_with(json!({ "game": "big-boss", "seats": ["random", "random"] }))
        .await;
    until_over(&server, &done.id).await;
    open_in(&c, &format!("{}/t/{}", server.url(), done.id), "en-XA").await;
    wait_for(&c, "#final.show").await;
    check(&c, "the final scores", "").await;
    c.find(Locator::Css("#final-replay"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    until(
        &c,
        "the replay",
        "return !document.querySelector('#replay-bar').hidden",
    )
    .await;
    check(&c, "the replay", "").await;

    // My games: an account holding the first table's seat, signed in in this browser.
    let mut person = Browser::of(&server);
    let token = fresh_link(&mut person, &mut smtp, "pia@example.org").await;
    person
        .post(
            "/api/account/link",
            json!({ "token": token, "name": "Pia" }),
        )
        .await;
    let (table, link) = first.unwrap();
    let key = link.split("k=").nth(1).unwrap();
    person
        .post(
            "/api/account/claim",
            json!({ "seats": [{ "table": table, "token": key }] }),
        )
        .await;
    // At the public URL's host, where the account panel offers passkeys too.
    let local = format!("http://localhost:{}", server.addr.port());
    c.goto(&local).await.unwrap();
    c.execute(
        "document.cookie = `boardroom_session=${arguments[0]}; path=/`",
        vec![Value::from(person.cookie.clone().unwrap())],
    )
    .await
    .unwrap();
    open_in(&c, &local, "en-XA").await;
    wait_for(&c, "#my-games-list li").await;
    wait_for(&c, "#passkeys:not([hidden])").await;
    check(
        &c,
        "the lobby with My games",
        // The lists put names (games' titles and editions, tables, players) beside messages.
        "#game-titles, #game, .seat-row, #standin, #account-name, .seat-pip, \
         #my-games-list .info, #my-list .info, #table-list .info, #finished-list .info",
    )
    .await;

    // In German, My games and the finished tables write their dates as German does (day,
    // month, year).
    open_in(&c, &local, "de").await;
    for css in [
        "#my-games-list time.created",
        "#finished-list time.finished",
    ] {
        wait_for(&c, css).await;
        let shown = c
            .execute(
                "return document.querySelector(arguments[0]).textContent",
                vec![Value::from(css)],
            )
            .await
            .unwrap();
        let shown = shown.as_str().unwrap();
        let parts: Vec<&str> = shown.split('.').collect();
        assert!(
            parts.len() == 3 && parts.iter().all(|p| p.chars().all(|c| c.is_ascii_digit())),
            "{css}: a German date, not {shown}"
        );
    }

    // A profile and the leaderboard.
    open_in(&c, &format!("{}/players/bot:random", server.url()), "en-XA").await;
    wait_for(&c, "#player-name").await;
    check(&c, "a profile", "#player-name").await;
    open_in(&c, &format!("{}/leaderboard", server.url()), "en-XA").await;
    wait_for(&c, "#board-note").await;
    check(&c, "the leaderboard", "#board").await;
}
