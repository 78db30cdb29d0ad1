//! Hints at a live table: a seat's best few moves with their estimated win chances, from the
//! same search as `boardroom hint` ([`boardroom_bots::rank_moves`]), which decides from the
//! asking seat's own knowledge only (its observation and `sample_hidden`).
//!
//! Who may ask: a person whose every opponent is a bot, or anyone at a table created with
//! hints allowed. The search runs on a blocking thread with a bounded budget
//! ([`HINT_ITERATIONS`] iterations, at most [`HINT_TIME`]), one at a time per table and per
//! client address, and at most [`HintGate`]'s share of the machine at once (a few more wait
//! their turn; beyond them, a hint is refused as "busy"), so hints never starve the tables of
//! CPU; its answer goes to the asking connection only.

use crate::bots::SeatKind;
use crate::outgoing::{Outbox, Outgoing};
use crate::protocol::{ErrorCode, HintMove, ServerMsg};
use boardroom_bots::{rank_moves, Budget, SearchConfig};
use boardroom_engine::Seat;
use boardroom_registry::Playable;
use std::collections::HashSet;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Search iterations of one hint.
pub const HINT_ITERATIONS: u32 = 3000;

/// The longest a hint searches.
pub const HINT_TIME: Duration = Duration::from_millis(1500);

/// How many moves a hint shows, best first.
pub const HINT_MOVES: usize = 3;

/// Hints waiting for a search slot, server-wide, before more are refused as busy.
pub const HINTS_WAITING: usize = 8;

/// Hints one client address may ask for: a search takes up to [`HINT_TIME`] of a core, so an
/// address gets a few at once and then one every ten seconds (a person asks far less often).
pub const HINTS_PER_ADDRESS: crate::rate::Rate = crate::rate::Rate {
    per_second: 0.1,
    burst: 3.0,
};

/// The server's budget for hints: searches running at once (one core fewer than the machine
/// has, at least one), hints waiting, and the addresses with a hint being worked out.
pub struct HintGate {
    slots: tokio::sync::Semaphore,
    /// Hints admitted (searching or waiting) at most.
    capacity: usize,
    /// Hints admitted now.
    waiting: AtomicUsize,
    addresses: Mutex<HashSet<IpAddr>>,
    /// Each address's hints over time.
    rate: crate::rate::Buckets,
}

impl std::fmt::Debug for HintGate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HintGate")
            .field("searches", &self.slots.available_permits())
            .field("capacity", &self.capacity)
            .field("waiting", &self.waiting.load(Ordering::Relaxed))
            .finish()
    }
}

impl Default for HintGate {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        HintGate::new(cores.saturating_sub(1).max(1))
    }
}

impl HintGate {
    /// Hints admitted now: being worked out or waiting for a search slot.
    pub fn queued(&self) -> usize {
        self.waiting.load(Ordering::Relaxed)
    }

    /// A gate letting `searches` hints search at once.
    pub fn new(searches: usize) -> Self {
        HintGate {
            slots: tokio::sync::Semaphore::new(searches.max(1)),
            capacity: searches.max(1) + HINTS_WAITING,
            waiting: AtomicUsize::new(0),
            addresses: Mutex::new(HashSet::new()),
            rate: crate::rate::Buckets::new(HINTS_PER_ADDRESS).named("hints"),
        }
    }

    /// Lets address `ip` start a hint, or says why not.
    fn admit(self: &Arc<Self>, ip: IpAddr) -> Result<Admitted, &'static str> {
        if self.waiting.fetch_add(1, Ordering::SeqCst) >= self.capacity {
            self.waiting.fetch_sub(1, Ordering::SeqCst);
            return Err("the server is busy working out other hints; try again in a moment");
        }
        let mut addresses = self.addresses.lock().unwrap_or_else(|e| e.into_inner());
        if addresses.contains(&ip) {
            self.waiting.fetch_sub(1, Ordering::SeqCst);
            return Err("a hint for your address is already being worked out; wait for it");
        }
        if !self.rate.take(ip) {
            self.waiting.fetch_sub(1, Ordering::SeqCst);
            return Err(
                "too many hints from your address: a few at once, then one every ten \
                        seconds; try again in a moment",
            );
        }
        addresses.insert(ip);
        Ok(Admitted {
            gate: self.clone(),
            ip,
        })
    }
}

/// A hint admitted by the [`HintGate`]: counted as waiting, its address marked, until dropped.
struct Admitted {
    gate: Arc<HintGate>,
    ip: IpAddr,
}

impl Drop for Admitted {
    fn drop(&mut self) {
        self.gate.waiting.fetch_sub(1, Ordering::SeqCst);
        self.gate
            .addresses
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&self.ip);
    }
}

