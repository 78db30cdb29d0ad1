//! Property tests over random games of every player count, standard and hidden money: cubes
//! are conserved, each auction space is auctioned exactly once, money and loans add up, exactly
//! the listed actions are accepted (others rejected with the state unchanged), positions
//! round-trip, and games are reproducible from config, seed and actions.

use boardroom_bigshot::action::universe;
use boardroom_bigshot::colour::Colour;
use boardroom_bigshot::state::start_coins;
use boardroom_bigshot::{Action, BigShot, Config, Event, Phase};
use boardroom_engine::{rng, Game, Viewer};
use rand::seq::SliceRandom;
use rand::Rng;

fn configs() -> Vec<Config> {
    let mut v = Vec::new();
    for players in 2..=4 {
        for hidden in [false, true] {
            let mut c = Config::new(players);
            c.hidden_money = hidden;
            v.push(c);
        }
    }
    v
}

/// Money each colour should have from the events: start money, plus loans, minus payments.
struct Ledger {
    coins: [i64; 4],
    ious: [u8; 4],
    auctioned: Vec<u8>,
    paid_or_free: usize,
}

fn check_invariants(g: &BigShot, ledger: &Ledger) {
    let per = g.board().cubes_per_colour();
    assert_eq!(g.cubes_total(), [per; 4], "cubes conserved");
    for c in Colour::all() {
        if g.seat_of(c).is_some() {
            assert_eq!(g.coins(c) as i64, ledger.coins[c.idx()], "{c} coins");
        } else {
            assert_eq!(g.coins(c), 0);
        }
        assert_eq!(g.ious(c), ledger.ious[c.idx()], "{c} IOUs");
    }
    for s in 0..g.players() {
        let ious: u8 = g.colours_of(s).iter().map(|&c| g.ious(c)).sum();
        assert_eq!(ious, g.loans_taken(s));
    }
    let mut seen = ledger.auctioned.clone();
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(
        seen.len(),
        ledger.auctioned.len(),
        "a space auctioned twice"
    );
}

fn run_game(config: &Config, seed: u64, deep: bool) -> (BigShot, Vec<(usize, Action)>) {
    let mut g = BigShot::new(config, seed).unwrap();
    let mut r = rng::from_seed(seed ^ 0xabcdef);
    let all = universe(g.board());
    let mut ledger = Ledger {
        coins: [0; 4],
        ious: [0; 4],
        auctioned: Vec::new(),
        paid_or_free: 0,
    };
    for c in Colour::all() {
        if g.seat_of(c).is_some() {
            ledger.coins[c.idx()] = start_coins(config.players) as i64;
        }
    }
    let mut legal = Vec::new();
    let mut events = Vec::new();
    let mut history = Vec::new();
    check_invariants(&g, &ledger);
    while let Some(seat) = g.to_act().first() {
        assert_eq!(g.to_act().len(), 1);
        g.legal_actions(seat, &mut legal);
        assert!(!legal.is_empty(), "the seat to act always has an action");
        if deep {
            for &a in &all {
                let before = g.clone();
                let mut probe = g.clone();
                let mut ev = Vec::new();
                let ok = probe.apply(seat, a, &mut ev).is_ok();
                assert_eq!(ok, legal.contains(&a), "{a:?} in {:?}", g.phase());
                assert_eq!(g.check(seat, a).is_ok(), ok);
                if !ok {
                    assert_eq!(probe, before, "a rejected action changed the state");
                    assert!(ev.is_empty());
                }
            }
            for other in 0..g.players() {
                if other != seat {
                    let mut v = Vec::new();
                    g.legal_actions(other, &mut v);
                    assert!(v.is_empty());
                    assert!(g.check(other, legal[0]).is_err());
                }
            }
            let pos = g.to_position();
            let back = BigShot::from_position(&pos).unwrap();
            assert_eq!(back, g, "position round trip");
            let json = serde_json::to_string(&pos).unwrap();
            let again: boardroom_bigshot::Position = serde_json::from_str(&json).unwrap();
            assert_eq!(BigShot::from_position(&again).unwrap(), g);
            let text = g.format_action(legal[0]);
            assert_eq!(g.parse_action(&text).unwrap(), legal[0]);
        }
        // Random play, but bids are drawn less often so auctions end with varied prices.
        let a = if r.gen_bool(0.5) {
            *legal
                .iter()
                .filter(|a| !matches!(a, Action::Bid(_)))
                .collect::<Vec<_>>()
                .choose(&mut r)
                .copied()
                .unwrap_or(&legal[0])
        } else {
            *legal.choose(&mut r).unwrap()
        };
        events.clear();
        g.apply(seat, a, &mut events).unwrap();
        history.push((seat, a));
        for e in &events {
            match e {
                Event::Rolled { to, .. } => ledger.auctioned.push(*to),
                Event::Loan {
                    colour, received, ..
                } => {
                    ledger.coins[colour.idx()] += *received as i64;
                    ledger.ious[colour.idx()] += 1;
                }
                Event::Paid { colour, amount, .. } => {
                    ledger.coins[colour.idx()] -= *amount as i64;
                    ledger.paid_or_free += 1;
                }
                Event::TakenFree { .. } => ledger.paid_or_free += 1,
                _ => {}
            }
        }
        check_invariants(&g, &ledger);
    }
    let spaces = g.board().num_spaces();
    assert_eq!(ledger.auctioned.len(), spaces, "every space auctioned once");
    assert_eq!(ledger.paid_or_free, spaces);
    assert_eq!(g.phase(), Phase::Over);
    assert!((0..g.board().num_lots()).all(|l| g.is_sold(l)));
    for s in 0..spaces {
        assert_eq!(g.space(s), [0; 4]);
    }
    let out = g.outcome().unwrap();
    assert_eq!(out.scores.len(), config.players);
    for w in out.winners.iter() {
        assert!(g.score(w).eligible);
    }
    (g, history)
}

