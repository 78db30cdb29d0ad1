//! A loop of random 4-player playouts as `boardroom bench` plays them (the rollouts' generator,
//! seeds from 1,000,000), for profilers: `perf record` or `valgrind --tool=callgrind` over a
//! fixed number of games, so that two builds count the same work.
//!
//! ```sh
//! cargo build --release -p boardroom-theboss --example playout_profile
//! perf record target/release/examples/playout_profile [GAMES [PLAYERS]]
//! ```
//!
//! Defaults: 2,000 games of 4 players; prints the games and decisions played.

use boardroom_engine::playout::{random_playout, Scratch};
use boardroom_engine::rng::FastRng;
use boardroom_engine::Game;
use boardroom_theboss::{Config, TheBoss};

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(2_000);
    let players: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(4);
    let config = Config::new(players);
    let mut rng = FastRng::new(0xbe7c);
    let mut scratch = Scratch::default();
    let mut decisions = 0u64;
    for seed in 1_000_000..1_000_000 + games {
        let Ok(mut g) = TheBoss::new(&config, seed) else {
            eprintln!("error: The Boss has no {players}-player game");
            std::process::exit(2);
        };
        decisions += random_playout(&mut g, &mut rng, &mut scratch).decisions;
    }
    println!("{games} games, {decisions} decisions");
}
