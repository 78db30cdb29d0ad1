//! Persistence: each table's config, seed, seats and every accepted action, in SQLite (one
//! file, the default) or PostgreSQL (a site of several instances), behind one interface
//! ([`Storage`]). What follows describes the SQLite backend; `pg` describes PostgreSQL's.
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
//! (`open`), the thread itself (`thread`), the storage interface (`store`), SQLite's answers to
//! it (`tables`), and the PostgreSQL backend (`pg`).

use anyhow::Result;
use boardroom_engine::By;
use rusqlite::Connection;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc as std_mpsc;
use std::sync::Arc;
use tokio::sync::{oneshot, watch};

mod account_data;
mod account_store;
mod accounts;
mod addresses;
pub mod dump;
mod leases;
mod open;
mod passkey_store;
mod passkeys;
mod pg;
mod ratings;
mod rows;
mod schema;
mod store;
mod tables;
mod thread;

pub use account_store::{
    Account, AccountId, AccountStore, FinishedSeat, MySeat, Redeemed, Report, SeatState, SeatTie,
    SentInvite, FORMER_PLAYER,
};
pub use open::file_problem;
pub use passkey_store::{
    Ceremony, FoundPasskey, NewPasskey, PasskeyAdded, PasskeyRow, PasskeyStore,
};
pub use pg::{hide_password, is_postgres_url};
pub use rows::{ActionRow, DamageScope, Damaged, FinishedRow, SeatRow, Stored, TableRow};
pub use store::{Lease, Peer, Storage};

/// Reports whether the group holding a request was committed.
type Finish = Box<dyn FnOnce(bool) + Send>;
/// A request: run on the connection inside the group's transaction, or (`None`: the
/// transaction could not begin) refused without touching the database.
type Job = Box<dyn FnOnce(Option<&mut Connection>) -> Finish + Send>;

/// The most requests committed together.
const GROUP: usize = 512;

/// A handle to the database, whichever backend holds it. Cheap to clone.
#[derive(Clone)]
pub struct Db {
    store: Arc<dyn Storage>,
    faults: Arc<Faults>,
    /// Whether the database can be written (see [`Db::open_or_wait`]).
    health: watch::Receiver<bool>,
    /// On a database several instances serve: grows whenever the lobby's shared list changed.
    changes: Option<watch::Receiver<u64>>,
    /// On a database several instances serve: grows whenever leases were passed between them.
    moves: Option<watch::Receiver<u64>>,
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

    /// A handle over `store`, writable as `health` says.
    fn over(store: Arc<dyn Storage>, health: watch::Receiver<bool>) -> Db {
        Db {
            store,
            faults: Arc::default(),
            health,
            changes: None,
            moves: None,
        }
    }

    /// Refuses a write while [`Db::simulate_action_failures`] is on.
    fn simulated_failure(&self) -> Result<()> {
        if self.faults.fail_actions.load(Ordering::SeqCst) {
            self.faults.refused.fetch_add(1, Ordering::SeqCst);
            anyhow::bail!("attempt to write a readonly database (simulated)");
        }
        Ok(())
    }

    /// Stores a new table with its seats (all or nothing).
    pub async fn insert_table(&self, row: TableRow) -> Result<()> {
        timed("insert_table", self.store.insert_table(row)).await
    }

    /// Appends action number `idx` of table `table`, played now (committed when this
    /// returns). Fails when an action with that number is already stored.
    pub async fn append_action(
        &self,
        table: String,
        idx: usize,
        seat: usize,
        action: String,
        by: By,
    ) -> Result<()> {
        let at = crate::time::now_ms();
        self.append_action_at(table, idx, seat, action, by, at)
            .await
    }

    /// Appends action number `idx` of table `table` as played at `at` (milliseconds since the
    /// Unix epoch), as [`Db::append_action`] does with the time now: for tools and tests that
    /// write a table's past.
    pub async fn append_action_at(
        &self,
        table: String,
        idx: usize,
        seat: usize,
        action: String,
        by: By,
        at: i64,
    ) -> Result<()> {
        self.simulated_failure()?;
        timed(
            "append_action",
            self.store.append_action(table, idx, seat, action, by, at),
        )
        .await
    }

    /// Every stored table that has not expired, oldest first, and those whose rows cannot be
    /// read, with the reason. A damaged row never stops the others from loading.
    pub async fn load_tables(&self) -> Result<(Vec<TableRow>, Vec<Damaged>)> {
        self.store.load_tables().await
    }

    /// The table stored under `id`, if any.
    pub async fn load_table(&self, id: String) -> Result<Option<Stored>> {
        self.store.load_table(id).await
    }

