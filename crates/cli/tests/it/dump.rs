//! `boardroom db dump` and `boardroom db restore`: a database with tables in play and
//! finished, actions, a chat line, an open seat and a "your turn" address moves from SQLite to
//! PostgreSQL and back (with the tests' PostgreSQL; SQLite to SQLite without it), with two
//! accounts (a session, a seat, an address, a block and a report) and a rated game's ratings
//! and their history (the `rated` mark of its table with them), every row
//! kept and every table replaying to the same record; a non-empty target, a file cut short and
//! a newer format are refused.

use crate::common::{boardroom, serve};
use crate::site::fresh_database;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

/// Fills the SQLite database `db` through a server: a finished rated bot game (with its
/// ratings), a table in play with a person's action, a chat line and an open seat; then a
/// "your turn" address.
async fn fill(db: &Path) {
    let server = serve(db);
    let http = reqwest::Client::new();
    let post = |body: Value| {
        http.post(format!("{}/api/tables", server.url))
            .json(&body)
            .send()
    };
    let bots: Value = post(json!({
        "edition": "classic",
        "seats": ["random", "heuristic", "random"],
        "rated": true
    }))
    .await
    .unwrap()
    .json()
    .await
    .unwrap();
    let people: Value = post(json!({
        "edition": "classic",
        "seats": ["human", "human", "random"],
        "open_seats": [1]
    }))
    .await
    .unwrap()
    .json()
    .await
    .unwrap();
    let link = people["seats"][0]["link"].as_str().unwrap();
    let mut ws = crate::common::connect(&server.url, link).await;
    ws.send(Message::text(
        json!({"type": "chat", "text": "kept in the dump"}).to_string(),
    ))
    .await
    .unwrap();
    // The chat line comes back once stored.
    loop {
        let m = tokio::time::timeout(Duration::from_secs(20), ws.next())
            .await
            .expect("the chat line within 20 s")
            .unwrap()
            .unwrap();
        if let Message::Text(t) = m {
            if serde_json::from_str::<Value>(t.as_str()).unwrap()["type"] == "chat" {
                break;
            }
        }
    }
    // The bots' game plays to its end.
    let id = bots["id"].as_str().unwrap();
    for _ in 0..600 {
        let s: Value = http
            .get(format!("{}/api/tables/{id}", server.url))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        if s["over"] == true {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    drop(ws);
    drop(server);
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.execute(
        "INSERT INTO notify (table_id, seat, email) VALUES (?1, 0, 'ann@example.org')",
        [people["id"].as_str().unwrap()],
    )
    .unwrap();
    // Two accounts: one signed in, sitting at the people's table, with an address, a block,
    // a passkey and a report of the chat line.
    let table = people["id"].as_str().unwrap();
    conn.execute_batch(&format!(
        "INSERT INTO accounts (id, email, name, name_key, created) VALUES \
             (1, 'ann@example.org', 'Ann', 'ann', 1), (2, 'bo@example.org', 'Bo', 'bo', 2);
         INSERT INTO sessions (hash, account, created, expires) VALUES ('h1', 1, 1, 9999999999999);
         INSERT INTO seat_accounts (table_id, seat, account, state, since) \
             VALUES ('{table}', 0, 1, 'claimed', 3);
         INSERT INTO account_notify (account, game, email) VALUES (1, '*', 'ann@example.org');
         INSERT INTO blocks (account, blocked, since) VALUES (1, 2, 4);
         INSERT INTO reports (id, reporter, table_id, chat_idx, reported, text, at) \
             VALUES (1, 2, '{table}', 0, 1, 'kept in the dump', 5);
         INSERT INTO passkeys (id, account, user_handle, name, credential, created, last_used) \
             VALUES ('0a0b0c', 1, '6f1c2a4e-0d3b-4c7e-9a52-3e8b1f0d9c11', 'Laptop', '{{}}', 6, 7);"
    ))
    .unwrap();
    let finished: i64 = conn
        .query_row("SELECT count(*) FROM finished", [], |r| r.get(0))
        .unwrap();
    assert_eq!(finished, 1, "the bots' game finished");
    let rated: i64 = conn
        .query_row("SELECT count(*) FROM tables WHERE rated = 1", [], |r| {
            r.get(0)
        })
        .unwrap();
    assert_eq!(rated, 1, "the bots' table is rated");
}

/// The rows of a dump by table, each as sorted JSON text, SQLite's 0/1 read as booleans where
/// the other side wrote booleans (`bools`: the columns that are booleans).
fn rows(file: &Path) -> BTreeMap<String, Vec<String>> {
    const BOOLS: &[&str] = &[
        "expired", "hints", "private", "undone", "claimed", "rated", "won",
    ];
    let text = std::fs::read_to_string(file).unwrap();
    let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for line in text.lines().skip(1) {
        let v: Value = serde_json::from_str(line).unwrap();
        let Some(table) = v["table"].as_str() else {
            continue;
        };
        let mut row = v["row"].as_object().unwrap().clone();
        for c in BOOLS {
            if let Some(n) = row.get(*c).and_then(Value::as_i64) {
                row.insert(c.to_string(), Value::Bool(n != 0));
            }
        }
        let sorted: BTreeMap<_, _> = row.into_iter().collect();
        out.entry(table.to_string())
            .or_default()
            .push(serde_json::to_string(&sorted).unwrap());
    }
    out
}

/// Every table's record as `boardroom db check --export` writes it.
fn records(db: &Path, dir: &Path) -> BTreeMap<String, String> {
    boardroom()
        .args(["db", "check", "--db"])
        .arg(db)
        .arg("--export")
        .arg(dir)
        .assert()
        .success();
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let p = e.unwrap().path();
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read_to_string(&p).unwrap(),
            )
        })
        .collect()
}

