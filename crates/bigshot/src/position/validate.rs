//! Checking a position read: the state built from it must be one the rules can reach (money
//! and loans within their limits, the auction's bids and seats consistent with the phase).

use super::{err, max_coins};
use crate::board::LOT_CAPACITY;
use crate::colour::Colour;
use crate::state::{BigShot, Phase};
use boardroom_engine::{PositionError, Seat};

impl BigShot {
    pub(super) fn validate(&self) -> Result<(), PositionError> {
        let n = self.n as usize;
        let spaces = self.board.num_spaces();
        if self.round == 0 || self.round as usize > spaces {
            return err(
                "round",
                format!("must be 1 to {spaces}, not {}", self.round),
            );
        }
        if self.roller as usize >= n {
            return err(
                "roller",
                format!("seat {} is not at the table", self.roller),
            );
        }
        if self.broker as usize >= spaces {
            return err("broker", format!("must be an auction space 1 to {spaces}"));
        }
        if self.die.is_some_and(|d| !(1..=6).contains(&d)) {
            return err("die", "a die shows 1 to 6");
        }
        for (i, s) in self.spaces[..spaces].iter().enumerate() {
            let k: u32 = s.iter().map(|&x| x as u32).sum();
            if k != 0 && k != 4 {
                return err(format!("spaces[{i}]"), "a space holds 4 cubes or none");
            }
            if k == 4 && s.iter().filter(|&&x| x > 0).count() < 2 {
                return err(
                    format!("spaces[{i}]"),
                    "every space holds at least 2 colours",
                );
            }
        }
        if !matches!(self.phase, Phase::Place { .. }) && self.hand.iter().any(|&k| k > 0) {
            return err("hand", "won cubes are held only while placing");
        }
        if matches!(self.phase, Phase::Place { .. }) && self.hand.iter().all(|&k| k == 0) {
            return err("hand", "the winner must hold cubes to place");
        }
        if self.hand.iter().map(|&k| k as u32).sum::<u32>() > 4 {
            return err("hand", "an auction space holds 4 cubes");
        }
        let per = self.board.cubes_per_colour();
        let total = self.cubes_total();
        for c in Colour::all() {
            if total[c.idx()] != per {
                return err(
                    "spaces",
                    format!(
                        "{} {c} cubes are accounted for (spaces, lots, hand, removed), not {per}",
                        total[c.idx()]
                    ),
                );
            }
        }
        let emptied = self.spaces[..spaces]
            .iter()
            .filter(|s| s.iter().all(|&k| k == 0))
            .count();
        let broker_full = self.spaces[self.broker as usize].iter().any(|&k| k > 0);
        let round = self.round as usize;
        let want_emptied = match self.phase {
            Phase::Place { .. } | Phase::Over => round,
            _ => round - 1,
        };
        if emptied != want_emptied {
            return err(
                "spaces",
                format!("{emptied} spaces are empty but round {round} at this step implies {want_emptied}"),
            );
        }
        let roll_pending = matches!(self.phase, Phase::Roll);
        let broker_should_be_full = match self.phase {
            Phase::Roll => round == 1,
            Phase::Loans { .. } | Phase::Bidding { .. } | Phase::Pay { .. } => true,
            Phase::Place { .. } | Phase::Over => false,
        };
        if broker_full != broker_should_be_full {
            return err(
                "broker",
                if broker_should_be_full {
                    "the broker stands on an empty space at this step"
                } else {
                    "the broker's space should have been emptied at this step"
                },
            );
        }
        if (self.die.is_none()) != (roll_pending && round == 1) {
            return err("die", "the die is shown once rolled, and only then");
        }
        for l in 0..self.board.num_lots() {
            let k: u32 = self.lots[l].iter().map(|&x| x as u32).sum();
            if self.is_sold(l) && k > 0 {
                return err(
                    format!("lots[{l}].cubes"),
                    "a sold lot keeps only its owner's cube",
                );
            }
            if k >= LOT_CAPACITY as u32 {
                return err(
                    format!("lots[{l}].cubes"),
                    "a lot is resolved at its 7th cube",
                );
            }
            if !self.is_sold(l) && self.owner[l].is_some() {
                return err(format!("lots[{l}].owner"), "only a sold lot has an owner");
            }
            if matches!(self.phase, Phase::Over) && !self.is_sold(l) {
                return err(
                    format!("lots[{l}].sold"),
                    "at the end every lot is resolved",
                );
            }
        }
        self.validate_money()?;
        self.validate_auction()
    }

