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
    let mut g = TheBoss::new_game(&Config::new(players), seed).unwrap();
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
