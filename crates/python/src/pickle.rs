//! Pickling (`copy`, `multiprocessing`, Ray): a `Game` is saved as its position (the whole
//! state, the generator of games with chance included) and its action space; a `VecGame` as
//! every game's position, the state of each game's actor generator, its actor and seed (from
//! which its slot's next seed follows), and the last step's rewards and done flags, so a
//! restored batch goes on exactly as the original would.

use crate::batch::Batch;
use crate::dyngame::DynGame;
use crate::error::{Error, Kind, Result};
use crate::py_game::PyGame;
use crate::py_vec::PyVecGame;
use crate::registry;
use crate::to_py;
use boardroom_engine::rng::GameRng;
use numpy::PyArrayMethods;
use pyo3::prelude::*;
use rand::SeedableRng;
use serde::{Deserialize, Serialize};

/// A game's action space as saved: `(fixed, legal list bound)`.
pub(crate) fn space_of(game: &dyn DynGame) -> (bool, usize) {
    (game.fixed(), game.legal_bound())
}

fn load(position: &str, fixed: bool, max_actions: usize) -> Result<Box<dyn DynGame>> {
    let mut game = registry::load(position)?;
    game.set_space(fixed, Some(max_actions))?;
    Ok(game)
}

/// A `Game` from what `Game.__reduce__` saved.
#[pyfunction]
pub fn _game_from_state(position: &str, fixed: bool, max_actions: usize) -> PyResult<PyGame> {
    Ok(PyGame {
        inner: load(position, fixed, max_actions).map_err(to_py)?,
    })
}

/// A ChaCha generator's state.
#[derive(Serialize, Deserialize)]
struct RngState {
    seed: [u8; 32],
    stream: u64,
    /// The word position, as text (JSON numbers stop at 2^64).
    word_pos: String,
}

impl RngState {
    fn of(r: &GameRng) -> Self {
        RngState {
            seed: r.get_seed(),
            stream: r.get_stream(),
            word_pos: r.get_word_pos().to_string(),
        }
    }

    fn rng(&self) -> Result<GameRng> {
        let pos: u128 = self
            .word_pos
            .parse()
            .map_err(|_| Error::new(Kind::Position, "a saved generator's word_pos is a number"))?;
        let mut r = GameRng::from_seed(self.seed);
        r.set_stream(self.stream);
        r.set_word_pos(pos);
        Ok(r)
    }
}

/// A saved `VecGame`.
#[derive(Serialize, Deserialize)]
struct BatchState {
    positions: Vec<String>,
    rngs: Vec<RngState>,
    actors: Vec<usize>,
    seeds: Vec<u64>,
    observations: bool,
    fixed: bool,
    max_actions: usize,
    rewards: Vec<f32>,
    done: Vec<bool>,
    /// Whether the arrays show the seeds (absent in batches saved before the choice).
    #[serde(default)]
    show_seeds: bool,
    /// Whether composite actions are on (absent in batches saved before them).
    #[serde(default)]
    composite: bool,
}

/// The saved form of `vec` (JSON text).
pub(crate) fn save_batch(py: Python<'_>, vec: &PyVecGame) -> PyResult<String> {
    let (games, rngs, actors, seeds, observations) = vec.batch().parts();
    let (fixed, max_actions) = space_of(games[0].as_ref());
    let (rewards, done) = vec.last_step(py)?;
    let state = BatchState {
        positions: games.iter().map(|g| g.position_json()).collect(),
        rngs: rngs.iter().map(RngState::of).collect(),
        actors: actors.to_vec(),
        seeds: seeds.to_vec(),
        observations,
        fixed,
        max_actions,
        rewards,
        done,
        show_seeds: vec.show_seeds,
        composite: vec.composite_on(),
    };
    serde_json::to_string(&state).map_err(|e| {
        to_py(Error::new(
            Kind::Position,
            format!("cannot save the batch: {e}"),
        ))
    })
}

/// A `VecGame` from what `VecGame.__reduce__` saved.
#[pyfunction]
pub fn _vec_from_state(py: Python<'_>, state: &str) -> PyResult<PyVecGame> {
    let state: BatchState = serde_json::from_str(state).map_err(|e| {
        to_py(Error::new(
            Kind::Position,
            format!("invalid saved batch: {e}"),
        ))
    })?;
    let games = state
        .positions
        .iter()
        .map(|p| load(p, state.fixed, state.max_actions))
        .collect::<Result<Vec<_>>>()
        .map_err(to_py)?;
    let rngs = state
        .rngs
        .iter()
        .map(RngState::rng)
        .collect::<Result<Vec<_>>>()
        .map_err(to_py)?;
    let n = games.len();
    let players = games.first().map_or(0, |g| g.num_players());
    if state.rewards.len() != n * players || state.done.len() != n {
        return Err(to_py(Error::new(
            Kind::Position,
            "invalid saved batch: rewards and done flags do not fit the games",
        )));
    }
    let batch = Batch::from_parts(games, rngs, state.actors, state.seeds, state.observations)
        .map_err(to_py)?;
    let mut vec = PyVecGame::around(py, batch, |b, out| b.rewrite_all(out))?;
    vec.show_seeds = state.show_seeds;
    if state.composite {
        vec.enable_composite(py)?;
    }
    vec.set_last_step(py, &state.rewards, &state.done)?;
    Ok(vec)
}

/// Writes the last step's rewards and done flags into `vec`'s arrays.
pub(crate) fn write_last_step(
    py: Python<'_>,
    rewards: &Bound<'_, numpy::PyArray2<f32>>,
    done: &Bound<'_, numpy::PyArray1<bool>>,
    r: &[f32],
    d: &[bool],
) -> PyResult<()> {
    let _ = py;
    // SAFETY: the arrays are this object's own, contiguous, and no slice of them is alive.
    unsafe {
        rewards.as_slice_mut()?.copy_from_slice(r);
        done.as_slice_mut()?.copy_from_slice(d);
    }
    Ok(())
}
