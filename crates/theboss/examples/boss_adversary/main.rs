//! The adversary benchmark: one seat plays the `heuristic` policy and, besides, exploits the
//! dealing of the others, who play a bot level. Each seed is played twice with the same
//! seats and seeds: once with the adversary seat playing the plain policy (`fair`), once
//! exploiting; the gain is the adversary seat's win share minus the fair seat's, with a 95 %
//! interval over the seeds (paired). Par is 1 / PLAYERS.
//!
//! ```text
//! cargo run --profile ci -p boardroom-theboss --example boss_adversary -- GAMES SEED PLAYERS CLASS [LEVEL]
//! ```
//!
//! Game `i` uses seed `SEED + i` and puts the adversary at seat `i % PLAYERS`; the other
//! seats play LEVEL (`heuristic` by default, or `easy`, `normal`, `hard`). CLASS:
//!
//! * `protection`: with a usable Fire card, sell every other seat a promise not to fire it,
//!   whether or not the firing could happen (a meeting it cannot win, a severance it cannot
//!   pay; with two players there are no voters).
//! * `fire-leader`: with a usable Fire card, sell each other seat a promise to fire the
//!   net-worth leader among the rest, kept by firing an office holder or merely calling a
//!   meeting on an executive.
//! * `votes`: as a voter, sell the caller its FOR and the target its AGAINST, whether or not
//!   the vote can change the tally.
//! * `generic`: random structured offers (cash, shares, cards, the shown Fate card, promises
//!   by either side, promises about its Fire card), made only when the race model's win
//!   chances say the receiver's chance falls and the adversary's rises, and the adversary
//!   gains by its own measure.
//! * `fire-leader-unpaid`: the control of `fire-leader`, no deal: with a usable Fire card,
//!   fire the net-worth leader among the others (or call the meeting on it), unpaid. It
//!   measures what that firing gains the adversary itself; `fire-leader` exploits the dealers
//!   only by what it gains beyond this.
//! * `all`: every class (not the control).
//!
//! Each offer is priced against the receiver's own acceptance test (the price best for the
//! adversary that the reference player still accepts, by bisection to the $10 step); the
//! receiver's level answers it. The adversary resolves its long-term deals the way the other
//! side likes least.

mod classes;

use boardroom_bots::make_bot;
use boardroom_engine::{Game, Seat};
use boardroom_theboss::{Config, Step, TheBoss};
use classes::{Bots, Stats};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

#[derive(Clone, Copy, PartialEq)]
enum Class {
    Protection,
    FireLeader,
    FireLeaderUnpaid,
    Votes,
    Generic,
    All,
}

impl Class {
    fn has(self, c: Class) -> bool {
        self == c || self == Class::All
    }
}

fn bots(level: &str, n: usize, adv: Seat, seed: u64) -> Bots {
    (0..n)
        .map(|seat| {
            let name = if seat == adv { "heuristic" } else { level };
            let bot_seed = seed
                .wrapping_mul(0x9e37_79b9_7f4a_7c15)
                .wrapping_add(seat as u64 + 1);
            make_bot::<TheBoss>(name, bot_seed).expect("a known bot")
        })
        .collect()
}

