//! The seats' clocks of a table with a live or turn-based clock: what each seat has left,
//! which run (a seat's runs while the game waits for its person), and which ran out. Every
//! method takes the time it is called at, so the logic is tested without waiting. The same
//! logic runs on the table's monotonic clock ([`Instant`]) while it plays and on the stored
//! times of its actions ([`Millis`]) when it is rebuilt (`resume.rs`).

use crate::clocks::{ClockMode, TAKE_BACK_GRACE};
use crate::protocol::SeatClock;
use boardroom_engine::Seat;
use std::time::Duration;
use tokio::time::Instant;

/// A moment the seats' clocks are told the time in.
pub(super) trait Moment: Copy + Ord + std::fmt::Debug {
    /// The moment `d` later.
    fn plus(self, d: Duration) -> Self;
    /// The time from `earlier` to this moment (zero when `earlier` is later).
    fn since(self, earlier: Self) -> Duration;
}

impl Moment for Instant {
    fn plus(self, d: Duration) -> Self {
        self + d
    }
    fn since(self, earlier: Self) -> Duration {
        self.saturating_duration_since(earlier)
    }
}

/// A moment as stored: milliseconds since the Unix epoch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Millis(pub(super) i64);

impl Moment for Millis {
    fn plus(self, d: Duration) -> Self {
        Millis(
            self.0
                .saturating_add(i64::try_from(d.as_millis()).unwrap_or(i64::MAX)),
        )
    }
    fn since(self, earlier: Self) -> Duration {
        Duration::from_millis(u64::try_from(self.0.saturating_sub(earlier.0)).unwrap_or(0))
    }
}

/// One seat's clock.
#[derive(Clone, Debug)]
struct SeatTime<T> {
    /// Time left when it last started or stopped.
    left: Duration,
    /// Since when it runs, if it does.
    since: Option<T>,
}

/// Every seat's clock at a table.
#[derive(Debug)]
pub(super) struct TimeBank<T: Moment = Instant> {
    mode: ClockMode,
    seats: Vec<SeatTime<T>>,
}

impl TimeBank<Millis> {
    /// The clocks rebuilt from stored times, going on at `now` (the time on the table's
    /// clock) as they stand at `now_ms` (the same moment as stored times): a running clock
    /// has what it had at `now_ms` left, and runs from `now`.
    pub(super) fn resumed(self, now_ms: Millis, now: Instant) -> TimeBank<Instant> {
        TimeBank {
            mode: self.mode,
            seats: self
                .seats
                .into_iter()
                .map(|t| match t.since {
                    Some(since) => SeatTime {
                        left: t.left.saturating_sub(now_ms.since(since)),
                        since: Some(now),
                    },
                    None => SeatTime {
                        left: t.left,
                        since: None,
                    },
                })
                .collect(),
        }
    }
}

impl<T: Moment> TimeBank<T> {
    /// The clocks of `seats` seats under `mode`, none running.
    pub(super) fn new(mode: ClockMode, seats: usize) -> Self {
        let left = match mode {
            ClockMode::Live { bank, .. } => secs(bank),
            ClockMode::Turn { per_move } => secs(per_move),
            ClockMode::None => Duration::ZERO,
        };
        TimeBank {
            mode,
            seats: vec![SeatTime { left, since: None }; seats],
        }
    }

    /// Whether the table's seats are timed.
    pub(super) fn timed(&self) -> bool {
        self.mode != ClockMode::None
    }

    /// After a change of state at `now`: `acted` (the seat that just played, if any) gets its
    /// increment (live) or a fresh time for its next move (turn-based), and exactly the seats
    /// of `waiting` (the seats whose person the game waits for) run. A turn-based seat starts
    /// each wait with the whole time per move.
    pub(super) fn update(&mut self, now: T, acted: Option<Seat>, waiting: &[Seat]) {
        if !self.timed() {
            return;
        }
        let mode = self.mode.clone();
        for (s, t) in self.seats.iter_mut().enumerate() {
            let ran = t.since.is_some();
            if let Some(since) = t.since.take() {
                t.left = t.left.saturating_sub(now.since(since));
            }
            let runs = waiting.contains(&s);
            match mode {
                ClockMode::Live { increment, .. } if acted == Some(s) && ran => {
                    t.left += secs(increment);
                }
                ClockMode::Turn { per_move } if (acted == Some(s) || !ran) && runs => {
                    t.left = secs(per_move);
                }
                _ => {}
            }
            if runs {
                t.since = Some(now);
            }
        }
    }

    /// A person takes their seat back at `now` from the stand-in: turn-based, a whole time per
    /// move; live, what is left of the bank, at least [`TAKE_BACK_GRACE`] (its clock starts
    /// with the next [`TimeBank::update`]).
    pub(super) fn taken_back(&mut self, seat: Seat) {
        let Some(t) = self.seats.get_mut(seat) else {
            return;
        };
        t.since = None;
        match self.mode {
            ClockMode::Turn { per_move } => t.left = secs(per_move),
            ClockMode::Live { .. } => t.left = t.left.max(TAKE_BACK_GRACE),
            ClockMode::None => {}
        }
    }

    /// When the next running clock runs out.
    pub(super) fn next_due(&self) -> Option<T> {
        self.seats
            .iter()
            .filter_map(|t| t.since.map(|s| s.plus(t.left)))
            .min()
    }

    /// The seats whose clock has run out at `now` (stopped, at zero).
    pub(super) fn expired(&mut self, now: T) -> Vec<Seat> {
        let mut out = Vec::new();
        for (s, t) in self.seats.iter_mut().enumerate() {
            if t.since.is_some_and(|since| since.plus(t.left) <= now) {
                t.since = None;
                t.left = Duration::ZERO;
                out.push(s);
            }
        }
        out
    }

