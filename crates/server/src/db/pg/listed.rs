//! The lobby's list shared by every instance on one PostgreSQL database: each instance
//! publishes what the lobby shows of the public tables it plays (`listed`, each row naming
//! its publisher, so an instance that lost a table never removes its new holder's line), says so on the
//! channel [`CHANNEL`] (`NOTIFY`), and every instance listens on a connection of its own
//! (reconnecting when it is lost), so its lobby reads the list again when it changed.

use super::instances::LEASES_CHANNEL;
use super::Postgres;
use anyhow::Result;
use futures_util::StreamExt;
use std::time::Duration;
use tokio::sync::watch;
use tokio_postgres::{AsyncMessage, NoTls};

/// The channel of the lobby's changes.
const CHANNEL: &str = "boardroom_lobby";

/// How long the listener waits before connecting again after losing its connection.
const RELISTEN_AFTER: Duration = Duration::from_secs(1);

impl Postgres {
    pub(super) async fn publish_listed_pg(
        &self,
        holder: String,
        upsert: Vec<(String, i64, String)>,
        remove: Vec<String>,
    ) -> Result<()> {
        self.with(|mut client| async move {
            let tx = client.transaction().await?;
            for (id, created, summary) in &upsert {
                tx.execute(
                    "INSERT INTO listed (table_id, created, summary, holder) \
                     VALUES ($1, $2, $3, $4) ON CONFLICT (table_id) DO UPDATE \
                     SET summary = EXCLUDED.summary, holder = EXCLUDED.holder",
                    &[id, created, summary, &holder],
                )
                .await?;
            }
            if !remove.is_empty() {
                tx.execute(
                    "DELETE FROM listed WHERE table_id = ANY($1) AND holder = $2",
                    &[&remove, &holder],
                )
                .await?;
            }
            tx.execute(&format!("NOTIFY {CHANNEL}"), &[]).await?;
            tx.commit().await?;
            Ok(())
        })
        .await
    }

    pub(super) async fn load_listed_pg(&self, limit: usize) -> Result<Vec<serde_json::Value>> {
        self.with(|client| async move {
            let rows = client
                .query(
                    "SELECT l.summary FROM listed l JOIN tables t ON t.id = l.table_id \
                     WHERE NOT t.expired \
                     AND NOT EXISTS (SELECT 1 FROM finished f WHERE f.table_id = l.table_id) \
                     ORDER BY l.created DESC, l.table_id LIMIT $1",
                    &[&(limit as i64)],
                )
                .await?;
            Ok(rows
                .iter()
                .filter_map(|r| r.try_get::<_, String>(0).ok())
                .filter_map(|s| serde_json::from_str(&s).ok())
                .collect())
        })
        .await
    }
}

/// What an instance hears on its listening connection: each number grows at every
/// notification on its channel, and whenever the connection was lost and made again (one may
/// have been missed meanwhile).
pub(super) struct Heard {
    /// The lobby's list changed.
    pub lobby: watch::Receiver<u64>,
    /// Leases were passed between instances or given up.
    pub leases: watch::Receiver<u64>,
}

/// Listens for the lobby's changes and for leases passed, on a connection of its own to the
/// database at `url`. The task ends when every receiver is gone.
pub(super) fn listen(config: tokio_postgres::Config) -> Heard {
    let (tx, lobby) = watch::channel(0u64);
    let (moved, leases) = watch::channel(0u64);
    tokio::spawn(async move {
        let bump_both = |tx: &watch::Sender<u64>, moved: &watch::Sender<u64>| {
            tx.send_modify(|n| *n += 1);
            moved.send_modify(|n| *n += 1);
        };
        loop {
            if tx.is_closed() && moved.is_closed() {
                return;
            }
            match config.connect(NoTls).await {
                Ok((client, mut connection)) => {
                    let (bump, bump_moved) = (tx.clone(), moved.clone());
                    let mut messages =
                        futures_util::stream::poll_fn(move |cx| connection.poll_message(cx));
                    let driven = tokio::spawn(async move {
                        while let Some(Ok(message)) = messages.next().await {
                            if let AsyncMessage::Notification(n) = message {
                                if n.channel() == LEASES_CHANNEL {
                                    bump_moved.send_modify(|n| *n += 1);
                                } else {
                                    bump.send_modify(|n| *n += 1);
                                }
                            }
                        }
                    });
                    let listen = format!("LISTEN {CHANNEL}; LISTEN {LEASES_CHANNEL}");
                    match client.batch_execute(&listen).await {
                        Ok(()) => {
                            bump_both(&tx, &moved);
                            let _ = driven.await;
                            tracing::warn!("the lobby's listening connection was lost");
                        }
                        Err(e) => {
                            driven.abort();
                            tracing::warn!("cannot listen for the lobby's changes: {e}");
                        }
                    }
                    drop(client);
                }
                Err(e) => tracing::warn!("cannot listen for the lobby's changes: {e}"),
            }
            bump_both(&tx, &moved);
            tokio::time::sleep(RELISTEN_AFTER).await;
        }
    });
    Heard { lobby, leases }
}
