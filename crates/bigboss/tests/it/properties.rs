//! Random games drawn by proptest (any seed, edition and player count), checked by the
//! engine's conformance kit with the Big Boss invariants; `conformance.rs` runs the kit over
//! fixed seeds of every configuration.

use crate::common;

use boardroom_bigboss::{Config, Edition};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn random_games_by_proptest(seed in any::<u64>(), players in 2usize..=6, classic in any::<bool>()) {
        let edition = if classic { Edition::Classic } else { Edition::Modern };
        let kit = common::kit(vec![Config::new(edition, players)]).seeds([seed]).every(13);
        kit.random_games();
        kit.listed_iff_accepted();
        kit.position_round_trip();
    }
}
