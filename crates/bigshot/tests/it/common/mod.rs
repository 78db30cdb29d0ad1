//! What the conformance kit needs to know of Big Shot, shared by the test files: the configs,
//! the invariants of the rules (with a money ledger kept from the events), how random games
//! choose, and a way to vary a viewer's unknowns.

#![allow(dead_code)]

use boardroom_bigshot::action::universe;
use boardroom_bigshot::board::BoardSpec;
use boardroom_bigshot::colour::Colour;
use boardroom_bigshot::position::max_coins;
use boardroom_bigshot::state::start_coins;
use boardroom_bigshot::{Action, BigShot, Config, Event, Phase};
use boardroom_engine::rng::GameRng;
use boardroom_engine::testing::{Conformance, Events};
use boardroom_engine::{Game, Seat, Viewer};
use rand::seq::SliceRandom;
use rand::Rng;

/// 2 to 4 players, standard and hidden money, and the default board given as a custom board.
pub fn configs() -> Vec<Config> {
    let mut v = Vec::new();
    for players in 2..=4 {
        for hidden in [false, true] {
            let mut c = Config::new(players);
            c.hidden_money = hidden;
            v.push(c);
        }
    }
    let mut custom = Config::new(3);
    custom.board = Some(BoardSpec::default_board());
    v.push(custom);
    v
}

/// The kit with everything Big Shot-specific given.
pub fn kit(configs: Vec<Config>) -> Conformance<BigShot> {
    Conformance::new(configs)
        .universe(|g: &BigShot| universe(g.board()))
        .invariants(invariants)
        .secrets(vary_secrets)
        .forbidden(|config, seed| vec![BigShot::new(config, seed).unwrap().to_position().dice.seed])
        .choose(choose)
}

/// Random play, but bids are drawn less often so auctions end with varied prices.
pub fn choose(_: &BigShot, legal: &[Action], rng: &mut GameRng) -> Action {
    if rng.gen_bool(0.5) {
        let calm: Vec<&Action> = legal
            .iter()
            .filter(|a| !matches!(a, Action::Bid(_)))
            .collect();
        calm.choose(rng).map_or(legal[0], |a| **a)
    } else {
        *legal.choose(rng).expect("a legal action")
    }
}

/// Fails with `msg` unless `cond`.
fn ensure(cond: bool, msg: impl FnOnce() -> String) -> Result<(), String> {
    if cond {
        Ok(())
    } else {
        Err(msg())
    }
}

