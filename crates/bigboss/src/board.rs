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
pub fn offset(s: Space, k: i32) -> Space {
    ((s as i32 - 1 + k).rem_euclid(SPACES as i32) + 1) as Space
}

/// Whether `s` is a valid space number.
#[inline]
pub fn is_space(s: u8) -> bool {
    (1..=SPACES).contains(&s)
}

/// Marker for "no company" on a space.
pub const NO_COMPANY: u8 = u8::MAX;

/// Stacks on the loop: the height of each space and the company its pieces belong to.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    height: [u8; 73],
    owner: [u8; 73],
}

impl Default for Board {
    fn default() -> Self {
        Board {
            height: [0; 73],
            owner: [NO_COMPANY; 73],
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
        self.height[s as usize] += 1;
        self.owner[s as usize] = c;
        self.height[s as usize]
    }

    /// Sets a space directly (position import).
    pub(crate) fn set(&mut self, s: Space, height: u8, owner: Option<u8>) {
        self.height[s as usize] = height;
        self.owner[s as usize] = owner.unwrap_or(NO_COMPANY);
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
        (0..len).all(|k| self.is_empty(offset(start, k)))
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
}
