//! The game knowledge the bots need: an estimate of what each seat's position is worth.
//!
//! The bots (crate `boardroom-bots`) are generic over [`Game`]; a game gives them its knowledge
//! by implementing [`Evaluate`] in its own crate, next to its rules.

use crate::{Game, Seat};
use rand::RngCore;

/// How a game's reference (rule-based) player behaves, see [`Evaluate::reference_action`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Style {
    /// Whether the player deals: makes, accepts and counters offers and lobbies. Without
    /// dealing it still bids and votes in its own interest.
    pub deals: bool,
}

impl Default for Style {
    fn default() -> Self {
        Style { deals: true }
    }
}

/// Rollouts greedy on the game's evaluation ([`Evaluate::greedy_rollouts`]): each move is the
/// one best for its player one decision ahead by [`advantage`] (one position looked at per
/// legal move), but for a share drawn at random that keeps the rollouts of one search apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GreedyRollouts {
    /// The share of the moves, in percent, drawn uniformly at random.
    pub random_percent: u8,
    /// Decisions played after the tree before the rollout looks for a quiet position and
    /// evaluates it (the search's own cut-off is for random rollouts).
    pub depth: u32,
}

/// A game whose positions can be judged without playing them out.
///
/// Implementations must read only what the state holds: bots call them on states produced by
/// [`Game::sample_hidden`], never on the real state, so an evaluation cannot leak other
/// players' secrets.
pub trait Evaluate: Game {
    /// Whether the game has dealing (offers, lobbying) that its reference player
    /// ([`Evaluate::reference_action`]) plays or leaves out as [`Style::deals`] says. Only for
    /// such games does a bot without dealing (`heuristic-nodeal`) differ from the heuristic,
    /// so only they offer it. Games without dealing keep the default.
    const DEALS: bool = false;

    /// Whether the search levels (`easy`, `normal`, `hard`) play the reference player
    /// ([`Evaluate::reference_action`]) improved by policy rollouts (`boardroom_bots::rollout`)
    /// instead of a tree search over random play: for games whose reference player is much
    /// stronger than random play, where rollouts by random play misjudge every position.
    /// Games keep the default (tree search) unless they measured otherwise.
    const ROLLOUT_SEARCH: bool = false;

    /// The estimated final score of `seat` if play went on sensibly from here, in the game's
    /// score unit (millions for Big Boss). Only differences between seats and between
    /// positions matter.
    fn worth(&self, seat: Seat) -> f64;

    /// How large a difference of worth is "a lot" at this point of the game: the temperature
    /// that turns worth differences into win chances (see [`win_chances`]).
    fn worth_scale(&self) -> f64;

    /// Whether the position is a sensible place to stop and evaluate (for Big Boss: between
    /// turns, not halfway through one). Search rollouts that are cut short continue until a
    /// quiet position.
    fn is_quiet(&self) -> bool {
        true
    }

    /// The game's own rule-based choice for `seat` (which must be able to act), or `None` when
    /// the game has none and bots fall back to their generic search. An implementation must
    /// read only what `seat` may know and return a legal action; `rng` (the bot's own seeded
    /// generator) is its only source of chance, so the choice is deterministic.
    fn reference_action(
        &self,
        seat: Seat,
        style: &Style,
        rng: &mut dyn RngCore,
    ) -> Option<Self::Action> {
        let _ = (seat, style, rng);
        None
    }

    /// The reference player's choice for `seat` when the game does not wait for it (not in
    /// [`Game::must_act`]): `None` when it has nothing purposeful to do there (answer an offer,
    /// settle a deal, ...), so that bots do not fill the game with actions nobody needs. By
    /// default the same as [`Evaluate::reference_action`]; a game with a reference player
    /// whose optional seats may have nothing to do overrides it.
    fn optional_reference_action(
        &self,
        seat: Seat,
        style: &Style,
        rng: &mut dyn RngCore,
    ) -> Option<Self::Action> {
        self.reference_action(seat, style, rng)
    }

    /// The most search iterations per decision that still make a stronger player in this
    /// game, or `None` when more search keeps paying. The `hard` level searches at most this
    /// many (the lower levels' budgets are below it). Measured, not guessed: see the game's
    /// implementation.
    fn useful_iterations(&self) -> Option<u32> {
        None
    }

    /// Whether `action` belongs to negotiation (making, answering or settling a deal, starting
    /// an auction of one's own): the search levels leave such decisions to
    /// [`Evaluate::reference_action`], which judges offers by the game's valuation, and search
    /// every other decision. No action is, by default.
    fn is_negotiation(&self, action: &Self::Action) -> bool {
        let _ = action;
        false
    }

    /// More actions a wider search may weigh against the reference player's choice `reference`
    /// for `seat`, appended to `out`: other amounts than the bounded [`Game::legal_actions`]
    /// offer (purchase sizes, bids), and the other answers to a negotiation decision that the
    /// narrower searches leave to the reference player (accepting what it rejects and the other
    /// way round). Every action written must be legal for `seat`, and must be found from what
    /// `seat` may know. None by default.
    fn wider_actions(&self, seat: Seat, reference: &Self::Action, out: &mut Vec<Self::Action>) {
        let _ = (seat, reference, out);
    }

