//! Who may act and who must act (§9.1): several players may act in the same window while the
//! floor is open; the game waits only for some of them.

use crate::action::Action;
use crate::state::{Step, TheBoss};
use boardroom_engine::{Seat, SeatSet};

impl TheBoss {
    /// Every seat that may act now: in an auction the bidder whose call it is; in a meeting its
    /// caller, target, undeclared voters and the receivers of vote deals; otherwise the active
    /// player, and with the floor open in Business Transactions every other player able to deal
    /// who has not passed on the floor, or has an offer to answer or a deal to settle or
    /// default (every such player has a candidate action). Empty once the game is over.
    pub fn may_act(&self) -> SeatSet {
        if self.is_over() {
            return SeatSet::EMPTY;
        }
        if self.auction.is_some() {
            return self
                .auction_caller()
                .map(SeatSet::single)
                .unwrap_or_default();
        }
        if let Some(m) = &self.meeting {
            let mut s = SeatSet::single(m.caller);
            s.insert(m.target);
            for v in 0..self.players.len() {
                if self.undeclared_voter(v) {
                    s.insert(v);
                }
            }
            for o in &self.offers {
                if self.offer_has_vote(&o.offer) && self.able_to_deal(o.offer.to) {
                    s.insert(o.offer.to);
                }
            }
            return s;
        }
        let mut s = SeatSet::single(self.turn.seat);
        if self.after_meeting.is_none()
            && self.disaster.is_none()
            && self.turn.floor
            && self.turn.step == Step::Business
        {
            // Such a player has a candidate: `Pass` until they pass, then the answers to the
            // offers made to them; and settling or defaulting their deals.
            for p in 0..self.players.len() {
                if p == self.turn.seat || !self.able_to_deal(p) {
                    continue;
                }
                let idle =
                    self.turn.idle & (1 << p) != 0 && !self.offers.iter().any(|o| o.offer.to == p);
                let deal = || {
                    self.deals.iter().any(|d| {
                        (d.promisor == p
                            && self.quick_legal(p, &Action::Settle(d.id)) == Some(true))
                            || (d.promisee == p && self.round > d.due)
                    })
                };
                if !idle || deal() {
                    s.insert(p);
                }
            }
        }
        s
    }

    /// The seats the game waits for: the bidder to call in an auction; in a meeting the
    /// undeclared voters and the caller and target until they pass; otherwise the active player.
    pub fn must_act(&self) -> SeatSet {
        if self.is_over() {
            return SeatSet::EMPTY;
        }
        if self.auction.is_some() {
            return self
                .auction_caller()
                .map(SeatSet::single)
                .unwrap_or_default();
        }
        if let Some(m) = &self.meeting {
            let mut s = SeatSet::EMPTY;
            if m.passes & 1 == 0 {
                s.insert(m.caller);
            }
            if m.passes & 2 == 0 {
                s.insert(m.target);
            }
            for v in 0..self.players.len() {
                if m.voters & (1 << v) != 0 && m.votes[v].is_none() {
                    s.insert(v);
                }
            }
            if s.is_empty() {
                // Both passed with a vote deal pending: its receiver answers.
                for o in &self.offers {
                    s.insert(o.offer.to);
                }
            }
            return s;
        }
        SeatSet::single(self.turn.seat)
    }

    /// The seat whose turn it is.
    pub fn active(&self) -> Seat {
        self.turn.seat
    }
}
