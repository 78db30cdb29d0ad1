//! The generic adversary: on each of its turns it draws many random structured offers to the
//! bot (cash, shares, Experience and Executive cards from either side, its Fate card once
//! shown, a long-term promise by either side with a random deliverable and collateral, the
//! cancellation of an open deal), prices each against the bot's acceptance test
//! ([`crate::adversary::sharpen`]) and makes those the bot accepts. Every accepted offer must
//! raise the bot's own measure and respect its share rule; the deals resolved as the
//! adversary likes worst must leave the bot no worse off (checks in [`crate::adversary`]).
//! Also: sales that would give the adversary an immediate win are never accepted.

use crate::adversary::{accepts, assert_sound, propose, run, sharpen, Tally, BOT};
use boardroom_engine::{Game, Seat};
use boardroom_theboss::{Action, Bundle, Config, Deliverable, LongTerm, Offer, Promise, TheBoss};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A random part of `seat`'s free items (no cash: the price is set by `sharpen`).
fn some_items(g: &TheBoss, seat: Seat, rng: &mut ChaCha8Rng, fate: bool) -> Bundle {
    let p = g.player(seat);
    let lot = g.data().economy().lot;
    let mut b = Bundle::default();
    if p.shares >= lot && rng.gen_bool(0.4) {
        b.shares = lot * rng.gen_range(1..=(p.shares / lot).min(30));
    }
    for &c in &p.experience {
        if rng.gen_bool(0.25) {
            b.experience.push(c);
        }
    }
    for &c in &p.executive {
        if rng.gen_bool(0.3) {
            b.executive.push(c);
        }
    }
    b.fate = fate && p.fate.is_some() && rng.gen_bool(0.3);
    b.normalise();
    b
}

/// A random deliverable in classes.
fn some_deliverable(g: &TheBoss, rng: &mut ChaCha8Rng) -> Deliverable {
    let kinds = g.data().kinds.len() as u8;
    let mut d = Deliverable::default();
    if rng.gen_bool(0.5) {
        d.cash = 10 * rng.gen_range(1..=80);
    }
    if rng.gen_bool(0.3) {
        d.shares = 10 * rng.gen_range(1..=10);
    }
    for _ in 0..rng.gen_range(0..=2) {
        d.experience.push(rng.gen_range(0..kinds));
    }
    for _ in 0..rng.gen_range(0..=2) {
        d.executive.push(rng.gen_range(5..=8));
    }
    if d.is_empty() {
        d.cash = 100;
    }
    d
}

/// Draws random offers, makes the ones the bot accepts at the adversary's best price.
fn random_offers(g: &mut TheBoss, adv: Seat, rng: &mut ChaCha8Rng, t: &mut Tally) {
    // Show the Fate card so that the bot values it as the adversary does.
    if g.player(adv).fate.is_some() {
        let _ = g.play(adv, Action::Show(BOT));
    }
    let mut made = 0;
    for _ in 0..60 {
        if made >= 4 || g.is_over() || !g.able_to_deal(BOT) || !g.able_to_deal(adv) {
            return;
        }
        let mut o = Offer {
            to: BOT,
            give: some_items(g, adv, rng, true),
            take: some_items(g, BOT, rng, false),
            ..Offer::default()
        };
        match rng.gen_range(0..4) {
            0 => {
                let promisor = if rng.gen_bool(0.5) { BOT } else { adv };
                let collateral = if rng.gen_bool(0.3) {
                    Bundle::default()
                } else {
                    let mut c = some_items(g, promisor, rng, false);
                    let free = g.free_cash(promisor);
                    if free >= 10 && rng.gen_bool(0.5) {
                        c.cash = 10 * rng.gen_range(1..=(free / 10).min(50));
                    }
                    c
                };
                // The collateral may not also change hands now.
                let now = if promisor == adv {
                    &mut o.give
                } else {
                    &mut o.take
                };
                now.experience
                    .retain(|c| !collateral.experience.contains(c));
                now.executive.retain(|c| !collateral.executive.contains(c));
                now.shares = now
                    .shares
                    .min(g.player(promisor).shares - collateral.shares);
                o.long_term = Some(LongTerm {
                    promisor,
                    promise: Promise::Deliver(some_deliverable(g, rng)),
                    collateral,
                    due: g.round() + rng.gen_range(0..=2),
                });
            }
            1 => {
                let open: Vec<u32> = g
                    .deals()
                    .iter()
                    .filter(|d| {
                        (d.promisor == adv && d.promisee == BOT)
                            || (d.promisor == BOT && d.promisee == adv)
                    })
                    .map(|d| d.id)
                    .collect();
                o.cancel = open.choose(rng).copied();
            }
            _ => {}
        }
        if o.give.is_empty() && o.take.is_empty() && o.long_term.is_none() && o.cancel.is_none() {
            continue;
        }
        let Some(o) = sharpen(g, adv, &o) else {
            continue;
        };
        if g.check(adv, Action::Offer(Box::new(o.clone()))).is_err() {
            continue;
        }
        made += 1;
        propose(g, adv, o, rng, t);
    }
}

