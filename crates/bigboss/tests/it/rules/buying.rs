//! Buying cards (row, deck, level stack), the duty to buy or play, passing and selling, and the
//! end of the game when everyone passes.

use super::*;

#[test]
fn buying_from_the_row_refills_it_from_the_deck() {
    let mut g = Table::modern(2)
        .row(&[1, 2, 3, 4, 5, 6])
        .deck("7 8 9")
        .game();
    let ev = act(&mut g, "buy 3");
    assert_eq!(
        ev[0],
        Event::BoughtFromRow {
            seat: 0,
            card: Card::Industry(3),
            refill: Some(Card::Industry(7))
        }
    );
    assert_eq!(g.row(), [1, 2, 7, 4, 5, 6]);
    assert_eq!(g.deck_len(), 2);
    assert_eq!(g.player(0).money, 35);
    assert!(g.player(0).hand.contains(Card::Industry(3)));
    // Buying is the whole turn.
    assert_eq!(g.current(), 1);
    assert_eq!(g.phase(), Phase::Turn);
    // A card bought face up is public.
    let obs = g.observe(Viewer::Seat(1));
    assert_eq!(obs.players[0].known, [Card::Industry(3)]);
    let e = reject(&mut g, "buy 3");
    assert_eq!(e, RuleError::NotInRow(3));
}

#[test]
fn decision_row_shrinks_once_the_deck_is_empty() {
    let mut g = Table::modern(2)
        .row(&[1, 2, 3, 4, 5, 6])
        .deck("")
        .level_stack(0)
        .game();
    let ev = act(&mut g, "buy 3");
    assert_eq!(
        ev[0],
        Event::BoughtFromRow {
            seat: 0,
            card: Card::Industry(3),
            refill: None
        }
    );
    assert_eq!(g.row(), [1, 2, 4, 5, 6]);
    assert_eq!(reject(&mut g, "buy deck"), RuleError::DeckEmpty);
    act(&mut g, "buy 6");
    assert_eq!(g.row(), [1, 2, 4, 5]);
}

#[test]
fn decision_no_buying_once_row_deck_and_stack_are_empty() {
    let mut g = Table::modern(2)
        .row(&[])
        .deck("")
        .level_stack(0)
        .money(0, 100)
        .game();
    assert_eq!(reject(&mut g, "buy deck"), RuleError::DeckEmpty);
    assert_eq!(reject(&mut g, "buy 5"), RuleError::NotInRow(5));
    assert_eq!(reject(&mut g, "buy level"), RuleError::LevelStackEmpty);
    // Neither buying nor playing is possible: passing is.
    assert_eq!(legal(&g), ["pass"]);
    act(&mut g, "pass");
    // The level stack alone still allows buying.
    let mut g = Table::modern(2).row(&[]).deck("").level_stack(1).game();
    assert_eq!(legal(&g), ["buy level"]);
    act(&mut g, "buy level");
    assert_eq!(g.level_stack(), 0);
}

#[test]
fn buying_from_the_deck_is_seen_by_the_buyer_only() {
    let mut g = Table::modern(3).deck("9 8").game();
    let ev = act(&mut g, "buy deck");
    let bought = Event::BoughtFromDeck {
        seat: 0,
        card: Some(Card::Industry(9)),
    };
    assert_eq!(ev[0], bought);
    assert!(g.player(0).hand.contains(Card::Industry(9)));
    assert_eq!(g.player(0).money, 35);
    assert_eq!(g.deck_len(), 1);
    assert_eq!(BigBoss::redact(&bought, Viewer::Seat(0)), bought);
    let hidden = Event::BoughtFromDeck {
        seat: 0,
        card: None,
    };
    assert_eq!(BigBoss::redact(&bought, Viewer::Seat(1)), hidden);
    assert_eq!(BigBoss::redact(&bought, Viewer::Spectator), hidden);
    // Not known to the others.
    assert!(g.observe(Viewer::Seat(1)).players[0].known.is_empty());
}

#[test]
fn buying_a_level_card_costs_10_in_modern() {
    let mut g = Table::modern(2).game();
    assert_eq!(g.level_stack(), 18);
    let ev = act(&mut g, "buy level");
    assert_eq!(ev[0], Event::BoughtLevel { seat: 0 });
    assert_eq!(g.player(0).money, 30);
    assert_eq!(g.player(0).hand.levels[0], 1);
    assert_eq!(g.level_stack(), 17);
    // Level cards in hand are public in Modern (bought face up).
    assert_eq!(g.observe(Viewer::Seat(1)).players[0].level_cards, Some(1));
}

