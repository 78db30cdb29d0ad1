//! The numeric observation (`Encode`): its size and names, the same information as the
//! observation (equal exactly when the observations are equal), secrets kept, and values read
//! from the right places.

use crate::common;

use boardroom_bigboss::card::Card;
use boardroom_bigboss::{BigBoss, Config};
use boardroom_engine::{Encode, EncodeMemo, Game, Viewer};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;

fn encoding(g: &BigBoss, viewer: Viewer) -> Vec<f32> {
    let mut out = vec![f32::NAN; BigBoss::encoded_len(&g.config()).unwrap()];
    assert!(g.encode(viewer, &mut out));
    out
}

fn viewers(players: usize) -> Vec<Viewer> {
    (0..players)
        .map(Viewer::Seat)
        .chain([Viewer::Spectator])
        .collect()
}

/// Plays random games of every configuration, calling `at` every `every` decisions and at the
/// end.
fn along_games(seeds: u64, every: usize, mut at: impl FnMut(&BigBoss, &mut ChaCha8Rng)) {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for config in common::configs() {
        for seed in 0..seeds {
            let mut g = BigBoss::new(&config, seed).unwrap();
            let mut legal = Vec::new();
            let mut step = 0;
            while let Some(seat) = g.to_act().first() {
                if step % every == 0 {
                    at(&g, &mut rng);
                }
                g.legal_actions(seat, &mut legal);
                let a = legal[rng.gen_range(0..legal.len())];
                g.apply(seat, a, &mut Vec::new()).unwrap();
                step += 1;
            }
            at(&g, &mut rng);
        }
    }
}

#[test]
fn the_size_and_the_names_depend_only_on_the_players() {
    for config in common::configs() {
        let len = BigBoss::encoded_len(&config).unwrap();
        assert_eq!(len, 978 + 96 * config.players, "{config:?}");
        let names = BigBoss::encoded_names(&config);
        assert_eq!(names.len(), len);
        let mut seen = std::collections::HashSet::new();
        assert!(names.iter().all(|n| seen.insert(n)), "names are unique");
        let g = BigBoss::new(&config, 3).unwrap();
        let mut wrong = vec![1.0; len + 1];
        assert!(
            !g.encode(Viewer::Seat(0), &mut wrong),
            "a wrong length is refused"
        );
        assert!(wrong.iter().all(|&x| x == 0.0));
    }
}

#[test]
fn encodings_are_equal_exactly_when_observations_are() {
    let (mut same, mut differ) = (0, 0);
    along_games(3, 11, |g, rng| {
        for v in viewers(g.players()) {
            let own = encoding(g, v);
            assert!(own.iter().all(|x| x.is_finite()), "every value is written");
            // Everything the viewer may not know re-drawn: the encoding stays.
            let h = g.sample_hidden(v, rng);
            assert_eq!(
                encoding(&h, v),
                own,
                "{v:?}: a re-drawn secret changed the encoding"
            );
            same += usize::from(h != *g);
            // Another viewer's unknowns re-drawn: this viewer's encoding changes exactly when
            // its observation does (its own hand, seen by no one else).
            for other in viewers(g.players()) {
                let h = g.sample_hidden(other, rng);
                let obs_differ = h.observe(v) != g.observe(v);
                assert_eq!(encoding(&h, v) != own, obs_differ, "{v:?} after {other:?}");
                differ += usize::from(obs_differ);
            }
            if let Some(h) = common::vary_secrets(g, v, rng) {
                assert_eq!(
                    encoding(&h, v),
                    own,
                    "{v:?}: varied secrets changed the encoding"
                );
            }
        }
    });
    assert!(
        same > 0 && differ > 0,
        "{same} {differ}: the checks checked nothing"
    );
}

#[test]
fn consecutive_states_differ_in_the_encoding_when_their_observations_do() {
    let mut previous: Option<BigBoss> = None;
    along_games(2, 1, |g, _| {
        if let Some(p) = previous.as_ref().filter(|p| p.config() == g.config()) {
            for v in viewers(g.players()) {
                let obs_differ = p.observe(v) != g.observe(v);
                assert_eq!(encoding(p, v) != encoding(g, v), obs_differ, "{v:?}");
            }
        }
        previous = Some(g.clone());
    });
}

#[test]
fn values_are_read_from_the_observation_places() {
    along_games(2, 7, |g, _| {
        let names: HashMap<String, usize> = BigBoss::encoded_names(&g.config())
            .into_iter()
            .enumerate()
            .map(|(i, n)| (n, i))
            .collect();
        for v in viewers(g.players()) {
            let e = encoding(g, v);
            let at = |name: &str| e[names[name]];
            let obs = g.observe(v);
            assert_eq!(at("turn"), obs.turn as f32);
            assert_eq!(at("pieces"), f32::from(obs.pieces));
            assert_eq!(at("deck_size"), obs.deck_size as f32);
            assert_eq!(at(&format!("current[{}]", obs.current)), 1.0);
            for (s, p) in obs.players.iter().enumerate() {
                assert_eq!(at(&format!("players[{s}].money")), p.money as f32);
                assert_eq!(at(&format!("players[{s}].hand_size")), p.hand_size as f32);
                for (c, k) in &p.shares {
                    assert_eq!(at(&format!("players[{s}].shares[{c}]")), f32::from(*k));
                }
            }
            for space in &obs.board {
                let s = space.space;
                assert_eq!(at(&format!("board[{s}].height")), f32::from(space.height));
                assert_eq!(at(&format!("board[{s}].company={}", space.company)), 1.0);
            }
            let hand_cards: f32 = e[names["hand[1]"]..names["hand.L"]].iter().sum();
            match &obs.hand {
                Some(hand) => {
                    assert_eq!(at("hand?"), 1.0);
                    let industry = hand.iter().filter(|c| !c.is_level()).count();
                    assert_eq!(hand_cards, industry as f32);
                    for c in hand {
                        if let Card::Industry(x) = c {
                            assert_eq!(at(&format!("hand[{x}]")), 1.0);
                        }
                    }
                }
                None => assert_eq!((at("hand?"), hand_cards), (0.0, 0.0)),
            }
            for (i, c) in obs.row.iter().enumerate() {
                assert_eq!(
                    at(&format!("row[{i}]")),
                    c.to_string().parse::<f32>().unwrap()
                );
            }
            match &obs.outcome {
                Some(outcome) => {
                    assert_eq!(at("phase=over"), 1.0);
                    for s in 0..g.players() {
                        assert_eq!(at(&format!("scores[{s}]")), outcome.scores[s] as f32);
                        let wins = outcome.winners.contains(s);
                        assert_eq!(at(&format!("winners[{s}]")), f32::from(u8::from(wins)));
                    }
                }
                None => assert_eq!(at("phase=over"), 0.0),
            }
        }
    });
}

