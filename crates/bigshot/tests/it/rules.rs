//! One test (or more) per rule and decision of the Big Shot rules file, including the
//! resolution table and the rulebook's scoring example. Illegal actions must be refused with
//! the rule named and the state unchanged.

use boardroom_bigshot::board::BoardSpec;
use boardroom_bigshot::colour::{cubes_from_str, cubes_to_string, Colour};
use boardroom_bigshot::position::LotEntry;
use boardroom_bigshot::rules::resolve_owner;
use boardroom_bigshot::{Action, BigShot, Config, Event, Phase, Position, RuleError};
use boardroom_engine::{Game, Seat};

const RED: Colour = Colour(0);
const ORANGE: Colour = Colour(1);
const IVORY: Colour = Colour(2);
const PURPLE: Colour = Colour(3);

fn config(players: usize, hidden: bool) -> Config {
    let mut c = Config::new(players);
    c.hidden_money = hidden;
    c.first_player = Some(0);
    c
}

fn new(players: usize, hidden: bool) -> BigShot {
    BigShot::new(&config(players, hidden), 1).unwrap()
}

/// Plays `text` for the seat to act; panics on error.
fn act(g: &mut BigShot, text: &str) -> Vec<Event> {
    let seat = g.to_act().first().expect("someone to act");
    let a = g.parse_action(text).unwrap();
    g.play(seat, a)
        .unwrap_or_else(|e| panic!("`{text}` refused: {e}"))
}

/// Tries `text` for `seat`, expecting a refusal; checks nothing changed and returns the error.
fn refuse(g: &mut BigShot, seat: Seat, text: &str) -> RuleError {
    let before = g.clone();
    let a = g.parse_action(text).unwrap();
    let mut events = Vec::new();
    let e = g.apply(seat, a, &mut events).unwrap_err();
    assert_eq!(*g, before, "state changed by refused `{text}`");
    assert!(events.is_empty());
    assert_eq!(g.check(seat, a).unwrap_err(), e);
    e
}

/// Rolls and declines every loan: the auction is open.
fn to_bidding(g: &mut BigShot) {
    act(g, "roll");
    for _ in 0..g.players() {
        act(g, "decline");
    }
    assert!(matches!(g.phase(), Phase::Bidding { .. }));
}

fn seat_to_act(g: &BigShot) -> Seat {
    g.to_act().first().unwrap()
}

/// Sets `removed` so every colour's cubes add up to 18.
fn fix_removed(p: &mut Position) {
    let mut count = [0u8; 4];
    let mut add = |s: &str| {
        let c = cubes_from_str(s).unwrap();
        for i in 0..4 {
            count[i] += c[i];
        }
    };
    for s in &p.spaces {
        add(s);
    }
    for l in &p.lots {
        add(&l.cubes);
    }
    add(&p.hand);
    for l in &p.lots {
        if let Some(o) = l.owner {
            count[o.idx()] += 1;
        }
    }
    let mut removed = [0u8; 4];
    for i in 0..4 {
        removed[i] = 18u8.saturating_sub(count[i]);
    }
    p.removed = cubes_to_string(&removed);
}

/// Moves a start position on to round `k + 1` before the roll: spaces 1 to `k` have been
/// auctioned (their cubes left the game) and the broker stands on space 1.
fn skip_rounds(p: &mut Position, k: usize) {
    p.round = k as u8 + 1;
    p.die = Some(1);
    p.broker = 1;
    for s in p.spaces.iter_mut().take(k) {
        s.clear();
    }
    fix_removed(p);
}

fn lot_mut<'a>(p: &'a mut Position, id: &str) -> &'a mut LotEntry {
    p.lots.iter_mut().find(|l| l.lot == id).unwrap()
}

/// A finished game where each `(lot, colour)` is owned and every other lot went to nobody.
fn finished(players: usize, owners: &[(&str, Colour)], coins: [u32; 4]) -> BigShot {
    let mut p = new(players, false).to_position();
    p.round = 18;
    p.die = Some(1);
    p.phase = Phase::Over;
    for s in p.spaces.iter_mut() {
        s.clear();
    }
    for l in p.lots.iter_mut() {
        l.sold = true;
        l.owner = None;
    }
    for (id, c) in owners {
        lot_mut(&mut p, id).owner = Some(*c);
    }
    for (i, e) in p.colours.iter_mut().enumerate() {
        e.coins = coins[i];
    }
    fix_removed(&mut p);
    BigShot::from_position(&p).unwrap()
}

