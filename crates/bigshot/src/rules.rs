//! Legality and effects: `legal_into` lists the legal actions, `check_action` says why an
//! action is illegal (naming the rule), `exec` changes the state and reports events.

use crate::action::Action;
use crate::board::LOT_CAPACITY;
use crate::colour::{Colour, Cubes, COLOURS};
use crate::error::RuleError;
use crate::event::Event;
use crate::state::{loan_amount, BigShot, Phase};
use boardroom_engine::Seat;
use rand::Rng;

/// The owner of a lot holding `cubes`, by the tie-cancelling rule: while the highest count is
/// shared by two or more colours, those colours are ignored; the colour left with the unique
/// highest count owns the lot, and if none is left nobody does.
pub fn resolve_owner(cubes: &Cubes) -> Option<Colour> {
    let mut alive: u8 = (0..COLOURS)
        .filter(|&c| cubes[c] > 0)
        .fold(0, |m, c| m | 1 << c);
    while alive != 0 {
        let max = (0..COLOURS)
            .filter(|&c| alive & (1 << c) != 0)
            .map(|c| cubes[c])
            .max()
            .unwrap_or(0);
        let top = (0..COLOURS)
            .filter(|&c| alive & (1 << c) != 0 && cubes[c] == max)
            .fold(0u8, |m, c| m | 1 << c);
        if top.count_ones() == 1 {
            return Some(Colour(top.trailing_zeros() as u8));
        }
        alive &= !top;
    }
    None
}

impl BigShot {
    /// The seat that must act now, if the game is not over.
    #[inline]
    pub fn actor(&self) -> Option<Seat> {
        match self.phase {
            Phase::Roll => Some(self.roller as Seat),
            Phase::Loans { seat, .. }
            | Phase::Bidding { seat }
            | Phase::Pay { seat }
            | Phase::Place { seat } => Some(seat),
            Phase::Over => None,
        }
    }

    /// The lowest bid allowed now.
    pub fn min_bid(&self) -> u32 {
        self.bid.saturating_add(1)
    }

    fn lot_open(&self, l: usize) -> bool {
        !self.is_sold(l) && self.lots[l].iter().sum::<u8>() < LOT_CAPACITY
    }

    /// The open lots as a bit mask (bit `l` for lot `l`).
    fn open_lots(&self) -> u32 {
        (0..self.board.num_lots())
            .filter(|&l| self.lot_open(l))
            .fold(0u32, |m, l| m | 1 << l)
    }

    /// The action at `index` of the list [`BigShot::legal_into`] writes for `seat`, and the
    /// list's length, in the two steps whose lists are long (bidding and placing); `None` in
    /// the other steps. `index` is drawn by `draw` from the length.
    fn nth_legal(&self, seat: Seat, draw: impl FnOnce(usize) -> usize) -> Option<Option<Action>> {
        match self.phase {
            Phase::Bidding { .. } => {
                // Loans (when allowed), pass, then every bid from the lowest to the cash.
                let loans: &[Colour] =
                    if !self.loans_only_before_bidding() && !self.has_loaned(seat) {
                        self.colours_of(seat)
                    } else {
                        &[]
                    };
                let (min, cash) = (self.min_bid(), self.cash(seat));
                let bids = if min <= cash {
                    (cash - min) as usize + 1
                } else {
                    0
                };
                let i = draw(loans.len() + 1 + bids);
                Some(Some(match i.checked_sub(loans.len()) {
                    None => Action::Loan(loans[i]),
                    Some(0) => Action::Pass,
                    Some(k) => Action::Bid(min + (k - 1) as u32),
                }))
            }
            Phase::Place { .. } => {
                // Every colour in hand (in colour order) on every open lot (in lot order).
                let open = self.open_lots();
                let lots = open.count_ones() as usize;
                let held = || Colour::all().filter(|c| self.hand[c.idx()] > 0);
                let total = held().count() * lots;
                if total == 0 {
                    return Some(None);
                }
                let i = draw(total);
                let colour = held().nth(i / lots).expect("a colour in hand");
                let mut rest = open;
                for _ in 0..i % lots {
                    rest &= rest - 1;
                }
                Some(Some(Action::Place(colour, rest.trailing_zeros() as u8)))
            }
            _ => None,
        }
    }

