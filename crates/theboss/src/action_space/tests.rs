use super::*;
use crate::action::{Bundle, Commitment};
use crate::Config;
use boardroom_engine::{rng, Game, Style};
use rand::Rng;
use std::collections::HashMap;

#[test]
fn the_layout_is_the_documented_one() {
    assert_eq!(ACTION_SPACE_VERSION, 2);
    assert_eq!(
        (FIRST_ACCEPT, FIRST_COUNTER, FIRST_SETTLE, FIRST_AUCTION),
        (45, 81, 93, 109)
    );
    assert_eq!((FIRST_BUILT, FIRST_BID, ACTION_SPACE), (403, 1939, 2189));
    assert_eq!(id_kind(0), Some(IdKind::Menu));
    assert_eq!(id_kind(58), Some(IdKind::OfferPlace(1)));
    assert_eq!(id_kind(104), Some(IdKind::DealPlace(3)));
    assert_eq!(id_kind(109 + 3 * 21 + 20), Some(IdKind::Auction(3, 20)));
    assert_eq!(id_kind(1938 + 7), Some(IdKind::Bid(7)));
    assert_eq!(id_kind(ACTION_SPACE), None);
}

/// A card list with each card replaced by its kind (Experience) or number (Executive).
fn kinds(game: &TheBoss, b: &Bundle) -> String {
    let exp: Vec<u8> = b
        .experience
        .iter()
        .map(|&c| game.data.exp_kind(c))
        .collect();
    let exec: Vec<u8> = b
        .executive
        .iter()
        .map(|&c| game.data.exec_number(c))
        .collect();
    format!(
        "${} {}sh exp{exp:?} exec{exec:?} fate {}",
        b.cash, b.shares, b.fate
    )
}

