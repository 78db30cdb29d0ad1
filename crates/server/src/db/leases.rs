//! Table leases on SQLite: a row per leased table with its holder, the holder's address and
//! when the lease expires (milliseconds since the epoch). A SQLite file is served by one
//! process, so this is the same contract as PostgreSQL's, kept so both backends pass the same
//! tests.

use super::store::Lease;
use super::Sqlite;
use anyhow::Result;
use rusqlite::{params, OptionalExtension};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Now, in milliseconds since the epoch.
fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

impl Sqlite {
    pub(super) async fn take_lease_sqlite(
        &self,
        table: String,
        holder: String,
        address: String,
        ttl: Duration,
    ) -> Result<Lease> {
        self.call(move |conn| {
            let now = now_ms();
            let ttl = i64::try_from(ttl.as_millis()).unwrap_or(i64::MAX / 2);
            conn.execute(
                "INSERT INTO leases (table_id, holder, address, expires) VALUES (?1, ?2, ?3, ?4) \
                 ON CONFLICT (table_id) DO UPDATE SET holder = excluded.holder, \
                 address = excluded.address, expires = excluded.expires \
                 WHERE leases.holder = excluded.holder OR leases.expires < ?5",
                params![table, holder, address, now.saturating_add(ttl), now],
            )?;
            let row: Option<(String, String)> = conn
                .query_row(
                    "SELECT holder, address FROM leases WHERE table_id = ?1",
                    [&table],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )
                .optional()?;
            Ok(match row {
                Some((h, _)) if h == holder => Lease::Held,
                Some((holder, address)) => Lease::HeldBy { holder, address },
                None => anyhow::bail!("the lease of {table} was not stored"),
            })
        })
        .await
    }

    pub(super) async fn release_lease_sqlite(&self, table: String, holder: String) -> Result<()> {
        self.call(move |conn| {
            conn.execute(
                "DELETE FROM leases WHERE table_id = ?1 AND holder = ?2",
                params![table, holder],
            )?;
            Ok(())
        })
        .await
    }

    pub(super) async fn renew_leases_sqlite(
        &self,
        holder: String,
        tables: Vec<String>,
        ttl: Duration,
    ) -> Result<Vec<String>> {
        self.call(move |conn| {
            let expires = now_ms().saturating_add(i64::try_from(ttl.as_millis()).unwrap_or(0));
            let mut held = Vec::new();
            for table in tables {
                let n = conn.execute(
                    "UPDATE leases SET expires = ?1 WHERE table_id = ?2 AND holder = ?3",
                    params![expires, table, holder],
                )?;
                if n == 1 {
                    held.push(table);
                }
            }
            Ok(held)
        })
        .await
    }

    pub(super) async fn lease_holder_sqlite(
        &self,
        table: String,
    ) -> Result<Option<(String, String)>> {
        self.call(move |conn| {
            Ok(conn
                .query_row(
                    "SELECT holder, address FROM leases WHERE table_id = ?1 AND expires >= ?2",
                    params![table, now_ms()],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )
                .optional()?)
        })
        .await
    }

    pub(super) async fn unheld_tables_sqlite(&self, limit: usize) -> Result<Vec<String>> {
        self.call(move |conn| {
            let mut stmt = conn.prepare(
                "SELECT t.id FROM tables t LEFT JOIN leases l ON l.table_id = t.id \
                 WHERE NOT t.expired \
                 AND NOT EXISTS (SELECT 1 FROM finished f WHERE f.table_id = t.id) \
                 AND ((l.table_id IS NULL AND t.created < ?1 / 1000 - ?3) OR l.expires < ?1) \
                 ORDER BY t.created, t.id LIMIT ?2",
            )?;
            let grace = super::store::NEW_TABLE_GRACE_SECS;
            let ids = stmt
                .query_map(params![now_ms(), limit as i64, grace], |r| r.get(0))?
                .collect::<rusqlite::Result<Vec<String>>>()?;
            Ok(ids)
        })
        .await
    }
}
