//! Storage failures on bot tables, bad stored actions and damaged database files.

use super::*;

/// The `status` messages a client has received.
fn statuses(c: &Client) -> Vec<Value> {
    c.received
        .iter()
        .map(|t| serde_json::from_str::<Value>(t).unwrap())
        .filter(|v| v["type"] == "status")
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_table_waits_out_a_storage_failure_and_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let (addr, server) = serve_in(dir.path(), |s| {
        s.bot_delay = Duration::from_millis(30);
        s.timing = Timing {
            storage_retry: Duration::from_millis(50),
            storage_retry_max: Duration::from_millis(400),
            ..Timing::default()
        };
    })
    .await;
    let db = server.lobby.db().clone();
    let _task = server.spawn();
    let table = created(
        &reqwest::Client::new(),
        addr,
        &["random", "random", "random"],
    )
    .await;
    let mut watcher = ws_from("127.0.0.1", addr, table["spectator"].as_str().unwrap(), &[])
        .await
        .unwrap();
    watcher.until_version(3).await;
    db.simulate_action_failures(true);
    let paused = watcher.until("status").await;
    assert_eq!(paused["paused"], true);
    assert_eq!(
        paused["message"],
        "storage unavailable; play resumes when it is back"
    );
    let version = watcher.version();
    let refused_at_pause = db.simulated_refusals();
    tokio::time::sleep(Duration::from_secs(3)).await;
    let retries = db.simulated_refusals() - refused_at_pause;
    // 50, 100, 200, 400, 400… ms apart: about nine in three seconds, not one per bot delay
    // (a hundred) or a tight loop (thousands).
    assert!(
        (3..=15).contains(&retries),
        "{retries} retries in 3 s while storage fails"
    );
    watcher.pump(100).await;
    assert_eq!(watcher.version(), version, "nothing was played meanwhile");
    assert_eq!(statuses(&watcher).len(), 1, "players are told once");
    db.simulate_action_failures(false);
    let resumed = watcher.until("status").await;
    assert_eq!(resumed["paused"], false);
    // Counted once play resumed: a retry may still have been refused between the count above
    // and the storage coming back, but none after a write went through.
    let refused_at_resume = db.simulated_refusals();
    watcher.until_version(version + 3).await;
    assert_eq!(
        db.simulated_refusals(),
        refused_at_resume,
        "no failure after the storage came back"
    );
}

