//! `boardroom play --lang de` over a whole game of each game, driven by scripted input: the
//! terminal's own words (its frame: headings, questions, commands, errors, the end of the game)
//! and each game's table and final scores are German, with no English word of them left.

use crate::common::boardroom;

/// One owner's messages: its English and German `.ftl` files, and which of their ids count.
type Messages<'a> = (&'a str, &'a str, &'a dyn Fn(&str) -> bool);

/// The words of the English messages of each `(English, German, keep)` whose ids pass `keep`,
/// less the words the German ones use too (names, the notation's words in the help, words
/// both languages have such as `Hand`): the words a German terminal must not show.
fn english_only(sources: &[Messages]) -> Vec<String> {
    let words = |ftl: &str, keep: &dyn Fn(&str) -> bool| -> Vec<String> {
        let mut out = Vec::new();
        let mut kept = false;
        for line in ftl.lines() {
            if line.starts_with('#') {
                continue;
            }
            let text = match line.split_once(" = ") {
                Some((id, value)) if !line.starts_with(' ') => {
                    kept = keep(id);
                    value
                }
                _ => line,
            };
            if !kept {
                continue;
            }
            // Not the variables, nor the keys of a selector's variants.
            let mut clean = String::new();
            let mut skip = false;
            for ch in text.chars() {
                match ch {
                    '$' | '[' => skip = true,
                    ' ' | ']' | '}' | ',' | ')' => {
                        skip = false;
                        clean.push(' ');
                    }
                    _ if skip => {}
                    _ => clean.push(ch),
                }
            }
            out.extend(
                clean
                    .split(|c: char| !c.is_alphabetic())
                    .filter(|w| w.chars().count() > 2)
                    .map(str::to_lowercase),
            );
        }
        out
    };
    let german: Vec<String> = sources
        .iter()
        .flat_map(|(_, de, keep)| words(de, keep))
        .collect();
    let mut english: Vec<String> = sources
        .iter()
        .flat_map(|(en, _, keep)| words(en, keep))
        .filter(|w| !german.contains(w))
        .collect();
    english.sort();
    english.dedup();
    english
}

/// Plays `game` in German with `seats`, the first seat a person answering `script` then the
/// first move of every list, and returns what the terminal wrote.
fn play_in_german(game: &str, seats: &str, seed: &str, script: &str) -> String {
    let mut input = script.to_string();
    input.push_str(&"1\n".repeat(6000));
    let out = boardroom()
        .args([
            "play", game, "--lang", "de", "--seats", seats, "--seed", seed,
        ])
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    String::from_utf8(out.stdout).unwrap()
}

/// The seats' names in German, which start the lines that echo a move in the notation.
const SEATS: [&str; 7] = ["Rot", "Blau", "Grün", "Gelb", "Orange", "Elfenbein", "Lila"];

/// Asserts that `text` holds none of `english` (whole words, any case), naming the line. The
/// lines that echo a move (`Blau: offer 2 give fate take $250 note "…"`) are notation,
/// language-free, and left out; so is what a player wrote in quotes (a note to an offer, in
/// the player's own words).
fn no_english(game: &str, text: &str, english: &[String]) {
    let unquoted = |line: &str| {
        let mut out = String::new();
        let mut quoted = false;
        for ch in line.chars() {
            match ch {
                '„' | '“' | '"' => quoted = ch == '„' || (ch == '"' && !quoted),
                _ if !quoted => out.push(ch),
                _ => {}
            }
        }
        out
    };
    let echo = |line: &str| {
        SEATS
            .iter()
            .any(|s| line.strip_prefix(s).is_some_and(|l| l.starts_with(": ")))
    };
    for line in text.lines().filter(|l| !echo(l)) {
        for word in unquoted(line).split(|c: char| !c.is_alphabetic()) {
            let word = word.to_lowercase();
            assert!(
                !english.contains(&word),
                "{game}: `{word}` is English, in the line:\n{line}"
            );
        }
    }
}

#[test]
fn play_in_german_shows_no_english_word_of_the_frame_or_the_table() {
    let play = |id: &str| id.starts_with("play-");
    let cli = (
        include_str!("../../../locales/en/cli.ftl"),
        include_str!("../../../locales/de/cli.ftl"),
        &play as &dyn Fn(&str) -> bool,
    );
    let term = |id: &str| id.contains("-term-") || id.contains("-score-");
    // The Boss's positions and cards keep the titles its data file gives them (`Office Boy`,
    // `High School Education`): names, in every language.
    let titles: Vec<String> = include_str!("../../../../theboss/data/the_boss.toml")
        .lines()
        .filter_map(|l| l.strip_prefix("title = "))
        .flat_map(|t| t.split(|c: char| !c.is_alphabetic()))
        .map(str::to_lowercase)
        .collect();
    // Each game with the last words of its final score table's note.
    let games = [
        (
            "big-boss",
            "gesetzt hat.",
            "human,random,random",
            include_str!("../../../../bigboss/locales/en/game.ftl"),
            include_str!("../../../../bigboss/locales/de/game.ftl"),
        ),
        (
            "big-shot",
            "mit jeder Farbe).",
            "human,random,random",
            include_str!("../../../../bigshot/locales/en/game.ftl"),
            include_str!("../../../../bigshot/locales/de/game.ftl"),
        ),
        (
            "the-boss",
            "teilen sich die Spieler den Sieg.",
            "human,heuristic,heuristic",
            include_str!("../../../../theboss/locales/en/game.ftl"),
            include_str!("../../../../theboss/locales/de/game.ftl"),
        ),
    ];
    for (game, end, seats, en, de) in games {
        let mut english = english_only(&[cli, (en, de, &term)]);
        if game == "the-boss" {
            english.retain(|w| !titles.contains(w));
        }
        assert!(english.contains(&"unfinished".to_string()), "{english:?}");
        assert!(english.len() > 30, "{game}: {english:?}");
        // The commands in German and in English, a number that is no move, then the moves.
        let text = play_in_german(game, seats, "5", "hilfe\nhelp\ntisch\n99\n");
        no_english(game, &text, &english);
        // Every part of the frame was shown, and the game was played to its end.
        for shown in [
            "Seed 5. Plätze: ",
            "= Mensch",
            "Tippe bei jeder Frage `hilfe`",
            "Befehle: tisch (zeigt den Tisch), hilfe (diese Hilfe), ende (verlässt das Spiel).",
            "✗ es gibt keinen Zug 99: Wähle 1–",
            "  Spieler ",
            end,
        ] {
            assert!(text.contains(shown), "{game}: no `{shown}` in:\n{text}");
        }
        assert!(
            !text.contains("Die Eingabe ist zu Ende"),
            "{game}: unfinished"
        );
    }
}

/// The terminal's own words follow the language: German commands are understood (and the
/// English ones still), quitting says so in German.
#[test]
fn german_commands_are_understood_and_quitting_is_german() {
    let dir = tempfile::tempdir().unwrap();
    let out = boardroom()
        .args(["play", "big-boss", "--seats", "human,random", "--seed", "8"])
        .args(["--first", "0", "--lang", "de", "--record"])
        .arg(dir.path().join("game.json"))
        .write_stdin("quit\n")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Das Spiel bleibt unvollendet."), "{text}");
    assert!(text.contains("Die Aufzeichnung steht in "), "{text}");
    let out = boardroom()
        .args(["play", "big-boss", "--seats", "human,random", "--seed", "8"])
        .args(["--first", "0", "--lang", "de"])
        .write_stdin("ENDE\n")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Das Spiel bleibt unvollendet."), "{text}");
    assert!(!text.contains("✗"), "{text}");
}
