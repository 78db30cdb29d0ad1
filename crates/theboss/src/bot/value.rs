//! The reference bots' valuation V(item) from one seat's point of view (§9.8), with the
//! constants of the data file's `[bots]` section.
//!
//! Every value here reads only what the seat may know: public holdings, its own Fate card and
//! the cards shown to it. A face-down Fate card it cannot see is valued at the average over the
//! cards it cannot see (the Fate deck and the other unseen held cards), a multiset that does not
//! depend on the deck order, so the values are the same on every state the seat cannot tell
//! apart.
//!
//! Cash, shares and Executive and Experience cards are valued together, as a whole holding
//! ([`crate::bot::worth`]); deals and promises on that measure ([`crate::bot::deal`]). This module holds
//! the values of Fate cards, jobs, firing and votes.

use crate::action::Vote;
use crate::bot::worth::Holding;
use crate::data::{FateEffect, Level, COMPLETE_SET, FIRST_EXEC, MAX_EXEC_PER_NUMBER};
use crate::state::TheBoss;
use boardroom_engine::{Seat, Viewer};

impl TheBoss {
    /// Whether `seat`, with holding `h`, could move into executive position `j` within about
    /// two turns: it meets the Experience, a chair is free, and its shares reach the minimum
    /// with two turns of buying at its salary.
    fn job_reachable(&self, seat: Seat, j: u8, h: &Holding) -> bool {
        let p = &self.players[seat];
        let pos = self.data.position(j);
        let meets = pos
            .requirements
            .iter()
            .all(|r| h.years.get(r.kind as usize).is_some_and(|&y| y >= r.years));
        if p.job == Some(j) || !self.has_free_chair(j) || !meets {
            return false;
        }
        if let Some(cur) = p.job {
            if self.data.position(cur).salary >= pos.salary
                && self.data.position(cur).level == Level::Executive
                && h.exec[(j - FIRST_EXEC) as usize] >= COMPLETE_SET[(j - FIRST_EXEC) as usize]
            {
                return false;
            }
        }
        let salary = p.job.map_or(0, |j| self.data.position(j).salary) as i64;
        let price = self.data.economy().share_price as i64;
        let lot = self.data.economy().lot as i64;
        let buy = (salary.min(h.cash.max(0)) / price) / lot * lot;
        h.shares + 2 * buy >= pos.min_shares as i64
    }

    /// V of Fate card `card` to `seat` if it held it usable (§9.8).
    pub fn fate_value(&self, seat: Seat, card: u8) -> i64 {
        self.fate_value_in(seat, card, &self.holding(seat))
    }

    /// V of Fate card `card` to `seat` if it held it usable with holding `h` (the Job
    /// Available card's reach and the cash a card needs depend on the holding).
    pub fn fate_value_in(&self, seat: Seat, card: u8, h: &Holding) -> i64 {
        let b = &self.data.file.bots;
        match self.data.fate_effect(card) {
            FateEffect::JobAvailable { position } => {
                if self.job_reachable(seat, position, h) {
                    (self.data.position(position).salary * b.job_available_salary_multiple) as i64
                } else {
                    0
                }
            }
            FateEffect::Bonus { amount } => amount as i64,
            FateEffect::StockOption { shares, price } => {
                let p = self.data.economy().share_price as i64;
                let n = shares.min(self.bank_for_sale()) as i64;
                if h.cash >= shares as i64 * price as i64 {
                    ((p - price as i64) * n).max(0)
                } else {
                    0
                }
            }
            FateEffect::Fire { severance } => {
                if h.cash >= severance as i64 && self.has_fire_target(seat) {
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
        self.unseen_fate_value_for(seat, seat)
    }

    /// The average V to `seat` of a Fate card `viewer` cannot see: over the Fate deck and the
    /// held cards hidden from `viewer`, Financial Disasters left out.
    pub fn unseen_fate_value_for(&self, viewer: Seat, seat: Seat) -> i64 {
        self.unseen_fate_value_in(viewer, seat, &self.holding_seen(viewer, seat))
    }

    /// [`TheBoss::unseen_fate_value_for`] with `seat` holding `h`.
    pub fn unseen_fate_value_in(&self, viewer: Seat, seat: Seat, h: &Holding) -> i64 {
        let mut total = 0i64;
        let mut n = 0i64;
        let hidden = (0..self.players.len())
            .filter(|&s| s != viewer && !self.sees_fate(Viewer::Seat(viewer), s))
            .filter_map(|s| self.players[s].fate.as_ref().map(|f| f.card));
        for c in self.fate_deck.iter().copied().chain(hidden) {
            if !matches!(self.data.fate_effect(c), FateEffect::Disaster { .. }) {
                total += self.fate_value_in(seat, c, h);
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

    /// The value to `seat` of `by` promising not to fire it this turn (§9.3 NotFire), as
    /// `seat` judges it: its firing loss times the chance `by` would fire it
    /// ([`TheBoss::threat_chance`]: the severance paid and, for an executive, a meeting the
    /// firer would call and win),
    /// in full when it is the richest target `by` could fire, else half; nothing when `by`
    /// could not fire it or has promised it already.
    pub fn spare_value(&self, seat: Seat, by: Seat) -> i64 {
        self.spare_value_seen(seat, seat, by)
    }

    /// [`TheBoss::spare_value`] as `viewer` judges it (`by`'s Fire card as `viewer` knows it).
    pub fn spare_value_seen(&self, viewer: Seat, seat: Seat, by: Seat) -> i64 {
        let loss = self.firing_loss(seat);
        if !self.may_fire(by, seat) || self.turn.not_fire & (1 << seat) != 0 {
            // Not a target, or already spared this turn.
            return 0;
        }
        let chance = self.threat_chance(viewer, by, seat);
        let richest = (0..self.players.len())
            .filter(|&x| self.may_fire(by, x) && self.turn.not_fire & (1 << x) == 0)
            .max_by_key(|&x| (self.net_worth(x), std::cmp::Reverse(x)));
        let loss = loss * chance / 100;
        if richest == Some(seat) {
            loss
        } else {
            loss / 2
        }
    }

    /// The value to `seat` of the meeting's target being fired: losing its own job when it is
    /// the target; the target's job when `seat` called the meeting; when the target leads in
    /// net worth, the target's job shared by every seat it leads (a bystander gains on the
    /// leader only as much as each of the others does, so with three or four players it is
    /// worth a half or a third of the job to it); otherwise nothing.
    pub fn firing_value(&self, seat: Seat, caller: Seat, target: Seat) -> i64 {
        if target == seat {
            return -self.job_value(seat);
        }
        if caller == seat {
            return self.job_value(target);
        }
        let n = self.players.len();
        let leader = (0..n)
            .max_by_key(|&s| (self.net_worth(s), std::cmp::Reverse(s)))
            .unwrap_or(0);
        if leader == target {
            self.job_value(target) / (n as i64 - 1).max(1)
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
}
