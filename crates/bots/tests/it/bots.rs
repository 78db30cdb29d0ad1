//! Behaviour of the bots, the search, the levels and hints on Big Boss.

use boardroom_bigboss::{Action, BigBoss, Config, Edition};
use boardroom_bots::search_config;
use boardroom_bots::{
    levels, make_bot, rank_actions, rank_actions_guided, win_chances, Budget, Evaluate,
    HeuristicBot, HintError, Ismcts, Playout, Rollout, SearchConfig,
};
use boardroom_engine::{Bot, Game};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Duration;

/// A position after `steps` random decisions.
fn midgame(edition: Edition, players: usize, seed: u64, steps: usize) -> BigBoss {
    let mut g = BigBoss::new(&Config::new(edition, players), seed).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut legal = Vec::new();
    for _ in 0..steps {
        let Some(seat) = g.to_act().first() else {
            break;
        };
        g.legal_actions(seat, &mut legal);
        let a = legal[rng.gen_range(0..legal.len())];
        g.play(seat, a).unwrap();
    }
    g
}

/// A position where the seat to act has at least two legal actions.
fn choice_position(edition: Edition, players: usize, seed: u64) -> BigBoss {
    let mut g = midgame(edition, players, seed, 40);
    let mut rng = ChaCha8Rng::seed_from_u64(seed + 1);
    let mut legal = Vec::new();
    loop {
        let seat = g.to_act().first().expect("the game goes on");
        g.legal_actions(seat, &mut legal);
        if legal.len() > 1 {
            return g;
        }
        g.play(seat, legal[rng.gen_range(0..legal.len())]).unwrap();
    }
}

fn play_out(names: &[&str], edition: Edition, seed: u64) -> BigBoss {
    let mut g = BigBoss::new(&Config::new(edition, names.len()), seed).unwrap();
    let mut bots: Vec<Box<dyn Bot<BigBoss>>> = names
        .iter()
        .enumerate()
        .map(|(s, n)| make_bot::<BigBoss>(n, seed + s as u64).unwrap())
        .collect();
    while let Some(seat) = g.to_act().first() {
        let a = bots[seat].choose(&g, seat);
        g.play(seat, a)
            .unwrap_or_else(|e| panic!("{} chose {a:?}: {e}", names[seat]));
    }
    g
}

#[test]
fn bots_finish_games_of_every_size_with_legal_actions() {
    play_out(&["heuristic", "random"], Edition::Modern, 1);
    play_out(&["easy", "heuristic", "random"], Edition::Classic, 2);
    let g = play_out(
        &[
            "ismcts:30",
            "heuristic",
            "random",
            "ismcts:30",
            "random",
            "heuristic",
        ],
        Edition::Modern,
        3,
    );
    assert!(g.outcome().is_some());
}

#[test]
fn bots_are_reproducible_from_their_seed() {
    let g = choice_position(Edition::Modern, 3, 9);
    let seat = g.to_act().first().unwrap();
    for name in ["heuristic", "easy", "ismcts:300"] {
        let a = make_bot::<BigBoss>(name, 5).unwrap().choose(&g, seat);
        let b = make_bot::<BigBoss>(name, 5).unwrap().choose(&g, seat);
        assert_eq!(a, b, "{name}");
    }
}

#[test]
fn bad_bot_names_and_zero_budgets_are_errors() {
    let unknown = make_bot::<BigBoss>("grandmaster", 1).err().unwrap();
    assert!(unknown.to_string().contains("unknown bot `grandmaster`"));
    for bad in ["ismcts:0", "ismcts:", "ismcts:-3", "ismcts:many"] {
        let e = make_bot::<BigBoss>(bad, 1).err().unwrap();
        assert!(e.to_string().contains("at least 1"), "{bad}: {e}");
    }
    assert!(make_bot::<BigBoss>("Hard", 1).is_ok(), "names ignore case");
    assert!(!Budget::iterations(0).is_valid());
    assert!(!Budget {
        iterations: None,
        time: Some(Duration::ZERO)
    }
    .is_valid());
    assert!(Budget::iterations(1).is_valid());
}

