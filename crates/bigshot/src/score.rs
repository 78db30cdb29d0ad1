//! Final scoring: financial status, lots owned, the most valuable lot, and the winners.

use crate::colour::Colour;
use crate::state::{BigShot, IOU_VALUE};
use boardroom_engine::{Outcome, Seat, SeatSet};
use serde::Serialize;

/// One seat's final reckoning (2 players: both colours together).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ScoreLine {
    /// The seat.
    pub seat: Seat,
    /// Coins.
    pub coins: u32,
    /// Value of the lots owned, parks' doubling included.
    pub lots_value: u32,
    /// Debt: 10M per IOU.
    pub debt: u32,
    /// Financial status: coins + lots − debt.
    pub status: i64,
    /// Lots owned (parks included).
    pub lots: u32,
    /// The most valuable single lot, as scored (a doubled 11 counts 22).
    pub best_lot: u32,
    /// Whether the seat may win: at least 2 lots (2 players: with each colour).
    pub eligible: bool,
}

impl BigShot {
    /// The value lot `l` has for its owner colour `c`: parks 0; a lot doubled when `c` also owns
    /// a park of its district that is adjacent to it.
    pub fn scored_value(&self, l: usize, c: Colour) -> u32 {
        let lot = self.board.lot(l);
        if lot.park {
            return 0;
        }
        let doubled = (0..self.board.num_lots())
            .any(|p| self.owner[p] == Some(c) && self.board.doubles(p, l));
        if doubled {
            lot.value * 2
        } else {
            lot.value
        }
    }

    /// The lots colour `c` owns.
    pub fn lots_of(&self, c: Colour) -> impl Iterator<Item = usize> + '_ {
        (0..self.board.num_lots()).filter(move |&l| self.owner[l] == Some(c))
    }

    /// A seat's reckoning with the lots resolved so far (final once the game is over).
    pub fn score(&self, seat: Seat) -> ScoreLine {
        let mut line = ScoreLine {
            seat,
            coins: 0,
            lots_value: 0,
            debt: 0,
            status: 0,
            lots: 0,
            best_lot: 0,
            eligible: !self.colours_of(seat).is_empty(),
        };
        for &c in self.colours_of(seat) {
            line.coins += self.coins[c.idx()];
            line.debt += IOU_VALUE * self.ious[c.idx()] as u32;
            let mut owned = 0;
            for l in self.lots_of(c) {
                let v = self.scored_value(l, c);
                line.lots_value += v;
                line.best_lot = line.best_lot.max(v);
                owned += 1;
            }
            line.lots += owned;
            line.eligible &= owned >= 2;
        }
        line.status = line.coins as i64 + line.lots_value as i64 - line.debt as i64;
        line
    }

    /// The owner lot `l` has now (sold lots) or would have if the game ended now (unsold lots,
    /// by the tie-cancelling rule): a quick guide for evaluation functions.
    pub fn provisional_owner(&self, l: usize) -> Option<crate::colour::Colour> {
        if self.is_sold(l) {
            self.owner[l]
        } else {
            crate::rules::resolve_owner(&self.lots[l])
        }
    }

    /// A copy of the game with every unsold lot resolved as if the game ended now (no other
    /// change): its [`BigShot::score`] and [`BigShot::ranking`] say who would win now.
    pub fn settled(&self) -> BigShot {
        let mut g = self.clone();
        for l in 0..g.board.num_lots() {
            if !g.is_sold(l) {
                g.owner[l] = crate::rules::resolve_owner(&g.lots[l]);
            }
        }
        g
    }

    /// Scores and winners: among eligible seats the best status wins, ties go to more lots,
    /// then the most valuable lot; a tie after that is shared; nobody wins when no seat is
    /// eligible.
    pub fn ranking(&self) -> Outcome {
        let lines: Vec<ScoreLine> = (0..self.n as usize).map(|s| self.score(s)).collect();
        let key = |l: &ScoreLine| (l.status, l.lots, l.best_lot);
        let best = lines.iter().filter(|l| l.eligible).map(key).max();
        let winners = lines
            .iter()
            .filter(|l| l.eligible && Some(key(l)) == best)
            .map(|l| l.seat)
            .collect::<SeatSet>();
        Outcome {
            scores: lines.iter().map(|l| l.status).collect(),
            winners,
        }
    }
}
