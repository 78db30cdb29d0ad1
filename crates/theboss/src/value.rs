//! The reference bots' valuation V(item) from one seat's point of view (§9.8), with the
//! constants of the data file's `[bots]` section.
//!
//! Every value here reads only what the seat may know: public holdings, its own Fate card and
//! the cards shown to it. A face-down Fate card it cannot see is valued at the average over the
//! cards it cannot see (the Fate deck and the other unseen held cards), a multiset that does not
//! depend on the deck order, so the values are the same on every state the seat cannot tell
//! apart.
//!
//! Values are marginal: a card is worth what it adds to the seat's holdings (an Experience card
//! of a kind already covered adds nothing), and giving an item costs what receiving it back
//! would add, so a round trip of trades is never worth more than standing still.

use crate::action::{Bundle, Commitment, Offer, Promise, Vote};
use crate::data::{FateEffect, Level, COMPLETE_SET, FIRST_EXEC, MAX_EXEC_PER_NUMBER};
use crate::state::{PendingOffer, TheBoss};
use boardroom_engine::{Seat, Viewer};

/// Cards needed for a complete Executive set (2 + 2 + 1 + 1).
const SET_CARDS: u32 = 6;

impl TheBoss {
    fn pct(&self, x: i64, percent: u32) -> i64 {
        x * percent as i64 / 100
    }

