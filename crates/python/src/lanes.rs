//! One thread's share of a batched step: a contiguous part of a batch's games with their rows
//! of the outputs ([`Lanes`]), stepped and written there, and the counts by which the parts
//! agree on the seeds of the games that ended (see `batch.rs`).

use crate::batch::{actor_rng, Outputs};
use crate::dyngame::DynGame;
use crate::error::Result;
use crate::prefetch::prefetch_value;
use boardroom_engine::rng::GameRng;
use boardroom_engine::{Seat, Viewer};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A [`crate::batch::Batch`] count slot whose part has not finished stepping.
pub(crate) const UNKNOWN: usize = usize::MAX;

/// How many times a part looks for the earlier parts' counts before leaving its replacements
/// to the calling thread (a few microseconds at most: a thread never sleeps or burns a core
/// waiting for another that the system has not scheduled).
const SPINS: u32 = 1 << 10;

/// The sum of the counts in `slots`, once every one is published; `None` if one is still
/// missing after [`SPINS`] looks.
fn counts_before(slots: &[AtomicUsize]) -> Option<usize> {
    let mut sum = 0;
    let mut spins = 0;
    for slot in slots {
        loop {
            let v = slot.load(Ordering::Acquire);
            if v != UNKNOWN {
                sum += v;
                break;
            }
            spins += 1;
            if spins > SPINS {
                return None;
            }
            std::hint::spin_loop();
        }
    }
    Some(sum)
}

/// Publishes a part's count of ended games into its slot when dropped, so that later parts
/// never wait forever, even when stepping the part panics.
struct Publish<'a> {
    slot: &'a AtomicUsize,
    count: usize,
}

impl Drop for Publish<'_> {
    fn drop(&mut self) {
        self.slot.store(self.count, Ordering::Release);
    }
}

/// A contiguous part of a batch's games with their rows of the outputs: what one thread steps.
/// Indices are relative to the part.
pub(crate) struct Lanes<'a> {
    pub(crate) games: &'a mut [Box<dyn DynGame>],
    pub(crate) rngs: &'a mut [GameRng],
    pub(crate) actors: &'a mut [Seat],
    pub(crate) masked: &'a mut [usize],
    pub(crate) seeds: &'a mut [u64],
    pub(crate) out: Outputs<'a>,
    pub(crate) fixed: bool,
    pub(crate) players: usize,
    pub(crate) max_actions: usize,
    pub(crate) obs_size: usize,
    pub(crate) observations: bool,
}

impl<'a> Outputs<'a> {
    /// The rows of the first `k` games, and the rest (given the row lengths).
    fn split_at(
        self,
        k: usize,
        players: usize,
        max_actions: usize,
        obs_size: usize,
    ) -> (Self, Self) {
        let (obs, obs2) = self.obs.split_at_mut(k * obs_size);
        let (mask, mask2) = self.mask.split_at_mut(k * max_actions);
        let (rewards, rewards2) = self.rewards.split_at_mut(k * players);
        let (done, done2) = self.done.split_at_mut(k);
        let (actor, actor2) = self.actor.split_at_mut(k);
        let (num_legal, num_legal2) = self.num_legal.split_at_mut(k);
        let (seed, seed2) = self.seed.split_at_mut(k);
        (
            Outputs {
                obs,
                mask,
                rewards,
                done,
                actor,
                num_legal,
                seed,
            },
            Outputs {
                obs: obs2,
                mask: mask2,
                rewards: rewards2,
                done: done2,
                actor: actor2,
                num_legal: num_legal2,
                seed: seed2,
            },
        )
    }
}

impl<'a> Lanes<'a> {
    /// The first `k` games, and the rest.
    fn split_at(self, k: usize) -> (Self, Self) {
        let (games, games2) = self.games.split_at_mut(k);
        let (rngs, rngs2) = self.rngs.split_at_mut(k);
        let (actors, actors2) = self.actors.split_at_mut(k);
        let (masked, masked2) = self.masked.split_at_mut(k);
        let (seeds, seeds2) = self.seeds.split_at_mut(k);
        let (out, out2) = self
            .out
            .split_at(k, self.players, self.max_actions, self.obs_size);
        let (fixed, players, max_actions, obs_size, observations) = (
            self.fixed,
            self.players,
            self.max_actions,
            self.obs_size,
            self.observations,
        );
        (
            Lanes {
                games,
                rngs,
                actors,
                masked,
                seeds,
                out,
                fixed,
                players,
                max_actions,
                obs_size,
                observations,
            },
            Lanes {
                games: games2,
                rngs: rngs2,
                actors: actors2,
                masked: masked2,
                seeds: seeds2,
                out: out2,
                fixed,
                players,
                max_actions,
                obs_size,
                observations,
            },
        )
    }

    /// The parts of `lens[k]` games each, in order (the lengths add up to the games').
    pub(crate) fn parts_of(self, lens: &[usize]) -> Vec<Self> {
        let mut parts = Vec::with_capacity(lens.len());
        let mut rest = self;
        for &len in &lens[..lens.len().saturating_sub(1)] {
            let (part, tail) = rest.split_at(len);
            parts.push(part);
            rest = tail;
        }
        parts.push(rest);
        parts
    }

