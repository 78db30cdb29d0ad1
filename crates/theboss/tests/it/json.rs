//! Actions read from JSON: every field is checked against the data set and the table before
//! anything else reads it, so a bad id or seat is a `NotationError` naming its JSON path, never
//! a panic; and the notation writes any action, even one no reader would produce.

use crate::common;

use boardroom_engine::Game;
use boardroom_theboss::{Action, Bundle, Deliverable, LongTerm, Lot, Offer, Promise, TheBoss};
use common::*;

/// Inputs that name things the data set or the table does not have, with the path and the
/// words the error must give.
const BAD: &[(&str, &str, &str)] = &[
    (
        r#"{"action":"offer","args":{"to":1,"give":{"experience":[56]}}}"#,
        "args.give.experience[0]",
        "there is no Experience card 56",
    ),
    (
        r#"{"action":"offer","args":{"to":1,"give":{"experience":[3, 48]}}}"#,
        "args.give.experience[1]",
        "there is no Experience card 48",
    ),
    (
        r#"{"action":"offer","args":{"to":1,"take":{"executive":[22]}}}"#,
        "args.take.executive[0]",
        "there is no Executive card 22",
    ),
    (
        r#"{"action":"offer","args":{"to":1,"give":{"executive":[99]}}}"#,
        "args.give.executive[0]",
        "there is no Executive card 99",
    ),
    (
        r#"{"action":"auction","args":[{"kind":"experience","id":60},50]}"#,
        "args[0].id",
        "there is no Experience card 60",
    ),
    (
        r#"{"action":"auction","args":[{"kind":"executive","id":20},50]}"#,
        "args[0].id",
        "there is no Executive card 20",
    ),
    (
        r#"{"action":"offer","args":{"to":1,"long_term":{"promisor":0,
            "promise":{"deliver":{"experience":[200]}},"due":5}}}"#,
        "args.long_term.promise.deliver.experience[0]",
        "there is no Experience kind 200",
    ),
    (
        r#"{"action":"offer","args":{"to":1,"long_term":{"promisor":0,
            "promise":{"deliver":{"executive":[9]}},"due":5}}}"#,
        "args.long_term.promise.deliver.executive[0]",
        "Executive numbers are 5 to 8",
    ),
    (
        r#"{"action":"offer","args":{"to":1,"long_term":{"promisor":0,
            "promise":{"deliver":{"cash":10}},"collateral":{"experience":[77]},"due":5}}}"#,
        "args.long_term.collateral.experience[0]",
        "there is no Experience card 77",
    ),
    (
        r#"{"action":"offer","args":{"to":1,"long_term":{"promisor":7,
            "promise":{"deliver":{"cash":10}},"due":5}}}"#,
        "args.long_term.promisor",
        "there is no seat 7",
    ),
    (
        r#"{"action":"offer","args":{"to":4,"give":{"cash":10}}}"#,
        "args.to",
        "there is no seat 4",
    ),
    (
        r#"{"action":"offer","args":{"to":18446744073709551615,"give":{"cash":10}}}"#,
        "args.to",
        "there is no seat",
    ),
    (
        r#"{"action":"offer","args":{"to":1,"give_commitments":[{"kind":"not_fire","value":9}]}}"#,
        "args.give_commitments[0].value",
        "there is no seat 9",
    ),
    (
        r#"{"action":"offer","args":{"to":1,"take_commitments":[{"kind":"vote","value":"for"},
            {"kind":"fire_target","value":5}]}}"#,
        "args.take_commitments[1].value",
        "there is no seat 5",
    ),
    (
        r#"{"action":"counter","args":[0,{"to":0,"give":{"experience":[56]}}]}"#,
        "args[1].give.experience[0]",
        "there is no Experience card 56",
    ),
    (
        r#"{"action":"fire","args":4}"#,
        "args",
        "there is no seat 4",
    ),
    (
        r#"{"action":"meeting","args":12}"#,
        "args",
        "there is no seat 12",
    ),
    (
        r#"{"action":"show","args":4}"#,
        "args",
        "there is no seat 4",
    ),
    (
        r#"{"action":"move","args":9}"#,
        "args",
        "positions are 1 to 8",
    ),
    (
        r#"{"action":"move","args":0}"#,
        "args",
        "positions are 1 to 8",
    ),
];

