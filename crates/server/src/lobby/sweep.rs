//! The sweeper: every so often each table is asked whether it may leave memory (finished a
//! while ago, or never started and unvisited), and those that may go.

use super::Lobby;
use crate::table::{Command, Retired, TableHandle};
use std::sync::{Arc, Weak};
use std::time::Duration;
use tokio::sync::oneshot;

impl Lobby {
    /// Starts the task that takes finished tables out of memory and expires tables nobody
    /// used (see [`table::Timing`]). It stops with the lobby.
    pub fn spawn_sweeper(self: &Arc<Self>) {
        let timing = &self.settings.timing;
        let every = (timing.archive_after.min(timing.expire_after) / 4)
            .clamp(Duration::from_millis(10), Duration::from_secs(30));
        let lobby: Weak<Lobby> = Arc::downgrade(self);
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(every);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tick.tick().await;
                let Some(lobby) = lobby.upgrade() else {
                    return;
                };
                lobby.sweep().await;
            }
        });
    }

    /// Asks every table whether it may leave memory, and lets those go.
    pub async fn sweep(&self) {
        let handles: Vec<(String, TableHandle)> = self
            .tables
            .read()
            .expect("tables lock")
            .iter()
            .map(|(id, h)| (id.clone(), h.clone()))
            .collect();
        for (id, handle) in handles {
            let (tx, rx) = oneshot::channel();
            // A busy table is asked next time.
            if handle.tx.try_send(Command::Retire { reply: tx }).is_err() {
                continue;
            }
            let Ok(Some(retired)) = rx.await else {
                continue;
            };
            {
                let mut tables = self.tables.write().expect("tables lock");
                if tables
                    .get(&id)
                    .is_some_and(|h| Arc::ptr_eq(&h.summary, &handle.summary))
                {
                    tables.remove(&id);
                }
            }
            self.release_lease(&id).await;
            if retired == Retired::Expired {
                if let Err(e) = self.db.mark_expired(id.clone()).await {
                    tracing::error!(table = %id, "cannot mark a table expired: {e:#}");
                }
            }
            tracing::debug!(table = %id, ?retired, "table left memory");
        }
    }
}
