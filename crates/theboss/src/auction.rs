//! Auctions (§9.6): English auctions in turns, voluntary (a reserve chosen by the seller) or
//! mandatory (surplus Experience, unused Job Available and Fire cards).

use crate::action::{Deck, Lot};
use crate::data::MAX_EXEC_PER_NUMBER;
use crate::error::{why, Verdict};
use crate::event::Event;
use crate::rules::insert_sorted;
use crate::state::{Auction, HeldFate, Step, TheBoss};
use crate::words;
use boardroom_engine::Seat;

impl TheBoss {
    /// Checks that `seat` holds `lot`, free to sell (not pledged, not promised).
    pub(crate) fn check_lot<V: Verdict>(&self, seat: Seat, lot: Lot) -> Result<(), V> {
        let p = &self.players[seat];
        match lot {
            Lot::Experience(c) => V::ensure(p.experience.contains(&c), "§9.6", || {
                why("the-boss-err-sell-no-experience")
                    .arg("card", crate::names::exp_name(&self.data, c))
            }),
            Lot::Executive(c) => V::ensure(p.executive.contains(&c), "§9.6", || {
                why("the-boss-err-sell-no-executive")
                    .arg("card", crate::names::exec_message(&self.data, c))
            }),
            Lot::Fate => {
                V::ensure(p.fate.is_some(), "§9.6", || why("the-boss-err-no-fate"))?;
                V::ensure(
                    self.turn.seat != seat || self.turn.must_fire.is_none(),
                    "R-30",
                    || why("the-boss-err-fire-card-stays"),
                )
            }
            Lot::Shares(k) => {
                let lot = self.data.economy().lot;
                V::ensure(k > 0 && k.is_multiple_of(lot), "§9.6", || {
                    why("the-boss-err-share-block").arg("lot", lot)
                })?;
                V::ensure(k <= p.shares, "§9.6", || {
                    why("the-boss-err-sell-shares")
                        .arg("have", p.shares)
                        .arg("shares", k)
                })
            }
        }
    }

    /// Whether a bid by `seat` on `lot` would bring another Fate card to the holder of a Fire
    /// card promised by a FireTarget: the new card would push the promised one out.
    pub(crate) fn fire_card_promised(&self, seat: Seat, lot: Lot) -> bool {
        lot == Lot::Fate && seat == self.turn.seat && self.turn.must_fire.is_some()
    }

    /// A voluntary auction of `seat`'s own lot, once in the deal window.
    pub(crate) fn check_voluntary_auction<V: Verdict>(
        &self,
        seat: Seat,
        lot: Lot,
        reserve: u32,
    ) -> Result<(), V> {
        let step = self.data.economy().cash_step;
        V::ensure(
            reserve >= 10 && reserve.is_multiple_of(step),
            "§9.6",
            || why("the-boss-err-reserve").arg("step", step),
        )?;
        self.check_lot(seat, lot)?;
        let max = self.data.limits().max_offers_per_bt;
        V::ensure(self.turn.offers < max, "§9.7", || {
            why("the-boss-err-auction-limit").arg("max", max)
        })
    }

    /// Starts a voluntary auction of `seat`'s own lot (checked).
    pub(crate) fn voluntary_auction(
        &mut self,
        seat: Seat,
        lot: Lot,
        reserve: u32,
        ev: &mut Vec<Event>,
    ) {
        self.turn.offers += 1;
        if seat == self.turn.seat {
            self.open_floor(ev);
        }
        self.start_auction(seat, lot, reserve, false, ev);
    }

    /// Takes the lot from the seller and opens the auction; with no bidder it closes at once.
    pub(crate) fn start_auction(
        &mut self,
        seller: Seat,
        lot: Lot,
        opening: u32,
        mandatory: bool,
        ev: &mut Vec<Event>,
    ) {
        let p = &mut self.players[seller];
        let mut fate = None;
        match lot {
            Lot::Experience(c) => p.experience.retain(|&x| x != c),
            Lot::Executive(c) => p.executive.retain(|&x| x != c),
            Lot::Shares(k) => p.shares -= k,
            Lot::Fate => fate = p.fate.take(),
        }
        let bidders: Vec<Seat> = self
            .order_from(seller)
            .filter(|&s| s != seller && self.able_to_deal(s))
            .collect();
        ev.push(Event::AuctionOpened {
            seller,
            lot,
            fate_card: fate.as_ref().map(|f| f.card),
            opening,
            mandatory,
        });
        self.auction = Some(Auction {
            seller,
            lot,
            fate,
            opening,
            mandatory,
            bidders,
            out: 0,
            next: 0,
            high: None,
        });
        if self.auction.as_ref().is_some_and(|a| a.bidders.is_empty()) {
            self.close_auction(ev);
        }
    }

    /// The bidder whose call it is.
    pub fn auction_caller(&self) -> Option<Seat> {
        let a = self.auction.as_ref()?;
        a.bidders.get(a.next).copied()
    }

    /// The lowest bid allowed now.
    pub fn min_bid(&self) -> Option<u32> {
        let a = self.auction.as_ref()?;
        Some(match a.high {
            Some((_, h)) => h + self.data.economy().cash_step,
            None => a.opening,
        })
    }

