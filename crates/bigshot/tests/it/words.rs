//! What players read: every refusal reads as a sentence (no notation, no seat numbers), the
//! cubes are named by colour, and what each seat holds is in words.

use boardroom_bigshot::action::universe;
use boardroom_bigshot::{BigShot, Config, Event};
use boardroom_engine::{holdings_changes, Game, Present, Viewer};
use rand::{Rng, SeedableRng};

/// Asserts that `text`, shown to a player, holds no notation: no backticks, no rule ids, no
/// seat numbers, no cube letters.
fn in_words(text: &str) {
    assert!(!text.contains('`'), "notation in: {text}");
    assert!(!text.contains('§'), "a rule id in: {text}");
    assert!(!text.contains("seat "), "a seat number in: {text}");
    let letters = text
        .split(|c: char| !c.is_ascii_alphanumeric())
        .any(|w| w.len() > 1 && w.chars().all(|c| "ROIP".contains(c)));
    assert!(!letters, "cube letters in: {text}");
}

/// In random games of every player count, every action of the universe by every seat that the
/// game refuses is refused in words, and every event reads in words.
#[test]
fn refusals_and_events_read_as_sentences() {
    for players in 2..=4 {
        let mut g = BigShot::new(&Config::new(players), 7 + players as u64).unwrap();
        let all = universe(g.board());
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(players as u64);
        let (mut legal, mut events) = (Vec::new(), Vec::<Event>::new());
        let mut refusals = 0;
        for step in 0..400 {
            let Some(to_act) = g.to_act().first() else {
                break;
            };
            if step % 5 == 0 {
                for seat in 0..players {
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
                in_words(&<BigShot as Present>::describe(e, "en"));
            }
            in_words(&g.prompt("en"));
        }
        assert!(refusals > 1000, "{refusals} refusals checked");
    }
}

/// What each seat holds, in words: its colours' coins and IOUs and its loans, compared
/// before and after a loan.
#[test]
fn holdings_are_words() {
    let mut g = BigShot::new(&Config::new(3), 1).unwrap();
    let before = g.clone();
    let mut legal = Vec::new();
    // Roll, then the first seat asked takes its loan.
    let seat = g.to_act().first().unwrap();
    g.legal_actions(seat, &mut legal);
    g.play(seat, legal[0]).unwrap();
    let seat = g.to_act().first().unwrap();
    let loan = g.parse_action(&format!(
        "loan {}",
        <BigShot as Present>::seat_name(seat).to_lowercase()
    ));
    let loan = loan.unwrap();
    g.play(seat, loan).unwrap();
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
        cells
            .iter()
            .any(|(what, was, now)| what == "Loans" && was == "0" && now == "1"),
        "{cells:?}"
    );
    assert!(
        cells
            .iter()
            .any(|(what, _, now)| what.starts_with("Coins (") && now.ends_with('M')),
        "{cells:?}"
    );
}

/// In random games of every player count (and the hidden-money variant), every log sentence,
/// prompt, action label and effect and refusal reads in German: each message exists in German
/// (none falls back to English, none is shown as its id), and each differs from its English one.
#[test]
fn a_whole_game_reads_in_german() {
    use boardroom_bigshot::words::catalog;
    let mut seen = 0;
    for (players, hidden) in [(2, false), (3, false), (4, false), (3, true)] {
        let mut config = Config::new(players);
        config.hidden_money = hidden;
        let mut g = BigShot::new(&config, 31 + players as u64).unwrap();
        let all = universe(g.board());
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5 + players as u64);
        let (mut legal, mut events) = (Vec::new(), Vec::<Event>::new());
        let mut german = |de: String, en: String| {
            assert!(!de.contains("(missing text"), "an id shown: {de}");
            assert!(!de.contains("big-shot-"), "an id shown: {de}");
            assert_ne!(de, en, "not in German");
            seen += 1;
        };
        for step in 0..3000 {
            let Some(to_act) = g.to_act().first() else {
                break;
            };
            german(g.prompt("de"), g.prompt("en"));
            if step % 10 == 0 {
                for seat in 0..players {
                    for &a in &all {
                        if let Err(e) = g.check(seat, a) {
                            german(BigShot::refusal(&e, "de"), e.to_string());
                        }
                    }
                }
            }
            g.legal_actions(to_act, &mut legal);
            for a in &legal {
                let (de, en) = (
                    g.action_view(to_act, a, "de"),
                    g.action_view(to_act, a, "en"),
                );
                german(de.label, en.label);
                if en.effect.chars().any(char::is_alphabetic) {
                    german(de.effect, en.effect);
                }
            }
            let a = legal[rng.gen_range(0..legal.len())];
            events.clear();
            g.apply(to_act, a, &mut events).unwrap();
            for e in &events {
                german(BigShot::describe(e, "de"), BigShot::describe(e, "en"));
            }
        }
        assert!(g.is_over(), "{players} players: the game ends");
        german(g.prompt("de"), g.prompt("en"));
        // The final scores and what each seat holds, in German too; money as German writes it.
        let (de, en) = (g.score_table("de").unwrap(), g.score_table("en").unwrap());
        for (d, e) in de.columns.iter().zip(&en.columns) {
            german(d.clone(), e.clone());
        }
        german(de.note, en.note);
        for (d, e) in de.rows.iter().zip(&en.rows) {
            german(d.cells[6].clone(), e.cells[6].clone());
        }
        let (de, en) = (
            g.holdings_in(Viewer::Seat(0), "de"),
            g.holdings_in(Viewer::Seat(0), "en"),
        );
        for (d, e) in de.iter().flatten().zip(en.iter().flatten()) {
            german(d.what.clone(), e.what.clone());
            if e.value.ends_with('M') {
                assert!(d.value.ends_with(" Mio."), "{d:?}");
            }
        }
    }
    assert!(seen > 10_000, "{seen} texts checked");
    assert_eq!(catalog().fallbacks(), Vec::<(String, String)>::new());
    assert!(catalog().check().is_empty(), "{:?}", catalog().check());
}

/// Seats are named by their colour in the reader's language, and a refusal names its rule in
/// German as in English.
#[test]
fn seats_and_refusals_in_german() {
    assert_eq!(BigShot::seat_name_in(2, "de"), "Elfenbein");
    assert_eq!(BigShot::seat_name_in(2, "en"), "Ivory");
    let g = BigShot::new(&Config::new(3), 1).unwrap();
    let to_act = g.to_act().first().unwrap();
    let other = (to_act + 1) % 3;
    let e = g.check(other, boardroom_bigshot::Action::Roll).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "it is not {}'s turn ({} is to act)",
            BigShot::seat_name(other),
            BigShot::seat_name(to_act)
        )
    );
    assert_eq!(
        BigShot::refusal(&e, "de"),
        format!(
            "{} ist nicht am Zug ({} ist dran)",
            BigShot::seat_name_in(other, "de"),
            BigShot::seat_name_in(to_act, "de")
        )
    );
}
