//! Work spread over threads: a batch's games are cut into contiguous parts, one per thread,
//! each part run on its own scoped thread (the last on the calling thread). Every game's work
//! depends on that game alone, so the results do not depend on the number of threads.

use std::num::NonZeroUsize;

/// The default number of threads: the cores the process may use.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, NonZeroUsize::get)
}

/// How many games each part holds when `n` games are spread over `threads` threads (at least
/// [`MIN_PART`] games a part, so that tiny batches stay on one thread, where starting a thread
/// would cost more than it saves).
pub fn part_len(n: usize, threads: usize) -> usize {
    n.div_ceil(threads.max(1)).max(MIN_PART)
}

/// The fewest games worth a thread of their own.
pub const MIN_PART: usize = 32;

/// Runs `f` on every part, each on its own thread but the last (on this one), and returns
/// their results in order.
pub fn run_parts<T: Send, R: Send>(mut parts: Vec<T>, f: impl Fn(T) -> R + Sync) -> Vec<R> {
    let Some(last) = parts.pop() else {
        return Vec::new();
    };
    if parts.is_empty() {
        return vec![f(last)];
    }
    let f = &f;
    std::thread::scope(|s| {
        let handles: Vec<_> = parts.into_iter().map(|p| s.spawn(move || f(p))).collect();
        let mine = f(last);
        let mut out: Vec<R> = handles
            .into_iter()
            // A part's work never panics on any input (a panic is a bug): pass it on.
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect();
        out.push(mine);
        out
    })
}
