//! The Python class `Game`: one game of any registered kind. Its methods read their
//! arguments and call the game; what takes more sits beside it: `args.rs` (the seat a query is
//! about, action indices, `apply`'s reading of an action given any way), `numeric.rs` (the mask
//! and observation arrays, the slots' names) and `targets.rs` (`search_targets`' search and dict).

mod args;
pub(crate) mod composite;
mod numeric;
mod targets;

use crate::dyngame::DynGame;
use crate::py_args::{
    actor_of, count_of, fixed_of, info_dict, json_to_py, options_of, prior_of, seed_of, viewer_of,
};
use crate::py_bot::PyBot;
use crate::registry::{self, NewGame};
use crate::to_py;
use args::{index_of, queried_seat};
use boardroom_engine::Seat;
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::sync::Mutex;

/// One game of any registered kind. See the package's documentation (`boardroom.Game`).
#[pyclass(name = "Game", module = "boardroom._boardroom")]
pub struct PyGame {
    pub(crate) inner: Box<dyn DynGame>,
}

impl PyGame {
    fn wrap(inner: Box<dyn DynGame>) -> Self {
        PyGame { inner }
    }
}

#[pymethods]
impl PyGame {
    /// A new game: `game` an id from `games()`, `players` (default: the fewest), `options` a
    /// dict, `seed` the set-up seed, `first` the first seat (default: drawn from the seed),
    /// `action_space` `"fixed"` (an index names one move of the game's fixed numbering) or
    /// `"legal"` (an index is a place in the legal list), `max_actions` the legal list's bound
    /// (`"legal"` only; default: measured, see the documentation).
    #[new]
    #[pyo3(signature = (game, players=None, options=None, seed=0, first=None, max_actions=None, action_space="fixed"))]
    fn new(
        game: &str,
        players: Option<i64>,
        options: Option<&Bound<'_, PyDict>>,
        seed: i128,
        first: Option<i64>,
        max_actions: Option<i64>,
        action_space: &str,
    ) -> PyResult<Self> {
        let new = NewGame {
            players: count_of("players", players)?,
            first: count_of("first", first)?,
            options: options_of(options)?,
            seed: seed_of(seed)?,
            max_actions: count_of("max_actions", max_actions)?,
            fixed: fixed_of(action_space)?,
        };
        Ok(PyGame::wrap(registry::create(game, new).map_err(to_py)?))
    }

