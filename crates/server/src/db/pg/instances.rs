//! The instances serving one PostgreSQL database, and leases passed between them. Each
//! instance says it serves every lease round (`beat`: a row expiring like a lease), so the
//! others know where to pass tables (a hand-over when it stops, rebalancing) and how many
//! tables each should hold. Passing a lease is one transaction that rewrites the lease's row
//! for its new holder and says so on the channel [`LEASES_CHANNEL`], which every instance
//! listens to (`listed::listen`): the new holder replays the table at once, instead of
//! waiting for the lease to expire.

use super::leases::NOW_MS;
use super::Postgres;
use crate::db::store::Peer;
use anyhow::Result;
use std::time::Duration;

/// The channel on which instances are told that leases were passed or given up.
pub(super) const LEASES_CHANNEL: &str = "boardroom_leases";

/// How long an instance's row is kept after it stopped beating (it is then forgotten).
const FORGET_AFTER_MS: i64 = 60_000;

fn millis(d: Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX / 2)
}

impl Postgres {
    pub(super) async fn beat_pg(
        &self,
        instance: String,
        address: String,
        ttl: Duration,
    ) -> Result<()> {
        let ttl = millis(ttl);
        self.with(|client| async move {
            client
                .execute(
                    &format!(
                        "INSERT INTO instances (id, address, expires) VALUES ($1, $2, {NOW_MS} + $3) \
                         ON CONFLICT (id) DO UPDATE SET address = EXCLUDED.address, \
                         expires = EXCLUDED.expires"
                    ),
                    &[&instance, &address, &ttl],
                )
                .await?;
            client
                .execute(
                    &format!("DELETE FROM instances WHERE expires < {NOW_MS} - $1"),
                    &[&FORGET_AFTER_MS],
                )
                .await?;
            Ok(())
        })
        .await
    }

    pub(super) async fn instances_pg(&self) -> Result<Vec<Peer>> {
        self.with(|client| async move {
            let rows = client
                .query(
                    &format!(
                        "SELECT i.id, i.address, (SELECT count(*) FROM leases l \
                         WHERE l.holder = i.id AND l.expires > {NOW_MS}) \
                         FROM instances i WHERE i.expires > {NOW_MS} ORDER BY i.id"
                    ),
                    &[],
                )
                .await?;
            rows.iter()
                .map(|r| {
                    let held: i64 = r.try_get(2)?;
                    Ok(Peer {
                        instance: r.try_get(0)?,
                        address: r.try_get(1)?,
                        held: usize::try_from(held).unwrap_or(0),
                    })
                })
                .collect()
        })
        .await
    }

    pub(super) async fn leave_pg(&self, instance: String) -> Result<()> {
        self.with(|client| async move {
            client
                .execute("DELETE FROM instances WHERE id = $1", &[&instance])
                .await?;
            Ok(())
        })
        .await
    }

    pub(super) async fn pass_leases_pg(
        &self,
        holder: String,
        moves: Vec<(String, Option<Peer>)>,
        ttl: Duration,
    ) -> Result<()> {
        let ttl = millis(ttl);
        self.with(|mut client| async move {
            let tx = client.transaction().await?;
            for (table, to) in &moves {
                match to {
                    Some(peer) => {
                        tx.execute(
                            &format!(
                                "UPDATE leases SET holder = $3, address = $4, \
                                 expires = {NOW_MS} + $5 WHERE table_id = $1 AND holder = $2"
                            ),
                            &[table, &holder, &peer.instance, &peer.address, &ttl],
                        )
                        .await?
                    }
                    // Expired rather than removed: adopted at once, however new the table.
                    None => {
                        tx.execute(
                            "UPDATE leases SET expires = 0 WHERE table_id = $1 AND holder = $2",
                            &[table, &holder],
                        )
                        .await?
                    }
                };
            }
            tx.execute(&format!("NOTIFY {LEASES_CHANNEL}"), &[]).await?;
            tx.commit().await?;
            Ok(())
        })
        .await
    }

    pub(super) async fn held_leases_pg(&self, holder: String) -> Result<Vec<String>> {
        self.with(|client| async move {
            let rows = client
                .query(
                    &format!(
                        "SELECT table_id FROM leases WHERE holder = $1 AND expires > {NOW_MS} \
                         ORDER BY table_id"
                    ),
                    &[&holder],
                )
                .await?;
            Ok(rows.iter().map(|r| r.get(0)).collect())
        })
        .await
    }
}
