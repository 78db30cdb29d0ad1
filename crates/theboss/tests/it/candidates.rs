//! The candidate lists stay what they were: every seat's list, at every decision of seeded
//! random games, hashed and compared with the hash the lists had when each candidate was
//! checked one by one (lists that bots, playouts and replays from seeds all depend on).

use boardroom_engine::rng::FastRng;
use boardroom_engine::Game;
use boardroom_theboss::{Config, TheBoss};
use rand::Rng;

/// FNV-1a over `bytes`, folded into `h` (a hash that stays the same across Rust versions).
fn fnv(mut h: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x100_0000_01b3);
    }
    h
}

#[test]
fn candidate_lists_match_the_checked_ones() {
    let mut h = 0xcbf2_9ce4_8422_2325;
    let (mut decisions, mut listed) = (0u64, 0u64);
    for players in 2..=4 {
        for seed in 0..16u64 {
            let mut g = TheBoss::new(&Config::new(players), seed).unwrap();
            let mut r = FastRng::new(seed);
            // One list per seat, kept from decision to decision as callers keep theirs.
            let mut lists = vec![Vec::new(); players];
            let mut ev = Vec::new();
            while let Some(seat) = g.to_act().choose(&mut r) {
                for (s, list) in lists.iter_mut().enumerate() {
                    g.legal_actions(s, list);
                    h = fnv(h, format!("{s}{list:?}").as_bytes());
                    listed += list.len() as u64;
                }
                let list = &mut lists[seat];
                let action = list.swap_remove(r.gen_range(0..list.len()));
                ev.clear();
                g.apply(seat, action, &mut ev).unwrap();
                decisions += 1;
            }
        }
    }
    eprintln!("{decisions} decisions, {listed} candidates, hash {h:#018x}");
    assert_eq!(
        h, 0x6385_8fb8_e27f_d7d5,
        "{decisions} decisions, {listed} candidates"
    );
}
