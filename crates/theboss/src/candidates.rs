//! A bounded, sensible set of actions for bots and random playouts: the steps of the turn,
//! moves, Fate card uses, bids (the minimum raise, or pass), votes, answers to offers, and a few
//! offers (buy a missing Experience card, sell a surplus one, buy or sell a block of shares, buy
//! a vote, pay not to be fired, a small loan with collateral). Every candidate passes the check.

use crate::action::{
    Action, Bundle, Commitment, Deck, Deliverable, LongTerm, Lot, Offer, Promise, Vote,
};
use crate::data::FateEffect;
use crate::state::{Step, TheBoss};
use boardroom_engine::Seat;

impl TheBoss {
    /// Writes the candidate actions of `seat` into `out` (cleared first); empty when `seat` may
    /// not act. Every candidate is legal.
    pub fn candidates(&self, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        if seat >= self.players.len() || self.is_over() {
            return;
        }
        let mut raw = Vec::new();
        self.raw_candidates(seat, &mut raw);
        for a in raw {
            if !out.contains(&a) && self.check_action(seat, &a).is_ok() {
                out.push(a);
            }
        }
    }

    fn raw_candidates(&self, seat: Seat, out: &mut Vec<Action>) {
        let n = self.players.len();
        if let Some(a) = &self.auction {
            if self.auction_caller() == Some(seat) {
                if let Some(min) = self.min_bid() {
                    out.push(Action::Bid(min));
                    if a.high.is_none() && a.opening < 100 {
                        out.push(Action::Bid(min + 40));
                    }
                }
                out.push(Action::Pass);
            }
            return;
        }
        if let Some(m) = &self.meeting {
            if self.undeclared_voter(seat) {
                out.extend([
                    Action::Vote(Vote::For),
                    Action::Vote(Vote::Against),
                    Action::Vote(Vote::Abstain),
                ]);
            }
            if seat == m.caller || seat == m.target {
                out.push(Action::Pass);
                let vote = if seat == m.caller {
                    Vote::For
                } else {
                    Vote::Against
                };
                for v in 0..n {
                    if self.undeclared_voter(v) {
                        let power = self.voting_power(v);
                        let price = (power / 10 * 10).clamp(10, self.free_cash(seat).max(10));
                        out.push(Action::Offer(Box::new(Offer {
                            to: v,
                            give: Bundle {
                                cash: price,
                                ..Bundle::default()
                            },
                            take_commitments: vec![Commitment::Vote(vote)],
                            ..Offer::default()
                        })));
                    }
                }
            }
            self.answers(seat, out);
            return;
        }
        if self.after_meeting.is_some() {
            for x in 0..n {
                out.push(Action::Meeting(x));
            }
            out.push(Action::Stop);
            return;
        }
        if self.disaster.is_some() {
            out.extend([Action::Pay, Action::Lose]);
            return;
        }
        let t = &self.turn;
        if seat == t.seat {
            match t.step {
                Step::Draw => {
                    out.extend([
                        Action::Draw(Deck::Experience),
                        Action::Draw(Deck::Fate),
                        Action::Discard,
                    ]);
                    return;
                }
                Step::Closing | Step::Disaster => return,
                _ => {}
            }
            out.extend([Action::Collect, Action::TakeCard]);
            if let Some(job) = t.start_job {
                let budget = self.data.position(job).salary.min(self.free_cash(seat));
                let lot = self.data.economy().lot;
                let k = (budget / self.data.economy().share_price) / lot * lot;
                out.push(Action::Buy(k.min(self.bank_for_sale() / lot * lot)));
                out.push(Action::Buy(lot));
            }
            for j in (1..=8).rev() {
                out.push(Action::Move(j));
            }
            out.push(Action::Use);
            for x in 0..n {
                out.push(Action::Fire(x));
                out.push(Action::Meeting(x));
            }
            if !t.floor {
                out.push(Action::Open);
            }
            out.push(Action::End);
        }
        if self.in_deal_window(seat) {
            self.answers(seat, out);
            self.offer_candidates(seat, out);
            for d in &self.deals {
                if d.promisor == seat {
                    out.push(Action::Settle(d.id));
                }
                if d.promisee == seat {
                    out.push(Action::Default(d.id));
                }
            }
        }
    }

