//! The JSON form of actions (`{"action": "offer", "args": {…}}`, as `serde` writes
//! [`Action`]), read for [`boardroom_engine::Game::action_from_json`].
//!
//! JSON reaches fields the notation reader never produces unchecked: a card id is a bare index
//! into the data set's tables, a seat a bare number. So every field is checked against the data
//! set and the table here, before the notation writes the action or the rules look at it: an
//! out-of-range id, an unknown kind or number, a seat the table does not have or an overlong
//! text is a [`NotationError`] naming the field by its JSON path (`args.give.experience[0]`)
//! and the valid range. Whether the action is legal now stays the rules' question.

use crate::action::{Action, Bundle, Commitment, Deliverable, LongTerm, Lot, Offer, Promise};
use crate::data::{Data, FIRST_EXEC, POSITIONS};
use crate::state::TheBoss;
use boardroom_engine::{Game, NotationError, Seat};

/// What [`NotationError::input`] holds for a JSON action (the JSON text itself may be long).
const INPUT: &str = "(JSON action)";

/// Reads `json` as an action of `g`'s table: parsed with `serde` (a type error names its path),
/// then every field checked ([`check_fields`]), then read back through the notation once, so
/// what is played is exactly what is recorded (lists sorted, a counter-offer addressed to the
/// maker of the offer it counters).
pub(crate) fn read(g: &TheBoss, json: &str) -> Result<Action, NotationError> {
    let mut de = serde_json::Deserializer::from_str(json);
    let action: Action = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        let reason = if path == "." || path.is_empty() {
            format!("not an action of The Boss: {inner}")
        } else {
            format!("not an action of The Boss: at `{path}`: {inner}")
        };
        NotationError::new(INPUT, reason)
    })?;
    check_fields(g.data(), g.num_players(), &action).map_err(|(path, problem)| {
        NotationError::new(
            INPUT,
            format!("not an action of The Boss: at `{path}`: {problem}"),
        )
    })?;
    let text = g.format_action(action);
    g.parse_action(&text).map_err(|e| {
        NotationError::new(
            INPUT,
            format!(
                "the action cannot be written in notation (`{}`): {}",
                e.input, e.reason
            ),
        )
    })
}

/// A field at fault: its JSON path and what is wrong with it.
type FieldError = (String, String);

/// Checks every id, seat, position and text of `a` against the data set and a table of
/// `players` seats; `Err` names the first field at fault by its JSON path.
pub(crate) fn check_fields(data: &Data, players: usize, a: &Action) -> Result<(), FieldError> {
    let seat = |path: &str, s: Seat| -> Result<(), FieldError> {
        if s < players {
            Ok(())
        } else {
            Err((
                path.to_string(),
                format!(
                    "there is no seat {s}: this table's seats are 0 to {}",
                    players - 1
                ),
            ))
        }
    };
    match a {
        Action::Fire(s) | Action::Meeting(s) | Action::Show(s) => seat("args", *s),
        Action::Move(j) => {
            if (1..=POSITIONS as u8).contains(j) {
                Ok(())
            } else {
                Err((
                    "args".into(),
                    format!("there is no position {j}: positions are 1 to {POSITIONS}"),
                ))
            }
        }
        Action::Offer(o) => {
            seat("args.to", o.to)?;
            check_offer(data, players, o, "args")
        }
        // The receiver of a counter-offer is the maker of the offer it counters, whatever the
        // JSON says; the rest of the offer is checked.
        Action::Counter(_, o) => check_offer(data, players, o, "args[1]"),
        Action::Auction(lot, _) => match *lot {
            Lot::Experience(c) => exp_card(data, c, "args[0].id"),
            Lot::Executive(c) => exec_card(data, c, "args[0].id"),
            Lot::Fate | Lot::Shares(_) => Ok(()),
        },
        _ => Ok(()),
    }
}

