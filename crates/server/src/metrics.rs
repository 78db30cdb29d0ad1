//! The server's metrics, in Prometheus's text format, served at `/metrics` on an address of
//! the operator's choosing (`--metrics-addr`), never on the public one.
//!
//! The code records through the `metrics` crate's macros wherever something happens (an
//! action stored, a bot's move, a refusal); without a recorder those do nothing (a server
//! started without a metrics address installs none). With one, the process's single
//! Prometheus recorder ([`install`]) keeps them, and what is a state rather than an event
//! (tables live, hints waiting, leases held, notifications) is read from the lobby when the
//! page is scraped ([`render`]).

use crate::lobby::Lobby;
use crate::protocol::ErrorCode;
use metrics::{counter, gauge, histogram};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use std::sync::OnceLock;
use std::time::Duration;

/// Tables in memory and not over, by game (`game`).
pub const TABLES_LIVE: &str = "boardroom_tables_live";
/// Tables in memory whose game is over (kept until they are archived).
pub const TABLES_FINISHED: &str = "boardroom_tables_finished";
/// WebSocket connections open (people and spectators at tables).
pub const CONNECTIONS: &str = "boardroom_connections";
/// Actions played and stored, by game (`game`); its rate is the actions per second.
pub const ACTIONS: &str = "boardroom_actions_total";
/// Seconds from an action's acceptance to a stage (`stage`): `stored` (committed to the
/// database) and `sent` (handed to every connection's outbox).
pub const ACTION_SECONDS: &str = "boardroom_action_seconds";
/// Errors sent to connections, by kind (`kind`, the protocol's error code).
pub const REFUSALS: &str = "boardroom_refusals_total";
/// Seconds a bot thought over a move, by level (`level`).
pub const BOT_THINK_SECONDS: &str = "boardroom_bot_think_seconds";
/// Hints being worked out or waiting for a search slot.
pub const HINTS_QUEUED: &str = "boardroom_hints_queued";
/// Seconds a database operation took, by operation (`op`).
pub const STORAGE_SECONDS: &str = "boardroom_storage_seconds";
/// Database operations that failed, by operation (`op`).
pub const STORAGE_FAILURES: &str = "boardroom_storage_failures_total";
/// Retries of an action a table could not store (storage unavailable).
pub const STORAGE_RETRIES: &str = "boardroom_storage_retries_total";
/// Table leases this instance holds (tables in its memory, on a shared PostgreSQL).
pub const LEASES_HELD: &str = "boardroom_leases_held";
/// Tables this instance took over from an instance that died or stopped.
pub const LEASES_TAKEN_OVER: &str = "boardroom_leases_taken_over_total";
/// Tables this instance stopped because another took their lease.
pub const LEASES_LOST: &str = "boardroom_leases_lost_total";
/// "Your turn" messages, by result (`result`: `sent`, `failed`, `retried`).
pub const NOTIFICATIONS: &str = "boardroom_notifications_total";
/// Requests refused by a rate limit, by limit (`limit`).
pub const RATE_LIMITED: &str = "boardroom_rate_limited_total";

/// Bucket bounds in seconds of every `_seconds` histogram: from a fraction of a millisecond
/// (an action stored in a batch) to the longest a bot or a hint may think.
const BUCKETS: &[f64] = &[
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

/// How often the recorder folds histogram samples into buckets between scrapes.
const UPKEEP_EVERY: Duration = Duration::from_secs(5);

static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();

/// The process's Prometheus recorder, installed on first call (every server of the process
/// records into it: one per process in production). Fails only when another recorder was
/// installed first.
pub fn install() -> anyhow::Result<PrometheusHandle> {
    if let Some(handle) = HANDLE.get() {
        return Ok(handle.clone());
    }
    let recorder = PrometheusBuilder::new()
        .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), BUCKETS)?
        .build_recorder();
    let handle = recorder.handle();
    if HANDLE.set(handle.clone()).is_ok() {
        metrics::set_global_recorder(recorder)
            .map_err(|e| anyhow::anyhow!("cannot record metrics: {e}"))?;
        describe();
        zeros();
        let upkeep = handle.clone();
        std::thread::Builder::new()
            .name("metrics-upkeep".into())
            .spawn(move || loop {
                std::thread::sleep(UPKEEP_EVERY);
                upkeep.run_upkeep();
            })?;
    }
    Ok(HANDLE.get().expect("the recorder's handle is set").clone())
}

