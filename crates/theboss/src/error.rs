//! Rule violations: every rejected action names the rule it breaks (the ids of `docs/the-boss.md`
//! and of the rules file, e.g. `R-8` or `§9.2`).

use crate::words;
use boardroom_i18n::{Message, ENGLISH};
use std::fmt;

/// Why an action is illegal: the rule broken and what is wrong, as a message for the player
/// (written in a reader's language by [`crate::words::text`] of [`RuleError::message`], in
/// English by `Display`). It reads as a sentence with the rule named in words: "… (rule 9.2:
/// offers)", "… (ruling R-30)"; the id itself (`§9.2`, `R-30`) is [`RuleError::rule`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleError {
    /// The rule, e.g. `R-8`, `§5.3`, `D-12`.
    pub rule: &'static str,
    /// What is wrong, as a message (`the-boss-err-…`).
    pub reason: Message,
}

impl RuleError {
    /// An error for `rule` explained by `reason`.
    pub fn new(rule: &'static str, reason: Message) -> Self {
        RuleError { rule, reason }
    }

    /// The refusal as a message: the reason, then the rule in words.
    pub fn message(&self) -> Message {
        Message::new("the-boss-refusal")
            .arg("reason", self.reason.clone())
            .arg("rule", rule_message(self.rule))
    }

    /// The reason alone, in English (for logs, tools and position files).
    pub fn reason_text(&self) -> String {
        words::text(ENGLISH, &self.reason)
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&words::text(ENGLISH, &self.message()))
    }
}

impl std::error::Error for RuleError {}

/// The reason of a refusal: message `id` of The Boss's `game.ftl`, its arguments added with
/// [`Message::arg`].
pub(crate) fn why(id: &'static str) -> Message {
    Message::new(id)
}

/// The sections of the rules file a refusal may cite, by id, with their subjects' keys in
/// `the-boss-rule-section`.
const SECTIONS: [(&str, &str); 21] = [
    ("§1", "s1"),
    ("§2", "s2"),
    ("§3", "s3"),
    ("§4", "s4"),
    ("§5", "s5"),
    ("§5.1", "s5-1"),
    ("§5.2", "s5-2"),
    ("§5.3", "s5-3"),
    ("§5.4", "s5-4"),
    ("§5.5", "s5-5"),
    ("§6", "s6"),
    ("§7", "s7"),
    ("§8", "s8"),
    ("§9", "s9"),
    ("§9.1", "s9-1"),
    ("§9.2", "s9-2"),
    ("§9.3", "s9-3"),
    ("§9.4", "s9-4"),
    ("§9.5", "s9-5"),
    ("§9.6", "s9-6"),
    ("§9.7", "s9-7"),
];

/// A rule id in words, as a message: `§9.2` is "rule 9.2: offers", `R-30` "ruling R-30",
/// `D-4` "decision D-4".
pub fn rule_message(rule: &str) -> Message {
    if let Some(number) = rule.strip_prefix('§') {
        match SECTIONS.iter().find(|(id, _)| *id == rule) {
            Some((_, key)) => Message::new("the-boss-rule-section")
                .arg("number", number)
                .arg("section", *key),
            None => Message::new("the-boss-rule").arg("rule", number),
        }
    } else if rule.starts_with("R-") {
        Message::new("the-boss-ruling").arg("rule", rule)
    } else if rule.starts_with("D-") {
        Message::new("the-boss-decision").arg("rule", rule)
    } else {
        Message::new("the-boss-rule").arg("rule", rule)
    }
}

/// A rule id in words, in English (see [`rule_message`]).
pub fn rule_words(rule: &str) -> String {
    words::text(ENGLISH, &rule_message(rule))
}

/// Returns `Err` for `rule` with `reason` (shorthand in rule code).
pub(crate) fn fail<T>(rule: &'static str, reason: Message) -> Result<T, RuleError> {
    Err(RuleError::new(rule, reason))
}

/// Returns `Err` for `rule` with `reason` unless `ok` holds.
pub(crate) fn ensure(
    ok: bool,
    rule: &'static str,
    reason: impl FnOnce() -> Message,
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
    fn because(rule: &'static str, reason: impl FnOnce() -> Message) -> Self;

    /// `Ok` when `ok` holds, else the verdict for `rule`.
    #[inline]
    fn ensure(ok: bool, rule: &'static str, reason: impl FnOnce() -> Message) -> Result<(), Self> {
        if ok {
            Ok(())
        } else {
            Err(Self::because(rule, reason))
        }
    }

    /// The verdict for `rule`, as an `Err`.
    #[inline]
    fn fail<T>(rule: &'static str, reason: impl FnOnce() -> Message) -> Result<T, Self> {
        Err(Self::because(rule, reason))
    }
}

impl Verdict for RuleError {
    #[inline]
    fn because(rule: &'static str, reason: impl FnOnce() -> Message) -> Self {
        RuleError::new(rule, reason())
    }
}

/// The verdict of a yes-or-no check: illegal, no reason built.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Illegal;

impl Verdict for Illegal {
    #[inline]
    fn because(_: &'static str, _: impl FnOnce() -> Message) -> Self {
        Illegal
    }
}
