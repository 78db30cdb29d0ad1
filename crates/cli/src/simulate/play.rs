//! Playing the games of a simulation: one game with a bot per seat, and many games on several
//! threads with a progress bar.

use super::results::GameResult;
use crate::seats::make_bot;
use crate::words::Words;
use anyhow::Result;
use boardroom_engine::{Bot, Game};
use boardroom_registry::Playable;
use indicatif::{ProgressBar, ProgressStyle};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// A seat's player during a simulated game.
enum Player<G: Game> {
    /// Uniformly random, from the game's shared generator (cheap; no allocation).
    Random,
    /// A bot.
    Bot(Box<dyn Bot<G>>),
}

/// The bot (its index in `bots`) at each seat of game `index`: the k-th bot at seat k, or with
/// `rotate` at seat `(k + index) mod players`.
pub fn slots(players: usize, index: u64, rotate: bool) -> Vec<usize> {
    let shift = if rotate {
        (index % players as u64) as usize
    } else {
        0
    };
    (0..players)
        .map(|seat| (seat + players - shift) % players)
        .collect()
}

/// Plays game `index`: seed `base + index`, bots seeded from the game seed and their seat.
/// When several seats may act, the game's generator picks which acts (fairly; one seat to act
/// draws nothing from it).
pub fn play_one<G: Playable>(
    config: &G::Config,
    bots: &[String],
    rotate: bool,
    base: u64,
    index: u64,
    legal: &mut Vec<G::Action>,
    events: &mut Vec<G::Event>,
) -> Result<GameResult> {
    let seed = base.wrapping_add(index);
    let mut game = G::new(config, seed)?;
    let n = game.num_players();
    let slots = slots(n, index, rotate);
    let mut players: Vec<Player<G>> = Vec::with_capacity(n);
    for (seat, &slot) in slots.iter().enumerate() {
        let name = &bots[slot];
        players.push(if name == "random" {
            Player::Random
        } else {
            let bot_seed = seed
                .wrapping_mul(0x9e37_79b9_7f4a_7c15)
                .wrapping_add(seat as u64 + 1);
            Player::Bot(make_bot::<G>(name, bot_seed)?)
        });
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed_b075);
    // Counted actions, by the game's name for them: a handful of names, each counted hundreds
    // of times a game, so a short list found by the name's address beats a map.
    let mut counted: Vec<(&'static str, u32)> = Vec::with_capacity(8);
    let mut decisions = 0u64;
    while let Some(seat) = game.to_act().choose(&mut rng) {
        let action = match &mut players[seat] {
            // The playout's fast path: the game draws and applies in one step (the same draw
            // as picking from its listed actions), and shows the simulator what it drew.
            Player::Random => {
                if random_step(&mut game, seat, &mut rng, legal, events, &mut counted) {
                    decisions += 1;
                } else {
                    // A seat that may act but has nothing listed lets the others go on; one
                    // the game waits for must have a move.
                    anyhow::ensure!(
                        !game.must_act().contains(seat),
                        "seat {seat} must act but has no legal action"
                    );
                }
                continue;
            }
            Player::Bot(bot) if game.must_act().contains(seat) || game.must_act().is_empty() => {
                bot.choose(&game, seat)
            }
            Player::Bot(bot) => match bot.choose_optional(&game, seat) {
                Some(a) => a,
                // Nothing worth doing: another seat goes on (the game waits for one).
                None => continue,
            },
        };
        if let Some(k) = game.action_stat(seat, &action) {
            count(&mut counted, k);
        }
        events.clear();
        game.apply(seat, action.clone(), events)
            .map_err(|e| anyhow::anyhow!("bot chose an illegal action {action:?}: {e}"))?;
        decisions += 1;
    }
    let outcome = game.outcome().expect("the game is over");
    let mut stats: BTreeMap<&'static str, f64> = BTreeMap::new();
    for (k, n) in counted {
        *stats.entry(k).or_insert(0.0) += f64::from(n);
    }
    for (k, v) in game.final_stats() {
        stats.insert(k, v);
    }
    Ok(GameResult {
        index,
        seed,
        rewards: (0..n).map(|s| outcome.reward(s)).collect(),
        scores: outcome.scores.clone(),
        money: (0..n).map(|s| game.money(s)).collect(),
        decisions,
        stats,
        slots,
    })
}

/// One random seat's move through the game's fast path, its action counted; `false` when the
/// seat has no legal action.
#[inline]
fn random_step<G: Playable>(
    game: &mut G,
    seat: usize,
    rng: &mut ChaCha8Rng,
    legal: &mut Vec<G::Action>,
    events: &mut Vec<G::Event>,
    counted: &mut Vec<(&'static str, u32)>,
) -> bool {
    events.clear();
    game.apply_random_with(seat, rng, legal, events, |g, a| {
        if let Some(k) = g.action_stat(seat, a) {
            count(counted, k);
        }
    })
}

/// Adds one to the count of `name`, found by its address: a name is one of the game's
/// constants, so it nearly always has one address, and the rare copy at another address gets
/// an entry of its own that the end of the game adds to the first.
#[inline]
fn count(counted: &mut Vec<(&'static str, u32)>, name: &'static str) {
    match counted.iter_mut().find(|(k, _)| std::ptr::eq(*k, name)) {
        Some((_, n)) => *n += 1,
        None => counted.push((name, 1)),
    }
}

/// Plays `games` games of `config` from seed `seed` on `threads` threads; returns them in
/// index order and the seconds taken. The progress bar shows `label` and speaks `words`.
#[allow(clippy::too_many_arguments)]
pub fn run_games<G: Playable>(
    config: &G::Config,
    bots: &[String],
    rotate: bool,
    games: u64,
    seed: u64,
    threads: usize,
    label: &str,
    words: &Words,
) -> Result<(Vec<GameResult>, f64)> {
    let bar = ProgressBar::new(games);
    // The words are the program's own messages: braces in them would be read as the
    // template's keys.
    let word = |id: &str| words.t(id, &[]).replace(['{', '}'], "");
    let template = format!(
        "{{spinner}} {{msg}} [{{elapsed_precise}}] {{wide_bar}} {{pos}}/{{len}} {} ({{per_sec}}, {} {{eta}})",
        word("sim-progress-games"),
        word("sim-progress-eta"),
    );
    bar.set_style(ProgressStyle::with_template(&template).expect("valid template"));
    bar.set_message(label.to_string());
    let next = AtomicU64::new(0);
    let results = Mutex::new(Vec::with_capacity(games as usize));
    let failure: Mutex<Option<anyhow::Error>> = Mutex::new(None);
    let start = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut legal = Vec::with_capacity(128);
                let mut events = Vec::with_capacity(32);
                let mut local = Vec::new();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= games {
                        break;
                    }
                    match play_one::<G>(config, bots, rotate, seed, i, &mut legal, &mut events) {
                        Ok(r) => local.push(r),
                        Err(e) => {
                            *failure.lock().expect("no panics while locked") = Some(e);
                            next.store(games, Ordering::Relaxed);
                            break;
                        }
                    }
                    bar.inc(1);
                }
                results
                    .lock()
                    .expect("no panics while locked")
                    .extend(local);
            });
        }
    });
    let seconds = start.elapsed().as_secs_f64();
    bar.finish_and_clear();
    if let Some(e) = failure.into_inner().expect("threads joined") {
        return Err(e);
    }
    let mut results = results.into_inner().expect("threads joined");
    results.sort_by_key(|r| r.index);
    Ok((results, seconds))
}

#[cfg(test)]
mod tests {
    use super::slots;

    #[test]
    fn rotation_seats_every_bot_in_every_seat_once_per_cycle() {
        assert_eq!(slots(3, 7, false), vec![0, 1, 2]);
        let n = 4;
        let mut seen = vec![vec![0u32; n]; n];
        for game in 0..n as u64 {
            let s = slots(n, game, true);
            // Each game is a permutation: every bot has exactly one seat.
            let mut sorted = s.clone();
            sorted.sort();
            assert_eq!(sorted, vec![0, 1, 2, 3]);
            for (seat, &bot) in s.iter().enumerate() {
                seen[bot][seat] += 1;
            }
        }
        assert!(seen.iter().flatten().all(|&c| c == 1), "{seen:?}");
        // Bot k sits at seat (k + game) mod n.
        assert_eq!(slots(4, 1, true), vec![3, 0, 1, 2]);
    }
}
