//! [`DynGame`]: one object-safe interface over every registered game, implemented once for
//! every [`Playable`] game by [`Wrapped`]. The Python classes hold a `Box<dyn DynGame>`.
//!
//! Actions are addressed by their index in the legal list of a seat (the list
//! [`Game::legal_actions`] writes, in its order): for games whose actions can all be listed it
//! is every legal action; for games with structured actions (offers) it is the game's bounded
//! candidate list, and other legal actions are reached through their notation.

use crate::error::Result;
use crate::shape::Shape;
pub use crate::wrapped::Wrapped;
use boardroom_engine::{Outcome, Seat, SeatSet, Viewer};
use std::any::Any;
use std::sync::Arc;

/// One legal action as the Python API shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionInfo {
    /// Its index in the game's action space (the fixed space, or the legal list); `None` when
    /// the fixed space does not cover it (it is played by its notation).
    pub index: Option<usize>,
    /// Its place in the legal list.
    pub position: usize,
    /// The game's notation.
    pub notation: String,
    /// A short label for people.
    pub label: String,
    /// What it does, briefly (may be empty).
    pub effect: String,
    /// What it costs, when it costs money.
    pub cost: Option<i64>,
    /// The things on the table it is played by clicking (`kind:id`).
    pub highlights: Vec<String>,
}

