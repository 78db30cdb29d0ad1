//! Property tests over thousands of random games of every edition and player count.

use boardroom_bigboss::action::universe;
use boardroom_bigboss::board::{prev, SPACES};
use boardroom_bigboss::company::Status;
use boardroom_bigboss::{Action, BigBoss, CompanyId, Config, Edition, Event};
use boardroom_engine::{Game, Viewer};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Every invariant the rules promise, checked directly on the state.
fn check_invariants(g: &BigBoss) {
    let r = g.rules();
    // 92 pieces conserved.
    assert_eq!(g.pieces_total(), 92, "pieces conserved");
    for seat in 0..g.players() {
        // Money is unsigned: a payment larger than a player's money would wrap around to a
        // huge number (or panic in debug builds), so "never negative" means "stays sane".
        assert!(
            g.player(seat).money < 100_000,
            "money went negative (wrapped)"
        );
        for c in CompanyId::all() {
            assert!(g.player(seat).shares[c.idx()] <= r.shares_per_company);
        }
        assert!(g.player(seat).towers_placed <= 2);
    }
    for c in CompanyId::all() {
        let co = g.company(c);
        assert!(co.price <= 50, "price cap");
        let held: u32 = (0..g.players())
            .map(|s| g.player(s).shares[c.idx()] as u32)
            .sum();
        if co.active() {
            assert_eq!(
                held + co.supply as u32,
                r.shares_per_company as u32,
                "shares of {c}"
            );
            // One contiguous run along the loop.
            let spaces: Vec<u8> = (1..=SPACES)
                .filter(|&s| g.board().owner(s) == Some(c.0))
                .collect();
            assert!(!spaces.is_empty(), "{c} active without buildings");
            let starts = spaces
                .iter()
                .filter(|&&s| g.board().owner(prev(s)) != Some(c.0))
                .count();
            assert!(starts <= 1, "{c} is not contiguous: {spaces:?}");
        } else {
            assert_eq!(held, 0, "nobody holds shares of inactive {c}");
            assert!((1..=SPACES).all(|s| g.board().owner(s) != Some(c.0)));
        }
    }
    // Every building belongs to exactly one company, and that company is active.
    for s in 1..=SPACES {
        match g.board().owner(s) {
            Some(o) => {
                assert!(g.board().height(s) > 0);
                assert_eq!(g.company(CompanyId(o)).status, Status::Active);
            }
            None => assert_eq!(g.board().height(s), 0),
        }
    }
}

/// Plays one random game, checking invariants after every action; every `full_every`-th step
/// also checks that the rules accept exactly the listed actions and that the position survives
/// export and import unchanged.
fn random_game(edition: Edition, players: usize, seed: u64, full_every: u64) -> BigBoss {
    let mut g = BigBoss::new(&Config::new(edition, players), seed).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x9e37_79b9);
    let all = universe();
    let mut legal = Vec::new();
    let mut events: Vec<Event> = Vec::new();
    let mut step = 0u64;
    while let Some(seat) = g.to_act().first() {
        g.legal_actions(seat, &mut legal);
        assert!(
            !legal.is_empty(),
            "seat {seat} to act without a legal action"
        );
        if step.is_multiple_of(full_every) {
            for &a in &all {
                let ok = g.check(seat, a).is_ok();
                assert_eq!(
                    ok,
                    legal.contains(&a),
                    "{a} listed={} accepted={ok}",
                    legal.contains(&a)
                );
                if !ok {
                    let before = g.clone();
                    let mut ev = Vec::new();
                    assert!(g.apply(seat, a, &mut ev).is_err());
                    assert_eq!(g, before, "a rejected action changed the state");
                    assert!(ev.is_empty());
                }
            }
            // Other seats may not act.
            for other in 0..players {
                if other != seat {
                    assert!(g.check(other, legal[0]).is_err());
                }
            }
            let pos = g.position();
            let back = BigBoss::from_position(&pos).expect("a reachable position imports");
            assert_eq!(back, g, "export then import is the identity");
            let json = serde_json::to_string(&pos).unwrap();
            let reparsed: boardroom_bigboss::Position = serde_json::from_str(&json).unwrap();
            assert_eq!(reparsed, pos);
        }
        let a = legal[rng.gen_range(0..legal.len())];
        events.clear();
        g.apply(seat, a, &mut events).unwrap();
        check_invariants(&g);
        step += 1;
        assert!(step < 20_000, "game does not end");
    }
    assert!(g.outcome().is_some());
    g
}

#[test]
fn thousands_of_random_games_keep_every_invariant() {
    let mut games = 0;
    for edition in [Edition::Modern, Edition::Classic] {
        for players in 2..=6 {
            for seed in 0..220 {
                random_game(edition, players, seed, if seed < 20 { 1 } else { 97 });
                games += 1;
            }
        }
    }
    assert_eq!(games, 2200);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn random_games_by_proptest(seed in any::<u64>(), players in 2usize..=6, classic in any::<bool>()) {
        let edition = if classic { Edition::Classic } else { Edition::Modern };
        random_game(edition, players, seed, 13);
    }
}

#[test]
fn determinism_same_seed_same_actions_same_everything() {
    for edition in [Edition::Modern, Edition::Classic] {
        let run = || {
            let mut g = BigBoss::new(&Config::new(edition, 4), 42).unwrap();
            let mut rng = ChaCha8Rng::seed_from_u64(1);
            let mut log = Vec::new();
            let mut legal = Vec::new();
            while let Some(seat) = g.to_act().first() {
                g.legal_actions(seat, &mut legal);
                let a: Action = legal[rng.gen_range(0..legal.len())];
                let ev = g.play(seat, a).unwrap();
                log.push((a, ev));
            }
            (g, log)
        };
        let (g1, l1) = run();
        let (g2, l2) = run();
        assert_eq!(g1, g2);
        assert_eq!(l1, l2);
        // A different seed deals differently.
        let a = BigBoss::new(&Config::new(edition, 4), 42).unwrap();
        let b = BigBoss::new(&Config::new(edition, 4), 43).unwrap();
        assert_ne!(a, b);
    }
}

#[test]
fn sampling_is_consistent_with_the_observation() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for edition in [Edition::Modern, Edition::Classic] {
        for seed in 0..30 {
            let mut g = BigBoss::new(&Config::new(edition, 2 + (seed as usize % 5)), seed).unwrap();
            let mut legal = Vec::new();
            let mut step = 0;
            while let Some(seat) = g.to_act().first() {
                if step % 25 == 0_u32 {
                    for viewer in (0..g.players())
                        .map(Viewer::Seat)
                        .chain([Viewer::Spectator])
                    {
                        let s = g.sample_hidden(viewer, &mut rng);
                        assert_eq!(s.observe(viewer), g.observe(viewer));
                        check_invariants(&s);
                        BigBoss::from_position(&s.position())
                            .expect("a sample is a valid position");
                    }
                }
                g.legal_actions(seat, &mut legal);
                let a = legal[rng.gen_range(0..legal.len())];
                g.play(seat, a).unwrap();
                step += 1;
            }
        }
    }
}
