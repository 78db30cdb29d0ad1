//! The reference bots' valuation of a whole holding, W (§9.8): what a seat's cash, shares,
//! Experience and Executive cards are worth to it together, from public information.
//!
//! Every trade is valued as W(after) − W(before) on the same function of the whole holding,
//! so the value of a sequence of trades is the value of where it ends: a block of shares sold
//! at once and bought back in pieces, or a card sold and bought back, is worth exactly
//! standing still. A bot that accepts only trades of positive value by this measure can never
//! be led round a cycle that leaves it worse off by it (no money pump).
//!
//! W = cash + shares × price + a bonus for each stock minimum of the jobs it aims at that the
//! shares reach + the Experience term (the best job it aims at, weighted by the share of its
//! requirements the cards meet) + Executive points (at most 2 cards of a number count: a third
//! can never be owned) + a set bonus from 5 of 6 + progress toward the immediate wins (§8),
//! with a win's full value added once the holding wins outright.

use crate::action::{Bundle, Deliverable};
use crate::data::{Level, COMPLETE_SET, FIRST_EXEC, MAX_EXEC_PER_NUMBER};
use crate::state::TheBoss;
use boardroom_engine::{Seat, Viewer};

/// A held Fate card as a viewer knows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FateHeld {
    /// None held (or past its use window).
    None,
    /// This card, seen by the viewer.
    Card(u8),
    /// A card the viewer has not seen: the average over the cards hidden from it.
    Unseen,
    /// A card bought face down from a holder who knows it: worth nothing to the buyer.
    Worthless,
}

/// One seat's holding as the valuation reads it: what it owns (pledged collateral included,
/// as for net worth), and its Fate card as the viewer knows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Holding {
    /// The Fate card.
    pub fate: FateHeld,
    /// Dollars.
    pub cash: i64,
    /// Shares.
    pub shares: i64,
    /// Years of Experience per kind.
    pub years: Vec<u32>,
    /// Executive cards per number (index 0 = #5).
    pub exec: [u8; 4],
}

/// Cards needed for a complete Executive set (2 + 2 + 1 + 1).
const SET_CARDS: u32 = 6;

impl TheBoss {
    /// What `seat` owns now, as it knows it.
    pub fn holding(&self, seat: Seat) -> Holding {
        self.holding_seen(seat, seat)
    }

    /// `holder`'s Fate card as `viewer` knows it.
    pub fn fate_held(&self, viewer: Seat, holder: Seat) -> FateHeld {
        match &self.players[holder].fate {
            None => FateHeld::None,
            Some(f) if f.window.is_some_and(|w| w < self.turn.number) => FateHeld::None,
            Some(f) if self.sees_fate(Viewer::Seat(viewer), holder) => FateHeld::Card(f.card),
            Some(_) => FateHeld::Unseen,
        }
    }

    /// What `seat` owns now, as `viewer` knows it (public holdings; the Fate card only if
    /// `viewer` has seen it).
    pub fn holding_seen(&self, viewer: Seat, seat: Seat) -> Holding {
        let mut years = vec![0u32; self.data.kinds.len()];
        let mut add = |c: u8| {
            let k = self.data.exp_kind(c) as usize;
            years[k] += self.data.kinds[k].years_per_card;
        };
        for &c in &self.players[seat].experience {
            add(c);
        }
        if let Some(a) = self.auction.as_ref().filter(|a| a.seller == seat) {
            if let crate::action::Lot::Experience(c) = a.lot {
                add(c);
            }
        }
        for d in self.deals.iter().filter(|d| d.promisor == seat) {
            for &c in &d.collateral.experience {
                add(c);
            }
        }
        let mut exec = [0u8; 4];
        for c in self.owned_executive(seat) {
            exec[(self.data.exec_number(c) - FIRST_EXEC) as usize] += 1;
        }
        Holding {
            fate: self.fate_held(viewer, seat),
            cash: self.owned_cash(seat) as i64,
            shares: self.owned_shares(seat) as i64,
            years,
            exec,
        }
    }

    /// `h` with bundle `b` added (`sign` 1) or taken away (`sign` -1); the Fate card is left
    /// out (see [`TheBoss::fate_change`]).
    pub fn with_bundle(&self, h: &Holding, b: &Bundle, sign: i64) -> Holding {
        let mut h = h.clone();
        h.cash += sign * b.cash as i64;
        h.shares += sign * b.shares as i64;
        if b.fate && sign < 0 {
            h.fate = FateHeld::None;
        }
        for &c in &b.experience {
            self.add_years(&mut h, self.data.exp_kind(c), sign);
        }
        for &c in &b.executive {
            Self::add_exec(&mut h, self.data.exec_number(c), sign);
        }
        h
    }

