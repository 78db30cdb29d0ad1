//! The result of a finished game.

use crate::seat::{Seat, SeatSet};
use serde::{Deserialize, Serialize};

/// Final scores and the winners (several on a shared title; none where a game allows nobody to
/// win).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// Final score of each seat, in the game's unit (millions for Big Boss).
    pub scores: Vec<i64>,
    /// The seats that hold the title.
    pub winners: SeatSet,
}

impl Outcome {
    /// The reward of `seat` for search and statistics: 1 for a sole winner, 1/k for each of k
    /// winners sharing the title, 0 otherwise.
    pub fn reward(&self, seat: Seat) -> f64 {
        if self.winners.contains(seat) {
            1.0 / self.winners.len() as f64
        } else {
            0.0
        }
    }
}
