//! Position files: applying actions, refusing illegal ones and broken files, hints.

use super::*;

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
    for (action, why) in [
        ("share Regent", "not possible now"),
        ("pass", "you must"),
        ("play 99", "1-72"),
        ("dance", "unknown word"),
    ] {
        boardroom()
            .arg("apply")
            .arg(&start)
            .arg(action)
            .assert()
            .failure()
            .stdout(predicate::str::is_empty())
            .stderr(predicate::str::contains(why));
    }
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
