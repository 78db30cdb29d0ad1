//! PostgreSQL's schema and its migrations: numbered steps, each run once, in order, in one
//! transaction holding an advisory lock, so instances starting together migrate once.

use anyhow::{Context, Result};
use tokio_postgres::Client;

/// The migrations, in order: the schema after step `n` is the one version `n` of the server
/// reads. A later version appends steps and never edits one.
const MIGRATIONS: &[&str] = &[
    "
CREATE TABLE tables (
    id            TEXT PRIMARY KEY,
    game          TEXT NOT NULL,
    config        TEXT NOT NULL,
    seed          BIGINT NOT NULL,
    created       BIGINT NOT NULL,
    rematch_of    TEXT,
    rematch       TEXT,
    expired       BOOLEAN NOT NULL DEFAULT FALSE,
    timer_percent INTEGER NOT NULL DEFAULT 100,
    hints         BOOLEAN NOT NULL DEFAULT FALSE,
    private       BOOLEAN NOT NULL DEFAULT FALSE,
    bot_speed     TEXT,
    rules         INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE seats (
    table_id    TEXT NOT NULL REFERENCES tables(id),
    seat        INTEGER NOT NULL,
    kind        TEXT NOT NULL,
    token       TEXT NOT NULL UNIQUE,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE actions (
    table_id    TEXT NOT NULL REFERENCES tables(id),
    idx         INTEGER NOT NULL,
    seat        INTEGER NOT NULL,
    action      TEXT NOT NULL,
    undone      BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (table_id, idx)
);
CREATE TABLE chat (
    table_id    TEXT NOT NULL REFERENCES tables(id),
    idx         BIGINT NOT NULL,
    seat        INTEGER,
    name        TEXT NOT NULL,
    text        TEXT NOT NULL,
    at          BIGINT NOT NULL,
    PRIMARY KEY (table_id, idx)
);
CREATE TABLE open_seats (
    table_id    TEXT NOT NULL REFERENCES tables(id),
    seat        INTEGER NOT NULL,
    claimed     BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE finished (
    table_id    TEXT PRIMARY KEY REFERENCES tables(id),
    finished    BIGINT NOT NULL,
    summary     TEXT NOT NULL
);
CREATE INDEX finished_by_time ON finished (finished);
",
    "
CREATE TABLE notify (
    table_id    TEXT NOT NULL REFERENCES tables(id),
    seat        INTEGER NOT NULL,
    email       TEXT,
    webhook     TEXT,
    PRIMARY KEY (table_id, seat)
);
",
    "
CREATE TABLE leases (
    table_id    TEXT PRIMARY KEY REFERENCES tables(id),
    holder      TEXT NOT NULL,
    address     TEXT NOT NULL,
    expires     BIGINT NOT NULL
);
",
    "
ALTER TABLE tables ADD COLUMN clock TEXT;
ALTER TABLE actions ADD COLUMN played_by TEXT;
",
    "
CREATE TABLE listed (
    table_id    TEXT PRIMARY KEY REFERENCES tables(id),
    created     BIGINT NOT NULL,
    summary     TEXT NOT NULL,
    holder      TEXT NOT NULL
);
",
    // When each action was played (milliseconds since the epoch; null for the actions stored
    // before): the seats' clocks are rebuilt from it when a table is loaded.
    "
ALTER TABLE actions ADD COLUMN at BIGINT;
",
    // The instances serving the database, each until its last beat expires: where tables are
    // passed on a hand-over, and how many tables each should hold.
    "
CREATE TABLE instances (
    id          TEXT PRIMARY KEY,
    address     TEXT NOT NULL,
    expires     BIGINT NOT NULL
);
",
];

/// The advisory lock migrations hold (any number; the same for every instance).
const MIGRATION_LOCK: i64 = 0x626f_6172_6472_6f6d;

/// The schema version this build reads.
pub(super) fn latest() -> i64 {
    MIGRATIONS.len() as i64
}

/// Brings the database up to [`latest`]: the steps it lacks, in one transaction. Fails when
/// the database was migrated by a later version of the server (its schema is not known here).
pub(super) async fn migrate(client: &mut Client) -> Result<()> {
    let tx = client.transaction().await?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
        .await?;
    tx.batch_execute("CREATE TABLE IF NOT EXISTS boardroom_schema (version BIGINT NOT NULL)")
        .await?;
    let version: Option<i64> = tx
        .query_opt("SELECT max(version) FROM boardroom_schema", &[])
        .await?
        .and_then(|r| r.get(0));
    let version = version.unwrap_or(0);
    anyhow::ensure!(
        version <= latest(),
        "the database's schema is version {version}, made by a later version of the server \
         (this one reads up to version {})",
        latest()
    );
    for (n, step) in MIGRATIONS.iter().enumerate().skip(version as usize) {
        tx.batch_execute(step)
            .await
            .with_context(|| format!("schema migration {}", n + 1))?;
        tx.execute(
            "INSERT INTO boardroom_schema (version) VALUES ($1)",
            &[&(n as i64 + 1)],
        )
        .await?;
    }
    tx.commit().await?;
    Ok(())
}

/// The schema version the database holds (0: none).
pub(super) async fn version(client: &Client) -> Result<i64> {
    let row = client
        .query_one("SELECT max(version) FROM boardroom_schema", &[])
        .await?;
    Ok(row.get::<_, Option<i64>>(0).unwrap_or(0))
}
