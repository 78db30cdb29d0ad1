//! The integration tests of this crate, in one test binary (one link, shared helpers);
//! each module holds the tests of one subject.

mod browser;
mod browser_learn;
mod common;
mod hardening;
mod hints;
mod leak;
mod protocol;
mod theboss;
