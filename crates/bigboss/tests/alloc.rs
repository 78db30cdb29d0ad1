//! Generating legal actions and applying them allocate nothing once the caller's buffers exist.

use boardroom_bigboss::{BigBoss, Config, Edition};
use boardroom_engine::Game;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn legal_actions_and_apply_do_not_allocate() {
    for edition in [Edition::Modern, Edition::Classic] {
        let mut legal = Vec::with_capacity(256);
        let mut events = Vec::with_capacity(256);
        let mut games = Vec::with_capacity(20);
        for seed in 0..20 {
            games.push(BigBoss::new(&Config::new(edition, 4), seed).unwrap());
        }
        let before = ALLOCATIONS.load(Ordering::Relaxed);
        let mut decisions = 0u64;
        for (i, g) in games.iter_mut().enumerate() {
            let mut pick = i;
            while let Some(seat) = g.to_act().first() {
                g.legal_actions(seat, &mut legal);
                pick = pick
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let a = legal[(pick >> 33) % legal.len()];
                events.clear();
                g.apply(seat, a, &mut events).unwrap();
                let _ = g.clone();
                decisions += 1;
            }
        }
        let after = ALLOCATIONS.load(Ordering::Relaxed);
        assert!(decisions > 1000);
        assert_eq!(after - before, 0, "{edition}: allocations on the hot path");
    }
}
