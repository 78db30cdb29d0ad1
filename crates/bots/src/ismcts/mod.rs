//! Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley and
//! Whitehouse 2012) with one value per seat.
//!
//! Each iteration:
//! 1. **determinize** — `game.sample_hidden(Viewer::Seat(me), rng)` re-deals everything the
//!    searching seat cannot know (other hands, the deck order), consistently with its own
//!    observation;
//! 2. **select** — descend the tree, whose nodes are sequences of actions from the root,
//!    choosing among the children legal in this determinization by UCB1 on the *acting seat's*
//!    mean value, with availability counts in place of the parent's visits;
//! 3. **expand** — add one untried legal action;
//! 4. **roll out** — play to the end (rewards from [`boardroom_engine::Outcome::reward`]) or,
//!    with [`Rollout::Cutoff`], for a few decisions and then until a quiet position, valued by
//!    [`win_chances`]; the moves are uniformly random or, where the game asks for it
//!    ([`Evaluate::greedy_rollouts`]), greedy on its evaluation ([`Playout`]);
//! 5. **back up** — add to every node on the path the value of the seat that acted there
//!    (selection compares children by their actor's value), and to the root's child the
//!    searching seat's value.
//!
//! When several seats may act at once (negotiation games), the searching seat moves at the
//! root and a uniformly drawn acting seat below it, as in
//! [`boardroom_engine::playout::random_playout`].
//!
//! Children are found by the game's [`Game::action_key`] (a mark per key for the legal actions
//! of the step, so matching costs one pass over the children and one over the legal actions);
//! games without keys compare actions. Determinizations, the descent and the rollouts draw from
//! one [`FastRng`] seeded by the search's seed: a search is reproduced exactly by its seed.
//!
//! A guided search ([`Ismcts::search_guided`]) chooses among the root's moves by a prior
//! (AlphaZero's PUCT rule) instead of trying each untried move first, so that a learned policy
//! decides where the iterations go.
//!
//! The final choice is the most visited root action. Values per seat make the search work for
//! any number of players (each seat maximises its own share of the wins). The tree lives in an
//! arena reused from one decision to the next, and the hot loop reuses its buffers.

use boardroom_engine::evaluate::{win_chances, Evaluate};
use boardroom_engine::rng::FastRng;
use boardroom_engine::{Game, Seat, Viewer};
use rand::Rng;
use std::time::{Duration, Instant};

mod bot;
mod guide;
mod playout;
pub use bot::{IsmctsBot, HEURISTIC_PRIOR_EXPLORATION, HEURISTIC_PRIOR_TEMPERATURE};
use guide::Guide;
pub use playout::Playout;

/// How an iteration values the position reached after expansion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rollout {
    /// Uniformly random play to the end of the game; values are the outcome's rewards.
    Full,
    /// Uniformly random play for this many decisions, then on to a quiet position
    /// ([`Evaluate::is_quiet`]), valued by [`win_chances`]. `Cutoff(0)` evaluates the expanded
    /// position directly (after reaching a quiet one).
    Cutoff(u32),
}

/// How long a search may run: an iteration count, a time limit, or both (whichever comes
/// first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Iterations per decision.
    pub iterations: Option<u32>,
    /// Wall-clock time per decision.
    pub time: Option<Duration>,
}

impl Budget {
    /// A budget of `n` iterations.
    pub fn iterations(n: u32) -> Self {
        Budget {
            iterations: Some(n),
            time: None,
        }
    }

    /// Whether the budget allows any search at all.
    pub fn is_valid(&self) -> bool {
        self.iterations != Some(0)
            && self.time != Some(Duration::ZERO)
            && (self.iterations.is_some() || self.time.is_some())
    }
}

