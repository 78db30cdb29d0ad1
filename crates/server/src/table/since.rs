//! "Since your last move": a seat's connection that opens (or comes back) is told what
//! happened since that seat's person last acted — the actions in words (the game's event
//! sentences, redacted for that seat), what changed in each seat's holdings as the game words
//! them for that seat (`Present::holdings`), and the targets those actions concern (their
//! `highlights`), which the page marks on the board. A move a stand-in (or the clock, when the seat's time ran out)
//! played in the person's place is not theirs: it is listed with the others, marked by its
//! `by`, so a person coming back sees what was done for them.

use super::replay::replay_steps;
use super::Table;
use crate::outgoing::ConnId;
use crate::protocol::{ChangedRow, ServerMsg, SinceMsg};
use crate::view::{self, Step};
use boardroom_engine::{holdings_changes_in, By, Present, RecordedAction, Seat, Viewer, CLOCK};
use boardroom_registry::Playable;

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
        let lang = self.conns.lang(conn);
        let mut before: Option<G> = None;
        let mut previous: Option<G> = None;
        let mut entries = Vec::new();
        let mut highlights: Vec<String> = Vec::new();
        let config = self.game.config();
        let replayed = replay_steps::<G>(
            &config,
            self.seed,
            self.rules,
            &self.record,
            |step, after| {
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
                    entries.push(view::log_entry(&step, viewer, lang));
                }
                previous = Some(after.clone());
            },
        );
        if let Err(e) = replayed {
            tracing::error!(table = %self.id, "the table's record does not replay: {e:#}");
            return;
        }
        let before = match before {
            Some(g) => g,
            // Nothing of the seat's yet: since the set-up.
            None => match G::new_under(&config, self.seed, self.rules) {
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
        let none = crate::lang::text(lang, "since-none");
        let changes = holdings_changes_in(&before, &self.game, viewer, lang, &none)
            .into_iter()
            .map(|(seat, cells)| ChangedRow {
                seat,
                name: <G as Present>::seat_name_in(seat, lang),
                cells,
            })
            .collect();
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
    // The targets are the same in every language.
    for target in before
        .action_view(step.seat, &action, boardroom_i18n::ENGLISH)
        .highlights
    {
        if out.len() < MOST_HIGHLIGHTS && !out.contains(&target) {
            out.push(target);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
