//! What a simulation produces: one [`GameResult`] per game, a [`Summary`] per configuration,
//! and a [`Run`] holding both. Plain data: the report, the CSV and the plot read it.

use crate::stats::{Interval, Quantiles};
use serde::Serialize;
use std::collections::BTreeMap;

/// One finished game.
#[derive(Clone, Debug)]
pub struct GameResult {
    /// The game's index in the run (its seed is the run's seed plus this).
    pub index: u64,
    /// The game's seed.
    pub seed: u64,
    /// Each seat's share of the win (1/k for a title shared by k).
    pub rewards: Vec<f64>,
    /// Each seat's final score.
    pub scores: Vec<i64>,
    /// Each seat's final money.
    pub money: Vec<i64>,
    /// Actions played.
    pub decisions: u64,
    /// Game-specific figures: final statistics and counted actions.
    pub stats: BTreeMap<&'static str, f64>,
    /// The bot at each seat, as its index in the run's list of bots (the seat itself unless
    /// the seats were rotated).
    pub slots: Vec<usize>,
}

/// The results of one bot, over all the seats it holds.
#[derive(Serialize, Debug, Clone)]
pub struct BotSummary {
    /// The bot's name.
    pub bot: String,
    /// Its places in the list of bots (the seats it holds, unless the seats were rotated).
    pub seats: Vec<usize>,
    /// Share of the games' wins per seat it holds (1/k for a title shared by k).
    pub win_rate: f64,
    /// 95% confidence interval of `win_rate`.
    pub win_rate_ci: Interval,
    /// Mean final score over its seats.
    pub mean_score: f64,
    /// Distribution of its seats' final scores.
    pub score_quantiles: Quantiles,
}

/// The summary printed at the end (and the JSON object of `--json`).
#[derive(Serialize, Debug, Clone)]
pub struct Summary {
    /// The game's id.
    pub game: &'static str,
    /// The configuration in words.
    pub config: String,
    /// Players per game.
    pub players: usize,
    /// Games played.
    pub games: u64,
    /// Seed of the first game.
    pub seed: u64,
    /// Worker threads.
    pub threads: usize,
    /// The bot in each seat (with `rotated`, the bots of the first game).
    pub bots: Vec<String>,
    /// Whether the bots were rotated through the seats, game by game.
    pub rotated: bool,
    /// Wins per seat; a shared title counts 1/k for each of the k winners.
    pub wins_by_seat: Vec<f64>,
    /// Wins per seat divided by the games.
    pub win_rate_by_seat: Vec<f64>,
    /// 95% confidence intervals (Wilson score) of the win rate by seat.
    pub win_rate_ci_by_seat: Vec<Interval>,
    /// The results of each bot.
    pub by_bot: Vec<BotSummary>,
    /// Mean final score by seat.
    pub mean_score_by_seat: Vec<f64>,
    /// Final money of every player of every game.
    pub money_quantiles: Quantiles,
    /// Final score of every player of every game.
    pub score_quantiles: Quantiles,
    /// Mean turns (or rounds) per game.
    pub mean_turns: f64,
    /// Distribution of turns per game.
    pub turns_quantiles: Quantiles,
    /// Mean actions per game.
    pub mean_decisions: f64,
    /// Game-specific figures, mean per game.
    pub stats: BTreeMap<&'static str, f64>,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Games per wall-clock second.
    pub games_per_second: f64,
}

/// One simulated configuration: its label, the seats' names, its summary and games.
pub struct Run {
    /// The configuration in words (a column heading when comparing).
    pub label: String,
    /// The name of each seat.
    pub seat_names: Vec<String>,
    /// The summary.
    pub summary: Summary,
    /// Every game, in index order.
    pub results: Vec<GameResult>,
}
