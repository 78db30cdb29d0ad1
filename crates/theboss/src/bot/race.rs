//! Win chances for the search levels' leaf evaluation: a conditional logit model over the
//! seats, fitted to games of the reference player against itself (the rollouts' policy), so a
//! rollout cut short is judged by how such games went on from positions like it.
//!
//! The game is a race (2-player games all end by a seat reaching the winning shares, and most
//! 3- and 4-player games too): what counts is how near each seat is to the winning shares, what
//! it can buy with its cash, its income and its progress toward a complete Executive set, more
//! so as the Fate deck runs down. Each seat's score is `θ · x` over the [`FEATURES`] below, and
//! its chance the softmax of the scores. The coefficients were fitted by maximum likelihood
//! (`cargo run --profile ci -p boardroom-theboss --example boss_fit`, which prints them with
//! the log-loss of this model and of the plain worth softmax on held-out games).

use crate::data::{COMPLETE_SET, FIRST_EXEC};
use crate::state::TheBoss;
use boardroom_engine::Seat;

/// Features per seat.
pub const FEATURES: usize = 10;

/// The fitted coefficients per player count (index 0: 2 players, 1: 3, 2: 4).
const THETA: [[f64; FEATURES]; 3] = [
    [
        1.231, 1.281, 1.967, 1.196, 1.975, 0.249, -0.571, 3.124, 0.487, 0.269,
    ],
    [
        1.702, 0.592, 1.799, 1.140, 2.450, -0.083, -0.414, 3.687, 0.315, 0.270,
    ],
    [
        1.592, -0.102, 1.601, 1.314, 2.989, -0.407, -0.388, 3.992, 0.146, 0.650,
    ],
];

impl TheBoss {
    /// The features of `seat` in this state, for [`TheBoss::race_chances`]: shares and
    /// buying power toward the winning shares (with their squares and their growth as the
    /// deck runs down), net worth, salary, Executive set progress and the bot's own measure,
    /// all as fractions of the winning block.
    pub fn race_features(&self, seat: Seat) -> [f64; FEATURES] {
        let e = self.data.economy();
        let win = (e.win_shares_over + e.lot) as f64;
        let target = win * e.share_price as f64;
        let shares = self.owned_shares(seat) as f64 / win;
        let power = (self.owned_cash(seat) as f64
            + self.owned_shares(seat) as f64 * e.share_price as f64)
            / target;
        let net = self.net_worth(seat) as f64 / target;
        let p = &self.players[seat];
        let salary = match p.job {
            Some(j) if p.fired.is_none() => self.data.position(j).salary as f64 / 1000.0,
            _ => 0.0,
        };
        let mut set = 0u32;
        let owned = self.owned_executive(seat);
        for i in 0..4u8 {
            let have = owned
                .iter()
                .filter(|&&c| self.data.exec_number(c) == FIRST_EXEC + i)
                .count() as u32;
            set += have.min(COMPLETE_SET[i as usize] as u32);
        }
        let set = set as f64 / COMPLETE_SET.iter().map(|&c| c as u32).sum::<u32>() as f64;
        let total = self.data.fate_cards.len().max(1) as f64;
        let progress = 1.0 - self.fate_left() as f64 / total;
        let own = self.own_worth(seat) as f64 / target;
        [
            shares,
            shares * shares,
            power,
            net,
            salary,
            set,
            set * set,
            own,
            progress * shares,
            progress * net,
        ]
    }

    /// Every seat's chance to win (written into `out`, summing to 1) by the fitted model, from
    /// the state as it stands (the search calls it on its own determinizations).
    pub fn race_chances(&self, out: &mut [f64]) {
        let n = self.players.len().min(out.len());
        let theta = &THETA[n.clamp(2, 4) - 2];
        let mut best = f64::NEG_INFINITY;
        for (s, o) in out.iter_mut().enumerate().take(n) {
            let x = self.race_features(s);
            *o = x.iter().zip(theta).map(|(x, t)| x * t).sum();
            best = best.max(*o);
        }
        let mut sum = 0.0;
        for o in out.iter_mut().take(n) {
            *o = (*o - best).exp();
            sum += *o;
        }
        for o in out.iter_mut().take(n) {
            *o /= sum;
        }
    }
}
