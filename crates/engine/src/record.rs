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
/// table stays in the record with `"undone": true`, and replays skip it. A seat's action
/// played in its person's place says so with `by` beside its seat (see [`By`]): replays play
/// it for the seat like any other.
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
    /// Who played it for the seat: its player, or a stand-in in their place.
    pub by: By,
}

/// Who played a seat's action at a live table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum By {
    /// The seat's own player (a person or the seat's bot); the clock for [`CLOCK`]'s actions.
    #[default]
    Player,
    /// The table's clock, when the seat's time ran out: the first action of the stand-in that
    /// plays the seat from then on (`{"seat": 1, "by": "clock", …}`).
    Clock,
    /// The stand-in bot playing the seat while its person is away
    /// (`{"seat": 1, "by": "standin", …}`).
    StandIn,
}

impl By {
    /// The word written in records and logs (`None` for the player's own actions).
    pub fn word(self) -> Option<&'static str> {
        match self {
            By::Player => None,
            By::Clock => Some("clock"),
            By::StandIn => Some("standin"),
        }
    }

    /// The actor named by `word` (as [`By::word`] writes it).
    pub fn from_word(word: Option<&str>) -> Option<By> {
        match word {
            None => Some(By::Player),
            Some("clock") => Some(By::Clock),
            Some("standin") => Some(By::StandIn),
            Some(_) => None,
        }
    }
}

impl RecordedAction {
    /// An action of `seat` (not undone).
    pub fn new(seat: Seat, action: impl Into<String>) -> Self {
        RecordedAction {
            seat,
            action: action.into(),
            undone: false,
            by: By::Player,
        }
    }

    /// An action played for `seat` by `by`.
    pub fn by(seat: Seat, action: impl Into<String>, by: By) -> Self {
        RecordedAction {
            by,
            ..RecordedAction::new(seat, action)
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
                by: a.by.word().map(str::to_string),
                action: a.action,
                undone: a.undone,
            }
        }
    }
}

impl TryFrom<RawAction> for RecordedAction {
    type Error = String;
    fn try_from(r: RawAction) -> Result<Self, String> {
        let (seat, by) = match (r.seat, r.by.as_deref()) {
            (Some(s), by) if s != CLOCK => match By::from_word(by) {
                Some(by) => (s, by),
                None => {
                    return Err(format!(
                        "`by` is `{}`; a seat's action is played by `clock` or `standin` in its \
                         player's place",
                        by.unwrap_or_default().chars().take(40).collect::<String>()
                    ))
                }
            },
            (None, Some("clock")) => (CLOCK, By::Player),
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
            by,
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
    /// The rules revision the game was played under ([`Game::RULES_REVISION`]); written on
    /// every record, read as 1 when absent (records from before revisions were kept).
    #[serde(default = "first_revision")]
    pub rules: u32,
    /// The table configuration.
    pub config: C,
    /// The seed that set the game up.
    pub seed: u64,
    /// Every accepted action, in order (those taken back marked `undone`).
    pub actions: Vec<RecordedAction>,
}

/// The revision of a record or stored table that does not say: every one written before
/// revisions were kept was played under the first.
pub fn first_revision() -> u32 {
    1
}

/// A record or stored table played under rules that this code does not replay.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RevisionError {
    /// Played under a revision newer than this code knows (made by a newer version).
    #[error(
        "this record was played under rules revision {found} of {game}, newer than the \
         revision this program plays ({current}): replay it with a newer version of Boardroom"
    )]
    Newer {
        /// The game's identifier.
        game: &'static str,
        /// The record's revision.
        found: u32,
        /// The revision this code plays.
        current: u32,
    },
    /// Played under an older revision that the game no longer replays identically.
    #[error(
        "this record was played under rules revision {found} of {game}; this program plays \
         revision {current}, which no longer replays it (an older version of Boardroom does)"
    )]
    Retired {
        /// The game's identifier.
        game: &'static str,
        /// The record's revision.
        found: u32,
        /// The revision this code plays.
        current: u32,
    },
}

