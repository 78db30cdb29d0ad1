//! Drawing one candidate at random without checking them all: the random playouts' and the
//! search rollouts' fast path ([`boardroom_engine::Game::apply_random`]).
//!
//! The draw is uniform over the very list [`TheBoss::candidates`] writes, found by rejection:
//! the raw candidates are listed (each purchase once; the player's own new offer only as a
//! place, built when drawn), one is drawn uniformly among those not yet drawn, and checked;
//! an illegal one is set aside and the draw repeats. Each legal
//! candidate is equally likely to be the first legal one drawn, so the action is uniform over
//! the legal candidates, while most draws check a single candidate instead of the whole list.
//! The generator is advanced differently from drawing an index into the full list, so the
//! random streams are not those of listing, but each stays its seed.

use crate::action::{Action, Offer};
use crate::state::TheBoss;
use boardroom_engine::Seat;
use rand::Rng;

impl TheBoss {
    /// Draws one of `seat`'s candidates ([`TheBoss::candidates`]) uniformly with `rng`, using
    /// `scratch` for the raw list (the offers of its last use are reused); `None` when `seat`
    /// has none. Nothing is drawn from `rng` when nothing is listed for `seat` (the game is
    /// over, the seat is not at the table or has no part in the current window); a seat whose
    /// raw candidates are all illegal has them drawn and rejected.
    pub fn draw_candidate<R: Rng + ?Sized>(
        &self,
        seat: Seat,
        rng: &mut R,
        scratch: &mut Vec<Action>,
    ) -> Option<Action> {
        let mut spares = Spares::take_from(scratch);
        if seat >= self.players.len() || self.is_over() {
            return None;
        }
        let mut offer = self.raw_candidates(seat, scratch, &mut spares, true);
        // Only the two purchases of the stock step can coincide: each is listed once.
        let buys = scratch
            .iter()
            .position(|a| matches!(a, Action::Buy(_)))
            .filter(|&i| scratch.get(i + 1) == Some(&scratch[i]));
        if let Some(i) = buys {
            scratch.remove(i + 1);
        }
        // The candidates not drawn yet are `scratch[..live]`, and the player's own new offer
        // while `offer` holds (it is built only once drawn); rejected ones stay behind them, so
        // that their offers are reused by the next draw.
        let mut live = scratch.len();
        while live > 0 || offer {
            let i = rng.gen_range(0..live + offer as usize);
            if i == live {
                offer = false;
                let have = self.kind_counts(seat);
                if let Some(o) = self.offer_candidate(seat, &have, &mut spares) {
                    let a = Action::Offer(o);
                    if self.is_legal(seat, &a) {
                        return Some(a);
                    }
                    scratch.push(a);
                }
                continue;
            }
            let a = &scratch[i];
            let legal = if self.legal_when_listed(a) {
                debug_assert!(self.is_legal(seat, a), "listed but illegal: {a:?}");
                true
            } else {
                self.is_legal(seat, a)
            };
            if legal {
                return Some(scratch.swap_remove(i));
            }
            live -= 1;
            scratch.swap(i, live);
        }
        None
    }
}

/// Offers of a list written before, kept so that the next list writes its offers into them
/// instead of allocating new ones.
#[derive(Default)]
pub(crate) struct Spares {
    boxes: [Option<Box<Offer>>; SPARES_KEPT],
}

/// How many offers [`Spares`] keeps: more than any list holds but for a meeting with many
/// voters, where the rest are allocated.
const SPARES_KEPT: usize = 4;

impl Spares {
    /// Empties `list`, keeping its offers (and counter-offers).
    pub(crate) fn take_from(list: &mut Vec<Action>) -> Spares {
        let mut spares = Spares::default();
        let mut slots = spares.boxes.iter_mut();
        for a in list.drain(..) {
            if let Action::Offer(o) | Action::Counter(_, o) = a {
                if let Some(slot) = slots.next() {
                    *slot = Some(o);
                }
            }
        }
        spares
    }

    /// An empty offer, in the buffers of a kept one when there is one.
    pub(crate) fn offer(&mut self) -> Box<Offer> {
        match self.boxes.iter_mut().find_map(Option::take) {
            Some(mut o) => {
                clear_offer(&mut o);
                o
            }
            None => Box::default(),
        }
    }
}

/// Empties `o`, keeping the room of its lists and note.
fn clear_offer(o: &mut Offer) {
    for b in [&mut o.give, &mut o.take] {
        b.cash = 0;
        b.shares = 0;
        b.experience.clear();
        b.executive.clear();
        b.fate = false;
    }
    o.to = 0;
    o.give_commitments.clear();
    o.take_commitments.clear();
    o.long_term = None;
    o.cancel = None;
    o.note.clear();
}

#[cfg(test)]
mod tests {
    use super::Spares;
    use crate::action::Action;
    use crate::state::{Config, TheBoss};
    use boardroom_engine::rng::FastRng;
    use boardroom_engine::Game;
    use rand::Rng;

    /// Positions along random games whose raw lists hold illegal candidates, so that the
    /// rejection is exercised, with a seat and its candidates.
    fn positions_with_rejections() -> Vec<(TheBoss, usize, Vec<Action>)> {
        let mut found = Vec::new();
        let mut rng = FastRng::new(5);
        let (mut raw, mut listed, mut events) = (Vec::new(), Vec::new(), Vec::new());
        for seed in 0..6u64 {
            let mut g = TheBoss::new(&Config::new(2 + seed as usize % 3), seed).unwrap();
            while let Some(seat) = g.playout_seats().choose(&mut rng) {
                raw.clear();
                g.raw_candidates(seat, &mut raw, &mut Spares::default(), false);
                g.candidates(seat, &mut listed);
                if listed.len() >= 2 && raw.len() > listed.len() + 1 && found.len() < 40 {
                    found.push((g.clone(), seat, listed.clone()));
                }
                let a = listed[rng.gen_range(0..listed.len())].clone();
                events.clear();
                g.apply(seat, a, &mut events).unwrap();
            }
        }
        found
    }

    #[test]
    fn every_candidate_is_drawn_about_equally_often_and_nothing_else() {
        let positions = positions_with_rejections();
        assert!(positions.len() >= 20, "{} positions", positions.len());
        let mut rng = FastRng::new(11);
        let mut scratch = Vec::new();
        for (g, seat, listed) in &positions {
            let k = listed.len();
            let draws = 600 * k;
            let mut counts = vec![0usize; k];
            for _ in 0..draws {
                let a = g.draw_candidate(*seat, &mut rng, &mut scratch).unwrap();
                let i = listed.iter().position(|b| *b == a);
                let Some(i) = i else {
                    panic!("drew {a:?}, which is not a candidate");
                };
                counts[i] += 1;
            }
            // 600 expected draws each: a binomial's spread is under 25, so a candidate never
            // drawn, or drawn twice as often, means a draw that is not uniform.
            for (a, &c) in listed.iter().zip(&counts) {
                assert!((450..=750).contains(&c), "{a:?} drawn {c} times of {draws}");
            }
        }
    }

    #[test]
    fn a_seat_with_nothing_listed_draws_nothing() {
        let g = TheBoss::new(&Config::new(3), 1).unwrap();
        let mut rng = FastRng::new(3);
        let before = rng.clone();
        let mut scratch = Vec::new();
        for seat in (0..3).filter(|&s| !g.to_act().contains(s)) {
            assert_eq!(g.draw_candidate(seat, &mut rng, &mut scratch), None);
        }
        assert_eq!(g.draw_candidate(7, &mut rng, &mut scratch), None);
        assert_eq!(rng, before);
    }
}
