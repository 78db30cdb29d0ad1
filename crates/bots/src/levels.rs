//! Bots by name, as players choose them: `random`, `heuristic`, `heuristic-nodeal` (the
//! heuristic with the game's dealing switched off: it never makes, accepts or counters offers
//! and never lobbies, but still bids and votes in its own interest; for games without dealing
//! it plays exactly like `heuristic`), the levels `easy`, `normal`, `hard`, and `ismcts:N`
//! (search with exactly N iterations per decision). In games with negotiation the search levels
//! deal through the game's valuation ([`DealingSearch`]). In games that ask for it
//! ([`Evaluate::ROLLOUT_SEARCH`]) the levels are the reference player improved by policy
//! rollouts ([`RolloutSearch`]), with budgets [`rollout_config`]; `rollout:R:D` names such a
//! search with R rollouts per decision and depth D, `wide:R:D` the same search over the wider
//! choices of `normal` and `hard` (for measuring); either may add `:C` candidates and then
//! `:P`, the percentage of its decisions it searches ([`RolloutConfig::attention`]).

use crate::dealing::DealingSearch;
use crate::heuristic::HeuristicBot;
use crate::ismcts::{IsmctsBot, SearchConfig};
use crate::rollout::{RolloutConfig, RolloutSearch};
use boardroom_engine::evaluate::Evaluate;
use boardroom_engine::{Bot, RandomBot};
use std::time::Duration;
use thiserror::Error;

/// Search iterations per decision of the `easy` level.
pub const EASY_ITERATIONS: u32 = 200;
/// Search iterations per decision of the `normal` level.
pub const NORMAL_ITERATIONS: u32 = 1_000;
/// Search iterations per decision of the `hard` level (fewer where the game says more search
/// stops paying: [`Evaluate::useful_iterations`]).
pub const HARD_ITERATIONS: u32 = 50_000;
/// The `hard` level never thinks longer than this per decision: under a second at the 95th
/// percentile even when a busy machine stops the search short of its iterations.
pub const HARD_TIME_LIMIT: Duration = Duration::from_millis(900);

/// The `hard` level of a rollout search never thinks longer than this per decision.
pub const HARD_ROLLOUT_TIME_LIMIT: Duration = Duration::from_millis(800);

/// The rollout-search settings of a level name (`easy`, `normal`, `hard`, `rollout:R:D`,
/// `wide:R:D`), for games with [`Evaluate::ROLLOUT_SEARCH`]; `None` for other names. `easy`
/// searches half its decisions ([`EASY_ATTENTION`]), `normal` all of them over the bounded
/// candidate set; `hard` is a wide search ([`RolloutConfig::wide`]) that confirms its pick on
/// fresh rounds ([`RolloutConfig::confirm`]), as is `wide:R:D`; `rollout:R:D` is neither.
/// `normal` and `hard` look as many turns ahead at every table size
/// ([`RolloutConfig::scale_depth`]); `easy` and the names with a depth D play D decisions.
pub fn rollout_config(name: &str) -> Result<Option<RolloutConfig>, BotNameError> {
    let name = name.trim().to_ascii_lowercase();
    let level = |rollouts, depth, wide| RolloutConfig {
        rollouts,
        depth,
        scale_depth: false,
        z: 2.0,
        candidates: 6,
        time: None,
        wide,
        confirm: wide,
        attention: 100,
    };
    Ok(Some(match name.as_str() {
        "easy" => RolloutConfig {
            attention: EASY_ATTENTION,
            ..level(EASY_ROLLOUTS, EASY_DEPTH, false)
        },
        "normal" => RolloutConfig {
            scale_depth: true,
            ..level(NORMAL_ROLLOUTS, NORMAL_DEPTH, false)
        },
        "hard" => RolloutConfig {
            time: Some(HARD_ROLLOUT_TIME_LIMIT),
            candidates: HARD_CANDIDATES,
            scale_depth: true,
            ..level(HARD_ROLLOUTS, HARD_DEPTH, true)
        },
        other => {
            let (rest, wide) = match (other.strip_prefix("rollout:"), other.strip_prefix("wide:")) {
                (Some(rest), _) => (rest, false),
                (None, Some(rest)) => (rest, true),
                (None, None) => return Ok(None),
            };
            let parts: Vec<Option<u32>> = rest.split(':').map(|p| p.parse().ok()).collect();
            match parts[..] {
                [Some(r), Some(d)] if r > 0 => level(r, d, wide),
                [Some(r), Some(d), Some(c)] if r > 0 && c > 0 => RolloutConfig {
                    candidates: c as usize,
                    ..level(r, d, wide)
                },
                [Some(r), Some(d), Some(c), Some(p)] if r > 0 && c > 0 && p <= 100 => {
                    RolloutConfig {
                        candidates: c as usize,
                        attention: p as u8,
                        ..level(r, d, wide)
                    }
                }
                _ => return Err(BotNameError::BadRollout(other.to_string())),
            }
        }
    }))
}

