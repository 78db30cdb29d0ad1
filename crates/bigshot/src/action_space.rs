//! The fixed action space: every Big Shot action gets one index, the same in every state and
//! configuration, for learning code whose output units must each mean one move.
//!
//! | indices | actions |
//! |---|---|
//! | 0–2 | `roll`, `decline`, `pass` |
//! | 3–6 | `loan C` for colours C = red, orange, ivory, purple (3 + C) |
//! | 7–10 | `pay C` (7 + C) |
//! | 11–74 | `place C L`: colour C on the lot at index L of the board, L = 0–15 (11 + 16·C + L) |
//! | 75–175 | `bid X` for X = 0–100 (75 + X) |
//!
//! [`ACTION_SPACE`] is 176 in every configuration. A bid above [`MAX_BID`] has no index (no
//! table's cash reaches it); it is still played by its notation.

use crate::action::Action;
use crate::board::MAX_LOTS;
use crate::colour::{Colour, COLOURS};
use crate::state::MAX_BID;

const FIRST_LOAN: usize = 3;
const FIRST_PAY: usize = FIRST_LOAN + COLOURS;
const FIRST_PLACE: usize = FIRST_PAY + COLOURS;
const FIRST_BID: usize = FIRST_PLACE + COLOURS * MAX_LOTS;

/// The size of the fixed action space.
pub const ACTION_SPACE: usize = FIRST_BID + MAX_BID as usize + 1;

impl Action {
    /// The action's index in the fixed action space (below [`ACTION_SPACE`]); `None` for a bid
    /// above [`MAX_BID`] or a colour or lot no board has.
    pub fn space_index(self) -> Option<usize> {
        let colour = |c: Colour| (c.idx() < COLOURS).then_some(c.idx());
        match self {
            Action::Roll => Some(0),
            Action::Decline => Some(1),
            Action::Pass => Some(2),
            Action::Loan(c) => Some(FIRST_LOAN + colour(c)?),
            Action::Pay(c) => Some(FIRST_PAY + colour(c)?),
            Action::Place(c, lot) if (lot as usize) < MAX_LOTS => {
                Some(FIRST_PLACE + colour(c)? * MAX_LOTS + lot as usize)
            }
            Action::Place(..) => None,
            Action::Bid(x) => (x <= MAX_BID).then_some(FIRST_BID + x as usize),
        }
    }

    /// The action at `index` of the fixed action space; `None` from [`ACTION_SPACE`] on.
    pub fn from_space_index(index: usize) -> Option<Action> {
        Some(match index {
            0 => Action::Roll,
            1 => Action::Decline,
            2 => Action::Pass,
            i if i < FIRST_PAY => Action::Loan(Colour((i - FIRST_LOAN) as u8)),
            i if i < FIRST_PLACE => Action::Pay(Colour((i - FIRST_PAY) as u8)),
            i if i < FIRST_BID => {
                let j = i - FIRST_PLACE;
                Action::Place(Colour((j / MAX_LOTS) as u8), (j % MAX_LOTS) as u8)
            }
            i if i < ACTION_SPACE => Action::Bid((i - FIRST_BID) as u32),
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_index_round_trips_and_the_table_holds() {
        assert_eq!(ACTION_SPACE, 176);
        for i in 0..ACTION_SPACE {
            let a = Action::from_space_index(i).expect("every index names an action");
            assert_eq!(a.space_index(), Some(i), "{a:?}");
        }
        assert_eq!(Action::from_space_index(ACTION_SPACE), None);
        assert_eq!(Action::Place(Colour(1), 2).space_index(), Some(11 + 16 + 2));
        assert_eq!(Action::Bid(100).space_index(), Some(175));
        assert_eq!(Action::Bid(101).space_index(), None);
        assert_eq!(Action::Place(Colour(0), 16).space_index(), None);
    }
}
