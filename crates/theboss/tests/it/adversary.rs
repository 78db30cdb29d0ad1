//! Adversaries against the dealing bot's valuation (`crate::deal` of the library): scripted
//! seats that, on each of their own turns, make the bot offers priced against its own
//! valuation (the price found by asking the bot's acceptance test itself, to the dollar step),
//! in games of 2, 3 and 4 players; the bot plays seat 0, the other seats play the
//! non-dealing policy when not scripted.
//!
//! The measure is the bot's own ([`Evaluate::worth`]). Every offer it accepts must raise it,
//! and must not gain the adversary more than the bot's share rule allows (at most
//! [`boardroom_theboss::TheBoss::partner_share_divisor`] times the bot's gain); every settle,
//! walk away or default the bot declares must not lower it; and over a game, the deals with
//! the adversary, resolved as the adversary likes worst for the bot, must leave the bot no
//! worse off. One adversary per class of hole (promised cards, a block sold and bought back
//! in pieces, promises backed by collateral worth nothing to the bot, sales that bring the
//! adversary to an immediate win) and a generic one (`adversary_search`).

use boardroom_engine::evaluate::{Evaluate, Style};
use boardroom_engine::{Game, Seat};
use boardroom_theboss::state::PendingOffer;
use boardroom_theboss::{Action, Bundle, Config, Deliverable, LongTerm, Offer, Promise, TheBoss};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The bot's seat.
pub const BOT: Seat = 0;

/// What the adversaries tried and what the bot did.
#[derive(Default, Debug)]
pub struct Tally {
    /// Offers made to the bot.
    pub offers: u32,
    /// Offers it accepted.
    pub accepted: u32,
    /// The bot's gain, by its own measure, over all accepted offers and deal resolutions.
    pub gain: f64,
    /// Accepted offers or its own deal actions that lowered its measure.
    pub losses: Vec<String>,
    /// Accepted offers that gained the adversary more than the share rule allows.
    pub fleeced: Vec<String>,
    /// Cycles completed (pump adversary).
    pub cycles: u32,
}

/// One adversary's own turn: offers to the bot.
pub type Adversary = fn(&mut TheBoss, Seat, &mut ChaCha8Rng, &mut Tally);

/// The bot's measure of its own position.
pub fn worth(g: &TheBoss, seat: Seat) -> f64 {
    g.worth(seat)
}

/// The adversary's position by the same measure, from public information: its holding and
/// open deals, its Fate card as the bot sees it (the adversary knows its card, the bot only
/// what it was shown).
pub fn public_worth(g: &TheBoss, seat: Seat) -> f64 {
    (g.total_worth(BOT, seat, &g.holding_seen(BOT, seat)) + g.open_deals_value(seat)) as f64
}

/// Whether the bot would accept `o` from `adv` (its acceptance test, asked directly).
pub fn accepts(g: &TheBoss, adv: Seat, o: &Offer) -> bool {
    let p = PendingOffer {
        id: 0,
        from: adv,
        counters: None,
        offer: o.clone(),
    };
    g.worth_accepting(BOT, &p)
}

/// `o` with the adversary's net cash to the bot set to `x` (negative: the bot pays).
fn with_net(o: &Offer, x: i64) -> Offer {
    let mut o = o.clone();
    if x >= 0 {
        o.give.cash = x as u32;
        o.take.cash = 0;
    } else {
        o.give.cash = 0;
        o.take.cash = (-x) as u32;
    }
    o
}

