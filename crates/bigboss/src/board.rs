//! The 72-space loop: spaces numbered 1–72, space 72 adjacent to space 1.

/// A space on the loop, 1–72.
pub type Space = u8;

/// Number of spaces on the loop.
pub const SPACES: u8 = 72;

/// The space after `s` along the loop (72 → 1).
#[inline]
pub fn next(s: Space) -> Space {
    if s == SPACES {
        1
    } else {
        s + 1
    }
}

/// The space before `s` along the loop (1 → 72).
#[inline]
pub fn prev(s: Space) -> Space {
    if s == 1 {
        SPACES
    } else {
        s - 1
    }
}

/// The space `k` steps after `s` (negative `k` goes backwards).
#[inline]
pub const fn offset(s: Space, k: i32) -> Space {
    ((s as i32 - 1 + k).rem_euclid(SPACES as i32) + 1) as Space
}

/// Whether `s` is a valid space number.
#[inline]
pub fn is_space(s: u8) -> bool {
    (1..=SPACES).contains(&s)
}

/// The bit mask (bit `s` for space `s`) of the `len` spaces from `start` along the loop.
pub const fn run_mask(start: Space, len: i32) -> u128 {
    let mut mask = 0u128;
    let mut k = 0;
    while k < len {
        mask |= 1u128 << offset(start, k);
        k += 1;
    }
    mask
}

/// `SPACING[start]`: the nine spaces from `start - 3` to `start + 5`, which must all be empty
/// to found a company on `start`, `start + 1`, `start + 2`.
static SPACING: [u128; 73] = {
    let mut table = [0u128; 73];
    let mut s = 1;
    while s <= SPACES as usize {
        table[s] = run_mask(offset(s as Space, -3), 9);
        s += 1;
    }
    table
};

/// `FOUNDING[s]`: the spacing masks of the three founding triples holding space `s` (starting
/// at `s`, `s - 1` and `s - 2`).
static FOUNDING: [[u128; 3]; 73] = {
    let mut table = [[0u128; 3]; 73];
    let mut s = 1;
    while s <= SPACES as usize {
        let mut k = 0;
        while k < 3 {
            table[s][k] = SPACING[offset(s as Space, -(k as i32)) as usize];
            k += 1;
        }
        s += 1;
    }
    table
};

/// `AROUND[s]`: space `s` and its two neighbours.
static AROUND: [u128; 73] = {
    let mut table = [0u128; 73];
    let mut s = 1;
    while s <= SPACES as usize {
        table[s] = run_mask(offset(s as Space, -1), 3);
        s += 1;
    }
    table
};

/// Bits 1–72: every space of the loop.
const ALL_SPACES: u128 = ((1u128 << SPACES) - 1) << 1;

/// `mask` (bit `s` for space `s`) moved `k` spaces along the loop (0 ≤ `k` < 72): bit `s`
/// goes to bit `s + k`, wrapping from 72 to 1.
#[inline]
const fn rotate(mask: u128, k: u32) -> u128 {
    if k == 0 {
        return mask;
    }
    let m = mask >> 1; // spaces 1–72 as bits 0–71
    let turned = (m << k) | (m >> (SPACES as u32 - k));
    (turned << 1) & ALL_SPACES
}

/// Marker for "no company" on a space.
pub const NO_COMPANY: u8 = u8::MAX;

/// Stacks on the loop: the height of each space and the company its pieces belong to.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    height: [u8; 73],
    owner: [u8; 73],
    /// Bit `s` is set when space `s` holds a piece (kept with `height`, for the spacing and
    /// adjacency checks).
    occupied: u128,
    /// `low[h - 1]`: the spaces holding exactly `h` pieces, for `h` 1–4 (kept with `height`,
    /// for the spaces a level card fits).
    low: [u128; 4],
}

impl Default for Board {
    fn default() -> Self {
        Board {
            height: [0; 73],
            owner: [NO_COMPANY; 73],
            occupied: 0,
            low: [0; 4],
        }
    }
}

impl Board {
    /// Number of building pieces on space `s` (headquarters never count).
    #[inline]
    pub fn height(&self, s: Space) -> u8 {
        self.height[s as usize]
    }

    /// The company (index) owning the pieces on `s`, if any.
    #[inline]
    pub fn owner(&self, s: Space) -> Option<u8> {
        let o = self.owner[s as usize];
        (o != NO_COMPANY).then_some(o)
    }

