//! The Python class `VecGame`: N games stepped in one call (see `batch.rs`), writing into NumPy
//! arrays it owns, with the GIL released while the games move.
//!
//! The arrays are handed out read-only: each step rewrites them in place, and only where they
//! change (see `batch.rs`), so a value written from Python would stay wrong from then on.

use crate::batch::{Batch, Outputs};
use crate::error::{Error, Kind};
use crate::py_args::{count_of, fixed_of, options_of, seed_of};
use crate::py_game::PyGame;
use crate::registry::{self, NewGame};
use crate::to_py;
use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyList};

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
    /// Whether `arrays()` and `step` show the seeds (off by default: with a game's seed and
    /// the public moves an agent could rebuild every hidden card).
    pub(crate) show_seeds: bool,
    /// The actions of the step being taken (a buffer kept between steps).
    actions: Vec<i64>,
    /// With composite actions on: the composite fields' sizes and the masks' array, `(n,
    /// the sizes added up)`.
    composite: Option<(Vec<usize>, Py<PyArray2<bool>>)>,
}

/// The most threads a batch may run on: more than any machine's cores, few enough that a typo
/// does not start thousands of threads.
pub const MAX_THREADS: usize = 256;

/// A number of threads from Python (`default` when not given): 1 to [`MAX_THREADS`].
fn threads_of(threads: Option<usize>, default: usize) -> PyResult<usize> {
    let t = threads.unwrap_or(default);
    if (1..=MAX_THREADS).contains(&t) {
        Ok(t)
    } else {
        Err(to_py(Error::new(
            Kind::Config,
            format!("threads must be 1 to {MAX_THREADS}, not {t}"),
        )))
    }
}

/// Marks `array` read-only for Python code (this crate still writes it through its pointer).
fn read_only(array: &Bound<'_, PyAny>) -> PyResult<()> {
    array.getattr("flags")?.setattr("writeable", false)
}

/// Reads one action per game from `actions` (an int64 or int32 array of shape `(n,)`, or a
/// list of ints) into `out`.
fn read_actions(actions: &Bound<'_, PyAny>, n: usize, out: &mut Vec<i64>) -> PyResult<()> {
    let wrong = |what: String| {
        to_py(Error::new(
            Kind::Array,
            format!("actions: expected {n} action indices (a 1-D int64 or int32 array of shape ({n},), or a list of ints), got {what}"),
        ))
    };
    if let Ok(arr) = actions.downcast::<PyArray1<i64>>() {
        let arr = arr.readonly();
        match arr.as_slice() {
            // At a step's every call: one copy, not a push per value.
            Ok(values) => out.extend_from_slice(values),
            Err(_) => out.extend(arr.as_array().iter().copied()),
        }
    } else if let Ok(arr) = actions.downcast::<PyArray1<i32>>() {
        let arr = arr.readonly();
        match arr.as_slice() {
            Ok(values) => out.extend(values.iter().map(|&a| i64::from(a))),
            Err(_) => out.extend(arr.as_array().iter().map(|&a| i64::from(a))),
        }
    } else if let Ok(list) = actions.downcast::<PyList>() {
        for item in list.iter() {
            if item.is_instance_of::<PyBool>() {
                return Err(wrong("a list holding a bool".into()));
            }
            match item.extract::<i64>() {
                Ok(a) => out.push(a),
                Err(_) => {
                    return Err(wrong(format!(
                        "a list holding a {}",
                        item.get_type()
                            .name()
                            .map(|s| s.to_string())
                            .unwrap_or_default()
                    )))
                }
            }
        }
    } else {
        return Err(wrong(match actions.getattr("dtype") {
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
        }));
    }
    if out.len() != n {
        return Err(wrong(format!("{} of them", out.len())));
    }
    Ok(())
}

