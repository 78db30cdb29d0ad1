//! Random games played with the candidate generator: conservation, limits, termination and
//! bit-for-bit replay.

mod common;

use boardroom_theboss::{Config, TheBoss};
use common::random_game;

#[test]
fn random_games_keep_every_invariant_and_end() {
    for players in 2..=4 {
        for seed in 0..6u64 {
            let (g, log, over) = random_game(players, seed * 31 + players as u64, 60_000);
            assert!(
                over,
                "{players} players seed {seed}: not over after {} actions",
                log.len()
            );
            let o = g.ranking().unwrap();
            assert!(!o.winners.is_empty());
        }
    }
}

#[test]
fn whole_games_replay_bit_for_bit() {
    for seed in [3u64, 99] {
        let (g, log, _) = random_game(3, seed, 60_000);
        let mut r = TheBoss::new_game(&Config::new(3), seed).unwrap();
        let mut ev = Vec::new();
        for (s, a) in &log {
            r.apply_action(*s, a, &mut ev).unwrap();
        }
        assert_eq!(r, g);
    }
}

#[test]
#[ignore]
fn stats() {
    for players in 2..=4 {
        for seed in 0..4u64 {
            let (g, log, over) = random_game(players, seed, 60_000);
            let offers = log
                .iter()
                .filter(|(_, a)| matches!(a, boardroom_theboss::Action::Offer(_)))
                .count();
            let accepts = log
                .iter()
                .filter(|(_, a)| matches!(a, boardroom_theboss::Action::Accept(_)))
                .count();
            let meetings = log
                .iter()
                .filter(|(_, a)| matches!(a, boardroom_theboss::Action::Meeting(_)))
                .count();
            let fires = log
                .iter()
                .filter(|(_, a)| matches!(a, boardroom_theboss::Action::Fire(_)))
                .count();
            let moves = log
                .iter()
                .filter(|(_, a)| matches!(a, boardroom_theboss::Action::Move(_)))
                .count();
            let bids = log
                .iter()
                .filter(|(_, a)| matches!(a, boardroom_theboss::Action::Bid(_)))
                .count();
            println!("{players}p seed {seed}: over {over} actions {} turns {} round {} ending {:?} offers {offers} accepts {accepts} meetings {meetings} fires {fires} moves {moves} bids {bids} deals {} broken {}",
                log.len(), g.turn().number, g.round(), g.ending(), g.deals().len(), g.broken_deals().len());
        }
    }
}
