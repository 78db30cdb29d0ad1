//! What players own, may spend and may use: free cash and reserved severance, shares and
//! Executive cards counted with what is pledged or on auction, Experience years and surplus,
//! net worth, usable Fate cards, and the seating order.

use super::{Auction, Step, TheBoss};
use crate::action::{Bundle, Lot};
use crate::data::{FateEffect, Level, COMPLETE_SET, FIRST_EXEC, MAX_KINDS, POSITIONS};
use boardroom_engine::Seat;

impl TheBoss {
    /// Whether `seat` is on the Fired track.
    pub fn is_fired(&self, seat: Seat) -> bool {
        self.players[seat].fired.is_some()
    }

    /// Whether `seat` is able to deal: not fired and not losing turns (§0). Only turns still
    /// to lose count (§5.4): a Financial Disaster card that still lies on the player's space
    /// after the last lost turn is discarded at their next turn and blocks nothing meanwhile.
    pub fn able_to_deal(&self, seat: Seat) -> bool {
        let p = &self.players[seat];
        p.fired.is_none() && p.lost_turns == 0
    }

    /// The level of `seat`'s position.
    pub fn level(&self, seat: Seat) -> Option<Level> {
        self.players[seat].job.map(|j| self.data.position(j).level)
    }

    /// Whether `seat` holds an executive position.
    pub fn is_executive(&self, seat: Seat) -> bool {
        self.level(seat) == Some(Level::Executive)
    }

    /// Seats occupying position `number`.
    pub fn occupants(&self, number: u8) -> usize {
        self.players
            .iter()
            .filter(|p| p.job == Some(number))
            .count()
    }

    /// Whether position `number` has a free chair.
    pub fn has_free_chair(&self, number: u8) -> bool {
        self.occupants(number) < self.data.position(number).chairs as usize
    }

    /// Severance reserved from `seat`'s cash by a FireTarget commitment.
    pub fn reserved(&self, seat: Seat) -> u32 {
        if self.turn.seat == seat && self.turn.must_fire.is_some() {
            self.players[seat]
                .fate
                .as_ref()
                .and_then(|f| match self.data.fate_effect(f.card) {
                    FateEffect::Fire { severance } => Some(severance),
                    _ => None,
                })
                .unwrap_or(0)
        } else {
            0
        }
    }

    /// Cash `seat` may spend: cash minus reserved severance.
    pub fn free_cash(&self, seat: Seat) -> u32 {
        self.players[seat].cash.saturating_sub(self.reserved(seat))
    }

    /// Collateral `seat` holds for others, summed.
    fn held_collateral(&self, seat: Seat) -> impl Iterator<Item = &Bundle> {
        self.deals
            .iter()
            .filter(move |d| d.promisee == seat)
            .map(|d| &d.collateral)
    }

    /// Items of `seat` pledged to others.
    fn pledged(&self, seat: Seat) -> impl Iterator<Item = &Bundle> {
        self.deals
            .iter()
            .filter(move |d| d.promisor == seat)
            .map(|d| &d.collateral)
    }

    /// The lot of `seat`'s running auction, if it sells one.
    fn on_auction(&self, seat: Seat) -> Option<&Auction> {
        self.auction.as_ref().filter(|a| a.seller == seat)
    }

    /// Shares `seat` owns (§8): in hand, on auction and pledged to others.
    pub fn owned_shares(&self, seat: Seat) -> u32 {
        let p = &self.players[seat];
        let auction = match self.on_auction(seat).map(|a| a.lot) {
            Some(Lot::Shares(k)) => k,
            _ => 0,
        };
        // Saturating: a sum past `u32::MAX` would wrap to a small number (data files are
        // bounded so that it cannot happen; a hand-built state must not turn it into a loss).
        self.pledged(seat)
            .map(|b| b.shares)
            .fold(p.shares.saturating_add(auction), u32::saturating_add)
    }

    /// Cash `seat` owns: in hand and pledged.
    pub fn owned_cash(&self, seat: Seat) -> u32 {
        // Saturating, as in `owned_shares`.
        self.pledged(seat)
            .map(|b| b.cash)
            .fold(self.players[seat].cash, u32::saturating_add)
    }