/// Checks the fields of an offer at `at` (its receiver aside).
fn check_offer(data: &Data, players: usize, o: &Offer, at: &str) -> Result<(), FieldError> {
    check_bundle(data, &o.give, &format!("{at}.give"))?;
    check_bundle(data, &o.take, &format!("{at}.take"))?;
    for (list, name) in [
        (&o.give_commitments, "give_commitments"),
        (&o.take_commitments, "take_commitments"),
    ] {
        for (i, c) in list.iter().enumerate() {
            if let Commitment::FireTarget(s) | Commitment::NotFire(s) = *c {
                if s >= players {
                    return Err((
                        format!("{at}.{name}[{i}].value"),
                        format!(
                            "there is no seat {s}: this table's seats are 0 to {}",
                            players - 1
                        ),
                    ));
                }
            }
        }
    }
    if let Some(lt) = &o.long_term {
        check_long_term(data, players, lt, &format!("{at}.long_term"))?;
    }
    check_text(data, &o.note, &format!("{at}.note"))
}

fn check_long_term(data: &Data, players: usize, lt: &LongTerm, at: &str) -> Result<(), FieldError> {
    if lt.promisor >= players {
        return Err((
            format!("{at}.promisor"),
            format!(
                "there is no seat {}: this table's seats are 0 to {}",
                lt.promisor,
                players - 1
            ),
        ));
    }
    match &lt.promise {
        Promise::Deliver(d) => check_deliverable(data, d, &format!("{at}.promise.deliver"))?,
        Promise::Favour(t) => check_text(data, t, &format!("{at}.promise.favour"))?,
    }
    check_bundle(data, &lt.collateral, &format!("{at}.collateral"))
}

/// A deliverable names classes: Experience kinds (indexes) and Executive numbers (5–8).
fn check_deliverable(data: &Data, d: &Deliverable, at: &str) -> Result<(), FieldError> {
    let kinds = data.kinds.len();
    for (i, &k) in d.experience.iter().enumerate() {
        if k as usize >= kinds {
            return Err((
                format!("{at}.experience[{i}]"),
                format!(
                    "there is no Experience kind {k}: kinds are 0 to {} ({})",
                    kinds - 1,
                    data.kinds
                        .iter()
                        .map(|k| k.id.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ));
        }
    }
    for (i, &n) in d.executive.iter().enumerate() {
        if !(FIRST_EXEC..=POSITIONS as u8).contains(&n) {
            return Err((
                format!("{at}.executive[{i}]"),
                format!("there is no Executive number {n}: Executive numbers are {FIRST_EXEC} to {POSITIONS}"),
            ));
        }
    }
    Ok(())
}

fn check_bundle(data: &Data, b: &Bundle, at: &str) -> Result<(), FieldError> {
    for (i, &c) in b.experience.iter().enumerate() {
        exp_card(data, c, &format!("{at}.experience[{i}]"))?;
    }
    for (i, &c) in b.executive.iter().enumerate() {
        exec_card(data, c, &format!("{at}.executive[{i}]"))?;
    }
    Ok(())
}

fn exp_card(data: &Data, c: u8, path: &str) -> Result<(), FieldError> {
    card(c, data.exp_cards.len(), "Experience", path)
}

fn exec_card(data: &Data, c: u8, path: &str) -> Result<(), FieldError> {
    card(c, data.exec_cards.len(), "Executive", path)
}

/// A card id is an index into its table of `count` cards.
fn card(c: u8, count: usize, what: &str, path: &str) -> Result<(), FieldError> {
    if (c as usize) < count {
        Ok(())
    } else {
        Err((
            path.to_string(),
            format!(
                "there is no {what} card {c}: {what} card ids are 0 to {}",
                count - 1
            ),
        ))
    }
}

/// A note or favour is at most the data set's `note_max_chars` characters (the rules refuse
/// control characters; the length is checked here so an overlong text is named by its field).
fn check_text(data: &Data, text: &str, path: &str) -> Result<(), FieldError> {
    let max = data.limits().note_max_chars as usize;
    let len = text.chars().count();
    if len <= max {
        Ok(())
    } else {
        Err((
            path.to_string(),
            format!("{len} characters: at most {max} characters"),
        ))
    }
}
