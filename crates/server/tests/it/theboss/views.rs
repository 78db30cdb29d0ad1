//! What a person receives: exactly the view of the replayed record for their seat, blind to
//! others' Fate cards.

use super::*;

/// A random four-player game of The Boss, with states along the way.
fn positions() -> Vec<TheBoss> {
    let mut out = Vec::new();
    for seed in 0..6u64 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut g = TheBoss::new(&boardroom_theboss::Config::new(4), seed).unwrap();
        let mut buf = Vec::new();
        for step in 0..3000 {
            if g.is_over() {
                break;
            }
            if step % 41 == 0 {
                out.push(g.clone());
            }
            let seat = g.to_act().choose(&mut rng).unwrap();
            g.legal_actions(seat, &mut buf);
            let a = buf[rng.gen_range(0..buf.len())].clone();
            g.play(seat, a).unwrap();
        }
    }
    out
}

#[test]
fn a_players_messages_do_not_change_when_only_others_fate_cards_change() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    let (mut checked, mut hidden_cards_differ) = (0, 0);
    for game in positions() {
        for viewer in (0..4).map(Viewer::Seat).chain([Viewer::Spectator]) {
            let mine = serde_json::to_string(&view::state_msg(&game, viewer, 9, None)).unwrap();
            for _ in 0..3 {
                let other = game.sample_hidden(viewer, &mut rng);
                if (0..4).any(|s| {
                    Viewer::Seat(s) != viewer
                        && other.player(s).fate.as_ref().map(|f| f.card)
                            != game.player(s).fate.as_ref().map(|f| f.card)
                }) {
                    hidden_cards_differ += 1;
                }
                let theirs =
                    serde_json::to_string(&view::state_msg(&other, viewer, 9, None)).unwrap();
                assert_eq!(mine, theirs);
                checked += 1;
            }
        }
    }
    assert!(checked > 100);
    assert!(
        hidden_cards_differ > 10,
        "other players' face-down Fate cards really differed ({hidden_cards_differ} of {checked})"
    );
}
