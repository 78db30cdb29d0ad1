//! Scores and winners (§8): immediate wins, and at deck end the net worth with the tie-breaks
//! of R-24 (net worth, then shares, then Executive points, then cash, then a shared win).

use crate::state::{Ending, TheBoss};
use boardroom_engine::{Outcome, Seat, SeatSet};
use serde::Serialize;

/// One player's standing for the score table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ScoreLine {
    /// The seat.
    pub seat: Seat,
    /// Cash owned (pledged included).
    pub cash: u32,
    /// Shares owned.
    pub shares: u32,
    /// Executive points owned.
    pub executive_points: u32,
    /// Net worth: cash + share value + Executive points.
    pub net_worth: u64,
}

impl TheBoss {
    /// The standing of `seat`.
    pub fn score(&self, seat: Seat) -> ScoreLine {
        ScoreLine {
            seat,
            cash: self.owned_cash(seat),
            shares: self.owned_shares(seat),
            executive_points: self.executive_points(seat),
            net_worth: self.net_worth(seat),
        }
    }

    /// The tie-break key of R-24.
    fn rank_key(&self, seat: Seat) -> (u64, u32, u32, u32) {
        let s = self.score(seat);
        (s.net_worth, s.shares, s.executive_points, s.cash)
    }

    /// Net worths and winners, once the game is over.
    pub fn ranking(&self) -> Option<Outcome> {
        let ending = self.ending.as_ref()?;
        let n = self.players.len();
        let scores = (0..n).map(|s| self.net_worth(s) as i64).collect();
        let winners = match *ending {
            Ending::CompleteSet { seat } | Ending::Shares { seat } => SeatSet::single(seat),
            Ending::DeckEnd => {
                let best = (0..n).map(|s| self.rank_key(s)).max().expect("players");
                (0..n).filter(|&s| self.rank_key(s) == best).collect()
            }
        };
        Some(Outcome { scores, winners })
    }
}
