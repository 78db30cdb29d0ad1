//! Carrying actions out: [`TheBoss::check_action`] and [`TheBoss::apply_action`], and the
//! dispatch of every action by phase (an auction, a meeting, after a failed meeting, a
//! Financial Disaster, the turn). An action is checked once (`crate::legality`), then carried
//! out in place; the effects never fail, so a rejected action changes nothing. The active
//! player's own steps are in `steps`, the turn's start and end and the wins in `turn`.

use crate::action::Action;
use crate::error::RuleError;
use crate::event::Event;
use crate::state::TheBoss;
use boardroom_engine::Seat;

impl TheBoss {
    /// Checks `action` for `seat` without changing anything.
    pub fn check_action(&self, seat: Seat, action: &Action) -> Result<(), RuleError> {
        self.verdict(seat, action)
    }

    /// Applies `action` for `seat`; on error nothing changes and no event is appended.
    pub fn apply_action(
        &mut self,
        seat: Seat,
        action: &Action,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        self.verdict::<RuleError>(seat, action)?;
        self.perform(seat, action, events);
        Ok(())
    }

    /// Applies `action`, which the candidate generator has just listed for `seat` (so it is
    /// legal), without checking it again; an offer moves into the state without a copy. The
    /// result is the one [`TheBoss::apply_action`] gives.
    pub(crate) fn apply_listed(&mut self, seat: Seat, action: Action, events: &mut Vec<Event>) {
        debug_assert_eq!(self.check_action(seat, &action), Ok(()), "{action:?}");
        match action {
            Action::Offer(o) if self.auction.is_none() => {
                // Recording an offer ends the passes of a meeting's lobbying.
                self.make_offer(seat, *o, None, events);
                self.maybe_close_meeting(events);
                self.check_wins(events);
            }
            a => self.perform(seat, &a, events),
        }
    }

    /// Carries out `action` of `seat`, checked legal.
    fn perform(&mut self, seat: Seat, action: &Action, ev: &mut Vec<Event>) {
        if self.auction.is_some() {
            match *action {
                Action::Bid(x) => self.bid(seat, x, ev),
                Action::Pass => self.auction_pass(seat, ev),
                _ => debug_assert!(false, "{action:?} in an auction"),
            }
        } else if self.meeting.is_some() {
            let start = ev.len();
            match *action {
                Action::Vote(v) => self.declare(seat, v, ev),
                Action::Pass => self.lobby_pass(seat, ev),
                ref a => self.deal_action(seat, a, ev),
            }
            // an acceptance voided by its check is no event, so the passes stand.
            let voided = self.revision_3()
                && matches!(action, Action::Accept(_))
                && ev[start..]
                    .iter()
                    .any(|e| matches!(e, Event::Voided { .. }));
            // any other meeting action ends the passes that stood.
            if let (false, Some(m)) = (
                matches!(action, Action::Pass) || voided,
                self.meeting.as_mut(),
            ) {
                m.passes = 0;
            }
            self.maybe_close_meeting(ev);
        } else if self.after_meeting.is_some() {
            match *action {
                Action::Meeting(x) => self.call_meeting(seat, x, ev),
                Action::Stop => self.stop_meetings(ev),
                _ => debug_assert!(false, "{action:?} after a meeting"),
            }
        } else if self.disaster.is_some() {
            match action {
                Action::Pay => self.pay_disaster(ev),
                Action::Lose => self.lose_turns(ev),
                _ => debug_assert!(false, "{action:?} before a disaster is settled"),
            }
        } else {
            match action {
                // A player other than the active one passes on the open floor (§9.1): no
                // more offers from them in this Business Transactions step.
                Action::Pass => self.turn.idle |= 1 << seat,
                a if a.is_dealing() => self.deal_action(seat, a, ev),
                a => self.turn_action(a, ev),
            }
        }
        self.check_wins(ev);
    }
}

/// Inserts `x` into a sorted list.
pub(crate) fn insert_sorted(v: &mut Vec<u8>, x: u8) {
    let i = v.partition_point(|&y| y < x);
    v.insert(i, x);
}