#[test]
fn search_statistics_add_up_and_stay_in_range() {
    let g = choice_position(Edition::Modern, 4, 12);
    let seat = g.to_act().first().unwrap();
    let mut legal = Vec::new();
    g.legal_actions(seat, &mut legal);
    let greedy = Playout::Greedy { random_percent: 10 };
    for (rollout, playout) in [
        (Rollout::Full, Playout::Random),
        (Rollout::Cutoff(0), Playout::Random),
        (Rollout::Cutoff(20), Playout::Random),
        (Rollout::Cutoff(8), greedy),
        (Rollout::Cutoff(20), Playout::Game),
    ] {
        let config = SearchConfig {
            rollout,
            playout,
            ..SearchConfig::with_iterations(500)
        };
        let r = Ismcts::<BigBoss>::new(config, 3).search(&g, seat);
        assert_eq!(r.iterations, 500);
        assert_eq!(
            r.actions.len(),
            legal.len(),
            "every legal action listed once"
        );
        for a in &legal {
            assert_eq!(r.actions.iter().filter(|s| s.action == *a).count(), 1);
        }
        let visits: u32 = r.actions.iter().map(|s| s.visits).sum();
        assert_eq!(visits, 500, "every iteration goes through one root action");
        assert!(r.actions.windows(2).all(|w| w[0].visits >= w[1].visits));
        assert!(r.actions.iter().all(|s| (0.0..=1.0).contains(&s.value)));
    }
}

#[test]
fn a_time_budget_stops_the_search() {
    let g = choice_position(Edition::Classic, 3, 4);
    let seat = g.to_act().first().unwrap();
    let config = SearchConfig {
        budget: Budget {
            iterations: None,
            time: Some(Duration::from_millis(30)),
        },
        ..SearchConfig::with_iterations(1)
    };
    let start = std::time::Instant::now();
    let r = Ismcts::<BigBoss>::new(config, 1).search(&g, seat);
    assert!(r.iterations > 0);
    assert!(start.elapsed() < Duration::from_secs(5));
}

/// The best reward `seat` can reach by its own decisions alone when the game ends before any
/// other seat acts, or `None` when some line of play hands the turn on first.
fn forced_result(g: &BigBoss, seat: usize) -> Option<f64> {
    if let Some(o) = g.outcome() {
        return Some(o.reward(seat));
    }
    if g.to_act().first() != Some(seat) {
        return None;
    }
    let mut legal = Vec::new();
    g.legal_actions(seat, &mut legal);
    let mut best: f64 = 0.0;
    for a in legal {
        let mut c = g.clone();
        c.play(seat, a).unwrap();
        best = best.max(forced_result(&c, seat)?);
    }
    Some(best)
}

#[test]
fn the_search_finds_the_winning_last_turn() {
    // Random games until the last turn is decided by the mover alone, some first decisions
    // winning and some losing: the search must choose a winning one.
    let mut found = 0;
    for seed in 0..2000u64 {
        let mut g = BigBoss::new(&Config::new(Edition::Modern, 2), seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut legal = Vec::new();
        while let Some(seat) = g.to_act().first() {
            g.legal_actions(seat, &mut legal);
            if g.pieces() <= 3 && legal.len() > 1 {
                let results: Option<Vec<f64>> = legal
                    .iter()
                    .map(|&a| {
                        let mut c = g.clone();
                        c.play(seat, a).unwrap();
                        forced_result(&c, seat)
                    })
                    .collect();
                if let Some(results) = results {
                    if results.contains(&1.0) && results.contains(&0.0) {
                        let r = Ismcts::<BigBoss>::new(SearchConfig::with_iterations(400), 1)
                            .search(&g, seat);
                        let pick = legal
                            .iter()
                            .position(|&a| a == r.actions[0].action)
                            .unwrap();
                        assert_eq!(results[pick], 1.0, "seed {seed}: {:?}", r.actions);
                        found += 1;
                        break;
                    }
                }
            }
            g.play(seat, legal[rng.gen_range(0..legal.len())]).unwrap();
        }
        if found >= 5 {
            break;
        }
    }
    assert!(found >= 1, "no decisive last turn found");
}

#[test]
fn win_chances_follow_worth_and_sum_to_one() {
    let g = midgame(Edition::Modern, 4, 21, 120);
    let mut p = vec![0.0; 4];
    win_chances(&g, &mut p);
    assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-9);
    for a in 0..4 {
        for b in 0..4 {
            if g.worth(a) > g.worth(b) {
                assert!(p[a] > p[b]);
            }
        }
    }
    let over = midgame(Edition::Modern, 4, 21, 100_000);
    win_chances(&over, &mut p);
    let o = over.outcome().unwrap();
    for (s, v) in p.iter().enumerate() {
        assert_eq!(*v, o.reward(s));
    }
}

#[test]
fn worth_counts_money_shares_and_growth() {
    let g = midgame(Edition::Modern, 3, 8, 60);
    for s in 0..3 {
        // Never below the money a player holds plus the price of its shares, minus the end
        // value of the cards (which can be negative only in Classic).
        let line = g.score(s);
        assert!(g.worth(s) >= (line.money + line.shares + line.towers) as f64);
    }
    let mut pos = g.position();
    pos.players[0].money += 10;
    let richer = BigBoss::from_position(&pos).unwrap();
    assert!(richer.worth(0) >= g.worth(0) + 10.0);
}

