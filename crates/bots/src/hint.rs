//! Hints: the legal actions of a position ranked for a player, with estimated win chances.

use crate::ismcts::{Ismcts, SearchConfig, SearchResult};
use boardroom_engine::evaluate::Evaluate;
use boardroom_engine::{Game, Present, Seat};
use thiserror::Error;

/// One ranked action.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hint<A> {
    /// The action.
    pub action: A,
    /// The estimated chance that the viewer wins after playing it (0–1; a shared title counts
    /// 1/k), or `None` when the search never tried it.
    pub win_chance: Option<f64>,
    /// How many search iterations went through it (how sure the estimate is).
    pub visits: u32,
}

/// Why no hint can be given.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum HintError {
    /// The game is over.
    #[error("the game is over: there is nothing to decide")]
    GameOver,
    /// The viewer is not a seat of this table.
    #[error("seat {seat} is not at this table (seats 0-{last})")]
    NoSuchSeat {
        /// The seat asked for.
        seat: Seat,
        /// The last seat of the table.
        last: Seat,
    },
    /// The viewer may not act now.
    #[error("seat {0} may not act now, so it has no actions to rank")]
    NotToAct(Seat),
    /// The search budget is zero.
    #[error("the search budget must be at least 1 iteration")]
    ZeroBudget,
}

/// Ranks the legal actions of `viewer` in `game`, best first, by a search that uses only what
/// `viewer` may know (see [`Ismcts::search`]). `seed` makes the answer reproducible.
pub fn rank_actions<G: Evaluate>(
    game: &G,
    viewer: Seat,
    config: SearchConfig,
    seed: u64,
) -> Result<Vec<Hint<G::Action>>, HintError> {
    check_rankable(game, viewer, &config)?;
    let result = Ismcts::<G>::new(config, seed).search(game, viewer);
    Ok(hints_of(result))
}

/// Ranks like [`rank_actions`], with the search guided at the root by `prior` (a weight per
/// legal action) and exploration constant `c` (see [`Ismcts::search_guided`]): how a learned
/// policy steers the search.
pub fn rank_actions_guided<G: Evaluate>(
    game: &G,
    viewer: Seat,
    config: SearchConfig,
    seed: u64,
    prior: impl Fn(&G::Action) -> f64,
    c: f64,
) -> Result<Vec<Hint<G::Action>>, HintError> {
    check_rankable(game, viewer, &config)?;
    let result = Ismcts::<G>::new(config, seed).search_guided(game, viewer, prior, c);
    Ok(hints_of(result))
}

/// Why `viewer` cannot have its actions ranked in `game` with `config`, if it cannot.
fn check_rankable<G: Game>(game: &G, viewer: Seat, config: &SearchConfig) -> Result<(), HintError> {
    if game.is_over() {
        return Err(HintError::GameOver);
    }
    if viewer >= game.num_players() {
        return Err(HintError::NoSuchSeat {
            seat: viewer,
            last: game.num_players() - 1,
        });
    }
    if !game.to_act().contains(viewer) {
        return Err(HintError::NotToAct(viewer));
    }
    if !config.budget.is_valid() {
        return Err(HintError::ZeroBudget);
    }
    Ok(())
}

fn hints_of<A>(result: SearchResult<A>) -> Vec<Hint<A>> {
    result
        .actions
        .into_iter()
        .map(|s| Hint {
            action: s.action,
            win_chance: (s.visits > 0).then_some(s.value),
            visits: s.visits,
        })
        .collect()
}

/// The seat a hint is for when the asker names none: the first seat the game waits for, else
/// the first seat that may act; `None` once the game is over.
pub fn hint_seat<G: Game>(game: &G) -> Option<Seat> {
    game.must_act().first().or(game.to_act().first())
}

/// One ranked action in words: what the command line prints and the browser shows.
#[derive(Clone, Debug, PartialEq)]
pub struct RankedMove {
    /// The action in the game's notation.
    pub notation: String,
    /// Its label (`Present::action_view`).
    pub label: String,
    /// What it does, briefly; may be empty.
    pub effect: String,
    /// The estimated chance that the viewer wins after playing it (see [`Hint::win_chance`]).
    pub win_chance: Option<f64>,
    /// Search iterations through it.
    pub visits: u32,
}

/// The legal actions of `viewer` ranked best first by [`rank_actions`] (so from `viewer`'s
/// own knowledge only), each with its notation, and its label and effect in language `lang`:
/// the one function behind `boardroom hint` and the browser's hints.
pub fn rank_moves<G: Evaluate + Present>(
    game: &G,
    viewer: Seat,
    config: SearchConfig,
    seed: u64,
    lang: &str,
) -> Result<Vec<RankedMove>, HintError> {
    Ok(rank_actions(game, viewer, config, seed)?
        .into_iter()
        .map(|h| {
            let view = game.action_view(viewer, &h.action, lang);
            RankedMove {
                notation: game.format_action(h.action),
                label: view.label,
                effect: view.effect,
                win_chance: h.win_chance,
                visits: h.visits,
            }
        })
        .collect())
}

/// The search settings of a level name (`easy`, `normal`, `hard`, `ismcts:N`) for search
/// targets: the level's iterations without its time limit, so that the same seed gives the same
/// ranking on any machine and under any load. Names of bots that do not search are refused.
pub fn target_config(name: &str) -> Result<SearchConfig, crate::BotNameError> {
    match crate::search_config(name)? {
        Some(mut config) => {
            config.budget.time = None;
            Ok(config)
        }
        None => Err(crate::BotNameError::Unknown(format!(
            "{} (no search to rank moves by: use easy, normal, hard or ismcts:N)",
            name.trim()
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn target_configs_keep_iterations_and_drop_time_limits() {
        let hard = target_config("hard").unwrap();
        assert_eq!(hard.budget.time, None);
        assert_eq!(hard.budget.iterations, Some(crate::levels::HARD_ITERATIONS));
        assert_eq!(
            target_config("ismcts:7").unwrap().budget.iterations,
            Some(7)
        );
        assert!(target_config("heuristic").is_err());
        assert!(target_config("ismcts:0").is_err());
    }
}
