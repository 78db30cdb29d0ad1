//! The rows the database holds, as the server reads them: every column read as a SQLite
//! value and checked (its type, its UTF-8), so a bad row damages its own table and no other.

use boardroom_engine::{By, RecordedAction, CLOCK};
use rusqlite::types::ValueRef;
use rusqlite::{params, Connection, Row};

/// One seat of a stored table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRow {
    /// `human` or a bot level (`random`, `easy`, `normal`, `hard`).
    pub kind: String,
    /// The seat's secret token (128 random bits, hex).
    pub token: String,
}

/// How the clock's actions are stored in the `seat` column.
pub(super) const CLOCK_SEAT: i64 = -1;

/// The `seat` column of an action by `seat` (the clock is -1).
pub(super) fn stored_seat(seat: usize) -> i64 {
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
    /// The game's id in the registry (`boardroom_registry::IDS`).
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
    /// The table's clock and stand-in as JSON ([`crate::clocks::ClockSettings`]); `None`: no
    /// clock.
    pub clock: Option<String>,
    /// Whether the game's end moves its players' ratings (see [`crate::ratings`]).
    pub rated: bool,
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
    /// Who played it for the seat (the `played_by` column: null for its player, `clock` or
    /// `standin` in their place).
    pub by: By,
    /// When it was played, in milliseconds since the Unix epoch (the `at` column); `None`
    /// for an action stored before times were kept. Not part of the game: only the seats'
    /// clocks are rebuilt from it (see `table/resume.rs`).
    pub at: Option<i64>,
}

impl ActionRow {
    /// The action as the game's record holds it (its time left out).
    pub fn recorded(&self) -> RecordedAction {
        RecordedAction {
            seat: self.seat,
            action: self.action.clone(),
            undone: self.undone,
            by: self.by,
        }
    }
}

/// The columns of an `actions` row as a backend read them, each with its own type already
/// checked; [`action_row`] checks what they say, the same way for both backends.
pub(super) struct ActionColumns {
    /// `idx`.
    pub idx: i64,
    /// `seat` (the clock is [`CLOCK_SEAT`]).
    pub seat: i64,
    /// `action`.
    pub action: String,
    /// `undone`.
    pub undone: bool,
    /// `played_by`.
    pub played_by: Option<String>,
    /// `at`.
    pub at: Option<i64>,
}

/// Stored action number `n` of a table, from its columns (or why they could not be read): an
/// error names the action and what is wrong (a gap in the numbering, a bad seat, an unknown
/// `played_by`, a negative time).
pub(super) fn action_row(
    n: usize,
    columns: std::result::Result<ActionColumns, String>,
) -> anyhow::Result<ActionRow> {
    let read = || -> std::result::Result<ActionRow, String> {
        let c = columns?;
        if c.idx != n as i64 {
            return Err(format!("expected action {n}, found number {}", c.idx));
        }
        let seat = if c.seat == CLOCK_SEAT {
            CLOCK
        } else {
            usize::try_from(c.seat).map_err(|_| format!("seat {} is not a seat", c.seat))?
        };
        let by = By::from_word(c.played_by.as_deref()).ok_or_else(|| {
            format!(
                "`played_by` is `{}`",
                c.played_by.clone().unwrap_or_default()
            )
        })?;
        if let Some(at) = c.at.filter(|&at| at < 0) {
            return Err(format!("`at` is {at}, before 1970"));
        }
        Ok(ActionRow {
            seat,
            action: c.action,
            undone: c.undone,
            by,
            at: c.at,
        })
    };
    read().map_err(|e| anyhow::anyhow!("stored action {n}: {e}"))
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
    /// Each seat's place for its rating and whether it won ([`crate::ratings::places`]):
    /// what a rated table's ratings move by.
    #[serde(skip)]
    pub places: Vec<(usize, bool)>,
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
    Table(Box<TableRow>),
    /// A table that expired (never started, unvisited).
    Expired,
    /// A table whose row cannot be read.
    Damaged(String),
}