    /// Writes the legal actions of `seat` into `out` (cleared first).
    pub fn legal_into(&self, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        if self.actor() != Some(seat) {
            return;
        }
        match self.phase {
            Phase::Roll => out.push(Action::Roll),
            Phase::Loans { .. } => {
                out.push(Action::Decline);
                out.extend(self.colours_of(seat).iter().map(|&c| Action::Loan(c)));
            }
            Phase::Bidding { .. } => {
                if !self.loans_only_before_bidding() && !self.has_loaned(seat) {
                    out.extend(self.colours_of(seat).iter().map(|&c| Action::Loan(c)));
                }
                out.push(Action::Pass);
                let (min, cash) = (self.min_bid(), self.cash(seat));
                if min <= cash {
                    // `min..=cash`, without the inclusive range's per-step checks.
                    out.reserve((cash - min) as usize + 1);
                    out.extend((min..cash).map(Action::Bid));
                    out.push(Action::Bid(cash));
                }
            }
            Phase::Pay { .. } => {
                for &c in self.colours_of(seat) {
                    if self.coins[c.idx()] >= self.bid {
                        out.push(Action::Pay(c));
                    }
                }
            }
            Phase::Place { .. } => {
                // The open lots, found once for every colour in hand.
                let open = self.open_lots();
                for c in Colour::all() {
                    if self.hand[c.idx()] == 0 {
                        continue;
                    }
                    let mut rest = open;
                    while rest != 0 {
                        out.push(Action::Place(c, rest.trailing_zeros() as u8));
                        rest &= rest - 1;
                    }
                }
            }
            Phase::Over => {}
        }
    }

    fn own_colour(&self, seat: Seat, c: Colour) -> Result<(), RuleError> {
        if self.colours_of(seat).contains(&c) {
            Ok(())
        } else {
            Err(RuleError::NotYourColour { colour: c })
        }
    }

