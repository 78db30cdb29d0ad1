//! # boardroom-bots
//!
//! Bots for every Boardroom game, written against the engine's [`boardroom_engine::Game`]
//! trait. They never cheat: a bot decides from states drawn by
//! [`boardroom_engine::Game::sample_hidden`] for its own seat, which depend only on what that
//! seat may know, so its choice does not change when only other players' secrets do.
//!
//! * [`Evaluate`] (from the engine) — the game knowledge the bots need (what a position is worth
//!   to each seat), and [`win_chances`]; each game implements it in its own crate.
//! * [`heuristic`] — [`HeuristicBot`]: greedy on the evaluation over its own decisions until the
//!   turn passes.
//! * [`ismcts`] — [`IsmctsBot`]: information-set Monte Carlo tree search with one value per
//!   seat, an iteration and/or time budget, random or evaluation cut-off rollouts.
//! * [`dealing`] — [`DealingSearch`]: the search levels in negotiation games, dealing through
//!   the game's valuation and searching every other decision.
//! * [`levels`] — bots by name: `random`, `heuristic`, `easy`, `normal`, `hard`, `ismcts:N`.
//! * [`hint`] — [`rank_actions`]: the legal actions ranked with estimated win chances (hints,
//!   and search targets for learning: [`target_config`]).
//! * [`gauntlet`] — fixed simple policies (first or lowest-id legal action, random, the
//!   game's scripted strategies) as bots, which every level must hold to its fair share.
//! * [`seat`] — [`SeatKind`]: who sits in a seat of a table, a person or a [`BotLevel`].
//!
//! A bot is made by name for any game that implements `Evaluate`
//! (`make_bot::<G>("easy", seed)`) and asked for a seat's action with `Bot::choose`;
//! `tests/it/bots.rs` shows it on every game.

pub mod dealing;
pub mod gauntlet;
pub mod heuristic;
pub mod hint;
pub mod ismcts;
pub mod levels;
pub mod rollout;
pub mod seat;

pub use boardroom_engine::evaluate::{advantage, win_chances, Evaluate};
pub use dealing::DealingSearch;
pub use gauntlet::{is_policy, make_policy, policy_names, PolicyNameError};
pub use heuristic::HeuristicBot;
pub use hint::{
    hint_seat, rank_actions, rank_actions_guided, rank_moves, target_config, Hint, HintError,
    RankedMove,
};
pub use ismcts::{
    ActionStats, Budget, Ismcts, IsmctsBot, Playout, Rollout, SearchConfig, SearchResult,
};
pub use levels::{
    bot_names, make_bot, rollout_config, search_config, validate_name, BotNameError, BOT_NAMES,
};
pub use rollout::{RolloutConfig, RolloutSearch};
pub use seat::{BotLevel, SeatKind};
