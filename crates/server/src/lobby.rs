//! The lobby: every table of the server, creating tables, rematches, and rebuilding all tables
//! from the database on start.
//!
//! This file holds the tables in memory and what the lobby shows of them. Beside it: what is
//! asked of the lobby and what it answers (`request`), creating tables and rematches
//! (`create`), bringing stored tables back (`restore`), the sweeper (`sweep`), claiming an
//! open seat (`claim`), invitations to seats (`invite`), replaying a stored table (`replay`), `boardroom db check` (`check`)
//! and sharing a database with other instances (`hosting`).

use crate::bots;
use crate::db::{DamageScope, Damaged, Db};
use crate::table::{self, Summary, TableHandle};
use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::sync::RwLock;
use tokio::sync::Mutex;

mod check;
mod claim;
mod create;
mod handover;
mod hosting;
pub mod invite;
mod listed;
mod ready;
mod replay;
mod request;
mod restore;
mod sweep;

pub use check::{check, TableCheck};
pub use handover::MOVE_WAIT;
pub use hosting::{Hosting, Located, LEASE_TTL, RENEW_EVERY};
pub use ready::READY_WAIT;
pub use request::{
    new_token, Claimed, CreateTable, Created, CreatedSeat, InviteSeat, LobbyError, Missing,
    TableExtras, MAX_TABLES, MAX_TIMER_PERCENT,
};

/// Every table of the server.
pub struct Lobby {
    tables: RwLock<HashMap<String, TableHandle>>,
    db: Db,
    settings: table::TableSettings,
    rematch_lock: Mutex<()>,
    /// One table brought back from the database at a time (so never twice).
    loading: Mutex<()>,
    /// Stored tables that cannot be served, with the reason.
    damaged: RwLock<Vec<Damaged>>,
    /// What is wrong with the database file, when the list of tables cannot be read: no table
    /// is created into it.
    file_damage: RwLock<Option<String>>,
    /// This instance among others serving the same database (`None`: it serves it alone).
    hosting: Option<Hosting>,
    /// The lobby's list shared with the other instances (with hosting).
    listed: Mutex<listed::Shared>,
    /// Whether the last round renewed this instance's leases (with hosting).
    leases_renewed: AtomicBool,
    /// Whether this instance is stopping (`/readyz` fails): it takes no table, and hands over
    /// those it has.
    draining: AtomicBool,
    /// The tables asked to move to another instance at the start of their next turn.
    moving: std::sync::Mutex<std::collections::HashSet<String>>,
}

impl Lobby {
    /// The database.
    pub fn db(&self) -> &Db {
        &self.db
    }

    /// Stored tables that cannot be served, with the reason (private ones too: for the
    /// operator).
    pub fn damaged(&self) -> Vec<Damaged> {
        self.damaged.read().expect("damaged lock").clone()
    }

    /// What anyone may be told of the damaged tables: those known to be public (and damage to
    /// the file itself), and how many others there are. A private table's identifier opens its
    /// spectator link, so it stays with the operator (the log, `boardroom db check`).
    pub fn damaged_public(&self) -> (Vec<Damaged>, usize) {
        let (private, public): (Vec<Damaged>, Vec<Damaged>) = self
            .damaged()
            .into_iter()
            .partition(|d| d.scope == DamageScope::Private);
        (public, private.len())
    }

    /// The state of storage, in one word: `ok`, `unavailable` (the database cannot be written
    /// now; play resumes when it can) or `damaged` (the file is damaged: no table is created).
    pub fn storage(&self) -> &'static str {
        if self.file_damage.read().expect("file damage lock").is_some() {
            "damaged"
        } else if self.db.writable() {
            "ok"
        } else {
            "unavailable"
        }
    }

    /// What tells people away from their table that it is their turn.
    pub fn notifier(&self) -> &crate::notify::Notifier {
        &self.settings.notifier
    }

    /// The settings of a table: the server's, its bots at the table's own pace if it has one.
    fn table_settings(&self, extras: &TableExtras) -> table::TableSettings {
        let mut settings = self.settings.clone();
        if let Some(speed) = extras.bot_speed.as_deref() {
            match bots::BotSpeed::parse(speed) {
                Ok(speed) => settings.bot_delay = speed.delay(),
                // Checked when the table was created: a table stored by a version that knew
                // other speeds goes on at the server's pace.
                Err(e) => tracing::warn!("{e}; the server's pace is used"),
            }
        }
        settings
    }

    fn insert(&self, id: String, handle: TableHandle) {
        self.tables.write().expect("tables lock").insert(id, handle);
    }

    /// The number of tables.
    pub fn len(&self) -> usize {
        self.tables.read().expect("tables lock").len()
    }

    /// This instance's id (on every log line about a table; its leases' holder on a shared
    /// PostgreSQL).
    pub fn instance(&self) -> &str {
        &self.settings.instance
    }

    /// Each table's game and whether it is over (for the metrics).
    pub fn games(&self) -> Vec<(String, bool)> {
        self.tables
            .read()
            .expect("tables lock")
            .values()
            .map(|h| {
                let s = h.summary.lock().unwrap_or_else(|e| e.into_inner());
                (s.game.clone(), s.over)
            })
            .collect()
    }

    /// Hints being worked out or waiting, server-wide.
    pub fn hints_queued(&self) -> usize {
        self.settings.hints.queued()
    }

    /// Whether there are no tables.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The table `id`, if it exists.
    pub fn get(&self, id: &str) -> Option<TableHandle> {
        self.tables.read().expect("tables lock").get(id).cloned()
    }

    /// The most recent tables still being played, newest first (at most `limit`); finished
    /// ones are listed apart (`GET /api/tables/finished`).
    pub fn list(&self, limit: usize) -> Vec<Summary> {
        let mut all: Vec<Summary> = self
            .tables
            .read()
            .expect("tables lock")
            .values()
            .map(|h| h.summary.lock().expect("summary lock").clone().now())
            .filter(|s| !s.private)
            .filter(|s| !s.over)
            .collect();
        all.sort_by(|a, b| b.created.cmp(&a.created).then(a.id.cmp(&b.id)));
        all.truncate(limit);
        all
    }
}

/// What is wrong with the database file, for a refusal shown to anyone: SQLite's words for it
/// (the detail, which may name pages or rows, stays in the log).
fn file_problem_words(reason: &str) -> String {
    let reason = reason.to_ascii_lowercase();
    if reason.contains("not a database") {
        "the file is not a SQLite database".into()
    } else if reason.contains("malformed") || reason.contains("corrupt") {
        "the database disk image is malformed".into()
    } else {
        "the list of tables cannot be read".into()
    }
}

/// Writes what the lobby shows of a table's extras into its summary (before it is listed).
fn mark(handle: &TableHandle, extras: &TableExtras) {
    let mut summary = handle.summary.lock().expect("summary lock");
    summary.private = extras.private;
    summary.bot_speed = extras.bot_speed.clone();
    summary.open_seats = extras.open_seats.clone();
}
