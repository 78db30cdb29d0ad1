//! No nagging: terms a player refused (rejected, countered or let lapse) are not asked of them
//! again by the same maker within three rounds, nor later while the situation they were refused
//! in lasts ([`TheBoss::refused_before`], [`TheBoss::offer_situation`]); and the bots keep to it.

use crate::common::*;

use boardroom_bots::make_bot;
use boardroom_engine::{Bot, Game, Seat};
use boardroom_theboss::{Action, Config, Event, Offer, TheBoss};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Seat 0 offers seat 1 $50 for its COL card; seat 1 rejects. The game and the terms.
fn rejected_purchase() -> (TheBoss, Offer) {
    let mut g = setup(3, |p| {
        give_exp(p, 1, COL);
        turn_of(p, 0, None, 0);
    });
    play(&mut g, 0, "offer 1 give $50 take COL#12");
    let (id, o) = (g.offers()[0].id, g.offers()[0].offer.clone());
    play(&mut g, 1, &format!("reject {id}"));
    (g, o)
}

#[test]
fn refused_terms_stay_refused_while_their_situation_lasts() {
    let (g, o) = rejected_purchase();
    assert!(g.refused_before(0, &o));
    // The same exchange at a price no better for the receiver is the same request.
    let mut cheaper = o.clone();
    cheaper.give.cash = 40;
    assert!(g.refused_before(0, &cheaper));
    let mut dearer = o.clone();
    dearer.give.cash = 60;
    assert!(!g.refused_before(0, &dearer), "a better price is new terms");
    // Another maker, or another receiver, is not refused.
    let mut other = o.clone();
    other.to = 2;
    assert!(!g.refused_before(0, &other));
    assert!(!g.refused_before(2, &o));

    // Ten rounds later, with other cash, other cards of other kinds: the same situation.
    let mut p = g.position();
    p.round += 10;
    p.players[1].cash += 300;
    give_exp(&mut p, 1, HS);
    give_exp(&mut p, 0, OB);
    let later = TheBoss::from_position(&p).unwrap();
    assert!(later.refused_before(0, &o), "still refused rounds later");
    // Revision 2 forgot after three rounds.
    let old = TheBoss::from_position_under(&p, 2).unwrap();
    assert!(!old.refused_before(0, &o));

    // Within three rounds the terms stay refused whatever changes.
    let mut q = g.position();
    q.round += 2;
    give_exp(&mut q, 1, COL + 1);
    assert!(TheBoss::from_position(&q).unwrap().refused_before(0, &o));
    // After them, what makes it new: the receiver's or the maker's holding of the kind
    // traded, either's job.
    let mut q = p.clone();
    give_exp(&mut q, 1, COL + 1);
    assert!(!TheBoss::from_position(&q).unwrap().refused_before(0, &o));
    let mut q = p.clone();
    give_exp(&mut q, 0, COL + 1);
    assert!(!TheBoss::from_position(&q).unwrap().refused_before(0, &o));
    let mut q = p.clone();
    q.players[1].job = Some(1);
    assert!(!TheBoss::from_position(&q).unwrap().refused_before(0, &o));
}

#[test]
fn terms_let_lapse_are_refused_too_and_a_new_refusal_replaces_the_old() {
    let mut g = setup(3, |p| {
        give_exp(p, 1, COL);
        turn_of(p, 0, None, 0);
    });
    play(&mut g, 0, "offer 1 give $50 take COL#12");
    let o = g.offers()[0].offer.clone();
    play(&mut g, 0, "end");
    assert!(g.offers().is_empty());
    assert!(g.refused_before(0, &o), "an offer let lapse is refused");
    assert_eq!(g.player(0).refused.len(), 1);
}

/// The `hard` level weighs the reference player's offer at other prices: never at terms the
/// partner refused.
#[test]
fn the_wider_search_weighs_no_refused_terms() {
    let (g, o) = rejected_purchase();
    // A later step: the pair's offer count starts again.
    let mut p = g.position();
    p.turn.pair_offers = [0; 16];
    p.turn.offers = 0;
    let g = TheBoss::from_position(&p).unwrap();
    assert_eq!(g.check(0, Action::Offer(Box::new(o.clone()))), Ok(()));
    // Offering $100 for the card: its half is the refused $50, three quarters ($70 in $10 steps) is not.
    let mut reference = o.clone();
    reference.give.cash = 100;
    let mut out = Vec::new();
    g.wider_alternatives(0, &Action::Offer(Box::new(reference)), &mut out);
    let prices: Vec<u32> = out
        .iter()
        .filter_map(|a| match a {
            Action::Offer(x) => Some(x.give.cash),
            _ => None,
        })
        .collect();
    assert!(prices.contains(&70), "{prices:?}");
    assert!(!prices.contains(&50), "{prices:?}");
}

