//! Rule violations: every rejected action names the rule it breaks (the ids of `docs/the-boss.md`
//! and of the rules file, e.g. `R-8` or `§9.2`).

use thiserror::Error;

/// Why an action is illegal: the rule broken and what is wrong, in words for the player. It
/// reads as a sentence with the rule named in words: "… (rule 9.2: offers)", "… (ruling
/// R-30)"; the id itself (`§9.2`, `R-30`) is [`RuleError::rule`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{reason} ({})", rule_words(.rule))]
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

/// The sections of the rules file a refusal may cite, by id, with their subjects.
const SECTIONS: [(&str, &str); 21] = [
    ("§1", "components and positions"),
    ("§2", "the Experience deck"),
    ("§3", "the Fate deck"),
    ("§4", "Executive cards"),
    ("§5", "the turn"),
    ("§5.1", "the start of a turn"),
    ("§5.2", "the steps of a turn"),
    ("§5.3", "moving"),
    ("§5.4", "Financial Disaster and losing turns"),
    ("§5.5", "being fired"),
    ("§6", "Fate cards"),
    ("§7", "firing"),
    ("§8", "winning"),
    ("§9", "wheeling and dealing"),
    ("§9.1", "deal windows"),
    ("§9.2", "offers"),
    ("§9.3", "short-term deals"),
    ("§9.4", "what players may trade"),
    ("§9.5", "long-term deals"),
    ("§9.6", "auctions"),
    ("§9.7", "limits against stalling"),
];

/// A rule id in words, as a refusal names it: `§9.2` is "rule 9.2: offers", `R-30` "ruling
/// R-30", `D-4` "decision D-4".
pub fn rule_words(rule: &str) -> String {
    if let Some(number) = rule.strip_prefix('§') {
        match SECTIONS.iter().find(|(id, _)| *id == rule).map(|(_, s)| s) {
            Some(s) => format!("rule {number}: {s}"),
            None => format!("rule {number}"),
        }
    } else if rule.starts_with("R-") {
        format!("ruling {rule}")
    } else if rule.starts_with("D-") {
        format!("decision {rule}")
    } else {
        format!("rule {rule}")
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