    /// Whether `s` holds no piece.
    #[inline]
    pub fn is_empty(&self, s: Space) -> bool {
        self.height[s as usize] == 0
    }

    /// Adds a piece of company `c` on `s`; returns its level (the new height).
    #[inline]
    pub fn place(&mut self, s: Space, c: u8) -> u8 {
        let old = self.height[s as usize];
        let bit = 1u128 << s;
        if let Some(plane) = self.low.get_mut((old as usize).wrapping_sub(1)) {
            *plane &= !bit;
        }
        if let Some(plane) = self.low.get_mut(old as usize) {
            *plane |= bit;
        }
        self.height[s as usize] = old + 1;
        self.owner[s as usize] = c;
        self.occupied |= bit;
        old + 1
    }

    /// Sets a space directly (position import).
    pub(crate) fn set(&mut self, s: Space, height: u8, owner: Option<u8>) {
        self.height[s as usize] = height;
        self.owner[s as usize] = owner.unwrap_or(NO_COMPANY);
        let bit = 1u128 << s;
        if height > 0 {
            self.occupied |= bit;
        } else {
            self.occupied &= !bit;
        }
        for (h, plane) in (1u8..).zip(self.low.iter_mut()) {
            if h == height {
                *plane |= bit;
            } else {
                *plane &= !bit;
            }
        }
    }

    /// The spaces holding exactly `h` pieces, for `h` 1–4 (none for other heights).
    #[inline]
    pub fn at_height(&self, h: u8) -> u128 {
        self.low
            .get((h as usize).wrapping_sub(1))
            .copied()
            .unwrap_or(0)
    }

    /// The spaces holding 1 to 4 pieces.
    #[inline]
    pub fn low_spaces(&self) -> u128 {
        self.low[0] | self.low[1] | self.low[2] | self.low[3]
    }

    /// The occupied spaces as a bit mask (bit `s` for space `s`).
    #[inline]
    pub fn occupancy(&self) -> u128 {
        self.occupied
    }

    /// The height of every space, by space number (index 0 unused).
    #[inline]
    pub(crate) fn heights(&self) -> &[u8; 73] {
        &self.height
    }

    /// The company (index) of every space, [`NO_COMPANY`] for none, by space number (index 0
    /// unused; a space emptied may keep its last company).
    #[inline]
    pub(crate) fn owners(&self) -> &[u8; 73] {
        &self.owner
    }

    /// The occupied spaces in increasing order.
    #[inline]
    pub fn occupied_spaces(&self) -> crate::card::IndustryIter {
        crate::card::IndustrySet(self.occupied).iter()
    }

    /// Whether the nine spaces from `start - 3` to `start + 5` are all empty: founding on
    /// `start`, `start + 1`, `start + 2` keeps 3 empty spaces on both sides.
    #[inline]
    pub fn spacing_clear(&self, start: Space) -> bool {
        self.occupied & SPACING[start as usize] == 0
    }

    /// Whether one of the three founding triples holding `s` (starting at `s`, `s - 1` or
    /// `s - 2`) has its nine spaces of spacing empty.
    #[inline]
    pub fn founding_space_around(&self, s: Space) -> bool {
        let [a, b, c] = FOUNDING[s as usize];
        self.occupied & a == 0 || self.occupied & b == 0 || self.occupied & c == 0
    }

    /// The spaces `s` for which [`Board::near_piece`] holds: occupied or next to a piece.
    #[inline]
    pub fn near_mask(&self) -> u128 {
        let o = self.occupied;
        o | rotate(o, 1) | rotate(o, SPACES as u32 - 1)
    }

    /// The spaces `s` for which [`Board::founding_space_around`] holds: some founding triple
    /// holding `s` has its nine spaces of spacing empty.
    #[inline]
    pub fn founding_mask(&self) -> u128 {
        let empty = !self.occupied & ALL_SPACES;
        // Runs of empty spaces starting at each bit: 2, 4, 8, then 9 long.
        let two = empty & rotate(empty, SPACES as u32 - 1);
        let four = two & rotate(two, SPACES as u32 - 2);
        let eight = four & rotate(four, SPACES as u32 - 4);
        let nine = eight & rotate(empty, SPACES as u32 - 8);
        // A nine-run from `t` clears the triple starting at `t + 3`, which holds the spaces
        // `t + 3` to `t + 5`.
        rotate(nine, 3) | rotate(nine, 4) | rotate(nine, 5)
    }

