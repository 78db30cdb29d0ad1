//! "Since your last move": a seat's connection that opens (or comes back) is told what
//! happened since that seat's person last acted — the actions in words (the game's event
//! sentences, redacted for that seat), what changed in each seat's holdings as the seat's own
//! observation shows them, and the targets those actions concern (their `highlights`), which
//! the page marks on the board. A move a stand-in (or the clock, when the seat's time ran out)
//! played in the person's place is not theirs: it is listed with the others, marked by its
//! `by`, so a person coming back sees what was done for them.

use super::replay::replay_steps;
use super::Table;
use crate::outgoing::ConnId;
use crate::protocol::{ChangedRow, ServerMsg, SinceMsg};
use crate::view::{self, Step};
use boardroom_engine::{By, Present, RecordedAction, Seat, Viewer, CLOCK};
use boardroom_registry::Playable;
use serde_json::Value;

/// The most actions a summary lists (the oldest are left out beyond).
const MOST_ENTRIES: usize = 200;
/// The most targets a summary highlights.
const MOST_HIGHLIGHTS: usize = 64;

impl<G: Playable> Table<G> {
    /// Sends connection `conn` of `seat` what happened since the seat's person last acted,
    /// when anything did.
    pub(super) fn send_since(&mut self, conn: ConnId, seat: Seat) {
        if self.archive.is_some() {
            return;
        }
        let last_own = last_own_move(&self.record, seat);
        let start = last_own.map_or(0, |i| i + 1);
        if !self.record[start..].iter().any(|a| !a.undone) {
            return;
        }
        let viewer = Viewer::Seat(seat);
        let mut before: Option<G> = None;
        let mut previous: Option<G> = None;
        let mut entries = Vec::new();
        let mut highlights: Vec<String> = Vec::new();
        let config = self.game.config();
        let replayed = replay_steps::<G>(&config, self.seed, &self.record, |step, after| {
            if step.index + 1 < start {
                return;
            }
            if step.index + 1 == start {
                before = Some(after.clone());
                previous = Some(after.clone());
                return;
            }
            if !step.undone {
                if let Some(prev) = previous.as_ref() {
                    concerns(prev, &step, &mut highlights);
                }
                entries.push(view::log_entry(&step, viewer));
            }
            previous = Some(after.clone());
        });
        if let Err(e) = replayed {
            tracing::error!(table = %self.id, "the table's record does not replay: {e:#}");
            return;
        }
        let before = match before {
            Some(g) => g,
            // Nothing of the seat's yet: since the set-up.
            None => match G::new(&config, self.seed) {
                Ok(g) => g,
                Err(e) => {
                    tracing::error!(table = %self.id, "the table's set-up fails: {e}");
                    return;
                }
            },
        };
        if entries.len() > MOST_ENTRIES {
            entries.drain(..entries.len() - MOST_ENTRIES);
        }
        let was = view::raw_json(&before.observe(viewer));
        let now = view::raw_json(&self.game.observe(viewer));
        let changes = match (
            serde_json::from_str::<Value>(was.get()),
            serde_json::from_str::<Value>(now.get()),
        ) {
            (Ok(was), Ok(now)) => holdings_changes(&was, &now, self.game.num_players())
                .into_iter()
                .map(|(seat, cells)| ChangedRow {
                    seat,
                    name: <G as Present>::seat_name(seat),
                    cells,
                })
                .collect(),
            _ => Vec::new(),
        };
        let msg = ServerMsg::Since(Box::new(SinceMsg {
            after: last_own,
            entries,
            changes,
            highlights,
        }));
        self.send(conn, msg);
    }
}

/// The index of `seat`'s person's last move still standing: one played by the person, not by
/// a stand-in or the clock in their place.
fn last_own_move(record: &[RecordedAction], seat: Seat) -> Option<usize> {
    record
        .iter()
        .rposition(|a| !a.undone && a.seat == seat && a.by == By::Player)
}

/// Adds the targets `step` concerns (its `highlights` in the game before it) to `out`.
fn concerns<G: Playable>(before: &G, step: &Step<G>, out: &mut Vec<String>) {
    if step.seat == CLOCK {
        return;
    }
    let Ok(action) = before.parse_action(&step.action) else {
        return;
    };
    for target in before.action_view(step.seat, &action).highlights {
        if out.len() < MOST_HIGHLIGHTS && !out.contains(&target) {
            out.push(target);
        }
    }
}

/// One holding that changed: what, before, now.
pub type Cell = (String, String, String);

