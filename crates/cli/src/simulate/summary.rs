//! The summary of a simulated configuration: win rates with confidence intervals by seat and
//! by bot, score and money distributions, and the game's own figures per game.

use super::results::{BotSummary, GameResult, Summary};
use crate::stats::{quantiles, win_interval};
use boardroom_registry::Playable;
use std::collections::BTreeMap;

/// Summarises finished games.
pub fn summarize<G: Playable>(
    config: &G::Config,
    bots: &[String],
    rotated: bool,
    results: &[GameResult],
    seed: u64,
    threads: usize,
    seconds: f64,
) -> Summary {
    let n = results.len() as f64;
    let p = bots.len();
    let wins: Vec<f64> = (0..p)
        .map(|s| results.iter().map(|r| r.rewards[s]).sum())
        .collect();
    // Summed by the names' addresses first (a few names, one address each as a rule), then by
    // name; counters some games lack (no sell-and-pass in a game) still appear, as zero.
    let mut sums: Vec<(&'static str, f64)> = Vec::new();
    for r in results {
        for (&k, &v) in &r.stats {
            match sums.iter_mut().find(|(name, _)| std::ptr::eq(*name, k)) {
                Some((_, sum)) => *sum += v,
                None => sums.push((k, v)),
            }
        }
    }
    let mut stats = BTreeMap::new();
    for (k, sum) in sums {
        *stats.entry(k).or_insert(0.0) += sum / n;
    }
    let mut names: Vec<String> = bots.to_vec();
    names.sort();
    names.dedup();
    let by_bot = names
        .into_iter()
        .map(|name| {
            let seats: Vec<usize> = (0..p).filter(|&k| bots[k] == name).collect();
            // Whether the bot at each place of the list is this one (compared once, not per game).
            let is_it: Vec<bool> = bots.iter().map(|b| *b == name).collect();
            // The seats the bot holds in game r.
            let held =
                |r: &GameResult| -> Vec<usize> { (0..p).filter(|&s| is_it[r.slots[s]]).collect() };
            let per_game: Vec<f64> = results
                .iter()
                .map(|r| held(r).iter().map(|&s| r.rewards[s]).sum::<f64>() / seats.len() as f64)
                .collect();
            let scores: Vec<f64> = results
                .iter()
                .flat_map(|r| held(r).into_iter().map(|s| r.scores[s] as f64))
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
        config: G::describe_config(config, boardroom_i18n::ENGLISH),
        players: p,
        games: results.len() as u64,
        seed,
        threads,
        bots: bots.to_vec(),
        rotated,
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