/// The offer `o` at the price the bot accepts that is best for the adversary: the least net
/// cash to the bot (the bot's acceptance grows with it), found by bisection in $10 steps.
pub fn sharpen(g: &TheBoss, adv: Seat, o: &Offer) -> Option<Offer> {
    let lo_cash = -(g.free_cash(BOT) as i64 / 10);
    let hi_cash = g.free_cash(adv) as i64 / 10;
    if !accepts(g, adv, &with_net(o, hi_cash * 10)) {
        return None;
    }
    let (mut lo, mut hi) = (lo_cash, hi_cash);
    if accepts(g, adv, &with_net(o, lo * 10)) {
        return Some(with_net(o, lo * 10));
    }
    while hi - lo > 1 {
        let mid = (lo + hi) / 2;
        if accepts(g, adv, &with_net(o, mid * 10)) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    Some(with_net(o, hi * 10))
}

/// `adv` makes offer `o`; the bot answers (a counter is turned down). Checks the accepted
/// offer against the bot's measure. Returns whether it was accepted.
pub fn propose(g: &mut TheBoss, adv: Seat, o: Offer, rng: &mut ChaCha8Rng, t: &mut Tally) -> bool {
    let share = g.partner_share_divisor() as f64;
    let (before, adv_before) = (worth(g, BOT), public_worth(g, adv));
    let predicted = g.offer_gain(BOT, adv, &o).0;
    let parts = |g: &TheBoss| {
        let h = g.holding(BOT);
        (
            g.holding_worth(BOT, &h),
            g.total_worth(BOT, BOT, &h) - g.holding_worth(BOT, &h),
            g.open_deals_value(BOT),
            g.player(BOT).fate.clone(),
            g.player(adv).fate.clone(),
        )
    };
    let parts_before = parts(g);
    let text = format!("{o:?}");
    if g.play(adv, Action::Offer(Box::new(o))).is_err() {
        return false;
    }
    t.offers += 1;
    let Some(id) = g.offers().iter().find(|p| p.offer.to == BOT).map(|p| p.id) else {
        return false;
    };
    let a = g
        .reference_action(BOT, &Style { deals: true }, rng)
        .expect("the bot may answer");
    let accepted = a == Action::Accept(id);
    g.play(BOT, a).expect("a legal answer");
    let counters: Vec<u32> = g
        .offers()
        .iter()
        .filter(|p| p.offer.to == adv)
        .map(|p| p.id)
        .collect();
    for c in counters {
        g.play(adv, Action::Reject(c)).expect("reject the counter");
    }
    if accepted {
        t.accepted += 1;
        let d = worth(g, BOT) - before;
        let theirs = public_worth(g, adv) - adv_before;
        t.gain += d;
        if d < 0.0 {
            t.losses.push(format!(
                "accepted {text}: {d} (valued {predicted}) {parts_before:?} -> {:?}",
                parts(g)
            ));
        }
        if theirs > share * d + 1.0 {
            t.fleeced
                .push(format!("accepted {text}: bot {d}, adversary {theirs}"));
        }
    }
    accepted
}

/// The adversary ends its deals with the bot the way the bot likes least: as promisor it
/// settles when the deliverable is worth less to the bot than the collateral, else walks
/// away; as promisee it declares default once it may.
fn resolve(g: &mut TheBoss, adv: Seat, t: &mut Tally) {
    let deals: Vec<_> = g
        .deals()
        .iter()
        .filter(|d| {
            (d.promisor == adv && d.promisee == BOT) || (d.promisee == adv && d.promisor == BOT)
        })
        .cloned()
        .collect();
    for d in deals {
        let before = worth(g, BOT);
        let a = if d.promisor == adv {
            let (deliver, collateral) = g.default_gains(d.id).expect("an open deal");
            if deliver < collateral && g.check(adv, Action::Settle(d.id)).is_ok() {
                Action::Settle(d.id)
            } else {
                Action::WalkAway(d.id)
            }
        } else {
            Action::Default(d.id)
        };
        if g.play(adv, a).is_ok() {
            t.gain += worth(g, BOT) - before;
        }
    }
}

/// Plays one game with the adversary at every seat but the bot's.
pub fn play(players: usize, seed: u64, adversary: Adversary, t: &mut Tally) {
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
            && turn.step == boardroom_theboss::Step::Business
        {
            scripted = turn.number;
            let _ = g.play(seat, Action::Open);
            if g.able_to_deal(BOT) {
                resolve(&mut g, seat, t);
                adversary(&mut g, seat, &mut rng, t);
            }
            continue;
        }
        let style = Style { deals: seat == BOT };
        let a = g
            .reference_action(seat, &style, &mut rng)
            .expect("a seat that may act has an action");
        let deal_action = matches!(
            a,
            Action::Settle(_) | Action::WalkAway(_) | Action::Default(_)
        );
        let before = worth(&g, BOT);
        g.play(seat, a.clone())
            .expect("the policy plays legal actions");
        if seat == BOT && deal_action {
            let d = worth(&g, BOT) - before;
            t.gain += d;
            if d < -1e-6 {
                t.losses.push(format!(
                    "seed {seed}: {a:?} lowered the bot's measure by {}",
                    -d
                ));
            }
        }
    }
}

