//! The clock of live tables (§9.7): timers, timeouts submitted only by the clock, staleness
//! keys and the JSON form of actions.

use boardroom_engine::{Game, Timer, CLOCK};
use boardroom_theboss::{Action, Config, Event, TheBoss, Timeout};

use crate::common;

fn game(seed: u64) -> TheBoss {
    let mut c = Config::new(3);
    c.first_player = Some(0);
    TheBoss::new(&c, seed).unwrap()
}

fn play(g: &mut TheBoss, seat: usize, text: &str) -> Vec<Event> {
    let a = g.parse_action(text).unwrap();
    g.play(seat, a).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn timers(g: &TheBoss) -> Vec<Timer<Action>> {
    let mut out = Vec::new();
    g.timers(&mut out);
    out
}

#[test]
fn an_unanswered_offer_is_rejected_by_the_clock() {
    let mut g = game(3);
    play(&mut g, 0, "offer 1 give $10 note \"hi\"");
    let ts = timers(&g);
    let offer = ts
        .iter()
        .find(|t| matches!(t.action, Action::Timeout(Timeout::Offer(_))))
        .expect("the offer's timer runs");
    assert_eq!((offer.seat, offer.seconds), (1, 60));
    let business = ts
        .iter()
        .find(|t| t.action == Action::Timeout(Timeout::Business))
        .expect("the business timer runs");
    assert_eq!((business.seat, business.seconds), (0, 300));
    let timeout = offer.action.clone();
    // Players never submit timeouts; the clock only those its timers name.
    for seat in 0..3 {
        let e = g.check(seat, timeout.clone()).unwrap_err();
        assert!(e.to_string().contains("rule 9.7"), "{e}");
    }
    assert!(g.check(CLOCK, Action::End).is_err());
    assert!(g.check(CLOCK, Action::Timeout(Timeout::Offer(99))).is_err());
    assert!(g.check(CLOCK, Action::Timeout(Timeout::Bid)).is_err());
    assert!(g.check(CLOCK, Action::Timeout(Timeout::Lobbying)).is_err());
    let text = g.format_action(timeout.clone());
    assert_eq!(g.parse_action(&text).unwrap(), timeout);
    let before = g.clone();
    let ev = g.play(CLOCK, timeout.clone()).unwrap();
    assert!(matches!(ev[0], Event::TimeUp { .. }), "{ev:?}");
    assert!(ev.iter().any(|e| matches!(e, Event::Rejected { .. })));
    assert!(g.offers().is_empty());
    assert_ne!(g, before);
    // The same timeout again is refused and changes nothing.
    let now = g.clone();
    assert!(g.play(CLOCK, timeout).is_err());
    assert_eq!(g, now);
}

/// Plays random candidate actions from `g` until `stop` holds (or the game ends).
fn until(g: &mut TheBoss, seed: u64, stop: impl Fn(&TheBoss) -> bool) -> bool {
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut buf = Vec::new();
    for _ in 0..5000 {
        if stop(g) {
            return true;
        }
        let Some(seat) = g.to_act().choose(&mut rng) else {
            return false;
        };
        g.legal_actions(seat, &mut buf);
        let a = buf[rand::Rng::gen_range(&mut rng, 0..buf.len())].clone();
        g.play(seat, a).unwrap();
    }
    false
}

#[test]
fn a_bid_times_out_into_a_pass() {
    let mut found = false;
    for seed in 0..40 {
        let mut g = game(seed);
        if !until(&mut g, seed, |g| g.auction().is_some()) {
            continue;
        }
        found = true;
        let caller = g.auction_caller().unwrap();
        let key = g.call_key().unwrap();
        let t = timers(&g)
            .into_iter()
            .find(|t| t.action == Action::Timeout(Timeout::Bid))
            .expect("the bid timer runs");
        assert_eq!((t.seat, t.key, t.seconds), (caller, key, 30));
        assert_eq!(g.staleness_key(&Action::Pass), Some(key));
        let ev = g.play(CLOCK, t.action).unwrap();
        assert!(ev.contains(&Event::Passed { seat: caller }), "{ev:?}");
        // The call moved on: a new key, or no auction.
        assert_ne!(g.call_key(), Some(key));
        break;
    }
    assert!(found, "some random game reaches an auction");
}

#[test]
fn business_ends_when_its_time_is_up() {
    let mut g = game(9);
    play(&mut g, 0, "offer 2 give $10");
    let key = g.business_key().expect("business runs");
    let ev = g.play(CLOCK, Action::Timeout(Timeout::Business)).unwrap();
    assert!(
        ev.iter().any(|e| matches!(e, Event::Expired { .. })),
        "{ev:?}"
    );
    assert!(g.offers().is_empty());
    assert_ne!(g.business_key(), Some(key));
    // Nobody may deal any more in this turn: the draw follows (or a mandatory auction).
    assert!(g
        .check(0, g.parse_action("offer 1 give $10").unwrap())
        .is_err());
}

#[test]
fn the_lobbying_closes_when_its_time_is_up() {
    use common::*;
    // A Stockholders' Meeting on seat 1, called by seat 0 with a Fire card.
    let mut g = meeting_table();
    play(&mut g, 0, "meeting 1");
    assert!(g.meeting().is_some());
    assert!(
        timers(&g)
            .iter()
            .any(|t| t.action == Action::Timeout(Timeout::Lobbying)),
        "the lobbying timer runs"
    );
    // Players may not close the lobbying themselves.
    assert!(g.check(0, Action::Timeout(Timeout::Lobbying)).is_err());
    let ev = g.play(CLOCK, Action::Timeout(Timeout::Lobbying)).unwrap();
    assert!(
        ev.iter().any(|e| matches!(e, Event::Tally { .. })),
        "{ev:?}"
    );
    assert!(g.meeting().is_none());
}

#[test]
fn actions_read_from_json_name_the_field_at_fault() {
    let g = game(1);
    let a = g
        .parse_action("offer 1 give $20 HS#1 take 10sh note \"x\"")
        .unwrap();
    let json = g.action_to_json(&a).unwrap().to_string();
    assert_eq!(g.action_from_json(&json).unwrap(), a);
    let e = g
        .action_from_json(r#"{"action":"offer","args":{"to":1,"give":{"cash":"lots"}}}"#)
        .unwrap_err();
    assert!(e.reason.contains("args.give.cash"), "{e}");
    let e = g.action_from_json(r#"{"action":"dance"}"#).unwrap_err();
    assert!(e.reason.contains("dance"), "{e}");
    // Lists are sorted as the notation reads them, so what is played is what is recorded.
    let unsorted = r#"{"action":"offer","args":{"to":1,"give":{"experience":[9,2]}}}"#;
    let Action::Offer(o) = g.action_from_json(unsorted).unwrap() else {
        panic!()
    };
    assert_eq!(o.give.experience, vec![2, 9]);
}
