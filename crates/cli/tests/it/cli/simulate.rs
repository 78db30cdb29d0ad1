//! `simulate` and `bench`: figures, JSON, bots, CSV and plots, rule sets, seat rotation, bad
//! arguments.

use super::*;

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
    for (players, bots, why) in [
        (
            "2",
            "random,grandmaster",
            "seat 2: unknown bot `grandmaster`",
        ),
        ("2", "ismcts:0,random", "at least 1"),
        ("4", "heuristic,random", "one bot per seat"),
    ] {
        boardroom()
            .args([
                "simulate",
                "--players",
                players,
                "--games",
                "1",
                "--bots",
                bots,
            ])
            .assert()
            .failure()
            .stderr(predicate::str::contains(why));
    }
    boardroom()
        .args(["play", "big-boss", "--seats", "human,wizard"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("unknown bot `wizard`"));
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

#[test]
fn gauntlet_plays_each_policy_against_the_level_with_the_seats_rotated() {
    let out = boardroom()
        .args([
            "gauntlet",
            "big-shot",
            "--level",
            "random",
            "--players",
            "3",
            "--games",
            "4",
            "--policies",
            "first,lowest-id",
            "--json",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_str(String::from_utf8(out.stdout).unwrap().trim()).unwrap();
    let rows = v["policies"].as_array().unwrap();
    assert_eq!(rows.len(), 2);
    for (row, name) in rows.iter().zip(["first", "lowest-id"]) {
        assert_eq!(row["policy"], name);
        // Rounded up to a multiple of the players, so every seat is held alike.
        assert_eq!(row["games"], 6);
        let share = row["share"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&share));
        assert!((row["bar"].as_f64().unwrap() - (1.0 / 3.0 + 0.05)).abs() < 1e-9);
        assert_eq!(row["pass"], share <= 1.0 / 3.0 + 0.05 + 1e-9);
    }
    let bad = boardroom()
        .args(["gauntlet", "big-boss", "--policies", "always-win"])
        .output()
        .unwrap();
    assert!(!bad.status.success());
    let err = String::from_utf8(bad.stderr).unwrap();
    assert!(
        err.contains("always-win") && err.contains("lowest-id"),
        "{err}"
    );
}

#[test]
fn simulate_reports_in_german_by_flag_or_by_the_environment() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("plot.svg");
    let args = ["simulate", "--games", "20", "--players", "2"];
    let out = boardroom()
        .args(args)
        .args(["--lang", "de", "--plot"])
        .arg(&svg)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report = String::from_utf8(out.stdout).unwrap();
    for german in [
        "20 Partien ab Seed 1 auf",
        "Platz",
        "Siege",
        "Sieg-%",
        "95-%-KI",
        "Ø Punkte",
        "Sieg-%/Platz",
        "Geld am Ende",
        "Punkte am Ende",
        "Runden je Partie",
        "Entscheidungen je Partie",
        "Median",
        "Partien pro Sekunde",
    ] {
        assert!(report.contains(german), "{german:?} in:\n{report}");
    }
    for english in [
        "games from seed",
        "win %",
        "mean score",
        "final money",
        "per game",
        "games per second",
        "median",
    ] {
        assert!(!report.contains(english), "{english:?} in:\n{report}");
    }
    // Decimals with a comma: the turns per game (a mean with one decimal) among them.
    let decisions = report
        .lines()
        .find(|l| l.starts_with("Entscheidungen je Partie"))
        .unwrap();
    assert!(
        decisions
            .trim_end()
            .rsplit(' ')
            .next()
            .unwrap()
            .contains(','),
        "{decisions}"
    );
    let plot = fs::read_to_string(&svg).unwrap();
    assert!(plot.contains("Siegquote je Platz"), "the plot is German");
    assert!(!plot.contains("win rate by seat"));

    // The environment's locale chooses German too; a flag overrides it; JSON stays the same.
    let by_env = boardroom()
        .args(args)
        .env("LANG", "de_DE.UTF-8")
        .output()
        .unwrap();
    assert!(String::from_utf8(by_env.stdout)
        .unwrap()
        .contains("Partien pro Sekunde"));
    let english = boardroom()
        .args(args)
        .args(["--lang", "en"])
        .env("LC_ALL", "de_DE.UTF-8")
        .output()
        .unwrap();
    assert!(String::from_utf8(english.stdout)
        .unwrap()
        .contains("games per second"));
    let json = |lang: &str| -> Value {
        let out = boardroom()
            .args(args)
            .args(["--threads", "1", "--json", "--lang", lang])
            .output()
            .unwrap();
        let mut v: Value = serde_json::from_slice(&out.stdout).unwrap();
        for timing in ["seconds", "games_per_second"] {
            v.as_object_mut().unwrap().remove(timing);
        }
        v
    };
    assert_eq!(json("de"), json("en"), "JSON is language-free");

    // A language the program does not speak is refused, naming those it does.
    boardroom()
        .args(args)
        .args(["--lang", "tlh"])
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "--lang tlh: no such language (languages: en, de)",
        ));
}
