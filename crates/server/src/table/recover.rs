//! A table that survives its own bugs: when handling one piece of work panics, the table's
//! state may be half-changed, so it is rebuilt from what the database holds (config, seed and
//! every stored action: exactly what was acknowledged), its connections are told and sent the
//! state again, and play goes on. The panic is logged with the table's id.

use super::replay::replay_steps;
use super::{Table, LOG_KEPT};
use crate::db::ActionRow;
use crate::outgoing::Outgoing;
use crate::protocol::{ErrorCode, ServerMsg};
use crate::view::Step;
use boardroom_engine::RecordedAction;
use boardroom_registry::Playable;
use std::collections::VecDeque;

/// What people at a table are told when it was rebuilt after an internal error.
pub const RESTORED: &str = "the table hit an internal error and was restored from its stored \
                            actions; nothing acknowledged was lost";

impl<G: Playable> Table<G> {
    /// Rebuilds the table from the database after a panic (`why`), and tells its connections.
    pub(super) async fn recover(&mut self, why: String) {
        tracing::error!(table = %self.id, "the table's task panicked: {why}; rebuilding it from the database");
        let rows = match self.db.load_actions(self.id.clone()).await {
            Ok(rows) => rows,
            Err(e) => {
                // The state in memory is kept: every change to it is stored before it is
                // made, so it can only be behind the database, never ahead of it.
                tracing::error!(table = %self.id, "cannot read the table's actions to rebuild it: {e:#}");
                return self.tell_restored();
            }
        };
        let record: Vec<RecordedAction> = rows.iter().map(ActionRow::recorded).collect();
        let mut history: VecDeque<Step<G>> = VecDeque::new();
        let replayed = replay_steps::<G>(
            &self.game.config(),
            self.seed,
            self.rules,
            &record,
            |step, _| {
                if history.len() == LOG_KEPT {
                    history.pop_front();
                }
                history.push_back(step);
            },
        );
        match replayed {
            Ok(game) => {
                self.version = record.len() + record.iter().filter(|a| a.undone).count();
                self.game = game;
                self.record = record;
                self.history = history;
            }
            Err(e) => {
                tracing::error!(table = %self.id, "the stored actions do not replay: {e:#}");
            }
        }
        if self.game.is_over() && self.finished_at.is_none() {
            self.finished_at = Some(tokio::time::Instant::now());
        }
        self.staleness.restart();
        self.record_text = None;
        self.frames = None;
        self.clock.clear();
        self.bots.rebuilt(&self.kinds);
        self.state_changed();
        self.update_summary();
        self.tell_restored();
        self.schedule_bot();
    }

    /// Tells every connection that the table was restored, with the state as it stands.
    fn tell_restored(&mut self) {
        let notice = Outgoing::from(ServerMsg::error(ErrorCode::Internal, RESTORED));
        self.send_state_to_all(Some(notice), None);
    }
}
