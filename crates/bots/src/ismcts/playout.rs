//! The policies a search's rollouts play after the tree: uniformly random moves, or moves
//! chosen greedily on the game's evaluation.

use super::tree::Buffers;
use boardroom_engine::evaluate::{advantage, Evaluate};
use boardroom_engine::rng::FastRng;
use boardroom_engine::{Game, Seat};
use rand::Rng;

/// How the rollouts after the tree choose their moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Playout {
    /// As the game asks at the searched position ([`Evaluate::greedy_rollouts`]):
    /// [`Playout::Greedy`] with its share of random moves and its depth, or [`Playout::Random`]
    /// (the default of the levels' searches).
    Game,
    /// Uniformly random legal moves.
    Random,
    /// The move whose position is best for its player one decision ahead by the game's
    /// evaluation ([`advantage`]: its worth minus the best other worth), a uniformly random
    /// move instead in `random_percent` of the decisions. Each decision costs one position per
    /// legal move, so such a rollout is shorter than a random one for the same time, but it
    /// plays like a player and not like a dice: in a game where random play misjudges every
    /// position (buying whatever it draws), its values mislead the search less.
    Greedy {
        /// The share of the decisions, in percent, played at random (keeping the rollouts
        /// varied across iterations).
        random_percent: u8,
    },
}

/// `playout` with [`Playout::Game`] replaced by what the game asks for in `root`, and the
/// cut-off of a search whose own is `depth`: the game's
/// ([`boardroom_engine::GreedyRollouts::depth`]) when the game's greedy rollouts are played.
pub(super) fn resolve<G: Evaluate>(playout: Playout, depth: u32, root: &G) -> (Playout, u32) {
    match (playout, root.greedy_rollouts()) {
        (Playout::Game, Some(g)) => (
            Playout::Greedy {
                random_percent: g.random_percent,
            },
            g.depth,
        ),
        (Playout::Game, None) => (Playout::Random, depth),
        (p, _) => (p, depth),
    }
}

/// Plays one rollout decision of `actor` in `state` by `playout`.
pub(super) fn step<G: Evaluate>(
    playout: Playout,
    state: &mut G,
    actor: Seat,
    buf: &mut Buffers<G>,
    rng: &mut FastRng,
) {
    match playout {
        Playout::Random | Playout::Game => random_step(state, actor, buf, rng),
        Playout::Greedy { random_percent } => {
            if rng.gen_range(0..100u8) < random_percent {
                random_step(state, actor, buf, rng);
            } else {
                greedy_step(state, actor, buf, rng);
            }
        }
    }
}

/// A uniformly random legal move of `actor`.
pub(super) fn random_step<G: Game>(
    state: &mut G,
    actor: Seat,
    buf: &mut Buffers<G>,
    rng: &mut FastRng,
) {
    buf.events.clear();
    let moved = state.apply_random(actor, rng, &mut buf.legal, &mut buf.events);
    assert!(moved, "seat {actor} must act but has no legal action");
}

/// The legal move of `actor` with the best [`advantage`] for it one decision ahead (ties to a
/// uniformly drawn one of the best).
fn greedy_step<G: Evaluate>(state: &mut G, actor: Seat, buf: &mut Buffers<G>, rng: &mut FastRng) {
    state.legal_actions(actor, &mut buf.legal);
    assert!(
        !buf.legal.is_empty(),
        "seat {actor} must act but has no legal action"
    );
    let mut best = f64::NEG_INFINITY;
    let mut pick = 0;
    let mut ties = 0u32;
    if buf.legal.len() > 1 {
        for (i, a) in buf.legal.iter().enumerate() {
            let mut child = state.clone();
            buf.events.clear();
            if child.apply(actor, a.clone(), &mut buf.events).is_err() {
                continue;
            }
            let v = advantage(&child, actor);
            if v > best {
                best = v;
                pick = i;
                ties = 1;
            } else if v == best {
                ties += 1;
                if rng.gen_range(0..ties) == 0 {
                    pick = i;
                }
            }
        }
    }
    let action = buf.legal.swap_remove(pick);
    buf.events.clear();
    if let Err(e) = state.apply(actor, action.clone(), &mut buf.events) {
        panic!("legal action {action:?} rejected: {e}");
    }
}
