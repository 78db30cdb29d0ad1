//! The [`Game`] trait: the one interface every Boardroom game implements.

use crate::error::{ConfigError, NotationError, PositionError};
use crate::outcome::Outcome;
use crate::seat::{Seat, SeatSet, Viewer};
use rand::{Rng, RngCore};
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::fmt::Debug;
use std::hash::Hash;

/// A running timer of a live table (see [`Game::timers`]): when `seconds` have passed since the
/// timer with this `key` first appeared, the table submits `action` for the clock
/// ([`crate::CLOCK`]), recorded like any other action, so replays stay exact.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Timer<A> {
    /// What is timed (an offer, an auction's call, a meeting's lobbying, a turn's business):
    /// the same key while that thing runs, a new key when a new one starts, so the table
    /// restarts the countdown exactly when the key changes.
    pub key: u64,
    /// The time allowed, in seconds (at the game's own scale; a table may shorten it).
    pub seconds: u32,
    /// The seat the game waits for (whose answer or call it is), or [`crate::CLOCK`] when the
    /// timer waits for nobody in particular.
    pub seat: Seat,
    /// The timeout the clock submits when time is up.
    pub action: A,
}

/// A game's rules: a state that knows who may act, which actions are legal, how an action
/// changes the state, and what each viewer may see of it.
///
/// Decisions are small and sequential (choose a card, then a space, then a company…), so legal
/// action lists stay short for search and map one-to-one onto clicks in a user interface.
/// "Who may act now" is a set: most games have one actor at a time, but negotiation games let
/// several players act in the same window.
///
/// Implementations are pure: no I/O, no clocks, no global randomness. All randomness comes from
/// the seed given to [`Game::new`] (and is kept inside the state, hidden from every viewer).
pub trait Game: Clone + Send + Sync + Sized + 'static {
    /// The table settings (edition, number of players…).
    type Config: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// One decision. Usually a small `Copy` value; structured actions (an offer carrying
    /// bundles and a note) need only be `Clone`.
    type Action: Clone + Eq + Hash + Debug + Send + Sync;
    /// Something that happened, reported to viewers after an action.
    type Event: Clone + Debug + PartialEq + Serialize + Send;
    /// What one viewer may know of the state.
    type Observation: Clone + Debug + PartialEq + Serialize;
    /// The whole state in the game's documented exchange format.
    type Position: Clone + Debug + Serialize + DeserializeOwned;
    /// A rule that an action breaks.
    type Error: std::error::Error + Clone + PartialEq + Send + Sync + 'static;

    /// The game's identifier in records, on the command line and in the lobby: lowercase words
    /// joined by dashes.
    const NAME: &'static str;

    /// The revision of the rules this code plays, raised whenever a change alters how an
    /// existing record replays (an action that reads or scores differently, a set-up dealt
    /// otherwise from the same seed). Records and stored tables carry the revision they were
    /// played under; see ARCHITECTURE.md, *Rules revisions*.
    const RULES_REVISION: u32 = 1;

    /// Whether the game has timers ([`Game::timers`]) that a live table may run: the lobby
    /// offers a clock speed only for such games. Games without timers keep the default.
    const HAS_TIMERS: bool = false;

    /// Whether records played under rules revision `revision` still replay identically with
    /// this code. Only the current revision by default; a game that raises its revision for a
    /// change some older records never meet (a new option, say) may keep accepting them. A
    /// stored table of an older revision that is not accepted is kept as an archive, never
    /// replayed as if played under today's rules.
    fn replays_revision(revision: u32) -> bool {
        revision == Self::RULES_REVISION
    }

    /// A new game with `config`, shuffled and set up from `seed`.
    fn new(config: &Self::Config, seed: u64) -> Result<Self, ConfigError>;

    /// The game of `config` and `seed` played under rules revision `revision`: how a record or
    /// stored table of that revision becomes a game again, so it replays and goes on under the
    /// rules it was played under. A game that keeps an older revision's rules
    /// ([`Game::replays_revision`]) plays them here; any other revision is played as the
    /// current one. By default the game has one set of rules: [`Game::new`].
    fn new_under(config: &Self::Config, seed: u64, revision: u32) -> Result<Self, ConfigError> {
        let _ = revision;
        Self::new(config, seed)
    }

    /// The configuration this game was created with.
    fn config(&self) -> Self::Config;

    /// The number of players (seats).
    fn num_players(&self) -> usize;

    /// The seats that may act now: exactly those with a legal action (a server refuses any
    /// action from outside it, so a seat left out would be locked out); empty once the game is
    /// over. The conformance kit's `to_act_exact` checks it.
    fn to_act(&self) -> SeatSet;

    /// The seats the game waits for: play does not move on until one of them acts. A subset of
    /// [`Game::to_act`]; the same in games with one actor at a time. In a negotiation window
    /// every player able to deal may act, but only the active player must (by ending it).
    /// Drivers that need someone to act (playouts, bots at a table) give every seat of
    /// `to_act` its chance and never wait on a seat outside `must_act`.
    fn must_act(&self) -> SeatSet {
        self.to_act()
    }

    /// The seats a random playout or a search's rollout draws its next actor from: every seat
    /// of [`Game::must_act`] and only seats of [`Game::to_act`] (so never empty while the game
    /// goes on). By default all of `to_act`. A game whose players keep optional actions after
    /// they are done with a window (an auction a player who passed may still start) may leave
    /// them out, so that random games stay as long as played ones instead of being drawn out by
    /// seats that would otherwise be picked again and again. It is a choice of the drivers,
    /// not a rule: such a seat stays in `to_act` and may still act through [`Game::apply`].
    /// The conformance kit's `random_games` checks `must_act ⊆ playout_seats ⊆ to_act`.
    fn playout_seats(&self) -> SeatSet {
        self.to_act()
    }

    /// Whether the game has ended.
    fn is_over(&self) -> bool {
        self.to_act().is_empty()
    }

    /// Writes the legal actions of `seat` into `out` (cleared first). Empty when `seat` may not
    /// act. Reusing `out` lets hot loops run without allocating.
    ///
    /// Games whose actions cannot all be listed (offers with bundles) write the enumerable
    /// actions plus a bounded, sensible set of candidates here; [`Game::check`] still accepts
    /// any well-formed legal action, listed or not.
    fn legal_actions(&self, seat: Seat, out: &mut Vec<Self::Action>);

    /// Checks `action` for `seat` without changing anything: `Ok` when `action` is legal (every
    /// listed action is), otherwise the rule it breaks.
    fn check(&self, seat: Seat, action: Self::Action) -> Result<(), Self::Error>;

    /// Applies `action` for `seat`, appending the events it causes to `events`. On error the
    /// state is unchanged and nothing is appended.
    fn apply(
        &mut self,
        seat: Seat,
        action: Self::Action,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), Self::Error>;

    /// Applies `action`, which [`Game::legal_actions`] has just listed for `seat` in this very
    /// state, exactly as [`Game::apply`] does: the batched stepping's path, where the action is
    /// taken from the list the game wrote. A game may skip checking it again (its generator
    /// lists only legal actions); the default checks it (it is [`Game::apply`]).
    fn apply_legal(
        &mut self,
        seat: Seat,
        action: Self::Action,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), Self::Error> {
        self.apply(seat, action, events)
    }

    /// Draws one of `seat`'s legal actions uniformly with `rng` and applies it, appending its
    /// events to `events`; `actions` is scratch space (a game may write its legal actions there,
    /// or find the drawn one without listing them all).
    /// Returns `false`, with nothing changed, when `seat` has no legal action (a game that
    /// draws by rejection may have drawn from `rng` before finding none).
    ///
    /// The default draw is exactly `actions[rng.gen_range(0..actions.len())]` after
    /// [`Game::legal_actions`]. A game may draw otherwise, as long as every action of that list
    /// stays equally likely (for instance by rejection, checking only the drawn candidate): the
    /// random streams are then its own, each still a function of the seed. The default
    /// applies the action through [`Game::apply`]; a game may skip re-checking it, since its own
    /// generator has just listed it (the action never comes from outside this call).
    ///
    /// # Panics
    /// If the game rejects an action it listed as legal: a bug in the game's rules.
    fn apply_random<R: Rng + ?Sized>(
        &mut self,
        seat: Seat,
        rng: &mut R,
        actions: &mut Vec<Self::Action>,
        events: &mut Vec<Self::Event>,
    ) -> bool {
        self.apply_random_with(seat, rng, actions, events, |_, _| {})
    }

    /// [`Game::apply_random`] that also shows the drawn action to `before`, with the game as
    /// it is just before the action is applied, so that a caller (the simulator's statistics)
    /// can look at what a random seat played without listing the actions itself. The draw and
    /// its effect are exactly those of `apply_random`; `before` is not called when nothing is
    /// drawn. Games with a faster draw than listing override this method, not `apply_random`.
    ///
    /// # Panics
    /// If the game rejects an action it listed as legal: a bug in the game's rules.
    fn apply_random_with<R, F>(
        &mut self,
        seat: Seat,
        rng: &mut R,
        actions: &mut Vec<Self::Action>,
        events: &mut Vec<Self::Event>,
        before: F,
    ) -> bool
    where
        R: Rng + ?Sized,
        F: FnOnce(&Self, &Self::Action),
    {
        self.legal_actions(seat, actions);
        if actions.is_empty() {
            return false;
        }
        let action = actions[rng.gen_range(0..actions.len())].clone();
        before(self, &action);
        if let Err(e) = self.apply(seat, action.clone(), events) {
            panic!("legal action {action:?} rejected: {e}");
        }
        true
    }

    /// A small number naming `action` among all actions of this game, for searches that index
    /// their tree's children by action: different actions get different keys, the same action
    /// always the same key (for every state of the game), and keys stay small (below a few
    /// thousand). `None` (the default) when the game has no such numbering; searches then
    /// compare actions.
    fn action_key(&self, action: &Self::Action) -> Option<u32> {
        let _ = action;
        None
    }

    /// Applies `action` for `seat` and returns the events it caused.
    fn play(&mut self, seat: Seat, action: Self::Action) -> Result<Vec<Self::Event>, Self::Error> {
        let mut events = Vec::new();
        self.apply(seat, action, &mut events)?;
        Ok(events)
    }

    /// What `viewer` may know of the state: public information plus that viewer's own secrets.
    fn observe(&self, viewer: Viewer) -> Self::Observation;

    /// What `viewer` may see of `event` (secret details removed).
    fn redact(event: &Self::Event, viewer: Viewer) -> Self::Event;

    /// A complete state drawn at random among those consistent with what `viewer` knows: the
    /// hidden part (other players' secrets, deck order, future dice) is re-sampled, the rest is
    /// kept. `self.sample_hidden(v, rng).observe(v) == self.observe(v)` always holds.
    fn sample_hidden(&self, viewer: Viewer, rng: &mut dyn RngCore) -> Self;

    /// [`Game::sample_hidden`] with a concrete generator: the same state for the same generator
    /// state, but a game may override it to draw without going through `dyn RngCore`.
    fn sample_hidden_with<R: RngCore>(&self, viewer: Viewer, rng: &mut R) -> Self {
        self.sample_hidden(viewer, rng)
    }

    /// A drawer of determinizations for `viewer`, for searches that draw many from one state:
    /// each call gives exactly what [`Game::sample_hidden_with`] would give for the generator's
    /// state (the same numbers drawn). A game may prepare once what every draw shares (its pool
    /// of hidden cards); the default draws through [`Game::sample_hidden_with`].
    fn sampler<R: RngCore>(&self, viewer: Viewer) -> impl FnMut(&mut R) -> Self + '_ {
        move |rng: &mut R| self.sample_hidden_with(viewer, rng)
    }

    /// Final scores and winners, once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// Reads an action written in the game's notation, in the context of this state.
    fn parse_action(&self, text: &str) -> Result<Self::Action, NotationError>;

    /// Writes an action in the game's notation.
    fn format_action(&self, action: Self::Action) -> String;

    /// The timers running now, written into `out` (cleared first). Only live tables with
    /// clocks call this; headless play, simulations and the bots never do, so they stay
    /// deterministic and use the game's count limits only. A timer's action is submitted for
    /// [`crate::CLOCK`] once its time is up and [`Game::check`] accepts it for the clock (a
    /// timeout that cannot run yet, e.g. while an auction runs, waits for the state to move
    /// on). Games without timers keep the default: none.
    fn timers(&self, out: &mut Vec<Timer<Self::Action>>) {
        out.clear();
    }

    /// What `action` answers, as a key: an action chosen on an older state is still meant as
    /// long as the key of what it answers has not changed since (an answer to an offer while
    /// that offer is open; a bid while the auction's call it answers is current). `None` (the
    /// default): the action depends on the whole state, and is stale once anything changed.
    fn staleness_key(&self, action: &Self::Action) -> Option<u64> {
        let _ = action;
        None
    }

    /// Reads an action from its JSON form (`action_to_json`), for structured actions such as
    /// offers; the error names the field at fault. The default refuses: the game reads its
    /// actions in notation only.
    fn action_from_json(&self, json: &str) -> Result<Self::Action, NotationError> {
        let _ = json;
        Err(NotationError::new(
            "(JSON action)",
            format!(
                "{} reads actions in notation only: send the action as a string",
                Self::NAME
            ),
        ))
    }

    /// The JSON form of `action`, when the game has one (the default: none).
    fn action_to_json(&self, action: &Self::Action) -> Option<serde_json::Value> {
        let _ = action;
        None
    }

    /// Whether playing `action` for `seat` now shows that seat something hidden or left to
    /// chance: a card drawn from a deck, a die rolled, another player's secret. A live table
    /// lets a person take back their own actions of the current turn, but never one that
    /// revealed something (the person would play on knowing it). The default decides it from
    /// the game's own hidden-information sampling: the action is replayed on a few states
    /// re-drawn from what `seat` knows ([`Game::sample_hidden`]), and it reveals something
    /// when what the seat may know afterwards ever differs from the real outcome (or the
    /// action cannot be played there). Games override it with the exact rule when they know
    /// it cheaply. Only called when a person asks to take an action back.
    fn reveals(&self, seat: Seat, action: &Self::Action) -> bool {
        crate::reveal::outcome_depends_on_hidden(self, seat, action)
    }

    /// Exports the whole state (secrets included) in the position format.
    fn to_position(&self) -> Self::Position;

    /// Imports a position, rejecting impossible ones with an error naming the problem.
    fn from_position(position: &Self::Position) -> Result<Self, PositionError>;
}
