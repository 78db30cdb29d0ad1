//! The Python side of search targets (`Game.bot_ranking`, `VecGame.bot_rankings`): a search
//! bot's ranking of the legal actions, from the seat's own knowledge only (see `ranking.rs`).

use crate::batch::Batch;
use crate::error::{Error, Kind};
use crate::py_game::seed_of;
use crate::ranking::{rank, write_targets, Effort, Ranked};
use crate::to_py;
use boardroom_engine::Seat;
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

/// The search effort named by `level`: a level name (`easy`, `normal`, `hard`, `ismcts:N`) or a
/// whole number of iterations (`None`: `normal`).
pub(crate) fn effort_of(level: Option<&Bound<'_, PyAny>>) -> PyResult<Effort> {
    let Some(level) = level.filter(|l| !l.is_none()) else {
        return Ok(Effort::Level("normal".into()));
    };
    if let Ok(name) = level.extract::<String>() {
        return Ok(Effort::Level(name));
    }
    match level.extract::<i64>() {
        Ok(n) if n >= 1 && n <= i64::from(u32::MAX) => Ok(Effort::Iterations(n as u32)),
        Ok(n) => Err(to_py(Error::new(
            Kind::Bot,
            format!("iterations must be between 1 and {}, got {n}", u32::MAX),
        ))),
        Err(_) => Err(to_py(Error::new(
            Kind::Bot,
            "level: expected a level name (easy, normal, hard, ismcts:N) or a number of iterations",
        ))),
    }
}

fn ranked_dict<'py>(py: Python<'py>, r: &Ranked) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("index", r.index)?;
    d.set_item("notation", &r.notation)?;
    d.set_item("visits", r.visits)?;
    d.set_item("share", r.share)?;
    d.set_item("value", r.value)?;
    Ok(d)
}

/// `Game.bot_ranking`: the ranking of `seat`'s legal actions as a list of dicts, best first.
pub(crate) fn game_ranking<'py>(
    py: Python<'py>,
    game: &mut dyn crate::dyngame::DynGame,
    level: Option<&Bound<'py, PyAny>>,
    seat: Seat,
    seed: i128,
) -> PyResult<Bound<'py, PyList>> {
    let config = effort_of(level)?.config().map_err(to_py)?;
    let seed = seed_of(seed)?;
    let ranked = py
        .allow_threads(|| rank(game, seat, config, seed))
        .map_err(to_py)?;
    let items = ranked
        .iter()
        .map(|r| ranked_dict(py, r))
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, items)
}

/// `VecGame.bot_rankings`: for every game, the search bot's ranking for the seat to decide
/// (game `i` searched with seed `seed + i`), as arrays aligned to the legal lists, the games
/// spread over `threads` threads.
pub(crate) fn vec_rankings<'py>(
    py: Python<'py>,
    batch: &mut Batch,
    level: Option<&Bound<'py, PyAny>>,
    seed: i128,
) -> PyResult<Bound<'py, PyDict>> {
    let config = effort_of(level)?.config().map_err(to_py)?;
    let seed = seed_of(seed)?;
    let (n, width, threads) = (batch.len(), batch.max_actions(), batch.threads());
    let mut action = vec![0i64; n];
    let mut shares = vec![0f32; n * width];
    let mut values = vec![0f32; n * width];
    let actors: Vec<Seat> = batch.actors().to_vec();
    let results = py.allow_threads(|| {
        let len = n.div_ceil(threads.max(1)).max(1);
        let (games, pool) = batch.games_and_pool();
        let parts: Vec<_> = games
            .chunks_mut(len)
            .zip(actors.chunks(len))
            .zip(action.chunks_mut(len))
            .zip(shares.chunks_mut(len * width))
            .zip(values.chunks_mut(len * width))
            .enumerate()
            .map(|(k, ((((g, a), c), s), v))| (k * len, g, a, c, s, v))
            .collect();
        pool.run(parts, |(first, games, actors, chosen, shares, values)| {
            for (j, game) in games.iter_mut().enumerate() {
                let i = first + j;
                let ranked = rank(
                    game.as_mut(),
                    actors[j],
                    config,
                    seed.wrapping_add(i as u64),
                )?;
                chosen[j] = write_targets(
                    &ranked,
                    &mut shares[j * width..(j + 1) * width],
                    &mut values[j * width..(j + 1) * width],
                );
            }
            Ok(())
        })
    });
    results
        .into_iter()
        .collect::<crate::error::Result<()>>()
        .map_err(to_py)?;
    let d = PyDict::new(py);
    d.set_item("action", PyArray1::from_vec(py, action))?;
    let shares = PyArray1::from_vec(py, shares).reshape([n, width])?;
    let values = PyArray1::from_vec(py, values).reshape([n, width])?;
    d.set_item("shares", shares)?;
    d.set_item("values", values)?;
    Ok(d)
}
