//! Fits the search levels' leaf model ([`boardroom_theboss::bot::race`]) to games of the
//! reference player against itself, and prints the coefficients with the log-loss of the
//! fitted model, of the built-in one and of the plain worth softmax (`worth_chances`) on held-out games.
//!
//! ```text
//! cargo run --profile ci -p boardroom-theboss --example boss_fit -- PLAYERS GAMES SEED
//! ```
//!
//! Every fifth quiet position of a game is one sample per game position: the seats' features
//! and their rewards at the end. Games of even index are fitted, those of odd index held out.
//! The model is a conditional logit (each seat's chance is the softmax of `θ · x` over the
//! seats), fitted by Newton's method with a small ridge.

use boardroom_bots::make_bot;
use boardroom_engine::evaluate::{worth_chances, Evaluate};
use boardroom_engine::{Bot, Game};
use boardroom_theboss::bot::race::FEATURES;
use boardroom_theboss::{Config, TheBoss};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// One position: per seat its features, its reward, and the plain model's chance.
struct Sample {
    x: Vec<[f64; FEATURES]>,
    y: Vec<f64>,
    plain: Vec<f64>,
    current: Vec<f64>,
}

/// A position taken during a game: the features, the plain chances and the built-in ones.
type Taken = (Vec<[f64; FEATURES]>, Vec<f64>, Vec<f64>);

fn probs(theta: &[f64; FEATURES], x: &[[f64; FEATURES]]) -> Vec<f64> {
    let s: Vec<f64> = x
        .iter()
        .map(|x| x.iter().zip(theta).map(|(a, b)| a * b).sum())
        .collect();
    let m = s.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
    let e: Vec<f64> = s.iter().map(|v| (v - m).exp()).collect();
    let t: f64 = e.iter().sum();
    e.into_iter().map(|v| v / t).collect()
}

fn loss(p: &[f64], y: &[f64]) -> f64 {
    -p.iter()
        .zip(y)
        .map(|(p, y)| y * p.max(1e-9).ln())
        .sum::<f64>()
}

fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Vec<f64> {
    let n = b.len();
    for i in 0..n {
        let p = (i..n)
            .max_by(|&r, &s| a[r][i].abs().partial_cmp(&a[s][i].abs()).unwrap())
            .unwrap();
        a.swap(i, p);
        b.swap(i, p);
        let (top, rest) = a.split_at_mut(i + 1);
        let pivot = &top[i];
        for (k, row) in rest.iter_mut().enumerate() {
            let f = row[i] / pivot[i];
            for (x, p) in row[i..].iter_mut().zip(&pivot[i..]) {
                *x -= f * p;
            }
            b[i + 1 + k] -= f * b[i];
        }
    }
    let mut x = vec![0.0; n];
    for i in (0..n).rev() {
        let s: f64 = (i + 1..n).map(|c| a[i][c] * x[c]).sum();
        x[i] = (b[i] - s) / a[i][i];
    }
    x
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let players: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(2);
    let games: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(200);
    let base: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(0);
    let mut train = Vec::new();
    let mut test = Vec::new();
    for i in 0..games {
        let seed = base + i;
        let mut game = TheBoss::new(&Config::new(players), seed).expect("a valid table");
        let mut bots: Vec<Box<dyn Bot<TheBoss>>> = (0..players)
            .map(|s| make_bot::<TheBoss>("heuristic", seed * 31 + s as u64).expect("known"))
            .collect();
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed_b075);
        let mut quiet = 0u32;
        let mut taken: Vec<Taken> = Vec::new();
        while let Some(seat) = game.to_act().choose(&mut rng) {
            if game.is_quiet() {
                quiet += 1;
                if quiet.is_multiple_of(5) {
                    let x = (0..players).map(|s| game.race_features(s)).collect();
                    let mut plain = vec![0.0; players];
                    worth_chances(&game, &mut plain);
                    let mut current = vec![0.0; players];
                    game.race_chances(&mut current);
                    taken.push((x, plain, current));
                }
            }
            let a = bots[seat].choose(&game, seat);
            game.play(seat, a).expect("legal");
        }
        let outcome = game.outcome().expect("over");
        let y: Vec<f64> = (0..players).map(|s| outcome.reward(s)).collect();
        for (x, plain, current) in taken {
            let s = Sample {
                x,
                y: y.clone(),
                plain,
                current,
            };
            if i % 2 == 0 {
                train.push(s)
            } else {
                test.push(s)
            }
        }
    }
    let mut theta = [0.0f64; FEATURES];
    for _ in 0..30 {
        let mut g = vec![0.0; FEATURES];
        let mut h = vec![vec![0.0; FEATURES]; FEATURES];
        for s in &train {
            let p = probs(&theta, &s.x);
            let mut mean = [0.0; FEATURES];
            for (j, x) in s.x.iter().enumerate() {
                for k in 0..FEATURES {
                    mean[k] += p[j] * x[k];
                }
            }
            for (j, x) in s.x.iter().enumerate() {
                for k in 0..FEATURES {
                    g[k] += (s.y[j] - p[j]) * x[k];
                    for l in 0..FEATURES {
                        h[k][l] += p[j] * (x[k] - mean[k]) * (x[l] - mean[l]);
                    }
                }
            }
        }
        let ridge = 1e-3 * train.len() as f64;
        for k in 0..FEATURES {
            g[k] -= ridge * theta[k];
            h[k][k] += ridge;
        }
        let step = solve(h, g);
        for k in 0..FEATURES {
            theta[k] += step[k];
        }
    }
    let mean_loss = |f: &dyn Fn(&Sample) -> Vec<f64>| {
        test.iter().map(|s| loss(&f(s), &s.y)).sum::<f64>() / test.len().max(1) as f64
    };
    println!(
        "{players} players, {games} games from seed {base}: {} training and {} held-out positions",
        train.len(),
        test.len()
    );
    println!(
        "held-out log-loss: fitted {:.4}, built in {:.4}, worth softmax {:.4}, even {:.4}",
        mean_loss(&|s| probs(&theta, &s.x)),
        mean_loss(&|s| s.current.clone()),
        mean_loss(&|s| s.plain.clone()),
        (players as f64).ln()
    );
    println!(
        "theta: [{}]",
        theta
            .iter()
            .map(|t| format!("{t:.3}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
}
