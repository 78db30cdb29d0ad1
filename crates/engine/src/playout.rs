//! Uniformly random playouts.

use crate::game::Game;
use rand::Rng;

/// Statistics of one playout.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayoutStats {
    /// Decisions taken (actions applied).
    pub decisions: u64,
}

/// Reusable buffers for playouts, so that a loop of many games allocates nothing after the
/// first.
pub struct Scratch<G: Game> {
    actions: Vec<G::Action>,
    events: Vec<G::Event>,
}

impl<G: Game> Default for Scratch<G> {
    fn default() -> Self {
        Scratch {
            actions: Vec::with_capacity(128),
            events: Vec::with_capacity(32),
        }
    }
}

/// Plays `game` to its end, each acting seat choosing uniformly among its legal actions (when
/// several seats may act, the one that moves is drawn uniformly among
/// [`Game::playout_seats`]), through [`Game::apply_random`]. Returns how many decisions were
/// taken.
///
/// # Panics
/// If the game reports an acting seat with no legal action, or rejects an action it listed as
/// legal: both are bugs in the game's rules.
pub fn random_playout<G: Game, R: Rng + ?Sized>(
    game: &mut G,
    rng: &mut R,
    scratch: &mut Scratch<G>,
) -> PlayoutStats {
    let mut stats = PlayoutStats::default();
    while let Some(seat) = game.playout_seats().choose(rng) {
        scratch.events.clear();
        let moved = game.apply_random(seat, rng, &mut scratch.actions, &mut scratch.events);
        assert!(moved, "seat {seat} must act but has no legal action");
        stats.decisions += 1;
    }
    stats
}
