//! Where a check is (check, game, config, seed, step, last action), so that a failure —
//! an assertion or a panic inside the game — says exactly how to reproduce it.

use std::any::Any;
use std::cell::RefCell;
use std::fmt::Debug;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// The place a check has reached.
#[derive(Clone, Default)]
struct Here {
    check: &'static str,
    game: &'static str,
    config: String,
    seed: u64,
    step: Option<usize>,
    last: Option<String>,
}

thread_local! {
    static HERE: RefCell<Here> = RefCell::new(Here::default());
}

/// Records the step reached and the last action played (`seat N: notation`).
pub(crate) fn at_step(step: usize, last: Option<String>) {
    HERE.with(|h| {
        let mut h = h.borrow_mut();
        h.step = Some(step);
        h.last = last;
    });
}

/// The text of a panic's payload.
pub(crate) fn panic_text(payload: &(dyn Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "(a panic without a message)".to_string()
    }
}

/// Runs `f` for one game of `config` and `seed`; on failure panics again with the check, game,
/// config, seed, step and last action in front of the original message.
pub(crate) fn guard<C: Debug, T>(
    check: &'static str,
    game: &'static str,
    config: &C,
    seed: u64,
    f: impl FnOnce() -> T,
) -> T {
    HERE.with(|h| {
        *h.borrow_mut() = Here {
            check,
            game,
            config: format!("{config:?}"),
            seed,
            step: None,
            last: None,
        }
    });
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(t) => t,
        Err(payload) => {
            let here = HERE.with(|h| h.borrow().clone());
            let step = here
                .step
                .map_or("before the first action".to_string(), |s| {
                    format!("step {s}")
                });
            let last = here.last.map_or(String::new(), |a| format!(", after {a}"));
            panic!(
                "conformance check `{}` failed for {} with config {} and seed {}, at {}{}:\n{}",
                here.check,
                here.game,
                here.config,
                here.seed,
                step,
                last,
                panic_text(payload.as_ref())
            );
        }
    }
}
