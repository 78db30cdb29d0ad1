//! The rulebook's worked examples, played out move by move.

use super::*;

#[test]
fn example_merger_on_space_46() {
    let mut g = merger_46_table().game();
    let ev = act(&mut g, "play 46");
    assert_eq!(
        ev,
        vec![Event::CardPlayed {
            seat: 0,
            card: Card::Industry(46)
        }]
    );
    assert_eq!(
        g.phase(),
        Phase::ChooseJoin {
            space: 46,
            left: REGENT,
            right: LUNAR
        }
    );
    assert_eq!(legal(&g), ["join Regent", "join Lunar"]);
    let ev = act(&mut g, "join Lunar");
    assert_eq!(
        ev,
        vec![
            Event::PiecePlaced {
                space: 46,
                company: LUNAR,
                level: 1
            },
            Event::PriceChanged {
                company: LUNAR,
                from: 11,
                to: 12
            },
            Event::Payout {
                seat: 1,
                company: LUNAR,
                shares: 2,
                amount: 24
            },
            Event::Payout {
                seat: 2,
                company: LUNAR,
                shares: 4,
                amount: 48
            },
            Event::Merged {
                survivor: REGENT,
                acquired: LUNAR
            },
            Event::PriceChanged {
                company: REGENT,
                from: 21,
                to: 33
            },
            Event::Earned {
                seat: 0,
                company: REGENT,
                amount: 33
            },
        ]
    );
    // Money: the player earns 33; every Lunar share is paid 12, a tower counts 3 shares.
    let money: Vec<u32> = (0..4).map(|s| g.player(s).money).collect();
    assert_eq!(money, [40 + 33, 40 + 24, 40 + 48, 40]);
    assert_eq!(g.company(REGENT).price, 33);
    // Lunar is gone: shares, tower and headquarters leave; its last price is history.
    let lunar = g.company(LUNAR);
    assert_eq!(lunar.status, Status::Gone);
    assert_eq!((lunar.price, lunar.supply, lunar.tower), (0, 0, None));
    for s in 0..4 {
        assert_eq!(g.player(s).shares[LUNAR.idx()], 0);
    }
    // The removed tower still counts as placed.
    assert_eq!(g.player(2).towers_placed, 1);
    // Lunar's buildings now belong to Regent; Regent keeps its headquarters and supply.
    for s in 40..=49 {
        assert_eq!(owner(&g, s), Some(REGENT), "space {s}");
    }
    assert_eq!(g.board().height(46), 1);
    assert_eq!(g.company(REGENT).hq, 40);
    assert_eq!(g.company(REGENT).supply, 10);
    // Decision: the survivor is the company expanded this turn: tower and shares may follow.
    assert_eq!(
        g.phase(),
        Phase::Invest {
            company: REGENT,
            shares: 0
        }
    );
    act(&mut g, "tower");
    assert_eq!(g.company(REGENT).tower, Some(0));
    assert_eq!(g.player(0).money, 73 - 15);
    reject(&mut g, "share Lunar");
    act(&mut g, "end");
    assert!(g.discard().contains(Card::Industry(46)));
    // Lunar can never be founded again.
    assert_eq!(g.current(), 1);
    act(&mut g, "play 10");
    act(&mut g, "found 10");
    act(&mut g, "double 10");
    let hqs = legal(&g);
    assert!(!hqs.contains(&"hq Lunar".to_string()));
    assert!(!hqs.contains(&"hq Regent".to_string()));
    assert_eq!(hqs.len(), 6);
    let e = reject(&mut g, "hq Lunar");
    assert!(e.to_string().contains("never returns"), "{e}");
    let e = reject(&mut g, "hq Regent");
    assert!(e.to_string().contains("already on the board"), "{e}");
    act(&mut g, "hq Eagle");
    assert_eq!(g.company(EAGLE).price, 5);
}

#[test]
fn example_merger_joining_the_other_side_gives_the_same_result() {
    // Giving the connecting piece to Regent: 22 acquires 11, also 33; Lunar is paid 11.
    let mut g = merger_46_table().game();
    act(&mut g, "play 46");
    act(&mut g, "join Regent");
    assert_eq!(g.company(REGENT).price, 33);
    assert_eq!(g.player(0).money, 73);
    assert_eq!(g.player(1).money, 40 + 22);
    assert_eq!(g.player(2).money, 40 + 44);
    assert_eq!(g.company(LUNAR).status, Status::Gone);
}

#[test]
fn example_final_score_620() {
    let g = Table::modern(2)
        .company(EAGLE, 40, &[(10, 2), (11, 1), (12, 1)])
        .company(KINGDOM, 32, &[(30, 1), (31, 1)])
        .company(LION, 13, &[(50, 1)])
        .money(0, 360)
        .shares(0, EAGLE, 2)
        .tower(EAGLE, 0)
        .shares(0, KINGDOM, 1)
        .shares(0, LION, 1)
        .hand(0, "1 2 3")
        .money(1, 100)
        .over()
        .game();
    let s = g.score(0);
    assert_eq!(
        s,
        ScoreLine {
            money: 360,
            shares: 2 * 40 + 32 + 13,
            towers: 3 * 40,
            cards: 15,
            total: 620,
            towers_placed: 1,
        }
    );
    let out = g.outcome().expect("the game is over");
    assert_eq!(out.scores, [620, 100]);
    assert_eq!(out.winners.iter().collect::<Vec<_>>(), [0]);
}
