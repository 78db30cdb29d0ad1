//! `boardroom gauntlet`: every fixed simple policy of the bots' gauntlet
//! ([`boardroom_bots::gauntlet`]) against one bot level, for any game of the registry.
//!
//! Each policy plays `--games` games against `players − 1` copies of the level with the seats
//! rotated (game i seats the policy at seat i mod players), on the simulator's threads and
//! seeds (game i uses seed S + i, so a run repeats exactly, except for levels with a time
//! budget). The policy's win share counts a shared title 1/k, as the simulator does; its 95%
//! interval is Wilson's. A policy passes when its share is at most its fair share plus five
//! points (55% at two players, 30% at four).

use crate::options::{config, GivenOptions};
use crate::seats::parse_bots;
use crate::simulate::{run_games, GameResult};
use crate::stats::{wilson, Interval};
use anyhow::{bail, Result};
use boardroom_registry::{Playable, Visitor};
use serde::Serialize;

/// How far above its fair share a policy may win and still pass.
pub const MARGIN: f64 = 0.05;

/// Options of `boardroom gauntlet`.
pub struct GauntletOptions {
    /// Players per game.
    pub players: usize,
    /// The game's options as given.
    pub options: GivenOptions,
    /// The bot level every policy plays against.
    pub level: String,
    /// Games per policy (rounded up to a multiple of the players).
    pub games: u64,
    /// Seed of the first game.
    pub seed: u64,
    /// Worker threads (default: all cores).
    pub threads: Option<usize>,
    /// The policies to play (default: all of the game's).
    pub policies: Option<Vec<String>>,
    /// Print one JSON object instead of a table.
    pub json: bool,
}

/// `boardroom gauntlet` for the game the registry finds.
pub struct Gauntlet(pub GauntletOptions);

impl Visitor for Gauntlet {
    type Output = Result<()>;
    fn visit<G: Playable>(self) -> Result<()> {
        run::<G>(&self.0)
    }
}

/// One policy's results against the level.
#[derive(Serialize, Debug, Clone)]
pub struct PolicyRow {
    /// The policy's name.
    pub policy: String,
    /// Games played.
    pub games: u64,
    /// The policy's share of the wins (a title shared by k counts 1/k).
    pub share: f64,
    /// 95% interval (Wilson) of `share`.
    pub interval: Interval,
    /// The fair share, 1 / players.
    pub par: f64,
    /// The most the policy may win for the level to pass: par plus five points.
    pub bar: f64,
    /// Whether the level held the policy to the bar.
    pub pass: bool,
    /// The policy's mean final score.
    pub policy_score: f64,
    /// The level's mean final score (over its seats).
    pub level_score: f64,
}

/// The row of one policy from its games (the policy is bot 0 of every game).
pub fn row(policy: &str, players: usize, results: &[GameResult]) -> PolicyRow {
    let n = results.len().max(1) as f64;
    let mut share = 0.0;
    let mut policy_score = 0.0;
    let mut level_score = 0.0;
    for r in results {
        for (seat, &slot) in r.slots.iter().enumerate() {
            if slot == 0 {
                share += r.rewards[seat];
                policy_score += r.scores[seat] as f64;
            } else {
                level_score += r.scores[seat] as f64 / (players - 1).max(1) as f64;
            }
        }
    }
    let share = share / n;
    let par = 1.0 / players as f64;
    let bar = par + MARGIN;
    PolicyRow {
        policy: policy.to_string(),
        games: results.len() as u64,
        share,
        interval: wilson(share, n),
        par,
        bar,
        // A hair of tolerance for the rounding of shared titles.
        pass: share <= bar + 1e-9,
        policy_score: policy_score / n,
        level_score: level_score / n,
    }
}

