//! The Python class `VecGame`: N games stepped in one call (see `batch.rs`), writing into NumPy
//! arrays it owns, with the GIL released while the games move.
//!
//! The arrays are handed out read-only: each step rewrites them in place, and only where they
//! change (see `batch.rs`), so a value written from Python would stay wrong from then on.

use crate::batch::{Batch, Outputs};
use crate::error::{Error, Kind};
use crate::py_game::{count_of, options_of, seed_of, PyGame};
use crate::registry::{self, NewGame};
use crate::to_py;
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// N games of one configuration stepped together. See the package's documentation
/// (`boardroom.VecGame`).
#[pyclass(name = "VecGame", module = "boardroom._boardroom")]
pub struct PyVecGame {
    batch: Batch,
    obs: Py<PyArray2<f32>>,
    mask: Py<PyArray2<bool>>,
    rewards: Py<PyArray2<f32>>,
    done: Py<PyArray1<bool>>,
    actor: Py<PyArray1<i64>>,
    num_legal: Py<PyArray1<i64>>,
    seeds: Py<PyArray1<u64>>,
    /// The actions of the step being taken (a buffer kept between steps).
    actions: Vec<i64>,
}

/// Marks `array` read-only for Python code (this crate still writes it through its pointer).
fn read_only(array: &Bound<'_, PyAny>) -> PyResult<()> {
    array.getattr("flags")?.setattr("writeable", false)
}

impl PyVecGame {
    /// Runs `f` over the batch and the arrays (GIL released).
    fn with_outputs<T: Send>(
        &mut self,
        py: Python<'_>,
        f: impl FnOnce(&mut Batch, &mut Outputs<'_>) -> T + Send,
    ) -> T {
        let obs = self.obs.bind(py);
        let mask = self.mask.bind(py);
        let rewards = self.rewards.bind(py);
        let done = self.done.bind(py);
        let actor = self.actor.bind(py);
        let num_legal = self.num_legal.bind(py);
        let seeds = self.seeds.bind(py);
        // SAFETY: the arrays were created contiguous by this object and are never resized;
        // the slices live only for this call, while Python code cannot run on other threads
        // that touch them (they are this object's outputs: a caller reading them while a step
        // runs on another thread reads values being overwritten, never freed memory).
        let batch = &mut self.batch;
        unsafe {
            let mut out = Outputs {
                obs: obs.as_slice_mut().expect("contiguous"),
                mask: mask.as_slice_mut().expect("contiguous"),
                rewards: rewards.as_slice_mut().expect("contiguous"),
                done: done.as_slice_mut().expect("contiguous"),
                actor: actor.as_slice_mut().expect("contiguous"),
                num_legal: num_legal.as_slice_mut().expect("contiguous"),
                seed: seeds.as_slice_mut().expect("contiguous"),
            };
            py.allow_threads(move || f(batch, &mut out))
        }
    }

    fn outputs<'py>(&self, py: Python<'py>) -> Bound<'py, PyDict> {
        let d = PyDict::new(py);
        // Setting items of a fresh dict with string keys cannot fail.
        let _ = d.set_item("obs", self.obs.bind(py));
        let _ = d.set_item("mask", self.mask.bind(py));
        let _ = d.set_item("rewards", self.rewards.bind(py));
        let _ = d.set_item("done", self.done.bind(py));
        let _ = d.set_item("actor", self.actor.bind(py));
        let _ = d.set_item("num_legal", self.num_legal.bind(py));
        let _ = d.set_item("seed", self.seeds.bind(py));
        d
    }
}

