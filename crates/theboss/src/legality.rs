//! Legality as a yes or no read from the state alone: no copy of the state, no allocation.
//!
//! `check_action`, `apply_action` and the candidate generator ask [`TheBoss::quick_legal`]
//! first. It answers exactly as running the action would (the rules' own checks stay in the
//! code that carries the action out, and a test compares the two on every state of random
//! games); where it cannot tell without running the action (an offer with firing commitments
//! made before Business Transactions), it answers `None` and the caller runs the action on a
//! copy.

use crate::action::{Action, Commitment, Deck, Lot, Offer, Promise};
use crate::data::{FateEffect, Level, FIRST_EXEC, MAX_EXEC_PER_NUMBER};
use crate::state::{Step, TheBoss};
use boardroom_engine::Seat;

impl TheBoss {
    /// Whether `seat` may play `action` now; `None` when only running it tells.
    pub(crate) fn quick_legal(&self, seat: Seat, action: &Action) -> Option<bool> {
        if self.is_over() || seat >= self.players.len() {
            return Some(false);
        }
        if self.auction.is_some() {
            return Some(match *action {
                Action::Bid(x) => self.bid_ok(seat, x),
                Action::Pass => self.auction_caller() == Some(seat),
                _ => false,
            });
        }
        if let Some(m) = &self.meeting {
            return match action {
                Action::Vote(_) => Some(
                    self.players[seat].fired.is_none()
                        && m.voters & (1 << seat) != 0
                        && m.votes[seat].is_none(),
                ),
                Action::Pass => Some(
                    (seat == m.caller && m.passes & 1 == 0)
                        || (seat == m.target && m.passes & 2 == 0),
                ),
                Action::Offer(o) => self.offer_ok(seat, o),
                Action::Accept(id) | Action::Reject(id) => Some(self.answer_ok(seat, *id, false)),
                Action::Withdraw(id) => Some(self.answer_ok(seat, *id, true)),
                Action::Counter(id, ref o) => self.counter_ok(seat, *id, o),
                _ => Some(false),
            };
        }
        if let Some(am) = &self.after_meeting {
            if seat != self.turn.seat {
                return Some(false);
            }
            return Some(match *action {
                Action::Meeting(x) => {
                    let FateEffect::Fire { severance } = self.data.fate_effect(am.card) else {
                        return None;
                    };
                    self.meeting_target_legal(seat, x, am.named)
                        && self.players[seat].cash >= severance
                }
                Action::Stop => true,
                _ => false,
            });
        }
        if let Some(card) = self.disaster {
            if seat != self.turn.seat {
                return Some(false);
            }
            return Some(match action {
                Action::Pay => match self.data.fate_effect(card) {
                    FateEffect::Disaster { pay, .. } => self.free_cash(seat) >= pay,
                    _ => return None,
                },
                Action::Lose => true,
                _ => false,
            });
        }
        match action {
            Action::Bid(_) | Action::Vote(_) | Action::Stop | Action::Pay | Action::Lose => {
                Some(false)
            }
            Action::Pass => Some(
                seat != self.turn.seat
                    && self.turn.floor
                    && self.in_deal_window(seat)
                    && self.turn.idle & (1 << seat) == 0,
            ),
            a if a.is_dealing() => self.deal_ok(seat, a),
            a => {
                if seat != self.turn.seat {
                    return Some(false);
                }
                self.turn_ok(a)
            }
        }
    }

    /// Whether `seat` may deal now outside meetings (the Business Transactions step begins for
    /// the active player if needed).
    fn window_ok(&self, seat: Seat) -> bool {
        self.able_to_deal(seat)
            && if seat == self.turn.seat {
                self.turn.step <= Step::Business
            } else {
                self.turn.step == Step::Business && self.turn.floor
            }
    }

    /// Accept or reject (`withdraw`: withdraw) offer `id`.
    fn answer_ok(&self, seat: Seat, id: u32, withdraw: bool) -> bool {
        let Some(o) = self.offers.iter().find(|o| o.id == id) else {
            return false;
        };
        let party = if withdraw { o.from } else { o.offer.to };
        party == seat
            && if self.meeting.is_some() {
                self.offer_has_vote(&o.offer) && self.able_to_deal(seat)
            } else {
                self.window_ok(seat)
            }
    }