    /// It is `seat`'s call in the running auction.
    pub(crate) fn check_auction_pass<V: Verdict>(&self, seat: Seat) -> Result<(), V> {
        let caller = self.auction_caller();
        V::ensure(caller == Some(seat), "§9.6", || match caller {
            Some(c) => why("the-boss-err-their-call").arg("name", words::seat(c)),
            None => why("the-boss-err-nobody-bids"),
        })
    }

    /// A bid of `amount` by `seat` in the running auction.
    pub(crate) fn check_bid<V: Verdict>(&self, seat: Seat, amount: u32) -> Result<(), V> {
        self.check_auction_pass(seat)?;
        let (Some(a), Some(min)) = (self.auction.as_ref(), self.min_bid()) else {
            return V::fail("§9.6", || why("the-boss-err-no-auction"));
        };
        let step = self.data.economy().cash_step;
        V::ensure(
            amount >= min && amount.is_multiple_of(step),
            "§9.6",
            || {
                why("the-boss-err-bid-min")
                    .arg("min", min)
                    .arg("step", step)
            },
        )?;
        V::ensure(amount <= self.free_cash(seat), "§9.6", || {
            why("the-boss-err-bid-cash")
                .arg("bid", amount)
                .arg("cash", self.free_cash(seat))
        })?;
        V::ensure(!self.fire_card_promised(seat, a.lot), "R-30", || {
            why("the-boss-err-bid-fire-promised")
        })?;
        if let Lot::Executive(c) = a.lot {
            let n = self.data.exec_number(c);
            V::ensure(
                self.owned_of_number(seat, n) < MAX_EXEC_PER_NUMBER,
                "§4",
                || why("the-boss-err-own-two-already").arg("number", n),
            )?;
        }
        Ok(())
    }

    /// A bid (checked): the call moves on.
    pub(crate) fn bid(&mut self, seat: Seat, amount: u32, ev: &mut Vec<Event>) {
        if let Some(a) = self.auction.as_mut() {
            a.high = Some((seat, amount));
        }
        ev.push(Event::Bid { seat, amount });
        self.advance_auction(ev);
    }

    /// The bidder whose call it is passes (checked) and is out.
    pub(crate) fn auction_pass(&mut self, seat: Seat, ev: &mut Vec<Event>) {
        if let Some(a) = self.auction.as_mut() {
            a.out |= 1 << seat;
        }
        ev.push(Event::Passed { seat });
        self.advance_auction(ev);
    }

    /// Hands the call to the next bidder still in, or closes the auction.
    fn advance_auction(&mut self, ev: &mut Vec<Event>) {
        let a = self.auction.as_mut().expect("an auction runs");
        let n = a.bidders.len();
        let high = a.high.map(|(s, _)| s);
        let next = (1..=n)
            .map(|i| (a.next + i) % n)
            .find(|&i| a.out & (1 << a.bidders[i]) == 0 && Some(a.bidders[i]) != high);
        match next {
            Some(i) => a.next = i,
            None => {
                self.close_auction(ev);
                self.next_mandatory(ev);
            }
        }
    }

    /// Closes the auction: the lot goes to the high bidder for cash, or back to the seller
    /// (voluntary) or to the discards (mandatory).
    fn close_auction(&mut self, ev: &mut Vec<Event>) {
        let a = self.auction.take().expect("an auction runs");
        let everyone = (1u8 << self.players.len()) - 1;
        let receiver = match a.high {
            Some((buyer, price)) => {
                self.players[buyer].cash -= price;
                self.players[a.seller].cash += price;
                Some(buyer)
            }
            None if a.mandatory => None,
            None => Some(a.seller),
        };
        ev.push(Event::AuctionClosed {
            sold: a.high,
            lot: a.lot,
        });
        match (receiver, a.lot) {
            (Some(r), Lot::Experience(c)) => insert_sorted(&mut self.players[r].experience, c),
            (Some(r), Lot::Executive(c)) => insert_sorted(&mut self.players[r].executive, c),
            (Some(r), Lot::Shares(k)) => self.players[r].shares += k,
            (Some(r), Lot::Fate) => {
                let f = a.fate.expect("a Fate lot holds its card");
                if r == a.seller {
                    // Revealed when the auction opened: everyone knows it now.
                    self.players[r].fate = Some(HeldFate {
                        known_by: everyone,
                        ..f
                    });
                } else {
                    self.receive_fate(
                        r,
                        HeldFate {
                            card: f.card,
                            window: None,
                            known_by: everyone,
                        },
                        ev,
                    );
                }
            }
            (None, Lot::Experience(c)) => {
                self.exp_discards.push(c);
                ev.push(Event::Discarded {
                    seat: Some(a.seller),
                    deck: Deck::Experience,
                    card: c,
                });
            }
            (None, Lot::Fate) => {
                let f = a.fate.expect("a Fate lot holds its card");
                self.discard_fate(Some(a.seller), f.card, ev);
            }
            (None, Lot::Executive(c)) => insert_sorted(&mut self.exec_bank, c),
            (None, Lot::Shares(k)) => self.bank_shares += k,
        }
        debug_assert!(self.turn.step != Step::Disaster);
    }

    /// Gives `seat` a Fate card; an old card of theirs is discarded face up (§6).
    pub(crate) fn receive_fate(&mut self, seat: Seat, f: HeldFate, ev: &mut Vec<Event>) {
        if let Some(old) = self.players[seat].fate.take() {
            self.discard_fate(Some(seat), old.card, ev);
        }
        self.players[seat].fate = Some(f);
    }
}
