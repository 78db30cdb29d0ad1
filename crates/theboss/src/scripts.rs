//! The Boss's scripted strategies for the bots' gauntlet ([`Evaluate::SCRIPTS`]): plain lines a
//! person could follow without thinking, which every bot level must hold to its fair share.
//! Each plays the reference player without dealing ([`Style::deals`] off: it still bids and
//! votes in its own interest) except where its line says otherwise:
//!
//! | script | its line |
//! |---|---|
//! | `never-deal` | never offers, and refuses every offer made to it |
//! | `accept-all` | accepts every offer made to it, whatever it asks |
//! | `fire-always` | fires, or calls a meeting on, a player whenever it may |
//! | `hoard` | never buys shares and never bids: keeps its cash |
//! | `buy-shares` | buys the largest block of shares it may whenever it may |
//!
//! [`Evaluate::SCRIPTS`]: boardroom_engine::Evaluate::SCRIPTS
//! [`Style::deals`]: boardroom_engine::Style::deals

use crate::{Action, TheBoss};
use boardroom_engine::{Seat, Style};
use rand::RngCore;

/// The scripts, by name.
pub const SCRIPTS: &[&str] = &[
    "never-deal",
    "accept-all",
    "fire-always",
    "hoard",
    "buy-shares",
];

/// The choice of `script` for `seat`: one of its legal candidates, or `None` when it has
/// nothing to do (the game does not wait for it and no line of the script applies) and for
/// unknown scripts. Reads only what `seat` may know (its candidates and the reference player,
/// which reads its own seat's view).
pub fn scripted_action(
    g: &TheBoss,
    script: &str,
    seat: Seat,
    rng: &mut dyn RngCore,
) -> Option<Action> {
    if !SCRIPTS.contains(&script) {
        return None;
    }
    let mut cands = Vec::new();
    g.candidates(seat, &mut cands);
    if cands.is_empty() {
        return None;
    }
    let waited_for = g.must_act().contains(seat) || g.must_act().is_empty();
    let plain = Style { deals: false };
    let reference = |rng: &mut dyn RngCore| {
        if waited_for {
            g.policy_action(seat, &plain, rng)
        } else {
            g.policy_optional_action(seat, &plain, rng)
        }
    };
    let find = |f: fn(&Action) -> bool| cands.iter().find(|a| f(a)).cloned();
    match script {
        "accept-all" => find(|a| matches!(a, Action::Accept(_))).or_else(|| reference(rng)),
        "fire-always" => find(|a| matches!(a, Action::Fire(_)))
            .or_else(|| find(|a| matches!(a, Action::Meeting(_))))
            .or_else(|| reference(rng)),
        "buy-shares" => cands
            .iter()
            .filter_map(|a| match a {
                Action::Buy(k) => Some(*k),
                _ => None,
            })
            .max()
            .map(Action::Buy)
            .or_else(|| reference(rng)),
        "hoard" => {
            let spends = |a: &Action| matches!(a, Action::Buy(_) | Action::Bid(_));
            match reference(rng) {
                Some(a) if spends(&a) => {
                    let pass = cands.iter().find(|c| matches!(c, Action::Pass));
                    let other = cands
                        .iter()
                        .find(|c| !spends(c) && !c.is_dealing() && !matches!(c, Action::Pass));
                    pass.or(other).cloned().or(Some(a))
                }
                other => other,
            }
        }
        // `never-deal`: the reference without dealing already refuses every offer.
        _ => reference(rng),
    }
}
