//! Firing and Stockholders' Meetings: firing, the severance, lobbying, votes and vote deals.

use super::*;

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
    refused(&g, 2, "offer 0 give $10 take vote:for", "§9.1");
    let ev = play(&mut g, 2, "vote for");
    assert!(ev.contains(&Event::Tally {
        for_shares: 160,
        against: 150,
        fired: true
    }));
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

/// The meeting table under rules revision 2 (a game stored under it): without.
fn meeting_table_rev2() -> TheBoss {
    TheBoss::from_position_under(&meeting_table().position(), 2).unwrap()
}

/// §9.3 limits who gives a vote, not who buys one: a voter who has declared may still
/// buy another voter's vote, but never sell its own again.
#[test]
fn r33_a_declared_voter_buys_another_voters_vote() {
    let mut g = meeting_table();
    play(&mut g, 0, "meeting 1");
    play(&mut g, 2, "vote for");
    assert!(
        g.to_act().contains(2),
        "a declared voter may still buy a vote"
    );
    assert!(!g.must_act().contains(2), "the game does not wait for it");
    let extra = boardroom_engine::Present::extra(&g, Viewer::Seat(2), "en").unwrap();
    assert_eq!(extra["may_offer"], true, "its offer builder is open");
    let mut cands = Vec::new();
    g.candidates(2, &mut cands);
    let buys: Vec<String> = cands.iter().map(|a| g.format_action(a.clone())).collect();
    assert!(
        buys.iter()
            .any(|a| a.starts_with("offer 3") && a.contains("vote:for")),
        "{buys:?}"
    );
    assert!(buys.iter().all(|a| !a.contains("vote:against")), "{buys:?}");
    // Its own vote is given: it gives no other.
    refused(&g, 2, "offer 3 give vote:against take $10", "§9.3");
    // The other party gives the vote: a voter yet to declare, not the caller.
    refused(&g, 2, "offer 0 give $10 take vote:for", "§9.3");
    play(&mut g, 2, "offer 3 give $50 take vote:for");
    let id = g.offers()[0].id;
    let ev = play(&mut g, 3, &format!("accept {id}"));
    assert_eq!(g.player(2).cash, 450);
    assert_eq!(g.player(3).cash, 550);
    // 100 + 60 + 200 FOR against 150: every voter has declared.
    assert!(ev.contains(&Event::Tally {
        for_shares: 360,
        against: 150,
        fired: true
    }));
}

/// R-33 is a rule of revision 3: a game stored under revision 2 goes on without it (a
/// declared voter only answers or withdraws), as it was played.
#[test]
fn r33_not_under_revision_2() {
    let mut g = meeting_table_rev2();
    assert_eq!(g.rules_revision(), 2);
    play(&mut g, 0, "meeting 1");
    play(&mut g, 2, "offer 0 give vote:for take $50");
    play(&mut g, 2, "vote for");
    refused(&g, 2, "offer 3 give $10 take vote:for", "§9.1");
    let mut cands = Vec::new();
    g.candidates(2, &mut cands);
    assert!(
        cands
            .iter()
            .all(|a| !matches!(a, boardroom_theboss::Action::Offer(_))),
        "{cands:?}"
    );
    assert!(g.to_act().contains(2), "seat 2 may withdraw its offer");
    let id = g.offers()[0].id;
    play(&mut g, 2, &format!("withdraw {id}"));
    assert!(!g.to_act().contains(2));
    let extra = boardroom_engine::Present::extra(&g, Viewer::Seat(2), "en").unwrap();
    assert_eq!(extra["may_offer"], false);
}

/// Two offers to seat 2 for its vote, from the caller (FOR) and the target (AGAINST); seat 2
/// takes the target's; caller and target pass while the caller's is pending. Returns the id
/// of the caller's offer, whose acceptance is now void: seat 2 has declared.
fn two_bids_for_one_vote(g: &mut TheBoss) -> u32 {
    play(g, 0, "meeting 1");
    play(g, 0, "offer 2 give $50 take vote:for");
    play(g, 1, "offer 2 give $50 take vote:against");
    let (mine, theirs) = (g.offers()[0].id, g.offers()[1].id);
    play(g, 2, &format!("accept {theirs}"));
    play(g, 0, "pass");
    play(g, 1, "pass");
    assert!(g.meeting().is_some(), "a vote deal is pending");
    mine
}

/// an acceptance that fails its check is no event: the offer is void, and the passes
/// that stood still stand, so the lobbying closes as it would have without the offer.
#[test]
fn r34_a_voided_acceptance_leaves_the_passes_standing() {
    let mut g = meeting_table();
    let id = two_bids_for_one_vote(&mut g);
    let cash = g.player(0).cash;
    let ev = play(&mut g, 2, &format!("accept {id}"));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Voided { id: v, .. } if *v == id)),
        "{ev:?}"
    );
    assert_eq!(
        g.player(0).cash,
        cash,
        "nothing the deal would change changes"
    );
    // Both passes stood and no vote deal pends: the tally (seat 3 abstains).
    assert!(ev.contains(&Event::Tally {
        for_shares: 100,
        against: 210,
        fired: false
    }));

    // With one pass standing, it still stands.
    let mut g = meeting_table();
    play(&mut g, 0, "meeting 1");
    play(&mut g, 0, "offer 2 give $50 take vote:for");
    play(&mut g, 1, "offer 2 give $50 take vote:against");
    let (mine, theirs) = (g.offers()[0].id, g.offers()[1].id);
    play(&mut g, 2, &format!("accept {theirs}"));
    play(&mut g, 0, "pass");
    play(&mut g, 2, &format!("accept {mine}"));
    assert_eq!(g.meeting().unwrap().passes, 1);
    refused(&g, 0, "pass", "R-31");
    let ev = play(&mut g, 1, "pass");
    assert!(
        ev.iter().any(|e| matches!(e, Event::Tally { .. })),
        "{ev:?}"
    );
}

/// Under revision 2 a voided acceptance was a meeting action like any other: the passes no
/// longer stood. A game stored under it goes on so.
#[test]
fn r34_not_under_revision_2() {
    let mut g = meeting_table_rev2();
    let id = two_bids_for_one_vote(&mut g);
    let ev = play(&mut g, 2, &format!("accept {id}"));
    assert!(
        ev.iter().any(|e| matches!(e, Event::Voided { .. })),
        "{ev:?}"
    );
    assert!(
        !ev.iter().any(|e| matches!(e, Event::Tally { .. })),
        "{ev:?}"
    );
    assert_eq!(g.meeting().unwrap().passes, 0);
    play(&mut g, 0, "pass");
    let ev = play(&mut g, 1, "pass");
    assert!(
        ev.iter().any(|e| matches!(e, Event::Tally { .. })),
        "{ev:?}"
    );
}
