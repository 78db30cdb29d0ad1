//! Plays The Boss between bots by name with the seats rotated, and prints each bot's win share
//! with a 95 % Wilson interval (a shared win counts 1/k).
//!
//! ```text
//! cargo run --release -p boardroom-theboss --example boss_match -- GAMES SEED BOT BOT [BOT BOT]
//! ```
//!
//! Games come in blocks of one deal per seed, played once in every rotation of the seats, so
//! each bot plays every deal from every seat: game `i` uses seed `SEED + i / players` and seats
//! bot `b` at seat `(b + i) % players` (GAMES is rounded up to whole blocks). When several
//! seats may act, a generator seeded from the game seed picks one; bots are seeded from the
//! game seed and their seat, as `boardroom simulate` does. With `heuristic heuristic-nodeal
//! heuristic heuristic-nodeal` the two dealers sit opposite each other in every game.
//!
//! Besides the win shares it prints each bot's thinking time per decision (median, 95th
//! percentile and maximum over all its decisions), measured around `Bot::choose`, both wall
//! clock and (on Linux) the thread's CPU time, which a busy machine does not inflate. With the
//! environment variable `BOSS_MATCH_PROGRESS` set it reports the shares after every game on
//! standard error.

use boardroom_bots::make_bot;
use boardroom_engine::{Bot, Game};
use boardroom_theboss::{Config, TheBoss};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn wilson(wins: f64, n: f64) -> (f64, f64) {
    let z = 1.96f64;
    let p = wins / n;
    let d = 1.0 + z * z / n;
    let c = (p + z * z / (2.0 * n)) / d;
    let h = z * ((p * (1.0 - p) + z * z / (4.0 * n)) / n).sqrt() / d;
    (c - h, c + h)
}

