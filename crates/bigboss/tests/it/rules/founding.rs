//! Founding companies: the spaces it needs, the spacing between companies, the supply of
//! pieces and of companies.

use super::*;

#[test]
fn modern_founding() {
    let mut g = Table::modern(2).hand(0, "21").game();
    act(&mut g, "play 21");
    assert_eq!(g.phase(), Phase::ChooseTriple { card: 21 });
    assert_eq!(legal(&g), ["found 19", "found 20", "found 21"]);
    // The three spaces must include the card's space.
    let e = reject(&mut g, "found 22");
    assert!(e.to_string().contains("must include space 21"), "{e}");
    reject(&mut g, "found 18");
    act(&mut g, "found 21");
    assert_eq!(legal(&g), ["double 21", "double 22", "double 23"]);
    // The fourth piece goes on one of the three.
    let e = reject(&mut g, "double 24");
    assert!(
        e.to_string().contains("one of the founding spaces 21-23"),
        "{e}"
    );
    reject(&mut g, "hq Regent");
    act(&mut g, "double 22");
    assert_eq!(legal(&g).len(), 8);
    let ev = act(&mut g, "hq Regent");
    assert_eq!(
        ev[0],
        Event::Founded {
            seat: 0,
            company: REGENT,
            spaces: [21, 22, 23],
            double: Some(22)
        }
    );
    let heights: Vec<u8> = (20..=24).map(|s| g.board().height(s)).collect();
    assert_eq!(heights, [0, 1, 2, 1, 0]);
    for s in 21..=23 {
        assert_eq!(owner(&g, s), Some(REGENT));
    }
    // Price 1+1+1+2 = 5, earned by the founder.
    let co = *g.company(REGENT);
    assert_eq!(co.price, 5);
    assert_eq!(co.status, Status::Active);
    assert_eq!(co.supply, 12);
    assert_eq!(co.tower, None);
    assert!((21..=23).contains(&co.hq));
    assert_eq!(g.pieces(), 88);
    assert_eq!(g.player(0).money, 45);
    assert!(ev.contains(&Event::Earned {
        seat: 0,
        company: REGENT,
        amount: 5
    }));
    assert!(ev.contains(&Event::PiecePlaced {
        space: 22,
        company: REGENT,
        level: 2
    }));
    // Shares may be bought in the company just founded.
    assert_eq!(
        g.phase(),
        Phase::Invest {
            company: REGENT,
            shares: 0
        }
    );
    act(&mut g, "share Regent");
    assert_eq!(g.player(0).money, 40);
    assert_eq!(g.company(REGENT).supply, 11);
    // The tower may go on the company just founded.
    act(&mut g, "tower");
    assert_eq!(g.company(REGENT).tower, Some(0));
    assert_eq!(g.player(0).money, 25);
    act(&mut g, "end");
    assert!(g.discard().contains(Card::Industry(21)));
    assert!(!g.player(0).hand.contains(Card::Industry(21)));
}

#[test]
fn classic_founding_three_pieces_price_3_hq_on_the_card() {
    let mut g = Table::classic(2).hand(0, "21").game();
    act(&mut g, "play 21");
    assert_eq!(legal(&g), ["found 19", "found 20", "found 21"]);
    act(&mut g, "found 20");
    // No fourth piece: straight to the company.
    assert!(matches!(
        g.phase(),
        Phase::ChooseCompany { double: None, .. }
    ));
    let e = reject(&mut g, "double 21");
    assert!(matches!(e, RuleError::WrongStep { .. }), "{e}");
    let ev = act(&mut g, "hq Lunar");
    assert_eq!(
        ev[0],
        Event::Founded {
            seat: 0,
            company: LUNAR,
            spaces: [20, 21, 22],
            double: None
        }
    );
    for s in 20..=22 {
        assert_eq!(g.board().height(s), 1);
        assert_eq!(owner(&g, s), Some(LUNAR));
    }
    assert_eq!(g.company(LUNAR).hq, 21);
    assert_eq!(g.company(LUNAR).price, 3);
    assert_eq!(g.company(LUNAR).supply, 7);
    assert_eq!(g.pieces(), 89);
    assert_eq!(g.player(0).money, 33);
    // Shares cost the higher of 5 and the price.
    act(&mut g, "share Lunar");
    assert_eq!(g.player(0).money, 28);
}

#[test]
fn classic_founding_with_both_extra_pieces_on_one_side() {
    // The founder need not hold the other two cards.
    let mut g = Table::classic(2).hand(0, "30").game();
    act(&mut g, "play 30");
    act(&mut g, "found 28");
    act(&mut g, "hq Comet");
    assert_eq!(g.company(COMET).hq, 30);
    assert_eq!(
        (27..=31).map(|s| g.board().height(s)).collect::<Vec<_>>(),
        [0, 1, 1, 1, 0]
    );
}

