//! Persistence in SQLite: each table's config, seed, seats and every accepted action.
//!
//! A game is its config, its seed and its actions, so that is all that is stored; on start the
//! server rebuilds every table by replaying its actions. All database work runs on one
//! dedicated thread (SQLite connections are not shared across threads); async callers send it
//! closures and await the answer, so the async runtime never blocks on disk.
//!
//! Writes are committed with `synchronous = FULL` (the commit is on disk when it returns) and the
//! caller awaits the commit before it acknowledges anything: an action that any player has seen
//! survives a crash of the process or of the machine. To keep that cheap under load, the thread
//! commits in groups: it takes every request waiting, runs each in its own savepoint (so one
//! failing request undoes only itself), commits them together, and only then answers them.

use anyhow::{Context, Result};
use boardroom_engine::CLOCK;
use rusqlite::types::ValueRef;
use rusqlite::{params, Connection, OpenFlags, Row};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc as std_mpsc;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{oneshot, watch};

/// One seat of a stored table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRow {
    /// `human` or a bot level (`random`, `easy`, `normal`, `hard`).
    pub kind: String,
    /// The seat's secret token (128 random bits, hex).
    pub token: String,
}

/// How the clock's actions are stored in the `seat` column.
const CLOCK_SEAT: i64 = -1;

/// The `seat` column of an action by `seat` (the clock is -1).
fn stored_seat(seat: usize) -> i64 {
    if seat == CLOCK {
        CLOCK_SEAT
    } else {
        seat as i64
    }
}

/// One stored table: everything needed to rebuild it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableRow {
    /// The table's public identifier.
    pub id: String,
    /// The game's id in the registry (`boardroom_games::IDS`).
    pub game: String,
    /// The game's configuration as JSON.
    pub config: String,
    /// The seed that set the game up. Never sent to any client.
    pub seed: u64,
    /// Creation time, seconds since the Unix epoch.
    pub created: i64,
    /// The seats in order.
    pub seats: Vec<SeatRow>,
    /// The table this one is a rematch of, if any.
    pub rematch_of: Option<String>,
    /// The rematch table created from this one, if any.
    pub rematch: Option<String>,
    /// The table's clock in percent of the game's timers (100: as the game says; 0: no
    /// timers).
    pub timer_percent: u32,
    /// Whether the table is left out of the lobby's list (reachable by its links only).
    pub private: bool,
    /// The pace of the table's bots (`slow`, `normal`, `fast`); `None`: the server's default.
    pub bot_speed: Option<String>,
    /// The person seats its creator opened to anyone in the lobby and nobody has claimed yet.
    pub open_seats: Vec<usize>,
    /// Whether the table's creator allowed hints for every seat (without it, only a person
    /// playing against bots alone may ask).
    pub hints: bool,
    /// The rules revision of its game the table was played under (`Game::RULES_REVISION` when
    /// it was created; 1 for tables stored before revisions were kept). A table of a revision
    /// the game no longer replays is served as an archive (see ARCHITECTURE.md, *Rules
    /// revisions*).
    pub rules: u32,
}

/// One stored action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionRow {
    /// The acting seat; [`CLOCK`] for a timeout of the table's clock (stored as seat -1).
    pub seat: usize,
    /// The action in the game's notation.
    pub action: String,
    /// Whether its player took it back (kept, marked; replays skip it).
    pub undone: bool,
}

/// A finished game, as the lobby's list of recently finished tables shows it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct FinishedRow {
    /// The table's identifier.
    pub id: String,
    /// The game's id.
    pub game: String,
    /// The game's title.
    pub title: String,
    /// The rule set or variant.
    pub edition: String,
    /// When the game ended (seconds since the Unix epoch).
    pub finished: i64,
    /// The winners' names.
    pub winners: Vec<String>,
    /// Actions played (not counting those taken back).
    pub actions: usize,
}

/// Reports whether the group holding a request was committed.
type Finish = Box<dyn FnOnce(bool) + Send>;
/// A request: run on the connection inside the group's transaction, or (`None`: the
/// transaction could not begin) refused without touching the database.
type Job = Box<dyn FnOnce(Option<&mut Connection>) -> Finish + Send>;

/// The most requests committed together.
const GROUP: usize = 512;

/// A handle to the database thread. Cheap to clone.
#[derive(Clone)]
pub struct Db {
    jobs: std_mpsc::Sender<Job>,
    faults: Arc<Faults>,
    /// Whether the database can be written (see [`Db::open_or_wait`]).
    health: watch::Receiver<bool>,
}

/// A simulated disk failure (for tests of how the server lives through one).
#[derive(Default)]
struct Faults {
    /// Whether storing actions fails.
    fail_actions: AtomicBool,
    /// Actions refused while failing.
    refused: AtomicU64,
}

