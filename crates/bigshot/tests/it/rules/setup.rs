//! Set-up (cubes, money, the first roller) and the broker's move.

use super::*;

#[test]
fn setup_deals_four_cubes_of_at_least_two_colours_per_space() {
    for seed in 0..200 {
        let g = BigShot::new(&Config::new(4), seed).unwrap();
        for s in 0..18 {
            let c = g.space(s);
            assert_eq!(c.iter().sum::<u8>(), 4);
            assert!(c.iter().filter(|&&k| k > 0).count() >= 2);
        }
        assert_eq!(g.cubes_total(), [18; 4]);
        assert!(g.broker() < 18);
        assert_eq!(g.round(), 1);
        assert_eq!(g.phase(), Phase::Roll);
    }
}

#[test]
fn start_money_is_10_per_player_and_20_per_colour_with_two() {
    let g = new(4, false);
    assert!(Colour::all().all(|c| g.coins(c) == 10));
    let g = new(3, false);
    assert_eq!(
        Colour::all().map(|c| g.coins(c)).collect::<Vec<_>>(),
        vec![10, 10, 10, 0]
    );
    let g = new(2, false);
    assert!(Colour::all().all(|c| g.coins(c) == 20));
    assert_eq!(g.colours_of(0), &[RED, IVORY]);
    assert_eq!(g.colours_of(1), &[ORANGE, PURPLE]);
}

#[test]
fn first_roller_is_drawn_or_given_and_the_die_passes_left() {
    let g = BigShot::new(&config(4, false), 5).unwrap();
    assert_eq!(g.roller(), 0);
    let drawn: std::collections::BTreeSet<Seat> = (0..40)
        .map(|s| BigShot::new(&Config::new(4), s).unwrap().roller())
        .collect();
    assert!(drawn.len() > 1);
    // Play a round out: the next roller is seat 1.
    let mut g = new(4, false);
    to_bidding(&mut g);
    for _ in 0..4 {
        act(&mut g, "pass");
    }
    while let Phase::Place { .. } = g.phase() {
        let mut legal = Vec::new();
        g.legal_actions(0, &mut legal);
        g.play(0, legal[0]).unwrap();
    }
    assert_eq!(g.round(), 2);
    assert_eq!(g.roller(), 1);
    assert_eq!(g.phase(), Phase::Roll);
}

#[test]
fn the_broker_moves_clockwise_by_the_die_skipping_empty_spaces() {
    for seed in 0..30u64 {
        let mut p = BigShot::new(&config(4, false), seed).unwrap().to_position();
        // Round 7: spaces 1, 3, 5, 7, 9, 11 are empty; the broker stands on space 1.
        p.round = 7;
        p.die = Some(2);
        for s in [0, 2, 4, 6, 8, 10] {
            p.spaces[s].clear();
        }
        p.broker = 1;
        fix_removed(&mut p);
        let mut g = BigShot::from_position(&p).unwrap();
        let ev = act(&mut g, "roll");
        let Event::Rolled { die, from, to, .. } = ev[0] else {
            panic!("{ev:?}")
        };
        assert_eq!(from, 0);
        // Full spaces clockwise from space 1: 2, 4, 6, 8, 10, 12 (0-based 1, 3, …).
        let order = [1u8, 3, 5, 7, 9, 11];
        assert_eq!(to, order[die as usize - 1], "die {die}");
        assert!(matches!(g.phase(), Phase::Loans { seat: 1, asked: 0 }));
    }
}

#[test]
fn with_one_space_left_every_roll_lands_on_it() {
    for seed in 0..10 {
        let mut p = BigShot::new(&config(4, false), seed).unwrap().to_position();
        p.round = 18;
        p.die = Some(4);
        let keep = 5;
        for s in 0..18 {
            if s != keep {
                p.spaces[s].clear();
            }
        }
        p.broker = 1;
        fix_removed(&mut p);
        let mut g = BigShot::from_position(&p).unwrap();
        act(&mut g, "roll");
        assert_eq!(g.broker(), keep);
    }
}

#[test]
fn only_the_roller_rolls_and_only_at_the_start_of_the_round() {
    let mut g = new(4, false);
    assert!(matches!(
        refuse(&mut g, 1, "roll"),
        RuleError::NotYourTurn {
            seat: 1,
            current: 0
        }
    ));
    assert!(matches!(
        refuse(&mut g, 0, "bid 1"),
        RuleError::WrongStep { .. }
    ));
    act(&mut g, "roll");
    assert!(matches!(
        refuse(&mut g, 1, "roll"),
        RuleError::WrongStep { .. }
    ));
}
