//! A thread's piece of a batched step: a contiguous range of a batch's games with their rows
//! of the outputs ([`Lanes`]), stepped and written there, and the whole batch shared by the
//! threads of a step, from which each takes the ranges handed to it ([`Shared`]; see
//! `batch.rs`).

use crate::batch::{actor_rng, Outputs};
use crate::dyngame::DynGame;
use crate::error::Error;
use crate::prefetch::prefetch_value;
use boardroom_engine::rng::GameRng;
use boardroom_engine::{Seat, Viewer};
use std::marker::PhantomData;

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

    /// Plays `actions[i]` (checked) in game `i` of these lanes (a negative action: one already
    /// applied, a composite action, whose game only moves on). A game that ends gets its
    /// rewards and done flag and is replaced at once by its slot's next game, seeded `stride`
    /// after it (see `batch.rs`), whose rows are written; the others get their next actor and
    /// rows. A game that refuses its action does not move and is not marked done; the first
    /// refusal is returned with the game's index in these lanes, and the other games move.
    pub(crate) fn step(&mut self, actions: &[i64], stride: u64) -> Result<(), (usize, Error)> {
        let mut result = Ok(());
        for (i, &a) in actions.iter().enumerate() {
            self.prefetch(i + 1);
            let seat = self.actors[i];
            // A negative action: the game's composite action, already applied.
            let applied = if a < 0 {
                Ok(())
            } else {
                self.games[i].apply_quiet(seat, a as usize)
            };
            if let Err(e) = applied {
                self.out.done[i] = false;
                if result.is_ok() {
                    result = Err((i, e));
                }
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
                    if let Err(e) = self.replace(i, stride) {
                        if result.is_ok() {
                            result = Err((i, e));
                        }
                    }
                }
                _ => {
                    rewards.fill(0.0);
                    self.out.done[i] = false;
                    self.actors[i] = may.choose(&mut self.rngs[i]).unwrap_or(0);
                    self.write_row(i, !may.is_empty());
                }
            }
        }
        result
    }

    /// Replaces game `i`, which ended, with its slot's next game (seeded `stride` after it),
    /// and writes its row. The slot takes the new seed even when the reset fails, so that no
    /// finished game stays in the batch.
    fn replace(&mut self, i: usize, stride: u64) -> Result<(), Error> {
        let seed = self.seeds[i].wrapping_add(stride);
        let reset = self.games[i].reset(seed);
        self.seeds[i] = seed;
        self.rngs[i] = actor_rng(seed);
        let acting = self.choose_actor(i);
        self.write_row(i, acting);
        reset
    }
}

/// A batch's games and outputs shared by the threads of a step, each of which takes the ranges
/// of games [`crate::threads::Claims`] hands it. The fields are the pointers and lengths of
/// the [`Lanes`] it was made from, whose borrow it keeps.
pub(crate) struct Shared<'a> {
    games: *mut Box<dyn DynGame>,
    rngs: *mut GameRng,
    actors: *mut Seat,
    masked: *mut usize,
    seeds: *mut u64,
    obs: *mut f32,
    mask: *mut bool,
    rewards: *mut f32,
    done: *mut bool,
    actor: *mut i64,
    num_legal: *mut i64,
    seed: *mut u64,
    n: usize,
    fixed: bool,
    players: usize,
    max_actions: usize,
    obs_size: usize,
    observations: bool,
    _borrow: PhantomData<Lanes<'a>>,
}

// SAFETY: what the pointers reach is `Send` (the games are `Send + Sync`, the rest plain
// values), and `Shared::range` is only called for ranges no other thread holds.
unsafe impl Send for Shared<'_> {}
// SAFETY: as above: threads sharing a `Shared` reach disjoint games and rows only.
unsafe impl Sync for Shared<'_> {}

impl<'a> Shared<'a> {
    /// All of `lanes`, to be taken range by range.
    pub(crate) fn new(lanes: Lanes<'a>) -> Shared<'a> {
        let n = lanes.games.len();
        debug_assert!(
            lanes.rngs.len() == n
                && lanes.actors.len() == n
                && lanes.masked.len() == n
                && lanes.seeds.len() == n
                && lanes.out.obs.len() == n * lanes.obs_size
                && lanes.out.mask.len() == n * lanes.max_actions
                && lanes.out.rewards.len() == n * lanes.players
                && lanes.out.done.len() == n
                && lanes.out.actor.len() == n
                && lanes.out.num_legal.len() == n
                && lanes.out.seed.len() == n
        );
        Shared {
            games: lanes.games.as_mut_ptr(),
            rngs: lanes.rngs.as_mut_ptr(),
            actors: lanes.actors.as_mut_ptr(),
            masked: lanes.masked.as_mut_ptr(),
            seeds: lanes.seeds.as_mut_ptr(),
            obs: lanes.out.obs.as_mut_ptr(),
            mask: lanes.out.mask.as_mut_ptr(),
            rewards: lanes.out.rewards.as_mut_ptr(),
            done: lanes.out.done.as_mut_ptr(),
            actor: lanes.out.actor.as_mut_ptr(),
            num_legal: lanes.out.num_legal.as_mut_ptr(),
            seed: lanes.out.seed.as_mut_ptr(),
            n,
            fixed: lanes.fixed,
            players: lanes.players,
            max_actions: lanes.max_actions,
            obs_size: lanes.obs_size,
            observations: lanes.observations,
            _borrow: PhantomData,
        }
    }

    /// Games `range` with their rows.
    ///
    /// # Safety
    /// No other `Lanes` taken from this `Shared` and still alive may hold any of these games
    /// (the claims of a step hand out every game once).
    pub(crate) unsafe fn range(&self, range: std::ops::Range<usize>) -> Lanes<'_> {
        assert!(
            range.start <= range.end && range.end <= self.n,
            "a range of the batch"
        );
        let (at, len) = (range.start, range.len());
        // SAFETY: within the slices `new` took (checked above), not held elsewhere (the
        // caller's promise), and borrowed for as long as `self` keeps their borrow.
        unsafe {
            use std::slice::from_raw_parts_mut as part;
            Lanes {
                games: part(self.games.add(at), len),
                rngs: part(self.rngs.add(at), len),
                actors: part(self.actors.add(at), len),
                masked: part(self.masked.add(at), len),
                seeds: part(self.seeds.add(at), len),
                out: Outputs {
                    obs: part(self.obs.add(at * self.obs_size), len * self.obs_size),
                    mask: part(self.mask.add(at * self.max_actions), len * self.max_actions),
                    rewards: part(self.rewards.add(at * self.players), len * self.players),
                    done: part(self.done.add(at), len),
                    actor: part(self.actor.add(at), len),
                    num_legal: part(self.num_legal.add(at), len),
                    seed: part(self.seed.add(at), len),
                },
                fixed: self.fixed,
                players: self.players,
                max_actions: self.max_actions,
                obs_size: self.obs_size,
                observations: self.observations,
            }
        }
    }
}
