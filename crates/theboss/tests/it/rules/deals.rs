//! Deals that last: escrow, commitments (FireTarget, NotFire), favours, defaults, promised Fire
//! cards.

use super::*;

#[test]
fn escrow_collateral_cannot_be_sold_or_repledged_but_votes_for_the_holder() {
    let mut g = setup(4, |p| {
        give_shares(p, 1, 100);
        give_exp(p, 1, COL);
        turn_of(p, 0, None, 0);
    });
    // Seat 0 lends $200 to seat 1 against 100 shares and a COL card.
    play(
        &mut g,
        0,
        "offer 1 give $200 promise 1 deliver $220 pledge 100sh COL#12 due 3",
    );
    let id = g.offers()[0].id;
    play(&mut g, 1, &format!("accept {id}"));
    let deal = g.deals()[0].id;
    assert_eq!(g.player(1).shares, 0);
    assert_eq!(g.owned_shares(1), 100, "ownership stays with the pledger");
    assert_eq!(
        g.usable_shares(0),
        100,
        "the holder may use escrowed shares"
    );
    assert_eq!(
        g.usable_years(0)[1],
        2,
        "escrowed Experience counts for the holder"
    );
    assert_eq!(g.net_worth(1), 700 + 2000);
    // Pledged items can be neither offered, auctioned nor pledged again.
    refused(&g, 1, "offer 2 give 10sh", "§9.2");
    refused(&g, 1, "offer 2 give COL#12", "§9.2");
    refused(&g, 1, "auction 10sh 10", "§9.6");
    refused(&g, 0, "offer 2 give 10sh", "§9.2");
    refused(
        &g,
        1,
        "offer 0 promise 1 favour \"later\" pledge 10sh",
        "§9.2",
    );
    // Default only after the due round.
    refused(&g, 0, &format!("default {deal}"), "§9.5");
    refused(&g, 0, &format!("settle {deal}"), "§9.5");
    // Settling delivers and returns the collateral.
    let mut h = g.clone();
    play(&mut h, 1, &format!("settle {deal}"));
    assert_eq!((h.player(1).cash, h.player(1).shares), (480, 100));
    assert_eq!(h.player(0).cash, 520);
    assert!(h.deals().is_empty());
    // Walking away hands the collateral over and is recorded as broken.
    play(&mut g, 1, &format!("walkaway {deal}"));
    assert_eq!(g.player(0).shares, 100);
    assert_eq!(*g.player(0).experience, vec![COL]);
    assert_eq!(g.broken_deals().len(), 1);
}

#[test]
fn fire_target_and_not_fire_commitments_bind_the_firer() {
    let mut g = setup(3, |p| {
        give_fate(p, 0, FIRE200, Some(1));
        p.players[1].job = Some(1);
        p.players[2].job = Some(2);
        turn_of(p, 0, Some(4), 0);
        p.turn.step = Step::Business;
        p.turn.floor = true;
    });
    // Seat 2 pays seat 0 to fire seat 1 instead.
    play(&mut g, 2, "offer 0 give $100 take fire:1 nofire:2")
        .iter()
        .for_each(drop);
    let id = g.offers()[0].id;
    play(&mut g, 0, &format!("accept {id}"));
    assert_eq!(g.turn().must_fire, Some(1));
    assert_eq!(g.reserved(0), 200);
    assert_eq!(g.free_cash(0), 400);
    refused(&g, 0, "end", "§9.3");
    refused(&g, 0, "fire 2", "§9.3");
    refused(&g, 0, "offer 1 give $500", "§9.2");
    play(&mut g, 0, "fire 1");
    assert_eq!(g.player(1).fired, Some(0));
    play(&mut g, 0, "end");
}

