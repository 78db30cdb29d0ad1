//! What a batch of games stepped together costs per decision, without Python: the loop of
//! `boardroom.VecGame.step` in the legal-list space (a uniformly random legal index per game,
//! the actor drawn among the seats that may act, a finished game replaced by the next seed),
//! with and without bringing each game's observation row up to date (`encode_update`).
//!
//! ```sh
//! cargo run --release -p boardroom-theboss --example batch_speed [-- GAMES STEPS]
//! ```
//!
//! Defaults: 1,024 games, 200 steps; prints nanoseconds per decision of each way, the best of
//! three rounds. Under `valgrind --tool=callgrind` it counts the instructions of one way with
//! `-- GAMES STEPS obs` or `-- GAMES STEPS plain`.

use boardroom_engine::{rng, Encode, EncodeMemo, Game, Viewer};
use boardroom_theboss::{Action, Config, TheBoss};
use rand::Rng;
use std::time::Instant;

struct Lane {
    game: TheBoss,
    legal: Vec<Action>,
    events: Vec<<TheBoss as Game>::Event>,
    memo: EncodeMemo,
    seat: usize,
}

struct Batch {
    lanes: Vec<Lane>,
    obs: Vec<f32>,
    size: usize,
    next_seed: u64,
    rng: rng::GameRng,
    config: Config,
}

impl Batch {
    fn new(n: usize, observations: bool) -> Batch {
        let config = Config::new(4);
        let size = if observations {
            TheBoss::encoded_len(&config).expect("The Boss has its own encoding")
        } else {
            0
        };
        let mut b = Batch {
            lanes: Vec::with_capacity(n),
            obs: vec![0.0; n * size],
            size,
            next_seed: n as u64,
            rng: rng::from_seed(7),
            config,
        };
        for seed in 0..n as u64 {
            let game = TheBoss::new(&b.config, seed).expect("a new game");
            b.lanes.push(Lane {
                game,
                legal: Vec::new(),
                events: Vec::new(),
                memo: EncodeMemo::new(),
                seat: 0,
            });
        }
        for i in 0..n {
            b.write(i);
        }
        b
    }

    /// The actor's legal list and observation row of lane `i`.
    fn write(&mut self, i: usize) {
        let lane = &mut self.lanes[i];
        lane.seat = lane.game.to_act().choose(&mut self.rng).unwrap_or(0);
        lane.game.legal_actions(lane.seat, &mut lane.legal);
        if self.size > 0 {
            let row = &mut self.obs[i * self.size..(i + 1) * self.size];
            lane.game
                .encode_update(Viewer::Seat(lane.seat), row, &mut lane.memo);
        }
    }

    fn step(&mut self) {
        for i in 0..self.lanes.len() {
            let lane = &mut self.lanes[i];
            let k = self.rng.gen_range(0..lane.legal.len().max(1));
            if !lane.legal.is_empty() {
                let a = lane.legal.swap_remove(k);
                lane.events.clear();
                lane.game
                    .apply_legal(lane.seat, a, &mut lane.events)
                    .expect("a listed action is legal");
            }
            if lane.game.is_over() || lane.legal.is_empty() && lane.game.to_act().is_empty() {
                lane.game = TheBoss::new(&self.config, self.next_seed).expect("a new game");
                self.next_seed += 1;
            }
            self.write(i);
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(1024);
    let steps: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(200);
    let only = args.get(2).map(String::as_str);
    for (name, observations) in [("plain", false), ("obs", true)] {
        if only.is_some_and(|o| o != name) {
            continue;
        }
        let mut best = f64::MAX;
        let rounds = if only.is_some() { 1 } else { 3 };
        for _ in 0..rounds {
            let mut b = Batch::new(games, observations);
            for _ in 0..20 {
                b.step();
            }
            let t = Instant::now();
            for _ in 0..steps {
                b.step();
            }
            best = best.min(t.elapsed().as_nanos() as f64 / (steps * games) as f64);
        }
        println!(
            "{name:>6}: {best:7.1} ns per decision ({:.0} k decisions/s), {games} games",
            1e6 / best
        );
    }
}
