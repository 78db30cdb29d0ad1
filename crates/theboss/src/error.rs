//! Rule violations: every rejected action names the rule it breaks (the ids of `docs/the-boss.md`
//! and of the rules file, e.g. `R-8` or `§9.2`).

use thiserror::Error;

/// Why an action is illegal: the rule broken and what is wrong, in words for the player.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{reason} ({rule})")]
pub struct RuleError {
    /// The rule, e.g. `R-8`, `§5.3`, `D-12`.
    pub rule: &'static str,
    /// What is wrong.
    pub reason: String,
}

impl RuleError {
    /// An error for `rule` explained by `reason`.
    pub fn new(rule: &'static str, reason: impl Into<String>) -> Self {
        RuleError {
            rule,
            reason: reason.into(),
        }
    }
}

/// Returns `Err` for `rule` with `reason` (shorthand in rule code).
pub(crate) fn fail<T>(rule: &'static str, reason: impl Into<String>) -> Result<T, RuleError> {
    Err(RuleError::new(rule, reason))
}

/// Returns `Err` for `rule` with `reason` unless `ok` holds.
pub(crate) fn ensure(
    ok: bool,
    rule: &'static str,
    reason: impl FnOnce() -> String,
) -> Result<(), RuleError> {
    if ok {
        Ok(())
    } else {
        Err(RuleError::new(rule, reason()))
    }
}
