//! Generating legal actions, applying them and cloning the state allocate nothing once the
//! caller's buffers exist (events name lots with an inline id).

use boardroom_bigshot::board::BoardSpec;
use boardroom_bigshot::{BigShot, Config};
use boardroom_engine::Game;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    /// Allocations made by this thread (the test harness's own threads are not counted).
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn allocations() -> usize {
    ALLOCATIONS.with(|c| c.get())
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn legal_actions_apply_and_clone_do_not_allocate() {
    let probe = allocations();
    let v: Vec<u64> = Vec::with_capacity(std::hint::black_box(8));
    assert!(allocations() > probe, "the counter counts");
    drop(v);
    let mut custom = Config::new(4);
    custom.board = Some(BoardSpec::default_board());
    let mut hidden = Config::new(2);
    hidden.hidden_money = true;
    for config in [Config::new(4), Config::new(3), hidden, custom] {
        let mut legal = Vec::with_capacity(256);
        let mut events = Vec::with_capacity(256);
        let mut games = Vec::with_capacity(10);
        for seed in 0..10 {
            games.push(BigShot::new(&config, seed).unwrap());
        }
        let before = allocations();
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
        let after = allocations();
        assert!(decisions > 1000);
        assert_eq!(after - before, 0, "{config:?}: allocations on the hot path");
    }
}
