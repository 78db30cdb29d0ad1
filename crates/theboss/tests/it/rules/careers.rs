//! The turn and the career ladder: set-up, the business steps, offices and executive posts,
//! moving up and down, Financial Disaster.

use super::*;

/// Gives `seat` the experience cards an executive post asks for.
fn executive_ready(p: &mut boardroom_theboss::Position, seat: usize) {
    give_exp(p, seat, COL);
    give_exp(p, seat, COL + 1);
    give_exp(p, seat, DM);
    give_exp(p, seat, OS);
}

#[test]
fn setup_gives_cash_decks_and_a_first_player_from_the_seed() {
    let g = TheBoss::new_game(&Config::new(4), 5).unwrap();
    for s in 0..4 {
        assert_eq!(g.player(s).cash, 500);
        assert_eq!(g.player(s).shares, 0);
        assert_eq!(g.player(s).job, None);
    }
    assert_eq!(g.experience_left(), 48);
    assert_eq!(g.fate_left(), 56);
    assert_eq!(g.bank_shares(), 1500);
    // the first player comes from the seed, and every seat can be drawn.
    let firsts: SeatSet = (0..40)
        .map(|seed| {
            TheBoss::new_game(&Config::new(4), seed)
                .unwrap()
                .first_player()
        })
        .collect();
    assert_eq!(firsts.len(), 4);
    assert_eq!(g.turn().seat, g.first_player());
    assert!(TheBoss::new_game(&Config::new(5), 1).is_err());
    assert!(TheBoss::new_game(&Config::new(1), 1).is_err());
}

#[test]
fn unemployed_turn_is_business_then_draw() {
    let mut g = fresh(3);
    assert_eq!(g.turn().step, Step::Business);
    refused(&g, 0, "collect", "§5.2");
    refused(&g, 0, "buy 10", "§5.2");
    refused(&g, 0, "draw experience", "§5.2");
    refused(&g, 1, "end", "§5");
    play(&mut g, 0, "end");
    assert_eq!(g.turn().step, Step::Draw);
    refused(&g, 0, "open", "§5.2");
    play(&mut g, 0, "draw experience");
    assert_eq!(g.player(0).experience.len(), 1);
    assert_eq!(g.turn().seat, 1);
}

#[test]
fn office_steps_go_strictly_forward_and_salary_is_paid() {
    let mut g = setup(3, |p| {
        give_exp(p, 0, HS);
        turn_of(p, 0, Some(1), 0);
    });
    refused(&g, 0, "card", "§5.2");
    play(&mut g, 0, "collect");
    assert_eq!(g.player(0).cash, 700);
    refused(&g, 0, "collect", "§5.2");
    play(&mut g, 0, "buy 10");
    assert_eq!(
        (g.player(0).cash, g.player(0).shares, g.bank_shares()),
        (500, 10, 1490)
    );
    // The purchase step is passed: no second purchase, and no going back to salary.
    refused(&g, 0, "buy 10", "§5.2");
    refused(&g, 0, "collect", "§5.2");
}

#[test]
fn skipping_a_step_forfeits_it() {
    let mut g = setup(3, |p| turn_of(p, 0, Some(2), 0));
    play(&mut g, 0, "buy 10");
    refused(&g, 0, "collect", "§5.2");
    assert_eq!(g.player(0).cash, 300);
}

#[test]
fn r8_stock_budget_is_the_salary_even_without_collecting() {
    let g = setup(3, |p| {
        p.players[0].cash = 2000;
        turn_of(p, 0, Some(1), 0);
    });
    // Office Boy: $200 salary buys at most 10 shares.
    let e = refused(&g, 0, "buy 20", "R-8");
    assert!(e.reason_text().contains("salary"), "{e}");
    refused(&g, 0, "buy 15", "§5.2");
    refused(&g, 0, "buy 0", "§5.2");
    let mut h = g.clone();
    play(&mut h, 0, "buy 10");
    // Free cash also limits the purchase.
    let g = setup(3, |p| {
        p.players[0].cash = 100;
        turn_of(p, 0, Some(1), 0);
    });
    refused(&g, 0, "buy 10", "§5.2");
}

#[test]
fn executive_turn_takes_a_card_at_most_two_per_number() {
    let mut g = setup(3, |p| {
        give_shares(p, 0, 100);
        turn_of(p, 0, Some(5), 0);
    });
    play(&mut g, 0, "collect");
    assert_eq!(g.player(0).cash, 1100);
    play(&mut g, 0, "card");
    assert_eq!(g.owned_of_number(0, 5), 1);
    refused(&g, 0, "card", "§5.2");
    let g = setup(3, |p| {
        give_exec(p, 0, X5);
        give_exec(p, 0, X5 + 1);
        turn_of(p, 0, Some(5), 0);
    });
    refused(&g, 0, "card", "§4");
}

