//! Playing at a table: a person's action, a bot's move, the clock's timeouts, and an action
//! the database refused, waited out and tried again.

use super::reading::read_action;
use super::schedule::BotMsg;
use super::storage::{STORAGE_BACK, STORAGE_PAUSED};
use super::{Refusal, Table};
use crate::outgoing::{ConnId, Outgoing};
use crate::protocol::{ActionInput, ErrorCode, ServerMsg};
use boardroom_engine::{Present, Seat, Viewer, CLOCK};
use boardroom_i18n::ENGLISH;
use boardroom_registry::Playable;
use std::net::IpAddr;
use tokio::time::Instant;

impl<G: Playable> Table<G> {
    /// A person's action from connection `conn` at address `ip` (`version`: the version its
    /// client saw):
    /// checked, committed and told to everyone, or refused with the reason to its sender.
    pub(super) async fn act(
        &mut self,
        conn: ConnId,
        input: ActionInput,
        version: Option<usize>,
        ip: IpAddr,
    ) {
        let Some(viewer) = self.conns.viewer(conn) else {
            return;
        };
        let refuse = |code, message: String| ServerMsg::error(code, message);
        let seat = match viewer {
            Viewer::Spectator => {
                let m = refuse(
                    ErrorCode::Spectator,
                    "spectators watch; only a seat's invite link can act".into(),
                );
                return self.send(conn, m);
            }
            Viewer::Seat(s) => s,
        };
        if let Some(note) = &self.archive {
            return self.send(conn, refuse(ErrorCode::Archived, note.clone()));
        }
        if self.game.is_over() {
            let m = refuse(
                ErrorCode::GameOver,
                "the game is over; start a rematch".into(),
            );
            return self.send(conn, m);
        }
        if self.backoff.is_paused() || !self.db.writable() {
            return self.send(conn, refuse(ErrorCode::Internal, STORAGE_PAUSED.into()));
        }
        if self.stand_ins[seat].is_some() {
            let m = refuse(
                ErrorCode::StandIn,
                "a stand-in plays your seat now: take your seat back first (the button \
                 beside your name)"
                    .into(),
            );
            return self.send(conn, m);
        }
        let parsed = read_action(&self.game, &input);
        if let Some(v) = version {
            let meant = parsed
                .as_ref()
                .is_ok_and(|a| v == self.version || self.still_meant(a, v));
            if v != self.version && !meant {
                let m = refuse(
                    ErrorCode::Stale,
                    "the table moved on — choose again (here is the table now)".into(),
                );
                self.send(conn, m);
                return self.send_state(conn, false);
            }
        }
        if !self.game.to_act().contains(seat) {
            let who = self
                .game
                .to_act()
                .iter()
                .map(<G as Present>::seat_name)
                .collect::<Vec<_>>()
                .join(", ");
            let m = refuse(
                ErrorCode::NotYourTurn,
                format!("it is not your turn: {who} is to act"),
            );
            // Chosen while it was this seat's turn, on a state the table has left since.
            if version.is_some_and(|v| v != self.version) {
                return self.refuse_stale(conn, &m);
            }
            return self.send(conn, m);
        }
        let action = match parsed {
            Ok(a) => a,
            Err(m) if version.is_none() && self.staleness.meant_recently(seat, &input) => {
                return self.refuse_stale(conn, &m);
            }
            Err(m) => return self.send(conn, *m),
        };
        match self
            .commit(seat, action, Some(ip), self.conns.lang(conn))
            .await
        {
            Ok(()) => {}
            Err(Refusal::Limited(e)) => self.send(conn, *e),
            // Chosen on a state the table has left (what it answered looked unchanged, but the
            // table moved on in a way that rules it out now): stale, not a broken rule.
            Err(Refusal::Rule(e))
                if version.is_some_and(|v| v != self.version)
                    || (version.is_none() && self.staleness.meant_recently(seat, &input)) =>
            {
                self.refuse_stale(conn, &e)
            }
            Err(Refusal::Rule(e)) => self.send(conn, *e),
            Err(Refusal::Storage) => self.send(
                conn,
                ServerMsg::error(
                    ErrorCode::Internal,
                    "the action could not be saved, so it was not played; try again",
                ),
            ),
        }
        self.schedule_bot();
    }