/// What changed for each seat between two observations: every list called `players` with
/// one entry per seat is compared entry by entry, each holding (a number, a word, a flag, a
/// count of the items of a list; within a map, each key) as `[what, before, now]`.
pub fn holdings_changes(was: &Value, now: &Value, seats: usize) -> Vec<(Seat, Vec<Cell>)> {
    let mut out: Vec<(Seat, Vec<Cell>)> = Vec::new();
    let (Some(a), Some(b)) = (find_players(was, seats), find_players(now, seats)) else {
        return out;
    };
    for (seat, (x, y)) in a.iter().zip(b).enumerate() {
        let mut before = Vec::new();
        let mut after = Vec::new();
        flatten("", x, &mut before);
        flatten("", y, &mut after);
        let mut cells = Vec::new();
        for (key, value) in &after {
            let old = before
                .iter()
                .find(|(k, _)| k == key)
                .map_or_else(|| "—".to_string(), |(_, v)| v.clone());
            if &old != value {
                cells.push((key.clone(), old, value.clone()));
            }
        }
        for (key, value) in &before {
            if !after.iter().any(|(k, _)| k == key) {
                cells.push((key.clone(), value.clone(), "—".to_string()));
            }
        }
        if !cells.is_empty() {
            out.push((seat, cells));
        }
    }
    out
}

/// The first list called `players` with `seats` entries, searched depth first.
fn find_players(v: &Value, seats: usize) -> Option<&Vec<Value>> {
    match v {
        Value::Object(map) => {
            if let Some(Value::Array(list)) = map.get("players") {
                if list.len() == seats {
                    return Some(list);
                }
            }
            map.values().find_map(|x| find_players(x, seats))
        }
        _ => None,
    }
}

/// The holdings of one entry as `(what, value)` pairs: scalars as they are, lists as their
/// number of items, maps key by key.
fn flatten(prefix: &str, v: &Value, out: &mut Vec<(String, String)>) {
    let name = |k: &str| {
        if prefix.is_empty() {
            k.to_string()
        } else {
            format!("{prefix} {k}")
        }
    };
    match v {
        Value::Object(map) => {
            for (k, x) in map {
                flatten(&name(k), x, out);
            }
        }
        Value::Array(list) => out.push((prefix.to_string(), list.len().to_string())),
        Value::Null => out.push((prefix.to_string(), "—".to_string())),
        Value::String(s) => out.push((prefix.to_string(), s.clone())),
        other => out.push((prefix.to_string(), other.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_last_own_move_is_the_persons_not_a_stand_ins() {
        let record = vec![
            RecordedAction::new(0, "a"),
            RecordedAction::new(1, "b"),
            RecordedAction::by(0, "c", By::Clock),
            RecordedAction::by(0, "d", By::StandIn),
            RecordedAction::new(CLOCK, "timeout"),
            RecordedAction {
                undone: true,
                ..RecordedAction::new(1, "e")
            },
        ];
        assert_eq!(last_own_move(&record, 0), Some(0));
        assert_eq!(last_own_move(&record, 1), Some(1));
        assert_eq!(last_own_move(&record[2..], 0), None);
        assert_eq!(last_own_move(&record, 2), None);
    }

    #[test]
    fn holdings_changes_per_seat() {
        let was = json!({"turn": 3, "players": [
            {"money": 300, "shares": {"A": 1}, "hand": [1, 2]},
            {"money": 100, "shares": {}, "hand": [3]},
        ]});
        let now = json!({"turn": 4, "players": [
            {"money": 300, "shares": {"A": 1}, "hand": [1, 2]},
            {"money": 50, "shares": {"A": 2}, "hand": []},
        ]});
        let c = holdings_changes(&was, &now, 2);
        assert_eq!(c.len(), 1, "{c:?}");
        assert_eq!(c[0].0, 1);
        let cells = &c[0].1;
        assert!(cells.contains(&("money".into(), "100".into(), "50".into())));
        assert!(cells.contains(&("shares A".into(), "—".into(), "2".into())));
        assert!(cells.contains(&("hand".into(), "1".into(), "0".into())));
        // Nested one level down, and a list of another length is not the seats.
        let nested = |m: i64| json!({"public": {"players": [{"cash": m}, {"cash": 1}]}, "x": {"players": [1]}});
        let c = holdings_changes(&nested(5), &nested(7), 2);
        assert_eq!(c, vec![(0, vec![("cash".into(), "5".into(), "7".into())])]);
        assert!(holdings_changes(&json!({}), &json!({}), 2).is_empty());
    }
}