    /// Cut into parts of `len` games (the last may be shorter).
    pub(crate) fn parts(self, len: usize) -> Vec<Self> {
        let mut parts = Vec::new();
        let mut rest = self;
        while rest.games.len() > len {
            let (part, tail) = rest.split_at(len);
            parts.push(part);
            rest = tail;
        }
        parts.push(rest);
        parts
    }

    /// Draws the actor of game `i` among the seats that may act; whether one may.
    pub(crate) fn choose_actor(&mut self, i: usize) -> bool {
        let may = self.games[i].to_act();
        self.actors[i] = may.choose(&mut self.rngs[i]).unwrap_or(0);
        !may.is_empty()
    }

    /// Writes game `i`'s row for its actor.
    pub(crate) fn write(&mut self, i: usize) {
        self.write_row(i, false);
    }

    /// Writes game `i`'s row for its actor; `acting` when the actor was just drawn from the
    /// seats that may act in this state (its legal list is then made without asking again).
    pub(crate) fn write_row(&mut self, i: usize, acting: bool) {
        let out = &mut self.out;
        let seat = self.actors[i];
        let game = &mut self.games[i];
        let mask = &mut out.mask[i * self.max_actions..(i + 1) * self.max_actions];
        let n = if self.fixed {
            game.write_mask(seat, mask)
        } else {
            let n = if acting {
                game.num_legal_acting(seat)
            } else {
                game.num_legal(seat)
            }
            .min(self.max_actions);
            let was = std::mem::replace(&mut self.masked[i], n);
            if n > was {
                mask[was..n].fill(true);
            } else {
                mask[n..was].fill(false);
            }
            n
        };
        out.actor[i] = seat as i64;
        out.num_legal[i] = n as i64;
        out.seed[i] = self.seeds[i];
        if self.observations {
            let row = &mut out.obs[i * self.obs_size..(i + 1) * self.obs_size];
            game.encode_update(Viewer::Seat(seat), row);
        }
    }

    /// Hints the processor to load the memory that stepping game `i` touches first: its state
    /// and memo, and the start of its observation row (see `prefetch.rs`).
    fn prefetch(&self, i: usize) {
        if let Some(game) = self.games.get(i) {
            game.prefetch();
            let row = i * self.obs_size;
            prefetch_value(&self.out.obs[row..row + self.obs_size.min(64)]);
        }
    }

    /// Plays `actions[i]` (checked) in game `i` of this part, then replaces the games that
    /// ended. A game that ends gets its rewards and done flag; the others get their next actor
    /// and rows. The part publishes how many of its games ended in `ended[part]`, reads the
    /// counts of the parts before it, and gives its ended games, in order, the seeds that
    /// follow theirs from `next_seed` on (the seeds the games take when stepped one after
    /// another). If those counts are not all published at once, the replacements are left to
    /// the caller ([`Lanes::replace_ended`], once every part has finished): the second value
    /// says whether they were made. If a game refuses its action, the games after it in the
    /// part do not move (and are not marked done).
    pub(crate) fn step(
        &mut self,
        actions: &[i64],
        part: usize,
        ended: &[AtomicUsize],
        next_seed: u64,
    ) -> (Result<()>, bool) {
        let mut publish = Publish {
            slot: &ended[part],
            count: 0,
        };
        let mut result = Ok(());
        for (i, &a) in actions.iter().enumerate() {
            if result.is_err() {
                self.out.done[i] = false;
                continue;
            }
            self.prefetch(i + 1);
            let seat = self.actors[i];
            if let Err(e) = self.games[i].apply_quiet(seat, a as usize) {
                self.out.done[i] = false;
                result = Err(e);
                continue;
            }
            let rewards = &mut self.out.rewards[i * self.players..(i + 1) * self.players];
            let may = self.games[i].to_act();
            match may.is_empty().then(|| self.games[i].outcome()).flatten() {
                Some(outcome) => {
                    for (s, r) in rewards.iter_mut().enumerate() {
                        *r = outcome.reward(s) as f32;
                    }
                    self.out.done[i] = true;
                    publish.count += 1;
                }
                _ => {
                    rewards.fill(0.0);
                    self.out.done[i] = false;
                    self.actors[i] = may.choose(&mut self.rngs[i]).unwrap_or(0);
                    self.write_row(i, !may.is_empty());
                }
            }
        }
        let mine = publish.count;
        drop(publish);
        if mine == 0 {
            return (result, true);
        }
        match counts_before(&ended[..part]) {
            Some(before) => {
                let replaced = self.replace_ended(next_seed.wrapping_add(before as u64));
                (result.and(replaced), true)
            }
            None => (result, false),
        }
    }

    /// Replaces the games of this part that ended with new games seeded `seed, seed + 1, …` in
    /// order, and writes their rows.
    pub(crate) fn replace_ended(&mut self, mut seed: u64) -> Result<()> {
        let mut result = Ok(());
        for i in 0..self.games.len() {
            if self.out.done[i] {
                // Done even when a reset fails, so that no finished game stays in the batch.
                let reset = self.games[i].reset(seed);
                result = result.and(reset);
                self.seeds[i] = seed;
                self.rngs[i] = actor_rng(seed);
                seed = seed.wrapping_add(1);
                let acting = self.choose_actor(i);
                self.write_row(i, acting);
            }
        }
        result
    }
}
