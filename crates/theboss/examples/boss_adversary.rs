//! An adversary against the dealing bot: one seat plays the `heuristic` policy and, on each of
//! its own turns, also offers every other seat random structured deals (cash, shares, cards,
//! long-term promises by either side) priced against that seat's own acceptance test (the
//! price best for the adversary that the bot still accepts, found by bisection to the $10
//! step), makes those that gain it by its own measure (the same valuation, with its own
//! knowledge), and resolves its long-term deals the way the other side likes least. The other seats
//! play the `heuristic` policy. Prints the adversary seat's win share; with `fair` the same
//! seat plays the plain policy, for comparison (par is 1 / players).
//!
//! ```text
//! cargo run --profile ci -p boardroom-theboss --example boss_adversary -- GAMES SEED PLAYERS adversary|fair
//! ```
//!
//! Game `i` uses seed `SEED + i` and puts the adversary at seat `i % PLAYERS`. The Fate card
//! is offered only once shown (a face-down card is worth nothing to the bot).

use boardroom_engine::evaluate::{Evaluate, Style};
use boardroom_engine::{Game, Seat};
use boardroom_theboss::state::PendingOffer;
use boardroom_theboss::{
    Action, Bundle, Config, Deliverable, LongTerm, Offer, Promise, Step, TheBoss,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn accepts(g: &TheBoss, adv: Seat, o: &Offer) -> bool {
    let p = PendingOffer {
        id: 0,
        from: adv,
        counters: None,
        offer: o.clone(),
    };
    g.worth_accepting(o.to, &p)
}

fn with_net(o: &Offer, x: i64) -> Offer {
    let mut o = o.clone();
    o.give.cash = x.max(0) as u32;
    o.take.cash = (-x).max(0) as u32;
    o
}

/// The least net cash to the receiver at which it accepts `o`, by bisection.
fn sharpen(g: &TheBoss, adv: Seat, o: &Offer) -> Option<Offer> {
    let (mut lo, mut hi) = (
        -(g.free_cash(o.to) as i64 / 10),
        g.free_cash(adv) as i64 / 10,
    );
    if !accepts(g, adv, &with_net(o, hi * 10)) {
        return None;
    }
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

fn some_items(g: &TheBoss, seat: Seat, rng: &mut ChaCha8Rng, fate: bool) -> Bundle {
    let p = g.player(seat);
    let lot = g.data().economy().lot;
    let mut b = Bundle::default();
    if p.shares >= lot && rng.gen_bool(0.4) {
        b.shares = lot * rng.gen_range(1..=(p.shares / lot).min(30));
    }
    b.experience = p
        .experience
        .iter()
        .copied()
        .filter(|_| rng.gen_bool(0.25))
        .collect();
    b.executive = p
        .executive
        .iter()
        .copied()
        .filter(|_| rng.gen_bool(0.3))
        .collect();
    b.fate = fate && p.fate.is_some() && rng.gen_bool(0.3);
    b
}

fn some_deliverable(g: &TheBoss, rng: &mut ChaCha8Rng) -> Deliverable {
    let kinds = g.data().kinds.len() as u8;
    let mut d = Deliverable::default();
    if rng.gen_bool(0.5) {
        d.cash = 10 * rng.gen_range(1..=80);
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

/// The adversary's extra dealing on its own turn.
fn adversary_turn(g: &mut TheBoss, adv: Seat, rng: &mut ChaCha8Rng, stats: &mut [u64; 2]) {
    let _ = g.play(adv, Action::Open);
    // Resolve its deals the way the other side likes least.
    let deals: Vec<_> = g.deals().to_vec();
    for d in deals {
        let a = if d.promisor == adv {
            match g.default_gains(d.id) {
                Some((deliver, collateral)) if deliver < collateral => Action::Settle(d.id),
                _ => Action::WalkAway(d.id),
            }
        } else if d.promisee == adv {
            Action::Default(d.id)
        } else {
            continue;
        };
        let _ = g.play(adv, a);
    }
    let n = g.num_players();
    for to in (0..n).filter(|&s| s != adv) {
        if g.player(adv).fate.is_some() {
            let _ = g.play(adv, Action::Show(to));
        }
        let mut made = 0;
        for _ in 0..30 {
            if made >= 3 || g.is_over() || !g.able_to_deal(to) || !g.able_to_deal(adv) {
                break;
            }
            let mut o = Offer {
                to,
                give: some_items(g, adv, rng, true),
                take: some_items(g, to, rng, false),
                ..Offer::default()
            };
            if rng.gen_bool(0.3) {
                let promisor = if rng.gen_bool(0.5) { to } else { adv };
                let mut collateral = Bundle::default();
                let free = g.free_cash(promisor);
                if free >= 10 && rng.gen_bool(0.5) {
                    collateral.cash = 10 * rng.gen_range(1..=(free / 10).min(50));
                }
                o.long_term = Some(LongTerm {
                    promisor,
                    promise: Promise::Deliver(some_deliverable(g, rng)),
                    collateral,
                    due: g.round() + rng.gen_range(0..=2),
                });
            }
            if o.give.is_empty() && o.take.is_empty() && o.long_term.is_none() {
                continue;
            }
            let Some(o) = sharpen(g, adv, &o) else {
                continue;
            };
            // Only offers that gain the adversary by its own measure (the same valuation,
            // with what it knows).
            if g.offer_gain(adv, adv, &o).0 <= 0 {
                continue;
            }
            if g.play(adv, Action::Offer(Box::new(o))).is_err() {
                continue;
            }
            made += 1;
            stats[0] += 1;
            let Some(id) = g.offers().iter().find(|p| p.offer.to == to).map(|p| p.id) else {
                continue;
            };
            let a = g
                .reference_action(to, &Style { deals: true }, rng)
                .expect("an answer");
            if a == Action::Accept(id) {
                stats[1] += 1;
            }
            g.play(to, a).expect("a legal answer");
            let counters: Vec<u32> = g
                .offers()
                .iter()
                .filter(|p| p.offer.to == adv)
                .map(|p| p.id)
                .collect();
            for c in counters {
                let _ = g.play(adv, Action::Reject(c));
            }
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    assert!(
        args.len() == 4,
        "usage: boss_adversary GAMES SEED PLAYERS adversary|fair"
    );
    let games: u64 = args[0].parse().expect("GAMES");
    let base: u64 = args[1].parse().expect("SEED");
    let n: usize = args[2].parse().expect("PLAYERS");
    let adversary = args[3] == "adversary";
    let mut share = 0.0;
    let mut stats = [0u64; 2];
    for i in 0..games {
        let seed = base + i;
        let adv = (i as usize) % n;
        let mut g = TheBoss::new(&Config::new(n), seed).expect("a table");
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xad5e);
        let mut scripted = u32::MAX;
        while let Some(seat) = g.to_act().choose(&mut rng) {
            let turn = g.turn().clone();
            if adversary
                && seat == adv
                && turn.seat == adv
                && turn.step == Step::Business
                && turn.number != scripted
                && g.offers().is_empty()
                && g.auction().is_none()
                && g.meeting().is_none()
                && g.after_meeting().is_none()
                && g.pending_disaster().is_none()
                && g.able_to_deal(adv)
            {
                scripted = turn.number;
                adversary_turn(&mut g, adv, &mut rng, &mut stats);
                continue;
            }
            let a = g
                .reference_action(seat, &Style { deals: true }, &mut rng)
                .expect("an action");
            g.play(seat, a).expect("legal");
        }
        share += g.outcome().expect("over").reward(adv);
    }
    let p = share / games as f64;
    let z = 1.96f64;
    let m = games as f64;
    let d = 1.0 + z * z / m;
    let c = (p + z * z / (2.0 * m)) / d;
    let h = z * ((p * (1.0 - p) + z * z / (4.0 * m)) / m).sqrt() / d;
    println!(
        "{games} games, {n} players, {}: the seat's win share {:.3} 95% CI [{:.3}, {:.3}] (par {:.3}); offers {}, accepted {}",
        args[3],
        p,
        c - h,
        c + h,
        1.0 / n as f64,
        stats[0],
        stats[1]
    );
}
