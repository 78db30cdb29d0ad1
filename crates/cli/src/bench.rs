//! `boardroom bench`: random-playout throughput (with the rollouts' generator), search
//! iterations per second and the move time of each bot level, all on one core.

use crate::options::{config, GivenOptions};
use anyhow::{bail, Result};
use boardroom_bots::{levels, Budget, Ismcts, Rollout, SearchConfig};
use boardroom_engine::playout::{random_playout, Scratch};
use boardroom_engine::rng::FastRng;
use boardroom_registry::{Playable, Visitor};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::{Duration, Instant};

/// `boardroom bench` for the game the registry finds.
pub struct Bench {
    /// Number of players.
    pub players: usize,
    /// The game's options as given.
    pub options: GivenOptions,
    /// How long to measure playouts and each rollout kind.
    pub seconds: f64,
    /// Decisions timed per bot level.
    pub decisions: usize,
}

impl Visitor for Bench {
    type Output = Result<()>;
    fn visit<G: Playable>(self) -> Result<()> {
        let config = config::<G>(self.players, None, &self.options)?;
        run::<G>(&config, self.seconds, self.decisions)
    }
}

/// Measures for `seconds` each: random playouts, then search iterations (full random
/// rollouts, then the levels' cut-off rollouts) on a mid-game position; then the time of
/// `decisions` decisions of each level.
fn run<G: Playable>(config: &G::Config, seconds: f64, decisions: usize) -> Result<()> {
    if !(seconds > 0.0 && seconds <= 3600.0) {
        bail!("--seconds must be between 0 and 3600");
    }
    if decisions == 0 {
        bail!("--decisions must be at least 1");
    }
    let budget = Duration::from_secs_f64(seconds);
    let mut scratch = Scratch::default();
    // The generator of the bots' rollouts (games are still dealt from their seeds).
    let mut rng = FastRng::new(0xbe7c);
    // Warm up (caches, allocation of the scratch buffers).
    for seed in 0..200 {
        let mut g = G::new(config, seed)?;
        random_playout(&mut g, &mut rng, &mut scratch);
    }
    let start = Instant::now();
    let cpu_start = thread_cpu();
    let mut games = 0u64;
    let mut played = 0u64;
    let mut seed = 1_000_000u64;
    while start.elapsed() < budget {
        for _ in 0..100 {
            let mut g = G::new(config, seed)?;
            seed += 1;
            played += random_playout(&mut g, &mut rng, &mut scratch).decisions;
            games += 1;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let cpu = cpu_seconds(cpu_start, secs);
    println!(
        "{}: random playouts on one thread for {secs:.2} s ({cpu:.2} s of CPU time)",
        G::describe_config(config, boardroom_i18n::ENGLISH)
    );
    println!("games per second      {:>12.0}", games as f64 / secs);
    println!("games per CPU second  {:>12.0}", games as f64 / cpu);
    println!("decisions per second  {:>12.0}", played as f64 / secs);
    println!(
        "decisions per game    {:>12.1}",
        played as f64 / games as f64
    );

    // Search speed on a mid-game position.
    let mid = midgame::<G>(config, 7)?;
    let seat = mid
        .must_act()
        .first()
        .expect("a mid-game position has a seat to act");
    println!();
    println!(
        "search on a mid-game position (one thread, {secs:.1} s each):",
        secs = seconds
    );
    for (label, rollout) in [
        ("full random rollouts", Rollout::Full),
        (
            "cut-off rollouts (levels)",
            Rollout::Cutoff(boardroom_bots::ismcts::DEFAULT_CUTOFF),
        ),
    ] {
        let search_config = SearchConfig {
            budget: Budget {
                iterations: None,
                time: Some(budget),
            },
            rollout,
            ..SearchConfig::with_iterations(1)
        };
        let mut search = Ismcts::<G>::new(search_config, 1);
        let t = Instant::now();
        let cpu_start = thread_cpu();
        let r = search.search(&mid, seat);
        let s = t.elapsed().as_secs_f64();
        let cpu = cpu_seconds(cpu_start, s);
        println!(
            "iterations per second {:>12.0}   ({label})",
            r.iterations as f64 / s
        );
        println!(
            "iterations per CPU s  {:>12.0}   ({label})",
            r.iterations as f64 / cpu
        );
    }

    // Move time per level, on positions along random games where there is a real choice.
    let positions = choice_positions::<G>(config, decisions)?;
    println!();
    println!(
        "move time per level over {} decisions with a choice (ms):",
        positions.len()
    );
    println!(
        "{:<10} {:>10} {:>10} {:>10} {:>10} {:>10}",
        "level", "mean", "median", "p95", "max", "time cap"
    );
    for name in ["heuristic", "easy", "normal", "hard"] {
        let mut times = Vec::with_capacity(positions.len());
        // Searches that a time limit stopped before their iteration budget.
        let mut capped = None;
        for (i, g) in positions.iter().enumerate() {
            let seat = g.must_act().first().expect("positions have a seat to act");
            // Games whose levels are rollout searches (The Boss) are timed through the bot.
            let search = levels::search_config(name)?
                .filter(|c| c.budget.time.is_some() && !G::ROLLOUT_SEARCH);
            let t = Instant::now();
            match search {
                // The level's bot searches exactly so (every position has a choice): the
                // search is run directly to see whether the time limit stopped it.
                Some(search_config) => {
                    let mut search = Ismcts::<G>::new(search_config, i as u64);
                    let r = search.search(g, seat);
                    times.push(t.elapsed().as_secs_f64() * 1000.0);
                    let stopped = search_config
                        .budget
                        .iterations
                        .is_some_and(|n| r.iterations < n);
                    *capped.get_or_insert(0) += usize::from(stopped);
                }
                None => {
                    let mut bot = levels::make_bot::<G>(name, i as u64)?;
                    let a = bot.choose(g, seat);
                    times.push(t.elapsed().as_secs_f64() * 1000.0);
                    debug_assert!(g.check(seat, a).is_ok());
                }
            }
        }
        times.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
        println!(
            "{:<10} {:>10.1} {:>10.1} {:>10.1} {:>10.1} {:>10}",
            name,
            times.iter().sum::<f64>() / times.len() as f64,
            times[times.len() / 2],
            // The nearest rank: the smallest time at or above 95% of the decisions.
            times[(times.len() * 95).div_ceil(100) - 1],
            times[times.len() - 1],
            capped.map_or_else(|| "-".to_string(), |c| format!("{c}/{}", times.len()))
        );
    }
    Ok(())
}

/// The CPU time used so far by the calling thread (zero where it cannot be read).
fn thread_cpu() -> Duration {
    #[cfg(unix)]
    {
        let mut ts = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `clock_gettime` only writes the `timespec` it is handed.
        if unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) } == 0 {
            return Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32);
        }
    }
    Duration::ZERO
}

