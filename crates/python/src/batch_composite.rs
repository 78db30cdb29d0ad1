//! Composite actions in a batch (`VecGame.step(actions, composite=...)`): a game whose action
//! is the composite id (`max_actions`, one past the action space) plays its row of the
//! composite array, a vector of the game's composite fields
//! ([`Encode::composite_fields`](boardroom_engine::Encode::composite_fields)); the others play
//! their ids. Every game's action is checked before any game moves, as in [`Batch::step`].

use crate::batch::{Batch, Outputs};
use crate::error::{Error, Kind, Result};
use crate::to_py;
use numpy::{PyArray2, PyArrayMethods, PyReadonlyArray2};
use pyo3::prelude::*;

impl Batch {
    /// Steps every game: `actions[i]` an id of game `i`'s action space, or `max_actions` to
    /// play row `i` of `composite` (`width` values per game). On error nothing moves.
    pub fn step_composite(
        &mut self,
        actions: &[i64],
        composite: &[u32],
        width: usize,
        out: &mut Outputs<'_>,
    ) -> Result<()> {
        let n = self.len();
        if actions.len() != n || composite.len() != n * width {
            return Err(Error::new(
                Kind::Array,
                format!(
                    "actions and composite: expected {n} actions and {n} rows of {width} fields, got {} and {} values",
                    actions.len(),
                    composite.len()
                ),
            ));
        }
        let id = self.max_actions() as i64;
        let row = |i: usize| &composite[i * width..(i + 1) * width];
        let mut ids = actions.to_vec();
        for (i, &a) in actions.iter().enumerate() {
            if a != id {
                continue;
            }
            let seat = self.actor(i);
            self.game(i).check_composite(seat, row(i)).map_err(|e| {
                Error::new(
                    Kind::IllegalAction,
                    format!(
                        "actions[{i}] plays composite[{i}], which game {i}'s seat {seat} may not play: {}",
                        e.message
                    ),
                )
            })?;
            // Any id will do for the check of the others: this game's is its composite row.
            ids[i] = -1;
        }
        for (i, &a) in ids.iter().enumerate() {
            let legal = a < 0 || self.action_legal(i, a, out);
            if !legal {
                return Err(self.refused(i, a));
            }
        }
        for (i, &a) in ids.iter().enumerate() {
            if a < 0 {
                let seat = self.actor(i);
                // Checked above, on the same state: it cannot be refused now.
                self.game_mut(i).apply_composite(seat, row(i), true)?;
            }
        }
        self.run(&ids, out)
    }
}

/// The composite array of a batched step from Python: any integer array (or nested list) of
/// shape `(n, fields)`, each value below its field's size; `None` when not given.
pub(crate) fn read_composite(
    py: Python<'_>,
    composite: Option<&Bound<'_, PyAny>>,
    n: usize,
    sizes: &[usize],
) -> PyResult<Option<Vec<u32>>> {
    let Some(obj) = composite.filter(|c| !c.is_none()) else {
        return Ok(None);
    };
    let refuse = |why: String| to_py(Error::new(Kind::Array, why));
    if sizes.is_empty() {
        return Err(to_py(Error::new(
            Kind::IllegalAction,
            "this game has no composite action",
        )));
    }
    let np = py.import("numpy")?;
    let array = np.call_method1("asarray", (obj,))?;
    let kind: String = array.getattr("dtype")?.getattr("kind")?.extract()?;
    let shape: Vec<usize> = array.getattr("shape")?.extract()?;
    if !(kind == "i" || kind == "u") || shape != [n, sizes.len()] {
        return Err(refuse(format!(
            "composite: expected an integer array of shape ({n}, {}), got {kind:?} values of shape {shape:?}",
            sizes.len()
        )));
    }
    let array = array.call_method1("astype", (np.getattr("int64")?,))?;
    let array: PyReadonlyArray2<i64> = array.extract()?;
    let values = array.as_slice()?;
    let mut out = Vec::with_capacity(values.len());
    for (k, &v) in values.iter().enumerate() {
        let (i, f) = (k / sizes.len(), k % sizes.len());
        if v < 0 || v as usize >= sizes[f] {
            return Err(to_py(Error::new(
                Kind::IllegalAction,
                format!(
                    "composite[{i}, {f}] = {v}: the field takes 0 to {}",
                    sizes[f] - 1
                ),
            )));
        }
        out.push(v as u32);
    }
    Ok(Some(out))
}

/// Writes every game's composite masks (for its actor) into `masks`, `(n, width)`, on the
/// batch's threads with the GIL released.
pub(crate) fn write_masks(
    py: Python<'_>,
    batch: &mut Batch,
    masks: &Bound<'_, PyArray2<bool>>,
    width: usize,
) -> PyResult<()> {
    let threads = batch.threads();
    let rows = py.allow_threads(|| {
        batch.map_games(threads, |_, game, seat| {
            let mut row = vec![false; width];
            game.composite_masks(seat, &mut row);
            row
        })
    });
    // SAFETY: the array was created contiguous by the VecGame and is never resized; no other
    // slice of it lives during this call.
    let out = unsafe { masks.as_slice_mut() }?;
    for (i, row) in rows.iter().enumerate() {
        out[i * width..(i + 1) * width].copy_from_slice(row);
    }
    Ok(())
}
