//! Creating tables: from a lobby request, or as the rematch of a finished table (same game,
//! settings and seats; a new deal).

use super::request::{
    lobby_config, new_table_id, new_token, CreateTable, Created, CreatedSeat, LobbyError,
    TableExtras, MAX_TABLES, MAX_TIMER_PERCENT,
};
use super::{file_problem_words, mark, Lobby};
use crate::bots::{self, SeatKind};
use crate::clocks::ClockSettings;
use crate::db::{SeatRow, TableRow};
use crate::table::{self, seat_link, spectator_link, Command, TableInit};
use boardroom_engine::Present;
use boardroom_registry::{Playable, Visitor};
use rand::RngCore;
use std::collections::VecDeque;
use std::future::Future;
use std::pin::Pin;
use tokio::sync::oneshot;

/// A future the lobby's visitors return (creating a table is asynchronous: it is stored first).
type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// Creates a table of the visited game from a lobby request.
struct CreateVisitor<'a> {
    lobby: &'a Lobby,
    req: CreateTable,
}

impl<'a> Visitor for CreateVisitor<'a> {
    type Output = BoxFuture<'a, Result<(Created, Vec<String>), LobbyError>>;
    fn visit<G: Playable>(self) -> Self::Output {
        let CreateVisitor { lobby, req } = self;
        Box::pin(async move {
            let config = lobby_config::<G>(req.seats.len(), &req.options)?;
            bots::check_kinds::<G>(&req.seats).map_err(LobbyError::BadRequest)?;
            let clock = match &req.clock {
                None => ClockSettings::default(),
                Some(v) => ClockSettings::parse(v)
                    .map_err(|e| LobbyError::BadRequest(format!("clock: {e}")))?,
            };
            check_standin::<G>(&clock)?;
            let percent = req.timer_percent.unwrap_or(100);
            if percent > MAX_TIMER_PERCENT {
                return Err(LobbyError::BadRequest(format!(
                    "`timer_percent` is {percent}: it runs from 0 (no timers) to \
                     {MAX_TIMER_PERCENT}"
                )));
            }
            if let Some(speed) = &req.bot_speed {
                bots::BotSpeed::parse(speed).map_err(LobbyError::BadRequest)?;
            }
            crate::seats::check_open(&req.open_seats, &req.seats, req.private)
                .map_err(LobbyError::BadRequest)?;
            let creator = req.creator.as_ref();
            let invited =
                super::invite::check(lobby, &req.seats, &req.open_seats, creator, &req.invite)
                    .await?;
            let invited_seats: Vec<usize> = invited.iter().map(|i| i.seat).collect();
            if req.rated {
                check_rated(
                    &req.seats,
                    &req.open_seats,
                    &invited_seats,
                    creator.is_some(),
                )?;
            }
            let extras = TableExtras {
                private: req.private,
                bot_speed: req.bot_speed,
                open_seats: req.open_seats,
                hints: req.hints,
                rated: req.rated,
                creator: creator
                    .filter(|_| req.rated || !invited.is_empty())
                    .map(|a| a.id),
                invited: invited.iter().map(|i| (i.seat, i.account.id)).collect(),
            };
            let (mut created, tokens) = lobby
                .start::<G>(config, req.seats, None, percent, clock, extras)
                .await?;
            for invitation in &invited {
                if let Some(seat) = created.seats.get_mut(invitation.seat) {
                    seat.link = None;
                    seat.invited = Some(invitation.account.name.clone());
                }
            }
            if let Some(creator) = creator {
                for invitation in invited {
                    super::invite::tell(
                        lobby,
                        &created.id,
                        G::NAME,
                        G::TITLE,
                        &creator.name,
                        invitation,
                    );
                }
            }
            Ok((created, tokens))
        })
    }
}

/// Checks that a rated table's every seat is a signed-in person or a bot: its first person
/// seat is its signed-in creator's (`signed_in`), the `invited` seats wait for accounts, and
/// any other person seat would be a guest's (as would a seat open to anyone in the lobby), so
/// it cannot be rated.
fn check_rated(
    kinds: &[SeatKind],
    open: &[usize],
    invited: &[usize],
    signed_in: bool,
) -> Result<(), LobbyError> {
    if let Some(seat) = open.first() {
        return Err(LobbyError::BadRequest(format!(
            "a rated table cannot open seat {seat} to anyone in the lobby: every seat of a \
             rated table is a signed-in person or a bot"
        )));
    }
    let mut people = kinds
        .iter()
        .enumerate()
        .filter(|(s, k)| k.is_human() && !invited.contains(s))
        .map(|(s, _)| s);
    let guest = if signed_in {
        people.nth(1)
    } else {
        people.next()
    };
    match guest {
        Some(seat) if signed_in => Err(LobbyError::BadRequest(format!(
            "seat {seat} is a guest's: every seat of a rated table is a signed-in person or a \
             bot, and a rated table seats you at its first person seat, invited accounts at \
             theirs and bots at the others"
        ))),
        Some(seat) => Err(LobbyError::BadRequest(format!(
            "seat {seat} is a guest's: every seat of a rated table is a signed-in person or a \
             bot (sign in to sit at a rated table, or make the table unrated)"
        ))),
        None => Ok(()),
    }
}

