//! Threads kept waiting for the parts of a batch's steps ([`Pool`]): one fewer than the threads
//! a step is spread over, the calling thread running the last part.
//!
//! A step of 1,024 games lasts 100–400 µs, so handing out the parts and learning that they
//! are finished must take a microsecond or so at most. Each worker has a [`Slot`] of its
//! own: the caller writes the work there and moves the slot's start count on; the worker,
//! looking at that count, runs the work and moves the slot's finish count on, which the caller
//! looks at: no channel and no boxed job, one cache line each way. A thread that has looked
//! for [`SPIN`] without seeing the count move sleeps, and the other side wakes it.

use std::any::Any;
use std::cell::UnsafeCell;
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::{JoinHandle, Thread};
use std::time::{Duration, Instant};

/// How long a thread waiting for the other side of a step looks for it before it sleeps.
///
/// A step of 1,024 games takes a few hundred microseconds, and on a virtual machine a sleeping
/// thread can take tens of microseconds to wake: a waiting worker that slept would start the
/// next step late, and a calling thread that slept would return late. Looking for a while
/// first costs at most this much CPU time per step when the caller does something else
/// between steps.
const SPIN: Duration = Duration::from_micros(200);

/// The longest a sleeping thread sleeps before looking again. Every change is followed by a
/// wake-up, so this only bounds the cost of one that came too early to be seen.
const NAP: Duration = Duration::from_millis(5);

/// Waits until `ready()`: looks for [`SPIN`], then sleeps (with `asleep` set while it may be
/// asleep, so that the other side knows to wake it).
fn wait(ready: impl Fn() -> bool, asleep: &AtomicBool) {
    let start = Instant::now();
    loop {
        for _ in 0..64 {
            if ready() {
                return;
            }
            std::hint::spin_loop();
        }
        if start.elapsed() >= SPIN {
            break;
        }
    }
    loop {
        // Both sides use sequentially consistent operations on the flag and the count: either
        // the waker sees the flag set, or this thread sees the count moved.
        asleep.store(true, Ordering::SeqCst);
        if ready() {
            asleep.store(false, Ordering::SeqCst);
            return;
        }
        std::thread::park_timeout(NAP);
        asleep.store(false, Ordering::SeqCst);
        if ready() {
            return;
        }
    }
}

/// A part's work: a function of the part's index, its lifetime erased (see [`Pool::run`]).
#[derive(Clone, Copy)]
struct Task(*const (dyn Fn(usize) + Sync));

// SAFETY: the function is `Sync`, and it is only called while the call that lent it waits.
unsafe impl Send for Task {}

/// What the caller and one worker share: aligned so that two slots share no cache line.
#[repr(align(128))]
struct Slot {
    /// Moved on by the caller once `task`, `part` and `caller` are written: a step to run.
    start: AtomicU64,
    /// Moved on by the worker to `start`'s value once the step's part has run.
    finish: AtomicU64,
    /// The worker is, or is about to be, asleep waiting for `start`.
    worker_asleep: AtomicBool,
    /// The caller is, or is about to be, asleep waiting for `finish`.
    caller_asleep: AtomicBool,
    /// The worker is to end.
    close: AtomicBool,
    /// Written by the caller before `start` moves, read by the worker after.
    work: UnsafeCell<Option<(Task, usize, Thread)>>,
    /// The panic the part ended in, written by the worker before `finish` moves.
    panic: UnsafeCell<Option<Box<dyn Any + Send + 'static>>>,
}

// SAFETY: `work` is written only by the caller while the worker is not reading it (before
// `start` moves, and after `finish` has caught up) and `panic` only by the worker while the
// caller is not reading it (before `finish` moves); the counts' release and acquire order
// those accesses.
unsafe impl Sync for Slot {}

impl Slot {
    fn new() -> Slot {
        Slot {
            start: AtomicU64::new(0),
            finish: AtomicU64::new(0),
            worker_asleep: AtomicBool::new(false),
            caller_asleep: AtomicBool::new(false),
            close: AtomicBool::new(false),
            work: UnsafeCell::new(None),
            panic: UnsafeCell::new(None),
        }
    }
}

/// The worker's loop: runs each step's part as `start` moves, until `close`.
fn serve(slot: &Slot) {
    let mut seen = 0;
    loop {
        wait(
            || slot.start.load(Ordering::SeqCst) != seen || slot.close.load(Ordering::SeqCst),
            &slot.worker_asleep,
        );
        if slot.close.load(Ordering::SeqCst) {
            return;
        }
        seen = slot.start.load(Ordering::SeqCst);
        // SAFETY: the caller wrote the work before moving `start` (read above) and does not
        // touch it again before `finish` catches up.
        let (task, part, caller) = unsafe { (*slot.work.get()).clone() }.expect("work given");
        // SAFETY: the caller waits for `finish` before the function's borrow ends.
        let ran = catch_unwind(AssertUnwindSafe(|| unsafe { (*task.0)(part) }));
        if let Err(panic) = ran {
            // SAFETY: the caller reads the panic only after `finish` moves (below).
            unsafe { *slot.panic.get() = Some(panic) };
        }
        slot.finish.store(seen, Ordering::SeqCst);
        if slot.caller_asleep.load(Ordering::SeqCst) {
            caller.unpark();
        }
    }
}

struct Worker {
    slot: Arc<Slot>,
    handle: Option<JoinHandle<()>>,
    /// The count of the last step handed to this worker.
    given: u64,
}

/// A pool's workers, and the process that started them.
struct Workers {
    list: Vec<Worker>,
    /// A process forked from this one has the pool but none of its threads (a fork copies the
    /// calling thread only): there, the workers are started again.
    process: u32,
}