/// The UCB1 exploration constant of the levels (values are win chances in 0–1).
pub const DEFAULT_EXPLORATION: f64 = 0.7;
/// Random decisions played after expansion before the evaluation, in the levels' searches.
///
/// Simulator runs (2-player Modern, 1,000 iterations against the heuristic bot, 100 games
/// each) gave win rates of 44% for 4, 41% for 0, 87% for 20, 86% for 50 and 84% for full
/// random rollouts; 20 is also several times faster than full rollouts.
pub const DEFAULT_CUTOFF: u32 = 20;

/// Settings of a search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchConfig {
    /// How long to search.
    pub budget: Budget,
    /// The UCB1 exploration constant.
    pub exploration: f64,
    /// How leaves are valued.
    pub rollout: Rollout,
    /// How the rollouts choose their moves.
    pub playout: Playout,
    /// Whether the iterations stop at the game's [`Evaluate::useful_iterations`] (the `hard`
    /// level's setting).
    pub game_limit: bool,
}

impl SearchConfig {
    /// `iterations` iterations with evaluation cut-off rollouts played as the game asks (the
    /// levels' setting).
    pub fn with_iterations(iterations: u32) -> Self {
        SearchConfig {
            budget: Budget::iterations(iterations),
            exploration: DEFAULT_EXPLORATION,
            rollout: Rollout::Cutoff(DEFAULT_CUTOFF),
            playout: Playout::Game,
            game_limit: false,
        }
    }
}

/// What the search learned about one legal action at the root.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ActionStats<A> {
    /// The action.
    pub action: A,
    /// Iterations that went through it.
    pub visits: u32,
    /// The searching seat's mean value after it: its estimated chance to win (shared titles
    /// count 1/k).
    pub value: f64,
}

/// A finished search: the root actions' statistics and how much work was done.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult<A> {
    /// One entry per legal action of the root, most visited first.
    pub actions: Vec<ActionStats<A>>,
    /// Iterations run.
    pub iterations: u32,
}

mod tree;
use tree::{ln, Buffers, Marks, Tree, LN_TABLE, MAX_KEY, NONE};

/// The search engine: a seeded generator, a settings record and reusable memory.
pub struct Ismcts<G: Game> {
    config: SearchConfig,
    rng: FastRng,
    tree: Tree<G::Action>,
    buf: Buffers<G>,
    /// The prior over the root's moves of a guided search ([`Ismcts::search_guided`]).
    guide: Option<Guide<G::Action>>,
    /// The rollouts' policy and cut-off in this search ([`Playout::Game`] resolved).
    playout: Playout,
    cutoff: u32,
}

impl<G: Evaluate> Ismcts<G> {
    /// A search engine with `config`, seeded with `seed`.
    ///
    /// # Panics
    /// If the budget allows no search (zero iterations or zero time); callers taking budgets
    /// from users check [`Budget::is_valid`] first.
    pub fn new(config: SearchConfig, seed: u64) -> Self {
        assert!(config.budget.is_valid(), "a search needs a non-zero budget");
        Ismcts {
            config,
            rng: FastRng::new(seed),
            tree: Tree {
                nodes: Vec::new(),
                children: Vec::new(),
                root_values: Vec::new(),
            },
            buf: Buffers {
                legal: Vec::with_capacity(128),
                keys: Vec::with_capacity(128),
                untried: Vec::with_capacity(128),
                events: Vec::with_capacity(32),
                path: Vec::with_capacity(64),
                rewards: Vec::new(),
                marks: Marks {
                    marks: Vec::new(),
                    epoch: 0,
                },
                ln: (0..LN_TABLE).map(|n| (n as f64).ln()).collect(),
            },
            guide: None,
            playout: Playout::Random,
            cutoff: DEFAULT_CUTOFF,
        }
    }

    /// The settings.
    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// Searches the decision of `seat` in `game` (which `seat` must be able to act in), using
    /// only what `seat` may know: every iteration starts from a fresh
    /// `game.sample_hidden(Viewer::Seat(seat), rng)`.
    pub fn search(&mut self, game: &G, seat: Seat) -> SearchResult<G::Action> {
        self.guide = None;
        self.run(game, seat)
    }