/// Plays one game; returns the adversary seat's reward.
fn play(
    n: usize,
    seed: u64,
    adv: Seat,
    level: &str,
    class: Option<Class>,
    stats: &mut Stats,
) -> f64 {
    let mut g = TheBoss::new(&Config::new(n), seed).expect("a table");
    let mut bots = bots(level, n, adv, seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xad5e);
    let mut scripted = u32::MAX;
    // The meeting (turn, caller, target) whose votes the adversary has offered.
    let mut lobbied = None;
    while let Some(seat) = g.to_act().choose(&mut rng) {
        if let Some(class) = class.filter(|_| seat == adv) {
            let turn = g.turn().clone();
            let quiet = g.offers().is_empty()
                && g.auction().is_none()
                && g.meeting().is_none()
                && g.after_meeting().is_none()
                && g.pending_disaster().is_none();
            // Only where it has something to offer, so that a game without offers is the
            // fair game move for move.
            let fire = g.usable_fire(adv).is_some()
                && (class.has(Class::Protection)
                    || class.has(Class::FireLeader)
                    || class == Class::FireLeaderUnpaid);
            if turn.seat == adv
                && turn.step == Step::Business
                && turn.number != scripted
                && quiet
                && g.able_to_deal(adv)
                && (fire || class.has(Class::Generic))
            {
                scripted = turn.number;
                classes::resolve(&mut g, adv);
                if class.has(Class::Protection) {
                    classes::protection(&mut g, adv, &mut bots, stats);
                }
                if class.has(Class::FireLeader) {
                    classes::fire_leader(&mut g, adv, &mut bots, stats);
                }
                if class.has(Class::Generic) {
                    classes::generic(&mut g, adv, &mut bots, &mut rng, stats);
                }
                if class == Class::FireLeaderUnpaid {
                    classes::fire_leader_unpaid(&mut g, adv);
                }
                classes::keep_fire_promise(&mut g, adv);
                continue;
            }
            if let Some(m) = g.meeting() {
                let key = (turn.number, m.caller, m.target);
                if class.has(Class::Votes)
                    && g.undeclared_voter(adv)
                    && g.offers().is_empty()
                    && lobbied != Some(key)
                {
                    lobbied = Some(key);
                    classes::votes(&mut g, adv, &mut bots, stats);
                    continue;
                }
            }
            if g.turn().must_fire.is_some() && g.turn().seat == adv && g.offers().is_empty() {
                classes::keep_fire_promise(&mut g, adv);
                if g.turn().must_fire.is_none() {
                    continue;
                }
            }
        }
        let a = bots[seat].choose(&g, seat);
        g.play(seat, a).expect("legal");
    }
    g.outcome().expect("over").reward(adv)
}

fn wilson(p: f64, m: f64) -> (f64, f64) {
    let z = 1.96f64;
    let d = 1.0 + z * z / m;
    let c = (p + z * z / (2.0 * m)) / d;
    let h = z * ((p * (1.0 - p) + z * z / (4.0 * m)) / m).sqrt() / d;
    (c - h, c + h)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    assert!(
        args.len() == 4 || args.len() == 5,
        "usage: boss_adversary GAMES SEED PLAYERS protection|fire-leader|fire-leader-unpaid|votes|generic|all [LEVEL]"
    );
    let games: u64 = args[0].parse().expect("GAMES");
    let base: u64 = args[1].parse().expect("SEED");
    let n: usize = args[2].parse().expect("PLAYERS");
    let class = match args[3].as_str() {
        "protection" => Class::Protection,
        "fire-leader" => Class::FireLeader,
        "fire-leader-unpaid" => Class::FireLeaderUnpaid,
        "votes" => Class::Votes,
        "generic" => Class::Generic,
        "all" => Class::All,
        c => panic!("unknown class {c}"),
    };
    let level = args.get(4).map_or("heuristic", |s| s.as_str());
    let progress = std::env::var_os("BOSS_MATCH_PROGRESS").is_some();
    let (mut fair, mut adv_share) = (0.0f64, 0.0f64);
    let mut diffs = Vec::new();
    let mut stats = Stats::default();
    for i in 0..games {
        let seed = base + i;
        let adv = (i as usize) % n;
        // The adversary seat plays the plain policy in the fair game, where it makes no
        // offers of its own beyond the policy's.
        let f = play(n, seed, adv, level, None, &mut Stats::default());
        let a = play(n, seed, adv, level, Some(class), &mut stats);
        fair += f;
        adv_share += a;
        diffs.push(a - f);
        if progress {
            eprintln!(
                "after {} games: adversary {:.3}, fair {:.3}",
                i + 1,
                adv_share / (i + 1) as f64,
                fair / (i + 1) as f64
            );
        }
    }
    let m = games as f64;
    let (pa, pf) = (adv_share / m, fair / m);
    let mean = diffs.iter().sum::<f64>() / m;
    let var = diffs.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (m - 1.0).max(1.0);
    let half = 1.96 * (var / m).sqrt();
    let (al, ah) = wilson(pa, m);
    let (fl, fh) = wilson(pf, m);
    println!(
        "{games} games, {n} players, class {}, level {level}: adversary {:.1}% [{:.1}, {:.1}], fair {:.1}% [{:.1}, {:.1}], par {:.1}%; gain {:+.1} ± {:.1} points (paired 95%); offers {}, accepted {}, paid ${}",
        args[3],
        100.0 * pa,
        100.0 * al,
        100.0 * ah,
        100.0 * pf,
        100.0 * fl,
        100.0 * fh,
        100.0 / n as f64,
        100.0 * mean,
        100.0 * half,
        stats.offers,
        stats.accepted,
        stats.paid
    );
}
