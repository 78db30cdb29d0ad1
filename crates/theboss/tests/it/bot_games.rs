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
/// seeded generator); checks the invariants after every action. As at a table, a seat the game
/// does not wait for is asked with `choose_optional` and may let the others go on.
fn bot_game(bots: &[&str], seed: u64) -> (TheBoss, Vec<(Seat, Action)>) {
    let (g, log, _) = bot_game_counting(bots, seed);
    (g, log)
}

/// [`bot_game`], also counting the auctions started by players who had passed on the floor.
fn bot_game_counting(bots: &[&str], seed: u64) -> (TheBoss, Vec<(Seat, Action)>, usize) {
    let mut g = TheBoss::new(&Config::new(bots.len()), seed).unwrap();
    let mut players: Vec<Box<dyn Bot<TheBoss>>> = bots
        .iter()
        .enumerate()
        .map(|(s, name)| make_bot::<TheBoss>(name, seed * 10 + s as u64).unwrap())
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut log = Vec::new();
    let mut events = Vec::new();
    let mut passed_auctions = 0;
    let mut asked = 0usize;
    while let Some(seat) = g.to_act().choose(&mut rng) {
        asked += 1;
        assert!(
            log.len() < 200_000 && asked < 2_000_000,
            "seed {seed}: the game does not end"
        );
        let must = g.must_act();
        let a = if must.contains(seat) || must.is_empty() {
            players[seat].choose(&g, seat)
        } else {
            match players[seat].choose_optional(&g, seat) {
                Some(a) => a,
                None => continue,
            }
        };
        if matches!(a, Action::Auction(..)) && seat != g.active() {
            passed_auctions += 1;
        }
        events.clear();
        g.apply(seat, a.clone(), &mut events)
            .unwrap_or_else(|e| panic!("seed {seed}: bot of seat {seat} chose {a:?}: {e}"));
        if let Err(e) = common::invariants(&g) {
            panic!("seed {seed}: after {a:?} by seat {seat}: {e}");
        }
        log.push((seat, a));
    }
    (g, log, passed_auctions)
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

#[test]
fn heuristic_bots_that_passed_do_not_flood_auctions() {
    // Before bots outside `must_act` acted only with purpose, a player who had passed on the
    // floor auctioned 10 shares whenever asked: about 115 auctions in a 4-player game.
    for seed in 0..3u64 {
        let (g, log, auctions) = bot_game_counting(&["heuristic"; 4], 500 + seed);
        assert!(g.is_over(), "seed {seed}: the game does not end");
        println!(
            "seed {seed}: {auctions} auctions by players who passed, {} actions",
            log.len()
        );
        assert!(
            auctions <= 5,
            "seed {seed}: {auctions} auctions by players who passed in {} actions",
            log.len()
        );
    }
}
