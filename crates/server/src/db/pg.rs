//! The PostgreSQL backend: the same requests as SQLite's, over a pool of connections
//! (`deadpool-postgres` over `tokio-postgres`), so several instances of the server can share
//! one database.
//!
//! Every write is one statement or one transaction, committed when its call returns (with
//! PostgreSQL's default `synchronous_commit`, on disk). A call that cannot reach the database
//! fails within [`CALL_TIMEOUT`], so a table pauses for storage as it does on SQLite, and the
//! pool replaces connections the server lost.

use super::rows::{
    action_row, stored_seat, ActionColumns, ActionRow, DamageScope, Damaged, FinishedRow, Stored,
    TableRow,
};
use super::store::Storage;
use super::Db;
use crate::notify::Addresses;
use crate::protocol::ChatLine;
use anyhow::{Context, Result};
use boardroom_engine::By;
use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod, Runtime};
use std::collections::HashSet;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use tokio_postgres::NoTls;

mod account_data;
mod accounts;
mod addresses;
mod chat;
mod instances;
mod leases;
mod listed;
mod passkeys;
mod ratings;
mod rows;
mod schema;
mod url;

use rows::{get, read_table, seats_of, TABLE_COLUMNS};

pub use url::{hide_password, is_postgres_url};

/// The longest a request may take before it is refused (the database is then taken as
/// unavailable: a table pauses and retries).
const CALL_TIMEOUT: Duration = Duration::from_secs(10);

/// How long connecting may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// Connections each instance keeps at most.
const POOL_SIZE: usize = 16;

/// The PostgreSQL backend: a pool of connections to one database.
pub(crate) struct Postgres {
    pool: Pool,
    /// The instance whose appends are fenced by its table leases: an action or a take-back of
    /// a table whose lease it does not hold (lost, expired, taken over) is refused, in the
    /// same statement that would write it. `None`: unfenced (tools and storage tests).
    fence: Option<String>,
}

impl Db {
    /// Connects to the PostgreSQL database at `url` and brings its schema up to date. Fails
    /// with an error naming the URL (its password hidden) when the database cannot be reached
    /// or its schema is from a later version.
    pub async fn connect(url: &str) -> Result<Db> {
        Db::connect_fenced(url, None).await
    }

    /// Connects like [`Db::connect`], as the serving instance `holder`: every action and
    /// take-back is stored only while `holder` holds its table's lease
    /// ([`Storage::take_lease`]), checked in the statement that stores it.
    pub async fn connect_instance(url: &str, holder: &str) -> Result<Db> {
        Db::connect_fenced(url, Some(holder.to_string())).await
    }

    async fn connect_fenced(url: &str, fence: Option<String>) -> Result<Db> {
        let shown = hide_password(url);
        let store = Postgres::connect(url, fence)
            .await
            .with_context(|| format!("cannot open the PostgreSQL database {shown}"))?;
        // The database is writable whenever it can be reached; a request that cannot reach it
        // fails, and the table that made it pauses and retries.
        let (_, writable) = tokio::sync::watch::channel(true);
        let serving = store.fence.is_some();
        let mut db = Db::over(Arc::new(store), writable);
        if serving {
            let heard = listed::listen(url.parse()?);
            db.changes = Some(heard.lobby);
            db.moves = Some(heard.leases);
        }
        Ok(db)
    }
}

impl Postgres {
    async fn connect(url: &str, fence: Option<String>) -> Result<Postgres> {
        let mut config: tokio_postgres::Config = url.parse().context("the URL is not valid")?;
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(CONNECT_TIMEOUT);
        }
        if config.get_application_name().is_none() {
            config.application_name("boardroom");
        }
        let manager = Manager::from_config(
            config.clone(),
            NoTls,
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let pool = Pool::builder(manager)
            .max_size(POOL_SIZE)
            .runtime(Runtime::Tokio1)
            .wait_timeout(Some(CALL_TIMEOUT))
            .create_timeout(Some(CONNECT_TIMEOUT))
            .recycle_timeout(Some(CONNECT_TIMEOUT))
            .build()
            .context("cannot build the connection pool")?;
        let mut client = pool.get().await.map_err(pool_error)?;
        schema::migrate(&mut client)
            .await
            .context("cannot bring the schema up to date")?;
        drop(client);
        Ok(Postgres { pool, fence })
    }

