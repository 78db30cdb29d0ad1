//! `boardroom` end to end with Big Shot: play, simulate, new, apply, replay, bench, board files.

use crate::common::boardroom;
use predicates::prelude::*;
use serde_json::Value;
use std::fs;

const SMALL_BOARD: &str = r#"{"name":"village","auction_spaces":6,"districts":["Hill","Vale"],
  "lots":[{"id":"Px2","district":"Hill","park":true,"adjacent":["H5"]},
          {"id":"H5","district":"Hill","value":5},
          {"id":"V7","district":"Vale","value":7},
          {"id":"V8","district":"Vale","value":8}]}"#;

#[test]
fn bots_play_big_shot_to_the_end_and_the_record_replays() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("game.json");
    for (seats, extra) in [
        ("random,random,random,random", vec![]),
        ("random,random,random", vec!["--hidden-money"]),
        ("random,random", vec![]),
    ] {
        let out = boardroom()
            .args(["play", "big-shot", "--seats", seats, "--seed", "4"])
            .args(&extra)
            .arg("--record")
            .arg(&rec)
            .arg("--no-color")
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("The game is over."), "{text}");
        assert!(text.contains("status"));
        let record: Value = serde_json::from_str(&fs::read_to_string(&rec).unwrap()).unwrap();
        assert_eq!(record["game"], "big-shot");
        boardroom()
            .arg("replay")
            .arg(&rec)
            .assert()
            .success()
            .stdout(predicate::str::contains("Round 18"))
            .stdout(predicate::str::contains("status"));
    }
}

#[test]
fn a_human_is_told_the_rule_for_an_illegal_bid() {
    let out = boardroom()
        .args([
            "play",
            "big-shot",
            "--seats",
            "human,random,random",
            "--seed",
            "3",
            "--first",
            "0",
            "--no-color",
        ])
        .write_stdin("roll\nplace red W9\ndecline\nbid 99\nloan blue\nquit\n")
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("before bidding each player takes a loan or declines"),
        "{text}"
    );
    assert!(text.contains("you cannot bid 99M"), "{text}");
    assert!(text.contains("`blue` is not a colour"), "{text}");
    assert!(text.contains("Game left unfinished."));
}

#[test]
fn simulate_big_shot_json_is_one_object_for_every_player_count() {
    for (players, hidden) in [(2, false), (3, true), (4, false)] {
        let mut cmd = boardroom();
        cmd.args([
            "simulate",
            "--game",
            "big-shot",
            "--players",
            &players.to_string(),
            "--games",
            "40",
            "--json",
        ]);
        if hidden {
            cmd.arg("--hidden-money");
        }
        let out = cmd.output().unwrap();
        assert!(out.status.success());
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["games"], 40);
        assert_eq!(v["game"], "big-shot");
        assert_eq!(v["wins_by_seat"].as_array().unwrap().len(), players);
        assert_eq!(v["mean_turns"].as_f64().unwrap().round(), 18.0);
    }
    // Independent of the number of threads.
    let run = |threads: &str| {
        let out = boardroom()
            .args([
                "simulate",
                "--game",
                "big-shot",
                "--games",
                "30",
                "--json",
                "--threads",
                threads,
            ])
            .output()
            .unwrap();
        let mut v: Value = serde_json::from_slice(&out.stdout).unwrap();
        for k in ["seconds", "games_per_second", "threads"] {
            v.as_object_mut().unwrap().remove(k);
        }
        v
    };
    assert_eq!(run("1"), run("2"));
}

