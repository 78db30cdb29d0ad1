//! No money pump: scripted partners offer the reference bot trade cycles turn after turn, in
//! games of 2 and 3 players, and the bot must never lose by them:
//!
//! * buy its shares low and sell them back high;
//! * buy one of its cards low and sell it back high;
//! * sell it a card high and buy it back low;
//! * (3 players) one partner buys its card, hands it to the other, who sells it back high;
//! * sell it the same protection from a Fire card (NotFire) twice in one turn (the rules refuse
//!   the second once the first is bought).
//!
//! A cycle the bot completes (its holdings are back where they were) never costs it cash; the
//! cycles that start with the bot selling never lower its net worth, one by one and in total,
//! so accepting them leaves it at least as well off as declining everything; and it never pays
//! twice for the same promise.

use boardroom_engine::evaluate::{Evaluate, Style};
use boardroom_engine::{Game, Seat};
use boardroom_theboss::{Action, Bundle, Commitment, Config, Offer, TheBoss};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const BOT: Seat = 0;

/// Everything the scripted partners tried, and what the bot did.
#[derive(Default)]
struct Tally {
    cycles: u32,
    first_legs: u32,
    completed: u32,
    protection_offers: u32,
    protection_bought: u32,
}

/// The bot answers the offer just made to it by `from`; a counter-offer is turned down.
/// Returns whether the offer was accepted.
fn answer(g: &mut TheBoss, from: Seat, rng: &mut ChaCha8Rng) -> bool {
    let Some(id) = g.offers().iter().find(|p| p.offer.to == BOT).map(|p| p.id) else {
        return false;
    };
    let a = g
        .reference_action(BOT, &Style { deals: true }, rng)
        .expect("the bot may answer");
    let accepted = a == Action::Accept(id);
    assert!(
        matches!(
            a,
            Action::Accept(_) | Action::Reject(_) | Action::Counter(..)
        ),
        "an answer, not {a:?}"
    );
    g.play(BOT, a).expect("legal answer");
    let counters: Vec<u32> = g
        .offers()
        .iter()
        .filter(|p| p.offer.to == from)
        .map(|p| p.id)
        .collect();
    for c in counters {
        g.play(from, Action::Reject(c)).expect("reject counter");
    }
    accepted
}

/// `from` offers `give` for `take` to `to`; whether the offer could be made.
fn offer(g: &mut TheBoss, from: Seat, to: Seat, give: Bundle, take: Bundle) -> bool {
    let o = Offer {
        to,
        give,
        take,
        ..Offer::default()
    };
    g.play(from, Action::Offer(Box::new(o))).is_ok()
}

/// `from` offers to the bot, which answers.
fn deal(g: &mut TheBoss, from: Seat, give: Bundle, take: Bundle, rng: &mut ChaCha8Rng) -> bool {
    offer(g, from, BOT, give, take) && answer(g, from, rng)
}

fn cash(c: u32) -> Bundle {
    Bundle {
        cash: c,
        ..Bundle::default()
    }
}

fn card(c: u8) -> Bundle {
    Bundle {
        experience: vec![c],
        ..Bundle::default()
    }
}

