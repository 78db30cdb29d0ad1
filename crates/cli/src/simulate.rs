//! `boardroom simulate`: many random-bot games on all cores, with a progress bar and a summary.

use anyhow::Result;
use boardroom_bigboss::{BigBoss, Config, Edition, EndReason, Phase};
use boardroom_engine::playout::{random_playout, Scratch};
use boardroom_engine::Game;
use indicatif::{ProgressBar, ProgressStyle};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// Options of `boardroom simulate`.
pub struct SimOptions {
    pub edition: Edition,
    pub players: usize,
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
    money: Vec<i64>,
    turns: u32,
    decisions: u64,
    all_passed: bool,
}

/// The summary printed at the end (and the JSON object of `--json`).
#[derive(Serialize, Debug)]
struct Summary {
    game: &'static str,
    edition: Edition,
    players: usize,
    games: u64,
    seed: u64,
    threads: usize,
    /// Wins per seat; a shared title counts 1/k for each of the k winners.
    wins_by_seat: Vec<f64>,
    win_rate_by_seat: Vec<f64>,
    mean_score_by_seat: Vec<f64>,
    mean_money_by_seat: Vec<f64>,
    mean_turns: f64,
    mean_decisions: f64,
    all_passed_endings: u64,
    seconds: f64,
    games_per_second: f64,
}

/// Plays game `index`: seed `base + index`, random bots seeded from the game seed, so results do
/// not depend on the number of threads.
fn play_one(config: &Config, base: u64, index: u64, scratch: &mut Scratch<BigBoss>) -> GameResult {
    let seed = base.wrapping_add(index);
    let mut game = BigBoss::new(config, seed).expect("config validated");
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed_b075);
    let stats = random_playout(&mut game, &mut rng, scratch);
    let outcome = game.outcome().expect("playout ends the game");
    GameResult {
        index,
        rewards: (0..config.players).map(|s| outcome.reward(s)).collect(),
        scores: outcome.scores.clone(),
        money: (0..config.players)
            .map(|s| game.player(s).money as i64)
            .collect(),
        turns: game.turn(),
        decisions: stats.decisions,
        all_passed: game.phase()
            == Phase::Over {
                reason: EndReason::AllPassed,
            },
    }
}

pub fn run(opt: SimOptions) -> Result<()> {
    let config = Config::new(opt.edition, opt.players);
    config.validate()?;
    if opt.games == 0 {
        anyhow::bail!("--games must be at least 1");
    }
    let threads = opt
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    if threads == 0 {
        anyhow::bail!("--threads must be at least 1");
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
                    local.push(play_one(&config, opt.seed, i, &mut scratch));
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
    let p = opt.players;
    let sum_by_seat = |f: &dyn Fn(&GameResult, usize) -> f64| -> Vec<f64> {
        (0..p)
            .map(|s| results.iter().map(|r| f(r, s)).sum())
            .collect()
    };
    let wins = sum_by_seat(&|r, s| r.rewards[s]);
    let summary = Summary {
        game: "big-boss",
        edition: opt.edition,
        players: p,
        games: opt.games,
        seed: opt.seed,
        threads,
        win_rate_by_seat: wins.iter().map(|w| w / n).collect(),
        wins_by_seat: wins,
        mean_score_by_seat: sum_by_seat(&|r, s| r.scores[s] as f64)
            .iter()
            .map(|x| x / n)
            .collect(),
        mean_money_by_seat: sum_by_seat(&|r, s| r.money[s] as f64)
            .iter()
            .map(|x| x / n)
            .collect(),
        mean_turns: results.iter().map(|r| r.turns as f64).sum::<f64>() / n,
        mean_decisions: results.iter().map(|r| r.decisions as f64).sum::<f64>() / n,
        all_passed_endings: results.iter().filter(|r| r.all_passed).count() as u64,
        seconds,
        games_per_second: n / seconds.max(1e-9),
    };
    if opt.json {
        println!("{}", serde_json::to_string(&summary)?);
    } else {
        print_table(&summary);
    }
    Ok(())
}

fn print_table(s: &Summary) {
    println!(
        "Big Boss ({}), {} players, {} random-bot games from seed {} on {} thread{}",
        s.edition,
        s.players,
        s.games,
        s.seed,
        s.threads,
        if s.threads == 1 { "" } else { "s" }
    );
    println!();
    println!(
        "{:<8} {:>8} {:>8} {:>11} {:>11}",
        "seat", "wins", "win %", "mean score", "mean money"
    );
    for seat in 0..s.players {
        println!(
            "{:<8} {:>8.1} {:>7.1}% {:>11.1} {:>11.1}",
            crate::tools::seat_name(seat),
            s.wins_by_seat[seat],
            100.0 * s.win_rate_by_seat[seat],
            s.mean_score_by_seat[seat],
            s.mean_money_by_seat[seat]
        );
    }
    println!();
    println!("mean turns per game      {:.1}", s.mean_turns);
    println!("mean decisions per game  {:.1}", s.mean_decisions);
    println!("games ended by all passing  {}", s.all_passed_endings);
    println!(
        "{:.0} games per second ({:.2} s)",
        s.games_per_second, s.seconds
    );
}
