//! The clocks of a stored table, rebuilt when it is loaded (after a restart, or by an
//! instance taking it over): the record is replayed once more, and the seats' clocks are run
//! through it with the time each action was stored at (`actions.at`), by the same rules as
//! while the table plays ([`TimeBank`]). So a restart neither gives nor takes time: a live
//! bank keeps what it had with its increments, a turn-based move keeps its deadline, and the
//! clock that was running goes on from when it started. The time the server was down counts
//! like any other (the record cannot tell it from thinking time): a seat whose time ran out
//! meanwhile is timed out as soon as the table is loaded, exactly as if the server had stayed
//! up (its stand-in plays, that move recorded as the clock's; its person takes the seat back
//! with the usual grace).
//!
//! The game's own timers (an open offer's, an auction's, any window the rules keep open) are
//! rebuilt the same way: each runs from the action after which the game first named its key,
//! so it keeps its deadline across a restart too.
//!
//! The times are not part of the game: the replay of the game itself never reads them.
//!
//! What the record does not hold is approximated, always within seconds:
//! - an action taken back is left out, as if it had never been played (the seat's clock is
//!   taken as running from before it until its next action);
//! - a seat played by a stand-in stops its clock at the stand-in's first move rather than
//!   when the stand-in took over (its bank is empty then anyway when its time ran out);
//! - a seat taken back from its stand-in is given back its grace at its next own move
//!   (the moment it was taken back is not stored).
//!
//! Actions stored before times were kept have none: the clocks then count from the first
//! action after the last one without a time, with whole banks; when the last action has no
//! time, they start afresh when the table is loaded, as they did before.

use super::timebank::{Millis, Moment, TimeBank};
use super::TableInit;
use crate::clocks::ClockMode;
use boardroom_engine::{By, Game, Present, RecordedAction, Seat, CLOCK};
use boardroom_registry::Playable;
use std::collections::HashMap;
use std::time::Duration;
use tokio::time::Instant;

/// A table's clocks as stored times left them: the seats' clocks, and since when each of the
/// game's running timers has run (by its key).
pub(super) struct Rebuilt {
    /// The seats' clocks.
    pub(super) bank: TimeBank<Millis>,
    /// When each timer of the game now started.
    pub(super) timers: HashMap<u64, Millis>,
}

/// The clocks a table starts with: the seats' clocks, and how long each of the game's running
/// timers has run already (by its key). Rebuilt from its stored times when it was loaded
/// (`init.times`); whole, and starting now, for a new table.
pub(super) fn clocks<G: Playable>(init: &TableInit<G>) -> (TimeBank, HashMap<u64, Duration>) {
    let fresh = || {
        (
            TimeBank::new(init.clock.mode.clone(), init.kinds.len()),
            HashMap::new(),
        )
    };
    let Some(times) = &init.times else {
        return fresh();
    };
    // Replayed only when something runs: seat clocks, or timers of the game now.
    let mut running = Vec::new();
    init.game.timers(&mut running);
    let timed = !init.clock.is_none() || (init.timer_percent > 0 && !running.is_empty());
    if !timed || init.archive.is_some() || init.game.is_over() {
        return fresh();
    }
    let humans: Vec<bool> = init.kinds.iter().map(|k| k.is_human()).collect();
    let rebuilt = rebuild::<G>(
        Stored {
            config: &init.game.config(),
            seed: init.seed,
            rules: init.rules,
        },
        &init.record,
        times,
        &humans,
        &init.clock.mode,
        Millis(init.created.saturating_mul(1000)),
    );
    match rebuilt {
        Ok(Some(r)) => {
            let now_ms = Millis(crate::time::now_ms());
            let timers = r
                .timers
                .into_iter()
                .map(|(key, since)| (key, now_ms.since(since)))
                .collect();
            (r.bank.resumed(now_ms, Instant::now()), timers)
        }
        Ok(None) => {
            tracing::info!(table = %init.id, "the last action has no time: the clocks start afresh");
            fresh()
        }
        Err(e) => {
            tracing::warn!(table = %init.id, "the clocks cannot be rebuilt ({e:#}); they start afresh");
            fresh()
        }
    }
}

