//! The wider choices of the search levels `normal` and `hard` ([`Evaluate::wider_actions`]):
//! what the bounded candidate set ([`TheBoss::candidates`]) leaves out and the reference player
//! decides alone. Purchases of other sizes than the largest and the smallest, bids above the
//! minimum raise, and the other answer to an offer (accepting what the reference player would
//! reject or counter, but only a deal its own measure allows,
//! [`TheBoss::acceptable_by_measure`]; rejecting what it would accept), and the reference
//! player's own offers and counter-offers at other prices (never terms the partner refused,
//! [`TheBoss::refused_recently`]). Everything here reads only the public
//! state and the seat's own holding, so it is the same on every determinization.
//!
//! [`Evaluate::wider_actions`]: boardroom_engine::evaluate::Evaluate::wider_actions

use crate::action::{Action, Offer};
use crate::state::TheBoss;
use boardroom_engine::Seat;

/// Raises above the minimum bid weighed by the wider search, in cash steps.
const BID_JUMPS: [u32; 4] = [1, 2, 5, 10];

/// Other prices of an offer weighed by the wider search, in percent of the reference price.
const PRICE_FACTORS: [u32; 4] = [50, 75, 150, 200];

/// The same offer at other prices: the cash it asks (or, if it asks none, the cash it pays)
/// scaled by [`PRICE_FACTORS`] to whole cash steps, each different from the offer's own.
fn price_variants(o: &Offer, step: u32) -> impl Iterator<Item = Offer> + '_ {
    let asks = o.take.cash > 0;
    let price = if asks { o.take.cash } else { o.give.cash };
    PRICE_FACTORS.iter().filter_map(move |&f| {
        if price == 0 {
            return None;
        }
        let p = ((price as u64 * f as u64 / 100) as u32 / step).max(1) * step;
        (p != price).then(|| {
            let mut v = o.clone();
            if asks {
                v.take.cash = p;
            } else {
                v.give.cash = p;
            }
            v
        })
    })
}

impl TheBoss {
    /// Appends the wider alternatives to `reference` for `seat` to `out`, each legal and not
    /// `reference` itself.
    pub fn wider_alternatives(&self, seat: Seat, reference: &Action, out: &mut Vec<Action>) {
        let start = out.len();
        match reference {
            Action::Accept(id) => out.push(Action::Reject(*id)),
            Action::Reject(id) if self.acceptable_by_measure(seat, *id) => {
                out.push(Action::Accept(*id));
            }
            Action::Counter(id, o) => {
                if self.acceptable_by_measure(seat, *id) {
                    out.push(Action::Accept(*id));
                }
                out.push(Action::Reject(*id));
                let step = self.data.economy().cash_step.max(1);
                for v in price_variants(o, step) {
                    out.push(Action::Counter(*id, Box::new(v)));
                }
            }
            Action::Offer(o) => {
                let step = self.data.economy().cash_step.max(1);
                for v in price_variants(o, step) {
                    out.push(Action::Offer(Box::new(v)));
                }
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
        // Keep the legal ones that differ from the reference choice and each other, and never
        // terms the partner refused while the situation lasts (as the reference player).
        let mut kept = start;
        for i in start..out.len() {
            let a = &out[i];
            let asked = match a {
                Action::Offer(o) | Action::Counter(_, o) => self.refused_recently(seat, o),
                _ => false,
            };
            if a != reference && !asked && self.is_legal(seat, a) && !out[start..kept].contains(a) {
                out.swap(kept, i);
                kept += 1;
            }
        }
        out.truncate(kept);
    }
}