    /// `h` with a long-term deliverable (classes of cards) added or taken away.
    pub fn with_deliverable(&self, h: &Holding, d: &Deliverable, sign: i64) -> Holding {
        let mut h = h.clone();
        h.cash += sign * d.cash as i64;
        h.shares += sign * d.shares as i64;
        for &k in &d.experience {
            if (k as usize) < h.years.len() {
                self.add_years(&mut h, k, sign);
            }
        }
        for &n in &d.executive {
            if (FIRST_EXEC..FIRST_EXEC + 4).contains(&n) {
                Self::add_exec(&mut h, n, sign);
            }
        }
        h
    }

    fn add_years(&self, h: &mut Holding, kind: u8, sign: i64) {
        let k = kind as usize;
        let y = self.data.kinds[k].years_per_card;
        h.years[k] = if sign > 0 {
            h.years[k].saturating_add(y)
        } else {
            h.years[k].saturating_sub(y)
        };
    }

    fn add_exec(h: &mut Holding, number: u8, sign: i64) {
        let i = (number - FIRST_EXEC) as usize;
        h.exec[i] = if sign > 0 {
            h.exec[i].saturating_add(1)
        } else {
            h.exec[i].saturating_sub(1)
        };
    }

    /// W: the value of holding `h` to `seat` (whose job decides the positions it aims at).
    pub fn holding_worth(&self, seat: Seat, h: &Holding) -> i64 {
        h.cash
            + self.shares_worth(seat, h.shares)
            + self.experience_worth(seat, &h.years)
            + self.executive_worth(&h.exec)
            + self.win_worth(h)
    }

    /// Shares at the share price, plus the `[bots]` threshold bonus (the share threshold
    /// percent over a lot's price) for each stock minimum of an aimed-at job they reach.
    fn shares_worth(&self, seat: Seat, shares: i64) -> i64 {
        let e = self.data.economy();
        let price = e.share_price as i64;
        let bonus = price
            * e.lot as i64
            * (self.data.file.bots.share_threshold_percent as i64 - 100).max(0)
            / 100;
        let reached = self
            .aims(seat)
            .filter(|&p| {
                let m = self.data.position(p).min_shares as i64;
                m > 0 && shares >= m
            })
            .count() as i64;
        price * shares + bonus * reached
    }

    /// $100 × the best of the jobs `seat` aims at, each weighted by the share of its required
    /// years that `years` meet: a card is worth what it brings toward the best job.
    fn experience_worth(&self, seat: Seat, years: &[u32]) -> i64 {
        let per = self.data.file.bots.experience_per_level as i64;
        self.aims(seat)
            .map(|p| {
                let reqs = &self.data.position(p).requirements;
                let need: u32 = reqs.iter().map(|r| r.years).sum();
                let have: u32 = reqs
                    .iter()
                    .map(|r| {
                        years
                            .get(r.kind as usize)
                            .copied()
                            .unwrap_or(0)
                            .min(r.years)
                    })
                    .sum();
                if need == 0 {
                    return 0;
                }
                per * p as i64 * have as i64 / need as i64
            })
            .max()
            .unwrap_or(0)
    }

    /// Cards of the complete set in `exec`.
    fn set_cards(exec: &[u8; 4]) -> u32 {
        (0..4).map(|i| exec[i].min(COMPLETE_SET[i]) as u32).sum()
    }

    /// Executive points (at most 2 of a number), and the set bonus (the `[bots]` percent of an
    /// average set card's points for each card past the fourth).
    fn executive_worth(&self, exec: &[u8; 4]) -> i64 {
        let mut points = 0i64;
        let mut set_points = 0i64;
        for i in 0..4 {
            let p = self.data.position(FIRST_EXEC + i as u8).exec_points as i64;
            points += p * exec[i].min(MAX_EXEC_PER_NUMBER) as i64;
            set_points += p * COMPLETE_SET[i] as i64;
        }
        let past = (Self::set_cards(exec) as i64 - 4).max(0);
        let bonus =
            set_points / SET_CARDS as i64 * self.data.file.bots.exec_set_bonus_percent as i64 / 100;
        points + bonus * past
    }

