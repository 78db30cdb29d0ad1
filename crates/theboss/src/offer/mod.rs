//! Wheeling and dealing (§9): deal windows, offers and their atomic acceptance, commitments,
//! Show, voluntary auctions, and the count limits of §9.7. This module holds the deal windows
//! and the dispatch of deal actions; `bundle` the bundles, `check` whether an offer or
//! deal may be made, `pending` the offers on the table, `deal` long-term deals and Show.

mod bundle;
mod check;
mod deal;
mod pending;
mod refusals;

use crate::action::{Action, Commitment, Offer};
use crate::error::{why, Verdict};
use crate::event::Event;
use crate::state::{Step, TheBoss};
use boardroom_engine::Seat;

/// Most cards of one list in a bundle.
pub const MAX_BUNDLE_CARDS: usize = 12;

impl TheBoss {
    /// Whether `seat` may deal now outside a meeting or auction: able to deal, and either the
    /// active player in BT or anyone once the floor is open (§9.1).
    pub fn in_deal_window(&self, seat: Seat) -> bool {
        self.able_to_deal(seat)
            && self.auction.is_none()
            && self.meeting.is_none()
            && self.after_meeting.is_none()
            && self.disaster.is_none()
            && ((seat == self.turn.seat && self.turn.step <= Step::Business)
                || (self.turn.floor && self.turn.step == Step::Business))
    }

    /// Whether `seat` may deal now outside meetings: able to deal, and the active player
    /// before their Business Transactions end (the step begins if needed), or anyone else in
    /// them once the floor is open (§9.1).
    pub(crate) fn check_deal_window<V: Verdict>(&self, seat: Seat) -> Result<(), V> {
        V::ensure(self.able_to_deal(seat), "§9.1", || {
            why("the-boss-err-may-not-deal")
        })?;
        if seat == self.turn.seat {
            self.check_business()
        } else {
            V::ensure(self.turn.step == Step::Business, "§9.1", || {
                why("the-boss-err-deals-in-business")
            })?;
            V::ensure(self.turn.floor, "R-25", || why("the-boss-err-floor-closed"))
        }
    }

    /// Enters the deal window of `seat` (checked): the active player's BT begins if needed,
    /// and the floor opens if `opens`.
    pub(super) fn enter_deal_window(&mut self, seat: Seat, opens: bool, ev: &mut Vec<Event>) {
        if seat == self.turn.seat {
            self.enter_business();
            if opens {
                self.open_floor(ev);
            }
        }
    }

    /// Dealing actions outside meetings and auctions.
    pub(crate) fn check_deal_action<V: Verdict>(
        &self,
        seat: Seat,
        action: &Action,
    ) -> Result<(), V> {
        match *action {
            Action::Offer(ref o) => self.check_make_offer(seat, o),
            Action::Counter(id, ref o) => self.check_counter(seat, id, o),
            Action::Accept(id) | Action::Reject(id) => self.check_answer(seat, id, false),
            Action::Withdraw(id) => self.check_answer(seat, id, true),
            Action::Show(to) => {
                self.check_deal_window(seat)?;
                self.check_show(seat, to)
            }
            Action::Auction(lot, reserve) => {
                self.check_deal_window(seat)?;
                self.check_voluntary_auction(seat, lot, reserve)
            }
            Action::Settle(id) => {
                self.check_deal_window(seat)?;
                self.check_settle(seat, id)
            }
            Action::Release(id) => {
                self.check_deal_window(seat)?;
                self.check_release(seat, id)
            }
            Action::Default(id) => {
                self.check_deal_window(seat)?;
                self.check_break(seat, id, false)
            }
            Action::WalkAway(id) => {
                self.check_deal_window(seat)?;
                self.check_break(seat, id, true)
            }
            _ => V::fail("§9", || why("the-boss-err-not-dealing")),
        }
    }

    /// Carries out a dealing action (checked), in a meeting or out of one.
    pub(crate) fn deal_action(&mut self, seat: Seat, action: &Action, ev: &mut Vec<Event>) {
        match *action {
            Action::Offer(ref o) => self.make_offer(seat, o.as_ref().clone(), None, ev),
            Action::Counter(id, ref o) => self.counter(seat, id, o, ev),
            Action::Accept(id) => self.accept(seat, id, ev),
            Action::Reject(id) => self.reject(seat, id, ev),
            Action::Withdraw(id) => self.withdraw(seat, id, ev),
            Action::Show(to) => {
                self.enter_deal_window(seat, false, ev);
                self.show(seat, to, ev)
            }
            Action::Auction(lot, reserve) => {
                self.enter_deal_window(seat, true, ev);
                self.voluntary_auction(seat, lot, reserve, ev)
            }
            Action::Settle(id) => {
                self.enter_deal_window(seat, false, ev);
                self.settle(seat, id, ev)
            }
            Action::Release(id) => {
                self.enter_deal_window(seat, false, ev);
                self.release(id, ev)
            }
            Action::Default(id) => {
                self.enter_deal_window(seat, false, ev);
                self.break_deal(id, false, ev)
            }
            Action::WalkAway(id) => {
                self.enter_deal_window(seat, false, ev);
                self.break_deal(id, true, ev)
            }
            _ => debug_assert!(false, "not a dealing action: {action:?}"),
        }
    }

    /// Whether an offer carries a Vote commitment (a vote deal).
    pub(crate) fn offer_has_vote(&self, o: &Offer) -> bool {
        o.give_commitments
            .iter()
            .chain(&o.take_commitments)
            .any(|c| matches!(c, Commitment::Vote(_)))
    }
}