/// The limits a refusal is counted under ([`crate::rate::Buckets::named`], and the cap on
/// connections open per address).
pub const LIMITS: &[&str] = &[
    "create",
    "connect",
    "costly",
    "moves",
    "hints",
    "open_per_address",
];

/// The database operations timed ([`storage`]).
const STORAGE_OPS: &[&str] = &[
    "append_action",
    "mark_undone",
    "insert_table",
    "store_chat",
    "take_lease",
    "renew_leases",
    "ping",
];

/// Every error code a connection may be sent.
const ERROR_CODES: [ErrorCode; 17] = [
    ErrorCode::Malformed,
    ErrorCode::UnknownMessage,
    ErrorCode::TooLarge,
    ErrorCode::RateLimited,
    ErrorCode::BadToken,
    ErrorCode::Spectator,
    ErrorCode::NotYourTurn,
    ErrorCode::Notation,
    ErrorCode::Illegal,
    ErrorCode::Stale,
    ErrorCode::GameOver,
    ErrorCode::HintRefused,
    ErrorCode::StandIn,
    ErrorCode::NoSuchTable,
    ErrorCode::Archived,
    ErrorCode::BadAddress,
    ErrorCode::Internal,
];

/// Every counter at zero from the start, so a dashboard's rates are defined before the first
/// event (a series that appears later starts its rate late).
fn zeros() {
    gauge!(CONNECTIONS).increment(0.0);
    for game in boardroom_registry::IDS {
        counter!(ACTIONS, "game" => *game).increment(0);
    }
    counter!(STORAGE_RETRIES).increment(0);
    counter!(LEASES_TAKEN_OVER).increment(0);
    counter!(LEASES_LOST).increment(0);
    for limit in LIMITS {
        counter!(RATE_LIMITED, "limit" => *limit).increment(0);
    }
    for op in STORAGE_OPS {
        counter!(STORAGE_FAILURES, "op" => *op).increment(0);
    }
    for code in ERROR_CODES {
        counter!(REFUSALS, "kind" => error_kind(code)).increment(0);
    }
}

/// The help text of every metric.
fn describe() {
    use metrics::{describe_counter, describe_gauge, describe_histogram, Unit};
    describe_gauge!(TABLES_LIVE, "Tables in memory and not over, by game.");
    describe_gauge!(TABLES_FINISHED, "Tables in memory whose game is over.");
    describe_gauge!(CONNECTIONS, "WebSocket connections open.");
    describe_counter!(ACTIONS, "Actions played and stored, by game.");
    describe_histogram!(
        ACTION_SECONDS,
        Unit::Seconds,
        "From an action's acceptance to its stage: stored (committed), sent (to every connection)."
    );
    describe_counter!(
        REFUSALS,
        "Errors sent to connections, by protocol error code."
    );
    describe_histogram!(
        BOT_THINK_SECONDS,
        Unit::Seconds,
        "A bot's thinking time per move, by level."
    );
    describe_gauge!(HINTS_QUEUED, "Hints searching or waiting for a slot.");
    describe_histogram!(
        STORAGE_SECONDS,
        Unit::Seconds,
        "Database operations' latency, by operation."
    );
    describe_counter!(STORAGE_FAILURES, "Database operations that failed.");
    describe_counter!(STORAGE_RETRIES, "Retries of actions waiting for storage.");
    describe_gauge!(LEASES_HELD, "Table leases held by this instance.");
    describe_counter!(
        LEASES_TAKEN_OVER,
        "Tables taken over from another instance."
    );
    describe_counter!(
        LEASES_LOST,
        "Tables stopped: another instance took their lease."
    );
    describe_counter!(NOTIFICATIONS, "\"Your turn\" messages, by result.");
    describe_counter!(RATE_LIMITED, "Requests refused by a rate limit, by limit.");
}

