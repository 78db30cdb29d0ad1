//! `boardroom simulate`: many bot games on all cores, with a progress bar and a summary.
//!
//! Game *i* uses seed *S + i* and its bots are seeded from that game seed and their seat, so
//! the results do not depend on the number of threads (except for bots with a time budget,
//! whose work depends on the machine's speed). `--compare` runs the same seeds under several
//! rule sets; `--csv` writes one row per game; `--plot` draws an SVG (see [`crate::plot`]).

use crate::games::{CliGame, GameOptions};
use crate::seats::{make_bot, parse_bots};
use crate::stats::{quantiles, win_interval, Interval, Quantiles};
use anyhow::{bail, Context, Result};
use boardroom_engine::{Bot, Game};
use indicatif::{ProgressBar, ProgressStyle};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::PathBuf;
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
    /// One bot name per seat (default: random everywhere).
    pub bots: Option<Vec<String>>,
    /// Write one CSV row per game here.
    pub csv: Option<PathBuf>,
    /// Draw score distributions and win rates into this SVG file.
    pub plot: Option<PathBuf>,
    /// Rule sets to compare on the same seeds (e.g. `modern,classic`).
    pub compare: Option<Vec<String>>,
}

/// One finished game.
#[derive(Clone, Debug)]
pub struct GameResult {
    pub index: u64,
    pub seed: u64,
    pub rewards: Vec<f64>,
    pub scores: Vec<i64>,
    pub money: Vec<i64>,
    pub decisions: u64,
    /// Game-specific figures: final statistics and counted actions.
    pub stats: BTreeMap<&'static str, f64>,
}

/// The results of one bot, over all the seats it holds.
#[derive(Serialize, Debug, Clone)]
pub struct BotSummary {
    pub bot: String,
    pub seats: Vec<usize>,
    /// Share of the games' wins per seat it holds (1/k for a title shared by k).
    pub win_rate: f64,
    /// 95% confidence interval of `win_rate`.
    pub win_rate_ci: Interval,
    pub mean_score: f64,
    pub score_quantiles: Quantiles,
}

/// The summary printed at the end (and the JSON object of `--json`).
#[derive(Serialize, Debug, Clone)]
pub struct Summary {
    pub game: &'static str,
    pub config: String,
    pub players: usize,
    pub games: u64,
    pub seed: u64,
    pub threads: usize,
    /// The bot in each seat.
    pub bots: Vec<String>,
    /// Wins per seat; a shared title counts 1/k for each of the k winners.
    pub wins_by_seat: Vec<f64>,
    pub win_rate_by_seat: Vec<f64>,
    /// 95% confidence intervals (Wilson score) of the win rate by seat.
    pub win_rate_ci_by_seat: Vec<Interval>,
    pub by_bot: Vec<BotSummary>,
    pub mean_score_by_seat: Vec<f64>,
    /// Final money of every player of every game.
    pub money_quantiles: Quantiles,
    /// Final score of every player of every game.
    pub score_quantiles: Quantiles,
    pub mean_turns: f64,
    pub turns_quantiles: Quantiles,
    pub mean_decisions: f64,
    /// Game-specific figures, mean per game.
    pub stats: BTreeMap<&'static str, f64>,
    pub seconds: f64,
    pub games_per_second: f64,
}

/// A seat's player during a simulated game.
enum Player<G: Game> {
    /// Uniformly random, from the game's shared generator (cheap; no allocation).
    Random,
    Bot(Box<dyn Bot<G>>),
}

/// Plays game `index`: seed `base + index`, bots seeded from the game seed and their seat.
fn play_one<G: CliGame>(
    config: &G::Config,
    bots: &[String],
    base: u64,
    index: u64,
    legal: &mut Vec<G::Action>,
    events: &mut Vec<G::Event>,
) -> Result<GameResult> {
    let seed = base.wrapping_add(index);
    let mut game = G::new(config, seed)?;
    let n = game.num_players();
    let mut players: Vec<Player<G>> = Vec::with_capacity(n);
    for (seat, name) in bots.iter().enumerate() {
        players.push(if name == "random" {
            Player::Random
        } else {
            let bot_seed = seed
                .wrapping_mul(0x9e37_79b9_7f4a_7c15)
                .wrapping_add(seat as u64 + 1);
            Player::Bot(make_bot::<G>(name, bot_seed)?)
        });
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed_b075);
    let mut stats: BTreeMap<&'static str, f64> = BTreeMap::new();
    let mut decisions = 0u64;
    while let Some(seat) = game.to_act().first() {
        let action = match &mut players[seat] {
            Player::Random => {
                game.legal_actions(seat, legal);
                assert!(!legal.is_empty(), "seat {seat} must act but cannot");
                legal[rng.gen_range(0..legal.len())].clone()
            }
            Player::Bot(bot) => bot.choose(&game, seat),
        };
        if let Some(k) = game.action_stat(seat, action.clone()) {
            *stats.entry(k).or_insert(0.0) += 1.0;
        }
        events.clear();
        game.apply(seat, action.clone(), events)
            .map_err(|e| anyhow::anyhow!("bot chose an illegal action {action:?}: {e}"))?;
        decisions += 1;
    }
    let outcome = game.outcome().expect("the game is over");
    for (k, v) in game.final_stats() {
        stats.insert(k, v);
    }
    Ok(GameResult {
        index,
        seed,
        rewards: (0..n).map(|s| outcome.reward(s)).collect(),
        scores: outcome.scores.clone(),
        money: (0..n).map(|s| game.money(s)).collect(),
        decisions,
        stats,
    })
}

