//! The database thread: it owns the connection, runs every request in its own savepoint,
//! commits them in groups, and, while the file cannot be written, retries opening it.

use super::open::{file_problem, open_for_reading, open_writable, OpenFailure};
use super::{Db, Finish, Job, Sqlite, GROUP};
use anyhow::Result;
use rusqlite::Connection;
use std::path::Path;
use std::sync::mpsc as std_mpsc;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::watch;

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
        Db::over(Arc::new(Sqlite { jobs: tx }), health_rx)
    }
}