fn run(args: &[&str], db: &str) -> std::process::Output {
    boardroom()
        .args(["db"])
        .args(args)
        .args(["--db", db])
        .output()
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_moves_from_sqlite_to_postgres_and_back_whole() {
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("source.sqlite");
    fill(&source).await;
    let first = dir.path().join("first.dump");
    let out = run(&["dump", first.to_str().unwrap()], source.to_str().unwrap());
    assert!(out.status.success(), "{out:?}");
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("2  tables replayed"), "{said}");

    // Through PostgreSQL when the tests have one, else through a second SQLite file.
    let middle = match fresh_database().await {
        Some(url) => url,
        None => dir
            .path()
            .join("middle.sqlite")
            .to_string_lossy()
            .into_owned(),
    };
    let out = run(&["restore", first.to_str().unwrap()], &middle);
    assert!(out.status.success(), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("2  tables replayed"));
    // A database that holds tables already is not restored into.
    let out = run(&["restore", first.to_str().unwrap()], &middle);
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("restore into an empty database"),
        "{out:?}"
    );
    let second = dir.path().join("second.dump");
    let out = run(&["dump", second.to_str().unwrap()], &middle);
    assert!(out.status.success(), "{out:?}");

    // And back into a new SQLite file.
    let back = dir.path().join("back.sqlite");
    let out = run(
        &["restore", second.to_str().unwrap()],
        back.to_str().unwrap(),
    );
    assert!(out.status.success(), "{out:?}");
    let third = dir.path().join("third.dump");
    let out = run(&["dump", third.to_str().unwrap()], back.to_str().unwrap());
    assert!(out.status.success(), "{out:?}");

    // Every row of every table, through both moves.
    let (r1, r2, r3) = (rows(&first), rows(&second), rows(&third));
    for table in [
        "tables",
        "seats",
        "open_seats",
        "actions",
        "chat",
        "finished",
        "notify",
        "accounts",
        "sessions",
        "seat_accounts",
        "account_notify",
        "blocks",
        "reports",
        "passkeys",
        "rated_games",
        "ratings",
        "rating_history",
    ] {
        assert!(
            !r1.get(table).is_none_or(Vec::is_empty),
            "the source has rows in {table}"
        );
    }
    assert_eq!(r1, r2, "the same rows after the first move");
    assert_eq!(r1, r3, "the same rows after the second move");
    assert_eq!(
        std::fs::read_to_string(&first).unwrap(),
        std::fs::read_to_string(&third).unwrap(),
        "SQLite to SQLite through the other database: the same dump, byte for byte"
    );
    // Every table replays to the same record.
    assert_eq!(
        records(&source, &dir.path().join("r1")),
        records(&back, &dir.path().join("r3"))
    );
}

#[test]
fn a_dump_cut_short_or_of_a_newer_format_is_refused_and_restores_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("t.sqlite");
    let target = target.to_str().unwrap();
    let cut = dir.path().join("cut.dump");
    std::fs::write(
        &cut,
        "{\"format\":\"boardroom-dump\",\"version\":1,\"tables\":[]}\n\
         {\"table\":\"tables\",\"row\":{\"id\":\"x\"}}\n",
    )
    .unwrap();
    let out = run(&["restore", cut.to_str().unwrap()], target);
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("cut short"),
        "{out:?}"
    );
    let newer = dir.path().join("newer.dump");
    std::fs::write(
        &newer,
        "{\"format\":\"boardroom-dump\",\"version\":99,\"tables\":[]}\n{\"end\":{\"rows\":0}}\n",
    )
    .unwrap();
    let out = run(&["restore", newer.to_str().unwrap()], target);
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("with a newer version"),
        "{out:?}"
    );
    let unknown = dir.path().join("unknown.dump");
    std::fs::write(
        &unknown,
        "{\"format\":\"boardroom-dump\",\"version\":1,\"tables\":[]}\n\
         {\"table\":\"trophies\",\"row\":{}}\n{\"end\":{\"rows\":1}}\n",
    )
    .unwrap();
    let out = run(&["restore", unknown.to_str().unwrap()], target);
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("table `trophies`"),
        "{out:?}"
    );
    // A row with no columns is named, not passed to the database as broken SQL.
    let empty = dir.path().join("empty-row.dump");
    std::fs::write(
        &empty,
        "{\"format\":\"boardroom-dump\",\"version\":1,\"tables\":[]}\n\
         {\"table\":\"chat\",\"row\":{}}\n{\"end\":{\"rows\":1}}\n",
    )
    .unwrap();
    let out = run(&["restore", empty.to_str().unwrap()], target);
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("line 2: a row of `chat` with no columns"),
        "{out:?}"
    );
}
