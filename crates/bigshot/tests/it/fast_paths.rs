//! The fast paths agree with the checked ones: `apply_random` draws and applies exactly what
//! `legal_actions`, the same draw and `apply` would, and action keys tell every action apart.

use crate::common;

use boardroom_bigshot::action::universe;
use boardroom_bigshot::{BigShot, Config};
use boardroom_engine::rng::FastRng;
use boardroom_engine::Game;
use rand::Rng;
use std::collections::HashMap;

#[test]
fn apply_random_matches_listing_drawing_and_applying() {
    for config in common::configs() {
        for seed in 0..10 {
            let mut fast = BigShot::new(&config, seed).unwrap();
            let mut slow = fast.clone();
            let mut r_fast = FastRng::new(seed);
            let mut r_slow = r_fast.clone();
            let (mut scratch, mut legal) = (Vec::new(), Vec::new());
            let (mut ev_fast, mut ev_slow) = (Vec::new(), Vec::new());
            while let Some(seat) = fast.to_act().first() {
                ev_fast.clear();
                ev_slow.clear();
                assert!(fast.apply_random(seat, &mut r_fast, &mut scratch, &mut ev_fast));
                slow.legal_actions(seat, &mut legal);
                let action = legal[r_slow.gen_range(0..legal.len())];
                slow.apply(seat, action, &mut ev_slow).unwrap();
                assert_eq!(fast, slow, "seed {seed} after {action:?}");
                assert_eq!(ev_fast, ev_slow);
                let other = (seat + 1) % config.players;
                if !fast.to_act().contains(other) {
                    let before = fast.clone();
                    let mut twin = r_fast.clone();
                    assert!(!fast.apply_random(other, &mut twin, &mut scratch, &mut ev_fast));
                    assert_eq!(fast, before);
                    assert_eq!(twin, r_fast);
                }
            }
            assert!(!fast.apply_random(0, &mut r_fast, &mut scratch, &mut ev_fast));
        }
    }
}

#[test]
fn action_keys_tell_every_action_apart() {
    let game = BigShot::new(&Config::new(4), 1).unwrap();
    let mut seen = HashMap::new();
    for action in universe(game.board()) {
        let key = game.action_key(&action).expect("every action has a key");
        assert!(key < 12_288, "{action:?}: key {key}");
        if let Some(other) = seen.insert(key, action) {
            panic!("{action:?} and {other:?} share key {key}");
        }
    }
}