    /// Marks table `id` expired: it stays in the database, but is no longer served.
    pub async fn mark_expired(&self, id: String) -> Result<()> {
        self.store.mark_expired(id).await
    }

    /// The actions of table `table`, in order; an error names the first row that cannot be
    /// read (a gap in the numbering, a bad seat, text that is not UTF-8).
    pub async fn load_actions(&self, table: String) -> Result<Vec<ActionRow>> {
        self.store.load_actions(table).await
    }

    /// Marks action `idx` of table `table` taken back (committed when this returns). Fails
    /// when there is no such action or it is already marked.
    pub async fn mark_undone(&self, table: String, idx: usize) -> Result<()> {
        self.simulated_failure()?;
        timed("mark_undone", self.store.mark_undone(table, idx)).await
    }

    /// Remembers that a game ended (once; a second call changes nothing).
    pub async fn store_finished(&self, row: FinishedRow) -> Result<()> {
        self.store.store_finished(row).await
    }

    /// The ids of the tables listed as finished.
    pub async fn finished_ids(&self) -> Result<std::collections::HashSet<String>> {
        self.store.finished_ids().await
    }

    /// The most recently finished games, newest first (at most `limit`); rows that cannot be
    /// read are left out.
    pub async fn recently_finished(&self, limit: usize) -> Result<Vec<serde_json::Value>> {
        self.store.recently_finished(limit).await
    }

    /// Claims open seat `seat` of `table`: its token when this claim took it, `None` when it
    /// is not open. Of two claims of the same seat exactly one gets the token.
    pub async fn claim_seat(&self, table: String, seat: usize) -> Result<Option<String>> {
        self.store.claim_seat(table, seat).await
    }

    /// The last `limit` chat lines of `table`, oldest first, and the next line's number.
    pub async fn load_chat(
        &self,
        table: String,
        limit: usize,
    ) -> Result<(Vec<crate::protocol::ChatLine>, u64)> {
        self.store.load_chat(table, limit).await
    }

    /// Stores a chat line of `table` (committed when this returns).
    pub async fn store_chat(&self, table: String, line: crate::protocol::ChatLine) -> Result<()> {
        timed("store_chat", self.store.store_chat(table, line)).await
    }

    /// Stores the "your turn" addresses of `seat` at `table` (none: the row is removed).
    pub async fn store_addresses(
        &self,
        table: String,
        seat: usize,
        to: crate::notify::Addresses,
    ) -> Result<()> {
        self.store.store_addresses(table, seat, to).await
    }

    /// The "your turn" addresses left at `table`, by seat (none in a database opened
    /// read-only from before addresses were kept).
    pub async fn load_addresses(
        &self,
        table: String,
    ) -> Result<Vec<(usize, crate::notify::Addresses)>> {
        self.store.load_addresses(table).await
    }

    /// Takes or renews the lease of `table` for instance `holder` (reached at `address`)
    /// for `ttl`; see [`Storage::take_lease`].
    pub async fn take_lease(
        &self,
        table: String,
        holder: String,
        address: String,
        ttl: std::time::Duration,
    ) -> Result<Lease> {
        timed(
            "take_lease",
            self.store.take_lease(table, holder, address, ttl),
        )
        .await
    }

    /// Gives up the lease of `table` if `holder` holds it.
    pub async fn release_lease(&self, table: String, holder: String) -> Result<()> {
        self.store.release_lease(table, holder).await
    }

    /// Renews the leases `holder` still holds among `tables`; see [`Storage::renew_leases`].
    pub async fn renew_leases(
        &self,
        holder: String,
        tables: Vec<String>,
        ttl: std::time::Duration,
    ) -> Result<Vec<String>> {
        timed("renew_leases", self.store.renew_leases(holder, tables, ttl)).await
    }

    /// Who holds the lease of `table` now; see [`Storage::lease_holder`].
    pub async fn lease_holder(&self, table: String) -> Result<Option<(String, String)>> {
        self.store.lease_holder(table).await
    }

    /// Tables in play whose lease nobody holds; see [`Storage::unheld_tables`].
    pub async fn unheld_tables(&self, limit: usize) -> Result<Vec<String>> {
        self.store.unheld_tables(limit).await
    }

    /// Says this instance serves; see [`Storage::beat`].
    pub async fn beat(
        &self,
        instance: String,
        address: String,
        ttl: std::time::Duration,
    ) -> Result<()> {
        self.store.beat(instance, address, ttl).await
    }

    /// The instances serving now; see [`Storage::instances`].
    pub async fn instances(&self) -> Result<Vec<Peer>> {
        self.store.instances().await
    }

