//! The PostgreSQL of the tests: the test command starts one (`scripts/pg.sh`) and names it in
//! `BOARDROOM_TEST_PG_URL`; each test gets a database of its own on it. Without the variable
//! the PostgreSQL tests are skipped, unless `BOARDROOM_PG_TESTS=require` (the test command's
//! setting) makes that a failure.

use std::path::PathBuf;

/// The server's PostgreSQL, if the tests have one (panics when it is required and missing).
pub fn server_url() -> Option<String> {
    match std::env::var("BOARDROOM_TEST_PG_URL") {
        Ok(url) if !url.is_empty() => Some(url),
        _ => {
            assert_ne!(
                std::env::var("BOARDROOM_PG_TESTS").as_deref(),
                Ok("require"),
                "BOARDROOM_PG_TESTS=require but BOARDROOM_TEST_PG_URL names no PostgreSQL"
            );
            eprintln!("skipped: BOARDROOM_TEST_PG_URL names no PostgreSQL (scripts/pg.sh start)");
            None
        }
    }
}

/// `url` naming database `name` instead of its own.
pub fn with_database(url: &str, name: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((b, q)) => (b, format!("?{q}")),
        None => (url, String::new()),
    };
    let start = base.find("://").map_or(0, |i| i + 3);
    let host_end = base[start..].find('/').map_or(base.len(), |i| start + i);
    format!("{}/{name}{query}", &base[..host_end])
}

/// Connects to `url` (the connection is driven by a task of its own).
pub async fn client(url: &str) -> tokio_postgres::Client {
    let (client, conn) = tokio_postgres::connect(url, tokio_postgres::NoTls)
        .await
        .expect("the test PostgreSQL answers");
    tokio::spawn(conn);
    client
}

/// A fresh, empty database on the tests' PostgreSQL: its URL; `None` when the tests have no
/// PostgreSQL.
pub async fn fresh() -> Option<String> {
    let url = server_url()?;
    let name = format!("boardroom_t_{:016x}", rand::random::<u64>());
    client(&url)
        .await
        .batch_execute(&format!("CREATE DATABASE {name}"))
        .await
        .expect("a test database is created");
    Some(with_database(&url, &name))
}

/// Cuts database `url` off (`reachable: false`: its connections are ended and new ones
/// refused, as when PostgreSQL goes away) or lets it be reached again.
pub async fn set_reachable(url: &str, reachable: bool) {
    let name = url
        .split('?')
        .next()
        .and_then(|b| b.rsplit('/').next())
        .expect("a database name")
        .to_string();
    let admin = client(&server_url().expect("a PostgreSQL")).await;
    admin
        .batch_execute(&format!(
            "ALTER DATABASE {name} WITH ALLOW_CONNECTIONS {reachable}"
        ))
        .await
        .unwrap();
    if !reachable {
        admin
            .execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1",
                &[&name],
            )
            .await
            .unwrap();
    }
}

/// The storages every storage test runs on: a SQLite file (in a folder that lives as long as
/// the returned guard) and, when the tests have one, a fresh PostgreSQL database.
pub async fn backends() -> Vec<(&'static str, PathBuf, Option<tempfile::TempDir>)> {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("t.sqlite");
    let mut out = vec![("sqlite", file, Some(dir))];
    if let Some(url) = fresh().await {
        out.push(("postgres", PathBuf::from(url), None));
    }
    out
}

/// Opens the storage `spec` names (a SQLite file or a PostgreSQL URL) as the server does.
pub async fn open(spec: &std::path::Path) -> boardroom_server::db::Db {
    let s = spec.to_string_lossy();
    if boardroom_server::db::is_postgres_url(&s) {
        boardroom_server::db::Db::connect(&s).await.unwrap()
    } else {
        boardroom_server::db::Db::open(spec).unwrap()
    }
}
