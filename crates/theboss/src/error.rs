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

/// What a check answers when an action breaks a rule: a [`RuleError`] naming the rule and
/// saying why, or [`Illegal`] when only yes or no is asked. Every check of the rules is written
/// once, generic over its verdict; the reason is a closure, built only for a [`RuleError`].
pub(crate) trait Verdict: Sized {
    /// The verdict for breaking `rule`, explained by `reason` if this verdict keeps reasons.
    fn because(rule: &'static str, reason: impl FnOnce() -> String) -> Self;

    /// `Ok` when `ok` holds, else the verdict for `rule`.
    #[inline]
    fn ensure(ok: bool, rule: &'static str, reason: impl FnOnce() -> String) -> Result<(), Self> {
        if ok {
            Ok(())
        } else {
            Err(Self::because(rule, reason))
        }
    }

    /// The verdict for `rule`, as an `Err`.
    #[inline]
    fn fail<T>(rule: &'static str, reason: impl FnOnce() -> String) -> Result<T, Self> {
        Err(Self::because(rule, reason))
    }
}

impl Verdict for RuleError {
    #[inline]
    fn because(rule: &'static str, reason: impl FnOnce() -> String) -> Self {
        RuleError::new(rule, reason())
    }
}

/// The verdict of a yes-or-no check: illegal, no reason built.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Illegal;

impl Verdict for Illegal {
    #[inline]
    fn because(_: &'static str, _: impl FnOnce() -> String) -> Self {
        Illegal
    }
}
