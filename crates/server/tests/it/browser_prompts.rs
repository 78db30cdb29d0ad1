//! The Big Boss prompt of a person who can neither play nor buy, in headless Chromium: the page
//! says that only selling shares and passing are open and why the rest is closed, marks every
//! card of the hand "can't play", offers nothing else, and takes the pass.
//!
//! The server cannot deal a table from a chosen position, but it restores its tables by
//! replaying config, seed and actions: the test searches in-process (random moves, fixed seeds,
//! bounded) for a game that reaches such a turn of Red, stores that table in a fresh database
//! through the server's own database API, and starts the server on it.

use crate::browser::{open_browser, shot};
use crate::common::notations;
use crate::common::stored::StoredTable;

use boardroom_bigboss::{Action, BigBoss, Config, Edition, Phase};
use boardroom_engine::{Game, Seat};
use fantoccini::{Client, Locator};
use serde_json::json;
use std::time::{Duration, Instant};

/// The seeds searched, and the most actions played in one game of the search.
const SEEDS: u64 = 400;
const MOST_ACTIONS: usize = 3_000;

/// A game found by [`sell_or_pass_turn`]: its seed, the actions up to Red's turn, the game
/// there, and Red's legal actions.
struct Found {
    seed: u64,
    actions: Vec<(Seat, String)>,
    game: BigBoss,
    legal: Vec<Action>,
}

/// The first two-player Modern game (seeds `0..SEEDS`, random moves from a seeded generator)
/// that reaches a turn where Red alone is to act, holds cards, and may only sell shares (at
/// least one) or pass.
fn sell_or_pass_turn() -> Option<Found> {
    let config = Config::new(Edition::Modern, 2);
    let mut legal = Vec::new();
    for seed in 0..SEEDS {
        let mut g = BigBoss::new(&config, seed).expect("a new game");
        let mut rng = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        let mut actions = Vec::new();
        while actions.len() < MOST_ACTIONS {
            let Some(seat) = g.to_act().first() else {
                break;
            };
            g.legal_actions(seat, &mut legal);
            let only_red = g.to_act().len() == 1 && seat == 0;
            if only_red
                && g.phase() == Phase::Turn
                && !g.player(0).hand.is_empty()
                && legal.iter().any(|a| matches!(a, Action::Sell(_)))
                && legal
                    .iter()
                    .all(|a| matches!(a, Action::Sell(_) | Action::Pass))
            {
                return Some(Found {
                    seed,
                    actions,
                    game: g,
                    legal,
                });
            }
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let a = legal[(rng % legal.len() as u64) as usize];
            actions.push((seat, g.format_action(a)));
            g.play(seat, a).expect("a legal action applies");
        }
    }
    None
}

/// Waits (bounded) until the text of `css` satisfies `ok`, and returns it.
async fn until_text(c: &Client, css: &str, ok: impl Fn(&str) -> bool) -> String {
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut last = String::new();
    loop {
        if let Ok(e) = c.find(Locator::Css(css)).await {
            if let Ok(t) = e.text().await {
                if ok(&t) {
                    return t;
                }
                last = t;
            }
        }
        assert!(
            Instant::now() < deadline,
            "`{css}` never showed the text awaited (last: {last:?})"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_who_can_only_sell_or_pass_is_told_why_and_passes() {
    let Some((_browser, c)) = open_browser(1280, 900).await else {
        return;
    };
    let found = sell_or_pass_turn().unwrap_or_else(|| {
        panic!(
            "no game of seeds 0..{SEEDS} (random moves, at most {MOST_ACTIONS} actions) reached \
             a turn where Red may only sell or pass: widen the search"
        )
    });
    let money = found.game.player(0).money;
    let hand = found.game.player(0).hand.len();
    let table = StoredTable::new::<BigBoss>(
        "sellorpass01",
        &found.game.config(),
        found.seed,
        &["human", "random"],
        found.actions.clone(),
    );
    let server = table.serve(Duration::ZERO).await;

    // The server restored the table at that turn: Red's legal actions are the game's.
    let mut red = server.connect(&table.link(0)).await;
    let state = red.until("state").await;
    assert_eq!(state["version"], found.actions.len());
    assert_eq!(state["to_act"], json!([0]));
    let mut expected: Vec<String> = found
        .legal
        .iter()
        .map(|&a| found.game.format_action(a))
        .collect();
    let mut offered = notations(&state);
    expected.sort();
    offered.sort();
    assert_eq!(offered, expected);

    c.goto(&format!("{}{}", server.url(), table.link(0)))
        .await
        .unwrap();
    // The prompt: what is open (selling, then passing) and why the rest is closed.
    let prompt = until_text(&c, "#prompt.mine #prompt-text", |t| !t.is_empty()).await;
    assert!(
        prompt.contains("you may sell shares, then pass"),
        "{prompt}"
    );
    assert!(
        prompt.starts_with("No card in your hand can be played"),
        "{prompt}"
    );
    assert!(prompt.contains("you cannot buy a card ("), "{prompt}");
    assert!(
        prompt.contains(&format!("you have ${money}M"))
            || prompt.contains("no card is left to buy"),
        "the reason names Red's money ({money}): {prompt}"
    );
    // Every card of the hand is marked "can't play", with the rule in its title.
    let cards = c
        .find_all(Locator::Css("#hand [data-target^='card:']"))
        .await
        .unwrap();
    assert_eq!(
        cards.len(),
        hand as usize,
        "every card of the hand is shown"
    );
    for card in &cards {
        let mark = card
            .find(Locator::Css("small"))
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        assert_eq!(mark, "can't play");
        let title = card.attr("title").await.unwrap().unwrap_or_default();
        assert!(title.contains("cannot be played now: "), "{title}");
        let class = card.attr("class").await.unwrap().unwrap_or_default();
        assert!(
            class.contains("dead") && !class.split(' ').any(|c| c == "legal"),
            "{class}"
        );
    }
    // The buttons are exactly the sales and the pass.
    let mut buttons = Vec::new();
    for b in c
        .find_all(Locator::Css("#prompt [data-act]"))
        .await
        .unwrap()
    {
        buttons.push(b.attr("data-act").await.unwrap().unwrap());
    }
    buttons.sort();
    assert_eq!(buttons, expected, "the prompt offers selling and passing");
    shot(&c, "prompt-01-sell-or-pass.png").await;

    // Passing is accepted: stored, and the turn goes to Blue.
    let pass = found.game.format_action(Action::Pass);
    c.find(Locator::Css(&format!("#prompt [data-act='{pass}']")))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    red.until_version(found.actions.len() as u64 + 1).await;
    let stored = server.stored_actions("sellorpass01");
    assert!(stored.len() > found.actions.len());
    assert_eq!(stored[found.actions.len()], (0, pass));
    // The page follows: its log holds the pass.
    c.wait()
        .at_most(Duration::from_secs(60))
        .for_element(Locator::Css(&format!(
            "#log li[data-index='{}']",
            found.actions.len()
        )))
        .await
        .expect("the pass is in the page's log");
    c.close().await.unwrap();
}
