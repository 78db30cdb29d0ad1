//! Hidden information: observations never show another player's face-down Fate card or the
//! deck order, and sampling keeps every observation.

use crate::common;

use boardroom_engine::{Game, Viewer};
use common::*;
use rand::SeedableRng;

#[test]
fn sampling_keeps_the_viewers_observation_over_random_games() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    for seed in 0..4u64 {
        let (g, log, _) = random_game(3, seed, 60_000);
        // Replay and sample at many points of the game.
        let mut r =
            boardroom_theboss::TheBoss::new_game(&boardroom_theboss::Config::new(3), seed).unwrap();
        let mut ev = Vec::new();
        for (i, (s, a)) in log.iter().enumerate() {
            if i % 17 == 0 {
                for v in [
                    Viewer::Seat(0),
                    Viewer::Seat(1),
                    Viewer::Seat(2),
                    Viewer::Spectator,
                ] {
                    let h = r.sample_hidden(v, &mut rng);
                    assert_eq!(
                        h.observe(v),
                        r.observe(v),
                        "seed {seed} step {i} viewer {v:?}"
                    );
                    // Held cards stay non-disasters and every card is still somewhere once.
                    invariants(&h).unwrap();
                }
            }
            r.apply(*s, a.clone(), &mut ev).unwrap();
        }
        assert_eq!(r, g);
    }
}

#[test]
fn observations_hide_other_players_fate_cards_and_deck_order() {
    for seed in 0..4u64 {
        let (g, log, _) = random_game(4, seed, 400);
        let _ = log;
        for v in 0..4 {
            let o = g.observe(Viewer::Seat(v));
            assert!(o.public.fate_deck.is_empty() && o.public.experience_deck.is_empty());
            for s in 0..4 {
                if let Some(f) = &g.player(s).fate {
                    let seen = o.players[s].fate.as_ref().unwrap().card;
                    if s == v || f.known_by & (1 << v) != 0 {
                        assert_eq!(seen, Some(f.card));
                    } else {
                        assert_eq!(seen, None);
                        let text = serde_json::to_string(&o).unwrap();
                        let _ = text;
                        assert_eq!(o.public.players[s].fate.as_ref().unwrap().card, u8::MAX);
                    }
                }
            }
        }
    }
}

#[test]
fn sampling_redraws_hidden_cards() {
    let g = setup(3, |p| {
        give_fate(p, 1, FIRE300, None);
        turn_of(p, 0, None, 0);
    });
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let changed = (0..20).any(|_| {
        g.sample_hidden(Viewer::Seat(0), &mut rng)
            .player(1)
            .fate
            .as_ref()
            .unwrap()
            .card
            != FIRE300
    });
    assert!(
        changed,
        "seat 0 does not know seat 1's card, so samples vary"
    );
    let same = (0..20).all(|_| {
        g.sample_hidden(Viewer::Seat(1), &mut rng)
            .player(1)
            .fate
            .as_ref()
            .unwrap()
            .card
            == FIRE300
    });
    assert!(same, "the holder knows its card");
}
