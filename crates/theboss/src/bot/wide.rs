//! The wider choices of the search levels `normal` and `hard` ([`Evaluate::wider_actions`]):
//! what the bounded candidate set ([`TheBoss::candidates`]) leaves out and the reference player
//! decides alone. Purchases of other sizes than the largest and the smallest, bids above the
//! minimum raise, and the other answer to an offer (accepting what the reference player would
//! reject or counter, rejecting what it would accept). Everything here reads only the public
//! state and the seat's own holding, so it is the same on every determinization.
//!
//! [`Evaluate::wider_actions`]: boardroom_engine::evaluate::Evaluate::wider_actions

use crate::action::Action;
use crate::state::TheBoss;
use boardroom_engine::Seat;

/// Raises above the minimum bid weighed by the wider search, in cash steps.
const BID_JUMPS: [u32; 4] = [1, 2, 5, 10];

impl TheBoss {
    /// Appends the wider alternatives to `reference` for `seat` to `out`, each legal and not
    /// `reference` itself.
    pub fn wider_alternatives(&self, seat: Seat, reference: &Action, out: &mut Vec<Action>) {
        let start = out.len();
        match reference {
            Action::Accept(id) => out.push(Action::Reject(*id)),
            Action::Reject(id) => out.push(Action::Accept(*id)),
            Action::Counter(id, _) => {
                out.push(Action::Accept(*id));
                out.push(Action::Reject(*id));
            }
            Action::Buy(_) => {
                let e = self.data.economy();
                let lot = e.lot.max(1);
                if let Some(job) = self.turn.start_job {
                    let budget = self.data.position(job).salary.min(self.free_cash(seat));
                    let most = (budget / e.share_price.max(1)).min(self.bank_for_sale()) / lot;
                    // At most five sizes between one lot and the most: the candidate set
                    // already has both ends.
                    let step = most.div_ceil(6).max(1);
                    let mut m = step;
                    while m < most {
                        out.push(Action::Buy(m * lot));
                        m += step;
                    }
                }
            }
            Action::Bid(_) | Action::Pass if self.auction_caller() == Some(seat) => {
                if let Some(min) = self.min_bid() {
                    let step = self.data.economy().cash_step.max(1);
                    out.push(Action::Bid(min));
                    out.extend(BID_JUMPS.iter().map(|&k| Action::Bid(min + k * step)));
                    out.push(Action::Pass);
                }
            }
            _ => {}
        }
        // Keep the legal ones that differ from the reference choice and each other.
        let mut kept = start;
        for i in start..out.len() {
            let a = &out[i];
            if a != reference && self.is_legal(seat, a) && !out[start..kept].contains(a) {
                out.swap(kept, i);
                kept += 1;
            }
        }
        out.truncate(kept);
    }
}
