//! Bringing stored tables back: every unfinished one on start (and again once the database
//! can be written), an archived one when its link is opened, and the finished ones missing from
//! the lobby's list of finished tables; those that cannot be replayed are listed as damaged.

use super::replay::{rebuild, record_of, FinishedVisitor};
use super::request::{Missing, TableExtras};
use super::{mark, Lobby};
use crate::bots;
use crate::db::{ActionRow, DamageScope, Damaged, Db, Stored, TableRow};
use crate::table::{self, TableHandle, TableInit};
use boardroom_registry::{Playable, Visitor};
use std::collections::HashMap;
use std::sync::{Arc, RwLock};
use tokio::sync::Mutex;

/// Rebuilds a stored table of the visited game and starts it (a finished one only when
/// `finished` says so: otherwise it stays archived).
struct RestoreVisitor<'a> {
    lobby: &'a Lobby,
    row: &'a TableRow,
    actions: &'a [ActionRow],
    rematch: Option<(String, Vec<String>)>,
    finished: bool,
    invited: Vec<usize>,
}

impl Visitor for RestoreVisitor<'_> {
    type Output = anyhow::Result<Option<TableHandle>>;
    fn visit<G: Playable>(self) -> anyhow::Result<Option<TableHandle>> {
        self.lobby.restore::<G>(
            self.row,
            self.actions,
            self.rematch,
            self.finished,
            self.invited,
        )
    }
}

impl Lobby {
    /// Opens the lobby over `db`: replays every stored table, starts each unfinished one
    /// (finished ones stay archived until their link is opened), and lists every table that
    /// cannot be replayed, with the reason (logged, and in [`Lobby::damaged`]). When the
    /// database cannot be written yet, the tables are read again once it can (those it could
    /// not read before come back then).
    pub async fn load(db: Db, settings: table::TableSettings) -> anyhow::Result<Arc<Lobby>> {
        Lobby::load_hosted(db, settings, None).await
    }

    /// Opens the lobby like [`Lobby::load`], as one of several instances serving `db` when
    /// `hosting` says so: only the tables whose lease it takes are started here (see
    /// `lobby/hosting.rs`).
    pub async fn load_hosted(
        db: Db,
        settings: table::TableSettings,
        hosting: Option<super::Hosting>,
    ) -> anyhow::Result<Arc<Lobby>> {
        let lobby = Arc::new(Lobby {
            tables: RwLock::new(HashMap::new()),
            db: db.clone(),
            settings,
            rematch_lock: Mutex::new(()),
            loading: Mutex::new(()),
            damaged: RwLock::new(Vec::new()),
            file_damage: RwLock::new(None),
            hosting,
            listed: Mutex::default(),
            leases_renewed: std::sync::atomic::AtomicBool::new(true),
            draining: std::sync::atomic::AtomicBool::new(false),
            moving: Default::default(),
        });
        lobby.restore_stored().await;
        if !db.writable() {
            let weak = Arc::downgrade(&lobby);
            tokio::spawn(async move {
                db.wait_writable().await;
                if let Some(lobby) = weak.upgrade() {
                    lobby.restore_stored().await;
                }
            });
        }
        Ok(lobby)
    }

