//! Reading the Python API's arguments: seeds, counts, options, seats, viewers, the action
//! space's name, and the dicts of legal actions.

use crate::dyngame::{ActionInfo, DynGame};
use crate::error::{Error, Kind};
use crate::to_py;
use boardroom_engine::{OptionValue, Options, Seat, Viewer};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyString};

/// A seed from Python: a whole number from 0 to 2^64 - 1.
pub(crate) fn seed_of(seed: i128) -> PyResult<u64> {
    u64::try_from(seed).map_err(|_| {
        to_py(Error::new(
            Kind::Config,
            format!("seed {seed} is out of range: a seed is a whole number from 0 to 2^64 - 1"),
        ))
    })
}

/// A count from Python (`what` names it in the error): a whole number from 0.
pub(crate) fn count_of(what: &str, n: Option<i64>) -> PyResult<Option<usize>> {
    match n {
        None => Ok(None),
        Some(n) => usize::try_from(n).map(Some).map_err(|_| {
            to_py(Error::new(
                Kind::Config,
                format!("{what} cannot be {n}: a whole number from 0"),
            ))
        }),
    }
}

/// Reads JSON text into Python objects.
pub(crate) fn json_to_py<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?.call_method1("loads", (text,))
}

/// Table options from a Python dict of `name: bool | str`.
pub(crate) fn options_of(options: Option<&Bound<'_, PyDict>>) -> PyResult<Options> {
    let mut out = Options::new();
    if let Some(d) = options {
        for (k, v) in d.iter() {
            let name: String = k
                .extract()
                .map_err(|_| to_py(Error::new(Kind::Config, "option names must be strings")))?;
            let value = if v.is_instance_of::<PyBool>() {
                OptionValue::Flag(v.extract()?)
            } else if v.is_instance_of::<PyString>() {
                OptionValue::Text(v.extract()?)
            } else {
                return Err(to_py(Error::new(
                    Kind::Config,
                    format!("option `{name}` takes true/false or text"),
                )));
            };
            out.set(&name, value);
        }
    }
    Ok(out)
}

/// A seat from Python, checked against the game.
pub(crate) fn seat_of(game: &dyn DynGame, seat: &Bound<'_, PyAny>) -> PyResult<Seat> {
    let n = game.num_players();
    match seat.extract::<i64>() {
        Ok(s) if s >= 0 && (s as usize) < n => Ok(s as usize),
        Ok(s) => Err(to_py(Error::new(
            Kind::Seat,
            format!("seat {s} does not exist: seats are 0 to {}", n - 1),
        ))),
        Err(_) => Err(to_py(Error::new(
            Kind::Seat,
            "a seat is a whole number (0 for the first seat)",
        ))),
    }
}

/// A viewer from Python: a seat number, or `None` for a spectator.
pub(crate) fn viewer_of(game: &dyn DynGame, viewer: Option<&Bound<'_, PyAny>>) -> PyResult<Viewer> {
    match viewer {
        None => Ok(Viewer::Spectator),
        Some(v) if v.is_none() => Ok(Viewer::Spectator),
        Some(v) => Ok(Viewer::Seat(seat_of(game, v)?)),
    }
}

/// The acting seat: the given one, or the only seat that must act (the lowest seat that may
/// act when none must).
pub(crate) fn actor_of(game: &dyn DynGame, seat: Option<&Bound<'_, PyAny>>) -> PyResult<Seat> {
    match seat {
        Some(s) if !s.is_none() => seat_of(game, s),
        _ => game
            .must_act()
            .first()
            .or_else(|| game.to_act().first())
            .ok_or_else(|| {
                to_py(Error::new(
                    Kind::IllegalAction,
                    "nobody may act: the game is over",
                ))
            }),
    }
}

/// A legal action as the dict `Game.legal_actions` lists.
pub(crate) fn info_dict<'py>(py: Python<'py>, a: &ActionInfo) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("index", a.index)?;
    d.set_item("position", a.position)?;
    d.set_item("notation", &a.notation)?;
    d.set_item("label", &a.label)?;
    d.set_item("effect", &a.effect)?;
    d.set_item("cost", a.cost)?;
    d.set_item("highlights", &a.highlights)?;
    Ok(d)
}

/// Whether `action_space` (`"fixed"` or `"legal"`) asks for the fixed action space.
pub(crate) fn fixed_of(action_space: &str) -> PyResult<bool> {
    match action_space {
        "fixed" => Ok(true),
        "legal" => Ok(false),
        other => Err(to_py(Error::new(
            Kind::Config,
            format!("action_space must be \"fixed\" or \"legal\", not {other:?}"),
        ))),
    }
}

/// A search prior from Python: any array-like of `rows` × `cols` finite, non-negative numbers
/// (a 1-D array of `cols` when `rows` is `None`), as float32 values row after row, with the
/// exploration constant `c_puct` checked too.
pub(crate) fn prior_of(
    prior: &Bound<'_, PyAny>,
    rows: Option<usize>,
    cols: usize,
    c_puct: f64,
) -> PyResult<(Vec<f32>, f64)> {
    let bad = |m: String| to_py(Error::new(Kind::Array, m));
    if !(c_puct.is_finite() && c_puct > 0.0) {
        return Err(to_py(Error::new(
            Kind::Config,
            format!("c_puct must be a positive number, not {c_puct}"),
        )));
    }
    let np = prior.py().import("numpy")?;
    let arr = np
        .call_method1("ascontiguousarray", (prior, "float32"))
        .map_err(|e| bad(format!("prior must be an array of numbers: {e}")))?;
    let shape: Vec<usize> = arr.getattr("shape")?.extract()?;
    let want: Vec<usize> = match rows {
        Some(r) => vec![r, cols],
        None => vec![cols],
    };
    if shape != want {
        return Err(bad(format!(
            "prior has shape {shape:?}; it must be {want:?} (one weight per action id{})",
            if rows.is_some() {
                ", a row per game"
            } else {
                ""
            }
        )));
    }
    let values: Vec<f32> = arr
        .call_method0("ravel")?
        .call_method0("tolist")?
        .extract()?;
    if let Some(v) = values.iter().find(|v| !(v.is_finite() && **v >= 0.0)) {
        return Err(bad(format!(
            "prior holds {v}: weights must be finite and non-negative"
        )));
    }
    Ok((values, c_puct))
}
