//! The dealer prices commitments about firing, and votes, by what they are worth: the chance
//! the firing happens ([`boardroom_theboss::bot::firing`]). Fixed positions, one per class of
//! the adversary benchmark (`examples/boss_adversary`): protection from a firing the seller
//! cannot carry out (no voters at two players, a severance it cannot pay), a promise to fire
//! the leader kept by a meeting that cannot fire, and a vote that cannot change the tally. In
//! each the bot pays nothing, at every level; the same positions with the firing possible
//! show that it does pay for what is worth something.

use crate::adversary::{accepts, BOT};
use boardroom_bots::make_bot;
use boardroom_engine::evaluate::{Evaluate, Style};
use boardroom_engine::{Game, Seat};
use boardroom_theboss::data::FateEffect;
use boardroom_theboss::state::HeldFate;
use boardroom_theboss::{Action, Commitment, Config, Offer, Step, TheBoss, Vote};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// One seat's standing in a test table.
#[derive(Clone, Copy)]
struct Standing {
    job: u8,
    shares: u32,
    cash: u32,
}

/// A table of `seats.len()` players in `firer`'s Business Transactions, no deal running,
/// each seat with the job, shares and cash given, and `firer` holding a usable Fire card of
/// severance `severance` that nobody else has seen. Reached by playing a seeded game with
/// the non-dealing policy to such a step, then setting the holdings.
fn fire_table(seats: &[Standing], firer: Seat, severance: u32) -> TheBoss {
    let n = seats.len();
    let mut g = TheBoss::new(&Config::new(n), 7).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    loop {
        let t = g.turn();
        if t.seat == firer
            && t.step == Step::Business
            && g.offers().is_empty()
            && g.auction().is_none()
            && g.meeting().is_none()
            && g.after_meeting().is_none()
            && g.pending_disaster().is_none()
            && (0..n).all(|s| g.able_to_deal(s))
        {
            break;
        }
        let seat = g.to_act().choose(&mut rng).expect("the game goes on");
        let a = g
            .reference_action(seat, &Style { deals: false }, &mut rng)
            .unwrap();
        g.play(seat, a).unwrap();
    }
    let mut p = g.position();
    let fire = |c: u8| g.data().fate_effect(c) == FateEffect::Fire { severance };
    let at = p
        .fate_deck
        .iter()
        .position(|&c| fire(c))
        .expect("a Fire card");
    let card = p.fate_deck.remove(at);
    if let Some(old) = p.players[firer].fate.take() {
        p.fate_deck.insert(at, old.card);
    }
    p.players[firer].fate = Some(HeldFate {
        card,
        window: Some(p.turn.number),
        known_by: 0,
    });
    for (s, x) in seats.iter().enumerate() {
        let pl = &mut p.players[s];
        p.bank_shares = p.bank_shares + pl.shares - x.shares;
        pl.shares = x.shares;
        pl.cash = x.cash;
        pl.job = Some(x.job);
    }
    TheBoss::from_position(&p).expect("a valid test position")
}

fn standing(job: u8, shares: u32, cash: u32) -> Standing {
    Standing { job, shares, cash }
}

/// The offer from `adv` giving `c` to `to` for `price`.
fn selling(to: Seat, c: Commitment, price: u32) -> Offer {
    let mut o = Offer {
        to,
        give_commitments: vec![c],
        ..Offer::default()
    };
    o.take.cash = price;
    o
}

/// The most the bot pays `adv` for `c` (in $10 steps up to $2,000), or 0.
fn best_price(g: &TheBoss, adv: Seat, c: Commitment) -> u32 {
    (1..=200)
        .map(|k| k * 10)
        .filter(|&x| x <= g.free_cash(BOT) && accepts(g, adv, &selling(BOT, c, x)))
        .max()
        .unwrap_or(0)
}

/// Every level, asked to answer `adv`'s offer of `c` for `price`, declines it.
fn no_level_accepts(g: &TheBoss, adv: Seat, c: Commitment, price: u32) {
    levels_decline(g, adv, c, price, &["heuristic", "easy", "normal", "hard"]);
}