/// The seat a commitment names, as places to the left of `seat`; a vote as the side it
/// favours (FOR the meeting's caller, AGAINST its target).
fn commitments(game: &TheBoss, seat: Seat, cs: &[Commitment]) -> String {
    let n = game.num_players();
    let rel = |s: Seat| (s + n - seat) % n;
    cs.iter()
        .map(|c| match *c {
            Commitment::Vote(v) => match (&game.meeting, v) {
                (Some(m), Vote::For) => format!("vote with +{}", rel(m.caller)),
                (Some(m), Vote::Against) => format!("vote with +{}", rel(m.target)),
                _ => format!("vote {v:?}"),
            },
            Commitment::FireTarget(s) => format!("fire +{}", rel(s)),
            Commitment::NotFire(s) => format!("spare +{}", rel(s)),
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// What `action` of `seat` means, with everything the state supplies abstracted to what an
/// agent sees: offers and deals by their place in the observation's lists, cards by kind,
/// seats relative to the actor. An id must mean one thing in every state.
fn meaning(game: &TheBoss, seat: Seat, action: &Action) -> String {
    let obs = game.observe(boardroom_engine::Viewer::Seat(seat));
    let offer_place = |id: u32| obs.public.offers.iter().position(|o| o.id == id);
    let deal_place = |id: u32| obs.public.deals.iter().position(|d| d.id == id);
    let n = game.num_players();
    let offer = |o: &Offer| {
        format!(
            "to +{} give {} take {} gives [{}] asks [{}] long {:?} cancel {:?} note {:?}",
            (o.to + n - seat) % n,
            kinds(game, &o.give),
            kinds(game, &o.take),
            commitments(game, seat, &o.give_commitments),
            commitments(game, seat, &o.take_commitments),
            o.long_term.is_some(),
            o.cancel.is_some(),
            o.note
        )
    };
    match action {
        Action::Accept(id) => format!("accept place {:?}", offer_place(*id)),
        Action::Reject(id) => format!("reject place {:?}", offer_place(*id)),
        Action::Withdraw(id) => format!("withdraw place {:?}", offer_place(*id)),
        Action::Counter(id, _) => format!("counter place {:?}, turned around", offer_place(*id)),
        Action::Settle(id) => format!("settle place {:?}", deal_place(*id)),
        Action::Release(id) => format!("release place {:?}", deal_place(*id)),
        Action::Default(id) => format!("default place {:?}", deal_place(*id)),
        Action::WalkAway(id) => format!("walk away place {:?}", deal_place(*id)),
        Action::Auction(lot, r) => {
            let lot = match *lot {
                Lot::Experience(c) => format!("exp kind {}", game.data.exp_kind(c)),
                Lot::Executive(c) => format!("exec #{}", game.data.exec_number(c)),
                other => format!("{other:?}"),
            };
            format!("auction {lot} reserve {r}")
        }
        Action::Offer(o) => format!("offer {}", offer(o)),
        other => format!("{other:?}"),
    }
}

/// The counter group's offer is the one the counter of place j holds, checked on its own.
fn check_counter(game: &TheBoss, seat: Seat, a: &Action) {
    if let Action::Counter(id, c) = a {
        let p = game.offers.iter().find(|p| p.id == *id).unwrap();
        assert_eq!(c.to, p.from);
        assert_eq!(c.give, p.offer.take);
        assert_eq!(
            c.take.cash,
            p.offer.give.cash + game.data.economy().cash_step
        );
        assert_eq!(
            game.space_index(seat, a),
            game.offers
                .iter()
                .position(|p| p.id == *id)
                .map(|j| FIRST_COUNTER + j)
        );
    }
}

/// Over states sampled from random and reference-bot play at 2, 3 and 4 players: every id
/// that names a move names one of the same meaning in every state (offers and deals by their
/// place in the observation's lists, cards by kind, seats relative to the actor); every legal
/// id reads back to itself; the mask is the rules' verdict id by id; place j is entry j of
/// the observation's lists.
#[test]
fn every_id_has_one_meaning_in_every_state() {
    let mut meanings: Vec<Option<String>> = vec![None; ACTION_SPACE];
    let mut kinds_seen: HashMap<&'static str, usize> = HashMap::new();
    let mut legal = Vec::new();
    let mut mask = vec![false; ACTION_SPACE];
    let mut r = rng::from_seed(3);
    for (k, players) in [2, 3, 4, 2, 3, 4].into_iter().enumerate() {
        let bots = k >= 3;
        let mut game = TheBoss::new(&Config::new(players), 40 + k as u64).unwrap();
        for step in 0..2000 {
            let Some(seat) = game.to_act().choose(&mut r) else {
                break;
            };
            game.legal_actions(seat, &mut legal);
            game.space_mask(seat, &legal, &mut mask);
            if step % 7 == 0 || game.auction.is_some() && step % 2 == 0 {
                let obs = game.observe(boardroom_engine::Viewer::Seat(seat));
                for (j, p) in game.offers.iter().enumerate() {
                    assert_eq!(obs.public.offers[j].id, p.id, "offer place {j}");
                }
                for (j, d) in game.deals.iter().enumerate() {
                    assert_eq!(obs.public.deals[j].id, d.id, "deal place {j}");
                }
                for id in 0..ACTION_SPACE {
                    let Some(a) = game.from_space_index(seat, id) else {
                        assert!(!mask[id], "id {id} names nothing but is masked in");
                        continue;
                    };
                    let rules = game.is_legal(seat, &a);
                    assert_eq!(mask[id], rules, "seat {seat}, id {id}: {a:?}");
                    if !rules {
                        continue;
                    }
                    check_counter(&game, seat, &a);
                    assert_eq!(game.space_index(seat, &a), Some(id), "{a:?}");
                    let m = meaning(&game, seat, &a);
                    let kind = match id_kind(id).unwrap() {
                        IdKind::Menu => "menu",
                        IdKind::OfferPlace(_) => "offer place",
                        IdKind::DealPlace(_) => "deal place",
                        IdKind::Auction(..) => "auction",
                        IdKind::Built(_) => "built",
                        IdKind::Bid(_) => "bid",
                    };
                    *kinds_seen.entry(kind).or_default() += 1;
                    // Builder offers name cards by kind and seats by place: the meaning is
                    // its builder id read, which must match the offer named.
                    if let (IdKind::Built(b), Action::Offer(o)) = (id_kind(id).unwrap(), &a) {
                        assert_eq!(game.built_of(seat, o), Some(b), "{a:?}");
                    }
                    match &meanings[id] {
                        Some(first) => assert_eq!(first, &m, "id {id} means two things"),
                        None => meanings[id] = Some(m),
                    }
                }
            }
            // Every listed move but offers, counters and auctions of other terms has an id.
            for a in &legal {
                let i = game.space_index(seat, a);
                let free = matches!(
                    a,
                    Action::Offer(_) | Action::Counter(..) | Action::Auction(..)
                );
                assert!(free || i.is_some(), "{a:?} has an id");
                if let Some(i) = i {
                    assert!(mask[i], "{a:?} at {i} is masked in");
                    assert_eq!(game.from_space_index(seat, i).as_ref(), Some(a));
                }
            }
            let a = if bots {
                game.policy_action(seat, &Style::default(), &mut r)
                    .expect("a seat that may act has a move")
            } else if r.gen_bool(0.5) {
                // A uniform legal id from the mask, the documented random recipe.
                let ids: Vec<usize> = (0..ACTION_SPACE).filter(|&i| mask[i]).collect();
                game.from_space_index(seat, ids[r.gen_range(0..ids.len())])
                    .unwrap()
            } else {
                // Offers accepted often, so that long-term deals reach the table.
                let loan = |a: &&Action| matches!(a, Action::Offer(o) if o.long_term.is_some());
                let deal = legal
                    .iter()
                    .find(|a| matches!(a, Action::Accept(_)))
                    .or_else(|| legal.iter().find(loan));
                match deal {
                    Some(a) if r.gen_bool(0.8) => a.clone(),
                    _ => legal[r.gen_range(0..legal.len())].clone(),
                }
            };
            game.play(seat, a).unwrap();
        }
    }
    for kind in [
        "menu",
        "offer place",
        "deal place",
        "auction",
        "built",
        "bid",
    ] {
        assert!(
            kinds_seen.get(kind).copied().unwrap_or(0) > 0,
            "ids of kind {kind} legal somewhere: {kinds_seen:?}"
        );
    }
}

/// A counter by id is the offer turned around with one cash step more, made as a counter:
/// the countered offer leaves the table and the new one stands; the id of an empty place
/// names nothing.
#[test]
fn a_counter_by_id_turns_the_offer_around() {
    let mut legal = Vec::new();
    let mut mask = vec![false; ACTION_SPACE];
    let mut countered = 0;
    let mut r = rng::from_seed(8);
    for seed in 0..4 {
        let mut game = TheBoss::new(&Config::new(3), seed).unwrap();
        for _ in 0..1500 {
            let Some(seat) = game.to_act().choose(&mut r) else {
                break;
            };
            game.legal_actions(seat, &mut legal);
            game.space_mask(seat, &legal, &mut mask);
            let places = game.offers.len();
            let empty = FIRST_COUNTER + places;
            if places < OFFER_PLACES {
                assert_eq!(game.from_space_index(seat, empty), None);
                assert!(!mask[empty], "no offer in place {places}");
            }
            let Some(j) = (0..places).find(|&j| mask[FIRST_COUNTER + j]) else {
                let a = game.policy_action(seat, &Style::default(), &mut r).unwrap();
                game.play(seat, a).unwrap();
                continue;
            };
            let a = game.from_space_index(seat, FIRST_COUNTER + j).unwrap();
            check_counter(&game, seat, &a);
            let old = game.offers[j].clone();
            game.play(seat, a).unwrap();
            assert!(
                game.offers.iter().all(|p| p.id != old.id),
                "countered offer gone"
            );
            let p = game.offers.last().unwrap();
            assert_eq!((p.from, p.offer.to), (seat, old.from));
            assert_eq!(p.offer.give, old.offer.take);
            assert_eq!(p.offer.take.cash, old.offer.give.cash + 10);
            countered += 1;
        }
    }
    assert!(countered > 0, "some offer was countered by id");
}

/// Every move of the reference bots, at 2, 3 and 4 players, has an id in the space: its own
/// when the space names it, else the nearest one, which the rules accept; and the kinds of
/// move the ids cannot name all occur.
#[test]
fn every_bot_move_has_an_id() {
    let mut r = rng::from_seed(1);
    let (mut all, mut own, mut snapped) = (0, 0, HashMap::<&str, usize>::new());
    for players in 2..=4 {
        for seed in 0..4 {
            let mut game = TheBoss::new(&Config::new(players), seed).unwrap();
            for _ in 0..3000 {
                let Some(seat) = game.to_act().choose(&mut r) else {
                    break;
                };
                let a = game.policy_action(seat, &Style::default(), &mut r).unwrap();
                let i = game
                    .nearest_space_index(seat, &a)
                    .expect("a bot move has an id");
                let b = game.from_space_index(seat, i).unwrap();
                assert!(game.is_legal(seat, &b), "{a:?} at {i}: {b:?}");
                all += 1;
                if game.space_index(seat, &a) == Some(i) {
                    own += 1;
                } else {
                    let kind = match (&a, &b) {
                        (Action::Offer(_), Action::Offer(_)) => "offer at a price",
                        (Action::Counter(..), _) => "counter",
                        _ => "other",
                    };
                    *snapped.entry(kind).or_default() += 1;
                }
                game.play(seat, a).unwrap();
            }
        }
    }
    assert!(
        own * 100 > all * 95,
        "most bot moves are named as they are: {own} of {all}"
    );
    assert!(snapped.contains_key("offer at a price"), "{snapped:?}");
    assert!(snapped.contains_key("counter"), "{snapped:?}");
}