/// Any registered game, behind one object-safe interface.
pub trait DynGame: Send + Sync {
    /// The game's id, as the registry lists it.
    fn id(&self) -> &'static str;
    /// The game's title, as players read it.
    fn title(&self) -> &'static str;
    /// The configuration as JSON.
    fn config_json(&self) -> String;
    /// The number of seats.
    fn num_players(&self) -> usize;
    /// The seats that may act now.
    fn to_act(&self) -> SeatSet;
    /// The seats the game waits for.
    fn must_act(&self) -> SeatSet;
    /// The turn or round number.
    fn turn(&self) -> u32;
    /// What the seat to act is asked to do.
    fn prompt(&self) -> String;
    /// The table drawn as text for `viewer`.
    fn draw(&self, viewer: Viewer) -> String;
    /// The observation sizes and the action space of this configuration.
    fn shape(&self) -> &Arc<Shape>;
    /// Whether action indices name the game's fixed action space (else the legal list).
    fn fixed(&self) -> bool;
    /// The number of action indices: the fixed space's size, or the legal list's bound.
    fn num_actions(&self) -> usize;
    /// Sets what action indices name: the fixed space (`fixed`), or the legal list bounded by
    /// `max_actions` (`None`: the measured bound). Refused for a game without a fixed space.
    fn set_space(&mut self, fixed: bool, max_actions: Option<usize>) -> Result<()>;
    /// The legal list's bound (the legal-list space's size, whichever space is in use).
    fn legal_bound(&self) -> usize;
    /// `seat`'s legal actions ranked best first by the bots' search (with `config`, seeded
    /// with `seed`), from the seat's own knowledge only; with `prior` (a row over the action
    /// space and an exploration constant) guided at the root by the row's weights.
    fn rank(
        &mut self,
        seat: Seat,
        config: boardroom_bots::SearchConfig,
        seed: u64,
        prior: Option<(&[f32], f64)>,
    ) -> Result<Vec<crate::search::Ranked>>;
    /// Writes `seat`'s legal-action mask (of length [`DynGame::num_actions`]) into `out`;
    /// returns how many indices are legal.
    fn write_mask(&mut self, seat: Seat, out: &mut [bool]) -> usize;
    /// The notation of the action at `index` for `seat`; an error when the index is not legal.
    fn format_index(&mut self, seat: Seat, index: usize) -> Result<String>;
    /// How many legal actions `seat` has (0 when it may not act).
    fn num_legal(&mut self, seat: Seat) -> usize;
    /// [`DynGame::num_legal`] for a seat the caller knows may act (drawn from
    /// [`DynGame::to_act`] of this state): the game is not asked again who may act.
    fn num_legal_acting(&mut self, seat: Seat) -> usize {
        self.num_legal(seat)
    }
    /// The legal actions of `seat` with their notation and presentation.
    fn legal_infos(&mut self, seat: Seat) -> Vec<ActionInfo>;
    /// The notation of the legal actions of `seat`.
    fn legal_notations(&mut self, seat: Seat) -> Vec<String>;
    /// Applies the action at `index` (of the action space, see [`DynGame::fixed`]) for `seat`;
    /// returns the events' sentences as `seat` sees them. Nothing changes on error.
    fn apply_index(&mut self, seat: Seat, index: usize) -> Result<Vec<String>>;
    /// Applies the action at `index` for `seat` without describing its events (the batched
    /// stepping's path); `seat` must be one that may act. Nothing changes on error.
    fn apply_quiet(&mut self, seat: Seat, index: usize) -> Result<()>;
    /// Writes the masks of the composite action's fields for `seat` into `out` (the fields'
    /// sizes added up, [`Shape::composite`]): all false when it may play none.
    fn composite_masks(&self, seat: Seat, out: &mut [bool]);
    /// The notation of the action the composite vector `fields` names for `seat` here
    /// (whether it is legal is not checked).
    fn composite_notation(&self, seat: Seat, fields: &[u32]) -> Result<String>;
    /// Applies the action the composite vector `fields` names for `seat`; returns the events'
    /// sentences (none with `quiet`). Nothing changes on error.
    fn apply_composite(&mut self, seat: Seat, fields: &[u32], quiet: bool) -> Result<Vec<String>>;
    /// Checks the action the composite vector `fields` names for `seat` without applying it.
    fn check_composite(&self, seat: Seat, fields: &[u32]) -> Result<()>;
    /// The composite vector of the action written `text` for `seat`, or `None` when the
    /// fields cannot name it.
    fn composite_of(&mut self, seat: Seat, text: &str) -> Result<Option<Vec<u32>>>;
    /// Applies the action written `text` for `seat`.
    fn apply_notation(&mut self, seat: Seat, text: &str) -> Result<Vec<String>>;
    /// Reads `text` for `seat`: its index in the action space (if it has one) and its notation
    /// as the game writes it. Nothing changes.
    fn parse(&mut self, seat: Seat, text: &str) -> Result<(Option<usize>, String)>;
    /// Checks the action written `text` for `seat` without applying it.
    fn check(&mut self, seat: Seat, text: &str) -> Result<()>;
    /// The observation of `viewer` as JSON text.
    fn observation_json(&self, viewer: Viewer) -> String;
    /// Writes the numeric observation of `viewer` into `out` (of the shape's
    /// `observation_size`): the game's own encoding when it has one, else the generic layout.
    /// Returns how many values did not fit.
    fn encode(&self, viewer: Viewer, out: &mut [f32]) -> usize;
    /// [`DynGame::encode`] into the buffer this method last wrote for this game, which must
    /// hold what it wrote then, unchanged since (the rows of the batched stepping): a game
    /// with an incremental encoding ([`boardroom_engine::Encode::encode_update`]) rewrites
    /// only what changed since that call. The first call, and the first after
    /// [`DynGame::reset`], writes in full (as does every call for other games). Returns how
    /// many values did not fit.
    fn encode_update(&mut self, viewer: Viewer, out: &mut [f32]) -> usize;
    /// Hints the processor to start loading this game's state, legal list and encoding memo, which the
    /// caller is about to touch (see `prefetch.rs`); changes nothing.
    fn prefetch(&self);
    /// Writes the generic layout's form of `viewer`'s observation into `out` (of the layout's
    /// size), whether or not the game has an encoding of its own; returns how many values did
    /// not fit.
    fn encode_generic(&self, viewer: Viewer, out: &mut [f32]) -> usize;
    /// [`DynGame::encode`] through the observation's JSON form (slower; the reference the
    /// direct encoding is tested against).
    fn encode_via_json(&self, viewer: Viewer, out: &mut [f32]) -> usize;
    /// A state consistent with what `viewer` knows, its hidden part drawn from `seed`.
    fn sample_hidden(&self, viewer: Viewer, seed: u64) -> Box<dyn DynGame>;
    /// Final scores and winners, once over.
    fn outcome(&self) -> Option<Outcome>;
    /// A copy.
    fn clone_box(&self) -> Box<dyn DynGame>;
    /// The whole state, secrets included, in the position format.
    fn position_json(&self) -> String;
    /// A game of the same kind loaded from a position.
    fn load_position(&self, text: &str) -> Result<Box<dyn DynGame>>;
    /// Starts a new game with the same configuration, set up from `seed`.
    fn reset(&mut self, seed: u64) -> Result<()>;
    /// A bot of this game by name.
    fn make_bot(&self, name: &str, seed: u64) -> Result<Box<dyn DynBot>>;
    /// The game, for bots to reach its type.
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

/// A bot of one game, behind an object-safe interface.
pub trait DynBot: Send {
    /// Its name.
    fn name(&self) -> String;
    /// The game id it plays.
    fn game_id(&self) -> &'static str;
    /// Chooses an action for `seat` in `game`: its index in the legal list (if listed) and its
    /// notation. Nothing changes in the game.
    fn choose(&mut self, game: &mut dyn DynGame, seat: Seat) -> Result<(Option<usize>, String)>;
    /// Chooses an action for `seat` in `game` as a batch of ids plays it: in the fixed space,
    /// the index of the bot's move or, when the space cannot name it, of the nearest move it
    /// names ([`Encode::nearest_action_index`](boardroom_engine::Encode::nearest_action_index)),
    /// with the notation of the move that index plays. Nothing changes in the game.
    fn choose_id(&mut self, game: &mut dyn DynGame, seat: Seat) -> Result<(Option<usize>, String)>;
    /// Chooses and applies an action for `seat`; returns its index (if listed) and notation.
    fn act(&mut self, game: &mut dyn DynGame, seat: Seat) -> Result<(Option<usize>, String)>;
}