/// Each of `levels`, asked to answer `adv`'s offer of `c` for `price`, declines it.
fn levels_decline(g: &TheBoss, adv: Seat, c: Commitment, price: u32, levels: &[&str]) {
    for &level in levels {
        let mut g = g.clone();
        g.play(adv, Action::Offer(Box::new(selling(BOT, c, price))))
            .expect("a legal offer");
        let id = g.offers()[0].id;
        let mut bot = make_bot::<TheBoss>(level, 1).unwrap();
        let a = bot.choose(&g, BOT);
        assert_ne!(a, Action::Accept(id), "{level} paid ${price} for {c:?}");
    }
}

#[test]
fn protection_from_a_meeting_its_seller_cannot_win_is_worth_nothing_at_two_players() {
    // Two players have no voters: the caller's 200 shares never outvote the bot's 300.
    let g = fire_table(&[standing(6, 300, 2000), standing(5, 200, 1000)], 1, 200);
    assert_eq!(best_price(&g, 1, Commitment::NotFire(BOT)), 0);
    no_level_accepts(&g, 1, Commitment::NotFire(BOT), 50);
    // With 400 shares the seller wins the meeting: then protection is worth paying for.
    let g = fire_table(&[standing(6, 300, 2000), standing(5, 400, 1000)], 1, 200);
    assert!(best_price(&g, 1, Commitment::NotFire(BOT)) >= 100);
}

#[test]
fn protection_from_a_firer_who_cannot_pay_the_severance_is_worth_nothing() {
    // The executive at seat 1 could fire the office holder at seat 0, but its $100 pays no
    // Fire card's severance (the bot has not seen which card it holds).
    let tables = [
        [
            standing(3, 100, 800),
            standing(5, 300, 100),
            standing(2, 100, 500),
        ],
        [
            standing(3, 100, 800),
            standing(5, 300, 1000),
            standing(2, 100, 500),
        ],
    ];
    let g = fire_table(&tables[0], 1, 200);
    assert_eq!(best_price(&g, 1, Commitment::NotFire(BOT)), 0);
    no_level_accepts(&g, 1, Commitment::NotFire(BOT), 50);
    let g = fire_table(&tables[1], 1, 200);
    assert!(best_price(&g, 1, Commitment::NotFire(BOT)) >= 100);
}

#[test]
fn a_promise_to_fire_the_leader_by_a_meeting_that_cannot_fire_is_worth_nothing() {
    // Seat 2 leads with 700 shares; the seller's 100 and the bot's 50 cannot outvote it, so
    // the promise is kept by a meeting that fails.
    let g = fire_table(
        &[
            standing(6, 50, 2000),
            standing(5, 100, 1500),
            standing(7, 700, 500),
        ],
        1,
        200,
    );
    assert_eq!(best_price(&g, 1, Commitment::FireTarget(2)), 0);
    no_level_accepts(&g, 1, Commitment::FireTarget(2), 50);
}

/// The table with seat 2 calling a meeting on the bot, seat 1 a voter.
fn meeting_on_bot(shares: [u32; 3]) -> TheBoss {
    let mut g = fire_table(
        &[
            standing(6, shares[0], 3000),
            standing(8, shares[1], 500),
            standing(5, shares[2], 1000),
        ],
        2,
        200,
    );
    g.play(2, Action::Meeting(BOT)).expect("a meeting");
    assert!(g.undeclared_voter(1));
    g
}

#[test]
fn a_vote_that_cannot_change_the_tally_is_worth_nothing() {
    // The caller's 100 shares and the voter's 50 cannot beat the bot's 300.
    let g = meeting_on_bot([300, 50, 100]);
    assert_eq!(best_price(&g, 1, Commitment::Vote(Vote::Against)), 0);
    no_level_accepts(&g, 1, Commitment::Vote(Vote::Against), 20);
    // Nor does the bot offer to buy it.
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let a = g
        .reference_action(BOT, &Style { deals: true }, &mut rng)
        .unwrap();
    assert!(!matches!(a, Action::Offer(_)), "{a:?}");
    // When the voter's 200 shares decide the meeting, its vote is worth paying for.
    let g = meeting_on_bot([200, 200, 300]);
    assert!(best_price(&g, 1, Commitment::Vote(Vote::Against)) >= 100);
}

