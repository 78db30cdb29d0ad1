//! The storage interface: every request the server makes of its database, one trait with a
//! SQLite backend (`tables`, one file, the default) and a PostgreSQL backend (`pg`, for a site
//! of several instances). The server only ever holds a [`super::Db`], which wraps one of them.

use super::rows::{ActionRow, Damaged, FinishedRow, Stored, TableRow};
use crate::notify::Addresses;
use crate::protocol::ChatLine;
use crate::ratings::{Board, HistoryRow, RatingRow};
use anyhow::Result;
use boardroom_engine::By;
use std::collections::HashSet;
use std::time::Duration;

/// Who holds a table's lease (see [`Storage::take_lease`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lease {
    /// The instance that asked holds it, until its lease expires unless renewed.
    Held,
    /// Another instance holds it: its id and the address it is reached at.
    HeldBy {
        /// The holding instance's id.
        holder: String,
        /// Where that instance is reached (its advertised address).
        address: String,
    },
}

/// How old a table must be (seconds) before another instance adopts it when it was never
/// leased ([`Storage::unheld_tables`]): its creator takes its lease right after storing it.
pub(crate) const NEW_TABLE_GRACE_SECS: i64 = 5;

/// An instance serving the database, as [`Storage::instances`] lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Peer {
    /// Its id, as its leases name it.
    pub instance: String,
    /// Where it is reached (its advertised address).
    pub address: String,
    /// How many unexpired leases it holds.
    pub held: usize,
}

