//! The fast paths agree with the checked ones: `apply_random` draws and applies exactly what
//! `legal_actions`, the same draw and `apply` would; action keys tell every action apart; and a
//! determinization is the one the sorted pool of hidden cards gives, shuffled.

use boardroom_bigboss::action::universe;
use boardroom_bigboss::card::Card;
use boardroom_bigboss::{BigBoss, Config, Edition, Position};
use boardroom_engine::rng::{self, FastRng};
use boardroom_engine::{Game, Seat, Viewer};
use rand::seq::SliceRandom;
use rand::Rng;
use std::collections::HashMap;

fn configs() -> Vec<Config> {
    [Edition::Modern, Edition::Classic]
        .into_iter()
        .flat_map(|e| (2..=6).map(move |p| Config::new(e, p)))
        .collect()
}

#[test]
fn apply_random_matches_listing_drawing_and_applying() {
    for config in configs() {
        for seed in 0..12 {
            let mut fast = BigBoss::new(&config, seed).unwrap();
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
                assert_eq!(fast, slow, "{config:?} seed {seed} after {action}");
                assert_eq!(ev_fast, ev_slow);
                // A seat that may not act has nothing drawn and nothing changed.
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
    let game = BigBoss::new(&Config::new(Edition::Classic, 3), 1).unwrap();
    let mut seen = HashMap::new();
    for action in universe() {
        let key = game.action_key(&action).expect("every action has a key");
        assert!(key < 4096, "{action}: key {key}");
        if let Some(other) = seen.insert(key, action) {
            panic!("{action} and {other} share key {key}");
        }
    }
}

/// The determinization as a list of hidden cards sorted, shuffled and dealt: other players'
/// unknown cards and the deck (and in Classic their level cards).
fn reference_sample(game: &BigBoss, viewer: Viewer, rng: &mut FastRng) -> BigBoss {
    let mut pos: Position = game.to_position();
    let levels_public = game.edition() == Edition::Modern;
    let mut pool: Vec<Card> = pos.deck.clone();
    let mut counts = vec![0usize; pos.players.len()];
    for (s, p) in pos.players.iter_mut().enumerate() {
        if viewer.seat() == Some(s as Seat) {
            continue;
        }
        let mut kept = Vec::new();
        for &card in &p.hand {
            let hidden = match card {
                Card::Industry(_) => !p.known.contains(&card),
                Card::Level(_) => !levels_public,
            };
            if hidden {
                pool.push(card);
                counts[s] += 1;
            } else {
                kept.push(card);
            }
        }
        p.hand = kept;
    }
    pool.sort_unstable();
    pool.shuffle(rng);
    for (s, &count) in counts.iter().enumerate() {
        for _ in 0..count {
            let card = pool.pop().unwrap();
            pos.players[s].hand.push(card);
        }
    }
    // The position's deck is written top first; the state's top is its last card.
    pos.deck = pool.into_iter().rev().collect();
    BigBoss::from_position(&pos).unwrap()
}

#[test]
fn sampling_deals_the_sorted_pool_shuffled() {
    let mut checked = 0;
    for config in configs() {
        for seed in 0..6 {
            let mut game = BigBoss::new(&config, seed).unwrap();
            let mut play = rng::from_seed(seed);
            let mut legal = Vec::new();
            let mut step = 0;
            while let Some(seat) = game.to_act().first() {
                if step % 29 == 0 {
                    let viewers = (0..config.players)
                        .map(Viewer::Seat)
                        .chain([Viewer::Spectator]);
                    for viewer in viewers {
                        let mut a = FastRng::new(step);
                        let mut b = a.clone();
                        let mut c = a.clone();
                        let mut d = a.clone();
                        let fast = game.sample_hidden_with(viewer, &mut a);
                        // The search's drawer: the pool prepared once, the same samples.
                        let mut sampler = game.sampler::<FastRng>(viewer);
                        for _ in 0..2 {
                            let mut e = d.clone();
                            let drawn = sampler(&mut d);
                            let single = game.sample_hidden_with(viewer, &mut e);
                            assert_eq!(drawn, single);
                            assert_eq!(d, e, "the same numbers were drawn");
                        }
                        let dynamic = game.sample_hidden(viewer, &mut b);
                        let reference = reference_sample(&game, viewer, &mut c);
                        assert_eq!(fast.to_position(), reference.to_position());
                        assert_eq!(dynamic.to_position(), reference.to_position());
                        assert_eq!(a, c, "the same numbers were drawn");
                        checked += 1;
                    }
                }
                legal.clear();
                game.legal_actions(seat, &mut legal);
                let action = legal[play.gen_range(0..legal.len())];
                game.apply(seat, action, &mut Vec::new()).unwrap();
                step += 1;
            }
        }
    }
    assert!(checked > 500, "{checked} samples checked");
}
