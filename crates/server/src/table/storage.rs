//! Waiting out storage failures: a bot's or the clock's action the database refused is kept
//! and retried after a pause that doubles with every failure, and failures are logged at most
//! once per interval.

use super::handle::Timing;
use boardroom_engine::Seat;
use std::time::Duration;
use tokio::time::Instant;

/// What players are told while the database refuses writes.
pub const STORAGE_PAUSED: &str = "storage unavailable; play resumes when it is back";

/// What players are told once writes succeed again.
pub const STORAGE_BACK: &str = "storage is back; play resumes";

/// An action waiting for the database to accept writes again.
pub(super) struct Paused<A> {
    /// Who plays it.
    pub(super) seat: Seat,
    /// The action.
    pub(super) action: A,
    delay: Duration,
    retry_at: Instant,
}

/// A table's storage back-off: the action waiting, and when a failure was last logged.
pub(super) struct Backoff<A> {
    paused: Option<Paused<A>>,
    /// When a storage failure was last logged, and failures since.
    logged: Option<Instant>,
    unlogged: u64,
}

impl<A> Backoff<A> {
    /// Nothing waits.
    pub(super) fn new() -> Self {
        Backoff {
            paused: None,
            logged: None,
            unlogged: 0,
        }
    }

    /// Whether play waits for storage.
    pub(super) fn is_paused(&self) -> bool {
        self.paused.is_some()
    }

    /// When the waiting action is tried again.
    pub(super) fn retry_at(&self) -> Option<Instant> {
        self.paused.as_ref().map(|p| p.retry_at)
    }

    /// Logs a failure of table `table` to store an action, at most once per
    /// [`Timing::storage_log_every`].
    pub(super) fn log_failure(&mut self, table: &str, timing: &Timing, e: &anyhow::Error) {
        self.unlogged += 1;
        if self
            .logged
            .is_some_and(|t| t.elapsed() < timing.storage_log_every)
        {
            return;
        }
        tracing::error!(
            table = %table,
            failures = self.unlogged,
            "cannot store an action: {e:#}"
        );
        self.logged = Some(Instant::now());
        self.unlogged = 0;
    }

    /// Keeps `action` of `seat` to try again after a pause (twice the last one, when play
    /// already waits); `true` when play did not wait before.
    pub(super) fn pause(&mut self, seat: Seat, action: A, timing: &Timing) -> bool {
        let first = self.paused.is_none();
        let delay = match &self.paused {
            None => timing.storage_retry,
            Some(p) => (p.delay * 2).min(timing.storage_retry_max),
        };
        self.paused = Some(Paused {
            seat,
            action,
            delay,
            retry_at: Instant::now() + delay,
        });
        first
    }

    /// Takes the waiting action out, to try it again.
    pub(super) fn take(&mut self) -> Option<Paused<A>> {
        self.paused.take()
    }

    /// The action taken out was refused again: it waits twice as long as before.
    pub(super) fn pause_again(&mut self, p: Paused<A>, timing: &Timing) {
        let delay = (p.delay * 2).min(timing.storage_retry_max);
        self.paused = Some(Paused {
            delay,
            retry_at: Instant::now() + delay,
            ..p
        });
    }

    /// Writes work again: the next failure is logged at once.
    pub(super) fn resumed(&mut self) {
        self.logged = None;
    }
}
