//! `boardroom bench`: random-playout throughput on one core.

use crate::games::{CliGame, GameOptions};
use anyhow::{bail, Result};
use boardroom_engine::playout::{random_playout, Scratch};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::time::{Duration, Instant};

/// Plays random games for `seconds` on this thread and prints games and decisions per second.
pub fn run<G: CliGame>(opts: &GameOptions, seconds: f64) -> Result<()> {
    let config = G::make_config(opts)?;
    if !(seconds > 0.0 && seconds <= 3600.0) {
        bail!("--seconds must be between 0 and 3600");
    }
    let budget = Duration::from_secs_f64(seconds);
    let mut scratch = Scratch::default();
    let mut rng = ChaCha8Rng::seed_from_u64(0xbe7c);
    // Warm up (caches, allocation of the scratch buffers).
    for seed in 0..200 {
        let mut g = G::new(&config, seed)?;
        random_playout(&mut g, &mut rng, &mut scratch);
    }
    let start = Instant::now();
    let mut games = 0u64;
    let mut decisions = 0u64;
    let mut seed = 1_000_000u64;
    while start.elapsed() < budget {
        for _ in 0..100 {
            let mut g = G::new(&config, seed)?;
            seed += 1;
            decisions += random_playout(&mut g, &mut rng, &mut scratch).decisions;
            games += 1;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{}: random playouts on one thread for {secs:.2} s",
        G::describe_config(&config)
    );
    println!("games per second      {:>12.0}", games as f64 / secs);
    println!("decisions per second  {:>12.0}", decisions as f64 / secs);
    println!(
        "decisions per game    {:>12.1}",
        decisions as f64 / games as f64
    );
    Ok(())
}
