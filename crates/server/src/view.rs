//! What each viewer receives: pure functions from the game to per-viewer messages.
//!
//! Everything a connection receives about the game is built here from `Game::observe` and
//! `Game::redact` for that connection's viewer, so the leak tests can check this one place.

use crate::protocol::{EventOut, LogEntry, ServerMsg};
use boardroom_bigboss::state::PLAYER_COLOURS;
use boardroom_bigboss::{Action, BigBoss, Event};
use boardroom_engine::{Game, Seat, Viewer};
use std::collections::BTreeMap;

/// The name of a seat: its colour.
pub fn seat_name(seat: Seat) -> String {
    PLAYER_COLOURS
        .get(seat)
        .map_or_else(|| format!("Seat {}", seat + 1), |c| c.to_string())
}

/// One accepted action (as the table remembers it, unredacted).
#[derive(Clone, Debug)]
pub struct Step {
    /// Its number at the table, from 0.
    pub index: usize,
    /// The acting seat.
    pub seat: Seat,
    /// The action in notation.
    pub action: String,
    /// Its events, unredacted.
    pub events: Vec<Event>,
}

/// The log entry of `step` as `viewer` may see it.
pub fn log_entry(step: &Step, viewer: Viewer) -> LogEntry {
    LogEntry {
        index: step.index,
        seat: step.seat,
        action: step.action.clone(),
        events: step
            .events
            .iter()
            .map(|e| {
                let detail = BigBoss::redact(e, viewer);
                EventOut {
                    text: detail.describe(&seat_name),
                    detail,
                }
            })
            .collect(),
    }
}

/// The legal actions of `viewer` in notation (empty unless the viewer's seat is to act), and
/// the cost of those that cost money.
pub fn legal_for(game: &BigBoss, viewer: Viewer) -> (Vec<String>, BTreeMap<String, u32>) {
    let mut costs = BTreeMap::new();
    let Viewer::Seat(seat) = viewer else {
        return (Vec::new(), costs);
    };
    if !game.to_act().contains(seat) {
        return (Vec::new(), costs);
    }
    let mut legal = Vec::new();
    game.legal_actions(seat, &mut legal);
    let rules = game.rules();
    let texts = legal
        .into_iter()
        .map(|a| {
            let text = game.format_action(a);
            let cost = match a {
                Action::BuyDeck | Action::BuyRow(_) => Some(rules.card_cost),
                Action::BuyLevel => Some(rules.level_cost),
                Action::Share(c) => Some(game.share_cost(c)),
                Action::Tower => game.tower_cost(seat),
                _ => None,
            };
            if let Some(c) = cost {
                costs.insert(text.clone(), c);
            }
            text
        })
        .collect();
    (texts, costs)
}

/// The `state` message for `viewer`: its observation, its legal actions, and the last step
/// redacted for it.
pub fn state_msg(game: &BigBoss, viewer: Viewer, version: usize, last: Option<&Step>) -> ServerMsg {
    let (legal, costs) = legal_for(game, viewer);
    ServerMsg::State {
        version,
        to_act: game.to_act().iter().collect(),
        legal,
        costs,
        observation: Box::new(game.observe(viewer)),
        last: last.map(|s| log_entry(s, viewer)),
    }
}
