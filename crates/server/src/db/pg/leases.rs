//! Table leases on PostgreSQL: a row per leased table with its holder, the holder's address
//! and when the lease expires, by the database's clock (so the instances' clocks never
//! matter). Taking a lease is one `INSERT … ON CONFLICT … WHERE`: PostgreSQL locks the row,
//! so of two instances asking at once at most one holds it.

use super::Postgres;
use crate::db::store::Lease;
use anyhow::Result;
use std::time::Duration;

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
}
