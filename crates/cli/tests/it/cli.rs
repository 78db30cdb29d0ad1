//! The `boardroom` program end to end: real processes, real files.

use crate::common::boardroom;
use predicates::prelude::*;
use serde_json::Value;
use std::fs;

mod games;
mod german;
mod positions;
mod simulate;

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
