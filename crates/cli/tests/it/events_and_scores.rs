//! `apply --events` and `score` for every game of the registry, and position files whose
//! errors name the field at fault: real processes, real files. The tests iterate the registry
//! (`boardroom_registry::IDS`), so a new game is covered as soon as it is registered.

use crate::common::boardroom;
use boardroom_registry::{list, GameInfo};
use serde_json::Value;
use std::fs;
use std::path::{Path, PathBuf};

/// A finished game of `g` between random bots: the starting position (from `new` with the
/// record's seed) and every action of the record, in notation.
fn finished_game(g: &GameInfo, dir: &Path, seed: &str) -> (PathBuf, Vec<String>) {
    let players = g.min_players.to_string();
    let seats = vec!["random"; g.min_players].join(",");
    let rec = dir.join(format!("{}-game.json", g.id));
    let out = boardroom()
        .args([
            "play",
            g.id,
            "--seats",
            &seats,
            "--seed",
            seed,
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
    let record: Value = serde_json::from_str(&fs::read_to_string(&rec).unwrap()).unwrap();
    let actions: Vec<String> = record["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| format!("@{} {}", a["seat"], a["action"].as_str().unwrap()))
        .collect();
    assert!(!actions.is_empty());
    let out = boardroom()
        .args(["new", g.id, "--players", &players, "--seed", seed])
        .output()
        .unwrap();
    assert!(out.status.success());
    let start = dir.join(format!("{}-start.json", g.id));
    fs::write(&start, &out.stdout).unwrap();
    (start, actions)
}

/// The notation of an action given to `apply`, without its `@SEAT` prefix.
fn notation(given: &str) -> &str {
    match given.strip_prefix('@') {
        Some(rest) => rest.split_once(' ').map_or(rest, |(_, a)| a).trim(),
        None => given.trim(),
    }
}

/// Runs `apply` on `start` with `actions` and `extra` flags; the standard output.
fn apply(start: &Path, actions: &[String], extra: &[&str]) -> Vec<u8> {
    let out = boardroom()
        .arg("apply")
        .arg(start)
        .args(actions)
        .args(extra)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

#[test]
fn apply_prints_the_events_of_each_action_in_words_and_as_json_for_every_game() {
    let dir = tempfile::tempdir().unwrap();
    let games = list();
    assert_eq!(games.len(), boardroom_registry::IDS.len());
    for g in &games {
        let (start, actions) = finished_game(g, dir.path(), "21");
        let first: Vec<String> = actions.iter().take(8).cloned().collect();

        let json: Value = serde_json::from_slice(&apply(&start, &first, &["--events", "--json"]))
            .unwrap_or_else(|e| panic!("{}: one JSON array: {e}", g.id));
        let steps = json.as_array().unwrap();
        assert_eq!(steps.len(), first.len(), "{}", g.id);
        let mut described = Vec::new();
        for (step, given) in steps.iter().zip(&first) {
            let seat = step["seat"].as_u64().unwrap() as usize;
            assert!(seat < g.min_players, "{}: {step}", g.id);
            assert_eq!(
                step["action"].as_str().unwrap(),
                notation(given),
                "{}",
                g.id
            );
            for e in step["events"].as_array().unwrap() {
                let text = e["text"].as_str().unwrap();
                assert!(!text.is_empty(), "{}: {step}", g.id);
                assert!(e["detail"].is_object(), "{}: {step}", g.id);
                described.push(text.to_string());
            }
        }
        assert!(!described.is_empty(), "{}: the actions caused events", g.id);

        // The same steps in words: each action numbered with its seat's name, its events
        // indented below it, nothing else (no position).
        let text = String::from_utf8(apply(&start, &first, &["--events"])).unwrap();
        assert!(!text.contains("\"game\""), "{}: {text}", g.id);
        for (i, (step, given)) in steps.iter().zip(&first).enumerate() {
            let seat = step["seat"].as_u64().unwrap() as usize;
            let line = format!("{:>4}. {}: {}", i + 1, g.seat_names[seat], notation(given));
            assert!(text.contains(&line), "{}: `{line}` in\n{text}", g.id);
        }
        for d in &described {
            assert!(
                text.contains(&format!("        {d}")),
                "{}: `{d}` in\n{text}",
                g.id
            );
        }

        // Without --events, apply prints the position as before; --json alone is refused.
        let position: Value = serde_json::from_slice(&apply(&start, &first, &[])).unwrap();
        assert_eq!(position["game"], g.id);
        let out = boardroom()
            .arg("apply")
            .arg(&start)
            .arg("--json")
            .output()
            .unwrap();
        assert!(!out.status.success());
        assert!(String::from_utf8_lossy(&out.stderr).contains("--events"));
    }
}

#[test]
fn score_prints_the_final_table_of_a_finished_game_for_every_game() {
    let dir = tempfile::tempdir().unwrap();
    for g in &list() {
        let (start, actions) = finished_game(g, dir.path(), "8");
        let end = dir.path().join(format!("{}-end.json", g.id));
        fs::write(&end, apply(&start, &actions, &[])).unwrap();

        let out = boardroom().arg("score").arg(&end).output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.contains("player"), "{}: {text}", g.id);
        assert!(!text.contains("not over"), "{}: {text}", g.id);
        for seat in 0..g.min_players {
            assert!(text.contains(&g.seat_names[seat]), "{}: {text}", g.id);
        }

        let out = boardroom()
            .arg("score")
            .arg(&end)
            .arg("--json")
            .output()
            .unwrap();
        assert!(out.status.success());
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["game"], g.id);
        assert_eq!(v["over"], true);
        let rows = v["scores"]["rows"].as_array().unwrap();
        assert_eq!(rows.len(), g.min_players, "{}", g.id);
        assert_eq!(
            v["outcome"]["scores"].as_array().unwrap().len(),
            g.min_players
        );
        // The winners are a list of seats, the same seats the table marks.
        let winners: Vec<u64> = v["outcome"]["winners"]
            .as_array()
            .unwrap_or_else(|| panic!("{}: winners as a list: {v}", g.id))
            .iter()
            .map(|w| w.as_u64().unwrap())
            .collect();
        let mut marked: Vec<u64> = rows
            .iter()
            .filter(|r| r["winner"] == true)
            .map(|r| r["seat"].as_u64().unwrap())
            .collect();
        marked.sort();
        assert_eq!(winners, marked, "{}", g.id);
        assert!(winners.iter().all(|&w| (w as usize) < g.min_players));
    }
}

#[test]
fn score_of_an_unfinished_game_says_it_is_not_over_for_every_game() {
    let dir = tempfile::tempdir().unwrap();
    for g in &list() {
        let (start, actions) = finished_game(g, dir.path(), "3");
        let mid = dir.path().join(format!("{}-mid.json", g.id));
        fs::write(&mid, apply(&start, &actions[..actions.len() / 2], &[])).unwrap();
        for pos in [&start, &mid] {
            let out = boardroom().arg("score").arg(pos).output().unwrap();
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
            let text = String::from_utf8(out.stdout).unwrap();
            assert!(
                text.starts_with("The game is not over (turn "),
                "{}: {text}",
                g.id
            );
            assert!(
                text.contains("Standings if it ended now")
                    || text.contains("cannot tell the standings"),
                "{}: {text}",
                g.id
            );
            let out = boardroom()
                .arg("score")
                .arg(pos)
                .arg("--json")
                .output()
                .unwrap();
            let v: Value = serde_json::from_slice(&out.stdout).unwrap();
            assert_eq!(v["over"], false, "{}", g.id);
            assert!(v.get("outcome").is_none() && v.get("scores").is_none());
            if let Some(rows) = v["standings"]["rows"].as_array() {
                assert_eq!(rows.len(), g.min_players, "{}", g.id);
            } else {
                assert!(v["standings"].is_null(), "{}: {v}", g.id);
            }
        }
    }
}

/// The JSON path (`players[1].money`) of the first number inside an array of objects in `v`.
fn a_number_in_an_array(v: &Value, at: String, in_array: bool) -> Option<(String, Vec<String>)> {
    match v {
        Value::Number(_) if in_array => Some((at, Vec::new())),
        Value::Object(m) => m.iter().find_map(|(k, x)| {
            let path = if at.is_empty() {
                k.clone()
            } else {
                format!("{at}.{k}")
            };
            a_number_in_an_array(x, path, in_array).map(|(p, mut keys)| {
                keys.insert(0, k.clone());
                (p, keys)
            })
        }),
        Value::Array(a) => a.iter().enumerate().find_map(|(i, x)| {
            a_number_in_an_array(x, format!("{at}[{i}]"), true).map(|(p, mut keys)| {
                keys.insert(0, i.to_string());
                (p, keys)
            })
        }),
        _ => None,
    }
}

#[test]
fn a_field_of_the_wrong_type_is_named_by_its_path_for_every_game() {
    let dir = tempfile::tempdir().unwrap();
    for g in &list() {
        let out = boardroom()
            .args(["new", g.id, "--players", &g.min_players.to_string()])
            .output()
            .unwrap();
        let mut pos: Value = serde_json::from_slice(&out.stdout).unwrap();
        let (path, keys) = a_number_in_an_array(&pos, String::new(), false)
            .unwrap_or_else(|| panic!("{}: a number inside an array", g.id));
        let mut node = &mut pos;
        for k in &keys {
            node = match node {
                Value::Array(a) => &mut a[k.parse::<usize>().unwrap()],
                other => &mut other[k.as_str()],
            };
        }
        *node = Value::from("a string");
        let bad = dir.path().join(format!("{}-bad.json", g.id));
        fs::write(&bad, pos.to_string()).unwrap();
        for sub in ["apply", "score", "hint"] {
            let out = boardroom().arg(sub).arg(&bad).output().unwrap();
            assert!(!out.status.success());
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(
                err.contains(&format!("at `{path}`")) && err.contains("invalid type"),
                "{} {sub}: `{path}` in {err}",
                g.id
            );
        }
    }
}

#[test]
fn big_boss_positions_name_the_player_field_at_fault() {
    let dir = tempfile::tempdir().unwrap();
    let out = boardroom()
        .args(["new", "big-boss", "--players", "3"])
        .output()
        .unwrap();
    let start: Value = serde_json::from_slice(&out.stdout).unwrap();
    for (field, value, path, says) in [
        (
            "money",
            Value::from("lots"),
            "players[1].money",
            "invalid type: string \"lots\"",
        ),
        (
            "money",
            Value::from(-5),
            "players[1].money",
            "invalid value: integer `-5`",
        ),
        (
            "hand",
            serde_json::json!([2]),
            "players[1].hand[0]",
            "invalid type: integer `2`",
        ),
    ] {
        let mut pos = start.clone();
        pos["players"][1][field] = value;
        let bad = dir.path().join("bad.json");
        fs::write(&bad, pos.to_string()).unwrap();
        let out = boardroom().arg("apply").arg(&bad).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(&format!("not a valid position file: at `{path}`: {says}")),
            "{err}"
        );
    }
}
