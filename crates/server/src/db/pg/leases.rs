//! Table leases on PostgreSQL: a row per leased table with its holder, the holder's address
//! and when the lease expires, by the database's clock (so the instances' clocks never
//! matter). Taking a lease is one `INSERT … ON CONFLICT … WHERE`: PostgreSQL locks the row,
//! so of two instances asking at once at most one holds it.

use super::Postgres;
use crate::db::store::{Lease, NEW_TABLE_GRACE_SECS};
use anyhow::Result;
use std::time::Duration;

/// An action stored only while the instance (`$6`) holds the table's lease: the lease's row is
/// locked (`FOR SHARE`) until the action commits, so an instance taking the lease over (an
/// `UPDATE` of that row) waits for it, and then replays it from the database. An instance
/// whose lease expired or was taken over inserts nothing.
pub(super) const FENCED_APPEND: &str =
    "INSERT INTO actions (table_id, idx, seat, action, played_by, at) \
     SELECT $1::text, $2::integer, $3::integer, $4::text, $5::text, $7::bigint FROM leases \
     WHERE table_id = $1::text AND holder = $6::text \
     AND expires > (extract(epoch FROM clock_timestamp()) * 1000)::bigint FOR SHARE";

/// A take-back stored only while the instance (`$3`) holds the table's lease, as
/// [`FENCED_APPEND`].
pub(super) const FENCED_UNDO: &str = "WITH held AS (SELECT 1 FROM leases \
     WHERE table_id = $1::text AND holder = $3::text \
     AND expires > (extract(epoch FROM clock_timestamp()) * 1000)::bigint FOR SHARE) \
     UPDATE actions SET undone = TRUE \
     WHERE table_id = $1::text AND idx = $2::integer AND NOT undone AND EXISTS (SELECT 1 FROM held)";

/// A write refused because this instance no longer holds the table's lease: another instance
/// may be playing it. The table stops once its lease is found lost.
#[derive(Debug, thiserror::Error)]
#[error("this instance no longer holds the lease of table {0}")]
pub struct LeaseLost(pub String);

/// Whether `holder` does not hold the lease of `table` now.
pub(super) async fn lost(
    client: &tokio_postgres::Client,
    table: &str,
    holder: &str,
) -> Result<bool> {
    let held = client
        .query_opt(
            "SELECT 1 FROM leases WHERE table_id = $1 AND holder = $2 \
             AND expires > (extract(epoch FROM clock_timestamp()) * 1000)::bigint",
            &[&table, &holder],
        )
        .await?;
    Ok(held.is_none())
}

impl Postgres {
    pub(super) async fn take_lease_pg(
        &self,
        table: String,
        holder: String,
        address: String,
        ttl: Duration,
    ) -> Result<Lease> {
        let ttl = i64::try_from(ttl.as_millis()).unwrap_or(i64::MAX / 2);
        self.with(|client| async move {
            let took = client
                .query_opt(
                    "WITH t AS (SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint \
                     AS now) \
                     INSERT INTO leases (table_id, holder, address, expires) \
                     VALUES ($1, $2, $3, (SELECT now FROM t) + $4) \
                     ON CONFLICT (table_id) DO UPDATE SET holder = EXCLUDED.holder, \
                     address = EXCLUDED.address, expires = EXCLUDED.expires \
                     WHERE leases.holder = EXCLUDED.holder \
                     OR leases.expires < (SELECT now FROM t) RETURNING holder",
                    &[&table, &holder, &address, &ttl],
                )
                .await?;
            if took.is_some() {
                return Ok(Lease::Held);
            }
            let row = client
                .query_opt(
                    "SELECT holder, address FROM leases WHERE table_id = $1",
                    &[&table],
                )
                .await?;
            Ok(match row {
                Some(r) => {
                    let (h, address): (String, String) = (r.try_get(0)?, r.try_get(1)?);
                    if h == holder {
                        Lease::Held
                    } else {
                        Lease::HeldBy { holder: h, address }
                    }
                }
                None => anyhow::bail!("the lease of {table} was given up while it was taken"),
            })
        })
        .await
    }

    pub(super) async fn release_lease_pg(&self, table: String, holder: String) -> Result<()> {
        self.with(|client| async move {
            client
                .execute(
                    "DELETE FROM leases WHERE table_id = $1 AND holder = $2",
                    &[&table, &holder],
                )
                .await?;
            Ok(())
        })
        .await
    }

    pub(super) async fn renew_leases_pg(
        &self,
        holder: String,
        tables: Vec<String>,
        ttl: Duration,
    ) -> Result<Vec<String>> {
        let ttl = i64::try_from(ttl.as_millis()).unwrap_or(i64::MAX / 2);
        self.with(|client| async move {
            let rows = client
                .query(
                    &format!(
                        "UPDATE leases SET expires = {NOW_MS} + $3 \
                         WHERE holder = $1 AND table_id = ANY($2) RETURNING table_id"
                    ),
                    &[&holder, &tables, &ttl],
                )
                .await?;
            Ok(rows.iter().map(|r| r.get(0)).collect())
        })
        .await
    }

    pub(super) async fn lease_holder_pg(&self, table: String) -> Result<Option<(String, String)>> {
        self.with(|client| async move {
            let row = client
                .query_opt(
                    &format!(
                        "SELECT holder, address FROM leases \
                         WHERE table_id = $1 AND expires >= {NOW_MS}"
                    ),
                    &[&table],
                )
                .await?;
            Ok(match row {
                Some(r) => Some((r.try_get(0)?, r.try_get(1)?)),
                None => None,
            })
        })
        .await
    }

    pub(super) async fn unheld_tables_pg(&self, limit: usize) -> Result<Vec<String>> {
        self.with(|client| async move {
            let rows = client
                .query(
                    &format!(
                        "SELECT t.id FROM tables t \
                         LEFT JOIN leases l ON l.table_id = t.id \
                         WHERE NOT t.expired \
                         AND NOT EXISTS (SELECT 1 FROM finished f WHERE f.table_id = t.id) \
                         AND ((l.table_id IS NULL AND t.created < {NOW_MS} / 1000 - $2) \
                         OR l.expires < {NOW_MS}) \
                         ORDER BY t.created, t.id LIMIT $1"
                    ),
                    &[&(limit as i64), &NEW_TABLE_GRACE_SECS],
                )
                .await?;
            Ok(rows.iter().map(|r| r.get(0)).collect())
        })
        .await
    }
}

/// Now by the database's clock, in milliseconds since the epoch, as leases store it.
pub(super) const NOW_MS: &str = "(extract(epoch FROM clock_timestamp()) * 1000)::bigint";
