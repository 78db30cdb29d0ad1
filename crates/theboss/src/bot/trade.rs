//! The reference bot's trading (§9.8, [`crate::bot::policy`]): answering offers (accept, counter,
//! reject), settling, defaulting on or walking away from long-term deals, and its own offers
//! of Experience cards, all on the valuation of [`crate::bot::deal`].

use crate::action::{Action, Bundle, Offer};
use crate::state::TheBoss;
use boardroom_engine::Seat;

fn round_up(x: i64, step: i64) -> i64 {
    (x + step - 1).div_euclid(step) * step
}

fn round_down(x: i64, step: i64) -> i64 {
    x.div_euclid(step) * step
}

impl TheBoss {
    /// Accept, counter or reject the first offer made to `seat`.
    pub(crate) fn answer(&self, seat: Seat, cands: &[Action], may_counter: bool) -> Option<Action> {
        let p = self.offers.iter().find(|p| p.offer.to == seat)?;
        if self.worth_accepting(seat, p) && Self::has(cands, &Action::Accept(p.id)) {
            return Some(Action::Accept(p.id));
        }
        let b = &self.data.file.bots;
        // Offers to this partner in this step: one of its own, then up to the counters allowed.
        let made = self.turn.pair_offers[seat * 4 + p.from] as u32;
        if may_counter && made <= b.max_counters_per_partner && p.offer.long_term.is_none() {
            if let Some(o) = self.counter_offer(seat, p.from, &p.offer) {
                let a = Action::Counter(p.id, Box::new(o));
                if self.check_action(seat, &a).is_ok() {
                    if let Some(a) = self.fresh(seat, a) {
                        return Some(a);
                    }
                }
            }
        }
        Some(Action::Reject(p.id))
    }

    /// The offer `o` from `from` turned around (commitments included) with its cash moved so
    /// that `seat` gains its margin, also after the partner's gain, if the maker
    /// would still gain by it or the offer is a plain exchange of goods and cash: the price at
    /// which `seat` would deal.
    pub(crate) fn counter_offer(&self, seat: Seat, from: Seat, o: &Offer) -> Option<Offer> {
        if o.long_term.is_some() || o.cancel.is_some() {
            return None;
        }
        let (gain, given) = self.offer_gain(seat, from, o);
        let theirs = self.partner_gain(seat, from, o);
        let m = self.accept_margin(given);
        let k = self.partner_share_divisor();
        // Cash counts 1:1 on both sides: moving x to `seat` adds x to its gain and takes it
        // from the partner's.
        let need = (m - gain).max((k * (m - gain) + theirs).div_euclid(k + 1) + 1);
        let need = round_up(need, 10);
        if need <= 0 {
            return None;
        }
        let mut c = Offer {
            to: from,
            give: o.take.clone(),
            take: o.give.clone(),
            give_commitments: o.take_commitments.clone(),
            take_commitments: o.give_commitments.clone(),
            note: "my price".into(),
            ..Offer::default()
        };
        if c.give.cash as i64 >= need {
            c.give.cash -= need as u32;
        } else {
            let rest = need - c.give.cash as i64;
            c.give.cash = 0;
            c.take.cash += rest as u32;
        }
        if (c.give.is_empty() && c.give_commitments.is_empty())
            || (c.take.is_empty() && c.take_commitments.is_empty())
        {
            return None;
        }
        let (mine, given) = self.offer_gain(seat, seat, &c);
        let theirs = self.partner_gain(seat, seat, &c);
        // A maker who asked for goods for cash evidently wants them: they hear the price
        // even when the valuation of their side (public holdings only) sees no gain.
        let plain = o.give_commitments.is_empty()
            && o.take_commitments.is_empty()
            && !o.give.fate
            && !o.take.fate;
        (self.good_deal(mine, given, theirs)
            && !self.partner_wins(seat, seat, &c)
            && (theirs >= 0 || plain))
            .then_some(c)
    }

