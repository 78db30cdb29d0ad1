//! Work spread over threads: a batch's games are cut into contiguous parts, one per thread,
//! the first parts run by the batch's [`Pool`] of waiting threads and the last on the calling
//! thread. Every game's work depends on that game alone, so the results do not depend on the
//! number of threads.
//!
//! The threads are started once per batch and kept: starting a thread for every step cost
//! about a third of a step of 1,024 games without observations. Part `k` always goes to the
//! same thread, so a game's memory stays in that core's cache from step to step; where the
//! parts meet follows the threads' measured speeds ([`Split`]), so only the games near a cut
//! change threads, and only when one thread runs faster than the other.

use std::any::Any;
use std::num::NonZeroUsize;
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::mpsc::{channel, Receiver, Sender, TryRecvError};
use std::sync::Mutex;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

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

    /// Learns from a step: part `k` held `lens[k]` games and took `took[k]`.
    pub fn learn(&mut self, lens: &[usize], took: &[Duration]) {
        // Only a step whose every thread's part was timed: the speeds are compared.
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

/// How long a thread waiting for the other side of a step looks for it before it sleeps.
///
/// A step of 1,024 games takes a few hundred microseconds, and on a virtual machine a sleeping
/// thread can take tens of microseconds to wake: a waiting worker that slept would start the
/// next step late, and a calling thread that slept would return late. Looking for a while
/// first costs at most this much CPU time per step when the caller does something else
/// between steps.
const SPIN: Duration = Duration::from_micros(200);

/// The next message of `rx`, looked for during [`SPIN`] before sleeping on it (`None`: the
/// sender has gone).
fn receive<T>(rx: &Receiver<T>) -> Option<T> {
    let start = Instant::now();
    loop {
        for _ in 0..64 {
            match rx.try_recv() {
                Ok(v) => return Some(v),
                Err(TryRecvError::Disconnected) => return None,
                Err(TryRecvError::Empty) => std::hint::spin_loop(),
            }
        }
        if start.elapsed() >= SPIN {
            return rx.recv().ok();
        }
    }
}

/// A job for a worker: a part's work, its lifetime erased (see [`Pool::run`]).
type Job = Box<dyn FnOnce() + Send + 'static>;

/// A job's end: `Err` holds the panic it ended in.
type Finished = Result<(), Box<dyn Any + Send + 'static>>;

struct Worker {
    jobs: Sender<Job>,
    finished: Mutex<Receiver<Finished>>,
    handle: Option<JoinHandle<()>>,
}

/// Threads waiting for parts of a batch's work: one fewer than the threads the work is spread
/// over (the calling thread runs the last part).
pub struct Pool {
    workers: Vec<Worker>,
}

impl Pool {
    /// A pool for work spread over `threads` threads (at least 1: no worker).
    pub fn new(threads: usize) -> Pool {
        let workers = (1..threads.max(1))
            .map(|_| {
                let (jobs, incoming) = channel::<Job>();
                let (done, finished) = channel::<Finished>();
                let handle = std::thread::Builder::new()
                    .name("boardroom-batch".into())
                    .spawn(move || {
                        while let Some(job) = receive(&incoming) {
                            if done.send(catch_unwind(AssertUnwindSafe(job))).is_err() {
                                break;
                            }
                        }
                    })
                    .ok();
                Worker {
                    jobs,
                    finished: Mutex::new(finished),
                    handle,
                }
            })
            .collect();
        Pool { workers }
    }

    /// The threads the work is spread over.
    pub fn threads(&self) -> usize {
        self.workers.len() + 1
    }

    /// Runs `f` on every part, part `k` on worker `k` and the last on this thread (so at most
    /// [`Pool::threads`] parts), and returns their results in order. A panic in a part is
    /// passed on once every part has finished.
    pub fn run<T: Send, R: Send>(&self, mut parts: Vec<T>, f: impl Fn(T) -> R + Sync) -> Vec<R> {
        assert!(parts.len() <= self.threads(), "more parts than threads");
        let Some(last) = parts.pop() else {
            return Vec::new();
        };
        let mut results: Vec<Option<R>> = parts.iter().map(|_| None).collect();
        let f = &f;
        let mut sent = Vec::with_capacity(parts.len());
        for ((part, slot), worker) in parts.into_iter().zip(&mut results).zip(&self.workers) {
            let job: Box<dyn FnOnce() + Send + '_> = Box::new(move || *slot = Some(f(part)));
            // SAFETY: the job borrows `f`, `slot` and what `part` borrows, all of which outlive
            // this call; the call does not return or unwind before the worker has reported the
            // job finished (below), and a job the worker never received is run or dropped here.
            let job: Job =
                unsafe { std::mem::transmute::<Box<dyn FnOnce() + Send + '_>, Job>(job) };
            match worker.jobs.send(job) {
                Ok(()) => sent.push(worker),
                Err(unsent) => (unsent.0)(),
            }
        }
        let mine = catch_unwind(AssertUnwindSafe(|| f(last)));
        let mut panic = None;
        for worker in sent {
            let finished = worker
                .finished
                .lock()
                .map_err(|_| ())
                .and_then(|rx| receive(&rx).ok_or(()));
            match finished {
                Ok(Ok(())) => {}
                Ok(Err(p)) => panic = panic.or(Some(p)),
                // The worker is gone, so the job no longer runs: nothing borrows the data.
                Err(()) => {}
            }
        }
        let mine = match (mine, panic) {
            (Ok(r), None) => r,
            (Err(p), _) | (Ok(_), Some(p)) => resume_unwind(p),
        };
        let mut out: Vec<R> = results
            .into_iter()
            // A part with no result ended without running (its worker had gone): a bug.
            .map(|r| r.expect("every part ran"))
            .collect();
        out.push(mine);
        out
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        for worker in &mut self.workers {
            // Closing the channel ends the worker's loop.
            let (closed, _) = channel();
            drop(std::mem::replace(&mut worker.jobs, closed));
            if let Some(handle) = worker.handle.take() {
                let _ = handle.join();
            }
        }
    }
}
