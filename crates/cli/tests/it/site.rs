//! `boardroom serve` on PostgreSQL as real processes: one instance serves the database at a
//! time, a standby waiting beside it; killed with SIGKILL mid-game, the standby takes over
//! within seconds and every table goes on from the database, nothing acknowledged lost.
//! Runs when the tests have a PostgreSQL (`BOARDROOM_TEST_PG_URL`, set by the test command).

use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::common::{connect, Ws};
use crate::serve::{next_state, play};

/// A fresh database on the tests' PostgreSQL, or `None` (skipped) without one.
async fn fresh_database() -> Option<String> {
    let Some(url) = std::env::var("BOARDROOM_TEST_PG_URL")
        .ok()
        .filter(|u| !u.is_empty())
    else {
        assert_ne!(
            std::env::var("BOARDROOM_PG_TESTS").as_deref(),
            Ok("require"),
            "BOARDROOM_PG_TESTS=require but BOARDROOM_TEST_PG_URL names no PostgreSQL"
        );
        eprintln!("skipped: BOARDROOM_TEST_PG_URL names no PostgreSQL (scripts/pg.sh start)");
        return None;
    };
    let (client, conn) = tokio_postgres::connect(&url, tokio_postgres::NoTls)
        .await
        .unwrap();
    tokio::spawn(conn);
    let name = format!("boardroom_s_{:016x}", rand::random::<u64>());
    client
        .batch_execute(&format!("CREATE DATABASE {name}"))
        .await
        .unwrap();
    let base = url.split('?').next().unwrap();
    let start = base.find("://").map_or(0, |i| i + 3);
    let host_end = base[start..].find('/').map_or(base.len(), |i| start + i);
    Some(format!("{}/{name}", &base[..host_end]))
}

/// A `boardroom serve --standby` process: its address arrives once it serves.
struct Instance {
    child: Child,
    url: mpsc::Receiver<String>,
}

impl Instance {
    fn start(db: &str) -> Instance {
        let mut child = Command::new(env!("CARGO_BIN_EXE_boardroom"))
            .args(["serve", "--addr", "127.0.0.1:0", "--bot-delay-ms", "0"])
            .args(["--standby", "--db", db])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let out = BufReader::new(child.stdout.take().unwrap());
        let (tx, url) = mpsc::channel();
        std::thread::spawn(move || {
            for line in out.lines().map_while(Result::ok) {
                if let Some(u) = line.strip_prefix("Open ").and_then(|r| r.split(' ').next()) {
                    let _ = tx.send(u.to_string());
                }
            }
        });
        Instance { child, url }
    }

    /// Its address, once it serves within `wait`.
    fn serving(&self, wait: Duration) -> Option<String> {
        self.url.recv_timeout(wait).ok()
    }
}

impl Drop for Instance {
    /// SIGKILL: no shutdown of any kind.
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Creates a table of two people and a bot on `url`: its two seat links.
async fn create(http: &reqwest::Client, url: &str) -> Vec<String> {
    let created: Value = http
        .post(format!("{url}/api/tables"))
        .json(&json!({"edition": "classic", "seats": ["human", "human", "random"]}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    created["seats"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|s| s["link"].as_str().map(str::to_string))
        .collect()
}

/// Both seats' connections and states, caught up to the same version with a person to act.
async fn seated(url: &str, links: &[String]) -> (Vec<Ws>, Vec<Value>) {
    let mut clients = vec![connect(url, &links[0]).await, connect(url, &links[1]).await];
    let mut states = vec![
        next_state(&mut clients[0]).await,
        next_state(&mut clients[1]).await,
    ];
    while states[0]["version"] != states[1]["version"]
        || states
            .iter()
            .all(|s| s["actions"].as_array().unwrap().is_empty())
    {
        let behind = usize::from(states[0]["version"].as_u64() > states[1]["version"].as_u64());
        states[behind] = next_state(&mut clients[behind]).await;
    }
    (clients, states)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_standby_takes_over_a_killed_instance_and_the_games_go_on() {
    let Some(db) = fresh_database().await else {
        return;
    };
    // Two instances start together: exactly one serves, the other waits.
    let mut a = Some(Instance::start(&db));
    let mut b = Some(Instance::start(&db));
    let (first_url, holder) = loop {
        if let Some(url) = a.as_ref().unwrap().serving(Duration::from_millis(100)) {
            break (url, 'a');
        }
        if let Some(url) = b.as_ref().unwrap().serving(Duration::from_millis(100)) {
            break (url, 'b');
        }
    };
    let (mut holder, mut other) = if holder == 'a' {
        (a.take().unwrap(), b.take().unwrap())
    } else {
        (b.take().unwrap(), a.take().unwrap())
    };
    assert!(
        other.serving(Duration::from_secs(2)).is_none(),
        "two instances never serve one database"
    );

    // Two tables played through the instance that serves.
    let http = reqwest::Client::new();
    let mut tables = Vec::new();
    for _ in 0..2 {
        let links = create(&http, &first_url).await;
        let (mut clients, mut states) = seated(&first_url, &links).await;
        play(&mut clients, &mut states, 12).await;
        tables.push((links, clients, states));
    }

    // Killed mid-game: the standby serves within seconds, every table where it was.
    for _ in 0..2 {
        // Wait for the bot when it is its turn, so nothing is in flight.
        for t in tables.iter_mut() {
            while t
                .2
                .iter()
                .all(|s| s["actions"].as_array().unwrap().is_empty())
            {
                for (c, s) in t.1.iter_mut().zip(t.2.iter_mut()) {
                    *s = next_state(c).await;
                }
            }
        }
        let before: Vec<Vec<Value>> = tables.iter().map(|t| t.2.clone()).collect();
        drop(std::mem::replace(&mut holder, other));
        let killed = Instant::now();
        let url = holder
            .serving(Duration::from_secs(10))
            .expect("the standby serves within 10 s");
        let took = killed.elapsed();
        assert!(took < Duration::from_secs(5), "took over in {took:?}");
        for (t, before) in tables.iter_mut().zip(before) {
            drop(std::mem::take(&mut t.1));
            let (clients, states) = seated(&url, &t.0).await;
            for (b, a) in before.iter().zip(&states) {
                assert_eq!(b["version"], a["version"], "nothing acknowledged is lost");
                assert_eq!(b["observation"], a["observation"]);
            }
            t.1 = clients;
            t.2 = states;
            let v = t.2[0]["version"].as_u64().unwrap();
            play(&mut t.1, &mut t.2, 8).await;
            assert!(t.2[0]["version"].as_u64().unwrap() >= v + 8);
        }
        // A new standby waits beside it for the next death.
        other = Instance::start(&db);
        assert!(other.serving(Duration::from_millis(800)).is_none());
    }
}

#[test]
fn db_check_names_a_postgres_url_without_its_password() {
    let out = crate::common::boardroom()
        .args([
            "db",
            "check",
            "--db",
            "postgres://ann:s3cret@127.0.0.1:1/site",
        ])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("postgres://ann:***@127.0.0.1:1/site"), "{err}");
    assert!(!err.contains("s3cret"), "{err}");
}
