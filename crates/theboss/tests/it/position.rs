//! The position format: round trips and validation naming the field.

use crate::common;

use boardroom_engine::Game;
use boardroom_theboss::TheBoss;
use common::*;

#[test]
fn positions_round_trip_through_json_during_random_games() {
    for seed in 0..3u64 {
        let (g, log, _) = random_game(3, seed, 60_000);
        let mut r = TheBoss::new_game(&boardroom_theboss::Config::new(3), seed).unwrap();
        let mut ev = Vec::new();
        for (i, (s, a)) in log.iter().enumerate() {
            if i % 13 == 0 {
                let json = serde_json::to_string(&r.to_position()).unwrap();
                let p = serde_json::from_str(&json).unwrap();
                let back = TheBoss::from_position(&p).unwrap_or_else(|e| panic!("step {i}: {e}"));
                assert_eq!(back, r);
            }
            r.apply(*s, a.clone(), &mut ev).unwrap();
        }
        assert_eq!(r, g);
    }
}

fn field_of(f: impl FnOnce(&mut boardroom_theboss::Position)) -> String {
    let mut p = fresh(3).position();
    f(&mut p);
    TheBoss::from_position(&p).expect_err("invalid").field
}

#[test]
fn impossible_positions_name_the_field() {
    assert_eq!(field_of(|p| p.players[1].cash = 505), "players[1].cash");
    assert_eq!(field_of(|p| p.players[2].shares = 15), "players[2].shares");
    assert_eq!(field_of(|p| p.bank_shares = 1490), "bank_shares");
    assert_eq!(
        field_of(|p| p.players[0].experience.push(p.experience_deck[0])),
        "players[0].experience[0]"
    );
    assert_eq!(
        field_of(|p| {
            p.experience_deck.pop();
        }),
        "experience_deck"
    );
    assert_eq!(
        field_of(|p| p.players[0].executive.push(99)),
        "players[0].executive[0]"
    );
    assert_eq!(field_of(|p| p.players[1].job = Some(9)), "players[1].job");
    assert_eq!(
        field_of(|p| p.players[1].fired = Some(3)),
        "players[1].fired"
    );
    assert_eq!(
        field_of(|p| {
            p.players.pop();
        }),
        "players"
    );
    assert_eq!(field_of(|p| p.turn.seat = 7), "turn.seat");
    assert_eq!(field_of(|p| p.game = "big-shot".into()), "game");
    assert_eq!(
        field_of(|p| {
            p.fate_deck.retain(|&c| c != FD200);
            p.players[1].fate = Some(boardroom_theboss::state::HeldFate {
                card: FD200,
                window: None,
                known_by: 0,
            });
        }),
        "players[1].fate.card"
    );
    assert_eq!(
        field_of(|p| {
            for s in 0..3 {
                p.players[s].job = Some(8);
            }
        }),
        "players"
    );
    assert_eq!(field_of(|p| p.players[0].cash = 1 << 29), "players[0].cash");
    let json = "{\"game\":\"the-boss\"}";
    assert!(serde_json::from_str::<boardroom_theboss::Position>(json).is_err());
}

/// A high bid the bidder could not pay is refused (play would take more cash than the bidder
/// holds when the auction closes).
#[test]
fn a_high_bid_beyond_the_bidders_cash_is_refused() {
    let mut found = false;
    for seed in 0..20u64 {
        let (_, log, _) = random_game(3, seed, 60_000);
        let mut g = TheBoss::new_game(&boardroom_theboss::Config::new(3), seed).unwrap();
        let mut ev = Vec::new();
        for (s, a) in &log {
            let mut p = g.to_position();
            if let Some((bidder, _)) = p.auction.as_ref().and_then(|a| a.high) {
                assert!(TheBoss::from_position(&p).is_ok());
                let cash = p.players[bidder].cash;
                if let Some(high) = p.auction.as_mut().and_then(|a| a.high.as_mut()) {
                    high.1 = cash + 10;
                }
                assert_eq!(
                    TheBoss::from_position(&p).expect_err("refused").field,
                    "auction.high"
                );
                found = true;
                break;
            }
            g.apply(*s, a.clone(), &mut ev).unwrap();
        }
        if found {
            break;
        }
    }
    assert!(found, "no auction with a bid in 20 random games");
}
