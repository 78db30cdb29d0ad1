//! Wheeling and dealing: the floor, offers and their acceptance, the limits, counter-offers.

use super::*;

#[test]
fn the_floor_opens_on_the_first_transaction() {
    let mut g = setup(3, |p| {
        give_shares(p, 2, 50);
        turn_of(p, 0, None, 0);
    });
    let e = refused(&g, 1, "offer 2 give $100 take 10sh", "R-25");
    assert!(e.reason_text().contains("floor"));
    assert_eq!(g.may_act(), SeatSet::single(0));
    play(&mut g, 0, "open");
    assert_eq!(g.may_act(), SeatSet::all(3));
    assert_eq!(g.must_act(), SeatSet::single(0));
    play(&mut g, 1, "offer 2 give $100 take 10sh");
    let id = g.offers()[0].id;
    play(&mut g, 0, "end");
    assert!(
        g.offers().is_empty(),
        "unanswered offers expire at the end of business"
    );
    refused(&g, 2, &format!("accept {id}"), "§9.2");
}

#[test]
fn accepted_offers_move_everything_at_once() {
    let mut g = setup(2, |p| {
        give_shares(p, 1, 30);
        give_exp(p, 1, COL);
        give_exec(p, 0, X6);
        turn_of(p, 0, None, 0);
    });
    play(
        &mut g,
        0,
        "offer 1 give $300 E6#7 take 30sh COL#12 note \"deal?\"",
    );
    let id = g.offers()[0].id;
    assert_eq!(g.offers()[0].offer.note, "deal?");
    play(&mut g, 1, &format!("accept {id}"));
    assert_eq!((g.player(0).cash, g.player(0).shares), (200, 30));
    assert_eq!(*g.player(0).experience, vec![COL]);
    assert_eq!(*g.player(1).executive, vec![X6]);
    assert_eq!(g.player(1).cash, 800);
}

#[test]
fn a_failed_acceptance_voids_the_offer_and_changes_nothing_else() {
    let mut g = setup(2, |p| {
        give_shares(p, 1, 30);
        turn_of(p, 0, None, 0);
    });
    play(&mut g, 0, "offer 1 give $300 take 30sh");
    let id = g.offers()[0].id;
    // Seat 0 spends the cash before seat 1 answers.
    play(&mut g, 0, "offer 1 give $400 take 10sh");
    let id2 = g.offers()[1].id;
    play(&mut g, 1, &format!("accept {id2}"));
    let before = g.clone();
    let ev = play(&mut g, 1, &format!("accept {id}"));
    assert!(matches!(ev[0], Event::Voided { .. }), "{ev:?}");
    for s in 0..2 {
        assert_eq!(g.player(s), before.player(s));
    }
    assert!(g.offers().is_empty());
}

#[test]
fn offers_of_items_not_held_are_refused() {
    let g = setup(2, |p| turn_of(p, 0, None, 0));
    refused(&g, 0, "offer 1 give $600", "§9.2");
    refused(&g, 0, "offer 1 give 10sh", "§9.2");
    refused(&g, 0, "offer 1 give COL#12", "§9.2");
    refused(&g, 0, "offer 1 take $600", "§9.2");
    refused(&g, 0, "offer 1 give fate", "§9.2");
    refused(&g, 0, "offer 1 give $15", "§9.2");
    refused(&g, 0, "offer 0 give $10", "§9.2");
    refused(&g, 0, "offer 1 note \"nothing\"", "§9.2");
    let long = format!("offer 1 give $10 note \"{}\"", "x".repeat(201));
    refused(&g, 0, &long, "§9.2");
    let many: Vec<String> = (1..=13).map(|i| format!("HS#{}", i.min(11))).collect();
    let e = refused(&g, 0, &format!("offer 1 give {}", many.join(" ")), "§9.2");
    assert!(e.reason_text().contains("at most"), "{e}");
    let ctrl = "offer 1 give $10 note \"a\u{7}b\"";
    refused(&g, 0, ctrl, "§9.2");
}

#[test]
fn exec_limit_holds_in_deals_and_auctions() {
    let mut g = setup(2, |p| {
        give_exec(p, 0, X5);
        give_exec(p, 1, X5 + 2);
        give_exec(p, 1, X5 + 3);
        turn_of(p, 0, None, 0);
    });
    // Each offer alone fits; once one is accepted, the other would break the limit.
    play(&mut g, 0, "offer 1 give $100 take E5#3");
    play(&mut g, 0, "offer 1 give $100 take E5#4");
    let (a, b) = (g.offers()[0].id, g.offers()[1].id);
    play(&mut g, 1, &format!("accept {a}"));
    refused(&g, 0, "offer 1 give $100 take E5#4", "§4");
    let ev = play(&mut g, 1, &format!("accept {b}"));
    assert!(matches!(ev[0], Event::Voided { .. }));
    assert_eq!(g.owned_of_number(0, 5), 2);
}