/// A stored table that cannot be served, and why.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Damaged {
    /// The table's identifier (as far as it can be read).
    pub id: String,
    /// What is wrong with it.
    pub reason: String,
    /// What the damage concerns: who may be told of it.
    #[serde(skip)]
    pub scope: DamageScope,
}

/// What a [`Damaged`] entry concerns. A private table's identifier is the key to its
/// spectator link, so only the operator (the log, `boardroom db check`) sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DamageScope {
    /// One table, known to be public (listed in the lobby).
    Public,
    /// One table that is private, or whose privacy cannot be read (so treated as private).
    Private,
    /// The database file itself: the list of tables cannot be read (no table named).
    File,
}

/// What the database holds under a table identifier.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stored {
    /// A table to serve.
    Table(TableRow),
    /// A table that expired (never started, unvisited).
    Expired,
    /// A table whose row cannot be read.
    Damaged(String),
}

const SCHEMA: &str = "
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

/// The columns a `tables` row is read from (see [`read_table`]); a database from before
/// expiry (opened read-only, so not migrated) has no `expired` column: nothing expired.
fn table_columns(conn: &Connection) -> String {
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
fn migrate(conn: &Connection) -> Result<()> {
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
    conn.execute_batch(CHAT_SCHEMA)
        .context("cannot create the chat table")?;
    conn.execute_batch(OPEN_SEATS_SCHEMA)
        .context("cannot create the open seats table")?;
    migrate_history(conn)
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
fn has_undone_column(conn: &Connection) -> bool {
    conn.prepare("SELECT undone FROM actions LIMIT 0").is_ok()
}

/// Whether table `id` is private and the pace of its bots; a database from before these
/// columns (opened read-only, so not migrated) has public tables at the server's pace.
fn table_extras(
    conn: &Connection,
    id: &str,
) -> std::result::Result<(bool, Option<String>), String> {
    let Ok(mut stmt) = conn.prepare_cached("SELECT private, bot_speed FROM tables WHERE id = ?1")
    else {
        return Ok((false, None));
    };
    let mut rows = stmt.query([id]).map_err(|e| format!("settings: {e}"))?;
    match rows.next().map_err(|e| format!("settings: {e}"))? {
        Some(r) => Ok((int(r, 0, "private")? != 0, opt_text(r, 1, "bot_speed")?)),
        None => Ok((false, None)),
    }
}

/// Column `i` (named `name`) as text, checked to be UTF-8.
fn text(r: &Row, i: usize, name: &str) -> std::result::Result<String, String> {
    opt_text(r, i, name)?.ok_or_else(|| format!("`{name}` is missing"))
}

/// Column `i` (named `name`) as text or null.
fn opt_text(r: &Row, i: usize, name: &str) -> std::result::Result<Option<String>, String> {
    match r.get_ref(i).map_err(|e| format!("`{name}`: {e}"))? {
        ValueRef::Null => Ok(None),
        ValueRef::Text(b) => std::str::from_utf8(b)
            .map(|t| Some(t.to_string()))
            .map_err(|e| format!("`{name}` is not valid UTF-8 ({e})")),
        other => Err(format!("`{name}` is {:?}, not text", other.data_type())),
    }
}

/// Column `i` (named `name`) as an integer.
fn int(r: &Row, i: usize, name: &str) -> std::result::Result<i64, String> {
    match r.get_ref(i).map_err(|e| format!("`{name}`: {e}"))? {
        ValueRef::Integer(n) => Ok(n),
        other => Err(format!(
            "`{name}` is {:?}, not an integer",
            other.data_type()
        )),
    }
}

/// The identifier of a `tables` row, however damaged (for reports).
fn row_id(r: &Row) -> String {
    match r.get_ref(0) {
        Ok(ValueRef::Text(b)) => String::from_utf8_lossy(b).chars().take(64).collect(),
        Ok(other) => format!("{other:?}").chars().take(64).collect(),
        Err(e) => format!("unreadable id: {e}"),
    }
}

/// A `tables` row selected with [`table_columns`], its seats read too: the table, expired,
/// or the reason it cannot be read.
fn read_table(conn: &Connection, r: &Row) -> Stored {
    let read = || -> std::result::Result<Option<TableRow>, String> {
        if int(r, 7, "expired")? != 0 {
            return Ok(None);
        }
        let id = text(r, 0, "id")?;
        let mut row = TableRow {
            game: text(r, 1, "game")?,
            config: text(r, 2, "config")?,
            seed: int(r, 3, "seed")? as u64,
            created: int(r, 4, "created")?,
            seats: Vec::new(),
            rematch_of: opt_text(r, 5, "rematch_of")?,
            rematch: opt_text(r, 6, "rematch")?,
            timer_percent: u32::try_from(int(r, 8, "timer_percent")?)
                .map_err(|_| "`timer_percent` is negative or too large".to_string())?,
            private: false,
            bot_speed: None,
            open_seats: Vec::new(),
            hints: int(r, 9, "hints")? != 0,
            rules: u32::try_from(int(r, 10, "rules")?)
                .map_err(|_| "`rules` is negative or too large".to_string())?,
            id,
        };
        (row.private, row.bot_speed) = table_extras(conn, &row.id)?;
        row.open_seats = unclaimed(conn, &row.id)?;
        let mut stmt = conn
            .prepare_cached("SELECT kind, token FROM seats WHERE table_id = ?1 ORDER BY seat")
            .map_err(|e| format!("seats: {e}"))?;
        let mut rows = stmt.query([&row.id]).map_err(|e| format!("seats: {e}"))?;
        while let Some(s) = rows.next().map_err(|e| format!("seats: {e}"))? {
            row.seats.push(SeatRow {
                kind: text(s, 0, "seat kind")?,
                token: text(s, 1, "seat token")?,
            });
        }
        if row.seats.is_empty() {
            return Err("the table has no seats".into());
        }
        Ok(Some(row))
    };
    match read() {
        Ok(Some(row)) => Stored::Table(row),
        Ok(None) => Stored::Expired,
        Err(reason) => Stored::Damaged(reason),
    }
}

/// Stores the open seats of a new table (inside its creation's transaction).
fn insert_open(conn: &Connection, table: &str, open: &[usize]) -> rusqlite::Result<()> {
    for &seat in open {
        conn.execute(
            "INSERT INTO open_seats (table_id, seat) VALUES (?1, ?2)",
            params![table, seat as i64],
        )?;
    }
    Ok(())
}

/// The open seats of `table` nobody has claimed, in order. A database from before open seats
/// (opened read-only, so without the table) has none.
fn unclaimed(conn: &Connection, table: &str) -> std::result::Result<Vec<usize>, String> {
    let Ok(mut stmt) = conn.prepare_cached(
        "SELECT seat FROM open_seats WHERE table_id = ?1 AND claimed = 0 ORDER BY seat",
    ) else {
        return Ok(Vec::new());
    };
    let mut rows = stmt
        .query([table])
        .map_err(|e| format!("open seats: {e}"))?;
    let mut out = Vec::new();
    while let Some(r) = rows.next().map_err(|e| format!("open seats: {e}"))? {
        let seat: i64 = r.get(0).map_err(|e| format!("open seat: {e}"))?;
        out.push(usize::try_from(seat).map_err(|_| format!("open seat {seat} is not a seat"))?);
    }
    Ok(out)
}

/// Why the database could not be opened for writing.
enum OpenFailure {
    /// The file or its directory cannot be written now (read-only disk or file, permissions,
    /// another process holding a lock, a full disk): it may work later, so the server waits.
    Unavailable(anyhow::Error),
    /// Anything else (a file that is not a database, a damaged one): waiting will not help.
    Broken(anyhow::Error),
}

/// Whether an error opening the database is one that may pass once the disk or its permissions
/// change (as opposed to a damaged file).
fn passes_with_time(e: &anyhow::Error) -> bool {
    use rusqlite::ErrorCode as C;
    e.chain()
        .any(|c| match c.downcast_ref::<rusqlite::Error>() {
            Some(rusqlite::Error::SqliteFailure(f, _)) => matches!(
                f.code,
                C::ReadOnly
                    | C::CannotOpen
                    | C::PermissionDenied
                    | C::SystemIoFailure
                    | C::DiskFull
                    | C::DatabaseBusy
                    | C::DatabaseLocked
            ),
            _ => false,
        })
}

/// What is wrong with a database file, in words, when SQLite says it is not a database or is
/// damaged (`None` for other errors).
pub fn file_problem(e: &anyhow::Error) -> Option<&'static str> {
    use rusqlite::ErrorCode as C;
    e.chain()
        .find_map(|c| match c.downcast_ref::<rusqlite::Error>() {
            Some(rusqlite::Error::SqliteFailure(f, _)) => match f.code {
                C::NotADatabase => Some("the file is not a SQLite database"),
                C::DatabaseCorrupt => Some("the database disk image is malformed"),
                _ => None,
            },
            _ => None,
        })
}

/// Opens the database at `path` for writing: the pragmas, the schema and its migrations.
fn open_writable(path: &Path) -> std::result::Result<Connection, OpenFailure> {
    let opened = || -> Result<Connection> {
        let conn = Connection::open(path)?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        conn.execute_batch(SCHEMA)
            .context("cannot create the database schema")?;
        migrate(&conn)?;
        // SQLite opens a file it may not write read-only without a word, and every statement
        // above may still pass when the schema is already there: ask.
        if conn.is_readonly(rusqlite::MAIN_DB)? {
            return Err(rusqlite::Error::SqliteFailure(
                rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_READONLY),
                Some("the file or its directory cannot be written".into()),
            )
            .into());
        }
        Ok(conn)
    };
    opened()
        .with_context(|| format!("SQLite cannot open the database {}", path.display()))
        .map_err(|e| {
            if passes_with_time(&e) {
                OpenFailure::Unavailable(e)
            } else {
                OpenFailure::Broken(e)
            }
        })
}

