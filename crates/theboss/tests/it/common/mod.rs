//! Helpers shared by the integration tests.
#![allow(dead_code)]

use boardroom_engine::Seat;
use boardroom_theboss::action::Lot;
use boardroom_theboss::{Action, Config, Event, TheBoss};
use rand::{Rng, SeedableRng};

/// Checks every conservation law and limit; returns the first violation.
pub fn invariants(g: &TheBoss) -> Result<(), String> {
    let d = g.data();
    let n = g.num_players();
    // Shares.
    let mut shares = g.bank_shares();
    let mut exp = g.experience_discards().to_vec();
    let mut exec = g.executive_bank().to_vec();
    let mut fate = g.fate_discards().to_vec();
    for s in 0..n {
        let p = g.player(s);
        shares += p.shares;
        exp.extend(&p.experience);
        exec.extend(&p.executive);
        if let Some(f) = &p.fate {
            fate.push(f.card);
        }
        if let Some(c) = p.disaster {
            fate.push(c);
        }
        if !p.cash.is_multiple_of(10) {
            return Err(format!("seat {s} cash {} not a multiple of 10", p.cash));
        }
        if !p.shares.is_multiple_of(10) {
            return Err(format!("seat {s} shares {} not a multiple of 10", p.shares));
        }
        for num in 5..=8 {
            if g.owned_of_number(s, num) > 2 {
                return Err(format!("seat {s} owns more than 2 Executive cards #{num}"));
            }
        }
    }
    for deal in g.deals() {
        shares += deal.collateral.shares;
        exp.extend(&deal.collateral.experience);
        exec.extend(&deal.collateral.executive);
        if deal.collateral.fate {
            return Err("a Fate card in escrow".into());
        }
    }
    if let Some(a) = g.auction() {
        match a.lot {
            Lot::Shares(k) => shares += k,
            Lot::Experience(c) => exp.push(c),
            Lot::Executive(c) => exec.push(c),
            Lot::Fate => fate.push(a.fate.as_ref().unwrap().card),
        }
    }
    if let Some(m) = g.meeting() {
        fate.push(m.card);
    }
    if let Some(am) = g.after_meeting() {
        fate.push(am.card);
    }
    if let Some(c) = g.pending_disaster() {
        fate.push(c);
    }
    let total = d.economy().total_shares;
    if shares != total {
        return Err(format!("{shares} shares accounted for, not {total}"));
    }
    exp.sort_unstable();
    exec.sort_unstable();
    fate.sort_unstable();
    let exp_total = d.exp_cards.len() - g.experience_left();
    if exp.len() != exp_total {
        return Err(format!(
            "{} Experience cards out of the deck, expected {exp_total}",
            exp.len()
        ));
    }
    exp.dedup();
    if exp.len() != exp_total {
        return Err("an Experience card is in two places".into());
    }
    if exec != (0..d.exec_cards.len() as u8).collect::<Vec<_>>() {
        return Err(format!("Executive cards are not conserved: {exec:?}"));
    }
    let fate_total = d.fate_cards.len() - g.fate_left();
    let before = fate.len();
    fate.dedup();
    if fate.len() != before || fate.len() != fate_total {
        return Err(format!(
            "{before} Fate cards out of the deck, expected {fate_total}"
        ));
    }
    for j in 1..=8u8 {
        if g.occupants(j) > d.position(j).chairs as usize {
            return Err(format!("position {j} over-filled"));
        }
    }
    Ok(())
}

/// Plays a random game with the candidate generator; checks invariants after every action.
/// Returns the game, the actions (seat, action) and whether it ended.
pub fn random_game(
    players: usize,
    seed: u64,
    max_actions: usize,
) -> (TheBoss, Vec<(Seat, Action)>, bool) {
    let g = TheBoss::new_game(&Config::new(players), seed).unwrap();
    random_from(g, seed, max_actions)
}

