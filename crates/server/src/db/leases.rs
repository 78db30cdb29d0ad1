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
}
