//! The `boardroom` program end to end: real processes, real files.

use crate::common::boardroom;
use predicates::prelude::*;
use serde_json::Value;
use std::fs;

fn new_position(dir: &tempfile::TempDir, args: &[&str]) -> std::path::PathBuf {
    let out = boardroom()
        .arg("new")
        .arg("big-boss")
        .args(args)
        .output()
        .unwrap();
    assert!(out.status.success());
    let path = dir.path().join("start.json");
    fs::write(&path, &out.stdout).unwrap();
    path
}

#[test]
fn help_and_unknown_flags() {
    boardroom()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("simulate"));
    boardroom()
        .args(["simulate", "--frobnicate"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("--frobnicate"));
    boardroom()
        .args(["simulate", "--edition", "deluxe"])
        .assert()
        .failure()
        .stderr(
            predicate::str::contains("`edition` cannot be `deluxe`")
                .and(predicate::str::contains("modern, classic")),
        );
    boardroom()
        .args(["simulate", "--players", "7", "--games", "1"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("2 to 6 players"));
}

#[test]
fn apply_plays_a_founding_from_a_position_file() {
    let dir = tempfile::tempdir().unwrap();
    // Seat 0 starts; find a card of seat 0 that founds, then play the whole founding.
    let start = new_position(&dir, &["--players", "3", "--seed", "5", "--first", "0"]);
    let pos: Value = serde_json::from_str(&fs::read_to_string(&start).unwrap()).unwrap();
    let card: u8 = pos["players"][0]["hand"][0]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    let out = boardroom()
        .arg("apply")
        .arg(&start)
        .args([
            format!("play {card}"),
            format!("found {card}"),
            format!("double {card}"),
            "hq Regent".into(),
            "share Regent".into(),
            "end".into(),
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let after: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(after["current"], 1);
    assert_eq!(after["pieces"], 88);
    assert_eq!(after["players"][0]["money"], 40 + 5 - 5);
    assert_eq!(after["players"][0]["shares"]["Regent"], 1);
    assert_eq!(after["companies"][0]["price"], 5);
    // The output is itself a valid position: apply nothing, get it back unchanged.
    let again = dir.path().join("after.json");
    fs::write(&again, &out.stdout).unwrap();
    let out2 = boardroom().arg("apply").arg(&again).output().unwrap();
    assert_eq!(out2.stdout, out.stdout);
}

#[test]
fn apply_rejects_illegal_and_malformed_actions() {
    let dir = tempfile::tempdir().unwrap();
    let start = new_position(&dir, &["--players", "4", "--seed", "2", "--first", "0"]);
    boardroom()
        .arg("apply")
        .arg(&start)
        .args(["share Regent"])
        .assert()
        .failure()
        .stdout(predicate::str::is_empty())
        .stderr(predicate::str::contains("not possible now"));
    boardroom()
        .arg("apply")
        .arg(&start)
        .args(["pass"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("you must"));
    boardroom()
        .arg("apply")
        .arg(&start)
        .args(["play 99"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("1-72"));
    boardroom()
        .arg("apply")
        .arg(&start)
        .args(["dance"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("unknown word"));
}

#[test]
fn broken_and_impossible_position_files_are_named() {
    let dir = tempfile::tempdir().unwrap();
    let start = new_position(&dir, &["--players", "4"]);
    let broken = dir.path().join("broken.json");
    fs::write(&broken, "{ \"game\": \"big-boss\", ").unwrap();
    boardroom()
        .arg("apply")
        .arg(&broken)
        .assert()
        .failure()
        .stderr(predicate::str::contains("not a valid position file"));
    let mut pos: Value = serde_json::from_str(&fs::read_to_string(&start).unwrap()).unwrap();
    pos["pieces"] = Value::from(91);
    let impossible = dir.path().join("impossible.json");
    fs::write(&impossible, pos.to_string()).unwrap();
    boardroom()
        .arg("apply")
        .arg(&impossible)
        .assert()
        .failure()
        .stderr(predicate::str::contains("pieces").and(predicate::str::contains("92")));
    let mut pos: Value = serde_json::from_str(&fs::read_to_string(&start).unwrap()).unwrap();
    pos["players"][1]["hand"][0] = pos["players"][0]["hand"][0].clone();
    fs::write(&impossible, pos.to_string()).unwrap();
    boardroom()
        .arg("apply")
        .arg(&impossible)
        .assert()
        .failure()
        .stderr(predicate::str::contains("appears twice"));
    boardroom()
        .arg("apply")
        .arg(dir.path().join("missing.json"))
        .assert()
        .failure()
        .stderr(predicate::str::contains("cannot read"));
}

#[test]
fn simulate_json_is_one_object_and_independent_of_threads() {
    let run = |threads: &str| -> Value {
        let out = boardroom()
            .args([
                "simulate",
                "--game",
                "big-boss",
                "--edition",
                "classic",
                "--players",
                "3",
                "--games",
                "300",
                "--seed",
                "9",
                "--threads",
                threads,
                "--json",
            ])
            .output()
            .unwrap();
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        assert_eq!(text.trim().lines().count(), 1, "exactly one JSON line");
        serde_json::from_str(&text).unwrap()
    };
    let one = run("1");
    let two = run("2");
    for key in ["games", "wins_by_seat", "mean_turns", "games_per_second"] {
        assert!(one.get(key).is_some(), "missing {key}");
    }
    assert_eq!(one["games"], 300);
    let wins: f64 = one["wins_by_seat"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_f64().unwrap())
        .sum();
    assert!(
        (wins - 300.0).abs() < 1e-6,
        "every game has a full win shared out"
    );
    assert_eq!(one["wins_by_seat"], two["wins_by_seat"]);
    assert_eq!(one["mean_turns"], two["mean_turns"]);
}

#[test]
fn simulate_table_and_bench_print_their_figures() {
    boardroom()
        .args(["simulate", "--games", "50", "--players", "2"])
        .assert()
        .success()
        .stdout(predicate::str::contains("games per second").and(predicate::str::contains("Red")));
    boardroom()
        .args(["bench", "--seconds", "0.05", "--decisions", "1"])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("games per second")
                .and(predicate::str::contains("decisions per second"))
                .and(predicate::str::contains("iterations per second"))
                .and(predicate::str::contains("full random rollouts"))
                .and(predicate::str::contains("normal"))
                .and(predicate::str::contains("hard")),
        );
}

#[test]
fn bots_play_to_the_end_and_the_record_replays() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("game.json");
    let out = boardroom()
        .args([
            "play",
            "big-boss",
            "--seats",
            "random,random,random",
            "--seed",
            "4",
            "--record",
        ])
        .arg(&record)
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("total") && text.contains("Big Boss"),
        "{text}"
    );
    let replay = boardroom().arg("replay").arg(&record).output().unwrap();
    assert!(replay.status.success());
    let rtext = String::from_utf8(replay.stdout).unwrap();
    // Same final table in both.
    let tail = |t: &str| {
        t.lines()
            .rev()
            .take(4)
            .map(String::from)
            .collect::<Vec<_>>()
    };
    assert_eq!(
        tail(&rtext)[..3],
        tail(text.split("\nThe record").next().unwrap())[..3]
    );

    // A tampered record is refused with the action that fails.
    let mut rec: Value = serde_json::from_str(&fs::read_to_string(&record).unwrap()).unwrap();
    rec["actions"][0]["action"] = Value::from("share Regent");
    fs::write(&record, rec.to_string()).unwrap();
    boardroom()
        .arg("replay")
        .arg(&record)
        .assert()
        .failure()
        .stderr(predicate::str::contains("action 0"));
}

#[test]
fn records_carry_their_rules_revision_and_a_newer_one_is_refused() {
    struct Revision;
    impl boardroom_registry::Visitor for Revision {
        type Output = u32;
        fn visit<G: boardroom_registry::Playable>(self) -> u32 {
            G::RULES_REVISION
        }
    }
    let current = boardroom_registry::visit("big-boss", Revision).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("game.json");
    boardroom()
        .args([
            "play",
            "big-boss",
            "--seats",
            "random,random",
            "--seed",
            "5",
        ])
        .arg("--record")
        .arg(&record)
        .assert()
        .success();
    let mut rec: Value = serde_json::from_str(&fs::read_to_string(&record).unwrap()).unwrap();
    assert_eq!(rec["rules"], current, "every new record says its revision");
    // A record from before revisions were kept reads as the first.
    rec.as_object_mut().unwrap().remove("rules");
    fs::write(&record, rec.to_string()).unwrap();
    let replayed = boardroom().arg("replay").arg(&record).assert();
    if current == 1 {
        replayed.success();
    } else {
        replayed.failure();
    }
    // One played under newer rules than this program knows is refused, and says why.
    rec["rules"] = Value::from(current + 1);
    fs::write(&record, rec.to_string()).unwrap();
    boardroom()
        .arg("replay")
        .arg(&record)
        .assert()
        .failure()
        .stdout(predicate::str::is_empty())
        .stderr(predicate::str::contains(format!(
            "played under rules revision {} of big-boss, newer than the revision this program \
             plays ({current})",
            current + 1
        )));
}

#[test]
fn a_human_gets_the_rule_for_an_illegal_move_and_may_quit() {
    boardroom()
        .args([
            "play",
            "big-boss",
            "--seats",
            "human,random",
            "--seed",
            "8",
            "--first",
            "0",
        ])
        .write_stdin("share Regent\npass\n99\nhelp\nquit\n")
        .assert()
        .success()
        .stdout(
            predicate::str::contains("Red's hand")
                .and(predicate::str::contains("not possible now"))
                .and(predicate::str::contains("you must"))
                .and(predicate::str::contains("there is no move 99"))
                .and(predicate::str::contains("Company names"))
                .and(predicate::str::contains("Game left unfinished")),
        );
}

#[test]
fn hot_seat_hides_hands_between_turns() {
    let out = boardroom()
        .args([
            "play",
            "big-boss",
            "--seats",
            "human,human",
            "--seed",
            "8",
            "--first",
            "0",
        ])
        .write_stdin("\nbuy deck\n\nquit\n")
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let blue_prompt = text.find("Hand the keyboard to Blue").unwrap();
    let red_hand = text.find("Red's hand").unwrap();
    let blue_hand = text.find("Blue's hand").unwrap();
    assert!(red_hand < blue_prompt && blue_prompt < blue_hand);
    // The screen is cleared before Blue looks.
    assert!(text[blue_prompt - 20..blue_prompt].contains("\x1b[2J"));
}

#[test]
fn simulate_with_bots_reports_intervals_and_writes_csv_and_plot() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("games.csv");
    let svg = dir.path().join("plot.svg");
    let run = |threads: &str| -> Value {
        let out = boardroom()
            .args([
                "simulate",
                "--players",
                "3",
                "--games",
                "3",
                "--bots",
                "heuristic,easy,random",
                "--threads",
                threads,
                "--json",
                "--csv",
            ])
            .arg(&csv)
            .arg("--plot")
            .arg(&svg)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_str(&String::from_utf8(out.stdout).unwrap()).unwrap()
    };
    let one = run("1");
    let two = run("2");
    assert_eq!(
        one["wins_by_seat"], two["wins_by_seat"],
        "independent of threads"
    );
    assert_eq!(
        one["bots"],
        serde_json::json!(["heuristic", "easy", "random"])
    );
    let rates = one["win_rate_by_seat"].as_array().unwrap();
    let cis = one["win_rate_ci_by_seat"].as_array().unwrap();
    for (r, ci) in rates.iter().zip(cis) {
        let (r, lo, hi) = (
            r.as_f64().unwrap(),
            ci["low"].as_f64().unwrap(),
            ci["high"].as_f64().unwrap(),
        );
        assert!(lo <= r && r <= hi && lo >= 0.0 && hi <= 1.0);
    }
    assert_eq!(one["by_bot"].as_array().unwrap().len(), 3);
    for key in ["money_quantiles", "score_quantiles", "turns_quantiles"] {
        assert!(one[key]["p50"].is_number(), "{key}");
    }
    for key in ["mergers", "towers_bought", "all_passed_endings", "turns"] {
        assert!(one["stats"][key].is_number(), "{key}");
    }
    let table = fs::read_to_string(&csv).unwrap();
    assert_eq!(table.lines().count(), 4, "a header and one row per game");
    assert!(table.lines().next().unwrap().contains("seat2_bot"));
    let plot = fs::read_to_string(&svg).unwrap();
    assert!(plot.contains("<svg") && plot.contains("win rate by seat"));
}

#[test]
fn simulate_compares_rule_sets_on_the_same_seeds() {
    let out = boardroom()
        .args([
            "simulate",
            "--players",
            "2",
            "--games",
            "30",
            "--compare",
            "modern,classic",
            "--json",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: Value = serde_json::from_str(&String::from_utf8(out.stdout).unwrap()).unwrap();
    let runs = v["compare"].as_array().unwrap();
    assert_eq!(runs.len(), 2);
    assert!(runs[0]["config"].as_str().unwrap().contains("modern"));
    assert!(runs[1]["config"].as_str().unwrap().contains("classic"));
    assert_eq!(runs[0]["seed"], runs[1]["seed"]);
    assert_ne!(runs[0]["mean_decisions"], runs[1]["mean_decisions"]);
    boardroom()
        .args([
            "simulate",
            "--players",
            "2",
            "--games",
            "10",
            "--compare",
            "modern,classic",
        ])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("Big Boss (modern)")
                .and(predicate::str::contains("Big Boss (classic)"))
                .and(predicate::str::contains("mergers per game")),
        );
}

#[test]
fn simulate_rejects_bad_bots_budgets_and_seat_counts() {
    boardroom()
        .args([
            "simulate",
            "--players",
            "2",
            "--games",
            "1",
            "--bots",
            "random,grandmaster",
        ])
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "seat 2: unknown bot `grandmaster`",
        ));
    boardroom()
        .args([
            "simulate",
            "--players",
            "2",
            "--games",
            "1",
            "--bots",
            "ismcts:0,random",
        ])
        .assert()
        .failure()
        .stderr(predicate::str::contains("at least 1"));
    boardroom()
        .args([
            "simulate",
            "--players",
            "4",
            "--games",
            "1",
            "--bots",
            "heuristic,random",
        ])
        .assert()
        .failure()
        .stderr(predicate::str::contains("one bot per seat"));
    boardroom()
        .args(["play", "big-boss", "--seats", "human,wizard"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("unknown bot `wizard`"));
}

#[test]
fn search_and_heuristic_bots_play_a_game_to_the_end() {
    boardroom()
        .args([
            "play",
            "big-boss",
            "--seats",
            "heuristic,ismcts:50,easy",
            "--seed",
            "6",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("total"));
}

#[test]
fn hint_ranks_the_actions_of_a_position() {
    let dir = tempfile::tempdir().unwrap();
    let start = new_position(&dir, &["--players", "3", "--seed", "5", "--first", "1"]);
    let out = boardroom()
        .arg("hint")
        .arg(&start)
        .args(["--iterations", "300", "--json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_str(&String::from_utf8(out.stdout).unwrap()).unwrap();
    assert_eq!(v["viewer"], 1);
    let actions = v["actions"].as_array().unwrap();
    assert!(actions.len() > 1);
    let visits: Vec<u64> = actions
        .iter()
        .map(|a| a["visits"].as_u64().unwrap())
        .collect();
    assert_eq!(visits.iter().sum::<u64>(), 300);
    assert!(visits.windows(2).all(|w| w[0] >= w[1]), "best first");
    boardroom()
        .arg("hint")
        .arg(&start)
        .args(["--iterations", "100", "--viewer", "1"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Blue to act").and(predicate::str::contains("%")));
    boardroom()
        .arg("hint")
        .arg(&start)
        .args(["--viewer", "2"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("may not act now"));
    boardroom()
        .arg("hint")
        .arg(&start)
        .args(["--iterations", "0"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("at least 1"));
}

#[test]
fn simulate_rotate_moves_the_bots_through_the_seats() {
    let out = boardroom()
        .args([
            "simulate",
            "--game",
            "big-boss",
            "--players",
            "2",
            "--games",
            "10",
            "--seed",
            "3",
            "--threads",
            "1",
            "--bots",
            "heuristic,random",
            "--rotate",
            "--json",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["rotated"], true);
    // The heuristic bot wins nearly every game wherever it sits …
    let heuristic = v["by_bot"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["bot"] == "heuristic")
        .unwrap();
    assert!(heuristic["win_rate"].as_f64().unwrap() > 0.8, "{heuristic}");
    // … and it sat in both seats, so both seats won about half the games.
    for seat in v["win_rate_by_seat"].as_array().unwrap() {
        let r = seat.as_f64().unwrap();
        assert!(
            (0.3..=0.7).contains(&r),
            "seat win rates {}",
            v["win_rate_by_seat"]
        );
    }
}
