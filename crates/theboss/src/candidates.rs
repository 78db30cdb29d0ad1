//! A bounded, sensible set of actions for bots and random playouts: the steps of the turn,
//! moves, Fate card uses, bids (the minimum raise, a jump for a cheap lot of use, or pass), votes,
//! answers to offers (and a counter asking $10 more), showing a Fate card nobody else knows to
//! one player, settling deals, and a few offers: one at a time per player, at most two per step
//! for the active player and one for the others, each of one kind (buy a missing Experience card,
//! sell a surplus one, buy or sell a block of shares, buy a vote (the meeting's caller, target
//! or a voter who has declared, R-33), pay not to be fired, a small
//! loan with collateral), the partner and kind turning from step to step. Every candidate passes
//! the check.

use crate::action::{
    Action, Bundle, Commitment, Deck, Deliverable, LongTerm, Lot, Offer, Promise, Vote,
};
use crate::data::{FateEffect, Level, MAX_KINDS};
use crate::draw::Spares;
use crate::state::{Step, TheBoss};
use boardroom_engine::Seat;

impl TheBoss {
    /// Writes the candidate actions of `seat` into `out` (cleared first); empty when `seat` may
    /// not act. Every candidate is legal.
    pub fn candidates(&self, seat: Seat, out: &mut Vec<Action>) {
        // An offer of the last list is kept to hold the next one: no allocation.
        let mut spares = Spares::take_from(out);
        if seat >= self.players.len() || self.is_over() {
            return;
        }
        self.raw_candidates(seat, out, &mut spares, false);
        // Keep the legal ones, each once, in order.
        let mut kept = 0;
        for i in 0..out.len() {
            let a = &out[i];
            let legal = if self.legal_when_listed(a) {
                debug_assert!(self.is_legal(seat, a), "listed but illegal: {a:?}");
                true
            } else {
                self.is_legal(seat, a)
            };
            // Only the two purchases can coincide.
            let repeat = matches!(a, Action::Buy(_)) && out[..kept].contains(a);
            if legal && !repeat {
                out.swap(kept, i);
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    /// Whether `a`, as [`TheBoss::raw_candidates`] lists it in the current phase, is legal by
    /// construction: the conditions it is listed under are those of its check, so the check is
    /// skipped (the dev profile still runs it). Every other candidate is checked.
    pub(crate) fn legal_when_listed(&self, a: &Action) -> bool {
        if self.auction.is_some() {
            // Listed only for the bidder whose call it is: all that `check_auction_pass` asks.
            return matches!(a, Action::Pass);
        }
        if self.meeting.is_some() || self.after_meeting.is_some() || self.disaster.is_some() {
            return false;
        }
        match a {
            // Listed only for the active player in a step before the draw (Draw, Closing and
            // Disaster return early), so `check_business` holds; Open only while the floor is
            // closed, Collect under the very conditions of `check_step_to(Step::Salary)`.
            Action::Open | Action::Collect => true,
            // Listed only inside `in_deal_window(seat)`, which implies `check_deal_window(seat)`;
            // a pass only for another player, with the floor open, who has not passed yet
            // (`check_floor_pass`); answers and withdrawals only of the offers made to or by
            // `seat` (ids are unique); a show only to another seat who does not know the held
            // card (`check_show`).
            Action::Pass
            | Action::Accept(_)
            | Action::Reject(_)
            | Action::Withdraw(_)
            | Action::Show(_) => true,
            _ => false,
        }
    }

    /// Writes the raw candidates of `seat` (unchecked) into `out`. With `defer_offer` the
    /// player's own new offer is not written: the result says whether one may be
    /// ([`TheBoss::offer_candidate`] writes it), so that a random draw builds it only when it
    /// draws it.
    pub(crate) fn raw_candidates(
        &self,
        seat: Seat,
        out: &mut Vec<Action>,
        spares: &mut Spares,
        defer_offer: bool,
    ) -> bool {
        let n = self.players.len();
        if let Some(a) = &self.auction {
            if self.auction_caller() == Some(seat) {
                let useful = match a.lot {
                    Lot::Experience(c) => {
                        let k = self.data.exp_kind(c);
                        let have = self.players[seat]
                            .experience
                            .iter()
                            .filter(|&&x| self.data.exp_kind(x) == k)
                            .count() as u32;
                        have < self.data.caps[k as usize]
                    }
                    _ => true,
                };
                if let Some(min) = self.min_bid().filter(|_| useful) {
                    out.push(Action::Bid(min));
                    // A jump bid, for a cheap lot the bidder has a use for.
                    if a.high.is_none() && a.opening < 100 {
                        out.push(Action::Bid(min + 40));
                    }
                }
                out.push(Action::Pass);
            }
            return false;
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
                let bit = if seat == m.caller { 1 } else { 2 };
                if m.passes & bit == 0 {
                    out.push(Action::Pass);
                }
                let vote = if seat == m.caller {
                    Vote::For
                } else {
                    Vote::Against
                };
                self.vote_purchases(seat, vote, out, spares);
            } else if self.revision_3() && m.voters & (1 << seat) != 0 {
                // a voter who has declared buys the vote it declared; after abstaining,
                // either.
                match m.votes[seat] {
                    Some(Vote::For) => self.vote_purchases(seat, Vote::For, out, spares),
                    Some(Vote::Against) => self.vote_purchases(seat, Vote::Against, out, spares),
                    Some(Vote::Abstain) => {
                        self.vote_purchases(seat, Vote::For, out, spares);
                        self.vote_purchases(seat, Vote::Against, out, spares);
                    }
                    None => {}
                }
            }
            self.answers(seat, out);
            self.withdrawals(seat, out);
            return false;
        }
        if self.after_meeting.is_some() {
            for x in 0..n {
                out.push(Action::Meeting(x));
            }
            out.push(Action::Stop);
            return false;
        }
        if self.disaster.is_some() {
            out.extend([Action::Pay, Action::Lose]);
            return false;
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
                    return false;
                }
                Step::Closing | Step::Disaster => return false,
                _ => {}
            }
            // Only what the step and the sequence still allow (the check below has the last
            // word).
            if t.step <= Step::Salary && t.has_step(Step::Salary) {
                out.push(Action::Collect);
            }
            if t.step <= Step::ExecCard && t.has_step(Step::ExecCard) {
                out.push(Action::TakeCard);
            }
            if let (Some(job), true) = (
                t.start_job,
                t.step <= Step::Stock && t.has_step(Step::Stock),
            ) {
                let budget = self.data.position(job).salary.min(self.free_cash(seat));
                let lot = self.data.economy().lot;
                let k = (budget / self.data.economy().share_price) / lot * lot;
                out.push(Action::Buy(k.min(self.bank_for_sale() / lot * lot)));
                out.push(Action::Buy(lot));
            }
            let fate = self.bt_fate().map(|c| self.data.fate_effect(c));
            if !t.moved {
                // Up among the offices, or to the executive post of a Job Available card.
                let p = &self.players[seat];
                let office = |j: u8| self.data.position(j).level == Level::Office;
                let floor = match p.job {
                    Some(i) if office(i) => i,
                    Some(_) => 8,
                    None => 0,
                };
                for j in (1..=8u8).rev() {
                    let reachable = if office(j) {
                        j > floor
                    } else {
                        fate == Some(FateEffect::JobAvailable { position: j })
                    };
                    if reachable && p.snapshot & (1 << (j - 1)) != 0 && p.job != Some(j) {
                        out.push(Action::Move(j));
                    }
                }
            }
            match fate {
                Some(FateEffect::Bonus { .. } | FateEffect::StockOption { .. }) => {
                    out.push(Action::Use)
                }
                Some(FateEffect::Fire { .. }) => {
                    for x in (0..n).filter(|&x| x != seat && self.players[x].job.is_some()) {
                        out.push(Action::Fire(x));
                        out.push(Action::Meeting(x));
                    }
                }
                _ => {}
            }
            if !t.floor {
                out.push(Action::Open);
            }
            out.push(Action::End);
        }
        if !self.in_deal_window(seat) {
            return false;
        }
        // A player who passed on the floor makes no more offers, but may still answer, withdraw,
        // show, auction and act on their deals (§9.1, §9.5).
        let passed = seat != t.seat && t.idle & (1 << seat) != 0;
        if !passed && seat != t.seat && t.floor {
            out.push(Action::Pass);
        }
        self.answers(seat, out);
        self.counter_candidate(seat, out, spares);
        self.show_candidate(seat, passed, out);
        let have = self.kind_counts(seat);
        let mut deferred = false;
        if passed {
            self.withdrawals(seat, out);
            self.passed_auction_candidate(seat, out);
        } else {
            // A new offer only from a player with none waiting for an answer, and at most
            // two in a step (one for the other players).
            let made: u32 = (0..self.players.len())
                .map(|o| t.pair_offers[seat * 4 + o] as u32)
                .sum();
            let most = if seat == t.seat { 2 } else { 1 };
            if made < most && !self.offers.iter().any(|o| o.from == seat) {
                if defer_offer {
                    deferred = true;
                } else if let Some(o) = self.offer_candidate(seat, &have, spares) {
                    out.push(Action::Offer(o));
                }
            }
            if seat == t.seat {
                self.auction_candidate(seat, &have, out);
            }
        }
        for d in &self.deals {
            if d.promisor == seat {
                out.push(Action::Settle(d.id));
                if passed {
                    out.push(Action::WalkAway(d.id));
                }
            }
            if d.promisee == seat {
                out.push(Action::Default(d.id));
                if passed {
                    out.push(Action::Release(d.id));
                }
            }
        }
        deferred
    }

