//! The module's functions: the registry's games, loading a position, and random playouts in
//! Rust alone (the reference `bench.py` compares the Python paths with).

use crate::error::{Error, Kind};
use crate::py_args::options_of;
use crate::py_game::PyGame;
use crate::to_py;
use boardroom_engine::playout::{random_playout, Scratch};
use boardroom_engine::Options;
use boardroom_registry::{make_config, visit, Playable, Visitor};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::time::Instant;

/// Every registered game as JSON text: id, title, players, options, bots, seat names.
#[pyfunction]
pub fn games_json() -> String {
    serde_json::to_string(&boardroom_registry::list()).unwrap_or_else(|_| "[]".into())
}

/// The gauntlet's policies of the game called `game_id` (generic ones, then the game's scripts):
/// bot names `Game.bot` and `VecGame.bot_actions` take besides the levels.
#[pyfunction]
pub fn policies(game_id: &str) -> PyResult<Vec<String>> {
    boardroom_registry::policies(game_id)
        .map_err(|e| to_py(Error::new(Kind::UnknownGame, e.to_string())))
}

/// Loads a position file of any registered game.
#[pyfunction]
pub fn load_position(text: &str) -> PyResult<PyGame> {
    PyGame::from_position(text)
}

struct Playouts {
    players: Option<usize>,
    options: Options,
    seconds: f64,
}

impl Visitor for Playouts {
    type Output = crate::error::Result<(u64, u64, f64)>;
    fn visit<G: Playable>(self) -> Self::Output {
        let config = make_config::<G>(self.players.unwrap_or(G::MIN_PLAYERS), None, &self.options)
            .map_err(|e| Error::new(Kind::Config, e.to_string()))?;
        let mut scratch = Scratch::default();
        let mut r = boardroom_engine::rng::from_seed(0xbe7c);
        let (mut games, mut decisions, mut seed) = (0u64, 0u64, 1_000_000u64);
        let start = Instant::now();
        while start.elapsed().as_secs_f64() < self.seconds {
            for _ in 0..20 {
                let mut g =
                    G::new(&config, seed).map_err(|e| Error::new(Kind::Config, e.to_string()))?;
                seed += 1;
                decisions += random_playout(&mut g, &mut r, &mut scratch).decisions;
                games += 1;
            }
        }
        Ok((games, decisions, start.elapsed().as_secs_f64()))
    }
}

/// Random playouts in Rust alone for `seconds` on one thread (what `boardroom bench`
/// measures): `(games, decisions, seconds)`.
#[pyfunction]
#[pyo3(signature = (game, players=None, options=None, seconds=1.0))]
pub fn bench_random_playouts(
    py: Python<'_>,
    game: &str,
    players: Option<usize>,
    options: Option<&Bound<'_, PyDict>>,
    seconds: f64,
) -> PyResult<(u64, u64, f64)> {
    let options = options_of(options)?;
    let id = game.to_string();
    py.allow_threads(move || {
        visit(
            &id,
            Playouts {
                players,
                options,
                seconds,
            },
        )
        .map_err(|e| Error::new(Kind::UnknownGame, e.to_string()))?
    })
    .map_err(to_py)
}
