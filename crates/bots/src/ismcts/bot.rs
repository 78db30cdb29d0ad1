//! The search bot: plays the most visited action of an [`Ismcts`] search, its root's moves
//! weighted by the heuristic's values where the game asks for it.

use super::{Ismcts, SearchConfig};
use boardroom_engine::evaluate::Evaluate;
use boardroom_engine::{Bot, Game, Seat};

/// The temperature of the heuristic's prior ([`Evaluate::HEURISTIC_PRIOR`]), as a fraction of
/// the game's [`Evaluate::worth_scale`]. Measured in 2-player Big Boss Modern, `easy` against
/// `heuristic`, 48 games each with the seats swapped: 0.25 → 68.8%, 0.5 → 75.0%, 1 → 56.2%,
/// 2 → 25.0% (exploration 2).
pub const HEURISTIC_PRIOR_TEMPERATURE: f64 = 0.5;
/// The PUCT exploration constant with the heuristic's prior (same runs, temperature 0.5:
/// 2 → 75.0%, 4 → 64.6%).
pub const HEURISTIC_PRIOR_EXPLORATION: f64 = 2.0;

/// A bot that plays the most visited action of an [`Ismcts`] search.
pub struct IsmctsBot<G: Game> {
    name: String,
    search: Ismcts<G>,
    /// The heuristic whose values of the root's moves guide the search, in games that ask
    /// for it ([`Evaluate::HEURISTIC_PRIOR`]).
    guide: Option<crate::heuristic::HeuristicBot<G>>,
}

impl<G: Evaluate> IsmctsBot<G> {
    /// A search bot called `name` with `config`, seeded with `seed`.
    ///
    /// # Panics
    /// If the budget allows no search (see [`Ismcts::new`]).
    pub fn new(name: impl Into<String>, config: SearchConfig, seed: u64) -> Self {
        IsmctsBot {
            name: name.into(),
            search: Ismcts::new(config, seed),
            guide: G::HEURISTIC_PRIOR.then(|| crate::heuristic::HeuristicBot::new(seed)),
        }
    }

    /// The search engine (its settings and the statistics of the last search).
    pub fn search(&mut self) -> &mut Ismcts<G> {
        &mut self.search
    }
}

impl<G: Evaluate> Bot<G> for IsmctsBot<G> {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, game: &G, seat: Seat) -> G::Action {
        let mut legal = Vec::new();
        game.legal_actions(seat, &mut legal);
        assert!(!legal.is_empty(), "seat {seat} has no legal action");
        if legal.len() == 1 {
            return legal.swap_remove(0);
        }
        let Some(heuristic) = self.guide.as_mut() else {
            return self.search.search(game, seat).actions.swap_remove(0).action;
        };
        // The heuristic's values of the root's moves, as a softmax with the game's scale of
        // a worth difference: its whole-turn plan steers where the iterations go.
        let values = heuristic.action_values(game, seat);
        let best = values
            .iter()
            .map(|(_, v)| *v)
            .fold(f64::NEG_INFINITY, f64::max);
        let scale = (game.worth_scale() * HEURISTIC_PRIOR_TEMPERATURE).max(1e-6);
        let prior = |a: &G::Action| {
            values
                .iter()
                .find(|(b, _)| b == a)
                .map_or(0.0, |(_, v)| ((v - best) / scale).exp())
        };
        self.search
            .search_guided(game, seat, prior, HEURISTIC_PRIOR_EXPLORATION)
            .actions
            .swap_remove(0)
            .action
    }
}
