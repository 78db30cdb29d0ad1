use super::*;
use crate::action::{Action, Promise};
use crate::observe::Observation;
use boardroom_engine::{rng, Game};
use rand::Rng;
use std::collections::HashMap;

/// The observation with what the encoding does not keep put in order: the cards of a
/// deliverable (counted per kind and number).
fn canonical(mut o: Observation) -> String {
    let sort = |p: &mut Promise| {
        if let Promise::Deliver(d) = p {
            d.experience.sort_unstable();
            d.executive.sort_unstable();
        }
    };
    let terms = |x: &mut crate::Offer| {
        x.give_commitments
            .sort_unstable_by_key(|c| format!("{c:?}"));
        x.take_commitments
            .sort_unstable_by_key(|c| format!("{c:?}"));
        if let Some(lt) = x.long_term.as_mut() {
            sort(&mut lt.promise);
        }
    };
    for x in &mut o.public.offers {
        terms(&mut x.offer);
    }
    for p in &mut o.public.players {
        for r in &mut p.refused {
            terms(&mut r.offer);
        }
    }
    for d in &mut o.public.deals {
        sort(&mut d.promise);
    }
    serde_json::to_string(&o).expect("serialises")
}

/// Items the encoding has no room for, counted from the state itself.
fn beyond_slots(g: &TheBoss) -> u32 {
    let over = |n: usize, slots: usize| n.saturating_sub(slots) as u32;
    let bundle = |b: &crate::Bundle| {
        over(b.experience.len(), offer::BUNDLE_EXPERIENCE)
            + over(b.executive.len(), offer::BUNDLE_EXECUTIVE)
    };
    let terms = |o: &crate::Offer| {
        bundle(&o.give)
            + bundle(&o.take)
            + o.long_term.as_ref().map_or(0, |lt| bundle(&lt.collateral))
    };
    let d = Dims::of(g);
    let shown = g.offers.len().min(d.offers);
    let mut n = over(g.offers.len(), d.offers)
        + g.offers[..shown]
            .iter()
            .map(|p| terms(&p.offer))
            .sum::<u32>()
        + over(g.deals.len(), DEAL_SLOTS)
        + g.deals[..g.deals.len().min(DEAL_SLOTS)]
            .iter()
            .map(|x| bundle(&x.collateral))
            .sum::<u32>()
        + over(g.broken.len(), BROKEN_SLOTS);
    for p in &g.players {
        n += over(p.refused.len(), REFUSED_SLOTS);
        let latest = &p.refused[p.refused.len().saturating_sub(REFUSED_SLOTS)..];
        n += latest.iter().map(|r| terms(&r.offer)).sum::<u32>();
    }
    n + over(g.auction.as_ref().map_or(0, |a| a.bidders.len()), SEATS)
}

/// A random game's next move: with `dealing`, offers, counters, answers and auctions are
/// preferred whenever the list has some.
fn next_move(game: &TheBoss, r: &mut impl Rng, dealing: bool) -> Option<(Seat, Action)> {
    let seat = game.to_act().choose(r)?;
    let mut legal = Vec::new();
    game.legal_actions(seat, &mut legal);
    if legal.is_empty() {
        return None;
    }
    if dealing && r.gen_bool(0.8) {
        let deals: Vec<&Action> = legal
            .iter()
            .filter(|a| {
                matches!(
                    a,
                    Action::Offer(_)
                        | Action::Counter(..)
                        | Action::Accept(_)
                        | Action::Auction(..)
                        | Action::Bid(_)
                )
            })
            .collect();
        if !deals.is_empty() {
            return Some((seat, deals[r.gen_range(0..deals.len())].clone()));
        }
    }
    Some((seat, legal[r.gen_range(0..legal.len())].clone()))
}

#[test]
fn names_match_the_length_and_are_unique() {
    for players in 2..=4 {
        let config = Config::new(players);
        let len = TheBoss::encoded_len(&config).expect("own encoding");
        let names = TheBoss::encoded_names(&config);
        assert_eq!(names.len(), len);
        let mut seen = std::collections::HashSet::new();
        for n in &names {
            assert!(seen.insert(n), "{n} twice");
        }
        assert_eq!(names[0], "overflow");
        let g = TheBoss::new(&config, 1).unwrap();
        let mut out = vec![1.0; len];
        assert!(g.encode(Viewer::Seat(0), &mut out));
        assert!(
            !g.encode(Viewer::Seat(0), &mut out[1..]),
            "wrong length refused"
        );
    }
}