/// Plays `games` games of `config` on `threads` threads; returns them in index order and the
/// seconds taken.
fn run_games<G: CliGame>(
    config: &G::Config,
    bots: &[String],
    opt: &SimOptions,
    threads: usize,
    label: &str,
) -> Result<(Vec<GameResult>, f64)> {
    let bar = ProgressBar::new(opt.games);
    bar.set_style(
        ProgressStyle::with_template(
            "{spinner} {msg} [{elapsed_precise}] {wide_bar} {pos}/{len} games ({per_sec}, ETA {eta})",
        )
        .expect("valid template"),
    );
    bar.set_message(label.to_string());
    let next = AtomicU64::new(0);
    let results = Mutex::new(Vec::with_capacity(opt.games as usize));
    let failure: Mutex<Option<anyhow::Error>> = Mutex::new(None);
    let start = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut legal = Vec::with_capacity(128);
                let mut events = Vec::with_capacity(32);
                let mut local = Vec::new();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= opt.games {
                        break;
                    }
                    match play_one::<G>(config, bots, opt.seed, i, &mut legal, &mut events) {
                        Ok(r) => local.push(r),
                        Err(e) => {
                            *failure.lock().expect("no panics while locked") = Some(e);
                            next.store(opt.games, Ordering::Relaxed);
                            break;
                        }
                    }
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
    if let Some(e) = failure.into_inner().expect("threads joined") {
        return Err(e);
    }
    let mut results = results.into_inner().expect("threads joined");
    results.sort_by_key(|r| r.index);
    Ok((results, seconds))
}

/// Summarises finished games.
fn summarize<G: CliGame>(
    config: &G::Config,
    bots: &[String],
    results: &[GameResult],
    opt: &SimOptions,
    threads: usize,
    seconds: f64,
) -> Summary {
    let n = results.len() as f64;
    let p = bots.len();
    let wins: Vec<f64> = (0..p)
        .map(|s| results.iter().map(|r| r.rewards[s]).sum())
        .collect();
    let mut stats = BTreeMap::new();
    for r in results {
        for (&k, &v) in &r.stats {
            *stats.entry(k).or_insert(0.0) += v / n;
        }
    }
    // Counters every game may lack (no sell-and-pass in a game) still appear, as zero.
    for r in results {
        for &k in r.stats.keys() {
            stats.entry(k).or_insert(0.0);
        }
    }
    let mut names: Vec<String> = bots.to_vec();
    names.sort();
    names.dedup();
    let by_bot = names
        .into_iter()
        .map(|name| {
            let seats: Vec<usize> = (0..p).filter(|&s| bots[s] == name).collect();
            let per_game: Vec<f64> = results
                .iter()
                .map(|r| seats.iter().map(|&s| r.rewards[s]).sum::<f64>() / seats.len() as f64)
                .collect();
            let scores: Vec<f64> = results
                .iter()
                .flat_map(|r| seats.iter().map(|&s| r.scores[s] as f64))
                .collect();
            let win_rate = per_game.iter().sum::<f64>() / n;
            BotSummary {
                win_rate,
                win_rate_ci: win_interval(&per_game, seats.len()),
                mean_score: scores.iter().sum::<f64>() / scores.len() as f64,
                score_quantiles: quantiles(&scores),
                bot: name,
                seats,
            }
        })
        .collect();
    let all = |f: &dyn Fn(&GameResult) -> Vec<i64>| -> Vec<f64> {
        results
            .iter()
            .flat_map(|r| f(r).into_iter().map(|v| v as f64))
            .collect()
    };
    let turns: Vec<f64> = results
        .iter()
        .map(|r| r.stats.get("turns").copied().unwrap_or(0.0))
        .collect();
    Summary {
        game: G::NAME,
        config: G::describe_config(config),
        players: p,
        games: opt.games,
        seed: opt.seed,
        threads,
        bots: bots.to_vec(),
        win_rate_by_seat: wins.iter().map(|w| w / n).collect(),
        win_rate_ci_by_seat: (0..p)
            .map(|s| {
                let v: Vec<f64> = results.iter().map(|r| r.rewards[s]).collect();
                win_interval(&v, 1)
            })
            .collect(),
        wins_by_seat: wins,
        by_bot,
        mean_score_by_seat: (0..p)
            .map(|s| results.iter().map(|r| r.scores[s] as f64).sum::<f64>() / n)
            .collect(),
        money_quantiles: quantiles(&all(&|r| r.money.clone())),
        score_quantiles: quantiles(&all(&|r| r.scores.clone())),
        mean_turns: stats.get("turns").copied().unwrap_or(0.0),
        turns_quantiles: quantiles(&turns),
        mean_decisions: results.iter().map(|r| r.decisions as f64).sum::<f64>() / n,
        stats,
        seconds,
        games_per_second: n / seconds.max(1e-9),
    }
}

