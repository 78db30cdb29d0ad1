//! The heuristic bot: greedy on the game's evaluation over its own consecutive decisions.
//!
//! Games split a turn into small decisions (play a card, choose a space, buy a share, end the
//! turn). The heuristic bot looks at the whole rest of its own turn at once: on
//! a few determinizations (the hidden cards and the deck re-dealt from its own observation by
//! [`Game::sample_hidden`]) it searches every sequence of its own decisions until another seat
//! is to act, scores the position reached with [`advantage`] (its worth minus the best
//! opponent's worth), and plays the first decision of the best sequence on average. When a
//! turn has too many sequences for its node budget it falls back to one-step greedy choices
//! deeper down.
//!
//! A game may supply its own rule-based choice ([`Evaluate::reference_action`], e.g. The
//! Boss's dealing policy); the heuristic bot then plays it instead of searching.

use boardroom_engine::evaluate::{advantage, Evaluate, Style};
use boardroom_engine::rng::{self, GameRng};
use boardroom_engine::{Bot, Game, Seat, SeatSet, Viewer};

/// Default number of determinizations per decision.
pub const DEFAULT_SAMPLES: u32 = 3;
/// Default number of positions examined per determinization.
pub const DEFAULT_NODES: u32 = 6_000;

/// A rule-based bot: greedy on [`Evaluate`] over its own decisions until the turn passes.
pub struct HeuristicBot<G: Game> {
    rng: GameRng,
    samples: u32,
    nodes: u32,
    /// One reusable action buffer per depth.
    stacks: Vec<Vec<G::Action>>,
    events: Vec<G::Event>,
    style: Style,
    name: &'static str,
}

impl<G: Evaluate> HeuristicBot<G> {
    /// A heuristic bot with the default budget, seeded with `seed` (the seed only chooses the
    /// determinizations).
    pub fn new(seed: u64) -> Self {
        Self::with_budget(seed, DEFAULT_SAMPLES, DEFAULT_NODES)
    }

    /// A heuristic bot averaging over `samples` determinizations and examining at most `nodes`
    /// positions in each. Both are at least 1.
    pub fn with_budget(seed: u64, samples: u32, nodes: u32) -> Self {
        HeuristicBot {
            rng: rng::from_seed(seed),
            samples: samples.max(1),
            nodes: nodes.max(1),
            stacks: Vec::new(),
            events: Vec::new(),
            style: Style::default(),
            name: "heuristic",
        }
    }

    /// A heuristic bot with the default budget whose game policy (if the game has one) never
    /// deals: it makes, accepts and counters no offers and does not lobby. Called
    /// `heuristic-nodeal`; for games without a policy it plays exactly like [`Self::new`].
    pub fn without_dealing(seed: u64) -> Self {
        let mut bot = Self::new(seed);
        bot.style = Style { deals: false };
        bot.name = "heuristic-nodeal";
        bot
    }

    /// The style handed to the game's reference policy.
    pub fn style(&self) -> Style {
        self.style
    }

    /// The value of `state` for `seat` with the best continuation of `seat`'s own decisions.
    fn best_value(&mut self, state: &G, seat: Seat, depth: usize, budget: &mut u32) -> f64 {
        if state.to_act() != SeatSet::single(seat) {
            return advantage(state, seat);
        }
        while self.stacks.len() <= depth {
            self.stacks.push(Vec::with_capacity(64));
        }
        let mut legal = std::mem::take(&mut self.stacks[depth]);
        state.legal_actions(seat, &mut legal);
        let mut best = f64::NEG_INFINITY;
        if *budget as usize >= legal.len() {
            *budget -= legal.len() as u32;
            for a in &legal {
                let child = self.child(state, seat, a);
                best = best.max(self.best_value(&child, seat, depth + 1, budget));
            }
        } else {
            // Out of budget: follow the single most promising decision.
            let mut pick = None;
            let mut pick_value = f64::NEG_INFINITY;
            for a in &legal {
                let child = self.child(state, seat, a);
                let v = advantage(&child, seat);
                if v > pick_value {
                    pick_value = v;
                    pick = Some(child);
                }
            }
            if let Some(child) = pick {
                best = self.best_value(&child, seat, depth + 1, budget);
            }
        }
        self.stacks[depth] = legal;
        best
    }

    fn child(&mut self, state: &G, seat: Seat, action: &G::Action) -> G {
        let mut child = state.clone();
        self.events.clear();
        if let Err(e) = child.apply(seat, action.clone(), &mut self.events) {
            panic!("legal action {action:?} rejected: {e}");
        }
        child
    }

    /// The mean value of each of `seat`'s legal actions (in the order of
    /// [`Game::legal_actions`]) over the bot's determinizations.
    pub fn action_values(&mut self, game: &G, seat: Seat) -> Vec<(G::Action, f64)> {
        let mut root = Vec::new();
        game.legal_actions(seat, &mut root);
        let mut totals = vec![0.0; root.len()];
        for _ in 0..self.samples {
            let det = game.sample_hidden(Viewer::Seat(seat), &mut self.rng);
            let mut budget = self.nodes;
            for (i, a) in root.iter().enumerate() {
                let child = self.child(&det, seat, a);
                let mut share = (budget / (root.len() - i) as u32).max(1);
                budget -= share.min(budget);
                totals[i] += self.best_value(&child, seat, 1, &mut share);
                budget += share;
            }
        }
        root.into_iter()
            .zip(totals)
            .map(|(a, t)| (a, t / self.samples as f64))
            .collect()
    }
}

impl<G: Evaluate> Bot<G> for HeuristicBot<G> {
    fn name(&self) -> &str {
        self.name
    }

    fn choose(&mut self, game: &G, seat: Seat) -> G::Action {
        if let Some(a) = game.reference_action(seat, &self.style, &mut self.rng) {
            return a;
        }
        let mut legal = Vec::new();
        game.legal_actions(seat, &mut legal);
        assert!(!legal.is_empty(), "seat {seat} has no legal action");
        if legal.len() == 1 {
            return legal.swap_remove(0);
        }
        let values = self.action_values(game, seat);
        let mut best = 0;
        for (i, (_, v)) in values.iter().enumerate().skip(1) {
            if *v > values[best].1 {
                best = i;
            }
        }
        values.into_iter().nth(best).expect("a legal action").0
    }

    /// Outside `must_act`, the game's reference player decides whether there is anything
    /// worth doing; a game without one is searched as in [`Bot::choose`].
    fn choose_optional(&mut self, game: &G, seat: Seat) -> Option<G::Action> {
        if game.must_act().contains(seat) {
            return Some(self.choose(game, seat));
        }
        optional_by_reference(game, seat, &self.style, &mut self.rng)
            .unwrap_or_else(|| Some(self.choose(game, seat)))
    }
}

/// What a bot built on the game's reference player does at a seat outside `must_act`: the
/// reference player's purposeful action, `Some(None)` when it finds nothing worth doing there,
/// or `None` when the game has no reference player (the bot then decides as it always does).
pub(crate) fn optional_by_reference<G: Game + Evaluate>(
    game: &G,
    seat: Seat,
    style: &Style,
    rng: &mut GameRng,
) -> Option<Option<G::Action>> {
    if let Some(a) = game.optional_reference_action(seat, style, rng) {
        return Some(Some(a));
    }
    game.reference_action(seat, style, rng).map(|_| None)
}