/// Along random games (plain, and dealing-heavy ones full of offers, deals and auctions) of
/// 2–4 players, for the actor and a spectator: two states whose observations differ encode
/// differently when nothing overflowed; `overflow` counts exactly the items left out; the
/// update equals the full encoding; re-drawing the hidden cards changes nothing.
#[test]
fn the_array_determines_the_observation() {
    let mut seen: HashMap<Vec<u32>, String> = HashMap::new();
    let (mut states, mut overflowed) = (0, 0);
    for players in 2..=4 {
        for (seed, dealing) in [(1, false), (2, true), (3, true)] {
            let config = Config::new(players);
            let len = TheBoss::encoded_len(&config).unwrap();
            let mut game = TheBoss::new(&config, seed).unwrap();
            let mut r = rng::from_seed(seed * 7 + players as u64);
            let (mut full, mut kept) = (vec![0.0; len], vec![0.0; len]);
            let mut memo = EncodeMemo::new();
            for t in 0..400 {
                let viewers = [Viewer::Seat(t % players), Viewer::Spectator];
                for v in viewers {
                    let dropped = game.encode_into(v, &mut full).unwrap();
                    assert_eq!(
                        dropped,
                        beyond_slots(&game),
                        "overflow counts what is left out"
                    );
                    assert!(game.encode_update(v, &mut kept, &mut memo));
                    assert_eq!(full, kept, "update at decision {t}");
                    states += 1;
                    if dropped > 0 {
                        overflowed += 1;
                        continue;
                    }
                    let obs = canonical(game.observation(v));
                    let key: Vec<u32> = full.iter().map(|x| x.to_bits()).collect();
                    if let Some(other) = seen.insert(key, obs.clone()) {
                        assert_eq!(other, obs, "equal arrays from different observations");
                    }
                    let mut r2 = rng::from_seed(t as u64);
                    let mut hidden = vec![0.0; len];
                    game.sample(v, &mut r2).encode_into(v, &mut hidden).unwrap();
                    assert_eq!(hidden, full, "the hidden cards do not show");
                }
                let Some((seat, a)) = next_move(&game, &mut r, dealing) else {
                    break;
                };
                game.play(seat, a).unwrap();
            }
        }
    }
    assert!(
        overflowed * 50 <= states,
        "{overflowed} of {states} states overflowed"
    );
}

/// One buffer brought up to date from game to game (two dealing-heavy games, and copies of
/// one that go separate ways from the same lists): it always equals the full encoding.
#[test]
fn the_update_follows_any_game_of_the_kind() {
    let config = Config::new(4);
    let len = TheBoss::encoded_len(&config).unwrap();
    let mut games = [
        TheBoss::new(&config, 5).unwrap(),
        TheBoss::new(&config, 6).unwrap(),
    ];
    let mut r = rng::from_seed(9);
    let (mut full, mut kept) = (vec![0.0; len], vec![0.0; len]);
    let mut memo = EncodeMemo::new();
    let mut lists = 0;
    for t in 0..300 {
        let k = t % 2;
        // Every 25 decisions the other game becomes a copy of this one, both then moving on.
        if t % 25 == 24 {
            games[1 - k] = games[k].clone();
        }
        for g in &mut games {
            if let Some((seat, a)) = next_move(g, &mut r, true) {
                g.play(seat, a).unwrap();
            }
        }
        let g = &games[k];
        lists += g.offers.len() + g.players.iter().map(|p| p.refused.len()).sum::<usize>();
        let v = Viewer::Seat(t % 4);
        g.encode_into(v, &mut full).unwrap();
        assert!(g.encode_update(v, &mut kept, &mut memo));
        assert_eq!(full, kept, "update at decision {t}");
    }
    assert!(lists > 300, "the lists stayed nearly empty ({lists} items)");
}