/// What a storage backend answers. Every write is durable when its call returns (the server
/// acknowledges nothing before), and every call fails rather than waits for long when the
/// database cannot be reached, so a table pauses (see `table/storage.rs`) instead of hanging.
#[async_trait::async_trait]
pub trait Storage: Send + Sync + 'static {
    /// Stores a new table with its seats and open seats (all or nothing), and links it to the
    /// table it is a rematch of.
    async fn insert_table(&self, row: TableRow) -> Result<()>;

    /// Appends action number `idx` of `table`, played at `at` (milliseconds since the Unix
    /// epoch). Fails when that number is already stored.
    async fn append_action(
        &self,
        table: String,
        idx: usize,
        seat: usize,
        action: String,
        by: By,
        at: i64,
    ) -> Result<()>;

    /// Every stored table that has not expired, oldest first, and those whose rows cannot be
    /// read, with the reason. A damaged row never stops the others from loading.
    async fn load_tables(&self) -> Result<(Vec<TableRow>, Vec<Damaged>)>;

    /// The table stored under `id`, if any.
    async fn load_table(&self, id: String) -> Result<Option<Stored>>;

    /// Marks table `id` expired: it stays stored, but is no longer served.
    async fn mark_expired(&self, id: String) -> Result<()>;

    /// The actions of `table`, in order; an error names the first row that cannot be read.
    async fn load_actions(&self, table: String) -> Result<Vec<ActionRow>>;

    /// Marks action `idx` of `table` taken back. Fails when there is no such action or it is
    /// already marked.
    async fn mark_undone(&self, table: String, idx: usize) -> Result<()>;

    /// Remembers that a game ended (once; a second call changes nothing).
    async fn store_finished(&self, row: FinishedRow) -> Result<()>;

    /// The ids of the tables listed as finished.
    async fn finished_ids(&self) -> Result<HashSet<String>>;

    /// The most recently finished public games, newest first (at most `limit`); rows that
    /// cannot be read are left out.
    async fn recently_finished(&self, limit: usize) -> Result<Vec<serde_json::Value>>;

    /// Claims open seat `seat` of `table`: its token when this claim took it, `None` when it
    /// is not open (never was, or already claimed). Of two claims at once exactly one wins.
    async fn claim_seat(&self, table: String, seat: usize) -> Result<Option<String>>;

    /// The last `limit` chat lines of `table`, oldest first, and the next line's number. A
    /// line that cannot be read is logged and skipped.
    async fn load_chat(&self, table: String, limit: usize) -> Result<(Vec<ChatLine>, u64)>;

    /// Stores a chat line of `table`. Fails when a line with its number is already stored.
    async fn store_chat(&self, table: String, line: ChatLine) -> Result<()>;

    /// Stores the "your turn" addresses of `seat` at `table` (none: the row is removed).
    async fn store_addresses(&self, table: String, seat: usize, to: Addresses) -> Result<()>;

    /// The "your turn" addresses left at `table`, by seat.
    async fn load_addresses(&self, table: String) -> Result<Vec<(usize, Addresses)>>;

    /// Takes or renews the lease of `table` for instance `holder` (reached at `address`) for
    /// `ttl`: [`Lease::Held`] when `holder` holds it now (it was free, expired, or already
    /// its own), else who holds it. Of two instances asking at once at most one holds it.
    async fn take_lease(
        &self,
        table: String,
        holder: String,
        address: String,
        ttl: Duration,
    ) -> Result<Lease>;

    /// Gives up the lease of `table` if `holder` holds it.
    async fn release_lease(&self, table: String, holder: String) -> Result<()>;

    /// Renews for `ttl` every lease of `tables` that `holder` still holds (expired or not, as
    /// long as no other instance took it over): the tables it still holds.
    async fn renew_leases(
        &self,
        holder: String,
        tables: Vec<String>,
        ttl: Duration,
    ) -> Result<Vec<String>>;

    /// Who holds the lease of `table` now, and where it is reached: `None` when nobody holds
    /// it (never leased, given up, or expired).
    async fn lease_holder(&self, table: String) -> Result<Option<(String, String)>>;

    /// Tables in play (neither finished nor expired) whose lease nobody holds (never leased
    /// and older than [`NEW_TABLE_GRACE_SECS`], given up, or expired), oldest first, at most
    /// `limit`.
    async fn unheld_tables(&self, limit: usize) -> Result<Vec<String>>;

    /// Says that instance `instance` (reached at `address`) serves, for `ttl` unless said
    /// again. A backend served by one instance alone (SQLite) keeps nothing.
    async fn beat(&self, _instance: String, _address: String, _ttl: Duration) -> Result<()> {
        Ok(())
    }

    /// The instances serving now (their last [`Storage::beat`] not expired), with the leases
    /// each holds. A backend served by one instance alone lists none.
    async fn instances(&self) -> Result<Vec<Peer>> {
        Ok(Vec::new())
    }

    /// Removes instance `instance` from [`Storage::instances`] (it stops): nobody passes it
    /// tables any more.
    async fn leave(&self, _instance: String) -> Result<()> {
        Ok(())
    }

    /// Passes the leases of `moves` that `holder` holds: each to the instance named (held by
    /// it for `ttl` from now, so it replays the table at once), or given up (`None`: any
    /// instance adopts it); then tells every instance that leases moved. The tables must
    /// have stopped on `holder` first.
    async fn pass_leases(
        &self,
        holder: String,
        moves: Vec<(String, Option<Peer>)>,
        _ttl: Duration,
    ) -> Result<()> {
        for (table, _) in moves {
            self.release_lease(table, holder.clone()).await?;
        }
        Ok(())
    }

    /// The tables whose unexpired lease `holder` holds (those passed to it included).
    async fn held_leases(&self, _holder: String) -> Result<Vec<String>> {
        Ok(Vec::new())
    }

    /// Publishes what the lobby shows of tables this instance plays (`upsert`: id, creation
    /// time, summary as JSON), removes `remove` from the list, and tells every instance the
    /// list changed. A backend served by one instance alone (SQLite) lists its tables from
    /// memory: it keeps nothing.
    async fn publish_listed(
        &self,
        _holder: String,
        _upsert: Vec<(String, i64, String)>,
        _remove: Vec<String>,
    ) -> Result<()> {
        Ok(())
    }

    /// The lobby's list as published by every instance, newest first (at most `limit`).
    async fn load_listed(&self, _limit: usize) -> Result<Vec<serde_json::Value>> {
        Ok(Vec::new())
    }

    /// Every row of each stored table of `tables` (name, and the columns to order its rows
    /// by), each row as its columns' values by name; all read in one transaction, so a
    /// server writing meanwhile leaves them consistent.
    async fn dump_rows(
        &self,
        tables: &'static [(&'static str, &'static str)],
    ) -> Result<Vec<Vec<super::dump::Row>>>;

    /// The number of rows of stored table `table`.
    async fn count_rows(&self, table: &'static str) -> Result<u64>;

    /// Stores the rows of every table given, in order, in one transaction (all or nothing),
    /// each value converted to its column's type; fails naming a column the table lacks or a
    /// value that does not fit.
    async fn restore_rows(&self, tables: Vec<(&'static str, Vec<super::dump::Row>)>) -> Result<()>;

    /// Recomputes every rating and its history from the rated games stored with their ends,
    /// in the order they were rated, in one transaction: the number of games replayed.
    async fn rebuild_ratings(&self) -> Result<usize>;

    /// The ratings on `board` of the identities with at least `min_games` rated games there,
    /// the last ended at or after `since` (seconds since the epoch), best first.
    async fn leaderboard(&self, board: Board, min_games: u32, since: i64)
        -> Result<Vec<RatingRow>>;

    /// Every rating of identity `player`, by board.
    async fn ratings_of(&self, player: String) -> Result<Vec<RatingRow>>;

    /// The last `limit` ratings of `player` after each of its rated games, oldest first.
    async fn history_of(&self, player: String, limit: usize) -> Result<Vec<HistoryRow>>;

    /// Every board someone holds a rating on.
    async fn rated_boards(&self) -> Result<Vec<Board>>;

    /// What a profile shows of account `id`: its name (`None` once deleted) and when it was
    /// made (milliseconds since the epoch); `None`: no such account.
    async fn account_card(&self, id: i64) -> Result<Option<(Option<String>, i64)>>;

    /// Checks the storage's structure: the problems found, at most `limit` (empty: none).
    async fn quick_check(&self, limit: usize) -> Result<Vec<String>>;

    /// The accounts' requests, answered by the same backend.
    fn accounts(&self) -> &dyn crate::db::AccountStore;

    /// The passkeys' requests, answered by the same backend.
    fn passkeys(&self) -> &dyn crate::db::PasskeyStore;
}