/// Rollouts per decision of `easy` in rollout-search games.
pub const EASY_ROLLOUTS: u32 = 150;
/// Reference decisions per rollout of `easy`, at every table size.
pub const EASY_DEPTH: u32 = 20;
/// The share of its decisions, in percent, `easy` searches (the others it plays as the
/// reference player): the rollout search gains most of its strength within its first few dozen
/// rollouts, so a level below it searches less often rather than with fewer rollouts.
pub const EASY_ATTENTION: u8 = 50;
/// Rollouts per decision of `normal` in rollout-search games.
pub const NORMAL_ROLLOUTS: u32 = 150;
/// Reference decisions per rollout of `normal` at two players; more at a larger table
/// ([`RolloutConfig::scale_depth`]): 40 at four, where a 20-decision horizon left `normal` no
/// stronger than `easy`.
pub const NORMAL_DEPTH: u32 = 20;
/// Rollouts per decision of `hard` in rollout-search games (within
/// [`HARD_ROLLOUT_TIME_LIMIT`]).
pub const HARD_ROLLOUTS: u32 = 500;
/// Candidates of the bounded legal set `hard` weighs per decision (the others 6), besides the
/// wider choices.
pub const HARD_CANDIDATES: usize = 10;
/// Reference decisions per rollout of `hard` at two players, more at a larger table as for
/// `normal`.
pub const HARD_DEPTH: u32 = 20;

/// The bot names [`make_bot`] knows (besides `ismcts:N`).
pub const BOT_NAMES: &[&str] = &[
    "random",
    "heuristic",
    "heuristic-nodeal",
    "easy",
    "normal",
    "hard",
];

/// The bot names a game offers: all of [`BOT_NAMES`] for games with dealing
/// ([`Evaluate::DEALS`]); without `heuristic-nodeal` for the others, where it would play exactly
/// like `heuristic`.
pub fn bot_names<G: Evaluate>() -> &'static [&'static str] {
    const WITHOUT_DEALING: &[&str] = &["random", "heuristic", "easy", "normal", "hard"];
    if G::DEALS {
        BOT_NAMES
    } else {
        WITHOUT_DEALING
    }
}

/// A bot name that could not be understood.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum BotNameError {
    /// No bot has this name.
    #[error("unknown bot `{0}` (bots: random, heuristic, heuristic-nodeal, easy, normal, hard, ismcts:N)")]
    Unknown(String),
    /// `ismcts:N` with N not a positive number.
    #[error("bad search budget in `{0}`: N in ismcts:N must be a whole number of iterations of at least 1")]
    BadBudget(String),
    /// `rollout:R:D` without a positive whole R and a whole D.
    #[error("bad rollout budget in `{0}`: rollout:R:D[:C[:P]] needs R rollouts (at least 1), a depth D of whole decisions, and optionally C candidates (at least 1) and P, the percentage of decisions searched (0-100)")]
    BadRollout(String),
}

/// The search settings of a level name (`easy`, `normal`, `hard`, `ismcts:N`), or `None` for
/// names that are not search bots.
pub fn search_config(name: &str) -> Result<Option<SearchConfig>, BotNameError> {
    let name = name.trim().to_ascii_lowercase();
    Ok(Some(match name.as_str() {
        "random" | "heuristic" | "heuristic-nodeal" => return Ok(None),
        "easy" => SearchConfig::with_iterations(EASY_ITERATIONS),
        "normal" => SearchConfig::with_iterations(NORMAL_ITERATIONS),
        "hard" => {
            let mut c = SearchConfig::with_iterations(HARD_ITERATIONS);
            c.budget.time = Some(HARD_TIME_LIMIT);
            c.game_limit = true;
            c
        }
        other if other.starts_with("rollout:") || other.starts_with("wide:") => {
            rollout_config(other)?;
            return Ok(None);
        }
        other => match other.strip_prefix("ismcts:") {
            Some(n) => match n.parse::<u32>() {
                Ok(n) if n > 0 => SearchConfig::with_iterations(n),
                _ => return Err(BotNameError::BadBudget(other.to_string())),
            },
            None => return Err(BotNameError::Unknown(other.to_string())),
        },
    }))
}

/// Checks a bot name without building the bot.
pub fn validate_name(name: &str) -> Result<(), BotNameError> {
    search_config(name).map(|_| ())
}

/// Builds the bot called `name` (case-insensitive), seeded with `seed`.
pub fn make_bot<G: Evaluate>(name: &str, seed: u64) -> Result<Box<dyn Bot<G>>, BotNameError> {
    let key = name.trim().to_ascii_lowercase();
    Ok(match key.as_str() {
        "random" => Box::new(RandomBot::new(seed)),
        "heuristic" => Box::new(HeuristicBot::<G>::new(seed)),
        "heuristic-nodeal" => Box::new(HeuristicBot::<G>::without_dealing(seed)),
        _ if G::ROLLOUT_SEARCH || key.starts_with("rollout:") || key.starts_with("wide:") => {
            match rollout_config(&key)? {
                Some(config) => Box::new(RolloutSearch::<G>::new(key, config, seed)),
                None => {
                    let config = search_config(&key)?.expect("search names give a config");
                    Box::new(DealingSearch::new(
                        IsmctsBot::<G>::new(key, config, seed),
                        seed,
                    ))
                }
            }
        }
        _ => {
            let config = search_config(&key)?.expect("search names give a config");
            Box::new(DealingSearch::new(
                IsmctsBot::<G>::new(key, config, seed),
                seed,
            ))
        }
    })
}