#[test]
fn r5_experience_must_be_met_at_the_start_of_the_turn() {
    // Seat 0 had HS at the start of the turn: may move to Office Boy.
    let mut g = setup(3, |p| {
        give_exp(p, 0, HS);
        turn_of(p, 0, None, 0b1);
    });
    play(&mut g, 0, "move 1");
    assert_eq!(g.player(0).job, Some(1));
    // one move per turn.
    refused(&g, 0, "move 2", "R-10");
    // Seat 0 buys HS during the turn: it counts only from the next turn.
    let mut g = setup(3, |p| {
        give_exp(p, 1, HS);
        turn_of(p, 0, None, 0);
    });
    play(&mut g, 0, "offer 1 give $50 take HS#1");
    let id = g.offers()[0].id;
    play(&mut g, 1, &format!("accept {id}"));
    assert!(g.player(0).experience.contains(&HS));
    refused(&g, 0, "move 1", "R-5");
}

#[test]
fn chairs_limit_the_offices() {
    let g = setup(4, |p| {
        for s in 1..4 {
            p.players[s].job = Some(1);
        }
        give_exp(p, 0, HS);
        turn_of(p, 0, None, 0b1);
    });
    let e = refused(&g, 0, "move 1", "§5.3");
    assert!(e.reason_text().contains("chair"), "{e}");
}

#[test]
fn r12_no_voluntary_move_down() {
    let g = setup(3, |p| {
        give_exp(p, 0, HS);
        give_exp(p, 0, OB);
        turn_of(p, 0, Some(2), 0b11);
    });
    refused(&g, 0, "move 1", "R-12");
    let g = setup(3, |p| {
        give_exp(p, 0, HS);
        give_shares(p, 0, 100);
        turn_of(p, 0, Some(5), 0xff);
    });
    refused(&g, 0, "move 1", "R-12");
}

#[test]
fn moving_to_an_executive_post_needs_job_available_shares_and_experience() {
    let mut g = setup(3, |p| {
        executive_ready(p, 0);
        give_shares(p, 0, 300);
        give_fate(p, 0, JA8, Some(1));
        turn_of(p, 0, Some(4), 0xff);
    });
    refused(&g, 0, "move 7", "§6");
    play(&mut g, 0, "move 8");
    assert_eq!(g.player(0).job, Some(8));
    assert!(g.player(0).fate.is_none());
    assert!(g.fate_discards().contains(&JA8));
    // Too few shares.
    let g = setup(3, |p| {
        executive_ready(p, 0);
        give_shares(p, 0, 290);
        give_fate(p, 0, JA8, Some(1));
        turn_of(p, 0, Some(4), 0xff);
    });
    refused(&g, 0, "move 8", "§5.3");
    // A Job Available card got this turn is not usable yet.
    let g = setup(3, |p| {
        executive_ready(p, 0);
        give_shares(p, 0, 300);
        give_fate(p, 0, JA8, None);
        turn_of(p, 0, Some(4), 0xff);
        p.turn.step = Step::Business;
    });
    refused(&g, 0, "move 8", "§6");
}

#[test]
fn financial_disaster_pay_or_lose_turns() {
    // Pay.
    let mut g = setup(2, |p| {
        p.fate_deck.retain(|&c| c != FD200);
        p.fate_deck.push(FD200);
        turn_of(p, 0, None, 0);
    });
    play(&mut g, 0, "end");
    play(&mut g, 0, "draw fate");
    assert_eq!(g.pending_disaster(), Some(FD200));
    assert_eq!(g.must_act(), SeatSet::single(0));
    refused(&g, 0, "end", "§5.4");
    play(&mut g, 0, "pay");
    assert_eq!(g.player(0).cash, 300);
    assert_eq!(g.turn().seat, 1);
    // Cannot pay: must lose turns; then skipped turns, then the card is discarded.
    let mut g = setup(2, |p| {
        p.fate_deck.retain(|&c| c != FD600);
        p.fate_deck.push(FD600);
        turn_of(p, 0, None, 0);
    });
    play(&mut g, 0, "end");
    play(&mut g, 0, "draw fate");
    refused(&g, 0, "pay", "§5.4");
    play(&mut g, 0, "lose");
    assert_eq!(g.player(0).lost_turns, 2);
    assert!(!g.able_to_deal(0));
    for _ in 0..2 {
        assert_eq!(g.turn().seat, 1);
        play(&mut g, 1, "end");
        play(&mut g, 1, "draw experience");
    }
    // Seat 0 lost two turns; seat 1 plays again, then seat 0 returns with the card discarded.
    assert_eq!(g.turn().seat, 1);
    assert_eq!(g.player(0).lost_turns, 0);
    play(&mut g, 1, "end");
    play(&mut g, 1, "draw experience");
    assert_eq!(g.turn().seat, 0);
    assert_eq!(g.player(0).disaster, None);
    assert!(g.fate_discards().contains(&FD600));
}

#[test]
fn r14_players_losing_turns_may_vote_but_not_deal() {
    let g = setup(3, |p| {
        p.players[2].lost_turns = 1;
        p.fate_deck.retain(|&c| c != FD200);
        p.players[2].disaster = Some(FD200);
        turn_of(p, 0, None, 0);
        p.turn.floor = true;
    });
    refused(&g, 2, "offer 1 give $10", "§9.1");
    refused(&g, 0, "offer 2 give $10", "§9.2");
}