/// Stores a few tables through a server on `db`, each with some actions, and returns their
/// ids; the server is stopped and the database checkpointed into its file.
async fn stored_tables(dir: &Path) -> (PathBuf, Vec<String>) {
    let (addr, server) = serve_in(dir, |s| s.bot_delay = Duration::from_millis(5)).await;
    let db = dir.join("test.sqlite");
    let task = server.spawn();
    let http = reqwest::Client::new();
    let mut ids = Vec::new();
    for _ in 0..3 {
        let t = created(&http, addr, &["human", "random"]).await;
        let mut c = ws_from(
            "127.0.0.1",
            addr,
            t["seats"][0]["link"].as_str().unwrap(),
            &[],
        )
        .await
        .unwrap();
        c.until("state").await;
        // The person plays first, or the bot does.
        match c.legal().first().cloned() {
            Some(first) => drop(c.play(&first).await),
            None => drop(c.until_version(1).await),
        }
        ids.push(t["id"].as_str().unwrap().to_string());
    }
    task.abort();
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute_batch("PRAGMA wal_checkpoint(TRUNCATE);")
        .unwrap();
    (db, ids)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_with_a_bad_stored_action_is_listed_and_the_others_are_served() {
    let dir = tempfile::tempdir().unwrap();
    let (db, ids) = stored_tables(dir.path()).await;
    {
        let conn = rusqlite::Connection::open(&db).unwrap();
        // Table 0: an action that is not valid UTF-8; table 1: one that breaks the rules.
        conn.execute(
            "UPDATE actions SET action = CAST(X'FFFE41' AS TEXT) WHERE table_id = ?1 AND idx = 0",
            [&ids[0]],
        )
        .unwrap();
        conn.execute(
            "UPDATE actions SET action = 'play 999' WHERE table_id = ?1 AND idx = 0",
            [&ids[1]],
        )
        .unwrap();
    }
    let (addr, server) = serve_in(dir.path(), |_| {}).await;
    let _task = server.spawn();
    let s = stats(addr).await;
    let damaged = s["damaged"].as_array().unwrap();
    assert_eq!(damaged.len(), 2, "{s}");
    let reason = |id: &str| {
        damaged
            .iter()
            .find(|d| d["id"] == id)
            .unwrap_or_else(|| panic!("{id} listed: {s}"))["reason"]
            .as_str()
            .unwrap()
            .to_string()
    };
    assert!(reason(&ids[0]).contains("UTF-8"), "{}", reason(&ids[0]));
    assert!(reason(&ids[1]).contains("999"), "{}", reason(&ids[1]));
    assert_eq!(s["tables"], 1, "the sound table is served");
    let http = reqwest::Client::new();
    let ok = http
        .get(format!("http://{addr}/t/{}", ids[2]))
        .send()
        .await
        .unwrap();
    assert_eq!(ok.status(), 200);
    let bad = http
        .get(format!("http://{addr}/t/{}", ids[0]))
        .send()
        .await
        .unwrap();
    assert_eq!(bad.status(), 404);
    assert!(bad.text().await.unwrap().contains("damaged"));

    // The check over the same file says the same, and exports the sound table's record.
    let db = boardroom_server::db::Db::open_read_only(&db).unwrap();
    let checks = boardroom_server::lobby::check(&db).await.unwrap();
    assert_eq!(checks.len(), 3);
    for c in &checks {
        let sound = c.id == ids[2];
        assert_eq!(c.damaged.is_none(), sound, "{c:?}");
        assert_eq!(c.record.is_some(), sound);
    }
    let record = checks.iter().find(|c| c.id == ids[2]).unwrap();
    let record = record.record.as_ref().unwrap();
    assert_eq!(record["game"], "big-boss");
    assert_eq!(
        record["actions"].as_array().unwrap().len(),
        checks
            .iter()
            .find(|c| c.id == ids[2])
            .unwrap()
            .actions
            .unwrap()
    );
    assert!(record["actions"][0]["action"].is_string());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_damaged_file_still_starts_the_server_or_says_sqlite_refuses_it() {
    use rand::{Rng, SeedableRng};
    let dir = tempfile::tempdir().unwrap();
    let (db, _) = stored_tables(dir.path()).await;
    let pristine = std::fs::read(&db).unwrap();
    let mut started = 0;
    for seed in 0..8u64 {
        let case = tempfile::tempdir().unwrap();
        let path = case.path().join("test.sqlite");
        let mut bytes = pristine.clone();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..200 {
            let at = rng.gen_range(0..bytes.len());
            bytes[at] = rng.gen();
        }
        std::fs::write(&path, &bytes).unwrap();
        let bound = Server::bind(Settings {
            addr: "127.0.0.1:0".parse().unwrap(),
            db: path.clone(),
            bot_delay: Duration::ZERO,
            ..Settings::default()
        })
        .await;
        match bound {
            Ok(server) => {
                started += 1;
                let addr = server.addr;
                let task = server.spawn();
                let s = stats(addr).await;
                assert!(s["tables"].is_u64() && s["damaged"].is_array(), "{s}");
                let page = reqwest::get(format!("http://{addr}/")).await.unwrap();
                assert_eq!(page.status(), 200);
                task.abort();
            }
            Err(e) => {
                let e = format!("{e:#}");
                assert!(e.contains("SQLite cannot open the database"), "{e}");
            }
        }
        // The check never panics: a report, or SQLite's refusal.
        if let Ok(db) = boardroom_server::db::Db::open_read_only(&path) {
            let _ = boardroom_server::lobby::check(&db).await;
        }
    }
    eprintln!("{started} of 8 damaged files started a server");
}
