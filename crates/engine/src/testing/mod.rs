//! A conformance kit: the contract of [`Game`] checked on any game with a few lines.
//!
//! Every game promises the same things: exactly the listed actions are accepted, a refused
//! action changes nothing, positions survive export and import, impossible positions are refused
//! without a panic, observations hide other players' secrets, the seed never leaks, games are
//! reproducible and the hot path does not allocate. [`Conformance`] checks all of it over random
//! games; each game's test file names its configs once, gives the few game-specific pieces (the
//! action universe, invariants, a way to vary secrets) and calls one method per check:
//!
//! ```no_run
//! # use boardroom_engine::Game;
//! use boardroom_engine::testing::Conformance;
//! # fn kit<G: Game>(configs: Vec<G::Config>, universe: fn(&G) -> Vec<G::Action>) {
//! let kit = Conformance::<G>::new(configs)
//!     .seeds(0..50)
//!     .universe(universe)
//!     .invariants(|g, events| {
//!         if !g.is_over() && events.latest().is_empty() && events.all().is_some_and(|a| !a.is_empty()) {
//!             return Err("an action caused no event".into());
//!         }
//!         Ok(())
//!     });
//! kit.random_games();
//! kit.listed_iff_accepted();
//! kit.position_round_trip();
//! kit.mangled_positions();
//! kit.fuzz_notation();
//! kit.fuzz_json();
//! # }
//! ```
//!
//! Failures name the check, the game, the config, the seed, the step and the last action played
//! (in the game's notation); a panic inside the game is caught and reported the same way.
//!
//! * [`alloc`] — [`alloc::CountingAlloc`], the counting global allocator a test binary installs
//!   for [`Conformance::allocation_free`].
//! * `report` — where a check is (config, seed, step, action) for failure messages.
//! * `walk` — random games driven by the kit.
//! * `contract` — random games, listed ⇔ accepted, `to_act` exactly the seats with a legal
//!   action, round trips, determinism.
//! * `secrets` — hidden information, sampling, leaks of the seed.
//! * `mangle` — mutated positions (fields and bytes).
//! * [`fuzz`] — how many inputs the fuzzing checks try (`BOARDROOM_FUZZ_INPUTS`), the
//!   byte-level fuzz of the action notation and the structural fuzz of JSON actions.

pub mod alloc;
mod contract;
pub mod fuzz;
mod mangle;
mod report;
mod secrets;
mod takeback;
mod walk;

use crate::game::Game;
use crate::rng::GameRng;
use crate::seat::Viewer;
use rand::Rng;

/// The events an invariant sees after an action.
#[derive(Clone, Copy, Debug)]
pub struct Events<'a, E> {
    latest: &'a [E],
    all: Option<&'a [E]>,
}

impl<'a, E> Events<'a, E> {
    /// Events of a state reached by play: `latest` are the events of the last action, `all`
    /// every event since the game started (`latest` included).
    pub fn new(latest: &'a [E], all: &'a [E]) -> Self {
        Events {
            latest,
            all: Some(all),
        }
    }

    /// Events of a state not reached by play from a new game (a sample drawn by
    /// [`Game::sample_hidden`]): no latest events and an unknown history.
    pub fn unknown() -> Self {
        Events {
            latest: &[],
            all: None,
        }
    }

    /// The events of the last action (empty on a new game).
    pub fn latest(&self) -> &'a [E] {
        self.latest
    }

    /// Every event since the game started, or `None` when the state was not reached by play
    /// (so history-based invariants, such as money ledgers, are skipped).
    pub fn all(&self) -> Option<&'a [E]> {
        self.all
    }
}

/// Invariants checked after every action: `Err` names the broken invariant.
pub type Invariants<G> =
    Box<dyn for<'a> Fn(&G, &Events<'a, <G as Game>::Event>) -> Result<(), String>>;
