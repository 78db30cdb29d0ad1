//! The lists' room: overflow under the documented random recipe (a uniform legal id from the
//! mask), and notes encoded as their text.

use super::tests::next_move;
use super::*;
use crate::action::Action;
use boardroom_engine::{rng, Game};
use rand::Rng;

/// Plays `decisions` decisions of the random recipe (a uniformly drawn seat of those who may
/// act, a uniform id of its mask) from seed `seed`, calling `each` on every state.
fn random_ids(players: usize, seed: u64, decisions: usize, mut each: impl FnMut(&TheBoss)) {
    let config = Config::new(players);
    let mut game = TheBoss::new(&config, seed).unwrap();
    let mut r = rng::from_seed(seed);
    let (mut legal, mut mask) = (Vec::new(), vec![false; crate::action_space::ACTION_SPACE]);
    for _ in 0..decisions {
        each(&game);
        let to_act = game.to_act();
        if to_act.is_empty() {
            return;
        }
        let seat = to_act.iter().nth(r.gen_range(0..to_act.len())).unwrap();
        legal.clear();
        game.legal_actions(seat, &mut legal);
        mask.fill(false);
        game.action_mask(seat, &legal, &mut mask);
        let ids: Vec<usize> = (0..mask.len()).filter(|&i| mask[i]).collect();
        let id = ids[r.gen_range(0..ids.len())];
        let action = game
            .action_from_index(seat, id)
            .expect("a masked id names a move");
        game.play(seat, action).expect("a masked id is legal");
    }
}

/// Under the random recipe, at 2, 3 and 4 players, fewer than 1% of the actor's observations
/// leave anything out (refused offers, the list that overflowed most, have room for all the
/// rules remember), while the lists do fill: many states hold refused offers.
#[test]
fn random_play_by_ids_rarely_overflows() {
    for players in 2..=4 {
        let (mut states, mut overflowed, mut refused, mut most) = (0, 0, 0, 0);
        let len = TheBoss::encoded_len(&Config::new(players)).unwrap();
        let mut out = vec![0.0; len];
        for seed in 0..4 {
            random_ids(players, 40 + seed, 500, |g| {
                let seat = g.to_act().first().unwrap_or(0);
                let dropped = g.encode_into(Viewer::Seat(seat), &mut out).unwrap();
                states += 1;
                overflowed += usize::from(dropped > 0);
                let n = g.players.iter().map(|p| p.refused.len()).max().unwrap_or(0);
                refused += usize::from(n > 0);
                most = most.max(n);
            });
        }
        assert!(
            overflowed * 100 < states,
            "{players} players: {overflowed} of {states} states overflowed"
        );
        assert!(
            refused * 2 > states && most > 8,
            "{players} players: refused offers in {refused} of {states} states, at most {most}"
        );
    }
}

/// A game of 3 from seed 4 played at random until an offer is legal, which is then made with
/// `note`; returns it and the offered-to seat's encoding.
fn offer_with_note(note: &str) -> (TheBoss, Vec<f32>) {
    let config = Config::new(3);
    let mut game = TheBoss::new(&config, 4).unwrap();
    let mut r = rng::from_seed(4);
    let mut legal = Vec::new();
    for _ in 0..500 {
        let seat = game.to_act().first().unwrap();
        legal.clear();
        game.legal_actions(seat, &mut legal);
        if let Some(Action::Offer(o)) = legal.iter().find(|a| matches!(a, Action::Offer(_))) {
            let mut o = o.clone();
            o.note = note.into();
            let to = o.to;
            game.play(seat, Action::Offer(o))
                .expect("a legal offer with a note");
            let mut out = vec![0.0; TheBoss::encoded_len(&config).unwrap()];
            assert!(game.encode_into(Viewer::Seat(to), &mut out).is_some());
            return (game, out);
        }
        let (seat, a) = next_move(&game, &mut r, false).unwrap();
        game.play(seat, a).unwrap();
    }
    panic!("no offer was legal");
}

/// A note is encoded as its text: notes whose old 32-bit fingerprints (FNV-1a) and lengths
/// were equal, and notes of the longest length that differ only in their last character,
/// encode differently; the text's bytes are in the open offers' table.
#[test]
fn notes_encode_as_their_text() {
    let fnv = |t: &str| {
        t.bytes().fold(0x811c_9dc5u32, |h, b| {
            (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
        })
    };
    let (a, b) = ("deal 1122789?", "deal 1339192?");
    assert_eq!(
        (fnv(a), a.len()),
        (fnv(b), b.len()),
        "the old encoding's collision"
    );
    let long = "x".repeat(199);
    let pairs = [
        (a.to_string(), b.to_string()),
        (format!("{long}a"), format!("{long}b")),
    ];
    for (x, y) in pairs {
        let (game, ex) = offer_with_note(&x);
        let (_, ey) = offer_with_note(&y);
        assert_eq!((ex[0], ey[0]), (0.0, 0.0), "nothing left out");
        assert_ne!(ex, ey, "{x:?} and {y:?} encode alike");
        let names = game.encoding_names();
        let at = |n: &str| names.iter().position(|m| m == n).unwrap();
        let last = x.len() - 1;
        assert_eq!(ex[at("offers[0].note")], 1.0);
        assert_eq!(ex[at("offers.texts[0].len")], x.len() as f32);
        assert_eq!(
            ex[at("offers.texts[0].byte[0]")],
            f32::from(x.as_bytes()[0])
        );
        let byte = format!("offers.texts[0].byte[{last}]");
        assert_eq!(ex[at(&byte)], f32::from(x.as_bytes()[last]));
        assert_eq!(ey[at(&byte)], f32::from(y.as_bytes()[last]));
    }
}

/// A note longer in bytes than the table shows (characters beyond ASCII) is cut and counted in
/// `overflow`; one that just fits is not.
#[test]
fn a_note_beyond_the_bytes_shown_counts_as_overflow() {
    let (_, fits) = offer_with_note(&"é".repeat(100));
    assert_eq!(fits[0], 0.0, "200 bytes fit");
    let (game, cut) = offer_with_note(&"é".repeat(101));
    assert_eq!(cut[0], 1.0, "202 bytes do not");
    let names = game.encoding_names();
    let at = |n: &str| names.iter().position(|m| m == n).unwrap();
    assert_eq!(cut[at("offers.texts[0].len")], 202.0);
}
