//! Fate cards and the end of the game: the bonus and stock option windows, drawing, showing
//! and hiding Fate cards, the last Fate card, wins and tie breaks.

use super::*;

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

/// R-32 (first the project's D-23): showing a Fate card to a player who knows it already,
/// shown before or a former holder, reveals nothing and is refused (so a player is never kept
/// "able to act" by it).
#[test]
fn r32_a_fate_card_is_shown_once_to_each_player() {
    let mut g = setup(3, |p| {
        give_fate(p, 1, FIRE300, None);
        turn_of(p, 0, None, 0);
        p.turn.floor = true;
    });
    play(&mut g, 1, "show 2");
    let e = refused(&g, 1, "show 2", "R-32");
    assert!(e.reason_text().contains("knows"), "{e}");
    play(&mut g, 1, "show 0");
    // A former holder knows the card it handed over.
    let mut g = setup(3, |p| {
        give_fate(p, 1, FIRE300, None);
        p.players[1].fate.as_mut().unwrap().known_by = 1 << 2;
        turn_of(p, 0, None, 0);
        p.turn.floor = true;
    });
    refused(&g, 1, "show 2", "R-32");
    play(&mut g, 1, "show 0");
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
