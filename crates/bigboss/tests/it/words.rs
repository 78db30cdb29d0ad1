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
                in_words(&<BigBoss as Present>::describe(e, "en"));
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

/// In random games of both editions, every log sentence, prompt, action label and effect,
/// hand note and refusal reads in German: each message exists in German (none falls back to
/// English, none is shown as its id), and each sentence differs from its English one.
#[test]
fn a_whole_game_reads_in_german() {
    use boardroom_bigboss::words::catalog;
    let all = universe();
    let mut seen = 0;
    for edition in [Edition::Modern, Edition::Classic] {
        let mut g = BigBoss::new(&Config::new(edition, 4), 23).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        let (mut legal, mut events) = (Vec::new(), Vec::<Event>::new());
        let mut german = |de: String, en: String| {
            assert!(!de.contains("(missing text"), "an id shown: {de}");
            assert_ne!(de, en, "not in German");
            seen += 1;
        };
        for step in 0..2000 {
            let Some(to_act) = g.to_act().first() else {
                break;
            };
            german(g.prompt("de"), g.prompt("en"));
            if step % 25 == 0 {
                for seat in 0..4 {
                    for &a in &all {
                        if let Err(e) = g.check(seat, a) {
                            german(BigBoss::refusal(&e, "de"), e.to_string());
                        }
                    }
                    let notes = g.extra(Viewer::Seat(seat), "de").unwrap().to_string();
                    assert!(!notes.contains("(missing text"), "{notes}");
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
                german(BigBoss::describe(e, "de"), BigBoss::describe(e, "en"));
            }
        }
        assert!(g.is_over(), "{edition}: the game ends");
        // The final scores and what each seat holds, in German too.
        let (de, en) = (g.score_table("de").unwrap(), g.score_table("en").unwrap());
        for (d, e) in de.columns.iter().zip(&en.columns) {
            german(d.clone(), e.clone());
        }
        german(de.note, en.note);
        for (d, e) in de.rows.iter().zip(&en.rows) {
            german(d.name.clone(), e.name.clone());
        }
        let (de, en) = (
            g.holdings_in(Viewer::Seat(0), "de"),
            g.holdings_in(Viewer::Seat(0), "en"),
        );
        for (d, e) in de.iter().flatten().zip(en.iter().flatten()) {
            german(d.what.clone(), e.what.clone());
        }
    }
    assert!(seen > 10_000, "{seen} texts checked");
    assert_eq!(catalog().fallbacks(), Vec::<(String, String)>::new());
    assert!(catalog().check().is_empty(), "{:?}", catalog().check());
}

/// Money reads as each language writes it: `$1,200M` in English, `1.200 Mio. $` in German, in
/// the log as in what a seat holds.
#[test]
fn money_is_written_as_each_language_writes_it() {
    use boardroom_bigboss::words::{money, text};
    assert_eq!(text("en", &money(1200)), "$1,200M");
    assert_eq!(text("de", &money(1200)), "1.200 Mio. $");
    assert_eq!(text("de", &money(35)), "35 Mio. $");
    let g = BigBoss::new(&Config::new(Edition::Modern, 3), 2).unwrap();
    let cash = |lang| {
        g.holdings_in(Viewer::Seat(0), lang)[0]
            .iter()
            .find(|h| h.what == text(lang, &boardroom_i18n::Message::new("big-boss-held-money")))
            .map(|h| h.value.clone())
            .unwrap()
    };
    let start = g.player(0).money;
    assert_eq!(cash("en"), format!("${start}M"));
    assert_eq!(cash("de"), format!("{start} Mio. $"));
    let bought = Event::ShareBought {
        seat: 0,
        company: boardroom_bigboss::CompanyId(0),
        cost: 12,
    };
    assert!(BigBoss::describe(&bought, "de").ends_with("für 12 Mio. $"));
    assert!(BigBoss::describe(&bought, "en").ends_with("for $12M"));
}