#[test]
fn new_and_apply_step_through_a_round() {
    let dir = tempfile::tempdir().unwrap();
    let out = boardroom()
        .args([
            "new",
            "big-shot",
            "--players",
            "3",
            "--seed",
            "2",
            "--first",
            "1",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let start = dir.path().join("start.json");
    fs::write(&start, &out.stdout).unwrap();
    let pos: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(pos["game"], "big-shot");
    assert_eq!(pos["phase"]["step"], "roll");
    assert_eq!(pos["spaces"].as_array().unwrap().len(), 18);
    let out = boardroom()
        .arg("apply")
        .arg(&start)
        .args(["roll", "decline", "loan", "decline", "bid 3"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let next: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(next["bid"], 3);
    assert_eq!(next["bidder"], 2);
    assert_eq!(next["colours"][0]["coins"], 19);
    // Illegal: a bid not above the standing one, and out of the blue.
    boardroom()
        .arg("apply")
        .arg(&start)
        .args(["roll", "decline", "decline", "decline", "bid 0"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("a bid must be at least 1M"));
    boardroom()
        .arg("apply")
        .arg(&start)
        .args(["bid 1"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("roller rolls the die"));
    // An impossible position names the field.
    let mut bad = pos.clone();
    bad["colours"][1]["coins"] = Value::from(50);
    let bad_path = dir.path().join("bad.json");
    fs::write(&bad_path, serde_json::to_string(&bad).unwrap()).unwrap();
    boardroom()
        .arg("apply")
        .arg(&bad_path)
        .assert()
        .failure()
        .stderr(predicate::str::contains("colours[1].coins"));
}

#[test]
fn bench_measures_big_shot() {
    boardroom()
        .args([
            "bench",
            "--game",
            "big-shot",
            "--players",
            "3",
            "--seconds",
            "0.05",
            "--decisions",
            "1",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("games per second"));
}

#[test]
fn board_files_are_loaded_and_checked() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("village.json");
    fs::write(&good, SMALL_BOARD).unwrap();
    let out = boardroom()
        .args([
            "simulate", "--game", "big-shot", "--games", "5", "--json", "--board",
        ])
        .arg(&good)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["mean_turns"].as_f64().unwrap().round(), 6.0);
    let out = boardroom()
        .args(["new", "big-shot", "--board"])
        .arg(&good)
        .output()
        .unwrap();
    let pos: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(pos["config"]["board"]["name"], "village");

    let broken = dir.path().join("broken.json");
    fs::write(&broken, "{ \"name\": ").unwrap();
    boardroom()
        .args(["play", "big-shot", "--seats", "random,random", "--board"])
        .arg(&broken)
        .assert()
        .failure()
        .stderr(predicate::str::contains("malformed board file"));
    let wrong = dir.path().join("wrong.json");
    fs::write(
        &wrong,
        SMALL_BOARD.replace("\"Vale\",\"value\":7", "\"Moon\",\"value\":7"),
    )
    .unwrap();
    boardroom()
        .args(["new", "big-shot", "--board"])
        .arg(&wrong)
        .assert()
        .failure()
        .stderr(predicate::str::contains("unknown district `Moon`"));
    boardroom()
        .args(["new", "big-shot", "--board"])
        .arg(dir.path().join("missing.json"))
        .assert()
        .failure()
        .stderr(predicate::str::contains("cannot read board file"));
}

#[test]
fn big_shot_rejects_bad_options() {
    boardroom()
        .args([
            "simulate",
            "--game",
            "big-shot",
            "--players",
            "5",
            "--games",
            "1",
        ])
        .assert()
        .failure()
        .stderr(predicate::str::contains("2 to 4 players"));
    boardroom()
        .args(["new", "big-boss", "--hidden-money"])
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "Big Boss has no option `hidden_money` (its options: edition)",
        ));
    boardroom()
        .args(["new", "big-shot", "--edition", "classic"])
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "Big Shot has no option `edition` (its options: hidden_money, board)",
        ));
}

#[test]
fn won_cubes_are_placed_lot_by_lot_through_a_pipe() {
    // Two people at one keyboard: nobody bids, so the roller (Red) takes the cubes free and
    // places them. A blank line before each answer takes the hand-over pauses of the hot seat
    // (a blank line at the move prompt just asks again).
    let answers = [
        "roll",
        "decline",
        "decline",
        "pass",
        "pass", // the auction nobody wins
        "1",
        "back", // a lot, then back to the list of lots
        "1",
        "1",            // a lot, then a colour
        "place red W9", // the notation still works while lots are asked
        "2",
        "1",
        "quit",
    ];
    let input: String = answers.iter().map(|a| format!("\n{a}\n")).collect();
    let out = boardroom()
        .args([
            "play",
            "big-shot",
            "--seats",
            "human,human",
            "--seed",
            "5",
            "--first",
            "0",
            "--no-color",
        ])
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("takes the cubes free"), "{text}");
    // The placing prompt lists lots, not every lot-and-colour move.
    let placing = &text[text.find("Place the won cubes").expect("placing asked")..];
    let list: String = placing
        .lines()
        .take_while(|l| !l.starts_with('>'))
        .collect();
    assert!(list.contains("[1] "), "{list}");
    assert!(!list.contains("place "), "lots, not moves: {list}");
    assert!(!list.contains("[14]"), "at most 13 lots: {list}");
    assert!(list.contains("M, "), "each lot with its value: {list}");
    // A lot chosen asks for the colour; `back` returns to the lots.
    assert!(text.contains("which one? (`back` for the list)"), "{text}");
    let placed = text.matches(" cube on lot ").count();
    assert!(placed >= 2, "cubes placed by lot and colour: {text}");
    assert!(text.contains("Game left unfinished."));
}