/// One simulated configuration: its label, summary and games.
pub struct Run {
    pub label: String,
    pub summary: Summary,
    pub results: Vec<GameResult>,
}

/// Runs the simulation and prints the summary.
pub fn run<G: CliGame>(opt: SimOptions) -> Result<()> {
    if opt.games == 0 {
        bail!("--games must be at least 1");
    }
    let threads = opt
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    if threads == 0 {
        bail!("--threads must be at least 1");
    }
    let bots = match &opt.bots {
        Some(list) => {
            let bots = parse_bots(list)?;
            if bots.len() != opt.game.players {
                bail!(
                    "--bots names {} bot{} but the table has {} players (--players {}): give one bot per seat",
                    bots.len(),
                    if bots.len() == 1 { "" } else { "s" },
                    opt.game.players,
                    opt.game.players
                );
            }
            bots
        }
        None => vec!["random".to_string(); opt.game.players],
    };
    let editions: Vec<Option<String>> = match &opt.compare {
        Some(list) => {
            if list.len() < 2 {
                bail!("--compare needs at least two rule sets, e.g. --compare modern,classic");
            }
            if opt.game.edition.is_some() {
                bail!("--compare chooses the rule sets: leave out --edition");
            }
            list.iter().map(|e| Some(e.trim().to_string())).collect()
        }
        None => vec![opt.game.edition.clone()],
    };
    // Check every configuration before playing anything.
    let mut configs = Vec::new();
    for e in &editions {
        let mut go = opt.game.clone();
        go.edition = e.clone();
        configs.push(G::make_config(&go)?);
    }
    let mut runs = Vec::new();
    for config in &configs {
        let label = G::describe_config(config);
        let (results, seconds) = run_games::<G>(config, &bots, &opt, threads, &label)?;
        let summary = summarize::<G>(config, &bots, &results, &opt, threads, seconds);
        runs.push(Run {
            label,
            summary,
            results,
        });
    }
    if let Some(path) = &opt.csv {
        write_csv(path, &runs).with_context(|| format!("cannot write {}", path.display()))?;
    }
    if let Some(path) = &opt.plot {
        crate::plot::draw::<G>(path, &runs)
            .with_context(|| format!("cannot draw {}", path.display()))?;
    }
    if opt.json {
        if runs.len() == 1 {
            println!("{}", serde_json::to_string(&runs[0].summary)?);
        } else {
            let all: Vec<&Summary> = runs.iter().map(|r| &r.summary).collect();
            println!("{}", serde_json::json!({ "compare": all }));
        }
    } else if runs.len() == 1 {
        print_table::<G>(&runs[0].summary);
    } else {
        print_comparison::<G>(&runs);
    }
    Ok(())
}

/// One row per game: run label, index, seed, decisions, game figures, then per seat the bot,
/// score, money and reward.
fn write_csv(path: &PathBuf, runs: &[Run]) -> Result<()> {
    let mut w = csv::Writer::from_path(path)?;
    let players = runs[0].summary.players;
    let mut keys: Vec<&'static str> = Vec::new();
    for run in runs {
        for r in &run.results {
            for &k in r.stats.keys() {
                if !keys.contains(&k) {
                    keys.push(k);
                }
            }
        }
    }
    keys.sort();
    let mut header: Vec<String> = vec![
        "config".into(),
        "game".into(),
        "seed".into(),
        "decisions".into(),
    ];
    header.extend(keys.iter().map(|k| k.to_string()));
    for s in 0..players {
        for f in ["bot", "score", "money", "reward"] {
            header.push(format!("seat{s}_{f}"));
        }
    }
    w.write_record(&header)?;
    for run in runs {
        for r in &run.results {
            let mut row: Vec<String> = vec![
                run.label.clone(),
                r.index.to_string(),
                r.seed.to_string(),
                r.decisions.to_string(),
            ];
            row.extend(
                keys.iter()
                    .map(|k| r.stats.get(k).copied().unwrap_or(0.0).to_string()),
            );
            for s in 0..players {
                row.push(run.summary.bots[s].clone());
                row.push(r.scores[s].to_string());
                row.push(r.money[s].to_string());
                row.push(r.rewards[s].to_string());
            }
            w.write_record(&row)?;
        }
    }
    w.flush()?;
    Ok(())
}