#[test]
fn favours_are_released_and_deals_cancelled_by_agreement() {
    let mut g = setup(2, |p| {
        give_shares(p, 1, 50);
        turn_of(p, 0, None, 0);
    });
    play(
        &mut g,
        0,
        "offer 1 give $100 promise 1 favour \"vote with me\" pledge 50sh due 1",
    );
    let id = g.offers()[0].id;
    play(&mut g, 1, &format!("accept {id}"));
    let deal = g.deals()[0].id;
    refused(&g, 1, &format!("settle {deal}"), "§9.5");
    refused(&g, 1, &format!("release {deal}"), "§9.5");
    let mut h = g.clone();
    play(&mut h, 0, &format!("release {deal}"));
    assert_eq!(h.player(1).shares, 50);
    // Cancel by an accepted offer.
    play(&mut g, 1, &format!("offer 0 give $100 cancel {deal}"));
    let id = g.offers()[0].id;
    play(&mut g, 0, &format!("accept {id}"));
    assert!(g.deals().is_empty());
    assert_eq!(g.player(1).shares, 50);
    assert_eq!(g.player(0).cash, 500);
}

#[test]
fn default_is_possible_once_the_due_round_has_ended() {
    let g = setup(2, |p| {
        give_shares(p, 1, 50);
        turn_of(p, 0, None, 0);
    });
    let mut g = g;
    play(
        &mut g,
        0,
        "offer 1 give $100 promise 1 deliver $120 pledge 50sh due 1",
    );
    let id = g.offers()[0].id;
    play(&mut g, 1, &format!("accept {id}"));
    let deal = g.deals()[0].id;
    refused(&g, 0, &format!("default {deal}"), "§9.5");
    let mut p = g.position();
    p.round = 2;
    let mut g = TheBoss::from_position(&p).unwrap();
    play(&mut g, 0, &format!("default {deal}"));
    assert_eq!(g.player(0).shares, 50);
    assert_eq!(g.broken_deals()[0].promisor, 1);
    assert!(!g.broken_deals()[0].walked_away);
}

#[test]
fn fate_cards_can_never_be_collateral_and_one_is_held_at_most() {
    let mut g = setup(2, |p| {
        give_fate(p, 0, BON200, None);
        give_fate(p, 1, FIRE200, None);
        turn_of(p, 0, None, 0);
    });
    refused(
        &g,
        0,
        "offer 1 give $10 promise 0 favour \"x\" pledge fate",
        "§6",
    );
    play(&mut g, 0, "offer 1 give $10 take fate");
    let id = g.offers()[0].id;
    play(&mut g, 1, &format!("accept {id}"));
    assert_eq!(g.player(0).fate.as_ref().unwrap().card, FIRE200);
    assert!(
        g.fate_discards().contains(&BON200),
        "the old card is discarded face up"
    );
}

/// while a FireTarget is open its Fire card stays with its holder: it cannot be sold,
/// traded or auctioned, and no deal or auction brings the holder another Fate card (which
/// would push the promised card out and leave a promise nobody can keep). The same holds for
/// the deal that makes the promise.
#[test]
fn r30_a_promised_fire_card_stays_with_its_holder() {
    let g = setup(3, |p| {
        give_fate(p, 0, FIRE500, Some(1));
        give_fate(p, 1, BON200, None);
        give_shares(p, 0, 100);
        p.players[0].cash = 1000;
        p.players[2].job = Some(2);
        turn_of(p, 0, Some(5), 0);
        p.turn.step = Step::Business;
    });
    // Promising to fire seat 2 while taking seat 1's Fate card, in one deal: refused.
    let e = refused(&g, 0, "offer 1 give $10 fire:2 take fate", "R-30");
    assert!(e.reason_text().contains("Fate card"), "{e}");
    refused(&g, 0, "offer 1 give fate fire:2", "R-30");
    let mut g = g;
    play(&mut g, 0, "offer 1 give fire:2 take $10");
    let id = g.offers()[0].id;
    play(&mut g, 1, &format!("accept {id}"));
    assert_eq!(g.turn().must_fire, Some(2));
    // Nothing brings the holder another Fate card, nor takes the promised one away.
    refused(&g, 0, "offer 1 give $10 take fate", "R-30");
    refused(&g, 0, "offer 1 give fate", "R-30");
    refused(&g, 1, "offer 0 give fate take $10", "R-30");
    refused(&g, 0, "auction fate 10", "R-30");
    refused(&g, 0, "offer 1 give nofire:1 take $10", "R-30");
    // The position reads back while the promise is open.
    let back = TheBoss::from_position(&g.position()).expect("a reachable position reads back");
    assert_eq!(back, g);
    // On a Fate lot the holder may only pass.
    play(&mut g, 1, "auction fate 10");
    assert_eq!(g.auction_caller(), Some(2));
    play(&mut g, 2, "pass");
    refused(&g, 0, "bid 10", "R-30");
    let mut cands = Vec::new();
    g.candidates(0, &mut cands);
    assert_eq!(cands, vec![boardroom_theboss::Action::Pass]);
    play(&mut g, 0, "pass");
    assert_eq!(g.player(1).fate.as_ref().unwrap().card, BON200);
    // The promise is kept.
    refused(&g, 0, "end", "§9.3");
    play(&mut g, 0, "fire 2");
    play(&mut g, 0, "end");
}

