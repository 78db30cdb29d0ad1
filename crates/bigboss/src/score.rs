//! Final scoring and the winner.

use crate::company::CompanyId;
use crate::state::BigBoss;
use boardroom_engine::{Outcome, Seat, SeatSet};
use serde::{Deserialize, Serialize};

/// One player's score, broken down.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreLine {
    /// Money in hand.
    pub money: i64,
    /// Value of shares: price × shares, summed over companies.
    pub shares: i64,
    /// Value of towers (owner flags): price × 3 for each.
    pub towers: i64,
    /// Value of the cards left in hand (Modern: +5 industry, +10 level; Classic: −5 each).
    pub cards: i64,
    /// The total.
    pub total: i64,
    /// Towers placed during the game (the Modern tie-break).
    pub towers_placed: u8,
}

impl BigBoss {
    /// The score of `seat` if the game ended now.
    pub fn score(&self, seat: Seat) -> ScoreLine {
        let p = &self.players[seat];
        let (iv, lv) = self.rules().hand_values;
        let mut shares = 0i64;
        let mut towers = 0i64;
        for c in CompanyId::all() {
            let co = &self.companies[c.idx()];
            if co.active() {
                shares += co.price as i64 * p.shares[c.idx()] as i64;
                if co.tower == Some(seat) {
                    towers += 3 * co.price as i64;
                }
            }
        }
        let cards = iv * p.hand.industry.len() as i64 + lv * p.hand.level_count() as i64;
        let money = p.money as i64;
        ScoreLine {
            money,
            shares,
            towers,
            cards,
            total: money + shares + towers + cards,
            towers_placed: p.towers_placed,
        }
    }

    /// Scores of every seat and the winners: the highest total; on a tie (Modern) more towers
    /// placed during the game; a tie after that shares the title.
    pub fn ranking(&self) -> Outcome {
        let lines: Vec<ScoreLine> = (0..self.n as Seat).map(|s| self.score(s)).collect();
        let best = lines.iter().map(|l| l.total).max().unwrap_or(0);
        let mut winners: SeatSet = (0..lines.len())
            .filter(|&s| lines[s].total == best)
            .collect();
        if self.rules().tower_tie_break && winners.len() > 1 {
            let most = winners
                .iter()
                .map(|s| lines[s].towers_placed)
                .max()
                .unwrap_or(0);
            winners = winners
                .iter()
                .filter(|&s| lines[s].towers_placed == most)
                .collect();
        }
        Outcome {
            scores: lines.iter().map(|l| l.total).collect(),
            winners,
        }
    }
}
