//! Loans: the window, the amounts, what they owe, who may take them.

use super::*;

#[test]
fn the_loan_window_goes_from_the_rollers_left_with_the_roller_last() {
    let mut g = BigShot::new(
        &Config {
            first_player: Some(2),
            ..Config::new(4)
        },
        3,
    )
    .unwrap();
    act(&mut g, "roll");
    let mut order = Vec::new();
    while let Phase::Loans { seat, .. } = g.phase() {
        order.push(seat);
        act(&mut g, "decline");
    }
    assert_eq!(order, vec![3, 0, 1, 2]);
    assert_eq!(g.phase(), Phase::Bidding { seat: 3 });
}

#[test]
fn loans_bring_9_then_8_then_7_and_owe_10() {
    let mut g = new(4, false);
    let mut received = Vec::new();
    for round in 0..3 {
        act(&mut g, "roll");
        for _ in 0..4 {
            let s = seat_to_act(&g);
            if s == 1 {
                let ev = act(&mut g, "loan");
                let Event::Loan { received: r, .. } = ev[0] else {
                    panic!()
                };
                received.push(r);
            } else {
                act(&mut g, "decline");
            }
        }
        for _ in 0..4 {
            act(&mut g, "pass");
        }
        let roller = g.roller();
        while g.round() == round + 1 {
            let mut legal = Vec::new();
            g.legal_actions(roller, &mut legal);
            g.play(roller, legal[0]).unwrap();
        }
    }
    assert_eq!(received, vec![9, 8, 7]);
    assert_eq!(g.coins(ORANGE), 10 + 9 + 8 + 7);
    assert_eq!(g.ious(ORANGE), 3);
    assert_eq!(g.score(1).debt, 30);
}

#[test]
fn the_tenth_loan_brings_nothing_but_still_owes_10() {
    let mut p = new(4, false).to_position();
    skip_rounds(&mut p, 9);
    p.loans[1] = 9;
    p.colours[1].ious = 9;
    p.colours[1].coins = 50;
    let mut g = BigShot::from_position(&p).unwrap();
    act(&mut g, "roll");
    act(&mut g, "loan");
    assert_eq!(g.coins(ORANGE), 50);
    assert_eq!(g.ious(ORANGE), 10);
    assert_eq!(g.next_loan_amount(1), 0);
}

#[test]
fn a_loan_on_ones_bidding_turn_keeps_the_turn_and_a_second_is_refused() {
    let mut g = new(4, false);
    to_bidding(&mut g);
    assert_eq!(seat_to_act(&g), 1);
    act(&mut g, "loan orange");
    assert_eq!(g.phase(), Phase::Bidding { seat: 1 });
    assert_eq!(g.coins(ORANGE), 19);
    assert_eq!(refuse(&mut g, 1, "loan"), RuleError::LoanTwice);
    act(&mut g, "bid 15");
    // Seat 2 borrowed in the window: no second loan on its bidding turn.
    let mut g = new(4, false);
    act(&mut g, "roll");
    act(&mut g, "decline");
    act(&mut g, "loan");
    act(&mut g, "decline");
    act(&mut g, "decline");
    act(&mut g, "pass");
    assert_eq!(seat_to_act(&g), 2);
    assert_eq!(refuse(&mut g, 2, "loan"), RuleError::LoanTwice);
    let mut legal = Vec::new();
    g.legal_actions(2, &mut legal);
    assert!(!legal.iter().any(|a| matches!(a, Action::Loan(_))));
}

#[test]
fn hidden_money_and_two_players_allow_loans_only_before_bidding() {
    for (players, hidden) in [(4, true), (3, true), (2, false), (2, true)] {
        let mut g = new(players, hidden);
        to_bidding(&mut g);
        let s = seat_to_act(&g);
        let c = g.colours_of(s)[0];
        assert_eq!(
            refuse(&mut g, s, &format!("loan {c}")),
            RuleError::LoanAfterBidding,
            "{players} {hidden}"
        );
    }
}

#[test]
fn a_loan_goes_to_ones_own_colour_and_two_players_choose_which() {
    let mut g = new(2, false);
    act(&mut g, "roll");
    assert_eq!(seat_to_act(&g), 1);
    assert_eq!(
        refuse(&mut g, 1, "loan red"),
        RuleError::NotYourColour { colour: RED }
    );
    assert!(g.parse_action("loan").is_err(), "two colours: name one");
    act(&mut g, "loan purple");
    assert_eq!(g.coins(PURPLE), 29);
    assert_eq!(g.coins(ORANGE), 20);
    act(&mut g, "loan ivory");
    assert_eq!(g.coins(IVORY), 29, "seat 0's first loan brings 9");
}
