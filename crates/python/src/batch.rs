//! Batched stepping: N games of one configuration stepped together, reading one action index per
//! game and writing each game's next observation, legal-action mask, rewards and done flag into
//! flat buffers (the NumPy arrays of `VecGame`).
//!
//! In every game one seat decides at a time: the *actor*, drawn uniformly among the seats that
//! may act (`SeatSet::choose`, which draws nothing when one seat may act) with a generator
//! seeded from the game's seed. The batch's N games start with seeds `seed, seed + 1, …,
//! seed + N - 1`, and a finished game is replaced at once by a new one seeded N after it: slot
//! `i` plays the games seeded `seed + i`, `seed + i + N`, `seed + i + 2N`, … So no seed is
//! played twice, a run is reproduced by its seed and its actions, and what a slot plays depends
//! on that slot alone.
//!
//! The buffers persist between steps and are rewritten in place, only where they change: a
//! game's observation row through [`DynGame::encode_update`] (the parts of the encoding that
//! changed since the previous step, for games with an incremental encoding), its mask row from
//! the previous legal count to the new one. So nothing else may write them (the Python class
//! hands them out read-only).
//!
//! A step runs on several threads (`threads.rs`): the games are cut into one contiguous part
//! per thread (longer for a thread that stepped faster in the steps before: [`Split`]); each
//! thread steps its own part's games a few at a time, replacing those that end and writing
//! their rows ([`Lanes`]), then helps with what is left of the others' ([`Claims`]). Since a
//! game's step and its replacement depend on that game alone, every array is the same for any
//! number of threads.

use crate::dyngame::DynGame;
use crate::error::{Error, Kind, Result};
use crate::lanes::{Lanes, Shared};
use crate::pool::Pool;
use crate::threads::{default_threads, part_len, Claims, Split};
use boardroom_engine::rng::{self, GameRng};
use boardroom_engine::Seat;
use std::time::{Duration, Instant};

/// The generator that draws a game's actors, from its seed.
pub fn actor_rng(seed: u64) -> GameRng {
    rng::from_seed(seed ^ 0xac70_25ee_d000_0001)
}

/// The buffers one step writes, each holding one row per game.
pub struct Outputs<'a> {
    /// Observations of each game's actor, `observation_size` values per game (empty rows when
    /// observations are off).
    pub obs: &'a mut [f32],
    /// Legal-action masks of each game's actor over the action space, `max_actions` per game.
    pub mask: &'a mut [bool],
    /// Rewards of each seat, `players` per game: the finished game's rewards on the step it
    /// ends, else 0.
    pub rewards: &'a mut [f32],
    /// Whether the game ended on this step (it has been replaced by a new one).
    pub done: &'a mut [bool],
    /// The seat to decide next in each game.
    pub actor: &'a mut [i64],
    /// How many actions of that seat's mask are legal.
    pub num_legal: &'a mut [i64],
    /// The seed of the game now in each slot.
    pub seed: &'a mut [u64],
}

/// N games stepped together.
pub struct Batch {
    games: Vec<Box<dyn DynGame>>,
    rngs: Vec<GameRng>,
    actors: Vec<Seat>,
    /// In the legal-list space, how many values at the start of each game's mask row are
    /// `true` (the rest are `false`): the actor's legal count, at most `max_actions`. A step
    /// checks the actions against it and rewrites only the mask values between the old and new
    /// counts. (The fixed space's rows are written in full.)
    masked: Vec<usize>,
    /// Whether actions are indices of the fixed action space (else of the legal list).
    fixed: bool,
    seeds: Vec<u64>,
    players: usize,
    max_actions: usize,
    obs_size: usize,
    observations: bool,
    pool: Pool,
    /// Where a step cuts the games among the threads.
    split: Split,
    /// Who steps which games in the step under way (kept from step to step).
    claims: Claims,
}

/// A lower bound of the memory one game of a batch holds besides its arrays (its state, its
/// random generators, its place in the lists).
const GAME_BYTES: usize = 1024;

