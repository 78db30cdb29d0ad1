//! Expanding companies: stacking, extending, level and storey cards, the price cap.

use super::*;

#[test]
fn expanding_by_stacking_raises_the_price_by_the_new_height() {
    for ed in [MODERN, CLASSIC] {
        let mut g = Table::new(ed, 2)
            .company(REGENT, 5, &[(10, 1), (11, 2), (12, 1)])
            .hand(0, "11")
            .game();
        let money = g.player(0).money;
        let ev = act(&mut g, "play 11");
        assert_eq!(
            ev[1..],
            [
                Event::PiecePlaced {
                    space: 11,
                    company: REGENT,
                    level: 3
                },
                Event::PriceChanged {
                    company: REGENT,
                    from: 5,
                    to: 8
                },
                Event::Earned {
                    seat: 0,
                    company: REGENT,
                    amount: 8
                }
            ]
        );
        assert_eq!(g.board().height(11), 3);
        assert_eq!(g.player(0).money, money + 8);
        assert_eq!(g.pieces(), 92 - 5);
    }
}

#[test]
fn an_industry_card_stacks_at_any_height() {
    for ed in [MODERN, CLASSIC] {
        let mut g = Table::new(ed, 2)
            .company(REGENT, 20, &[(10, 5), (11, 6)])
            .hand(0, "10 11")
            .game();
        act(&mut g, "play 11");
        assert_eq!(g.board().height(11), 7);
        assert_eq!(g.company(REGENT).price, 27);
    }
}

#[test]
fn expanding_next_to_a_building_places_a_level_1_piece() {
    for ed in [MODERN, CLASSIC] {
        let mut g = Table::new(ed, 2)
            .company(REGENT, 5, &[(10, 1), (11, 2), (12, 1)])
            .hand(0, "9 13")
            .game();
        let money = g.player(0).money;
        let ev = act(&mut g, "play 13");
        assert!(ev.contains(&Event::PiecePlaced {
            space: 13,
            company: REGENT,
            level: 1
        }));
        assert_eq!(owner(&g, 13), Some(REGENT));
        assert_eq!(g.company(REGENT).price, 6);
        assert_eq!(g.player(0).money, money + 6);
    }
}

#[test]
fn price_cap_50_when_expanding() {
    for ed in [MODERN, CLASSIC] {
        let mut g = Table::new(ed, 2)
            .company(REGENT, 49, &[(10, 2), (11, 2)])
            .hand(0, "10")
            .game();
        let money = g.player(0).money;
        let ev = act(&mut g, "play 10");
        assert!(ev.contains(&Event::PriceChanged {
            company: REGENT,
            from: 49,
            to: 50
        }));
        assert_eq!(g.company(REGENT).price, 50);
        assert_eq!(g.player(0).money, money + 50);
        // At the cap the price stays.
        act(&mut g, "end");
        let mut g = Table::new(ed, 2)
            .company(REGENT, 50, &[(10, 2), (11, 2)])
            .hand(0, "12")
            .game();
        act(&mut g, "play 12");
        assert_eq!(g.company(REGENT).price, 50);
    }
}

#[test]
fn modern_level_card_on_height_1_to_4() {
    let mut g = Table::modern(2)
        .company(REGENT, 20, &[(10, 5), (11, 4), (12, 1)])
        .hand(0, "L")
        .game();
    let ev = act(&mut g, "play L");
    assert_eq!(
        ev,
        vec![Event::CardPlayed {
            seat: 0,
            card: Card::Level(0)
        }]
    );
    assert_eq!(g.phase(), Phase::ChooseLevelSpace { kind: 0 });
    assert_eq!(legal(&g), ["at 11", "at 12"]);
    let e = reject(&mut g, "at 10");
    assert!(
        e.to_string().contains("1 to 4 pieces; this one has 5"),
        "{e}"
    );
    reject(&mut g, "at 30");
    let ev = act(&mut g, "at 11");
    assert!(ev.contains(&Event::PiecePlaced {
        space: 11,
        company: REGENT,
        level: 5
    }));
    assert_eq!(g.company(REGENT).price, 25);
    assert_eq!(g.player(0).money, 65);
    assert_eq!(g.discard().levels[0], 1);
}