#[test]
fn random_offers_priced_against_the_bot_never_lower_its_value() {
    let t = run(random_offers, 3);
    assert!(
        t.accepted > 50,
        "the bot still deals ({} accepted)",
        t.accepted
    );
    assert_sound("random offers", &t);
}

/// Positions from real games in which the adversary (seat 1) lacks one Executive card of a
/// complete set, and the bot (seat 0) holds it; the adversary asks for it at any price it can
/// pay. The bot never sells.
#[test]
fn the_bot_never_sells_an_immediate_win() {
    let mut asked = 0;
    for players in 2..=4 {
        for seed in 0..6u64 {
            let mut g = TheBoss::new(&Config::new(players), 7000 + seed).unwrap();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            // Play into the game with the non-dealing policy.
            for _ in 0..(300 + 50 * seed) {
                let Some(seat) = g.to_act().choose(&mut rng) else {
                    break;
                };
                let a = boardroom_engine::evaluate::Evaluate::reference_action(
                    &g,
                    seat,
                    &boardroom_engine::evaluate::Style { deals: false },
                    &mut rng,
                )
                .unwrap();
                g.play(seat, a).unwrap();
            }
            if g.is_over() {
                continue;
            }
            // Give the adversary five cards of the set and the bot the sixth, from the Bank.
            let mut pos = g.position();
            let bank = pos.executive_bank.clone();
            let d = g.data();
            let of = |n: u8| bank.iter().copied().filter(move |&c| d.exec_number(c) == n);
            let mut adv_cards: Vec<u8> = of(5)
                .take(2)
                .chain(of(6).take(2))
                .chain(of(7).take(1))
                .collect();
            let bot_card = of(8).next();
            let (Some(bot_card), true) = (bot_card, adv_cards.len() == 5) else {
                continue;
            };
            pos.executive_bank
                .retain(|c| !adv_cards.contains(c) && *c != bot_card);
            for s in 0..players {
                for &c in &pos.players[s].executive.clone() {
                    pos.executive_bank.push(c);
                }
                pos.players[s].executive.clear();
            }
            pos.executive_bank.sort();
            adv_cards.sort();
            pos.players[1].executive = adv_cards.into();
            pos.players[0].executive = vec![bot_card].into();
            pos.players[1].cash = 5000;
            pos.offers.clear();
            let Ok(g) = TheBoss::from_position(&pos) else {
                continue;
            };
            for price in [10u32, 500, 2000, 5000] {
                let o = Offer {
                    to: BOT,
                    give: Bundle {
                        cash: price,
                        ..Bundle::default()
                    },
                    take: Bundle {
                        executive: vec![bot_card],
                        ..Bundle::default()
                    },
                    ..Offer::default()
                };
                asked += 1;
                assert!(
                    !accepts(&g, 1, &o),
                    "{players} players, seed {seed}: the bot sells the set's last card for ${price}"
                );
            }
        }
    }
    assert!(asked >= 12, "positions were built ({asked})");
}

#[test]
fn no_partner_gains_more_from_a_deal_than_the_bot_at_any_table_size() {
    for players in 2..=4 {
        let g = TheBoss::new(&Config::new(players), 1).unwrap();
        // A $100 gain against the $20 margin: the partner may gain $80, not $150.
        assert!(g.good_deal(100, 0, 80), "{players} players");
        assert!(!g.good_deal(100, 0, 150), "{players} players");
    }
}
