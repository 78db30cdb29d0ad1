//! Wheeling and dealing (§9): deal windows, offers and their atomic acceptance, commitments,
//! Show, voluntary auctions, and the count limits of §9.7. This module holds the deal windows
//! and the dispatch of deal actions; `bundle` the bundles, `check` whether an offer or
//! deal may be made, `pending` the offers on the table, `deal` long-term deals and Show.

mod bundle;
mod check;
mod deal;
mod pending;

use crate::action::{Action, Commitment, Offer};
use crate::error::{ensure, fail, RuleError};
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

    /// Enters the deal window of `seat` (the active player's BT begins if needed).
    pub(super) fn deal_window(
        &mut self,
        seat: Seat,
        opens: bool,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        ensure(self.able_to_deal(seat), "§0", || {
            "players who are fired or losing turns may not deal".into()
        })?;
        if seat == self.turn.seat {
            self.business()?;
            if opens {
                self.open_floor(ev);
            }
            Ok(())
        } else {
            ensure(self.turn.step == Step::Business, "§9.1", || {
                "deals happen only in the active player's Business Transactions".into()
            })?;
            ensure(self.turn.floor, "R-25", || {
                "the floor is not open: only the active player may deal until they open it".into()
            })
        }
    }

    /// Dealing actions outside meetings and auctions.
    pub(crate) fn deal_action(
        &mut self,
        seat: Seat,
        action: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        match action {
            Action::Offer(o) => self.make_offer(seat, o, None, ev),
            Action::Counter(id, o) => self.counter(seat, *id, o, ev),
            Action::Accept(id) => self.accept(seat, *id, ev),
            Action::Reject(id) => self.reject(seat, *id, ev),
            Action::Withdraw(id) => self.withdraw(seat, *id, ev),
            Action::Show(to) => {
                self.deal_window(seat, false, ev)?;
                self.show(seat, *to, ev)
            }
            Action::Auction(lot, reserve) => {
                self.deal_window(seat, true, ev)?;
                self.voluntary_auction(seat, *lot, *reserve, ev)
            }
            Action::Settle(id) => {
                self.deal_window(seat, false, ev)?;
                self.settle(seat, *id, ev)
            }
            Action::Release(id) => {
                self.deal_window(seat, false, ev)?;
                self.release(seat, *id, ev)
            }
            Action::Default(id) => {
                self.deal_window(seat, false, ev)?;
                self.break_deal(seat, *id, false, ev)
            }
            Action::WalkAway(id) => {
                self.deal_window(seat, false, ev)?;
                self.break_deal(seat, *id, true, ev)
            }
            _ => fail("§9", "not a dealing action"),
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
