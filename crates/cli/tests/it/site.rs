//! `boardroom serve` on PostgreSQL as real processes: several instances serve one database at
//! once, each table played by the instance holding its lease and reached through any of them
//! (forwarded); one killed with SIGKILL mid-game, its tables are adopted by the others within
//! seconds and every game goes on from the database, nothing acknowledged lost. Runs when the
//! tests have a PostgreSQL (`BOARDROOM_TEST_PG_URL`, set by the test command).

use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use crate::common::Ws;
use crate::serve::{next_state, play};

/// A fresh database on the tests' PostgreSQL, or `None` (skipped) without one.
pub(crate) async fn fresh_database() -> Option<String> {
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

/// A `boardroom serve` process: its address arrives once it serves.
pub(crate) struct Instance {
    pub(crate) child: Child,
    url: mpsc::Receiver<String>,
}

impl Instance {
    fn start(db: &str) -> Instance {
        Instance::start_paced(db, 0)
    }

    /// An instance whose bots wait `bot_delay_ms` before each move.
    pub(crate) fn start_paced(db: &str, bot_delay_ms: u64) -> Instance {
        let mut child = Command::new(env!("CARGO_BIN_EXE_boardroom"))
            .args(["serve", "--addr", "127.0.0.1:0", "--bot-delay-ms"])
            .arg(bot_delay_ms.to_string())
            .args(["--db", db])
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
    pub(crate) fn serving(&self, wait: Duration) -> Option<String> {
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

/// Opens a table's WebSocket through the instance at `url`, trying again while the table is
/// between instances (its holder was killed and its lease has not expired yet: refused), at
/// most 300 times, 200 ms apart.
async fn reach(url: &str, link: &str) -> Ws {
    let ws_url = format!(
        "{}{}",
        url.replacen("http", "ws", 1),
        link.replacen("/t/", "/ws/", 1)
    );
    for _ in 0..300 {
        if let Ok((ws, _)) = tokio_tungstenite::connect_async(ws_url.as_str()).await {
            return ws;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    panic!("{link} is not served through {url} after 300 tries");
}

/// Both seats' connections and states, caught up to the same version with a person to act.
async fn seated(url: &str, links: &[String]) -> (Vec<Ws>, Vec<Value>) {
    let mut clients = vec![reach(url, &links[0]).await, reach(url, &links[1]).await];
    let mut states = vec![
        next_state(&mut clients[0], &Value::Null).await,
        next_state(&mut clients[1], &Value::Null).await,
    ];
    while states[0]["version"] != states[1]["version"]
        || states
            .iter()
            .all(|s| s["actions"].as_array().unwrap().is_empty())
    {
        let behind = usize::from(states[0]["version"].as_u64() > states[1]["version"].as_u64());
        states[behind] = next_state(&mut clients[behind], &states[behind]).await;
    }
    (clients, states)
}

/// The table of a seat link (`/t/ID?k=TOKEN`).
fn table_id(link: &str) -> &str {
    link.trim_start_matches("/t/").split('?').next().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn instances_share_the_tables_and_take_over_those_of_a_killed_one() {
    let Some(db) = fresh_database().await else {
        return;
    };
    let instances = [
        Instance::start(&db),
        Instance::start(&db),
        Instance::start(&db),
    ];
    let urls: Vec<String> = instances
        .iter()
        .map(|i| {
            i.serving(Duration::from_secs(60))
                .expect("every instance serves")
        })
        .collect();
    let [a, _b, _c] = instances;

    // Tables created on each instance, played through another (forwarded to the instance
    // holding it) or through its own.
    let http = reqwest::Client::new();
    let mut tables = Vec::new();
    // One table on each instance: each holds its share, so none moves to share tables out
    // while it is played here (tests/it/handover.rs covers tables moving).
    for (made, played) in [(0, 1), (1, 0), (2, 2)] {
        let links = create(&http, &urls[made]).await;
        let (mut clients, mut states) = seated(&urls[played], &links).await;
        play(&mut clients, &mut states, 10).await;
        tables.push((links, clients, states));
    }
    // Every instance answers for every table.
    for t in &tables {
        for url in &urls {
            let r = http
                .get(format!("{url}/api/tables/{}", table_id(&t.0[0])))
                .send()
                .await
                .unwrap();
            assert_eq!(r.status(), 200, "{url} answers for {}", t.0[0]);
            let page = http.get(format!("{url}{}", t.0[0])).send().await.unwrap();
            assert_eq!(page.status(), 200);
        }
    }

    // Wait for the bot when it is its turn, so nothing is in flight.
    for t in tables.iter_mut() {
        while t
            .2
            .iter()
            .all(|s| s["actions"].as_array().unwrap().is_empty())
        {
            for (c, s) in t.1.iter_mut().zip(t.2.iter_mut()) {
                *s = next_state(c, s).await;
            }
        }
    }
    let before: Vec<Vec<Value>> = tables.iter().map(|t| t.2.clone()).collect();
    // The first instance is killed mid-game: its tables are taken over by the others, and
    // every game goes on through the second instance where it was.
    drop(a);
    for (t, before) in tables.iter_mut().zip(before) {
        drop(std::mem::take(&mut t.1));
        let (clients, states) = seated(&urls[1], &t.0).await;
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
    // And every game is played to its end there.
    for t in tables.iter_mut() {
        finish(&mut t.1, &mut t.2).await;
    }
}

/// Plays the people's first legal actions until the game ends (at most 3,000 of them).
async fn finish(clients: &mut [Ws], states: &mut [Value]) {
    for _ in 0..3000 {
        if states[0]["to_act"].as_array().unwrap().is_empty() {
            return;
        }
        if states
            .iter()
            .all(|s| s["actions"].as_array().unwrap().is_empty())
        {
            // The bot's turn: every client hears of its move.
            for (c, s) in clients.iter_mut().zip(states.iter_mut()) {
                *s = next_state(c, s).await;
            }
            continue;
        }
        play(clients, states, 1).await;
    }
    panic!("the game did not end within 3,000 actions");
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