/// The thread's CPU seconds since `start`, or `wall` seconds where CPU time cannot be read.
fn cpu_seconds(start: Duration, wall: f64) -> f64 {
    let cpu = thread_cpu().saturating_sub(start).as_secs_f64();
    if cpu > 0.0 {
        cpu
    } else {
        wall
    }
}

/// The position halfway through a random game from `seed`, moved on to a real choice.
fn midgame<G: Playable>(config: &G::Config, seed: u64) -> Result<G> {
    let mut full = G::new(config, seed)?;
    let mut scratch = Scratch::default();
    let length = random_playout(
        &mut full,
        &mut ChaCha8Rng::seed_from_u64(seed),
        &mut scratch,
    )
    .decisions;
    let mut g = G::new(config, seed)?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut legal = Vec::new();
    let mut step = 0;
    while let Some(seat) = g.to_act().choose(&mut rng) {
        g.legal_actions(seat, &mut legal);
        if step >= length / 2 && legal.len() > 1 && g.must_act().contains(seat) {
            break;
        }
        let a = legal[rng.gen_range(0..legal.len())].clone();
        g.apply(seat, a, &mut Vec::new())
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        step += 1;
    }
    Ok(g)
}

/// `count` positions with a choice, spread along random games.
fn choice_positions<G: Playable>(config: &G::Config, count: usize) -> Result<Vec<G>> {
    let mut out = Vec::with_capacity(count);
    let mut seed = 500u64;
    let mut legal = Vec::new();
    while out.len() < count {
        let mut g = G::new(config, seed)?;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut step = 0u64;
        while let Some(seat) = g.to_act().choose(&mut rng) {
            g.legal_actions(seat, &mut legal);
            if legal.len() > 1
                && step % 37 == 11
                && out.len() < count
                && g.must_act().contains(seat)
            {
                out.push(g.clone());
            }
            let a = legal[rng.gen_range(0..legal.len())].clone();
            g.apply(seat, a, &mut Vec::new())
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            step += 1;
        }
        seed += 1;
    }
    Ok(out)
}