    /// The game's id.
    #[getter]
    fn id(&self) -> &'static str {
        self.inner.id()
    }

    /// The game's title.
    #[getter]
    fn title(&self) -> &'static str {
        self.inner.title()
    }

    /// The configuration (as the position format writes it).
    #[getter]
    fn config<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json_to_py(py, &self.inner.config_json())
    }

    /// The number of seats.
    #[getter]
    fn num_players(&self) -> usize {
        self.inner.num_players()
    }

    /// The action space's size: masks have this length and action indices are below it.
    #[getter]
    fn max_actions(&self) -> usize {
        self.inner.num_actions()
    }

    /// The version of the game's fixed numbering of moves: it changes whenever an id changes
    /// its meaning (1 for a numbering never changed).
    #[getter]
    fn action_space_version(&self) -> u32 {
        self.inner.shape().fixed_version
    }

    /// What an action index names: `"fixed"` (one move of the game's fixed numbering, the same
    /// in every state) or `"legal"` (a place in the seat's legal list).
    #[getter]
    fn action_space(&self) -> &'static str {
        if self.inner.fixed() {
            "fixed"
        } else {
            "legal"
        }
    }

    /// The longest legal list seen while measuring the action space.
    #[getter]
    fn longest_legal_seen(&self) -> usize {
        self.inner.shape().longest_legal
    }

    /// The numeric observation's length.
    #[getter]
    fn observation_size(&self) -> usize {
        self.inner.shape().observation_size()
    }

    /// Which numeric form `observation_array` gives: `"game"` (the game's own encoding, written
    /// from its state) or `"generic"` (the observation flattened by the measured layout).
    #[getter]
    fn observation_encoding(&self) -> &'static str {
        if self.inner.shape().encoded.is_some() {
            "game"
        } else {
            "generic"
        }
    }

    /// The turn or round number.
    #[getter]
    fn turn(&self) -> u32 {
        self.inner.turn()
    }

    /// The seats that may act now (empty once over).
    fn to_act(&self) -> Vec<Seat> {
        self.inner.to_act().iter().collect()
    }

    /// The seats the game waits for (a subset of `to_act()`).
    fn must_act(&self) -> Vec<Seat> {
        self.inner.must_act().iter().collect()
    }

    /// Whether the game is over.
    fn is_over(&self) -> bool {
        self.inner.to_act().is_empty()
    }

    /// What the seat to act is asked to do, in words.
    fn prompt(&self) -> String {
        self.inner.prompt()
    }

    /// The table drawn as text for `viewer` (a seat, or None for a spectator).
    #[pyo3(signature = (viewer=None))]
    fn render(&self, viewer: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
        let v = viewer_of(self.inner.as_ref(), viewer)?;
        Ok(self.inner.draw(v))
    }

    /// The number of legal actions of `seat` (default: the seat that must act).
    #[pyo3(signature = (seat=None))]
    fn num_legal(&mut self, seat: Option<&Bound<'_, PyAny>>) -> PyResult<usize> {
        let Some(s) = queried_seat(self.inner.as_ref(), seat)? else {
            return Ok(0);
        };
        Ok(self.inner.num_legal(s))
    }

    /// The legal actions of `seat` (default: the seat that must act), as dicts with `index`,
    /// `notation`, `label`, `effect`, `cost`, `highlights`.
    #[pyo3(signature = (seat=None))]
    fn legal_actions<'py>(
        &mut self,
        py: Python<'py>,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyList>> {
        let Some(s) = queried_seat(self.inner.as_ref(), seat)? else {
            return Ok(PyList::empty(py));
        };
        let items: Vec<Bound<'py, PyDict>> = self
            .inner
            .legal_infos(s)
            .iter()
            .map(|a| info_dict(py, a))
            .collect::<PyResult<_>>()?;
        PyList::new(py, items)
    }

    /// The notation of the legal actions of `seat`, in index order.
    #[pyo3(signature = (seat=None))]
    fn legal_notations(&mut self, seat: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
        let Some(s) = queried_seat(self.inner.as_ref(), seat)? else {
            return Ok(Vec::new());
        };
        Ok(self.inner.legal_notations(s))
    }

    /// The legal-action mask of `seat`: a bool array of length `max_actions`, true at the
    /// indices of its legal actions (in the fixed space: exactly the legal moves it numbers).
    #[pyo3(signature = (seat=None))]
    fn action_mask<'py>(
        &mut self,
        py: Python<'py>,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let s = queried_seat(self.inner.as_ref(), seat)?;
        Ok(self.mask_array(py, s))
    }

    /// Applies `action` for `seat` (default: the seat that must act) and returns the events it
    /// caused, in words, as `seat` sees them. `action` is an index into the seat's legal list
    /// (an int), a notation (a str), or a dict: `{"index": i}`, `{"notation": "..."}`, or the
    /// clause form of `boardroom.actions.to_notation`.
    #[pyo3(signature = (action, seat=None))]
    fn apply(
        &mut self,
        py: Python<'_>,
        action: &Bound<'_, PyAny>,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<String>> {
        self.apply_any(py, action, seat)
    }

    /// Applies the action at `index` of the action space for `seat` (default: the seat that
    /// must act). Returns the events it caused, in words, as `seat` sees them.
    #[pyo3(signature = (index, seat=None))]
    fn apply_index(
        &mut self,
        index: &Bound<'_, PyAny>,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<String>> {
        let s = actor_of(self.inner.as_ref(), seat)?;
        let index = index_of(index)?;
        self.inner.apply_index(s, index).map_err(to_py)
    }

    /// Applies the action at `index` for `seat` without describing its events (the fastest
    /// call). `seat` defaults to the seat that must act.
    #[pyo3(signature = (index, seat=None))]
    fn step(&mut self, index: &Bound<'_, PyAny>, seat: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        let s = actor_of(self.inner.as_ref(), seat)?;
        if !self.inner.to_act().contains(s) {
            // Refused with the reason (the game is over, or who may act), nothing applied.
            return self.inner.apply_index(s, 0).map(|_| ()).map_err(to_py);
        }
        self.inner.apply_quiet(s, index_of(index)?).map_err(to_py)
    }

    /// Applies the action written `notation` for `seat` (default: the seat that must act):
    /// any legal action, listed or not (e.g. an offer). Returns the events in words.
    #[pyo3(signature = (notation, seat=None))]
    fn apply_notation(
        &mut self,
        notation: &str,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<String>> {
        let s = actor_of(self.inner.as_ref(), seat)?;
        self.inner.apply_notation(s, notation).map_err(to_py)
    }

    /// The fields of the game's composite action (The Boss: an offer of any terms), as
    /// `(name, number of values)` in order; empty when the game has none.
    fn composite_fields(&self) -> Vec<(String, usize)> {
        self.inner.shape().composite.to_vec()
    }

    /// The masks of the composite fields for `seat` (default: the seat that must act): one
    /// bool array, each field's values in order, one field after another; true at the values
    /// some legal composite action could hold now (each field on its own).
    #[pyo3(signature = (seat=None))]
    fn composite_mask<'py>(
        &mut self,
        py: Python<'py>,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let s = queried_seat(self.inner.as_ref(), seat)?;
        let len = self.inner.shape().composite.iter().map(|f| f.1).sum();
        let mut mask = vec![false; len];
        if let Some(s) = s {
            self.inner.composite_masks(s, &mut mask);
        }
        Ok(PyArray1::from_vec(py, mask))
    }

    /// Applies the composite action `fields` (one whole number per field) for `seat`
    /// (default: the seat that must act); returns the events in words. An illegal vector is
    /// refused with the rule it breaks, and nothing changes.
    #[pyo3(signature = (fields, seat=None))]
    fn apply_composite(
        &mut self,
        fields: &Bound<'_, PyAny>,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<String>> {
        let f = composite::fields_of(fields, &self.inner.shape().composite)?;
        let s = actor_of(self.inner.as_ref(), seat)?;
        self.inner.apply_composite(s, &f, false).map_err(to_py)
    }

    /// Checks the composite action `fields` for `seat` (default: the seat that must act)
    /// without applying it: None when legal, else raises the error naming the rule.
    #[pyo3(signature = (fields, seat=None))]
    fn check_composite(
        &mut self,
        fields: &Bound<'_, PyAny>,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let f = composite::fields_of(fields, &self.inner.shape().composite)?;
        let s = actor_of(self.inner.as_ref(), seat)?;
        self.inner.check_composite(s, &f).map_err(to_py)
    }

    /// The notation of the action the composite vector `fields` names for `seat` here.
    #[pyo3(signature = (fields, seat=None))]
    fn composite_notation(
        &mut self,
        fields: &Bound<'_, PyAny>,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<String> {
        let f = composite::fields_of(fields, &self.inner.shape().composite)?;
        let s = actor_of(self.inner.as_ref(), seat)?;
        self.inner.composite_notation(s, &f).map_err(to_py)
    }

    /// The composite vector of the action written `notation` for `seat`, or None when the
    /// fields cannot name it (e.g. an offer with a note).
    #[pyo3(signature = (notation, seat=None))]
    fn composite_of(
        &mut self,
        notation: &str,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Option<Vec<u32>>> {
        let s = actor_of(self.inner.as_ref(), seat)?;
        self.inner.composite_of(s, notation).map_err(to_py)
    }

    /// Checks the action written `notation` for `seat` without applying it: None when legal,
    /// else raises the error naming the rule.
    #[pyo3(signature = (notation, seat=None))]
    fn check(&mut self, notation: &str, seat: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        let s = actor_of(self.inner.as_ref(), seat)?;
        self.inner.check(s, notation).map_err(to_py)
    }

    /// Reads `notation` for `seat`: `(index or None, notation as the game writes it)`; the
    /// index is the action's index in the action space (None when it has none there).
    #[pyo3(signature = (notation, seat=None))]
    fn parse_action(
        &mut self,
        notation: &str,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<(Option<usize>, String)> {
        let s = queried_seat(self.inner.as_ref(), seat)?.unwrap_or(0);
        self.inner.parse(s, notation).map_err(to_py)
    }

    /// The notation of the legal action at `index` of `seat`'s action space.
    #[pyo3(signature = (index, seat=None))]
    fn format_action(
        &mut self,
        index: &Bound<'_, PyAny>,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<String> {
        let s = actor_of(self.inner.as_ref(), seat)?;
        self.inner.format_index(s, index_of(index)?).map_err(to_py)
    }

    /// What `viewer` (a seat, or None for a spectator) may know, as a dict (the game's
    /// observation in JSON form).
    #[pyo3(signature = (viewer=None))]
    fn observe<'py>(
        &self,
        py: Python<'py>,
        viewer: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let v = viewer_of(self.inner.as_ref(), viewer)?;
        json_to_py(py, &self.inner.observation_json(v))
    }

    /// The observation of `viewer` as JSON text.
    #[pyo3(signature = (viewer=None))]
    fn observe_json(&self, viewer: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
        let v = viewer_of(self.inner.as_ref(), viewer)?;
        Ok(self.inner.observation_json(v))
    }

    /// The observation of `viewer` as a float32 array of length `observation_size`: the game's
    /// own encoding when it has one (`observation_encoding == "game"`), else the dict form
    /// flattened by the generic layout (see `observation_layout()`).
    #[pyo3(signature = (viewer=None))]
    fn observation_array<'py>(
        &self,
        py: Python<'py>,
        viewer: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let v = viewer_of(self.inner.as_ref(), viewer)?;
        Ok(self.observation_of(py, v))
    }

    /// The generic layout's form of the observation (the `observation_array` of games without
    /// an encoding of its own), whichever form `observation_array` gives.
    #[pyo3(signature = (viewer=None))]
    fn _observation_array_generic<'py>(
        &self,
        py: Python<'py>,
        viewer: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let v = viewer_of(self.inner.as_ref(), viewer)?;
        Ok(self.generic_observation_of(py, v, false))
    }

    /// `_observation_array_generic` computed through the observation's JSON form (slower): the
    /// reference the direct generic encoding is tested against.
    #[pyo3(signature = (viewer=None))]
    fn _observation_array_via_json<'py>(
        &self,
        py: Python<'py>,
        viewer: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let v = viewer_of(self.inner.as_ref(), viewer)?;
        Ok(self.generic_observation_of(py, v, true))
    }

    /// How many values of `viewer`'s observation do not fit the layout now (list items beyond
    /// the room measured); 0 almost always.
    #[pyo3(signature = (viewer=None))]
    fn observation_overflow(&self, viewer: Option<&Bound<'_, PyAny>>) -> PyResult<usize> {
        let v = viewer_of(self.inner.as_ref(), viewer)?;
        Ok(self.overflow_of(v))
    }

    /// The place each slot of the numeric observation holds, as `(slot, name)` pairs in slot
    /// order. The game's own encoding names its values itself (Big Boss: `players[1].money`,
    /// `board[23].company=Regent`); the generic layout by path: `players[1].money`, `board#len`
    /// (a list's length), `hand?` (1 when present), `phase$` (the number of a string, see
    /// `observation_vocabulary`).
    fn observation_layout(&self) -> Vec<(usize, String)> {
        self.slot_names()
    }

    /// The strings a `$` slot knows, in the order of their numbers (the first is 1; a string
    /// not in the list is -1).
    /// `None` for any other slot, and for every slot of a game's own encoding.
    fn observation_vocabulary(&self, slot: usize) -> Option<Vec<String>> {
        self.slot_vocabulary(slot)
    }

    /// A game consistent with everything `viewer` knows, its hidden part (others' secrets,
    /// deck order, future dice) drawn from `seed`: `viewer`'s observation is the same.
    #[pyo3(signature = (viewer, seed=0))]
    fn sample_hidden(&self, viewer: Option<&Bound<'_, PyAny>>, seed: i128) -> PyResult<PyGame> {
        let v = viewer_of(self.inner.as_ref(), viewer)?;
        Ok(PyGame::wrap(self.inner.sample_hidden(v, seed_of(seed)?)))
    }

    /// Final scores and winners as a dict `{"scores": [...], "winners": [...]}`, or None while
    /// the game goes on.
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        match self.inner.outcome() {
            None => Ok(None),
            Some(o) => Ok(Some(json_to_py(
                py,
                &serde_json::to_string(&o).unwrap_or_else(|_| "null".into()),
            )?)),
        }
    }

    /// The reward of every seat: 1 for a sole winner, 1/k for each of k winners sharing the
    /// title, 0 otherwise; all 0 while the game goes on.
    fn rewards(&self) -> Vec<f64> {
        let n = self.inner.num_players();
        match self.inner.outcome() {
            Some(o) if self.inner.to_act().is_empty() => (0..n).map(|s| o.reward(s)).collect(),
            _ => vec![0.0; n],
        }
    }

    /// A copy of the game.
    fn clone(&self) -> PyGame {
        PyGame::wrap(self.inner.clone_box())
    }

    /// Saved as its position (the whole state) and its action space.
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, (String, bool, usize))> {
        let (fixed, bound) = crate::pickle::space_of(self.inner.as_ref());
        let f = py
            .import("boardroom._boardroom")?
            .getattr("_game_from_state")?;
        Ok((f, (self.inner.position_json(), fixed, bound)))
    }

    fn __copy__(&self) -> PyGame {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
        self.clone()
    }

    /// The whole state, secrets included, as JSON text in the game's position format: the only
    /// way to the full state (for tools and tests, never for a player).
    fn to_position(&self) -> String {
        self.inner.position_json()
    }

    /// A game loaded from a position (any registered game: the `game` field names it).
    #[staticmethod]
    pub(crate) fn from_position(text: &str) -> PyResult<PyGame> {
        Ok(PyGame::wrap(registry::load(text).map_err(to_py)?))
    }

    /// Starts a new game with the same configuration, set up from `seed`.
    fn reset(&mut self, seed: i128) -> PyResult<()> {
        self.inner.reset(seed_of(seed)?).map_err(to_py)
    }

    /// The bots' search's ranking of `seat`'s legal actions (default: the seat that must act),
    /// from that seat's knowledge only, as `boardroom hint` computes it: a dict with `policy`
    /// (float32, `max_actions`: each action's share of the search's visits), `value` (float32,
    /// `max_actions`: the estimated chance to win after it; NaN where no legal action is or the
    /// search never tried it) and `moves` (best first: `index`, `notation`, `visits`,
    /// `win_chance`). `iterations` search iterations, or with `level` (`easy`, `normal`, `hard`,
    /// `ismcts:N`) that level's search; never time-limited, so `seed` reproduces the targets.
    /// With `prior` (`max_actions` non-negative weights, e.g. a network's policy) the search
    /// is guided at its root by AlphaZero's PUCT rule with exploration constant `c_puct`: its
    /// iterations go first to the moves the prior favours, and the values found overrule it as
    /// visits grow. The GIL is released.
    #[pyo3(signature = (seat=None, iterations=200, seed=0, level=None, prior=None, c_puct=1.0))]
    #[allow(clippy::too_many_arguments)]
    fn search_targets<'py>(
        &mut self,
        py: Python<'py>,
        seat: Option<&Bound<'_, PyAny>>,
        iterations: u32,
        seed: i128,
        level: Option<&str>,
        prior: Option<&Bound<'_, PyAny>>,
        c_puct: f64,
    ) -> PyResult<Bound<'py, PyDict>> {
        let s = actor_of(self.inner.as_ref(), seat)?;
        let seed = seed_of(seed)?;
        let config = crate::search::target_search(iterations, level).map_err(to_py)?;
        let prior = prior
            .map(|p| prior_of(p, None, self.inner.num_actions(), c_puct))
            .transpose()?;
        self.search_targets_dict(py, s, config, seed, prior)
    }

    /// A built-in bot for this game: `random`, `heuristic`, `heuristic-nodeal`, `easy`,
    /// `normal`, `hard` or `ismcts:N`, seeded with `seed`.
    #[pyo3(signature = (name, seed=0))]
    fn bot(&self, name: &str, seed: i128) -> PyResult<PyBot> {
        Ok(PyBot {
            inner: Mutex::new(self.inner.make_bot(name, seed_of(seed)?).map_err(to_py)?),
        })
    }

    fn __repr__(&self) -> String {
        format!(
            "Game({:?}, players={}, turn={}, to_act={:?})",
            self.inner.id(),
            self.inner.num_players(),
            self.inner.turn(),
            self.inner.to_act().iter().collect::<Vec<_>>()
        )
    }
}
