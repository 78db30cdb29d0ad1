//! Big Shot for learning code ([`Encode`]): the fixed action space of
//! [`crate::action_space`]. The observation has no numeric encoding of its own yet: tools
//! flatten it generically.

use crate::action::Action;
use crate::action_space::ACTION_SPACE;
use crate::state::{BigShot, Config};
use boardroom_engine::{Encode, Seat};

impl Encode for BigShot {
    fn action_space_size(_config: &Config) -> Option<usize> {
        Some(ACTION_SPACE)
    }

    fn action_index(&self, _seat: Seat, action: &Action) -> Option<usize> {
        action.space_index()
    }

    fn action_from_index(&self, _seat: Seat, index: usize) -> Option<Action> {
        Action::from_space_index(index)
    }
}
