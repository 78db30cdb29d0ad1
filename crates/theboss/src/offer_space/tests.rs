use super::*;
use crate::action::Action;
use crate::action_space::{ACTION_SPACE, FIRST_BID, FIRST_BUILT};
use crate::data::FateEffect;
use crate::Config;
use boardroom_engine::{rng, Game, Style};
use rand::Rng;

#[test]
fn every_builder_id_reads_back_and_the_layout_is_the_documented_one() {
    assert_eq!(BUILT_OFFERS, 1536);
    assert_eq!(FIRST_BUILT, 403);
    assert_eq!(ACTION_SPACE, 2189);
    for i in 0..BUILT_OFFERS {
        let b = BuiltOffer::from_index(i).expect("every builder id reads");
        assert_eq!(b.index(), Some(i), "{b:?}");
    }
    assert_eq!(BuiltOffer::from_index(BUILT_OFFERS), None);
    // The module's formula: buy (direction 1) a COL card (item 4) from the seat two places to
    // the left at 10 cash steps (rung 5).
    let b = BuiltOffer {
        partner: 2,
        item: OfferItem::Experience(1),
        sell: false,
        rung: 5,
    };
    // (((2 - 1) × 16 + 4) × 2 + 1) × 16 + 5
    assert_eq!(b.index(), Some(661));
    assert_eq!(
        BuiltOffer::from_index(0),
        Some(BuiltOffer {
            partner: 1,
            item: OfferItem::Shares(1),
            sell: true,
            rung: 0
        })
    );
    let last = BuiltOffer::from_index(BUILT_OFFERS - 1).unwrap();
    assert_eq!(
        (last.partner, last.item, last.sell),
        (3, OfferItem::NotFire, false)
    );
    assert_eq!(PRICE_LADDER[last.rung], 250);
    for bad in [
        BuiltOffer { partner: 0, ..b },
        BuiltOffer { partner: 4, ..b },
        BuiltOffer { rung: 16, ..b },
        BuiltOffer {
            item: OfferItem::Shares(3),
            ..b
        },
        BuiltOffer {
            item: OfferItem::Experience(6),
            ..b
        },
        BuiltOffer {
            item: OfferItem::Executive(4),
            ..b
        },
    ] {
        assert_eq!(bad.index(), None, "{bad:?}");
    }
}

/// The mask against the rules, id by id, for every seat of `game`; and the round trips of the ids that name an offer. Counts the legal ids per item into `seen`.
fn check_state(game: &TheBoss, seen: &mut [usize; ITEMS], late: &mut usize) {
    let mut legal = Vec::new();
    let mut mask = vec![false; ACTION_SPACE];
    for seat in 0..game.num_players() {
        game.legal_actions(seat, &mut legal);
        game.space_mask(seat, &legal, &mut mask);
        // Every answer to an open offer has an id, however many are open.
        for a in &legal {
            if matches!(
                a,
                Action::Accept(_) | Action::Reject(_) | Action::Withdraw(_)
            ) {
                let j = game.space_index(seat, a).expect("an answer has an id");
                assert!(mask[j], "{a:?} at {j}");
                *late += usize::from(game.offers.len() > 8);
                assert_eq!(game.from_space_index(seat, j).as_ref(), Some(a));
            }
        }
        // The menu, the places, the auctions and the bids, id by id.
        for id in (0..FIRST_BUILT).chain(FIRST_BID..ACTION_SPACE) {
            let action = game.from_space_index(seat, id);
            let rules = action.as_ref().is_some_and(|a| game.is_legal(seat, a));
            assert_eq!(mask[id], rules, "seat {seat}, id {id}: {action:?}");
        }
        for i in 0..BUILT_OFFERS {
            let id = FIRST_BUILT + i;
            let action = game.from_space_index(seat, id);
            let rules = action.as_ref().is_some_and(|a| game.is_legal(seat, a));
            assert_eq!(mask[id], rules, "seat {seat}, id {id}: {action:?}");
            if rules {
                seen[i / (2 * PRICE_LADDER.len()) % ITEMS] += 1;
            }
            let Some(a) = action else {
                continue;
            };
            let j = game.space_index(seat, &a).expect("a built offer has an id");
            assert_eq!(game.from_space_index(seat, j).as_ref(), Some(&a), "{a:?}");
            assert_eq!(j, id, "{a:?}");
            let Action::Offer(o) = &a else {
                panic!("a builder id names an offer: {a:?}");
            };
            assert_eq!(game.built_of(seat, o), BuiltOffer::from_index(i));
        }
    }
}