/// The last round's placement: `hand` still to place by the roller who took the cubes free,
/// with the given cubes already on lots.
fn last_placement(lots: &[(&str, &str)], hand: &str) -> BigShot {
    let mut p = new(4, false).to_position();
    p.round = 18;
    p.die = Some(3);
    p.roller = 0;
    p.phase = Phase::Place { seat: 0 };
    p.passed = vec![0, 1, 2, 3];
    for s in p.spaces.iter_mut() {
        s.clear();
    }
    for (id, cubes) in lots {
        lot_mut(&mut p, id).cubes = cubes.to_string();
    }
    p.hand = hand.to_string();
    fix_removed(&mut p);
    BigShot::from_position(&p).unwrap()
}

fn owner_of(g: &BigShot, id: &str) -> Option<Colour> {
    let l = g.board().lot_index(id).unwrap();
    assert!(g.is_sold(l));
    g.owner(l)
}

// ---- Set-up ----

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

// ---- Broker ----

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

// ---- Loans ----

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

// ---- Auction ----

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

// ---- Placing and resolving ----

#[test]
fn the_winner_places_the_won_cubes_one_by_one_in_their_own_colours() {
    let mut g = new(4, false);
    to_bidding(&mut g);
    for _ in 0..4 {
        act(&mut g, "pass");
    }
    let hand = g.hand();
    let missing = Colour::all().find(|c| hand[c.idx()] == 0);
    if let Some(c) = missing {
        assert!(matches!(
            refuse(&mut g, 0, &format!("place {c} N16")),
            RuleError::NoSuchCube { .. }
        ));
    }
    let c = Colour::all().find(|c| hand[c.idx()] > 0).unwrap();
    act(&mut g, &format!("place {c} N16"));
    assert_eq!(g.hand().iter().sum::<u8>(), 3);
    let l = g.board().lot_index("N16").unwrap();
    assert_eq!(g.lot_cubes(l)[c.idx()], 1);
    assert_eq!(g.phase(), Phase::Place { seat: 0 });
}

#[test]
fn a_lot_is_resolved_at_its_seventh_cube_and_takes_no_more() {
    // 3/3/1 → the single cube; ivory places the 7th.
    let mut p = new(4, false).to_position();
    // Twelve rounds played: spaces 1-12 emptied; the 13th auction (space 13) was taken free.
    skip_rounds(&mut p, 12);
    p.round = 13;
    p.broker = 13;
    p.phase = Phase::Place { seat: 0 };
    p.roller = 0;
    p.passed = vec![0, 1, 2, 3];
    p.hand = std::mem::take(&mut p.spaces[12]);
    lot_mut(&mut p, "N21").cubes = "RRROOO".into();
    fix_removed(&mut p);
    let mut g = BigShot::from_position(&p).unwrap();
    let hand = g.hand();
    let c = Colour::all().find(|c| hand[c.idx()] > 0).unwrap();
    let evs = act(&mut g, &format!("place {c} N21"));
    let l = g.board().lot_index("N21").unwrap();
    assert!(g.is_sold(l));
    let want = resolve_owner(&cubes_from_str(&format!("RRROOO{}", c.letter())).unwrap());
    assert_eq!(g.owner(l), want);
    assert!(evs
        .iter()
        .any(|e| matches!(e, Event::Resolved { at_end: false, .. })));
    assert_eq!(g.lot_cubes(l), [0; 4], "the other six cubes leave the game");
    assert_eq!(g.cubes_total(), [18; 4]);
    if g.hand().iter().any(|&k| k > 0) {
        let c2 = Colour::all().find(|c| g.hand()[c.idx()] > 0).unwrap();
        assert_eq!(
            refuse(&mut g, 0, &format!("place {c2} N21")),
            RuleError::LotSold { lot: "N21".into() }
        );
    }
}