    /// Replays every stored table not in memory yet and starts each unfinished one, and lists
    /// those that cannot be replayed (replacing the list).
    async fn restore_stored(&self) {
        // One table brought back at a time: a link opened meanwhile waits.
        let _one_at_a_time = self.loading.lock().await;
        let writable = self.db.writable();
        let (rows, mut damaged) = match self.db.load_tables().await {
            Ok(loaded) => loaded,
            Err(e) => (
                Vec::new(),
                vec![Damaged {
                    id: "(every table)".into(),
                    reason: format!("the list of tables cannot be read: {e:#}"),
                    // Without storage nothing can be read: that is no sign of damage.
                    scope: if writable {
                        DamageScope::File
                    } else {
                        DamageScope::Public
                    },
                }],
            ),
        };
        let tokens: HashMap<String, Vec<String>> = rows
            .iter()
            .map(|r| {
                (
                    r.id.clone(),
                    r.seats.iter().map(|s| s.token.clone()).collect(),
                )
            })
            .collect();
        let mut archived = Vec::new();
        for row in rows {
            if self.get(&row.id).is_some() {
                continue;
            }
            let rematch = row
                .rematch
                .as_ref()
                .and_then(|r| tokens.get(r).map(|t| (r.clone(), t.clone())));
            // Another instance plays it (or the lease cannot be read: adopted later).
            if !matches!(self.take_lease(&row.id).await, Ok(None)) {
                continue;
            }
            let replayed = self.replay(&row, rematch, false).await;
            if !matches!(replayed, Ok(Some(_))) {
                self.release_lease(&row.id).await;
            }
            match replayed {
                Ok(Some(_)) => {}
                Ok(None) => archived.push(row),
                Err(reason) => damaged.push(Damaged {
                    scope: if row.private {
                        DamageScope::Private
                    } else {
                        DamageScope::Public
                    },
                    id: row.id,
                    reason,
                }),
            }
        }
        let archived_count = archived.len();
        // Listing finished tables writes: it waits until the database can be written.
        if writable {
            self.list_finished(archived).await;
        }
        for d in &damaged {
            tracing::error!(table = %d.id, "cannot serve a stored table: {}", d.reason);
        }
        let file_damage = damaged
            .iter()
            .find(|d| d.scope == DamageScope::File)
            .map(|d| d.reason.clone());
        if let Some(problem) = &file_damage {
            tracing::error!(
                "the database file is damaged ({problem}); no table will be created in it: \
                 run `boardroom db check` on it, and restore it from a backup"
            );
        }
        tracing::info!(
            tables = self.len(),
            archived = archived_count,
            damaged = damaged.len(),
            writable,
            "tables restored"
        );
        *self.damaged.write().expect("damaged lock") = damaged;
        *self.file_damage.write().expect("file damage lock") = file_damage;
    }

    /// Lists among the recently finished tables (in the database, so the lobby shows them from
    /// start-up on) every finished table of `archived` not listed yet: one whose game ended
    /// before this list was kept, or whose end could not be stored. Its winners come from
    /// replaying its record; its creation time stands for when it ended. Failures are logged.
    async fn list_finished(&self, archived: Vec<TableRow>) {
        if archived.is_empty() {
            return;
        }
        let known = match self.db.finished_ids().await {
            Ok(known) => known,
            Err(e) => {
                tracing::error!("cannot read the list of finished tables: {e:#}");
                return;
            }
        };
        for row in archived.iter().filter(|r| !known.contains(&r.id)) {
            let finished = match self.db.load_actions(row.id.clone()).await {
                Ok(actions) => boardroom_registry::visit(
                    &row.game,
                    FinishedVisitor {
                        row,
                        actions: &actions,
                    },
                )
                .map_err(anyhow::Error::from)
                .and_then(|r| r),
                Err(e) => Err(e),
            };
            let stored = match finished {
                Ok(finished) => self.db.store_finished(finished).await,
                Err(e) => Err(e),
            };
            if let Err(e) = stored {
                tracing::error!(table = %row.id, "cannot list the finished table: {e:#}");
            }
        }
    }

    /// Reads table `row`'s actions and replays it; `Ok(None)`: finished, left archived.
    async fn replay(
        &self,
        row: &TableRow,
        rematch: Option<(String, Vec<String>)>,
        finished: bool,
    ) -> Result<Option<TableHandle>, String> {
        let actions = self
            .db
            .load_actions(row.id.clone())
            .await
            .map_err(|e| format!("{e:#}"))?;
        let invited = self
            .db
            .accounts()
            .waiting_invites(row.id.clone())
            .await
            .map_err(|e| format!("{e:#}"))?;
        boardroom_registry::visit(
            &row.game,
            RestoreVisitor {
                lobby: self,
                row,
                actions: &actions,
                rematch,
                finished,
                invited,
            },
        )
        .map_err(anyhow::Error::from)
        .and_then(|r| r)
        .map_err(|e| format!("{e:#}"))
    }