impl Batch {
    /// `n` games made by `make(seed)` with seeds `seed..seed + n`.
    pub fn new(
        n: usize,
        seed: u64,
        observations: bool,
        mut make: impl FnMut(u64) -> Result<Box<dyn DynGame>>,
    ) -> Result<Batch> {
        if n == 0 {
            return Err(Error::new(Kind::Config, "a batch needs at least one game"));
        }
        let first = make(seed)?;
        let shape = first.shape().clone();
        // What the batch will hold, asked of the allocator first: a batch too large for the
        // machine is refused with an error rather than aborting the process midway.
        let obs = if observations {
            shape.observation_size()
        } else {
            0
        };
        let per_game = obs * 4 + first.num_actions() + first.num_players() * 4 + GAME_BYTES;
        let too_large = || {
            Error::new(
                Kind::Memory,
                format!("{n} games need more memory than this machine grants ({per_game} bytes or more each)"),
            )
        };
        let need = n.checked_mul(per_game).ok_or_else(too_large)?;
        Vec::<u8>::new()
            .try_reserve_exact(need)
            .map_err(|_| too_large())?;
        let mut games = Vec::new();
        games.try_reserve_exact(n).map_err(|_| too_large())?;
        games.push(first);
        for i in 1..n {
            games.push(make(seed.wrapping_add(i as u64))?);
        }
        Ok(Batch {
            players: games[0].num_players(),
            rngs: (0..n)
                .map(|i| actor_rng(seed.wrapping_add(i as u64)))
                .collect(),
            actors: vec![0; n],
            masked: vec![0; n],
            seeds: (0..n).map(|i| seed.wrapping_add(i as u64)).collect(),
            fixed: games[0].fixed(),
            max_actions: games[0].num_actions(),
            games,
            obs_size: if observations {
                shape.observation_size()
            } else {
                0
            },
            observations,
            pool: Pool::new(default_threads()),
            split: Split::new(default_threads()),
            claims: Claims::new(),
        })
    }

    /// The threads a step runs on.
    pub fn threads(&self) -> usize {
        self.pool.threads()
    }

    /// Sets the threads a step runs on (at least 1).
    pub fn set_threads(&mut self, threads: usize) {
        if threads.max(1) != self.pool.threads() {
            self.pool = Pool::new(threads);
            self.split = Split::new(threads);
        }
    }

