//! No money pump: a scripted partner offers the reference bot trade cycles (buy its shares or
//! cards low and sell them back high, sell it a card and buy it back cheaper, share round
//! trips) turn after turn. The bot must refuse every losing cycle: a cycle it completes never
//! costs it cash, and the cycles that start with it selling never lower its net worth.

use boardroom_engine::evaluate::{Evaluate, Style};
use boardroom_engine::Game;
use boardroom_theboss::{Action, Bundle, Config, Offer, TheBoss};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const BOT: usize = 0;
const PARTNER: usize = 1;

/// The bot answers the offer just made to it; a counter-offer is turned down by the partner.
/// Returns whether the offer was accepted.
fn answer(g: &mut TheBoss, rng: &mut ChaCha8Rng) -> bool {
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
        .filter(|p| p.offer.to == PARTNER)
        .map(|p| p.id)
        .collect();
    for c in counters {
        g.play(PARTNER, Action::Reject(c)).expect("reject counter");
    }
    accepted
}

fn offer(g: &mut TheBoss, give: Bundle, take: Bundle) -> bool {
    let o = Offer {
        to: BOT,
        give,
        take,
        ..Offer::default()
    };
    g.play(PARTNER, Action::Offer(Box::new(o))).is_ok()
}

fn cash(c: u32) -> Bundle {
    Bundle {
        cash: c,
        ..Bundle::default()
    }
}

#[test]
fn the_bot_refuses_losing_cycles() {
    let mut cycles = 0;
    let mut completed = 0;
    for seed in 0..6u64 {
        let mut g = TheBoss::new(&Config::new(2), seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut scripted_turn = 0;
        let start_worth = g.net_worth(BOT) as i64;
        let mut sell_first_gain = 0i64;
        let mut steps = 0;
        while let Some(seat) = g.to_act().choose(&mut rng) {
            steps += 1;
            assert!(steps < 200_000, "the game ends");
            let t = g.turn().clone();
            let quiet = g.auction().is_none()
                && g.meeting().is_none()
                && g.after_meeting().is_none()
                && g.pending_disaster().is_none();
            if seat == PARTNER
                && t.seat == PARTNER
                && quiet
                && t.number != scripted_turn
                && g.able_to_deal(BOT)
                && g.able_to_deal(PARTNER)
                && t.step <= boardroom_theboss::Step::Business
                && !t.moved
            {
                scripted_turn = t.number;
                for _ in 0..2 {
                    cycles += 1;
                    let k = 10 * rng.gen_range(1..=3u32);
                    let lo = rng.gen_range(10..=30u32) * k / 10 * 10;
                    let hi = lo + 10 * rng.gen_range(1..=15u32);
                    let before_cash = g.player(BOT).cash as i64;
                    let before_worth = g.net_worth(BOT) as i64;
                    let mut losing: Option<i64> = None;
                    match rng.gen_range(0..3) {
                        // Buy the bot's shares low, sell them back high.
                        0 if g.player(BOT).shares >= k => {
                            let shares = Bundle {
                                shares: k,
                                ..Bundle::default()
                            };
                            let a =
                                offer(&mut g, cash(lo), shares.clone()) && answer(&mut g, &mut rng);
                            let b =
                                a && offer(&mut g, shares, cash(hi)) && answer(&mut g, &mut rng);
                            if a {
                                let d = g.net_worth(BOT) as i64 - before_worth;
                                sell_first_gain += d;
                                if d < 0 {
                                    losing = Some(d);
                                }
                            }
                            if b {
                                completed += 1;
                            }
                        }
                        // Buy one of the bot's cards low, sell it back high.
                        1 if !g.player(BOT).experience.is_empty() => {
                            let c = g.player(BOT).experience
                                [rng.gen_range(0..g.player(BOT).experience.len())];
                            let card = Bundle {
                                experience: vec![c],
                                ..Bundle::default()
                            };
                            let p = lo.min(400);
                            let a =
                                offer(&mut g, cash(p), card.clone()) && answer(&mut g, &mut rng);
                            let b = a
                                && offer(&mut g, card, cash(p + hi - lo))
                                && answer(&mut g, &mut rng);
                            if a {
                                let d = g.net_worth(BOT) as i64 - before_worth;
                                sell_first_gain += d;
                                if d < 0 {
                                    losing = Some(d);
                                }
                            }
                            if b {
                                completed += 1;
                            }
                        }
                        // Sell the bot a card, buy it back cheaper.
                        _ if !g.player(PARTNER).experience.is_empty() => {
                            let c = g.player(PARTNER).experience[0];
                            let card = Bundle {
                                experience: vec![c],
                                ..Bundle::default()
                            };
                            let p = (hi / 10 * 10).min(g.player(BOT).cash / 10 * 10).max(10);
                            let a =
                                offer(&mut g, card.clone(), cash(p)) && answer(&mut g, &mut rng);
                            let back = p.saturating_sub(hi - lo).max(10);
                            let b = a
                                && g.player(BOT).experience.contains(&c)
                                && offer(&mut g, cash(back), card)
                                && answer(&mut g, &mut rng);
                            if b {
                                completed += 1;
                                let d = g.player(BOT).cash as i64 - before_cash;
                                if d < 0 {
                                    losing = Some(d);
                                }
                            }
                        }
                        _ => {}
                    }
                    if let Some(loss) = losing {
                        panic!("seed {seed}: the bot completed a losing cycle ({loss})");
                    }
                    if g.is_over() {
                        break;
                    }
                }
                if g.is_over() {
                    break;
                }
                continue;
            }
            let style = Style { deals: seat == BOT };
            let a = g
                .reference_action(seat, &style, &mut rng)
                .expect("a seat that may act has an action");
            g.play(seat, a).expect("the policy plays legal actions");
        }
        // Cycles that start with the bot selling never lower its net worth.
        assert!(
            sell_first_gain >= -10,
            "seed {seed}: sell-first cycles changed net worth by {sell_first_gain} (start {start_worth})"
        );
    }
    assert!(cycles > 50, "enough cycles were offered ({cycles})");
    assert!(completed < cycles, "the bot turns cycles down");
}