#[test]
fn cannot_buy_without_the_money() {
    let mut g = Table::modern(2).money(0, 9).game();
    let e = reject(&mut g, "buy level");
    assert_eq!(
        e,
        RuleError::CannotAfford {
            what: boardroom_i18n::Message::new("big-boss-what-level"),
            cost: 10,
            money: 9
        }
    );
    assert!(e.to_string().contains("money may never go below 0"), "{e}");
    act(&mut g, "buy deck");
    assert_eq!(g.player(0).money, 4);
    let mut g = Table::modern(2).money(0, 4).game();
    let row0 = g.row()[0];
    assert!(matches!(
        reject(&mut g, &format!("buy {row0}")),
        RuleError::CannotAfford { cost: 5, .. }
    ));
    assert!(matches!(
        reject(&mut g, "buy deck"),
        RuleError::CannotAfford { cost: 5, .. }
    ));
    assert_eq!(legal(&g), ["pass"]);
}

#[test]
fn classic_buys_only_from_the_deck_at_5() {
    let mut g = Table::classic(2).deck("L3 12 13").game();
    assert!(g.row().is_empty());
    let e = reject(&mut g, "buy 12");
    assert!(matches!(e, RuleError::NotInEdition(_)));
    assert!(e.to_string().contains("no face-up row"), "{e}");
    let e = reject(&mut g, "buy level");
    assert!(matches!(e, RuleError::NotInEdition(_)));
    assert_eq!(legal(&g), ["buy deck"]);
    act(&mut g, "buy deck");
    assert_eq!(g.player(0).money, 25);
    assert_eq!(
        g.player(0).hand.levels[3],
        1,
        "the top card was the storey-3 card"
    );
    assert_eq!(g.deck_len(), 2);
    let mut g = Table::classic(2).money(0, 4).game();
    assert!(matches!(
        reject(&mut g, "buy deck"),
        RuleError::CannotAfford { cost: 5, .. }
    ));
}

#[test]
fn turns_go_round_the_table_and_played_cards_never_return() {
    let mut g = Table::modern(3)
        .current(2)
        .run(REGENT, 5, 10, 3)
        .hand(2, "13")
        .discard("40 41")
        .game();
    let turn = g.turn();
    act(&mut g, "play 13");
    let ev = act(&mut g, "end");
    assert_eq!(ev, vec![Event::TurnStarted { seat: 0 }]);
    assert_eq!(g.current(), 0);
    assert_eq!(g.turn(), turn + 1);
    // The discard pile is public and its cards are out of the game.
    let obs = g.observe(Viewer::Spectator);
    assert_eq!(obs.discard, cards("13 40 41"));
    assert!(!g.row().contains(&40));
    assert_eq!(reject(&mut g, "buy 40"), RuleError::NotInRow(40));
    assert_eq!(
        reject(&mut g, "play 13"),
        RuleError::NotInHand(Card::Industry(13))
    );
}

#[test]
fn must_buy_or_play_if_able() {
    for ed in [MODERN, CLASSIC] {
        // Able to buy (money, cards to take), holding shares.
        let mut g = Table::new(ed, 2)
            .run(REGENT, 8, 10, 3)
            .shares(0, REGENT, 2)
            .game();
        assert_eq!(reject(&mut g, "pass"), RuleError::MustBuyOrPlay);
        if ed == MODERN {
            assert_eq!(reject(&mut g, "sell Regent"), RuleError::MustBuyOrPlay);
        }
        // Able to play, unable to buy.
        let mut g = Table::new(ed, 2)
            .run(REGENT, 8, 10, 3)
            .shares(0, REGENT, 2)
            .money(0, 0)
            .hand(0, "13")
            .game();
        assert_eq!(legal(&g), ["play 13"]);
        let e = reject(&mut g, "pass");
        assert_eq!(e, RuleError::MustBuyOrPlay);
        assert!(e.to_string().contains("must"), "{e}");
        if ed == MODERN {
            assert_eq!(reject(&mut g, "sell Regent"), RuleError::MustBuyOrPlay);
        }
    }
}

#[test]
fn a_card_that_can_neither_found_nor_expand_cannot_be_played() {
    for ed in [MODERN, CLASSIC] {
        // Card 15 is two spaces from Regent: too close to found, not adjacent.
        let mut g = Table::new(ed, 2)
            .run(REGENT, 8, 10, 3)
            .money(0, 0)
            .hand(0, "15")
            .game();
        let e = reject(&mut g, "play 15");
        assert!(matches!(e, RuleError::Unplayable { .. }), "{e}");
        assert!(e.to_string().contains("3 empty spaces"), "{e}");
        assert_eq!(legal(&g), ["pass"]);
        assert_eq!(
            reject(&mut g, "play 20"),
            RuleError::NotInHand(Card::Industry(20))
        );
    }
}