/// The CPU time the calling thread has run, in nanoseconds (`CLOCK_THREAD_CPUTIME_ID`);
/// `None` where the system does not tell.
fn thread_cpu_ns() -> Option<u64> {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid, writable timespec for the duration of the call.
    let r = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    (r == 0).then(|| t.tv_sec as u64 * 1_000_000_000 + t.tv_nsec as u64)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    assert!(
        args.len() >= 4,
        "usage: boss_match GAMES SEED BOT BOT [BOT BOT] (2-4 bots)"
    );
    let games: u64 = args[0].parse().expect("GAMES is a number");
    let base: u64 = args[1].parse().expect("SEED is a number");
    let names: Vec<String> = args[2..].to_vec();
    let n = names.len();
    let games = games.div_ceil(n as u64) * n as u64;
    let mut share = vec![0.0f64; n];
    // Per seed (block of rotations): each bot's total reward.
    let mut blocks: Vec<Vec<f64>> = Vec::new();
    let mut decisions = 0u64;
    let mut offers = 0u64;
    let mut accepted = 0u64;
    let mut endings = std::collections::BTreeMap::new();
    // Per bot: the time of each of its decisions, in microseconds.
    let mut times: Vec<Vec<u64>> = vec![Vec::new(); n];
    // Per bot: the CPU time of each of its decisions, in microseconds (where the system tells).
    let mut cpu_times: Vec<Vec<u64>> = vec![Vec::new(); n];
    for i in 0..games {
        let seed = base + i / n as u64;
        let mut game = TheBoss::new(&Config::new(n), seed).expect("a valid table");
        // seat_of[b] = the seat of bot b in this game.
        let seat_of: Vec<usize> = (0..n).map(|b| (b + i as usize) % n).collect();
        let mut bots: Vec<Box<dyn Bot<TheBoss>>> = (0..n)
            .map(|seat| {
                let b = seat_of.iter().position(|&s| s == seat).expect("rotation");
                let bot_seed = seed
                    .wrapping_mul(0x9e37_79b9_7f4a_7c15)
                    .wrapping_add(seat as u64 + 1);
                make_bot::<TheBoss>(&names[b], bot_seed).expect("a known bot")
            })
            .collect();
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed_b075);
        while let Some(seat) = game.to_act().choose(&mut rng) {
            let started = std::time::Instant::now();
            let cpu_started = thread_cpu_ns();
            let a = bots[seat].choose(&game, seat);
            let b = seat_of.iter().position(|&s| s == seat).expect("rotation");
            times[b].push(started.elapsed().as_micros() as u64);
            if let (Some(a), Some(z)) = (cpu_started, thread_cpu_ns()) {
                cpu_times[b].push(z.saturating_sub(a) / 1000);
            }
            match &a {
                boardroom_theboss::Action::Offer(_) | boardroom_theboss::Action::Counter(..) => {
                    offers += 1
                }
                boardroom_theboss::Action::Accept(_) => accepted += 1,
                _ => {}
            }
            game.play(seat, a).expect("bots play legal actions");
            decisions += 1;
        }
        let outcome = game.outcome().expect("over");
        if (i as usize).is_multiple_of(n) {
            blocks.push(vec![0.0; n]);
        }
        let block = blocks.last_mut().expect("a block");
        for b in 0..n {
            share[b] += outcome.reward(seat_of[b]);
            block[b] += outcome.reward(seat_of[b]);
        }
        if std::env::var_os("BOSS_MATCH_PROGRESS").is_some() {
            eprintln!(
                "after {} games: {}",
                i + 1,
                (0..n)
                    .map(|b| format!("{} {:.3}", names[b], share[b] / (i + 1) as f64))
                    .collect::<Vec<_>>()
                    .join(", ")
            );
        }
        *endings
            .entry(
                format!("{:?}", game.ending().expect("ended"))
                    .split(' ')
                    .next()
                    .unwrap_or("")
                    .to_string(),
            )
            .or_insert(0u32) += 1;
    }
    println!(
        "{games} games, {n} players, seeds {base}..{} each played in all {n} seat rotations",
        base + games / n as u64
    );
    println!("decisions per game: {:.0}", decisions as f64 / games as f64);
    println!("endings: {endings:?}");
    println!(
        "offers per game: {:.1}, accepted per game: {:.1}",
        offers as f64 / games as f64,
        accepted as f64 / games as f64
    );
    for b in 0..n {
        let (lo, hi) = wilson(share[b], games as f64);
        println!(
            "bot {b} {:<18} win share {:.3}  95% CI [{:.3}, {:.3}]",
            names[b],
            share[b] / games as f64,
            lo,
            hi
        );
    }
    for (what, all) in [
        ("ms per decision", &mut times),
        ("CPU ms per decision", &mut cpu_times),
    ] {
        for (b, t) in all.iter_mut().enumerate() {
            if t.is_empty() {
                continue;
            }
            t.sort_unstable();
            let at = |q: f64| t[((t.len() as f64 * q) as usize).min(t.len() - 1)] as f64 / 1000.0;
            println!(
                "bot {b} {:<18} {what}: median {:.1}, p95 {:.1}, max {:.1} ({} decisions)",
                names[b],
                at(0.5),
                at(0.95),
                at(1.0),
                t.len()
            );
        }
    }
    // Combined share of every distinct name.
    let mut seen: Vec<&String> = Vec::new();
    for name in &names {
        if seen.contains(&name) {
            continue;
        }
        seen.push(name);
        let k = names.iter().filter(|x| *x == name).count() as f64;
        let w: f64 = (0..n)
            .filter(|&b| &names[b] == name)
            .map(|b| share[b])
            .sum();
        let (lo, hi) = wilson(w, games as f64);
        // The same share over the seeds (each block of rotations one observation): a normal
        // interval that allows for games of one seed being alike.
        let per: Vec<f64> = blocks
            .iter()
            .map(|b| {
                (0..n)
                    .filter(|&j| &names[j] == name)
                    .map(|j| b[j])
                    .sum::<f64>()
                    / n as f64
            })
            .collect();
        let m = per.len() as f64;
        let mean = per.iter().sum::<f64>() / m;
        let var = per.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (m - 1.0).max(1.0);
        let half = 1.96 * (var / m).sqrt();
        println!(
            "all {name:<18} x{k}: combined win share {:.3}  95% CI [{lo:.3}, {hi:.3}] (even: {:.3}); over {m} seeds [{:.3}, {:.3}]",
            w / games as f64,
            k / n as f64,
            mean - half,
            mean + half
        );
    }
}