    /// Runs `f` with a connection of the pool, refused after [`CALL_TIMEOUT`].
    pub(in crate::db) async fn with<T, F, Fut>(&self, f: F) -> Result<T>
    where
        F: FnOnce(deadpool_postgres::Object) -> Fut,
        Fut: Future<Output = Result<T>>,
    {
        let work = async {
            let client = self.pool.get().await.map_err(pool_error)?;
            f(client).await
        };
        match tokio::time::timeout(CALL_TIMEOUT, work).await {
            Ok(result) => result.map_err(unavailable),
            Err(_) => Err(anyhow::anyhow!(
                "PostgreSQL did not answer within {} s (storage unavailable)",
                CALL_TIMEOUT.as_secs()
            )),
        }
    }
}

/// A pool's failure to hand out a connection, in words.
fn pool_error(e: deadpool_postgres::PoolError) -> anyhow::Error {
    match e {
        deadpool_postgres::PoolError::Backend(e) => anyhow::Error::from(e),
        other => anyhow::anyhow!("{other}"),
    }
}

/// Says "storage unavailable" of an error that comes from the connection rather than the
/// request (the server cannot reach the database).
fn unavailable(e: anyhow::Error) -> anyhow::Error {
    let lost = e.chain().any(|c| {
        c.downcast_ref::<tokio_postgres::Error>()
            .is_some_and(|e| e.is_closed() || e.code().is_none())
    });
    if lost {
        e.context("PostgreSQL cannot be reached (storage unavailable)")
    } else {
        e
    }
}

#[async_trait::async_trait]
impl Storage for Postgres {
    async fn insert_table(&self, row: TableRow) -> Result<()> {
        self.with(|mut client| async move {
            let tx = client.transaction().await?;
            tx.execute(
                "INSERT INTO tables (id, game, config, seed, created, rematch_of, timer_percent, \
                 private, bot_speed, hints, rules, clock, rated) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
                &[
                    &row.id,
                    &row.game,
                    &row.config,
                    &(row.seed as i64),
                    &row.created,
                    &row.rematch_of,
                    &i32::try_from(row.timer_percent)?,
                    &row.private,
                    &row.bot_speed,
                    &row.hints,
                    &i32::try_from(row.rules)?,
                    &row.clock,
                    &row.rated,
                ],
            )
            .await?;
            for (i, s) in row.seats.iter().enumerate() {
                tx.execute(
                    "INSERT INTO seats (table_id, seat, kind, token) VALUES ($1, $2, $3, $4)",
                    &[&row.id, &(i as i32), &s.kind, &s.token],
                )
                .await?;
            }
            for &seat in &row.open_seats {
                tx.execute(
                    "INSERT INTO open_seats (table_id, seat) VALUES ($1, $2)",
                    &[&row.id, &(seat as i32)],
                )
                .await?;
            }
            if let Some(parent) = &row.rematch_of {
                tx.execute(
                    "UPDATE tables SET rematch = $1 WHERE id = $2",
                    &[&row.id, parent],
                )
                .await?;
            }
            tx.commit().await?;
            Ok(())
        })
        .await
    }

    async fn append_action(
        &self,
        table: String,
        idx: usize,
        seat: usize,
        action: String,
        by: By,
        at: i64,
    ) -> Result<()> {
        let fence = self.fence.clone();
        self.with(|client| async move {
            let seat = stored_seat(seat) as i32;
            let idx = i32::try_from(idx)?;
            let Some(holder) = fence else {
                let stmt = client
                    .prepare_cached(
                        "INSERT INTO actions (table_id, idx, seat, action, played_by, at) \
                         VALUES ($1, $2, $3, $4, $5, $6)",
                    )
                    .await?;
                client
                    .execute(&stmt, &[&table, &idx, &seat, &action, &by.word(), &at])
                    .await?;
                return Ok(());
            };
            let stmt = client.prepare_cached(leases::FENCED_APPEND).await?;
            let n = client
                .execute(
                    &stmt,
                    &[&table, &idx, &seat, &action, &by.word(), &holder, &at],
                )
                .await?;
            anyhow::ensure!(n == 1, leases::LeaseLost(table));
            Ok(())
        })
        .await
    }