#[test]
fn the_heuristic_keeps_its_cards_for_higher_prices() {
    // In a fresh Modern game every company is at its lowest price: a card played now earns a
    // few millions, while a card bought costs 5 that it is worth at the end anyway and will
    // earn far more once prices have risen. The heuristic buys.
    let g = BigBoss::new(&Config::new(Edition::Modern, 2), 31).unwrap();
    let seat = g.to_act().first().unwrap();
    let a = HeuristicBot::<BigBoss>::new(1).choose(&g, seat);
    assert!(
        matches!(a, Action::BuyDeck | Action::BuyRow(_) | Action::BuyLevel),
        "{a:?}"
    );
}

#[test]
fn hints_rank_every_legal_action_for_the_seat_to_act() {
    let g = choice_position(Edition::Modern, 3, 17);
    let seat = g.to_act().first().unwrap();
    let hints = rank_actions(&g, seat, SearchConfig::with_iterations(300), 1).unwrap();
    let mut legal = Vec::new();
    g.legal_actions(seat, &mut legal);
    assert_eq!(hints.len(), legal.len());
    assert!(hints.windows(2).all(|w| w[0].visits >= w[1].visits));
    assert!(hints[0]
        .win_chance
        .is_some_and(|c| (0.0..=1.0).contains(&c)));
    let other = (seat + 1) % 3;
    assert_eq!(
        rank_actions(&g, other, SearchConfig::with_iterations(10), 1),
        Err(HintError::NotToAct(other))
    );
    assert!(matches!(
        rank_actions(&g, 7, SearchConfig::with_iterations(10), 1),
        Err(HintError::NoSuchSeat { .. })
    ));
    let zero = SearchConfig {
        budget: Budget::iterations(0),
        ..SearchConfig::with_iterations(1)
    };
    assert_eq!(rank_actions(&g, seat, zero, 1), Err(HintError::ZeroBudget));
    let over = midgame(Edition::Modern, 3, 17, 100_000);
    assert_eq!(
        rank_actions(&over, 0, SearchConfig::with_iterations(10), 1),
        Err(HintError::GameOver)
    );
}

#[test]
fn levels_grow_in_budget() {
    let it = |n: &str| {
        levels::search_config(n)
            .unwrap()
            .unwrap()
            .budget
            .iterations
            .unwrap()
    };
    assert!(it("easy") < it("normal") && it("normal") < it("hard"));
    assert_eq!(it("ismcts:1234"), 1234);
    assert!(levels::search_config("heuristic").unwrap().is_none());
}

#[test]
fn rollout_levels_grow_in_budget_and_names_are_checked() {
    let r = |n: &str| levels::rollout_config(n).unwrap().unwrap();
    // Each level searches at least as much as the one below, and more in some way: more of its
    // decisions, more rollouts or candidates, or the wider choices.
    for (low, high) in [("easy", "normal"), ("normal", "hard")] {
        let (l, h) = (r(low), r(high));
        assert!(l.attention <= h.attention && l.rollouts <= h.rollouts);
        assert!(l.candidates <= h.candidates && l.depth <= h.depth && (!l.wide || h.wide));
        assert_ne!(l, h);
    }
    assert!(r("easy").attention < 100 && r("normal").attention == 100);
    assert!(!r("normal").wide && r("hard").wide && r("hard").confirm);
    assert!(r("hard").time.is_some() && r("easy").time.is_none());
    // `normal` and `hard` see each seat's turns as far ahead at four players as at two; `easy`
    // and names with an explicit depth play that depth at every size.
    assert_eq!(r("normal").rollout_depth(2), r("normal").depth);
    assert_eq!(r("normal").rollout_depth(4), 2 * r("normal").depth);
    assert_eq!(r("hard").rollout_depth(3), 3 * r("hard").depth / 2);
    assert_eq!(r("easy").rollout_depth(4), r("easy").depth);
    assert_eq!(r("rollout:150:40").rollout_depth(4), 40);
    assert_eq!(
        (r("rollout:70:9").rollouts, r("rollout:70:9").depth),
        (70, 9)
    );
    let c = r("wide:70:9:3:40");
    assert_eq!((c.candidates, c.attention, c.wide), (3, 40, true));
    assert!(levels::rollout_config("ismcts:5").unwrap().is_none());
    for bad in [
        "rollout:0:5",
        "rollout:5",
        "rollout:x:3",
        "rollout:5:3:0",
        "rollout:5:3:2:101",
        "rollout:5:3:2:50:1",
    ] {
        assert_eq!(
            levels::validate_name(bad),
            Err(levels::BotNameError::BadRollout(bad.to_string()))
        );
    }
    assert!(levels::validate_name("rollout:5:0").is_ok());
}