/// §5.4: only turns still to lose block dealing. Once the last lost turn has gone by, the
/// Financial Disaster card still lies on the player's space until their next turn, and the
/// player deals, answers, bids, auctions, shows and settles like anyone else.
#[test]
fn s5_4_a_served_financial_disaster_does_not_block_dealing() {
    let mut g = setup(3, |p| {
        p.players[2].lost_turns = 0;
        p.fate_deck.retain(|&c| c != FD200);
        p.players[2].disaster = Some(FD200);
        give_shares(p, 2, 20);
        give_fate(p, 2, BON200, None);
        turn_of(p, 0, None, 0);
    });
    assert!(g.able_to_deal(2));
    play(&mut g, 0, "offer 2 give $10 take 10sh");
    assert!(g.to_act().contains(2), "the receiver may answer");
    let id = g.offers()[0].id;
    play(&mut g, 2, &format!("accept {id}"));
    assert_eq!(g.player(2).shares, 10);
    play(&mut g, 2, "show 1");
    play(&mut g, 2, "offer 1 give $10");
    play(&mut g, 2, "auction 10sh 10");
    assert_eq!(g.auction().unwrap().bidders, vec![0, 1]);
    play(&mut g, 0, "pass");
    play(&mut g, 1, "pass");
    play(&mut g, 0, "auction 10sh 10");
    assert_eq!(g.auction().unwrap().bidders, vec![1, 2], "a bidder too");
    play(&mut g, 1, "pass");
    play(&mut g, 2, "bid 10");
    assert_eq!(g.player(2).shares, 20);
}

#[test]
fn bad_input_in_the_wrong_window_is_refused() {
    let mut g = setup(2, |p| {
        give_fate(p, 0, JA5, Some(1));
        turn_of(p, 0, None, 0);
    });
    refused(&g, 0, "bid 10", "§9.6");
    refused(&g, 0, "vote for", "§7");
    refused(&g, 0, "pay", "§5.4");
    refused(&g, 0, "stop", "§7");
    play(&mut g, 0, "end");
    // In the mandatory auction only bids and passes.
    refused(&g, 1, "offer 0 give $10", "§9.1");
    refused(&g, 0, "draw fate", "§9.1");
    refused(&g, 1, "bid 700", "§9.6");
    assert!(g.parse_action("offer 1 give $ten").is_err());
    assert!(g.parse_action("jump").is_err());
    assert!(
        g.parse_action("offer 1 give COL#1").is_err(),
        "card 1 is an HS card"
    );
}

#[test]
fn r11_a_returning_fired_player_may_take_any_qualifying_office() {
    let mut g = setup(3, |p| {
        give_exp(p, 0, HS);
        give_exp(p, 0, OB);
        give_exp(p, 0, COL);
        give_exp(p, 0, HC);
        turn_of(p, 0, None, 0b111);
    });
    // Qualifies for 1, 2 and 3; chooses 2.
    play(&mut g, 0, "move 2");
    assert_eq!(g.player(0).job, Some(2));
}

#[test]
fn an_unemployed_player_may_move_straight_to_an_executive_post() {
    let mut g = setup(3, |p| {
        executive_ready(p, 0);
        give_shares(p, 0, 100);
        give_fate(p, 0, JA5, Some(1));
        turn_of(p, 0, None, 0xff);
    });
    play(&mut g, 0, "move 5");
    assert_eq!(g.player(0).job, Some(5));
}

#[test]
fn executives_move_down_among_executive_posts() {
    let mut g = setup(3, |p| {
        executive_ready(p, 0);
        give_shares(p, 0, 300);
        give_fate(p, 0, JA5, Some(1));
        turn_of(p, 0, Some(8), 0xff);
    });
    play(&mut g, 0, "move 5");
    assert_eq!(g.player(0).job, Some(5));
    assert!(g.has_free_chair(8));
}

#[test]
fn r13_selling_experience_or_stock_never_demotes() {
    let mut g = setup(2, |p| {
        give_exp(p, 0, HS);
        turn_of(p, 0, None, 0b1);
    });
    play(&mut g, 0, "move 1");
    play(&mut g, 0, "offer 1 give HS#1 take $10");
    let id = g.offers()[0].id;
    play(&mut g, 1, &format!("accept {id}"));
    assert_eq!(g.player(0).job, Some(1));
}

#[test]
fn r15_a_card_bought_in_another_turn_is_usable_in_the_next_own_business() {
    let mut g = setup(2, |p| {
        give_fate(p, 1, BON200, None);
        turn_of(p, 0, None, 0);
    });
    play(&mut g, 0, "offer 1 give $50 take fate");
    let id = g.offers()[0].id;
    play(&mut g, 1, &format!("accept {id}"));
    refused(&g, 0, "use", "R-15");
    play(&mut g, 0, "end");
    play(&mut g, 0, "draw experience");
    // Seat 1's turn, then seat 0's next business: the card is usable.
    play(&mut g, 1, "end");
    play(&mut g, 1, "draw experience");
    assert_eq!(g.turn().seat, 0);
    play(&mut g, 0, "use");
    assert_eq!(g.player(0).cash, 650);
}
