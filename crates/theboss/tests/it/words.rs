//! What players read: refusals as sentences naming their rule in words, prompts and events
//! with person and number agreeing, and each seat's holdings in words.

use crate::common::{in_words, random_game, setup, turn_of};
use boardroom_engine::{holdings_changes, Game, Present, Viewer};
use boardroom_theboss::action::Lot;
use boardroom_theboss::{Event, TheBoss};

/// What players try in any state: answers, bids, moves, deals of every shape, some of them
/// impossible everywhere (odd money, more than anyone holds).
const PROBES: &[&str] = &[
    "end",
    "pass",
    "open",
    "collect",
    "draw fate",
    "draw experience",
    "bid 10",
    "bid 5000",
    "vote for",
    "move 3",
    "move 8",
    "accept 1",
    "reject 1",
    "withdraw 1",
    "show 1",
    "stop",
    "pay",
    "lose",
    "discard",
    "auction fate 50",
    "auction 20sh 10",
    "offer 1 give $15",
    "offer 1 give 5sh",
    "offer 1 give $99990",
    "offer 0 give $10",
    "offer 1 give fate",
    "offer 1 take COL#12",
    "offer 1 give $10 take vote:for",
    "offer 2 give $10 take 10sh",
];

/// In random games of every player count, every probe by every seat that the game refuses is
/// refused in words, citing a rule that exists (never "§0").
#[test]
fn every_refusal_reads_as_a_sentence() {
    let mut refusals = 0;
    for players in 2..=4 {
        for seed in 0..6u64 {
            let length = 40 + seed as usize * 60;
            let (g, _, _) = random_game(players, seed, length);
            for seat in 0..players {
                for text in PROBES {
                    let Ok(a) = g.parse_action(text) else {
                        continue;
                    };
                    if let Err(e) = g.check(seat, a) {
                        assert_ne!(e.rule, "§0", "`{text}`: {e}");
                        in_words(&e.to_string());
                        refusals += 1;
                    }
                }
            }
        }
    }
    assert!(refusals > 500, "{refusals} refusals checked");
}

/// A mandatory auction's event reads "must auction", and no sentence says "must auctions".
#[test]
fn a_mandatory_auction_reads_must_auction() {
    let e = Event::AuctionOpened {
        seller: 2,
        lot: Lot::Fate,
        fate_card: None,
        opening: 50,
        mandatory: true,
    };
    let text = <TheBoss as Present>::describe(&e, "en");
    assert!(text.starts_with("Green must auction "), "{text}");
    let e = Event::AuctionOpened {
        seller: 2,
        lot: Lot::Fate,
        fate_card: None,
        opening: 50,
        mandatory: false,
    };
    let text = <TheBoss as Present>::describe(&e, "en");
    assert!(text.starts_with("Green auctions "), "{text}");
    for players in 2..=4 {
        let (g, _, _) = random_game(players, 3, 3000);
        assert!(
            !g.prompt("en").contains("must auctions"),
            "{}",
            g.prompt("en")
        );
    }
}

/// Each seat's holdings in words — position, cash, shares, cards by name, the Fate card as the
/// viewer may know it — and their changes as a player reads them.
#[test]
fn holdings_are_words() {
    let before = setup(3, |p| turn_of(p, 0, None, 0));
    let mut g = before.clone();
    let mut events = Vec::new();
    for a in ["end", "draw experience"] {
        g.apply(0, g.parse_action(a).unwrap(), &mut events).unwrap();
    }
    let held = g.holdings(Viewer::Seat(1));
    assert_eq!(held.len(), 3);
    for h in held.iter().flatten() {
        assert!(h.what.chars().next().unwrap().is_uppercase(), "{h:?}");
        assert!(!h.what.contains('_'), "{h:?}");
    }
    let changes = holdings_changes(&before, &g, Viewer::Seat(1));
    let cells = &changes
        .iter()
        .find(|(s, _)| *s == 0)
        .expect("Red's holdings changed")
        .1;
    let card = g.player(0).experience[0];
    let name = boardroom_theboss::names::exp_name(g.data(), card);
    assert!(
        cells.contains(&("Experience cards".into(), "none".into(), name.clone())),
        "{cells:?}"
    );
    // A face-down Fate card is named only for those who may know it.
    let mut g = before.clone();
    for a in ["end", "draw fate"] {
        g.apply(0, g.parse_action(a).unwrap(), &mut events).unwrap();
    }
    let fate = |viewer| {
        holdings_changes(&before, &g, viewer)
            .into_iter()
            .find(|(s, _)| *s == 0)
            .and_then(|(_, c)| c.into_iter().find(|(w, _, _)| w == "Fate card"))
            .map(|(_, _, now)| now)
    };
    assert_eq!(
        fate(Viewer::Seat(1)).as_deref(),
        Some("a face-down Fate card")
    );
    let card = g
        .player(0)
        .fate
        .as_ref()
        .expect("Red holds a Fate card")
        .card;
    let name = boardroom_theboss::names::fate_name(g.data(), card);
    assert_eq!(fate(Viewer::Seat(0)), Some(name));
}
