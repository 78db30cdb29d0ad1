//! Errors every game shares: bad notation, bad positions, bad configurations.

use thiserror::Error;

/// Text that is not a valid action in a game's notation.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("cannot read action `{input}`: {reason}")]
pub struct NotationError {
    /// The text as given.
    pub input: String,
    /// What is wrong with it.
    pub reason: String,
}

impl NotationError {
    /// A notation error for `input` explained by `reason`.
    pub fn new(input: impl Into<String>, reason: impl Into<String>) -> Self {
        NotationError {
            input: input.into(),
            reason: reason.into(),
        }
    }
}

/// A position (or position file) that cannot be loaded: malformed, or describing an impossible
/// state. `field` names where the problem is, e.g. `players[2].money`.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("invalid position: {field}: {reason}")]
pub struct PositionError {
    /// Where in the position the problem is.
    pub field: String,
    /// What is wrong.
    pub reason: String,
}

impl PositionError {
    /// A position error at `field` explained by `reason`.
    pub fn new(field: impl Into<String>, reason: impl Into<String>) -> Self {
        PositionError {
            field: field.into(),
            reason: reason.into(),
        }
    }
}

/// A table configuration the game cannot be played with (e.g. seven players).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("invalid game configuration: {0}")]
pub struct ConfigError(pub String);