#[test]
fn a_promise_to_fire_whom_the_seller_fires_anyway_is_worth_nothing() {
    // Seat 2 leads in net worth and is the richest office holder the executive at seat 1 may
    // fire: the seller's own choice is to fire it (office holders first, the richest first),
    // deal or none. The bot's own job pays more, but the seller does not fire by the job:
    // the promise changes nothing and is worth nothing.
    let g = fire_table(
        &[
            standing(3, 100, 800),
            standing(5, 300, 3000),
            standing(2, 700, 2500),
        ],
        1,
        200,
    );
    let leader = (0..3).max_by_key(|&s| g.net_worth(s)).unwrap();
    assert_eq!(leader, 2);
    assert_eq!(g.likely_firing(BOT, 1, 0).map(|(x, _)| x), Some(2));
    assert_eq!(best_price(&g, 1, Commitment::FireTarget(2)), 0);
    no_level_accepts(&g, 1, Commitment::FireTarget(2), 50);
}

#[test]
fn a_promise_to_fire_the_leader_in_place_of_the_buyer_pays_the_seller_more_than_the_buyer() {
    // The executive at seat 1 would fire the bot, the only office holder. Its promise to
    // call a meeting on the leader at seat 2 instead (two chances in three: it needs the
    // bot's vote) gains the seller on the leader as much as the bot, and its severance is
    // then at risk only if the meeting fires: the seller gains more than the bot, and the
    // bot pays nothing for it. Sparing the bot is what a promise not to fire it sells.
    // (`hard` may still accept it: by its own measure alone the bot gains, and its rollouts
    // judge the deal.)
    let g = fire_table(
        &[
            standing(4, 200, 800),
            standing(6, 200, 3000),
            standing(5, 300, 2500),
        ],
        1,
        200,
    );
    let leader = (0..3).max_by_key(|&s| g.net_worth(s)).unwrap();
    assert_eq!(leader, 2);
    assert_eq!(g.likely_firing(BOT, 1, 0).map(|(x, _)| x), Some(BOT));
    let p = g.fire_chance(BOT, 1, 2);
    assert!(p > 0 && p < 100, "the meeting may fire: {p}%");
    assert_eq!(best_price(&g, 1, Commitment::FireTarget(2)), 0);
    levels_decline(
        &g,
        1,
        Commitment::FireTarget(2),
        50,
        &["heuristic", "easy", "normal"],
    );
}

#[test]
fn a_promise_to_fire_the_leader_where_the_seller_would_fire_nobody_is_priced_by_its_chance() {
    // Four executives. The seller at seat 1 would call no meeting of its own: each is
    // less likely to fire than not. The leader at seat 2 is fired only if both voters vote
    // FOR (four chances in nine), and then each other seat gains a third of its job on it,
    // the seller as well, who pays the severance. The bot pays something for that chance,
    // and no more than half the severance the seller risks: the rest of the gain is the
    // seller's own.
    let g = fire_table(
        &[
            standing(6, 200, 800),
            standing(5, 100, 3000),
            standing(8, 350, 6000),
            standing(7, 200, 500),
        ],
        1,
        200,
    );
    let leader = (0..4).max_by_key(|&s| g.net_worth(s)).unwrap();
    assert_eq!(leader, 2);
    assert_eq!(g.likely_firing(BOT, 1, 0), None);
    let p = g.fire_chance(BOT, 1, 2);
    assert!(p > 0 && p < 50, "a meeting the seller would not call: {p}%");
    let severance = g.expected_severance(BOT, 1);
    let paid = best_price(&g, 1, Commitment::FireTarget(2)) as i64;
    let share = g.job_value(2) / 3;
    assert!(
        paid > 0,
        "a chance of the leader's firing is worth something"
    );
    assert!(
        paid <= p * severance / 100 / 2 && paid <= p * share / 100,
        "paid ${paid} for a {p}% chance of a ${share} share, the seller risking ${severance}"
    );
}