    async fn load_tables(&self) -> Result<(Vec<TableRow>, Vec<Damaged>)> {
        self.with(|mut client| async move {
            // One snapshot for the tables and their seats.
            let tx = client
                .build_transaction()
                .isolation_level(tokio_postgres::IsolationLevel::RepeatableRead)
                .read_only(true)
                .start()
                .await?;
            let rows = tx
                .query(
                    &format!("SELECT {TABLE_COLUMNS} FROM tables ORDER BY created, id"),
                    &[],
                )
                .await?;
            let (mut seats, mut open) = seats_of(tx.client(), None).await?;
            tx.commit().await?;
            let (mut tables, mut damaged) = (Vec::new(), Vec::new());
            for r in rows {
                let id: String = r.get("id");
                let table_seats = seats.remove(&id).unwrap_or_default();
                let table_open = open.remove(&id).unwrap_or_default();
                match read_table(&r, table_seats, table_open) {
                    Stored::Table(row) => tables.push(*row),
                    Stored::Expired => {}
                    Stored::Damaged(reason) => {
                        let scope = match r.try_get::<_, bool>("private") {
                            Ok(false) => DamageScope::Public,
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

    async fn load_table(&self, id: String) -> Result<Option<Stored>> {
        self.with(|client| async move {
            let Some(r) = client
                .query_opt(
                    &format!("SELECT {TABLE_COLUMNS} FROM tables WHERE id = $1"),
                    &[&id],
                )
                .await?
            else {
                return Ok(None);
            };
            let (mut seats, mut open) = seats_of(&client, Some(&id)).await?;
            Ok(Some(read_table(
                &r,
                seats.remove(&id).unwrap_or_default(),
                open.remove(&id).unwrap_or_default(),
            )))
        })
        .await
    }

    async fn mark_expired(&self, id: String) -> Result<()> {
        self.with(|client| async move {
            client
                .execute("UPDATE tables SET expired = TRUE WHERE id = $1", &[&id])
                .await?;
            Ok(())
        })
        .await
    }

    async fn load_actions(&self, table: String) -> Result<Vec<ActionRow>> {
        self.with(|client| async move {
            let stmt = client
                .prepare_cached(
                    "SELECT idx, seat, action, undone, played_by, at FROM actions \
                     WHERE table_id = $1 ORDER BY idx",
                )
                .await?;
            let rows = client.query(&stmt, &[&table]).await?;
            let mut out = Vec::with_capacity(rows.len());
            for (n, r) in rows.iter().enumerate() {
                let columns = || -> std::result::Result<ActionColumns, String> {
                    Ok(ActionColumns {
                        idx: get::<i32>(r, "idx")?.into(),
                        seat: get::<i32>(r, "seat")?.into(),
                        action: get(r, "action")?,
                        undone: get(r, "undone")?,
                        played_by: get(r, "played_by")?,
                        at: get(r, "at")?,
                    })
                };
                out.push(action_row(n, columns())?);
            }
            Ok(out)
        })
        .await
    }

    async fn mark_undone(&self, table: String, idx: usize) -> Result<()> {
        let fence = self.fence.clone();
        self.with(|client| async move {
            let idx = i32::try_from(idx)?;
            let n = match fence {
                None => {
                    client
                        .execute(
                            "UPDATE actions SET undone = TRUE \
                             WHERE table_id = $1 AND idx = $2 AND NOT undone",
                            &[&table, &idx],
                        )
                        .await?
                }
                Some(holder) => {
                    let n = client
                        .execute(leases::FENCED_UNDO, &[&table, &idx, &holder])
                        .await?;
                    anyhow::ensure!(
                        n == 1 || !leases::lost(&client, &table, &holder).await?,
                        leases::LeaseLost(table)
                    );
                    n
                }
            };
            anyhow::ensure!(n == 1, "action {idx} is not stored or already taken back");
            Ok(())
        })
        .await
    }

    async fn rebuild_ratings(&self) -> Result<usize> {
        self.rebuild_ratings_pg().await
    }

    async fn leaderboard(
        &self,
        board: crate::ratings::Board,
        min_games: u32,
        since: i64,
    ) -> Result<Vec<crate::ratings::RatingRow>> {
        self.leaderboard_pg(board, min_games, since).await
    }

    async fn ratings_of(&self, player: String) -> Result<Vec<crate::ratings::RatingRow>> {
        self.ratings_of_pg(player).await
    }

    async fn history_of(
        &self,
        player: String,
        limit: usize,
    ) -> Result<Vec<crate::ratings::HistoryRow>> {
        self.history_of_pg(player, limit).await
    }

    async fn rated_boards(&self) -> Result<Vec<crate::ratings::Board>> {
        self.rated_boards_pg().await
    }

    async fn account_card(&self, id: i64) -> Result<Option<(Option<String>, i64)>> {
        self.account_card_pg(id).await
    }

    async fn store_finished(&self, row: FinishedRow) -> Result<()> {
        self.store_finished_pg(row).await
    }

    async fn finished_ids(&self) -> Result<HashSet<String>> {
        self.with(|client| async move {
            let rows = client.query("SELECT table_id FROM finished", &[]).await?;
            Ok(rows.iter().map(|r| r.get(0)).collect())
        })
        .await
    }

    async fn recently_finished(&self, limit: usize) -> Result<Vec<serde_json::Value>> {
        self.with(|client| async move {
            let rows = client
                .query(
                    "SELECT f.summary FROM finished f JOIN tables t ON t.id = f.table_id \
                     WHERE NOT t.private ORDER BY f.finished DESC, f.table_id LIMIT $1",
                    &[&(limit as i64)],
                )
                .await?;
            Ok(rows
                .iter()
                .filter_map(|r| r.try_get::<_, String>(0).ok())
                .filter_map(|t| serde_json::from_str(&t).ok())
                .collect())
        })
        .await
    }

    async fn claim_seat(&self, table: String, seat: usize) -> Result<Option<String>> {
        // The row lock makes a second claim wait for the first, then find the seat claimed.
        self.with(|client| async move {
            let row = client
                .query_opt(
                    "UPDATE open_seats o SET claimed = TRUE FROM seats s \
                     WHERE o.table_id = $1 AND o.seat = $2 AND NOT o.claimed \
                     AND s.table_id = o.table_id AND s.seat = o.seat RETURNING s.token",
                    &[&table, &i32::try_from(seat)?],
                )
                .await?;
            Ok(row.map(|r| r.get(0)))
        })
        .await
    }

    async fn load_chat(&self, table: String, limit: usize) -> Result<(Vec<ChatLine>, u64)> {
        self.load_chat_pg(table, limit).await
    }

    async fn store_chat(&self, table: String, line: ChatLine) -> Result<()> {
        self.store_chat_pg(table, line).await
    }

    async fn store_addresses(&self, table: String, seat: usize, to: Addresses) -> Result<()> {
        self.store_addresses_pg(table, seat, to).await
    }

    async fn load_addresses(&self, table: String) -> Result<Vec<(usize, Addresses)>> {
        self.load_addresses_pg(table).await
    }

    async fn take_lease(
        &self,
        table: String,
        holder: String,
        address: String,
        ttl: std::time::Duration,
    ) -> Result<super::store::Lease> {
        self.take_lease_pg(table, holder, address, ttl).await
    }

    async fn release_lease(&self, table: String, holder: String) -> Result<()> {
        self.release_lease_pg(table, holder).await
    }

    async fn renew_leases(
        &self,
        holder: String,
        tables: Vec<String>,
        ttl: std::time::Duration,
    ) -> Result<Vec<String>> {
        self.renew_leases_pg(holder, tables, ttl).await
    }

    async fn lease_holder(&self, table: String) -> Result<Option<(String, String)>> {
        self.lease_holder_pg(table).await
    }

    async fn unheld_tables(&self, limit: usize) -> Result<Vec<String>> {
        self.unheld_tables_pg(limit).await
    }

    async fn beat(&self, instance: String, address: String, ttl: Duration) -> Result<()> {
        self.beat_pg(instance, address, ttl).await
    }

    async fn instances(&self) -> Result<Vec<super::Peer>> {
        self.instances_pg().await
    }

    async fn leave(&self, instance: String) -> Result<()> {
        self.leave_pg(instance).await
    }

    async fn pass_leases(
        &self,
        holder: String,
        moves: Vec<(String, Option<super::Peer>)>,
        ttl: Duration,
    ) -> Result<()> {
        self.pass_leases_pg(holder, moves, ttl).await
    }

    async fn held_leases(&self, holder: String) -> Result<Vec<String>> {
        self.held_leases_pg(holder).await
    }

    async fn publish_listed(
        &self,
        holder: String,
        upsert: Vec<(String, i64, String)>,
        remove: Vec<String>,
    ) -> Result<()> {
        self.publish_listed_pg(holder, upsert, remove).await
    }

    async fn load_listed(&self, limit: usize) -> Result<Vec<serde_json::Value>> {
        self.load_listed_pg(limit).await
    }

    async fn dump_rows(
        &self,
        tables: &'static [(&'static str, &'static str)],
    ) -> Result<Vec<Vec<super::dump::Row>>> {
        self.dump_rows_pg(tables).await
    }

    async fn count_rows(&self, table: &'static str) -> Result<u64> {
        self.count_rows_pg(table).await
    }

    async fn restore_rows(&self, tables: Vec<(&'static str, Vec<super::dump::Row>)>) -> Result<()> {
        self.restore_rows_pg(tables).await
    }

    fn accounts(&self) -> &dyn crate::db::AccountStore {
        self
    }

    fn passkeys(&self) -> &dyn crate::db::PasskeyStore {
        self
    }

    async fn quick_check(&self, _limit: usize) -> Result<Vec<String>> {
        // PostgreSQL checks its own pages; what the server can tell is whether the schema is
        // the one it reads.
        self.with(|client| async move {
            let version = schema::version(&client).await?;
            Ok(if version == schema::latest() {
                Vec::new()
            } else {
                vec![format!(
                    "the schema is version {version}, this server reads version {}",
                    schema::latest()
                )]
            })
        })
        .await
    }
}
