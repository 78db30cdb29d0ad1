//! The Python class `Bot`: a built-in bot of one game.

use crate::dyngame::DynBot;
use crate::error::{Error, Kind};
use crate::py_args::{actor_of, count_of, seed_of};
use crate::py_game::PyGame;
use crate::to_py;
use pyo3::prelude::*;
use std::sync::{Mutex, MutexGuard};

/// A built-in bot of one game (made by `Game.bot`).
#[pyclass(name = "Bot", module = "boardroom._boardroom")]
pub struct PyBot {
    pub(crate) inner: Mutex<Box<dyn DynBot>>,
}

impl PyBot {
    /// The bot, or an error once a call panicked inside it (its state is then unknown).
    fn locked(&self) -> PyResult<MutexGuard<'_, Box<dyn DynBot>>> {
        self.inner
            .lock()
            .map_err(|_| to_py(Error::new(Kind::Bot, "the bot failed earlier")))
    }
}

#[pymethods]
impl PyBot {
    /// The bot's name.
    #[getter]
    fn name(&self) -> String {
        self.inner.lock().map(|b| b.name()).unwrap_or_default()
    }

    /// The game id it plays.
    #[getter]
    fn game(&self) -> &'static str {
        self.inner.lock().map(|b| b.game_id()).unwrap_or("")
    }

    /// Chooses an action for `seat` (default: the seat that must act) without applying it:
    /// `(index or None, notation)`; the index is None for an action outside the action space
    /// (an offer of its own terms).
    #[pyo3(signature = (game, seat=None))]
    fn choose(
        &self,
        py: Python<'_>,
        game: &mut PyGame,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<(Option<usize>, String)> {
        let s = actor_of(game.inner.as_ref(), seat)?;
        let mut bot = self.locked()?;
        let (b, g): (&mut Box<dyn DynBot>, _) = (&mut bot, game.inner.as_mut());
        py.allow_threads(|| b.choose(g, s)).map_err(to_py)
    }

    /// Chooses and applies an action for `seat` (default: the seat that must act); returns
    /// `(index or None, notation)`.
    #[pyo3(signature = (game, seat=None))]
    fn act(
        &self,
        py: Python<'_>,
        game: &mut PyGame,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<(Option<usize>, String)> {
        let s = actor_of(game.inner.as_ref(), seat)?;
        let mut bot = self.locked()?;
        let (b, g): (&mut Box<dyn DynBot>, _) = (&mut bot, game.inner.as_mut());
        py.allow_threads(|| b.act(g, s)).map_err(to_py)
    }

    /// Plays `game` on with this bot deciding for every seat until it ends (or after
    /// `max_decisions` decisions): a rollout in Rust, with the GIL released. When several seats
    /// may act, the seat is drawn uniformly among them by a generator seeded `seed`. Returns
    /// the number of decisions played.
    #[pyo3(signature = (game, seed=0, max_decisions=None))]
    fn play_out(
        &self,
        py: Python<'_>,
        game: &mut PyGame,
        seed: i128,
        max_decisions: Option<i64>,
    ) -> PyResult<u64> {
        let mut seats = boardroom_engine::rng::from_seed(seed_of(seed)?);
        let limit = count_of("max_decisions", max_decisions)?.map_or(u64::MAX, |m| m as u64);
        let mut bot = self.locked()?;
        let (b, g): (&mut Box<dyn DynBot>, _) = (&mut bot, game.inner.as_mut());
        py.allow_threads(|| {
            let mut played = 0;
            while played < limit {
                let Some(seat) = g.to_act().choose(&mut seats) else {
                    break;
                };
                b.act(g, seat)?;
                played += 1;
            }
            Ok(played)
        })
        .map_err(to_py)
    }
}