/// One scripted turn of partner `p`: a few cycles, checked one by one.
fn scripted_turn(g: &mut TheBoss, p: Seat, rng: &mut ChaCha8Rng, t: &mut Tally, seed: u64) {
    let n = g.num_players();
    for _ in 0..3 {
        if g.is_over() || !g.able_to_deal(BOT) {
            return;
        }
        t.cycles += 1;
        let k = 10 * rng.gen_range(1..=3u32);
        let lo = rng.gen_range(10..=30u32) * k / 10 * 10;
        let hi = lo + 10 * rng.gen_range(1..=15u32);
        let before_cash = g.player(BOT).cash as i64;
        let before_worth = g.net_worth(BOT) as i64;
        let kind = rng.gen_range(0..5);
        let mut sold_first = false;
        let mut completed = false;
        match kind {
            // Buy the bot's shares low, sell them back high.
            0 if g.player(BOT).shares >= k => {
                let shares = Bundle {
                    shares: k,
                    ..Bundle::default()
                };
                sold_first = deal(g, p, cash(lo), shares.clone(), rng);
                completed = sold_first && deal(g, p, shares, cash(hi), rng);
            }
            // Buy one of the bot's cards low, sell it back high.
            1 if !g.player(BOT).experience.is_empty() => {
                let mine = &g.player(BOT).experience;
                let c = mine[rng.gen_range(0..mine.len())];
                let price = lo.min(400);
                sold_first = deal(g, p, cash(price), card(c), rng);
                completed = sold_first && deal(g, p, card(c), cash(price + hi - lo), rng);
            }
            // Sell the bot a card, buy it back cheaper.
            2 if !g.player(p).experience.is_empty() => {
                let c = g.player(p).experience[0];
                let price = (hi / 10 * 10).min(g.player(BOT).cash / 10 * 10).max(10);
                let bought = deal(g, p, card(c), cash(price), rng);
                let back = price.saturating_sub(hi - lo).max(10);
                completed = bought
                    && g.player(BOT).experience.contains(&c)
                    && deal(g, p, cash(back), card(c), rng);
            }
            // Three players: one partner buys the bot's card, passes it to the other, who
            // sells it back high.
            3 if n >= 3 && !g.player(BOT).experience.is_empty() => {
                let q = if p == 1 { 2 } else { 1 };
                let mine = &g.player(BOT).experience;
                let c = mine[rng.gen_range(0..mine.len())];
                let price = lo.min(400);
                sold_first = deal(g, p, cash(price), card(c), rng);
                if sold_first && g.able_to_deal(q) && offer(g, p, q, card(c), Bundle::default()) {
                    let id = g.offers().last().map(|o| o.id).expect("the offer");
                    if g.play(q, Action::Accept(id)).is_ok() {
                        completed = deal(g, q, card(c), cash(price + hi - lo), rng);
                    }
                }
            }
            // Sell the bot protection from the Fire card, then the same promise again.
            4 => {
                let _ = g.play(p, Action::Open);
                if g.usable_fire(p).is_some() {
                    let spare = |price: u32| Offer {
                        to: BOT,
                        take: cash(price),
                        give_commitments: vec![Commitment::NotFire(BOT)],
                        ..Offer::default()
                    };
                    let mut bought = 0;
                    for price in [lo.max(20), 20] {
                        let offer = Action::Offer(Box::new(spare(price)));
                        if bought > 0 {
                            // The bot is spared already: the same promise names no legal
                            // target any more (§9.3), so it cannot be sold twice.
                            assert!(g.check(p, offer).is_err(), "seed {seed}");
                            continue;
                        }
                        if g.play(p, offer).is_ok() {
                            t.protection_offers += 1;
                            if answer(g, p, rng) {
                                bought += 1;
                            }
                        }
                    }
                    assert!(
                        bought <= 1,
                        "seed {seed}: the bot paid twice for the same NotFire promise"
                    );
                    t.protection_bought += bought;
                }
            }
            _ => {}
        }
        if sold_first {
            t.first_legs += 1;
            if !completed {
                // The bot kept the cash: it sold at or above its value, so by net worth it
                // gained (an Experience card counts nothing in net worth).
                let d = g.net_worth(BOT) as i64 - before_worth;
                assert!(
                    d >= 0,
                    "seed {seed}: selling in a cycle lowered the bot's net worth by {}",
                    -d
                );
            }
        }
        if completed {
            t.completed += 1;
            let d = g.player(BOT).cash as i64 - before_cash;
            assert!(
                d >= 0,
                "seed {seed}: the bot completed a losing cycle (kind {kind}, {d})"
            );
            let w = g.net_worth(BOT) as i64 - before_worth;
            assert!(
                w >= 0,
                "seed {seed}: a completed cycle lowered the bot's net worth ({w})"
            );
        }
    }
}

/// Plays one game in which every seat but the bot is scripted on its own turns (and plays the
/// non-dealing policy otherwise).
fn play(players: usize, seed: u64, t: &mut Tally) {
    let mut g = TheBoss::new(&Config::new(players), seed).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut scripted = u32::MAX;
    let mut steps = 0;
    while let Some(seat) = g.to_act().choose(&mut rng) {
        steps += 1;
        assert!(steps < 400_000, "the game ends");
        let turn = g.turn().clone();
        let quiet = g.auction().is_none()
            && g.meeting().is_none()
            && g.after_meeting().is_none()
            && g.pending_disaster().is_none()
            && g.offers().is_empty();
        if seat != BOT
            && turn.seat == seat
            && quiet
            && turn.number != scripted
            && g.able_to_deal(seat)
            && turn.step <= boardroom_theboss::Step::Business
            && !turn.moved
        {
            scripted = turn.number;
            scripted_turn(&mut g, seat, &mut rng, t, seed);
            continue;
        }
        let style = Style { deals: seat == BOT };
        let a = g
            .reference_action(seat, &style, &mut rng)
            .expect("a seat that may act has an action");
        g.play(seat, a).expect("the policy plays legal actions");
    }
}

#[test]
fn the_bot_refuses_losing_cycles() {
    let mut t = Tally::default();
    for seed in 0..16u64 {
        play(2 + (seed % 2) as usize, seed, &mut t);
    }
    assert!(
        t.cycles > 1_000,
        "enough cycles were offered ({})",
        t.cycles
    );
    assert!(t.first_legs > 0, "the bot trades at all");
    assert!(t.completed < t.cycles / 2, "the bot turns cycles down");
    assert!(
        t.protection_bought > 0 && t.protection_offers >= t.protection_bought,
        "protection was offered and bought ({} offers, {} bought)",
        t.protection_offers,
        t.protection_bought
    );
}