impl Workers {
    fn start(n: usize) -> Workers {
        let list = (0..n)
            .map(|_| {
                let slot = Arc::new(Slot::new());
                let theirs = Arc::clone(&slot);
                let handle = std::thread::Builder::new()
                    .name("boardroom-batch".into())
                    .spawn(move || serve(&theirs))
                    .ok();
                Worker {
                    slot,
                    handle,
                    given: 0,
                }
            })
            .collect();
        Workers {
            list,
            process: std::process::id(),
        }
    }
}

/// Threads waiting for parts of a batch's work: one fewer than the threads the work is spread
/// over (the calling thread runs the last part).
pub struct Pool {
    workers: Mutex<Workers>,
    threads: usize,
}

impl Pool {
    /// A pool for work spread over `threads` threads (at least 1: no worker).
    pub fn new(threads: usize) -> Pool {
        let threads = threads.max(1);
        Pool {
            threads,
            workers: Mutex::new(Workers::start(threads - 1)),
        }
    }

    /// The threads the work is spread over.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Runs `f` on every part, part `k` on worker `k` and the last on this thread (so at most
    /// [`Pool::threads`] parts), and returns their results in order. A panic in a part is
    /// passed on once every part has finished.
    pub fn run<T: Send, R: Send>(&self, parts: Vec<T>, f: impl Fn(T) -> R + Sync) -> Vec<R> {
        assert!(parts.len() <= self.threads, "more parts than threads");
        let n = parts.len();
        // Each part's input and output, each touched by the thread running the part only.
        let cells: Vec<Mutex<(Option<T>, Option<R>)>> = parts
            .into_iter()
            .map(|p| Mutex::new((Some(p), None)))
            .collect();
        let task = |k: usize| {
            let part = cells[k].lock().map(|mut c| c.0.take()).ok().flatten();
            if let Some(part) = part {
                let r = f(part);
                if let Ok(mut c) = cells[k].lock() {
                    c.1 = Some(r);
                }
            }
        };
        self.run_parts(n, &task);
        cells
            .into_iter()
            // A part without a result panicked, which `run_parts` passed on: not reached.
            .map(|c| {
                c.into_inner()
                    .ok()
                    .and_then(|c| c.1)
                    .expect("every part ran")
            })
            .collect()
    }

    /// Runs `task(k)` for `k` in `0..n`: the first `n - 1` on the workers (here, for a worker
    /// whose thread could not be started), the last here.
    fn run_parts(&self, n: usize, task: &(dyn Fn(usize) + Sync)) {
        if n == 0 {
            return;
        }
        // One caller at a time (a batch is stepped by one call at a time; this keeps two
        // Python threads sharing a batch from mixing their steps).
        let mut workers = self.workers.lock().unwrap_or_else(|e| e.into_inner());
        if workers.process != std::process::id() {
            // The threads of the process this one was forked from are not here: their handles
            // are left alone (nothing to join or detach).
            let n = workers.list.len();
            for old in std::mem::replace(&mut *workers, Workers::start(n)).list {
                std::mem::forget(old.handle);
            }
        }
        let workers = &mut workers.list;
        // SAFETY: the borrow is only used until every worker given it has finished (below,
        // before this function returns or unwinds).
        let erased = Task(unsafe {
            std::mem::transmute::<*const (dyn Fn(usize) + Sync + '_), *const (dyn Fn(usize) + Sync)>(
                task,
            )
        });
        let me = std::thread::current();
        let (mut given, mut here) = (Vec::with_capacity(n - 1), vec![n - 1]);
        for (k, worker) in workers.iter_mut().enumerate().take(n - 1) {
            if worker.handle.is_none() {
                // No thread was started for this worker: its part runs here.
                here.push(k);
                continue;
            }
            let slot = &worker.slot;
            // SAFETY: the worker has finished its previous part (`finish` caught up with
            // `given` at the end of the previous call), so it does not read `work` now.
            unsafe { *slot.work.get() = Some((erased, k, me.clone())) };
            worker.given += 1;
            slot.start.store(worker.given, Ordering::SeqCst);
            if slot.worker_asleep.load(Ordering::SeqCst) {
                if let Some(h) = &worker.handle {
                    h.thread().unpark();
                }
            }
            given.push(k);
        }
        let mine = catch_unwind(AssertUnwindSafe(|| here.iter().for_each(|&k| task(k))));
        let mut panic = None;
        for &k in &given {
            let worker = &workers[k];
            let slot = &worker.slot;
            wait(
                || slot.finish.load(Ordering::SeqCst) == worker.given,
                &slot.caller_asleep,
            );
            // SAFETY: the worker wrote the panic, if any, before moving `finish`.
            if let Some(p) = unsafe { (*slot.panic.get()).take() } {
                panic = panic.or(Some(p));
            }
        }
        match (mine, panic) {
            (Ok(()), None) => {}
            (Err(p), _) | (Ok(()), Some(p)) => resume_unwind(p),
        }
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        let workers = self.workers.get_mut().unwrap_or_else(|e| e.into_inner());
        if workers.process != std::process::id() {
            // Forked: these threads are the other process's, nothing to join or detach.
            for worker in workers.list.iter_mut() {
                std::mem::forget(worker.handle.take());
            }
            return;
        }
        for worker in workers.list.iter_mut() {
            worker.slot.close.store(true, Ordering::SeqCst);
            if let Some(handle) = worker.handle.take() {
                handle.thread().unpark();
                let _ = handle.join();
            }
        }
    }
}
