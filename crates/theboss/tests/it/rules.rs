//! Every rule and decision of the rules file, one test (or more) each.

use crate::common;

use boardroom_engine::{Game, SeatSet, Viewer};
use boardroom_theboss::state::{Ending, Step};
use boardroom_theboss::{Config, Event, TheBoss};
use common::*;

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
    assert!(e.reason.contains("salary"), "{e}");
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
    assert!(e.reason.contains("chair"), "{e}");
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

fn executive_ready(p: &mut boardroom_theboss::Position, seat: usize) {
    give_exp(p, seat, COL);
    give_exp(p, seat, COL + 1);
    give_exp(p, seat, DM);
    give_exp(p, seat, OS);
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
    refused(&g, 2, "offer 1 give $10", "§0");
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
fn firing_an_office_holder_and_the_fired_track() {
    let mut g = setup(3, |p| {
        give_fate(p, 0, FIRE200, Some(1));
        p.players[1].job = Some(1);
        turn_of(p, 0, Some(3), 0);
    });
    refused(&g, 0, "fire 2", "§7");
    play(&mut g, 0, "fire 1");
    assert_eq!(g.player(0).cash, 300);
    assert_eq!(g.player(1).cash, 700);
    assert_eq!(g.player(1).job, None);
    assert_eq!(g.player(1).fired, Some(0));
    assert!(!g.able_to_deal(1));
    play(&mut g, 0, "end");
    play(&mut g, 0, "draw experience");
    // Seat 1 skips two turns.
    assert_eq!(g.turn().seat, 2);
    play(&mut g, 2, "end");
    play(&mut g, 2, "draw experience");
    assert_eq!(g.turn().seat, 0);
    play(&mut g, 0, "end");
    play(&mut g, 0, "draw experience");
    assert_eq!(g.turn().seat, 2);
    play(&mut g, 2, "end");
    play(&mut g, 2, "draw experience");
    play(&mut g, 0, "end");
    play(&mut g, 0, "draw experience");
    // Third turn: an Unemployed turn.
    assert_eq!(g.turn().seat, 1);
    assert_eq!(g.player(1).fired, None);
    assert_eq!(g.turn().step, Step::Business);
}

#[test]
fn firing_needs_a_higher_office_and_the_severance() {
    let g = setup(3, |p| {
        give_fate(p, 0, FIRE200, Some(1));
        p.players[1].job = Some(2);
        turn_of(p, 0, Some(2), 0);
    });
    refused(&g, 0, "fire 1", "§7");
    let g = setup(3, |p| {
        give_fate(p, 0, FIRE200, Some(1));
        p.players[1].job = Some(1);
        p.players[0].cash = 100;
        turn_of(p, 0, Some(2), 0);
    });
    refused(&g, 0, "fire 1", "§7");
    // Unemployed players never fire.
    let g = setup(3, |p| {
        give_fate(p, 0, FIRE200, Some(1));
        p.players[1].job = Some(1);
        turn_of(p, 0, None, 0);
    });
    refused(&g, 0, "fire 1", "§7");
}

#[test]
fn meeting_fires_when_for_beats_against() {
    let mut g = meeting_table();
    play(&mut g, 0, "meeting 1");
    assert!(g.meeting().is_some());
    assert!(g.turn().floor, "a meeting opens the floor (R-25)");
    let must = g.must_act();
    assert!(must.contains(2) && must.contains(3) && must.contains(0) && must.contains(1));
    refused(&g, 0, "end", "§9.1");
    refused(&g, 1, "vote against", "§7");
    play(&mut g, 2, "vote for");
    refused(&g, 2, "vote against", "R-18");
    // 100 + 60 + 200 FOR against 150.
    let ev = play(&mut g, 3, "vote for");
    assert!(ev.contains(&Event::Tally {
        for_shares: 360,
        against: 150,
        fired: true
    }));
    assert_eq!(g.player(1).fired, Some(0));
    assert_eq!(g.player(1).cash, 800);
    assert_eq!(g.player(0).cash, 200);
    assert!(g.fate_discards().contains(&FIRE300));
}

#[test]
fn r19_tie_does_not_fire_and_r21_names_each_executive_once() {
    let mut g = setup(4, |p| {
        give_fate(p, 0, FIRE300, Some(1));
        give_shares(p, 0, 100);
        give_shares(p, 1, 150);
        give_shares(p, 2, 50);
        give_shares(p, 3, 200);
        p.players[1].job = Some(6);
        p.players[3].job = Some(7);
        turn_of(p, 0, Some(5), 0);
    });
    play(&mut g, 0, "meeting 1");
    play(&mut g, 2, "vote for");
    let ev = play(&mut g, 3, "vote abstain");
    assert!(ev.contains(&Event::Tally {
        for_shares: 150,
        against: 150,
        fired: false
    }));
    assert_eq!(g.player(1).job, Some(6));
    assert!(g.after_meeting().is_some());
    refused(&g, 0, "meeting 1", "R-21");
    refused(&g, 0, "end", "§7");
    play(&mut g, 0, "stop");
    assert!(g.fate_discards().contains(&FIRE300));
}

#[test]
fn lobbying_closes_when_caller_and_target_pass() {
    let mut g = meeting_table();
    play(&mut g, 0, "meeting 1");
    play(&mut g, 0, "pass");
    assert!(g.meeting().is_some());
    let ev = play(&mut g, 1, "pass");
    // Undeclared voters abstain: 100 against 150.
    assert!(ev.contains(&Event::Tally {
        for_shares: 100,
        against: 150,
        fired: false
    }));
}

#[test]
fn r20_caller_must_afford_the_severance_at_the_tally() {
    let mut g = meeting_table();
    play(&mut g, 0, "meeting 1");
    // The caller sells votes' worth of cash away: buys seat 2's vote for all but $200.
    play(&mut g, 0, "offer 2 give $300 take vote:for");
    let id = g.offers()[0].id;
    play(&mut g, 2, &format!("accept {id}"));
    assert_eq!(g.player(0).cash, 200);
    let ev = play(&mut g, 3, "vote for");
    assert!(ev.contains(&Event::Tally {
        for_shares: 360,
        against: 150,
        fired: false
    }));
    assert_eq!(g.player(1).job, Some(6));
}

#[test]
fn fired_players_may_not_vote() {
    let mut g = setup(4, |p| {
        give_fate(p, 0, FIRE300, Some(1));
        give_shares(p, 0, 100);
        give_shares(p, 1, 150);
        give_shares(p, 2, 60);
        p.players[2].fired = Some(1);
        p.players[1].job = Some(6);
        turn_of(p, 0, Some(5), 0);
    });
    play(&mut g, 0, "meeting 1");
    refused(&g, 2, "vote for", "§7");
}

#[test]
fn r14_players_losing_turns_vote_in_meetings() {
    let mut g = setup(3, |p| {
        give_fate(p, 0, FIRE300, Some(1));
        give_shares(p, 0, 100);
        give_shares(p, 1, 150);
        give_shares(p, 2, 60);
        p.players[2].lost_turns = 1;
        p.fate_deck.retain(|&c| c != FD200);
        p.players[2].disaster = Some(FD200);
        p.players[1].job = Some(6);
        turn_of(p, 0, Some(5), 0);
    });
    play(&mut g, 0, "meeting 1");
    refused(&g, 2, "offer 0 give $10 take vote:for", "§0");
    let ev = play(&mut g, 2, "vote for");
    assert!(ev.contains(&Event::Tally {
        for_shares: 160,
        against: 150,
        fired: true
    }));
}

#[test]
fn mandatory_auction_of_an_unused_job_available_card() {
    let mut g = setup(3, |p| {
        give_fate(p, 0, JA5, Some(1));
        p.players[1].cash = 1000;
        p.players[2].cash = 650;
        turn_of(p, 0, None, 0);
    });
    play(&mut g, 0, "end");
    let a = g.auction().expect("the mandatory auction runs");
    assert_eq!(a.opening, 600);
    assert!(a.mandatory);
    assert_eq!(g.must_act(), SeatSet::single(1));
    refused(&g, 1, "bid 590", "§9.6");
    refused(&g, 2, "bid 600", "§9.6");
    play(&mut g, 1, "bid 600");
    refused(&g, 2, "bid 660", "§9.6");
    refused(&g, 2, "bid 600", "§9.6");
    play(&mut g, 2, "bid 610");
    play(&mut g, 1, "bid 620");
    play(&mut g, 2, "pass");
    assert!(g.auction().is_none());
    assert_eq!(g.player(1).fate.as_ref().unwrap().card, JA5);
    assert_eq!(g.player(1).cash, 380);
    assert_eq!(g.player(0).cash, 1120);
    assert_eq!(g.turn().step, Step::Draw);
}

#[test]
fn unsold_mandatory_lots_are_discarded() {
    let mut g = setup(2, |p| {
        give_fate(p, 0, FIRE200, Some(1));
        turn_of(p, 0, None, 0);
    });
    play(&mut g, 0, "end");
    play(&mut g, 1, "pass");
    assert!(g.fate_discards().contains(&FIRE200));
    assert!(g.player(0).fate.is_none());
}

#[test]
fn surplus_experience_is_auctioned_at_the_end_of_the_next_business() {
    let mut g = setup(2, |p| {
        give_exp(p, 0, HS);
        give_exp(p, 0, HS + 1);
        give_exp(p, 0, HS + 2);
        turn_of(p, 0, Some(1), 0b1);
    });
    // Entering business fixes the surplus due: 2 copies beyond the cap of 1.
    play(&mut g, 0, "end");
    assert_eq!(
        g.auction().unwrap().lot,
        boardroom_theboss::Lot::Experience(HS + 2)
    );
    play(&mut g, 1, "bid 10");
    // The second surplus copy follows; nobody bids, it is discarded.
    assert_eq!(
        g.auction().unwrap().lot,
        boardroom_theboss::Lot::Experience(HS + 1)
    );
    play(&mut g, 1, "pass");
    assert!(g.experience_discards().contains(&(HS + 1)));
    assert_eq!(g.player(0).experience, vec![HS]);
    assert_eq!(g.player(1).experience, vec![HS + 2]);
    assert_eq!(g.turn().step, Step::Draw);
}

#[test]
fn bonus_and_stock_option_are_used_in_their_window() {
    let mut g = setup(2, |p| {
        give_fate(p, 0, BON200, Some(1));
        turn_of(p, 0, None, 0);
    });
    play(&mut g, 0, "use");
    assert_eq!(g.player(0).cash, 700);
    // all or nothing.
    let g = setup(2, |p| {
        give_fate(p, 0, SO150_16, Some(1));
        turn_of(p, 0, None, 0);
    });
    refused(&g, 0, "use", "R-17");
    let mut g = setup(2, |p| {
        give_fate(p, 0, SO50_10, Some(1));
        turn_of(p, 0, None, 0);
    });
    play(&mut g, 0, "use");
    assert_eq!((g.player(0).cash, g.player(0).shares), (0, 50));
    // An unused Bonus is discarded at the draw.
    let mut g = setup(2, |p| {
        give_fate(p, 0, BON200, Some(1));
        turn_of(p, 0, None, 0);
    });
    play(&mut g, 0, "end");
    play(&mut g, 0, "draw fate");
    assert!(g.fate_discards().contains(&BON200));
}

#[test]
fn r16_a_card_got_this_turn_blocks_drawing_fate() {
    let mut g = setup(2, |p| {
        give_fate(p, 1, BON200, None);
        turn_of(p, 0, None, 0);
    });
    play(&mut g, 0, "offer 1 give $100 take fate");
    let id = g.offers()[0].id;
    play(&mut g, 1, &format!("accept {id}"));
    play(&mut g, 0, "end");
    refused(&g, 0, "draw fate", "R-16");
    let mut h = g.clone();
    play(&mut h, 0, "draw experience");
    assert_eq!(h.player(0).fate.as_ref().unwrap().card, BON200);
    play(&mut g, 0, "discard");
    play(&mut g, 0, "draw fate");
}

#[test]
fn r4_empty_experience_deck_forces_fate() {
    let g = setup(2, |p| {
        let deck = std::mem::take(&mut p.experience_deck);
        p.experience_discards.extend(deck);
        turn_of(p, 0, None, 0);
        p.turn.step = Step::Draw;
    });
    refused(&g, 0, "draw experience", "R-4");
}

#[test]
fn r9_the_last_fate_card_ends_the_game_without_effect() {
    let mut g = setup(2, |p| {
        let deck = std::mem::take(&mut p.fate_deck);
        let (last, rest) = deck.split_first().unwrap();
        p.fate_discards.extend(rest);
        p.fate_deck = vec![*last];
        give_shares(p, 1, 10);
        turn_of(p, 0, None, 0);
        p.turn.step = Step::Draw;
    });
    play(&mut g, 0, "draw fate");
    assert_eq!(g.ending(), Some(&Ending::DeckEnd));
    assert!(g.is_over());
    assert!(g.may_act().is_empty());
    let o = g.ranking().unwrap();
    assert_eq!(o.scores, vec![500, 700]);
    assert_eq!(o.winners, SeatSet::single(1));
}

#[test]
fn r24_tie_breaks() {
    let finish = |f: &dyn Fn(&mut boardroom_theboss::Position)| {
        let mut g = setup(3, |p| {
            let deck = std::mem::take(&mut p.fate_deck);
            let (last, rest) = deck.split_first().unwrap();
            p.fate_discards.extend(rest);
            p.fate_deck = vec![*last];
            f(p);
            turn_of(p, 0, None, 0);
            p.turn.step = Step::Draw;
        });
        play(&mut g, 0, "draw fate");
        g.ranking().unwrap().winners
    };
    // Equal net worth: more shares wins.
    let w = finish(&|p| {
        p.players[0].cash = 700;
        give_shares(p, 1, 10);
    });
    assert_eq!(w, SeatSet::single(1));
    // Equal net worth and shares: more Executive points.
    let w = finish(&|p| {
        p.players[0].cash = 1300;
        give_exec(p, 2, X5);
    });
    assert_eq!(w, SeatSet::single(2));
    // All equal: a shared win.
    let w = finish(&|_| {});
    assert_eq!(w, SeatSet::all(3));
}

#[test]
fn immediate_win_by_shares_and_by_complete_set() {
    let mut g = setup(2, |p| {
        give_shares(p, 1, 740);
        give_shares(p, 0, 20);
        turn_of(p, 0, None, 0);
    });
    play(&mut g, 0, "offer 1 give 20sh take $400");
    let id = g.offers()[0].id;
    play(&mut g, 1, &format!("accept {id}"));
    assert_eq!(g.ending(), Some(&Ending::Shares { seat: 1 }));
    let mut g = setup(2, |p| {
        give_exec(p, 0, X5);
        give_exec(p, 0, X5 + 1);
        give_exec(p, 0, X6);
        give_exec(p, 0, X6 + 1);
        give_exec(p, 0, X7);
        give_exec(p, 1, X8);
        turn_of(p, 0, None, 0);
    });
    play(&mut g, 0, "offer 1 give $400 take E8#17");
    let id = g.offers()[0].id;
    play(&mut g, 1, &format!("accept {id}"));
    assert_eq!(g.ending(), Some(&Ending::CompleteSet { seat: 0 }));
}

#[test]
fn r22_simultaneous_wins_go_to_the_active_player_then_leftwards() {
    // A swap makes seats 1 and 2 both pass 750 shares... through one deal each cannot,
    // so use a meeting-free case: seat 2 completes a set while seat 1 passes 750 in one deal.
    let mut g = setup(3, |p| {
        give_shares(p, 1, 750);
        give_exec(p, 2, X5);
        give_exec(p, 2, X5 + 1);
        give_exec(p, 2, X6);
        give_exec(p, 2, X6 + 1);
        give_exec(p, 2, X7);
        give_exec(p, 1, X8);
        give_shares(p, 2, 10);
        turn_of(p, 0, None, 0);
        p.turn.floor = true;
    });
    play(&mut g, 2, "offer 1 give 10sh take E8#17");
    let id = g.offers()[0].id;
    play(&mut g, 1, &format!("accept {id}"));
    // Active player 0 does not qualify; seat 1 is the first to its left.
    assert_eq!(g.ending(), Some(&Ending::Shares { seat: 1 }));
}

#[test]
fn the_floor_opens_on_the_first_transaction() {
    let mut g = setup(3, |p| {
        give_shares(p, 2, 50);
        turn_of(p, 0, None, 0);
    });
    let e = refused(&g, 1, "offer 2 give $100 take 10sh", "R-25");
    assert!(e.reason.contains("floor"));
    assert_eq!(g.may_act(), SeatSet::single(0));
    play(&mut g, 0, "open");
    assert_eq!(g.may_act(), SeatSet::all(3));
    assert_eq!(g.must_act(), SeatSet::single(0));
    play(&mut g, 1, "offer 2 give $100 take 10sh");
    let id = g.offers()[0].id;
    play(&mut g, 0, "end");
    assert!(
        g.offers().is_empty(),
        "unanswered offers expire at the end of business"
    );
    refused(&g, 2, &format!("accept {id}"), "§9.2");
}

#[test]
fn accepted_offers_move_everything_at_once() {
    let mut g = setup(2, |p| {
        give_shares(p, 1, 30);
        give_exp(p, 1, COL);
        give_exec(p, 0, X6);
        turn_of(p, 0, None, 0);
    });
    play(
        &mut g,
        0,
        "offer 1 give $300 E6#7 take 30sh COL#12 note \"deal?\"",
    );
    let id = g.offers()[0].id;
    assert_eq!(g.offers()[0].offer.note, "deal?");
    play(&mut g, 1, &format!("accept {id}"));
    assert_eq!((g.player(0).cash, g.player(0).shares), (200, 30));
    assert_eq!(g.player(0).experience, vec![COL]);
    assert_eq!(g.player(1).executive, vec![X6]);
    assert_eq!(g.player(1).cash, 800);
}

#[test]
fn a_failed_acceptance_voids_the_offer_and_changes_nothing_else() {
    let mut g = setup(2, |p| {
        give_shares(p, 1, 30);
        turn_of(p, 0, None, 0);
    });
    play(&mut g, 0, "offer 1 give $300 take 30sh");
    let id = g.offers()[0].id;
    // Seat 0 spends the cash before seat 1 answers.
    play(&mut g, 0, "offer 1 give $400 take 10sh");
    let id2 = g.offers()[1].id;
    play(&mut g, 1, &format!("accept {id2}"));
    let before = g.clone();
    let ev = play(&mut g, 1, &format!("accept {id}"));
    assert!(matches!(ev[0], Event::Voided { .. }), "{ev:?}");
    for s in 0..2 {
        assert_eq!(g.player(s), before.player(s));
    }
    assert!(g.offers().is_empty());
}

#[test]
fn offers_of_items_not_held_are_refused() {
    let g = setup(2, |p| turn_of(p, 0, None, 0));
    refused(&g, 0, "offer 1 give $600", "§9.2");
    refused(&g, 0, "offer 1 give 10sh", "§9.2");
    refused(&g, 0, "offer 1 give COL#12", "§9.2");
    refused(&g, 0, "offer 1 take $600", "§9.2");
    refused(&g, 0, "offer 1 give fate", "§9.2");
    refused(&g, 0, "offer 1 give $15", "§0");
    refused(&g, 0, "offer 0 give $10", "§9.2");
    refused(&g, 0, "offer 1 note \"nothing\"", "§9.2");
    let long = format!("offer 1 give $10 note \"{}\"", "x".repeat(201));
    refused(&g, 0, &long, "§9.2");
    let many: Vec<String> = (1..=13).map(|i| format!("HS#{}", i.min(11))).collect();
    let e = refused(&g, 0, &format!("offer 1 give {}", many.join(" ")), "§9.2");
    assert!(e.reason.contains("at most"), "{e}");
    let ctrl = "offer 1 give $10 note \"a\u{7}b\"";
    refused(&g, 0, ctrl, "§9.2");
}

#[test]
fn exec_limit_holds_in_deals_and_auctions() {
    let mut g = setup(2, |p| {
        give_exec(p, 0, X5);
        give_exec(p, 1, X5 + 2);
        give_exec(p, 1, X5 + 3);
        turn_of(p, 0, None, 0);
    });
    // Each offer alone fits; once one is accepted, the other would break the limit.
    play(&mut g, 0, "offer 1 give $100 take E5#3");
    play(&mut g, 0, "offer 1 give $100 take E5#4");
    let (a, b) = (g.offers()[0].id, g.offers()[1].id);
    play(&mut g, 1, &format!("accept {a}"));
    refused(&g, 0, "offer 1 give $100 take E5#4", "§4");
    let ev = play(&mut g, 1, &format!("accept {b}"));
    assert!(matches!(ev[0], Event::Voided { .. }));
    assert_eq!(g.owned_of_number(0, 5), 2);
}

#[test]
fn offer_count_limits() {
    let mut g = setup(3, |p| turn_of(p, 0, None, 0));
    for _ in 0..3 {
        play(&mut g, 0, "offer 1 give $10");
    }
    refused(&g, 0, "offer 2 give $10", "§9.7");
    let id = g.offers()[0].id;
    play(&mut g, 0, &format!("withdraw {id}"));
    play(&mut g, 0, "offer 1 give $10");
    let id = g.offers()[0].id;
    play(&mut g, 1, &format!("reject {id}"));
    play(&mut g, 0, "offer 1 give $10");
    // 5 offers to seat 1 in this step: the pair limit.
    let id = g.offers()[0].id;
    play(&mut g, 1, &format!("reject {id}"));
    refused(&g, 0, "offer 1 give $10", "§9.7");
}

#[test]
fn counter_offers_reject_and_link() {
    let mut g = setup(2, |p| {
        give_shares(p, 1, 30);
        turn_of(p, 0, None, 0);
    });
    play(&mut g, 0, "offer 1 give $200 take 10sh");
    let id = g.offers()[0].id;
    play(&mut g, 1, &format!("counter {id} give 10sh take $250"));
    assert_eq!(g.offers().len(), 1);
    assert_eq!(g.offers()[0].counters, Some(id));
    assert_eq!(g.offers()[0].offer.to, 0);
    let id2 = g.offers()[0].id;
    play(&mut g, 0, &format!("accept {id2}"));
    assert_eq!(g.player(0).cash, 250);
}

#[test]
fn escrow_collateral_cannot_be_sold_or_repledged_but_votes_for_the_holder() {
    let mut g = setup(4, |p| {
        give_shares(p, 1, 100);
        give_exp(p, 1, COL);
        turn_of(p, 0, None, 0);
    });
    // Seat 0 lends $200 to seat 1 against 100 shares and a COL card.
    play(
        &mut g,
        0,
        "offer 1 give $200 promise 1 deliver $220 pledge 100sh COL#12 due 3",
    );
    let id = g.offers()[0].id;
    play(&mut g, 1, &format!("accept {id}"));
    let deal = g.deals()[0].id;
    assert_eq!(g.player(1).shares, 0);
    assert_eq!(g.owned_shares(1), 100, "ownership stays with the pledger");
    assert_eq!(
        g.usable_shares(0),
        100,
        "the holder may use escrowed shares"
    );
    assert_eq!(
        g.usable_years(0)[1],
        2,
        "escrowed Experience counts for the holder"
    );
    assert_eq!(g.net_worth(1), 700 + 2000);
    // Pledged items can be neither offered, auctioned nor pledged again.
    refused(&g, 1, "offer 2 give 10sh", "§9.2");
    refused(&g, 1, "offer 2 give COL#12", "§9.2");
    refused(&g, 1, "auction 10sh 10", "§9.6");
    refused(&g, 0, "offer 2 give 10sh", "§9.2");
    refused(
        &g,
        1,
        "offer 0 promise 1 favour \"later\" pledge 10sh",
        "§9.2",
    );
    // Default only after the due round.
    refused(&g, 0, &format!("default {deal}"), "§9.5");
    refused(&g, 0, &format!("settle {deal}"), "§9.5");
    // Settling delivers and returns the collateral.
    let mut h = g.clone();
    play(&mut h, 1, &format!("settle {deal}"));
    assert_eq!((h.player(1).cash, h.player(1).shares), (480, 100));
    assert_eq!(h.player(0).cash, 520);
    assert!(h.deals().is_empty());
    // Walking away hands the collateral over and is recorded as broken.
    play(&mut g, 1, &format!("walkaway {deal}"));
    assert_eq!(g.player(0).shares, 100);
    assert_eq!(g.player(0).experience, vec![COL]);
    assert_eq!(g.broken_deals().len(), 1);
}

#[test]
fn r23_open_deals_at_deck_end() {
    let mut g = setup(2, |p| {
        give_shares(p, 1, 100);
        give_shares(p, 0, 20);
        turn_of(p, 0, None, 0);
        p.round = 5;
    });
    play(
        &mut g,
        0,
        "offer 1 give $100 promise 1 deliver $120 pledge 50sh due 5",
    );
    let id = g.offers()[0].id;
    play(&mut g, 1, &format!("accept {id}"));
    play(
        &mut g,
        0,
        "offer 1 give $100 promise 1 deliver $120 pledge 50sh due 9",
    );
    let id = g.offers()[0].id;
    play(&mut g, 1, &format!("accept {id}"));
    let mut p = g.position();
    p.round = 6;
    let deck = std::mem::take(&mut p.fate_deck);
    let (last, rest) = deck.split_first().unwrap();
    p.fate_discards.extend(rest);
    p.fate_deck = vec![*last];
    p.offers.clear();
    p.turn.step = Step::Draw;
    let mut g = TheBoss::from_position(&p).unwrap();
    play(&mut g, 0, "draw fate");
    // The deal due in round 5 is overdue in round 6: its 50 shares go to seat 0; the other
    // returns.
    assert_eq!(g.player(0).shares, 70);
    assert_eq!(g.player(1).shares, 50);
}

#[test]
fn showing_a_fate_card_reveals_it_to_one_player_only() {
    let mut g = setup(3, |p| {
        give_fate(p, 1, FIRE300, None);
        turn_of(p, 0, None, 0);
        p.turn.floor = true;
    });
    let o = |g: &TheBoss, v: usize| {
        g.observe(Viewer::Seat(v)).players[1]
            .fate
            .as_ref()
            .unwrap()
            .card
    };
    assert_eq!(o(&g, 1), Some(FIRE300));
    assert_eq!(o(&g, 0), None);
    assert_eq!(
        g.observe(Viewer::Spectator).players[1]
            .fate
            .as_ref()
            .unwrap()
            .card,
        None
    );
    let ev = play(&mut g, 1, "show 2");
    assert_eq!(o(&g, 2), Some(FIRE300));
    assert_eq!(o(&g, 0), None);
    let seen = TheBoss::redact(&ev[0], Viewer::Seat(0));
    assert!(matches!(seen, Event::Shown { card: None, .. }));
    let seen = TheBoss::redact(&ev[0], Viewer::Seat(2));
    assert!(matches!(seen, Event::Shown { card: Some(_), .. }));
}

#[test]
fn drawn_fate_cards_are_hidden_from_others_but_disasters_are_public() {
    let mut g = setup(2, |p| {
        p.fate_deck.retain(|&c| c != BON200);
        p.fate_deck.push(BON200);
        turn_of(p, 0, None, 0);
        p.turn.step = Step::Draw;
    });
    let ev = play(&mut g, 0, "draw fate");
    let drew = ev.iter().find(|e| matches!(e, Event::Drew { .. })).unwrap();
    assert!(matches!(
        TheBoss::redact(drew, Viewer::Seat(1)),
        Event::Drew { card: None, .. }
    ));
    assert!(matches!(
        TheBoss::redact(drew, Viewer::Seat(0)),
        Event::Drew { card: Some(_), .. }
    ));
    let mut g = setup(2, |p| {
        p.fate_deck.retain(|&c| c != FD200);
        p.fate_deck.push(FD200);
        turn_of(p, 0, None, 0);
        p.turn.step = Step::Draw;
    });
    let ev = play(&mut g, 0, "draw fate");
    let drew = ev.iter().find(|e| matches!(e, Event::Drew { .. })).unwrap();
    assert!(matches!(
        TheBoss::redact(drew, Viewer::Seat(1)),
        Event::Drew {
            card: Some(FD200),
            ..
        }
    ));
}

#[test]
fn r28_auctioned_fate_cards_are_revealed() {
    let mut g = setup(2, |p| {
        give_fate(p, 0, FIRE300, None);
        turn_of(p, 0, None, 0);
    });
    let ev = play(&mut g, 0, "auction fate 50");
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::AuctionOpened {
            fate_card: Some(FIRE300),
            ..
        }
    )));
    play(&mut g, 1, "bid 50");
    assert_eq!(g.player(1).fate.as_ref().unwrap().card, FIRE300);
    assert_eq!(
        g.observe(Viewer::Seat(0)).players[1]
            .fate
            .as_ref()
            .unwrap()
            .card,
        Some(FIRE300)
    );
}

