//! `Game`'s composite actions (the engine's
//! [`Encode::composite_fields`](boardroom_engine::Encode::composite_fields)): a vector of one
//! small value per field, read from Python and checked against the fields' sizes.

use crate::error::{Error, Kind};
use crate::to_py;
use pyo3::prelude::*;
use pyo3::types::PyBool;

/// A composite vector from Python: a sequence (a list, a tuple or a NumPy array) of whole
/// numbers, one per field, each below its field's size. Anything else is refused as an illegal
/// action naming the field.
pub(crate) fn fields_of(obj: &Bound<'_, PyAny>, fields: &[(String, usize)]) -> PyResult<Vec<u32>> {
    let refuse = |why: String| to_py(Error::new(Kind::IllegalAction, why));
    if fields.is_empty() {
        return Err(refuse("this game has no composite action".into()));
    }
    if obj.is_instance_of::<PyBool>() || obj.is_instance_of::<pyo3::types::PyString>() {
        return Err(refuse(format!(
            "a composite action is a sequence of {} whole numbers, not {obj}",
            fields.len()
        )));
    }
    let values: Vec<Bound<'_, PyAny>> = obj
        .try_iter()
        .and_then(|it| it.collect::<PyResult<Vec<_>>>())
        .map_err(|_| {
            refuse(format!(
                "a composite action is a sequence of {} whole numbers",
                fields.len()
            ))
        })?;
    if values.len() != fields.len() {
        return Err(refuse(format!(
            "a composite action has {} fields, not {}",
            fields.len(),
            values.len()
        )));
    }
    values
        .iter()
        .zip(fields)
        .map(|(v, (name, size))| {
            let n = if v.is_instance_of::<PyBool>() {
                None
            } else {
                v.extract::<i64>().ok()
            };
            match n {
                Some(n) if (0..*size as i64).contains(&n) => Ok(n as u32),
                _ => Err(refuse(format!(
                    "the field {name} takes a whole number from 0 to {}, not {v}",
                    size - 1
                ))),
            }
        })
        .collect()
}