    fn deal_ok(&self, seat: Seat, action: &Action) -> Option<bool> {
        Some(match *action {
            Action::Offer(ref o) => return self.offer_ok(seat, o),
            Action::Counter(id, ref o) => return self.counter_ok(seat, id, o),
            Action::Accept(id) | Action::Reject(id) => self.answer_ok(seat, id, false),
            Action::Withdraw(id) => self.answer_ok(seat, id, true),
            Action::Show(to) => {
                self.window_ok(seat)
                    && to < self.players.len()
                    && to != seat
                    && self.players[seat]
                        .fate
                        .as_ref()
                        .is_some_and(|f| f.known_by & (1 << to) == 0)
            }
            Action::Auction(lot, reserve) => {
                self.window_ok(seat)
                    && reserve >= 10
                    && reserve.is_multiple_of(self.data.economy().cash_step)
                    && self.check_lot(seat, lot).is_ok()
                    && self.turn.offers < self.data.limits().max_offers_per_bt
            }
            Action::Settle(id) => self.window_ok(seat) && self.settle_ok(seat, id),
            Action::Release(id) => {
                self.window_ok(seat) && self.deals.iter().any(|d| d.id == id && d.promisee == seat)
            }
            Action::Default(id) => {
                self.window_ok(seat)
                    && self
                        .deals
                        .iter()
                        .any(|d| d.id == id && d.promisee == seat && self.round > d.due)
            }
            Action::WalkAway(id) => {
                self.window_ok(seat) && self.deals.iter().any(|d| d.id == id && d.promisor == seat)
            }
            _ => false,
        })
    }

    /// A counter to offer `id` (rejected first, which changes nothing the new offer is checked
    /// against).
    fn counter_ok(&self, seat: Seat, id: u32, o: &Offer) -> Option<bool> {
        let Some(po) = self.offers.iter().find(|p| p.id == id) else {
            return Some(false);
        };
        if po.offer.to != seat || o.to != po.from || !self.answer_ok(seat, id, false) {
            return Some(false);
        }
        self.offer_ok(seat, o)
    }

    /// An offer from `from`, as `make_offer` checks it.
    fn offer_ok(&self, from: Seat, o: &Offer) -> Option<bool> {
        let n = self.players.len();
        if let Some(m) = &self.meeting {
            let party = |s: Seat| s == m.caller || s == m.target || m.voters & (1 << s) != 0;
            let dealer = from == m.caller || from == m.target || self.undeclared_voter(from);
            if !(self.able_to_deal(from)
                && dealer
                && o.to < n
                && party(o.to)
                && self.offer_has_vote(o)
                && m.offers < self.data.limits().meeting_max_offers)
            {
                return Some(false);
            }
        } else {
            if !self.window_ok(from) || self.turn.idle & (1 << from) != 0 {
                return Some(false);
            }
            let firing = o
                .give_commitments
                .iter()
                .chain(&o.take_commitments)
                .any(|c| !matches!(c, Commitment::Vote(_)));
            if firing && self.turn.step < Step::Business {
                // The use window of the Fate card opens with the step: run it to tell.
                return None;
            }
        }
        if !self.offer_fits(from, o) {
            return Some(false);
        }
        let l = self.data.limits();
        let open = self.offers.iter().filter(|p| p.from == from).count() as u32;
        Some(
            open < l.max_open_offers_per_player
                && self.turn.offers < l.max_offers_per_bt
                && (self.turn.pair_offers[from * 4 + o.to] as u32) < l.max_offers_per_pair_per_bt,
        )
    }

    /// A bid of `amount` by `seat` in the running auction.
    fn bid_ok(&self, seat: Seat, amount: u32) -> bool {
        let Some(a) = &self.auction else {
            return false;
        };
        let Some(min) = self.min_bid() else {
            return false;
        };
        self.auction_caller() == Some(seat)
            && amount >= min
            && amount.is_multiple_of(self.data.economy().cash_step)
            && amount <= self.free_cash(seat)
            && !self.fire_card_promised(seat, a.lot)
            && match a.lot {
                Lot::Executive(c) => {
                    self.owned_of_number(seat, self.data.exec_number(c)) < MAX_EXEC_PER_NUMBER
                }
                _ => true,
            }
    }

    /// Settling deal `id` (the promisor holds the deliverable; the promisee stays within 2
    /// Executive cards per number).
    fn settle_ok(&self, seat: Seat, id: u32) -> bool {
        let Some(d) = self.deals.iter().find(|d| d.id == id) else {
            return false;
        };
        let Promise::Deliver(del) = &d.promise else {
            return false;
        };
        if d.promisor != seat {
            return false;
        }
        let p = &self.players[seat];
        let kinds_ok = del.experience.iter().all(|&k| {
            let want = del.experience.iter().filter(|&&x| x == k).count();
            p.experience
                .iter()
                .filter(|&&c| self.data.exp_kind(c) == k)
                .count()
                >= want
        });
        let numbers_ok = del.executive.iter().all(|&n| {
            let want = del.executive.iter().filter(|&&x| x == n).count();
            p.executive
                .iter()
                .filter(|&&c| self.data.exec_number(c) == n)
                .count()
                >= want
        });
        kinds_ok
            && numbers_ok
            && del.cash <= self.free_cash(seat)
            && del.shares <= p.shares
            && (FIRST_EXEC..=8).all(|n| {
                let given = del.executive.iter().filter(|&&x| x == n).count() as u8;
                self.owned_of_number(d.promisee, n) + given <= MAX_EXEC_PER_NUMBER
            })
    }

