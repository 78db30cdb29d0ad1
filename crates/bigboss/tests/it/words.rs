//! What players read: every refusal reads as a sentence (no notation, no seat numbers), cards
//! are named in words, and what each seat holds is in words.

use boardroom_bigboss::action::universe;
use boardroom_bigboss::{BigBoss, Config, Edition, Event};
use boardroom_engine::{holdings_changes, Game, Present, Viewer};
use rand::{Rng, SeedableRng};

/// Asserts that `text`, shown to a player, holds no notation: no backticks, no rule ids, no
/// seat numbers, no storey cards written `L3`.
fn in_words(text: &str) {
    assert!(!text.contains('`'), "notation in: {text}");
    assert!(!text.contains('§'), "a rule id in: {text}");
    assert!(!text.contains("seat "), "a seat number in: {text}");
    let storey = text
        .split(|c: char| !c.is_ascii_alphanumeric())
        .any(|w| w.starts_with('L') && w.len() <= 2 && w[1..].chars().all(|c| c.is_ascii_digit()));
    assert!(!storey, "a card in notation in: {text}");
}

/// In random games of both editions, every action of the universe by every seat that the game
/// refuses is refused in words, and every event reads in words.
#[test]
fn refusals_and_events_read_as_sentences() {
    let all = universe();
    for edition in [Edition::Modern, Edition::Classic] {
        let mut g = BigBoss::new(&Config::new(edition, 3), 11).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let (mut legal, mut events) = (Vec::new(), Vec::<Event>::new());
        let mut refusals = 0;
        for step in 0..300 {
            let Some(to_act) = g.to_act().first() else {
                break;
            };
            if step % 10 == 0 {
                for seat in 0..3 {
                    for &a in &all {
                        if let Err(e) = g.check(seat, a) {
                            in_words(&e.to_string());
                            refusals += 1;
                        }
                    }
                }
            }
            g.legal_actions(to_act, &mut legal);
            let a = legal[rng.gen_range(0..legal.len())];
            events.clear();
            g.apply(to_act, a, &mut events).unwrap();
            for e in &events {
                in_words(&<BigBoss as Present>::describe(e));
            }
        }
        assert!(refusals > 1000, "{edition}: {refusals} refusals checked");
    }
}

/// What each seat holds, in words: money, shares by company, towers and cards in hand,
/// compared before and after buying a card.
#[test]
fn holdings_are_words() {
    let mut g = BigBoss::new(&Config::new(Edition::Modern, 3), 2).unwrap();
    let before = g.clone();
    let seat = g.to_act().first().unwrap();
    g.play(seat, g.parse_action("buy deck").unwrap()).unwrap();
    let held = g.holdings(Viewer::Seat(seat));
    assert_eq!(held.len(), 3);
    for h in held.iter().flatten() {
        assert!(h.what.chars().next().unwrap().is_uppercase(), "{h:?}");
        assert!(!h.what.contains('_'), "{h:?}");
    }
    let changes = holdings_changes(&before, &g, Viewer::Seat(seat));
    assert_eq!(changes.len(), 1, "{changes:?}");
    let (s, cells) = &changes[0];
    assert_eq!(*s, seat);
    assert!(
        cells.iter().any(|(what, _, _)| what == "Money"),
        "{cells:?}"
    );
    assert!(
        cells.iter().any(|(what, was, now)| what == "Cards in hand"
            && now.parse::<u32>().unwrap() == was.parse::<u32>().unwrap() + 1),
        "{cells:?}"
    );
}
