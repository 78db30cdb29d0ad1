//! The mask over the fixed action space: true exactly at the ids whose move the rules accept.

use super::*;

impl TheBoss {
    /// Writes `seat`'s legal moves over the fixed space into `mask`: every id whose action
    /// (as [`TheBoss::from_space_index`] names it) the rules accept. `legal` is the seat's
    /// legal list, which holds only some of them (some bids, purchases and offers); the mask
    /// is the rules' verdict id by id, written group by group.
    pub fn space_mask(&self, seat: Seat, legal: &[Action], mask: &mut [bool]) {
        let _ = legal;
        mask.fill(false);
        if !self.may_act().contains(seat) {
            return;
        }
        self.menu_mask(seat, mask);
        self.auction_mask(seat, mask);
        if let Some(built) = mask.get_mut(FIRST_BUILT..FIRST_BID) {
            self.built_mask(seat, built);
        }
        self.bid_mask(seat, mask);
    }

    /// Writes the bits of the menu and of the places of open offers and deals into `mask`
    /// (false everywhere before). The ids are visited only where they name an action now (no
    /// places beyond the lists).
    fn menu_mask(&self, seat: Seat, mask: &mut [bool]) {
        // The verdict without its message: the same rules, no error text built for the many
        // menu moves that are not legal.
        let mut set = |i: usize, a: Action| {
            if let Some(m) = mask.get_mut(i) {
                *m = self.is_legal(seat, &a);
            }
        };
        for (i, a) in SIMPLE.iter().enumerate() {
            set(i, a.clone());
        }
        for (j, &v) in VOTES.iter().enumerate() {
            set(FIRST_VOTE + j, Action::Vote(v));
        }
        for s in 0..self.players.len().min(MAX_PLAYERS) {
            set(FIRST_FIRE + s, Action::Fire(s));
            set(FIRST_MEETING + s, Action::Meeting(s));
            set(FIRST_SHOW + s, Action::Show(s));
        }
        for p in 1..=8u8 {
            set(FIRST_MOVE + usize::from(p) - 1, Action::Move(p));
        }
        let e = self.data.economy();
        for k in 1..=BUY_LOTS {
            set(FIRST_BUY + k - 1, Action::Buy(k as u32 * e.lot));
        }
        for (j, o) in self.offers.iter().enumerate().take(OFFER_PLACES) {
            set(FIRST_ACCEPT + j, Action::Accept(o.id));
            set(FIRST_REJECT + j, Action::Reject(o.id));
            set(FIRST_WITHDRAW + j, Action::Withdraw(o.id));
            // Only the partner of an offer may counter it.
            if o.offer.to == seat {
                let c = turned_around(&o.offer, o.from, e.cash_step);
                set(FIRST_COUNTER + j, Action::Counter(o.id, Box::new(c)));
            }
        }
        for (j, d) in self.deals.iter().enumerate().take(DEAL_PLACES) {
            set(FIRST_SETTLE + j, Action::Settle(d.id));
            set(FIRST_RELEASE + j, Action::Release(d.id));
            set(FIRST_DEFAULT + j, Action::Default(d.id));
            set(FIRST_WALK_AWAY + j, Action::WalkAway(d.id));
        }
    }

    /// Writes the bits of the auction ids: for each lot `seat` holds, every reserve the rules
    /// accept.
    fn auction_mask(&self, seat: Seat, mask: &mut [bool]) {
        if self.auction.is_some() {
            return;
        }
        let step = self.data.economy().cash_step;
        let rungs = RESERVE_LADDER.len();
        for lot in 0..AUCTION_LOTS {
            let Some(l) = self.auction_lot(seat, lot) else {
                continue;
            };
            let first = FIRST_AUCTION + lot * rungs;
            for (k, &r) in RESERVE_LADDER.iter().enumerate() {
                if let Some(m) = mask.get_mut(first + k) {
                    *m = self.is_legal(seat, &Action::Auction(l, r * step));
                }
            }
        }
    }

    /// Writes the bits of the bid ladder: the bids the rules accept, from the minimum bid up
    /// to `seat`'s free cash.
    fn bid_mask(&self, seat: Seat, mask: &mut [bool]) {
        let Some(min) = self.min_bid() else {
            return;
        };
        let step = self.data.economy().cash_step.max(1);
        let most = self.free_cash(seat);
        let from = min.div_ceil(step).max(1) as usize;
        for k in from..=BID_STEPS {
            let x = k as u32 * step;
            if x > most {
                break;
            }
            if let Some(m) = mask.get_mut(FIRST_BID + k - 1) {
                *m = self.is_legal(seat, &Action::Bid(x));
            }
        }
    }
}