#[test]
fn resolution_table_with_seven_cubes() {
    let o = |s: &str| resolve_owner(&cubes_from_str(s).unwrap());
    assert_eq!(o("RRROOOI"), Some(IVORY), "3/3/1 → the single cube");
    assert_eq!(o("RROOIIP"), Some(PURPLE), "2/2/2/1 → the single cube");
    assert_eq!(o("RRROOII"), Some(RED), "3/2/2 → the three");
    assert_eq!(o("RRRROOO"), Some(RED));
    // Through play: the seventh cube resolves, 2/2/2/1 goes to the single purple cube.
    let mut g = last_placement(&[("S17", "RROOII")], "P");
    act(&mut g, "place purple S17");
    assert_eq!(owner_of(&g, "S17"), Some(PURPLE));
}

#[test]
fn at_the_end_every_lot_is_resolved_by_the_same_rule() {
    let mut g = last_placement(
        &[
            ("W9", "RROO"),
            ("W10", "ROI"),
            ("W11", "RROOIP"),
            ("N16", "RRO"),
            ("N18", "I"),
            ("S17", "RROOI"),
        ],
        "P",
    );
    let evs = act(&mut g, "place purple S20");
    assert!(g.is_over());
    assert_eq!(owner_of(&g, "W9"), None, "2/2 → nobody");
    assert_eq!(owner_of(&g, "W10"), None, "1/1/1 → nobody");
    assert_eq!(owner_of(&g, "W11"), None, "2/2/1/1 → nobody");
    assert_eq!(owner_of(&g, "N16"), Some(RED), "2/1 → the two");
    assert_eq!(owner_of(&g, "N18"), Some(IVORY), "1/0 → the one");
    assert_eq!(owner_of(&g, "S17"), Some(IVORY), "2/2/1 → the one");
    assert_eq!(owner_of(&g, "S20"), Some(PURPLE));
    assert_eq!(owner_of(&g, "E9"), None, "an empty lot goes to nobody");
    assert!(evs
        .iter()
        .any(|e| matches!(e, Event::Resolved { at_end: true, .. })));
    assert_eq!(evs.last(), Some(&Event::GameOver));
    assert_eq!(g.cubes_total(), [18; 4]);
}

// ---- Scoring ----

#[test]
fn rulebook_scoring_example_park_with_9_and_10_is_38_and_11_alone_11() {
    let g = finished(
        4,
        &[("Wx2", RED), ("W9", RED), ("W10", RED), ("W11", IVORY)],
        [0, 0, 0, 0],
    );
    assert_eq!(g.score(0).lots_value, 38);
    assert_eq!(g.score(2).lots_value, 11);
    assert_eq!(g.score(0).best_lot, 20);
    // A park alone is worth nothing; it doubles only its own district.
    let g = finished(4, &[("Wx2", RED), ("E9", RED), ("N16", RED)], [0; 4]);
    assert_eq!(g.score(0).lots_value, 9 + 16);
}

#[test]
fn status_is_coins_plus_lots_minus_10_per_iou() {
    let mut p = finished(4, &[("N16", RED), ("N18", RED)], [0; 4]).to_position();
    p.colours[0].coins = 12;
    p.colours[0].ious = 2;
    p.loans[0] = 2;
    let g = BigShot::from_position(&p).unwrap();
    let s = g.score(0);
    assert_eq!((s.coins, s.lots_value, s.debt, s.status), (12, 34, 20, 26));
}

#[test]
fn only_owners_of_two_lots_can_win() {
    // Orange (21 + 10 = 31) is richer than red (9 + 10 = 19) but owns one lot.
    let g = finished(
        4,
        &[("W9", RED), ("W10", RED), ("N21", ORANGE)],
        [0, 10, 0, 0],
    );
    let out = g.outcome().unwrap();
    assert_eq!(out.winners.iter().collect::<Vec<_>>(), vec![0]);
    assert!(!g.score(1).eligible);
    // Nobody with two lots: nobody wins.
    let g = finished(4, &[("N16", RED), ("N21", ORANGE)], [5, 5, 5, 5]);
    assert!(g.outcome().unwrap().winners.is_empty());
}

