//! The fast path agrees with the checked one: `apply_random` draws one of the actions
//! `legal_actions` lists and applies it exactly as `apply` would (state and events), and a seat
//! that may not act has nothing applied and nothing changed. (That the draw is uniform over the
//! list is the draw module's own test.)

use boardroom_engine::rng::FastRng;
use boardroom_engine::Game;
use boardroom_theboss::{Action, Config, TheBoss};

#[test]
fn apply_random_applies_a_listed_action_as_apply_does() {
    let mut offers = 0;
    for players in 2..=4 {
        for seed in 0..8u64 {
            let mut fast = TheBoss::new(&Config::new(players), seed).unwrap();
            let mut slow = fast.clone();
            let mut rng = FastRng::new(seed);
            let (mut scratch, mut legal) = (Vec::new(), Vec::new());
            let (mut ev_fast, mut ev_slow) = (Vec::new(), Vec::new());
            while let Some(seat) = fast.playout_seats().choose(&mut rng) {
                ev_fast.clear();
                ev_slow.clear();
                slow.legal_actions(seat, &mut legal);
                let mut drawn = None;
                let moved = fast.apply_random_with(
                    seat,
                    &mut rng,
                    &mut scratch,
                    &mut ev_fast,
                    |_, a: &Action| drawn = Some(a.clone()),
                );
                assert!(moved);
                let action = drawn.unwrap();
                assert!(legal.contains(&action), "{action:?} is not listed");
                offers += matches!(action, Action::Offer(_)) as u32;
                let text = slow.format_action(action.clone());
                slow.apply(seat, action, &mut ev_slow).unwrap();
                assert_eq!(fast, slow, "{players} players seed {seed} after `{text}`");
                assert_eq!(ev_fast, ev_slow, "after `{text}`");
                let idle = (0..players).find(|&s| !fast.to_act().contains(s));
                if let Some(other) = idle {
                    let before = fast.clone();
                    let events = ev_fast.len();
                    let mut twin = rng.clone();
                    // The draw by rejection may have drawn and refused its raw candidates.
                    assert!(!fast.apply_random(other, &mut twin, &mut scratch, &mut ev_fast));
                    assert_eq!(fast, before);
                    assert_eq!(ev_fast.len(), events);
                }
            }
            assert!(fast.is_over());
            assert!(!fast.apply_random(0, &mut rng, &mut scratch, &mut ev_fast));
        }
    }
    assert!(offers > 100, "{offers} offers made on the fast path");
}
