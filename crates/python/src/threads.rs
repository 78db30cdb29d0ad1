//! Work spread over threads: a batch's games are cut into contiguous parts, one per thread,
//! the first parts run by the batch's [`crate::pool::Pool`] of waiting threads and the last on the calling
//! thread. Every game's work depends on that game alone, so the results do not depend on the
//! number of threads.
//!
//! The threads are started once per batch and kept: starting a thread for every step cost
//! about a third of a step of 1,024 games without observations. Part `k` always goes to the
//! same thread, so a game's memory stays in that core's cache from step to step; where the
//! parts meet follows the threads' measured speeds ([`Split`]), so only the games near a cut
//! change threads, and only when one thread runs faster than the other.
//!
//! Within a step, a thread takes its part's games a few at a time ([`Claims`]), and once its
//! own part is taken it helps with the others' remaining games: a step ends when its last game
//! is stepped, not when its slowest part is (the games that end and are set up anew, the cache
//! and the system's interruptions make the parts' times differ from step to step by several
//! percent).

use std::num::NonZeroUsize;
use std::ops::Range;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// The default number of threads: the cores the process may use.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, NonZeroUsize::get)
}

/// The fewest games worth a thread of their own in a step.
pub const MIN_PART: usize = 32;

/// How many games each part holds when `n` games are stepped on `threads` threads (at least
/// [`MIN_PART`] games a part, so that tiny batches stay on one thread, where handing work to
/// another would cost more than it saves).
pub fn part_len(n: usize, threads: usize) -> usize {
    n.div_ceil(threads.max(1)).max(MIN_PART)
}

/// Where a batch's step cuts its games: in proportion to how fast each thread stepped its part
/// in the steps before (equal at first). The threads of a virtual machine need not run at one
/// speed (one core's neighbours may take more of it than the other's, for seconds at a time),
/// and a step lasts as long as its slowest part: equal parts would leave the faster thread
/// waiting at every step. The cut only decides which thread steps a game; what a game does
/// depends on that game alone.
pub struct Split {
    /// Each part's games per second, smoothed over the last steps.
    speeds: Vec<f64>,
    /// Whether a step was measured yet (before, the parts are equal).
    measured: bool,
}

impl Split {
    /// How much of a step's measured speed moves the smoothed one: enough to follow a change
    /// within a few dozen steps, little enough that one slow step moves the cut by a few games.
    const LEARN: f64 = 0.1;

    /// Equal parts for `threads` threads.
    pub fn new(threads: usize) -> Split {
        Split {
            speeds: vec![1.0; threads.max(1)],
            measured: false,
        }
    }

    /// The lengths of the parts of `n` games: as many parts as [`part_len`] makes, in
    /// proportion to the threads' speeds, none shorter than [`MIN_PART`] games or an equal
    /// share, whichever is less.
    pub fn lens(&self, n: usize) -> Vec<usize> {
        let parts = n.div_ceil(part_len(n, self.speeds.len())).max(1);
        let least = (n / parts).min(MIN_PART);
        let speeds = &self.speeds[..parts];
        let total: f64 = speeds.iter().sum();
        let mut lens = Vec::with_capacity(parts);
        let mut left = n;
        for (k, &v) in speeds.iter().enumerate() {
            let rest = parts - k - 1;
            let len = if rest == 0 {
                left
            } else {
                ((n as f64 * v / total).round() as usize).clamp(least, left - rest * least)
            };
            lens.push(len);
            left -= len;
        }
        lens
    }

    /// Learns from a step: thread `k` stepped `lens[k]` games in `took[k]`.
    pub fn learn(&mut self, lens: &[usize], took: &[Duration]) {
        // Only a step whose every thread was timed: the speeds are compared.
        let all = lens.len() == self.speeds.len()
            && took.len() == lens.len()
            && took.iter().all(|t| !t.is_zero());
        if !all {
            return;
        }
        for ((v, &len), t) in self.speeds.iter_mut().zip(lens).zip(took) {
            let speed = len as f64 / t.as_secs_f64();
            // The first measure replaces the equal start.
            *v = if self.measured {
                *v + Self::LEARN * (speed - *v)
            } else {
                speed
            };
        }
        self.measured = true;
    }
}

/// A part's cursor: the first of its games not yet taken, alone on its cache line so that a
/// thread taking games from its own part does not slow the others.
#[repr(align(128))]
struct Cursor(AtomicUsize);

/// Who steps which games of a step: part `k` (a contiguous range of the games) is taken by
/// thread `k` a few games at a time from its start, then by any thread that has finished its
/// own. Every game is handed out exactly once per step ([`Claims::reset`]).
pub struct Claims {
    /// Where each part starts; its end is the next part's start (the last ends at `n`).
    starts: Vec<usize>,
    n: usize,
    cursors: Vec<Cursor>,
}

impl Claims {
    /// The most games taken at once: small enough that a thread helping at the end of a step
    /// waits for at most a few microseconds, large enough that taking costs little.
    const MOST: usize = 32;

    /// No games yet.
    pub fn new() -> Claims {
        Claims {
            starts: Vec::new(),
            n: 0,
            cursors: Vec::new(),
        }
    }

    /// Parts of `lens[k]` games each, in order, none taken yet.
    pub fn reset(&mut self, lens: &[usize]) {
        self.starts.clear();
        let mut at = 0;
        for &len in lens {
            self.starts.push(at);
            at += len;
        }
        self.n = at;
        if self.cursors.len() != lens.len() {
            self.cursors = lens.iter().map(|_| Cursor(AtomicUsize::new(0))).collect();
        }
        for (cursor, &start) in self.cursors.iter().zip(&self.starts) {
            cursor.0.store(start, Ordering::Relaxed);
        }
    }

    /// The parts.
    pub fn parts(&self) -> usize {
        self.starts.len()
    }

    /// The next games thread `thread` steps: from its own part while any are left, then from
    /// the parts after it (in turn, the first after the last), `None` once every game is
    /// taken. `from` counts the parts it has emptied (0 at the start of a step). A thread
    /// takes a quarter of what is left of a part, at most [`Claims::MOST`] games, so the
    /// pieces shrink as a part runs out.
    pub fn next(&self, thread: usize, from: &mut usize) -> Option<Range<usize>> {
        let parts = self.starts.len();
        while *from < parts {
            let k = (thread + *from) % parts;
            let end = self.starts.get(k + 1).copied().unwrap_or(self.n);
            let cursor = &self.cursors[k].0;
            let mut at = cursor.load(Ordering::Relaxed);
            while at < end {
                let take = ((end - at) / 4).clamp(1, Self::MOST);
                match cursor.compare_exchange_weak(
                    at,
                    at + take,
                    Ordering::Relaxed,
                    Ordering::Relaxed,
                ) {
                    Ok(_) => return Some(at..at + take),
                    Err(now) => at = now,
                }
            }
            *from += 1;
        }
        None
    }
}

impl Default for Claims {
    fn default() -> Claims {
        Claims::new()
    }
}
