//! Big Boss's scripted strategies for the bots' gauntlet ([`Evaluate::SCRIPTS`]): plain lines a
//! person could follow without thinking, which every bot level must hold to its fair share.
//!
//! | script | at the start of a turn | after playing |
//! |---|---|---|
//! | `buy-deck` | buy from the deck when it may, else play its lowest card | end the turn |
//! | `play-lowest` | play its lowest card, else buy from the deck | end the turn |
//! | `hoard` | play the card that earns most, else buy from the deck | end the turn |
//! | `shares` | as `hoard` | buy the dearest share it can, as often as it may |
//! | `towers` | as `hoard` | place a tower whenever it may |
//! | `spend` | as `hoard` | a tower, then the dearest shares |
//!
//! Unable to buy or play, every script passes without selling; the steps of a play (where to
//! found, which company survives) are left to the gauntlet's default, the first legal action.
//!
//! [`Evaluate::SCRIPTS`]: boardroom_engine::Evaluate::SCRIPTS

use crate::{Action, BigBoss};
use boardroom_engine::{Game, Seat};

/// The scripts, by name.
pub const SCRIPTS: &[&str] = &[
    "buy-deck",
    "play-lowest",
    "hoard",
    "shares",
    "towers",
    "spend",
];

/// The choice of `script` for `seat`, or `None` for the steps of a play and unknown scripts.
pub fn scripted_action(g: &BigBoss, script: &str, seat: Seat) -> Option<Action> {
    let mut legal = Vec::new();
    g.legal_actions(seat, &mut legal);
    let has = |a: Action| legal.contains(&a);
    let plays: Vec<Action> = legal
        .iter()
        .copied()
        .filter(|a| matches!(a, Action::Play(_)))
        .collect();
    let lowest = plays.iter().copied().min_by_key(|a| a.space_index());
    let starts_turn = !plays.is_empty() || has(Action::BuyDeck);
    if starts_turn {
        let buy = has(Action::BuyDeck).then_some(Action::BuyDeck);
        return match script {
            "buy-deck" => buy.or(lowest),
            "play-lowest" => lowest.or(buy),
            _ => richest_play(g, seat, &plays).or(buy),
        }
        .or_else(|| legal.first().copied());
    }
    if has(Action::End) {
        let tower = has(Action::Tower).then_some(Action::Tower);
        let share = dearest_share(g, &legal);
        return Some(
            match script {
                "shares" => share,
                "towers" => tower,
                "spend" => tower.or(share),
                _ => None,
            }
            .unwrap_or(Action::End),
        );
    }
    has(Action::Pass).then_some(Action::Pass)
}

/// The share of the highest price among the legal purchases.
fn dearest_share(g: &BigBoss, legal: &[Action]) -> Option<Action> {
    legal
        .iter()
        .filter_map(|&a| match a {
            Action::Share(c) => Some((g.company(c).price, a)),
            _ => None,
        })
        .max_by_key(|&(price, a)| (price, std::cmp::Reverse(a.space_index())))
        .map(|(_, a)| a)
}

/// The play that leaves `seat` with the most money once its steps are done (each step taken
/// as the first legal choice); the lowest card among equals.
fn richest_play(g: &BigBoss, seat: Seat, plays: &[Action]) -> Option<Action> {
    let mut legal = Vec::new();
    let mut best: Option<(u32, Action)> = None;
    let mut sorted = plays.to_vec();
    sorted.sort_by_key(|a| a.space_index());
    for &play in &sorted {
        let mut c = g.clone();
        if c.play(seat, play).is_err() {
            continue;
        }
        // The steps of the play; a turn has fewer than a dozen.
        for _ in 0..16 {
            if !c.to_act().contains(seat) {
                break;
            }
            c.legal_actions(seat, &mut legal);
            if legal.is_empty() || legal.contains(&Action::End) {
                break;
            }
            if c.play(seat, legal[0]).is_err() {
                break;
            }
        }
        let money = c.player(seat).money;
        if best.is_none_or(|(m, _)| money > m) {
            best = Some((money, play));
        }
    }
    best.map(|(_, a)| a)
}