impl PyVecGame {
    /// The object around `batch`, its arrays allocated and written by `init`.
    pub(crate) fn around(
        py: Python<'_>,
        batch: Batch,
        init: impl FnOnce(&mut Batch, &mut Outputs<'_>) + Send,
    ) -> PyResult<Self> {
        let n = batch.len();
        let (p, a, o) = (batch.players(), batch.max_actions(), batch.obs_size());
        let mut this = PyVecGame {
            obs: PyArray2::zeros(py, [n, o], false).unbind(),
            mask: PyArray2::zeros(py, [n, a], false).unbind(),
            rewards: PyArray2::zeros(py, [n, p], false).unbind(),
            done: PyArray1::zeros(py, n, false).unbind(),
            actor: PyArray1::zeros(py, n, false).unbind(),
            num_legal: PyArray1::zeros(py, n, false).unbind(),
            seeds: PyArray1::zeros(py, n, false).unbind(),
            show_seeds: false,
            actions: Vec::with_capacity(n),
            composite: None,
            batch,
        };
        this.with_outputs(py, init);
        for (_, array) in this.outputs(py).iter() {
            read_only(&array)?;
        }
        Ok(this)
    }

    /// Turns composite actions on: `composite_mask` in the arrays, composite rows in `step`.
    pub(crate) fn enable_composite(&mut self, py: Python<'_>) -> PyResult<()> {
        let game = self.batch.game(0);
        let sizes: Vec<usize> = game.shape().composite.iter().map(|f| f.1).collect();
        if sizes.is_empty() {
            return Err(to_py(Error::new(
                Kind::Config,
                format!("{} has no composite action", game.id()),
            )));
        }
        let width = sizes.iter().sum();
        let masks = PyArray2::<bool>::zeros(py, [self.batch.len(), width], false);
        crate::batch_composite::write_masks(py, &mut self.batch, &masks, width)?;
        read_only(masks.as_any())?;
        self.composite = Some((sizes, masks.unbind()));
        Ok(())
    }

    /// Whether composite actions are on.
    pub(crate) fn composite_on(&self) -> bool {
        self.composite.is_some()
    }

    /// The batch's parts (see `pickle.rs`).
    pub(crate) fn batch(&self) -> &Batch {
        &self.batch
    }

    /// Writes the last step's rewards and done flags (a restored batch's).
    pub(crate) fn set_last_step(&self, py: Python<'_>, r: &[f32], d: &[bool]) -> PyResult<()> {
        crate::pickle::write_last_step(py, self.rewards.bind(py), self.done.bind(py), r, d)
    }

    /// The rewards and done flags of the last step.
    pub(crate) fn last_step(&self, py: Python<'_>) -> PyResult<(Vec<f32>, Vec<bool>)> {
        Ok((
            self.rewards.bind(py).readonly().as_slice()?.to_vec(),
            self.done.bind(py).readonly().as_slice()?.to_vec(),
        ))
    }

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
        if self.show_seeds {
            let _ = d.set_item("seed", self.seeds.bind(py));
        }
        if let Some((_, masks)) = &self.composite {
            let _ = d.set_item("composite_mask", masks.bind(py));
        }
        d
    }
}

