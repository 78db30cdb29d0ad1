//! A table's whole history: replaying its record into log steps, the whole log for a
//! connection, the game record of a finished game, and the frames of its replay.

use super::{ConnId, Table};
use crate::protocol::{ErrorCode, ReplayFrame, ServerMsg};
use crate::view::{self, Step};
use boardroom_engine::{Game, Present, Record, RecordedAction, Seat, Viewer, CLOCK};
use boardroom_games::Playable;
use std::sync::Arc;

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
        let finished = finished_row(&self.id, &self.game, crate::time::now(), &self.record);
        tokio::spawn(async move {
            let id = finished.id.clone();
            if let Err(e) = db.store_finished(finished).await {
                tracing::error!(table = %id, "cannot store that the game ended: {e:#}");
            }
        });
    }

    /// The game record as JSON text for the holder of `token`, once the game is over (built
    /// once: the record of a finished game no longer changes).
    pub(super) fn game_record(&mut self, token: Option<&str>) -> Result<Arc<str>, RecordRefusal> {
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
        if let Some(text) = &self.record_text {
            return Ok(text.clone());
        }
        let text: Arc<str> = serde_json::to_string(&self.record_of())
            .map_err(|e| {
                tracing::error!(table = %self.id, "cannot write a record: {e}");
                RecordRefusal::Running
            })?
            .into();
        self.record_text = Some(text.clone());
        Ok(text)
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
        if self.frames.is_none() {
            match Frames::build(&self.game.config(), self.seed, &self.record) {
                Ok(f) => self.frames = Some(f),
                Err(e) => {
                    tracing::error!(table = %self.id, "the table's record does not replay: {e:#}");
                    let m =
                        ServerMsg::error(ErrorCode::Internal, "the replay could not be rebuilt");
                    return self.send(conn, m);
                }
            }
        }
        let frames = self.frames.as_ref().expect("built above");
        let steps = frames.live.len();
        if step > steps {
            let m = ServerMsg::error(
                ErrorCode::Malformed,
                format!("step {step} is beyond the game's end ({steps} steps)"),
            );
            return self.send(conn, m);
        }
        let turns = frames.turns.clone();
        let (game, last) = match frames.frame(step, &self.record) {
            Ok(f) => f,
            Err(e) => {
                tracing::error!(table = %self.id, "a replay frame cannot be rebuilt: {e:#}");
                let m = ServerMsg::error(ErrorCode::Internal, "the replay could not be rebuilt");
                return self.send(conn, m);
            }
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

/// Live steps between two states a finished table's replay keeps.
const FRAME_EVERY: usize = 16;

/// The replay of a finished game, worked out once per table: where each live action stands in
/// the record, the turns, and the state every [`FRAME_EVERY`] live steps, so that any frame is
/// at most that many actions away.
pub(super) struct Frames<G: Game> {
    /// The record index of each action not taken back, in order.
    live: Vec<usize>,
    /// Each turn and the live step it starts at.
    turns: Vec<(u32, usize)>,
    /// The game after `k * FRAME_EVERY` live steps, for each `k`.
    checkpoints: Vec<G>,
}

impl<G: Game + Present> Frames<G> {
    /// Replays `record` once, keeping what the frames need.
    fn build(config: &G::Config, seed: u64, record: &[RecordedAction]) -> anyhow::Result<Self> {
        let mut frames = Frames {
            live: Vec::new(),
            turns: Vec::new(),
            checkpoints: vec![G::new(config, seed)?],
        };
        replay_steps::<G>(config, seed, record, |s, after| {
            if s.undone {
                return;
            }
            if frames.turns.last().is_none_or(|&(t, _)| t != s.turn) {
                frames.turns.push((s.turn, frames.live.len()));
            }
            frames.live.push(s.index);
            if frames.live.len().is_multiple_of(FRAME_EVERY) {
                frames.checkpoints.push(after.clone());
            }
        })?;
        Ok(frames)
    }

    /// The game after `step` live actions and the last of them (none at step 0), replayed
    /// from the nearest kept state.
    fn frame(
        &self,
        step: usize,
        record: &[RecordedAction],
    ) -> anyhow::Result<(G, Option<Step<G>>)> {
        if step == 0 {
            return Ok((self.checkpoints[0].clone(), None));
        }
        let k = (step - 1) / FRAME_EVERY;
        let mut game = self.checkpoints[k].clone();
        let mut last = None;
        for &index in &self.live[k * FRAME_EVERY..step] {
            let rec = &record[index];
            let action = game
                .parse_action(&rec.action)
                .map_err(|e| anyhow::anyhow!("action {index} (`{}`): {e}", rec.action))?;
            let turn = <G as Present>::turn(&game);
            let mut events = Vec::new();
            game.apply(rec.seat, action, &mut events)
                .map_err(|e| anyhow::anyhow!("action {index} (`{}`): {e}", rec.action))?;
            last = Some(Step {
                index,
                seat: rec.seat,
                action: rec.action.clone(),
                turn,
                undone: false,
                events,
            });
        }
        Ok((game, last))
    }
}
