//! # boardroom-python
//!
//! The native part of the Python package `boardroom` (module `boardroom._boardroom`, built with
//! maturin from `python/pyproject.toml`): every game of the registry through one API
//! ([`py_game::PyGame`], reached through [`dyngame::DynGame`]), built-in bots by name, and
//! batched stepping of many games into NumPy arrays with the GIL released
//! ([`py_vec::PyVecGame`]). The pure-Python part (`python/boardroom/`) adds the PettingZoo and
//! Gymnasium environments and the documentation of the API.
//!
//! Every refused input raises a subclass of `ValueError` (see [`error::Kind`]) naming the rule or
//! the field, and leaves the game unchanged.

pub mod batch;
mod batch_composite;
mod direct;
mod dynbot;
pub mod dyngame;
pub mod error;
mod fixed;
mod lanes;
pub mod layout;
mod pickle;
mod pool;
mod prefetch;
mod py_args;
mod py_bot;
mod py_functions;
mod py_game;
mod py_vec;
pub mod registry;
pub mod search;
pub mod shape;
mod threads;
mod wrapped;

use error::Kind;
use pyo3::create_exception;

/// The allocator of everything the module allocates (Python's objects and NumPy's arrays keep
/// theirs). Batched stepping makes and drops small lists and offers at most decisions, in a
/// thousand games whose memory is spread over the heap: mimalloc's per-thread heaps, with each
/// size of block in pages of its own, are faster at it and keep a game's blocks closer than the
/// system's allocator (see docs/performance.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    _boardroom,
    BoardroomError,
    PyValueError,
    "Every input Boardroom refuses (a ValueError); the game is unchanged."
);
create_exception!(
    _boardroom,
    UnknownGameError,
    BoardroomError,
    "A game id that is not in the registry."
);
create_exception!(
    _boardroom,
    ConfigError,
    BoardroomError,
    "Players or options a game cannot be set up with."
);
create_exception!(
    _boardroom,
    IllegalActionError,
    BoardroomError,
    "An action the rules refuse (the message names the rule), or an index outside the legal list."
);
create_exception!(
    _boardroom,
    NotationError,
    BoardroomError,
    "Text that is not an action in the game's notation."
);
create_exception!(
    _boardroom,
    PositionError,
    BoardroomError,
    "A position that cannot be loaded (the message names the field)."
);
create_exception!(
    _boardroom,
    SeatError,
    BoardroomError,
    "A seat or viewer that does not exist."
);
create_exception!(
    _boardroom,
    ArrayError,
    BoardroomError,
    "An array of the wrong shape or dtype."
);
create_exception!(
    _boardroom,
    BotError,
    BoardroomError,
    "An unknown bot name, or a bot used with another game."
);

/// The Python exception of an API error.
pub(crate) fn to_py(e: error::Error) -> PyErr {
    let m = e.message;
    match e.kind {
        Kind::UnknownGame => UnknownGameError::new_err(m),
        Kind::Config => ConfigError::new_err(m),
        Kind::IllegalAction => IllegalActionError::new_err(m),
        Kind::Notation => NotationError::new_err(m),
        Kind::Position => PositionError::new_err(m),
        Kind::Seat => SeatError::new_err(m),
        Kind::Array => ArrayError::new_err(m),
        Kind::Bot => BotError::new_err(m),
        Kind::Memory => pyo3::exceptions::PyMemoryError::new_err(m),
    }
}

/// The module `boardroom._boardroom`.
#[pymodule]
fn _boardroom(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("BoardroomError", py.get_type::<BoardroomError>())?;
    m.add("UnknownGameError", py.get_type::<UnknownGameError>())?;
    m.add("ConfigError", py.get_type::<ConfigError>())?;
    m.add("IllegalActionError", py.get_type::<IllegalActionError>())?;
    m.add("NotationError", py.get_type::<NotationError>())?;
    m.add("PositionError", py.get_type::<PositionError>())?;
    m.add("SeatError", py.get_type::<SeatError>())?;
    m.add("ArrayError", py.get_type::<ArrayError>())?;
    m.add("BotError", py.get_type::<BotError>())?;
    m.add_class::<py_game::PyGame>()?;
    m.add_class::<py_bot::PyBot>()?;
    m.add_class::<py_vec::PyVecGame>()?;
    m.add_function(wrap_pyfunction!(py_functions::games_json, m)?)?;
    m.add_function(wrap_pyfunction!(py_functions::policies, m)?)?;
    m.add_function(wrap_pyfunction!(py_functions::load_position, m)?)?;
    m.add_function(wrap_pyfunction!(py_functions::bench_random_playouts, m)?)?;
    m.add_function(wrap_pyfunction!(pickle::_game_from_state, m)?)?;
    m.add_function(wrap_pyfunction!(pickle::_vec_from_state, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
