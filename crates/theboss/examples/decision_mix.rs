//! What random games spend their decisions on: the average count per game of each kind of
//! action (the first word of its notation), over uniformly random 4-player games in which the
//! acting seat is drawn as random playouts draw it: among `Game::playout_seats`, or with `all`
//! among every seat that may act (`Game::to_act`).
//!
//! ```sh
//! cargo run --release -p boardroom-theboss --example decision_mix [-- GAMES [PLAYERS [all]]]
//! ```
//!
//! Defaults: 200 games of 4 players, actors drawn among the playouts' seats. Long random games cost the search its rollouts: this
//! tells which kinds make them long (see `crates/theboss/docs/speed.md`).

use boardroom_engine::{rng, Game, SeatSet};
use boardroom_theboss::{Config, TheBoss};
use rand::Rng;
use std::collections::BTreeMap;

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(200);
    let players: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(4);
    let all = args.next().is_some_and(|a| a == "all");
    let config = Config::new(players);
    let mut counts: BTreeMap<String, u64> = BTreeMap::new();
    let mut rng = rng::from_seed(3);
    let (mut legal, mut events) = (Vec::new(), Vec::new());
    let mut total = 0u64;
    for seed in 0..games {
        let Ok(mut game) = TheBoss::new(&config, seed) else {
            eprintln!("error: The Boss has no {players}-player game");
            std::process::exit(2);
        };
        loop {
            let seats: SeatSet = if all {
                game.to_act()
            } else {
                game.playout_seats()
            };
            let Some(seat) = seats.choose(&mut rng) else {
                break;
            };
            game.legal_actions(seat, &mut legal);
            if legal.is_empty() {
                break;
            }
            let action = legal.swap_remove(rng.gen_range(0..legal.len()));
            let text = game.format_action(action.clone());
            let kind = text.split_whitespace().next().unwrap_or("").to_string();
            *counts.entry(kind).or_default() += 1;
            total += 1;
            events.clear();
            if game.apply(seat, action, &mut events).is_err() {
                eprintln!("error: a listed action was refused");
                std::process::exit(1);
            }
        }
    }
    let mut rows: Vec<_> = counts.into_iter().collect();
    rows.sort_by_key(|r| std::cmp::Reverse(r.1));
    println!("{:<12} {:>10}", "kind", "per game");
    for (kind, n) in rows {
        println!("{kind:<12} {:>10.1}", n as f64 / games as f64);
    }
    println!("{:<12} {:>10.1}", "all", total as f64 / games as f64);
}
