//! Scoring: the rulebook's example, status, who can win, ties, three and two players.

use super::*;

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
