//! The adversary's classes of offers. Each prices its offer against the receiver's own
//! acceptance test ([`sharpen`]: the price best for the adversary that the reference player
//! still accepts, by bisection to the $10 step); the receiver's level then answers it.

use boardroom_engine::{Bot, Game, Seat};
use boardroom_theboss::state::PendingOffer;
use boardroom_theboss::{
    Action, Bundle, Commitment, Deliverable, LongTerm, Offer, Promise, TheBoss, Vote,
};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Offers made and offers accepted, and the net cash the accepted offers paid the adversary.
#[derive(Default, Clone, Copy)]
pub struct Stats {
    pub offers: u64,
    pub accepted: u64,
    pub paid: i64,
}

/// The bots of the table, by seat.
pub type Bots = Vec<Box<dyn Bot<TheBoss>>>;

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
pub fn sharpen(g: &TheBoss, adv: Seat, o: &Offer) -> Option<Offer> {
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

/// Makes offer `o`; the receiver's bot answers it (the adversary turns down a counter).
/// Returns whether it was accepted.
pub fn propose(g: &mut TheBoss, adv: Seat, o: Offer, bots: &mut Bots, stats: &mut Stats) -> bool {
    let to = o.to;
    let net = o.take.cash as i64 - o.give.cash as i64;
    if g.play(adv, Action::Offer(Box::new(o))).is_err() {
        return false;
    }
    stats.offers += 1;
    let Some(id) = g
        .offers()
        .iter()
        .find(|p| p.from == adv && p.offer.to == to)
        .map(|p| p.id)
    else {
        return false;
    };
    let mut accepted = false;
    for _ in 0..8 {
        if !g.offers().iter().any(|p| p.id == id) || !g.to_act().contains(to) {
            break;
        }
        let a = bots[to].choose(g, to);
        accepted |= a == Action::Accept(id);
        if g.play(to, a).is_err() {
            break;
        }
    }
    stats.accepted += accepted as u64;
    if accepted {
        stats.paid += net;
    }
    let counters: Vec<u32> = g
        .offers()
        .iter()
        .filter(|p| p.offer.to == adv)
        .map(|p| p.id)
        .collect();
    for c in counters {
        let _ = g.play(adv, Action::Reject(c));
    }
    accepted
}

/// Resolves the adversary's long-term deals the way the other side likes least.
pub fn resolve(g: &mut TheBoss, adv: Seat) {
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
}

/// The other seats that may deal now.
fn partners(g: &TheBoss, adv: Seat) -> Vec<Seat> {
    (0..g.num_players())
        .filter(|&s| s != adv && g.able_to_deal(s) && g.able_to_deal(adv))
        .collect()
}

/// Whether the adversary (whose firing is the reference player's) would not carry out
/// firing `x`: it cannot pay the severance, or `x` is an executive against whom it would
/// not call a meeting (one less likely to fire than the policy's threshold; with two players
/// there are no voters, so one its own shares do not win).
fn hollow_threat(g: &TheBoss, adv: Seat, x: Seat) -> bool {
    let Some((_, severance)) = g.usable_fire(adv) else {
        return false;
    };
    g.free_cash(adv) < severance
        || (g.is_executive(x)
            && g.meeting_chance(adv, x, None) < boardroom_theboss::bot::firing::CALL_PERCENT)
}

/// Whether `o`, priced by [`sharpen`], has its receiver pay the adversary.
fn paid(o: &Offer) -> bool {
    o.take.cash > o.give.cash
}

/// Protection: with a usable Fire card, sell each other seat it would not fire anyway (an
/// executive it cannot outvote, a severance it cannot pay) a promise not to fire it
/// (NotFire).
pub fn protection(g: &mut TheBoss, adv: Seat, bots: &mut Bots, stats: &mut Stats) {
    if g.usable_fire(adv).is_none() {
        return;
    }
    for x in partners(g, adv) {
        if !may_fire(g, adv, x) || !hollow_threat(g, adv, x) {
            continue;
        }
        let o = Offer {
            to: x,
            give_commitments: vec![Commitment::NotFire(x)],
            ..Offer::default()
        };
        if let Some(o) = sharpen(g, adv, &o).filter(paid) {
            propose(g, adv, o, bots, stats);
        }
    }
}

/// Whether `firer` may name `target` (§7): both in a job, the target not fired, the firer an
/// executive or in a higher office.
fn may_fire(g: &TheBoss, firer: Seat, target: Seat) -> bool {
    let (Some(tj), Some(fj)) = (g.player(target).job, g.player(firer).job) else {
        return false;
    };
    target != firer && !g.is_fired(target) && (g.is_executive(firer) || fj > tj)
}

/// Fire the leader: with a usable Fire card, sell each other seat a promise to fire the
/// net-worth leader among the rest (FireTarget), kept by firing an office holder or by
/// merely calling a meeting on an executive, whatever its chance.
pub fn fire_leader(g: &mut TheBoss, adv: Seat, bots: &mut Bots, stats: &mut Stats) {
    if g.usable_fire(adv).is_none() {
        return;
    }
    for x in partners(g, adv) {
        if g.turn().must_fire.is_some() {
            return;
        }
        let Some(leader) = (0..g.num_players())
            .filter(|&s| s != adv && s != x && may_fire(g, adv, s))
            .max_by_key(|&s| (g.net_worth(s), std::cmp::Reverse(s)))
        else {
            continue;
        };
        let o = Offer {
            to: x,
            give_commitments: vec![Commitment::FireTarget(leader)],
            ..Offer::default()
        };
        if let Some(o) = sharpen(g, adv, &o).filter(paid) {
            propose(g, adv, o, bots, stats);
        }
    }
}

/// The control of `fire-leader` without any deal: with a usable Fire card, fire the net-worth
/// leader among the others (or call the meeting on it, whatever its chance), unpaid. What
/// this line gains over the fair seat is what firing the leader is worth to the adversary
/// itself, not what the dealers pay for it.
pub fn fire_leader_unpaid(g: &mut TheBoss, adv: Seat) {
    if g.usable_fire(adv).is_none() || g.turn().must_fire.is_some() {
        return;
    }
    let Some(leader) = (0..g.num_players())
        .filter(|&s| s != adv && may_fire(g, adv, s))
        .max_by_key(|&s| (g.net_worth(s), std::cmp::Reverse(s)))
    else {
        return;
    };
    if g.play(adv, Action::Fire(leader)).is_err() {
        let _ = g.play(adv, Action::Meeting(leader));
    }
}

/// Keeps a FireTarget promise as cheaply as it may: fire the office holder, or call the
/// meeting on the executive.
pub fn keep_fire_promise(g: &mut TheBoss, adv: Seat) {
    if let Some(x) = g.turn().must_fire {
        if g.play(adv, Action::Fire(x)).is_err() {
            let _ = g.play(adv, Action::Meeting(x));
        }
    }
}

/// Votes: as an undeclared voter, sell the caller its FOR and the target its AGAINST, whether
/// or not the vote can change the tally.
pub fn votes(g: &mut TheBoss, adv: Seat, bots: &mut Bots, stats: &mut Stats) {
    let Some(m) = g.meeting().cloned() else {
        return;
    };
    for (to, vote) in [(m.caller, Vote::For), (m.target, Vote::Against)] {
        if !g.undeclared_voter(adv) || !g.able_to_deal(to) {
            return;
        }
        let o = Offer {
            to,
            give_commitments: vec![Commitment::Vote(vote)],
            ..Offer::default()
        };
        if let Some(o) = sharpen(g, adv, &o).filter(paid) {
            propose(g, adv, o, bots, stats);
        }
    }
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

/// A random structured offer to `to`: cash, shares, cards, the shown Fate card, a promise by
/// either side, a promise about the adversary's Fire card (NotFire or FireTarget of any seat).
fn random_offer(g: &TheBoss, adv: Seat, to: Seat, rng: &mut ChaCha8Rng) -> Offer {
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
    if g.usable_fire(adv).is_some() && rng.gen_bool(0.5) {
        let x = rng.gen_range(0..g.num_players());
        if x != adv {
            o.give_commitments.push(if rng.gen_bool(0.5) {
                Commitment::NotFire(x)
            } else {
                Commitment::FireTarget(x)
            });
        }
    }
    o
}

/// The chance the race model gives `seat` after `o` from `adv` is accepted (on a copy), or
/// `None` when it cannot be played there.
fn chance_after(g: &TheBoss, adv: Seat, o: &Offer, seat: Seat) -> Option<f64> {
    let mut c = g.clone();
    c.play(adv, Action::Offer(Box::new(o.clone()))).ok()?;
    let id = c
        .offers()
        .iter()
        .find(|p| p.from == adv && p.offer.to == o.to)?
        .id;
    c.play(o.to, Action::Accept(id)).ok()?;
    let mut out = vec![0.0; c.num_players()];
    c.race_chances(&mut out);
    Some(out[seat])
}

/// Generic: random structured offers (cash, shares, cards, the shown Fate card, promises,
/// promises about its Fire card), each priced against the receiver's acceptance test, made
/// only when the race model's win chances say the receiver's chance falls by it and the
/// adversary's rises, and the adversary gains by its own measure (a search for offers a
/// level accepts that lower its own win chance).
pub fn generic(
    g: &mut TheBoss,
    adv: Seat,
    bots: &mut Bots,
    rng: &mut ChaCha8Rng,
    stats: &mut Stats,
) {
    for to in partners(g, adv) {
        if g.player(adv).fate.is_some() {
            let _ = g.play(adv, Action::Show(to));
        }
        let mut made = 0;
        for _ in 0..30 {
            if made >= 3 || g.is_over() || !g.able_to_deal(to) || !g.able_to_deal(adv) {
                break;
            }
            let o = random_offer(g, adv, to, rng);
            if o.give.is_empty()
                && o.take.is_empty()
                && o.long_term.is_none()
                && o.give_commitments.is_empty()
            {
                continue;
            }
            let Some(o) = sharpen(g, adv, &o) else {
                continue;
            };
            let mut now = vec![0.0; g.num_players()];
            g.race_chances(&mut now);
            let (Some(theirs), Some(mine)) =
                (chance_after(g, adv, &o, to), chance_after(g, adv, &o, adv))
            else {
                continue;
            };
            // Both judges must agree: the race model, and the adversary's own measure (the
            // race model alone overlooks cards and gives them away).
            if theirs >= now[to] || mine <= now[adv] || g.offer_gain(adv, adv, &o).0 <= 0 {
                continue;
            }
            made += 1;
            propose(g, adv, o, bots, stats);
        }
    }
}
