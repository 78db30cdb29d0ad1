//! What an action reveals: whether its outcome depends on something hidden or left to chance
//! (see [`Game::reveals`]), which decides, for one, whether a live table lets it be taken back.

use crate::game::Game;
use crate::rng::FastRng;
use crate::seat::{Seat, Viewer};

/// How many re-drawn states [`outcome_depends_on_hidden`] tries.
pub const SAMPLES: usize = 8;

/// Whether what `seat` may know after playing `action` depends on what it does not know now:
/// the action is applied to the real state and to [`SAMPLES`] states whose hidden part is
/// re-drawn from `seat`'s observation (with a fixed generator, so the answer is the same every
/// time); any difference in `seat`'s observation afterwards, or an action refused on a
/// re-drawn state, means the outcome involved hidden information or chance. An action that
/// is illegal here reveals nothing (it changes nothing).
pub fn outcome_depends_on_hidden<G: Game>(game: &G, seat: Seat, action: &G::Action) -> bool {
    let viewer = Viewer::Seat(seat);
    let mut real = game.clone();
    let mut events = Vec::new();
    if real.apply(seat, action.clone(), &mut events).is_err() {
        return false;
    }
    let seen = real.observe(viewer);
    let mut rng = FastRng::new(0x756e_646f);
    (0..SAMPLES).any(|_| {
        let mut other = game.sample_hidden_with(viewer, &mut rng);
        events.clear();
        other.apply(seat, action.clone(), &mut events).is_err() || other.observe(viewer) != seen
    })
}