#[test]
fn bots_finish_big_shot_games_with_legal_actions() {
    use boardroom_bigshot::{BigShot, Config as BigShotConfig};
    for (players, names) in [
        (2, vec!["heuristic", "easy"]),
        (3, vec!["ismcts:100", "heuristic", "random"]),
        (4, vec!["easy", "heuristic", "random", "ismcts:50"]),
    ] {
        let mut g = BigShot::new(&BigShotConfig::new(players), players as u64).unwrap();
        let mut bots: Vec<Box<dyn Bot<BigShot>>> = names
            .iter()
            .enumerate()
            .map(|(s, n)| make_bot::<BigShot>(n, s as u64).unwrap())
            .collect();
        while let Some(seat) = g.to_act().first() {
            let a = bots[seat].choose(&g, seat);
            g.play(seat, a)
                .unwrap_or_else(|e| panic!("{} chose {a:?}: {e}", names[seat]));
        }
        assert!(g.outcome().is_some());
    }
}

/// `hard` searches 50,000 iterations where more search pays (Modern) and stops at the game's
/// useful limit where it does not (Classic: 5,000); other budgets ignore the limit.
#[test]
fn hard_stops_at_the_iterations_the_game_finds_useful() {
    for (edition, expected) in [(Edition::Modern, 50_000), (Edition::Classic, 5_000)] {
        let g = choice_position(edition, 2, 4);
        let seat = g.to_act().first().unwrap();
        assert_eq!(
            g.useful_iterations(),
            (edition == Edition::Classic).then_some(5_000)
        );
        let mut hard = search_config("hard").unwrap().unwrap();
        // No time limit here: the count must not depend on the machine's speed.
        hard.budget.time = None;
        let r = Ismcts::<BigBoss>::new(hard, 1).search(&g, seat);
        assert_eq!(r.iterations, expected, "{edition:?}");
    }
    let g = choice_position(Edition::Classic, 2, 4);
    let seat = g.to_act().first().unwrap();
    let r = Ismcts::<BigBoss>::new(SearchConfig::with_iterations(6_000), 1).search(&g, seat);
    assert_eq!(r.iterations, 6_000, "ismcts:N searches exactly N");
}

#[test]
fn a_guided_search_spends_its_iterations_where_the_prior_points() {
    let g = choice_position(Edition::Modern, 3, 17);
    let seat = g.to_act().first().unwrap();
    let mut legal = Vec::new();
    g.legal_actions(seat, &mut legal);
    assert!(legal.len() >= 3, "{legal:?}");
    let config = SearchConfig::with_iterations(300);
    let visits_of = |hints: &[boardroom_bots::Hint<Action>], a: &Action| {
        hints
            .iter()
            .find(|h| h.action == *a)
            .map_or(0, |h| h.visits)
    };
    // A uniform prior spreads the iterations over every move, and a guided search is
    // reproduced by its seed.
    let uniform = rank_actions_guided(&g, seat, config, 7, |_| 1.0, 1.0).unwrap();
    assert_eq!(uniform.len(), legal.len());
    assert!(legal.iter().all(|a| visits_of(&uniform, a) > 0));
    assert_eq!(
        uniform,
        rank_actions_guided(&g, seat, config, 7, |_| 1.0, 1.0).unwrap()
    );
    // The prior's favourite, whichever move it is, gets far more of the iterations than
    // under the uniform prior (the values found may still overrule it).
    for favourite in [&legal[0], &legal[legal.len() - 1]] {
        let prior = |a: &Action| if a == favourite { 1.0 } else { 0.01 };
        let hints = rank_actions_guided(&g, seat, config, 7, prior, 1.0).unwrap();
        assert_eq!(hints.len(), legal.len());
        assert_eq!(hints.iter().map(|h| h.visits).sum::<u32>(), 300);
        let (guided, plain) = (visits_of(&hints, favourite), visits_of(&uniform, favourite));
        assert!(
            guided >= 75 && guided > 4 * plain,
            "{guided} vs {plain}: {hints:?}"
        );
    }
    // The unguided search is not changed by a guided one run before it on the same engine.
    let mut engine = Ismcts::<BigBoss>::new(config, 3);
    let guided = engine.search_guided(&g, seat, |_| 1.0, 1.0);
    assert_eq!(guided.iterations, 300);
    let plain = rank_actions(&g, seat, config, 3).unwrap();
    let mut fresh = Ismcts::<BigBoss>::new(config, 3);
    assert_eq!(fresh.search(&g, seat).actions[0].visits, plain[0].visits);
}
