//! `boardroom serve` for a site's operator, as a real process: `--log-format json` writes one
//! JSON object a line, each line about a table carrying the table's id and the instance's;
//! `--metrics-addr` serves the metrics on an address of their own.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Kills the process when the test ends, however it ends.
struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Each line of `read`, sent on as it comes.
fn lines(read: impl std::io::Read + Send + 'static) -> mpsc::Receiver<String> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(read).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                return;
            }
        }
    });
    rx
}

/// The first line of `rx` within `wait` that `pick` maps to something.
fn first<T>(
    rx: &mpsc::Receiver<String>,
    wait: Duration,
    mut pick: impl FnMut(&str) -> Option<T>,
) -> Option<T> {
    let until = Instant::now() + wait;
    while let Some(left) = until.checked_duration_since(Instant::now()) {
        match rx.recv_timeout(left) {
            Ok(line) => {
                if let Some(found) = pick(&line) {
                    return Some(found);
                }
            }
            Err(_) => return None,
        }
    }
    None
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn json_logs_name_the_table_and_the_instance_and_metrics_are_served_apart() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardroom"))
        .args(["serve", "--addr", "127.0.0.1:0", "--bot-delay-ms", "0"])
        .args(["--metrics-addr", "127.0.0.1:0", "--log-format", "json"])
        .arg("--db")
        .arg(dir.path().join("t.sqlite"))
        .env("RUST_LOG", "info")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let out = lines(child.stdout.take().unwrap());
    let err = lines(child.stderr.take().unwrap());
    let _child = Killed(child);
    let wait = Duration::from_secs(60);
    let url = first(&out, wait, |l| {
        l.strip_prefix("Open ")
            .and_then(|r| r.split(' ').next())
            .map(str::to_string)
    })
    .expect("the server prints its address");
    let metrics = first(&out, wait, |l| {
        l.strip_prefix("Metrics at ").map(str::to_string)
    })
    .expect("the server prints its metrics' address");

    let http = reqwest::Client::new();
    let created: Value = http
        .post(format!("{url}/api/tables"))
        .json(&json!({"seats": ["random", "random", "random"]}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = created["id"].as_str().unwrap().to_string();

    // Every line is a JSON object; those about the table carry its id and the instance's.
    let mut instance = None;
    let mut not_json = Vec::new();
    let found = first(&err, wait, |line| {
        let Ok(v) = serde_json::from_str::<Value>(line) else {
            not_json.push(line.to_string());
            return None;
        };
        if v["span"]["table"] == id.as_str() {
            instance = v["span"]["instance"].as_str().map(str::to_string);
            return Some(v);
        }
        None
    })
    .expect("a line about the table");
    assert!(not_json.is_empty(), "lines that are not JSON: {not_json:?}");
    assert!(
        instance.as_ref().is_some_and(|i| !i.is_empty()),
        "the instance is named: {found}"
    );
    assert_eq!(found["level"], "INFO", "{found}");
    assert!(found["message"].is_string(), "{found}");

    // The metrics are on their own address, not on the public one.
    let page = http
        .get(&metrics)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(page.contains("boardroom_tables_live"), "{page}");
    let public = http.get(format!("{url}/metrics")).send().await.unwrap();
    assert_eq!(public.status(), 404);
}
