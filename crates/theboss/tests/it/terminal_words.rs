//! The terminal's table (`boardroom play`), its help, the configuration's line and the final
//! score table in German: over whole random games of every player count, no word of the
//! English drawing is left, amounts are written the German way and no message falls back to
//! English.

use boardroom_engine::{Present, Seat, Viewer};
use boardroom_theboss::action::Action;
use boardroom_theboss::words::catalog;
use boardroom_theboss::{Config, Event, TheBoss};
use rand::{Rng, SeedableRng};

/// The words the English drawing and score table write, none of which German keeps (names
/// of positions and cards stay as the data file writes them, and hold none of these).
const ENGLISH: &[&str] = &[
    "round",
    "turn",
    "floor",
    "open",
    "positions",
    "needs",
    "nothing",
    "fired",
    "missing",
    "loses",
    "more",
    "unemployed",
    "off",
    "board",
    "players",
    "you",
    "usable",
    "now",
    "cash",
    "shares",
    "net",
    "worth",
    "fate",
    "card",
    "experience",
    "decks",
    "left",
    "discarded",
    "sale",
    "cards",
    "none",
    "high",
    "bid",
    "opening",
    "auction",
    "sells",
    "mandatory",
    "call",
    "stockholders",
    "meeting",
    "moves",
    "fire",
    "severance",
    "against",
    "abstain",
    "undeclared",
    "offer",
    "deal",
    "owes",
    "overdue",
    "escrow",
    "broken",
    "walked",
    "away",
    "favour",
    "value",
    "exec",
    "points",
    "three",
    "ways",
    "win",
    "wins",
    "ties",
];

/// Asserts that `de` holds none of the English words (whole words, any letter case, ids with
/// digits left out) and no
/// amount written the English way (`$300`).
fn no_english(de: &str) {
    // Ids with digits (cards, lots) are the notation's, not words.
    let words = de
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.contains(|c: char| c.is_ascii_digit()));
    for word in words {
        let word = word.to_lowercase();
        assert!(!ENGLISH.contains(&word.as_str()), "`{word}` in:\n{de}");
    }
    let dollar_first = de
        .split('$')
        .skip(1)
        .any(|after| after.starts_with(|c: char| c.is_ascii_digit()));
    assert!(!dollar_first, "an English amount in:\n{de}");
}

#[test]
fn the_terminal_table_and_scores_read_in_german() {
    let (mut drawn, mut ended, mut running) = (0, 0, 0);
    for players in 2..=4 {
        for seed in 0..2u64 {
            let config = Config::new(players);
            let mut g = TheBoss::new_game(&config, 60 + seed).unwrap();
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let (mut actions, mut events) = (Vec::new(), Vec::<Event>::new());
            for step in 0..4000 {
                if g.is_over() {
                    break;
                }
                let must: Vec<Seat> = g.must_act().iter().collect();
                let seat = must[rng.gen_range(0..must.len())];
                let busy = g.auction().is_some() || g.meeting().is_some() || !g.deals().is_empty();
                if step % 9 == 0 || busy && step % 3 == 0 {
                    for viewer in [Viewer::Spectator, Viewer::Seat(seat)] {
                        let (de, en) = (g.draw(viewer, false, "de"), g.draw(viewer, false, "en"));
                        assert_ne!(de, en);
                        no_english(&de);
                        drawn += 1;
                        running += usize::from(busy);
                    }
                }
                g.person_actions(seat, &mut actions);
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
            }
            if let (Some(de), Some(en)) = (g.score_table("de"), g.score_table("en")) {
                ended += 1;
                for (d, e) in de.columns.iter().zip(&en.columns) {
                    assert_ne!(d, e);
                }
                assert_ne!(de.note, en.note);
                no_english(&de.to_text("Spieler"));
            }
            let line = TheBoss::describe_config(&config, "de");
            assert!(line.ends_with(&format!("{players} Spieler")), "{line}");
        }
    }
    assert_ne!(TheBoss::notation_help("de"), TheBoss::notation_help("en"));
    assert!(ended >= 3, "{ended} games ended");
    assert!(
        drawn > 500 && running > 50,
        "{drawn} tables, {running} with business"
    );
    assert_eq!(catalog().fallbacks(), Vec::<(String, String)>::new());
    assert!(catalog().check().is_empty(), "{:?}", catalog().check());
}