/// Plays randomly from `g` (see [`random_game`]).
pub fn random_from(
    mut g: TheBoss,
    seed: u64,
    max_actions: usize,
) -> (TheBoss, Vec<(Seat, Action)>, bool) {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let mut log = Vec::new();
    let mut cands = Vec::new();
    let mut events: Vec<Event> = Vec::new();
    for _ in 0..max_actions {
        if g.is_over() {
            return (g, log, true);
        }
        let seats: Vec<Seat> = g.may_act().iter().collect();
        assert!(!seats.is_empty(), "nobody may act in a running game");
        // Prefer the seats the game waits for, so games move on.
        let must: Vec<Seat> = g.must_act().iter().collect();
        assert!(!must.is_empty(), "nobody must act in a running game");
        for &m in &must {
            assert!(g.may_act().contains(m), "must_act is a subset of may_act");
        }
        for &s in &seats {
            g.candidates(s, &mut cands);
            assert!(!cands.is_empty(), "seat {s} may act but has no candidate");
        }
        let seat = if rng.gen_bool(0.7) {
            must[rng.gen_range(0..must.len())]
        } else {
            seats[rng.gen_range(0..seats.len())]
        };
        g.candidates(seat, &mut cands);
        if cands.is_empty() {
            assert!(
                !must.contains(&seat),
                "seat {seat} must act but has no candidate: {:?}",
                g.turn()
            );
            continue;
        }
        // Ending business and drawing are likelier, so games end in reasonable time.
        let a = match cands
            .iter()
            .find(|a| matches!(a, Action::End | Action::Draw(_)))
        {
            Some(a) if rng.gen_bool(0.3) => a.clone(),
            _ => cands[rng.gen_range(0..cands.len())].clone(),
        };
        events.clear();
        g.apply_action(seat, &a, &mut events)
            .unwrap_or_else(|e| panic!("candidate {a:?} of seat {seat} failed: {e}"));
        if let Err(e) = invariants(&g) {
            panic!("after {a:?} by seat {seat}: {e}");
        }
        log.push((seat, a));
    }
    let over = g.is_over();
    (g, log, over)
}

use boardroom_engine::Game;
use boardroom_theboss::position::Position;
use boardroom_theboss::state::{HeldFate, Sequence, Step};
use boardroom_theboss::RuleError;

/// A fresh game with seat 0 first.
pub fn fresh(players: usize) -> TheBoss {
    let mut c = Config::new(players);
    c.first_player = Some(0);
    TheBoss::new_game(&c, 1).unwrap()
}

/// Edits the position of a fresh game and loads it back (validated).
pub fn setup(players: usize, f: impl FnOnce(&mut Position)) -> TheBoss {
    let mut p = fresh(players).position();
    f(&mut p);
    TheBoss::from_position(&p).unwrap_or_else(|e| panic!("set-up position invalid: {e}"))
}

/// Experience card ids by kind (default data): HS 0-10, COL 11-21, OB 22-28, HC 29-35,
/// OS 36-41, DM 42-47.
pub const HS: u8 = 0;
pub const COL: u8 = 11;
pub const OB: u8 = 22;
pub const HC: u8 = 29;
pub const OS: u8 = 36;
pub const DM: u8 = 42;
/// Fate card ids: JA5 0, JA6 5, JA7 9, JA8 12, BON200 15, BON500 21, SO50@10 25, SO150@16 32,
/// FIRE200 33, FIRE300 37, FIRE500 41, FD200-1 44, FD600-2 50, FD1500-3 55.
pub const JA5: u8 = 0;
pub const JA8: u8 = 12;
pub const BON200: u8 = 15;
pub const SO50_10: u8 = 25;
pub const SO150_16: u8 = 32;
pub const FIRE200: u8 = 33;
pub const FIRE300: u8 = 37;
pub const FIRE500: u8 = 41;
pub const FD200: u8 = 44;
pub const FD600: u8 = 50;
/// Executive card ids: #5 0-5, #6 6-11, #7 12-15, #8 16-19.
pub const X5: u8 = 0;
pub const X6: u8 = 6;
pub const X7: u8 = 12;
pub const X8: u8 = 16;

/// Gives Experience card `c` from the deck to `seat`.
pub fn give_exp(p: &mut Position, seat: Seat, c: u8) {
    p.experience_deck.retain(|&x| x != c);
    p.players[seat].experience.push(c);
    p.players[seat].experience.sort_unstable();
}

