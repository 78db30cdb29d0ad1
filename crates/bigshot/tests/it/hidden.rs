//! Hidden information: future dice are hidden from everyone; in the hidden-money variant the
//! coins of other players' colours are hidden until the game ends. The generic checks (views
//! ignore what the viewer may not know, samples keep the view and depend only on it) are in
//! `conformance.rs`; here, who sees which coins, and when.

use boardroom_bigshot::colour::Colour;
use boardroom_bigshot::{BigShot, Config, Phase};
use boardroom_engine::{rng, Game, Viewer};
use rand::seq::SliceRandom;
use rand::SeedableRng;

fn hidden(players: usize) -> Config {
    let mut c = Config::new(players);
    c.hidden_money = true;
    c
}

/// Random states along a random game (every step), for `config`.
fn states(config: &Config, seed: u64) -> Vec<BigShot> {
    let mut g = BigShot::new(config, seed).unwrap();
    let mut r = rng::from_seed(seed + 1000);
    let mut out = vec![g.clone()];
    let mut legal = Vec::new();
    while let Some(s) = g.to_act().first() {
        g.legal_actions(s, &mut legal);
        let a = *legal.choose(&mut r).unwrap();
        g.play(s, a).unwrap();
        out.push(g.clone());
    }
    out
}

/// The same state with colour `c`'s coins changed to `coins` (through the position format).
fn viewers(n: usize) -> Vec<Viewer> {
    let mut v: Vec<Viewer> = (0..n).map(Viewer::Seat).collect();
    v.push(Viewer::Spectator);
    v
}

#[test]
fn other_players_coins_do_not_change_the_observation() {
    for players in 2..=4 {
        for g in states(&hidden(players), 3).iter().step_by(7) {
            if g.phase() == Phase::Over {
                continue;
            }
            for (c, owner, h) in crate::common::coin_twins(g) {
                for v in viewers(players) {
                    let same = g.observe(v) == h.observe(v);
                    assert_eq!(same, v != Viewer::Seat(owner), "{players}p {c} {v:?}");
                }
            }
        }
    }
}

#[test]
fn standard_game_shows_all_coins_and_hidden_game_only_ones_own() {
    let g = BigShot::new(&Config::new(4), 1).unwrap();
    let o = g.observe(Viewer::Seat(0));
    assert!(o.colours.iter().all(|c| c.coins == Some(10)));
    let g = BigShot::new(&hidden(2), 1).unwrap();
    let o = g.observe(Viewer::Seat(1));
    let seen: Vec<Option<u32>> = o.colours.iter().map(|c| c.coins).collect();
    assert_eq!(seen, vec![None, Some(20), None, Some(20)]);
    assert!(g
        .observe(Viewer::Spectator)
        .colours
        .iter()
        .all(|c| c.coins.is_none() && c.ious == 0));
}

#[test]
fn coins_are_revealed_at_the_end() {
    let last = states(&hidden(3), 5).pop().unwrap();
    assert!(last.is_over());
    let o = last.observe(Viewer::Spectator);
    assert!(o.colours.iter().take(3).all(|c| c.coins.is_some()));
    assert!(o.scores.is_some());
}

#[test]
fn future_dice_are_hidden() {
    let g = BigShot::new(&Config::new(4), 9).unwrap();
    let json = serde_json::to_string(&g.observe(Viewer::Seat(0))).unwrap();
    let seed_hex = g.to_position().dice.seed;
    assert!(!json.contains(&seed_hex));
    assert!(!json.contains("dice"));
    // Two games that differ only in the die's generator look the same to everyone.
    let mut p = g.to_position();
    p.dice.seed = "ab".repeat(32);
    let h = BigShot::from_position(&p).unwrap();
    assert_ne!(g, h);
    for v in viewers(4) {
        assert_eq!(g.observe(v), h.observe(v));
    }
}

#[test]
fn sampled_coins_vary_in_the_hidden_variant() {
    let g = &states(&hidden(4), 2)[40];
    let mut seen = std::collections::BTreeSet::new();
    let mut r = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    for _ in 0..50 {
        seen.insert(g.sample_hidden(Viewer::Seat(0), &mut r).coins(Colour(1)));
    }
    assert!(seen.len() > 1);
}