    /// Executive card ids `seat` owns: in hand, on auction and pledged.
    pub fn owned_executive(&self, seat: Seat) -> Vec<u8> {
        let mut v = self.players[seat].executive.to_vec();
        if let Some(Lot::Executive(c)) = self.on_auction(seat).map(|a| a.lot) {
            v.push(c);
        }
        for b in self.pledged(seat) {
            v.extend_from_slice(&b.executive);
        }
        v
    }

    /// [`TheBoss::owned_of_number`] for every number at once (one pass over the cards): entry
    /// `n` counts the cards of number `n`.
    pub(crate) fn owned_per_number(&self, seat: Seat) -> [u8; POSITIONS + 1] {
        let mut k = self.exec_per_number(&self.players[seat].executive);
        if let Some(Lot::Executive(c)) = self.on_auction(seat).map(|a| a.lot) {
            k[self.data.exec_number(c) as usize] += 1;
        }
        for b in self.pledged(seat) {
            for &c in &b.executive {
                k[self.data.exec_number(c) as usize] += 1;
            }
        }
        k
    }

    /// The Executive cards of `cards` per number: entry `n` counts those of number `n`.
    pub(crate) fn exec_per_number(&self, cards: &[u8]) -> [u8; POSITIONS + 1] {
        let mut k = [0; POSITIONS + 1];
        for &c in cards {
            k[self.data.exec_number(c) as usize] += 1;
        }
        k
    }

    /// Executive cards of number `n` that `seat` owns.
    pub fn owned_of_number(&self, seat: Seat, n: u8) -> u8 {
        let of_n = |c: &u8| self.data.exec_number(*c) == n;
        let mut k = self.players[seat]
            .executive
            .iter()
            .filter(|c| of_n(c))
            .count();
        if let Some(Lot::Executive(c)) = self.on_auction(seat).map(|a| a.lot) {
            k += of_n(&c) as usize;
        }
        for b in self.pledged(seat) {
            k += b.executive.iter().filter(|c| of_n(c)).count();
        }
        k as u8
    }

    /// Shares that count for `seat`'s stock requirement and vote (§5.3, §7): own shares not
    /// pledged (on auction included) plus shares held as collateral.
    pub fn usable_shares(&self, seat: Seat) -> u32 {
        let p = &self.players[seat];
        let auction = match self.on_auction(seat).map(|a| a.lot) {
            Some(Lot::Shares(k)) => k,
            _ => 0,
        };
        p.shares + auction + self.held_collateral(seat).map(|b| b.shares).sum::<u32>()
    }

    /// Voting power in a meeting (§7.1).
    pub fn voting_power(&self, seat: Seat) -> u32 {
        self.usable_shares(seat)
    }

    /// Experience years per kind usable by `seat`: own cards in hand (and on auction)
    /// plus Experience held as collateral.
    pub fn usable_years(&self, seat: Seat) -> Vec<u32> {
        self.years(seat)[..self.data.kinds.len()].to_vec()
    }

    /// [`TheBoss::usable_years`] in a fixed array (kinds beyond the data set's are 0).
    fn years(&self, seat: Seat) -> [u32; MAX_KINDS] {
        let mut years = [0u32; MAX_KINDS];
        let mut add = |c: u8| {
            let k = self.data.exp_kind(c) as usize;
            years[k] += self.data.kinds[k].years_per_card;
        };
        for &c in &self.players[seat].experience {
            add(c);
        }
        if let Some(Lot::Experience(c)) = self.on_auction(seat).map(|a| a.lot) {
            add(c);
        }
        for b in self.held_collateral(seat) {
            for &c in &b.experience {
                add(c);
            }
        }
        years
    }

    /// Whether `seat`'s usable Experience meets position `number` now.
    pub fn meets_experience(&self, seat: Seat, number: u8) -> bool {
        let years = self.years(seat);
        self.data
            .position(number)
            .requirements
            .iter()
            .all(|r| years[r.kind as usize] >= r.years)
    }