    /// The table `id`: in memory, or brought back from the database (an archived table).
    pub async fn open(&self, id: &str) -> Result<TableHandle, Missing> {
        if let Some(handle) = self.get(id) {
            return Ok(handle);
        }
        if id.is_empty() || id.len() > 64 {
            return Err(Missing::Unknown);
        }
        let _one_at_a_time = self.loading.lock().await;
        if let Some(handle) = self.get(id) {
            return Ok(handle);
        }
        let stored = self.db.load_table(id.to_string()).await.map_err(|e| {
            tracing::error!(table = %id, "cannot read a stored table: {e:#}");
            Missing::Damaged("the database cannot be read".into())
        })?;
        let row = match stored {
            None => return Err(Missing::Unknown),
            Some(Stored::Expired) => return Err(Missing::Expired),
            Some(Stored::Damaged(reason)) => return Err(Missing::Damaged(reason)),
            Some(Stored::Table(row)) => *row,
        };
        match self.take_lease(id).await {
            Ok(None) => {}
            Ok(Some(address)) => return Err(Missing::Elsewhere(address)),
            Err(e) => {
                tracing::error!(table = %id, "cannot take a table's lease: {e:#}");
                return Err(Missing::Damaged("the database cannot be read".into()));
            }
        }
        let rematch = match &row.rematch {
            Some(r) => match self.db.load_table(r.clone()).await {
                Ok(Some(Stored::Table(t))) => {
                    Some((r.clone(), t.seats.into_iter().map(|s| s.token).collect()))
                }
                _ => None,
            },
            None => None,
        };
        let replayed = self.replay(&row, rematch, true).await;
        if !matches!(replayed, Ok(Some(_))) {
            self.release_lease(id).await;
        }
        match replayed {
            Ok(Some(handle)) => Ok(handle),
            Ok(None) => Err(Missing::Unknown),
            Err(reason) => {
                tracing::error!(table = %id, "cannot serve a stored table: {reason}");
                Err(Missing::Damaged(reason))
            }
        }
    }

    /// Replays stored table `row` as game `G` and starts it; a finished game only when
    /// `finished` (otherwise `Ok(None)`: it stays archived).
    fn restore<G: Playable>(
        &self,
        row: &TableRow,
        actions: &[ActionRow],
        rematch: Option<(String, Vec<String>)>,
        finished: bool,
        invited: Vec<usize>,
    ) -> anyhow::Result<Option<TableHandle>> {
        if row.seats.len() < G::MIN_PLAYERS || row.seats.len() > G::MAX_PLAYERS {
            anyhow::bail!(
                "{} seats stored; {} is for {} to {} players",
                row.seats.len(),
                G::TITLE,
                G::MIN_PLAYERS,
                G::MAX_PLAYERS
            );
        }
        let archive = crate::revision::served::<G>(row.rules).map_err(anyhow::Error::msg)?;
        let (game, history) = rebuild::<G>(row, actions)?;
        if game.is_over() && !finished {
            return Ok(None);
        }
        let record = record_of::<G>(row, actions)?.actions;
        let init = TableInit {
            id: row.id.clone(),
            created: row.created,
            game,
            seed: row.seed,
            version: record.len() + record.iter().filter(|a| a.undone).count(),
            record,
            history,
            kinds: row
                .seats
                .iter()
                .map(|s| bots::stored_kind(&s.kind))
                .collect(),
            tokens: row.seats.iter().map(|s| s.token.clone()).collect(),
            rematch,
            timer_percent: row.timer_percent,
            hints: row.hints,
            rules: row.rules,
            archive,
            clock: crate::clocks::ClockSettings::from_stored(row.clock.as_deref()),
            times: Some(actions.iter().map(|a| a.at).collect()),
            invited,
        };
        let extras = TableExtras {
            private: row.private,
            bot_speed: row.bot_speed.clone(),
            open_seats: row.open_seats.clone(),
            hints: row.hints,
            rated: row.rated,
            creator: None,
            invited: Vec::new(),
        };
        let handle = table::spawn(init, self.db.clone(), self.table_settings(&extras));
        mark(&handle, &extras);
        self.insert(row.id.clone(), handle.clone());
        Ok(Some(handle))
    }
}
