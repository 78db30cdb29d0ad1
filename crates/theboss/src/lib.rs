//! # boardroom-theboss
//!
//! The Boss: a career-and-stock game of wheeling and dealing for 2–4 players, as the project's
//! rules file describes it. Pure rules: no I/O, no clocks, no global randomness.

#![warn(missing_docs)]

pub mod data;

pub use data::{Data, DataError};
