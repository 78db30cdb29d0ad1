//! Step 5: buying shares and towers.

use super::*;

#[test]
fn up_to_two_shares_of_any_company_with_supply() {
    for ed in [MODERN, CLASSIC] {
        let mut g = invest_table(ed).game();
        act(&mut g, "play 13");
        assert_eq!(g.player(0).money, 66);
        assert_eq!(legal(&g), ["share Regent", "share Lunar", "tower", "end"]);
        // Not without supply; not in a company not on the board.
        let e = reject(&mut g, "share Atlas");
        assert!(e.to_string().contains("no shares left"), "{e}");
        let e = reject(&mut g, "share Summit");
        assert!(e.to_string().contains("not on the board"), "{e}");
        let ev = act(&mut g, "share Lunar");
        assert_eq!(
            ev,
            vec![Event::ShareBought {
                seat: 0,
                company: LUNAR,
                cost: 20
            }]
        );
        act(&mut g, "share Regent");
        // Regent is at 6 after the expansion: 6 in both editions.
        assert_eq!(g.player(0).money, 66 - 20 - 6);
        let spc = ed.rules().shares_per_company;
        assert_eq!(g.company(LUNAR).supply, spc - 1);
        assert_eq!(g.player(0).shares[REGENT.idx()], 1);
        // A third share is one too many; the tower is still possible.
        let e = reject(&mut g, "share Regent");
        assert_eq!(e, RuleError::ShareLimit);
        assert!(e.to_string().contains("at most 2 shares"), "{e}");
        assert_eq!(legal(&g), ["tower", "end"]);
        act(&mut g, "end");
        assert_eq!(g.current(), 1);
    }
}

#[test]
fn share_price_modern_current_price_classic_at_least_5() {
    for (ed, cost) in [(MODERN, 4u32), (CLASSIC, 5)] {
        let mut g = Table::new(ed, 2)
            .run(REGENT, 3, 10, 3)
            .run(LUNAR, 12, 30, 3)
            .hand(0, "13")
            .game();
        act(&mut g, "play 13");
        let m = g.player(0).money;
        let ev = act(&mut g, "share Regent");
        assert_eq!(
            ev,
            vec![Event::ShareBought {
                seat: 0,
                company: REGENT,
                cost
            }]
        );
        act(&mut g, "share Lunar");
        assert_eq!(g.player(0).money, m - cost - 12);
    }
}

#[test]
fn money_may_never_go_below_zero_in_step_5() {
    for ed in [MODERN, CLASSIC] {
        let mut g = invest_table(ed).money(0, 0).game();
        act(&mut g, "play 13");
        assert_eq!(g.player(0).money, 6);
        assert_eq!(legal(&g), ["share Regent", "end"]);
        let e = reject(&mut g, "share Lunar");
        assert!(matches!(e, RuleError::CannotAfford { cost: 20, .. }), "{e}");
        let e = reject(&mut g, "tower");
        assert!(matches!(e, RuleError::CannotAfford { cost: 15, .. }), "{e}");
    }
}

#[test]
fn tower_on_the_company_of_this_turn_15_then_30_at_most_2() {
    for ed in [MODERN, CLASSIC] {
        let name = ed.rules().tower_name;
        // First tower 15, on the company expanded this turn (not another).
        let mut g = invest_table(ed).game();
        reject(&mut g, "tower");
        act(&mut g, "play 13");
        // Shares and the tower in any order.
        let ev = act(&mut g, "tower");
        assert_eq!(
            ev,
            vec![Event::TowerPlaced {
                seat: 0,
                company: REGENT,
                cost: 15
            }]
        );
        assert_eq!(g.company(REGENT).tower, Some(0));
        assert_eq!(g.company(LUNAR).tower, None);
        assert_eq!(g.player(0).towers_placed, 1);
        let e = reject(&mut g, "tower");
        assert!(e.to_string().contains(&format!("'s {name}")), "{e}");
        act(&mut g, "share Regent");
        act(&mut g, "share Lunar");
        // Second tower 30.
        let mut g = invest_table(ed).run(COMET, 9, 60, 2).tower(COMET, 0).game();
        act(&mut g, "play 13");
        let ev = act(&mut g, "tower");
        assert!(matches!(ev[0], Event::TowerPlaced { cost: 30, .. }));
        assert_eq!(g.player(0).towers_placed, 2);
        // No third.
        let mut g = invest_table(ed)
            .run(COMET, 9, 60, 2)
            .tower(COMET, 0)
            .towers_placed(0, 2)
            .game();
        act(&mut g, "play 13");
        let e = reject(&mut g, "tower");
        assert_eq!(e, RuleError::NoTowerLeft(name));
        assert!(
            e.to_string().contains(&format!("both of your {name}s")),
            "{e}"
        );
        // Another player's tower already stands on the company.
        let mut g = invest_table(ed).tower(REGENT, 2).game();
        act(&mut g, "play 13");
        assert!(!is_legal(&g, "tower"));
        reject(&mut g, "tower");
    }
}

#[test]
fn classic_owner_flag_notation() {
    assert_eq!(parse("flag"), Action::Tower);
    assert_eq!(CLASSIC.rules().tower_name, "owner flag");
    assert_eq!(MODERN.rules().tower_name, "radio tower");
}
