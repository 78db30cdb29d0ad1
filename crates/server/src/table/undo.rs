//! Taking back a slip: a person may take back their own actions of the current turn, one at
//! a time, but never one that showed them something hidden or left to chance
//! (`Game::reveals`: a card drawn, a die rolled). At a table where every other seat is a bot,
//! that is all; at a table with other people (Board Game Arena's rule) the person's turn must
//! also still be going on: still theirs to act, in the same turn, nobody else having acted
//! since — so nobody else ever sees a position they answered taken away.
//!
//! An undone action stays in the database and the record, marked `undone`; the table's state
//! becomes the replay of the record without it (config + seed + the actions not taken back),
//! so replays stay exact. The table's version moves on, so a bot's move chosen on the state
//! taken back is stale and the bot is asked again; every connection is told (`undone`), and
//! the log shows the action struck through.

use super::replay::replay_steps;
use super::storage::STORAGE_PAUSED;
use super::Table;
use crate::outgoing::{ConnId, Outgoing};
use crate::protocol::{ErrorCode, ServerMsg};
use boardroom_engine::{By, Present, Viewer, CLOCK};
use boardroom_registry::Playable;

impl<G: Playable> Table<G> {
    /// Why `seat` may not take back its last action now, or the number of that action in the
    /// record.
    fn undoable(&self, seat: usize) -> Result<usize, String> {
        if let Some(note) = &self.archive {
            return Err(note.clone());
        }
        if self.game.is_over() {
            return Err("the game is over: nothing can be taken back".into());
        }
        let Some(idx) = self.record.iter().rposition(|a| !a.undone) else {
            return Err("nothing has been played yet: there is nothing to take back".into());
        };
        let last = &self.record[idx];
        if last.seat != seat {
            let who = if last.seat == CLOCK {
                "the clock".to_string()
            } else {
                <G as Present>::seat_name(last.seat)
            };
            return Err(format!(
                "{who} has played since (`{}`): you can take back only your own actions of \
                 your current turn",
                last.action
            ));
        }
        if last.by != By::Player {
            return Err(format!(
                "your stand-in played `{}` in your place: only your own actions can be taken \
                 back",
                last.action
            ));
        }
        if self.among_people(seat) && !self.game.to_act().contains(seat) {
            return Err(format!(
                "your turn has ended: with other people at the table you can take back only \
                 actions of the turn you are still playing (`{}` passed the turn on)",
                last.action
            ));
        }
        Ok(idx)
    }

    /// Whether another seat than `seat` is a person's.
    fn among_people(&self, seat: usize) -> bool {
        (0..self.kinds.len()).any(|s| s != seat && self.kinds[s].is_human())
    }

    /// Takes back the last action of connection `conn`'s seat, or tells it why not (nothing
    /// changes then).
    pub(super) async fn undo(&mut self, conn: ConnId) {
        let Some(viewer) = self.conns.viewer(conn) else {
            return;
        };
        let seat = match viewer {
            Viewer::Spectator => {
                let m = ServerMsg::error(
                    ErrorCode::Spectator,
                    "spectators watch; only a seat's invite link can take an action back",
                );
                return self.send(conn, m);
            }
            Viewer::Seat(s) => s,
        };
        if self.backoff.is_paused() {
            let m = ServerMsg::error(ErrorCode::Internal, STORAGE_PAUSED);
            return self.send(conn, m);
        }
        let idx = match self.undoable(seat) {
            Ok(i) => i,
            Err(reason) => return self.send(conn, ServerMsg::error(ErrorCode::Illegal, reason)),
        };
        // The state before the action: the replay of the record up to it.
        let config = self.game.config();
        let before = match replay_steps::<G>(
            &config,
            self.seed,
            self.rules,
            &self.record[..idx],
            |_, _| {},
        ) {
            Ok(g) => g,
            Err(e) => {
                tracing::error!(table = %self.id, "the table's record does not replay: {e:#}");
                let m = ServerMsg::error(ErrorCode::Internal, "the action could not be taken back");
                return self.send(conn, m);
            }
        };
        let text = self.record[idx].action.clone();
        let action = before.parse_action(&text).ok();
        let revealed = action.as_ref().is_none_or(|a| before.reveals(seat, a));
        // The action as its button said, not its notation.
        let what = action.map_or_else(
            || "Your last action".to_string(),
            |a| {
                format!(
                    "Your last action, “{}”,",
                    before.action_view(seat, &a, self.conns.lang(conn)).label
                )
            },
        );
        if self.among_people(seat)
            && <G as Present>::turn(&before) != <G as Present>::turn(&self.game)
        {
            let m = ServerMsg::error(
                ErrorCode::Illegal,
                format!(
                    "{what} began a new turn: with other people at the table you can take \
                     back only actions of the turn you are still playing"
                ),
            );
            return self.send(conn, m);
        }
        if revealed {
            let m = ServerMsg::error(
                ErrorCode::Illegal,
                format!(
                    "{what} cannot be taken back: it showed you something hidden or left to \
                     chance (a card drawn, a die rolled)"
                ),
            );
            return self.send(conn, m);
        }
        if let Err(e) = self.db.mark_undone(self.id.clone(), idx).await {
            self.backoff
                .log_failure(&self.id, &self.settings.timing, &e);
            let m = ServerMsg::error(
                ErrorCode::Internal,
                "the action could not be taken back (storage failed); nothing changed",
            );
            return self.send(conn, m);
        }
        self.record[idx].undone = true;
        if let Some(step) = self.history.iter_mut().find(|s| s.index == idx) {
            step.undone = true;
        }
        self.game = before;
        self.version += 1;
        // Every answer restarts from now: what it answered may be gone, or come back anew.
        self.staleness.restart();
        self.state_changed();
        self.update_summary();
        self.send_state_to_all(
            Some(Outgoing::from(ServerMsg::Undone { index: idx, seat })),
            None,
        );
    }
}