    /// Searches like [`Ismcts::search`], but chooses among the root's moves by a prior
    /// (`prior(action)`: any non-negative weight, normalised over the legal moves; all zero
    /// means uniform) with AlphaZero's PUCT rule, `Q(a) + c·P(a)·√(N + 1)/(1 + n(a))`, a move
    /// never tried taking the seat's mean value so far as its `Q`; the search below the root
    /// is unchanged. This is how a
    /// learned policy steers the search: its iterations go first to the moves the policy
    /// favours, and the values found overrule it as visits grow.
    pub fn search_guided(
        &mut self,
        game: &G,
        seat: Seat,
        prior: impl Fn(&G::Action) -> f64,
        c: f64,
    ) -> SearchResult<G::Action> {
        let mut actions = Vec::new();
        game.legal_actions(seat, &mut actions);
        let weights: Vec<f64> = actions.iter().map(&prior).collect();
        self.guide = Some(Guide::new(actions, &weights, c));
        let result = self.run(game, seat);
        self.guide = None;
        result
    }

    fn run(&mut self, game: &G, seat: Seat) -> SearchResult<G::Action> {
        let seats = game.num_players();
        self.tree.reset();
        self.buf.rewards.clear();
        self.buf.rewards.resize(seats, 0.0);
        let start = Instant::now();
        let mut max_iter = self.config.budget.iterations.unwrap_or(u32::MAX);
        if self.config.game_limit {
            if let Some(useful) = game.useful_iterations() {
                max_iter = max_iter.min(useful);
            }
        }
        let depth = match self.config.rollout {
            Rollout::Cutoff(depth) => depth,
            Rollout::Full => 0,
        };
        (self.playout, self.cutoff) = playout::resolve(self.config.playout, depth, game);
        let mut done = 0u32;
        // What every determinization shares is prepared once.
        let mut sample = game.sampler::<FastRng>(Viewer::Seat(seat));
        while done < max_iter {
            if let Some(limit) = self.config.budget.time {
                if done & 15 == 0 && start.elapsed() >= limit {
                    break;
                }
            }
            let det = sample(&mut self.rng);
            self.iterate(det, seat);
            done += 1;
        }
        let mut actions = Vec::new();
        for child in self.tree.children[0].iter().rev() {
            let node = &self.tree.nodes[child.id as usize];
            actions.push(ActionStats {
                action: node.action.clone().expect("children have actions"),
                visits: node.visits,
                value: self.tree.root_mean(child.id),
            });
        }
        // Root actions never tried (tiny budgets) are listed with no visits.
        game.legal_actions(seat, &mut self.buf.legal);
        for a in &self.buf.legal {
            if !actions.iter().any(|s| s.action == *a) {
                actions.push(ActionStats {
                    action: a.clone(),
                    visits: 0,
                    value: 0.0,
                });
            }
        }
        actions.sort_by(|a, b| {
            b.visits.cmp(&a.visits).then(
                b.value
                    .partial_cmp(&a.value)
                    .unwrap_or(std::cmp::Ordering::Equal),
            )
        });
        SearchResult {
            actions,
            iterations: done,
        }
    }

