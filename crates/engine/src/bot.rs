//! Bots: players that are not people.
//!
//! A bot is handed the full game state (so that it can call [`Game::legal_actions`] and
//! [`Game::sample_hidden`]), but an honest bot decides only from what its seat may know: it may
//! look at the legal actions of its own seat and at `game.observe(Viewer::Seat(seat))`, and a
//! bot that searches first replaces the state by `game.sample_hidden(Viewer::Seat(seat), rng)`.
//! `sample_hidden` depends only on the viewer's observation and the generator, so such a bot's
//! choice is unchanged when only other players' secrets change — tests check this.

use crate::game::Game;
use crate::rng::{self, GameRng};
use crate::seat::Seat;
use rand::Rng;

/// A player that is not a person.
pub trait Bot<G: Game>: Send {
    /// The bot's name, e.g. `random` or `hard`.
    fn name(&self) -> &str;

    /// Chooses one of the legal actions of `seat` (which must be able to act).
    fn choose(&mut self, game: &G, seat: Seat) -> G::Action;

    /// Chooses an action for `seat` when the game does not wait for it (`seat` is in
    /// [`Game::to_act`] but not in [`Game::must_act`]), or `None` when the bot has nothing
    /// worth doing there: a table then does not ask it again until the state changes. By
    /// default the bot acts as [`Bot::choose`] would.
    fn choose_optional(&mut self, game: &G, seat: Seat) -> Option<G::Action> {
        Some(self.choose(game, seat))
    }
}

/// A bot that picks uniformly among the legal actions.
pub struct RandomBot {
    rng: GameRng,
}

impl RandomBot {
    /// A random bot with its own seeded generator.
    pub fn new(seed: u64) -> Self {
        RandomBot {
            rng: rng::from_seed(seed),
        }
    }
}

impl<G: Game> Bot<G> for RandomBot {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, game: &G, seat: Seat) -> G::Action {
        let mut legal = Vec::new();
        game.legal_actions(seat, &mut legal);
        assert!(!legal.is_empty(), "seat {seat} has no legal action");
        legal.swap_remove(self.rng.gen_range(0..legal.len()))
    }
}
