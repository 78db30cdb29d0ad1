use super::*;
use crate::Config;
use boardroom_engine::{rng, Game, Style, Viewer};
use rand::Rng;

#[test]
fn the_layout_is_the_documented_one() {
    assert_eq!(
        (GIVE, TAKE, GIVE_VOTE, FIRE, SPARE, LONG_TERM),
        (2, 16, 30, 32, 33, 37)
    );
    assert_eq!(
        (DELIVER, COLLATERAL, DUE, CANCEL, FIELDS),
        (38, 51, 64, 65, 66)
    );
    let sizes = field_sizes();
    assert_eq!(mask_len(), sizes.iter().sum::<usize>());
    assert_eq!(mask_len(), 1259);
    let game = TheBoss::new(&Config::new(3), 1).unwrap();
    let names = game.offer_field_names();
    assert_eq!(names.len(), FIELDS);
    assert_eq!(
        [&names[2], &names[6], &names[11], &names[15], &names[33]],
        [
            "give.cash_100",
            "give.exp.COL",
            "give.exec.5",
            "give.fate",
            "spare.0"
        ]
    );
    // $250 and 20 shares for the left neighbour's… nothing held: refused naming the rule.
    let mut f = vec![0; FIELDS];
    f[GIVE] = 2;
    f[GIVE + 1] = 5;
    f[TAKE + 2] = 2;
    let seat = game.turn.seat;
    let err = game.offer_from_fields(seat, &f);
    assert!(matches!(err, Ok(Action::Offer(ref o)) if o.give.cash == 250 && o.take.shares == 20));
    f[TAKE + 3 + 1] = 1;
    let err = game.offer_from_fields(seat, &f).unwrap_err();
    assert_eq!(err.rule, "§9.2");
    assert!(err.reason_text().contains("COL"), "{err}");
    f[TAKE + 3 + 1] = 0;
    f[DUE] = 3;
    assert_eq!(game.offer_from_fields(seat, &f).unwrap_err().rule, "§9.5");
    f[DUE] = 0;
    f[GIVE + 2] = 76;
    let err = game.offer_from_fields(seat, &f).unwrap_err();
    assert!(
        err.reason_text().contains("give.shares takes values 0–75"),
        "{err}"
    );
}

/// A random vector drawn from the masks: each field 0 most of the time, else a value its
/// mask allows (the partner and a few goods always drawn).
pub(crate) fn draw(masks: &[bool], r: &mut impl Rng) -> Option<Vec<u32>> {
    let sizes = field_sizes();
    let mut f = vec![0u32; FIELDS];
    let mut at = 0;
    for (i, &size) in sizes.iter().enumerate() {
        let allowed: Vec<u32> = (0..size as u32)
            .filter(|&v| masks[at + v as usize])
            .collect();
        at += size;
        if allowed.is_empty() {
            return None;
        }
        let p = if i == PARTNER { 1.0 } else { 0.12 };
        if r.gen_bool(p) || !allowed.contains(&0) {
            f[i] = allowed[r.gen_range(0..allowed.len())];
        }
    }
    Some(f)
}

fn in_masks(f: &[u32], masks: &[bool]) -> Option<usize> {
    let mut at = 0;
    for (i, (&v, size)) in f.iter().zip(field_sizes()).enumerate() {
        if !masks[at + v as usize] {
            return Some(i);
        }
        at += size;
    }
    None
}

/// Over states of random (legal list), reference-bot and composite play at 2, 3 and 4
/// players: every legal offer the fields name reads back to itself and lies in the masks;
/// every vector drawn from the masks whose offer is legal reads back to itself; the masks do
/// not change when everything the seat cannot know is drawn again.
#[test]
fn offers_and_fields_read_back_and_the_masks_hold_every_legal_offer() {
    let mut r = rng::from_seed(11);
    let mut legal = Vec::new();
    let mut masks = vec![false; mask_len()];
    let mut other = vec![false; mask_len()];
    let (mut listed, mut named, mut drawn, mut accepted) = (0, 0, 0, 0);
    let mut noted_offers = 0;
    for (k, players) in [2, 3, 4, 2, 3, 4].into_iter().enumerate() {
        let mut game = TheBoss::new(&Config::new(players), 70 + k as u64).unwrap();
        for step in 0..1500 {
            let Some(seat) = game.to_act().choose(&mut r) else {
                break;
            };
            game.offer_field_masks(seat, &mut masks);
            if step % 5 == 0 {
                let hidden = game.sample_hidden(Viewer::Seat(seat), &mut r);
                hidden.offer_field_masks(seat, &mut other);
                assert_eq!(masks, other, "the masks depend on hidden cards");
            }
            game.legal_actions(seat, &mut legal);
            let bot = game.policy_action(seat, &Style::default(), &mut r).unwrap();
            for a in legal.iter().chain([&bot]) {
                if !matches!(a, Action::Offer(_) | Action::Counter(..)) {
                    continue;
                }
                listed += 1;
                let (Action::Offer(o) | Action::Counter(_, o)) = a else {
                    continue;
                };
                let noted = !o.note.is_empty();
                noted_offers += usize::from(noted);
                let named_here = game.fields_of_offer(seat, a);
                // Every offer but those with a note has its vector (no favours are listed).
                assert!(noted || named_here.is_some(), "{a:?} has no vector");
                if let Some(f) = named_here {
                    named += 1;
                    assert_eq!(game.offer_from_fields(seat, &f).as_ref(), Ok(a));
                    assert_eq!(in_masks(&f, &masks), None, "{a:?} {f:?}");
                }
            }
            let mut composite = None;
            for _ in 0..20 {
                let Some(f) = draw(&masks, &mut r) else {
                    break;
                };
                drawn += 1;
                let Ok(a) = game.offer_from_fields(seat, &f) else {
                    continue;
                };
                if !game.is_legal(seat, &a) {
                    continue;
                }
                accepted += 1;
                assert_eq!(game.fields_of_offer(seat, &a), Some(f.clone()), "{a:?}");
                composite = Some(a);
                break;
            }
            let a = match composite {
                Some(a) if r.gen_bool(0.3) => a,
                _ if k >= 3 => bot,
                _ => legal[r.gen_range(0..legal.len())].clone(),
            };
            game.play(seat, a).unwrap();
            if game.is_over() {
                break;
            }
        }
    }
    eprintln!(
        "composite offers: {named} of {listed} listed and bot offers named, \
         {noted_offers} with a note; {accepted} of {drawn} drawn vectors legal"
    );
    assert_eq!(named + noted_offers, listed);
    assert!(accepted > 200, "{accepted} legal composite offers");
}