/// Checks that the clock's stand-in is a bot game `G` offers.
fn check_standin<G: Playable>(clock: &ClockSettings) -> Result<(), LobbyError> {
    bots::check_kinds::<G>(&[SeatKind::Bot(clock.standin)])
        .map_err(|e| LobbyError::BadRequest(format!("clock: the stand-in: {e}")))
}

/// Creates the rematch of a table of the visited game from its stored configuration.
struct RematchVisitor<'a> {
    lobby: &'a Lobby,
    config: String,
    kinds: Vec<SeatKind>,
    rematch_of: String,
    timer_percent: u32,
    clock: ClockSettings,
    extras: TableExtras,
}

impl<'a> Visitor for RematchVisitor<'a> {
    type Output = BoxFuture<'a, Result<(Created, Vec<String>), LobbyError>>;
    fn visit<G: Playable>(self) -> Self::Output {
        let RematchVisitor {
            lobby,
            config,
            kinds,
            rematch_of,
            timer_percent,
            clock,
            extras,
        } = self;
        Box::pin(async move {
            let config: G::Config = serde_json::from_str(&config).map_err(|e| {
                LobbyError::Storage(anyhow::anyhow!("stored configuration unreadable: {e}"))
            })?;
            lobby
                .start::<G>(
                    config,
                    kinds,
                    Some(rematch_of),
                    timer_percent,
                    clock,
                    extras,
                )
                .await
        })
    }
}

impl Lobby {
    /// Creates a table (stored before this returns) and starts it. The game is found in the
    /// registry by its id; its options are checked against those it offers in the lobby.
    pub async fn create(&self, req: CreateTable) -> Result<Created, LobbyError> {
        let game = req.game.clone();
        let create = boardroom_registry::visit(&game, CreateVisitor { lobby: self, req })
            .map_err(|e| LobbyError::BadRequest(e.to_string()))?;
        create.await.map(|(created, _)| created)
    }

    /// Stores and starts a new table of `G` (the configuration already checked).
    async fn start<G: Playable>(
        &self,
        config: G::Config,
        kinds: Vec<SeatKind>,
        rematch_of: Option<String>,
        timer_percent: u32,
        clock: ClockSettings,
        extras: TableExtras,
    ) -> Result<(Created, Vec<String>), LobbyError> {
        let req_seats = kinds;
        if self.len() >= MAX_TABLES {
            return Err(LobbyError::Full);
        }
        let seed = rand::rngs::OsRng.next_u64();
        let game = G::new(&config, seed).map_err(|e| LobbyError::BadRequest(e.to_string()))?;
        let id = new_table_id();
        let tokens: Vec<String> = req_seats.iter().map(|_| new_token()).collect();
        let row = TableRow {
            id: id.clone(),
            game: G::NAME.to_string(),
            config: serde_json::to_string(&config)
                .map_err(|e| LobbyError::Storage(anyhow::anyhow!("configuration as JSON: {e}")))?,
            seed,
            created: crate::time::now(),
            seats: req_seats
                .iter()
                .zip(&tokens)
                .map(|(k, t)| SeatRow {
                    kind: k.to_string(),
                    token: t.clone(),
                })
                .collect(),
            rematch_of,
            rematch: None,
            timer_percent,
            private: extras.private,
            bot_speed: extras.bot_speed.clone(),
            open_seats: extras.open_seats.clone(),
            hints: extras.hints,
            rules: G::RULES_REVISION,
            clock: clock.stored(),
            rated: extras.rated,
        };
        if let Some(problem) = self.file_damage.read().expect("file damage lock").clone() {
            return Err(LobbyError::Damaged(file_problem_words(&problem)));
        }
        if !self.db.writable() {
            return Err(LobbyError::Unavailable);
        }
        if let Err(e) = self.db.insert_table(row.clone()).await {
            tracing::error!(table = %id, "cannot store a new table: {e:#}");
            return Err(LobbyError::Storage(e));
        }
        self.seat_creator(&id, &req_seats, extras.creator, &extras.invited)
            .await?;
        let init = TableInit {
            id: id.clone(),
            created: row.created,
            game,
            seed,
            record: Vec::new(),
            version: 0,
            history: VecDeque::new(),
            kinds: req_seats.clone(),
            tokens: tokens.clone(),
            rematch: None,
            timer_percent,
            hints: extras.hints,
            rules: G::RULES_REVISION,
            archive: None,
            clock,
            times: None,
            invited: extras.invited.iter().map(|&(s, _)| s).collect(),
        };
        // Another instance that found the table stored before its lease was taken plays
        // it (replayed from the database); one that cannot take it now leaves it to be
        // adopted. Its links work either way.
        // An instance that is stopping plays no new table: it passes the lease on at once.
        let lease = self.take_lease(&id).await;
        if self.draining() && matches!(lease, Ok(None)) {
            self.pass_on(id.clone()).await;
        }
        match lease {
            Ok(None) if self.draining() => {}
            Ok(None) => {
                let handle = table::spawn(init, self.db.clone(), self.table_settings(&extras));
                mark(&handle, &extras);
                self.insert(id.clone(), handle);
            }
            Ok(Some(_)) => {}
            Err(e) => tracing::warn!(table = %id, "cannot take a new table's lease: {e:#}"),
        }
        let created = Created {
            seats: req_seats
                .iter()
                .enumerate()
                .map(|(s, k)| CreatedSeat {
                    seat: s,
                    name: <G as Present>::seat_name(s),
                    kind: *k,
                    link: k.is_human().then(|| seat_link(&id, &tokens[s])),
                    invited: None,
                })
                .collect(),
            spectator: spectator_link(&id),
            id,
        };
        Ok((created, tokens))
    }