#[test]
fn modern_level_card_without_a_space_of_height_1_to_4_cannot_be_played() {
    let mut g = Table::modern(2)
        .company(REGENT, 20, &[(10, 5), (11, 6)])
        .money(0, 0)
        .hand(0, "L")
        .game();
    let e = reject(&mut g, "play L");
    assert!(e.to_string().contains("1 to 4 pieces"), "{e}");
    assert_eq!(legal(&g), ["pass"]);
    // No level card in hand; no Classic storey cards in Modern.
    let mut g = Table::modern(2).run(REGENT, 5, 10, 3).game();
    assert_eq!(
        reject(&mut g, "play L"),
        RuleError::NotInHand(Card::Level(0))
    );
    assert_eq!(
        reject(&mut g, "play L3"),
        RuleError::NotInHand(Card::Level(3))
    );
}

#[test]
fn classic_storey_card_goes_on_height_k_minus_1() {
    let base = Table::classic(2)
        .company(REGENT, 20, &[(10, 1), (11, 2), (12, 3), (13, 4)])
        .hand(0, "L2 L3 L4 L5")
        .game();
    for (k, s) in [(2u8, 10u8), (3, 11), (4, 12), (5, 13)] {
        let mut g = base.clone();
        act(&mut g, &format!("play L{k}"));
        assert_eq!(legal(&g), [format!("at {s}")]);
        for other in [10u8, 11, 12, 13, 30] {
            if other != s {
                let e = reject(&mut g, &format!("at {other}"));
                assert!(
                    e.to_string().contains(&if k == 2 {
                        "exactly 1 piece;".to_string()
                    } else {
                        format!("exactly {} pieces", k - 1)
                    }),
                    "{e}"
                );
            }
        }
        let ev = act(&mut g, &format!("at {s}"));
        assert!(ev.contains(&Event::PiecePlaced {
            space: s,
            company: REGENT,
            level: k
        }));
        assert_eq!(g.company(REGENT).price, 20 + k);
        assert_eq!(g.player(0).money, 30 + 20 + k as u32);
    }
    // A storey card with no space of the right height cannot be played; there is no Modern
    // level card in Classic.
    let mut g = Table::classic(2)
        .company(REGENT, 20, &[(10, 1), (11, 3)])
        .money(0, 0)
        .hand(0, "L3 L5")
        .game();
    let e = reject(&mut g, "play L3");
    assert!(
        e.to_string()
            .contains("storey-3 card needs a space with exactly 2 pieces"),
        "{e}"
    );
    reject(&mut g, "play L5");
    assert_eq!(legal(&g), ["pass"]);
    // No Modern level card in Classic: the player is told which level cards they hold.
    let e = reject(&mut g, "play L");
    assert!(matches!(
        e,
        RuleError::LevelNotInHand {
            card: Card::Level(0),
            ..
        }
    ));
    assert_eq!(
        e.to_string(),
        "a level card is not in your hand; your level cards: storey card 3, storey card 5"
    );
}

#[test]
fn a_level_card_not_in_hand_names_the_level_cards_held() {
    let mut g = Table::classic(2)
        .company(REGENT, 20, &[(10, 1), (11, 3)])
        .hand(0, "L2 L4 30")
        .game();
    let e = reject(&mut g, "play L");
    assert_eq!(
        e.to_string(),
        "a level card is not in your hand; your level cards: storey card 2, storey card 4"
    );
    let e = reject(&mut g, "play L5");
    assert_eq!(
        e.to_string(),
        "storey card 5 is not in your hand; your level cards: storey card 2, storey card 4"
    );
    // Holding no level card at all, and industry cards, keep the short message.
    let mut g = Table::classic(2)
        .company(REGENT, 20, &[(10, 1), (11, 3)])
        .hand(0, "30")
        .game();
    assert_eq!(
        reject(&mut g, "play L2"),
        RuleError::NotInHand(Card::Level(2))
    );
    assert_eq!(
        reject(&mut g, "play 31").to_string(),
        "card 31 is not in your hand"
    );
}
