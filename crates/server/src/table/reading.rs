//! Reading a person's action, and telling one chosen on a state the table has left (stale)
//! from one that breaks a rule.

use crate::protocol::{ActionInput, ErrorCode, ServerMsg, ACTION_JSON_BYTES};
use boardroom_engine::{Game, Seat};
use boardroom_registry::Playable;
use std::collections::{HashMap, VecDeque};
use std::time::Duration;
use tokio::time::Instant;

/// How many states before the latest actions a table keeps at most, and for how long, to tell
/// an action chosen on one of them (sent without a version) as stale.
const RECENT_KEPT: usize = 24;
const RECENT_FOR: Duration = Duration::from_secs(10);

/// Reads a person's action in `game`: its notation, or its JSON form (which must read back
/// from the notation it is stored in as the same action).
pub(super) fn read_action<G: Playable>(
    game: &G,
    input: &ActionInput,
) -> Result<G::Action, Box<ServerMsg>> {
    match input {
        ActionInput::Notation(text) => game
            .parse_action(text)
            .map_err(|e| Box::new(ServerMsg::error(ErrorCode::Notation, e.to_string()))),
        ActionInput::Json(map) => {
            let text = serde_json::to_string(map).unwrap_or_default();
            if text.len() > ACTION_JSON_BYTES {
                return Err(Box::new(ServerMsg::error(
                    ErrorCode::TooLarge,
                    format!(
                        "the JSON action is {} bytes: the limit is {ACTION_JSON_BYTES} bytes",
                        text.len()
                    ),
                )));
            }
            let action = game
                .action_from_json(&text)
                .map_err(|e| Box::new(ServerMsg::error(ErrorCode::Malformed, e.reason)))?;
            let notation = game.format_action(action.clone());
            match game.parse_action(&notation) {
                Ok(back) if back == action => Ok(action),
                _ => Err(Box::new(ServerMsg::error(
                    ErrorCode::Malformed,
                    "the JSON action cannot be written in the game's notation, so it \
                     could not be recorded",
                ))),
            }
        }
    }
}

/// What a table remembers to tell a stale action: since when each answer open now has stood,
/// and the states before the last few actions.
pub(super) struct Staleness<G: Game> {
    /// For each staleness key of an action someone may play now, the version since which it
    /// has not changed.
    answer_since: HashMap<u64, usize>,
    /// The states before the last few actions, oldest first: an action sent without a
    /// version that one of them accepted was chosen on a state the table has left.
    recent: VecDeque<(Instant, G)>,
}

impl<G: Playable> Staleness<G> {
    /// Nothing remembered.
    pub(super) fn new() -> Self {
        Staleness {
            answer_since: HashMap::new(),
            recent: VecDeque::new(),
        }
    }

    /// Forgets everything: every answer restarts from now (after a take-back or a rebuild,
    /// what it answered may be gone, or come back anew).
    pub(super) fn restart(&mut self) {
        self.answer_since.clear();
        self.recent.clear();
    }

    /// Whether `action`, chosen when the table was at version `seen`, is still meant in
    /// `game` at `version`: the game names what it answers (`Game::staleness_key`) and that
    /// has not changed since.
    pub(super) fn still_meant(
        &self,
        game: &G,
        action: &G::Action,
        seen: usize,
        version: usize,
    ) -> bool {
        seen <= version
            && game
                .staleness_key(action)
                .and_then(|k| self.answer_since.get(&k))
                .is_some_and(|&since| since <= seen)
    }

    /// After every change of `game` (now at `version`): the staleness keys of what may be
    /// answered now, each with the version since which it stands.
    pub(super) fn update(&mut self, game: &G, version: usize) {
        let mut since = HashMap::new();
        let mut buf = Vec::new();
        // What a bot (its legal actions) or a person (the actions people are offered) may play.
        for seat in game.to_act().iter() {
            for person in [false, true] {
                if person {
                    game.person_actions(seat, &mut buf);
                } else {
                    game.legal_actions(seat, &mut buf);
                }
                for a in &buf {
                    if let Some(k) = game.staleness_key(a) {
                        let v = self.answer_since.get(&k).copied().unwrap_or(version);
                        since.insert(k, v);
                    }
                }
            }
        }
        self.answer_since = since;
    }

    /// An action moved the table on from `previous`: kept for as long as a person may still
    /// be acting on it (the last few seconds, a bounded number: bots may play many actions in
    /// that time).
    pub(super) fn left(&mut self, previous: G) {
        let now = Instant::now();
        while self.recent.len() >= RECENT_KEPT
            || self
                .recent
                .front()
                .is_some_and(|(at, _)| now.duration_since(*at) > RECENT_FOR)
        {
            self.recent.pop_front();
        }
        self.recent.push_back((now, previous));
    }

    /// Whether `input`, refused now, was an action `seat` could play at one of the last few
    /// states: it was chosen on a state the table has left (sent without a version).
    pub(super) fn meant_recently(&self, seat: Seat, input: &ActionInput) -> bool {
        self.recent.iter().any(|(_, old)| {
            let action = match input {
                ActionInput::Notation(text) => old.parse_action(text).ok(),
                ActionInput::Json(map) => serde_json::to_string(map)
                    .ok()
                    .and_then(|text| old.action_from_json(&text).ok()),
            };
            action.is_some_and(|a| old.check(seat, a).is_ok())
        })
    }
}