#[test]
fn modern_sell_and_pass() {
    let mut g = Table::modern(2)
        .run(REGENT, 7, 10, 3)
        .run(LUNAR, 9, 30, 3)
        .shares(0, REGENT, 2)
        .shares(0, LUNAR, 1)
        .shares(1, REGENT, 1)
        .money(0, 0)
        .hand(0, "15")
        .game();
    assert_eq!(legal(&g), ["sell Regent", "sell Lunar", "pass"]);
    let ev = act(&mut g, "sell Regent");
    assert_eq!(
        ev,
        vec![Event::ShareSold {
            seat: 0,
            company: REGENT,
            amount: 7
        }]
    );
    // Sold shares return to the supply at the current price.
    assert_eq!(g.player(0).money, 7);
    assert_eq!(g.player(0).shares[REGENT.idx()], 1);
    assert_eq!(g.company(REGENT).supply, 12 - 2);
    assert_eq!(g.phase(), Phase::Selling);
    // After selling only selling and passing, even though a card is affordable now.
    let e = reject(&mut g, "buy deck");
    assert!(matches!(e, RuleError::WrongStep { .. }), "{e}");
    assert!(e.to_string().contains("only sell"), "{e}");
    assert_eq!(legal(&g), ["sell Regent", "sell Lunar", "pass"]);
    act(&mut g, "sell Regent");
    act(&mut g, "sell Lunar");
    assert_eq!(g.player(0).money, 7 + 7 + 9);
    assert_eq!(legal(&g), ["pass"]);
    let e = reject(&mut g, "sell Regent");
    assert!(e.to_string().contains("no share"), "{e}");
    let ev = act(&mut g, "pass");
    assert_eq!(ev[0], Event::Passed { seat: 0 });
    assert_eq!(g.passes(), 1);
    assert_eq!(g.current(), 1);
    // The sold shares can be bought again.
    assert_eq!(g.company(REGENT).supply, 11);
    assert_eq!(g.company(LUNAR).supply, 12);
}

#[test]
fn modern_towers_cannot_be_sold() {
    let mut g = Table::modern(2)
        .run(REGENT, 7, 10, 3)
        .tower(REGENT, 0)
        .money(0, 0)
        .game();
    assert_eq!(legal(&g), ["pass"]);
    let e = reject(&mut g, "sell Regent");
    assert!(e.to_string().contains("towers cannot be sold"), "{e}");
}

#[test]
fn classic_has_no_selling() {
    let mut g = Table::classic(2)
        .run(REGENT, 7, 10, 3)
        .shares(0, REGENT, 2)
        .money(0, 0)
        .game();
    assert_eq!(legal(&g), ["pass"]);
    let e = reject(&mut g, "sell Regent");
    assert!(matches!(e, RuleError::NotInEdition(_)));
    assert!(e.to_string().contains("never be sold"), "{e}");
    act(&mut g, "pass");
    assert_eq!(g.player(0).shares[REGENT.idx()], 2);
    assert_eq!(g.passes(), 1);
}

#[test]
fn everyone_passing_in_a_row_ends_the_game() {
    for ed in [MODERN, CLASSIC] {
        let mut g = Table::new(ed, 3).all_money(0).game();
        act(&mut g, "pass");
        act(&mut g, "pass");
        assert_eq!(g.passes(), 2);
        assert!(!g.is_over());
        let ev = act(&mut g, "pass");
        assert_eq!(
            ev.last(),
            Some(&Event::GameOver {
                reason: EndReason::AllPassed
            })
        );
        assert!(g.is_over());
        assert!(g.to_act().is_empty());
        assert_eq!(
            g.phase(),
            Phase::Over {
                reason: EndReason::AllPassed
            }
        );
        assert_eq!(reject_by(&mut g, 0, "pass"), RuleError::GameOver);
        assert!(g.outcome().is_some());
    }
}

#[test]
fn a_buy_or_play_breaks_the_row_of_passes() {
    let mut g = Table::modern(3).all_money(0).money(1, 5).game();
    act(&mut g, "pass");
    assert_eq!(g.passes(), 1);
    act(&mut g, "buy deck");
    assert_eq!(g.passes(), 0);
    act(&mut g, "pass");
    act(&mut g, "pass");
    assert_eq!(g.passes(), 2);
    assert!(!g.is_over());
}

#[test]
fn decision_sell_and_pass_counts_as_a_pass_even_if_the_sale_would_allow_buying() {
    let mut g = Table::modern(2)
        .run(REGENT, 10, 10, 3)
        .shares(0, REGENT, 1)
        .all_money(0)
        .game();
    act(&mut g, "sell Regent");
    assert_eq!(g.player(0).money, 10);
    act(&mut g, "pass");
    assert_eq!(g.passes(), 1);
    act(&mut g, "pass");
    assert_eq!(
        g.phase(),
        Phase::Over {
            reason: EndReason::AllPassed
        }
    );
}
