//! Absent people never stall a table: a person seat whose clock ran out, or (in live play)
//! whose person has been gone longer than the table allows while the game waits for them, is
//! played by a stand-in bot of the level the table's creator chose, until the person takes the
//! seat back with one click (`take_seat`). The first move after a timeout is recorded as the
//! clock's (`by: "clock"`), the stand-in's others as its own (`by: "standin"`): the record
//! holds the moves themselves, so replays are exact whatever the bot would choose.

use super::Table;
use crate::clocks::ClockMode;
use crate::outgoing::ConnId;
use crate::protocol::{ErrorCode, ServerMsg};
use boardroom_engine::{By, Present, RecordedAction, Seat, Viewer, CLOCK};
use boardroom_registry::Playable;
use tokio::time::Instant;

/// Per seat, whether a stand-in played its last action in the record (the stand-in then
/// goes on playing it when the table is rebuilt).
pub(super) fn stand_ins_of(record: &[RecordedAction], seats: usize) -> Vec<Option<By>> {
    let mut out = vec![None; seats];
    for a in record.iter().filter(|a| !a.undone && a.seat != CLOCK) {
        if let Some(slot) = out.get_mut(a.seat) {
            *slot = (a.by != By::Player).then_some(By::StandIn);
        }
    }
    out
}

impl<G: Playable> Table<G> {
    /// Who plays `seat`'s next action: its player, or its stand-in (the clock's, for the
    /// first after a timeout).
    pub(super) fn played_by(&self, seat: Seat) -> By {
        if seat == CLOCK {
            return By::Player;
        }
        self.stand_ins
            .get(seat)
            .copied()
            .flatten()
            .unwrap_or(By::Player)
    }

    /// The seats whose person the game waits for now (their clocks run): not those waiting
    /// for an invited account's answer.
    fn waiting(&self) -> Vec<Seat> {
        if self.game.is_over() || self.archive.is_some() {
            return Vec::new();
        }
        self.game
            .must_act()
            .iter()
            .filter(|&s| {
                self.kinds[s].is_human() && self.stand_ins[s].is_none() && !self.invited[s]
            })
            .collect()
    }

    /// The invitation to `seat` was answered: the seat is played (or waited for) as any
    /// other person seat from now on, its absence counted from now.
    pub(super) fn invite_answered(&mut self, seat: Seat) {
        let Some(waits) = self.invited.get_mut(seat) else {
            return;
        };
        if !std::mem::take(waits) {
            return;
        }
        if self.conns.online(seat) == 0 {
            self.gone_since[seat] = Some(Instant::now());
        }
        self.tick_clocks(None);
        self.seats_changed();
        self.schedule_bot();
    }

    /// The seats' clocks after a change (`acted`: the seat that just played, if any).
    pub(super) fn tick_clocks(&mut self, acted: Option<Seat>) {
        let waiting = self.waiting();
        self.timebank.update(Instant::now(), acted, &waiting);
    }

    /// When a person waited for has been gone as long as a live table allows, if any is.
    fn absence_due_at(&self) -> Option<Instant> {
        let ClockMode::Live { absent, .. } = self.clock_settings.mode else {
            return None;
        };
        let allowed = std::time::Duration::from_secs(absent as u64);
        self.waiting()
            .into_iter()
            .filter_map(|s| self.gone_since[s].map(|g| g + allowed))
            .min()
    }

    /// When a seat's clock runs out or a person's absence runs too long, whichever is first;
    /// never while play waits for storage.
    pub(super) fn seats_due_at(&self) -> Option<Instant> {
        if self.backoff.is_paused() {
            return None;
        }
        match (self.timebank.next_due(), self.absence_due_at()) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// The stand-ins of the seats whose clock ran out (their first move is the clock's) and
    /// of the people waited for and gone too long start playing.
    pub(super) fn seats_due(&mut self) {
        let now = Instant::now();
        let mut changed = false;
        for seat in self.timebank.expired(now) {
            changed |= self.stand_in(seat, By::Clock);
        }
        if let ClockMode::Live { absent, .. } = self.clock_settings.mode {
            let allowed = std::time::Duration::from_secs(absent as u64);
            for seat in self.waiting() {
                if self.gone_since[seat].is_some_and(|g| g + allowed <= now) {
                    changed |= self.stand_in(seat, By::StandIn);
                }
            }
        }
        if changed {
            self.tick_clocks(None);
            self.seats_changed();
            self.schedule_bot();
        }
    }

    /// A stand-in plays `seat` from now on (`by`: how its next move is recorded); `false` when
    /// one already does.
    fn stand_in(&mut self, seat: Seat, by: By) -> bool {
        if self.stand_ins[seat].is_some() || self.game.is_over() {
            return false;
        }
        tracing::info!(table = %self.id, seat, ?by, "a stand-in plays the seat");
        self.stand_ins[seat] = Some(by);
        self.bots.stand_in(seat, self.clock_settings.standin);
        true
    }

    /// After a table restarts: the stand-ins that were playing go on.
    pub(super) fn resume_stand_ins(&mut self) {
        for seat in 0..self.stand_ins.len() {
            if self.stand_ins[seat].is_some() && self.kinds[seat].is_human() {
                self.bots.stand_in(seat, self.clock_settings.standin);
            } else {
                self.stand_ins[seat] = None;
            }
        }
    }

    /// Who plays which seat changed: every connection gets the state (with the clocks) and
    /// the seats, the lobby its summary.
    fn seats_changed(&mut self) {
        self.send_state_to_all(None, None);
        self.presence_changed();
    }

    /// Connection `conn`'s person takes their seat back from its stand-in, or is told why
    /// not.
    pub(super) fn take_seat(&mut self, conn: ConnId) {
        let Some(Viewer::Seat(seat)) = self.conns.viewer(conn) else {
            let m = ServerMsg::error(
                ErrorCode::Spectator,
                "spectators watch; only a seat's invite link can take its seat back",
            );
            return self.send(conn, m);
        };
        if self.stand_ins[seat].is_none() {
            let m = ServerMsg::error(
                ErrorCode::StandIn,
                format!(
                    "no stand-in plays {}: the seat is yours already",
                    <G as Present>::seat_name(seat)
                ),
            );
            return self.send(conn, m);
        }
        tracing::info!(table = %self.id, seat, "the person takes the seat back");
        self.stand_ins[seat] = None;
        self.bots.stand_down(seat);
        self.gone_since[seat] = None;
        self.timebank.taken_back(seat);
        self.tick_clocks(None);
        self.seats_changed();
        self.schedule_bot();
    }

    /// After connections opened or closed: since when each person seat nobody holds has
    /// been gone.
    pub(super) fn note_presence(&mut self) {
        let now = Instant::now();
        for seat in 0..self.gone_since.len() {
            let online = self.conns.online(seat) > 0;
            let gone = &mut self.gone_since[seat];
            if online {
                *gone = None;
            } else if gone.is_none() && self.kinds[seat].is_human() {
                *gone = Some(now);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_whose_last_move_was_a_stand_ins_stays_with_it() {
        let record = vec![
            RecordedAction::new(0, "a"),
            RecordedAction::by(1, "b", By::Clock),
            RecordedAction::by(0, "c", By::StandIn),
            RecordedAction::new(CLOCK, "timeout"),
            RecordedAction::new(0, "d"),
            RecordedAction::by(2, "e", By::StandIn),
            RecordedAction {
                undone: true,
                ..RecordedAction::new(2, "f")
            },
        ];
        assert_eq!(
            stand_ins_of(&record, 3),
            vec![None, Some(By::StandIn), Some(By::StandIn)]
        );
    }
}