/// Runs `adversary` over `games` seeds at each of 2, 3 and 4 players; returns the tally.
pub fn run(adversary: Adversary, games: u64) -> Tally {
    let mut t = Tally::default();
    for players in 2..=4 {
        for seed in 0..games {
            play(players, 1000 * players as u64 + seed, adversary, &mut t);
        }
    }
    t
}

/// Asserts the bot was never fleeced, and reports.
pub fn assert_sound(name: &str, t: &Tally) {
    eprintln!(
        "{name}: {} offers, {} accepted, bot gain {:.0}, {} losses, {} fleeced, {} cycles",
        t.offers,
        t.accepted,
        t.gain,
        t.losses.len(),
        t.fleeced.len(),
        t.cycles
    );
    assert!(
        t.losses.is_empty(),
        "{name}: {:?}",
        &t.losses[..t.losses.len().min(5)]
    );
    assert!(
        t.fleeced.is_empty(),
        "{name}: {:?}",
        &t.fleeced[..t.fleeced.len().min(5)]
    );
    assert!(
        t.gain >= 0.0,
        "{name}: the bot lost {} over the games",
        -t.gain
    );
}

fn cash(c: u32) -> Bundle {
    Bundle {
        cash: c,
        ..Bundle::default()
    }
}

/// Promised cards: the bot is asked to promise Executive (or Experience) cards for cash, with
/// a small collateral or none.
fn promised_cards(g: &mut TheBoss, adv: Seat, rng: &mut ChaCha8Rng, t: &mut Tally) {
    let d = g.data();
    let mine: Vec<u8> = g
        .player(BOT)
        .executive
        .iter()
        .map(|&c| d.exec_number(c))
        .collect();
    let exp: Vec<u8> = g
        .player(BOT)
        .experience
        .iter()
        .map(|&c| d.exp_kind(c))
        .collect();
    let mut promises = vec![
        Deliverable {
            executive: vec![5, 5],
            ..Deliverable::default()
        },
        Deliverable {
            executive: mine.clone(),
            ..Deliverable::default()
        },
    ];
    if !exp.is_empty() {
        promises.push(Deliverable {
            experience: exp.clone(),
            ..Deliverable::default()
        });
    }
    for del in promises {
        if del.is_empty() {
            continue;
        }
        let collateral = if rng.gen_bool(0.5) && g.free_cash(BOT) >= 10 {
            cash(10)
        } else {
            Bundle::default()
        };
        let o = Offer {
            to: BOT,
            long_term: Some(LongTerm {
                promisor: BOT,
                promise: Promise::Deliver(del),
                collateral,
                due: g.round() + 1,
            }),
            ..Offer::default()
        };
        if let Some(o) = sharpen(g, adv, &o) {
            propose(g, adv, o, rng, t);
        }
    }
}

#[test]
fn promised_cards_are_not_given_away() {
    let t = run(promised_cards, 3);
    assert_sound("promised cards", &t);
}

fn shares(k: u32) -> Bundle {
    Bundle {
        shares: k,
        ..Bundle::default()
    }
}

