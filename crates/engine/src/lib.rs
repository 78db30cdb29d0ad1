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
//! * [`outcome`] — final scores and winners.
//! * [`record`] — a game as its config, seed and actions; replay.
//! * [`playout`] — uniformly random playouts (the simulator's and benchmark's workhorse).
//! * [`rng`] — the seeded generator games keep inside their state.
//! * [`error`] — errors shared by every game (notation, position, config).

pub mod bot;
pub mod error;
pub mod game;
pub mod outcome;
pub mod playout;
pub mod record;
pub mod rng;
pub mod seat;

pub use bot::{Bot, RandomBot};
pub use error::{ConfigError, NotationError, PositionError};
pub use game::Game;
pub use outcome::Outcome;
pub use record::{Record, RecordedAction, ReplayError, ReplayStep};
pub use seat::{Seat, SeatSet, Viewer};
