//! The game's timers at a live table: each started when the game first names it, kept while
//! its key stays, and played by the table (for the clock) once due.

use crate::protocol::TimerOut;
use boardroom_engine::{ActionView, Seat, Timer, CLOCK};
use std::collections::HashMap;
use std::time::Duration;
use tokio::time::Instant;

/// The time a timer of `seconds` runs at a table whose clock runs at `percent`.
pub fn scaled(seconds: u32, percent: u32) -> Duration {
    Duration::from_millis(seconds as u64 * 10 * percent as u64)
}

/// A timer of the game running at the table.
struct Running<A> {
    key: u64,
    seat: Seat,
    action: A,
    deadline: Instant,
    /// Due, but the game does not accept the timeout yet (it waits for the state to change).
    blocked: bool,
}

/// The timers running at a table, with their deadlines.
pub(super) struct Clock<A> {
    timers: Vec<Running<A>>,
    /// How long each timer (by its key) had run already when the table was loaded: it goes
    /// on from there instead of starting again (see `resume.rs`).
    resumed: HashMap<u64, Duration>,
}

impl<A: Clone> Clock<A> {
    /// No timer running yet; those of the keys of `ran` have run that long already when the
    /// game first names them.
    pub(super) fn resumed(ran: HashMap<u64, Duration>) -> Self {
        Clock {
            timers: Vec::new(),
            resumed: ran,
        }
    }

    /// Takes the game's timers now (`list`) at a clock running at `percent`: one whose key is
    /// unchanged keeps its deadline, a new one starts (less what it ran before the table was
    /// loaded, for one it had then).
    pub(super) fn update(&mut self, list: Vec<Timer<A>>, percent: u32) {
        let now = Instant::now();
        let old = std::mem::take(&mut self.timers);
        let resumed = std::mem::take(&mut self.resumed);
        let start = |t: &Timer<A>| {
            let whole = scaled(t.seconds, percent);
            let ran = resumed.get(&t.key).copied().unwrap_or_default();
            now + whole.saturating_sub(ran)
        };
        self.timers = list
            .into_iter()
            .map(|t| Running {
                deadline: old
                    .iter()
                    .find(|o| o.key == t.key)
                    .map_or_else(|| start(&t), |o| o.deadline),
                key: t.key,
                seat: t.seat,
                action: t.action,
                blocked: false,
            })
            .collect();
    }

    /// Stops every timer.
    pub(super) fn clear(&mut self) {
        self.timers.clear();
    }

    /// The running timers as every viewer is told them (`format`: an action's notation;
    /// `view`: the game's view of the timeout).
    pub(super) fn out(
        &self,
        format: impl Fn(A) -> String,
        view: impl Fn(&A) -> ActionView,
    ) -> Vec<TimerOut> {
        let now = Instant::now();
        self.timers
            .iter()
            .map(|t| {
                let seen = view(&t.action);
                TimerOut {
                    seat: (t.seat != CLOCK).then_some(t.seat),
                    action: format(t.action.clone()),
                    kind: seen.kind,
                    args: seen.args,
                    ms_left: t.deadline.saturating_duration_since(now).as_millis() as u64,
                }
            })
            .collect()
    }

    /// When the next timer the game may accept is due.
    pub(super) fn next_due(&self) -> Option<Instant> {
        self.timers
            .iter()
            .filter(|t| !t.blocked)
            .map(|t| t.deadline)
            .min()
    }

    /// A timer due at `now` and not blocked: its place and its timeout action.
    pub(super) fn due(&self, now: Instant) -> Option<(usize, A)> {
        self.timers
            .iter()
            .position(|t| !t.blocked && t.deadline <= now)
            .map(|i| (i, self.timers[i].action.clone()))
    }

    /// Timer `i`'s timeout is not accepted yet: it waits for the next change of state.
    pub(super) fn block(&mut self, i: usize) {
        self.timers[i].blocked = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn timer(key: u64, seconds: u32) -> Timer<u32> {
        Timer {
            key,
            seconds,
            seat: CLOCK,
            action: 0,
        }
    }

    #[test]
    fn a_timer_resumed_goes_on_from_what_it_had_run() {
        let mut clock = Clock::resumed(HashMap::from([(7, Duration::from_secs(20))]));
        clock.update(vec![timer(7, 60), timer(8, 60)], 100);
        let out = clock.out(|a| a.to_string(), |_| ActionView::default());
        // Key 7 had run 20 s of its 60: 40 s left (a generous bound below); key 8 is new.
        assert!(
            (30_000..=40_000).contains(&out[0].ms_left),
            "{}",
            out[0].ms_left
        );
        assert!(out[1].ms_left > 45_000, "{}", out[1].ms_left);
        // Only when the table was loaded: a key that comes back later starts whole.
        clock.update(Vec::new(), 100);
        clock.update(vec![timer(7, 60)], 100);
        let out = clock.out(|a| a.to_string(), |_| ActionView::default());
        assert!(out[0].ms_left > 40_000, "{}", out[0].ms_left);
    }
}
