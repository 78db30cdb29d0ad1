//! The prompt says what the player can do now and why the rest is closed, from the legal
//! actions; each card of a player's hand is marked playable or not (with the rule) exactly as
//! the legal actions say.

use boardroom_bigboss::{Action, BigBoss, Config, Edition, Phase};
use boardroom_engine::{Game, Present, Viewer};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[test]
fn the_turn_prompt_and_the_hand_notes_follow_the_legal_actions() {
    let mut rng = ChaCha8Rng::seed_from_u64(23);
    let mut legal = Vec::new();
    let (mut both, mut sell_or_pass, mut pass_only, mut dead_cards) = (0u32, 0u32, 0u32, 0u32);
    for edition in [Edition::Modern, Edition::Classic] {
        for seed in 0..60u64 {
            let players = 2 + (seed as usize % 5);
            let mut g = BigBoss::new(&Config::new(edition, players), seed).unwrap();
            while let Some(seat) = g.to_act().first() {
                g.legal_actions(seat, &mut legal);
                if g.phase() == Phase::Turn {
                    let prompt = g.prompt("en");
                    let play = legal.iter().any(|a| matches!(a, Action::Play(_)));
                    let buy = legal.iter().any(|a| {
                        matches!(a, Action::BuyDeck | Action::BuyRow(_) | Action::BuyLevel)
                    });
                    let sell = legal.iter().any(|a| matches!(a, Action::Sell(_)));
                    match (play, buy) {
                        (true, true) => {
                            assert_eq!(prompt, "Buy a card or play a card");
                            both += 1;
                        }
                        (true, false) => {
                            assert!(prompt.starts_with("Play a card"), "{prompt}");
                            assert!(prompt.contains("you cannot buy one"), "{prompt}");
                        }
                        (false, true) => {
                            assert!(
                                prompt.starts_with("Buy a card (you cannot play"),
                                "{prompt}"
                            );
                        }
                        (false, false) => {
                            assert!(!prompt.contains("Buy a card or play"), "{prompt}");
                            assert!(prompt.contains("you cannot buy a card ("), "{prompt}");
                            let money = g.player(seat).money;
                            assert!(
                                prompt.contains(&format!("you have ${money}M"))
                                    || prompt.contains("no card is left to buy"),
                                "{prompt}"
                            );
                            if sell {
                                assert!(prompt.ends_with("you may sell shares, then pass"));
                                sell_or_pass += 1;
                            } else {
                                assert!(prompt.ends_with("you can only pass"), "{prompt}");
                                pass_only += 1;
                            }
                        }
                    }
                    // The hand notes say the same as the legal actions.
                    let extra = g
                        .extra(Viewer::Seat(seat), "en")
                        .expect("a seat's hand notes");
                    for card in g.player(seat).hand.cards() {
                        let note = &extra["hand"][card.to_string()];
                        let listed = legal.contains(&Action::Play(card));
                        assert_eq!(note["playable"], listed, "{card}: {note}");
                        if !listed {
                            let why = note["why"].as_str().unwrap();
                            assert!(!why.is_empty(), "{card}");
                            let err = g.check(seat, Action::Play(card)).unwrap_err();
                            assert!(err.to_string().contains(why), "{err} / {why}");
                            dead_cards += 1;
                        }
                    }
                }
                let a = legal[rng.gen_range(0..legal.len())];
                g.play(seat, a).unwrap();
            }
        }
    }
    assert!(both > 0 && dead_cards > 0, "{both} {dead_cards}");
    assert!(
        sell_or_pass > 0 && pass_only > 0,
        "sell-or-pass {sell_or_pass}, pass only {pass_only}"
    );
}

#[test]
fn spectators_get_no_hand_notes() {
    let g = BigBoss::new(&Config::new(Edition::Modern, 3), 4).unwrap();
    let spectator = g.extra(Viewer::Spectator, "en").unwrap();
    assert!(spectator.get("hand").is_none(), "{spectator}");
    assert_eq!(spectator["tower_name"], "radio tower");
    let classic = BigBoss::new(&Config::new(Edition::Classic, 3), 4).unwrap();
    assert_eq!(
        classic.extra(Viewer::Seat(0), "en").unwrap()["tower_name"],
        "owner flag"
    );
    let notes = g.extra(Viewer::Seat(1), "en").unwrap();
    assert_eq!(
        notes["hand"].as_object().unwrap().len(),
        g.player(1).hand.cards().len()
    );
}
