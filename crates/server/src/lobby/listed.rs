//! The lobby's list when several instances serve one database: each publishes what the lobby
//! shows of the public tables it plays (after every lease round, only what changed), and
//! `GET /api/tables` on any instance answers from the database's list, read again when
//! another instance said it changed (`LISTEN`/`NOTIFY`, `db/pg/listed.rs`) and at least every
//! [`REREAD_EVERY`] (a change told while the listening connection was lost).

use super::Lobby;
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// The longest the lobby's list is served without being read again.
const REREAD_EVERY: Duration = Duration::from_secs(5);

/// What this instance published, and the list as last read.
#[derive(Default)]
pub(super) struct Shared {
    /// The summary published of each table, as JSON.
    published: HashMap<String, String>,
    /// The list as last read, the change count then, and when.
    read: Option<(Vec<serde_json::Value>, u64, Instant)>,
}

impl Lobby {
    /// Publishes what changed in the lobby's lines of the tables this instance plays: the new
    /// and changed public tables in play, and the removal of those that finished, became
    /// private or left its memory. Failures are logged; the next round tries again.
    pub(super) async fn publish(&self) {
        let Some(h) = &self.hosting else {
            return;
        };
        let now: HashMap<String, (i64, String)> = self
            .tables
            .read()
            .expect("tables lock")
            .iter()
            .filter_map(|(id, handle)| {
                let summary = handle.summary.lock().expect("summary lock").clone().now();
                (!summary.private && !summary.over)
                    .then(|| serde_json::to_string(&summary).ok())
                    .flatten()
                    .map(|json| (id.clone(), (summary.created, json)))
            })
            .collect();
        let (upsert, remove) = {
            let shared = self.listed.lock().await;
            let upsert: Vec<(String, i64, String)> = now
                .iter()
                .filter(|(id, (_, json))| shared.published.get(*id) != Some(json))
                .map(|(id, (created, json))| (id.clone(), *created, json.clone()))
                .collect();
            let remove: Vec<String> = shared
                .published
                .keys()
                .filter(|id| !now.contains_key(*id))
                .cloned()
                .collect();
            (upsert, remove)
        };
        if upsert.is_empty() && remove.is_empty() {
            return;
        }
        match self
            .db
            .publish_listed(h.instance.clone(), upsert, remove)
            .await
        {
            Ok(()) => {
                self.listed.lock().await.published =
                    now.into_iter().map(|(id, (_, json))| (id, json)).collect();
            }
            Err(e) => tracing::warn!("cannot publish the lobby's list: {e:#}"),
        }
    }

    /// The lobby's list of tables in play, newest first (at most `limit`): this instance's
    /// own tables when it serves its database alone, else every instance's as published.
    pub async fn list_json(&self, limit: usize) -> Vec<serde_json::Value> {
        let Some(changes) = self.db.lobby_changes().filter(|_| self.hosting.is_some()) else {
            return self
                .list(limit)
                .into_iter()
                .filter_map(|s| serde_json::to_value(s).ok())
                .collect();
        };
        let count = *changes.borrow();
        let mut shared = self.listed.lock().await;
        let fresh = shared
            .read
            .as_ref()
            .is_some_and(|(_, seen, at)| *seen == count && at.elapsed() < REREAD_EVERY);
        if !fresh {
            match self.db.load_listed(limit.max(100)).await {
                Ok(list) => shared.read = Some((list, count, Instant::now())),
                Err(e) => tracing::warn!("cannot read the lobby's list: {e:#}"),
            }
        }
        let mut list = shared
            .read
            .as_ref()
            .map(|(list, _, _)| list.clone())
            .unwrap_or_default();
        list.truncate(limit);
        list
    }
}
