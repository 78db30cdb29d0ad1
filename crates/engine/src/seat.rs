//! Seats, sets of seats and viewers.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A seat at the table, numbered from 0 in turn order.
pub type Seat = usize;

/// The clock: the pseudo-seat that submits a live table's timeouts (see
/// [`crate::game::Timer`]). It is never a player's seat, never in a [`SeatSet`] (so never in
/// `to_act`), and a game accepts from it only the timeouts its running timers name; players can
/// never submit those. Records write it as `"by": "clock"`.
pub const CLOCK: Seat = Seat::MAX;

/// A set of seats, e.g. the seats that may act now. Games of up to 16 seats are supported.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct SeatSet(u16);

impl SeatSet {
    /// The empty set: nobody may act (the game is over).
    pub const EMPTY: SeatSet = SeatSet(0);

    /// A set holding exactly one seat.
    #[inline]
    pub fn single(seat: Seat) -> Self {
        debug_assert!(seat < 16);
        SeatSet(1 << seat)
    }

    /// The seats `0..n`.
    #[inline]
    pub fn all(n: usize) -> Self {
        debug_assert!(n <= 16);
        SeatSet(((1u32 << n) - 1) as u16)
    }

    /// Adds a seat.
    #[inline]
    pub fn insert(&mut self, seat: Seat) {
        self.0 |= 1 << seat;
    }

    /// Whether the set holds `seat`.
    #[inline]
    pub fn contains(self, seat: Seat) -> bool {
        seat < 16 && self.0 & (1 << seat) != 0
    }

    /// Whether nobody is in the set.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many seats the set holds.
    #[inline]
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The lowest seat in the set.
    #[inline]
    pub fn first(self) -> Option<Seat> {
        (self.0 != 0).then(|| self.0.trailing_zeros() as Seat)
    }

    /// The `n`-th seat of the set, counting from the lowest (0 is the lowest).
    pub fn nth(self, n: usize) -> Option<Seat> {
        self.iter().nth(n)
    }

    /// One seat of the set chosen uniformly by `rng` (`None` when empty). A set of one seat
    /// draws nothing from `rng`, so games with one actor at a time keep their random streams.
    #[inline]
    pub fn choose<R: rand::Rng + ?Sized>(self, rng: &mut R) -> Option<Seat> {
        let bits = self.0;
        if bits & bits.wrapping_sub(1) == 0 {
            // Empty, or a single seat.
            return self.first();
        }
        let mut rest = bits;
        for _ in 0..rng.gen_range(0..bits.count_ones()) {
            rest &= rest - 1;
        }
        Some(rest.trailing_zeros() as Seat)
    }

    /// The seats in the set, lowest first.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        (0..16).filter(move |&s| self.contains(s))
    }

    /// The raw bit mask (bit `s` is seat `s`).
    #[inline]
    pub fn bits(self) -> u16 {
        self.0
    }
}

impl fmt::Debug for SeatSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> Self {
        let mut set = SeatSet::EMPTY;
        for s in iter {
            set.insert(s);
        }
        set
    }
}

/// Who is looking at a game: one player's seat, or a spectator who sees only public information.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Viewer {
    /// The player in this seat: sees public information and that seat's secrets.
    Seat(Seat),
    /// A spectator: sees public information only.
    Spectator,
}

impl Viewer {
    /// The seat of a player viewer.
    pub fn seat(self) -> Option<Seat> {
        match self {
            Viewer::Seat(s) => Some(s),
            Viewer::Spectator => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_set_basics() {
        let mut s = SeatSet::EMPTY;
        assert!(s.is_empty());
        s.insert(3);
        s.insert(0);
        assert_eq!(s.len(), 2);
        assert_eq!(s.first(), Some(0));
        assert!(s.contains(3) && !s.contains(2) && !s.contains(40));
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![0, 3]);
        assert_eq!(SeatSet::all(4).len(), 4);
        assert_eq!(SeatSet::single(5).first(), Some(5));
    }

    #[test]
    fn choose_is_uniform_and_draws_nothing_for_one_seat() {
        use rand::{RngCore, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let mut twin = rng.clone();
        assert_eq!(SeatSet::EMPTY.choose(&mut rng), None);
        assert_eq!(SeatSet::single(4).choose(&mut rng), Some(4));
        assert_eq!(rng.next_u64(), twin.next_u64(), "one seat draws nothing");
        let mut set = SeatSet::EMPTY;
        for s in [1, 4, 9] {
            set.insert(s);
        }
        let mut counts = [0u32; 16];
        for _ in 0..3000 {
            counts[set.choose(&mut rng).unwrap()] += 1;
        }
        for s in [1, 4, 9] {
            assert!((850..1150).contains(&counts[s]), "{counts:?}");
        }
        assert_eq!(counts.iter().sum::<u32>(), 3000);
    }
}