    /// Progress toward the immediate wins: the square of the better of the set and share
    /// fractions times the `[bots]` win progress value, and that value again for a win.
    fn win_worth(&self, h: &Holding) -> i64 {
        let e = self.data.economy();
        let win = (e.win_shares_over + e.lot) as i64;
        let set = Self::set_cards(&h.exec) as i64;
        let value = self.data.file.bots.win_progress_value as i64;
        let shares = h.shares.clamp(0, win);
        // f² × value with f = max(set / 6, shares / win), in integers.
        let a = set * set * value / (SET_CARDS as i64 * SET_CARDS as i64);
        let b = shares * shares * value / (win * win);
        let wins = set >= SET_CARDS as i64 || h.shares >= win;
        a.max(b) + if wins { value } else { 0 }
    }

    /// Whether holding `h` wins outright (§8: a complete set, or the winning shares).
    pub fn holding_wins(&self, h: &Holding) -> bool {
        let e = self.data.economy();
        Self::set_cards(&h.exec) >= SET_CARDS || h.shares >= (e.win_shares_over + e.lot) as i64
    }

    /// The positions `seat` may still aim at: above its office job, or (executives) every other
    /// executive position.
    pub(crate) fn aims(&self, seat: Seat) -> impl Iterator<Item = u8> + '_ {
        let job = self.players[seat].job;
        (1..=8u8).filter(move |&p| match job {
            None => true,
            Some(j) if self.data.position(j).level == Level::Office => p > j,
            Some(j) => p >= FIRST_EXEC && p != j,
        })
    }

    /// The value to `seat` of the Fate card `holder` holds, as `viewer` can judge it: the card
    /// itself when `viewer` sees it, else the average over the cards hidden from `viewer`
    /// (0 when none is held, or past its use window).
    pub fn fate_seen(&self, viewer: Seat, seat: Seat, holder: Seat) -> i64 {
        let mut h = self.holding_seen(viewer, seat);
        h.fate = self.fate_held(viewer, holder);
        self.fate_part(viewer, seat, &h)
    }

    /// The value to `seat` of the Fate card in holding `h`, as `viewer` judges it.
    pub fn fate_part(&self, viewer: Seat, seat: Seat, h: &Holding) -> i64 {
        match h.fate {
            FateHeld::None | FateHeld::Worthless => 0,
            FateHeld::Card(c) => self.fate_value_in(seat, c, h),
            FateHeld::Unseen => self.unseen_fate_value_in(viewer, seat, h),
        }
    }

    /// W with the Fate card: the value to `seat` of holding `h`, as `viewer` judges it.
    pub fn total_worth(&self, viewer: Seat, seat: Seat, h: &Holding) -> i64 {
        self.holding_worth(seat, h) + self.fate_part(viewer, seat, h)
    }

    /// The holding of `seat` after it gets `get` from `other` and gives `give`, as `viewer`
    /// knows them. Receiving a Fate card discards the one held; a card bought face down from
    /// a holder who knows it is worth nothing to the buyer (the holder sells its worst).
    pub fn after_exchange(
        &self,
        viewer: Seat,
        seat: Seat,
        other: Seat,
        get: &Bundle,
        give: &Bundle,
    ) -> Holding {
        let h = self.holding_seen(viewer, seat);
        let mut after = self.with_bundle(&self.with_bundle(&h, give, -1), get, 1);
        if get.fate {
            after.fate = if viewer == seat && !self.sees_fate(Viewer::Seat(seat), other) {
                FateHeld::Worthless
            } else {
                self.fate_held(viewer, other)
            };
        }
        after
    }

    /// W(after) − W(before), the Fate card included, for `seat` getting `get` from `other`
    /// and giving `give`, as `viewer` judges it (`viewer` may be `seat` itself or its
    /// partner).
    pub fn exchange_value(
        &self,
        viewer: Seat,
        seat: Seat,
        other: Seat,
        get: &Bundle,
        give: &Bundle,
    ) -> i64 {
        let after = self.after_exchange(viewer, seat, other, get, give);
        self.total_worth(viewer, seat, &after)
            - self.total_worth(viewer, seat, &self.holding_seen(viewer, seat))
    }

    /// V to `seat` of receiving bundle `b` from `from`: W(after) − W(before).
    pub fn receive_value(&self, seat: Seat, from: Seat, b: &Bundle) -> i64 {
        self.exchange_value(seat, seat, from, b, &Bundle::default())
    }

    /// V to `seat` of giving away bundle `b`: W(before) − W(after), positive.
    pub fn give_value(&self, seat: Seat, b: &Bundle) -> i64 {
        -self.exchange_value(seat, seat, seat, &Bundle::default(), b)
    }
}
