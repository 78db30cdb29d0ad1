//! The seeded random number generator that games keep in their state.
//!
//! Every shuffle and die roll of a game comes from a [`GameRng`] seeded from the game's seed, so
//! a game is reproduced bit for bit by its config, its seed and its actions.

use rand::SeedableRng;

/// The generator used for all game randomness: ChaCha with 8 rounds, portable and reproducible
/// across platforms and versions of this crate.
pub type GameRng = rand_chacha::ChaCha8Rng;

/// A generator seeded from a 64-bit game seed.
pub fn from_seed(seed: u64) -> GameRng {
    GameRng::seed_from_u64(seed)
}