    /// Every seat's chance to win this unfinished position, written into `out` (one entry per
    /// seat, summing to 1): what [`win_chances`] gives the searches at their leaves. By default
    /// [`worth_chances`] (a softmax of the worths); a game with a better estimate of how play
    /// goes on (The Boss: a model fitted to its reference player's games) gives that instead.
    fn estimated_chances(&self, out: &mut [f64]) {
        worth_chances(self, out)
    }

    /// Whether the tree-search levels guide their root by the heuristic's values of the moves
    /// (a prior for AlphaZero's PUCT rule, see `boardroom_bots::Ismcts::search_guided`): for
    /// games whose turns are many small decisions, where a search of a few hundred iterations
    /// sees less of the turn than the heuristic's plan of it. Off by default.
    const HEURISTIC_PRIOR: bool = false;

    /// How the tree-search levels' rollouts play after the tree from this position
    /// (`boardroom_bots::ismcts`): `None` (the default) uniformly random moves for the
    /// search's own cut-off; otherwise greedily on the game's evaluation as [`GreedyRollouts`]
    /// says. For games (or rule sets) where random play misjudges positions that a greedy
    /// player on the evaluation judges well.
    fn greedy_rollouts(&self) -> Option<GreedyRollouts> {
        None
    }

    /// What each bot level is in this game, measured, in one line for people choosing a bot
    /// (the lobby's list): `(level, note)` pairs such as `("normal", "beats easy about 7 games
    /// in 10")`. Each figure comes from the game's measurements in `docs/strength.md`. None by
    /// default: a level without a note is shown by its name alone.
    const LEVEL_NOTES: &'static [(&'static str, &'static str)] = &[];

    /// The names of the game's scripted simple strategies (always buy, hoard cash, ...), which
    /// the bots' gauntlet (`boardroom_bots::gauntlet`) plays against every level besides its
    /// generic policies: fixed lines a person could follow without thinking, which a good bot
    /// must hold to its fair share. None by default.
    const SCRIPTS: &'static [&'static str] = &[];

    /// The choice of the scripted strategy `script` (one of [`Evaluate::SCRIPTS`]) for `seat`,
    /// or `None` when it has nothing to do here: the gauntlet then plays the seat's first
    /// legal action if the game waits for the seat, and nothing otherwise. Like
    /// [`Evaluate::reference_action`], it reads only what `seat` may know, returns a legal
    /// action and draws chance only from `rng`.
    fn scripted_action(
        &self,
        script: &str,
        seat: Seat,
        rng: &mut dyn RngCore,
    ) -> Option<Self::Action> {
        let _ = (script, seat, rng);
        None
    }
}

/// Win chances of every seat, written into `out` (one entry per seat, summing to 1).
///
/// A finished game gives its [`crate::Outcome::reward`]s; otherwise the game's
/// [`Evaluate::estimated_chances`] (by default [`worth_chances`]).
pub fn win_chances<G: Evaluate>(game: &G, out: &mut [f64]) {
    debug_assert_eq!(out.len(), game.num_players());
    if let Some(outcome) = game.outcome() {
        for (s, o) in out.iter_mut().enumerate() {
            *o = outcome.reward(s);
        }
        return;
    }
    game.estimated_chances(out);
}

/// Win chances of every seat of an unfinished position as a softmax of [`Evaluate::worth`]
/// with temperature [`Evaluate::worth_scale`], written into `out` (one entry per seat).
pub fn worth_chances<G: Evaluate>(game: &G, out: &mut [f64]) {
    let scale = game.worth_scale().max(1e-6);
    let mut best = f64::NEG_INFINITY;
    for (s, o) in out.iter_mut().enumerate() {
        *o = game.worth(s) / scale;
        best = best.max(*o);
    }
    let mut total = 0.0;
    for o in out.iter_mut() {
        *o = (*o - best).exp();
        total += *o;
    }
    for o in out.iter_mut() {
        *o /= total;
    }
}

/// The heuristic's objective for `seat`: its worth minus the best worth among the others
/// (what decides who wins), or the reward scaled large once the game is over.
pub fn advantage<G: Evaluate>(game: &G, seat: Seat) -> f64 {
    if let Some(outcome) = game.outcome() {
        let best_other = (0..game.num_players())
            .filter(|&s| s != seat)
            .map(|s| outcome.scores[s])
            .max()
            .unwrap_or(0);
        // A finished game's real scores, with the title itself worth a large bonus.
        return (outcome.scores[seat] - best_other) as f64 + 1000.0 * outcome.reward(seat);
    }
    let mine = game.worth(seat);
    let best_other = (0..game.num_players())
        .filter(|&s| s != seat)
        .map(|s| game.worth(s))
        .fold(f64::NEG_INFINITY, f64::max);
    mine - best_other
}