/// Whether a record played under rules revision `revision` of `G` replays with this code:
/// `Ok` for the current revision and the older ones `G` declares it still replays
/// ([`Game::replays_revision`]).
pub fn check_revision<G: Game>(revision: u32) -> Result<(), RevisionError> {
    let current = G::RULES_REVISION;
    if revision > current {
        Err(RevisionError::Newer {
            game: G::NAME,
            found: revision,
            current,
        })
    } else if revision != current && !G::replays_revision(revision) {
        Err(RevisionError::Retired {
            game: G::NAME,
            found: revision,
            current,
        })
    } else {
        Ok(())
    }
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
    /// The record was played under rules this code does not replay.
    #[error(transparent)]
    Revision(#[from] RevisionError),
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
    /// An empty record of game `G`, under the rules revision this code plays.
    pub fn new<G: Game<Config = C>>(config: C, seed: u64) -> Self {
        Record {
            game: G::NAME.to_string(),
            rules: G::RULES_REVISION,
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
    /// marked undone are skipped (they are not steps). A record of rules `G` does not replay
    /// (see [`check_revision`]) is refused before anything is replayed.
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
        check_revision::<G>(self.rules)?;
        replay_actions::<G, ()>(
            &self.config,
            self.seed,
            self.rules,
            &self.actions,
            |_| (),
            |step, _| {
                if let (false, Some(action)) = (step.undone, step.action) {
                    visit(ReplayStep {
                        seat: step.seat,
                        action,
                        events: step.events,
                    });
                }
            },
        )
    }
}

/// One stored action as [`replay_actions`] hands it over, live or taken back.
#[derive(Debug)]
pub struct Replayed<G: Game, T> {
    /// Its number in the record.
    pub index: usize,
    /// Who acted ([`CLOCK`] for the clock).
    pub seat: Seat,
    /// Whether it was taken back.
    pub undone: bool,
    /// The action read back (`None` only for an action taken back that no longer reads on
    /// the state it was most likely played on: it changes nothing, so it cannot fail a
    /// replay).
    pub action: Option<G::Action>,
    /// Its events (unredacted); for an action taken back, the events it had on the state it
    /// was most likely played on (see [`replay_actions`]).
    pub events: Vec<G::Event>,
    /// What the caller's `before` took from the state the action was played on.
    pub before: T,
}

/// The one replay of stored actions, used wherever a record becomes a game again (a table's
/// restart, its log, replay frames, take-backs, record downloads, `db check`, `boardroom
/// replay`).
///
/// The game is `config` and `seed` under rules revision `revision` ([`Game::new_under`]) with
/// every action not taken back applied in order; an
/// action taken back changes nothing. Each action, live or taken back, is handed to `visit`
/// with the game as it stands after it, and `before` is called on the state it was played on.
///
/// An action taken back was played on a state that the record does not pin down exactly:
/// `A B`, both taken back, may be "A, B, back, back" (B played after A) or "A, back, B, back"
/// (B played without A). Take-backs remove the last live action, so the states a taken-back
/// action may have been played on are the live state and the states after each taken-back
/// action just before it that could still have stood under it. They are kept as a stack, and
/// each taken-back action is read on the highest state where it is legal (most often a line of
/// play undone move by move), which then stands under the next ones. Only the events of a
/// taken-back action depend on this choice, never the game: one that reads nowhere is handed
/// over without an action or events and never fails the replay.
pub fn replay_actions<G: Game, T>(
    config: &G::Config,
    seed: u64,
    revision: u32,
    actions: &[RecordedAction],
    mut before: impl FnMut(&G) -> T,
    mut visit: impl FnMut(Replayed<G, T>, &G),
) -> Result<G, ReplayError> {
    let mut game = G::new_under(config, seed, revision)?;
    // The states that may stand under the next taken-back action, above the live state.
    let mut branch: Vec<G> = Vec::new();
    for (index, rec) in actions.iter().enumerate() {
        if rec.undone {
            let mut played = None;
            for level in (0..=branch.len()).rev() {
                let mut state = if level == 0 {
                    game.clone()
                } else {
                    branch[level - 1].clone()
                };
                let Ok(action) = state.parse_action(&rec.action) else {
                    continue;
                };
                let taken = before(&state);
                let mut events = Vec::new();
                if state.apply(rec.seat, action.clone(), &mut events).is_ok() {
                    branch.truncate(level);
                    played = Some((state, action, events, taken));
                    break;
                }
            }
            let step = match played {
                Some((state, action, events, taken)) => {
                    branch.push(state);
                    Replayed {
                        index,
                        seat: rec.seat,
                        undone: true,
                        action: Some(action),
                        events,
                        before: taken,
                    }
                }
                None => Replayed {
                    index,
                    seat: rec.seat,
                    undone: true,
                    action: None,
                    events: Vec::new(),
                    before: before(&game),
                },
            };
            visit(step, &game);
            continue;
        }
        branch.clear();
        let action = game
            .parse_action(&rec.action)
            .map_err(|source| ReplayError::Notation {
                index,
                seat: rec.seat,
                source,
            })?;
        let taken = before(&game);
        let mut events = Vec::new();
        game.apply(rec.seat, action.clone(), &mut events)
            .map_err(|e| ReplayError::Illegal {
                index,
                seat: rec.seat,
                action: rec.action.clone(),
                reason: e.to_string(),
            })?;
        visit(
            Replayed {
                index,
                seat: rec.seat,
                undone: false,
                action: Some(action),
                events,
                before: taken,
            },
            &game,
        );
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_without_its_revision_reads_as_the_first() {
        let r: Record<u8> =
            serde_json::from_str(r#"{"game":"g","config":0,"seed":1,"actions":[]}"#).unwrap();
        assert_eq!(r.rules, 1);
        let text = serde_json::to_string(&Record { rules: 3, ..r }).unwrap();
        assert!(text.contains(r#""rules":3"#), "{text}");
    }

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
        let t = RecordedAction::by(1, "end", By::Clock);
        let text = serde_json::to_string(&t).unwrap();
        assert_eq!(text, r#"{"seat":1,"by":"clock","action":"end"}"#);
        assert_eq!(serde_json::from_str::<RecordedAction>(&text).unwrap(), t);
        let s = RecordedAction::by(1, "end", By::StandIn);
        let text = serde_json::to_string(&s).unwrap();
        assert_eq!(text, r#"{"seat":1,"by":"standin","action":"end"}"#);
        assert_eq!(serde_json::from_str::<RecordedAction>(&text).unwrap(), s);
        for bad in [
            r#"{"action":"end"}"#,
            r#"{"seat":1,"by":"wind","action":"end"}"#,
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