fn pct(i: &Interval) -> String {
    format!("[{:.1}, {:.1}]", 100.0 * i.low, 100.0 * i.high)
}

fn print_table<G: CliGame>(s: &Summary) {
    println!(
        "{}: {} games from seed {} on {} thread{}",
        s.config,
        s.games,
        s.seed,
        s.threads,
        if s.threads == 1 { "" } else { "s" }
    );
    println!();
    println!(
        "{:<8} {:<12} {:>8} {:>8} {:>16} {:>11}",
        "seat", "bot", "wins", "win %", "95% CI", "mean score"
    );
    for seat in 0..s.players {
        println!(
            "{:<8} {:<12} {:>8.1} {:>7.1}% {:>16} {:>11.1}",
            G::seat_name(seat),
            s.bots[seat],
            s.wins_by_seat[seat],
            100.0 * s.win_rate_by_seat[seat],
            pct(&s.win_rate_ci_by_seat[seat]),
            s.mean_score_by_seat[seat],
        );
    }
    println!();
    println!(
        "{:<12} {:>6} {:>12} {:>16} {:>11}",
        "bot", "seats", "win %/seat", "95% CI", "mean score"
    );
    for b in &s.by_bot {
        println!(
            "{:<12} {:>6} {:>11.1}% {:>16} {:>11.1}",
            b.bot,
            b.seats.len(),
            100.0 * b.win_rate,
            pct(&b.win_rate_ci),
            b.mean_score
        );
    }
    println!();
    println!("{:<28}{}", "final money", s.money_quantiles);
    println!("{:<28}{}", "final score", s.score_quantiles);
    println!("{:<28}{}", "turns per game", s.turns_quantiles);
    println!("{:<28}{:>10.1}", "decisions per game", s.mean_decisions);
    for (k, v) in &s.stats {
        println!(
            "{:<28}{:>10.2}",
            format!("{} per game", k.replace('_', " ")),
            v
        );
    }
    let digits = if s.games_per_second < 10.0 { 3 } else { 1 };
    println!(
        "{:.digits$} games per second ({:.2} s)",
        s.games_per_second, s.seconds
    );
}

fn print_comparison<G: CliGame>(runs: &[Run]) {
    let s0 = &runs[0].summary;
    println!(
        "{} games per rule set from seed {} (same seeds), bots: {}",
        s0.games,
        s0.seed,
        s0.bots.join(",")
    );
    println!();
    let width = runs
        .iter()
        .map(|r| r.label.len())
        .max()
        .unwrap_or(0)
        .max(24)
        + 2;
    let mut head = format!("{:<30}", "");
    for r in runs {
        head.push_str(&format!("{:>width$}", r.label));
    }
    println!("{head}");
    let line = |name: &str, f: &dyn Fn(&Summary) -> String| {
        let mut l = format!("{name:<30}");
        for r in runs {
            l.push_str(&format!("{:>width$}", f(&r.summary)));
        }
        println!("{l}");
    };
    for seat in 0..s0.players {
        line(
            &format!("win % {} ({})", G::seat_name(seat), s0.bots[seat]),
            &|s| {
                format!(
                    "{:.1} {}",
                    100.0 * s.win_rate_by_seat[seat],
                    pct(&s.win_rate_ci_by_seat[seat])
                )
            },
        );
    }
    for (i, b) in s0.by_bot.iter().enumerate() {
        line(&format!("win %/seat {}", b.bot), &|s| {
            format!(
                "{:.1} {}",
                100.0 * s.by_bot[i].win_rate,
                pct(&s.by_bot[i].win_rate_ci)
            )
        });
    }
    line("median final money", &|s| {
        format!("{:.0}", s.money_quantiles.p50)
    });
    line("median final score", &|s| {
        format!("{:.0}", s.score_quantiles.p50)
    });
    line("mean turns", &|s| format!("{:.1}", s.mean_turns));
    line("mean decisions", &|s| format!("{:.1}", s.mean_decisions));
    let mut keys: Vec<&'static str> = Vec::new();
    for r in runs {
        for &k in r.summary.stats.keys() {
            if !keys.contains(&k) {
                keys.push(k);
            }
        }
    }
    keys.sort();
    for k in keys {
        line(&format!("{} per game", k.replace('_', " ")), &|s| {
            format!("{:.2}", s.stats.get(k).copied().unwrap_or(0.0))
        });
    }
}
