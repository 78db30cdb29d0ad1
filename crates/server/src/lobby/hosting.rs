//! Several instances on one database: each live table is held by one instance, the one that
//! holds its lease (`Storage::take_lease`). An instance takes a table's lease before it plays
//! it (creating, restoring, opening a link, adopting), renews the leases of every table in its
//! memory every [`Hosting::renew_every`], and stops a table whose lease it lost. Every action
//! is stored only while its instance holds the lease (checked in the statement that stores it:
//! `db/pg/leases.rs`), so two instances never both play one table. Every instance also adopts
//! the tables in play that nobody holds (their instance died, or stopped), so bots and clocks
//! go on with nobody connected. Without hosting (SQLite: one process serves the file), none of
//! this runs: the lease is held trivially.

use super::Lobby;
use crate::db::Lease;
use crate::table::{Command, TableHandle};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Weak};
use std::time::Duration;

/// How long a lease lasts unless renewed: a killed instance's tables are adopted within this
/// and one [`RENEW_EVERY`] more.
pub const LEASE_TTL: Duration = Duration::from_secs(3);

/// How often an instance renews its leases, says it serves, looks for tables nobody holds and
/// shares its tables out (a lease then survives two late renewals).
pub const RENEW_EVERY: Duration = Duration::from_secs(1);

/// Tables adopted at most per round (the next round takes the next ones).
const ADOPT_PER_ROUND: usize = 64;

/// This instance among the others serving one database.
#[derive(Clone, Debug)]
pub struct Hosting {
    /// This instance's id, as its leases name it (random, new at every start).
    pub instance: String,
    /// Where the other instances reach it (`http://host:port`), stored with its leases.
    pub address: String,
    /// How long a lease lasts unless renewed.
    pub ttl: Duration,
    /// How often leases are renewed and tables nobody holds adopted.
    pub renew_every: Duration,
    /// Whether it passes the tables it holds beyond its share to the other instances.
    pub share: bool,
}

impl Hosting {
    /// An instance reached at `address`, with the default lease timing.
    pub fn new(address: &str) -> Hosting {
        Hosting {
            instance: super::new_token(),
            address: address.trim_end_matches('/').to_string(),
            ttl: LEASE_TTL,
            renew_every: RENEW_EVERY,
            share: true,
        }
    }
}

/// Where a table is played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Located {
    /// Here (in memory, or nobody holds it and this instance may take it).
    Here,
    /// By another instance, reached at this address.
    There(String),
}

impl Lobby {
    /// This instance among others on its database, if it shares one.
    pub fn hosting(&self) -> Option<&Hosting> {
        self.hosting.as_ref()
    }

    /// Takes (or renews) the lease of table `id` for this instance: `Ok(None)` when it holds
    /// it now (always, without hosting), `Ok(Some(address))` when another instance does.
    pub(super) async fn take_lease(&self, id: &str) -> anyhow::Result<Option<String>> {
        let Some(h) = &self.hosting else {
            return Ok(None);
        };
        let lease = self
            .db
            .take_lease(id.into(), h.instance.clone(), h.address.clone(), h.ttl)
            .await?;
        Ok(match lease {
            Lease::Held => None,
            Lease::HeldBy { address, .. } => Some(address),
        })
    }

    /// Gives up the lease of table `id` (it left this instance's memory).
    pub(super) async fn release_lease(&self, id: &str) {
        if let Some(h) = &self.hosting {
            if let Err(e) = self.db.release_lease(id.into(), h.instance.clone()).await {
                // It expires by itself.
                tracing::warn!(table = %id, instance = %self.instance(), "cannot give up a table's lease: {e:#}");
            }
        }
    }

    /// Where table `id` is played: here when it is in memory, when nobody holds it, or
    /// without hosting; otherwise at its holder's address. A database that cannot be read
    /// says here (the request then meets the storage failure itself).
    pub async fn locate(&self, id: &str) -> Located {
        let Some(h) = &self.hosting else {
            return Located::Here;
        };
        if self.get(id).is_some() || id.is_empty() || id.len() > 64 {
            return Located::Here;
        }
        match self.db.lease_holder(id.into()).await {
            Ok(Some((holder, address))) if holder != h.instance => Located::There(address),
            Ok(_) => Located::Here,
            Err(e) => {
                tracing::warn!(table = %id, instance = %self.instance(), "cannot read a table's lease: {e:#}");
                Located::Here
            }
        }
    }