/// A refusal seen in a bot game: who refused whose terms, in which situation.
struct Refusal {
    maker: Seat,
    offer: Offer,
    situation: u64,
    round: u32,
}

/// Whether `o` by `maker` asks again what `r` refused: the same goods and commitments to the
/// same receiver, at a price no better for it, in the same situation.
fn asks_again(g: &TheBoss, maker: Seat, o: &Offer, r: &Refusal) -> bool {
    let net = |x: &Offer| x.give.cash as i64 - x.take.cash as i64;
    let (f, mut a) = (&r.offer, o.clone());
    a.note.clear();
    a.give.cash = f.give.cash;
    a.take.cash = f.take.cash;
    r.maker == maker && a == *f && net(o) <= net(f) && g.offer_situation(maker, o) == r.situation
}

/// Sixty whole games between dealing bots: no bot asks a player again for terms that player
/// refused while the situation lasts, however many rounds later. (Under rules revision 2,
/// which forgot refusals after three rounds, a bot of these games counters with terms refused
/// five rounds before.)
#[test]
fn bots_never_ask_again_for_refused_terms() {
    let tables: [&[&str]; 3] = [
        &["heuristic", "heuristic", "heuristic", "heuristic"],
        &["heuristic", "random", "heuristic"],
        &["heuristic", "heuristic"],
    ];
    let (mut refusals_seen, mut offers_seen) = (0, 0);
    for k in 0..60u64 {
        let t = (k % 3) as usize;
        let bots = tables[t];
        let seed = 40 + k;
        let mut g = TheBoss::new(&Config::new(bots.len()), seed).unwrap();
        let mut players: Vec<Box<dyn Bot<TheBoss>>> = bots
            .iter()
            .enumerate()
            .map(|(s, name)| make_bot::<TheBoss>(name, seed * 10 + s as u64).unwrap())
            .collect();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut refused: Vec<Refusal> = Vec::new();
        let mut events = Vec::new();
        let mut asked = 0usize;
        while let Some(seat) = g.to_act().choose(&mut rng) {
            asked += 1;
            assert!(asked < 2_000_000, "table {t}: the game does not end");
            let must = g.must_act();
            let a = if must.contains(seat) || must.is_empty() {
                players[seat].choose(&g, seat)
            } else {
                match players[seat].choose_optional(&g, seat) {
                    Some(a) => a,
                    None => continue,
                }
            };
            if bots[seat] != "random" {
                if let Action::Offer(o) | Action::Counter(_, o) = &a {
                    offers_seen += 1;
                    if let Some(r) = refused.iter().find(|r| asks_again(&g, seat, o, r)) {
                        panic!(
                            "table {t}, round {}: seat {seat} asks seat {} again for terms \
                             refused in round {}: {}",
                            g.round(),
                            o.to,
                            r.round,
                            g.format_action(a.clone())
                        );
                    }
                }
            }
            let before = g.clone();
            events.clear();
            g.apply(seat, a, &mut events).unwrap();
            // Offers rejected, countered or let lapse, in the situation they were refused in.
            for e in &events {
                let ids: Vec<u32> = match e {
                    Event::Rejected { id } => vec![*id],
                    Event::Expired { ids } => ids.clone(),
                    _ => continue,
                };
                for id in ids {
                    if let Some(p) = before.offers().iter().find(|p| p.id == id) {
                        let mut offer = p.offer.clone();
                        offer.note.clear();
                        refused.push(Refusal {
                            maker: p.from,
                            situation: g.offer_situation(p.from, &offer),
                            offer,
                            round: g.round(),
                        });
                        refusals_seen += 1;
                    }
                }
            }
        }
    }
    assert!(
        refusals_seen > 20 && offers_seen > 50,
        "the bots deal: {offers_seen} offers, {refusals_seen} refusals"
    );
}
