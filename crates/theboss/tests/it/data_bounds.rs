//! A data file's numbers are bounded (`data.rs`: every value 0 or 1 to a documented maximum),
//! and the sums the rules make never wrap: a purchase of billions of shares costs what it says,
//! and a game at the largest values the file allows keeps its money exact.

use crate::common;

use boardroom_engine::Game;
use boardroom_theboss::data::DEFAULT_DATA_TOML;
use boardroom_theboss::{Config, Event, TheBoss};
use common::*;
use rand::{Rng, SeedableRng};

#[test]
fn a_huge_purchase_is_refused_for_its_cost_not_a_wrapped_one() {
    let mut g = setup(3, |p| turn_of(p, 0, Some(1), 0));
    play(&mut g, 0, "collect");
    // 429,496,730 shares at $20 is $8,589,934,600: wrapped to 32 bits it would be $8, within
    // the salary budget, and the refusal would name the wrong rule.
    let e = refused(&g, 0, "buy 429496730", "R-8");
    assert!(
        e.reason_text().contains("more than the salary budget"),
        "{e}"
    );
}

/// The shipped data file with every money value at its largest allowed value.
fn largest_values() -> String {
    let mut text = String::new();
    for line in DEFAULT_DATA_TOML.lines() {
        let key = line.split('=').next().unwrap_or("").trim();
        let value = match key {
            "start_cash" | "salary" | "amount" | "severance" | "pay" => Some("1000000"),
            "exec_points" => Some("1000000"),
            "share_price" | "price" => Some("10000"),
            "total_shares" => Some("100000"),
            "win_shares_over" => Some("50000"),
            "max_open_offers_per_player" => Some("20"),
            _ => None,
        };
        match value {
            Some(v) => text.push_str(&format!("{key} = {v}\n")),
            None => {
                text.push_str(line);
                text.push('\n');
            }
        }
    }
    text
}

#[test]
fn a_game_at_the_largest_values_keeps_its_money_exact() {
    let data = largest_values();
    let mut config = Config::new(4);
    config.data = Some(data);
    for seed in 0..4u64 {
        let mut g = TheBoss::new(&config, seed).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut cands = Vec::new();
        let mut events: Vec<Event> = Vec::new();
        let mut steps = 0;
        let mut salaries = 0;
        while !g.is_over() && steps < 60_000 {
            let seats: Vec<usize> = g.must_act().iter().collect();
            let seat = seats[rng.gen_range(0..seats.len())];
            g.candidates(seat, &mut cands);
            if cands.is_empty() {
                break;
            }
            let a = cands[rng.gen_range(0..cands.len())].clone();
            let before = g.player(seat).cash;
            events.clear();
            g.apply(seat, a.clone(), &mut events).unwrap();
            for e in &events {
                if let Event::Salary { seat: s, amount } = *e {
                    assert_eq!(s, seat);
                    salaries += 1;
                    assert_eq!(
                        Some(g.player(seat).cash),
                        before.checked_add(amount),
                        "seed {seed}: the salary is added exactly"
                    );
                }
            }
            if let Err(e) = common::invariants(&g) {
                panic!("seed {seed} after {a:?}: {e}");
            }
            steps += 1;
        }
        assert!(g.is_over(), "seed {seed}: the game ends");
        assert!(salaries > 0, "seed {seed}: salaries were paid");
        // Far from the largest `u32`: nothing saturates, nothing wraps.
        let total: u64 = (0..4).map(|s| g.owned_cash(s) as u64).sum();
        assert!(total < u32::MAX as u64 / 2, "seed {seed}: ${total} in all");
        if let Some(outcome) = g.outcome() {
            for (s, &score) in outcome.scores.iter().enumerate() {
                assert_eq!(score, g.net_worth(s) as i64);
                assert!(score >= g.owned_cash(s) as i64);
            }
        }
    }
}