    /// Stops table `id` (this instance lost its lease) unless it was replaced meanwhile.
    fn stop(&self, id: &str, handle: &TableHandle) {
        {
            let mut tables = self.tables.write().expect("tables lock");
            if !tables
                .get(id)
                .is_some_and(|h| Arc::ptr_eq(&h.summary, &handle.summary))
            {
                return;
            }
            tables.remove(id);
        }
        tracing::warn!(table = %id, instance = %self.instance(), "this instance lost the table's lease: the table stops here");
        crate::metrics::lease_lost();
        let tx = handle.tx.clone();
        tokio::spawn(async move {
            let _ = tx.send(Command::Stop).await;
        });
    }

    /// Starts the task that renews this instance's leases, stops the tables whose lease it
    /// lost and adopts the tables nobody holds. It stops with the lobby; without hosting it
    /// does nothing.
    pub fn spawn_hosting(self: &Arc<Self>) {
        let Some(every) = self.hosting.as_ref().map(|h| h.renew_every) else {
            return;
        };
        let lobby: Weak<Lobby> = Arc::downgrade(self);
        let mut moves = self.db.lease_moves();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(every);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                // Told that leases moved (passed to this instance, or given up): taken at
                // once, without waiting for the round.
                let told = tokio::select! {
                    _ = tick.tick() => false,
                    changed = moved(&mut moves) => changed,
                };
                let Some(lobby) = lobby.upgrade() else {
                    return;
                };
                if told {
                    lobby.take_passed().await;
                    lobby.adopt().await;
                    continue;
                }
                lobby.renew().await;
                lobby.beat().await;
                lobby.take_passed().await;
                lobby.adopt().await;
                lobby.rebalance().await;
                lobby.publish().await;
            }
        });
    }

    /// Says this instance serves (unless it is stopping), so others pass it tables.
    async fn beat(&self) {
        let Some(h) = &self.hosting else {
            return;
        };
        if self.draining() {
            return;
        }
        // Shorter than a lease: an instance that died leaves the list before its leases
        // expire, so no table is passed to it once they are adopted.
        let ttl = h.ttl.saturating_sub(h.renew_every).max(h.renew_every);
        if let Err(e) = self
            .db
            .beat(h.instance.clone(), h.address.clone(), ttl)
            .await
        {
            tracing::warn!("cannot say this instance serves: {e:#}");
        }
    }

    /// Renews the lease of every table in memory, and stops those whose lease was lost.
    /// When the database cannot be reached nothing is stopped: no action can be stored
    /// meanwhile, and the leases are renewed (or found lost) once it is back.
    pub async fn renew(&self) {
        let Some(h) = &self.hosting else {
            return;
        };
        let handles: Vec<(String, TableHandle)> = self
            .tables
            .read()
            .expect("tables lock")
            .iter()
            .map(|(id, h)| (id.clone(), h.clone()))
            .collect();
        if handles.is_empty() {
            return;
        }
        let ids = handles.iter().map(|(id, _)| id.clone()).collect();
        let held = match self.db.renew_leases(h.instance.clone(), ids, h.ttl).await {
            Ok(held) => held.into_iter().collect::<std::collections::HashSet<_>>(),
            Err(e) => {
                self.leases_renewed.store(false, Ordering::SeqCst);
                tracing::warn!("cannot renew this instance's leases: {e:#}");
                return;
            }
        };
        self.leases_renewed.store(true, Ordering::SeqCst);
        for (id, handle) in handles.iter().filter(|(id, _)| !held.contains(id)) {
            self.stop(id, handle);
        }
    }

    /// Takes the tables in play that nobody holds and plays them here, replayed from the
    /// database: those of an instance that died, and those nobody opened since.
    pub async fn adopt(&self) {
        if self.hosting.is_none() || self.draining() {
            return;
        }
        let ids = match self.db.unheld_tables(ADOPT_PER_ROUND).await {
            Ok(ids) => ids,
            Err(e) => {
                tracing::warn!("cannot read the tables nobody holds: {e:#}");
                return;
            }
        };
        let damaged: std::collections::HashSet<String> =
            self.damaged().into_iter().map(|d| d.id).collect();
        for id in ids.into_iter().filter(|id| !damaged.contains(id)) {
            match self.open(&id).await {
                Ok(_) => {
                    crate::metrics::lease_taken_over();
                    tracing::info!(table = %id, instance = %self.instance(), "adopted a table nobody held");
                }
                Err(super::Missing::Elsewhere(_)) => {}
                Err(e) => {
                    tracing::warn!(table = %id, instance = %self.instance(), "cannot adopt a table: {e}")
                }
            }
        }
    }
}

/// Returns when leases moved (`true`); never without a listening connection.
async fn moved(moves: &mut Option<tokio::sync::watch::Receiver<u64>>) -> bool {
    match moves {
        Some(rx) => {
            if rx.changed().await.is_ok() {
                return true;
            }
            *moves = None;
            std::future::pending().await
        }
        None => std::future::pending().await,
    }
}
