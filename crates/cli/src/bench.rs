//! `boardroom bench`: random-playout throughput on one core.

use anyhow::{bail, Result};
use boardroom_bigboss::{BigBoss, Config, Edition};
use boardroom_engine::playout::{random_playout, Scratch};
use boardroom_engine::Game;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::time::{Duration, Instant};

pub fn run(edition: Edition, players: usize, seconds: f64) -> Result<()> {
    let config = Config::new(edition, players);
    config.validate()?;
    if !(seconds > 0.0 && seconds <= 3600.0) {
        bail!("--seconds must be between 0 and 3600");
    }
    let budget = Duration::from_secs_f64(seconds);
    let mut scratch = Scratch::default();
    let mut rng = ChaCha8Rng::seed_from_u64(0xbe7c);
    // Warm up (caches, allocation of the scratch buffers).
    for seed in 0..200 {
        let mut g = BigBoss::new(&config, seed)?;
        random_playout(&mut g, &mut rng, &mut scratch);
    }
    let start = Instant::now();
    let mut games = 0u64;
    let mut decisions = 0u64;
    let mut seed = 1_000_000u64;
    while start.elapsed() < budget {
        for _ in 0..100 {
            let mut g = BigBoss::new(&config, seed)?;
            seed += 1;
            decisions += random_playout(&mut g, &mut rng, &mut scratch).decisions;
            games += 1;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "Big Boss ({edition}), {players} players, random playouts on one thread for {secs:.2} s"
    );
    println!("games per second      {:>12.0}", games as f64 / secs);
    println!("decisions per second  {:>12.0}", decisions as f64 / secs);
    println!(
        "decisions per game    {:>12.1}",
        decisions as f64 / games as f64
    );
    Ok(())
}
