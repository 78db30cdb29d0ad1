//! One test (or more) per rule and decision of the Big Shot rules file, including the
//! resolution table and the rulebook's scoring example. Illegal actions must be refused with
//! the rule named and the state unchanged.
//!
//! This file holds the shared helpers; the tests are in one module per part of the rules
//! (`rules/`).

use boardroom_bigshot::board::BoardSpec;
use boardroom_bigshot::colour::{cubes_from_str, cubes_to_string, Colour};
use boardroom_bigshot::position::LotEntry;
use boardroom_bigshot::rules::resolve_owner;
use boardroom_bigshot::{Action, BigShot, Config, Event, Phase, Position, RuleError};
use boardroom_engine::{Game, Seat};

const RED: Colour = Colour(0);
const ORANGE: Colour = Colour(1);
const IVORY: Colour = Colour(2);
const PURPLE: Colour = Colour(3);

mod auction;
mod bad_input;
mod loans;
mod placing;
mod scoring;
mod setup;

fn config(players: usize, hidden: bool) -> Config {
    let mut c = Config::new(players);
    c.hidden_money = hidden;
    c.first_player = Some(0);
    c
}

fn new(players: usize, hidden: bool) -> BigShot {
    BigShot::new(&config(players, hidden), 1).unwrap()
}

/// Plays `text` for the seat to act; panics on error.
fn act(g: &mut BigShot, text: &str) -> Vec<Event> {
    let seat = g.to_act().first().expect("someone to act");
    let a = g.parse_action(text).unwrap();
    g.play(seat, a)
        .unwrap_or_else(|e| panic!("`{text}` refused: {e}"))
}

/// Tries `text` for `seat`, expecting a refusal; checks nothing changed and returns the error.
fn refuse(g: &mut BigShot, seat: Seat, text: &str) -> RuleError {
    let before = g.clone();
    let a = g.parse_action(text).unwrap();
    let mut events = Vec::new();
    let e = g.apply(seat, a, &mut events).unwrap_err();
    assert_eq!(*g, before, "state changed by refused `{text}`");
    assert!(events.is_empty());
    assert_eq!(g.check(seat, a).unwrap_err(), e);
    e
}

/// Rolls and declines every loan: the auction is open.
fn to_bidding(g: &mut BigShot) {
    act(g, "roll");
    for _ in 0..g.players() {
        act(g, "decline");
    }
    assert!(matches!(g.phase(), Phase::Bidding { .. }));
}

fn seat_to_act(g: &BigShot) -> Seat {
    g.to_act().first().unwrap()
}

/// Sets `removed` so every colour's cubes add up to 18.
fn fix_removed(p: &mut Position) {
    let mut count = [0u8; 4];
    let mut add = |s: &str| {
        let c = cubes_from_str(s).unwrap();
        for i in 0..4 {
            count[i] += c[i];
        }
    };
    for s in &p.spaces {
        add(s);
    }
    for l in &p.lots {
        add(&l.cubes);
    }
    add(&p.hand);
    for l in &p.lots {
        if let Some(o) = l.owner {
            count[o.idx()] += 1;
        }
    }
    let mut removed = [0u8; 4];
    for i in 0..4 {
        removed[i] = 18u8.saturating_sub(count[i]);
    }
    p.removed = cubes_to_string(&removed);
}

/// Moves a start position on to round `k + 1` before the roll: spaces 1 to `k` have been
/// auctioned (their cubes left the game) and the broker stands on space 1.
fn skip_rounds(p: &mut Position, k: usize) {
    p.round = k as u8 + 1;
    p.die = Some(1);
    p.broker = 1;
    for s in p.spaces.iter_mut().take(k) {
        s.clear();
    }
    fix_removed(p);
}

fn lot_mut<'a>(p: &'a mut Position, id: &str) -> &'a mut LotEntry {
    p.lots.iter_mut().find(|l| l.lot == id).unwrap()
}

/// A finished game where each `(lot, colour)` is owned and every other lot went to nobody.
fn finished(players: usize, owners: &[(&str, Colour)], coins: [u32; 4]) -> BigShot {
    let mut p = new(players, false).to_position();
    p.round = 18;
    p.die = Some(1);
    p.phase = Phase::Over;
    for s in p.spaces.iter_mut() {
        s.clear();
    }
    for l in p.lots.iter_mut() {
        l.sold = true;
        l.owner = None;
    }
    for (id, c) in owners {
        lot_mut(&mut p, id).owner = Some(*c);
    }
    for (i, e) in p.colours.iter_mut().enumerate() {
        e.coins = coins[i];
    }
    fix_removed(&mut p);
    BigShot::from_position(&p).unwrap()
}

/// The last round's placement: `hand` still to place by the roller who took the cubes free,
/// with the given cubes already on lots.
fn last_placement(lots: &[(&str, &str)], hand: &str) -> BigShot {
    let mut p = new(4, false).to_position();
    p.round = 18;
    p.die = Some(3);
    p.roller = 0;
    p.phase = Phase::Place { seat: 0 };
    p.passed = vec![0, 1, 2, 3];
    for s in p.spaces.iter_mut() {
        s.clear();
    }
    for (id, cubes) in lots {
        lot_mut(&mut p, id).cubes = cubes.to_string();
    }
    p.hand = hand.to_string();
    fix_removed(&mut p);
    BigShot::from_position(&p).unwrap()
}

fn owner_of(g: &BigShot, id: &str) -> Option<Colour> {
    let l = g.board().lot_index(id).unwrap();
    assert!(g.is_sold(l));
    g.owner(l)
}
