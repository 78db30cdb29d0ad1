//! The integration tests of this crate, in one test binary (one link, shared helpers);
//! each module holds the tests of one subject.

mod common;
mod conformance;
mod fast_paths;
mod hidden;
mod present;
mod properties;
mod rules;
mod terminal_words;
mod words;
