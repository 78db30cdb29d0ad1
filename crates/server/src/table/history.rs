//! A table's whole history for its viewers: the whole log for a connection, the game record
//! of a finished game, and the frames of its replay.

use super::replay::{finished_row, replay_steps, Frames, RecordRefusal};
use super::Table;
use crate::outgoing::ConnId;
use crate::protocol::{ErrorCode, ReplayFrame, ServerMsg};
use crate::view::{self, Step};
use boardroom_engine::{Present, Record, Seat, Viewer, CLOCK};
use boardroom_registry::Playable;
use std::sync::Arc;

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
        tracing::info!(
            turn = <G as boardroom_engine::Present>::turn(&self.game),
            "the game is over"
        );
        tokio::spawn(tracing::Instrument::in_current_span(async move {
            if let Err(e) = db.store_finished(finished).await {
                tracing::error!("cannot store that the game ended: {e:#}");
            }
        }));
    }

    /// The game record as JSON text for the holder of `token`, once the game is over (built
    /// once: the record of a finished game no longer changes).
    pub(super) fn game_record(&mut self, token: Option<&str>) -> Result<Arc<str>, RecordRefusal> {
        if let Some(t) = token.filter(|t| !t.is_empty()) {
            let known = self.token_seat(t).is_some();
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
        replay_steps(
            &self.game.config(),
            self.seed,
            self.rules,
            &self.record,
            visit,
        )
    }

    /// Sends connection `conn` the whole log, redacted for its viewer.
    pub(super) fn send_log(&mut self, conn: ConnId) {
        let Some(viewer) = self.conns.viewer(conn) else {
            return;
        };
        let lang = self.conns.lang(conn);
        let mut entries = Vec::with_capacity(self.record.len());
        let msg = match self.replay(|step, _| entries.push(view::log_entry(&step, viewer, lang))) {
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
        if self.conns.viewer(conn).is_none() {
            return;
        }
        let lang = self.conns.lang(conn);
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
            match Frames::build(&self.game.config(), self.seed, self.rules, &self.record) {
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
        let steps = frames.steps();
        if step > steps {
            let m = ServerMsg::error(
                ErrorCode::Malformed,
                format!("step {step} is beyond the game's end ({steps} steps)"),
            );
            return self.send(conn, m);
        }
        let turns = frames.turns().to_vec();
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
            extra: game.extra(viewer, lang),
            last: last.as_ref().map(|s| view::full_entry(s, lang)),
            turns,
        }));
        self.send(conn, msg);
    }
}
