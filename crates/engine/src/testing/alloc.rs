//! Counting allocations, to prove the hot path (legal actions, apply, clone) allocates nothing.
//!
//! A test binary installs the counting allocator, then calls
//! [`Conformance::allocation_free`](super::Conformance::allocation_free):
//!
//! ```no_run
//! use boardroom_engine::testing::alloc::CountingAlloc;
//!
//! #[global_allocator]
//! static GLOBAL: CountingAlloc = CountingAlloc;
//! # fn main() {}
//! ```
//!
//! Counts are kept per thread, so the test harness's other threads do not disturb them.

use super::{walk::CHECK_SALT, Conformance};
use crate::game::Game;
use crate::rng;
use rand::Rng;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

thread_local! {
    /// Allocations made by this thread.
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

/// A global allocator that counts the allocations (and reallocations) of each thread and
/// delegates to the system allocator.
pub struct CountingAlloc;

// SAFETY: every call is forwarded unchanged to `System`; counting touches only a
// thread-local counter that needs no allocation.
unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        // SAFETY: the caller upholds `GlobalAlloc::alloc`'s contract, passed on as is.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by `System` with `layout` (through this allocator).
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        // SAFETY: as for `alloc`.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        // SAFETY: `ptr` and `layout` come from this allocator, i.e. from `System`.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

/// Allocations made so far by the current thread (0 forever unless [`CountingAlloc`] is the
/// global allocator).
pub fn allocations() -> usize {
    ALLOCATIONS.with(|c| c.get())
}

/// Whether [`CountingAlloc`] is the global allocator of this binary (an allocation is counted).
pub fn counting() -> bool {
    let before = allocations();
    let v: Vec<u64> = Vec::with_capacity(std::hint::black_box(8));
    drop(std::hint::black_box(v));
    allocations() > before
}

impl<G: Game> Conformance<G> {
    /// The hot path allocates nothing: for every config, random games of up to ten seeds
    /// (choices uniform) run `legal_actions`, `apply` and `clone` with buffers that have
    /// warmed up on a first game, and the thread's allocation count must not move. Needs
    /// [`CountingAlloc`] as the test binary's global allocator.
    pub fn allocation_free(&self) {
        assert!(
            counting(),
            "allocation_free needs `#[global_allocator] static GLOBAL: CountingAlloc = CountingAlloc;` in the test binary"
        );
        for config in &self.configs {
            let mut legal = Vec::with_capacity(1024);
            let mut events = Vec::with_capacity(1024);
            let seeds: Vec<u64> = self.seeds.iter().copied().take(10).collect();
            let mut games: Vec<G> = seeds
                .iter()
                .map(|&s| G::new(config, s).expect("the config is valid"))
                .collect();
            let mut choice = rng::from_seed(seeds[0] ^ CHECK_SALT);
            let mut play = |g: &mut G, legal: &mut Vec<G::Action>, events: &mut Vec<G::Event>| {
                let mut decisions = 0u64;
                while let Some(seat) = g.to_act().choose(&mut choice) {
                    g.legal_actions(seat, legal);
                    let a = legal[choice.gen_range(0..legal.len())].clone();
                    events.clear();
                    if g.apply(seat, a.clone(), events).is_err() {
                        panic!("{config:?}: a listed action was refused");
                    }
                    let copy = std::hint::black_box(g.clone());
                    drop(copy);
                    decisions += 1;
                }
                decisions
            };
            let mut warm = G::new(config, seeds[0] ^ 1).expect("the config is valid");
            play(&mut warm, &mut legal, &mut events);
            let before = allocations();
            let mut decisions = 0;
            for g in games.iter_mut() {
                decisions += play(g, &mut legal, &mut events);
            }
            let after = allocations();
            assert!(decisions > 0, "{config:?}: no decision was played");
            assert_eq!(
                after - before,
                0,
                "{} with config {config:?}: {} allocations in {decisions} decisions on the hot path",
                G::NAME,
                after - before
            );
        }
    }
}
