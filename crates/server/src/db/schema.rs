//! The database's schema: every table the server stores, and the migrations that bring a
//! database made by an earlier version up to date.

use anyhow::{Context, Result};
use rusqlite::Connection;

pub(super) const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS tables (
    id          TEXT PRIMARY KEY,
    game        TEXT NOT NULL,
    config      TEXT NOT NULL,
    seed        INTEGER NOT NULL,
    created     INTEGER NOT NULL,
    rematch_of  TEXT,
    rematch     TEXT
);
CREATE TABLE IF NOT EXISTS seats (
    table_id    TEXT NOT NULL REFERENCES tables(id),
    seat        INTEGER NOT NULL,
    kind        TEXT NOT NULL,
    token       TEXT NOT NULL UNIQUE,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    table_id    TEXT NOT NULL REFERENCES tables(id),
    idx         INTEGER NOT NULL,
    seat        INTEGER NOT NULL,
    action      TEXT NOT NULL,
    PRIMARY KEY (table_id, idx)
);
";

/// The chat lines of every table.
const CHAT_SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS chat (
    table_id    TEXT NOT NULL REFERENCES tables(id),
    idx         INTEGER NOT NULL,
    seat        INTEGER,
    name        TEXT NOT NULL,
    text        TEXT NOT NULL,
    at          INTEGER NOT NULL,
    PRIMARY KEY (table_id, idx)
);
";

/// The open seats of every table: `claimed` turns 1 when someone took the seat.
const OPEN_SEATS_SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS open_seats (
    table_id    TEXT NOT NULL REFERENCES tables(id),
    seat        INTEGER NOT NULL,
    claimed     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, seat)
);
";

/// Where each seat's person asked to be told it is their turn (see `crate::notify`): private
/// to that seat, a row only while an address is left.
const NOTIFY_SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS notify (
    table_id    TEXT NOT NULL REFERENCES tables(id),
    seat        INTEGER NOT NULL,
    email       TEXT,
    webhook     TEXT,
    lang        TEXT,
    PRIMARY KEY (table_id, seat)
);
";

/// Which instance holds each live table, where it is reached, and until when (milliseconds
/// since the epoch): see `leases.rs`.
const LEASES_SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS leases (
    table_id    TEXT PRIMARY KEY REFERENCES tables(id),
    holder      TEXT NOT NULL,
    address     TEXT NOT NULL,
    expires     INTEGER NOT NULL
);
";

