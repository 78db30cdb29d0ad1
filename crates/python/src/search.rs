//! Search targets: the built-in search's ranking of a seat's legal actions (what `boardroom
//! hint` computes: the information-set search of the bots, from the seat's own knowledge only),
//! as visit shares and win chances per action, for learning code that imitates a search.

use crate::dyngame::Wrapped;
use crate::error::{Error, Kind, Result};
use boardroom_bots::{rank_actions, rank_actions_guided, target_config, SearchConfig};
use boardroom_engine::Seat;
use boardroom_registry::Playable;

/// One ranked action.
#[derive(Clone, Debug, PartialEq)]
pub struct Ranked {
    /// Its index in the action space (`None`: outside the fixed space).
    pub index: Option<usize>,
    /// Its notation.
    pub notation: String,
    /// Search iterations through it.
    pub visits: u32,
    /// The estimated chance that the seat wins after it (`None`: never tried).
    pub win_chance: Option<f64>,
}

/// The search settings of search targets: a level's (`easy`, `normal`, `hard`, `ismcts:N`)
/// when `level` is given, else `iterations` iterations with the levels' other settings; never
/// time-limited, so that a seed gives the same targets on any machine and under any load.
pub fn target_search(iterations: u32, level: Option<&str>) -> Result<SearchConfig> {
    match level {
        Some(name) => target_config(name).map_err(|e| Error::new(Kind::Bot, e.to_string())),
        None if iterations == 0 => Err(Error::new(Kind::Config, "iterations must be at least 1")),
        None => Ok(SearchConfig::with_iterations(iterations)),
    }
}

impl<G: Playable> Wrapped<G> {
    /// `seat`'s legal actions ranked best first by a search with `config` seeded with `seed`;
    /// with `prior` (a row over the action space and the exploration constant), the search is
    /// guided at the root by the row's weights ([`boardroom_bots::rank_actions_guided`]).
    pub(crate) fn ranked(
        &mut self,
        seat: Seat,
        config: SearchConfig,
        seed: u64,
        prior: Option<(&[f32], f64)>,
    ) -> Result<Vec<Ranked>> {
        self.check_seat(seat)?;
        let hints = match prior {
            None => rank_actions(&self.game, seat, config, seed),
            Some((row, c)) => {
                self.fill(seat);
                let weights: Vec<f64> = (self.legal.iter().enumerate())
                    .map(|(p, a)| {
                        let i = self.space_index(seat, p, a);
                        i.and_then(|i| row.get(i)).map_or(0.0, |&w| f64::from(w))
                    })
                    .collect();
                let legal = &self.legal;
                let prior = |a: &G::Action| {
                    legal
                        .iter()
                        .position(|x| x == a)
                        .map_or(0.0, |p| weights[p])
                };
                rank_actions_guided(&self.game, seat, config, seed, prior, c)
            }
        }
        .map_err(|e| Error::new(Kind::IllegalAction, e.to_string()))?;
        Ok(hints
            .into_iter()
            .map(|h| Ranked {
                index: self.mode_index(seat, &h.action),
                notation: self.game.format_action(h.action),
                visits: h.visits,
                win_chance: h.win_chance,
            })
            .collect())
    }
}

/// Writes `ranked` as a visit-share row (summing to 1 over the indexed actions) and a
/// win-chance row (NaN where no ranked action is) of the action space.
pub fn write_targets(ranked: &[Ranked], policy: &mut [f32], value: &mut [f32]) {
    policy.fill(0.0);
    value.fill(f32::NAN);
    let total: u32 = ranked
        .iter()
        .filter(|r| r.index.is_some_and(|i| i < policy.len()))
        .map(|r| r.visits)
        .sum();
    for r in ranked {
        let Some(i) = r.index.filter(|&i| i < policy.len()) else {
            continue;
        };
        if total > 0 {
            policy[i] = r.visits as f32 / total as f32;
        }
        if let Some(w) = r.win_chance {
            value[i] = w as f32;
        }
    }
}