/// The universe of actions to try on a state.
pub type Universe<G> = Box<dyn Fn(&G) -> Vec<<G as Game>::Action>>;
/// A state differing from the given one only in what the viewer may not know (`None` when
/// there is nothing to vary).
pub type Secrets<G> = Box<dyn Fn(&G, Viewer, &mut GameRng) -> Option<G>>;
/// Strings that must never appear in what a viewer receives, for a config and seed.
pub type Forbidden<G> = Box<dyn Fn(&<G as Game>::Config, u64) -> Vec<String>>;
/// Picks the action to play among the legal ones.
pub type Chooser<G> = Box<dyn Fn(&G, &[<G as Game>::Action], &mut GameRng) -> <G as Game>::Action>;

/// The conformance checks of one game, configured once, run one method per check.
///
/// Built with [`Conformance::new`] and the builder methods; each check method plays random
/// games of every config with every seed and panics with a precise message on the first
/// violation. Expensive checks (the action universe, round trips, hidden information,
/// mangling) run on the new game and every [`Conformance::every`]-th state after it.
pub struct Conformance<G: Game> {
    configs: Vec<G::Config>,
    seeds: Vec<u64>,
    every: usize,
    max_steps: usize,
    mutants: usize,
    mangle_seeds: usize,
    fuzz_inputs: usize,
    candidates_only: bool,
    universe: Option<Universe<G>>,
    exact: Option<Universe<G>>,
    invariants: Option<Invariants<G>>,
    secrets: Option<Secrets<G>>,
    forbidden: Option<Forbidden<G>>,
    chooser: Option<Chooser<G>>,
}

impl<G: Game> Conformance<G> {
    /// A kit for `configs`, with seeds `0..20`, expensive checks on every 7th state, games cut
    /// at 20 000 actions, 12 random mutants of each kind per mangled state and
    /// [`fuzz::DEFAULT_FUZZ_INPUTS`] inputs per fuzzing check.
    pub fn new(configs: impl IntoIterator<Item = G::Config>) -> Self {
        let configs: Vec<G::Config> = configs.into_iter().collect();
        assert!(!configs.is_empty(), "the conformance kit needs a config");
        Conformance {
            configs,
            seeds: (0..20).collect(),
            every: 7,
            max_steps: 20_000,
            mutants: 12,
            mangle_seeds: 2,
            fuzz_inputs: fuzz::DEFAULT_FUZZ_INPUTS,
            candidates_only: false,
            exact: None,
            universe: None,
            invariants: None,
            secrets: None,
            forbidden: None,
            chooser: None,
        }
    }

    /// The seeds played for every config.
    pub fn seeds(mut self, seeds: impl IntoIterator<Item = u64>) -> Self {
        self.seeds = seeds.into_iter().collect();
        assert!(!self.seeds.is_empty(), "the conformance kit needs a seed");
        self
    }

    /// Expensive checks run on every `k`-th state (1: every state).
    pub fn every(mut self, k: usize) -> Self {
        self.every = k.max(1);
        self
    }

    /// A game still running after `steps` actions fails ("the game does not end").
    pub fn max_steps(mut self, steps: usize) -> Self {
        self.max_steps = steps;
        self
    }

    /// Random mutants of each kind (field, compound; four times as many byte mutants) tried
    /// per mangled state, and how many seeds per config get the systematic sweep.
    pub fn mutants(mut self, per_state: usize, seeds: usize) -> Self {
        self.mutants = per_state;
        self.mangle_seeds = seeds.max(1);
        self
    }

    /// The game's [`Game::legal_actions`] lists a bounded set of candidates, and `check`
    /// accepts legal actions it does not list (offers with any bundle): the fuzzers
    /// ([`Conformance::fuzz_notation`], [`Conformance::fuzz_json`]) then require only that
    /// every listed action is accepted, not that only listed ones are; and
    /// [`Conformance::listed_iff_accepted`] asks it only of the [`Conformance::exact`] actions.
    pub fn candidates_only(mut self) -> Self {
        self.candidates_only = true;
        self
    }

