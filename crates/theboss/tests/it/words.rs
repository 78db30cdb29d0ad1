//! What players read: refusals as sentences naming their rule in words, prompts and events
//! with person and number agreeing, and each seat's holdings in words.

use crate::common::{in_words, random_game, setup, turn_of};
use boardroom_engine::{holdings_changes, Game, Present, Seat, Viewer};
use boardroom_theboss::action::{Action, Lot};
use boardroom_theboss::{Config, Event, TheBoss};

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

/// Asserts that `de` is `en` written in German: no message fell back to its id, and the text
/// differs from the English one. Counts the texts checked.
fn german(seen: &mut usize, de: String, en: String) {
    assert!(!de.contains("(missing text"), "an id shown: {de}");
    assert_ne!(de, en, "not in German");
    *seen += 1;
}

/// Words of English a German prompt or action never holds: the cards' and the turn's terms
/// (titles from the data file may stay as the file writes them).
const ENGLISH_TERMS: &[&str] = &[
    "Executive card",
    "Experience card",
    "Fate card",
    "Bonus card",
    "Fire card",
    "Stock option",
    "severance",
    "Financial Disaster",
    " shares",
    " turn",
];

/// Asserts that `de`, a German prompt or action, holds none of [`ENGLISH_TERMS`].
fn no_english_terms(de: &str) {
    for term in ENGLISH_TERMS {
        assert!(!de.contains(term), "{term:?} in German: {de}");
    }
}

/// In random games at every player count, every log sentence, prompt, action label and effect
/// and the view's words read in German: each message exists in German (none falls back to
/// English, none is shown as its id), and each text differs from its English one.
#[test]
fn a_whole_game_reads_in_german() {
    use boardroom_theboss::words::catalog;
    use rand::{Rng, SeedableRng};
    let mut seen = 0;
    let mut ended = 0;
    for players in 2..=4 {
        for seed in 0..2u64 {
            let mut g = TheBoss::new_game(&Config::new(players), 40 + seed).unwrap();
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let (mut actions, mut events) = (Vec::new(), Vec::<Event>::new());
            for _ in 0..4000 {
                if g.is_over() {
                    break;
                }
                no_english_terms(&g.prompt("de"));
                german(&mut seen, g.prompt("de"), g.prompt("en"));
                let must: Vec<Seat> = g.must_act().iter().collect();
                let seat = must[rng.gen_range(0..must.len())];
                let extra = g.extra(Viewer::Seat(seat), "de").unwrap().to_string();
                assert!(!extra.contains("(missing text"), "{extra}");
                g.person_actions(seat, &mut actions);
                for a in &actions {
                    let (de, en) = (g.action_view(seat, a, "de"), g.action_view(seat, a, "en"));
                    no_english_terms(&de.label);
                    no_english_terms(&de.effect);
                    german(&mut seen, de.label, en.label);
                    if en.effect.chars().any(char::is_alphabetic) {
                        german(&mut seen, de.effect, en.effect);
                    }
                }
                // Ending business and drawing are likelier, so that games end.
                let a = match actions
                    .iter()
                    .find(|a| matches!(a, Action::End | Action::Draw(_)))
                {
                    Some(a) if rng.gen_bool(0.3) => a.clone(),
                    _ => actions[rng.gen_range(0..actions.len())].clone(),
                };
                events.clear();
                g.apply_action(seat, &a, &mut events).unwrap();
                for e in &events {
                    german(
                        &mut seen,
                        TheBoss::describe(e, "de"),
                        TheBoss::describe(e, "en"),
                    );
                }
            }
            ended += usize::from(g.is_over());
            german(&mut seen, g.prompt("de"), g.prompt("en"));
        }
    }
    assert!(ended >= 3, "{ended} games ended");
    assert!(seen > 10_000, "{seen} texts checked");
    assert_eq!(catalog().fallbacks(), Vec::<(String, String)>::new());
    assert!(catalog().check().is_empty(), "{:?}", catalog().check());
}
