//! The fast path agrees with the checked one: `apply_random` draws and applies exactly what
//! `legal_actions`, the same draw and `apply` would (state and events), and a seat that may not
//! act has nothing drawn and nothing changed.

use boardroom_engine::rng::FastRng;
use boardroom_engine::Game;
use boardroom_theboss::{Action, Config, TheBoss};
use rand::Rng;

#[test]
fn apply_random_matches_listing_drawing_and_applying() {
    let mut offers = 0;
    for players in 2..=4 {
        for seed in 0..8u64 {
            let mut fast = TheBoss::new(&Config::new(players), seed).unwrap();
            let mut slow = fast.clone();
            let mut r_fast = FastRng::new(seed);
            let mut r_slow = r_fast.clone();
            let (mut scratch, mut legal) = (Vec::new(), Vec::new());
            let (mut ev_fast, mut ev_slow) = (Vec::new(), Vec::new());
            while let Some(seat) = fast.to_act().choose(&mut r_fast) {
                assert_eq!(slow.to_act().choose(&mut r_slow), Some(seat));
                ev_fast.clear();
                ev_slow.clear();
                assert!(fast.apply_random(seat, &mut r_fast, &mut scratch, &mut ev_fast));
                slow.legal_actions(seat, &mut legal);
                let action = legal[r_slow.gen_range(0..legal.len())].clone();
                offers += matches!(action, Action::Offer(_)) as u32;
                let text = slow.format_action(action.clone());
                slow.apply(seat, action, &mut ev_slow).unwrap();
                assert_eq!(fast, slow, "{players} players seed {seed} after `{text}`");
                assert_eq!(ev_fast, ev_slow, "after `{text}`");
                let idle = (0..players).find(|&s| !fast.to_act().contains(s));
                if let Some(other) = idle {
                    let before = fast.clone();
                    let mut twin = r_fast.clone();
                    assert!(!fast.apply_random(other, &mut twin, &mut scratch, &mut ev_fast));
                    assert_eq!(fast, before);
                    assert_eq!(twin, r_fast);
                }
            }
            assert!(fast.is_over());
            assert!(!fast.apply_random(0, &mut r_fast, &mut scratch, &mut ev_fast));
        }
    }
    assert!(offers > 100, "{offers} offers made on the fast path");
}
