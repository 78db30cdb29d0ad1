//! The terminal's table (`boardroom play`), its help, the configuration's line and the final
//! score table in German: over whole random games of both editions, no word of the English
//! drawing is left and no message falls back to English.

use boardroom_bigboss::words::catalog;
use boardroom_bigboss::{BigBoss, Config, Edition, Event};
use boardroom_engine::{Game, Present, Viewer};
use rand::{Rng, SeedableRng};

/// The words the English drawing and score table write, none of which German keeps.
const ENGLISH: &[&str] = &[
    "company", "price", "shares", "tower", "towers", "owner", "acquired", "pieces", "deck",
    "level", "cards", "discard", "face", "row", "player", "money", "flags", "known", "total",
    "held", "carrying", "equal", "penalty",
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
    let mut drawn = 0;
    for edition in [Edition::Modern, Edition::Classic] {
        let config = Config::new(edition, 4);
        let mut g = BigBoss::new(&config, 31).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let (mut legal, mut events) = (Vec::new(), Vec::<Event>::new());
        for step in 0..2000 {
            let Some(seat) = g.to_act().first() else {
                break;
            };
            if step % 7 == 0 {
                for viewer in [Viewer::Spectator, Viewer::Seat(seat)] {
                    let (de, en) = (g.draw(viewer, false, "de"), g.draw(viewer, false, "en"));
                    assert_ne!(de, en);
                    no_english(&de);
                    drawn += 1;
                }
            }
            g.legal_actions(seat, &mut legal);
            let a = legal[rng.gen_range(0..legal.len())];
            events.clear();
            g.apply(seat, a, &mut events).unwrap();
        }
        assert!(g.is_over(), "{edition}: the game ends");
        no_english(&g.draw(Viewer::Spectator, true, "de"));
        let (de, en) = (g.score_table("de").unwrap(), g.score_table("en").unwrap());
        for (d, e) in de.columns.iter().zip(&en.columns) {
            assert_ne!(d, e);
        }
        assert_ne!(de.note, en.note);
        no_english(&de.to_text("Spieler"));
        assert_ne!(BigBoss::notation_help("de"), BigBoss::notation_help("en"));
        let line = BigBoss::describe_config(&config, "de");
        assert!(line.ends_with("4 Spieler"), "{line}");
    }
    assert!(drawn > 100, "{drawn} tables drawn");
    assert_eq!(catalog().fallbacks(), Vec::<(String, String)>::new());
    assert!(catalog().check().is_empty(), "{:?}", catalog().check());
}
