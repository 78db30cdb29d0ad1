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

use crate::game::Game;
use crate::seat::Viewer;
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