/// A money pump: sell the bot a block of shares that crosses one of its stock thresholds,
/// then buy it back in pieces of one lot (and the reverse: buy a block from it, sell it back
/// in pieces), each leg at the bot's own price.
fn block_pump(g: &mut TheBoss, adv: Seat, rng: &mut ChaCha8Rng, t: &mut Tally) {
    let lot = g.data().economy().lot;
    let s = g.owned_shares(BOT);
    let minima: Vec<u32> = (5..=8u8)
        .map(|p| g.data().position(p).min_shares)
        .filter(|&m| m > 0)
        .collect();
    let before_cash = g.player(BOT).cash as i64;
    let before_shares = g.player(BOT).shares;
    let before = worth(g, BOT);
    let sell_first = rng.gen_bool(0.5);
    let moved = if sell_first {
        // Cross the next threshold up.
        let Some(&m) = minima.iter().find(|&&m| m > s) else {
            return;
        };
        let block = (m - s).div_ceil(lot) * lot + lot * rng.gen_range(0..3);
        if g.player(adv).shares < block {
            return;
        }
        let o = Offer {
            to: BOT,
            give: shares(block),
            ..Offer::default()
        };
        match sharpen(g, adv, &o) {
            Some(o) if propose(g, adv, o.clone(), rng, t) => block,
            _ => return,
        }
    } else {
        // Cross the next threshold down.
        let Some(&m) = minima.iter().rev().find(|&&m| m <= s) else {
            return;
        };
        let block = (s - m) / lot * lot + lot;
        if g.player(BOT).shares < block {
            return;
        }
        let o = Offer {
            to: BOT,
            take: shares(block),
            ..Offer::default()
        };
        match sharpen(g, adv, &o) {
            Some(o) if propose(g, adv, o.clone(), rng, t) => block,
            _ => return,
        }
    };
    // Back in pieces.
    let mut left = moved;
    while left > 0 && !g.is_over() && g.able_to_deal(BOT) {
        let piece = if sell_first {
            Offer {
                to: BOT,
                take: shares(lot),
                ..Offer::default()
            }
        } else {
            Offer {
                to: BOT,
                give: shares(lot),
                ..Offer::default()
            }
        };
        let Some(o) = sharpen(g, adv, &piece) else {
            break;
        };
        if !propose(g, adv, o, rng, t) {
            break;
        }
        left -= lot;
    }
    if left == 0 && g.player(BOT).shares == before_shares {
        t.cycles += 1;
        let lost = before_cash - g.player(BOT).cash as i64;
        if lost > 0 || worth(g, BOT) < before {
            t.losses
                .push(format!("a block and its pieces cost the bot ${lost}"));
        }
    }
}

#[test]
fn blocks_bought_back_in_pieces_pump_nothing() {
    let t = run(block_pump, 3);
    assert_sound("block pump", &t);
}

/// Promises backed by collateral worth nothing to the bot: an Executive card of a number it
/// owns twice already (it could never own a third), an Experience card it has no use for, or
/// nothing; the deliverable is cash or a card, and the adversary asks cash now.
fn worthless_collateral(g: &mut TheBoss, adv: Seat, rng: &mut ChaCha8Rng, t: &mut Tally) {
    let d = g.data();
    let full: Vec<u8> = (5..=8u8)
        .filter(|&n| g.owned_of_number(BOT, n) >= 2)
        .collect();
    let exec: Vec<u8> = g.player(adv).executive.to_vec();
    let useless: Vec<u8> = g
        .player(adv)
        .experience
        .iter()
        .copied()
        .filter(|&c| {
            g.receive_value(
                BOT,
                adv,
                &Bundle {
                    experience: vec![c],
                    ..Bundle::default()
                },
            ) <= 0
        })
        .collect();
    let mut collaterals = vec![Bundle::default()];
    if let Some(&c) = exec.iter().find(|&&c| full.contains(&d.exec_number(c))) {
        collaterals.push(Bundle {
            executive: vec![c],
            ..Bundle::default()
        });
    }
    if let Some(&c) = useless.first() {
        collaterals.push(Bundle {
            experience: vec![c],
            ..Bundle::default()
        });
    }
    let deliverables = [
        Deliverable {
            cash: 10 * rng.gen_range(10..=60),
            ..Deliverable::default()
        },
        Deliverable {
            executive: vec![5 + rng.gen_range(0..4u8)],
            ..Deliverable::default()
        },
    ];
    for collateral in collaterals {
        for del in &deliverables {
            let o = Offer {
                to: BOT,
                long_term: Some(LongTerm {
                    promisor: adv,
                    promise: Promise::Deliver(del.clone()),
                    collateral: collateral.clone(),
                    due: g.round() + 1,
                }),
                ..Offer::default()
            };
            if let Some(o) = sharpen(g, adv, &o) {
                propose(g, adv, o, rng, t);
            }
        }
    }
}

#[test]
fn worthless_collateral_buys_nothing() {
    let t = run(worthless_collateral, 3);
    assert_sound("worthless collateral", &t);
}
