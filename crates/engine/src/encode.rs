//! [`Encode`]: a game's own fixed-size numeric observation, for learning code.
//!
//! Tools that feed observations to learning code (the Python package's `observation_array` and
//! batched stepping) need every observation of a configuration as the same number of `f32`
//! values. Any game can be flattened generically from its [`Game::Observation`]'s serde form,
//! but that builds the observation first and reads it through its field names: slow, and
//! shaped by the serde form rather than by the game. A game that implements [`Encode`] with
//! [`Encode::encoded_len`] returning `Some` writes the values itself, straight from its state.
//!
//! Every game implements the trait (the registry asks for it); a game without an encoding of
//! its own implements it empty (`impl Encode for MyGame {}`), and tools then fall back to the
//! generic layout.
//!
//! The contract of an encoding: it holds what [`Game::observe`] holds for the same viewer, no
//! more — two states whose observations for a viewer are equal have equal encodings for that
//! viewer (so re-drawing what the viewer may not know, [`Game::sample_hidden`], never changes
//! it) — and its length depends only on the configuration.
//!
//! Stepping many games, rewriting every value after every action can cost more than the
//! action itself. A game may implement [`Encode::encode_update`], which brings a buffer up to
//! date by rewriting only what changed since it last wrote it (remembering what it wrote in an
//! [`EncodeMemo`] kept with the buffer); the result is the same, value for value.
//!
//! A game may also number its moves once and for all ([`Encode::action_space_size`],
//! [`Encode::action_index`], [`Encode::action_from_index`], [`Encode::action_mask`]): a fixed
//! action space, in which an index means the same move in every state, so that a policy's
//! output units each stand for one move and masks mark the legal ones.

use crate::game::Game;
use crate::seat::{Seat, Viewer};
use std::any::Any;

/// A game's own fixed-size numeric form of what a viewer may know (see the module's
/// documentation). Every method has a default meaning "this game has no encoding of its own".
pub trait Encode: Game {
    /// The number of values of the encoding for `config`, or `None` when the game has no
    /// encoding of its own (the default).
    fn encoded_len(config: &Self::Config) -> Option<usize> {
        let _ = config;
        None
    }

    /// The name of every value, in order (as many as [`Encode::encoded_len`]; empty when the
    /// game has no encoding of its own), e.g. `players[1].money` or `board[23].height`.
    fn encoded_names(config: &Self::Config) -> Vec<String> {
        let _ = config;
        Vec::new()
    }

    /// Writes what `viewer` may know into `out`, whose length must be [`Encode::encoded_len`]
    /// of this game's configuration; every value is written (a value that does not apply is
    /// 0). Returns whether it wrote the encoding: `false`, with `out` zeroed, when `out` has
    /// another length or the game has no encoding of its own (the default).
    fn encode(&self, viewer: Viewer, out: &mut [f32]) -> bool {
        let _ = viewer;
        out.fill(0.0);
        false
    }

    /// Brings `out` up to date with what `viewer` may know: afterwards `out` holds, value for
    /// value, what [`Encode::encode`] writes. `out` must hold what the previous call with
    /// this `memo` wrote, unchanged since (or `memo` is empty): the game keeps in `memo` what
    /// it needs to rewrite only the values that changed since that call (the state may have
    /// moved on by any number of actions, or be another game of the same kind; the viewer may
    /// differ). Returns what [`Encode::encode`] returns. The default writes the whole encoding
    /// (and leaves `memo` empty).
    fn encode_update(&self, viewer: Viewer, out: &mut [f32], memo: &mut EncodeMemo) -> bool {
        memo.clear();
        self.encode(viewer, out)
    }

    /// The size of the game's fixed action space for `config`, or `None` when the game has no
    /// fixed numbering of its moves (the default). A fixed numbering gives every action the
    /// space covers one index below this size, the same index in every state, so an output
    /// unit of a policy means one move wherever it is played (see [`Encode::action_index`]).
    fn action_space_size(config: &Self::Config) -> Option<usize> {
        let _ = config;
        None
    }

    /// The version of the fixed numbering: a game raises it whenever an index changes its
    /// meaning, so that a policy trained on one numbering is not fed another unawares. The
    /// default is 1.
    fn action_space_version() -> u32 {
        1
    }

    /// The fixed index of `action` played by `seat` here (below
    /// [`Encode::action_space_size`]), or `None` when the space does not cover it (a game may
    /// leave rare or structured actions to its notation). Different actions of a state get
    /// different indices, and `action_from_index(seat, action_index(seat, a)) == a` for every
    /// legal action `a` of `seat`.
    fn action_index(&self, seat: Seat, action: &Self::Action) -> Option<usize> {
        let _ = (seat, action);
        None
    }