#[test]
fn the_config_of_a_game_gives_its_encoding_length() {
    let g = BigBoss::new(&Config::new(boardroom_bigboss::Edition::Modern, 4), 1).unwrap();
    assert_eq!(encoding(&g, Viewer::Spectator).len(), 1362);
}

/// Checks that `buf` holds the full encoding of `g` for `viewer`, naming the first value that
/// differs.
fn assert_full(g: &BigBoss, viewer: Viewer, buf: &[f32], when: &str) {
    let full = encoding(g, viewer);
    if let Some(i) = (0..full.len()).find(|&i| full[i].to_bits() != buf[i].to_bits()) {
        let name = &BigBoss::encoded_names(&g.config())[i];
        panic!(
            "{when}: {:?}, {viewer:?}, turn {}: `{name}` is {} after the update, {} in full",
            g.config(),
            g.turn(),
            buf[i],
            full[i]
        );
    }
}

#[test]
fn updates_equal_full_encodings_after_every_action() {
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    let (mut updates, mut viewer_changes, mut new_games, mut ends) = (0, 0, 0, 0);
    // One buffer and memo per number of players, carried from game to game (a row of a
    // batch) and from one edition to the other.
    let mut rows: HashMap<usize, (Vec<f32>, EncodeMemo)> = HashMap::new();
    let mut legal = Vec::new();
    for config in common::configs() {
        let n = config.players;
        let len = BigBoss::encoded_len(&config).unwrap();
        let (buf, memo) = rows
            .entry(n)
            .or_insert_with(|| (vec![f32::NAN; len], EncodeMemo::new()));
        for seed in 0..12 {
            let mut g = BigBoss::new(&config, seed).unwrap();
            let mut first = true;
            loop {
                let seat = g.to_act().first();
                // Mostly the seat to act (as a batch writes), sometimes anyone.
                let viewer = match seat {
                    Some(s) if rng.gen_bool(0.8) => Viewer::Seat(s),
                    _ => viewers(n)[rng.gen_range(0..=n)],
                };
                new_games += usize::from(first && !memo.is_empty());
                assert!(g.encode_update(viewer, buf, memo));
                let when = if first { "a new game" } else { "an action" };
                assert_full(&g, viewer, buf, when);
                updates += 1;
                first = false;
                // Another viewer of the same state.
                if rng.gen_bool(0.25) {
                    let other = viewers(n)[rng.gen_range(0..=n)];
                    assert!(g.encode_update(other, buf, memo));
                    assert_full(&g, other, buf, "a change of viewer");
                    viewer_changes += usize::from(other != viewer);
                }
                let Some(seat) = seat else {
                    ends += 1;
                    break;
                };
                g.legal_actions(seat, &mut legal);
                let a = legal[rng.gen_range(0..legal.len())];
                g.apply(seat, a, &mut Vec::new()).unwrap();
            }
        }
    }
    assert!(
        updates > 10_000 && viewer_changes > 1_000 && new_games > 100 && ends > 100,
        "{updates} updates, {viewer_changes} viewer changes, {new_games} new games, {ends} ends"
    );
}

#[test]
fn an_update_after_another_configuration_or_into_a_wrong_buffer_writes_in_full() {
    let configs = common::configs();
    for pair in configs.windows(2) {
        let (a, b) = (&pair[0], &pair[1]);
        let mut memo = EncodeMemo::new();
        let mut other = vec![0.0; BigBoss::encoded_len(a).unwrap()];
        assert!(BigBoss::new(a, 1)
            .unwrap()
            .encode_update(Viewer::Seat(0), &mut other, &mut memo));
        assert!(!memo.is_empty());
        // The memo describes a buffer of the other configuration: every value is written.
        let g = BigBoss::new(b, 2).unwrap();
        let len = BigBoss::encoded_len(b).unwrap();
        let mut buf = vec![7.0; len];
        assert!(g.encode_update(Viewer::Seat(1), &mut buf, &mut memo));
        assert_full(&g, Viewer::Seat(1), &buf, "another configuration");
        let mut wrong = vec![7.0; len - 1];
        assert!(!g.encode_update(Viewer::Seat(0), &mut wrong, &mut memo));
        assert!(wrong.iter().all(|&x| x == 0.0), "a wrong length is zeroed");
        assert!(memo.is_empty(), "the memo of a refused buffer is emptied");
    }
}
