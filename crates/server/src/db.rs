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

//!
//! This file is the handle to the database thread and how a request reaches it. Beside it: the
//! rows as stored and read (`rows`), the schema and its migrations (`schema`), opening the file
//! (`open`), the thread itself (`thread`), and the requests the server makes (`tables`).

use anyhow::Result;
use rusqlite::Connection;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc as std_mpsc;
use std::sync::Arc;
use tokio::sync::{oneshot, watch};

mod addresses;
mod open;
mod rows;
mod schema;
mod tables;
mod thread;

pub use open::file_problem;
pub use rows::{ActionRow, DamageScope, Damaged, FinishedRow, SeatRow, Stored, TableRow};

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

impl Db {
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
}
