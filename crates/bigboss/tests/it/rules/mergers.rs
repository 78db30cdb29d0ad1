//! Mergers: who acquires whom, equal prices, the cap, the owner flag, towers afterwards.

use super::*;

#[test]
fn merger_the_higher_price_acquires_after_the_join() {
    // Equal prices: the connecting piece decides.
    let t = Table::modern(2)
        .run(REGENT, 11, 40, 6)
        .run(LUNAR, 11, 47, 3)
        .shares(1, REGENT, 3)
        .shares(1, LUNAR, 1)
        .hand(0, "46");
    let mut g = t.game();
    act(&mut g, "play 46");
    let e = reject(&mut g, "join Eagle");
    assert!(e.to_string().contains("not part of this merger"), "{e}");
    reject(&mut g, "survivor Regent");
    reject(&mut g, "end");
    let ev = act(&mut g, "join Lunar");
    assert!(ev.contains(&Event::Merged {
        survivor: LUNAR,
        acquired: REGENT
    }));
    assert_eq!(g.company(LUNAR).price, 23);
    assert_eq!(g.company(REGENT).status, Status::Gone);
    assert_eq!(g.player(1).money, 40 + 3 * 11);
    assert_eq!(g.player(0).money, 40 + 23);
    assert_eq!(g.company(LUNAR).hq, 47);
    for s in 40..=49 {
        assert_eq!(owner(&g, s), Some(LUNAR));
    }
    let mut g = t.game();
    act(&mut g, "play 46");
    act(&mut g, "join Regent");
    assert_eq!(g.company(REGENT).price, 23);
    assert_eq!(g.company(LUNAR).status, Status::Gone);
    assert_eq!(g.player(1).money, 40 + 11);
}

#[test]
fn merger_on_equal_prices_the_player_chooses_the_survivor() {
    let t = Table::modern(2)
        .run(REGENT, 12, 40, 6)
        .run(LUNAR, 11, 47, 3)
        .shares(1, REGENT, 2)
        .shares(1, LUNAR, 1)
        .hand(0, "46");
    for (survivor, acquired) in [(LUNAR, REGENT), (REGENT, LUNAR)] {
        let mut g = t.game();
        act(&mut g, "play 46");
        act(&mut g, "join Lunar");
        assert_eq!(
            g.phase(),
            Phase::ChooseSurvivor {
                space: 46,
                left: REGENT,
                right: LUNAR
            }
        );
        assert_eq!(legal(&g), ["survivor Regent", "survivor Lunar"]);
        let e = reject(&mut g, "survivor Eagle");
        assert!(e.to_string().contains("not part of this merger"), "{e}");
        let e = reject(&mut g, "join Regent");
        assert!(e.to_string().contains("prices are equal"), "{e}");
        act(&mut g, &format!("survivor {survivor}"));
        assert_eq!(g.company(survivor).price, 24);
        assert_eq!(g.company(acquired).status, Status::Gone);
        let paid = if acquired == REGENT { 2 * 12 } else { 12 };
        assert_eq!(g.player(1).money, 40 + paid);
        assert_eq!(g.player(0).money, 40 + 24);
        assert_eq!(
            g.phase(),
            Phase::Invest {
                company: survivor,
                shares: 0
            }
        );
    }
}

#[test]
fn merger_price_is_capped_at_50() {
    let mut g = Table::modern(2)
        .run(REGENT, 40, 40, 6)
        .run(LUNAR, 30, 47, 3)
        .hand(0, "46")
        .game();
    act(&mut g, "play 46");
    act(&mut g, "join Lunar");
    assert_eq!(g.company(REGENT).price, 50);
    assert_eq!(g.player(0).money, 90);
}

#[test]
fn merger_classic_owner_flag_counts_three_shares() {
    let mut g = Table::classic(3)
        .run(REGENT, 21, 40, 6)
        .run(LUNAR, 11, 47, 3)
        .shares(1, LUNAR, 1)
        .tower(LUNAR, 1)
        .shares(2, LUNAR, 2)
        .hand(0, "46")
        .game();
    act(&mut g, "play 46");
    act(&mut g, "join Lunar");
    assert_eq!(g.player(1).money, 30 + 4 * 12);
    assert_eq!(g.player(2).money, 30 + 2 * 12);
    assert_eq!(g.player(0).money, 30 + 33);
    assert_eq!(g.company(LUNAR).status, Status::Gone);
    assert_eq!(g.player(1).towers_placed, 1);
}

#[test]
fn decision_an_empty_space_between_two_pieces_of_one_company_is_a_plain_expansion() {
    // Regent wraps the loop from 3 round to 1; only space 2 is empty.
    let mut g = Table::modern(2).run(REGENT, 30, 3, 71).hand(0, "2").game();
    assert_eq!(owner(&g, 1), Some(REGENT));
    assert_eq!(owner(&g, 3), Some(REGENT));
    let ev = act(&mut g, "play 2");
    assert!(ev.contains(&Event::PiecePlaced {
        space: 2,
        company: REGENT,
        level: 1
    }));
    assert!(!ev.iter().any(|e| matches!(e, Event::Merged { .. })));
    assert_eq!(g.company(REGENT).price, 31);
    assert_eq!(
        g.phase(),
        Phase::Invest {
            company: REGENT,
            shares: 0
        }
    );
    assert_eq!(g.company(REGENT).status, Status::Active);
}

#[test]
fn decision_towers_after_a_merger() {
    // The survivor already has a tower: none may be added.
    let mut g = Table::modern(2)
        .run(REGENT, 21, 40, 6)
        .tower(REGENT, 1)
        .run(LUNAR, 11, 47, 3)
        .hand(0, "46")
        .game();
    act(&mut g, "play 46");
    act(&mut g, "join Lunar");
    assert!(!is_legal(&g, "tower"));
    let e = reject(&mut g, "tower");
    assert!(
        e.to_string().contains("already carries Blue's radio tower"),
        "{e}"
    );
    // A tower removed in a merger is gone and still counts: the next one costs 30.
    let mut g = Table::modern(2)
        .run(REGENT, 21, 40, 6)
        .run(LUNAR, 11, 47, 3)
        .tower(LUNAR, 0)
        .hand(0, "46")
        .game();
    act(&mut g, "play 46");
    act(&mut g, "join Lunar");
    assert_eq!(g.player(0).money, 40 + 36 + 33);
    assert_eq!(g.player(0).towers_placed, 1);
    let ev = act(&mut g, "tower");
    assert!(ev.contains(&Event::TowerPlaced {
        seat: 0,
        company: REGENT,
        cost: 30
    }));
    // Both towers used (one removed): no third.
    let mut g = Table::modern(2)
        .run(REGENT, 21, 40, 6)
        .run(LUNAR, 11, 47, 3)
        .tower(LUNAR, 0)
        .towers_placed(0, 2)
        .money(0, 500)
        .hand(0, "46")
        .game();
    act(&mut g, "play 46");
    act(&mut g, "join Lunar");
    assert_eq!(
        reject(&mut g, "tower"),
        RuleError::NoTowerLeft("radio tower")
    );
}