#[test]
fn ties_go_to_more_lots_then_the_most_valuable_lot_then_are_shared() {
    // Equal status 40: red 2 lots (N16 + S17 = 33, coins 7), orange 3 lots (9+10+11 = 30, coins 10).
    let g = finished(
        4,
        &[
            ("N16", RED),
            ("S17", RED),
            ("E9", ORANGE),
            ("E10", ORANGE),
            ("E11", ORANGE),
        ],
        [7, 10, 0, 0],
    );
    assert_eq!(g.score(0).status, g.score(1).status);
    assert_eq!(
        g.outcome().unwrap().winners.iter().collect::<Vec<_>>(),
        vec![1]
    );
    // Equal status and lots: the most valuable lot (N21 over S20).
    let g = finished(
        4,
        &[("N21", RED), ("W9", RED), ("S20", ORANGE), ("W10", ORANGE)],
        [0, 0, 0, 0],
    );
    assert_eq!(g.score(0).status, 30);
    assert_eq!(g.score(1).status, 30);
    assert_eq!(
        g.outcome().unwrap().winners.iter().collect::<Vec<_>>(),
        vec![0]
    );
    // A doubled lot counts doubled for the tie-break: 11 × 2 = 22 beats 21.
    let g = finished(
        4,
        &[
            ("Ex2", RED),
            ("E11", RED),
            ("E10", RED),
            ("N21", ORANGE),
            ("S17", ORANGE),
            ("W9", ORANGE),
        ],
        [5, 0, 0, 0],
    );
    assert_eq!(g.score(0).status, 47);
    assert_eq!(g.score(1).status, 47);
    assert_eq!(g.score(0).best_lot, 22);
    assert_eq!(
        g.outcome().unwrap().winners.iter().collect::<Vec<_>>(),
        vec![0]
    );
    // Fully tied: shared.
    let g = finished(
        4,
        &[("W9", RED), ("W10", RED), ("E9", ORANGE), ("E10", ORANGE)],
        [0; 4],
    );
    assert_eq!(g.outcome().unwrap().winners.len(), 2);
}

#[test]
fn three_players_neutral_can_own_lots_but_is_not_ranked() {
    let g = finished(
        3,
        &[
            ("N16", PURPLE),
            ("N18", PURPLE),
            ("N21", PURPLE),
            ("W9", RED),
            ("W10", RED),
        ],
        [0, 0, 0, 0],
    );
    let out = g.outcome().unwrap();
    assert_eq!(out.scores.len(), 3);
    assert_eq!(out.winners.iter().collect::<Vec<_>>(), vec![0]);
}

#[test]
fn two_players_parks_double_only_their_own_colour_and_each_colour_needs_two_lots() {
    // Seat 0 plays red and ivory: red has the park, ivory the adjacent 9 and 10 → not doubled.
    let g = finished(
        2,
        &[
            ("Wx2", RED),
            ("W11", RED),
            ("W9", IVORY),
            ("W10", IVORY),
            ("N16", ORANGE),
            ("N18", ORANGE),
            ("N21", PURPLE),
        ],
        [0, 0, 0, 0],
    );
    let s0 = g.score(0);
    assert_eq!(s0.lots_value, 22 + 9 + 10);
    assert_eq!(s0.lots, 4);
    assert!(s0.eligible);
    // Seat 1: purple owns a single lot → seat 1 cannot win.
    assert!(!g.score(1).eligible);
    assert_eq!(
        g.outcome().unwrap().winners.iter().collect::<Vec<_>>(),
        vec![0]
    );
    // Status sums both colours' coins and debts.
    let mut p = g.to_position();
    p.colours[0].coins = 3;
    p.colours[2].coins = 4;
    p.colours[2].ious = 1;
    p.loans[0] = 1;
    let g = BigShot::from_position(&p).unwrap();
    assert_eq!(g.score(0).status, 3 + 4 + 41 - 10);
}

// ---- Bad input ----

#[test]
fn actions_out_of_turn_or_after_the_end_are_refused() {
    let mut g = new(4, false);
    to_bidding(&mut g);
    for s in [0, 2, 3] {
        assert!(matches!(
            refuse(&mut g, s, "pass"),
            RuleError::NotYourTurn { current: 1, .. }
        ));
    }
    assert!(matches!(
        refuse(&mut g, 1, "place red W9"),
        RuleError::WrongStep { .. }
    ));
    let mut g = finished(4, &[], [0; 4]);
    assert_eq!(refuse(&mut g, 0, "roll"), RuleError::GameOver);
}

