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
//! action itself. A game may implement [`Encode::encode_update`], which brings a buffer holding
//! the encoding of an earlier state up to date by rewriting only what changed (and set
//! [`Encode::INCREMENTAL`]); the result is the same, value for value.

use crate::game::Game;
use crate::seat::Viewer;

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

    /// Whether [`Encode::encode_update`] rewrites only what changed (so that a caller stepping
    /// many games gains by keeping each game's previous state for it); `false` (the default)
    /// when it writes the whole encoding.
    const INCREMENTAL: bool = false;

    /// Brings `out` up to date: `out` holds the encoding of `before` for `before_viewer`, as
    /// [`Encode::encode`] (or this method) wrote it and unchanged since; afterwards it holds
    /// the encoding of this state for `viewer`, equal value for value to what
    /// [`Encode::encode`] writes. `before` is a state of the same configuration (typically
    /// this game one action earlier); a game may then rewrite only the values that can
    /// differ. Returns what [`Encode::encode`] returns. The default writes the whole encoding.
    fn encode_update(
        &self,
        viewer: Viewer,
        out: &mut [f32],
        before: &Self,
        before_viewer: Viewer,
    ) -> bool {
        let _ = (before, before_viewer);
        self.encode(viewer, out)
    }
}