    /// The Fate card the active player may use once the Business Transactions step has begun
    /// (entering the step opens the use window of a card got since the last one, R-15).
    pub(crate) fn bt_fate(&self) -> Option<u8> {
        let t = &self.turn;
        if t.step > Step::Business {
            return None;
        }
        let f = self.players[t.seat].fate.as_ref()?;
        let window = if t.step < Step::Business {
            f.window.or(Some(t.number))
        } else {
            f.window
        };
        (window == Some(t.number)).then_some(f.card)
    }

    /// The active player's Fire card usable in this Business Transactions step, with its
    /// severance.
    fn bt_fire(&self) -> Option<(u8, u32)> {
        let c = self.bt_fate()?;
        match self.data.fate_effect(c) {
            FateEffect::Fire { severance } => Some((c, severance)),
            _ => None,
        }
    }

    /// The active player's own steps.
    fn turn_ok(&self, action: &Action) -> Option<bool> {
        let t = &self.turn;
        let seat = t.seat;
        let bt = t.step <= Step::Business;
        Some(match *action {
            Action::Collect => t.has_step(Step::Salary) && t.step <= Step::Salary,
            Action::TakeCard => {
                if !(t.has_step(Step::ExecCard) && t.step <= Step::ExecCard) {
                    return Some(false);
                }
                let job = self.players[seat].job?;
                self.owned_of_number(seat, job) < 2
                    && self
                        .exec_bank
                        .iter()
                        .any(|&c| self.data.exec_number(c) == job)
            }
            Action::Buy(k) => {
                let e = self.data.economy();
                if !(t.has_step(Step::Stock)
                    && t.step <= Step::Stock
                    && k >= e.lot
                    && k.is_multiple_of(e.lot))
                {
                    return Some(false);
                }
                let job = t.start_job?;
                let cost = k.saturating_mul(e.share_price);
                cost <= self.data.position(job).salary
                    && cost <= self.free_cash(seat)
                    && k <= self.bank_for_sale()
            }
            Action::Open => bt && !t.floor,
            Action::Move(j) => bt && self.move_ok(j),
            Action::Use => bt && self.use_ok(),
            Action::Fire(x) => {
                bt && self.bt_fire().is_some_and(|(_, severance)| {
                    self.office_target_legal(seat, x) && self.players[seat].cash >= severance
                })
            }
            Action::Meeting(x) => {
                bt && self.bt_fire().is_some_and(|(_, severance)| {
                    self.meeting_target_legal(seat, x, 0) && self.players[seat].cash >= severance
                })
            }
            Action::Discard => t.step == Step::Draw && self.players[seat].fate.is_some(),
            Action::End => bt && t.must_fire.is_none(),
            Action::Draw(deck) => {
                if t.step != Step::Draw {
                    return Some(false);
                }
                let fate = self.players[seat].fate.as_ref();
                let in_window = fate.is_some_and(|f| f.window == Some(t.number));
                match deck {
                    Deck::Fate => in_window || fate.is_none(),
                    Deck::Experience => !self.exp_deck.is_empty(),
                }
            }
            _ => false,
        })
    }

    /// A move of the active player to position `j` (§5.3).
    fn move_ok(&self, j: u8) -> bool {
        let seat = self.turn.seat;
        if !(1..=8).contains(&j) || self.turn.moved {
            return false;
        }
        let from = self.players[seat].job;
        if from == Some(j) || self.players[seat].snapshot & (1 << (j - 1)) == 0 {
            return false;
        }
        let pos = self.data.position(j);
        let allowed = if pos.level == Level::Office {
            from.is_none_or(|i| self.data.position(i).level == Level::Office && j > i)
        } else {
            self.bt_fate().is_some_and(|c| {
                self.data.fate_effect(c) == FateEffect::JobAvailable { position: j }
            }) && self.usable_shares(seat) >= pos.min_shares
        };
        allowed && self.has_free_chair(j) && self.meets_experience(seat, j)
    }