fn check_bad(g: &TheBoss) {
    for &(json, path, words) in BAD {
        let e = g
            .action_from_json(json)
            .expect_err(&format!("{json} is refused"));
        assert!(
            e.reason.contains(&format!("`{path}`")) && e.reason.contains(words),
            "{json}: expected `{path}` and {words:?} in {:?}",
            e.reason
        );
    }
}

#[test]
fn out_of_range_ids_and_seats_are_refused_naming_the_field() {
    check_bad(&fresh(4));
    // The table's own seats bound the seats: seat 3 of a two-player table does not exist.
    let g = fresh(2);
    let e = g
        .action_from_json(r#"{"action":"offer","args":{"to":3,"give":{"cash":10}}}"#)
        .unwrap_err();
    assert!(e.reason.contains("`args.to`"), "{e}");
    assert!(e.reason.contains("0 to 1"), "{e}");
}

#[test]
fn the_message_gives_the_range() {
    let g = fresh(4);
    let e = g
        .action_from_json(r#"{"action":"offer","args":{"to":1,"give":{"experience":[56]}}}"#)
        .unwrap_err();
    let n = g.data().exp_cards.len();
    assert!(e.reason.contains(&format!("0 to {}", n - 1)), "{e}");
}

/// At any moment of a game, whoever is to act: the same inputs are refused, never a panic.
#[test]
fn bad_ids_are_refused_in_every_state() {
    for seed in 0..2u64 {
        let (_, log, _) = random_game(4, seed, 3_000);
        let mut g = TheBoss::new(&boardroom_theboss::Config::new(4), seed).unwrap();
        for (i, (seat, a)) in log.iter().enumerate() {
            if i % 50 == 0 {
                check_bad(&g);
            }
            g.apply(*seat, a.clone(), &mut Vec::new()).unwrap();
        }
        check_bad(&g);
    }
}

#[test]
fn a_note_longer_than_the_limit_is_refused_naming_the_field() {
    let g = fresh(4);
    let max = g.data().limits().note_max_chars as usize;
    let note = "x".repeat(max + 1);
    let json =
        format!(r#"{{"action":"offer","args":{{"to":1,"give":{{"cash":10}},"note":"{note}"}}}}"#);
    let e = g.action_from_json(&json).unwrap_err();
    assert!(e.reason.contains("`args.note`"), "{e}");
    let ok = format!(
        r#"{{"action":"offer","args":{{"to":1,"give":{{"cash":10}},"note":"{}"}}}}"#,
        "x".repeat(max)
    );
    assert!(g.action_from_json(&ok).is_ok());
}

/// The notation writes every action, however wrong its ids: a second line of defence, so a
/// log or an error message never panics on an action no reader produced.
#[test]
fn the_notation_writes_any_action() {
    let g = fresh(4);
    let bundle = Bundle {
        cash: u32::MAX,
        shares: u32::MAX,
        experience: vec![0, 47, 48, 200, 255],
        executive: vec![19, 20, 255],
        fate: true,
    };
    let offer = Offer {
        to: usize::MAX,
        give: bundle.clone(),
        take: bundle.clone(),
        long_term: Some(LongTerm {
            promisor: usize::MAX,
            promise: Promise::Deliver(Deliverable {
                cash: 1,
                shares: 1,
                experience: vec![0, 5, 6, 200, 255],
                executive: vec![0, 5, 8, 9, 255],
            }),
            collateral: bundle,
            due: u32::MAX,
        }),
        cancel: Some(u32::MAX),
        note: "\"\\\n\u{0}é".into(),
        ..Offer::default()
    };
    let actions = [
        Action::Offer(Box::new(offer.clone())),
        Action::Counter(u32::MAX, Box::new(offer)),
        Action::Auction(Lot::Experience(255), u32::MAX),
        Action::Auction(Lot::Executive(255), 0),
        Action::Move(255),
        Action::Fire(usize::MAX),
    ];
    for a in actions {
        let text = g.format_action(a.clone());
        assert!(!text.is_empty());
        // What it wrote for an unknown card is not read as some other card.
        if let Ok(b) = g.parse_action(&text) {
            assert!(g.check(0, b).is_err(), "{text}");
        }
    }
}
