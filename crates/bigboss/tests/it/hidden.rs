//! Hidden information specific to Big Boss: who sees which cards. The generic checks (views
//! ignore other players' secrets, samples keep the view, the seed never leaks) are in
//! `conformance.rs`.

use crate::common;

use boardroom_bigboss::card::Card;
use boardroom_bigboss::{BigBoss, Config, Edition, Event};
use boardroom_engine::{Game, Viewer};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The conformance kit checks that a change of secrets a viewer may not know leaves its view
/// unchanged; here, the other direction: the player whose hand changed notices.
#[test]
fn a_change_of_hand_is_seen_by_its_owner() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut compared = 0;
    for edition in [Edition::Modern, Edition::Classic] {
        for seed in 0..20u64 {
            let players = 2 + (seed as usize % 5);
            let mut g = BigBoss::new(&Config::new(edition, players), seed).unwrap();
            let mut legal = Vec::new();
            let mut step = 0;
            while let Some(seat) = g.to_act().first() {
                if step % 17 == 0 {
                    for viewer in 0..players {
                        let Some(h) = common::vary_secrets(&g, Viewer::Seat(viewer), &mut rng)
                        else {
                            continue;
                        };
                        let changed = (0..players)
                            .any(|s| h.observe(Viewer::Seat(s)) != g.observe(Viewer::Seat(s)));
                        let hands_differ =
                            (0..players).any(|s| h.player(s).hand != g.player(s).hand);
                        assert_eq!(changed, hands_differ);
                        compared += usize::from(hands_differ);
                    }
                }
                g.legal_actions(seat, &mut legal);
                let a = legal[rng.gen_range(0..legal.len())];
                g.play(seat, a).unwrap();
                step += 1;
            }
        }
    }
    assert!(compared > 200, "only {compared} comparisons");
}

#[test]
fn deck_purchases_are_shown_only_to_the_buyer() {
    let mut g = BigBoss::new(&Config::new(Edition::Modern, 3), 9).unwrap();
    let seat = g.current();
    let events = g.play(seat, "buy deck".parse().unwrap()).unwrap();
    let bought = events
        .iter()
        .find(|e| matches!(e, Event::BoughtFromDeck { .. }))
        .unwrap();
    let Event::BoughtFromDeck {
        card: Some(card), ..
    } = bought
    else {
        panic!("the full event names the card")
    };
    assert!(g.player(seat).hand.contains(*card));
    assert_eq!(BigBoss::redact(bought, Viewer::Seat(seat)), bought.clone());
    for v in [Viewer::Seat((seat + 1) % 3), Viewer::Spectator] {
        assert_eq!(
            BigBoss::redact(bought, v),
            Event::BoughtFromDeck { seat, card: None }
        );
    }
    // The card is not among the cards everybody knows of.
    assert!(g.player(seat).known.is_empty());
}

#[test]
fn row_purchases_are_public_knowledge() {
    let mut g = BigBoss::new(&Config::new(Edition::Modern, 3), 9).unwrap();
    let seat = g.current();
    let card = g.row()[2];
    g.play(seat, format!("buy {card}").parse().unwrap())
        .unwrap();
    let other = g.observe(Viewer::Seat((seat + 1) % 3));
    assert_eq!(other.players[seat].known, vec![Card::Industry(card)]);
    assert!(other.hand.as_ref().unwrap().len() == 10);
}

#[test]
fn a_player_sees_their_own_hand_and_nobody_elses() {
    let g = BigBoss::new(&Config::new(Edition::Classic, 4), 77).unwrap();
    for s in 0..4 {
        let o = g.observe(Viewer::Seat(s));
        assert_eq!(o.hand.as_ref().unwrap(), &g.player(s).hand.cards());
        assert!(o.players.iter().all(|p| p.hand_size == 12));
        assert!(o.players.iter().all(|p| p.level_cards.is_none()));
    }
    assert!(g.observe(Viewer::Spectator).hand.is_none());
}
