//! A table's whole history: replaying its record into log steps, the whole log for a
//! connection, the game record of a finished game, and the frames of its replay.

use super::{ConnId, Table};
use crate::protocol::{ErrorCode, ReplayFrame, ServerMsg};
use crate::view::{self, Step};
use boardroom_engine::{Game, Present, Record, RecordedAction, Seat, Viewer, CLOCK};
use boardroom_games::Playable;

/// Why a game record is not given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordRefusal {
    /// The game is still running: its record would reveal the seed, so hidden cards and dice
    /// to come.
    Running,
    /// The link's token holds no seat at this table.
    BadToken,
}

impl std::fmt::Display for RecordRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            RecordRefusal::Running => {
                "the game is still running: its record (which reveals what is hidden) can be \
                 downloaded once the game is over"
            }
            RecordRefusal::BadToken => {
                "this link holds no seat at this table: use a seat's invite link or the \
                 spectator link"
            }
        })
    }
}

/// Replays `record` from `config` and `seed` with the engine's one replay
/// ([`boardroom_engine::replay_actions`]): every stored action, undone ones included, handed
/// to `visit` as a [`Step`] with the game after it (after an undone one: the game as it
/// stays). Returns the game now. An error names the first live action that does not replay.
pub fn replay_steps<G: Game + Present>(
    config: &G::Config,
    seed: u64,
    record: &[RecordedAction],
    mut visit: impl FnMut(Step<G>, &G),
) -> anyhow::Result<G> {
    let game = boardroom_engine::replay_actions::<G, u32>(
        config,
        seed,
        record,
        |g| <G as Present>::turn(g),
        |r, after| {
            visit(
                Step {
                    index: r.index,
                    seat: r.seat,
                    action: record[r.index].action.clone(),
                    turn: r.before,
                    undone: r.undone,
                    events: r.events,
                },
                after,
            )
        },
    )?;
    Ok(game)
}

/// How the lobby's list of recently finished tables shows finished game `game` of table `id`:
/// its title, variant and winners, when it ended (`finished`, seconds since the Unix epoch),
/// and the actions played (those taken back not counted).
pub fn finished_row<G: Playable>(
    id: &str,
    game: &G,
    finished: i64,
    record: &[RecordedAction],
) -> crate::db::FinishedRow {
    crate::db::FinishedRow {
        id: id.to_string(),
        game: G::NAME.to_string(),
        title: G::TITLE.to_string(),
        edition: game.variant(),
        finished,
        winners: game
            .outcome()
            .map(|o| o.winners.iter().map(<G as Present>::seat_name).collect())
            .unwrap_or_default(),
        actions: record.iter().filter(|a| !a.undone).count(),
    }
}

impl<G: Playable> Table<G> {
    /// The game's record: what `boardroom replay` reads.
    fn record_of(&self) -> Record<G::Config> {
        Record {
            game: G::NAME.to_string(),
            rules: self.rules,
            config: self.game.config(),
            seed: self.seed,
            actions: self.record.clone(),
        }
    }

    /// Remembers in the database that the game ended, with its winners (for the lobby's list
    /// of recently finished tables). A failure is logged: the game itself is stored already.
    pub(super) fn store_finished(&self) {
        let db = self.db.clone();
        let finished = finished_row(&self.id, &self.game, crate::lobby::now(), &self.record);
        tokio::spawn(async move {
            let id = finished.id.clone();
            if let Err(e) = db.store_finished(finished).await {
                tracing::error!(table = %id, "cannot store that the game ended: {e:#}");
            }
        });
    }

    /// The game record as JSON for the holder of `token`, once the game is over.
    pub(super) fn game_record(
        &self,
        token: Option<&str>,
    ) -> Result<serde_json::Value, RecordRefusal> {
        if let Some(t) = token.filter(|t| !t.is_empty()) {
            let known = self.tokens.iter().enumerate().any(|(s, tok)| {
                self.kinds[s] == crate::bots::HUMAN && super::constant_time_eq(tok, t)
            });
            if !known {
                return Err(RecordRefusal::BadToken);
            }
        }
        // An archive never goes on, so its record reveals nothing still to be played.
        if !self.game.is_over() && self.archive.is_none() {
            return Err(RecordRefusal::Running);
        }
        serde_json::to_value(self.record_of()).map_err(|e| {
            tracing::error!(table = %self.id, "cannot write a record: {e}");
            RecordRefusal::Running
        })
    }

