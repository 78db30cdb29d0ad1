//! Storage: a server started on a database it cannot write serves what it can read and resumes
//! by itself once the file can be written; a damaged file takes no new tables; a damaged
//! private table's id stays out of the public statistics. Real SQLite files, real servers on
//! loopback addresses.

use crate::common::Client;
use boardroom_server::table::{Timing, STORAGE_PAUSED};
use boardroom_server::{Server, Settings};
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// Settings for a server on `db` that retries storage quickly.
fn settings(db: &Path) -> Settings {
    Settings {
        addr: "127.0.0.1:0".parse().unwrap(),
        db: db.to_path_buf(),
        bot_delay: Duration::from_millis(20),
        timing: Timing {
            storage_retry: Duration::from_millis(50),
            storage_retry_max: Duration::from_millis(400),
            ..Timing::default()
        },
        ..Settings::default()
    }
}

/// Creates tables (one per request body) through a server on `db` that then stops for good:
/// its runtime, tables and database thread end, so SQLite closes the file cleanly (no
/// journal left beside it). Returns each creation's answer.
fn stored(db: &Path, bodies: Vec<Value>) -> Vec<Value> {
    let db = db.to_path_buf();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        let wal = db.with_extension("sqlite-wal");
        let out = rt.block_on(async move {
            let server = Server::bind(settings(&db)).await.unwrap();
            let addr = server.addr;
            let _task = server.spawn();
            let http = reqwest::Client::new();
            let mut out = Vec::new();
            for body in bodies {
                let r = http
                    .post(format!("http://{addr}/api/tables"))
                    .json(&body)
                    .send()
                    .await
                    .unwrap();
                assert_eq!(r.status(), 201);
                out.push(r.json::<Value>().await.unwrap());
            }
            // Let bots store a few moves.
            tokio::time::sleep(Duration::from_millis(200)).await;
            out
        });
        drop(rt);
        // The database thread closes the file once every handle is gone: SQLite then folds
        // the write-ahead log into it and removes it.
        let deadline = Instant::now() + Duration::from_secs(10);
        while wal.exists() {
            assert!(Instant::now() < deadline, "the database was not closed");
            std::thread::sleep(Duration::from_millis(20));
        }
        out
    })
    .join()
    .unwrap()
}

async fn stats(addr: SocketAddr) -> Value {
    reqwest::get(format!("http://{addr}/api/stats"))
        .await
        .unwrap()
        .json()
        .await
        .unwrap()
}

async fn create(addr: SocketAddr, body: &Value) -> (u16, Value) {
    let r = reqwest::Client::new()
        .post(format!("http://{addr}/api/tables"))
        .json(body)
        .send()
        .await
        .unwrap();
    (r.status().as_u16(), r.json().await.unwrap())
}

/// Makes a directory and the files in it impossible to write, as a read-only disk does, until
/// dropped (or [`ReadOnly::release`]). Permissions do that for an ordinary user; they do not
/// stop root, so as root the files and the directory are made immutable (`chattr +i`, which
/// binds root too). `None` when neither can be done here.
struct ReadOnly {
    paths: Vec<PathBuf>,
    immutable: bool,
}

impl ReadOnly {
    fn new(dir: &Path) -> Option<ReadOnly> {
        use std::os::unix::fs::PermissionsExt;
        let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        paths.push(dir.to_path_buf());
        let mut guard = ReadOnly {
            paths,
            immutable: false,
        };
        for p in &guard.paths {
            let mode = if p.is_dir() { 0o555 } else { 0o444 };
            std::fs::set_permissions(p, std::fs::Permissions::from_mode(mode)).unwrap();
        }
        if guard.blocks_writes(dir) {
            return Some(guard);
        }
        // Permissions do not stop this user (root): make everything immutable.
        let chattr = Command::new("chattr").arg("+i").args(&guard.paths).status();
        guard.immutable = true;
        if chattr.is_ok_and(|s| s.success()) && guard.blocks_writes(dir) {
            return Some(guard);
        }
        None
    }

    /// Whether writing into `dir` (a new file, or appending to one there) fails.
    fn blocks_writes(&self, dir: &Path) -> bool {
        let probe = dir.join("probe");
        let new_file = match std::fs::File::create_new(&probe) {
            Ok(_) => {
                std::fs::remove_file(&probe).unwrap();
                false
            }
            Err(_) => true,
        };
        let appends = self
            .paths
            .iter()
            .filter(|p| p.is_file())
            .all(|p| std::fs::OpenOptions::new().append(true).open(p).is_err());
        new_file && appends
    }

