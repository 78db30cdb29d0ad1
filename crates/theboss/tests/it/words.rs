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
        cells.contains(&("Experience cards".into(), "nothing".into(), name.clone())),
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
            // What each seat holds, and the final scores, in German too; money as German
            // writes it ("1.200 $").
            for (d, e) in g
                .holdings_in(Viewer::Seat(0), "de")
                .iter()
                .flatten()
                .zip(g.holdings_in(Viewer::Seat(0), "en").iter().flatten())
            {
                german(&mut seen, d.what.clone(), e.what.clone());
                if e.value.starts_with('$') {
                    assert!(d.value.ends_with(" $"), "{d:?}");
                }
            }
            if let (Some(de), Some(en)) = (g.score_table("de"), g.score_table("en")) {
                for (d, e) in de.columns.iter().zip(&en.columns) {
                    german(&mut seen, d.clone(), e.clone());
                }
                german(&mut seen, de.note, en.note);
                for row in &de.rows {
                    assert!(row.cells[0].ends_with(" $"), "{row:?}");
                    assert!(
                        !row.cells[4].contains(','),
                        "German groups with dots: {row:?}"
                    );
                }
            }
        }
    }
    assert!(ended >= 3, "{ended} games ended");
    assert!(seen > 10_000, "{seen} texts checked");
    assert_eq!(catalog().fallbacks(), Vec::<(String, String)>::new());
    assert!(catalog().check().is_empty(), "{:?}", catalog().check());
}

/// Words of English a German refusal never holds (besides [`ENGLISH_TERMS`]).
const ENGLISH_REFUSAL_TERMS: &[&str] = &[
    "you ", " the ", " is ", " not ", " no ", "offer", " deal", "meeting", " card", "rule ",
    "ruling", "decision",
];

/// Asserts that `de`, a refusal, is written in German: no message missing (shown as an id or
/// an unfilled variable), different from `en`, and none of the English words.
fn german_refusal(de: &str, en: &str) {
    assert!(!de.contains("(missing text"), "an id shown: {de}");
    assert!(
        !de.contains("{$") && !de.contains("{ $"),
        "a variable unfilled: {de}"
    );
    assert_ne!(de, en, "not in German");
    no_english_terms(de);
    for term in ENGLISH_REFUSAL_TERMS {
        assert!(!de.contains(term), "{term:?} in German: {de}");
    }
}

/// In random games at every player count, every probe and every action a person could pick,
/// tried by every seat, that the game refuses reads in German, naming its rule in German.
#[test]
fn every_refusal_met_in_play_reads_in_german() {
    use boardroom_theboss::words::catalog;
    use std::collections::BTreeSet;
    let mut ids = BTreeSet::new();
    let mut refusals = 0;
    let mut actions = Vec::new();
    for players in 2..=4 {
        for seed in 0..4u64 {
            let length = 60 + seed as usize * 90;
            let (g, _, _) = random_game(players, seed, length);
            let mut all: Vec<Action> = PROBES
                .iter()
                .filter_map(|t| g.parse_action(t).ok())
                .collect();
            for s in 0..players {
                g.person_actions(s, &mut actions);
                all.append(&mut actions);
            }
            for a in &all {
                for seat in 0..=players {
                    if let Err(e) = g.check(seat, a.clone()) {
                        german_refusal(&TheBoss::refusal(&e, "de"), &e.to_string());
                        assert_eq!(TheBoss::refusal(&e, "en"), e.to_string());
                        ids.insert(e.reason.id);
                        refusals += 1;
                    }
                }
            }
        }
    }
    assert!(refusals > 1000, "{refusals} refusals checked");
    assert!(
        ids.len() >= 35,
        "{} kinds of refusal met: {ids:?}",
        ids.len()
    );
    assert_eq!(catalog().fallbacks(), Vec::<(String, String)>::new());
}

/// A message of `game.ftl`: its variables, and the keys each selector on a variable chooses
/// between.
#[derive(Default)]
struct Shape {
    variables: std::collections::BTreeSet<String>,
    keys: std::collections::BTreeMap<String, Vec<String>>,
}

/// The shapes of the messages of an `.ftl` file, by id.
fn shapes(ftl: &str) -> std::collections::BTreeMap<String, Shape> {
    use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};
    fn pattern(p: &Pattern<&str>, shape: &mut Shape) {
        for element in &p.elements {
            if let PatternElement::Placeable { expression } = element {
                match expression {
                    Expression::Select { selector, variants } => {
                        if let InlineExpression::VariableReference { id } = selector {
                            shape.variables.insert(id.name.to_string());
                            let keys = shape.keys.entry(id.name.to_string()).or_default();
                            keys.extend(variants.iter().map(|v| match &v.key {
                                fluent_syntax::ast::VariantKey::Identifier { name } => {
                                    name.to_string()
                                }
                                fluent_syntax::ast::VariantKey::NumberLiteral { value } => {
                                    value.to_string()
                                }
                            }));
                        }
                        for v in variants {
                            pattern(&v.value, shape);
                        }
                    }
                    Expression::Inline(InlineExpression::VariableReference { id }) => {
                        shape.variables.insert(id.name.to_string());
                    }
                    Expression::Inline(_) => {}
                }
            }
        }
    }
    let resource = fluent_syntax::parser::parse(ftl).expect("game.ftl parses");
    let mut out = std::collections::BTreeMap::new();
    for entry in resource.body {
        if let Entry::Message(m) = entry {
            let mut shape = Shape::default();
            if let Some(value) = &m.value {
                pattern(value, &mut shape);
            }
            out.insert(m.id.name.to_string(), shape);
        }
    }
    out
}

