//! Tables passed between instances on one database, instead of waiting for a lease to expire:
//!
//! - **Hand-over** ([`Lobby::hand_over`], on SIGTERM or Ctrl-C): the instance stops taking
//!   tables, stops each table it plays between two pieces of its work, and passes each lease
//!   to the instance holding the fewest tables (given up when no other instance serves), which
//!   is told at once (`NOTIFY`) and replays the table from the database; the connections are
//!   told to reconnect (`conn::MOVED`).
//! - **Rebalancing** ([`Lobby::rebalance`], every lease round): an instance holding more than
//!   its share of the tables (their number over the instances serving, rounded up) passes the
//!   extra ones in play to the instances under their share, each at the start of a turn (never
//!   in the middle of one), so a new or restarted instance soon holds its share.

use super::Lobby;
use crate::db::Peer;
use crate::table::{Command, TableHandle};
use std::collections::HashSet;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::oneshot;

/// How long a table asked to move at the start of a turn may take to reach one; after that it
/// stays (a turn that lasts, a person thinking), and a later round may choose another.
pub const MOVE_WAIT: Duration = Duration::from_secs(60);

/// How many rounds a hand-over makes at most: tables opened here while it runs (a link of a
/// table nobody held) are passed on by the next round.
const HAND_OVER_ROUNDS: usize = 5;

impl Lobby {
    /// Whether this instance is stopping: it takes no table, and passes on those it has.
    pub fn draining(&self) -> bool {
        self.draining.load(Ordering::SeqCst)
    }

    /// Hands every table of this instance to the others and stops taking tables (SIGTERM):
    /// each table stops at once between two pieces of its work, its lease is passed to the
    /// instance holding the fewest tables (or given up when no other serves), and its
    /// connections are told to reconnect. Returns once no table is left here. Without
    /// hosting (SQLite) it only stops taking tables.
    pub async fn hand_over(&self) {
        self.draining.store(true, Ordering::SeqCst);
        let Some(h) = &self.hosting else {
            return;
        };
        if let Err(e) = self.db.leave(h.instance.clone()).await {
            tracing::warn!("cannot say this instance stops: {e:#}");
        }
        for _ in 0..HAND_OVER_ROUNDS {
            let handles: Vec<(String, TableHandle)> = self
                .tables
                .read()
                .expect("tables lock")
                .iter()
                .map(|(id, h)| (id.clone(), h.clone()))
                .collect();
            // Leases passed to this instance before it said it stops.
            let passed: Vec<String> = match self.db.held_leases(h.instance.clone()).await {
                Ok(ids) => ids,
                Err(e) => {
                    tracing::warn!("cannot read this instance's leases: {e:#}");
                    Vec::new()
                }
            };
            let in_memory: HashSet<&String> = handles.iter().map(|(id, _)| id).collect();
            let passed: Vec<String> = passed
                .into_iter()
                .filter(|id| !in_memory.contains(id))
                .collect();
            if handles.is_empty() && passed.is_empty() {
                break;
            }
            let stops = handles.iter().map(|(id, handle)| async move {
                let (reply, stopped) = oneshot::channel();
                let command = Command::HandOver {
                    at_turn: false,
                    reply,
                };
                if handle.tx.send(command).await.is_ok() {
                    let _ = stopped.await;
                }
                id.clone()
            });
            let mut ids = futures_util::future::join_all(stops).await;
            {
                let mut tables = self.tables.write().expect("tables lock");
                for (id, handle) in &handles {
                    if tables
                        .get(id)
                        .is_some_and(|t| Arc::ptr_eq(&t.summary, &handle.summary))
                    {
                        tables.remove(id);
                    }
                }
            }
            ids.extend(passed);
            let peers = self.peers().await;
            self.pass(ids, peers).await;
        }
        tracing::info!("this instance handed its tables over");
    }

    /// The other instances serving now (none when they cannot be read: tables are then given
    /// up, and adopted by whoever reads them first).
    async fn peers(&self) -> Vec<Peer> {
        let Some(h) = &self.hosting else {
            return Vec::new();
        };
        match self.db.instances().await {
            Ok(all) => all
                .into_iter()
                .filter(|p| p.instance != h.instance)
                .collect(),
            Err(e) => {
                tracing::warn!("cannot read the instances serving: {e:#}");
                Vec::new()
            }
        }
    }

    /// Passes the leases of `ids` (stopped here) to the instances of `peers` holding the
    /// fewest tables, one at a time, or gives them up when there are none.
    async fn pass(&self, ids: Vec<String>, mut peers: Vec<Peer>) {
        let Some(h) = &self.hosting else {
            return;
        };
        if ids.is_empty() {
            return;
        }
        let moves: Vec<(String, Option<Peer>)> = ids
            .into_iter()
            .map(|id| {
                let to = peers.iter_mut().min_by_key(|p| p.held).map(|p| {
                    p.held += 1;
                    p.clone()
                });
                (id, to)
            })
            .collect();
        for (id, to) in &moves {
            match to {
                Some(p) => tracing::info!(table = %id, to = %p.address, "table handed over"),
                None => tracing::info!(table = %id, "table given up: no other instance serves"),
            }
        }
        if let Err(e) = self.db.pass_leases(h.instance.clone(), moves, h.ttl).await {
            // The tables stopped here: their leases expire, and another instance adopts them.
            tracing::warn!("cannot pass leases on: {e:#}");
        }
    }

