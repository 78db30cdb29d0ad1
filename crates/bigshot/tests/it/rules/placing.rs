//! Placing the won cubes and resolving lots (the resolution table).

use super::*;

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