/// Opens the database at `path` for reading only, checked to be a database.
fn open_for_reading(path: &Path) -> Result<Connection> {
    let checked = |conn: Connection| -> Result<Connection> {
        // Reading the schema is where SQLite notices a file that is not a database.
        conn.query_row("SELECT count(*) FROM sqlite_master", [], |r| {
            r.get::<_, i64>(0)
        })?;
        Ok(conn)
    };
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let first = Connection::open_with_flags(path, flags)
        .map_err(anyhow::Error::from)
        .and_then(checked);
    match first {
        Ok(conn) => Ok(conn),
        // Reading a database in WAL mode needs its shared-memory file beside it, which a
        // read-only directory cannot take. With no write-ahead log holding data, the file is
        // the whole database and, on a disk nobody can write, does not change: SQLite may read
        // it as immutable (without the log, never: what it holds would be missed).
        Err(e) if wal_is_empty(path) => {
            let uri = format!("file:{}?immutable=1", uri_path(path));
            Connection::open_with_flags(uri, flags | OpenFlags::SQLITE_OPEN_URI)
                .map_err(anyhow::Error::from)
                .and_then(checked)
                .map_err(|_| e)
        }
        Err(e) => Err(e),
    }
}

/// Whether the write-ahead log beside `path` is missing or empty.
fn wal_is_empty(path: &Path) -> bool {
    let mut wal = path.as_os_str().to_owned();
    wal.push("-wal");
    std::fs::metadata(&wal).map_or(true, |m| m.len() == 0)
}