    /// Passes the lease of table `id` (not played here) to the instance holding the fewest
    /// tables, or gives it up.
    pub(super) async fn pass_on(&self, id: String) {
        let peers = self.peers().await;
        self.pass(vec![id], peers).await;
    }

    /// Plays here the tables whose lease another instance passed to this one.
    pub async fn take_passed(&self) {
        let Some(h) = &self.hosting else {
            return;
        };
        if self.draining() {
            return;
        }
        let ids = match self.db.held_leases(h.instance.clone()).await {
            Ok(ids) => ids,
            Err(e) => {
                tracing::warn!("cannot read this instance's leases: {e:#}");
                return;
            }
        };
        // A table being moved away holds this instance's lease until it is passed on.
        let moving = self.moving.lock().expect("moving lock").clone();
        for id in ids
            .into_iter()
            .filter(|id| self.get(id).is_none() && !moving.contains(id))
        {
            match self.open(&id).await {
                Ok(_) => tracing::info!(table = %id, "took a table handed over"),
                Err(e) => tracing::warn!(table = %id, "cannot take a table handed over: {e}"),
            }
        }
    }

    /// Passes the tables this instance holds beyond its share to instances under theirs, each
    /// at the start of a turn (see the module's comment).
    pub async fn rebalance(self: &Arc<Self>) {
        let Some(h) = &self.hosting else {
            return;
        };
        if self.draining() || !h.share {
            return;
        }
        let all = match self.db.instances().await {
            Ok(all) => all,
            Err(e) => {
                tracing::warn!("cannot read the instances serving: {e:#}");
                return;
            }
        };
        if all.len() < 2 || !all.iter().any(|p| p.instance == h.instance) {
            return;
        }
        let total: usize = all.iter().map(|p| p.held).sum();
        let share = total.div_ceil(all.len());
        let moving: HashSet<String> = self.moving.lock().expect("moving lock").clone();
        let mine = all
            .iter()
            .find(|p| p.instance == h.instance)
            .map_or(0, |p| p.held)
            .saturating_sub(moving.len());
        let mut extra = mine.saturating_sub(share);
        if extra == 0 {
            return;
        }
        let mut room: Vec<(Peer, usize)> = all
            .into_iter()
            .filter(|p| p.instance != h.instance && p.held < share)
            .map(|p| {
                let free = share - p.held;
                (p, free)
            })
            .collect();
        let candidates: Vec<(String, TableHandle)> = self
            .tables
            .read()
            .expect("tables lock")
            .iter()
            .filter(|(id, t)| {
                !moving.contains(*id) && !t.summary.lock().expect("summary lock").over
            })
            .map(|(id, t)| (id.clone(), t.clone()))
            .collect();
        for (id, handle) in candidates {
            if extra == 0 {
                break;
            }
            let Some((to, free)) = room.iter_mut().filter(|(_, f)| *f > 0).max_by_key(|r| r.1)
            else {
                break;
            };
            *free -= 1;
            extra -= 1;
            self.moving.lock().expect("moving lock").insert(id.clone());
            let lobby = self.clone();
            let to = to.clone();
            tokio::spawn(async move {
                lobby.move_at_turn(&id, handle, to).await;
                lobby.moving.lock().expect("moving lock").remove(&id);
            });
        }
    }

    /// Moves table `id` to instance `to` at the start of its next turn (within [`MOVE_WAIT`]).
    async fn move_at_turn(&self, id: &str, handle: TableHandle, to: Peer) {
        let (reply, stopped) = oneshot::channel();
        let command = Command::HandOver {
            at_turn: true,
            reply,
        };
        if handle.tx.send(command).await.is_err() {
            return;
        }
        let answered = matches!(tokio::time::timeout(MOVE_WAIT, stopped).await, Ok(Ok(())));
        // An answer sent as the wait ran out: the table stops right after it.
        let moved = answered
            || (tokio::time::timeout(Duration::from_secs(1), handle.tx.closed())
                .await
                .is_ok()
                && handle.moved.load(Ordering::SeqCst));
        // A hand-over of every table (the instance stopping) passes it on itself.
        if !moved || self.draining() {
            return;
        }
        {
            let mut tables = self.tables.write().expect("tables lock");
            if tables
                .get(id)
                .is_some_and(|t| Arc::ptr_eq(&t.summary, &handle.summary))
            {
                tables.remove(id);
            }
        }
        self.pass(vec![id.to_string()], vec![to]).await;
    }
}
