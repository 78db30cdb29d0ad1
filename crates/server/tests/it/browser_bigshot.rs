//! Big Shot in headless Chromium at phone size (390×844): the quick bids above the player's
//! cash are disabled (never offered and then refused), every clickable thing is at least 40×40
//! CSS pixels, and nothing scrolls sideways, measured at each state where the person may act.
//!
//! The bidding turn with little cash is found in-process (random moves, fixed seeds, bounded)
//! and served from a database written through the server's own API; a table restores by
//! replaying config, seed and actions.

use crate::browser::{open_browser, shot, visible};
use crate::browser_learn::SMALL_TARGETS;
use crate::common::notations;
use crate::common::stored::StoredTable;

use boardroom_bigshot::{BigShot, Config};
use boardroom_engine::{Game, Present, Seat, Viewer};
use fantoccini::{Client, Locator};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// The seeds searched, and the most actions played in one game of the search.
const SEEDS: u64 = 400;
const MOST_ACTIONS: usize = 3_000;

/// A bidding turn found by [`short_of_cash`].
struct Found {
    seed: u64,
    actions: Vec<(Seat, String)>,
    game: BigShot,
    cash: u64,
    min_bid: u64,
}

/// The first two-player game (seeds `0..SEEDS`, random moves) that reaches a bidding turn of
/// Red alone where the lowest bid is open but the second quick bid (two above it) is more
/// than Red's cash.
fn short_of_cash() -> Option<Found> {
    let config = Config::new(2);
    let mut legal = Vec::new();
    for seed in 0..SEEDS {
        let mut g = BigShot::new(&config, seed).expect("a new game");
        let mut rng = seed.wrapping_mul(0x2545_f491_4f6c_dd1d) | 1;
        let mut actions = Vec::new();
        while actions.len() < MOST_ACTIONS {
            let Some(seat) = g.to_act().first() else {
                break;
            };
            g.legal_actions(seat, &mut legal);
            if seat == 0 && g.to_act().len() == 1 {
                let bids = legal
                    .iter()
                    .any(|&a| g.format_action(a).starts_with("bid "));
                let extra = g.extra(Viewer::Seat(0), "en").unwrap_or(Value::Null);
                if let (true, Some(cash), Some(min)) =
                    (bids, extra["cash"].as_u64(), extra["min_bid"].as_u64())
                {
                    if min <= cash && cash < min + 2 {
                        return Some(Found {
                            seed,
                            actions,
                            game: g,
                            cash,
                            min_bid: min,
                        });
                    }
                }
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

/// The page at phone width: the clickable things under 40×40 CSS px (described), and whether
/// the page scrolls sideways.
async fn measure(c: &Client) -> (Vec<String>, bool) {
    let small: Vec<String> =
        serde_json::from_value(c.execute(SMALL_TARGETS, vec![]).await.unwrap()).unwrap();
    let sideways = c
        .execute(
            "return document.documentElement.scrollWidth > window.innerWidth \
             || document.body.scrollWidth > window.innerWidth;",
            vec![],
        )
        .await
        .unwrap();
    (small, sideways == json!(true))
}

/// The quick-bid buttons of the page: amount, whether disabled, and the action they play.
async fn quick_bids(c: &Client) -> Vec<(u64, bool, Option<String>)> {
    let v = c
        .execute(
            "return [...document.querySelectorAll('[data-quick-bid]')].map((b) => \
             [Number(b.dataset.quickBid), b.disabled, b.getAttribute('data-act')]);",
            vec![],
        )
        .await
        .unwrap();
    serde_json::from_value(v).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quick_bids_above_the_cash_are_disabled_and_targets_fit_a_phone() {
    let Some((_browser, c)) = open_browser(390, 844).await else {
        return;
    };
    let found = short_of_cash().unwrap_or_else(|| {
        panic!(
            "no game of seeds 0..{SEEDS} (random moves, at most {MOST_ACTIONS} actions) reached \
             a bidding turn of Red with cash below the lowest bid plus two: widen the search"
        )
    });
    let table = StoredTable::new::<BigShot>(
        "shortofcash1",
        found.game.config(),
        found.seed,
        &["human", "random"],
        found.actions.clone(),
    );
    let server = table.serve(Duration::ZERO).await;
    let mut red = server.connect(&table.link(0)).await;
    let state = red.until("state").await;
    assert_eq!(state["version"], found.actions.len());
    let legal = notations(&state);
    assert!(
        legal.contains(&format!("bid {}", found.min_bid)),
        "{legal:?}"
    );
    assert!(
        !legal.contains(&format!("bid {}", found.cash + 1)),
        "no bid above the cash is legal: {legal:?}"
    );

    c.goto(&format!("{}{}", server.url(), table.link(0)))
        .await
        .unwrap();
    let width = c
        .execute("return window.innerWidth;", vec![])
        .await
        .unwrap();
    assert!(width.as_f64().unwrap() <= 400.0, "{width}");
    c.wait()
        .at_most(Duration::from_secs(60))
        .for_element(Locator::Css("body:not(.pending) #prompt.mine #bid-input"))
        .await
        .expect("the bid field on Red's turn");
    let quick = quick_bids(&c).await;
    assert_eq!(
        quick.iter().map(|q| q.0).collect::<Vec<_>>(),
        vec![found.min_bid + 1, found.min_bid + 2]
    );
    for (amount, disabled, act) in &quick {
        if *amount > found.cash {
            assert!(*disabled, "{amount}M is over the {}M held", found.cash);
            assert_eq!(act, &None, "a disabled quick bid plays nothing");
        } else {
            assert!(!*disabled, "{amount}M is affordable");
            assert_eq!(act.as_deref(), Some(format!("bid {amount}").as_str()));
            assert!(legal.contains(&format!("bid {amount}")), "{legal:?}");
        }
    }
    assert!(
        quick.iter().any(|q| q.1),
        "at least one quick bid is over the cash"
    );
    let hint = c
        .find(Locator::Css("#prompt"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        hint.contains(&format!("you can bid up to {}M", found.cash)),
        "{hint}"
    );
    // Clicking a disabled quick bid sends nothing: no refusal, nothing stored.
    c.execute(
        "document.querySelector('[data-quick-bid]:disabled').click(); return true;",
        vec![],
    )
    .await
    .unwrap();
    red.send(json!({"type": "sync"})).await;
    assert_eq!(
        red.until("state").await["version"],
        found.actions.len(),
        "nothing was played"
    );
    assert!(!visible(&c, "#toast.show").await, "nothing was refused");
    assert_eq!(
        server.stored_actions("shortofcash1").len(),
        found.actions.len()
    );
    let (small, sideways) = measure(&c).await;
    shot(&c, "bigshot-01-quick-bids-phone.png").await;
    assert!(
        small.is_empty(),
        "targets under 40x40 at 390 px: {small:#?}"
    );
    assert!(!sideways, "the bidding page scrolls sideways at 390 px");

    // Play on by clicking, measuring at every state where Red may act.
    let deadline = Instant::now() + Duration::from_secs(180);
    let mut measured = 1;
    let mut rng = 0x853c_49e6_748f_ea9bu64;
    while measured < 10 && !visible(&c, "#final.show").await {
        assert!(Instant::now() < deadline, "only {measured} states measured");
        if !visible(&c, "body:not(.pending) #prompt.mine").await {
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        }
        let (small, sideways) = measure(&c).await;
        assert!(
            small.is_empty(),
            "targets under 40x40 at 390 px: {small:#?}"
        );
        assert!(!sideways, "the page scrolls sideways at 390 px");
        measured += 1;
        let options = c
            .find_all(Locator::Css(
                "body:not(.pending) [data-act]:not(:disabled), body:not(.pending) .lot.legal",
            ))
            .await
            .unwrap_or_default();
        if options.is_empty() {
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        }
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let _ = options[(rng % options.len() as u64) as usize].click().await;
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
    assert!(measured >= 3, "only {measured} states measured");
    c.close().await.unwrap();
}