    /// Every seat's clock as everyone is told it at `now` (none when the table has no clock).
    pub(super) fn out(&self, now: T) -> Vec<SeatClock> {
        if !self.timed() {
            return Vec::new();
        }
        self.seats
            .iter()
            .enumerate()
            .map(|(seat, t)| {
                let left = match t.since {
                    Some(since) => t.left.saturating_sub(now.since(since)),
                    None => t.left,
                };
                SeatClock {
                    seat,
                    ms_left: left.as_millis() as u64,
                    running: t.since.is_some(),
                }
            })
            .collect()
    }
}

fn secs(n: u32) -> Duration {
    Duration::from_secs(n as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn live() -> TimeBank<Instant> {
        TimeBank::new(
            ClockMode::Live {
                bank: 600,
                increment: 15,
                absent: 60,
            },
            2,
        )
    }

    fn left<T: Moment>(bank: &TimeBank<T>, now: T, seat: Seat) -> u64 {
        bank.out(now)[seat].ms_left
    }

    #[test]
    fn a_live_bank_runs_while_waited_for_and_gains_its_increment() {
        let t0 = Instant::now();
        let mut b = live();
        b.update(t0, None, &[0]);
        let t1 = t0 + Duration::from_secs(100);
        assert_eq!(left(&b, t1, 0), 500_000);
        assert_eq!(left(&b, t1, 1), 600_000);
        assert!(b.out(t1)[0].running && !b.out(t1)[1].running);
        // Seat 0 moves: 500 s + 15 s, and now seat 1 runs.
        b.update(t1, Some(0), &[1]);
        assert_eq!(left(&b, t1, 0), 515_000);
        assert!(!b.out(t1)[0].running && b.out(t1)[1].running);
        assert_eq!(b.next_due(), Some(t1 + Duration::from_secs(600)));
        // Seat 1 lets its time run out.
        let late = t1 + Duration::from_secs(601);
        assert_eq!(b.expired(t1 + Duration::from_secs(599)), Vec::<Seat>::new());
        assert_eq!(b.expired(late), vec![1]);
        assert_eq!(left(&b, late, 1), 0);
        assert_eq!(b.next_due(), None);
        // Taken back: at least the grace for the next move.
        b.taken_back(1);
        assert_eq!(left(&b, late, 1), TAKE_BACK_GRACE.as_millis() as u64);
    }

    #[test]
    fn an_increment_is_earned_only_by_a_seat_the_game_waited_for() {
        let t0 = Instant::now();
        let mut b = live();
        b.update(t0, None, &[0]);
        // Seat 1 acts without being waited for (an offer on an open floor): no increment.
        b.update(t0, Some(1), &[0]);
        assert_eq!(left(&b, t0, 1), 600_000);
    }

    #[test]
    fn a_turn_based_seat_has_its_whole_time_for_each_move() {
        let t0 = Instant::now();
        let mut b = TimeBank::<Instant>::new(ClockMode::Turn { per_move: 3600 }, 2);
        b.update(t0, None, &[0]);
        let t1 = t0 + Duration::from_secs(3000);
        assert_eq!(left(&b, t1, 0), 600_000);
        // A second action within the same wait: the time per move starts again.
        b.update(t1, Some(0), &[0]);
        assert_eq!(left(&b, t1, 0), 3_600_000);
        // Another change while seat 0 still waits (someone else acted): its time keeps going.
        let t2 = t1 + Duration::from_secs(600);
        b.update(t2, Some(1), &[0]);
        assert_eq!(left(&b, t2, 0), 3_000_000);
        // Seat 0 stops being waited for, then is waited for again: a fresh time.
        b.update(t2, Some(0), &[1]);
        b.update(t2, Some(1), &[0]);
        assert_eq!(left(&b, t2, 0), 3_600_000);
        assert_eq!(b.expired(t2 + Duration::from_secs(3600)), vec![0]);
    }

    #[test]
    fn stored_times_run_the_same_clocks_and_go_on_from_where_they_stood() {
        let mut b = TimeBank::<Millis>::new(ClockMode::Turn { per_move: 60 }, 2);
        b.update(Millis(1_000), None, &[1]);
        assert_eq!(b.next_due(), Some(Millis(61_000)));
        assert_eq!(left(&b, Millis(21_000), 1), 40_000);
        // Resumed 20 s after it started: 40 s left, running from the table's now.
        let now = Instant::now();
        let r = b.resumed(Millis(21_000), now);
        assert_eq!(left(&r, now, 1), 40_000);
        assert_eq!(left(&r, now, 0), 60_000);
        assert!(r.out(now)[1].running && !r.out(now)[0].running);
        assert_eq!(r.next_due(), Some(now + Duration::from_secs(40)));
        // Resumed after its time ran out: nothing left, due at once.
        let b = {
            let mut b = TimeBank::<Millis>::new(ClockMode::Turn { per_move: 60 }, 2);
            b.update(Millis(0), None, &[0]);
            b
        };
        let mut r = b.resumed(Millis(90_000), now);
        assert_eq!(r.expired(now), vec![0]);
    }

    #[test]
    fn no_clock_shows_nothing_and_never_runs_out() {
        let t0 = Instant::now();
        let mut b = TimeBank::<Instant>::new(ClockMode::None, 3);
        b.update(t0, None, &[0, 2]);
        assert!(b.out(t0).is_empty());
        assert_eq!(b.next_due(), None);
        assert!(b.expired(t0 + Duration::from_secs(3600)).is_empty());
        assert!(!b.timed());
    }
}