#[test]
fn voluntary_auction_unsold_lot_stays_with_the_seller() {
    let mut g = setup(3, |p| {
        give_shares(p, 0, 50);
        turn_of(p, 0, None, 0);
    });
    refused(&g, 0, "auction 50sh 5", "§9.6");
    refused(&g, 0, "auction 60sh 10", "§9.6");
    play(&mut g, 0, "auction 50sh 900");
    assert!(g.turn().floor);
    refused(&g, 1, "bid 600", "§9.6");
    play(&mut g, 1, "pass");
    play(&mut g, 2, "pass");
    assert_eq!(g.player(0).shares, 50);
}

#[test]
fn fire_target_and_not_fire_commitments_bind_the_firer() {
    let mut g = setup(3, |p| {
        give_fate(p, 0, FIRE200, Some(1));
        p.players[1].job = Some(1);
        p.players[2].job = Some(2);
        turn_of(p, 0, Some(4), 0);
        p.turn.step = Step::Business;
        p.turn.floor = true;
    });
    // Seat 2 pays seat 0 to fire seat 1 instead.
    play(&mut g, 2, "offer 0 give $100 take fire:1 nofire:2")
        .iter()
        .for_each(drop);
    let id = g.offers()[0].id;
    play(&mut g, 0, &format!("accept {id}"));
    assert_eq!(g.turn().must_fire, Some(1));
    assert_eq!(g.reserved(0), 200);
    assert_eq!(g.free_cash(0), 400);
    refused(&g, 0, "end", "§9.3");
    refused(&g, 0, "fire 2", "§9.3");
    refused(&g, 0, "offer 1 give $500", "§9.2");
    play(&mut g, 0, "fire 1");
    assert_eq!(g.player(1).fired, Some(0));
    play(&mut g, 0, "end");
}