    /// The bit set of positions whose Experience `seat` meets now.
    pub fn experience_mask(&self, seat: Seat) -> u16 {
        let years = self.years(seat);
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

    /// Copies of each kind `seat` holds in hand beyond the cap (§2 surplus).
    pub fn surplus(&self, seat: Seat) -> Vec<u32> {
        self.surplus_counts(seat)[..self.data.kinds.len()].to_vec()
    }

    /// [`TheBoss::surplus`] in a fixed array (kinds beyond the data set's are 0).
    pub(crate) fn surplus_counts(&self, seat: Seat) -> [u32; MAX_KINDS] {
        let mut count = [0u32; MAX_KINDS];
        for &c in &self.players[seat].experience {
            count[self.data.exp_kind(c) as usize] += 1;
        }
        for (n, &cap) in count.iter_mut().zip(&self.data.caps) {
            *n = n.saturating_sub(cap);
        }
        count
    }

    /// Whether `seat` owns a complete Executive set (§4).
    pub fn has_complete_set(&self, seat: Seat) -> bool {
        let needed: u8 = COMPLETE_SET.iter().sum();
        let held = self.players[seat].executive.len()
            + self.pledged(seat).map(|b| b.executive.len()).sum::<usize>()
            + self.on_auction(seat).is_some() as usize;
        if held < needed as usize {
            return false;
        }
        (0..4u8).all(|i| self.owned_of_number(seat, FIRST_EXEC + i) >= COMPLETE_SET[i as usize])
    }

    /// Executive points `seat` owns.
    pub fn executive_points(&self, seat: Seat) -> u32 {
        let points = |c: &u8| self.data.exec_points(*c);
        // Saturating, as in `owned_shares`.
        let mut sum: u32 = self.players[seat]
            .executive
            .iter()
            .map(points)
            .fold(0, u32::saturating_add);
        if let Some(Lot::Executive(c)) = self.on_auction(seat).map(|a| a.lot) {
            sum = sum.saturating_add(points(&c));
        }
        for b in self.pledged(seat) {
            sum = b
                .executive
                .iter()
                .map(points)
                .fold(sum, u32::saturating_add);
        }
        sum
    }

    /// Net worth (§8): owned cash + share value + Executive points.
    pub fn net_worth(&self, seat: Seat) -> u64 {
        self.owned_cash(seat) as u64
            + self.owned_shares(seat) as u64 * self.data.economy().share_price as u64
            + self.executive_points(seat) as u64
    }

    /// The Fire card `seat` may use now, with its severance: held, in its use window, in the
    /// active player's BT.
    pub fn usable_fire(&self, seat: Seat) -> Option<(u8, u32)> {
        let f = self.usable_fate(seat)?;
        match self.data.fate_effect(f) {
            FateEffect::Fire { severance } => Some((f, severance)),
            _ => None,
        }
    }

    /// The Fate card `seat` may use now: the active player's card whose window is this turn.
    pub fn usable_fate(&self, seat: Seat) -> Option<u8> {
        if self.turn.seat != seat || self.turn.step != Step::Business {
            return None;
        }
        let f = self.players[seat].fate.as_ref()?;
        (f.window == Some(self.turn.number)).then_some(f.card)
    }

    /// The seat to the left of `seat`.
    pub fn left_of(&self, seat: Seat) -> Seat {
        (seat + 1) % self.players.len()
    }

    /// Seats from `seat`'s left around the table, `seat` last.
    pub fn order_from(&self, seat: Seat) -> impl Iterator<Item = Seat> + '_ {
        let n = self.players.len();
        (1..=n).map(move |i| (seat + i) % n)
    }

    /// A fresh id for an offer or deal.
    pub(crate) fn fresh_id(&mut self) -> u32 {
        let id = self.next_id;
        self.next_id += 1;
        id
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

    /// [`TheBoss::bt_fate`] for `seat`: only the active player uses Fate cards.
    pub(crate) fn bt_fate_of(&self, seat: Seat) -> Option<u8> {
        self.bt_fate().filter(|_| seat == self.turn.seat)
    }

    /// [`TheBoss::bt_fire`] for `seat`: only the active player uses Fate cards.
    pub(crate) fn bt_fire_of(&self, seat: Seat) -> Option<(u8, u32)> {
        self.bt_fire().filter(|_| seat == self.turn.seat)
    }

    /// The active player's Fire card usable in this Business Transactions step, with its
    /// severance.
    pub(crate) fn bt_fire(&self) -> Option<(u8, u32)> {
        let c = self.bt_fate()?;
        match self.data.fate_effect(c) {
            FateEffect::Fire { severance } => Some((c, severance)),
            _ => None,
        }
    }
}
