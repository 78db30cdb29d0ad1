//! Errors of the Python API, each becoming one Python exception class (a subclass of
//! `ValueError`, see `lib.rs`).

use std::fmt;

/// What kind of input was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A game id that is not in the registry.
    UnknownGame,
    /// Players or options the game cannot be set up with.
    Config,
    /// An action the rules refuse (the message names the rule), or an index outside the legal
    /// list.
    IllegalAction,
    /// Text that is not an action in the game's notation.
    Notation,
    /// A position that cannot be loaded (the message names the field).
    Position,
    /// A seat or viewer that does not exist.
    Seat,
    /// An array of the wrong shape or type.
    Array,
    /// An unknown bot name or a bot used with another game.
    Bot,
    /// More memory asked for than the system grants (Python's `MemoryError`).
    Memory,
}

/// A refused input: its kind and a message naming the rule or the field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// What kind of input was refused.
    pub kind: Kind,
    /// Why.
    pub message: String,
}

impl Error {
    /// An error of `kind` explained by `message`.
    pub fn new(kind: Kind, message: impl Into<String>) -> Self {
        Error {
            kind,
            message: message.into(),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

/// The result of an API call.
pub type Result<T> = std::result::Result<T, Error>;
