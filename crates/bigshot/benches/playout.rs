//! Criterion benchmarks: random playouts, legal-action generation, cloning, sampling.

use boardroom_bigshot::{BigShot, Config};
use boardroom_engine::playout::{random_playout, Scratch};
use boardroom_engine::{Game, Viewer};
use criterion::{black_box, criterion_group, criterion_main, Criterion};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn playouts(c: &mut Criterion) {
    for players in [2, 3, 4] {
        let config = Config::new(players);
        let mut scratch = Scratch::default();
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut seed = 0u64;
        c.bench_function(&format!("random game, {players} players"), |b| {
            b.iter(|| {
                seed += 1;
                let mut g = BigShot::new(&config, seed).unwrap();
                random_playout(&mut g, &mut rng, &mut scratch)
            })
        });
    }
}

/// A mid-game position of the hidden-money variant: 120 decisions into a 4-player game.
fn mid_game() -> BigShot {
    let mut config = Config::new(4);
    config.hidden_money = true;
    let mut g = BigShot::new(&config, 3).unwrap();
    let mut legal = Vec::new();
    for i in 0..120 {
        let seat = g.to_act().first().unwrap();
        g.legal_actions(seat, &mut legal);
        let a = legal[i % legal.len()];
        g.play(seat, a).unwrap();
    }
    g
}

fn primitives(c: &mut Criterion) {
    let g = mid_game();
    let seat = g.to_act().first().unwrap();
    let mut legal = Vec::with_capacity(128);
    c.bench_function("legal actions, mid-game", |b| {
        b.iter(|| {
            black_box(&g).legal_actions(seat, &mut legal);
            legal.len()
        })
    });
    c.bench_function("clone state", |b| b.iter(|| black_box(&g).clone()));
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    c.bench_function("sample hidden information", |b| {
        b.iter(|| black_box(&g).sample_hidden(Viewer::Seat(seat), &mut rng))
    });
}

criterion_group!(benches, playouts, primitives);
criterion_main!(benches);