    /// One iteration on the determinization `state`; at the root the searching `seat` moves
    /// (when several seats may act, the root's choices must be its own).
    fn iterate(&mut self, mut state: G, seat: Seat) {
        let c = self.config.exploration;
        self.buf.path.clear();
        let mut node = 0u32;
        self.buf.path.push(node);
        // When several seats may act, the one that moves is drawn uniformly (no draw when one
        // may); children are told apart by action and actor.
        let mut at_root = true;
        loop {
            let to_act = state.to_act();
            let actor = if at_root && to_act.contains(seat) {
                seat
            } else {
                match to_act.choose(&mut self.rng) {
                    Some(a) => a,
                    None => break,
                }
            };
            let guided = at_root && actor == seat && self.guide.is_some();
            at_root = false;
            state.legal_actions(actor, &mut self.buf.legal);
            let step = match guided.then(|| self.guided_step(&state, actor)).flatten() {
                Some(step) => step,
                None => {
                    let (tree, buf) = (&mut self.tree, &mut self.buf);
                    let step = if Self::keys_of(&state, buf) {
                        Self::step_keyed(tree, buf, node, actor, c, &mut self.rng)
                    } else {
                        Self::step_compared(tree, buf, node, actor, c, &mut self.rng)
                    };
                    match step {
                        Step::Expand(a, key) => {
                            // A child added while comparing still gets its key, for later steps.
                            let key = match key {
                                NONE => state
                                    .action_key(&a)
                                    .filter(|&k| k < MAX_KEY)
                                    .unwrap_or(NONE),
                                key => key,
                            };
                            (tree.add_child(node, actor, a.clone(), key), a, true)
                        }
                        Step::Select(best) => {
                            let a = tree.nodes[best as usize].action.clone();
                            (best, a.expect("child action"), false)
                        }
                    }
                }
            };
            let (next, action, expanded) = step;
            self.buf.events.clear();
            if let Err(e) = state.apply(actor, action.clone(), &mut self.buf.events) {
                panic!("legal action {action:?} rejected: {e}");
            }
            node = next;
            self.buf.path.push(node);
            if expanded {
                break;
            }
        }
        let buf = &mut self.buf;
        let tree = &mut self.tree;
        // Roll out, drawing each actor among the seats a playout lets act.
        let policy = self.playout;
        match self.config.rollout {
            Rollout::Full => {
                while let Some(actor) = state.playout_seats().choose(&mut self.rng) {
                    playout::step(policy, &mut state, actor, buf, &mut self.rng);
                }
            }
            Rollout::Cutoff(_) => {
                let depth = self.cutoff;
                let mut steps = 0;
                while let Some(actor) = state.playout_seats().choose(&mut self.rng) {
                    if steps >= depth && state.is_quiet() {
                        break;
                    }
                    playout::step(policy, &mut state, actor, buf, &mut self.rng);
                    steps += 1;
                }
            }
        }
        win_chances(&state, &mut buf.rewards);
        // Back up: each node gains its actor's value, the root's child the searching seat's.
        for &n in &buf.path {
            let node = &mut tree.nodes[n as usize];
            node.visits += 1;
            node.value += buf.rewards[usize::from(node.actor)];
        }
        if let Some(&child) = buf.path.get(1) {
            tree.root_values[child as usize] += buf.rewards[seat];
        }
        if let Some(g) = self.guide.as_mut() {
            g.record(buf.rewards[seat]);
        }
    }

    /// The root's step of a guided search: the child chosen by the prior (made when new), its
    /// action and whether it is new; `None` when the guide knows none of the legal moves.
    fn guided_step(&mut self, state: &G, actor: Seat) -> Option<(u32, G::Action, bool)> {
        let guide = self.guide.as_mut()?;
        let tree = &mut self.tree;
        let choice = guide.choose(&self.buf.legal, |c| {
            (tree.nodes[c as usize].visits, tree.root_values[c as usize])
        })?;
        let action = guide.action(choice.index).clone();
        Some(match choice.child {
            Some(child) => (child, action, false),
            None => {
                let key = state
                    .action_key(&action)
                    .filter(|&k| k < MAX_KEY)
                    .unwrap_or(NONE);
                let child = tree.add_child(0, actor, action.clone(), key);
                guide.set_child(choice.index, child);
                (child, action, true)
            }
        })
    }

    /// Writes the keys of `buf.legal` into `buf.keys`; `false` when some legal action has no
    /// (small enough) key, and the step compares actions instead.
    fn keys_of(state: &G, buf: &mut Buffers<G>) -> bool {
        buf.keys.clear();
        for a in &buf.legal {
            match state.action_key(a) {
                Some(k) if k < MAX_KEY => buf.keys.push(k),
                _ => return false,
            }
        }
        true
    }

