use super::*;
use crate::action::{Action, Promise};
use crate::observe::Observation;
use crate::state::{Sequence, Step};
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
    // A text the list's table has no room for, or longer than it shows, once per item.
    fn texts<T>(items: &[T], slots: usize, bytes: usize, of: impl Fn(&T) -> [&str; 2]) -> u32 {
        let mut table: Vec<&str> = Vec::new();
        for t in items.iter().flat_map(&of) {
            if !t.is_empty() && !table.contains(&t) && table.len() < slots {
                table.push(t);
            }
        }
        let beyond = |t: &&str| !t.is_empty() && (!table.contains(t) || t.len() > bytes);
        items.iter().flat_map(&of).filter(beyond).count() as u32
    }
    let b = d.text_bytes;
    let shown = g.offers.len().min(d.offers);
    let mut n = over(g.offers.len(), d.offers)
        + g.offers[..shown]
            .iter()
            .map(|p| terms(&p.offer))
            .sum::<u32>()
        + texts(&g.offers[..shown], offer::OFFER_TEXTS, b, |p| {
            offer::offer_texts(&p.offer)
        })
        + texts(
            &g.deals[..g.deals.len().min(DEAL_SLOTS)],
            offer::LIST_TEXTS,
            b,
            |x| match &x.promise {
                Promise::Favour(t) => [t, ""],
                Promise::Deliver(_) => ["", ""],
            },
        )
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
        n += texts(latest, offer::LIST_TEXTS, b, |r| {
            offer::offer_texts(&r.offer)
        });
    }
    n + over(g.auction.as_ref().map_or(0, |a| a.bidders.len()), SEATS)
}

/// A random game's next move: with `dealing`, offers, counters, answers and auctions are
/// preferred whenever the list has some.
pub(super) fn next_move(game: &TheBoss, r: &mut impl Rng, dealing: bool) -> Option<(Seat, Action)> {
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

/// A random game's next move preferring the rarer events (meetings, firing, votes, Fate
/// cards shown, used, drawn and discarded, auctions, deals acted on) whenever the list has
/// some.
fn eventful_move(game: &TheBoss, r: &mut impl Rng) -> Option<(Seat, Action)> {
    let seat = game.to_act().choose(r)?;
    let mut legal = Vec::new();
    game.legal_actions(seat, &mut legal);
    if legal.is_empty() {
        return None;
    }
    if r.gen_bool(0.7) {
        let rare: Vec<&Action> = legal
            .iter()
            .filter(|a| {
                matches!(
                    a,
                    Action::Meeting(_)
                        | Action::Fire(_)
                        | Action::Vote(_)
                        | Action::Use
                        | Action::Show(_)
                        | Action::Discard
                        | Action::Draw(crate::action::Deck::Fate)
                        | Action::Auction(..)
                        | Action::Bid(_)
                        | Action::Accept(_)
                        | Action::Counter(..)
                        | Action::Settle(_)
                        | Action::Release(_)
                        | Action::Default(_)
                        | Action::WalkAway(_)
                        | Action::Pay
                        | Action::Lose
                )
            })
            .collect();
        if !rare.is_empty() {
            return Some((seat, rare[r.gen_range(0..rare.len())].clone()));
        }
    }
    Some((seat, legal[r.gen_range(0..legal.len())].clone()))
}

/// A late-game table of `players` (seat 0 to play): everyone an executive with shares, cash
/// and Experience cards, Fire cards on top of the Fate deck, so that meetings happen.
fn executive_table(players: usize, seed: u64) -> TheBoss {
    let mut config = Config::new(players);
    config.first_player = Some(0);
    let mut p = TheBoss::new(&config, seed).unwrap().position();
    let fire: Vec<u8> = (0..p.fate_deck.len() as u8)
        .filter(|&c| p.fate_deck.contains(&c))
        .filter(|&c| {
            let g = TheBoss::new(&config, seed).unwrap();
            g.data().fate_id(c).starts_with("FIRE")
        })
        .collect();
    p.fate_deck.retain(|c| !fire.contains(c));
    p.fate_deck.extend(fire);
    for s in 0..players {
        for k in 0..3 {
            let c = p.experience_deck[(s * 7 + k * 5) % p.experience_deck.len()];
            p.experience_deck.retain(|&x| x != c);
            p.players[s].experience.push(c);
        }
        p.players[s].experience.sort_unstable();
        let shares = 100 + 40 * s as u32;
        p.bank_shares -= shares;
        p.bank_sold += shares;
        p.players[s].shares += shares;
        p.players[s].cash = 1500;
        p.players[s].job = Some(5 + s as u8);
        p.players[s].snapshot = 0xff;
    }
    p.turn.seat = 0;
    p.turn.start_job = Some(5);
    p.turn.sequence = Sequence::Executive;
    p.turn.step = Step::Salary;
    p.turn.floor = false;
    TheBoss::from_position(&p).expect("a valid late-game table")
}

/// After every decision of many random, dealing-heavy and eventful games of 2–4 players (some
/// from a late-game table, where meetings are called), the update of a buffer kept per viewer
/// (every seat and a spectator), and of one buffer that follows whoever acts, equals the full
/// encoding.
#[test]
fn the_update_equals_the_full_encoding_after_every_decision() {
    let mut seen = [0usize; 7];
    for players in 2..=4 {
        let config = Config::new(players);
        let len = TheBoss::encoded_len(&config).unwrap();
        for seed in 0..12u64 {
            let mut game = if seed >= 9 {
                executive_table(players, seed)
            } else {
                TheBoss::new(&config, 100 + seed).unwrap()
            };
            let mut r = rng::from_seed(seed * 13 + players as u64);
            let viewers: Vec<Viewer> = (0..players)
                .map(Viewer::Seat)
                .chain([Viewer::Spectator])
                .collect();
            let mut kept = vec![vec![0.0; len]; viewers.len()];
            let mut memos: Vec<EncodeMemo> = viewers.iter().map(|_| EncodeMemo::new()).collect();
            let (mut follow, mut follow_memo) = (vec![0.0; len], EncodeMemo::new());
            let mut full = vec![0.0; len];
            for t in 0..700 {
                for (k, &v) in viewers.iter().enumerate() {
                    game.encode_into(v, &mut full).unwrap();
                    assert!(game.encode_update(v, &mut kept[k], &mut memos[k]));
                    assert_eq!(
                        full, kept[k],
                        "{players} players, seed {seed}, {v:?}, decision {t}"
                    );
                }
                let next = match seed % 3 {
                    0 => next_move(&game, &mut r, false),
                    1 => next_move(&game, &mut r, true),
                    _ => eventful_move(&game, &mut r),
                };
                let Some((seat, a)) = next else { break };
                game.encode_into(Viewer::Seat(seat), &mut full).unwrap();
                assert!(game.encode_update(Viewer::Seat(seat), &mut follow, &mut follow_memo));
                assert_eq!(full, follow, "the actor's buffer, decision {t}");
                let counts = [
                    game.auction.is_some(),
                    game.meeting.is_some(),
                    game.after_meeting.is_some(),
                    game.players.iter().any(|p| p.fate.is_some()),
                    !game.deals.is_empty(),
                    game.players.iter().any(|p| !p.refused.is_empty()),
                    game.disaster.is_some(),
                ];
                for (n, c) in seen.iter_mut().zip(counts) {
                    *n += usize::from(c);
                }
                game.play(seat, a).unwrap();
            }
        }
    }
    // Auctions, meetings and what follows a failed one, held Fate cards, deals, refused
    // offers and Financial Disasters were all met.
    assert!(seen.iter().all(|&n| n > 0), "states seen: {seen:?}");
}
