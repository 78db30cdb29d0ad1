//! The search behind `Game.search_targets` and the dict it returns: the visit shares and win
//! chances as arrays over the action space, and the ranked moves.

use super::PyGame;
use crate::to_py;
use boardroom_bots::SearchConfig;
use boardroom_engine::Seat;
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

impl PyGame {
    /// Ranks `seat`'s legal actions by a search with `config` seeded with `seed` (guided at
    /// the root by `prior`, a row over the action space and its exploration constant), with the
    /// GIL released, and returns the `search_targets` dict: `policy`, `value` and `moves`.
    pub(super) fn search_targets_dict<'py>(
        &mut self,
        py: Python<'py>,
        seat: Seat,
        config: SearchConfig,
        seed: u64,
        prior: Option<(Vec<f32>, f64)>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let inner = &mut self.inner;
        let ranked = py
            .allow_threads(|| {
                inner.rank(
                    seat,
                    config,
                    seed,
                    prior.as_ref().map(|(p, c)| (&p[..], *c)),
                )
            })
            .map_err(to_py)?;
        let m = self.inner.num_actions();
        let (mut policy, mut value) = (vec![0.0f32; m], vec![0.0f32; m]);
        crate::search::write_targets(&ranked, &mut policy, &mut value);
        let moves = PyList::empty(py);
        for r in &ranked {
            let d = PyDict::new(py);
            d.set_item("index", r.index)?;
            d.set_item("notation", &r.notation)?;
            d.set_item("visits", r.visits)?;
            d.set_item("win_chance", r.win_chance)?;
            moves.append(d)?;
        }
        let out = PyDict::new(py);
        out.set_item("policy", PyArray1::from_vec(py, policy))?;
        out.set_item("value", PyArray1::from_vec(py, value))?;
        out.set_item("moves", moves)?;
        Ok(out)
    }
}
