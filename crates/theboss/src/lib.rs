//! # boardroom-theboss
//!
//! The Boss: a career-and-stock game of wheeling and dealing for 2–4 players, as the project's
//! rules file describes it (`docs/the-boss.md` lists every rule and decision with its id).
//! Pure rules: no I/O, no clocks, no global randomness; the decks are shuffled from the seed at
//! set-up and their order stays hidden.
//!
//! Modules: [`data`] (the data file), [`state`], [`action`] (actions and offers), [`rules`]
//! (dispatch, turn steps, moving, Fate cards, firing, the draw, wins), [`offer`] (wheeling and
//! dealing, escrow), [`auction`], [`meeting`], [`actors`] (who may and who must act),
//! [`candidates`] (a bounded set of sensible actions for bots and playouts), [`notation`],
//! [`observe`], [`position`], [`score`], [`event`], [`error`].

#![warn(missing_docs)]

pub mod action;
pub mod actors;
pub mod auction;
pub mod candidates;
pub mod data;
pub mod error;
pub mod event;
pub mod meeting;
pub mod notation;
pub mod observe;
pub mod offer;
pub mod position;
pub mod rules;
pub mod score;
pub mod state;

pub use action::{
    Action, Bundle, Commitment, Deck, Deliverable, LongTerm, Lot, Offer, Promise, Vote,
};
pub use data::{Data, DataError};
pub use error::RuleError;
pub use event::Event;
pub use state::{Config, Ending, Step, TheBoss};
