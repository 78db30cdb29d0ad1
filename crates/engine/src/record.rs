//! A game as its config, its seed and its actions, and replaying it.
//!
//! A record is all that is needed to reproduce a game bit for bit: saving, resuming, spectating,
//! replays and bug reports all go through it.

use crate::game::Game;
use crate::seat::Seat;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// One action of a record: who acted and what they did, in the game's notation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordedAction {
    /// The acting seat.
    pub seat: Seat,
    /// The action in the game's notation.
    pub action: String,
}

/// A complete game record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound = "C: Serialize + serde::de::DeserializeOwned")]
pub struct Record<C> {
    /// The game's identifier ([`Game::NAME`]).
    pub game: String,
    /// The table configuration.
    pub config: C,
    /// The seed that set the game up.
    pub seed: u64,
    /// Every accepted action, in order.
    pub actions: Vec<RecordedAction>,
}

/// One replayed step: the action and the events it caused.
#[derive(Clone, Debug)]
pub struct ReplayStep<G: Game> {
    /// The acting seat.
    pub seat: Seat,
    /// The action.
    pub action: G::Action,
    /// The events it caused (unredacted).
    pub events: Vec<G::Event>,
}

/// Why a record could not be replayed.
#[derive(Debug, Error)]
pub enum ReplayError {
    /// The record belongs to another game.
    #[error("record is for game `{found}`, not `{expected}`")]
    WrongGame {
        /// The game this replayer handles.
        expected: &'static str,
        /// The game named in the record.
        found: String,
    },
    /// The configuration is unusable.
    #[error(transparent)]
    Config(#[from] crate::error::ConfigError),
    /// An action could not be read.
    #[error("action {index} (seat {seat}): {source}")]
    Notation {
        /// Index of the action in the record.
        index: usize,
        /// Its seat.
        seat: Seat,
        /// The notation error.
        source: crate::error::NotationError,
    },
    /// An action broke a rule.
    #[error("action {index} (seat {seat}, `{action}`): {reason}")]
    Illegal {
        /// Index of the action in the record.
        index: usize,
        /// Its seat.
        seat: Seat,
        /// The action as written.
        action: String,
        /// The broken rule.
        reason: String,
    },
}

impl<C> Record<C> {
    /// An empty record of game `game`.
    pub fn new(game: &str, config: C, seed: u64) -> Self {
        Record {
            game: game.to_string(),
            config,
            seed,
            actions: Vec::new(),
        }
    }
}

impl<C: Clone> Record<C> {
    /// Replays the record, returning the final state and every step.
    pub fn replay<G: Game<Config = C>>(&self) -> Result<(G, Vec<ReplayStep<G>>), ReplayError> {
        let mut steps = Vec::with_capacity(self.actions.len());
        let game = self.replay_with(|step| steps.push(step))?;
        Ok((game, steps))
    }

    /// Replays the record, handing each step to `visit`, and returns the final state.
    pub fn replay_with<G: Game<Config = C>>(
        &self,
        mut visit: impl FnMut(ReplayStep<G>),
    ) -> Result<G, ReplayError> {
        if self.game != G::NAME {
            return Err(ReplayError::WrongGame {
                expected: G::NAME,
                found: self.game.clone(),
            });
        }
        let mut game = G::new(&self.config, self.seed)?;
        for (index, rec) in self.actions.iter().enumerate() {
            let action =
                game.parse_action(&rec.action)
                    .map_err(|source| ReplayError::Notation {
                        index,
                        seat: rec.seat,
                        source,
                    })?;
            let mut events = Vec::new();
            game.apply(rec.seat, action.clone(), &mut events)
                .map_err(|e| ReplayError::Illegal {
                    index,
                    seat: rec.seat,
                    action: rec.action.clone(),
                    reason: e.to_string(),
                })?;
            visit(ReplayStep {
                seat: rec.seat,
                action,
                events,
            });
        }
        Ok(game)
    }
}