    /// Whether `s` or one of its two neighbours holds a piece.
    #[inline]
    pub fn near_piece(&self, s: Space) -> bool {
        self.occupied & AROUND[s as usize] != 0
    }

    /// Gives every piece of company `from` to company `to`.
    pub fn relabel(&mut self, from: u8, to: u8) {
        for o in self.owner.iter_mut() {
            if *o == from {
                *o = to;
            }
        }
    }

    /// Total pieces on the board.
    pub fn pieces(&self) -> u32 {
        self.height.iter().map(|&h| h as u32).sum()
    }

    /// Whether the `len` spaces starting at `start` are all empty.
    #[inline]
    pub fn run_empty(&self, start: Space, len: i32) -> bool {
        self.occupied & run_mask(start, len) == 0
    }

    /// The occupied spaces as `(space, height, company)`.
    pub fn occupied(&self) -> impl Iterator<Item = (Space, u8, u8)> + '_ {
        (1..=SPACES).filter_map(move |s| {
            let h = self.height(s);
            (h > 0).then(|| (s, h, self.owner[s as usize]))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loop_wraps() {
        assert_eq!(next(72), 1);
        assert_eq!(prev(1), 72);
        assert_eq!(offset(71, 3), 2);
        assert_eq!(offset(2, -3), 71);
        assert_eq!(offset(5, 0), 5);
    }

    #[test]
    fn masks_match_the_loop() {
        let mut b = Board::default();
        for s in [3u8, 40, 71] {
            b.place(s, 0);
        }
        for start in 1..=SPACES {
            let slow = (0..9).all(|k| b.is_empty(offset(start, k - 3)));
            assert_eq!(b.spacing_clear(start), slow, "start {start}");
            let near = (-1..=1).any(|k| !b.is_empty(offset(start, k)));
            assert_eq!(b.near_piece(start), near, "space {start}");
            let found = (-2..=0).any(|k| (0..9).all(|j| b.is_empty(offset(start, k + j - 3))));
            assert_eq!(b.founding_space_around(start), found, "space {start}");
            for len in [1, 5, 9] {
                let slow = (0..len).all(|k| b.is_empty(offset(start, k)));
                assert_eq!(b.run_empty(start, len), slow);
            }
        }
        assert_eq!(b.occupied_spaces().collect::<Vec<_>>(), vec![3, 40, 71]);
        masks_agree_with_the_checks(&b);
        b.set(40, 0, None);
        assert_eq!(b.occupied_spaces().collect::<Vec<_>>(), vec![3, 71]);
        masks_agree_with_the_checks(&b);
    }

    /// `near_mask` and `founding_mask` hold exactly the spaces the one-space checks accept.
    fn masks_agree_with_the_checks(b: &Board) {
        let (near, found) = (b.near_mask(), b.founding_mask());
        for h in 0..=6u8 {
            for s in 1..=SPACES {
                let expected = (1..=4).contains(&h) && b.height(s) == h;
                assert_eq!(
                    b.at_height(h) & (1 << s) != 0,
                    expected,
                    "height {h} on {s}"
                );
            }
        }
        for s in 1..=SPACES {
            let low = (1..=4).contains(&b.height(s));
            assert_eq!(b.low_spaces() & (1 << s) != 0, low, "low {s}");
        }
        assert_eq!(near & !ALL_SPACES, 0);
        assert_eq!(found & !ALL_SPACES, 0);
        for s in 1..=SPACES {
            assert_eq!(near & (1 << s) != 0, b.near_piece(s), "near {s}");
            assert_eq!(
                found & (1 << s) != 0,
                b.founding_space_around(s),
                "founding {s}"
            );
        }
    }

    #[test]
    fn masks_match_on_many_boards() {
        let mut b = Board::default();
        masks_agree_with_the_checks(&b);
        // Pieces added in a scrambled order, checking after each.
        let mut s = 5u8;
        for _ in 0..40 {
            s = offset(s, 29);
            b.place(s, 0);
            masks_agree_with_the_checks(&b);
        }
        // Stacks up to 7 high, and spaces set directly.
        for _ in 0..6 {
            b.place(7, 0);
            masks_agree_with_the_checks(&b);
        }
        for h in [3u8, 0, 5, 1] {
            b.set(7, h, (h > 0).then_some(0));
            masks_agree_with_the_checks(&b);
        }
        for edge in [1u8, 72, 36] {
            let mut b = Board::default();
            b.place(edge, 1);
            masks_agree_with_the_checks(&b);
        }
    }
}
