//! Arbitrary input (any seat, any action of the universe) never corrupts a Big Shot game, and
//! random games drawn by proptest pass the engine's conformance kit; `conformance.rs` runs the
//! whole kit over fixed seeds of every configuration.

use crate::common;

use boardroom_bigshot::action::universe;
use boardroom_bigshot::{BigShot, Config};
use boardroom_engine::Game;

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

    /// Any seat trying any action of the universe, accepted or not: a refused action changes
    /// nothing, an accepted one was listed, and the state stays a valid position.
    #[test]
    fn arbitrary_input_never_corrupts_the_state(
        players in 2usize..=4,
        hidden in proptest::bool::ANY,
        seed in 0u64..1000,
        tries in proptest::collection::vec((0usize..4, 0usize..200, proptest::bool::ANY), 1..400),
    ) {
        let mut config = Config::new(players);
        config.hidden_money = hidden;
        let mut g = BigShot::new(&config, seed).unwrap();
        let all = universe(g.board());
        let mut legal = Vec::new();
        for (seat, index, pick_legal) in tries {
            let Some(to_act) = g.to_act().first() else { break };
            g.legal_actions(to_act, &mut legal);
            let (seat, a) = if pick_legal {
                (to_act, legal[index % legal.len()])
            } else {
                (seat % players, all[index % all.len()])
            };
            let before = g.clone();
            let listed = g.to_act().contains(seat) && legal.contains(&a);
            match g.play(seat, a) {
                Ok(_) => proptest::prop_assert!(listed),
                Err(_) => {
                    proptest::prop_assert!(!listed);
                    proptest::prop_assert_eq!(&g, &before);
                }
            }
            let back = BigShot::from_position(&g.to_position());
            proptest::prop_assert_eq!(back.as_ref(), Ok(&g));
            proptest::prop_assert_eq!(g.cubes_total(), [18; 4]);
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

    /// Random games of any seed, player count and variant keep the invariants, accept exactly
    /// the listed actions and round-trip their positions.
    #[test]
    fn random_games_by_proptest(
        seed in proptest::num::u64::ANY,
        players in 2usize..=4,
        hidden in proptest::bool::ANY,
    ) {
        let mut config = Config::new(players);
        config.hidden_money = hidden;
        let kit = common::kit(vec![config]).seeds([seed]).every(7);
        kit.random_games();
        kit.listed_iff_accepted();
        kit.position_round_trip();
    }
}
