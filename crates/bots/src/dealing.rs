//! The search levels in games with negotiation: [`DealingSearch`] leaves offers, the answers to
//! them and the other dealing decisions ([`Evaluate::is_negotiation`]) to the game's reference
//! player ([`Evaluate::reference_action`]), which judges them by the game's valuation, and
//! chooses every other decision (the steps of a turn, bids, votes, moves) by search.
//!
//! A search over random continuations cannot price an offer: the partner's answer would be a
//! coin flip in every rollout. The valuation can. So at each decision the reference player is
//! asked first; when it would deal, its action stands; otherwise the search decides, and a
//! dealing action the search might prefer is replaced by the reference player's own choice.
//! For games without negotiation (no reference player) the search decides alone, unchanged.

use crate::ismcts::IsmctsBot;
use boardroom_engine::evaluate::{Evaluate, Style};
use boardroom_engine::rng::{self, GameRng};
use boardroom_engine::{Bot, Seat};

/// A search level that deals through the game's valuation.
pub struct DealingSearch<G: Evaluate> {
    search: IsmctsBot<G>,
    style: Style,
    rng: GameRng,
}

impl<G: Evaluate> DealingSearch<G> {
    /// Wraps `search`; the reference player draws from its own generator seeded with `seed`.
    pub fn new(search: IsmctsBot<G>, seed: u64) -> Self {
        DealingSearch {
            search,
            style: Style::default(),
            rng: rng::from_seed(seed ^ 0xdea1_dea1_dea1_dea1),
        }
    }
}

impl<G: Evaluate> Bot<G> for DealingSearch<G> {
    fn name(&self) -> &str {
        self.search.name()
    }

    fn choose(&mut self, game: &G, seat: Seat) -> G::Action {
        let Some(reference) = game.reference_action(seat, &self.style, &mut self.rng) else {
            return self.search.choose(game, seat);
        };
        if game.is_negotiation(&reference) {
            return reference;
        }
        let searched = self.search.choose(game, seat);
        if game.is_negotiation(&searched) {
            reference
        } else {
            searched
        }
    }

    /// Outside `must_act`, only what the reference player finds purposeful (games without a
    /// reference player are searched as in [`Bot::choose`]).
    fn choose_optional(&mut self, game: &G, seat: Seat) -> Option<G::Action> {
        if game.must_act().contains(seat) {
            return Some(self.choose(game, seat));
        }
        crate::heuristic::optional_by_reference(game, seat, &self.style, &mut self.rng)
            .unwrap_or_else(|| Some(self.search.choose(game, seat)))
    }
}