#[test]
fn vote_deals_declare_the_vote_at_once() {
    let mut g = meeting_table();
    play(&mut g, 0, "meeting 1");
    refused(&g, 2, "offer 0 give $10", "§9.1");
    play(&mut g, 1, "offer 3 give $100 take vote:against");
    let id = g.offers()[0].id;
    play(&mut g, 3, &format!("accept {id}"));
    assert_eq!(
        g.meeting().unwrap().votes[3],
        Some(boardroom_theboss::Vote::Against)
    );
    refused(&g, 3, "vote for", "R-18");
    let ev = play(&mut g, 2, "vote for");
    // 160 FOR, 350 AGAINST.
    assert!(ev.contains(&Event::Tally {
        for_shares: 160,
        against: 350,
        fired: false
    }));
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

#[test]
fn favours_are_released_and_deals_cancelled_by_agreement() {
    let mut g = setup(2, |p| {
        give_shares(p, 1, 50);
        turn_of(p, 0, None, 0);
    });
    play(
        &mut g,
        0,
        "offer 1 give $100 promise 1 favour \"vote with me\" pledge 50sh due 1",
    );
    let id = g.offers()[0].id;
    play(&mut g, 1, &format!("accept {id}"));
    let deal = g.deals()[0].id;
    refused(&g, 1, &format!("settle {deal}"), "§9.5");
    refused(&g, 1, &format!("release {deal}"), "§9.5");
    let mut h = g.clone();
    play(&mut h, 0, &format!("release {deal}"));
    assert_eq!(h.player(1).shares, 50);
    // Cancel by an accepted offer.
    play(&mut g, 1, &format!("offer 0 give $100 cancel {deal}"));
    let id = g.offers()[0].id;
    play(&mut g, 0, &format!("accept {id}"));
    assert!(g.deals().is_empty());
    assert_eq!(g.player(1).shares, 50);
    assert_eq!(g.player(0).cash, 500);
}

#[test]
fn default_is_possible_once_the_due_round_has_ended() {
    let g = setup(2, |p| {
        give_shares(p, 1, 50);
        turn_of(p, 0, None, 0);
    });
    let mut g = g;
    play(
        &mut g,
        0,
        "offer 1 give $100 promise 1 deliver $120 pledge 50sh due 1",
    );
    let id = g.offers()[0].id;
    play(&mut g, 1, &format!("accept {id}"));
    let deal = g.deals()[0].id;
    refused(&g, 0, &format!("default {deal}"), "§9.5");
    let mut p = g.position();
    p.round = 2;
    let mut g = TheBoss::from_position(&p).unwrap();
    play(&mut g, 0, &format!("default {deal}"));
    assert_eq!(g.player(0).shares, 50);
    assert_eq!(g.broken_deals()[0].promisor, 1);
    assert!(!g.broken_deals()[0].walked_away);
}

#[test]
fn fate_cards_can_never_be_collateral_and_one_is_held_at_most() {
    let mut g = setup(2, |p| {
        give_fate(p, 0, BON200, None);
        give_fate(p, 1, FIRE200, None);
        turn_of(p, 0, None, 0);
    });
    refused(
        &g,
        0,
        "offer 1 give $10 promise 0 favour \"x\" pledge fate",
        "§6",
    );
    play(&mut g, 0, "offer 1 give $10 take fate");
    let id = g.offers()[0].id;
    play(&mut g, 1, &format!("accept {id}"));
    assert_eq!(g.player(0).fate.as_ref().unwrap().card, FIRE200);
    assert!(
        g.fate_discards().contains(&BON200),
        "the old card is discarded face up"
    );
}

/// while a FireTarget is open its Fire card stays with its holder: it cannot be sold,
/// traded or auctioned, and no deal or auction brings the holder another Fate card (which
/// would push the promised card out and leave a promise nobody can keep). The same holds for
/// the deal that makes the promise.
#[test]
fn r30_a_promised_fire_card_stays_with_its_holder() {
    let g = setup(3, |p| {
        give_fate(p, 0, FIRE500, Some(1));
        give_fate(p, 1, BON200, None);
        give_shares(p, 0, 100);
        p.players[0].cash = 1000;
        p.players[2].job = Some(2);
        turn_of(p, 0, Some(5), 0);
        p.turn.step = Step::Business;
    });
    // Promising to fire seat 2 while taking seat 1's Fate card, in one deal: refused.
    let e = refused(&g, 0, "offer 1 give $10 fire:2 take fate", "R-30");
    assert!(e.reason.contains("Fate card"), "{e}");
    refused(&g, 0, "offer 1 give fate fire:2", "R-30");
    let mut g = g;
    play(&mut g, 0, "offer 1 give fire:2 take $10");
    let id = g.offers()[0].id;
    play(&mut g, 1, &format!("accept {id}"));
    assert_eq!(g.turn().must_fire, Some(2));
    // Nothing brings the holder another Fate card, nor takes the promised one away.
    refused(&g, 0, "offer 1 give $10 take fate", "R-30");
    refused(&g, 0, "offer 1 give fate", "R-30");
    refused(&g, 1, "offer 0 give fate take $10", "R-30");
    refused(&g, 0, "auction fate 10", "R-30");
    refused(&g, 0, "offer 1 give nofire:1 take $10", "R-30");
    // The position reads back while the promise is open.
    let back = TheBoss::from_position(&g.position()).expect("a reachable position reads back");
    assert_eq!(back, g);
    // On a Fate lot the holder may only pass.
    play(&mut g, 1, "auction fate 10");
    assert_eq!(g.auction_caller(), Some(2));
    play(&mut g, 2, "pass");
    refused(&g, 0, "bid 10", "R-30");
    let mut cands = Vec::new();
    g.candidates(0, &mut cands);
    assert_eq!(cands, vec![boardroom_theboss::Action::Pass]);
    play(&mut g, 0, "pass");
    assert_eq!(g.player(1).fate.as_ref().unwrap().card, BON200);
    // The promise is kept.
    refused(&g, 0, "end", "§9.3");
    play(&mut g, 0, "fire 2");
    play(&mut g, 0, "end");
}

/// §9.2: everything happens at once, so the severance a FireTarget reserves is tested after
/// the deal's own transfers: "pay me $300 and I fire seat 2" works for a firer with $100.
#[test]
fn s9_2_fire_target_severance_is_tested_after_the_deals_transfers() {
    let g = setup(3, |p| {
        give_fate(p, 0, FIRE300, Some(1));
        give_shares(p, 0, 100);
        p.players[0].cash = 100;
        p.players[1].cash = 500;
        p.players[2].job = Some(1);
        turn_of(p, 0, Some(5), 0);
        p.turn.step = Step::Business;
        p.turn.floor = true;
    });
    // Made by the payer to the firer.
    let mut h = g.clone();
    play(&mut h, 1, "offer 0 give $300 take fire:2");
    let id = h.offers()[0].id;
    let ev = play(&mut h, 0, &format!("accept {id}"));
    assert!(
        ev.iter().any(|e| matches!(e, Event::Accepted { .. })),
        "{ev:?}"
    );
    assert_eq!((h.player(0).cash, h.reserved(0)), (400, 300));
    play(&mut h, 0, "fire 2");
    assert_eq!((h.player(0).cash, h.player(2).cash), (100, 800));
    // Made by the firer.
    let mut h = g.clone();
    play(&mut h, 0, "offer 1 give fire:2 take $300");
    let id = h.offers()[0].id;
    play(&mut h, 1, &format!("accept {id}"));
    assert_eq!(h.turn().must_fire, Some(2));
    // Still refused when even the deal leaves too little.
    refused(&g, 0, "offer 1 give fire:2 take $100", "§9.3");
}

/// §9.3: NotFire(X) names a legal target now; never while a FireTarget is open.
#[test]
fn s9_3_not_fire_names_a_legal_target() {
    let g = setup(4, |p| {
        give_fate(p, 0, FIRE200, Some(1));
        give_shares(p, 1, 100);
        p.players[1].job = Some(5);
        p.players[2].job = Some(1);
        turn_of(p, 0, Some(4), 0);
        p.turn.step = Step::Business;
        p.turn.floor = true;
    });
    // Seat 1 is an executive (an office holder calls no meeting), seat 3 holds no job.
    refused(&g, 1, "offer 0 give $50 take nofire:1", "§9.3");
    refused(&g, 3, "offer 0 give $50 take nofire:3", "§9.3");
    refused(&g, 0, "offer 3 give nofire:3 take $50", "§9.3");
    let mut h = g.clone();
    play(&mut h, 2, "offer 0 give $50 take nofire:2");
    // The candidates never list a NotFire on a seat that is no legal target.
    let mut cands = Vec::new();
    for seat in 0..4 {
        g.candidates(seat, &mut cands);
        for a in &cands {
            if let boardroom_theboss::Action::Offer(o) = a {
                for c in o.give_commitments.iter().chain(&o.take_commitments) {
                    assert_ne!(*c, boardroom_theboss::Commitment::NotFire(1), "{a:?}");
                    assert_ne!(*c, boardroom_theboss::Commitment::NotFire(3), "{a:?}");
                }
            }
        }
    }
}

/// §9.2: the acceptance check runs when an offer is made too, so nobody receives an offer
/// that could never be accepted.
#[test]
fn s9_2_offers_that_could_never_be_accepted_are_refused_when_made() {
    let g = setup(3, |p| {
        give_exp(p, 0, COL);
        give_exec(p, 0, X5);
        give_exec(p, 1, X5 + 1);
        give_exec(p, 1, X5 + 2);
        turn_of(p, 0, None, 0);
    });
    // Collateral that is the card being given.
    refused(
        &g,
        0,
        "offer 1 give COL#12 promise 0 favour \"x\" pledge COL#12",
        "§9.2",
    );
    // Cash the exchange itself removes.
    refused(
        &g,
        0,
        "offer 1 give $400 promise 0 favour \"x\" pledge $200",
        "§9.2",
    );
    // A third Executive card of a number.
    refused(&g, 0, "offer 1 give E5#1", "§4");
    // Collateral got in the same deal is held when the escrow takes it.
    let mut h = g.clone();
    play(
        &mut h,
        0,
        "offer 1 give $100 take E5#2 promise 0 favour \"x\" pledge E5#2",
    );
    let id = h.offers()[0].id;
    play(&mut h, 1, &format!("accept {id}"));
    assert_eq!(h.deals().len(), 1);
}

/// a pass in the lobbying stands until another meeting action (a declaration, an offer or
/// an answer); passing again meanwhile is not an action, so caller and target never pass back
/// and forth while a voter considers an offer.
#[test]
fn r31_a_lobbying_pass_stands_until_another_meeting_action() {
    let mut g = meeting_table();
    play(&mut g, 0, "meeting 1");
    play(&mut g, 0, "offer 2 give $10 take vote:for");
    play(&mut g, 0, "pass");
    refused(&g, 0, "pass", "R-31");
    play(&mut g, 1, "pass");
    assert!(g.meeting().is_some(), "an offer is pending");
    refused(&g, 1, "pass", "R-31");
    let mut cands = Vec::new();
    for seat in [0, 1] {
        g.candidates(seat, &mut cands);
        assert!(
            !cands.contains(&boardroom_theboss::Action::Pass),
            "{cands:?}"
        );
    }
    assert_eq!(g.must_act(), [2, 3].into_iter().collect::<SeatSet>());
    // An answer is a meeting action: the passes no longer stand.
    let id = g.offers()[0].id;
    play(&mut g, 2, &format!("reject {id}"));
    assert!(g.meeting().is_some());
    play(&mut g, 0, "pass");
    let ev = play(&mut g, 1, "pass");
    assert!(
        ev.iter().any(|e| matches!(e, Event::Tally { .. })),
        "{ev:?}"
    );
}

/// §9.1, §9.5: a player who passed on the open floor makes no more offers in this step, but
/// may still do whatever else dealing allows: withdraw their offers, show their Fate card,
/// auction their lots, release or walk away from their deals. So they stay among the seats
/// that may act (`to_act`) while they have such an action, and only then.
#[test]
fn s9_1_a_player_who_passed_on_the_floor_still_deals_otherwise() {
    let mut g = setup(3, |p| {
        give_shares(p, 1, 50);
        give_shares(p, 2, 50);
        give_fate(p, 1, BON200, None);
        turn_of(p, 0, None, 0);
        p.turn.floor = true;
    });
    play(&mut g, 1, "offer 2 promise 1 favour \"later\" pledge 10sh");
    let id = g.offers()[0].id;
    play(&mut g, 2, &format!("accept {id}"));
    let deal = g.deals()[0].id;
    play(&mut g, 1, "offer 0 give $10");
    let offer = g.offers()[0].id;
    play(&mut g, 1, "pass");
    play(&mut g, 2, "pass");
    refused(&g, 1, "offer 0 give $20", "§9.1");
    refused(&g, 1, "pass", "§9.1");
    assert!(g.to_act().contains(1) && g.to_act().contains(2));
    assert_eq!(g.must_act(), SeatSet::single(0));
    let mut h = g.clone();
    play(&mut h, 1, &format!("withdraw {offer}"));
    play(&mut h, 1, "show 2");
    play(&mut h, 1, &format!("walkaway {deal}"));
    let mut h = g.clone();
    play(&mut h, 2, &format!("release {deal}"));
    play(&mut h, 2, "auction 10sh 500");
    play(&mut h, 0, "pass");
    play(&mut h, 1, "pass");
    // A player who passed and has nothing left to do is not asked.
    let mut g = setup(3, |p| {
        turn_of(p, 0, None, 0);
        p.turn.floor = true;
    });
    play(&mut g, 2, "pass");
    assert_eq!(g.to_act(), [0, 1].into_iter().collect::<SeatSet>());
    let mut cands = Vec::new();
    g.candidates(2, &mut cands);
    assert!(cands.is_empty(), "{cands:?}");
}

/// D-23: showing a Fate card to a player who knows it already reveals nothing and is not an
/// action (so a player is never kept "able to act" by it).
#[test]
fn d23_a_fate_card_is_shown_once_to_each_player() {
    let mut g = setup(3, |p| {
        give_fate(p, 1, FIRE300, None);
        turn_of(p, 0, None, 0);
        p.turn.floor = true;
    });
    play(&mut g, 1, "show 2");
    refused(&g, 1, "show 2", "§9.2");
    play(&mut g, 1, "show 0");
}

/// D-19: during a meeting, vote deals are offered by the caller, the target or a voter yet
/// to declare; a declared voter only answers or withdraws.
#[test]
fn d19_a_declared_voter_makes_no_more_vote_deals() {
    let mut g = meeting_table();
    play(&mut g, 0, "meeting 1");
    play(&mut g, 2, "offer 0 give vote:for take $50");
    play(&mut g, 2, "vote for");
    refused(&g, 2, "offer 3 give $10 take vote:for", "§9.1");
    assert!(g.to_act().contains(2), "seat 2 may withdraw its offer");
    let id = g.offers()[0].id;
    play(&mut g, 2, &format!("withdraw {id}"));
}