    /// Whether `action`, chosen when the table was at version `seen`, is still meant now.
    fn still_meant(&self, action: &G::Action, seen: usize) -> bool {
        self.staleness
            .still_meant(&self.game, action, seen, self.version)
    }

    /// Refuses an action chosen on a state the table has left (`why`: what is wrong with it
    /// now) as stale, and sends the table as it is now.
    fn refuse_stale(&mut self, conn: ConnId, why: &ServerMsg) {
        let now = match why {
            ServerMsg::Error { message, .. } => format!(" (now: {message})"),
            _ => String::new(),
        };
        let m = ServerMsg::error(
            ErrorCode::Stale,
            format!("the table moved on — choose again{now}"),
        );
        self.send(conn, m);
        self.send_state(conn, false);
    }

    /// A bot's move (played when still meant) or its failure.
    pub(super) async fn bot_msg(&mut self, msg: BotMsg<G>) {
        match msg {
            BotMsg::Move {
                version,
                seat,
                bot,
                action,
            } => {
                self.bots.returned(seat, bot);
                let Some(action) = action else {
                    // Nothing worth doing: not asked again before the state changes.
                    self.bots.declined(seat, version);
                    return self.schedule_bot();
                };
                let current = version == self.version;
                // A move chosen on an older state still counts when what it answers has not
                // changed since (an offer still open, the same call in an auction).
                let meant = current || self.still_meant(&action, version);
                let plays = self.bots.plays(seat);
                if meant && plays && !self.backoff.is_paused() && self.game.to_act().contains(seat)
                {
                    match self.commit(seat, action.clone(), None, ENGLISH).await {
                        Ok(()) => {}
                        Err(Refusal::Storage) => return self.pause_for_storage(seat, action),
                        Err(Refusal::Rule(e) | Refusal::Limited(e)) if current => {
                            tracing::error!(table = %self.id, seat, "bot move refused: {e:?}");
                        }
                        Err(Refusal::Rule(_) | Refusal::Limited(_)) => {}
                    }
                }
                self.schedule_bot();
            }
            BotMsg::Failed { seat } => {
                self.bots.failed(seat);
                self.schedule_bot();
            }
        }
    }

    /// Plays the timeouts that are due, for the clock, when the game accepts them; one it
    /// does not accept yet waits for the next change of state.
    pub(super) async fn fire_timers(&mut self) {
        let now = Instant::now();
        while !self.backoff.is_paused() {
            let Some((i, action)) = self.clock.due(now) else {
                break;
            };
            if self.game.check(CLOCK, action.clone()).is_err() {
                self.clock.block(i);
                continue;
            }
            match self.commit(CLOCK, action.clone(), None, ENGLISH).await {
                Ok(()) => {}
                Err(Refusal::Storage) => return self.pause_for_storage(CLOCK, action),
                Err(Refusal::Rule(e) | Refusal::Limited(e)) => {
                    tracing::error!(table = %self.id, "timeout refused: {e:?}");
                    self.clock.block(i);
                }
            }
        }
        self.schedule_bot();
    }

    /// Tells every connection whether play waits for storage.
    fn send_status(&mut self, paused: bool) {
        let msg = Outgoing::from(ServerMsg::Status {
            paused,
            message: if paused { STORAGE_PAUSED } else { STORAGE_BACK }.to_string(),
        });
        self.send_to_all(msg);
    }

    /// The database refused a bot's action: wait (longer after each failure) and retry it.
    fn pause_for_storage(&mut self, seat: Seat, action: G::Action) {
        if self.backoff.pause(seat, action, &self.settings.timing) {
            self.send_status(true);
        }
    }

    /// Tries the waiting bot action again.
    pub(super) async fn retry_storage(&mut self) {
        let Some(p) = self.backoff.take() else {
            return;
        };
        crate::metrics::storage_retry();
        match self.commit(p.seat, p.action.clone(), None, ENGLISH).await {
            Ok(()) => {
                tracing::info!(table = %self.id, "storage is back; play resumes");
                self.backoff.resumed();
                self.send_status(false);
                self.schedule_bot();
            }
            Err(Refusal::Storage) => self.backoff.pause_again(p, &self.settings.timing),
            Err(Refusal::Rule(e) | Refusal::Limited(e)) => {
                tracing::error!(table = %self.id, seat = p.seat, "bot move refused: {e:?}");
                self.send_status(false);
                self.schedule_bot();
            }
        }
    }
}
