//! A game as its config, its seed and its actions, and replaying it.
//!
//! A record is all that is needed to reproduce a game bit for bit: saving, resuming, spectating,
//! replays and bug reports all go through it.

use crate::game::Game;
use crate::seat::{Seat, CLOCK};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// One action of a record: who acted and what they did, in the game's notation. A player's
/// action is written `{"seat": 2, "action": "…"}`; a timeout of a live table's clock
/// ([`CLOCK`]) `{"by": "clock", "action": "…"}`; an action its player took back at a live
/// table stays in the record with `"undone": true`, and replays skip it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "RawAction", into = "RawAction")]
pub struct RecordedAction {
    /// The acting seat ([`CLOCK`] for the clock).
    pub seat: Seat,
    /// The action in the game's notation.
    pub action: String,
    /// Whether the player took it back (a live table's undo): kept for the record, skipped
    /// when replaying.
    pub undone: bool,
}

impl RecordedAction {
    /// An action of `seat` (not undone).
    pub fn new(seat: Seat, action: impl Into<String>) -> Self {
        RecordedAction {
            seat,
            action: action.into(),
            undone: false,
        }
    }
}

/// A recorded action as written in JSON.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAction {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    seat: Option<Seat>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    by: Option<String>,
    action: String,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    undone: bool,
}

impl From<RecordedAction> for RawAction {
    fn from(a: RecordedAction) -> Self {
        if a.seat == CLOCK {
            RawAction {
                seat: None,
                by: Some("clock".into()),
                action: a.action,
                undone: a.undone,
            }
        } else {
            RawAction {
                seat: Some(a.seat),
                by: None,
                action: a.action,
                undone: a.undone,
            }
        }
    }
}

impl TryFrom<RawAction> for RecordedAction {
    type Error = String;
    fn try_from(r: RawAction) -> Result<Self, String> {
        let seat = match (r.seat, r.by.as_deref()) {
            (Some(s), None) if s != CLOCK => s,
            (None, Some("clock")) => CLOCK,
            (Some(_), Some(_)) => {
                return Err("an action has either a `seat` or `\"by\": \"clock\"`, not both".into())
            }
            (None, Some(other)) => {
                return Err(format!(
                    "`by` is `{}`; the only actor besides seats is `clock`",
                    other.chars().take(40).collect::<String>()
                ))
            }
            _ => return Err("an action needs its `seat` (or `\"by\": \"clock\"`)".into()),
        };
        Ok(RecordedAction {
            seat,
            action: r.action,
            undone: r.undone,
        })
    }
}

/// Who acted, in words for messages: `seat 2` or `the clock`.
pub fn actor(seat: Seat) -> String {
    if seat == CLOCK {
        "the clock".into()
    } else {
        format!("seat {seat}")
    }
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
    /// Every accepted action, in order (those taken back marked `undone`).
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
    #[error("action {index} ({}): {source}", actor(*seat))]
    Notation {
        /// Index of the action in the record.
        index: usize,
        /// Its seat.
        seat: Seat,
        /// The notation error.
        source: crate::error::NotationError,
    },
    /// An action broke a rule.
    #[error("action {index} ({}, `{action}`): {reason}", actor(*seat))]
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

    /// Replays the record, handing each step to `visit`, and returns the final state. Actions
    /// marked undone are skipped (they are not steps).
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
            if rec.undone {
                continue;
            }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_actions_are_written_by_clock() {
        let a = RecordedAction::new(CLOCK, "timeout bid");
        let text = serde_json::to_string(&a).unwrap();
        assert_eq!(text, r#"{"by":"clock","action":"timeout bid"}"#);
        assert_eq!(serde_json::from_str::<RecordedAction>(&text).unwrap(), a);
        let p = RecordedAction::new(2, "end");
        let text = serde_json::to_string(&p).unwrap();
        assert_eq!(text, r#"{"seat":2,"action":"end"}"#);
        assert_eq!(serde_json::from_str::<RecordedAction>(&text).unwrap(), p);
        let u = RecordedAction {
            undone: true,
            ..p.clone()
        };
        let text = serde_json::to_string(&u).unwrap();
        assert_eq!(text, r#"{"seat":2,"action":"end","undone":true}"#);
        assert_eq!(serde_json::from_str::<RecordedAction>(&text).unwrap(), u);
        for bad in [
            r#"{"action":"end"}"#,
            r#"{"seat":1,"by":"clock","action":"end"}"#,
            r#"{"by":"wind","action":"end"}"#,
            r#"{"seat":18446744073709551615,"action":"end"}"#,
        ] {
            assert!(
                serde_json::from_str::<RecordedAction>(bad).is_err(),
                "{bad}"
            );
        }
    }
}