/// Why seat `seat` may not ask for a hint at a table of seat `kinds` (`allowed`: the table's
/// creator allowed hints for everyone), or `None` when it may.
pub fn refusal(kinds: &[SeatKind], seat: Seat, allowed: bool) -> Option<String> {
    let other_people = kinds
        .iter()
        .enumerate()
        .filter(|&(s, k)| s != seat && k.is_human())
        .count();
    if allowed || other_people == 0 {
        None
    } else {
        Some(format!(
            "hints are off at this table: {other_people} other {} here, and the table was \
             created without allowing hints",
            if other_people == 1 {
                "person plays"
            } else {
                "people play"
            }
        ))
    }
}

/// Starts working out a hint for `seat` in `game` (at table version `version`), asked from
/// address `ip`, and sends the answer to `outbox`; refused (sent at once) while another hint
/// of the table (`busy`) or of the address is being worked out, or when `gate` has too many
/// waiting. The moves' labels are written in `lang`.
#[allow(clippy::too_many_arguments)]
pub fn start<G: Playable>(
    game: G,
    seat: Seat,
    version: usize,
    outbox: Outbox,
    busy: Arc<AtomicBool>,
    gate: &Arc<HintGate>,
    ip: IpAddr,
    lang: &'static str,
) {
    let refuse = |why: &str| {
        let _ = outbox.try_send(Outgoing::from(ServerMsg::error(
            ErrorCode::HintRefused,
            why,
        )));
    };
    if busy.swap(true, Ordering::SeqCst) {
        return refuse("a hint is already being worked out at this table; wait for it");
    }
    let admitted = match gate.admit(ip) {
        Ok(a) => a,
        Err(why) => {
            busy.store(false, Ordering::SeqCst);
            return refuse(why);
        }
    };
    let gate = gate.clone();
    tokio::spawn(async move {
        let _admitted = admitted;
        let _slot = gate.slots.acquire().await;
        let config = SearchConfig {
            budget: Budget {
                iterations: Some(HINT_ITERATIONS),
                time: Some(HINT_TIME),
            },
            ..SearchConfig::with_iterations(HINT_ITERATIONS)
        };
        let ranked = tokio::task::spawn_blocking(move || {
            rank_moves(&game, seat, config, rand::random(), lang).map_err(|e| e.to_string())
        })
        .await;
        busy.store(false, Ordering::SeqCst);
        let msg = match ranked {
            Ok(Ok(moves)) => ServerMsg::Hint {
                version,
                moves: moves
                    .into_iter()
                    .take(HINT_MOVES)
                    .map(|m| HintMove {
                        notation: m.notation,
                        label: m.label,
                        effect: m.effect,
                        win_chance: m.win_chance,
                        visits: m.visits,
                    })
                    .collect(),
            },
            Ok(Err(e)) => ServerMsg::error(ErrorCode::HintRefused, e),
            Err(e) => {
                tracing::error!("a hint failed: {e}");
                ServerMsg::error(ErrorCode::Internal, "the hint could not be worked out")
            }
        };
        let _ = outbox.try_send(Outgoing::from(msg));
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_gate_admits_one_hint_per_address_and_a_bounded_queue() {
        let gate = Arc::new(HintGate::new(1));
        let ip = |n: u8| IpAddr::from([127, 0, 0, n]);
        let first = gate
            .admit(ip(1))
            .expect("the first hint of an address is admitted");
        let again = gate
            .admit(ip(1))
            .err()
            .expect("a second one of it waits its turn");
        assert!(again.contains("your address"), "{again}");
        // Others queue up to the gate's capacity, then are refused as busy.
        let queued: Vec<Admitted> = (2..2 + HINTS_WAITING as u8)
            .map(|n| gate.admit(ip(n)).expect("queued"))
            .collect();
        let busy = gate.admit(ip(200)).err().expect("the queue is full");
        assert!(busy.contains("busy"), "{busy}");
        drop(first);
        assert!(
            gate.admit(ip(1)).is_ok(),
            "its address may ask again once it is done"
        );
        drop(queued);
        assert_eq!(gate.waiting.load(Ordering::SeqCst), 0);
    }

    #[test]
    fn hints_are_for_people_among_bots_unless_allowed() {
        let kinds = |k: &[&str]| {
            k.iter()
                .map(|s| s.parse().unwrap())
                .collect::<Vec<SeatKind>>()
        };
        assert_eq!(
            refusal(&kinds(&["human", "normal", "easy"]), 0, false),
            None
        );
        let two = kinds(&["human", "human", "easy"]);
        let why = refusal(&two, 0, false).unwrap();
        assert!(why.contains("1 other person plays"), "{why}");
        assert_eq!(refusal(&two, 1, true), None);
    }
}
