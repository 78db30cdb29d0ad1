//! Every bot decides from its own observation only: with the same seed, its choice does not
//! change when only other players' secrets (their unknown cards, the deck order; in Big Shot
//! the future dice and, in the hidden-money variant, other players' coins) change.

use boardroom_bigboss::card::Card;
use boardroom_bigboss::{BigBoss, Config, Edition, Position};
use boardroom_bigshot::{BigShot, Config as BigShotConfig};
use boardroom_bots::{levels, HeuristicBot, IsmctsBot};
use boardroom_engine::{Bot, Game, Viewer};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Whether card `c` of a player's hand is secret (not bought face up, not a public level card).
fn is_secret(known: &[Card], c: &Card, levels_public: bool) -> bool {
    !(known.contains(c) || (levels_public && c.is_level()))
}

/// Swaps one secret card of a player other than `viewer` with a deck card and shuffles the
/// deck: nothing `viewer` may know changes. `None` when there is nothing to swap.
fn vary_secrets(g: &BigBoss, viewer: usize, rng: &mut ChaCha8Rng) -> Option<BigBoss> {
    let mut pos: Position = g.position();
    let levels_public = g.edition() == Edition::Modern;
    let others: Vec<usize> = (0..pos.players.len())
        .filter(|&s| s != viewer)
        .filter(|&s| {
            let p = &pos.players[s];
            p.hand.iter().any(|c| is_secret(&p.known, c, levels_public))
        })
        .collect();
    if pos.deck.len() < 2 || others.is_empty() {
        return None;
    }
    let s = *others.choose(rng)?;
    let secret: Vec<usize> = (0..pos.players[s].hand.len())
        .filter(|&i| {
            is_secret(
                &pos.players[s].known,
                &pos.players[s].hand[i],
                levels_public,
            )
        })
        .collect();
    let i = *secret.choose(rng)?;
    let j = rng.gen_range(0..pos.deck.len());
    std::mem::swap(&mut pos.players[s].hand[i], &mut pos.deck[j]);
    pos.deck.shuffle(rng);
    Some(BigBoss::from_position(&pos).expect("still a valid position"))
}

/// Positions along a random game where the seat to act has a real choice, each with a variant
/// that differs only in other players' secrets.
fn position_pairs(edition: Edition, players: usize, seed: u64) -> Vec<(BigBoss, BigBoss)> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut g = BigBoss::new(&Config::new(edition, players), seed).unwrap();
    let mut legal = Vec::new();
    let mut pairs = Vec::new();
    let mut step = 0;
    while let Some(seat) = g.to_act().first() {
        g.legal_actions(seat, &mut legal);
        if step % 23 == 5 && legal.len() > 1 && pairs.len() < 3 {
            if let Some(h) = vary_secrets(&g, seat, &mut rng) {
                assert_ne!(h, g, "the variant differs");
                assert_eq!(h.observe(Viewer::Seat(seat)), g.observe(Viewer::Seat(seat)));
                pairs.push((g.clone(), h));
            }
        }
        let a = legal[rng.gen_range(0..legal.len())];
        g.play(seat, a).unwrap();
        step += 1;
    }
    assert!(!pairs.is_empty());
    pairs
}

/// Every level, built fresh with the same seed for both positions of a pair. The hard level's
/// time limit is left out: a time limit only stops the search early, and timing would make
/// the comparison depend on the machine's load. Its iterations are capped at 5,000 (a tenth):
/// what it may see does not depend on how long it searches, and the full count made this the
/// slowest test of the crate.
fn bots(seed: u64) -> Vec<Box<dyn Bot<BigBoss>>> {
    let mut v: Vec<Box<dyn Bot<BigBoss>>> = Vec::new();
    v.push(Box::new(HeuristicBot::<BigBoss>::new(seed)));
    for name in ["easy", "normal", "hard"] {
        let mut config = levels::search_config(name).unwrap().unwrap();
        config.budget.time = None;
        if let Some(n) = config.budget.iterations.as_mut() {
            *n = (*n).min(5_000);
        }
        v.push(Box::new(IsmctsBot::<BigBoss>::new(name, config, seed)));
    }
    v.push(levels::make_bot::<BigBoss>("random", seed).unwrap());
    v
}

#[test]
fn every_level_chooses_the_same_when_only_others_secrets_change() {
    let mut compared = 0;
    for (edition, players, seed) in [
        (Edition::Modern, 2, 3),
        (Edition::Modern, 4, 4),
        (Edition::Classic, 3, 5),
        (Edition::Classic, 2, 6),
    ] {
        for (k, (g, h)) in position_pairs(edition, players, seed)
            .into_iter()
            .enumerate()
        {
            let seat = g.to_act().first().unwrap();
            let bot_seed = 100 + k as u64;
            let mut on_g = bots(bot_seed);
            let mut on_h = bots(bot_seed);
            for (a, b) in on_g.iter_mut().zip(on_h.iter_mut()) {
                let x = a.choose(&g, seat);
                let y = b.choose(&h, seat);
                assert!(
                    g.check(seat, x).is_ok(),
                    "{} chose an illegal action",
                    a.name()
                );
                assert_eq!(
                    x,
                    y,
                    "{} changed its choice ({edition:?}, seed {seed})",
                    a.name()
                );
                compared += 1;
            }
        }
    }
    assert!(compared >= 30, "only {compared} comparisons");
}

/// Big Shot, hidden-money variant: the die's future and another player's coins are secret.
fn big_shot_pairs(players: usize, seed: u64) -> Vec<(BigShot, BigShot)> {
    let mut config = BigShotConfig::new(players);
    config.hidden_money = true;
    let mut g = BigShot::new(&config, seed).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut legal = Vec::new();
    let mut pairs = Vec::new();
    let mut step = 0;
    while let Some(seat) = g.to_act().first() {
        g.legal_actions(seat, &mut legal);
        if step % 13 == 4 && legal.len() > 1 && pairs.len() < 3 {
            let mut p = g.to_position();
            p.dice.seed = "5a".repeat(32);
            let other = (seat + 1) % players;
            let c = g.colours_of(other)[0];
            let mut q = p.clone();
            q.colours[c.idx()].coins = p.colours[c.idx()].coins / 2;
            let h = BigShot::from_position(&q)
                .or_else(|_| BigShot::from_position(&p))
                .unwrap();
            assert_ne!(h, g);
            assert_eq!(h.observe(Viewer::Seat(seat)), g.observe(Viewer::Seat(seat)));
            pairs.push((g.clone(), h));
        }
        let a = legal[rng.gen_range(0..legal.len())];
        g.play(seat, a).unwrap();
        step += 1;
    }
    assert!(!pairs.is_empty());
    pairs
}

#[test]
fn big_shot_bots_ignore_dice_and_hidden_money_they_cannot_see() {
    let mut compared = 0;
    for (players, seed) in [(3, 1), (4, 2)] {
        for (k, (g, h)) in big_shot_pairs(players, seed).into_iter().enumerate() {
            let seat = g.to_act().first().unwrap();
            for name in ["heuristic", "easy", "normal", "random"] {
                let x = levels::make_bot::<BigShot>(name, 40 + k as u64)
                    .unwrap()
                    .choose(&g, seat);
                let y = levels::make_bot::<BigShot>(name, 40 + k as u64)
                    .unwrap()
                    .choose(&h, seat);
                assert!(g.check(seat, x).is_ok());
                assert_eq!(x, y, "{name} changed its choice (Big Shot, seed {seed})");
                compared += 1;
            }
        }
    }
    assert!(compared >= 8, "only {compared} comparisons");
}
