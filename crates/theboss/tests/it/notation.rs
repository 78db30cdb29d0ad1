//! The notation reads back everything it writes, offers included, and refuses bad text.

use crate::common;

use boardroom_engine::Game;
use boardroom_theboss::{Action, Bundle, Commitment, Deliverable, LongTerm, Offer, Promise, Vote};
use common::*;

/// Each action is read in the state it was played in: a counter-offer reads against the offers
/// open there.
#[test]
fn every_candidate_of_random_games_round_trips() {
    for seed in 0..3u64 {
        let (_, log, _) = random_game(4, seed, 60_000);
        let mut g =
            boardroom_theboss::TheBoss::new(&boardroom_theboss::Config::new(4), seed).unwrap();
        for (seat, a) in &log {
            let text = g.format_action(a.clone());
            let back = g
                .parse_action(&text)
                .unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(&back, a, "{text}");
            g.apply(*seat, a.clone(), &mut Vec::new()).unwrap();
        }
    }
}

#[test]
fn a_full_offer_round_trips() {
    let g = fresh(4);
    let o = Offer {
        to: 2,
        give: Bundle {
            cash: 300,
            shares: 10,
            experience: vec![COL + 3],
            executive: vec![X8],
            fate: true,
        },
        take: Bundle {
            experience: vec![HS],
            ..Bundle::default()
        },
        give_commitments: vec![Commitment::NotFire(2), Commitment::FireTarget(3)],
        take_commitments: vec![Commitment::Vote(Vote::Against)],
        long_term: Some(LongTerm {
            promisor: 2,
            promise: Promise::Deliver(Deliverable {
                cash: 100,
                shares: 20,
                experience: vec![1, 1],
                executive: vec![8],
            }),
            collateral: Bundle {
                cash: 50,
                shares: 30,
                ..Bundle::default()
            },
            due: 7,
        }),
        cancel: Some(4),
        note: "deal? \"really\" \\ ok".into(),
    };
    let a = Action::Offer(Box::new(o));
    let text = g.format_action(a.clone());
    assert_eq!(
        text,
        "offer 2 give $300 10sh COL#15 E8#17 fate nofire:2 fire:3 take HS#1 vote:against promise 2 deliver $100 20sh COL COL E8 pledge $50 30sh due 7 cancel 4 note \"deal? \\\"really\\\" \\\\ ok\""
    );
    assert_eq!(g.parse_action(&text).unwrap(), a);
    let fav = g
        .parse_action("offer 1 give $100 promise 1 favour \"I will not fire you\"")
        .unwrap();
    let Action::Offer(o) = fav else { panic!() };
    let lt = o.long_term.unwrap();
    assert_eq!(lt.due, 4, "the default due round is the current round + 3");
    assert_eq!(lt.promise, Promise::Favour("I will not fire you".into()));
}

#[test]
fn simple_actions_read_in_any_case() {
    let g = fresh(3);
    for (t, a) in [
        ("COLLECT", Action::Collect),
        ("  buy   30 ", Action::Buy(30)),
        (
            "draw exp",
            Action::Draw(boardroom_theboss::Deck::Experience),
        ),
        ("Draw Fate", Action::Draw(boardroom_theboss::Deck::Fate)),
        ("bid $120", Action::Bid(120)),
        ("vote Against", Action::Vote(Vote::Against)),
        (
            "auction 50SH 900",
            Action::Auction(boardroom_theboss::Lot::Shares(50), 900),
        ),
        (
            "auction col#12 40",
            Action::Auction(boardroom_theboss::Lot::Experience(COL), 40),
        ),
        ("walkaway 3", Action::WalkAway(3)),
    ] {
        assert_eq!(g.parse_action(t).unwrap(), a, "{t}");
    }
}

#[test]
fn bad_notation_is_refused_with_a_reason() {
    let g = fresh(3);
    for bad in [
        "",
        "buy",
        "buy ten",
        "draw both",
        "vote maybe",
        "offer",
        "offer x give $10",
        "offer 1 give",
        "offer 1 give $10 give $20",
        "offer 1 give bananas",
        "offer 1 give COL#1",
        "offer 1 give COL#0",
        "offer 1 give E5#20",
        "offer 1 note unquoted",
        "offer 1 note \"open",
        "offer 1 pledge $10",
        "offer 1 promise 1 deliver",
        "offer 1 promise 1 later",
        "auction COL#12",
        "counter 99 give $10",
        "end now",
        "teleport",
    ] {
        let e = g.parse_action(bad).expect_err(bad);
        assert!(!e.reason.is_empty(), "{bad}");
    }
    let huge = format!("offer 1 give {}", "$10 ".repeat(600));
    assert!(g.parse_action(&huge).is_err());
}
