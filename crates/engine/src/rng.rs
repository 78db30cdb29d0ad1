//! The seeded random number generators: the one games keep inside their state, and a faster one
//! for the bots' rollouts.
//!
//! Every shuffle and die roll of a game comes from a [`GameRng`] seeded from the game's seed, so
//! a game is reproduced bit for bit by its config, its seed and its actions. Searches draw their
//! determinizations and rollouts from a [`FastRng`]: not fit for dealing cards to people, but
//! several times cheaper per draw and just as reproducible from its seed.

use rand::{RngCore, SeedableRng};

/// The generator used for all game randomness: ChaCha with 8 rounds, portable and reproducible
/// across platforms and versions of this crate.
pub type GameRng = rand_chacha::ChaCha8Rng;

/// A generator seeded from a 64-bit game seed.
pub fn from_seed(seed: u64) -> GameRng {
    GameRng::seed_from_u64(seed)
}

/// A small, fast, non-cryptographic generator (xoshiro256++, Blackman and Vigna) for the bots'
/// searches and rollouts. Portable: the same seed gives the same numbers on every platform. It
/// never deals a game's cards or rolls its dice (that is [`GameRng`]'s job).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FastRng {
    s: [u64; 4],
}

impl FastRng {
    /// A generator seeded from a 64-bit seed (expanded with SplitMix64, so that nearby seeds
    /// give unrelated streams).
    pub fn new(seed: u64) -> Self {
        let mut x = seed;
        let mut split = || {
            x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = x;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        FastRng {
            s: [split(), split(), split(), split()],
        }
    }
}

impl RngCore for FastRng {
    #[inline]
    fn next_u64(&mut self) -> u64 {
        let s = &mut self.s;
        let result = s[0].wrapping_add(s[3]).rotate_left(23).wrapping_add(s[0]);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    #[inline]
    fn next_u32(&mut self) -> u32 {
        (self.next_u64() >> 32) as u32
    }

    fn fill_bytes(&mut self, dest: &mut [u8]) {
        for chunk in dest.chunks_mut(8) {
            let bytes = self.next_u64().to_le_bytes();
            chunk.copy_from_slice(&bytes[..chunk.len()]);
        }
    }

    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), rand::Error> {
        self.fill_bytes(dest);
        Ok(())
    }
}

impl SeedableRng for FastRng {
    type Seed = [u8; 32];

    fn from_seed(seed: [u8; 32]) -> Self {
        let mut s = [0u64; 4];
        for (word, bytes) in s.iter_mut().zip(seed.chunks_exact(8)) {
            *word = u64::from_le_bytes(bytes.try_into().expect("8 bytes"));
        }
        if s == [0; 4] {
            // The all-zero state is the one xoshiro cannot leave.
            return FastRng::new(0);
        }
        FastRng { s }
    }

    fn seed_from_u64(seed: u64) -> Self {
        FastRng::new(seed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    #[test]
    fn fast_rng_is_reproducible_and_spreads() {
        let mut a = FastRng::new(42);
        let mut b = FastRng::new(42);
        let mut c = FastRng::new(43);
        let xs: Vec<u64> = (0..8).map(|_| a.next_u64()).collect();
        let ys: Vec<u64> = (0..8).map(|_| b.next_u64()).collect();
        let zs: Vec<u64> = (0..8).map(|_| c.next_u64()).collect();
        assert_eq!(xs, ys);
        assert_ne!(xs, zs);
        // The reference xoshiro256++ output for the state [1, 2, 3, 4].
        let mut r = FastRng { s: [1, 2, 3, 4] };
        assert_eq!(r.next_u64(), 41_943_041);
        assert_eq!(r.next_u64(), 58_720_359);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[a.gen_range(0..6)] += 1;
        }
        for k in counts {
            assert!((9_400..10_600).contains(&k), "{counts:?}");
        }
        let zero = FastRng::from_seed([0; 32]);
        assert_ne!(zero.s, [0; 4]);
    }
}