/// Cubes are conserved, IOUs match loans; from the events: each colour's money is its start
/// money plus its loans minus its payments, each auction space is auctioned once, the game-over
/// event comes exactly with the end, and at the end every space was auctioned and paid for (or
/// taken free), every lot is resolved and the winners are eligible.
pub fn invariants(g: &BigShot, events: &Events<'_, Event>) -> Result<(), String> {
    let per = g.board().cubes_per_colour();
    ensure(g.cubes_total() == [per; 4], || "cubes are conserved".into())?;
    for s in 0..g.players() {
        let ious: u8 = g.colours_of(s).iter().map(|&c| g.ious(c)).sum();
        ensure(ious == g.loans_taken(s), || {
            format!("seat {s}'s IOUs and loans differ")
        })?;
    }
    let Some(all) = events.all() else {
        return Ok(());
    };
    let mut coins = [0i64; 4];
    let mut ious = [0u8; 4];
    for c in Colour::all() {
        if g.seat_of(c).is_some() {
            coins[c.idx()] = start_coins(g.players()) as i64;
        }
    }
    let mut auctioned = Vec::new();
    let mut paid_or_free = 0;
    let mut ended = 0;
    for e in all {
        match e {
            Event::Rolled { to, .. } => auctioned.push(*to),
            Event::Loan {
                colour, received, ..
            } => {
                coins[colour.idx()] += *received as i64;
                ious[colour.idx()] += 1;
            }
            Event::Paid { colour, amount, .. } => {
                coins[colour.idx()] -= *amount as i64;
                paid_or_free += 1;
            }
            Event::TakenFree { .. } => paid_or_free += 1,
            Event::GameOver => ended += 1,
            _ => {}
        }
    }
    for c in Colour::all() {
        ensure(g.coins(c) as i64 == coins[c.idx()], || {
            format!(
                "{c} has {} coins, the events say {}",
                g.coins(c),
                coins[c.idx()]
            )
        })?;
        ensure(g.ious(c) == ious[c.idx()], || {
            format!("{c}'s IOUs differ from its loans")
        })?;
    }
    let mut seen = auctioned.clone();
    seen.sort_unstable();
    seen.dedup();
    ensure(seen.len() == auctioned.len(), || {
        "a space was auctioned twice".into()
    })?;
    let over_now = events.latest().iter().any(|e| matches!(e, Event::GameOver));
    ensure(
        over_now == g.is_over() && ended == usize::from(g.is_over()),
        || "the game-over event comes once, exactly with the end".into(),
    )?;
    if g.is_over() {
        let spaces = g.board().num_spaces();
        ensure(auctioned.len() == spaces, || {
            "a space was never auctioned".into()
        })?;
        ensure(paid_or_free == spaces, || {
            "an auction was neither paid nor free".into()
        })?;
        ensure(g.phase() == Phase::Over, || {
            "over but not in the last phase".into()
        })?;
        ensure((0..g.board().num_lots()).all(|l| g.is_sold(l)), || {
            "a lot is unresolved at the end".into()
        })?;
        ensure((0..spaces).all(|s| g.space(s) == [0; 4]), || {
            "cubes are left on an auction space".into()
        })?;
        let out = g.outcome().ok_or("no outcome at the end")?;
        ensure(out.scores.len() == g.players(), || {
            "a score per seat".into()
        })?;
        ensure(out.winners.iter().all(|w| g.score(w).eligible), || {
            "an ineligible winner".into()
        })?;
    }
    Ok(())
}

/// The same game with what `viewer` may not know changed: the die's generator always, and in
/// the hidden-money variant (before the end) the coins of a colour the viewer does not play.
pub fn vary_secrets(g: &BigShot, viewer: Viewer, rng: &mut GameRng) -> Option<BigShot> {
    let mut p = g.to_position();
    p.dice.seed = (0..32)
        .map(|_| format!("{:02x}", rng.gen::<u8>()))
        .collect();
    if g.hidden_money() && !g.is_over() {
        let others: Vec<Colour> = Colour::all()
            .filter(|&c| g.seat_of(c).is_some_and(|s| viewer != Viewer::Seat(s)))
            .collect();
        if let Some(&c) = others.choose(rng) {
            let max = max_coins(g.players(), g.ious(c));
            for _ in 0..8 {
                let mut q = p.clone();
                q.colours[c.idx()].coins = rng.gen_range(0..=max);
                if BigShot::from_position(&q).is_ok() {
                    p = q;
                    break;
                }
            }
        }
    }
    BigShot::from_position(&p).ok()
}

/// The states that differ from `g` only in the coins of one colour a seat plays (set to 0, or to
/// 1 where it holds 0), each with that colour and seat: what that seat alone may see change.
pub fn coin_twins(g: &BigShot) -> Vec<(Colour, Seat, BigShot)> {
    let with_coins = |c: Colour, coins: u32| {
        let mut p = g.to_position();
        p.colours[c.idx()].coins = coins;
        BigShot::from_position(&p).ok()
    };
    let mut out = Vec::new();
    for c in Colour::all() {
        let Some(owner) = g.seat_of(c) else { continue };
        let Some(h) = with_coins(c, 0).or_else(|| with_coins(c, 1)) else {
            continue;
        };
        if h != *g {
            out.push((c, owner, h));
        }
    }
    out
}
