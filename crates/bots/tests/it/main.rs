//! The integration tests of this crate, in one test binary (one link, shared helpers);
//! each module holds the tests of one subject.

mod bots;
mod gauntlet;
mod honesty;
mod theboss;