    /// Settle, walk away from or declare default on `seat`'s long-term deals, on the same
    /// measure as when the deal was made ([`TheBoss::own_worth`], which values open deals as
    /// [`crate::bot::deal`] does): each action is tried on a copy of the state and taken when it
    /// raises the measure, or leaves it where it is (a settle that costs no more than the
    /// collateral, a default on a collateral worth what waiting is, a walk away from an overdue
    /// deal that keeps less than the collateral); else the bot waits.
    pub(crate) fn long_term_step(&self, seat: Seat, cands: &[Action]) -> Option<Action> {
        let now = self.own_worth(seat);
        let mut best: Option<(i64, Action)> = None;
        for d in &self.deals {
            let overdue = d.due < self.round;
            let mut tries = Vec::new();
            if d.promisee == seat && overdue {
                tries.push(Action::Default(d.id));
            }
            if d.promisor == seat && matches!(d.promise, crate::action::Promise::Deliver(_)) {
                tries.push(Action::Settle(d.id));
                if overdue {
                    tries.push(Action::WalkAway(d.id));
                }
            }
            for a in tries {
                if !Self::has(cands, &a) && self.check_action(seat, &a).is_err() {
                    continue;
                }
                let mut after = self.clone();
                if after.apply_action(seat, &a, &mut Vec::new()).is_err() {
                    continue;
                }
                let gain = after.own_worth(seat) - now;
                if gain >= 0 && best.as_ref().is_none_or(|(g, _)| gain > *g) {
                    best = Some((gain, a));
                }
            }
        }
        best.map(|(_, a)| a)
    }

    /// Whether both sides of `seat`'s offer `o` would find it a good deal as `seat` judges
    /// them (public holdings): `seat`'s gain if so.
    pub(crate) fn fair_for_both(&self, seat: Seat, o: &Offer) -> Option<i64> {
        let (mine, given) = self.offer_gain(seat, seat, o);
        let theirs = self.partner_gain(seat, seat, o);
        let their_given = -self.exchange_value(seat, o.to, seat, &Bundle::default(), &o.take);
        (self.good_deal(mine, given, theirs)
            && self.good_deal(theirs, their_given.max(0), mine)
            && !self.partner_wins(seat, seat, o))
        .then_some(mine)
    }

    /// Offers `seat` made in this step.
    pub(crate) fn own_offers(&self, seat: Seat) -> u32 {
        (0..self.players.len())
            .map(|o| self.turn.pair_offers[seat * 4 + o] as u32)
            .sum()
    }

    /// The best of: buy a missing Experience card from someone who would sell it, or sell a
    /// card (surplus first) to someone who needs it, at the price that splits the gain
    /// between the two, when both sides still gain their margin after their share of the
    /// other's gain; within the `[bots]` offer limit.
    pub(crate) fn policy_offer(&self, seat: Seat) -> Option<Action> {
        let b = &self.data.file.bots;
        if self.own_offers(seat) >= b.max_own_offers {
            return None;
        }
        let step = self.data.economy().cash_step as i64;
        let mut best: Option<(i64, Offer)> = None;
        let mut consider = |o: Offer| {
            if self.refused_recently(seat, &o) {
                return;
            }
            let Some(score) = self.fair_for_both(seat, &o) else {
                return;
            };
            if best.as_ref().is_none_or(|(s, _)| score > *s) {
                best = Some((score, o));
            }
        };
        for other in 0..self.players.len() {
            if other == seat
                || !self.able_to_deal(other)
                || self.turn.pair_offers[seat * 4 + other] > 0
            {
                continue;
            }
            // Buy a card I lack.
            for &c in &self.players[other].experience {
                let card = Bundle {
                    experience: vec![c],
                    ..Bundle::default()
                };
                let g = self.receive_value(seat, other, &card);
                let l = self.give_value(other, &card);
                if g <= l {
                    continue;
                }
                let price = round_down((g + l) / 2, step).max(step);
                if price as u32 > self.free_cash(seat) {
                    continue;
                }
                consider(Offer {
                    to: other,
                    give: Bundle {
                        cash: price as u32,
                        ..Bundle::default()
                    },
                    take: card,
                    ..Offer::default()
                });
            }
            // Sell a card the other needs.
            for &c in &self.players[seat].experience {
                let card = Bundle {
                    experience: vec![c],
                    ..Bundle::default()
                };
                let g = self.receive_value(other, seat, &card);
                let l = self.give_value(seat, &card);
                if g <= l {
                    continue;
                }
                let price = round_up((g + l) / 2, step).max(step);
                if price as u32 > self.free_cash(other) {
                    continue;
                }
                consider(Offer {
                    to: other,
                    give: card,
                    take: Bundle {
                        cash: price as u32,
                        ..Bundle::default()
                    },
                    ..Offer::default()
                });
            }
        }
        let (_, o) = best?;
        let a = Action::Offer(Box::new(o));
        self.check_action(seat, &a).is_ok().then_some(a)
    }
}
