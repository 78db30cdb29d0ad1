//! The wider search of `hard` weighs the other answer to an offer, but never accepting one
//! that lowers the bot's own measure: along games of 2, 3 and 4 players in which seats make
//! random offers of the fixed action space's builder (one item for a price, many of them bad
//! for the receiver), the accept the wider search may weigh for a rejected or countered offer
//! is exactly the accept the bot's own measure allows.

use boardroom_engine::evaluate::Style;
use boardroom_engine::Game;
use boardroom_theboss::action_space::{ACTION_SPACE, FIRST_BID, FIRST_BUILT};
use boardroom_theboss::{Action, Config, TheBoss};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// For every open offer made to a seat: whether the wider search may weigh accepting it,
/// against the bot's measure. Returns (offers weighed, accepts allowed, accepts kept out).
fn check_open_offers(g: &TheBoss) -> (u32, u32, u32) {
    let (mut weighed, mut allowed, mut kept_out) = (0, 0, 0);
    let mut alts = Vec::new();
    for p in g.offers().iter() {
        let seat = p.offer.to;
        let accept = Action::Accept(p.id);
        if g.check(seat, accept.clone()).is_err() {
            continue;
        }
        alts.clear();
        g.wider_alternatives(seat, &Action::Reject(p.id), &mut alts);
        let weighs = alts.contains(&accept);
        let (gain, _) = g.offer_gain(seat, p.from, &p.offer);
        let by_measure = gain >= 0 && !g.partner_wins(seat, p.from, &p.offer);
        assert_eq!(weighs, g.acceptable_by_measure(seat, p.id), "{p:?}");
        assert!(
            !weighs || by_measure,
            "seat {seat} would weigh accepting {p:?}, gain {gain} by its own measure"
        );
        weighed += 1;
        allowed += u32::from(weighs);
        kept_out += u32::from(!weighs);
    }
    (weighed, allowed, kept_out)
}

#[test]
fn the_wider_search_never_weighs_an_accept_that_lowers_the_bots_measure() {
    let mut totals = (0, 0, 0);
    for (k, players) in [2, 3, 4].into_iter().enumerate() {
        let mut g = TheBoss::new(&Config::new(players), 40 + k as u64).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(7 + k as u64);
        let mut legal = Vec::new();
        let mut mask = vec![false; ACTION_SPACE];
        for _ in 0..2500 {
            let Some(seat) = g.to_act().choose(&mut rng) else {
                break;
            };
            // Now and then a random builder offer, so that bad offers reach the table.
            g.legal_actions(seat, &mut legal);
            g.space_mask(seat, &legal, &mut mask);
            let built: Vec<usize> = (FIRST_BUILT..FIRST_BID).filter(|&i| mask[i]).collect();
            let action = if !built.is_empty() && rng.gen_range(0..3) == 0 {
                g.from_space_index(seat, built[rng.gen_range(0..built.len())])
            } else {
                g.policy_action(seat, &Style::default(), &mut rng)
            };
            let c = check_open_offers(&g);
            totals = (totals.0 + c.0, totals.1 + c.1, totals.2 + c.2);
            g.play(seat, action.expect("a seat that may act has a move"))
                .unwrap();
        }
    }
    let (weighed, allowed, kept_out) = totals;
    assert!(weighed > 100, "{weighed} open offers weighed");
    assert!(allowed > 0, "some accepts are weighed ({allowed})");
    assert!(kept_out > 0, "some accepts are kept out ({kept_out})");
}