    /// For a game that lists candidates ([`Conformance::candidates_only`]): the actions of a
    /// state whose legality the listing follows exactly (the steps of a turn, answers, votes…),
    /// which [`Conformance::listed_iff_accepted`] requires to be accepted exactly when listed.
    pub fn exact(mut self, f: impl Fn(&G) -> Vec<G::Action> + 'static) -> Self {
        self.exact = Some(Box::new(f));
        self
    }

    /// The universe of actions to try on a state: every action the notation can express
    /// there (listed or not). Needed by [`Conformance::listed_iff_accepted`].
    pub fn universe(mut self, f: impl Fn(&G) -> Vec<G::Action> + 'static) -> Self {
        self.universe = Some(Box::new(f));
        self
    }

    /// Invariants checked on every state of every random game, with the events of the last
    /// action and of the whole game (see [`Events`]); also on samples of hidden information.
    pub fn invariants(
        mut self,
        f: impl for<'a> Fn(&G, &Events<'a, G::Event>) -> Result<(), String> + 'static,
    ) -> Self {
        self.invariants = Some(Box::new(f));
        self
    }

    /// From a state and a viewer, a state differing only in what that viewer may not know
    /// (other players' secrets, the order of hidden cards, future dice), or `None` when there
    /// is nothing to vary. Needed by [`Conformance::hidden_information`].
    pub fn secrets(mut self, f: impl Fn(&G, Viewer, &mut GameRng) -> Option<G> + 'static) -> Self {
        self.secrets = Some(Box::new(f));
        self
    }

    /// Strings, besides the seed itself, that must never reach a viewer in a game of `config`
    /// played from `seed` (e.g. the key of the game's random generator).
    pub fn forbidden(mut self, f: impl Fn(&G::Config, u64) -> Vec<String> + 'static) -> Self {
        self.forbidden = Some(Box::new(f));
        self
    }

    /// How random games pick an action among the legal ones (uniformly by default). The
    /// allocation check always picks uniformly.
    pub fn choose(
        mut self,
        f: impl Fn(&G, &[G::Action], &mut GameRng) -> G::Action + 'static,
    ) -> Self {
        self.chooser = Some(Box::new(f));
        self
    }

    /// Picks the next action with the caller's chooser or uniformly.
    fn pick(&self, g: &G, legal: &[G::Action], rng: &mut GameRng) -> G::Action {
        match &self.chooser {
            Some(f) => f(g, legal, rng),
            None => legal[rng.gen_range(0..legal.len())].clone(),
        }
    }

    /// Whether the expensive checks run at `step` of the game of the `index`-th seed: the
    /// new game, then every `every`-th state (shifted by the seed's index, so that different
    /// seeds sample different moments of the game).
    fn sampled(&self, index: usize, step: usize) -> bool {
        step == 0 || (step + index).is_multiple_of(self.every)
    }

    /// Runs the caller's invariants, failing with their message.
    fn check_invariants(&self, g: &G, events: &Events<'_, G::Event>) {
        if let Some(f) = &self.invariants {
            if let Err(e) = f(g, events) {
                panic!("invariant broken: {e}");
            }
        }
    }
}

/// Every viewer of a table of `n` seats: the seats, then the spectator.
pub fn viewers(n: usize) -> impl Iterator<Item = Viewer> {
    (0..n).map(Viewer::Seat).chain([Viewer::Spectator])
}

/// The position of `g` as JSON text (how the kit compares states).
pub fn position_json<G: Game>(g: &G) -> String {
    serde_json::to_string(&g.to_position()).expect("a position serialises")
}

/// What `viewer` sees of `g` as JSON text.
pub fn observation_json<G: Game>(g: &G, viewer: Viewer) -> String {
    serde_json::to_string(&g.observe(viewer)).expect("an observation serialises")
}
