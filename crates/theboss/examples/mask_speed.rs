//! What the fixed action space's mask costs: the whole mask (`space_mask`: the menu, the
//! suggestion slots, the offer builder, the late answer places), the offer builder's part alone
//! (`built_mask`), and the legal list the mask is given (`candidates`), per state, over states
//! sampled from random 4-player games in which a quarter of the moves that may be a builder
//! offer are one.
//!
//! ```sh
//! cargo run --release -p boardroom-theboss --example mask_speed
//! ```

use boardroom_engine::{rng, Game};
use boardroom_theboss::action_space::{ACTION_SPACE, FIRST_BUILT};
use boardroom_theboss::offer_space::BUILT_OFFERS;
use boardroom_theboss::{Config, TheBoss};
use rand::Rng;
use std::hint::black_box;
use std::time::Instant;

fn states() -> Vec<(TheBoss, usize)> {
    let mut out = Vec::new();
    let mut r = rng::from_seed(1);
    let mut legal = Vec::new();
    let mut mask = vec![false; ACTION_SPACE];
    for seed in 1..=4 {
        let mut game = TheBoss::new(&Config::new(4), seed).unwrap();
        for step in 0..3000 {
            let Some(seat) = game.to_act().choose(&mut r) else {
                break;
            };
            if step % 5 == 0 {
                out.push((game.clone(), seat));
            }
            game.legal_actions(seat, &mut legal);
            game.space_mask(seat, &legal, &mut mask);
            let built: Vec<usize> = (FIRST_BUILT..FIRST_BUILT + BUILT_OFFERS)
                .filter(|&i| mask[i])
                .collect();
            let a = if !built.is_empty() && r.gen_range(0..4) == 0 {
                game.from_space_index(seat, built[r.gen_range(0..built.len())])
                    .unwrap()
            } else {
                legal[r.gen_range(0..legal.len())].clone()
            };
            game.play(seat, a).unwrap();
        }
    }
    out
}

/// Nanoseconds per state of `f` over `states`, the best of five rounds.
fn time(states: &[(TheBoss, usize)], mut f: impl FnMut(&TheBoss, usize)) -> f64 {
    let mut best = f64::MAX;
    for _ in 0..5 {
        let t = Instant::now();
        for (g, seat) in states {
            f(g, *seat);
        }
        best = best.min(t.elapsed().as_nanos() as f64 / states.len() as f64);
    }
    best
}

fn main() {
    let states = states();
    let legals: Vec<_> = states
        .iter()
        .map(|(g, s)| {
            let mut l = Vec::new();
            g.legal_actions(*s, &mut l);
            l
        })
        .collect();
    let mut mask = vec![false; ACTION_SPACE];
    let mut legal = Vec::new();
    let mut k = 0;
    let whole = time(&states, |g, s| {
        g.space_mask(s, &legals[k % legals.len()], &mut mask);
        black_box(&mask);
        k += 1;
    });
    let mut built = vec![false; BUILT_OFFERS];
    let builder = time(&states, |g, s| {
        g.built_mask(s, &mut built);
        black_box(&built);
    });
    let list = time(&states, |g, s| {
        g.candidates(s, &mut legal);
        black_box(&legal);
    });
    let legal_ids: usize = states
        .iter()
        .zip(&legals)
        .map(|((g, s), l)| {
            g.space_mask(*s, l, &mut mask);
            mask[FIRST_BUILT..FIRST_BUILT + BUILT_OFFERS]
                .iter()
                .filter(|&&m| m)
                .count()
        })
        .sum();
    println!("{} states of 4-player games", states.len());
    println!("whole mask ({ACTION_SPACE} ids): {:.0} ns per state", whole);
    println!(
        "builder's part ({BUILT_OFFERS} ids): {:.0} ns per state",
        builder
    );
    println!("legal list (candidates): {:.0} ns per state", list);
    println!(
        "legal builder ids: {:.1} per state on average",
        legal_ids as f64 / states.len() as f64
    );
}
