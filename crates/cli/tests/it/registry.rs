//! The command line over the games registry: every game and option it offers comes from
//! `boardroom-registry`, and every check names what is accepted. The tests iterate the registry, so
//! a new game is covered as soon as it is registered.

use crate::common::boardroom;
use boardroom_engine::{OptionKind, Record};
use boardroom_registry::{list, GameInfo, Playable, Visitor};
use predicates::prelude::*;
use serde_json::Value;
use std::fs;

/// The arguments that give option `spec` a valid value (`file` for a file option).
fn option_args(spec: &boardroom_engine::OptionSpec, file: &std::path::Path) -> Vec<String> {
    let mut args = vec![format!("--{}", spec.flag())];
    match spec.kind {
        OptionKind::Flag => {}
        OptionKind::Choice(choices) => args.push(choices[0].to_string()),
        OptionKind::File => args.push(file.display().to_string()),
    }
    args
}

#[test]
fn an_unknown_game_is_refused_listing_the_games_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("game.json");
    let csv = dir.path().join("games.csv");
    let runs: Vec<Vec<String>> = vec![
        vec!["new".into(), "chess".into()],
        vec![
            "play".into(),
            "chess".into(),
            "--record".into(),
            record.display().to_string(),
        ],
        vec![
            "simulate".into(),
            "--game".into(),
            "chess".into(),
            "--csv".into(),
            csv.display().to_string(),
        ],
        vec!["bench".into(), "--game".into(), "chess".into()],
        vec!["load".into(), "--game".into(), "chess".into()],
    ];
    for args in runs {
        let out = boardroom().args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("chess"), "{err}");
        for g in list() {
            assert!(err.contains(g.id), "{args:?}: {err}");
        }
    }
    assert!(!record.exists() && !csv.exists());

    // A file naming an unknown game is refused with the games too, and nothing is printed.
    let pos = dir.path().join("pos.json");
    fs::write(&pos, r#"{"game":"chess","board":[]}"#).unwrap();
    for sub in ["apply", "hint", "replay"] {
        let out = boardroom().arg(sub).arg(&pos).output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{sub}");
        assert!(out.stdout.is_empty(), "{sub}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("unknown game `chess`"), "{err}");
        for g in list() {
            assert!(err.contains(g.id), "{sub}: {err}");
        }
    }
}

#[test]
fn an_option_of_another_game_is_refused_listing_the_games_options() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("option.json");
    fs::write(&file, "{}").unwrap();
    let games = list();
    let mut refused = 0;
    for g in &games {
        for other in games.iter().filter(|o| o.id != g.id) {
            for spec in other
                .options
                .iter()
                .filter(|s| !g.options.iter().any(|o| o.name == s.name))
            {
                let accepted: Vec<&str> = g.options.iter().map(|o| o.name).collect();
                let accepted = if accepted.is_empty() {
                    "none".to_string()
                } else {
                    accepted.join(", ")
                };
                for sub in [
                    vec!["new".to_string(), g.id.to_string()],
                    vec!["simulate".into(), "--game".into(), g.id.into()],
                    vec!["bench".into(), "--game".into(), g.id.into()],
                    vec![
                        "load".into(),
                        "--game".into(),
                        g.id.into(),
                        "--url".into(),
                        "http://127.0.0.1:9".into(),
                    ],
                ] {
                    let out = boardroom()
                        .args(&sub)
                        .args(option_args(spec, &file))
                        .output()
                        .unwrap();
                    assert!(!out.status.success());
                    assert!(out.stdout.is_empty());
                    let err = String::from_utf8_lossy(&out.stderr);
                    let expected = format!(
                        "{} has no option `{}` (its options: {accepted})",
                        g.title, spec.name
                    );
                    assert!(err.contains(&expected), "{sub:?}: {err}");
                    refused += 1;
                }
            }
        }
    }
    assert!(refused > 0, "some game has an option another lacks");
}

#[test]
fn a_wrong_choice_and_a_wrong_player_count_are_refused_with_what_is_accepted() {
    boardroom()
        .args(["new", "big-boss", "--edition", "future"])
        .assert()
        .failure()
        .stderr(
            predicate::str::contains("future").and(predicate::str::contains("modern, classic")),
        );
    // The years and any letter case still name the editions.
    for (given, edition) in [
        ("1994", "classic"),
        ("Modern", "modern"),
        ("CLASSIC", "classic"),
    ] {
        let out = boardroom()
            .args(["new", "big-boss", "--edition", given])
            .output()
            .unwrap();
        assert!(out.status.success(), "{given}");
        let pos: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(pos["edition"], edition, "{given}");
    }
    for g in list() {
        for sub in [
            vec!["new", g.id],
            vec!["simulate", "--game", g.id, "--games", "1"],
        ] {
            let out = boardroom()
                .args(&sub)
                .args(["--players", "9"])
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(1));
            let err = String::from_utf8_lossy(&out.stderr);
            let range = format!("{} to {} players, not 9", g.min_players, g.max_players);
            assert!(err.contains(&range), "{err}");
        }
    }
}

