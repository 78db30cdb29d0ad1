//! The terminal's table (`boardroom play`), its two-step placing question, its help, the
//! configuration's line and the final score table in German: over whole random games of every
//! player count, no word of the English drawing is left and no message falls back to English.

use boardroom_bigshot::words::catalog;
use boardroom_bigshot::{BigShot, Config, Event};
use boardroom_engine::{Game, Present, Viewer};
use rand::{Rng, SeedableRng};

/// The words the English drawing, placing question and score table write, none of which
/// German keeps.
const ENGLISH: &[&str] = &[
    "auction",
    "spaces",
    "clockwise",
    "broker",
    "city",
    "sold",
    "nobody",
    "round",
    "rolls",
    "last",
    "roll",
    "standing",
    "bid",
    "yet",
    "space",
    "places",
    "player",
    "colours",
    "coins",
    "ious",
    "notes",
    "act",
    "passed",
    "borrowed",
    "purple",
    "neutral",
    "never",
    "bids",
    "red",
    "ivory",
    "empty",
    "lots",
    "debt",
    "status",
    "owned",
    "best",
    "may",
    "win",
    "yes",
    "no",
    "needs",
    "least",
];

/// Asserts that `de` holds none of the English words (whole words, any letter case, ids with
/// digits left out).
fn no_english(de: &str) {
    // Ids with digits (cards, lots) are the notation's, not words.
    let words = de
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.contains(|c: char| c.is_ascii_digit()));
    for word in words {
        let word = word.to_lowercase();
        assert!(!ENGLISH.contains(&word.as_str()), "`{word}` in:\n{de}");
    }
}

#[test]
fn the_terminal_table_and_scores_read_in_german() {
    let (mut drawn, mut grouped) = (0, 0);
    for players in 2..=4 {
        let config = Config::new(players);
        let mut g = BigShot::new(&config, 17 + players as u64).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(players as u64);
        let (mut legal, mut events) = (Vec::new(), Vec::<Event>::new());
        for step in 0..3000 {
            let Some(seat) = g.to_act().first() else {
                break;
            };
            g.legal_actions(seat, &mut legal);
            if step % 5 == 0 {
                for viewer in [Viewer::Spectator, Viewer::Seat(seat)] {
                    let (de, en) = (g.draw(viewer, false, "de"), g.draw(viewer, false, "en"));
                    assert_ne!(de, en);
                    no_english(&de);
                    drawn += 1;
                }
            }
            for a in &legal {
                if let Some((lot, colour)) = g.terminal_group(seat, a, "de") {
                    no_english(&lot);
                    no_english(&colour);
                    grouped += 1;
                }
            }
            let a = legal[rng.gen_range(0..legal.len())];
            events.clear();
            g.apply(seat, a, &mut events).unwrap();
        }
        assert!(g.is_over(), "{players} players: the game ends");
        let (de, en) = (g.score_table("de").unwrap(), g.score_table("en").unwrap());
        for (d, e) in de.columns.iter().zip(&en.columns) {
            assert_ne!(d, e);
        }
        assert_ne!(de.note, en.note);
        no_english(&de.to_text("Spieler"));
        assert_ne!(BigShot::notation_help("de"), BigShot::notation_help("en"));
        let line = BigShot::describe_config(&config, "de");
        assert!(line.ends_with(&format!("{players} Spieler")), "{line}");
    }
    assert!(
        drawn > 200 && grouped > 100,
        "{drawn} tables, {grouped} placings"
    );
    assert_eq!(catalog().fallbacks(), Vec::<(String, String)>::new());
    assert!(catalog().check().is_empty(), "{:?}", catalog().check());
}