/// Gives Fate card `c` from the deck to `seat`, usable in `window` (a turn number) if given.
pub fn give_fate(p: &mut Position, seat: Seat, c: u8, window: Option<u32>) {
    p.fate_deck.retain(|&x| x != c);
    p.players[seat].fate = Some(HeldFate {
        card: c,
        window,
        known_by: 0,
    });
}

/// Gives Executive card `c` from the Bank to `seat`.
pub fn give_exec(p: &mut Position, seat: Seat, c: u8) {
    p.executive_bank.retain(|&x| x != c);
    p.players[seat].executive.push(c);
    p.players[seat].executive.sort_unstable();
}

/// Moves `k` shares from the Bank to `seat`.
pub fn give_shares(p: &mut Position, seat: Seat, k: u32) {
    p.bank_shares -= k;
    p.bank_sold += k;
    p.players[seat].shares += k;
}

/// Makes it `seat`'s turn at its first step, in position `job`, with `snapshot` as the
/// Experience met at the start of the turn.
pub fn turn_of(p: &mut Position, seat: Seat, job: Option<u8>, snapshot: u16) {
    p.players[seat].job = job;
    p.players[seat].snapshot = snapshot;
    p.turn.seat = seat;
    p.turn.start_job = job;
    p.turn.sequence = match job {
        None => Sequence::Unemployed,
        Some(j) if j <= 4 => Sequence::Office,
        Some(_) => Sequence::Executive,
    };
    p.turn.step = if job.is_some() {
        Step::Salary
    } else {
        Step::Business
    };
    p.turn.floor = false;
}

/// Plays `text` for `seat`; panics on error.
pub fn play(g: &mut TheBoss, seat: Seat, text: &str) -> Vec<Event> {
    let a = g.parse_action(text).unwrap_or_else(|e| panic!("{e}"));
    g.play(seat, a)
        .unwrap_or_else(|e| panic!("`{text}` by seat {seat}: {e}"))
}

/// Asserts that `text` by `seat` breaks `rule` and changes nothing, and that the refusal
/// reads as a sentence a player understands ([`in_words`]).
pub fn refused(g: &TheBoss, seat: Seat, text: &str, rule: &str) -> RuleError {
    let a = g.parse_action(text).unwrap_or_else(|e| panic!("{e}"));
    let mut h = g.clone();
    let e = h.play(seat, a).expect_err(text);
    assert_eq!(e.rule, rule, "`{text}`: {e}");
    assert_eq!(&h, g, "a refused action changed the state");
    in_words(&e.to_string());
    e
}

/// Asserts that a refusal shown to a player reads as words: no rule id in notation (`§9.2`,
/// a bare `(R-30)`), no "§0" (no such rule), no backticked notation, no field of the offer's
/// notation (`give:`, `take:`), no seat numbers.
pub fn in_words(message: &str) {
    for bad in [
        "§",
        "`",
        "give:",
        "take:",
        "deliverable:",
        "collateral:",
        "seat ",
    ] {
        assert!(!message.contains(bad), "{bad:?} in the refusal: {message}");
    }
    assert!(
        !message.contains("(R-") && !message.contains("(D-"),
        "a bare rule id in the refusal: {message}"
    );
    let named = ["(rule ", "(ruling R-", "(decision D-"];
    assert!(
        named.iter().any(|n| message.contains(n)),
        "the refusal names its rule in words: {message}"
    );
}

/// A 4-player table where seat 0 holds a Fire card ($300) against seat 1 (job 6) and may call
/// a Stockholders' Meeting: shares 100 / 150 / 60 / 200, seat 3 the executive of job 7.
pub fn meeting_table() -> TheBoss {
    setup(4, |p| {
        give_fate(p, 0, FIRE300, Some(1));
        give_shares(p, 0, 100);
        give_shares(p, 1, 150);
        give_shares(p, 2, 60);
        give_shares(p, 3, 200);
        p.players[1].job = Some(6);
        p.players[3].job = Some(7);
        turn_of(p, 0, Some(5), 0);
    })
}
