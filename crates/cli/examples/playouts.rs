//! The simulator's games without the simulator: game `i` dealt from seed `SEED + i` and played
//! to its end by random seats through the playout loop, drawing from the generator
//! `boardroom simulate` gives that game. With random bots at every seat, `boardroom simulate`
//! plays the same games move for move; timing the two side by side measures what the
//! simulator adds to each game (its bookkeeping, statistics and results).
//!
//! ```sh
//! cargo run --release -p boardroom --example playouts -- big-boss 4 100000
//! boardroom simulate --game big-boss --players 4 --games 100000 --threads 1
//! ```

use boardroom_engine::playout::{random_playout, Scratch};
use boardroom_engine::Options;
use boardroom_registry::{Playable, Visitor};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

struct Run {
    players: usize,
    games: u64,
    seed: u64,
}

impl Visitor for Run {
    type Output = Result<(), String>;
    fn visit<G: Playable>(self) -> Self::Output {
        let config = boardroom_registry::make_config::<G>(self.players, None, &Options::new())
            .map_err(|e| e.to_string())?;
        let mut scratch = Scratch::default();
        let mut decisions = 0u64;
        let start = Instant::now();
        for index in 0..self.games {
            let seed = self.seed.wrapping_add(index);
            let mut game = G::new(&config, seed).map_err(|e| e.to_string())?;
            // The simulator's generator for this game (`simulate/play.rs`).
            let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed_b075);
            decisions += random_playout(&mut game, &mut rng, &mut scratch).decisions;
        }
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{}: {} games, {decisions} decisions in {secs:.2} s ({:.0} games per second)",
            G::describe_config(&config, boardroom_i18n::ENGLISH),
            self.games,
            self.games as f64 / secs
        );
        Ok(())
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: playouts GAME PLAYERS GAMES [SEED]   (SEED defaults to 1, as in simulate)";
    let parsed = (|| {
        let game = args.first()?.clone();
        let players = args.get(1)?.parse().ok()?;
        let games = args.get(2)?.parse().ok()?;
        let seed = match args.get(3) {
            Some(s) => s.parse().ok()?,
            None => 1,
        };
        Some((
            game,
            Run {
                players,
                games,
                seed,
            },
        ))
    })();
    let Some((game, run)) = parsed else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    match boardroom_registry::visit(&game, run) {
        Ok(Ok(())) => {}
        Ok(Err(e)) => {
            eprintln!("error: {e}");
            std::process::exit(1);
        }
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    }
}