#[test]
fn bad_notation_is_explained() {
    let g = new(4, false);
    for bad in ["bid lots", "place red X1", "dance", "pay blue"] {
        let e = g.parse_action(bad).unwrap_err();
        assert!(!e.reason.is_empty());
    }
}

#[test]
fn bad_configs_are_refused() {
    for players in [0, 1, 5] {
        assert!(BigShot::new(&Config::new(players), 1).is_err());
    }
    let mut c = Config::new(3);
    c.first_player = Some(3);
    assert!(BigShot::new(&c, 1).is_err());
}

fn board_error(json: &str) -> String {
    match BoardSpec::from_json(json) {
        Err(e) => e.to_string(),
        Ok(spec) => spec.build().unwrap_err().to_string(),
    }
}

#[test]
fn malformed_or_impossible_board_files_are_refused_with_the_reason() {
    assert!(board_error("{ not json").contains("malformed board file"));
    assert!(board_error(r#"{"name":"x"}"#).contains("malformed"));
    let base = |lots: &str| {
        format!(r#"{{"name":"t","auction_spaces":4,"districts":["A","B"],"lots":[{lots}]}}"#)
    };
    let ok = r#"{"id":"a1","district":"A","value":5},{"id":"a2","district":"A","value":6},{"id":"b1","district":"B","value":7}"#;
    BoardSpec::from_json(&base(ok)).unwrap().build().unwrap();
    let e = board_error(&base(
        r#"{"id":"a1","district":"Z","value":5},{"id":"a2","district":"A","value":6},{"id":"b1","district":"B","value":7}"#,
    ));
    assert!(
        e.contains("lots[0].district") && e.contains("unknown district `Z`"),
        "{e}"
    );
    let e = board_error(&base(
        r#"{"id":"a1","district":"A","value":5,"adjacent":["a1"]},{"id":"a2","district":"A","value":6},{"id":"b1","district":"B","value":7}"#,
    ));
    assert!(e.contains("adjacent to itself"), "{e}");
    let e = board_error(&base(
        r#"{"id":"a1","district":"A","value":5},{"id":"A1","district":"A","value":6},{"id":"b1","district":"B","value":7}"#,
    ));
    assert!(e.contains("duplicate lot id"), "{e}");
    let e = board_error(&base(
        r#"{"id":"a1","district":"A","value":5,"adjacent":["q"]},{"id":"a2","district":"A","value":6},{"id":"b1","district":"B","value":7}"#,
    ));
    assert!(e.contains("unknown lot `q`"), "{e}");
    let e = board_error(&base(
        r#"{"id":"park","district":"A","park":true,"value":3},{"id":"a2","district":"A","value":6},{"id":"b1","district":"B","value":7}"#,
    ));
    assert!(e.contains("park"), "{e}");
    let e = board_error(
        r#"{"name":"t","auction_spaces":18,"districts":["A"],"lots":[{"id":"a","district":"A","value":1},{"id":"b","district":"A","value":2}]}"#,
    );
    assert!(e.contains("cannot take"), "{e}");
    // Through the config: a clear configuration error.
    let mut c = Config::new(4);
    c.board = Some(BoardSpec {
        districts: vec!["A".into(), "A".into()],
        ..BoardSpec::default_board()
    });
    let e = BigShot::new(&c, 1).unwrap_err().to_string();
    assert!(e.contains("duplicate district"), "{e}");
}

#[test]
fn another_board_file_plays_to_the_end() {
    let spec = BoardSpec::from_json(
        r#"{"name":"village","auction_spaces":6,"districts":["Hill","Vale"],
            "lots":[{"id":"Px2","district":"Hill","park":true,"adjacent":["H5"]},
                    {"id":"H5","district":"Hill","value":5},
                    {"id":"V7","district":"Vale","value":7},
                    {"id":"V8","district":"Vale","value":8}]}"#,
    )
    .unwrap();
    let mut c = Config::new(3);
    c.board = Some(spec);
    let mut g = BigShot::new(&c, 4).unwrap();
    let mut legal = Vec::new();
    let mut rounds = 0;
    while let Some(s) = g.to_act().first() {
        g.legal_actions(s, &mut legal);
        let evs = g.play(s, legal[legal.len() / 2]).unwrap();
        rounds += evs
            .iter()
            .filter(|e| matches!(e, Event::Rolled { .. }))
            .count();
    }
    assert_eq!(rounds, 6);
    assert_eq!(g.cubes_total(), [6; 4]);
    let back = BigShot::from_position(&g.to_position()).unwrap();
    assert_eq!(back, g);
}

#[test]
fn impossible_positions_name_the_field() {
    let good = new(4, false).to_position();
    type Edit = Box<dyn Fn(&mut Position)>;
    let cases: Vec<(&str, Edit)> = vec![
        ("game", Box::new(|p| p.game = "chess".into())),
        ("round", Box::new(|p| p.round = 19)),
        ("roller", Box::new(|p| p.roller = 4)),
        ("spaces", Box::new(|p| p.spaces[0] = "RRRRR".into())),
        ("spaces[3]", Box::new(|p| p.spaces[3] = "RRRR".into())),
        ("spaces", Box::new(|p| p.spaces[0] = "XX".into())),
        ("colours[0].coins", Box::new(|p| p.colours[0].coins = 11)),
        ("loans[1]", Box::new(|p| p.loans[1] = 1)),
        ("lots[1].lot", Box::new(|p| p.lots[1].lot = "Q".into())),
        ("dice.seed", Box::new(|p| p.dice.seed = "zz".into())),
        (
            "hand",
            Box::new(|p| {
                p.hand = "R".into();
                fix_removed(p);
            }),
        ),
        ("config", Box::new(|p| p.config.players = 7)),
        (
            "phase",
            Box::new(|p| {
                p.die = Some(3);
                p.phase = Phase::Loans { seat: 3, asked: 0 };
            }),
        ),
    ];
    for (field, f) in cases {
        let mut p = good.clone();
        f(&mut p);
        let e = BigShot::from_position(&p).unwrap_err();
        assert!(e.field.starts_with(field), "{field}: got {e}");
    }
}

#[test]
fn provisional_owners_and_settled_scores_follow_the_end_rule() {
    let g = last_placement(&[("N16", "RRO"), ("N18", "RROO"), ("N21", "I")], "P");
    let id = |s: &str| g.board().lot_index(s).unwrap();
    assert_eq!(g.provisional_owner(id("N16")), Some(RED));
    assert_eq!(g.provisional_owner(id("N18")), None);
    assert_eq!(g.provisional_owner(id("N21")), Some(IVORY));
    let s = g.settled();
    assert_eq!(s.score(0).lots_value, 16);
    assert_eq!(s.score(2).lots_value, 21);
    assert!(!g.is_sold(id("N16")), "the game itself is unchanged");
    let mut played = g.clone();
    act(&mut played, "place purple S20");
    for seat in 0..4 {
        let extra = if seat == 3 { 20 } else { 0 };
        assert_eq!(
            played.score(seat).lots_value,
            s.score(seat).lots_value + extra
        );
    }
}

#[test]
fn actions_built_by_hand_with_impossible_values_are_refused() {
    let mut g = new(4, false);
    to_bidding(&mut g);
    for seat in [4, 9, 100] {
        let before = g.clone();
        assert!(matches!(
            g.play(seat, Action::Pass),
            Err(RuleError::NotYourTurn { .. })
        ));
        assert_eq!(g, before);
        let mut v = Vec::new();
        g.legal_actions(seat, &mut v);
        assert!(v.is_empty());
        assert!(!g.has_passed(seat) && !g.has_loaned(seat));
        assert_eq!(g.loans_taken(seat), 0);
    }
    let s = seat_to_act(&g);
    assert!(g.play(s, Action::Loan(Colour(9))).is_err());
    for _ in 0..4 {
        act(&mut g, "pass");
    }
    let s = seat_to_act(&g);
    let before = g.clone();
    assert!(matches!(
        g.play(s, Action::Place(Colour(9), 0)),
        Err(RuleError::NoSuchCube { .. })
    ));
    assert!(matches!(
        g.play(s, Action::Place(RED, 40)),
        Err(RuleError::NoSuchLot { lot: 40 })
    ));
    assert_eq!(g, before);
}