fn run<G: Playable>(opt: &GauntletOptions) -> Result<()> {
    if opt.games == 0 {
        bail!("--games must be at least 1");
    }
    if opt.players < 2 {
        bail!("--players must be at least 2: a policy plays against the level");
    }
    let threads = opt
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    if threads == 0 {
        bail!("--threads must be at least 1");
    }
    let level = parse_bots(std::slice::from_ref(&opt.level))?.remove(0);
    let known = boardroom_bots::policy_names::<G>();
    let policies: Vec<String> = match &opt.policies {
        None => known.clone(),
        Some(list) => {
            let mut out = Vec::new();
            for p in list {
                let p = p.trim().to_ascii_lowercase();
                if !boardroom_bots::is_policy::<G>(&p) {
                    bail!(
                        "unknown policy `{p}` for {} (policies: {})",
                        G::TITLE,
                        known.join(", ")
                    );
                }
                out.push(p);
            }
            out
        }
    };
    let config = config::<G>(opt.players, None, &opt.options)?;
    let players = opt.players as u64;
    // Every seat held equally often by the policy.
    let games = opt.games.div_ceil(players) * players;
    let mut rows = Vec::new();
    for policy in &policies {
        let mut bots = vec![policy.clone()];
        bots.extend(std::iter::repeat_n(level.clone(), opt.players - 1));
        let label = format!("{policy} against {level}");
        let (results, _) = run_games::<G>(
            &config,
            &bots,
            true,
            games,
            opt.seed,
            threads,
            &label,
            &crate::words::Words::english(),
        )?;
        let r = row(policy, opt.players, &results);
        if !opt.json {
            print_row(&r);
        }
        rows.push(r);
    }
    if opt.json {
        println!(
            "{}",
            serde_json::json!({
                "game": G::NAME,
                "config": G::describe_config(&config, boardroom_i18n::ENGLISH),
                "players": opt.players,
                "level": level,
                "seed": opt.seed,
                "policies": rows,
            })
        );
    } else {
        let failed = rows.iter().filter(|r| !r.pass).count();
        println!(
            "{}: {level} against {} policies at {} players, {games} games each: {}",
            G::describe_config(&config, boardroom_i18n::ENGLISH),
            rows.len(),
            opt.players,
            if failed == 0 {
                "every policy held to its bar".to_string()
            } else {
                format!("{failed} above the bar")
            }
        );
    }
    Ok(())
}

/// One line of the table, printed as soon as the policy's games are played.
fn print_row(r: &PolicyRow) {
    println!(
        "{:<22} {:>5} games  share {:>5.1}% [{:>5.1}, {:>5.1}]  par {:>4.1}%  bar {:>4.1}%  {}  score {:.0} vs {:.0}",
        r.policy,
        r.games,
        100.0 * r.share,
        100.0 * r.interval.low,
        100.0 * r.interval.high,
        100.0 * r.par,
        100.0 * r.bar,
        if r.pass { "pass" } else { "FAIL" },
        r.policy_score,
        r.level_score,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    fn game(slots: Vec<usize>, rewards: Vec<f64>) -> GameResult {
        GameResult {
            index: 0,
            seed: 0,
            scores: vec![0; slots.len()],
            money: vec![0; slots.len()],
            decisions: 0,
            stats: BTreeMap::new(),
            rewards,
            slots,
        }
    }

    #[test]
    fn the_policy_share_follows_its_seat_and_counts_shared_titles_in_part() {
        // The policy (bot 0) wins game 1 from seat 1, shares game 2's title with one other.
        let results = vec![
            game(vec![0, 1], vec![0.0, 1.0]),
            game(vec![1, 0], vec![0.0, 1.0]),
            game(vec![0, 1], vec![0.5, 0.5]),
            game(vec![1, 0], vec![1.0, 0.0]),
        ];
        let r = row("first", 2, &results);
        assert!((r.share - 1.5 / 4.0).abs() < 1e-12, "{r:?}");
        assert!(r.pass && (r.bar - 0.55).abs() < 1e-12);
        let lost = vec![game(vec![0, 1], vec![1.0, 0.0]); 3];
        let r = row("first", 2, &lost);
        assert!(!r.pass && r.interval.low > 0.3, "{r:?}");
        // At four players the bar is 30%.
        let four = vec![game(vec![2, 0, 1, 3], vec![0.0, 0.3, 0.0, 0.7])];
        let r = row("first", 4, &four);
        assert!((r.bar - 0.30).abs() < 1e-12 && r.pass, "{r:?}");
    }
}