/// `path` for a SQLite `file:` URI (the characters a URI gives a meaning escaped).
fn uri_path(path: &Path) -> String {
    let mut out = String::new();
    for c in path.to_string_lossy().chars() {
        match c {
            '%' | '?' | '#' => out.push_str(&format!("%{:02X}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// How the database thread waits for a database it cannot write (see
/// [`Db::open_or_wait`]).
struct Reopen {
    path: std::path::PathBuf,
    /// The pause before the next attempt (doubling up to `max`).
    delay: Duration,
    max: Duration,
    at: Instant,
    /// When the failure was last logged, and attempts since.
    logged: Instant,
    attempts: u64,
}

/// Failures to reopen are logged at most this often.
const REOPEN_LOG_EVERY: Duration = Duration::from_secs(60);

/// The database thread's side: the connection and whether it may write.
struct Store {
    /// `None`: the file cannot even be read; every request is refused.
    conn: Option<Connection>,
    /// Whether groups are written (`BEGIN IMMEDIATE`, a failed commit refuses the group) or
    /// only read (`BEGIN`, a commit that fails loses nothing).
    writable: bool,
    /// Set while waiting for the file to become writable.
    reopen: Option<Reopen>,
    /// Tells the handles whether the database may be written.
    health: watch::Sender<bool>,
}

impl Store {
    /// Tries once to open the file for writing; on success play resumes, otherwise the next
    /// attempt waits twice as long (and a read-only connection is tried, so what can be read
    /// is served meanwhile).
    fn try_reopen(&mut self) {
        let Some(r) = &mut self.reopen else {
            return;
        };
        r.attempts += 1;
        match open_writable(&r.path) {
            Ok(conn) => {
                tracing::info!(
                    db = %r.path.display(),
                    attempts = r.attempts,
                    "the database can be written again: storage is back, play resumes"
                );
                self.conn = Some(conn);
                self.writable = true;
                self.reopen = None;
                self.health.send_replace(true);
            }
            Err(OpenFailure::Unavailable(e) | OpenFailure::Broken(e)) => {
                if r.logged.elapsed() >= REOPEN_LOG_EVERY {
                    tracing::warn!(
                        db = %r.path.display(),
                        attempts = r.attempts,
                        "the database still cannot be written (retrying): {e:#}"
                    );
                    r.logged = Instant::now();
                }
                r.delay = (r.delay * 2).min(r.max);
                r.at = Instant::now() + r.delay;
                if self.conn.is_none() {
                    self.conn = open_for_reading(&r.path).ok();
                }
            }
        }
    }

    /// Runs one group of requests in one transaction and answers them.
    fn run(&mut self, group: Vec<Job>) {
        if self.reopen.as_ref().is_some_and(|r| Instant::now() >= r.at) {
            self.try_reopen();
        }
        let begin = if self.writable {
            "BEGIN IMMEDIATE"
        } else {
            "BEGIN"
        };
        let began = self
            .conn
            .as_mut()
            .is_some_and(|c| c.execute_batch(begin).is_ok());
        let changes = self.conn.as_ref().map_or(0, |c| c.total_changes());
        let finishers: Vec<Finish> = group
            .into_iter()
            .map(|job| job(if began { self.conn.as_mut() } else { None }))
            .collect();
        // A group that wrote nothing (reads only) loses nothing when its commit fails.
        let wrote = self.conn.as_ref().map_or(0, |c| c.total_changes()) != changes;
        let committed = began
            && match self.conn.as_mut().map(|c| c.execute_batch("COMMIT")) {
                Some(Ok(())) => true,
                Some(Err(e)) => {
                    if let Some(c) = &self.conn {
                        let _ = c.execute_batch("ROLLBACK");
                    }
                    if wrote {
                        tracing::error!("a database commit failed; its requests are refused: {e}");
                        false
                    } else {
                        // Nothing was written, so what was read stands (SQLite may already
                        // have ended the transaction after a read error: the requests that
                        // met it say so themselves).
                        true
                    }
                }
                None => false,
            };
        for finish in finishers {
            finish(committed);
        }
    }
}

impl Db {
    /// Opens (creating when missing) the database at `path`, or an in-memory database for
    /// `:memory:`, and starts its thread. Fails when the file cannot be written.
    pub fn open(path: &Path) -> Result<Db> {
        match open_writable(path) {
            Ok(conn) => Ok(Db::start(Some(conn), true, None)),
            Err(OpenFailure::Unavailable(e) | OpenFailure::Broken(e)) => Err(e),
        }
    }

    /// Opens the database at `path` like [`Db::open`], except that a file the server cannot
    /// write now (a read-only disk or file, a directory it may not write, a full disk) does not
    /// stop it: the database is then read only, if it can be (so stored tables are served and
    /// their links work), every write is refused, and the database thread tries to open it for
    /// writing again after `retry`, twice as long after each failure up to `retry_max`, until
    /// it works ([`Db::writable`], [`Db::wait_writable`]). A file that is not a database, or
    /// that SQLite finds damaged when opening it, still fails.
    pub fn open_or_wait(path: &Path, retry: Duration, retry_max: Duration) -> Result<Db> {
        match open_writable(path) {
            Ok(conn) => Ok(Db::start(Some(conn), true, None)),
            Err(OpenFailure::Broken(e)) => Err(e),
            Err(OpenFailure::Unavailable(e)) => {
                let conn = open_for_reading(path).ok();
                tracing::error!(
                    db = %path.display(),
                    readable = conn.is_some(),
                    "the database cannot be written; the server starts without storage, \
                     serves what it can read, refuses new tables and moves, and retries \
                     until the file can be written: {e:#}"
                );
                let reopen = Reopen {
                    path: path.to_path_buf(),
                    delay: retry,
                    max: retry_max.max(retry),
                    at: Instant::now() + retry,
                    logged: Instant::now(),
                    attempts: 0,
                };
                Ok(Db::start(conn, false, Some(reopen)))
            }
        }
    }

    /// Opens the database at `path` for reading only (to check it: nothing is written, not
    /// even the schema). The error says what is wrong with a file that is not a database or
    /// is damaged, naming it.
    pub fn open_read_only(path: &Path) -> Result<Db> {
        let conn = open_for_reading(path).map_err(|e| match file_problem(&e) {
            Some(problem) => e.context(format!("{}: {problem}", path.display())),
            None => e.context(format!(
                "SQLite cannot open the database {}",
                path.display()
            )),
        })?;
        Ok(Db::start(Some(conn), false, None))
    }

    /// Starts the database thread over `conn` (`None`: nothing can be read yet); each group of
    /// requests runs in one transaction, written when `writable`; `reopen` says how to wait for
    /// a database that cannot be written yet.
    fn start(conn: Option<Connection>, writable: bool, reopen: Option<Reopen>) -> Db {
        let (tx, rx) = std_mpsc::channel::<Job>();
        let (health, health_rx) = watch::channel(writable);
        let mut store = Store {
            conn,
            writable,
            reopen,
            health,
        };
        std::thread::Builder::new()
            .name("boardroom-db".into())
            .spawn(move || loop {
                // While the file cannot be written, wake up to try again even when idle, so
                // play resumes by itself.
                let first = match store.reopen.as_ref().map(|r| r.at) {
                    None => match rx.recv() {
                        Ok(job) => job,
                        Err(_) => return,
                    },
                    Some(at) => match rx.recv_timeout(at.saturating_duration_since(Instant::now()))
                    {
                        Ok(job) => job,
                        Err(std_mpsc::RecvTimeoutError::Timeout) => {
                            store.try_reopen();
                            continue;
                        }
                        Err(std_mpsc::RecvTimeoutError::Disconnected) => return,
                    },
                };
                let mut group = vec![first];
                while group.len() < GROUP {
                    match rx.try_recv() {
                        Ok(job) => group.push(job),
                        Err(_) => break,
                    }
                }
                store.run(group);
            })
            .expect("cannot start the database thread");
        Db {
            jobs: tx,
            faults: Arc::default(),
            health: health_rx,
        }
    }

    /// Whether the database can be written now (`false` while a server started on a file it
    /// cannot write waits for it: see [`Db::open_or_wait`]).
    pub fn writable(&self) -> bool {
        *self.health.borrow()
    }

    /// Returns once the database can be written (at once when it can).
    pub async fn wait_writable(&self) {
        let mut health = self.health.clone();
        let _ = health.wait_for(|w| *w).await;
    }

    /// Checks the file's structure (SQLite's `quick_check`): the problems found, at most
    /// `limit` (empty: none).
    pub async fn quick_check(&self, limit: usize) -> Result<Vec<String>> {
        self.call(move |conn| {
            let mut stmt = conn.prepare(&format!("PRAGMA quick_check({})", limit.max(1)))?;
            let lines = stmt
                .query_map([], |r| r.get::<_, String>(0))?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            Ok(lines.into_iter().filter(|l| l != "ok").collect())
        })
        .await
    }

    /// Makes storing actions fail (`true`) or work again (`false`), as a full or read-only
    /// disk would: for tests of how tables live through a storage failure.
    pub fn simulate_action_failures(&self, on: bool) {
        self.faults.fail_actions.store(on, Ordering::SeqCst);
    }

    /// Actions refused by [`Db::simulate_action_failures`] so far.
    pub fn simulated_refusals(&self) -> u64 {
        self.faults.refused.load(Ordering::SeqCst)
    }

    /// Runs `f` on the database thread, in its own savepoint of the current group, and returns
    /// its result once the group is committed.
    pub async fn call<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Connection) -> Result<T> + Send + 'static,
    ) -> Result<T> {
        let (tx, rx) = oneshot::channel();
        let job: Job = Box::new(move |conn: Option<&mut Connection>| {
            let result = match conn {
                None => Err(anyhow::anyhow!(
                    "the database cannot be read or written now (storage unavailable)"
                )),
                Some(conn) => conn
                    .savepoint()
                    .map_err(anyhow::Error::from)
                    .and_then(|sp| {
                        let value = f(&sp)?;
                        sp.commit()?;
                        Ok(value)
                    }),
            };
            Box::new(move |committed: bool| {
                let answer = match result {
                    Ok(_) if !committed => Err(anyhow::anyhow!("the database commit failed")),
                    other => other,
                };
                let _ = tx.send(answer);
            })
        });
        self.jobs
            .send(job)
            .map_err(|_| anyhow::anyhow!("the database thread has stopped"))?;
        rx.await
            .map_err(|_| anyhow::anyhow!("the database thread has stopped"))?
    }

    /// Stores a new table with its seats (all or nothing).
    pub async fn insert_table(&self, row: TableRow) -> Result<()> {
        self.call(move |tx| {
            tx.execute(
                "INSERT INTO tables (id, game, config, seed, created, rematch_of, timer_percent, \
                 private, bot_speed, hints, rules) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
                params![
                    row.id,
                    row.game,
                    row.config,
                    row.seed as i64,
                    row.created,
                    row.rematch_of,
                    row.timer_percent as i64,
                    row.private as i64,
                    row.bot_speed,
                    row.hints as i64,
                    row.rules as i64
                ],
            )?;
            for (i, s) in row.seats.iter().enumerate() {
                tx.execute(
                    "INSERT INTO seats (table_id, seat, kind, token) VALUES (?1, ?2, ?3, ?4)",
                    params![row.id, i as i64, s.kind, s.token],
                )?;
            }
            insert_open(tx, &row.id, &row.open_seats)?;
            if let Some(parent) = &row.rematch_of {
                tx.execute(
                    "UPDATE tables SET rematch = ?1 WHERE id = ?2",
                    params![row.id, parent],
                )?;
            }
            Ok(())
        })
        .await
    }

    /// Appends action number `idx` of table `table` (committed when this returns). Fails when
    /// an action with that number is already stored.
    pub async fn append_action(
        &self,
        table: String,
        idx: usize,
        seat: usize,
        action: String,
    ) -> Result<()> {
        if self.faults.fail_actions.load(Ordering::SeqCst) {
            self.faults.refused.fetch_add(1, Ordering::SeqCst);
            anyhow::bail!("attempt to write a readonly database (simulated)");
        }
        self.call(move |conn| {
            conn.execute(
                "INSERT INTO actions (table_id, idx, seat, action) VALUES (?1, ?2, ?3, ?4)",
                params![table, idx as i64, stored_seat(seat), action],
            )?;
            Ok(())
        })
        .await
    }

    /// Every stored table that has not expired, oldest first, and those whose rows cannot be
    /// read, with the reason. A damaged row never stops the others from loading.
    pub async fn load_tables(&self) -> Result<(Vec<TableRow>, Vec<Damaged>)> {
        self.call(|conn| {
            let mut stmt = conn.prepare(&format!(
                "SELECT {} FROM tables ORDER BY created, id",
                table_columns(conn)
            ))?;
            let mut rows = stmt.query([])?;
            let (mut tables, mut damaged) = (Vec::new(), Vec::new());
            loop {
                let r = match rows.next() {
                    Ok(Some(r)) => r,
                    Ok(None) => break,
                    Err(e) => {
                        // The rest of the table list cannot be read.
                        damaged.push(Damaged {
                            id: format!("(tables after {})", tables.len() + damaged.len()),
                            reason: format!("the list of tables cannot be read further: {e}"),
                            scope: DamageScope::File,
                        });
                        break;
                    }
                };
                match read_table(conn, r) {
                    Stored::Table(row) => tables.push(row),
                    Stored::Expired => {}
                    Stored::Damaged(reason) => {
                        let id = row_id(r);
                        let scope = match table_extras(conn, &id) {
                            Ok((false, _)) => DamageScope::Public,
                            _ => DamageScope::Private,
                        };
                        damaged.push(Damaged { id, reason, scope })
                    }
                }
            }
            Ok((tables, damaged))
        })
        .await
    }

    /// The table stored under `id`, if any.
    pub async fn load_table(&self, id: String) -> Result<Option<Stored>> {
        self.call(move |conn| {
            let mut stmt = conn.prepare(&format!(
                "SELECT {} FROM tables WHERE id = ?1",
                table_columns(conn)
            ))?;
            let mut rows = stmt.query([&id])?;
            Ok(rows.next()?.map(|r| read_table(conn, r)))
        })
        .await
    }

    /// Marks table `id` expired: it stays in the database, but is no longer served.
    pub async fn mark_expired(&self, id: String) -> Result<()> {
        self.call(move |conn| {
            conn.execute("UPDATE tables SET expired = 1 WHERE id = ?1", [&id])?;
            Ok(())
        })
        .await
    }

    /// The actions of table `table`, in order; an error names the first row that cannot be
    /// read (a gap in the numbering, a bad seat, text that is not UTF-8).
    pub async fn load_actions(&self, table: String) -> Result<Vec<ActionRow>> {
        self.call(move |conn| {
            let undone = if has_undone_column(conn) {
                "undone"
            } else {
                "0"
            };
            let mut stmt = conn.prepare(&format!(
                "SELECT idx, seat, action, {undone} FROM actions WHERE table_id = ?1 ORDER BY idx"
            ))?;
            let mut rows = stmt.query([&table])?;
            let mut out = Vec::new();
            while let Some(r) = rows.next()? {
                let n = out.len();
                let read = || -> std::result::Result<ActionRow, String> {
                    let idx = int(r, 0, "idx")?;
                    if idx != n as i64 {
                        return Err(format!("expected action {n}, found number {idx}"));
                    }
                    let seat = int(r, 1, "seat")?;
                    Ok(ActionRow {
                        seat: if seat == CLOCK_SEAT {
                            CLOCK
                        } else {
                            usize::try_from(seat)
                                .map_err(|_| format!("seat {seat} is not a seat"))?
                        },
                        action: text(r, 2, "action")?,
                        undone: int(r, 3, "undone")? != 0,
                    })
                };
                out.push(read().map_err(|e| anyhow::anyhow!("stored action {n}: {e}"))?);
            }
            Ok(out)
        })
        .await
    }
}

impl Db {
    /// Marks action `idx` of table `table` taken back (committed when this returns). Fails
    /// when there is no such action or it is already marked.
    pub async fn mark_undone(&self, table: String, idx: usize) -> Result<()> {
        if self.faults.fail_actions.load(Ordering::SeqCst) {
            self.faults.refused.fetch_add(1, Ordering::SeqCst);
            anyhow::bail!("attempt to write a readonly database (simulated)");
        }
        self.call(move |conn| {
            let n = conn.execute(
                "UPDATE actions SET undone = 1 WHERE table_id = ?1 AND idx = ?2 AND undone = 0",
                params![table, idx as i64],
            )?;
            anyhow::ensure!(n == 1, "action {idx} is not stored or already taken back");
            Ok(())
        })
        .await
    }

    /// Remembers that a game ended (once; a second call changes nothing).
    pub async fn store_finished(&self, row: FinishedRow) -> Result<()> {
        self.call(move |conn| {
            conn.execute(
                "INSERT OR IGNORE INTO finished (table_id, finished, summary) VALUES (?1, ?2, ?3)",
                params![row.id, row.finished, serde_json::to_string(&row)?],
            )?;
            Ok(())
        })
        .await
    }

    /// The ids of the tables listed as finished.
    pub async fn finished_ids(&self) -> Result<std::collections::HashSet<String>> {
        self.call(|conn| {
            let mut stmt = conn.prepare("SELECT table_id FROM finished")?;
            let ids = stmt
                .query_map([], |r| r.get::<_, String>(0))?
                .collect::<rusqlite::Result<_>>()?;
            Ok(ids)
        })
        .await
    }

    /// The most recently finished games, newest first (at most `limit`); rows that cannot be
    /// read are left out.
    pub async fn recently_finished(&self, limit: usize) -> Result<Vec<serde_json::Value>> {
        self.call(move |conn| {
            // Private tables stay unlisted once finished too. (A database from before the
            // `private` column, opened read-only and so not migrated, has no private tables.)
            let mut stmt = match conn.prepare(
                "SELECT f.summary FROM finished f JOIN tables t ON t.id = f.table_id \
                 WHERE t.private = 0 ORDER BY f.finished DESC, f.table_id LIMIT ?1",
            ) {
                Ok(stmt) => stmt,
                Err(_) => conn.prepare(
                    "SELECT summary FROM finished ORDER BY finished DESC, table_id LIMIT ?1",
                )?,
            };
            let rows = stmt.query_map([limit as i64], |r| r.get::<_, String>(0))?;
            Ok(rows
                .filter_map(|r| r.ok())
                .filter_map(|t| serde_json::from_str(&t).ok())
                .collect())
        })
        .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(id: &str) -> TableRow {
        TableRow {
            id: id.into(),
            game: boardroom_games::IDS[0].into(),
            config: r#"{"edition":"modern","players":2}"#.into(),
            seed: u64::MAX - 3,
            created: 1,
            seats: vec![
                SeatRow {
                    kind: "human".into(),
                    token: format!("{id}-a"),
                },
                SeatRow {
                    kind: "random".into(),
                    token: format!("{id}-b"),
                },
            ],
            rematch_of: None,
            rematch: None,
            timer_percent: 100,
            private: false,
            bot_speed: None,
            open_seats: Vec::new(),
            hints: false,
            rules: 1,
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_failing_request_does_not_undo_the_others_of_its_group() {
        let dir = tempfile::tempdir().unwrap();
        let db = Db::open(&dir.path().join("t.sqlite")).unwrap();
        db.insert_table(table("t1")).await.unwrap();
        // Many writes at once (so they share commits), one of them a duplicate index.
        let mut tasks = Vec::new();
        for i in 0..200usize {
            let db = db.clone();
            tasks.push(tokio::spawn(async move {
                db.append_action("t1".into(), i, i % 2, format!("a{i}"))
                    .await
            }));
        }
        let dup = {
            let db = db.clone();
            tokio::spawn(async move { db.append_action("t1".into(), 0, 0, "again".into()).await })
        };
        tasks.push(dup);
        let results: Vec<_> = futures_util::future::join_all(tasks).await;
        let refused = results.iter().filter(|r| !matches!(r, Ok(Ok(())))).count();
        assert_eq!(
            refused, 1,
            "exactly one of the two writes of index 0 is refused"
        );
        let stored = db.load_actions("t1".into()).await.unwrap();
        assert_eq!(stored.len(), 200);
        assert_eq!(stored[7].action, "a7");
        // A table whose seats break a constraint is stored not at all.
        let mut bad = table("t2");
        bad.seats[1].token = bad.seats[0].token.clone();
        assert!(db.insert_table(bad).await.is_err());
        let (tables, damaged) = db.load_tables().await.unwrap();
        assert!(damaged.is_empty());
        assert_eq!(tables.len(), 1);
        assert_eq!(tables[0].seed, u64::MAX - 3, "seeds keep all 64 bits");
        assert_eq!(tables[0].seats[1].kind, "random");
    }
}
