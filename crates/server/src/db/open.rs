//! Opening the database file: for writing (the pragmas, the schema and its migrations), or
//! for reading only, and telling a file that may be written later from a damaged one.

use super::schema::{migrate, SCHEMA};
use anyhow::{Context, Result};
use rusqlite::{Connection, OpenFlags};
use std::path::Path;

/// Why the database could not be opened for writing.
pub(super) enum OpenFailure {
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
pub(super) fn open_writable(path: &Path) -> std::result::Result<Connection, OpenFailure> {
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
pub(super) fn open_for_reading(path: &Path) -> Result<Connection> {
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
