//! `boardroom serve` as a real process: killed mid-game and started again, every table resumes
//! exactly where it was and play continues.

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::path::Path;
use std::process::Command;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

use crate::common::{connect, serve, Ws};

/// The next `state` message (a `patch` applied to `held`, the state held before it, and
/// returned as the state it makes).
pub(crate) async fn next_state(ws: &mut Ws, held: &Value) -> Value {
    loop {
        let m = tokio::time::timeout(Duration::from_secs(20), ws.next())
            .await
            .expect("a message within 20 s")
            .expect("open")
            .unwrap();
        if let Message::Text(t) = m {
            let v: Value = serde_json::from_str(t.as_str()).unwrap();
            assert_ne!(v["type"], "error", "{v}");
            if v["type"] == "state" {
                return v;
            }
            if v["type"] == "patch" {
                let mut state = held.clone();
                assert_eq!(state["rev"], v["base"], "a patch applies to the state held");
                let ops: Vec<boardroom_server::patch::Op> =
                    serde_json::from_value(v["ops"].clone()).unwrap();
                boardroom_server::patch::apply(&mut state, &ops).unwrap();
                return state;
            }
        }
    }
}

/// Plays `n` actions of the people (the first legal one, for whichever seat the game asks),
/// following the bot's moves in between.
pub(crate) async fn play(clients: &mut [Ws], states: &mut [Value], n: usize) {
    let mut played = 0;
    while played < n {
        let Some(i) =
            (0..clients.len()).find(|&i| !states[i]["actions"].as_array().unwrap().is_empty())
        else {
            assert!(
                !states[0]["to_act"].as_array().unwrap().is_empty(),
                "the game ended early"
            );
            // The bot's turn: every client hears of its move.
            for (c, s) in clients.iter_mut().zip(states.iter_mut()) {
                *s = next_state(c, s).await;
            }
            continue;
        };
        played += 1;
        let action = states[i]["actions"][0]["notation"]
            .as_str()
            .unwrap()
            .to_string();
        let msg = json!({"type": "act", "action": action});
        clients[i]
            .send(Message::text(msg.to_string()))
            .await
            .unwrap();
        for (c, s) in clients.iter_mut().zip(states.iter_mut()) {
            *s = next_state(c, s).await;
        }
        // Stay under the per-connection rate limit.
        tokio::time::sleep(Duration::from_millis(60)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_resumes_every_table_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tables.sqlite");
    let first = serve(&db);
    let http = reqwest::Client::new();
    let created: Value = http
        .post(format!("{}/api/tables", first.url))
        .json(&json!({"edition": "classic", "seats": ["human", "human", "random"]}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let links: Vec<String> = created["seats"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|s| s["link"].as_str().map(str::to_string))
        .collect();
    assert_eq!(links.len(), 2);
    let mut clients = vec![
        connect(&first.url, &links[0]).await,
        connect(&first.url, &links[1]).await,
    ];
    let mut states = vec![
        next_state(&mut clients[0], &Value::Null).await,
        next_state(&mut clients[1], &Value::Null).await,
    ];
    // The bot may move first: let both catch up to the same version.
    while states[0]["version"] != states[1]["version"]
        || (states[0]["actions"].as_array().unwrap().is_empty()
            && states[1]["actions"].as_array().unwrap().is_empty())
    {
        let behind = if states[0]["version"].as_u64() <= states[1]["version"].as_u64() {
            0
        } else {
            1
        };
        states[behind] = next_state(&mut clients[behind], &states[behind]).await;
    }
    play(&mut clients, &mut states, 25).await;
    // Wait for the bot if it is its turn, so nothing is in flight, then kill the server.
    while states
        .iter()
        .all(|s| s["actions"].as_array().unwrap().is_empty())
    {
        for (c, s) in clients.iter_mut().zip(states.iter_mut()) {
            *s = next_state(c, s).await;
        }
    }
    let before: Vec<Value> = states.clone();
    drop(clients);
    drop(first); // SIGKILL: no shutdown of any kind

    let second = serve(&db);
    let mut clients = vec![
        connect(&second.url, &links[0]).await,
        connect(&second.url, &links[1]).await,
    ];
    let mut states = vec![
        next_state(&mut clients[0], &Value::Null).await,
        next_state(&mut clients[1], &Value::Null).await,
    ];
    for (b, a) in before.iter().zip(&states) {
        assert_eq!(b["version"], a["version"]);
        assert_eq!(
            b["observation"], a["observation"],
            "the same state after restart"
        );
        assert_eq!(b["actions"], a["actions"]);
    }
    let v = states[0]["version"].as_u64().unwrap();
    play(&mut clients, &mut states, 10).await;
    assert!(states[0]["version"].as_u64().unwrap() >= v + 10);
    // The lobby lists the table after the restart.
    let listed: Value = http
        .get(format!("{}/api/tables", second.url))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(listed[0]["id"], created["id"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn db_check_reports_every_table_and_exports_the_readable_ones() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tables.sqlite");
    let server = serve(&db);
    let http = reqwest::Client::new();
    let mut ids = Vec::new();
    for seats in [
        json!(["random", "random"]),
        json!(["random", "human", "random"]),
    ] {
        let created: Value = http
            .post(format!("{}/api/tables", server.url))
            .json(&json!({"seats": seats}))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        ids.push(created["id"].as_str().unwrap().to_string());
    }
    // Let the bots store a few actions.
    tokio::time::sleep(Duration::from_millis(500)).await;
    drop(server);
    let conn = rusqlite::Connection::open(&db).unwrap();
    let stored: i64 = conn
        .query_row(
            "SELECT count(*) FROM actions WHERE table_id = ?1",
            [&ids[0]],
            |r| r.get(0),
        )
        .unwrap();
    assert!(stored > 0);

    let export = dir.path().join("records");
    let check = |export: Option<&Path>| {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_boardroom"));
        cmd.args(["db", "check", "--db"]).arg(&db);
        if let Some(e) = export {
            cmd.arg("--export").arg(e);
        }
        cmd.output().unwrap()
    };
    let out = check(Some(&export));
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(out.status.success(), "{text}");
    assert!(text.contains("2 tables: 2 ok, 0 damaged"), "{text}");
    let record = export.join(format!("{}.json", ids[0]));
    let replay = Command::new(env!("CARGO_BIN_EXE_boardroom"))
        .arg("replay")
        .arg(&record)
        .output()
        .unwrap();
    assert!(
        replay.status.success(),
        "{}",
        String::from_utf8_lossy(&replay.stderr)
    );

    // A stored action that is not valid UTF-8: that table is damaged, the other still ok.
    conn.execute(
        "UPDATE actions SET action = CAST(X'FFFE41' AS TEXT) WHERE table_id = ?1 AND idx = 0",
        [&ids[0]],
    )
    .unwrap();
    let out = check(None);
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(!out.status.success(), "a damaged table fails the check");
    assert!(text.contains("2 tables: 1 ok, 1 damaged"), "{text}");
    let line = text.lines().find(|l| l.contains(&ids[0])).unwrap();
    assert!(
        line.starts_with("damaged") && line.contains("UTF-8"),
        "{line}"
    );

    // A table of a rules revision its game no longer replays is kept as an archive: reported,
    // not damaged.
    conn.execute("UPDATE tables SET rules = 0 WHERE id = ?1", [&ids[1]])
        .unwrap();
    let out = check(None);
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        text.contains("2 tables: 0 ok, 1 damaged, 1 archived"),
        "{text}"
    );
    let line = text.lines().find(|l| l.contains(&ids[1])).unwrap();
    assert!(
        line.starts_with("archive") && line.contains("archived (rules revision 0)"),
        "{line}"
    );
}

/// Runs `boardroom db check` on `db`: whether it succeeded, and its output and errors.
fn db_check(db: &Path) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_boardroom"))
        .args(["db", "check", "--db"])
        .arg(db)
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn db_check_says_what_is_wrong_with_a_damaged_file() {
    use rand::{Rng, SeedableRng};
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tables.sqlite");
    let server = serve(&db);
    let http = reqwest::Client::new();
    for _ in 0..3 {
        let r = http
            .post(format!("{}/api/tables", server.url))
            .json(&json!({"seats": ["human", "human"]}))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 201);
    }
    drop(server);
    // Everything in the file itself, then 200 random bytes over the start of the page that
    // holds the list of tables.
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute_batch("PRAGMA wal_checkpoint(TRUNCATE);")
        .unwrap();
    let page: i64 = conn
        .query_row("PRAGMA page_size", [], |r| r.get(0))
        .unwrap();
    let root: i64 = conn
        .query_row(
            "SELECT rootpage FROM sqlite_master WHERE name = 'tables'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    drop(conn);
    let (ok, text) = db_check(&db);
    assert!(ok, "{text}");
    let mut bytes = std::fs::read(&db).unwrap();
    let start = ((root - 1) * page) as usize;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    for b in &mut bytes[start..start + 200] {
        *b = rng.gen();
    }
    std::fs::write(&db, &bytes).unwrap();
    let (ok, text) = db_check(&db);
    assert!(!ok, "a damaged file fails the check: {text}");
    assert!(!text.contains("commit"), "the check only reads: {text}");
    let name = db.display().to_string();
    assert!(
        text.contains(&format!("the file {name}")) && text.contains("malformed"),
        "says what is wrong with which file: {text}"
    );

    // Not a database at all.
    let junk = dir.path().join("junk.sqlite");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
    std::fs::write(&junk, (0..4096).map(|_| rng.gen()).collect::<Vec<u8>>()).unwrap();
    let (ok, text) = db_check(&junk);
    assert!(!ok);
    assert!(
        text.contains(&format!(
            "{}: the file is not a SQLite database",
            junk.display()
        )),
        "{text}"
    );
}
