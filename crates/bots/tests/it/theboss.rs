//! The Boss with the bots: the reference policy only plays legal actions, the heuristic and
//! search bots are honest (their choice ignores other players' hidden Fate cards and the deck
//! order), and whole bot games finish within the count limits and replay bit for bit.

use boardroom_bots::make_bot;
use boardroom_engine::evaluate::{Evaluate, Style};
use boardroom_engine::{Bot, Game, Viewer};
use boardroom_theboss::data::FateEffect;
use boardroom_theboss::{Action, Config, TheBoss};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Plays a game with the reference policy (dealing on even seats), checking at every step that
/// every seat that may act gets a legal action from it with and without dealing.
#[test]
fn the_policy_only_plays_legal_actions() {
    let mut checked = 0;
    for seed in 0..12u64 {
        let players = 2 + (seed % 3) as usize;
        let mut g = TheBoss::new(&Config::new(players), seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut steps = 0;
        while let Some(seat) = g.to_act().choose(&mut rng) {
            for s in g.to_act().iter() {
                for deals in [true, false] {
                    let a = g
                        .reference_action(s, &Style { deals }, &mut rng)
                        .expect("a seat that may act gets an action");
                    assert!(
                        g.check(s, a.clone()).is_ok(),
                        "seed {seed} seat {s}: illegal {a:?}"
                    );
                    checked += 1;
                }
            }
            // Mix in random candidates so that odd states (auctions, meetings, deals) occur.
            let a = if rng.gen_bool(0.2) {
                let mut legal = Vec::new();
                g.legal_actions(seat, &mut legal);
                legal[rng.gen_range(0..legal.len())].clone()
            } else {
                g.reference_action(
                    seat,
                    &Style {
                        deals: seat % 2 == 0,
                    },
                    &mut rng,
                )
                .unwrap()
            };
            g.play(seat, a).unwrap();
            steps += 1;
            assert!(steps < 100_000, "seed {seed}: the game ends");
        }
    }
    assert!(checked > 10_000, "{checked} checks");
}

/// A variant of `g` that `viewer` cannot tell apart: another player's unseen held Fate card
/// swapped with a non-disaster deck card, and the Fate and Experience decks shuffled.
fn vary(g: &TheBoss, viewer: usize, rng: &mut ChaCha8Rng) -> Option<TheBoss> {
    let mut pos = g.to_position();
    pos.fate_deck.shuffle(rng);
    pos.experience_deck.shuffle(rng);
    let hidden: Vec<usize> = (0..pos.players.len())
        .filter(|&s| pos.players[s].fate.is_some() && !g.sees_fate(Viewer::Seat(viewer), s))
        .collect();
    if let Some(&s) = hidden.choose(rng) {
        let slots: Vec<usize> = (0..pos.fate_deck.len())
            .filter(|&i| {
                !matches!(
                    g.data().fate_effect(pos.fate_deck[i]),
                    FateEffect::Disaster { .. }
                )
            })
            .collect();
        if let Some(&i) = slots.choose(rng) {
            let f = pos.players[s].fate.as_mut().unwrap();
            std::mem::swap(&mut f.card, &mut pos.fate_deck[i]);
        }
    }
    let h = TheBoss::from_position(&pos).ok()?;
    (h != *g).then_some(h)
}

#[test]
fn bots_ignore_hidden_information() {
    let mut compared = 0;
    for seed in 0..4u64 {
        let mut g = TheBoss::new(&Config::new(3), seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed + 100);
        let mut driver = make_bot::<TheBoss>("heuristic", seed).unwrap();
        let mut step = 0;
        while let Some(seat) = g.to_act().choose(&mut rng) {
            let mut legal = Vec::new();
            g.legal_actions(seat, &mut legal);
            if step % 37 == 11 && legal.len() > 1 {
                if let Some(h) = vary(&g, seat, &mut rng) {
                    assert_eq!(h.observe(Viewer::Seat(seat)), g.observe(Viewer::Seat(seat)));
                    for name in [
                        "heuristic",
                        "heuristic-nodeal",
                        "ismcts:40",
                        "rollout:40:8",
                        "wide:40:8",
                    ] {
                        let a = make_bot::<TheBoss>(name, 9).unwrap().choose(&g, seat);
                        let b = make_bot::<TheBoss>(name, 9).unwrap().choose(&h, seat);
                        assert_eq!(a, b, "{name} changed its choice on hidden information");
                        compared += 1;
                    }
                }
            }
            let a = driver.choose(&g, seat);
            g.play(seat, a).unwrap();
            step += 1;
        }
    }
    assert!(compared >= 12, "{compared} comparisons");
}

/// Plays a whole game between the named bots; returns the actions and the final state.
fn bot_game(names: &[&str], seed: u64) -> (Vec<(usize, Action)>, TheBoss) {
    let mut g = TheBoss::new(&Config::new(names.len()), seed).unwrap();
    let mut bots: Vec<Box<dyn Bot<TheBoss>>> = names
        .iter()
        .enumerate()
        .map(|(s, n)| make_bot::<TheBoss>(n, seed * 10 + s as u64).unwrap())
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut log = Vec::new();
    while let Some(seat) = g.to_act().choose(&mut rng) {
        let a = bots[seat].choose(&g, seat);
        g.play(seat, a.clone()).unwrap();
        log.push((seat, a));
        let t = g.turn();
        let l = g.data().limits();
        assert!(t.offers <= l.max_offers_per_bt, "offer limit holds");
        assert!(
            t.pair_offers
                .iter()
                .all(|&c| c as u32 <= l.max_offers_per_pair_per_bt),
            "pair limit holds"
        );
        assert!(log.len() < 200_000, "the game ends");
    }
    (log, g)
}

#[test]
fn bot_games_finish_and_replay() {
    for (seed, names) in [
        (
            1u64,
            vec!["heuristic", "heuristic-nodeal", "heuristic", "random"],
        ),
        (2, vec!["heuristic", "ismcts:8"]),
        (3, vec!["heuristic-nodeal", "heuristic", "random"]),
        (4, vec!["rollout:30:6", "heuristic", "easy"]),
        (5, vec!["wide:30:6", "heuristic"]),
    ] {
        let (log, end) = bot_game(&names, seed);
        assert!(end.is_over());
        let (again, end2) = bot_game(&names, seed);
        assert_eq!(log, again, "the same seeds give the same game");
        assert_eq!(end, end2);
        let mut replay = TheBoss::new(&Config::new(names.len()), seed).unwrap();
        for (s, a) in &log {
            replay.play(*s, a.clone()).unwrap();
        }
        assert_eq!(replay, end, "the action log replays bit for bit");
    }
}

/// The search levels deal through the valuation: whenever the reference player would deal
/// (offer, answer, counter, settle…) a search level does exactly that, and otherwise its choice,
/// made by search, is never a dealing action.
#[test]
fn search_levels_deal_through_the_valuation_and_search_the_rest() {
    for name in ["ismcts:12", "rollout:24:6"] {
        deals_through_the_valuation(name);
    }
}

fn deals_through_the_valuation(name: &str) {
    let (mut dealt, mut searched) = (0, 0);
    for seed in [4u64, 5] {
        let mut g = TheBoss::new(&Config::new(3), seed).unwrap();
        let mut bots: Vec<Box<dyn Bot<TheBoss>>> = vec![
            make_bot::<TheBoss>(name, seed).unwrap(),
            make_bot::<TheBoss>("heuristic", seed + 1).unwrap(),
            make_bot::<TheBoss>("heuristic", seed + 2).unwrap(),
        ];
        let mut reference = make_bot::<TheBoss>("heuristic", 0).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut steps = 0;
        while let Some(seat) = g.to_act().choose(&mut rng) {
            let a = bots[seat].choose(&g, seat);
            if seat == 0 {
                let r = reference.choose(&g, seat);
                if g.is_negotiation(&r) {
                    assert_eq!(
                        a, r,
                        "{name} seed {seed}: the search level deals as the valuation does"
                    );
                    dealt += 1;
                } else {
                    assert!(!g.is_negotiation(&a), "{name} seed {seed}: searched {a:?}");
                    searched += 1;
                }
            }
            g.play(seat, a).unwrap();
            steps += 1;
            assert!(steps < 100_000);
        }
    }
    assert!(
        dealt > 0 && searched > 0,
        "{dealt} dealt, {searched} searched"
    );
}

/// The levels of The Boss are the reference player improved by rollouts: they mostly play the
/// reference player's choice, and where they do not, their choice is legal and changes the
/// game (the search does find better actions, it does not just copy).
#[test]
fn the_levels_are_the_reference_player_improved_by_rollouts() {
    let (mut same, mut other) = (0, 0);
    let mut g = TheBoss::new(&Config::new(2), 7).unwrap();
    let mut level = make_bot::<TheBoss>("rollout:60:10", 7).unwrap();
    let mut reference = make_bot::<TheBoss>("heuristic", 7).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    while let Some(seat) = g.to_act().choose(&mut rng) {
        let a = if seat == 0 {
            let a = level.choose(&g, seat);
            let r = reference.choose(&g, seat);
            if a == r {
                same += 1;
            } else {
                other += 1;
            }
            assert!(g.check(seat, a.clone()).is_ok(), "illegal {a:?}");
            a
        } else {
            reference.choose(&g, seat)
        };
        g.play(seat, a).unwrap();
    }
    assert!(same > 4 * other && other > 0, "{same} same, {other} other");
}

/// The wide level (`hard`) also weighs what the bounded candidate set leaves out, the answers to
/// offers and its own offers' prices: over a few games its choice is always legal, and some of
/// its choices are outside the candidate set, answer an offer otherwise than the reference
/// player or price an offer otherwise.
#[test]
fn the_wide_levels_choose_beyond_the_candidate_set() {
    let (mut beyond, mut answered, mut priced, mut decided) = (0, 0, 0, 0);
    for seed in [7u64, 8, 9] {
        let mut g = TheBoss::new(&Config::new(2), seed).unwrap();
        let mut level = make_bot::<TheBoss>("wide:60:10", seed).unwrap();
        let mut reference = make_bot::<TheBoss>("heuristic", seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut legal = Vec::new();
        while let Some(seat) = g.to_act().choose(&mut rng) {
            let a = if seat == 0 {
                let a = level.choose(&g, seat);
                let r = reference.choose(&g, seat);
                assert!(g.check(seat, a.clone()).is_ok(), "illegal {a:?}");
                g.legal_actions(seat, &mut legal);
                if !legal.contains(&a) {
                    beyond += 1;
                }
                if a != r && matches!(r, Action::Accept(_) | Action::Reject(_)) {
                    answered += 1;
                }
                if let (Action::Offer(x), Action::Offer(y)) = (&a, &r) {
                    if x.to == y.to && (x.give.cash, x.take.cash) != (y.give.cash, y.take.cash) {
                        priced += 1;
                    }
                }
                decided += 1;
                a
            } else {
                reference.choose(&g, seat)
            };
            g.play(seat, a).unwrap();
        }
    }
    assert!(
        beyond + answered + priced > 0,
        "{decided} decisions: {beyond} beyond the candidates, {answered} answered otherwise, \
         {priced} offers at other prices"
    );
}