/// A data file with the largest open-offer limit and no other count in the way.
fn offer_limits(open: u32) -> TheBoss {
    let text = DEFAULT_DATA_TOML
        .replacen(
            "max_open_offers_per_player = 3",
            &format!("max_open_offers_per_player = {open}"),
            1,
        )
        .replacen(
            "max_offers_per_pair_per_bt = 5",
            "max_offers_per_pair_per_bt = 1000",
            1,
        );
    let mut config = Config::new(3);
    config.first_player = Some(0);
    config.data = Some(text);
    TheBoss::new(&config, 1).unwrap()
}

#[test]
fn open_offers_per_player_are_capped() {
    // The shipped limit: 3.
    let mut g = fresh(3);
    for _ in 0..3 {
        play(&mut g, 0, "offer 1 give $10");
    }
    let e = refused(&g, 0, "offer 2 give $10", "§9.7");
    assert!(
        e.reason_text().contains("at most 3 open offers per player"),
        "{e}"
    );
    // A data file may raise it up to 20, never beyond (`data.rs` refuses 21).
    let mut g = offer_limits(20);
    for k in 0..20 {
        play(&mut g, 0, &format!("offer {} give $10", 1 + k % 2));
    }
    let e = refused(&g, 0, "offer 1 give $10", "§9.7");
    assert!(
        e.reason_text()
            .contains("at most 20 open offers per player"),
        "{e}"
    );
    assert_eq!(g.offers().len(), 20);
    let mut config = Config::new(3);
    config.data = Some(DEFAULT_DATA_TOML.replacen(
        "max_open_offers_per_player = 3",
        "max_open_offers_per_player = 21",
        1,
    ));
    let e = TheBoss::new(&config, 1).unwrap_err();
    assert!(e.to_string().contains("max_open_offers_per_player"), "{e}");
    assert!(e.to_string().contains("1 to 20"), "{e}");
}

#[test]
fn notes_and_favours_are_capped_at_200_characters() {
    let mut g = fresh(3);
    let long = "n".repeat(201);
    let e = refused(&g, 0, &format!("offer 1 give $10 note \"{long}\""), "§9.2");
    assert!(
        e.reason_text().contains("longer than 200 characters"),
        "{e}"
    );
    let e = refused(
        &g,
        0,
        &format!("offer 1 give $10 promise 0 favour \"{long}\""),
        "§9.2",
    );
    assert!(
        e.reason_text().contains("longer than 200 characters"),
        "{e}"
    );
    // 200 characters of several bytes each are fine: the limit counts characters.
    play(
        &mut g,
        0,
        &format!("offer 1 give $10 note \"{}\"", "é".repeat(200)),
    );
    let mut config = Config::new(3);
    config.data =
        Some(DEFAULT_DATA_TOML.replacen("note_max_chars = 200", "note_max_chars = 5000", 1));
    let e = TheBoss::new(&config, 1).unwrap_err();
    assert!(e.to_string().contains("limits.note_max_chars"), "{e}");
    assert!(e.to_string().contains("0 to 200"), "{e}");
}

/// A position file cannot bring in what the rules would refuse: more open offers than the
/// limit, or a longer note.
#[test]
fn imported_positions_keep_the_caps() {
    let mut g = fresh(3);
    for _ in 0..3 {
        play(&mut g, 0, "offer 1 give $10");
    }
    let p = g.position();
    assert!(TheBoss::from_position(&p).is_ok());
    let mut more = p.clone();
    let mut extra = more.offers[0].clone();
    extra.id = more.next_id;
    more.next_id += 1;
    more.offers.push(extra);
    let e = TheBoss::from_position(&more).unwrap_err();
    assert_eq!(e.field, "offers[3].from", "{e}");
    let mut long = p.clone();
    long.offers[1].offer.note = "n".repeat(201);
    let e = TheBoss::from_position(&long).unwrap_err();
    assert_eq!(e.field, "offers[1].offer.note", "{e}");
}