/// §9.2: everything happens at once, so the severance a FireTarget reserves is tested after
/// the deal's own transfers: "pay me $300 and I fire seat 2" works for a firer with $100.
#[test]
fn s9_2_fire_target_severance_is_tested_after_the_deals_transfers() {
    let g = setup(3, |p| {
        give_fate(p, 0, FIRE300, Some(1));
        give_shares(p, 0, 100);
        p.players[0].cash = 100;
        p.players[1].cash = 500;
        p.players[2].job = Some(1);
        turn_of(p, 0, Some(5), 0);
        p.turn.step = Step::Business;
        p.turn.floor = true;
    });
    // Made by the payer to the firer.
    let mut h = g.clone();
    play(&mut h, 1, "offer 0 give $300 take fire:2");
    let id = h.offers()[0].id;
    let ev = play(&mut h, 0, &format!("accept {id}"));
    assert!(
        ev.iter().any(|e| matches!(e, Event::Accepted { .. })),
        "{ev:?}"
    );
    assert_eq!((h.player(0).cash, h.reserved(0)), (400, 300));
    play(&mut h, 0, "fire 2");
    assert_eq!((h.player(0).cash, h.player(2).cash), (100, 800));
    // Made by the firer.
    let mut h = g.clone();
    play(&mut h, 0, "offer 1 give fire:2 take $300");
    let id = h.offers()[0].id;
    play(&mut h, 1, &format!("accept {id}"));
    assert_eq!(h.turn().must_fire, Some(2));
    // Still refused when even the deal leaves too little.
    refused(&g, 0, "offer 1 give fire:2 take $100", "§9.3");
}

/// §9.3: NotFire(X) names a legal target now; never while a FireTarget is open.
#[test]
fn s9_3_not_fire_names_a_legal_target() {
    let g = setup(4, |p| {
        give_fate(p, 0, FIRE200, Some(1));
        give_shares(p, 1, 100);
        p.players[1].job = Some(5);
        p.players[2].job = Some(1);
        turn_of(p, 0, Some(4), 0);
        p.turn.step = Step::Business;
        p.turn.floor = true;
    });
    // Seat 1 is an executive (an office holder calls no meeting), seat 3 holds no job.
    refused(&g, 1, "offer 0 give $50 take nofire:1", "§9.3");
    refused(&g, 3, "offer 0 give $50 take nofire:3", "§9.3");
    refused(&g, 0, "offer 3 give nofire:3 take $50", "§9.3");
    let mut h = g.clone();
    play(&mut h, 2, "offer 0 give $50 take nofire:2");
    // The candidates never list a NotFire on a seat that is no legal target.
    let mut cands = Vec::new();
    for seat in 0..4 {
        g.candidates(seat, &mut cands);
        for a in &cands {
            if let boardroom_theboss::Action::Offer(o) = a {
                for c in o.give_commitments.iter().chain(&o.take_commitments) {
                    assert_ne!(*c, boardroom_theboss::Commitment::NotFire(1), "{a:?}");
                    assert_ne!(*c, boardroom_theboss::Commitment::NotFire(3), "{a:?}");
                }
            }
        }
    }
}
