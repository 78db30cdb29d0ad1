//! Hidden information: what a viewer receives does not depend on other players' secrets, and
//! the seed never leaves the engine.

use boardroom_bigboss::card::Card;
use boardroom_bigboss::{BigBoss, Config, Edition, Event, Position};
use boardroom_engine::{Game, Viewer};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Whether `c` in this player's hand is a secret (not bought face up, not a public level card).
fn is_secret(known: &[Card], c: &Card, levels_public: bool) -> bool {
    let public = known.contains(c) || (levels_public && c.is_level());
    !public
}

/// Swaps secret cards: one unknown card of another player's hand with a deck card, then
/// shuffles the deck. Nothing public changes. Returns `None` when there is nothing to swap.
fn vary_secrets(g: &BigBoss, viewer: usize, rng: &mut ChaCha8Rng) -> Option<BigBoss> {
    let mut pos: Position = g.position();
    let levels_public = g.edition() == Edition::Modern;
    let others: Vec<usize> = (0..pos.players.len())
        .filter(|&s| s != viewer)
        .filter(|&s| {
            pos.players[s]
                .hand
                .iter()
                .any(|c| is_secret(&pos.players[s].known, c, levels_public))
        })
        .collect();
    if pos.deck.len() < 2 || others.is_empty() {
        return None;
    }
    let s = *others.choose(rng).unwrap();
    let secret: Vec<usize> = (0..pos.players[s].hand.len())
        .filter(|&i| {
            let c: Card = pos.players[s].hand[i];
            is_secret(&pos.players[s].known, &c, levels_public)
        })
        .collect();
    let i = *secret.choose(rng).unwrap();
    let j = rng.gen_range(0..pos.deck.len());
    std::mem::swap(&mut pos.players[s].hand[i], &mut pos.deck[j]);
    pos.deck.shuffle(rng);
    Some(BigBoss::from_position(&pos).expect("still a valid position"))
}

#[test]
fn observation_ignores_other_players_secrets_and_deck_order() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut compared = 0;
    for edition in [Edition::Modern, Edition::Classic] {
        for seed in 0..40u64 {
            let players = 2 + (seed as usize % 5);
            let mut g = BigBoss::new(&Config::new(edition, players), seed).unwrap();
            let mut legal = Vec::new();
            let mut step = 0;
            while let Some(seat) = g.to_act().first() {
                if step % 17 == 0 {
                    for viewer in 0..players {
                        if let Some(h) = vary_secrets(&g, viewer, &mut rng) {
                            assert_ne!(h, g, "the variant differs in secrets");
                            assert_eq!(
                                h.observe(Viewer::Seat(viewer)),
                                g.observe(Viewer::Seat(viewer))
                            );
                            assert_eq!(h.observe(Viewer::Spectator), g.observe(Viewer::Spectator));
                            // The player whose secrets changed would notice (the test can fail).
                            let changed = (0..players)
                                .any(|s| h.observe(Viewer::Seat(s)) != g.observe(Viewer::Seat(s)));
                            let hands_differ =
                                (0..players).any(|s| h.player(s).hand != g.player(s).hand);
                            assert_eq!(changed, hands_differ);
                            // Sampling sees only the observation: same generator, same sample.
                            let v = Viewer::Seat(viewer);
                            let a = g.sample_hidden(v, &mut ChaCha8Rng::seed_from_u64(step));
                            let b = h.sample_hidden(v, &mut ChaCha8Rng::seed_from_u64(step));
                            assert_eq!(a, b);
                            compared += 1;
                        }
                    }
                }
                g.legal_actions(seat, &mut legal);
                let a = legal[rng.gen_range(0..legal.len())];
                g.play(seat, a).unwrap();
                step += 1;
            }
        }
    }
    assert!(compared > 500, "only {compared} comparisons");
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
fn the_seed_never_appears_in_any_observation() {
    for edition in [Edition::Modern, Edition::Classic] {
        let seed: u64 = 0x5eed_1234_abcd_9876;
        let mut g = BigBoss::new(&Config::new(edition, 4), seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut legal = Vec::new();
        let needles = [seed.to_string(), format!("{seed:x}"), format!("{seed:X}")];
        while let Some(seat) = g.to_act().first() {
            for v in (0..4).map(Viewer::Seat).chain([Viewer::Spectator]) {
                let json = serde_json::to_string(&g.observe(v)).unwrap();
                for n in &needles {
                    assert!(!json.contains(n.as_str()));
                }
            }
            g.legal_actions(seat, &mut legal);
            let a = legal[rng.gen_range(0..legal.len())];
            g.play(seat, a).unwrap();
        }
    }
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
