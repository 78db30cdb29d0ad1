//! Playing games: bots to the end, records and their rules revision, a person at the terminal,
//! hot seat.

use super::*;

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

/// `play --lang de` (or a German locale in the environment) writes the game's words in
/// German: the log, the prompt, the moves' effects and a refusal; an unknown language is
/// refused, naming the ones there are.
#[test]
fn play_speaks_the_language_asked_for() {
    let play = |lang: Option<&str>, env_lang: &str| {
        let mut cmd = boardroom();
        cmd.args(["play", "big-boss", "--seats", "human,random", "--seed", "4"]);
        if let Some(l) = lang {
            cmd.args(["--lang", l]);
        }
        cmd.env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .env("LANG", env_lang)
            .write_stdin("tower\n1\n1\n1\nquit\n")
            .output()
            .unwrap()
    };
    for out in [play(Some("de"), "en_US.UTF-8"), play(None, "de_DE.UTF-8")] {
        assert!(out.status.success(), "{out:?}");
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.contains("Rot — "), "{text}");
        assert!(
            text.contains("✗ tower: das geht jetzt nicht: beginne deinen Zug"),
            "{text}"
        );
        assert!(
            text.contains(" kauft ") || text.contains(" spielt "),
            "{text}"
        );
        assert!(
            !text.contains(" buys ") && !text.contains("Red — "),
            "{text}"
        );
    }
    let out = play(None, "C.UTF-8");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("✗ tower: that is not possible now"), "{text}");
    let out = play(Some("xx"), "de_DE.UTF-8");
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("no language `xx`") && err.contains("en, de"),
        "{err}"
    );
}