#[test]
fn founding_needs_three_empty_spaces_on_both_sides() {
    for ed in [MODERN, CLASSIC] {
        // Regent on 10-12. Card 16: 3 empty spaces (13-15) before it.
        let mut g = Table::new(ed, 2)
            .run(REGENT, 5, 10, 3)
            .run(LUNAR, 5, 30, 3)
            .hand(0, "16 25")
            .game();
        act(&mut g, "play 16");
        assert_eq!(legal(&g), ["found 16"]);
        let e = reject(&mut g, "found 15");
        assert!(e.to_string().contains("3 empty spaces"), "{e}");
        reject(&mut g, "found 14");
        act(&mut g, "found 16");
        // Card 25 in front of Lunar (30): the triple must end by 26 (27-29 empty).
        let mut g = Table::new(ed, 2)
            .run(REGENT, 5, 10, 3)
            .run(LUNAR, 5, 30, 3)
            .hand(0, "25")
            .game();
        act(&mut g, "play 25");
        assert_eq!(legal(&g), ["found 23", "found 24"]);
        reject(&mut g, "found 25");
        // Card 15: every triple holding it comes within 3 spaces of Regent (12).
        let g = Table::new(ed, 2).run(REGENT, 5, 10, 3).hand(0, "15").game();
        assert!(g.card_playable(Card::Industry(15)).is_err());
    }
}

#[test]
fn founding_spacing_across_the_wrap() {
    for ed in [MODERN, CLASSIC] {
        // Regent on 2-3: only 68-70 is far enough for card 70; card 71 is dead.
        let mut g = Table::new(ed, 2)
            .run(REGENT, 5, 2, 2)
            .hand(0, "70 71")
            .game();
        assert!(!is_legal(&g, "play 71"));
        let e = reject(&mut g, "play 71");
        assert!(e.to_string().contains("3 empty spaces"), "{e}");
        act(&mut g, "play 70");
        assert_eq!(legal(&g), ["found 68"]);
        reject(&mut g, "found 70");
        // Regent on 66-68: card 1 may found on 72-1-2 (across the wrap) or 1-3.
        let mut g = Table::new(ed, 2).run(REGENT, 5, 66, 3).hand(0, "1").game();
        act(&mut g, "play 1");
        assert_eq!(legal(&g), ["found 72", "found 1"]);
        reject(&mut g, "found 71");
        act(&mut g, "found 72");
        if ed == MODERN {
            assert_eq!(legal(&g), ["double 72", "double 1", "double 2"]);
            act(&mut g, "double 72");
        }
        act(&mut g, "hq Atlas");
        for s in [72, 1, 2] {
            assert_eq!(owner(&g, s), Some(ATLAS));
        }
        let price = if ed == MODERN { 5 } else { 3 };
        assert_eq!(g.company(ATLAS).price, price);
    }
}

#[test]
fn founding_a_company_that_was_never_on_the_board() {
    for ed in [MODERN, CLASSIC] {
        let mut g = Table::new(ed, 2)
            .run(REGENT, 5, 10, 3)
            .gone(LUNAR)
            .hand(0, "40")
            .game();
        act(&mut g, "play 40");
        act(&mut g, "found 40");
        if ed == MODERN {
            act(&mut g, "double 41");
        }
        assert_eq!(
            legal(&g),
            [
                "hq Eagle",
                "hq Kingdom",
                "hq Lion",
                "hq Atlas",
                "hq Comet",
                "hq Summit"
            ]
        );
        assert!(reject(&mut g, "hq Regent")
            .to_string()
            .contains("already on the board"));
        assert!(reject(&mut g, "hq Lunar")
            .to_string()
            .contains("never returns"));
        act(&mut g, "hq Summit");
    }
}

#[test]
fn decision_no_founding_once_every_company_has_been_on_the_board() {
    for ed in [MODERN, CLASSIC] {
        let mut g = Table::new(ed, 2)
            .run(REGENT, 5, 10, 3)
            .gone(LUNAR)
            .gone(EAGLE)
            .gone(KINGDOM)
            .gone(LION)
            .gone(ATLAS)
            .gone(COMET)
            .gone(SUMMIT)
            .money(0, 0)
            .hand(0, "40")
            .game();
        let e = reject(&mut g, "play 40");
        assert!(
            e.to_string().contains("acquired companies never return"),
            "{e}"
        );
    }
}

#[test]
fn decision_founding_needs_enough_pieces_in_the_supply() {
    // Modern: 4 pieces. 88 on the board leaves exactly 4: founding is possible and places the
    // last piece.
    let stacks: Vec<(u8, u8)> = (1..=8).map(|s| (s, 11)).collect();
    let mut g = Table::modern(2)
        .company(REGENT, 50, &stacks)
        .hand(0, "40")
        .game();
    assert_eq!(g.pieces(), 4);
    act(&mut g, "play 40");
    act(&mut g, "found 40");
    act(&mut g, "double 40");
    act(&mut g, "hq Lunar");
    assert_eq!(g.pieces(), 0);
    // With 3 left the card cannot found.
    let mut stacks3 = stacks.clone();
    stacks3.push((9, 1));
    let mut g = Table::modern(2)
        .company(REGENT, 50, &stacks3)
        .money(0, 0)
        .hand(0, "40")
        .game();
    assert_eq!(g.pieces(), 3);
    let e = reject(&mut g, "play 40");
    assert!(
        e.to_string()
            .contains("founding needs more building pieces"),
        "{e}"
    );
    // Classic founds with 3 pieces, not with 2.
    let mut g = Table::classic(2)
        .company(REGENT, 50, &stacks3)
        .hand(0, "40")
        .game();
    act(&mut g, "play 40");
    act(&mut g, "found 40");
    act(&mut g, "hq Lunar");
    assert_eq!(g.pieces(), 0);
    stacks3.push((10, 1));
    let mut g = Table::classic(2)
        .company(REGENT, 50, &stacks3)
        .money(0, 0)
        .hand(0, "40")
        .game();
    assert_eq!(g.pieces(), 2);
    reject(&mut g, "play 40");
}