    /// Accept or reject each offer made to `seat`.
    fn answers(&self, seat: Seat, out: &mut Vec<Action>) {
        for o in &self.offers {
            if o.offer.to == seat {
                out.push(Action::Accept(o.id));
                out.push(Action::Reject(o.id));
            }
        }
    }

    fn offer_candidates(&self, seat: Seat, out: &mut Vec<Action>) {
        let n = self.players.len();
        let me = &self.players[seat];
        let price = self.data.economy().share_price;
        let lot = self.data.economy().lot;
        let mut count = vec![0u32; self.data.kinds.len()];
        for &c in &me.experience {
            count[self.data.exp_kind(c) as usize] += 1;
        }
        let surplus = self.surplus(seat);
        for o in (0..n).filter(|&o| o != seat && self.able_to_deal(o)) {
            let other = &self.players[o];
            // Buy a card of a kind still missing for $100.
            if let Some(&c) = other.experience.iter().find(|&&c| {
                let k = self.data.exp_kind(c) as usize;
                count[k] < self.data.caps[k]
            }) {
                out.push(Action::Offer(Box::new(Offer {
                    to: o,
                    give: Bundle {
                        cash: 100,
                        ..Bundle::default()
                    },
                    take: Bundle {
                        experience: vec![c],
                        ..Bundle::default()
                    },
                    note: "a fair price for a card I need".into(),
                    ..Offer::default()
                })));
            }
            // Sell a surplus card for $50.
            if let Some(&c) = me
                .experience
                .iter()
                .rev()
                .find(|&&c| surplus[self.data.exp_kind(c) as usize] > 0)
            {
                out.push(Action::Offer(Box::new(Offer {
                    to: o,
                    give: Bundle {
                        experience: vec![c],
                        ..Bundle::default()
                    },
                    take: Bundle {
                        cash: 50,
                        ..Bundle::default()
                    },
                    ..Offer::default()
                })));
            }
            // Buy or sell a block of shares a little above their value.
            if other.shares >= lot {
                out.push(Action::Offer(Box::new(Offer {
                    to: o,
                    give: Bundle {
                        cash: lot * price + 20,
                        ..Bundle::default()
                    },
                    take: Bundle {
                        shares: lot,
                        ..Bundle::default()
                    },
                    ..Offer::default()
                })));
            }
            if me.shares >= lot {
                out.push(Action::Offer(Box::new(Offer {
                    to: o,
                    give: Bundle {
                        shares: lot,
                        ..Bundle::default()
                    },
                    take: Bundle {
                        cash: lot * price + 20,
                        ..Bundle::default()
                    },
                    ..Offer::default()
                })));
            }
            // Pay the active player not to be fired.
            if o == self.turn.seat && self.usable_fate(o).is_some() {
                out.push(Action::Offer(Box::new(Offer {
                    to: o,
                    give: Bundle {
                        cash: 50,
                        ..Bundle::default()
                    },
                    take_commitments: vec![Commitment::NotFire(seat)],
                    note: "spare me".into(),
                    ..Offer::default()
                })));
            }
            // A small loan: $200 now, $220 back within 3 rounds, 20 shares as collateral.
            if other.shares >= 2 * lot {
                out.push(Action::Offer(Box::new(Offer {
                    to: o,
                    give: Bundle {
                        cash: 200,
                        ..Bundle::default()
                    },
                    long_term: Some(LongTerm {
                        promisor: o,
                        promise: Promise::Deliver(Deliverable {
                            cash: 220,
                            ..Deliverable::default()
                        }),
                        collateral: Bundle {
                            shares: 2 * lot,
                            ..Bundle::default()
                        },
                        due: self.round + 3,
                    }),
                    ..Offer::default()
                })));
            }
        }
        // Auction a surplus Experience card.
        if let Some(&c) = me
            .experience
            .iter()
            .find(|&&c| surplus[self.data.exp_kind(c) as usize] > 0)
        {
            out.push(Action::Auction(Lot::Experience(c), 10));
        }
        // Auction an unusable Job Available card before its mandatory auction.
        if let Some(f) = &me.fate {
            if let FateEffect::JobAvailable { position } = self.data.fate_effect(f.card) {
                out.push(Action::Auction(
                    Lot::Fate,
                    self.data.position(position).salary,
                ));
            }
        }
    }
}
