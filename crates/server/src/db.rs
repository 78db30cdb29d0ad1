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
use rusqlite::{params, Connection};
use std::path::Path;
use std::sync::mpsc as std_mpsc;
use tokio::sync::oneshot;

/// One seat of a stored table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRow {
    /// `human` or a bot level (`random`, `easy`, `normal`, `hard`).
    pub kind: String,
    /// The seat's secret token (128 random bits, hex).
    pub token: String,
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
}

/// One stored action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionRow {
    /// The acting seat.
    pub seat: usize,
    /// The action in the game's notation.
    pub action: String,
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

impl Db {
    /// Opens (creating when missing) the database at `path`, or an in-memory database for
    /// `:memory:`, and starts its thread.
    pub fn open(path: &Path) -> Result<Db> {
        let mut conn = Connection::open(path)
            .with_context(|| format!("cannot open database {}", path.display()))?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        conn.execute_batch(SCHEMA)
            .context("cannot create the database schema")?;
        let (tx, rx) = std_mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("boardroom-db".into())
            .spawn(move || {
                while let Ok(first) = rx.recv() {
                    let mut group = vec![first];
                    while group.len() < GROUP {
                        match rx.try_recv() {
                            Ok(job) => group.push(job),
                            Err(_) => break,
                        }
                    }
                    let began = conn.execute_batch("BEGIN IMMEDIATE").is_ok();
                    let finishers: Vec<Finish> = group
                        .into_iter()
                        .map(|job| job(began.then_some(&mut conn)))
                        .collect();
                    let committed = began && conn.execute_batch("COMMIT").is_ok();
                    if !committed {
                        tracing::error!("a database commit failed; its requests are refused");
                        let _ = conn.execute_batch("ROLLBACK");
                    }
                    for finish in finishers {
                        finish(committed);
                    }
                }
            })
            .context("cannot start the database thread")?;
        Ok(Db { jobs: tx })
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
                    "the database could not begin a transaction"
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
                "INSERT INTO tables (id, game, config, seed, created, rematch_of) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![
                    row.id,
                    row.game,
                    row.config,
                    row.seed as i64,
                    row.created,
                    row.rematch_of
                ],
            )?;
            for (i, s) in row.seats.iter().enumerate() {
                tx.execute(
                    "INSERT INTO seats (table_id, seat, kind, token) VALUES (?1, ?2, ?3, ?4)",
                    params![row.id, i as i64, s.kind, s.token],
                )?;
            }
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
        self.call(move |conn| {
            conn.execute(
                "INSERT INTO actions (table_id, idx, seat, action) VALUES (?1, ?2, ?3, ?4)",
                params![table, idx as i64, seat as i64, action],
            )?;
            Ok(())
        })
        .await
    }

    /// Every stored table, oldest first.
    pub async fn load_tables(&self) -> Result<Vec<TableRow>> {
        self.call(|conn| {
            let mut stmt = conn.prepare(
                "SELECT id, game, config, seed, created, rematch_of, rematch FROM tables \
                 ORDER BY created, id",
            )?;
            let mut tables = stmt
                .query_map([], |r| {
                    Ok(TableRow {
                        id: r.get(0)?,
                        game: r.get(1)?,
                        config: r.get(2)?,
                        seed: r.get::<_, i64>(3)? as u64,
                        created: r.get(4)?,
                        seats: Vec::new(),
                        rematch_of: r.get(5)?,
                        rematch: r.get(6)?,
                    })
                })?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            let mut seats =
                conn.prepare("SELECT kind, token FROM seats WHERE table_id = ?1 ORDER BY seat")?;
            for t in &mut tables {
                t.seats = seats
                    .query_map([&t.id], |r| {
                        Ok(SeatRow {
                            kind: r.get(0)?,
                            token: r.get(1)?,
                        })
                    })?
                    .collect::<rusqlite::Result<Vec<_>>>()?;
            }
            Ok(tables)
        })
        .await
    }

    /// The actions of table `table`, in order.
    pub async fn load_actions(&self, table: String) -> Result<Vec<ActionRow>> {
        self.call(move |conn| {
            let mut stmt =
                conn.prepare("SELECT seat, action FROM actions WHERE table_id = ?1 ORDER BY idx")?;
            let rows = stmt
                .query_map([&table], |r| {
                    Ok(ActionRow {
                        seat: r.get::<_, i64>(0)? as usize,
                        action: r.get(1)?,
                    })
                })?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            Ok(rows)
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
        let tables = db.load_tables().await.unwrap();
        assert_eq!(tables.len(), 1);
        assert_eq!(tables[0].seed, u64::MAX - 3, "seeds keep all 64 bits");
        assert_eq!(tables[0].seats[1].kind, "random");
    }
}
