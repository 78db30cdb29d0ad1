//! The auction: raising, passing, its end, free cubes, the neutral colour, two players.

use super::*;

#[test]
fn bids_raise_by_at_least_1_and_never_exceed_cash() {
    let mut g = new(4, false);
    to_bidding(&mut g);
    assert_eq!(
        refuse(&mut g, 1, "bid 0"),
        RuleError::BidTooLow { bid: 0, min: 1 }
    );
    assert_eq!(
        refuse(&mut g, 1, "bid 11"),
        RuleError::BidAboveCash { bid: 11, cash: 10 }
    );
    act(&mut g, "bid 3");
    assert_eq!(
        refuse(&mut g, 2, "bid 3"),
        RuleError::BidTooLow { bid: 3, min: 4 }
    );
    act(&mut g, "bid 4");
    let mut legal = Vec::new();
    g.legal_actions(3, &mut legal);
    assert!(legal.contains(&Action::Bid(5)) && legal.contains(&Action::Bid(10)));
    assert!(!legal.contains(&Action::Bid(4)) && !legal.contains(&Action::Bid(11)));
}

#[test]
fn bidding_goes_clockwise_from_the_rollers_left_and_passing_is_final() {
    let mut g = new(4, false);
    to_bidding(&mut g);
    act(&mut g, "bid 1"); // seat 1
    act(&mut g, "pass"); // seat 2
    act(&mut g, "bid 2"); // seat 3
    act(&mut g, "bid 3"); // seat 0, the roller, last in the lap
    assert_eq!(seat_to_act(&g), 1, "seat 2 passed and is skipped");
    assert!(matches!(
        refuse(&mut g, 2, "bid 5"),
        RuleError::NotYourTurn { .. }
    ));
    act(&mut g, "pass"); // seat 1
    act(&mut g, "pass"); // seat 3
    let ev = g.clone();
    assert_eq!(g.phase(), Phase::Place { seat: 0 });
    assert_eq!(g.coins(RED), 7, "the winner pays the bid to the bank");
    assert_eq!(g.hand().iter().sum::<u8>(), 4);
    assert_eq!(g.space(g.broker()), [0; 4]);
    drop(ev);
}

#[test]
fn the_auction_ends_when_all_but_the_high_bidder_pass() {
    let mut g = new(3, false);
    to_bidding(&mut g);
    act(&mut g, "pass"); // 1
    act(&mut g, "bid 2"); // 2
    let evs = act(&mut g, "pass"); // 0, roller
    assert!(evs.contains(&Event::Won { seat: 2, amount: 2 }));
    assert!(evs.contains(&Event::Paid {
        seat: 2,
        colour: IVORY,
        amount: 2
    }));
    assert_eq!(g.phase(), Phase::Place { seat: 2 });
}

#[test]
fn if_nobody_bids_the_roller_takes_the_cubes_free() {
    let mut g = new(4, false);
    to_bidding(&mut g);
    act(&mut g, "pass");
    act(&mut g, "pass");
    act(&mut g, "pass");
    assert_eq!(seat_to_act(&g), 0, "the roller still gets a turn");
    let evs = act(&mut g, "pass");
    assert!(evs.contains(&Event::TakenFree { seat: 0 }));
    assert_eq!(g.coins(RED), 10);
    assert_eq!(g.phase(), Phase::Place { seat: 0 });
    // The roller may also bid after everyone else passed, and then pays.
    let mut g = new(4, false);
    to_bidding(&mut g);
    for _ in 0..3 {
        act(&mut g, "pass");
    }
    let evs = act(&mut g, "bid 1");
    assert!(evs.contains(&Event::Won { seat: 0, amount: 1 }));
    assert_eq!(g.coins(RED), 9);
}

#[test]
fn the_neutral_colour_never_rolls_bids_or_borrows() {
    let mut g = new(3, false);
    let mut seen = std::collections::BTreeSet::new();
    let mut legal = Vec::new();
    let mut r = boardroom_engine::rng::from_seed(3);
    while let Some(s) = g.to_act().first() {
        seen.insert(s);
        g.legal_actions(s, &mut legal);
        assert!(!legal.contains(&Action::Loan(PURPLE)));
        let a = *rand::seq::SliceRandom::choose(legal.as_slice(), &mut r).unwrap();
        g.play(s, a).unwrap();
    }
    assert_eq!(seen.into_iter().collect::<Vec<_>>(), vec![0, 1, 2]);
    assert_eq!(g.coins(PURPLE), 0);
    assert_eq!(g.ious(PURPLE), 0);
    assert_eq!(g.outcome().unwrap().scores.len(), 3);
}

#[test]
fn two_players_bid_up_to_the_richer_colour_and_pay_from_one() {
    let mut p = new(2, false).to_position();
    p.colours[0].coins = 5; // red
    p.colours[2].coins = 12; // ivory
    let mut g = BigShot::from_position(&p).unwrap();
    to_bidding(&mut g);
    act(&mut g, "pass"); // seat 1
    assert_eq!(
        refuse(&mut g, 0, "bid 13"),
        RuleError::BidAboveCash { bid: 13, cash: 12 }
    );
    act(&mut g, "bid 8");
    assert_eq!(g.phase(), Phase::Pay { seat: 0 });
    let mut legal = Vec::new();
    g.legal_actions(0, &mut legal);
    assert_eq!(legal, vec![Action::Pay(IVORY)]);
    assert_eq!(
        refuse(&mut g, 0, "pay red"),
        RuleError::CannotPay {
            colour: RED,
            coins: 5,
            bid: 8
        }
    );
    assert_eq!(
        refuse(&mut g, 0, "pay orange"),
        RuleError::NotYourColour { colour: ORANGE }
    );
    act(&mut g, "pay ivory");
    assert_eq!(g.coins(IVORY), 4);
    assert_eq!(g.coins(RED), 5);
    assert_eq!(g.phase(), Phase::Place { seat: 0 });
}