    /// The action with fixed index `index` for `seat` in this state, or `None` when the index
    /// is outside the space or names nothing here (an index may name an action by its place
    /// in the state, e.g. "the first open offer to me"). Whether the action is legal is
    /// [`Game::check`]'s to say.
    fn action_from_index(&self, seat: Seat, index: usize) -> Option<Self::Action> {
        let _ = (seat, index);
        None
    }

    /// The index of the legal move of the fixed space nearest to `action`, a legal move of
    /// `seat`: its own index when the space names it, else one the game chooses as closest
    /// (e.g. the same offer at the nearest price the space names), so that any move, a
    /// bot's too, can be played in a batch of ids. The default is [`Encode::action_index`].
    fn nearest_action_index(&self, seat: Seat, action: &Self::Action) -> Option<usize> {
        self.action_index(seat, action)
    }

    /// Writes `seat`'s legal moves over the fixed space into `mask` (of length
    /// [`Encode::action_space_size`]): true exactly at the indices of legal actions. `legal` is
    /// the seat's legal list ([`Game::legal_actions`]). The default marks the indices of
    /// `legal`, which is exact for games that list every legal action; a game whose list
    /// leaves out legal actions the space covers overrides it.
    fn action_mask(&self, seat: Seat, legal: &[Self::Action], mask: &mut [bool]) {
        mask.fill(false);
        for a in legal {
            if let Some(m) = self.action_index(seat, a).and_then(|i| mask.get_mut(i)) {
                *m = true;
            }
        }
    }

    /// The fields of the game's composite action, for `config`: each field's name and its
    /// number of values, in order (empty, the default, when the game has none). A composite
    /// action is a vector of one value per field (a `MultiDiscrete` action), for structured
    /// moves the fixed space names only in part (e.g. an offer of any terms): see
    /// [`Encode::composite_action`].
    fn composite_fields(config: &Self::Config) -> Vec<(String, usize)> {
        let _ = config;
        Vec::new()
    }

    /// The action the composite vector `fields` names for `seat` here, or why it names none
    /// (a wrong length, a value beyond its field, a part the state cannot supply), in words
    /// naming the rule. Whether the action is legal is [`Game::check`]'s to say.
    fn composite_action(&self, seat: Seat, fields: &[u32]) -> Result<Self::Action, String> {
        let _ = (seat, fields);
        Err("this game has no composite action".into())
    }

    /// The composite vector of `action` played by `seat` here, when the fields name exactly
    /// it: `composite_action(seat, composite_of(seat, a)) == a`.
    fn composite_of(&self, seat: Seat, action: &Self::Action) -> Option<Vec<u32>> {
        let _ = (seat, action);
        None
    }

    /// Writes the masks of the composite fields for `seat` into `masks` (the fields' sizes
    /// added up: each field's values in order, one field after another): true at the values
    /// some legal composite action of `seat` could hold now, each field on its own. All false
    /// (the default) when the seat may play none.
    fn composite_masks(&self, seat: Seat, masks: &mut [bool]) {
        let _ = seat;
        masks.fill(false);
    }
}

/// What a game remembers, between calls of [`Encode::encode_update`], of the encoding a buffer
/// holds; the caller keeps one memo with each buffer. It starts empty (the next update writes
/// in full); a game stores in it a value of its own type.
#[derive(Default)]
pub struct EncodeMemo(Option<Box<dyn Any + Send + Sync>>);

impl EncodeMemo {
    /// An empty memo.
    pub fn new() -> EncodeMemo {
        EncodeMemo(None)
    }

    /// Empties the memo: the next update writes in full (for a buffer written by other means).
    pub fn clear(&mut self) {
        self.0 = None;
    }

    /// Whether the memo holds nothing.
    pub fn is_empty(&self) -> bool {
        self.0.is_none()
    }

    /// The value stored, of whatever type.
    pub fn held(&self) -> Option<&(dyn Any + Send + Sync)> {
        self.0.as_deref()
    }

    /// The value stored, when it is a `T`.
    pub fn get_mut<T: Any>(&mut self) -> Option<&mut T> {
        self.0.as_mut().and_then(|b| b.downcast_mut::<T>())
    }

    /// Stores `value` in place of what the memo held.
    pub fn set<T: Any + Send + Sync>(&mut self, value: T) {
        match self.get_mut::<T>() {
            // Reuses the allocation.
            Some(old) => *old = value,
            None => self.0 = Some(Box::new(value)),
        }
    }
}

impl std::fmt::Debug for EncodeMemo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let what = if self.is_empty() { "empty" } else { "set" };
        write!(f, "EncodeMemo({what})")
    }
}