/// Accounts (see `crate::accounts`): people with a name that lasts, the e-mailed sign-in links
/// and sessions (both stored as SHA-256 hashes of their tokens), which seats each account holds
/// or is invited to, its "your turn" addresses, the people it blocks and the chat lines it
/// reported. Times are milliseconds since the epoch; a deleted account keeps its row (its games
/// stay) with its e-mail and name cleared.
pub(super) const ACCOUNTS_SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS accounts (
    id          INTEGER PRIMARY KEY,
    email       TEXT UNIQUE,
    name        TEXT,
    name_key    TEXT UNIQUE,
    created     INTEGER NOT NULL,
    deleted     INTEGER,
    suspended   INTEGER,
    lang        TEXT
);
CREATE TABLE IF NOT EXISTS signin_links (
    hash        TEXT PRIMARY KEY,
    email       TEXT NOT NULL,
    created     INTEGER NOT NULL,
    expires     INTEGER NOT NULL,
    used        INTEGER
);
CREATE INDEX IF NOT EXISTS signin_links_by_email ON signin_links (email, created);
CREATE TABLE IF NOT EXISTS sessions (
    hash        TEXT PRIMARY KEY,
    account     INTEGER NOT NULL REFERENCES accounts(id),
    created     INTEGER NOT NULL,
    expires     INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_by_account ON sessions (account);
CREATE TABLE IF NOT EXISTS seat_accounts (
    table_id    TEXT NOT NULL REFERENCES tables(id),
    seat        INTEGER NOT NULL,
    account     INTEGER NOT NULL REFERENCES accounts(id),
    state       TEXT NOT NULL,
    invited_by  INTEGER REFERENCES accounts(id),
    since       INTEGER NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE INDEX IF NOT EXISTS seat_accounts_by_account ON seat_accounts (account);
CREATE TABLE IF NOT EXISTS account_notify (
    account     INTEGER NOT NULL REFERENCES accounts(id),
    game        TEXT NOT NULL,
    email       TEXT,
    webhook     TEXT,
    PRIMARY KEY (account, game)
);
CREATE TABLE IF NOT EXISTS blocks (
    account     INTEGER NOT NULL REFERENCES accounts(id),
    blocked     INTEGER NOT NULL REFERENCES accounts(id),
    since       INTEGER NOT NULL,
    PRIMARY KEY (account, blocked)
);
CREATE TABLE IF NOT EXISTS reports (
    id          INTEGER PRIMARY KEY,
    reporter    INTEGER NOT NULL REFERENCES accounts(id),
    table_id    TEXT NOT NULL,
    chat_idx    INTEGER NOT NULL,
    reported    INTEGER REFERENCES accounts(id),
    text        TEXT NOT NULL,
    at          INTEGER NOT NULL,
    UNIQUE (reporter, table_id, chat_idx)
);
";

/// The columns a `tables` row is read from (see [`read_table`]); a database from before
/// expiry (opened read-only, so not migrated) has no `expired` column: nothing expired.
pub(super) fn table_columns(conn: &Connection) -> String {
    // A column a database of an earlier version lacks reads as its default.
    let column = |name: &'static str, default: &'static str| {
        if conn
            .prepare(&format!("SELECT {name} FROM tables LIMIT 0"))
            .is_ok()
        {
            name
        } else {
            default
        }
    };
    format!(
        "id, game, config, seed, created, rematch_of, rematch, {}, {}, {}, {}",
        column("expired", "0"),
        column("timer_percent", "100"),
        column("hints", "0"),
        column("rules", "1")
    )
}

/// Adds the columns later versions introduced to a database made by an earlier one.
pub(super) fn migrate(conn: &Connection) -> Result<()> {
    if conn.prepare("SELECT expired FROM tables LIMIT 0").is_err() {
        conn.execute_batch("ALTER TABLE tables ADD COLUMN expired INTEGER NOT NULL DEFAULT 0")
            .context("cannot add the `expired` column")?;
    }
    if conn
        .prepare("SELECT timer_percent FROM tables LIMIT 0")
        .is_err()
    {
        conn.execute_batch(
            "ALTER TABLE tables ADD COLUMN timer_percent INTEGER NOT NULL DEFAULT 100",
        )
        .context("cannot add the `timer_percent` column")?;
    }
    if conn.prepare("SELECT hints FROM tables LIMIT 0").is_err() {
        conn.execute_batch("ALTER TABLE tables ADD COLUMN hints INTEGER NOT NULL DEFAULT 0")
            .context("cannot add the `hints` column")?;
    }
    if conn.prepare("SELECT private FROM tables LIMIT 0").is_err() {
        conn.execute_batch(
            "ALTER TABLE tables ADD COLUMN private INTEGER NOT NULL DEFAULT 0; \
             ALTER TABLE tables ADD COLUMN bot_speed TEXT",
        )
        .context("cannot add the `private` and `bot_speed` columns")?;
    }
    // Every table stored before revisions were kept was played under the first.
    if conn.prepare("SELECT rules FROM tables LIMIT 0").is_err() {
        conn.execute_batch("ALTER TABLE tables ADD COLUMN rules INTEGER NOT NULL DEFAULT 1")
            .context("cannot add the `rules` column")?;
    }
    if conn.prepare("SELECT rated FROM tables LIMIT 0").is_err() {
        conn.execute_batch("ALTER TABLE tables ADD COLUMN rated INTEGER NOT NULL DEFAULT 0")
            .context("cannot add the `rated` column")?;
    }
    conn.execute_batch(super::ratings::RATINGS_SCHEMA)
        .context("cannot create the ratings tables")?;
    migrate_clocks(conn)?;
    conn.execute_batch(CHAT_SCHEMA)
        .context("cannot create the chat table")?;
    // The writer's account of each chat line, so that the people who block them are not
    // shown it.
    if conn.prepare("SELECT account FROM chat LIMIT 0").is_err() {
        conn.execute_batch("ALTER TABLE chat ADD COLUMN account INTEGER")
            .context("cannot add the chat's `account` column")?;
    }
    conn.execute_batch(OPEN_SEATS_SCHEMA)
        .context("cannot create the open seats table")?;
    conn.execute_batch(NOTIFY_SCHEMA)
        .context("cannot create the notify table")?;
    // The language of a seat's messages (null, as for the rows stored before: English).
    if conn.prepare("SELECT lang FROM notify LIMIT 0").is_err() {
        conn.execute_batch("ALTER TABLE notify ADD COLUMN lang TEXT")
            .context("cannot add the notify table's `lang` column")?;
    }
    conn.execute_batch(LEASES_SCHEMA)
        .context("cannot create the leases table")?;
    conn.execute_batch(ACCOUNTS_SCHEMA)
        .context("cannot create the accounts' tables")?;
    conn.execute_batch(super::passkeys::PASSKEYS_SCHEMA)
        .context("cannot create the passkeys' tables")?;
    if conn.prepare("SELECT lang FROM accounts LIMIT 0").is_err() {
        conn.execute_batch("ALTER TABLE accounts ADD COLUMN lang TEXT")
            .context("cannot add the accounts' `lang` column")?;
    }
    migrate_history(conn)
}

/// The clocks' part of the schema: a table's clock and stand-in (`tables.clock`, JSON; null:
/// no clock), who played each action for its seat (`actions.played_by`: null for its player,
/// `clock` or `standin` in their place), and when (`actions.at`).
fn migrate_clocks(conn: &Connection) -> Result<()> {
    if conn.prepare("SELECT clock FROM tables LIMIT 0").is_err() {
        conn.execute_batch("ALTER TABLE tables ADD COLUMN clock TEXT")
            .context("cannot add the `clock` column")?;
    }
    if !has_by_column(conn) {
        conn.execute_batch("ALTER TABLE actions ADD COLUMN played_by TEXT")
            .context("cannot add the `played_by` column")?;
    }
    // When each action was played (milliseconds since the epoch; null for the actions stored
    // before): the seats' clocks are rebuilt from it when a table is loaded.
    if !has_at_column(conn) {
        conn.execute_batch("ALTER TABLE actions ADD COLUMN at INTEGER")
            .context("cannot add the `at` column")?;
    }
    Ok(())
}

/// Whether the `actions` table has the `at` column (a database opened read-only from before
/// the clocks were kept across restarts has not).
pub(super) fn has_at_column(conn: &Connection) -> bool {
    conn.prepare("SELECT at FROM actions LIMIT 0").is_ok()
}

/// Whether the `actions` table has the `played_by` column (a database opened read-only from before
/// clocks has not).
pub(super) fn has_by_column(conn: &Connection) -> bool {
    conn.prepare("SELECT played_by FROM actions LIMIT 0")
        .is_ok()
}

/// The history's part of the schema: actions taken back stay stored, marked `undone`; finished
/// games are remembered with their winners.
fn migrate_history(conn: &Connection) -> Result<()> {
    if !has_undone_column(conn) {
        conn.execute_batch("ALTER TABLE actions ADD COLUMN undone INTEGER NOT NULL DEFAULT 0")
            .context("cannot add the `undone` column")?;
    }
    conn.execute_batch(
        "CREATE TABLE IF NOT EXISTS finished (
            table_id    TEXT PRIMARY KEY REFERENCES tables(id),
            finished    INTEGER NOT NULL,
            summary     TEXT NOT NULL
        );
        CREATE INDEX IF NOT EXISTS finished_by_time ON finished (finished);",
    )
    .context("cannot create the `finished` table")?;
    Ok(())
}

/// Whether the `actions` table has the `undone` column (a database opened read-only from
/// before undo has not).
pub(super) fn has_undone_column(conn: &Connection) -> bool {
    conn.prepare("SELECT undone FROM actions LIMIT 0").is_ok()
}