    fn validate_money(&self) -> Result<(), PositionError> {
        let n = self.n as usize;
        for c in Colour::all() {
            let f = format!("colours[{}]", c.idx());
            if self.seat_of(c).is_none() {
                if self.coins[c.idx()] != 0 || self.ious[c.idx()] != 0 {
                    return err(f, "the neutral colour has no money and no IOUs");
                }
                continue;
            }
            let max = max_coins(n, self.ious[c.idx()]);
            if self.coins[c.idx()] > max {
                return err(
                    format!("{f}.coins"),
                    format!("{c} cannot have more than {max}M (start money plus its loans)"),
                );
            }
        }
        for s in 0..n {
            if self.loans[s] > self.round {
                return err(
                    format!("loans[{s}]"),
                    format!(
                        "at most one loan per round: {} loans by round {}",
                        self.loans[s], self.round
                    ),
                );
            }
            let ious: u32 = self
                .colours_of(s)
                .iter()
                .map(|c| self.ious[c.idx()] as u32)
                .sum();
            if ious != self.loans[s] as u32 {
                return err(
                    format!("loans[{s}]"),
                    format!(
                        "seat {s} took {} loans but its colours hold {ious} IOUs",
                        self.loans[s]
                    ),
                );
            }
            if self.has_loaned(s) && self.loans[s] == 0 {
                return err("loaned", format!("seat {s} has taken no loan"));
            }
        }
        Ok(())
    }

    fn validate_auction(&self) -> Result<(), PositionError> {
        let n = self.n as usize;
        let all = (1u8 << n) - 1;
        let active = all & !self.passed;
        let r = self.roller as Seat;
        let phase_seat = match self.phase {
            Phase::Loans { seat, .. }
            | Phase::Bidding { seat }
            | Phase::Pay { seat }
            | Phase::Place { seat } => seat,
            Phase::Roll | Phase::Over => 0,
        };
        if phase_seat >= n {
            return err(
                "phase.seat",
                format!("seat {phase_seat} is not at the table"),
            );
        }
        if self.bidder.is_some() != (self.bid > 0) {
            return err("bid", "a standing bid and its bidder go together");
        }
        if let Some(b) = self.bidder {
            if b as usize >= n {
                return err("bidder", format!("seat {b} is not at the table"));
            }
            if self.has_passed(b as Seat) {
                return err("passed", "the standing bidder has not passed");
            }
        }
        let quiet = |what: &str| -> Result<(), PositionError> {
            if self.bid != 0 || self.passed != 0 {
                return err("bid", format!("no auction is under way {what}"));
            }
            Ok(())
        };
        match self.phase {
            Phase::Roll => {
                quiet("before the roll")?;
                if self.loaned != 0 {
                    return err("loaned", "no loan is taken before the roll");
                }
            }
            Phase::Loans { seat, asked } => {
                quiet("in the loan window")?;
                if asked as usize >= n || seat != (r + 1 + asked as usize) % n {
                    return err(
                        "phase",
                        "the loan window goes round from the roller's left, roller last",
                    );
                }
                let asked_mask = (0..asked as usize).fold(0u8, |m, k| m | 1 << ((r + 1 + k) % n));
                if self.loaned & !asked_mask != 0 {
                    return err("loaned", "a seat not yet asked has taken a loan");
                }
            }
            Phase::Bidding { seat } => {
                if seat >= n || active & (1 << seat) == 0 || self.bidder == Some(seat as u8) {
                    return err(
                        "phase.seat",
                        "the bidder to act must be in the auction and not hold the standing bid",
                    );
                }
                if let Some(b) = self.bidder {
                    if self.cash(b as Seat) < self.bid {
                        return err("bid", "a bid may never exceed the bidder's cash");
                    }
                }
            }
            Phase::Pay { seat } => {
                if n != 2 || self.bidder != Some(seat as u8) || active != 1 << seat {
                    return err(
                        "phase",
                        "only the 2-player winner chooses the paying colour",
                    );
                }
                if self.cash(seat) < self.bid {
                    return err("bid", "no colour of the winner can pay the bid");
                }
            }
            Phase::Place { seat } => match self.bidder {
                Some(b) => {
                    if seat != b as Seat || active != 1 << seat {
                        return err("phase.seat", "the auction's winner places the cubes");
                    }
                }
                None => {
                    if seat != r || self.passed != all {
                        return err("phase.seat", "with no bid the roller places the cubes");
                    }
                }
            },
            Phase::Over => {
                quiet("once the game is over")?;
                if self.loaned != 0 {
                    return err("loaned", "the game is over");
                }
            }
        }
        Ok(())
    }
}