#[test]
fn offer_count_limits() {
    let mut g = setup(3, |p| turn_of(p, 0, None, 0));
    for _ in 0..3 {
        play(&mut g, 0, "offer 1 give $10");
    }
    refused(&g, 0, "offer 2 give $10", "§9.7");
    let id = g.offers()[0].id;
    play(&mut g, 0, &format!("withdraw {id}"));
    play(&mut g, 0, "offer 1 give $10");
    let id = g.offers()[0].id;
    play(&mut g, 1, &format!("reject {id}"));
    play(&mut g, 0, "offer 1 give $10");
    // 5 offers to seat 1 in this step: the pair limit.
    let id = g.offers()[0].id;
    play(&mut g, 1, &format!("reject {id}"));
    refused(&g, 0, "offer 1 give $10", "§9.7");
}

#[test]
fn counter_offers_reject_and_link() {
    let mut g = setup(2, |p| {
        give_shares(p, 1, 30);
        turn_of(p, 0, None, 0);
    });
    play(&mut g, 0, "offer 1 give $200 take 10sh");
    let id = g.offers()[0].id;
    play(&mut g, 1, &format!("counter {id} give 10sh take $250"));
    assert_eq!(g.offers().len(), 1);
    assert_eq!(g.offers()[0].counters, Some(id));
    assert_eq!(g.offers()[0].offer.to, 0);
    let id2 = g.offers()[0].id;
    play(&mut g, 0, &format!("accept {id2}"));
    assert_eq!(g.player(0).cash, 250);
}

/// §9.2: the acceptance check runs when an offer is made too, so nobody receives an offer
/// that could never be accepted.
#[test]
fn s9_2_offers_that_could_never_be_accepted_are_refused_when_made() {
    let g = setup(3, |p| {
        give_exp(p, 0, COL);
        give_exec(p, 0, X5);
        give_exec(p, 1, X5 + 1);
        give_exec(p, 1, X5 + 2);
        turn_of(p, 0, None, 0);
    });
    // Collateral that is the card being given.
    refused(
        &g,
        0,
        "offer 1 give COL#12 promise 0 favour \"x\" pledge COL#12",
        "§9.2",
    );
    // Cash the exchange itself removes.
    refused(
        &g,
        0,
        "offer 1 give $400 promise 0 favour \"x\" pledge $200",
        "§9.2",
    );
    // A third Executive card of a number.
    refused(&g, 0, "offer 1 give E5#1", "§4");
    // Collateral got in the same deal is held when the escrow takes it.
    let mut h = g.clone();
    play(
        &mut h,
        0,
        "offer 1 give $100 take E5#2 promise 0 favour \"x\" pledge E5#2",
    );
    let id = h.offers()[0].id;
    play(&mut h, 1, &format!("accept {id}"));
    assert_eq!(h.deals().len(), 1);
}

/// §9.1, §9.5: a player who passed on the open floor makes no more offers in this step, but
/// may still do whatever else dealing allows: withdraw their offers, show their Fate card,
/// auction their lots, release or walk away from their deals. So they stay among the seats
/// that may act (`to_act`) while they have such an action, and only then.
#[test]
fn s9_1_a_player_who_passed_on_the_floor_still_deals_otherwise() {
    let mut g = setup(3, |p| {
        give_shares(p, 1, 50);
        give_shares(p, 2, 50);
        give_fate(p, 1, BON200, None);
        turn_of(p, 0, None, 0);
        p.turn.floor = true;
    });
    play(&mut g, 1, "offer 2 promise 1 favour \"later\" pledge 10sh");
    let id = g.offers()[0].id;
    play(&mut g, 2, &format!("accept {id}"));
    let deal = g.deals()[0].id;
    play(&mut g, 1, "offer 0 give $10");
    let offer = g.offers()[0].id;
    play(&mut g, 1, "pass");
    play(&mut g, 2, "pass");
    refused(&g, 1, "offer 0 give $20", "§9.1");
    refused(&g, 1, "pass", "§9.1");
    assert!(g.to_act().contains(1) && g.to_act().contains(2));
    assert_eq!(g.must_act(), SeatSet::single(0));
    let mut h = g.clone();
    play(&mut h, 1, &format!("withdraw {offer}"));
    play(&mut h, 1, "show 2");
    play(&mut h, 1, &format!("walkaway {deal}"));
    let mut h = g.clone();
    play(&mut h, 2, &format!("release {deal}"));
    play(&mut h, 2, "auction 10sh 500");
    play(&mut h, 0, "pass");
    play(&mut h, 1, "pass");
    // A player who passed and has nothing left to do is not asked.
    let mut g = setup(3, |p| {
        turn_of(p, 0, None, 0);
        p.turn.floor = true;
    });
    play(&mut g, 2, "pass");
    assert_eq!(g.to_act(), [0, 1].into_iter().collect::<SeatSet>());
    let mut cands = Vec::new();
    g.candidates(2, &mut cands);
    assert!(cands.is_empty(), "{cands:?}");
}