    fn release(&mut self) {
        use std::os::unix::fs::PermissionsExt;
        if std::mem::take(&mut self.immutable) {
            let _ = Command::new("chattr").arg("-i").args(&self.paths).status();
        }
        for p in &self.paths {
            let mode = if p.is_dir() { 0o755 } else { 0o644 };
            let _ = std::fs::set_permissions(p, std::fs::Permissions::from_mode(mode));
        }
    }
}

impl Drop for ReadOnly {
    fn drop(&mut self) {
        self.release();
    }
}

/// Polls `f` every 50 ms until it returns `Some`, for at most `secs` seconds.
async fn eventually<T, F: std::future::Future<Output = Option<T>>>(
    secs: u64,
    what: &str,
    mut f: impl FnMut() -> F,
) -> T {
    let deadline = Instant::now() + Duration::from_secs(secs);
    loop {
        if let Some(v) = f().await {
            return v;
        }
        assert!(Instant::now() < deadline, "{what}: not within {secs} s");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_started_on_a_read_only_database_serves_it_and_resumes_once_writable() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("test.sqlite");
    let tables = stored(
        &db,
        vec![
            json!({"game": "big-boss", "seats": ["random", "random", "random"]}),
            json!({"game": "big-boss", "seats": ["human", "human"]}),
        ],
    );
    let Some(mut read_only) = ReadOnly::new(dir.path()) else {
        eprintln!("skipped: neither permissions nor `chattr +i` make a directory read-only here");
        return;
    };
    let server = Server::bind(settings(&db))
        .await
        .expect("a database that cannot be written does not stop the server");
    let addr = server.addr;
    let _task = server.spawn();

    // What can be read is served; writes are refused with the reason.
    let s = stats(addr).await;
    assert_eq!(s["storage"], "unavailable", "{s}");
    assert_eq!(s["tables"], 2, "both stored tables are served: {s}");
    let body = json!({"game": "big-boss", "seats": ["human", "random"]});
    let (status, refused) = create(addr, &body).await;
    assert_eq!(status, 503, "{refused}");
    assert_eq!(refused["error"], STORAGE_PAUSED);
    let url = format!("http://{addr}");
    let mut bots = Client::connect(&url, tables[0]["spectator"].as_str().unwrap()).await;
    let paused = bots.until("status").await;
    assert_eq!(paused["paused"], true, "{paused}");
    let version = bots.version();
    // A person is told on joining (after the state), and a move is refused.
    let seat = |i: usize| tables[1]["seats"][i]["link"].as_str().unwrap().to_string();
    let mut person = Client::connect(&url, &seat(0)).await;
    assert_eq!(person.until("status").await["message"], STORAGE_PAUSED);
    let mut to_act = if person.legal().is_empty() {
        let mut other = Client::connect(&url, &seat(1)).await;
        other.until("status").await;
        other
    } else {
        person
    };
    let action = to_act.legal()[0].clone();
    to_act.act(&action).await;
    let error = to_act.until("error").await;
    assert_eq!(error["message"], STORAGE_PAUSED, "{error}");
    assert!(
        std::fs::read_dir(dir.path()).unwrap().count() == 1,
        "nothing was written beside the database"
    );

    // The disk is writable again: play resumes by itself, without a restart.
    read_only.release();
    loop {
        let status = bots.until("status").await;
        if status["paused"] == false {
            break;
        }
    }
    bots.until_version(version + 2).await;
    let body = &body;
    let created = eventually(10, "a table is created", || async move {
        let (status, body) = create(addr, body).await;
        (status == 201).then_some(body)
    })
    .await;
    assert!(created["id"].is_string());
    assert_eq!(stats(addr).await["storage"], "ok");
    let before = to_act.version();
    let after = to_act.play(&action).await;
    assert_eq!(after["version"].as_u64().unwrap(), before + 1);
    let conn = rusqlite::Connection::open(&db).unwrap();
    let stored: i64 = conn
        .query_row(
            "SELECT count(*) FROM actions WHERE table_id = ?1",
            [tables[1]["id"].as_str().unwrap()],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(stored, 1, "the person's move is stored");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_in_a_directory_it_cannot_write_starts_empty_and_creates_the_file_later() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("test.sqlite");
    let Some(mut read_only) = ReadOnly::new(dir.path()) else {
        eprintln!("skipped: neither permissions nor `chattr +i` make a directory read-only here");
        return;
    };
    let server = Server::bind(settings(&db))
        .await
        .expect("a directory that cannot be written does not stop the server");
    let addr = server.addr;
    let _task = server.spawn();
    assert_eq!(stats(addr).await["storage"], "unavailable");
    let body = json!({"game": "big-boss", "seats": ["human", "random"]});
    let (status, refused) = create(addr, &body).await;
    assert_eq!(status, 503, "{refused}");
    assert_eq!(refused["error"], STORAGE_PAUSED);
    read_only.release();
    let body = &body;
    eventually(10, "a table is created", || async move {
        (create(addr, body).await.0 == 201).then_some(())
    })
    .await;
    assert!(db.exists());
}

/// Writes 200 random bytes over the start of the page holding the list of tables (the root
/// page of `tables`): SQLite still opens the file, but the list cannot be read.
fn garble_the_list_of_tables(db: &Path) {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.execute_batch("PRAGMA wal_checkpoint(TRUNCATE);")
        .unwrap();
    let page_size: i64 = conn
        .query_row("PRAGMA page_size", [], |r| r.get(0))
        .unwrap();
    let root: i64 = conn
        .query_row(
            "SELECT rootpage FROM sqlite_master WHERE type = 'table' AND name = 'tables'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    drop(conn);
    let mut bytes = std::fs::read(db).unwrap();
    let start = ((root - 1) * page_size) as usize;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    for b in &mut bytes[start..start + 200] {
        *b = rng.gen();
    }
    std::fs::write(db, bytes).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_damaged_database_file_takes_no_new_table() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("test.sqlite");
    stored(
        &db,
        vec![json!({"game": "big-boss", "seats": ["human", "human"]}); 3],
    );
    garble_the_list_of_tables(&db);
    let server = Server::bind(settings(&db))
        .await
        .expect("SQLite opens the file");
    let addr = server.addr;
    let _task = server.spawn();
    let s = stats(addr).await;
    assert_eq!(s["storage"], "damaged", "{s}");
    let reason = s["damaged"][0]["reason"].as_str().unwrap();
    assert!(
        reason.contains("cannot be read") && reason.contains("malformed"),
        "{s}"
    );
    let (status, refused) = create(
        addr,
        &json!({"game": "big-boss", "seats": ["human", "random"]}),
    )
    .await;
    assert_eq!(status, 503, "{refused}");
    let message = refused["error"].as_str().unwrap();
    assert!(
        message.contains("database file is damaged")
            && message.contains("malformed")
            && message.contains("boardroom db check"),
        "{message}"
    );
    let conn = rusqlite::Connection::open(&db).unwrap();
    let seats: i64 = conn
        .query_row("SELECT count(*) FROM seats", [], |r| r.get(0))
        .unwrap();
    assert_eq!(seats, 6, "nothing was written into the damaged file");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_damaged_private_table_is_counted_not_named_in_the_public_stats() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("test.sqlite");
    let seats = json!(["human", "human"]);
    let tables = stored(
        &db,
        vec![
            json!({"game": "big-boss", "seats": seats, "private": true}),
            json!({"game": "big-boss", "seats": seats, "private": true}),
            json!({"game": "big-boss", "seats": seats}),
        ],
    );
    let id = |i: usize| tables[i]["id"].as_str().unwrap().to_string();
    {
        let conn = rusqlite::Connection::open(&db).unwrap();
        // A private table whose configuration cannot be read (it fails to replay), a private
        // one whose row cannot be read, and a public one that fails to replay.
        for (i, sql) in [
            (0, "UPDATE tables SET config = 'nonsense' WHERE id = ?1"),
            (1, "UPDATE tables SET created = 'yesterday' WHERE id = ?1"),
            (2, "UPDATE tables SET config = 'nonsense' WHERE id = ?1"),
        ] {
            conn.execute(sql, [id(i)]).unwrap();
        }
    }
    let server = Server::bind(settings(&db)).await.unwrap();
    let addr = server.addr;
    let lobby = server.lobby.clone();
    let _task = server.spawn();
    let s = stats(addr).await;
    let text = s.to_string();
    assert!(!text.contains(&id(0)) && !text.contains(&id(1)), "{text}");
    assert_eq!(s["damaged"].as_array().unwrap().len(), 1, "{s}");
    assert_eq!(s["damaged"][0]["id"], id(2).as_str());
    assert_eq!(s["damaged_private"], 2, "{s}");
    assert_eq!(s["storage"], "ok", "damaged rows are no damage to the file");
    // The operator sees every one: the server's own list, and the check of the file.
    assert_eq!(lobby.damaged().len(), 3);
    let checked =
        boardroom_server::lobby::check(&boardroom_server::db::Db::open_read_only(&db).unwrap())
            .await
            .unwrap();
    for i in 0..3 {
        let c = checked.iter().find(|c| c.id == id(i)).unwrap();
        assert!(c.damaged.is_some(), "{c:?}");
    }
}
