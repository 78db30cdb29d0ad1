//! What the conformance kit needs to know of Big Boss, shared by the test files: the configs,
//! the invariants of the rules and a way to vary a viewer's unknowns.

#![allow(dead_code)]

use boardroom_bigboss::board::{prev, SPACES};
use boardroom_bigboss::card::Card;
use boardroom_bigboss::company::Status;
use boardroom_bigboss::{BigBoss, CompanyId, Config, Edition, Event, Position};
use boardroom_engine::testing::{Conformance, Events};
use boardroom_engine::{Game, Viewer};
use rand::seq::SliceRandom;
use rand::{Rng, RngCore};

/// Both editions, 2 to 6 players.
pub fn configs() -> Vec<Config> {
    [Edition::Modern, Edition::Classic]
        .into_iter()
        .flat_map(|e| (2..=6).map(move |p| Config::new(e, p)))
        .collect()
}

/// The kit with everything Big Boss-specific given.
pub fn kit(configs: Vec<Config>) -> Conformance<BigBoss> {
    Conformance::new(configs)
        .universe(|_| boardroom_bigboss::action::universe())
        .invariants(invariants)
        .secrets(|g, viewer, rng| vary_secrets(g, viewer, rng))
}

/// Fails with `msg` unless `cond`.
fn ensure(cond: bool, msg: impl FnOnce() -> String) -> Result<(), String> {
    if cond {
        Ok(())
    } else {
        Err(msg())
    }
}

/// Every invariant the rules promise, checked directly on the state, and the events: the
/// game-over event comes once, exactly with the end.
pub fn invariants(g: &BigBoss, events: &Events<'_, Event>) -> Result<(), String> {
    let r = g.rules();
    ensure(g.pieces_total() == 92, || "92 pieces are conserved".into())?;
    for seat in 0..g.players() {
        let p = g.player(seat);
        // Money is unsigned: a payment larger than a player's money would wrap around.
        ensure(p.money < 100_000, || {
            format!("seat {seat}'s money wrapped around")
        })?;
        for c in CompanyId::all() {
            ensure(p.shares[c.idx()] <= r.shares_per_company, || {
                format!("seat {seat} holds too many shares of {c}")
            })?;
        }
        ensure(p.towers_placed <= 2, || {
            format!("seat {seat} placed 3 towers")
        })?;
    }
    for c in CompanyId::all() {
        let co = g.company(c);
        ensure(co.price <= 50, || format!("{c}'s price is above the cap"))?;
        let held: u32 = (0..g.players())
            .map(|s| g.player(s).shares[c.idx()] as u32)
            .sum();
        let spaces: Vec<u8> = (1..=SPACES)
            .filter(|&s| g.board().owner(s) == Some(c.0))
            .collect();
        if co.active() {
            ensure(
                held + co.supply as u32 == r.shares_per_company as u32,
                || format!("shares of {c} are not conserved"),
            )?;
            ensure(!spaces.is_empty(), || {
                format!("{c} is active without buildings")
            })?;
            let starts = spaces
                .iter()
                .filter(|&&s| g.board().owner(prev(s)) != Some(c.0))
                .count();
            ensure(starts <= 1, || format!("{c} is not contiguous: {spaces:?}"))?;
        } else {
            ensure(held == 0, || {
                format!("somebody holds shares of inactive {c}")
            })?;
            ensure(spaces.is_empty(), || format!("inactive {c} has buildings"))?;
        }
    }
    for s in 1..=SPACES {
        match g.board().owner(s) {
            Some(o) => {
                ensure(g.board().height(s) > 0, || {
                    format!("space {s} is owned but empty")
                })?;
                ensure(g.company(CompanyId(o)).status == Status::Active, || {
                    format!("space {s} belongs to an inactive company")
                })?;
            }
            None => ensure(g.board().height(s) == 0, || {
                format!("space {s} has no owner")
            })?,
        }
    }
    if let Some(all) = events.all() {
        let over = events
            .latest()
            .iter()
            .any(|e| matches!(e, Event::GameOver { .. }));
        ensure(over == g.is_over(), || {
            "the game-over event comes exactly with the end".into()
        })?;
        let ended = all
            .iter()
            .filter(|e| matches!(e, Event::GameOver { .. }))
            .count();
        ensure(ended == usize::from(over), || {
            format!("{ended} game-over events in a game that is over={over}")
        })?;
    }
    Ok(())
}

/// Whether `c` in a player's hand is a secret (not bought face up, not a public level card).
fn is_secret(known: &[Card], c: &Card, levels_public: bool) -> bool {
    !(known.contains(c) || (levels_public && c.is_level()))
}

/// The same game with secrets `viewer` may not know changed: one unknown card of another
/// player's hand swapped with a deck card, then the deck shuffled. `None` when there is
/// nothing to swap.
pub fn vary_secrets(g: &BigBoss, viewer: Viewer, rng: &mut dyn RngCore) -> Option<BigBoss> {
    let mut pos: Position = g.position();
    let levels_public = g.edition() == Edition::Modern;
    let others: Vec<usize> = (0..pos.players.len())
        .filter(|&s| viewer != Viewer::Seat(s))
        .filter(|&s| {
            let p = &pos.players[s];
            p.hand.iter().any(|c| is_secret(&p.known, c, levels_public))
        })
        .collect();
    if pos.deck.len() < 2 || others.is_empty() {
        return None;
    }
    let s = *others.choose(rng)?;
    let secret: Vec<usize> = (0..pos.players[s].hand.len())
        .filter(|&i| {
            is_secret(
                &pos.players[s].known,
                &pos.players[s].hand[i],
                levels_public,
            )
        })
        .collect();
    let i = *secret.choose(rng)?;
    let j = rng.gen_range(0..pos.deck.len());
    std::mem::swap(&mut pos.players[s].hand[i], &mut pos.deck[j]);
    pos.deck.shuffle(rng);
    Some(BigBoss::from_position(&pos).expect("still a valid position"))
}