#[pymethods]
impl PyVecGame {
    /// `n` games of `game` (with `players`, `options`), seeded `seed, seed + 1, …`; finished
    /// games are replaced by new ones with the next seeds. `observations=False` skips writing
    /// observations (the `obs` array then has 0 columns). `threads` (default: the cores this
    /// process may use) is how many threads a step runs on; the results do not depend on it.
    #[new]
    #[pyo3(signature = (game, n, players=None, options=None, seed=0, observations=true, max_actions=None, threads=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        game: &str,
        n: i64,
        players: Option<i64>,
        options: Option<&Bound<'_, PyDict>>,
        seed: i128,
        observations: bool,
        max_actions: Option<i64>,
        threads: Option<i64>,
    ) -> PyResult<Self> {
        let threads = count_of("threads", threads)?;
        let options = options_of(options)?;
        let n = count_of("n", Some(n))?.unwrap_or(0);
        let players = count_of("players", players)?;
        let max_actions = count_of("max_actions", max_actions)?;
        let seed = seed_of(seed)?;
        let id = game.to_string();
        let batch = py
            .allow_threads(|| {
                Batch::new(n, seed, observations, |s| {
                    registry::create(
                        &id,
                        NewGame {
                            players,
                            first: None,
                            options: options.clone(),
                            seed: s,
                            max_actions,
                        },
                    )
                })
            })
            .map_err(to_py)?;
        let (p, a, o) = (batch.players(), batch.max_actions(), batch.obs_size());
        let mut this = PyVecGame {
            obs: PyArray2::zeros(py, [n, o], false).unbind(),
            mask: PyArray2::zeros(py, [n, a], false).unbind(),
            rewards: PyArray2::zeros(py, [n, p], false).unbind(),
            done: PyArray1::zeros(py, n, false).unbind(),
            actor: PyArray1::zeros(py, n, false).unbind(),
            num_legal: PyArray1::zeros(py, n, false).unbind(),
            seeds: PyArray1::zeros(py, n, false).unbind(),
            actions: Vec::with_capacity(n),
            batch,
        };
        if let Some(t) = threads {
            this.set_threads(t)?;
        }
        this.with_outputs(py, |b, out| b.observe_all(out));
        for (_, array) in this.outputs(py).iter() {
            read_only(&array)?;
        }
        Ok(this)
    }

    /// The number of games.
    fn __len__(&self) -> usize {
        self.batch.len()
    }

    /// Seats per game.
    #[getter]
    fn num_players(&self) -> usize {
        self.batch.players()
    }

    /// The mask's length (the action space).
    #[getter]
    fn max_actions(&self) -> usize {
        self.batch.max_actions()
    }

    /// The observation's length (0 when observations are off).
    #[getter]
    fn observation_size(&self) -> usize {
        self.batch.obs_size()
    }

    /// The output arrays as a dict: `obs` (n, observation_size) float32 — the actor's
    /// observation; `mask` (n, max_actions) bool; `rewards` (n, players) float32; `done` (n,)
    /// bool; `actor` (n,) int64 — the seat to decide next; `num_legal` (n,) int64; `seed` (n,)
    /// uint64 — the seed of the game in each slot. The same arrays are overwritten in place by
    /// every step (only where they change): copy what you keep. They are read-only.
    fn arrays<'py>(&self, py: Python<'py>) -> Bound<'py, PyDict> {
        self.outputs(py)
    }

    /// Steps every game: `actions` is a 1-D int64 array of length n, each an index into the
    /// legal list of that game's actor (below its `num_legal`). Returns `arrays()`. Every index
    /// is checked first: on error nothing moves.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let n = self.batch.len();
        let arr = actions.downcast::<PyArray1<i64>>().map_err(|_| {
            let what = match actions.getattr("dtype") {
                Ok(d) => format!(
                    "an array of dtype {} and shape {}",
                    d.str().map(|s| s.to_string()).unwrap_or_default(),
                    actions
                        .getattr("shape")
                        .and_then(|s| s.str().map(|s| s.to_string()))
                        .unwrap_or_default()
                ),
                Err(_) => format!(
                    "a {}",
                    actions
                        .get_type()
                        .name()
                        .map(|s| s.to_string())
                        .unwrap_or_default()
                ),
            };
            to_py(Error::new(
                Kind::Array,
                format!("actions: expected a 1-D int64 NumPy array of shape ({n},), got {what}"),
            ))
        })?;
        if arr.len() != n {
            return Err(to_py(Error::new(
                Kind::Array,
                format!("actions: expected shape ({n},), got {:?}", arr.shape()),
            )));
        }
        let mut actions = std::mem::take(&mut self.actions);
        actions.clear();
        actions.extend(arr.readonly().as_array().iter().copied());
        let stepped = self.with_outputs(py, |b, out| b.step(&actions, out));
        self.actions = actions;
        stepped.map_err(to_py)?;
        Ok(self.outputs(py))
    }

    /// The threads a step runs on (at least 1; settable).
    #[getter]
    fn threads(&self) -> usize {
        self.batch.threads()
    }

    #[setter]
    fn set_threads(&mut self, threads: usize) -> PyResult<()> {
        if threads == 0 {
            return Err(to_py(Error::new(
                Kind::Config,
                "threads must be at least 1",
            )));
        }
        self.batch.set_threads(threads);
        Ok(())
    }

    /// A search bot's move and ranking in every game, for the seat to decide (`arrays()
    /// ["actor"]`), from that seat's knowledge only: a dict of `action` (n,) int64 — the
    /// bot's choice as a legal index (-1 if outside the first `max_actions`), `shares` (n,
    /// max_actions) float32 — each legal action's share of the search's visits, `values` (n,
    /// max_actions) float32 — the seat's estimated chance to win after it (NaN where never
    /// tried). Both are 0 beyond the legal list. `level` as in `Game.bot_ranking`; game `i`
    /// searches with seed `seed + i`, so a seed reproduces the arrays; the games are spread over
    /// `threads` threads. Nothing moves.
    #[pyo3(signature = (level=None, seed=0))]
    fn bot_rankings<'py>(
        &mut self,
        py: Python<'py>,
        level: Option<&Bound<'py, PyAny>>,
        seed: i128,
    ) -> PyResult<Bound<'py, PyDict>> {
        crate::py_ranking::vec_rankings(py, &mut self.batch, level, seed)
    }

    /// A copy of game `i` as it stands (a `Game`).
    fn game(&self, i: usize) -> PyResult<PyGame> {
        if i >= self.batch.len() {
            return Err(to_py(Error::new(
                Kind::Array,
                format!(
                    "game {i} does not exist: there are {} games",
                    self.batch.len()
                ),
            )));
        }
        Ok(PyGame {
            inner: self.batch.game(i).clone_box(),
        })
    }
}
