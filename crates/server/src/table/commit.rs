//! Committing an action: checked on a copy of the game, counted against a person's budget,
//! written to the database, and only then taken by the table and sent to every connection.

use super::{budget, Refusal, Table, LOG_KEPT};
use crate::protocol::{ErrorCode, ServerMsg};
use crate::view::Step;
use boardroom_engine::{By, Present, RecordedAction, Seat, CLOCK};
use boardroom_registry::Playable;
use std::net::IpAddr;
use tokio::time::Instant;

impl<G: Playable> Table<G> {
    /// Applies `action` for `seat`: to a copy first, then to the database, then to the table.
    /// A person's (`from` their address) that does not move the game on is first counted
    /// against their budget. A refusal by the rules is written in `lang`.
    pub(super) async fn commit(
        &mut self,
        seat: Seat,
        action: G::Action,
        from: Option<IpAddr>,
        lang: &str,
    ) -> Result<(), Refusal> {
        let accepted = Instant::now();
        let mut next = self.game.clone();
        let mut events = Vec::new();
        next.apply(seat, action.clone(), &mut events).map_err(|e| {
            Refusal::Rule(Box::new(ServerMsg::error(
                ErrorCode::Illegal,
                <G as Present>::refusal(&e, lang),
            )))
        })?;
        if let Some(ip) = from.filter(|_| !budget::moves_on(&self.game, &next)) {
            let addresses = &self.settings.address_moves;
            if let Err(why) = self.budget.spend(&self.game, seat, ip, addresses) {
                let m = ServerMsg::error(ErrorCode::RateLimited, why);
                return Err(Refusal::Limited(Box::new(m)));
            }
        }
        let notation = self.game.format_action(action);
        let turn = <G as Present>::turn(&self.game);
        let index = self.record.len();
        let by = self.played_by(seat);
        if let Err(e) = self
            .db
            .append_action(self.id.clone(), index, seat, notation.clone(), by)
            .await
        {
            self.backoff
                .log_failure(&self.id, &self.settings.timing, &e);
            return Err(Refusal::Storage);
        }
        let stored = accepted.elapsed();
        // A stand-in's optional moves count as a bot's: bots cannot keep a table busy forever.
        let waited_for = seat == CLOCK
            || self.game.must_act().contains(seat)
            || (self.kinds[seat].is_human() && by == By::Player);
        self.bots.played(!waited_for);
        let previous = std::mem::replace(&mut self.game, next);
        self.staleness.left(previous);
        self.record
            .push(RecordedAction::by(seat, notation.clone(), by));
        if by == By::Clock {
            self.stand_ins[seat] = Some(By::StandIn);
        }
        self.tick_clocks(Some(seat));
        if self.game.is_over() && self.finished_at.is_none() {
            self.finished_at = Some(Instant::now());
            self.store_finished();
        }
        let step = Step {
            index,
            seat,
            action: notation,
            turn,
            undone: false,
            by,
            events,
        };
        self.version += 1;
        self.state_changed();
        self.send_state_to_all(None, Some(&step));
        crate::metrics::action(G::NAME, stored, accepted.elapsed());
        if self.history.len() == LOG_KEPT {
            self.history.pop_front();
        }
        self.history.push_back(step);
        self.update_summary();
        let turn_began = <G as Present>::turn(&self.game) != turn || self.game.is_over();
        self.handover.played(turn_began);
        Ok(())
    }
}
