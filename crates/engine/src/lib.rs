//! # boardroom-engine
//!
//! The game-agnostic heart of Boardroom. Every game (Big Boss, Big Shot, The Boss) implements the
//! [`Game`] trait; bots, the simulator, the server and the command-line program are written once
//! against it.
//!
//! The model follows the chess crate `shakmaty`: a position plus an action gives a new position
//! and a list of events, or a typed error naming the broken rule, and the position is left
//! unchanged on error. Rules are pure: no I/O, no clocks, no global random number generator.
//!
//! * [`bot`] — the [`Bot`] trait and a uniformly random bot.
//! * [`seat`] — seats, sets of seats ("who may act now" is a set) and viewers.
//! * [`game`] — the [`Game`] trait itself.
//! * [`encode`] — [`Encode`]: a game's own fixed-size numeric observation, for learning code.
//! * [`evaluate`] — [`Evaluate`]: what bots need to know of a game (what a position is worth).
//! * [`present`] — [`Present`]: what people are shown (sentences, prompts, action labels, scores,
//!   the terminal drawing), used alike by the terminal and the browser.
//! * [`options`] — [`Configure`] and [`OptionSpec`]: table options as data, for the command line
//!   and the lobby.
//! * [`outcome`] — final scores and winners.
//! * [`position`] — reading position files, with errors naming the field at fault.
//! * [`record`] — a game as its config, seed and actions; replay.
//! * [`playout`] — uniformly random playouts (the simulator's and benchmark's workhorse).
//! * [`rng`] — the seeded generator games keep inside their state.
//! * [`error`] — errors shared by every game (notation, position, config).
//! * [`testing`] — the conformance kit: the contract of [`Game`] checked on any game, used by
//!   each game's tests.

pub mod bot;
pub mod encode;
pub mod error;
pub mod evaluate;
pub mod game;
pub mod options;
pub mod outcome;
pub mod playout;
pub mod position;
pub mod present;
pub mod record;
pub mod reveal;
pub mod rng;
pub mod seat;
pub mod testing;

pub use bot::{Bot, RandomBot};
pub use encode::{Encode, EncodeMemo};
pub use error::{ConfigError, NotationError, PositionError};
pub use evaluate::{advantage, win_chances, Evaluate, GreedyRollouts, Style};
pub use game::{Game, Timer};
pub use options::{Configure, OptionKind, OptionSpec, OptionValue, Options};
pub use outcome::Outcome;
pub use present::{
    holdings_changes, holdings_changes_in, ActionView, Holding, HoldingChange, LocaleFile, Present,
    ScoreRow, ScoreTable, WebAsset,
};
pub use record::{
    check_revision, first_revision, replay_actions, By, Record, RecordedAction, ReplayError,
    ReplayStep, Replayed, RevisionError,
};
pub use seat::{Seat, SeatSet, Viewer, CLOCK};
