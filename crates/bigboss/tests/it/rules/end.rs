//! The end of the game and the final score.

use super::*;

#[test]
fn the_game_ends_after_the_turn_of_the_last_piece() {
    for ed in [MODERN, CLASSIC] {
        // 91 pieces on the board, one in the supply.
        let mut stacks: Vec<(u8, u8)> = (1..=9).map(|s| (s, 9)).collect();
        stacks.push((10, 10));
        let mut g = Table::new(ed, 2)
            .company(REGENT, 30, &stacks)
            .hand(0, "11")
            .money(0, 100)
            .game();
        assert_eq!(g.pieces(), 1);
        act(&mut g, "play 11");
        assert_eq!(g.pieces(), 0);
        // The player finishes the turn: shares and a tower are still possible.
        assert!(!g.is_over());
        assert_eq!(g.to_act().first(), Some(0));
        act(&mut g, "share Regent");
        act(&mut g, "tower");
        let ev = act(&mut g, "end");
        assert_eq!(
            ev,
            vec![Event::GameOver {
                reason: EndReason::LastPiece
            }]
        );
        assert!(g.is_over());
        assert_eq!(
            g.phase(),
            Phase::Over {
                reason: EndReason::LastPiece
            }
        );
        assert_eq!(reject_by(&mut g, 1, "buy deck"), RuleError::GameOver);
        let out = g.outcome().unwrap();
        assert_eq!(out.scores[0], g.score(0).total);
    }
}

#[test]
fn scoring_cards_in_hand_modern_plus_classic_minus() {
    let m = Table::modern(2)
        .run(REGENT, 10, 10, 3)
        .shares(0, REGENT, 2)
        .money(0, 50)
        .hand(0, "1 2 L L")
        .over()
        .game();
    assert_eq!(
        m.score(0),
        ScoreLine {
            money: 50,
            shares: 20,
            towers: 0,
            cards: 2 * 5 + 2 * 10,
            total: 100,
            towers_placed: 0
        }
    );
    let c = Table::classic(2)
        .run(REGENT, 10, 10, 3)
        .shares(0, REGENT, 2)
        .tower(REGENT, 0)
        .money(0, 50)
        .hand(0, "1 2 L2 L5")
        .over()
        .game();
    assert_eq!(
        c.score(0),
        ScoreLine {
            money: 50,
            shares: 20,
            towers: 30,
            cards: -20,
            total: 80,
            towers_placed: 1
        }
    );
}

#[test]
fn modern_ties_are_broken_by_towers_placed_then_shared() {
    // Seat 1 placed 2 towers (both since removed), seat 0 one: seat 1 wins the tie.
    let g = Table::modern(3)
        .money(0, 100)
        .towers_placed(0, 1)
        .money(1, 100)
        .towers_placed(1, 2)
        .money(2, 99)
        .towers_placed(2, 2)
        .over()
        .game();
    let out = g.outcome().unwrap();
    assert_eq!(out.scores, [100, 100, 99]);
    assert_eq!(out.winners.iter().collect::<Vec<_>>(), [1]);
    // Same towers: the title is shared.
    let g = Table::modern(3)
        .money(0, 100)
        .towers_placed(0, 1)
        .money(1, 100)
        .towers_placed(1, 1)
        .money(2, 10)
        .towers_placed(2, 2)
        .over()
        .game();
    let out = g.outcome().unwrap();
    assert_eq!(out.winners.iter().collect::<Vec<_>>(), [0, 1]);
    assert_eq!(out.reward(0), 0.5);
}

#[test]
fn classic_ties_are_shared() {
    let g = Table::classic(3)
        .money(0, 100)
        .towers_placed(0, 0)
        .money(1, 100)
        .towers_placed(1, 2)
        .money(2, 50)
        .over()
        .game();
    let out = g.outcome().unwrap();
    assert_eq!(out.winners.iter().collect::<Vec<_>>(), [0, 1]);
}

#[test]
fn no_outcome_before_the_end() {
    let g = Table::modern(2).game();
    assert!(g.outcome().is_none());
    assert!(g.observe(Viewer::Spectator).outcome.is_none());
}
