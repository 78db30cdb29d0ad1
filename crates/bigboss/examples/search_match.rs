//! Plays 2-player Big Boss between two settings of the search (or two bots), the seats swapped
//! game by game, and prints the first one's win share with its 95% Wilson interval: the tool
//! behind the notes in `docs/strength.md` on what more search gains in each edition.
//!
//! ```text
//! cargo run --release -p boardroom-bigboss --example search_match -- GAMES SEED EDITION A B
//! ```
//!
//! A setting is a bot name (`heuristic`, `easy`, `ismcts:N`, ...) or
//! `ITERATIONS:EXPLORATION:CUTOFF[:PLAYOUT]`, e.g. `1000:0.7:20` (the `normal` level's search
//! with random rollouts) or `200:0.7:8:g10` (rollouts greedy on the evaluation, 10% of their
//! moves at random); a cut-off of `-1` plays every rollout to the end of the game. Game `i`
//! uses seed `SEED + i / 2`, so both settings play every deal from both seats. Progress goes
//! to stderr; the result line also gives each setting's mean time per decision.

use boardroom_bigboss::{BigBoss, Config, Edition};
use boardroom_bots::ismcts::{IsmctsBot, Playout, Rollout, SearchConfig};
use boardroom_engine::{Bot, Game};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::process::exit;

/// Reads `ITERATIONS:EXPLORATION:CUTOFF[:PLAYOUT]`.
fn setting(s: &str) -> Result<SearchConfig, String> {
    let bad = || {
        format!(
            "`{s}` is not ITERATIONS:EXPLORATION:CUTOFF[:PLAYOUT] \
             (e.g. 1000:0.7:20 or 200:0.7:8:g10)"
        )
    };
    let parts = s.split(':').collect::<Vec<_>>();
    let (it, c, cut, playout) = match parts[..] {
        [it, c, cut] => (it, c, cut, "r"),
        [it, c, cut, p] => (it, c, cut, p),
        _ => return Err(bad()),
    };
    let mut config = SearchConfig::with_iterations(it.parse().map_err(|_| bad())?);
    config.exploration = c.parse().map_err(|_| bad())?;
    config.rollout = match cut.parse::<i64>().map_err(|_| bad())? {
        -1 => Rollout::Full,
        n => Rollout::Cutoff(u32::try_from(n).map_err(|_| bad())?),
    };
    config.playout = match playout {
        "r" => Playout::Random,
        p => match p.strip_prefix('g').map(str::parse::<u8>) {
            Some(Ok(random_percent)) if random_percent <= 100 => Playout::Greedy { random_percent },
            _ => return Err(bad()),
        },
    };
    Ok(config)
}

/// The bot of a setting: `heuristic`, a level name, or a search setting.
fn bot(name: &str, seed: u64) -> Result<Box<dyn Bot<BigBoss>>, String> {
    if !name.contains(':') || name.starts_with("ismcts:") {
        return boardroom_bots::make_bot::<BigBoss>(name, seed).map_err(|e| e.to_string());
    }
    Ok(Box::new(IsmctsBot::new(name, setting(name)?, seed)))
}

/// The 95% Wilson interval of `wins` out of `n`.
fn wilson(wins: f64, n: f64) -> (f64, f64) {
    let z = 1.96f64;
    let p = wins / n;
    let d = 1.0 + z * z / n;
    let c = (p + z * z / (2.0 * n)) / d;
    let h = z * ((p * (1.0 - p) + z * z / (4.0 * n)) / n).sqrt() / d;
    (c - h, c + h)
}

fn run(args: &[String]) -> Result<(), String> {
    let [games, seed, edition, a, b] = args else {
        return Err("usage: search_match GAMES SEED modern|classic SETTING SETTING".into());
    };
    let games: u64 = games.parse().map_err(|_| "GAMES is a whole number")?;
    let base: u64 = seed.parse().map_err(|_| "SEED is a whole number")?;
    let edition = match edition.as_str() {
        "modern" => Edition::Modern,
        "classic" => Edition::Classic,
        other => return Err(format!("unknown edition `{other}` (modern or classic)")),
    };
    let names = [a.clone(), b.clone()];
    for name in &names {
        bot(name, 0)?;
    }
    let mut share = [0.0f64; 2];
    let (mut think, mut decisions) = ([0.0f64; 2], [0u64; 2]);
    for i in 0..games {
        let seed = base + i / 2;
        let mut game = BigBoss::new(&Config::new(edition, 2), seed).map_err(|e| e.to_string())?;
        // seat_of[k] = the seat of setting k in this game.
        let seat_of = [(i % 2) as usize, ((i + 1) % 2) as usize];
        let mut bots = (0..2)
            .map(|seat| {
                let k = usize::from(seat_of[1] == seat);
                let bot_seed = seed
                    .wrapping_mul(0x9e37_79b9_7f4a_7c15)
                    .wrapping_add(seat as u64 + 1);
                bot(&names[k], bot_seed)
            })
            .collect::<Result<Vec<_>, _>>()?;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while let Some(seat) = game.to_act().choose(&mut rng) {
            let k = usize::from(seat_of[1] == seat);
            let t = std::time::Instant::now();
            let action = bots[seat].choose(&game, seat);
            think[k] += t.elapsed().as_secs_f64();
            decisions[k] += 1;
            game.play(seat, action).map_err(|e| e.to_string())?;
        }
        let outcome = game.outcome().ok_or("the game ended without an outcome")?;
        for k in 0..2 {
            share[k] += outcome.reward(seat_of[k]);
        }
        eprintln!(
            "game {} of {games}: {:.1} to {:.1}",
            i + 1,
            share[0],
            share[1]
        );
    }
    let n = games as f64;
    let (low, high) = wilson(share[0], n);
    println!(
        "{a} against {b}, {edition} 2 players, {games} games: {:.1}% [{:.1}, {:.1}]; \
         mean ms per decision {:.2} and {:.2}",
        100.0 * share[0] / n,
        100.0 * low,
        100.0 * high,
        1e3 * think[0] / decisions[0].max(1) as f64,
        1e3 * think[1] / decisions[1].max(1) as f64
    );
    Ok(())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Err(e) = run(&args) {
        eprintln!("error: {e}");
        exit(2);
    }
}