    /// What is expected now, as the id of the message that says it.
    fn expected(&self) -> &'static str {
        match self.phase {
            Phase::Roll => "big-shot-step-roll",
            Phase::Loans { .. } => "big-shot-step-loans",
            Phase::Bidding { .. } => "big-shot-step-bidding",
            Phase::Pay { .. } => "big-shot-step-pay",
            Phase::Place { .. } => "big-shot-step-place",
            Phase::Over => "big-shot-step-over",
        }
    }

    /// Checks `action` for `seat`: `Ok` exactly for the legal actions, else the broken rule.
    pub fn check_action(&self, seat: Seat, action: Action) -> Result<(), RuleError> {
        let Some(current) = self.actor() else {
            return Err(RuleError::GameOver);
        };
        if seat != current {
            return Err(RuleError::NotYourTurn { seat, current });
        }
        match (self.phase, action) {
            (Phase::Roll, Action::Roll) => Ok(()),
            (Phase::Loans { .. }, Action::Decline) => Ok(()),
            (Phase::Loans { .. }, Action::Loan(c)) => self.own_colour(seat, c),
            (Phase::Bidding { .. }, Action::Loan(c)) => {
                self.own_colour(seat, c)?;
                if self.loans_only_before_bidding() {
                    Err(RuleError::LoanAfterBidding)
                } else if self.has_loaned(seat) {
                    Err(RuleError::LoanTwice)
                } else {
                    Ok(())
                }
            }
            (Phase::Bidding { .. }, Action::Pass) => Ok(()),
            (Phase::Bidding { .. }, Action::Bid(x)) => {
                if x < self.min_bid() {
                    Err(RuleError::BidTooLow {
                        bid: x,
                        min: self.min_bid(),
                    })
                } else if x > self.cash(seat) {
                    Err(RuleError::BidAboveCash {
                        bid: x,
                        cash: self.cash(seat),
                    })
                } else {
                    Ok(())
                }
            }
            (Phase::Pay { .. }, Action::Pay(c)) => {
                self.own_colour(seat, c)?;
                if self.coins[c.idx()] < self.bid {
                    Err(RuleError::CannotPay {
                        colour: c,
                        coins: self.coins[c.idx()],
                        bid: self.bid,
                    })
                } else {
                    Ok(())
                }
            }
            (Phase::Place { .. }, Action::Place(c, l)) => {
                if l as usize >= self.board.num_lots() {
                    return Err(RuleError::NoSuchLot { lot: l });
                }
                if self.hand.get(c.idx()).copied().unwrap_or(0) == 0 {
                    return Err(RuleError::NoSuchCube {
                        colour: c,
                        hand: self.hand,
                    });
                }
                if self.lot_open(l as usize) {
                    Ok(())
                } else {
                    Err(RuleError::LotSold {
                        lot: self.board.lot(l as usize).id.clone(),
                    })
                }
            }
            (_, a) => Err(RuleError::WrongStep {
                action: a.write(&self.board),
                expected: self.expected(),
            }),
        }
    }

    /// Draws one of `seat`'s legal actions uniformly with `rng` and applies it without checking
    /// it again (it is the one [`BigShot::legal_into`] lists at the drawn place, found within
    /// this call); `false` when `seat` has no legal action. The draw is
    /// `legal[rng.gen_range(0..legal.len())]`; `legal` is scratch space.
    pub(crate) fn apply_random<R: Rng + ?Sized>(
        &mut self,
        seat: Seat,
        rng: &mut R,
        legal: &mut Vec<Action>,
        events: &mut Vec<Event>,
        before: impl FnOnce(&Self, &Action),
    ) -> bool {
        legal.clear();
        if self.actor() != Some(seat) {
            return false;
        }
        // Bids and placements are drawn by their place in the list without writing it: the
        // same draw from the same length gives the same action.
        let action = match self.nth_legal(seat, |len| rng.gen_range(0..len)) {
            Some(Some(action)) => action,
            Some(None) => return false,
            None => {
                self.legal_into(seat, legal);
                if legal.is_empty() {
                    return false;
                }
                legal[rng.gen_range(0..legal.len())]
            }
        };
        debug_assert_eq!(self.check_action(seat, action), Ok(()));
        before(self, &action);
        self.exec(seat, action, events);
        true
    }

    /// Checks and applies `action`; on error nothing changes.
    pub fn apply_action(
        &mut self,
        seat: Seat,
        action: Action,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        self.check_action(seat, action)?;
        self.exec(seat, action, events);
        Ok(())
    }

    /// Applies a legal action.
    fn exec(&mut self, seat: Seat, action: Action, events: &mut Vec<Event>) {
        match action {
            Action::Roll => self.roll(seat, events),
            Action::Loan(c) => {
                self.take_loan(seat, c, events);
                if let Phase::Loans { asked, .. } = self.phase {
                    self.next_in_window(seat, asked + 1, events);
                }
            }
            Action::Decline => {
                events.push(Event::Declined { seat });
                if let Phase::Loans { asked, .. } = self.phase {
                    self.next_in_window(seat, asked + 1, events);
                }
            }
            Action::Bid(x) => {
                self.bid = x;
                self.bidder = Some(seat as u8);
                events.push(Event::Bid { seat, amount: x });
                self.next_bidder(seat, events);
            }
            Action::Pass => {
                self.passed |= 1 << seat;
                events.push(Event::Passed { seat });
                self.next_bidder(seat, events);
            }
            Action::Pay(c) => self.pay(seat, c, events),
            Action::Place(c, l) => self.place(seat, c, l, events),
        }
    }

    fn roll(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let die: u8 = self.rng.gen_range(1..=6);
        let from = self.broker;
        let n = self.board.num_spaces() as u8;
        let mut pos = from;
        for _ in 0..die {
            loop {
                pos = (pos + 1) % n;
                if self.spaces[pos as usize].iter().any(|&k| k > 0) {
                    break;
                }
            }
        }
        self.broker = pos;
        self.die = Some(die);
        events.push(Event::Rolled {
            seat,
            die,
            from,
            to: pos,
            cubes: self.spaces[pos as usize],
        });
        self.phase = Phase::Loans {
            seat: self.left_of(seat),
            asked: 0,
        };
    }

    fn take_loan(&mut self, seat: Seat, c: Colour, events: &mut Vec<Event>) {
        self.loans[seat] += 1;
        let received = loan_amount(self.loans[seat] as u32);
        self.coins[c.idx()] += received;
        self.ious[c.idx()] += 1;
        self.loaned |= 1 << seat;
        events.push(Event::Loan {
            seat,
            colour: c,
            received,
            ious: self.ious[c.idx()],
        });
    }

    fn next_in_window(&mut self, seat: Seat, asked: u8, events: &mut Vec<Event>) {
        if asked as usize >= self.n as usize {
            let first = self.left_of(self.roller as Seat);
            self.bid = 0;
            self.bidder = None;
            self.passed = 0;
            self.phase = Phase::Bidding { seat: first };
            events.push(Event::BiddingOpened { seat: first });
        } else {
            self.phase = Phase::Loans {
                seat: self.left_of(seat),
                asked,
            };
        }
    }

    fn next_bidder(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let all = (1u8 << self.n) - 1;
        let active = all & !self.passed;
        match self.bidder {
            Some(b) if active == 1 << b => {
                let b = b as Seat;
                events.push(Event::Won {
                    seat: b,
                    amount: self.bid,
                });
                if self.n == 2 {
                    self.phase = Phase::Pay { seat: b };
                } else {
                    self.pay(b, Colour(b as u8), events);
                }
            }
            None if active == 0 => {
                let r = self.roller as Seat;
                events.push(Event::TakenFree { seat: r });
                self.take_cubes(r);
            }
            _ => {
                let mut s = seat;
                loop {
                    s = self.left_of(s);
                    if active & (1 << s) != 0 && self.bidder != Some(s as u8) {
                        break;
                    }
                }
                self.phase = Phase::Bidding { seat: s };
            }
        }
    }

    fn pay(&mut self, seat: Seat, c: Colour, events: &mut Vec<Event>) {
        self.coins[c.idx()] -= self.bid;
        events.push(Event::Paid {
            seat,
            colour: c,
            amount: self.bid,
        });
        self.take_cubes(seat);
    }

    fn take_cubes(&mut self, seat: Seat) {
        let b = self.broker as usize;
        self.hand = self.spaces[b];
        self.spaces[b] = [0; COLOURS];
        self.phase = Phase::Place { seat };
    }

    fn place(&mut self, seat: Seat, c: Colour, l: u8, events: &mut Vec<Event>) {
        self.hand[c.idx()] -= 1;
        self.lots[l as usize][c.idx()] += 1;
        events.push(Event::Placed {
            seat,
            colour: c,
            lot: self.board.lot(l as usize).tag,
        });
        if self.lots[l as usize].iter().sum::<u8>() == LOT_CAPACITY {
            self.resolve(l as usize, false, events);
        }
        if self.hand.iter().all(|&k| k == 0) {
            self.end_round(events);
        }
    }

    /// Resolves lot `l`: SOLD marker, the owner keeps one cube on it, the others leave the game.
    fn resolve(&mut self, l: usize, at_end: bool, events: &mut Vec<Event>) {
        let cubes = self.lots[l];
        let owner = resolve_owner(&cubes);
        for (r, k) in self.removed.iter_mut().zip(cubes) {
            *r += k;
        }
        if let Some(o) = owner {
            self.removed[o.idx()] -= 1;
        }
        self.lots[l] = [0; COLOURS];
        self.sold |= 1 << l;
        self.owner[l] = owner;
        events.push(Event::Resolved {
            lot: self.board.lot(l).tag,
            cubes,
            owner,
            owner_seat: owner.and_then(|o| self.seat_of(o)),
            at_end,
        });
    }

    fn end_round(&mut self, events: &mut Vec<Event>) {
        self.bid = 0;
        self.bidder = None;
        self.passed = 0;
        self.loaned = 0;
        if self.round as usize >= self.board.num_spaces() {
            for l in 0..self.board.num_lots() {
                if !self.is_sold(l) {
                    self.resolve(l, true, events);
                }
            }
            self.phase = Phase::Over;
            events.push(Event::GameOver);
        } else {
            self.round += 1;
            self.roller = self.left_of(self.roller as Seat) as u8;
            self.phase = Phase::Roll;
            events.push(Event::RoundStarted {
                round: self.round,
                roller: self.roller as Seat,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tie_cancelling() {
        let o = |c: Cubes| resolve_owner(&c).map(|c| c.0);
        assert_eq!(o([3, 3, 1, 0]), Some(2));
        assert_eq!(o([2, 2, 2, 1]), Some(3));
        assert_eq!(o([3, 2, 2, 0]), Some(0));
        assert_eq!(o([2, 2, 0, 0]), None);
        assert_eq!(o([1, 1, 1, 0]), None);
        assert_eq!(o([2, 2, 1, 1]), None);
        assert_eq!(o([2, 1, 0, 0]), Some(0));
        assert_eq!(o([0, 0, 0, 0]), None);
    }
}