/// The final position of a record, replayed by the engine, as JSON.
struct FinalPosition(String);

impl Visitor for FinalPosition {
    type Output = Value;
    fn visit<G: Playable>(self) -> Value {
        let record: Record<G::Config> = serde_json::from_str(&self.0).unwrap();
        let (game, _): (G, _) = record.replay().unwrap();
        assert!(game.is_over());
        serde_json::to_value(game.to_position()).unwrap()
    }
}

fn round_trip(g: &GameInfo) {
    let dir = tempfile::tempdir().unwrap();
    let players = g.min_players.to_string();
    let seats = vec!["random"; g.min_players].join(",");
    let rec = dir.path().join("game.json");
    let out = boardroom()
        .args([
            "play",
            g.id,
            "--seats",
            &seats,
            "--seed",
            "11",
            "--no-color",
        ])
        .arg("--record")
        .arg(&rec)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let record_text = fs::read_to_string(&rec).unwrap();
    let record: Value = serde_json::from_str(&record_text).unwrap();
    assert_eq!(record["game"], g.id);
    let actions: Vec<String> = record["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| format!("@{} {}", a["seat"], a["action"].as_str().unwrap()))
        .collect();
    assert!(!actions.is_empty());

    // `new` with the same seed and players starts the same game the record played.
    let out = boardroom()
        .args(["new", g.id, "--players", &players, "--seed", "11"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let start = dir.path().join("start.json");
    fs::write(&start, &out.stdout).unwrap();
    let pos: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(pos["game"], g.id);

    // `apply` of every recorded action reaches the record's final position.
    let out = boardroom()
        .arg("apply")
        .arg(&start)
        .args(&actions)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let end: Value = serde_json::from_slice(&out.stdout).unwrap();
    let expected = boardroom_registry::visit(g.id, FinalPosition(record_text)).unwrap();
    assert_eq!(end, expected, "{}", g.id);

    // `replay` shows every move and the final scores.
    let out = boardroom().arg("replay").arg(&rec).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains(&format!("{:>4}. ", actions.len())), "{text}");
    assert!(text.contains("player"), "the score table: {text}");
    assert!(!text.contains("the record ends before the game does"));
}

#[test]
fn every_game_goes_round_new_apply_and_replay() {
    let games = list();
    assert!(!games.is_empty());
    for g in &games {
        round_trip(g);
    }
}

#[test]
fn help_lists_every_game_and_every_option_flag() {
    for sub in ["play", "new", "simulate", "bench", "load"] {
        let out = boardroom().args([sub, "--help"]).output().unwrap();
        assert!(out.status.success());
        let help = String::from_utf8_lossy(&out.stdout);
        for g in list() {
            assert!(help.contains(g.id), "{sub}: {}", g.id);
            assert!(help.contains(g.title), "{sub}: {}", g.title);
            for spec in g.options {
                assert!(help.contains(&format!("--{}", spec.flag())), "{sub}");
                assert!(help.contains(spec.help), "{sub}: {}", spec.help);
                if let OptionKind::Choice(choices) = spec.kind {
                    for c in choices {
                        assert!(help.contains(c), "{sub}: {c}");
                    }
                }
            }
        }
    }
    // Subcommands that read the game from a file take no option flags.
    let out = boardroom().args(["apply", "--help"]).output().unwrap();
    let help = String::from_utf8_lossy(&out.stdout);
    for g in list() {
        for spec in g.options {
            assert!(!help.contains(&format!("--{}", spec.flag())));
        }
    }
}

#[test]
fn an_unreadable_option_file_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.json");
    let mut checked = 0;
    for g in list() {
        for spec in g
            .options
            .iter()
            .filter(|s| matches!(s.kind, OptionKind::File))
        {
            boardroom()
                .args(["new", g.id, &format!("--{}", spec.flag())])
                .arg(&missing)
                .assert()
                .failure()
                .stderr(predicate::str::contains(missing.display().to_string()));
            checked += 1;
        }
    }
    assert!(checked > 0, "some game has a file option");
}
