//! The arguments particular to `Game`'s methods: the seat a query is about, an action index,
//! and an action given any way `Game.apply` accepts (an index, a notation or a dict).

use super::PyGame;
use crate::dyngame::DynGame;
use crate::error::{Error, Kind};
use crate::py_args::{actor_of, seat_of};
use crate::to_py;
use boardroom_engine::Seat;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyString};

/// The seat a query (legal actions, mask, parsing) is about: `seat` when given (an error if it
/// does not exist), else the seat that must act, or None once nobody may act, since asking
/// about a finished game is no error: it has nothing legal.
pub(super) fn queried_seat(
    game: &dyn DynGame,
    seat: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<Seat>> {
    match seat {
        Some(s) if !s.is_none() => seat_of(game, s).map(Some),
        _ => Ok(actor_of(game, None).ok()),
    }
}

/// An action index from Python: a whole number from 0 (a Python or NumPy int, never a bool).
/// Anything else is refused as an illegal action naming what was given.
pub(super) fn index_of(index: &Bound<'_, PyAny>) -> PyResult<usize> {
    let refuse = |why: String| to_py(Error::new(Kind::IllegalAction, why));
    if index.is_instance_of::<PyBool>() {
        return Err(refuse(format!(
            "action index {index} is a bool, not an index (a whole number from 0)"
        )));
    }
    let kind = || {
        index
            .get_type()
            .name()
            .map(|s| s.to_string())
            .unwrap_or_default()
    };
    // Whole numbers of any type that Python can index with (`operator.index`).
    let whole = index.call_method0("__index__").map_err(|_| {
        refuse(format!(
            "action index {index} is a {}, not a whole number",
            kind()
        ))
    })?;
    match whole.extract::<i64>() {
        Ok(i) => usize::try_from(i)
            .map_err(|_| refuse(format!("action index {i} is not legal: indices start at 0"))),
        Err(_) => Err(refuse(format!(
            "action index {whole} is not in the action space (too large)"
        ))),
    }
}

impl PyGame {
    /// `Game.apply`: applies `action` (an index, a notation, or a dict naming either or in the
    /// clause form of `boardroom.actions.to_notation`) for `seat` and returns the events.
    pub(super) fn apply_any(
        &mut self,
        py: Python<'_>,
        action: &Bound<'_, PyAny>,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<String>> {
        // Python's bool is an int: refused here, or `True` would apply the action at index 1.
        if action.is_instance_of::<PyBool>() {
            return Err(to_py(Error::new(
                Kind::IllegalAction,
                "an action is an index, a notation or a dict, not a bool",
            )));
        }
        if let Ok(text) = action.downcast::<PyString>() {
            return self.apply_notation(&text.to_cow()?, seat);
        }
        if let Ok(d) = action.downcast::<PyDict>() {
            if let Some(i) = d.get_item("index")? {
                return self.apply_any(py, &i, seat);
            }
            if let Some(n) = d.get_item("notation")? {
                let text: String = n.extract().map_err(|_| {
                    to_py(Error::new(Kind::Notation, "`notation` must be a string"))
                })?;
                return self.apply_notation(&text, seat);
            }
            let text: String = py
                .import("boardroom.actions")?
                .call_method1("to_notation", (d,))?
                .extract()?;
            return self.apply_notation(&text, seat);
        }
        match action.extract::<i64>() {
            Ok(_) => self.apply_index(action, seat),
            Err(_) => Err(to_py(Error::new(
                Kind::IllegalAction,
                format!(
                    "an action is an index (int), a notation (str) or a dict, not {}",
                    action
                        .get_type()
                        .name()
                        .map(|n| n.to_string())
                        .unwrap_or_default()
                ),
            ))),
        }
    }
}