    /// The positions `seat` may still aim at: above its office job, or (executives) every other
    /// executive position.
    fn aims(&self, seat: Seat) -> impl Iterator<Item = u8> + '_ {
        let job = self.players[seat].job;
        (1..=8u8).filter(move |&p| match job {
            None => true,
            Some(j) if j < FIRST_EXEC => p > j,
            Some(j) => p >= FIRST_EXEC && p != j,
        })
    }

    /// Positions (bit n-1 for n) whose Experience `years` meet.
    fn mask_of(&self, years: &[u32]) -> u16 {
        let mut m = 0;
        for p in &self.data.positions {
            if p.requirements
                .iter()
                .all(|r| years[r.kind as usize] >= r.years)
            {
                m |= 1 << (p.number - 1);
            }
        }
        m
    }

    /// What one more Experience card of kind `kind` adds for `seat` on top of `years`: $100 ×
    /// the best job it unlocks; if it unlocks none, $100 × the nearest job of which it fills
    /// a missing requirement; else 0.
    fn experience_gain(&self, seat: Seat, years: &[u32], kind: u8) -> i64 {
        let per = self.data.file.bots.experience_per_level as i64;
        let k = kind as usize;
        let before = self.mask_of(years);
        let mut after_years = years.to_vec();
        after_years[k] += self.data.kinds[k].years_per_card;
        let after = self.mask_of(&after_years);
        let mut unlocked = None;
        let mut fills = None;
        for p in self.aims(seat) {
            let bit = 1 << (p - 1);
            if after & bit != 0 && before & bit == 0 {
                unlocked = Some(p);
            }
            let missing = self
                .data
                .position(p)
                .requirements
                .iter()
                .any(|r| r.kind == kind && years[k] < r.years);
            if missing && fills.is_none() {
                fills = Some(p);
            }
        }
        unlocked.or(fills).map_or(0, |p| per * p as i64)
    }

    /// The value for `seat` of moving its share count from `from` to `to`: $20 a share, × 1.25
    /// when the change crosses a stock threshold (an executive minimum or the share win).
    pub fn share_change_value(&self, seat: Seat, from: u32, to: u32) -> i64 {
        let price = self.data.economy().share_price as i64;
        let (lo, hi) = (from.min(to), from.max(to));
        let win = self.data.economy().win_shares_over + self.data.economy().lot;
        let crosses = |t: u32| lo < t && t <= hi;
        let threshold = crosses(win)
            || self.aims(seat).any(|p| {
                let m = self.data.position(p).min_shares;
                m > 0 && crosses(m)
            });
        let mut v = price * (hi - lo) as i64;
        if threshold {
            v = self.pct(v, self.data.file.bots.share_threshold_percent);
        }
        if to >= from {
            v
        } else {
            -v
        }
    }

    /// Cards of the complete set counted from `owned` per number (index 0 = #5).
    fn set_count(owned: &[u8; 4]) -> u32 {
        (0..4).map(|i| owned[i].min(COMPLETE_SET[i]) as u32).sum()
    }

    fn owned_numbers(&self, seat: Seat) -> [u8; 4] {
        let mut n = [0u8; 4];
        for c in self.owned_executive(seat) {
            n[(self.data.exec_number(c) - FIRST_EXEC) as usize] += 1;
        }
        n
    }

    /// What one more Executive card `card` adds on top of `owned`: its points, +50 % when it
    /// completes or nearly completes the set (5 of 6).
    fn executive_gain(&self, owned: &[u8; 4], card: u8) -> i64 {
        let points = self.data.exec_points(card) as i64;
        let i = (self.data.exec_number(card) - FIRST_EXEC) as usize;
        let mut after = *owned;
        after[i] += 1;
        if owned[i] < COMPLETE_SET[i] && Self::set_count(&after) + 1 >= SET_CARDS {
            points + self.pct(points, self.data.file.bots.exec_set_bonus_percent)
        } else {
            points
        }
    }

    /// Whether `seat` could move into executive position `j` within about two turns: it meets
    /// the Experience, a chair is free, and its shares reach the minimum with two turns of
    /// buying at its salary.
    fn job_reachable(&self, seat: Seat, j: u8) -> bool {
        let p = &self.players[seat];
        let pos = self.data.position(j);
        if p.job == Some(j) || !self.has_free_chair(j) || !self.meets_experience(seat, j) {
            return false;
        }
        if let Some(cur) = p.job {
            if self.data.position(cur).salary >= pos.salary
                && self.data.position(cur).level == Level::Executive
                && self.owned_numbers(seat)[(j - FIRST_EXEC) as usize]
                    >= COMPLETE_SET[(j - FIRST_EXEC) as usize]
            {
                return false;
            }
        }
        let salary = p.job.map_or(0, |j| self.data.position(j).salary);
        let price = self.data.economy().share_price;
        let lot = self.data.economy().lot;
        let buy = (salary.min(p.cash) / price) / lot * lot;
        self.usable_shares(seat) + 2 * buy >= pos.min_shares
    }

    /// V of Fate card `card` to `seat` if it held it usable (§9.8).
    pub fn fate_value(&self, seat: Seat, card: u8) -> i64 {
        let b = &self.data.file.bots;
        match self.data.fate_effect(card) {
            FateEffect::JobAvailable { position } => {
                if self.job_reachable(seat, position) {
                    (self.data.position(position).salary * b.job_available_salary_multiple) as i64
                } else {
                    0
                }
            }
            FateEffect::Bonus { amount } => amount as i64,
            FateEffect::StockOption { shares, price } => {
                let p = self.data.economy().share_price as i64;
                let n = shares.min(self.bank_for_sale()) as i64;
                if self.players[seat].cash >= shares.saturating_mul(price) {
                    ((p - price as i64) * n).max(0)
                } else {
                    0
                }
            }
            FateEffect::Fire { severance } => {
                if self.players[seat].cash >= severance && self.has_fire_target(seat) {
                    severance as i64
                } else {
                    0
                }
            }
            FateEffect::Disaster { .. } => 0,
        }
    }

    /// Whether a Fire card in `seat`'s hand would have a legal target: an office holder below
    /// it, or (for an executive) another executive.
    pub fn has_fire_target(&self, seat: Seat) -> bool {
        let Some(mine) = self.players[seat].job else {
            return false;
        };
        let exec = self.data.position(mine).level == Level::Executive;
        (0..self.players.len()).any(|x| {
            x != seat
                && self.players[x].job.is_some_and(|j| {
                    let office = self.data.position(j).level == Level::Office;
                    exec || (office && j < mine)
                })
        })
    }

    /// The average V to `seat` of a Fate card it cannot see: over the Fate deck and the other
    /// held cards hidden from it, Financial Disasters left out (they are never held).
    pub fn unseen_fate_value(&self, seat: Seat) -> i64 {
        let mut total = 0i64;
        let mut n = 0i64;
        let hidden = (0..self.players.len())
            .filter(|&s| s != seat && !self.sees_fate(Viewer::Seat(seat), s))
            .filter_map(|s| self.players[s].fate.as_ref().map(|f| f.card));
        for c in self.fate_deck.iter().copied().chain(hidden) {
            if !matches!(self.data.fate_effect(c), FateEffect::Disaster { .. }) {
                total += self.fate_value(seat, c);
                n += 1;
            }
        }
        if n == 0 {
            0
        } else {
            total / n
        }
    }

    /// V to `seat` of the Fate card `holder` holds (0 when none, or past its use window).
    pub fn held_fate_value(&self, seat: Seat, holder: Seat) -> i64 {
        let Some(f) = &self.players[holder].fate else {
            return 0;
        };
        if f.window.is_some_and(|w| w < self.turn.number) {
            return 0;
        }
        if self.sees_fate(Viewer::Seat(seat), holder) {
            self.fate_value(seat, f.card)
        } else {
            self.unseen_fate_value(seat)
        }
    }

    /// V to `seat` of receiving bundle `b` from `from` (its cards added one after another).
    pub fn receive_value(&self, seat: Seat, from: Seat, b: &Bundle) -> i64 {
        let mut v = b.cash as i64;
        let s = self.owned_shares(seat);
        v += self.share_change_value(seat, s, s + b.shares);
        let mut years = self.usable_years(seat);
        for &c in &b.experience {
            let k = self.data.exp_kind(c);
            v += self.experience_gain(seat, &years, k);
            years[k as usize] += self.data.kinds[k as usize].years_per_card;
        }
        let mut owned = self.owned_numbers(seat);
        for &c in &b.executive {
            v += self.executive_gain(&owned, c);
            owned[(self.data.exec_number(c) - FIRST_EXEC) as usize] += 1;
        }
        if b.fate {
            v += self.held_fate_value(seat, from);
        }
        v
    }

    /// V to `seat` of giving away bundle `b` (what receiving it back would add): positive.
    pub fn give_value(&self, seat: Seat, b: &Bundle) -> i64 {
        let mut v = b.cash as i64;
        let s = self.owned_shares(seat);
        v -= self.share_change_value(seat, s, s.saturating_sub(b.shares));
        let mut years = self.usable_years(seat);
        for &c in &b.experience {
            let k = self.data.exp_kind(c);
            let y = &mut years[k as usize];
            *y = y.saturating_sub(self.data.kinds[k as usize].years_per_card);
        }
        let mut back = years.clone();
        for &c in &b.experience {
            let k = self.data.exp_kind(c);
            v += self.experience_gain(seat, &back, k);
            back[k as usize] += self.data.kinds[k as usize].years_per_card;
        }
        let mut owned = self.owned_numbers(seat);
        for &c in &b.executive {
            let i = (self.data.exec_number(c) - FIRST_EXEC) as usize;
            owned[i] = owned[i].saturating_sub(1);
        }
        for &c in &b.executive {
            v += self.executive_gain(&owned, c);
            owned[(self.data.exec_number(c) - FIRST_EXEC) as usize] += 1;
        }
        if b.fate {
            v += self.held_fate_value(seat, seat);
        }
        v
    }

    /// The value of `seat`'s job over the next turns: its salary × the Job Available multiple.
    pub fn job_value(&self, seat: Seat) -> i64 {
        self.players[seat].job.map_or(0, |j| {
            self.data.position(j).salary as i64
                * self.data.file.bots.job_available_salary_multiple as i64
        })
    }

    /// What being fired now would cost `seat`: its job's salary × the Job Available multiple
    /// (the turns on the Fired track and back), and for an executive the surplus over the
    /// best office salary for as long again and the Executive card it still takes; less the
    /// severance, and fewer turns near the end of the Fate deck.
    pub fn firing_loss(&self, seat: Seat) -> i64 {
        let p = &self.players[seat];
        let Some(j) = p.job else { return 0 };
        if p.fired.is_some() {
            return 0;
        }
        let b = &self.data.file.bots;
        let pos = self.data.position(j);
        let turns = b.job_available_salary_multiple as i64;
        let mut loss = pos.salary as i64 * turns;
        if pos.level == Level::Executive {
            let office = self.data.position(FIRST_EXEC - 1).salary as i64;
            loss += (pos.salary as i64 - office).max(0) * turns;
            let stack = self
                .exec_bank
                .iter()
                .any(|&c| self.data.exec_number(c) == j);
            if self.owned_of_number(seat, j) < MAX_EXEC_PER_NUMBER && stack {
                loss += pos.exec_points as i64;
            }
        }
        let left = self.fate_deck.len() as i64 / self.players.len() as i64;
        loss * left.min(turns) / turns
    }

    /// The value to `seat` of `by` promising not to fire it this turn (§9.3 NotFire): its
    /// firing loss, in full when it is the richest target `by` could fire, else half; nothing
    /// when `by` could not fire it or has promised it already.
    pub fn spare_value(&self, seat: Seat, by: Seat) -> i64 {
        let loss = self.firing_loss(seat);
        let fireable = |x: Seat| {
            let (Some(tj), Some(fj)) = (self.players[x].job, self.players[by].job) else {
                return false;
            };
            x != by
                && self.players[x].fired.is_none()
                && (self.data.position(fj).level == Level::Executive || fj > tj)
        };
        if !fireable(seat) || self.turn.not_fire & (1 << seat) != 0 {
            // Not a target, or already spared this turn.
            return 0;
        }
        let richest = (0..self.players.len())
            .filter(|&x| fireable(x) && self.turn.not_fire & (1 << x) == 0)
            .max_by_key(|&x| (self.net_worth(x), std::cmp::Reverse(x)));
        if richest == Some(seat) {
            loss
        } else {
            loss / 2
        }
    }

    /// The value to `seat` of the meeting's target being fired: losing its own job when it is
    /// the target; the target's job when the target leads in net worth or `seat` called the
    /// meeting; otherwise nothing.
    pub fn firing_value(&self, seat: Seat, caller: Seat, target: Seat) -> i64 {
        if target == seat {
            return -self.job_value(seat);
        }
        let leader = (0..self.players.len())
            .max_by_key(|&s| (self.net_worth(s), std::cmp::Reverse(s)))
            .unwrap_or(0);
        if caller == seat || leader == target {
            self.job_value(target)
        } else {
            0
        }
    }

    /// The vote `seat` casts with no offer in hand (§9.8): fire the net-worth leader, defend
    /// itself, otherwise abstain.
    pub fn preferred_vote(&self, seat: Seat) -> Vote {
        let Some(m) = &self.meeting else {
            return Vote::Abstain;
        };
        let v = self.firing_value(seat, m.caller, m.target);
        match v.cmp(&0) {
            std::cmp::Ordering::Greater => Vote::For,
            std::cmp::Ordering::Less => Vote::Against,
            std::cmp::Ordering::Equal => Vote::Abstain,
        }
    }

    /// V to `seat` of declaring `vote` rather than its preferred vote: 0 for the preferred
    /// vote, minus the outcome's value otherwise.
    pub fn vote_value(&self, seat: Seat, vote: Vote) -> i64 {
        let Some(m) = &self.meeting else {
            return 0;
        };
        let pref = self.preferred_vote(seat);
        if vote == pref {
            0
        } else {
            -self.firing_value(seat, m.caller, m.target).abs().max(
                // An abstaining voter that is asked to vote still gives up its neutrality.
                self.data.file.bots.accept_margin_min as i64,
            )
        }
    }

    /// V to `seat` of a long-term promise made in an offer: as promisee it gets the smaller of
    /// the deliverable and the collateral (it keeps the collateral if the promisor fails); as
    /// promisor it loses the same.
    fn promise_value(&self, seat: Seat, o: &Offer, maker: Seat) -> i64 {
        let Some(lt) = &o.long_term else {
            return 0;
        };
        let other = if seat == maker { o.to } else { maker };
        let deliverable = match &lt.promise {
            Promise::Deliver(d) => {
                let b = Bundle {
                    cash: d.cash,
                    shares: d.shares,
                    ..Bundle::default()
                };
                let mut v = if lt.promisor == seat {
                    self.give_value(seat, &b)
                } else {
                    self.receive_value(seat, other, &b)
                };
                v += (d.experience.len() as i64 + d.executive.len() as i64)
                    * self.data.file.bots.experience_per_level as i64;
                v
            }
            Promise::Favour(_) => 0,
        };
        if lt.promisor == seat {
            let collateral = self.give_value(seat, &lt.collateral);
            if lt.collateral.is_empty() {
                -deliverable
            } else {
                -deliverable.min(collateral)
            }
        } else {
            let collateral = self.receive_value(seat, other, &lt.collateral);
            deliverable.min(collateral)
        }
    }

    /// Whether a long-term promise to `seat` in offer `o` is covered: the collateral is worth
    /// at least the deliverable to it (§9.8). True when `seat` promises nothing to receive.
    fn promise_covered(&self, seat: Seat, o: &Offer, maker: Seat) -> bool {
        let Some(lt) = &o.long_term else {
            return true;
        };
        if lt.promisor == seat {
            return true;
        }
        let other = if seat == maker { o.to } else { maker };
        let deliverable = match &lt.promise {
            Promise::Deliver(d) => {
                self.receive_value(
                    seat,
                    other,
                    &Bundle {
                        cash: d.cash,
                        shares: d.shares,
                        ..Bundle::default()
                    },
                ) + (d.experience.len() as i64 + d.executive.len() as i64)
                    * self.data.file.bots.experience_per_level as i64
            }
            Promise::Favour(_) => 0,
        };
        self.receive_value(seat, other, &lt.collateral) >= deliverable
    }

    /// V to `seat` of the commitments `cs` given by `by` (the other side of the deal).
    fn commitments_value(&self, seat: Seat, by: Seat, cs: &[Commitment]) -> i64 {
        let mut v = 0;
        for c in cs {
            v += match *c {
                Commitment::Vote(vote) => {
                    if by == seat {
                        self.vote_value(seat, vote)
                    } else {
                        match (&self.meeting, vote) {
                            (Some(m), Vote::For) => self.firing_value(seat, m.caller, m.target),
                            (Some(m), Vote::Against) => {
                                -self.firing_value(seat, m.caller, m.target)
                            }
                            _ => 0,
                        }
                    }
                }
                Commitment::NotFire(x) => {
                    if by == seat {
                        // Giving up a target: the Fire card's worth if no other remains.
                        -self.held_fate_value(seat, seat).min(self.job_value(x))
                    } else if x == seat {
                        self.spare_value(seat, by)
                    } else {
                        0
                    }
                }
                Commitment::FireTarget(x) => {
                    let s = self.usable_fire(by).map_or(0, |(_, s)| s as i64);
                    if by == seat {
                        -s
                    } else if x == seat {
                        -self.job_value(seat)
                    } else {
                        self.firing_value(seat, by, x)
                    }
                }
            };
        }
        v
    }

    /// V(take) − V(give) of offer `o` made by `maker`, seen by `seat` (its receiver or its
    /// maker), and V(give): what `seat` gets minus what it gives, and what it gives.
    pub fn offer_gain(&self, seat: Seat, maker: Seat, o: &Offer) -> (i64, i64) {
        let (get, give, get_c, give_c, other) = if seat == maker {
            (
                &o.take,
                &o.give,
                &o.take_commitments,
                &o.give_commitments,
                o.to,
            )
        } else {
            (
                &o.give,
                &o.take,
                &o.give_commitments,
                &o.take_commitments,
                maker,
            )
        };
        let given = self.give_value(seat, give);
        let mut gain = self.receive_value(seat, other, get) - given;
        gain += self.commitments_value(seat, other, get_c);
        gain += self.commitments_value(seat, seat, give_c);
        gain += self.promise_value(seat, o, maker);
        if give.fate || get.fate {
            // Receiving a Fate card discards the one held unless it leaves in the deal.
            if get.fate && !give.fate {
                gain -= self.held_fate_value(seat, seat);
            }
        }
        (gain, given.max(0))
    }

    /// The least gain `seat` wants from a deal in which it gives `given`:
    /// max($20, 5 % of `given`) with the `[bots]` constants.
    pub fn accept_margin(&self, given: i64) -> i64 {
        let b = &self.data.file.bots;
        (b.accept_margin_min as i64).max(self.pct(given, b.accept_margin_percent))
    }

    /// Whether `seat` should accept the pending offer `p` made to it (§9.8).
    pub fn worth_accepting(&self, seat: Seat, p: &PendingOffer) -> bool {
        let (gain, given) = self.offer_gain(seat, p.from, &p.offer);
        gain >= self.accept_margin(given) && self.promise_covered(seat, &p.offer, p.from)
    }

    /// The valuation of `seat`'s holdings that net worth leaves out: Experience cards (each at
    /// what it would add back) and the held Fate card.
    pub fn holdings_value(&self, seat: Seat) -> i64 {
        let p = &self.players[seat];
        let mut v = 0;
        for &c in &p.experience {
            let one = Bundle {
                experience: vec![c],
                ..Bundle::default()
            };
            v += self.give_value(seat, &one);
        }
        v + self.held_fate_value(seat, seat)
    }
}