/// The metrics page: the states read from `lobby` now, then everything recorded.
pub fn render(handle: &PrometheusHandle, lobby: &Lobby) -> String {
    let mut live: Vec<(&'static str, u64)> = boardroom_registry::IDS
        .iter()
        .map(|&game| (game, 0))
        .collect();
    let mut finished = 0u64;
    for (game, over) in lobby.games() {
        if over {
            finished += 1;
        } else if let Some(entry) = live.iter_mut().find(|(g, _)| *g == game.as_str()) {
            entry.1 += 1;
        }
    }
    for (game, n) in live {
        gauge!(TABLES_LIVE, "game" => game).set(n as f64);
    }
    gauge!(TABLES_FINISHED).set(finished as f64);
    gauge!(HINTS_QUEUED).set(lobby.hints_queued() as f64);
    let held = if lobby.hosting().is_some() {
        lobby.len()
    } else {
        0
    };
    gauge!(LEASES_HELD).set(held as f64);
    let notes = lobby.notifier().stats();
    for (result, n) in [
        ("sent", &notes.sent),
        ("failed", &notes.failed),
        ("retried", &notes.retried),
    ] {
        counter!(NOTIFICATIONS, "result" => result)
            .absolute(n.load(std::sync::atomic::Ordering::Relaxed));
    }
    handle.render()
}

/// An action of `game` was stored `stored` after it was accepted, and sent to every
/// connection `sent` after.
pub fn action(game: &'static str, stored: Duration, sent: Duration) {
    counter!(ACTIONS, "game" => game).increment(1);
    histogram!(ACTION_SECONDS, "stage" => "stored").record(stored);
    histogram!(ACTION_SECONDS, "stage" => "sent").record(sent);
}

/// An error of kind `code` went to a connection.
pub fn refused(code: ErrorCode) {
    counter!(REFUSALS, "kind" => error_kind(code)).increment(1);
}

/// The protocol's name of an error code (as the wire spells it).
fn error_kind(code: ErrorCode) -> &'static str {
    match code {
        ErrorCode::Malformed => "malformed",
        ErrorCode::UnknownMessage => "unknown_message",
        ErrorCode::TooLarge => "too_large",
        ErrorCode::RateLimited => "rate_limited",
        ErrorCode::BadToken => "bad_token",
        ErrorCode::Spectator => "spectator",
        ErrorCode::NotYourTurn => "not_your_turn",
        ErrorCode::Notation => "notation",
        ErrorCode::Illegal => "illegal",
        ErrorCode::Stale => "stale",
        ErrorCode::GameOver => "game_over",
        ErrorCode::HintRefused => "hint_refused",
        ErrorCode::StandIn => "stand_in",
        ErrorCode::NoSuchTable => "no_such_table",
        ErrorCode::Archived => "archived",
        ErrorCode::BadAddress => "bad_address",
        ErrorCode::Internal => "internal",
    }
}

/// A bot of level `level` thought for `took`.
pub fn bot_thought(level: &'static str, took: Duration) {
    histogram!(BOT_THINK_SECONDS, "level" => level).record(took);
}

/// A database operation `op` took `took` and succeeded (`ok`) or failed.
pub fn storage(op: &'static str, took: Duration, ok: bool) {
    histogram!(STORAGE_SECONDS, "op" => op).record(took);
    if !ok {
        counter!(STORAGE_FAILURES, "op" => op).increment(1);
    }
}

/// A table retried storing an action.
pub fn storage_retry() {
    counter!(STORAGE_RETRIES).increment(1);
}

/// This instance took a table over from one that died or stopped.
pub fn lease_taken_over() {
    counter!(LEASES_TAKEN_OVER).increment(1);
}

/// This instance lost a table's lease to another.
pub fn lease_lost() {
    counter!(LEASES_LOST).increment(1);
}

/// A request was refused by the rate limit `limit`.
pub fn rate_limited(limit: &'static str) {
    counter!(RATE_LIMITED, "limit" => limit).increment(1);
}

/// A WebSocket connection is open while this lives.
pub struct ConnectionOpen(());

impl ConnectionOpen {
    /// Counts a connection open until the value is dropped.
    pub fn new() -> Self {
        gauge!(CONNECTIONS).increment(1.0);
        ConnectionOpen(())
    }
}

impl Default for ConnectionOpen {
    fn default() -> Self {
        Self::new()
    }
}

impl Drop for ConnectionOpen {
    fn drop(&mut self) {
        gauge!(CONNECTIONS).decrement(1.0);
    }
}