    /// Removes an instance from those serving; see [`Storage::leave`].
    pub async fn leave(&self, instance: String) -> Result<()> {
        self.store.leave(instance).await
    }

    /// Passes leases to other instances or gives them up; see [`Storage::pass_leases`].
    pub async fn pass_leases(
        &self,
        holder: String,
        moves: Vec<(String, Option<Peer>)>,
        ttl: std::time::Duration,
    ) -> Result<()> {
        self.store.pass_leases(holder, moves, ttl).await
    }

    /// The tables whose lease `holder` holds; see [`Storage::held_leases`].
    pub async fn held_leases(&self, holder: String) -> Result<Vec<String>> {
        self.store.held_leases(holder).await
    }

    /// On a database several instances serve, what grows whenever leases were passed between
    /// instances or given up (told by the database, or the listening connection made again).
    pub fn lease_moves(&self) -> Option<watch::Receiver<u64>> {
        self.moves.clone()
    }

    /// Publishes lobby lines and removals; see [`Storage::publish_listed`].
    pub async fn publish_listed(
        &self,
        holder: String,
        upsert: Vec<(String, i64, String)>,
        remove: Vec<String>,
    ) -> Result<()> {
        self.store.publish_listed(holder, upsert, remove).await
    }

    /// The lobby's shared list; see [`Storage::load_listed`].
    pub async fn load_listed(&self, limit: usize) -> Result<Vec<serde_json::Value>> {
        self.store.load_listed(limit).await
    }

    /// On a database several instances serve, what grows whenever the lobby's shared list
    /// changed (told by the database, or the listening connection made again).
    pub fn lobby_changes(&self) -> Option<watch::Receiver<u64>> {
        self.changes.clone()
    }

    /// A read that reaches the database (the lease of no table): `Ok` when it answers.
    pub async fn ping(&self) -> Result<()> {
        timed("ping", self.store.lease_holder(String::new()))
            .await
            .map(|_| ())
    }

    /// The accounts' requests (see `crate::accounts`).
    pub fn accounts(&self) -> &dyn AccountStore {
        self.store.accounts()
    }

    /// The passkeys' requests (see `crate::accounts::passkey`).
    pub fn passkeys(&self) -> &dyn PasskeyStore {
        self.store.passkeys()
    }

    /// Recomputes every rating from the rated games stored with their ends (`boardroom ratings
    /// rebuild`); see [`Storage::rebuild_ratings`].
    pub async fn rebuild_ratings(&self) -> Result<usize> {
        self.store.rebuild_ratings().await
    }

    /// A board's leaderboard; see [`Storage::leaderboard`].
    pub async fn leaderboard(
        &self,
        board: crate::ratings::Board,
        min_games: u32,
        since: i64,
    ) -> Result<Vec<crate::ratings::RatingRow>> {
        self.store.leaderboard(board, min_games, since).await
    }

    /// Every rating of `player`; see [`Storage::ratings_of`].
    pub async fn ratings_of(&self, player: String) -> Result<Vec<crate::ratings::RatingRow>> {
        self.store.ratings_of(player).await
    }

    /// The rating history of `player`; see [`Storage::history_of`].
    pub async fn history_of(
        &self,
        player: String,
        limit: usize,
    ) -> Result<Vec<crate::ratings::HistoryRow>> {
        self.store.history_of(player, limit).await
    }

    /// What a profile shows of account `id`; see [`Storage::account_card`].
    pub async fn account_card(&self, id: i64) -> Result<Option<(Option<String>, i64)>> {
        self.store.account_card(id).await
    }

    /// Every board someone holds a rating on; see [`Storage::rated_boards`].
    pub async fn rated_boards(&self) -> Result<Vec<crate::ratings::Board>> {
        self.store.rated_boards().await
    }

    /// Checks the storage's structure (SQLite's `quick_check`): the problems found, at most
    /// `limit` (empty: none).
    pub async fn quick_check(&self, limit: usize) -> Result<Vec<String>> {
        self.store.quick_check(limit).await
    }
}

/// Runs database operation `op`, its latency and any failure counted in the metrics.
async fn timed<T>(
    op: &'static str,
    work: impl std::future::Future<Output = Result<T>>,
) -> Result<T> {
    let started = std::time::Instant::now();
    let result = work.await;
    crate::metrics::storage(op, started.elapsed(), result.is_ok());
    result
}

/// The SQLite backend: a handle to the database thread.
pub(crate) struct Sqlite {
    jobs: std_mpsc::Sender<Job>,
}

impl Sqlite {
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