    /// Starts the rematch of finished table `id` (same game, settings and seats; a new deal), or
    /// returns the one already started. Every connection of the old table is sent its link.
    pub async fn rematch(&self, id: &str) -> Result<String, LobbyError> {
        let _one_at_a_time = self.rematch_lock.lock().await;
        let handle = self.get(id).ok_or(LobbyError::NoSuchTable)?;
        let (tx, rx) = oneshot::channel();
        handle
            .tx
            .send(Command::Spec { reply: tx })
            .await
            .map_err(|_| LobbyError::NoSuchTable)?;
        let spec = rx.await.map_err(|_| LobbyError::NoSuchTable)?;
        if let Some(existing) = spec.rematch {
            // Already started: send the links again (to whoever asks, and everyone else).
            let _ = handle.tx.send(Command::ResendRematch).await;
            return Ok(existing);
        }
        if !spec.over {
            return Err(LobbyError::BadRequest(
                "a rematch can start once the game is over".into(),
            ));
        }
        let extras = {
            let summary = handle.summary.lock().expect("summary lock");
            TableExtras {
                private: summary.private,
                bot_speed: summary.bot_speed.clone(),
                open_seats: Vec::new(),
                hints: spec.hints,
                // A rematch is unrated: its creator marks a new table rated.
                rated: false,
                creator: None,
                invited: Vec::new(),
            }
        };
        let start = boardroom_registry::visit(
            &spec.game,
            RematchVisitor {
                lobby: self,
                config: spec.config,
                kinds: spec.kinds,
                rematch_of: spec.id,
                timer_percent: spec.timer_percent,
                clock: spec.clock,
                extras,
            },
        )
        .map_err(|e| LobbyError::Storage(e.into()))?;
        let (created, tokens) = start.await?;
        let _ = handle
            .tx
            .send(Command::RematchReady {
                table: created.id.clone(),
                tokens,
            })
            .await;
        Ok(created.id)
    }

    /// Ties the first person seat of a new rated table, or one with invitations, to its
    /// signed-in creator (`creator`), so that its result counts for the creator's rating and
    /// it is in the creator's "My games"; and the `invited` seats to the accounts they wait
    /// for.
    async fn seat_creator(
        &self,
        id: &str,
        kinds: &[SeatKind],
        creator: Option<crate::accounts::AccountId>,
        invited: &[(usize, crate::accounts::AccountId)],
    ) -> Result<(), LobbyError> {
        let (Some(account), Some(seat)) = (creator, kinds.iter().position(|k| k.is_human())) else {
            return Ok(());
        };
        let mut ties = vec![crate::accounts::SeatTie {
            seat,
            account,
            state: crate::accounts::SeatState::Seated,
            invited_by: None,
        }];
        ties.extend(super::invite::ties(account, invited));
        self.db
            .accounts()
            .tie_seats(id.to_string(), ties, crate::time::now_ms())
            .await
            .map_err(|e| {
                tracing::error!(table = %id, "cannot seat a rated table's creator: {e:#}");
                LobbyError::Storage(e)
            })
    }
}
