//! The integration tests of this crate, in one test binary (one link, shared helpers);
//! each module holds the tests of one subject.

mod admin;
mod bigshot;
mod cli;
mod clock;
mod common;
mod deploy;
mod dump;
mod events_and_scores;
mod handover;
mod ops;
mod ratings;
mod registry;
mod serve;
mod site;