    /// Using the active player's Bonus or Stock Option card.
    fn use_ok(&self) -> bool {
        let Some(card) = self.bt_fate() else {
            return false;
        };
        match self.data.fate_effect(card) {
            FateEffect::Bonus { .. } => true,
            FateEffect::StockOption { shares, price } => {
                let k = shares.min(self.bank_for_sale());
                k > 0 && k * price <= self.free_cash(self.turn.seat)
            }
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::action::{Action, Bundle, Commitment, Deck, Lot, Offer, Vote};
    use crate::state::{Config, TheBoss};
    use rand::{Rng, SeedableRng};

    /// Runs `action` on a copy, as the rules do.
    fn slow(g: &TheBoss, seat: usize, a: &Action) -> bool {
        g.run_on_copy(seat, a, &mut Vec::new()).is_ok()
    }

    /// Actions worth asking about in `g`: the enumerable ones, every seat's candidates and a
    /// few offers, auctions and bids the candidates do not list.
    fn probes(g: &TheBoss) -> Vec<Action> {
        let n = g.num_players();
        let mut all = vec![
            Action::Collect,
            Action::TakeCard,
            Action::Open,
            Action::Use,
            Action::Stop,
            Action::Pass,
            Action::Pay,
            Action::Lose,
            Action::Discard,
            Action::End,
            Action::Draw(Deck::Experience),
            Action::Draw(Deck::Fate),
            Action::Vote(Vote::For),
            Action::Vote(Vote::Abstain),
            Action::Buy(10),
            Action::Buy(20),
            Action::Buy(15),
            Action::Auction(Lot::Fate, 10),
            Action::Auction(Lot::Shares(10), 50),
            Action::Auction(Lot::Experience(3), 10),
        ];
        all.extend((0..=9).map(Action::Move));
        for s in 0..=n {
            all.push(Action::Fire(s));
            all.push(Action::Meeting(s));
            all.push(Action::Show(s));
            for (give, take, commit) in [
                (100, 10, None),
                (0, 0, Some(Commitment::NotFire(s))),
                (50, 0, Some(Commitment::Vote(Vote::For))),
                (5000, 0, None),
            ] {
                all.push(Action::Offer(Box::new(Offer {
                    to: s,
                    give: Bundle {
                        cash: give,
                        ..Bundle::default()
                    },
                    take: Bundle {
                        shares: take,
                        ..Bundle::default()
                    },
                    take_commitments: commit.into_iter().collect(),
                    ..Offer::default()
                })));
            }
        }
        if let Some(b) = g.min_bid() {
            all.extend([
                Action::Bid(b),
                Action::Bid(b + 10),
                Action::Bid(b + 5),
                Action::Bid(b.saturating_sub(10)),
            ]);
        }
        for o in g.offers() {
            all.extend([
                Action::Accept(o.id),
                Action::Reject(o.id),
                Action::Withdraw(o.id),
                Action::Counter(
                    o.id,
                    Box::new(Offer {
                        to: o.from,
                        give: Bundle {
                            cash: 10,
                            ..Bundle::default()
                        },
                        ..Offer::default()
                    }),
                ),
            ]);
        }
        for d in g.deals() {
            all.extend([
                Action::Settle(d.id),
                Action::Default(d.id),
                Action::Release(d.id),
                Action::WalkAway(d.id),
            ]);
        }
        let mut c = Vec::new();
        for s in 0..n {
            g.candidates(s, &mut c);
            all.extend(c.iter().cloned());
        }
        all
    }

    #[test]
    fn the_quick_answer_is_the_answer_of_running_the_action() {
        let mut asked = 0;
        let mut plain_accepts = 0;
        for seed in 0..12u64 {
            let players = 2 + seed as usize % 3;
            let mut g = TheBoss::new_game(&Config::new(players), seed).unwrap();
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let mut cands = Vec::new();
            let mut step = 0;
            while !g.is_over() && step < 20_000 {
                if step % 3 == 0 {
                    for a in probes(&g) {
                        for seat in 0..=players {
                            if let Some(quick) = g.quick_legal(seat, &a) {
                                asked += 1;
                                assert_eq!(
                                    quick,
                                    slow(&g, seat, &a),
                                    "seed {seed} step {step} seat {seat}: {a:?}"
                                );
                            }
                        }
                    }
                }
                let seats: Vec<usize> = g.may_act().iter().collect();
                let seat = seats[rng.gen_range(0..seats.len())];
                g.candidates(seat, &mut cands);
                let a = cands[rng.gen_range(0..cands.len())].clone();
                // A plain exchange accepted in place ends as the full acceptance on a copy.
                let full = match a {
                    Action::Accept(id) => {
                        let mut h = g.clone();
                        let i = h.offers.iter().position(|o| o.id == id).unwrap();
                        let po = h.offers.remove(i);
                        let plain = h.plain_exchange_ok(&po);
                        let ok = h.execute(&po, &mut Vec::new()).is_ok();
                        assert!(!plain || ok, "seed {seed} step {step}: {po:?}");
                        plain.then_some(h)
                    }
                    _ => None,
                };
                g.apply_action(seat, &a, &mut Vec::new()).unwrap();
                if let Some(h) = full {
                    plain_accepts += 1;
                    assert_eq!(g, h, "seed {seed} step {step}");
                }
                step += 1;
            }
        }
        assert!(asked > 10_000, "{asked} answers compared");
        assert!(
            plain_accepts > 10,
            "{plain_accepts} plain exchanges compared"
        );
    }
}