/// A value for variable `name` of refusal `id`, as the rules code fills it.
fn sample(id: &str, name: &str) -> boardroom_i18n::Arg {
    use boardroom_i18n::Message;
    match name {
        "name" => boardroom_theboss::words::seat(2).into(),
        "card" if id.contains("experience") => "College, 2 years".into(),
        "card" => Message::new("the-boss-exec-name")
            .arg("number", 7u8)
            .arg("title", "Vice President")
            .into(),
        "title" => "Regional Director".into(),
        "kind" => "COL".into(),
        _ => 30u32.into(),
    }
}

/// The source files of the crate, as text.
fn sources() -> Vec<String> {
    fn walk(dir: &std::path::Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(std::fs::read_to_string(&path).unwrap());
            }
        }
    }
    let mut out = Vec::new();
    walk(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut out,
    );
    out
}

/// The string literals of `sources` that start with `prefix`, each once.
fn literals(sources: &[String], prefix: &str) -> std::collections::BTreeSet<String> {
    let quoted = format!("\"{prefix}");
    let mut out = std::collections::BTreeSet::new();
    for text in sources {
        for (at, _) in text.match_indices(&quoted) {
            let rest = &text[at + 1..];
            if let Some(end) = rest.find('"') {
                out.insert(rest[..end].to_string());
            }
        }
    }
    out
}

/// Every refusal the rules code can give is a message of `game.ftl` (and every refusal
/// message is one the code gives), and each, with every choice of its selectors and behind
/// every rule the code cites, reads in German: no fallback to English, no English left.
#[test]
fn every_refusal_and_every_rule_reads_in_german() {
    use boardroom_i18n::{Arg, Message};
    use boardroom_theboss::words::catalog;
    use boardroom_theboss::RuleError;
    let en = shapes(include_str!("../../locales/en/game.ftl"));
    let code = sources();
    let used = literals(&code, "the-boss-err-");
    let written: std::collections::BTreeSet<String> = en
        .keys()
        .filter(|id| id.starts_with("the-boss-err-"))
        .cloned()
        .collect();
    assert_eq!(used, written, "refusals in the code and in game.ftl");
    assert!(written.len() > 150, "{} refusals", written.len());
    let mut seen = 0;
    for id in &written {
        let shape = &en[id];
        let id: &'static str = Box::leak(id.clone().into_boxed_str());
        let base: Vec<(&'static str, Arg)> = shape
            .variables
            .iter()
            .map(|v| {
                let v: &'static str = Box::leak(v.clone().into_boxed_str());
                let value = match shape.keys.get(v) {
                    Some(keys) => keys[0].as_str().into(),
                    None => sample(id, v),
                };
                (v, value)
            })
            .collect();
        // The first key of each selector, then each other key of each selector in turn.
        let mut variants = vec![base.clone()];
        for (v, keys) in &shape.keys {
            for key in &keys[1..] {
                let mut args = base.clone();
                for (name, value) in &mut args {
                    if name == v {
                        *value = key.as_str().into();
                    }
                }
                variants.push(args);
            }
        }
        for args in variants {
            let e = RuleError::new("§9.2", Message { id, args });
            german_refusal(&TheBoss::refusal(&e, "de"), &e.to_string());
            seen += 1;
        }
    }
    // Every rule the code cites is named in German, a section with its subject.
    let mut rules = literals(&code, "§");
    rules.extend(literals(&code, "R-"));
    rules.retain(|r| r.len() < 8 && r[r.len() - 1..].chars().all(|c| c.is_ascii_digit()));
    assert!(rules.len() > 30, "{rules:?}");
    for rule in &rules {
        let rule: &'static str = Box::leak(rule.clone().into_boxed_str());
        let e = RuleError::new(rule, Message::new("the-boss-err-offer-empty"));
        let de = TheBoss::refusal(&e, "de");
        german_refusal(&de, &e.to_string());
        let named = match rule.strip_prefix('§') {
            Some(number) => format!("(Regel {number}: "),
            None => format!("(Regelentscheidung {rule})"),
        };
        assert!(de.contains(&named), "{rule}: {de}");
        seen += 1;
    }
    assert!(seen > 200, "{seen} refusals checked");
    assert_eq!(catalog().fallbacks(), Vec::<(String, String)>::new());
    assert!(catalog().check().is_empty(), "{:?}", catalog().check());
}
