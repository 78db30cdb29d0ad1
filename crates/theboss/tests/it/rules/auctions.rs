//! Auctions: mandatory ones, surplus experience, voluntary ones, auctioned Fate cards.

use super::*;

#[test]
fn mandatory_auction_of_an_unused_job_available_card() {
    let mut g = setup(3, |p| {
        give_fate(p, 0, JA5, Some(1));
        p.players[1].cash = 1000;
        p.players[2].cash = 650;
        turn_of(p, 0, None, 0);
    });
    play(&mut g, 0, "end");
    let a = g.auction().expect("the mandatory auction runs");
    assert_eq!(a.opening, 600);
    assert!(a.mandatory);
    assert_eq!(g.must_act(), SeatSet::single(1));
    refused(&g, 1, "bid 590", "§9.6");
    refused(&g, 2, "bid 600", "§9.6");
    play(&mut g, 1, "bid 600");
    refused(&g, 2, "bid 660", "§9.6");
    refused(&g, 2, "bid 600", "§9.6");
    play(&mut g, 2, "bid 610");
    play(&mut g, 1, "bid 620");
    play(&mut g, 2, "pass");
    assert!(g.auction().is_none());
    assert_eq!(g.player(1).fate.as_ref().unwrap().card, JA5);
    assert_eq!(g.player(1).cash, 380);
    assert_eq!(g.player(0).cash, 1120);
    assert_eq!(g.turn().step, Step::Draw);
}

#[test]
fn unsold_mandatory_lots_are_discarded() {
    let mut g = setup(2, |p| {
        give_fate(p, 0, FIRE200, Some(1));
        turn_of(p, 0, None, 0);
    });
    play(&mut g, 0, "end");
    play(&mut g, 1, "pass");
    assert!(g.fate_discards().contains(&FIRE200));
    assert!(g.player(0).fate.is_none());
}

#[test]
fn surplus_experience_is_auctioned_at_the_end_of_the_next_business() {
    let mut g = setup(2, |p| {
        give_exp(p, 0, HS);
        give_exp(p, 0, HS + 1);
        give_exp(p, 0, HS + 2);
        turn_of(p, 0, Some(1), 0b1);
    });
    // Entering business fixes the surplus due: 2 copies beyond the cap of 1.
    play(&mut g, 0, "end");
    assert_eq!(
        g.auction().unwrap().lot,
        boardroom_theboss::Lot::Experience(HS + 2)
    );
    play(&mut g, 1, "bid 10");
    // The second surplus copy follows; nobody bids, it is discarded.
    assert_eq!(
        g.auction().unwrap().lot,
        boardroom_theboss::Lot::Experience(HS + 1)
    );
    play(&mut g, 1, "pass");
    assert!(g.experience_discards().contains(&(HS + 1)));
    assert_eq!(*g.player(0).experience, vec![HS]);
    assert_eq!(*g.player(1).experience, vec![HS + 2]);
    assert_eq!(g.turn().step, Step::Draw);
}

#[test]
fn r28_auctioned_fate_cards_are_revealed() {
    let mut g = setup(2, |p| {
        give_fate(p, 0, FIRE300, None);
        turn_of(p, 0, None, 0);
    });
    let ev = play(&mut g, 0, "auction fate 50");
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::AuctionOpened {
            fate_card: Some(FIRE300),
            ..
        }
    )));
    play(&mut g, 1, "bid 50");
    assert_eq!(g.player(1).fate.as_ref().unwrap().card, FIRE300);
    assert_eq!(
        g.observe(Viewer::Seat(0)).players[1]
            .fate
            .as_ref()
            .unwrap()
            .card,
        Some(FIRE300)
    );
}

#[test]
fn voluntary_auction_unsold_lot_stays_with_the_seller() {
    let mut g = setup(3, |p| {
        give_shares(p, 0, 50);
        turn_of(p, 0, None, 0);
    });
    refused(&g, 0, "auction 50sh 5", "§9.6");
    refused(&g, 0, "auction 60sh 10", "§9.6");
    play(&mut g, 0, "auction 50sh 900");
    assert!(g.turn().floor);
    refused(&g, 1, "bid 600", "§9.6");
    play(&mut g, 1, "pass");
    play(&mut g, 2, "pass");
    assert_eq!(g.player(0).shares, 50);
}