#[pymethods]
impl PyVecGame {
    /// `n` games of `game` (with `players`, `options`), seeded `seed, seed + 1, …,
    /// seed + n - 1`; a finished game is replaced by a new one seeded `n` after it (slot `i`
    /// plays seeds `seed + i`, `seed + i + n`, …). `observations=False` skips writing
    /// observations (the `obs` array then has 0 columns). `threads` (default: the cores this
    /// process may use, at most 256) is how many threads a step runs on; the results do not depend
    /// on it. `show_seeds=True` adds each slot's seed to the arrays. `composite=True` (for a
    /// game with a composite action) adds `composite_mask` to the arrays and lets `step` play
    /// composite vectors.
    #[new]
    #[pyo3(signature = (game, n, players=None, options=None, seed=0, observations=true, max_actions=None, action_space="fixed", threads=None, show_seeds=false, composite=false))]
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
        action_space: &str,
        threads: Option<i64>,
        show_seeds: bool,
        composite: bool,
    ) -> PyResult<Self> {
        let fixed = fixed_of(action_space)?;
        let threads = count_of("threads", threads)?
            .map(|t| threads_of(Some(t), 1))
            .transpose()?;
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
                            fixed,
                        },
                    )
                })
            })
            .map_err(to_py)?;
        let mut this = PyVecGame::around(py, batch, |b, out| b.observe_all(out))?;
        if let Some(t) = threads {
            this.batch.set_threads(t);
        }
        this.show_seeds = show_seeds;
        if composite {
            this.enable_composite(py)?;
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

    /// What an action index names: `"fixed"` or `"legal"` (see `Game.action_space`).
    #[getter]
    fn action_space(&self) -> &'static str {
        if self.batch.game(0).fixed() {
            "fixed"
        } else {
            "legal"
        }
    }

    /// The observation's length (0 when observations are off).
    #[getter]
    fn observation_size(&self) -> usize {
        self.batch.obs_size()
    }

    /// The output arrays as a dict: `obs` (n, observation_size) float32 — the actor's
    /// observation; `mask` (n, max_actions) bool; `rewards` (n, players) float32; `done` (n,)
    /// bool; `actor` (n,) int64 — the seat to decide next; `num_legal` (n,) int64; with
    /// `show_seeds=True` only, `seed` (n,) uint64 — the seed of the game in each slot (hidden
    /// by default: with it and the public moves an agent could rebuild every hidden card). The same arrays are overwritten in place by
    /// every step (only where they change): copy what you keep. They are read-only.
    fn arrays<'py>(&self, py: Python<'py>) -> Bound<'py, PyDict> {
        self.outputs(py)
    }

    /// Steps every game: `actions` holds one action index per game (a 1-D NumPy array of
    /// int64 or int32, or a list of ints, of length n), each legal for that game's actor (true
    /// in its `mask` row). Returns `arrays()`. Every index is checked first: on error nothing
    /// moves. With `composite=True`: `composite` (n, fields) integers, and a game whose action
    /// is `max_actions` plays its row, a composite vector.
    #[pyo3(signature = (actions, composite=None))]
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
        composite: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let n = self.batch.len();
        let rows = match &self.composite {
            Some((sizes, _)) => crate::batch_composite::read_composite(py, composite, n, sizes)?
                .map(|rows| (rows, sizes.len())),
            None if composite.is_some_and(|c| !c.is_none()) => {
                return Err(to_py(Error::new(
                    Kind::Config,
                    "composite actions are off: make the VecGame with composite=True",
                )))
            }
            None => None,
        };
        let mut buffer = std::mem::take(&mut self.actions);
        buffer.clear();
        let read = read_actions(actions, n, &mut buffer);
        let stepped = read.map(|()| {
            self.with_outputs(py, |b, out| match &rows {
                Some((rows, width)) => b.step_composite(&buffer, rows, *width, out),
                None => b.step(&buffer, out),
            })
        });
        self.actions = buffer;
        stepped?.map_err(to_py)?;
        if let Some((sizes, masks)) = &self.composite {
            let width = sizes.iter().sum();
            let masks = masks.clone_ref(py);
            crate::batch_composite::write_masks(py, &mut self.batch, masks.bind(py), width)?;
        }
        Ok(self.outputs(py))
    }

    /// Saved as every game's state, its actor generator, actor and seed (see `pickle.rs`): a
    /// restored batch steps on exactly as this one.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let py = slf.py();
        let state = crate::pickle::save_batch(py, &slf.borrow())?;
        let f = py
            .import("boardroom._boardroom")?
            .getattr("_vec_from_state")?;
        Ok((f, (state,)))
    }

    /// Search targets for every game's actor at once (see `Game.search_targets`): a dict with
    /// `policy` and `value`, float32 arrays of shape (n, max_actions). `iterations` and `level`
    /// as in `Game.search_targets`. Game `i` is searched with seed `seed + i`, on `threads`
    /// threads (default: the batch's `threads`) with the GIL released; the result does not
    /// depend on the threads. With `prior` (shape (n, max_actions), non-negative weights, e.g.
    /// a network's policy for each game) each search is guided at its root by its row, as in
    /// `Game.search_targets` (exploration constant `c_puct`).
    #[pyo3(signature = (iterations=200, seed=0, threads=None, level=None, prior=None, c_puct=1.0))]
    #[allow(clippy::too_many_arguments)]
    fn search_targets<'py>(
        &mut self,
        py: Python<'py>,
        iterations: u32,
        seed: i128,
        threads: Option<i64>,
        level: Option<&str>,
        prior: Option<&Bound<'_, PyAny>>,
        c_puct: f64,
    ) -> PyResult<Bound<'py, PyDict>> {
        let seed = seed_of(seed)?;
        let config = crate::search::target_search(iterations, level).map_err(to_py)?;
        let (n, m) = (self.batch.len(), self.batch.max_actions());
        let prior = prior
            .map(|p| crate::py_args::prior_of(p, Some(n), m, c_puct))
            .transpose()?;
        let threads = threads_of(count_of("threads", threads)?, self.batch.threads())?;
        let batch = &mut self.batch;
        let ranked = py.allow_threads(|| {
            batch.map_games(threads, |i, g, seat| {
                let row = prior.as_ref().map(|(p, c)| (&p[i * m..(i + 1) * m], *c));
                g.rank(seat, config, seed.wrapping_add(i as u64), row)
            })
        });
        let (mut policy, mut value) = (vec![0.0f32; n * m], vec![0.0f32; n * m]);
        for (i, r) in ranked.into_iter().enumerate() {
            let r = r.map_err(to_py)?;
            crate::search::write_targets(
                &r,
                &mut policy[i * m..(i + 1) * m],
                &mut value[i * m..(i + 1) * m],
            );
        }
        let out = PyDict::new(py);
        out.set_item("policy", PyArray1::from_vec(py, policy).reshape([n, m])?)?;
        out.set_item("value", PyArray1::from_vec(py, value).reshape([n, m])?)?;
        Ok(out)
    }

    /// The built-in bot `name`'s choice for every game's actor, without applying it: a dict
    /// with `actions` (int64 (n,): the action index) and `notations` (the move each index
    /// plays). In the fixed space every move has an index: a move the space cannot name (say an
    /// offer with a note or a price off its ladder) is given as the nearest move it names (as
    /// the game judges nearness: the same offer at the nearest price, say), so `step(actions)` plays the whole batch. In the legal list, -1 marks a move
    /// beyond `max_actions`, played by its notation. Game `i`'s bot is seeded `seed + i`; the games
    /// are shared among `threads` threads (default: the batch's `threads`) with the GIL
    /// released.
    #[pyo3(signature = (name, seed=0, threads=None))]
    fn bot_actions<'py>(
        &mut self,
        py: Python<'py>,
        name: &str,
        seed: i128,
        threads: Option<i64>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let seed = seed_of(seed)?;
        // An unknown name is refused before anything runs.
        self.batch.game(0).make_bot(name, seed).map_err(to_py)?;
        let threads = threads_of(count_of("threads", threads)?, self.batch.threads())?;
        let batch = &mut self.batch;
        let chosen = py.allow_threads(|| {
            batch.map_games(threads, |i, g, seat| {
                let mut bot = g.make_bot(name, seed.wrapping_add(i as u64))?;
                bot.choose_id(g, seat)
            })
        });
        let mut actions = Vec::with_capacity(chosen.len());
        let mut notations = Vec::with_capacity(chosen.len());
        for c in chosen {
            let (index, notation) = c.map_err(to_py)?;
            actions.push(index.map_or(-1, |i| i as i64));
            notations.push(notation);
        }
        let out = PyDict::new(py);
        out.set_item("actions", PyArray1::from_vec(py, actions))?;
        out.set_item("notations", notations)?;
        Ok(out)
    }

    /// One uniformly random legal action index per game, drawn in Rust from the arrays of the
    /// last step (`mask`, `num_legal`): the documented random recipe without NumPy's pass over
    /// every mask. The draws follow `seed` (the same seed and arrays, the same indices); -1 for
    /// a game with no legal index (never in a running batch).
    #[pyo3(signature = (seed=0))]
    fn random_actions<'py>(
        &self,
        py: Python<'py>,
        seed: i128,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        use rand::Rng;
        let mut r = boardroom_engine::rng::from_seed(seed_of(seed)?);
        let mask = self.mask.bind(py).readonly();
        let legal = self.num_legal.bind(py).readonly();
        let width = self.batch.max_actions().max(1);
        let drawn = mask
            .as_slice()?
            .chunks(width)
            .zip(legal.as_slice()?)
            .map(|(row, &k)| {
                let Some(pick) = usize::try_from(k).ok().filter(|&k| k > 0) else {
                    return -1;
                };
                let pick = r.gen_range(0..pick);
                row.iter()
                    .enumerate()
                    .filter(|(_, m)| **m)
                    .nth(pick)
                    .map_or(-1, |(i, _)| i as i64)
            })
            .collect();
        Ok(PyArray1::from_vec(py, drawn))
    }

    /// The threads a step runs on (at least 1; settable).
    #[getter]
    fn threads(&self) -> usize {
        self.batch.threads()
    }

    #[setter]
    fn set_threads(&mut self, threads: i64) -> PyResult<()> {
        let t = threads_of(count_of("threads", Some(threads))?, 1)?;
        self.batch.set_threads(t);
        Ok(())
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