    /// Replays the table's record, handing each step and the game after it to `visit`.
    fn replay(&self, visit: impl FnMut(Step<G>, &G)) -> anyhow::Result<G> {
        replay_steps(&self.game.config(), self.seed, &self.record, visit)
    }

    /// Sends connection `conn` the whole log, redacted for its viewer.
    pub(super) fn send_log(&mut self, conn: ConnId) {
        let Some(viewer) = self.conns.get(&conn).map(|c| c.viewer) else {
            return;
        };
        let mut entries = Vec::with_capacity(self.record.len());
        let msg = match self.replay(|step, _| entries.push(view::log_entry(&step, viewer))) {
            Ok(_) => ServerMsg::Log { entries },
            Err(e) => {
                tracing::error!(table = %self.id, "the table's record does not replay: {e:#}");
                ServerMsg::error(ErrorCode::Internal, "the log could not be rebuilt")
            }
        };
        self.send(conn, msg);
    }

    /// Sends connection `conn` the frame of the finished game's replay after `step` actions,
    /// as `seat` saw it (everything hidden is shown: the game is over).
    pub(super) fn send_replay(&mut self, conn: ConnId, step: usize, seat: Option<Seat>) {
        if !self.conns.contains_key(&conn) {
            return;
        }
        if !self.game.is_over() {
            let m = ServerMsg::error(
                ErrorCode::Illegal,
                "the replay opens once the game is over (it shows everything hidden)",
            );
            return self.send(conn, m);
        }
        let players = self.game.num_players();
        if let Some(s) = seat.filter(|&s| s >= players) {
            let m = ServerMsg::error(
                ErrorCode::Malformed,
                format!("seat {s} is not at this table (seats 0 to {})", players - 1),
            );
            return self.send(conn, m);
        }
        let mut frame: Option<(G, Option<Step<G>>)> = None;
        let mut steps = 0;
        let mut turns: Vec<(u32, usize)> = Vec::new();
        let replayed = self.replay(|s, after| {
            if s.undone {
                return;
            }
            if turns.last().is_none_or(|&(t, _)| t != s.turn) {
                turns.push((s.turn, steps));
            }
            steps += 1;
            if steps == step {
                frame = Some((after.clone(), Some(s)));
            }
        });
        if let Err(e) = replayed {
            tracing::error!(table = %self.id, "the table's record does not replay: {e:#}");
            let m = ServerMsg::error(ErrorCode::Internal, "the replay could not be rebuilt");
            return self.send(conn, m);
        }
        if step > steps {
            let m = ServerMsg::error(
                ErrorCode::Malformed,
                format!("step {step} is beyond the game's end ({steps} steps)"),
            );
            return self.send(conn, m);
        }
        let (game, last) = match frame {
            Some(f) => f,
            None => match G::new(&self.game.config(), self.seed) {
                Ok(g) => (g, None),
                Err(e) => {
                    tracing::error!(table = %self.id, "cannot set up the game again: {e}");
                    let m =
                        ServerMsg::error(ErrorCode::Internal, "the replay could not be rebuilt");
                    return self.send(conn, m);
                }
            },
        };
        let seat = seat
            .or_else(|| last.as_ref().map(|s| s.seat).filter(|&s| s != CLOCK))
            .or_else(|| game.to_act().first())
            .unwrap_or(0);
        let viewer = Viewer::Seat(seat);
        let msg = ServerMsg::Replay(Box::new(ReplayFrame {
            step,
            steps,
            seat,
            turn: <G as Present>::turn(&game),
            to_act: game.to_act().iter().collect(),
            observation: view::raw_json(&game.observe(viewer)),
            extra: game.extra(viewer),
            last: last.as_ref().map(view::full_entry),
            turns,
        }));
        self.send(conn, msg);
    }
}