    /// Every game with its rows of `out`, and the threads.
    fn lanes<'a>(&'a mut self, out: &'a mut Outputs<'_>) -> (Lanes<'a>, &'a Pool, &'a Claims) {
        let lanes = Lanes {
            games: &mut self.games,
            rngs: &mut self.rngs,
            actors: &mut self.actors,
            masked: &mut self.masked,
            seeds: &mut self.seeds,
            out: Outputs {
                obs: &mut *out.obs,
                mask: &mut *out.mask,
                rewards: &mut *out.rewards,
                done: &mut *out.done,
                actor: &mut *out.actor,
                num_legal: &mut *out.num_legal,
                seed: &mut *out.seed,
            },
            fixed: self.fixed,
            players: self.players,
            max_actions: self.max_actions,
            obs_size: self.obs_size,
            observations: self.observations,
        };
        (lanes, &self.pool, &self.claims)
    }

    /// The number of games.
    pub fn len(&self) -> usize {
        self.games.len()
    }

    /// Whether there are no games (never: a batch holds at least one).
    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }

    /// Seats per game.
    pub fn players(&self) -> usize {
        self.players
    }

    /// The mask's length.
    pub fn max_actions(&self) -> usize {
        self.max_actions
    }

    /// The observation's length (0 when observations are off).
    pub fn obs_size(&self) -> usize {
        self.obs_size
    }

    /// Runs `f(i, game i, its actor)` for every game, on up to `threads` threads (each game's
    /// result depends on that game alone, never on the threads), collecting the results in
    /// game order.
    pub fn map_games<T: Send>(
        &mut self,
        threads: usize,
        f: impl Fn(usize, &mut dyn DynGame, Seat) -> T + Sync,
    ) -> Vec<T> {
        let n = self.games.len();
        let chunk = n.div_ceil(threads.clamp(1, n));
        let actors = &self.actors;
        let f = &f;
        std::thread::scope(|scope| {
            let handles: Vec<_> = self
                .games
                .chunks_mut(chunk)
                .enumerate()
                .map(|(c, games)| {
                    scope.spawn(move || {
                        games
                            .iter_mut()
                            .enumerate()
                            .map(|(k, g)| {
                                let i = c * chunk + k;
                                f(i, g.as_mut(), actors[i])
                            })
                            .collect::<Vec<T>>()
                    })
                })
                .collect();
            handles
                .into_iter()
                .flat_map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .collect()
        })
    }

    /// Game `i`, to change (the composite actions' step, `batch_composite.rs`).
    pub(crate) fn game_mut(&mut self, i: usize) -> &mut dyn DynGame {
        self.games[i].as_mut()
    }

    /// The seat that decides next in game `i`.
    pub(crate) fn actor(&self, i: usize) -> Seat {
        self.actors[i]
    }

    /// Game `i`.
    pub fn game(&self, i: usize) -> &dyn DynGame {
        self.games[i].as_ref()
    }

    /// What the batch is made of, to save it (see `pickle.rs`): the games, each game's actor
    /// generator, actor and seed, and whether it writes observations.
    #[allow(clippy::type_complexity)]
    pub(crate) fn parts(&self) -> (&[Box<dyn DynGame>], &[GameRng], &[Seat], &[u64], bool) {
        (
            &self.games,
            &self.rngs,
            &self.actors,
            &self.seeds,
            self.observations,
        )
    }

    /// A batch put back together from [`Batch::parts`] (the games already in their action
    /// space); [`Batch::rewrite_all`] then writes its outputs.
    pub(crate) fn from_parts(
        games: Vec<Box<dyn DynGame>>,
        rngs: Vec<GameRng>,
        actors: Vec<Seat>,
        seeds: Vec<u64>,
        observations: bool,
    ) -> Result<Batch> {
        let n = games.len();
        if n == 0 || rngs.len() != n || actors.len() != n || seeds.len() != n {
            return Err(Error::new(
                Kind::Position,
                "a saved batch needs one generator, actor and seed per game, and a game",
            ));
        }
        let (fixed, max_actions, players) = (
            games[0].fixed(),
            games[0].num_actions(),
            games[0].num_players(),
        );
        let shape = games[0].shape().clone();
        if games.iter().any(|g| {
            g.id() != games[0].id()
                || g.num_players() != players
                || g.fixed() != fixed
                || g.num_actions() != max_actions
                || g.shape().observation_size() != shape.observation_size()
        }) || actors.iter().any(|&a| a >= players)
        {
            return Err(Error::new(
                Kind::Position,
                "a saved batch's games must all be of one configuration, with actors among their seats",
            ));
        }
        Ok(Batch {
            games,
            rngs,
            actors,
            masked: vec![0; n],
            fixed,
            seeds,
            players,
            max_actions,
            obs_size: if observations {
                shape.observation_size()
            } else {
                0
            },
            observations,
            pool: Pool::new(default_threads()),
            split: Split::new(default_threads()),
            claims: Claims::new(),
        })
    }

    /// Writes every game's row (actor, mask, observation) for its current actor, drawing
    /// nothing, into fresh (zeroed) buffers; rewards and done flags are left as they are.
    pub(crate) fn rewrite_all(&mut self, out: &mut Outputs<'_>) {
        out.mask.fill(false);
        self.masked.fill(0);
        let (mut lanes, _, _) = self.lanes(out);
        for i in 0..lanes.games.len() {
            lanes.write(i);
        }
    }

    /// Writes the state of every game (actor, mask, observation) without stepping: the outputs
    /// after set-up, into fresh (zeroed) buffers. Rewards and done flags are zero.
    pub fn observe_all(&mut self, out: &mut Outputs<'_>) {
        out.rewards.fill(0.0);
        out.done.fill(false);
        out.mask.fill(false);
        self.masked.fill(0);
        let len = part_len(self.games.len(), self.pool.threads());
        let (lanes, pool, _) = self.lanes(out);
        pool.run(lanes.parts(len), |mut lanes| {
            for i in 0..lanes.games.len() {
                let acting = lanes.choose_actor(i);
                lanes.write_row(i, acting);
            }
        });
    }

    /// Whether `a` is legal in game `i`, as the masks the last step wrote say.
    pub(crate) fn action_legal(&self, i: usize, a: i64, out: &Outputs<'_>) -> bool {
        if self.fixed {
            usize::try_from(a)
                .ok()
                .filter(|&a| a < self.max_actions)
                .is_some_and(|a| out.mask[i * self.max_actions + a])
        } else {
            a >= 0 && (a as usize) < self.masked[i]
        }
    }

    /// Why `action` is refused in game `i`.
    pub(crate) fn refused(&self, i: usize, action: i64) -> Error {
        let seat = self.actors[i];
        let message = if !self.fixed {
            let n = self.masked[i];
            format!(
                "actions[{i}] = {action} is not legal: game {i}'s seat {seat} has {n} legal actions (indices 0 to {})",
                n as i64 - 1
            )
        } else if action < 0 || action as usize >= self.max_actions {
            format!(
                "actions[{i}] = {action} is not an action id: ids are 0 to {}",
                self.max_actions - 1
            )
        } else {
            format!("actions[{i}] = {action} is masked out: not legal for game {i}'s seat {seat} (see mask[{i}])")
        };
        Error::new(Kind::IllegalAction, message)
    }

    /// Steps every game with `actions[i]` (an index of game `i`'s action space, legal for its
    /// actor).
    /// Every index is checked before any game moves: on error nothing changes.
    pub fn step(&mut self, actions: &[i64], out: &mut Outputs<'_>) -> Result<()> {
        if actions.len() != self.games.len() {
            return Err(Error::new(
                Kind::Array,
                format!(
                    "actions: expected {} action indices (one per game), got {}",
                    self.games.len(),
                    actions.len()
                ),
            ));
        }
        // The masks as written (no game's state is touched before every action is checked).
        for (i, &a) in actions.iter().enumerate() {
            if !self.action_legal(i, a, out) {
                return Err(self.refused(i, a));
            }
        }
        self.run(actions, out)
    }

    /// Steps every game with its action, checked (negative: applied already), on the threads.
    pub(crate) fn run(&mut self, actions: &[i64], out: &mut Outputs<'_>) -> Result<()> {
        let n = self.games.len();
        let lens = self.split.lens(n);
        self.claims.reset(&lens);
        let stride = n as u64;
        let (lanes, pool, claims) = self.lanes(out);
        let shared = Shared::new(lanes);
        let results = pool.run((0..claims.parts()).collect(), |thread| {
            let start = Instant::now();
            let (mut stepped, mut refused) = (0, None);
            let mut from = 0;
            while let Some(range) = claims.next(thread, &mut from) {
                // SAFETY: the claims hand out every game once in a step.
                let mut lanes = unsafe { shared.range(range.clone()) };
                if let Err((i, e)) = lanes.step(&actions[range.clone()], stride) {
                    let i = range.start + i;
                    if refused.as_ref().is_none_or(|&(j, _)| i < j) {
                        refused = Some((i, e));
                    }
                }
                stepped += range.len();
            }
            (refused, stepped, start.elapsed())
        });
        let stepped: Vec<usize> = results.iter().map(|r| r.1).collect();
        let took: Vec<Duration> = results.iter().map(|r| r.2).collect();
        self.split.learn(&stepped, &took);
        // The refusal of the lowest game, whichever thread met it.
        match results.into_iter().filter_map(|r| r.0).min_by_key(|r| r.0) {
            Some((_, e)) => Err(e),
            None => Ok(()),
        }
    }
}
