//! Ratings in headless Chromium: a rated table with a guest's seat refused in the lobby's form
//! with the server's words; a rated table of two bots created from the form and played to the
//! end moves both bots' ratings, which the leaderboard page lists (provisional) and the
//! profile page shows with its SVG plot and a link to the game's replay; both pages pass
//! axe-core's serious and critical checks; in German both pages speak German, and in the
//! pseudo-locale every word on them comes from a message.

use crate::browser::{open_browser, shot};
use crate::browser_a11y::{axe_script, axe_violations};
use crate::browser_history::{click, until_text};
use crate::browser_lang::{open_in, unwrapped};
use crate::common::start;
use fantoccini::{Client, Locator};
use serde_json::Value;
use std::time::Duration;

async fn select(c: &Client, css: &str, value: &str) {
    c.wait()
        .at_most(Duration::from_secs(60))
        .for_element(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("no `{css}`: {e}"))
        .select_by_value(value)
        .await
        .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_bot_game_from_the_lobby_shows_on_the_leaderboard_and_the_profile() {
    let Some((_browser, c)) = open_browser(1280, 900).await else {
        return;
    };
    let server = start().await;
    c.goto(&server.url()).await.unwrap();
    click(&c, "#players [data-players='2']").await;
    select(&c, "select[data-seat='0']", "human").await;
    select(&c, "select[data-seat='1']", "random").await;
    click(&c, "#rated").await;
    click(&c, "#create-btn").await;
    until_text(&c, "#create-error", |t| {
        t.contains("seat 0 is a guest's") && t.contains("signed-in person or a bot")
    })
    .await;

    select(&c, "select[data-seat='0']", "heuristic").await;
    assert!(
        c.find(Locator::Css("#rated"))
            .await
            .unwrap()
            .is_selected()
            .await
            .unwrap(),
        "the form keeps the table rated"
    );
    click(&c, "#create-btn").await;
    // The two bots play to the end; the ratings move when the end is stored.
    let http = reqwest::Client::new();
    let boards_url = format!("{}/api/leaderboard", server.url());
    let mut boards = Value::Null;
    for _ in 0..1200 {
        boards = http
            .get(&boards_url)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        if boards["boards"].as_array().is_some_and(|b| !b.is_empty()) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let board = boards["boards"][0].clone();
    assert_eq!(board["players"], 2, "{boards}");

    // Listed with the minimum lowered to one game (a fresh server has no more).
    c.goto(&format!(
        "{}/leaderboard?game={}&edition={}&players=2",
        server.url(),
        board["game"].as_str().unwrap(),
        board["edition"].as_str().unwrap()
    ))
    .await
    .unwrap();
    until_text(&c, "#board-note", |t| t.contains("at least 3 rated games")).await;
    until_text(&c, "#ladder-empty", |t| t.contains("Nobody is listed")).await;
    c.goto(&format!(
        "{}/leaderboard?game={}&edition={}&players=2&min_games=1",
        server.url(),
        board["game"].as_str().unwrap(),
        board["edition"].as_str().unwrap()
    ))
    .await
    .unwrap();
    until_text(&c, "#board-note", |t| t.contains("at least 1 rated game,")).await;
    let names = until_text(&c, "#ladder tbody", |t| t.lines().count() == 2).await;
    assert!(
        names.contains("heuristic (bot)") && names.contains("random (bot)"),
        "{names}"
    );
    shot(&c, "ratings-leaderboard").await;
    let axe = axe_script();
    let mut problems = Vec::new();
    if let Some(axe) = &axe {
        problems.extend(axe_violations(&c, axe).await);
    }
    let ladder: Value = http
        .get(format!(
            "{boards_url}?game={}&edition={}&players=2&min_games=1",
            board["game"].as_str().unwrap(),
            board["edition"].as_str().unwrap()
        ))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let rows = ladder["players"].as_array().unwrap();
    assert_eq!(rows.len(), 2, "{ladder}");
    assert!(
        rows.iter().all(|r| r["rating"] != 1000),
        "both moved: {ladder}"
    );

    c.goto(&format!("{}/players/bot:heuristic", server.url()))
        .await
        .unwrap();
    until_text(&c, "#player-name", |t| t == "heuristic (bot)").await;
    let rating = until_text(&c, "#player-ratings tbody td.provisional", |t| {
        t.ends_with('?')
    })
    .await;
    let shown = rows
        .iter()
        .find(|r| r["player"] == "bot:heuristic")
        .unwrap()["rating"]
        .as_i64()
        .unwrap();
    assert_eq!(
        rating,
        format!("{shown}?"),
        "the profile shows the board's rating"
    );
    c.wait()
        .at_most(Duration::from_secs(60))
        .for_element(Locator::Css("#plots svg.rating-plot polyline"))
        .await
        .unwrap();
    let link = c
        .find(Locator::Css("#recent a"))
        .await
        .unwrap()
        .attr("href")
        .await
        .unwrap()
        .unwrap();
    assert!(link.starts_with("/t/"), "{link}");
    shot(&c, "ratings-profile").await;
    if let Some(axe) = &axe {
        problems.extend(axe_violations(&c, axe).await);
    }
    assert!(problems.is_empty(), "axe: {}", problems.join("\n"));
    click(&c, "#recent a").await;
    c.wait()
        .at_most(Duration::from_secs(60))
        .for_url(&format!("{}{link}", server.url()).parse().unwrap())
        .await
        .unwrap();

    // In German, and in the pseudo-locale: no word on either page but a message's (the
    // players' names and the brand are names).
    let ladder_page = format!(
        "{}/leaderboard?game={}&edition={}&players=2&min_games=1",
        server.url(),
        board["game"].as_str().unwrap(),
        board["edition"].as_str().unwrap()
    );
    let profile_page = format!("{}/players/bot:heuristic", server.url());
    open_in(&c, &ladder_page, "de").await;
    until_text(&c, "#board-note", |t| {
        t.contains("mindestens einer gewerteten Partie") && t.contains("vorläufig")
    })
    .await;
    until_text(&c, "main h1", |t| t == "Ranglisten").await;
    until_text(&c, "#ladder thead", |t| t.contains("Wertung")).await;
    open_in(&c, &profile_page, "de").await;
    until_text(&c, "main h2", |t| t == "Wertungen").await;
    until_text(&c, "#recent", |t| t.contains("Wertung")).await;
    open_in(&c, &ladder_page, "en-XA").await;
    until_text(&c, "#ladder tbody", |t| t.lines().count() == 2).await;
    let left = unwrapped(&c, ".brand, #lang-select, #ladder tbody a").await;
    assert!(
        left.is_empty(),
        "leaderboard words not from a message: {left:#?}"
    );
    open_in(&c, &profile_page, "en-XA").await;
    c.wait()
        .at_most(Duration::from_secs(60))
        .for_element(Locator::Css("#recent a"))
        .await
        .unwrap();
    let left = unwrapped(&c, ".brand, #lang-select, #player-name").await;
    assert!(
        left.is_empty(),
        "profile words not from a message: {left:#?}"
    );
}