#[test]
fn random_games_keep_every_invariant() {
    for config in configs() {
        for seed in 0..10 {
            run_game(&config, seed, true);
        }
        for seed in 100..300 {
            run_game(&config, seed, false);
        }
    }
}

#[test]
fn games_are_reproducible_from_config_seed_and_actions() {
    for config in configs() {
        let (g, history) = run_game(&config, 42, false);
        let mut again = BigShot::new(&config, 42).unwrap();
        for (seat, a) in &history {
            let text = again.format_action(*a);
            let parsed = again.parse_action(&text).unwrap();
            again.play(*seat, parsed).unwrap();
        }
        assert_eq!(again, g);
        assert_eq!(again.outcome(), g.outcome());
        assert_eq!(
            again.observe(Viewer::Spectator),
            g.observe(Viewer::Spectator)
        );
    }
}

#[test]
fn seeds_change_the_deal() {
    let a = BigShot::new(&Config::new(4), 1).unwrap();
    let b = BigShot::new(&Config::new(4), 2).unwrap();
    assert_ne!(a.to_position().spaces, b.to_position().spaces);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

    /// Any seat trying any action of the universe, accepted or not: a refused action changes
    /// nothing, an accepted one was listed, and the state stays a valid position.
    #[test]
    fn arbitrary_input_never_corrupts_the_state(
        players in 2usize..=4,
        hidden in proptest::bool::ANY,
        seed in 0u64..1000,
        tries in proptest::collection::vec((0usize..4, 0usize..200, proptest::bool::ANY), 1..400),
    ) {
        let mut config = Config::new(players);
        config.hidden_money = hidden;
        let mut g = BigShot::new(&config, seed).unwrap();
        let all = universe(g.board());
        let mut legal = Vec::new();
        for (seat, index, pick_legal) in tries {
            let Some(to_act) = g.to_act().first() else { break };
            g.legal_actions(to_act, &mut legal);
            let (seat, a) = if pick_legal {
                (to_act, legal[index % legal.len()])
            } else {
                (seat % players, all[index % all.len()])
            };
            let before = g.clone();
            let listed = g.to_act().contains(seat) && legal.contains(&a);
            match g.play(seat, a) {
                Ok(_) => proptest::prop_assert!(listed),
                Err(_) => {
                    proptest::prop_assert!(!listed);
                    proptest::prop_assert_eq!(&g, &before);
                }
            }
            let back = BigShot::from_position(&g.to_position());
            proptest::prop_assert_eq!(back.as_ref(), Ok(&g));
            proptest::prop_assert_eq!(g.cubes_total(), [18; 4]);
        }
    }
}

/// The JSON pointers of every leaf (number, string, bool, null) of a JSON value.
fn leaves(v: &serde_json::Value, at: String, out: &mut Vec<String>) {
    match v {
        serde_json::Value::Object(m) => {
            for (k, x) in m {
                leaves(x, format!("{at}/{k}"), out);
            }
        }
        serde_json::Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                leaves(x, format!("{at}/{i}"), out);
            }
        }
        _ => out.push(at),
    }
}

#[test]
fn mangled_positions_are_refused_or_playable_never_a_crash() {
    let mut r = rng::from_seed(77);
    let replacements = [
        serde_json::json!(0),
        serde_json::json!(1),
        serde_json::json!(3),
        serde_json::json!(7),
        serde_json::json!(17),
        serde_json::json!(18),
        serde_json::json!(19),
        serde_json::json!(255),
        serde_json::json!(100000),
        serde_json::json!(-1),
        serde_json::json!(""),
        serde_json::json!("RRRR"),
        serde_json::json!("RRRRRRR"),
        serde_json::json!("red"),
        serde_json::json!(null),
        serde_json::json!(true),
    ];
    for config in configs() {
        let (_, history) = run_game(&config, 9, false);
        let mut g = BigShot::new(&config, 9).unwrap();
        for (i, (seat, a)) in history.iter().enumerate() {
            g.play(*seat, *a).unwrap();
            if i % 9 != 0 {
                continue;
            }
            let base = serde_json::to_value(g.to_position()).unwrap();
            for _ in 0..6 {
                let mut v = base.clone();
                let mut ls = Vec::new();
                leaves(&v, String::new(), &mut ls);
                for _ in 0..r.gen_range(1..=2) {
                    let k = r.gen_range(0..ls.len());
                    let new = replacements[r.gen_range(0..replacements.len())].clone();
                    *v.pointer_mut(&ls[k]).unwrap() = new;
                }
                let Ok(pos) = serde_json::from_value::<boardroom_bigshot::Position>(v) else {
                    continue;
                };
                let Ok(h) = BigShot::from_position(&pos) else {
                    continue;
                };
                assert_eq!(BigShot::from_position(&h.to_position()).unwrap(), h);
                let mut legal = Vec::new();
                if let Some(s) = h.to_act().first() {
                    h.legal_actions(s, &mut legal);
                    assert!(!legal.is_empty(), "{pos:?}");
                    for a in legal.iter().take(20) {
                        let mut x = h.clone();
                        x.play(s, *a).unwrap();
                    }
                }
                let _ = h.outcome();
                for v in 0..config.players {
                    let _ = h.observe(Viewer::Seat(v));
                }
            }
        }
    }
}
