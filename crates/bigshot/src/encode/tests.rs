//! Big Shot's encoding checked against the observation it is written from.

use super::*;
use boardroom_engine::{rng, Game};
use std::collections::HashMap;

/// Along random games of every size and both money variants: the names are as many as the
/// values, and equal encodings come only from equal observations (nothing is lost).
#[test]
fn the_encoding_determines_the_observation() {
    assert_eq!(ENCODED_LEN, 421);
    for (players, hidden) in [(2, false), (3, true), (4, false), (4, true)] {
        let mut config = Config::new(players);
        config.hidden_money = hidden;
        assert_eq!(BigShot::encoded_names(&config).len(), ENCODED_LEN);
        let mut seen: HashMap<Vec<u32>, String> = HashMap::new();
        let mut buf = vec![0.0; ENCODED_LEN];
        for seed in 0..4 {
            let mut game = BigShot::new(&config, seed).unwrap();
            let mut r = rng::from_seed(seed);
            let mut legal = Vec::new();
            let mut events = Vec::new();
            for t in 0..400 {
                let v = if t % 3 == 0 {
                    Viewer::Spectator
                } else {
                    Viewer::Seat(t % players)
                };
                assert!(game.encode(v, &mut buf));
                let key = buf.iter().map(|x| x.to_bits()).collect();
                let obs = serde_json::to_string(&game.observe(v)).unwrap();
                assert_eq!(seen.entry(key).or_insert_with(|| obs.clone()), &obs);
                let Some(seat) = game.to_act().first() else {
                    break;
                };
                if !Game::apply_random(&mut game, seat, &mut r, &mut legal, &mut events) {
                    break;
                }
            }
        }
        assert!(seen.len() > 500, "{}", seen.len());
    }
}

/// After every action of random games of every size and both money variants, with the
/// viewer changing, and across a new game in the same buffer: the update equals the full
/// encoding value for value.
#[test]
fn the_update_equals_the_full_encoding() {
    let mut row = vec![0.0; ENCODED_LEN];
    let mut memo = EncodeMemo::new();
    let mut full = vec![0.0; ENCODED_LEN];
    let (mut updates, mut ended) = (0, 0);
    for (players, hidden) in [(2, false), (3, true), (4, false), (4, true), (2, true)] {
        let mut config = Config::new(players);
        config.hidden_money = hidden;
        for seed in 0..3 {
            // The buffer and memo go on from the previous game (another configuration).
            let mut game = BigShot::new(&config, seed).unwrap();
            let mut r = rng::from_seed(seed + 100);
            let (mut legal, mut events) = (Vec::new(), Vec::new());
            for t in 0..600 {
                let v = match t % 5 {
                    0 => Viewer::Spectator,
                    _ => Viewer::Seat(game.to_act().first().unwrap_or(t % players)),
                };
                assert!(game.encode_update(v, &mut row, &mut memo));
                assert!(game.encode(v, &mut full));
                assert_eq!(row, full, "{players} players, seed {seed}, step {t}");
                updates += 1;
                let Some(seat) = game.to_act().first() else {
                    ended += 1;
                    break;
                };
                if !Game::apply_random(&mut game, seat, &mut r, &mut legal, &mut events) {
                    break;
                }
            }
        }
    }
    assert!(
        updates > 2000 && ended > 5,
        "{updates} updates, {ended} games ended"
    );
    // A buffer of another length is refused and zeroed, and the memo forgotten.
    let game = BigShot::new(&Config::new(3), 1).unwrap();
    let mut short = vec![1.0; 10];
    assert!(!game.encode_update(Viewer::Seat(0), &mut short, &mut memo));
    assert!(short.iter().all(|&x| x == 0.0));
    assert!(memo.is_empty());
}
