//! Random games played with the candidate generator: conservation, limits, termination and
//! bit-for-bit replay.

use crate::common;

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

#[test]
fn the_engine_random_playout_runs_whole_games() {
    use boardroom_engine::playout::{random_playout, Scratch};
    use boardroom_engine::Game;
    use rand::SeedableRng;
    let mut scratch = Scratch::default();
    for seed in 0..6u64 {
        let mut g = TheBoss::new(&Config::new(2 + seed as usize % 3), seed).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let stats = random_playout(&mut g, &mut rng, &mut scratch);
        assert!(g.is_over() && stats.decisions > 50);
        common::invariants(&g).unwrap();
        assert!(g.outcome().is_some());
    }
}

/// A late-game table: everyone an executive with shares, Experience and Fire cards around, so
/// that meetings, Executive cards, Job Available moves and immediate wins happen.
fn executive_table(seed: u64) -> TheBoss {
    use common::*;
    let mut g = setup(4, |p| {
        for s in 0..4 {
            give_exp(p, s, COL + 2 * s as u8);
            give_exp(p, s, COL + 2 * s as u8 + 1);
            give_exp(p, s, DM + s as u8);
            give_exp(p, s, OS + s as u8);
            give_shares(p, s, 160 + 40 * s as u32);
            p.players[s].cash = 1500;
            p.players[s].job = Some(5 + s as u8);
            p.players[s].snapshot = 0xff;
        }
        // Fire and Job Available cards come up soon.
        let mut top = vec![FIRE300, FIRE300 + 1, JA8, JA5, FIRE200, FIRE200 + 1];
        p.fate_deck.retain(|c| !top.contains(c));
        top.reverse();
        p.fate_deck.extend(top);
        turn_of(p, 0, Some(5), 0xff);
    });
    let _ = &mut g;
    let mut p = g.position();
    p.config.first_player = Some(0);
    let _ = seed;
    TheBoss::from_position(&p).unwrap()
}

#[test]
fn random_late_games_with_meetings_keep_every_invariant() {
    let mut meetings = 0;
    let mut tallies = 0;
    for seed in 0..12u64 {
        let (g, log, over) = common::random_from(executive_table(seed), seed, 60_000);
        assert!(over, "seed {seed}: not over after {} actions", log.len());
        meetings += log
            .iter()
            .filter(|(_, a)| matches!(a, boardroom_theboss::Action::Meeting(_)))
            .count();
        println!("seed {seed}: {:?} after {} actions", g.ending(), log.len());
        tallies += log.len();
    }
    assert!(meetings > 0, "meetings were called");
    assert!(tallies > 0);
}

/// Random playouts as the engine runs them (a uniform choice among the candidates of a seat
/// drawn from `to_act`) still deal: offers accepted, counter-offers, long-term deals made and
/// settled, auctions sold, Fate cards shown, Fire cards used. Meetings are covered by the
/// late-game table above.
#[test]
fn random_playouts_exercise_dealing() {
    use boardroom_engine::Game;
    use boardroom_theboss::{Action, Event};
    use rand::{Rng, SeedableRng};
    let mut counts = std::collections::BTreeMap::<&str, u32>::new();
    let mut legal = Vec::new();
    let mut events = Vec::new();
    for seed in 0..24u64 {
        let players = 2 + seed as usize % 3;
        let mut g = TheBoss::new(&Config::new(players), seed).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        while let Some(seat) = g.to_act().choose(&mut rng) {
            g.legal_actions(seat, &mut legal);
            let a = legal[rng.gen_range(0..legal.len())].clone();
            if matches!(a, Action::Counter(..)) {
                *counts.entry("counter").or_default() += 1;
            }
            events.clear();
            g.apply(seat, a, &mut events).unwrap();
            for e in &events {
                let kind = match e {
                    Event::Accepted { deal: None, .. } => "accepted",
                    Event::Accepted { deal: Some(_), .. } => "long-term deal",
                    Event::Settled { .. } => "settled",
                    Event::AuctionClosed { sold: Some(_), .. } => "sold",
                    Event::Shown { .. } => "shown",
                    Event::Fired { .. } => "fired",
                    _ => continue,
                };
                *counts.entry(kind).or_default() += 1;
            }
        }
        assert!(g.is_over());
    }
    for kind in [
        "accepted",
        "counter",
        "long-term deal",
        "settled",
        "sold",
        "shown",
        "fired",
    ] {
        assert!(
            counts.get(kind).is_some_and(|&n| n > 0),
            "no {kind}: {counts:?}"
        );
    }
}