    /// One step of the descent by action keys: the children of `actor` legal here gain
    /// availability; an untried legal action is expanded (drawn uniformly), else the child with
    /// the best UCB1 score is selected.
    fn step_keyed(
        tree: &mut Tree<G::Action>,
        buf: &mut Buffers<G>,
        node: u32,
        actor: Seat,
        c: f64,
        rng: &mut FastRng,
    ) -> Step<G::Action> {
        let marks = &mut buf.marks;
        marks.next_step();
        let (legal, taken) = (marks.legal(), marks.taken());
        for &k in &buf.keys {
            marks.set(k, legal);
        }
        // One pass over the children: those of `actor` legal here gain availability, and the
        // best UCB1 score among them is noted in the same pass (used when nothing is untried).
        // A child whose key an earlier child already took (possible only with duplicate keys)
        // gains no availability but still competes, as its key ends up taken.
        let mut best = NONE;
        let mut best_score = f64::NEG_INFINITY;
        for ch in tree.children[node as usize].iter().rev() {
            if usize::from(ch.actor) != actor {
                continue;
            }
            let mark = marks.get(ch.key);
            if mark != legal && mark != taken {
                continue;
            }
            let n = &mut tree.nodes[ch.id as usize];
            if mark == legal {
                marks.set(ch.key, taken);
                n.avail += 1;
            }
            let mean = if n.visits == 0 {
                0.0
            } else {
                n.value / n.visits as f64
            };
            let score = mean + c * (ln(&buf.ln, n.avail) / n.visits as f64).sqrt();
            if score > best_score {
                best_score = score;
                best = ch.id;
            }
        }
        let untried = buf.keys.iter().filter(|&&k| marks.get(k) == legal).count();
        if untried > 0 {
            let mut pick = rng.gen_range(0..untried);
            for (a, &k) in buf.legal.iter().zip(&buf.keys) {
                if marks.get(k) == legal {
                    if pick == 0 {
                        return Step::Expand(a.clone(), k);
                    }
                    pick -= 1;
                }
            }
            unreachable!("an untried action was counted");
        }
        Step::Select(best)
    }

    /// One step of the descent comparing actions, for games without action keys: the same
    /// choice as [`Ismcts::step_keyed`].
    fn step_compared(
        tree: &mut Tree<G::Action>,
        buf: &mut Buffers<G>,
        node: u32,
        actor: Seat,
        c: f64,
        rng: &mut FastRng,
    ) -> Step<G::Action> {
        // Children legal here gain availability; legal actions without a child are untried.
        buf.untried.clear();
        buf.untried.extend_from_slice(&buf.legal);
        for ch in tree.children[node as usize].iter().rev() {
            let n = &mut tree.nodes[ch.id as usize];
            if usize::from(n.actor) == actor {
                let a = n.action.as_ref().expect("child action");
                if let Some(i) = buf.untried.iter().position(|u| u == a) {
                    buf.untried.swap_remove(i);
                    n.avail += 1;
                }
            }
        }
        if !buf.untried.is_empty() {
            let a = buf.untried.swap_remove(rng.gen_range(0..buf.untried.len()));
            return Step::Expand(a, NONE);
        }
        let mut best = NONE;
        let mut best_score = f64::NEG_INFINITY;
        for ch in tree.children[node as usize].iter().rev() {
            let n = &tree.nodes[ch.id as usize];
            let a = n.action.as_ref().expect("child action");
            if usize::from(n.actor) == actor && buf.legal.contains(a) {
                let score = tree.mean(ch.id) + c * (ln(&buf.ln, n.avail) / n.visits as f64).sqrt();
                if score > best_score {
                    best_score = score;
                    best = ch.id;
                }
            }
        }
        Step::Select(best)
    }
}

/// What one step of the descent does.
enum Step<A> {
    /// Add a child for this untried action (with its key, or [`NONE`]).
    Expand(A, u32),
    /// Go down to this existing child.
    Select(u32),
}
