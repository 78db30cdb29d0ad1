//! The integration tests of this crate, in one test binary (one link, shared helpers);
//! each module holds the tests of one subject.

mod abuse;
mod backends;
mod browser;
mod browser_a11y;
mod browser_bigshot;
mod browser_history;
mod browser_learn;
mod browser_prompts;
mod browser_social;
mod browser_theboss;
mod browser_theboss_table;
mod browser_theboss_words;
mod common;
mod hardening;
mod hints;
mod history;
mod leak;
mod protocol;
mod recovery;
mod revision;
mod social;
mod storage;
mod takeback;
mod theboss;
mod wire;