/// A stored table's game: its configuration, seed and the rules revision it is played under.
pub(super) struct Stored<'a, C> {
    /// The configuration.
    pub config: &'a C,
    /// The seed.
    pub seed: u64,
    /// The rules revision.
    pub rules: u32,
}

/// The clocks after `record` (played as `stored` says, each action at its time in `times`, the
/// table created at `created`), as stored times tell them; `None` when the last action has no
/// time. `humans` says which seats are people's (only theirs are timed).
pub(super) fn rebuild<G: Game + Present>(
    stored: Stored<'_, G::Config>,
    record: &[RecordedAction],
    times: &[Option<i64>],
    humans: &[bool],
    mode: &ClockMode,
    created: Millis,
) -> anyhow::Result<Option<Rebuilt>> {
    let time = |i: usize| times.get(i).copied().flatten();
    let live: Vec<usize> = (0..record.len()).filter(|&i| !record[i].undone).collect();
    // The live actions from which every one has a time.
    let from = match live.iter().rposition(|&i| time(i).is_none()) {
        None => 0,
        Some(p) if p + 1 == live.len() => return Ok(None),
        Some(p) => p + 1,
    };
    let seats = humans.len();
    let human = |s: Seat| s != CLOCK && humans.get(s).copied().unwrap_or(false);
    // The people the game waits for in a state, whether or not a stand-in plays them.
    let must = |g: &G| -> Vec<Seat> {
        if g.is_over() {
            return Vec::new();
        }
        g.must_act().iter().filter(|&s| human(s)).collect()
    };
    let waiting = |must: &[Seat], stand_ins: &[bool]| -> Vec<Seat> {
        must.iter().copied().filter(|&s| !stand_ins[s]).collect()
    };
    // The game's timers in a state, each kept with its start while its key lasts.
    let mut list = Vec::new();
    let mut keys = |g: &G, at: Millis, old: &HashMap<u64, Millis>| -> HashMap<u64, Millis> {
        g.timers(&mut list);
        list.iter()
            .map(|t| (t.key, old.get(&t.key).copied().unwrap_or(at)))
            .collect()
    };
    let mut bank = TimeBank::new(mode.clone(), seats);
    let mut stand_ins = vec![false; seats];
    let Stored {
        config,
        seed,
        rules,
    } = stored;
    let first = G::new_under(config, seed, rules)?;
    let mut before = must(&first);
    let mut timers = HashMap::new();
    let mut last = created;
    if from == 0 {
        bank.update(created, None, &waiting(&before, &stand_ins));
        timers = keys(&first, created, &timers);
    }
    let mut n = 0;
    super::replay_steps::<G>(config, seed, rules, record, |step, after| {
        if step.undone {
            return;
        }
        let timed = n >= from;
        let at = time(step.index).map_or(last, |t| Millis(t).max(last));
        if timed {
            last = at;
            if n == from && from > 0 {
                // Whole banks, and the timers running, from the first action with a time.
                bank.update(at, None, &waiting(&before, &stand_ins));
                timers = timers.keys().map(|&k| (k, at)).collect();
            }
        }
        n += 1;
        let seat = step.seat;
        if human(seat) {
            let by = record[step.index].by;
            if by != By::Player && !stand_ins[seat] {
                // A stand-in plays the seat from now on: its clock stops.
                stand_ins[seat] = true;
                if timed {
                    bank.update(at, None, &waiting(&before, &stand_ins));
                }
            } else if by == By::Player && stand_ins[seat] {
                stand_ins[seat] = false;
                if timed {
                    bank.taken_back(seat);
                }
            }
        }
        before = must(after);
        timers = keys(after, at, &timers);
        if timed {
            bank.update(at, Some(seat), &waiting(&before, &stand_ins));
        }
    })?;
    Ok(Some(Rebuilt { bank, timers }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardroom_bigboss::{BigBoss, Config, Edition};

    const LIVE: ClockMode = ClockMode::Live {
        bank: 600,
        increment: 10,
        absent: 60,
    };

    /// The first `n` actions of a two-player game (each seat's first legal action), by seat.
    fn game(n: usize) -> (Config, Vec<RecordedAction>) {
        let config = Config::new(Edition::Modern, 2);
        let mut g = BigBoss::new(&config, 3).unwrap();
        let mut legal = Vec::new();
        let mut record = Vec::new();
        while record.len() < n {
            let seat = g.must_act().first().expect("the game goes on");
            g.legal_actions(seat, &mut legal);
            let a = legal[0];
            record.push(RecordedAction::new(seat, g.format_action(a)));
            g.play(seat, a).unwrap();
        }
        (config, record)
    }

    /// A seat's time left at `at` and whether its clock runs.
    fn left(bank: &TimeBank<Millis>, at: i64, seat: Seat) -> (u64, bool) {
        let c = &bank.out(Millis(at))[seat];
        (c.ms_left, c.running)
    }

    /// Who the game waits for after `record`.
    fn to_move(config: &Config, record: &[RecordedAction]) -> Seat {
        let g: BigBoss =
            super::super::replay_steps(config, 3, BigBoss::RULES_REVISION, record, |_, _| {})
                .unwrap();
        g.must_act().first().unwrap()
    }

    /// The clocks of two people after `record` played at `times`, the table created at 0.
    fn run(
        config: &Config,
        record: &[RecordedAction],
        times: &[Option<i64>],
        mode: &ClockMode,
    ) -> Option<TimeBank<Millis>> {
        rebuild::<BigBoss>(
            Stored {
                config,
                seed: 3,
                rules: BigBoss::RULES_REVISION,
            },
            record,
            times,
            &[true, true],
            mode,
            Millis(0),
        )
        .unwrap()
        .map(|r| r.bank)
    }

    #[test]
    fn a_live_bank_is_what_the_times_of_the_moves_left_it() {
        let (config, record) = game(6);
        // Move i played at 10 s · (i + 1).
        let times: Vec<Option<i64>> = (0..6).map(|i| Some(10_000 * (i + 1))).collect();
        let bank = run(&config, &record, &times, &LIVE).unwrap();
        // The same bank run by hand through the same moments: exactly the same clocks.
        let mut expected = TimeBank::<Millis>::new(LIVE, 2);
        expected.update(Millis(0), None, &[to_move(&config, &[])]);
        for (i, a) in record.iter().enumerate() {
            let at = Millis(10_000 * (i as i64 + 1));
            expected.update(at, Some(a.seat), &[to_move(&config, &record[..=i])]);
        }
        let now = 65_000;
        assert_eq!(bank.out(Millis(now)), expected.out(Millis(now)));
        // Time was spent, increments earned: neither whole banks nor more.
        let total: u64 = [0, 1].iter().map(|&s| left(&bank, now, s).0).sum();
        assert!(total < 1_200_000 && total > 1_100_000, "{total}");
        let mover = to_move(&config, &record);
        assert!(left(&bank, now, mover).1 && !left(&bank, now, 1 - mover).1);
    }

    #[test]
    fn a_turn_based_deadline_counts_from_the_last_move() {
        let (config, record) = game(4);
        let times: Vec<Option<i64>> = (0..4).map(|i| Some(1_000 * (i + 1))).collect();
        let bank = run(
            &config,
            &record,
            &times,
            &ClockMode::Turn { per_move: 3600 },
        )
        .unwrap();
        let mover = to_move(&config, &record);
        // The last move at 4 s: the seat to move has until 3604 s.
        assert_eq!(bank.next_due(), Some(Millis(3_604_000)));
        assert_eq!(left(&bank, 604_000, mover), (3_000_000, true));
    }

    #[test]
    fn actions_without_a_time_leave_the_clocks_afresh() {
        let (config, record) = game(4);
        // The last action without a time: nothing to rebuild from.
        assert!(run(&config, &record, &[Some(1), None, Some(2), None], &LIVE).is_none());
        assert!(run(&config, &record, &[None; 4], &LIVE).is_none());
        // Times from action 2 on: whole banks then, counted from action 2.
        let times = [None, None, Some(50_000), Some(60_000)];
        let bank = run(&config, &record, &times, &LIVE).unwrap();
        for seat in 0..2 {
            // At most one wait of 10 s and one increment since action 2.
            let (l, _) = left(&bank, 60_000, seat);
            assert!((590_000..=610_000).contains(&l), "{l}");
        }
        // An action taken back without a time does not count.
        let mut undone = record.clone();
        undone[3].undone = true;
        assert!(run(&config, &undone, &[Some(1), Some(2), Some(3), None], &LIVE).is_some());
    }

    #[test]
    fn a_stand_ins_moves_stop_the_seats_clock_and_earn_nothing() {
        let (config, mut record) = game(6);
        let seat = record[2].seat;
        record[2].by = By::Clock;
        for a in record[3..].iter_mut().filter(|a| a.seat == seat) {
            a.by = By::StandIn;
        }
        // Moves far apart: the seat's bank ran out before the clock's move.
        let times: Vec<Option<i64>> = (0..6).map(|i| Some(700_000 * (i + 1))).collect();
        let bank = run(&config, &record, &times, &LIVE).unwrap();
        // Its stand-in plays on: the seat's clock never runs again.
        assert_eq!(left(&bank, 10_000_000, seat), (0, false));
        // Taken back by its person's own move later: the grace.
        let mine = (3..6).find(|&i| record[i].seat == seat).unwrap();
        let mut back = record[..=mine].to_vec();
        back[mine].by = By::Player;
        let bank = run(&config, &back, &times[..=mine], &LIVE).unwrap();
        let grace = crate::clocks::TAKE_BACK_GRACE.as_millis() as u64;
        assert_eq!(left(&bank, times[mine].unwrap(), seat).0, grace);
    }

    #[test]
    fn the_games_timers_run_from_when_their_key_first_appeared() {
        use boardroom_theboss::TheBoss;
        let config = boardroom_theboss::Config::new(4);
        let mut g = TheBoss::new(&config, 5).unwrap();
        let (mut legal, mut record, mut list) = (Vec::new(), Vec::new(), Vec::new());
        // Since which action each running timer's key has been named (kept while it lasts).
        let mut seen: HashMap<u64, usize> = HashMap::new();
        let mut with_timers = 0;
        // Plain moves (no deals) until timers have run through three actions.
        while with_timers < 3 {
            assert!(record.len() < 400, "no timer of the game ran");
            let seat = g.to_act().first().expect("the game goes on");
            g.legal_actions(seat, &mut legal);
            let a = legal
                .iter()
                .find(|a| {
                    let t = g.format_action((*a).clone());
                    !["offer", "counter", "auction"]
                        .iter()
                        .any(|w| t.starts_with(w))
                })
                .unwrap_or(&legal[0])
                .clone();
            record.push(RecordedAction::new(seat, g.format_action(a.clone())));
            g.play(seat, a).unwrap();
            g.timers(&mut list);
            let now = record.len() - 1;
            seen = list
                .iter()
                .map(|t| (t.key, seen.get(&t.key).copied().unwrap_or(now)))
                .collect();
            with_timers += usize::from(!list.is_empty());
        }
        let times: Vec<Option<i64>> = (0..record.len()).map(|i| Some(1_000 * i as i64)).collect();
        let r = rebuild::<TheBoss>(
            Stored {
                config: &config,
                seed: 5,
                rules: TheBoss::RULES_REVISION,
            },
            &record,
            &times,
            &[true; 4],
            &ClockMode::None,
            Millis(0),
        )
        .unwrap()
        .unwrap();
        let expected: HashMap<u64, Millis> = seen
            .iter()
            .map(|(&k, &i)| (k, Millis(1_000 * i as i64)))
            .collect();
        assert!(!expected.is_empty());
        assert_eq!(r.timers, expected);
    }
}
