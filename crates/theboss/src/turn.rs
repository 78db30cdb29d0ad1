//! The turn from start to end: starting a turn (skipping fired and losing players, §5.1),
//! ending it, the closing step's mandatory auctions (§9.1), and the immediate wins and the end
//! of the game (§8, R-22, R-23).

use crate::action::Lot;
use crate::data::{FateEffect, Level, COMPLETE_SET};
use crate::event::Event;
use crate::state::{Ending, Sequence, Step, TheBoss, Turn, MAX_PLAYERS};
use boardroom_engine::Seat;

impl TheBoss {
    /// Ends the active player's turn and starts the next one.
    pub(crate) fn end_turn(&mut self, ev: &mut Vec<Event>) {
        let next = self.left_of(self.turn.seat);
        if next == self.first {
            self.round += 1;
        }
        self.start_turn(next, ev);
    }

    /// Starts the turn of `seat`, skipping fired and losing players (§5.1).
    pub(crate) fn start_turn(&mut self, mut seat: Seat, ev: &mut Vec<Event>) {
        loop {
            let p = &mut self.players[seat];
            let skip = match p.fired {
                Some(k) if k < 2 => {
                    p.fired = Some(k + 1);
                    Some(if k == 0 {
                        "fired"
                    } else {
                        "fired: missing 2nd turn"
                    })
                }
                Some(_) => {
                    p.fired = None;
                    None
                }
                None if p.lost_turns > 0 => {
                    p.lost_turns -= 1;
                    Some("losing turns")
                }
                None => None,
            };
            match skip {
                Some(reason) => {
                    ev.push(Event::TurnSkipped {
                        seat,
                        reason: reason.into(),
                    });
                    seat = self.left_of(seat);
                    if seat == self.first {
                        self.round += 1;
                    }
                }
                None => break,
            }
        }
        if let Some(card) = self.players[seat].disaster.take() {
            self.fate_discards.push(card);
            ev.push(Event::DisasterOver { seat, card });
        }
        let number = self.turn.number + 1;
        let job = self.players[seat].job;
        let sequence = match self.level(seat) {
            None => Sequence::Unemployed,
            Some(Level::Office) => Sequence::Office,
            Some(Level::Executive) => Sequence::Executive,
        };
        self.turn = Turn::blank(seat, number);
        self.turn.sequence = sequence;
        self.turn.start_job = job;
        self.turn.step = Step::Salary;
        self.players[seat].snapshot = self.experience_mask(seat);
        ev.push(Event::TurnStarted {
            seat,
            round: self.round,
        });
        if sequence == Sequence::Unemployed {
            self.set_step(Step::Business);
        }
    }

    /// Checks the immediate wins after a change (§8, R-22).
    pub(crate) fn check_wins(&mut self, ev: &mut Vec<Event>) {
        if self.is_over() {
            return;
        }
        let over = self.data.economy().win_shares_over;
        // Shares and Executive cards each player owns (in hand, on auction, pledged): nobody
        // wins without more than `over` shares or a set's worth of cards.
        let mut shares = [0u32; MAX_PLAYERS];
        let mut cards = [0usize; MAX_PLAYERS];
        for (s, p) in self.players.iter().enumerate() {
            shares[s] = p.shares;
            cards[s] = p.executive.len();
        }
        match self.auction.as_ref().map(|a| (a.seller, a.lot)) {
            Some((s, Lot::Shares(k))) => shares[s] += k,
            Some((s, Lot::Executive(_))) => cards[s] += 1,
            _ => {}
        }
        for d in &self.deals {
            shares[d.promisor] += d.collateral.shares;
            cards[d.promisor] += d.collateral.executive.len();
        }
        let set: u8 = COMPLETE_SET.iter().sum();
        if (0..self.players.len()).all(|s| shares[s] <= over && cards[s] < set as usize) {
            return;
        }
        let active = self.turn.seat;
        let n = self.players.len();
        for s in (0..n).map(|i| (active + i) % n) {
            if self.has_complete_set(s) {
                self.end_game(Ending::CompleteSet { seat: s }, ev);
                return;
            }
            if self.owned_shares(s) > over {
                self.end_game(Ending::Shares { seat: s }, ev);
                return;
            }
        }
    }

    /// Ends the game: open deals are closed when the deck ran out.
    pub(crate) fn end_game(&mut self, ending: Ending, ev: &mut Vec<Event>) {
        if ending == Ending::DeckEnd {
            self.close_deals_at_end(ev);
        }
        self.ending = Some(ending.clone());
        self.auction = None;
        self.meeting = None;
        self.after_meeting = None;
        self.offers.clear();
        ev.push(Event::GameOver { ending });
    }

    /// Starts the next mandatory auction of the closing step, or moves on to the draw: surplus
    /// Experience, then an unused Job Available card, then an unused Fire card (§9.1).
    pub(crate) fn next_mandatory(&mut self, ev: &mut Vec<Event>) {
        while self.turn.step == Step::Closing && self.auction.is_none() {
            let seat = self.turn.seat;
            let surplus = self.surplus_counts(seat);
            let kind = (0..self.data.kinds.len())
                .find(|&k| surplus[k] > 0 && self.players[seat].surplus_due[k] > 0);
            if let Some(k) = kind {
                self.players[seat].surplus_due[k] -= 1;
                let card = *self.players[seat]
                    .experience
                    .iter()
                    .rev()
                    .find(|&&c| self.data.exp_kind(c) as usize == k)
                    .expect("a surplus copy exists");
                self.start_auction(seat, Lot::Experience(card), 10, true, ev);
                continue;
            }
            let number = self.turn.number;
            let held = self.players[seat]
                .fate
                .as_ref()
                .filter(|f| f.window == Some(number))
                .map(|f| f.card);
            let opening = held.and_then(|c| match self.data.fate_effect(c) {
                FateEffect::JobAvailable { position } => Some(self.data.position(position).salary),
                FateEffect::Fire { .. } => Some(10),
                _ => None,
            });
            if let Some(opening) = opening {
                self.start_auction(seat, Lot::Fate, opening, true, ev);
                continue;
            }
            self.turn.step = Step::Draw;
        }
    }
}
