//! What each viewer receives: pure functions from the game to per-viewer messages.
//!
//! Everything a connection receives about the game is built here from `Game::observe` and
//! `Game::redact` for that connection's viewer, so the leak tests can check this one place.

use crate::games::ServerGame;
use crate::protocol::{EventOut, LogEntry, ServerMsg};
use boardroom_engine::{Game, Seat, Viewer};
use std::collections::BTreeMap;

/// The name of a seat of game `G`: its colour.
pub fn seat_name<G: ServerGame>(seat: Seat) -> String {
    G::seat_name(seat)
}

/// One accepted action (as the table remembers it, unredacted).
#[derive(Clone, Debug)]
pub struct Step<G: Game> {
    /// Its number at the table, from 0.
    pub index: usize,
    /// The acting seat.
    pub seat: Seat,
    /// The action in notation.
    pub action: String,
    /// Its events, unredacted.
    pub events: Vec<G::Event>,
}

/// The log entry of `step` as `viewer` may see it.
pub fn log_entry<G: ServerGame>(step: &Step<G>, viewer: Viewer) -> LogEntry {
    LogEntry {
        index: step.index,
        seat: step.seat,
        action: step.action.clone(),
        events: step
            .events
            .iter()
            .map(|e| {
                let detail = G::redact(e, viewer);
                EventOut {
                    text: G::describe(&detail),
                    detail: serde_json::to_value(&detail).unwrap_or_default(),
                }
            })
            .collect(),
    }
}

/// The legal actions of `viewer` in notation (empty unless the viewer's seat is to act), and
/// the cost of those that cost money.
pub fn legal_for<G: ServerGame>(game: &G, viewer: Viewer) -> (Vec<String>, BTreeMap<String, u32>) {
    let mut costs = BTreeMap::new();
    let Viewer::Seat(seat) = viewer else {
        return (Vec::new(), costs);
    };
    if !game.to_act().contains(seat) {
        return (Vec::new(), costs);
    }
    let mut legal = Vec::new();
    game.legal_actions(seat, &mut legal);
    let texts = legal
        .into_iter()
        .map(|a| {
            let text = game.format_action(a.clone());
            if let Some(c) = game.cost(seat, a) {
                costs.insert(text.clone(), c);
            }
            text
        })
        .collect();
    (texts, costs)
}

/// The `state` message for `viewer`: its observation, its legal actions, and the last step
/// redacted for it.
pub fn state_msg<G: ServerGame>(
    game: &G,
    viewer: Viewer,
    version: usize,
    last: Option<&Step<G>>,
) -> ServerMsg {
    let (legal, costs) = legal_for(game, viewer);
    ServerMsg::State {
        version,
        to_act: game.to_act().iter().collect(),
        legal,
        costs,
        observation: serde_json::to_value(game.observe(viewer)).unwrap_or_default(),
        extra: game.extra(viewer),
        last: last.map(|s| log_entry(s, viewer)),
    }
}