/// Whether table `id` is private and the pace of its bots; a database from before these
/// columns (opened read-only, so not migrated) has public tables at the server's pace.
pub(super) fn table_extras(
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

/// Whether table `id` is rated (no table is in a database from before ratings).
fn table_rated(conn: &Connection, id: &str) -> std::result::Result<bool, String> {
    let Ok(mut stmt) = conn.prepare_cached("SELECT rated FROM tables WHERE id = ?1") else {
        return Ok(false);
    };
    let mut rows = stmt.query([id]).map_err(|e| format!("rated: {e}"))?;
    match rows.next().map_err(|e| format!("rated: {e}"))? {
        Some(r) => Ok(int(r, 0, "rated")? != 0),
        None => Ok(false),
    }
}

/// The stored clock of table `id` (none in a database from before clocks).
fn table_clock(conn: &Connection, id: &str) -> std::result::Result<Option<String>, String> {
    let Ok(mut stmt) = conn.prepare_cached("SELECT clock FROM tables WHERE id = ?1") else {
        return Ok(None);
    };
    let mut rows = stmt.query([id]).map_err(|e| format!("clock: {e}"))?;
    match rows.next().map_err(|e| format!("clock: {e}"))? {
        Some(r) => opt_text(r, 0, "clock"),
        None => Ok(None),
    }
}

/// Column `i` (named `name`) as text, checked to be UTF-8.
pub(super) fn text(r: &Row, i: usize, name: &str) -> std::result::Result<String, String> {
    opt_text(r, i, name)?.ok_or_else(|| format!("`{name}` is missing"))
}

/// Column `i` (named `name`) as text or null.
pub(super) fn opt_text(
    r: &Row,
    i: usize,
    name: &str,
) -> std::result::Result<Option<String>, String> {
    match r.get_ref(i).map_err(|e| format!("`{name}`: {e}"))? {
        ValueRef::Null => Ok(None),
        ValueRef::Text(b) => std::str::from_utf8(b)
            .map(|t| Some(t.to_string()))
            .map_err(|e| format!("`{name}` is not valid UTF-8 ({e})")),
        other => Err(format!("`{name}` is {:?}, not text", other.data_type())),
    }
}

/// Column `i` (named `name`) as an integer.
pub(super) fn int(r: &Row, i: usize, name: &str) -> std::result::Result<i64, String> {
    match r.get_ref(i).map_err(|e| format!("`{name}`: {e}"))? {
        ValueRef::Integer(n) => Ok(n),
        other => Err(format!(
            "`{name}` is {:?}, not an integer",
            other.data_type()
        )),
    }
}

/// Column `i` (named `name`) as an integer or null.
pub(super) fn opt_int(r: &Row, i: usize, name: &str) -> std::result::Result<Option<i64>, String> {
    match r.get_ref(i).map_err(|e| format!("`{name}`: {e}"))? {
        ValueRef::Null => Ok(None),
        _ => int(r, i, name).map(Some),
    }
}

/// The identifier of a `tables` row, however damaged (for reports).
pub(super) fn row_id(r: &Row) -> String {
    match r.get_ref(0) {
        Ok(ValueRef::Text(b)) => String::from_utf8_lossy(b).chars().take(64).collect(),
        Ok(other) => format!("{other:?}").chars().take(64).collect(),
        Err(e) => format!("unreadable id: {e}"),
    }
}

/// A `tables` row selected with [`table_columns`], its seats read too: the table, expired,
/// or the reason it cannot be read.
pub(super) fn read_table(conn: &Connection, r: &Row) -> Stored {
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
            clock: None,
            rated: table_rated(conn, &id)?,
            id,
        };
        (row.private, row.bot_speed) = table_extras(conn, &row.id)?;
        row.clock = table_clock(conn, &row.id)?;
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
        Ok(Some(row)) => Stored::Table(Box::new(row)),
        Ok(None) => Stored::Expired,
        Err(reason) => Stored::Damaged(reason),
    }
}

/// Stores the open seats of a new table (inside its creation's transaction).
pub(super) fn insert_open(conn: &Connection, table: &str, open: &[usize]) -> rusqlite::Result<()> {
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
pub(super) fn unclaimed(conn: &Connection, table: &str) -> std::result::Result<Vec<usize>, String> {
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