    /// Withdrawing each offer `seat` made (listed where nothing else may be left to do).
    fn withdrawals(&self, seat: Seat, out: &mut Vec<Action>) {
        for o in &self.offers {
            if o.from == seat {
                out.push(Action::Withdraw(o.id));
            }
        }
    }

    /// The auction of a player who passed on the floor: a block of shares a little above their
    /// value, else an Experience card, an Executive card or the Fate card at a reserve near
    /// its worth, so that whoever passed and holds something may still sell it.
    fn passed_auction_candidate(&self, seat: Seat, out: &mut Vec<Action>) {
        let p = &self.players[seat];
        let e = self.data.economy();
        // A reserve is at least $10 and in cash steps, whatever the data file's numbers.
        let reserve = |x: u32| x.max(10).div_ceil(e.cash_step) * e.cash_step;
        let lot = if p.shares >= e.lot {
            Some((Lot::Shares(e.lot), e.lot * e.share_price + 2 * e.cash_step))
        } else if let Some(&c) = p.experience.last() {
            Some((Lot::Experience(c), 100))
        } else if let Some(&c) = p.executive.last() {
            Some((Lot::Executive(c), self.data.exec_points(c)))
        } else {
            p.fate.as_ref().map(|_| (Lot::Fate, 100))
        };
        if let Some((lot, price)) = lot {
            out.push(Action::Auction(lot, reserve(price)));
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

    /// Offers of `seat` to buy `vote` from each voter yet to declare, at the voter's shares in
    /// dollars within the buyer's cash (a vote asked for nothing is an offer too).
    fn vote_purchases(&self, seat: Seat, vote: Vote, out: &mut Vec<Action>, spares: &mut Spares) {
        for v in 0..self.players.len() {
            if v != seat && self.undeclared_voter(v) {
                let power = self.voting_power(v);
                let price = (power / 10 * 10)
                    .max(10)
                    .min(self.free_cash(seat) / 10 * 10);
                let mut offer = spares.offer();
                offer.to = v;
                offer.give.cash = price;
                offer.take_commitments.push(Commitment::Vote(vote));
                out.push(Action::Offer(offer));
            }
        }
    }

    /// A counter to the first plain offer made to `seat`: the same exchange for $10 more.
    fn counter_candidate(&self, seat: Seat, out: &mut Vec<Action>, spares: &mut Spares) {
        let Some(po) = self.offers.iter().find(|o| o.offer.to == seat) else {
            return;
        };
        let o = &po.offer;
        let plain = !o.give.fate
            && !o.take.fate
            && o.give_commitments.is_empty()
            && o.take_commitments.is_empty()
            && o.long_term.is_none()
            && o.cancel.is_none();
        if plain {
            let mut counter = spares.offer();
            counter.to = po.from;
            counter.give.clone_from(&o.take);
            counter.take.clone_from(&o.give);
            counter.take.cash += 10;
            out.push(Action::Counter(po.id, counter));
        }
    }

    /// Showing the held Fate card, known to nobody else yet, to the next player; after passing
    /// on the floor, to the next player who does not know it.
    fn show_candidate(&self, seat: Seat, passed: bool, out: &mut Vec<Action>) {
        let Some(f) = &self.players[seat].fate else {
            return;
        };
        if !passed && f.known_by & !(1 << seat) != 0 {
            return;
        }
        if let Some(to) = self
            .order_from(seat)
            .find(|&o| o != seat && f.known_by & (1 << o) == 0)
        {
            out.push(Action::Show(to));
        }
    }

    /// One offer to one partner: the partner and the kind turn with the offers already made in
    /// this step and the turn number, so that every kind comes up. `have` counts `seat`'s
    /// Experience cards per kind ([`TheBoss::kind_counts`]).
    pub(crate) fn offer_candidate(
        &self,
        seat: Seat,
        have: &[u32; MAX_KINDS],
        spares: &mut Spares,
    ) -> Option<Box<Offer>> {
        let mut partners = [0; 4];
        let mut count = 0;
        for o in self.order_from(seat) {
            if o != seat && self.able_to_deal(o) {
                partners[count] = o;
                count += 1;
            }
        }
        if count == 0 {
            return None;
        }
        let turn = self.turn.number as usize + self.turn.offers as usize;
        let partner = partners[turn % count];
        let plan = (0..OFFER_KINDS)
            .find_map(|k| self.offer_plan(seat, have, partner, (turn + k) % OFFER_KINDS))?;
        // A box is taken (or made) only for an offer sure to be listed.
        let mut offer = spares.offer();
        self.write_offer(seat, partner, plan, &mut offer);
        Some(offer)
    }

    /// Offer number `kind` of `seat` to `o`, when it makes sense: buy a card of a kind still
    /// missing, sell a surplus card, buy or sell a block of shares, pay the active player not
    /// to be fired, lend against shares. `have` counts `seat`'s Experience cards per kind.
    fn offer_plan(
        &self,
        seat: Seat,
        have: &[u32; MAX_KINDS],
        o: Seat,
        kind: usize,
    ) -> Option<OfferPlan> {
        let me = &self.players[seat];
        let other = &self.players[o];
        let lot = self.data.economy().lot;
        match kind {
            0 => other
                .experience
                .iter()
                .find(|&&c| {
                    let k = self.data.exp_kind(c) as usize;
                    have[k] < self.data.caps[k]
                })
                .map(|&c| OfferPlan::BuyCard(c)),
            1 => self.surplus_card(seat, have).map(OfferPlan::SellCard),
            2 if other.shares >= lot => Some(OfferPlan::BuyShares),
            3 if me.shares >= lot => Some(OfferPlan::SellShares),
            4 if o == self.turn.seat && self.usable_fate(o).is_some() => Some(OfferPlan::SpareMe),
            5 if other.shares >= 2 * lot => Some(OfferPlan::Loan),
            _ => None,
        }
    }

    /// Writes the offer of `plan` from `seat` to `o` into the empty `offer`: a card
    /// bought for $100 or sold for $50, a block of shares a little above its value, $50 not to
    /// be fired, $200 lent against 20 shares.
    fn write_offer(&self, seat: Seat, o: Seat, plan: OfferPlan, offer: &mut Offer) {
        let price = self.data.economy().share_price;
        let lot = self.data.economy().lot;
        offer.to = o;
        match plan {
            OfferPlan::BuyCard(c) => {
                offer.give.cash = 100;
                offer.take.experience.push(c);
                offer.note.push_str("a fair price for a card I need");
            }
            OfferPlan::SellCard(c) => {
                offer.give.experience.push(c);
                offer.take.cash = 50;
            }
            OfferPlan::BuyShares => {
                offer.give.cash = lot * price + 20;
                offer.take.shares = lot;
            }
            OfferPlan::SellShares => {
                offer.give.shares = lot;
                offer.take.cash = lot * price + 20;
            }
            OfferPlan::SpareMe => {
                offer.give.cash = 50;
                offer.take_commitments.push(Commitment::NotFire(seat));
                offer.note.push_str("spare me");
            }
            OfferPlan::Loan => {
                offer.give.cash = 200;
                offer.long_term = Some(LongTerm {
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
                });
            }
        }
    }

    /// Experience cards in `seat`'s hand, per kind.
    pub(crate) fn kind_counts(&self, seat: Seat) -> [u32; MAX_KINDS] {
        let mut have = [0u32; MAX_KINDS];
        for &c in &self.players[seat].experience {
            have[self.data.exp_kind(c) as usize] += 1;
        }
        have
    }

    /// The highest surplus Experience card of `seat` (§2), if any; `have` counts its cards per
    /// kind.
    fn surplus_card(&self, seat: Seat, have: &[u32; MAX_KINDS]) -> Option<u8> {
        if have.iter().zip(&self.data.caps).all(|(h, c)| h <= c) {
            return None;
        }
        self.players[seat]
            .experience
            .iter()
            .rev()
            .copied()
            .find(|&c| {
                let k = self.data.exp_kind(c) as usize;
                have[k] > self.data.caps[k]
            })
    }

    /// The active player's voluntary auction: a surplus Experience card beyond those the
    /// closing step auctions anyway, else an unusable Job Available card before its mandatory
    /// auction.
    fn auction_candidate(&self, seat: Seat, have: &[u32; MAX_KINDS], out: &mut Vec<Action>) {
        let p = &self.players[seat];
        let beyond_due = |c: u8| {
            let k = self.data.exp_kind(c) as usize;
            let due = p.surplus_due.get(k).copied().unwrap_or(0) as u32;
            have[k] > self.data.caps[k] + due
        };
        let surplus = have.iter().zip(&self.data.caps).any(|(h, c)| h > c);
        let beyond = || p.experience.iter().rev().copied().find(|&c| beyond_due(c));
        if let Some(c) = surplus.then(beyond).flatten() {
            out.push(Action::Auction(Lot::Experience(c), 10));
        } else if let Some(f) = &p.fate {
            if let FateEffect::JobAvailable { position } = self.data.fate_effect(f.card) {
                out.push(Action::Auction(
                    Lot::Fate,
                    self.data.position(position).salary,
                ));
            }
        }
    }
}

/// How many kinds of offer [`TheBoss::offer_plan`] knows.
const OFFER_KINDS: usize = 6;

/// An offer the candidates make, chosen before it is written (see [`TheBoss::write_offer`]).
#[derive(Clone, Copy)]
enum OfferPlan {
    /// Buy this Experience card, of a kind still missing.
    BuyCard(u8),
    /// Sell this surplus Experience card.
    SellCard(u8),
    /// Buy a block of the partner's shares.
    BuyShares,
    /// Sell a block of shares.
    SellShares,
    /// Pay the active player not to be fired.
    SpareMe,
    /// Lend to the partner against their shares.
    Loan,
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::draw::Spares;
    use crate::state::{Config, TheBoss};
    use rand::{Rng, SeedableRng};

    /// The list as it was first written: every raw candidate checked, each kept once.
    fn checked(g: &TheBoss, seat: usize) -> Vec<Action> {
        let mut raw = Vec::new();
        if seat < g.players.len() && !g.is_over() {
            g.raw_candidates(seat, &mut raw, &mut Spares::default(), false);
        }
        let mut kept: Vec<Action> = Vec::new();
        for a in raw {
            let repeat = matches!(a, Action::Buy(_)) && kept.contains(&a);
            if g.is_legal(seat, &a) && !repeat {
                kept.push(a);
            }
        }
        kept
    }

    #[test]
    fn the_candidates_are_the_raw_ones_that_pass_the_check() {
        let mut compared = 0;
        let mut offers = 0;
        for seed in 0..24u64 {
            let players = 2 + seed as usize % 3;
            let mut g = TheBoss::new_game(&Config::new(players), seed).unwrap();
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let mut lists = vec![Vec::new(); players + 1];
            while !g.is_over() {
                for (seat, list) in lists.iter_mut().enumerate() {
                    g.candidates(seat, list);
                    assert_eq!(*list, checked(&g, seat), "seed {seed} seat {seat}");
                    assert!(list.iter().all(|a| g.is_legal(seat, a)));
                    offers += list
                        .iter()
                        .filter(|a| matches!(a, Action::Offer(_)))
                        .count();
                    compared += 1;
                }
                let seats: Vec<usize> = g.may_act().iter().collect();
                let seat = seats[rng.gen_range(0..seats.len())];
                let list = &lists[seat];
                let a = list[rng.gen_range(0..list.len())].clone();
                g.apply_action(seat, &a, &mut Vec::new()).unwrap();
            }
        }
        assert!(compared > 50_000, "{compared} lists compared");
        assert!(offers > 5_000, "{offers} offers listed");
    }
}
