//! Whole games between the project's bots (the dealing `heuristic` level, its non-dealing
//! copy, random play): every conservation law and limit holds after every action, the bots
//! deal (offers made and accepted, auctions, long-term deals), and the games replay bit for bit.

use crate::common;

use boardroom_bots::make_bot;
use boardroom_engine::{Bot, Game, Seat};
use boardroom_theboss::{Action, Config, TheBoss};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Plays a whole game with one bot per seat (several seats that may act are picked by a
/// seeded generator); checks the invariants after every action.
fn bot_game(bots: &[&str], seed: u64) -> (TheBoss, Vec<(Seat, Action)>) {
    let mut g = TheBoss::new(&Config::new(bots.len()), seed).unwrap();
    let mut players: Vec<Box<dyn Bot<TheBoss>>> = bots
        .iter()
        .enumerate()
        .map(|(s, name)| make_bot::<TheBoss>(name, seed * 10 + s as u64).unwrap())
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut log = Vec::new();
    let mut events = Vec::new();
    while let Some(seat) = g.to_act().choose(&mut rng) {
        assert!(log.len() < 200_000, "seed {seed}: the game does not end");
        let a = players[seat].choose(&g, seat);
        events.clear();
        g.apply(seat, a.clone(), &mut events)
            .unwrap_or_else(|e| panic!("seed {seed}: bot of seat {seat} chose {a:?}: {e}"));
        if let Err(e) = common::invariants(&g) {
            panic!("seed {seed}: after {a:?} by seat {seat}: {e}");
        }
        log.push((seat, a));
    }
    (g, log)
}

fn count(log: &[(Seat, Action)], f: impl Fn(&Action) -> bool) -> usize {
    log.iter().filter(|(_, a)| f(a)).count()
}

#[test]
fn bot_games_keep_every_invariant_deal_and_end() {
    let tables: [&[&str]; 3] = [
        &["heuristic", "heuristic", "heuristic", "heuristic"],
        &[
            "heuristic",
            "heuristic-nodeal",
            "heuristic",
            "heuristic-nodeal",
        ],
        &["heuristic", "random", "heuristic"],
    ];
    let (mut offers, mut accepts, mut auctions, mut long_term) = (0, 0, 0, 0);
    for (t, bots) in tables.iter().enumerate() {
        for seed in 0..3u64 {
            let (g, log) = bot_game(bots, 100 * t as u64 + seed);
            assert!(g.is_over() && g.outcome().is_some());
            offers += count(&log, |a| {
                matches!(a, Action::Offer(_) | Action::Counter(..))
            });
            accepts += count(&log, |a| matches!(a, Action::Accept(_)));
            auctions += count(&log, |a| matches!(a, Action::Auction(..)));
            long_term += count(&log, |a| match a {
                Action::Offer(o) => o.long_term.is_some(),
                _ => false,
            });
        }
    }
    assert!(
        offers > 0 && accepts > 0,
        "{offers} offers, {accepts} accepted"
    );
    assert!(auctions > 0, "no auction in 9 bot games");
    assert!(long_term > 0, "no long-term deal offered in 9 bot games");
    println!("{offers} offers, {accepts} accepted, {auctions} auctions, {long_term} long-term");
}

#[test]
fn bot_games_replay_bit_for_bit() {
    for seed in [7u64, 8] {
        let (g, log) = bot_game(&["heuristic", "heuristic", "random"], seed);
        let mut r = TheBoss::new(&Config::new(3), seed).unwrap();
        let mut events = Vec::new();
        for (s, a) in &log {
            r.apply(*s, a.clone(), &mut events).unwrap();
        }
        assert_eq!(r, g, "seed {seed}: the replay differs");
        assert_eq!(r.to_position(), g.to_position());
    }
}
