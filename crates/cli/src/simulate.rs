//! `boardroom simulate`: many bot games on all cores, with a progress bar and a summary.

use crate::games::{CliGame, GameOptions};
use anyhow::{bail, Result};
use boardroom_engine::playout::{random_playout, Scratch};
use indicatif::{ProgressBar, ProgressStyle};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// Options of `boardroom simulate`.
pub struct SimOptions {
    pub game: GameOptions,
    pub games: u64,
    pub seed: u64,
    pub threads: Option<usize>,
    pub json: bool,
}

/// One finished game.
#[derive(Clone, Debug)]
struct GameResult {
    index: u64,
    rewards: Vec<f64>,
    scores: Vec<i64>,
    decisions: u64,
    stats: Vec<(&'static str, f64)>,
}

/// The summary printed at the end (and the JSON object of `--json`).
#[derive(Serialize, Debug)]
struct Summary {
    game: &'static str,
    config: String,
    players: usize,
    games: u64,
    seed: u64,
    threads: usize,
    /// Wins per seat; a shared title counts 1/k for each of the k winners.
    wins_by_seat: Vec<f64>,
    win_rate_by_seat: Vec<f64>,
    mean_score_by_seat: Vec<f64>,
    mean_turns: f64,
    mean_decisions: f64,
    /// Game-specific figures, mean per game.
    stats: BTreeMap<&'static str, f64>,
    seconds: f64,
    games_per_second: f64,
}

/// Plays game `index`: seed `base + index`, random bots seeded from the game seed, so results do
/// not depend on the number of threads.
fn play_one<G: CliGame>(
    config: &G::Config,
    base: u64,
    index: u64,
    scratch: &mut Scratch<G>,
) -> GameResult {
    let seed = base.wrapping_add(index);
    let mut game = G::new(config, seed).expect("config validated");
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed_b075);
    let played = random_playout(&mut game, &mut rng, scratch);
    let outcome = game.outcome().expect("playout ends the game");
    let n = game.num_players();
    GameResult {
        index,
        rewards: (0..n).map(|s| outcome.reward(s)).collect(),
        scores: outcome.scores.clone(),
        decisions: played.decisions,
        stats: game.final_stats(),
    }
}

/// Runs the simulation and prints the summary.
pub fn run<G: CliGame>(opt: SimOptions) -> Result<()> {
    let config = G::make_config(&opt.game)?;
    if opt.games == 0 {
        bail!("--games must be at least 1");
    }
    let threads = opt
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    if threads == 0 {
        bail!("--threads must be at least 1");
    }
    let bar = ProgressBar::new(opt.games);
    bar.set_style(
        ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} games ({per_sec}, ETA {eta})",
        )
        .expect("valid template"),
    );
    let next = AtomicU64::new(0);
    let results = Mutex::new(Vec::with_capacity(opt.games as usize));
    let start = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut scratch = Scratch::default();
                let mut local = Vec::new();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= opt.games {
                        break;
                    }
                    local.push(play_one::<G>(&config, opt.seed, i, &mut scratch));
                    bar.inc(1);
                }
                results
                    .lock()
                    .expect("no panics while locked")
                    .extend(local);
            });
        }
    });
    let seconds = start.elapsed().as_secs_f64();
    bar.finish_and_clear();
    let mut results = results.into_inner().expect("threads joined");
    results.sort_by_key(|r| r.index);

    let n = results.len() as f64;
    let p = results[0].rewards.len();
    let mean_by_seat = |f: &dyn Fn(&GameResult, usize) -> f64| -> Vec<f64> {
        (0..p)
            .map(|s| results.iter().map(|r| f(r, s)).sum::<f64>() / n)
            .collect()
    };
    let wins: Vec<f64> = (0..p)
        .map(|s| results.iter().map(|r| r.rewards[s]).sum())
        .collect();
    let mut stats = BTreeMap::new();
    for r in &results {
        for &(k, v) in &r.stats {
            *stats.entry(k).or_insert(0.0) += v / n;
        }
    }
    let summary = Summary {
        game: G::NAME,
        config: G::describe_config(&config),
        players: p,
        games: opt.games,
        seed: opt.seed,
        threads,
        win_rate_by_seat: wins.iter().map(|w| w / n).collect(),
        wins_by_seat: wins,
        mean_score_by_seat: mean_by_seat(&|r, s| r.scores[s] as f64),
        mean_turns: stats.get("turns").copied().unwrap_or(0.0),
        mean_decisions: results.iter().map(|r| r.decisions as f64).sum::<f64>() / n,
        stats,
        seconds,
        games_per_second: n / seconds.max(1e-9),
    };
    if opt.json {
        println!("{}", serde_json::to_string(&summary)?);
    } else {
        print_table::<G>(&summary);
    }
    Ok(())
}

fn print_table<G: CliGame>(s: &Summary) {
    println!(
        "{}: {} random-bot games from seed {} on {} thread{}",
        s.config,
        s.games,
        s.seed,
        s.threads,
        if s.threads == 1 { "" } else { "s" }
    );
    println!();
    println!(
        "{:<8} {:>8} {:>8} {:>11}",
        "seat", "wins", "win %", "mean score"
    );
    for seat in 0..s.players {
        println!(
            "{:<8} {:>8.1} {:>7.1}% {:>11.1}",
            G::seat_name(seat),
            s.wins_by_seat[seat],
            100.0 * s.win_rate_by_seat[seat],
            s.mean_score_by_seat[seat],
        );
    }
    println!();
    println!("{:<28}{:>10.1}", "decisions per game", s.mean_decisions);
    for (k, v) in &s.stats {
        println!(
            "{:<28}{:>10.2}",
            format!("{} per game", k.replace('_', " ")),
            v
        );
    }
    println!(
        "{:.0} games per second ({:.2} s)",
        s.games_per_second, s.seconds
    );
}
