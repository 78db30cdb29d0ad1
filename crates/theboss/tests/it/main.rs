//! The integration tests of this crate, in one test binary (one link, shared helpers);
//! each module holds the tests of one subject.

mod adversary;
mod adversary_firing;
mod adversary_search;
mod bot_games;
mod candidates;
mod clock;
mod common;
mod conformance;
mod data_bounds;
mod fast_paths;
mod hidden;
mod json;
mod no_nagging;
mod notation;
mod playout_seats;
mod position;
mod present;
mod properties;
mod pump;
mod rules;
mod terminal_words;
mod wide;
mod words;