/// A copy of `game` in which the active player, holding a Fire card, has promised to fire a
/// seat (a FireTarget is open: the severance is reserved, no Fate card may move).
fn with_fire_target(game: &TheBoss) -> Option<TheBoss> {
    let s = game.turn.seat;
    let card = game.players[s].fate.as_ref()?.card;
    if !matches!(game.data.fate_effect(card), FateEffect::Fire { .. }) {
        return None;
    }
    let mut g = game.clone();
    g.turn.must_fire = Some(game.left_of(s));
    Some(g)
}

/// Along random and reference-bot games of 2–4 players: on sampled states, for every seat and
/// every builder id, the mask bit is the rules' verdict on the offer the id names, and the id
/// round trips; every item of the menu is legal somewhere.
#[test]
fn the_builder_mask_is_the_rules_verdict_id_by_id() {
    let mut seen = [0; ITEMS];
    let mut promised = 0;
    let mut crowded = 0;
    let mut late = 0;
    let mut r = rng::from_seed(11);
    for (k, players) in [2, 3, 4, 3, 4].into_iter().enumerate() {
        let bots = k >= 2;
        let mut game = TheBoss::new(&Config::new(players), 100 + k as u64).unwrap();
        let mut legal = Vec::new();
        for step in 0..1500 {
            let Some(seat) = game.to_act().choose(&mut r) else {
                break;
            };
            let many = game.offers.len() > 8;
            crowded += usize::from(many);
            if step % 23 == 0 || (game.meeting.is_some() || many) && step % 3 == 0 {
                check_state(&game, &mut seen, &mut late);
                if let Some(g) = with_fire_target(&game) {
                    check_state(&g, &mut seen, &mut late);
                    promised += 1;
                }
            }
            let a = if bots {
                game.policy_action(seat, &Style::default(), &mut r)
            } else {
                game.legal_actions(seat, &mut legal);
                Some(legal[r.gen_range(0..legal.len())].clone())
            };
            // Now and then a builder offer, so that offers of every kind reach the table.
            let mut mask = vec![false; ACTION_SPACE];
            game.legal_actions(seat, &mut legal);
            game.space_mask(seat, &legal, &mut mask);
            let built: Vec<usize> = (FIRST_BUILT..FIRST_BID).filter(|&i| mask[i]).collect();
            let a = if !built.is_empty() && r.gen_range(0..if bots { 8 } else { 2 }) == 0 {
                game.from_space_index(seat, built[r.gen_range(0..built.len())])
            } else {
                a
            };
            game.play(seat, a.expect("a seat that may act has a move"))
                .unwrap();
        }
    }
    assert!(promised > 0, "states with a FireTarget open were checked");
    assert!(
        crowded > 0,
        "states with more than 8 open offers were checked"
    );
    for (item, &n) in seen.iter().enumerate() {
        assert!(
            n > 0,
            "item {item} ({:?}) legal somewhere",
            OfferItem::from_number(item)
        );
    }
}

/// An offer built by id is made, stands on the table with its price, and an id the mask
/// leaves out is refused and changes nothing.
#[test]
fn an_offer_made_by_id_has_the_chosen_partner_and_price() {
    let mut game = TheBoss::new(&Config::new(3), 5).unwrap();
    let seat = game.active();
    // Everyone starts with $500 and nothing else: buying 1 share lot is refused (nobody has
    // shares), selling nothing either.
    let b = BuiltOffer {
        partner: 2,
        item: OfferItem::Shares(1),
        sell: false,
        rung: 7,
    };
    let id = FIRST_BUILT + b.index().unwrap();
    let mut legal = Vec::new();
    let mut mask = vec![false; ACTION_SPACE];
    game.legal_actions(seat, &mut legal);
    game.space_mask(seat, &legal, &mut mask);
    assert!(!mask[id]);
    let before = game.clone();
    let a = game.from_space_index(seat, id).unwrap();
    assert!(game.play(seat, a).is_err());
    assert_eq!(game, before);
    // Give the partner shares: the offer is legal and is made at the chosen price.
    let to = (seat + 2) % 3;
    game.players[to].shares = 30;
    game.space_mask(seat, &legal, &mut mask);
    assert!(mask[id]);
    let a = game.from_space_index(seat, id).unwrap();
    game.play(seat, a).unwrap();
    let o = &game.offers.last().unwrap();
    assert_eq!((o.from, o.offer.to), (seat, to));
    assert_eq!(o.offer.give.cash, 200);
    assert_eq!(o.offer.take.shares, 10);
}
