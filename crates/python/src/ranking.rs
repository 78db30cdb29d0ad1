//! Search targets: a search bot's ranking of a seat's legal actions (visit shares and values),
//! from the same search as `boardroom hint` ([`boardroom_bots::rank_actions`]), which decides
//! from the seat's own knowledge only: it searches states drawn by `sample_hidden` for that
//! seat, so other seats' secrets never change its answer.

use crate::dyngame::{DynGame, Wrapped};
use crate::error::{Error, Kind, Result};
use boardroom_bots::{rank_actions, target_config, visit_shares, HintError, SearchConfig};
use boardroom_engine::Seat;
use boardroom_games::{visit, Playable, Visitor};

/// One ranked legal action.
#[derive(Clone, Debug, PartialEq)]
pub struct Ranked {
    /// Its index in the seat's legal list (`None` for an action the search tried that the list
    /// does not hold).
    pub index: Option<usize>,
    /// The game's notation.
    pub notation: String,
    /// Search iterations through it.
    pub visits: u32,
    /// Its share of all the iterations through the root's actions (0–1).
    pub share: f64,
    /// The seat's estimated chance to win after it (0–1, a shared title counting 1/k), or
    /// `None` when the search never tried it.
    pub value: Option<f64>,
}

/// How hard to search: a level name or a number of iterations.
#[derive(Clone, Debug)]
pub enum Effort {
    /// `easy`, `normal`, `hard` or `ismcts:N` (without the level's time limit).
    Level(String),
    /// Exactly this many iterations with the levels' other settings.
    Iterations(u32),
}

impl Effort {
    /// The search settings (never time-limited, so a seed reproduces the ranking).
    pub fn config(&self) -> Result<SearchConfig> {
        match self {
            Effort::Level(name) => {
                target_config(name).map_err(|e| Error::new(Kind::Bot, e.to_string()))
            }
            Effort::Iterations(0) => Err(Error::new(
                Kind::Bot,
                "iterations must be at least 1 (the search needs a budget)",
            )),
            Effort::Iterations(n) => Ok(SearchConfig::with_iterations(*n)),
        }
    }
}

struct Rank<'a> {
    game: &'a mut dyn DynGame,
    seat: Seat,
    config: SearchConfig,
    seed: u64,
}

impl Visitor for Rank<'_> {
    type Output = Result<Vec<Ranked>>;
    fn visit<G: Playable>(self) -> Self::Output {
        let id = self.game.id();
        let Some(w) = self.game.as_any_mut().downcast_mut::<Wrapped<G>>() else {
            return Err(Error::new(
                Kind::Bot,
                format!("the game {id} is not a {}", G::NAME),
            ));
        };
        let hints = rank_actions(&w.game, self.seat, self.config, self.seed).map_err(|e| {
            let kind = match e {
                HintError::NoSuchSeat { .. } => Kind::Seat,
                HintError::ZeroBudget => Kind::Bot,
                HintError::GameOver | HintError::NotToAct(_) => Kind::IllegalAction,
            };
            Error::new(kind, e.to_string())
        })?;
        let shares = visit_shares(&hints);
        Ok(hints
            .into_iter()
            .zip(shares)
            .map(|(h, share)| Ranked {
                index: w.index_of(self.seat, &h.action),
                notation: w.game.format_action(h.action),
                visits: h.visits,
                share,
                value: h.win_chance,
            })
            .collect())
    }
}

/// The legal actions of `seat` in `game` ranked best first (most visited first: the first is the
/// search bot's choice) by a search with `config` seeded with `seed`.
pub fn rank(
    game: &mut dyn DynGame,
    seat: Seat,
    config: SearchConfig,
    seed: u64,
) -> Result<Vec<Ranked>> {
    let id = game.id();
    visit(
        id,
        Rank {
            game,
            seat,
            config,
            seed,
        },
    )
    .map_err(|e| Error::new(Kind::UnknownGame, e.to_string()))?
}

/// One game's search targets as rows aligned to its legal list: `shares[i]` and `values[i]` for
/// legal index `i` (values NaN where the search never tried the action; both 0 beyond the
/// list); returns the chosen index (the most visited action's), or -1 when the list does not
/// hold it.
pub fn write_targets(ranked: &[Ranked], shares: &mut [f32], values: &mut [f32]) -> i64 {
    shares.fill(0.0);
    values.fill(0.0);
    for r in ranked {
        if let Some(i) = r.index.filter(|&i| i < shares.len()) {
            shares[i] = r.share as f32;
            values[i] = r.value.map_or(f32::NAN, |v| v as f32);
        }
    }
    ranked
        .first()
        .and_then(|r| r.index)
        .filter(|&i| i < shares.len())
        .map_or(-1, |i| i as i64)
}
