//! How the rest of the server reaches a table: its handle, the commands it takes, what the
//! lobby lists of it, and what it is started with.

use super::replay::RecordRefusal;
use crate::clocks::ClockSettings;
use crate::hint::HintGate;
use crate::outgoing::{ConnId, Outbox};
use crate::protocol::{ActionInput, SeatClock, SeatInfo, ServerMsg};
use crate::view::Step;
use boardroom_engine::{Game, RecordedAction, Seat, Viewer};
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};

/// A request to a table.
// `Fault` is hidden because it is a hook for the recovery tests, not a sign of variants to
// come: the enum is matched exhaustively on purpose.
#[allow(clippy::manual_non_exhaustive)]
pub enum Command {
    /// A connection opens with a seat token (or none, to watch).
    Join {
        /// The connection.
        conn: ConnId,
        /// The token from the link.
        token: Option<String>,
        /// The language it reads (see [`crate::conn::Client::lang`]).
        lang: &'static str,
        /// Its signed-in account and whom that account blocks.
        reader: crate::chat::Reader,
        /// Where to send its messages.
        outbox: Outbox,
        /// The viewer it became, or the refusal.
        reply: oneshot::Sender<Result<Viewer, ServerMsg>>,
    },
    /// A connection closed.
    Leave {
        /// The connection.
        conn: ConnId,
    },
    /// A connection plays an action.
    Act {
        /// The connection.
        conn: ConnId,
        /// The action, in notation or in its JSON form.
        action: ActionInput,
        /// The version the client saw, if it said.
        version: Option<usize>,
        /// The client's address (for the budget of moves that do not move the game on).
        ip: std::net::IpAddr,
    },
    /// A connection writes a line in the chat.
    Chat {
        /// The connection.
        conn: ConnId,
        /// The text.
        text: String,
    },
    /// A connection asks for a hint (see [`crate::hint`]).
    Hint {
        /// The connection.
        conn: ConnId,
        /// Its client's address (one hint at a time per address).
        ip: std::net::IpAddr,
    },
    /// The invitation to `seat` was answered: the seat no longer waits for it.
    InviteAnswered {
        /// The seat.
        seat: Seat,
    },
    /// A connection takes its seat back from the stand-in playing it.
    TakeSeat {
        /// The connection.
        conn: ConnId,
    },
    /// A connection asks for the state again.
    Sync {
        /// The connection.
        conn: ConnId,
    },
    /// A connection takes back its seat's last action.
    Undo {
        /// The connection.
        conn: ConnId,
    },
    /// A connection leaves where its seat's person is told "your turn" (checked already).
    Notify {
        /// The connection.
        conn: ConnId,
        /// The addresses (none: removed).
        to: crate::notify::Addresses,
    },
    /// A connection asks for the whole log.
    Log {
        /// The connection.
        conn: ConnId,
    },
    /// A connection asks for a frame of the replay of the finished game.
    Replay {
        /// The connection.
        conn: ConnId,
        /// Actions played in the frame.
        step: usize,
        /// Whose view (none: the seat that played the step).
        seat: Option<Seat>,
    },
    /// Asks for the game record (config, seed, every action) of a finished game, for the
    /// holder of `token` (none: the spectator link).
    Record {
        /// The token of the link, if any.
        token: Option<String>,
        /// The record as JSON text (built once per finished table), or why not.
        reply: oneshot::Sender<Result<Arc<str>, RecordRefusal>>,
    },
    /// Reports the table's settings (for a rematch).
    Spec {
        /// Where to answer.
        reply: oneshot::Sender<TableSpec>,
    },
    /// Send every connection its rematch link again.
    ResendRematch,
    /// A rematch exists: tell everyone their link.
    RematchReady {
        /// The new table.
        table: String,
        /// Its seat tokens.
        tokens: Vec<String>,
    },
    /// Asks the table whether it may leave memory (see [`Timing`]); when it answers with a
    /// [`Retired`], it has stopped.
    Retire {
        /// Where to answer.
        reply: oneshot::Sender<Option<Retired>>,
    },
    /// Stops the table at once: this instance no longer holds its lease, so another may be
    /// playing it. Its connections close, and their pages reconnect to its holder.
    Stop,
    /// Stops the table so that another instance plays it: at once, or (`at_turn`) once a turn
    /// has just begun (never in the middle of one). When it stops, it answers on `reply`
    /// (nothing more is stored here) and tells its connections to reconnect (close code
    /// [`crate::conn::MOVED`]). An answer nobody waits for any more leaves it playing here.
    HandOver {
        /// Whether to wait for the start of a turn.
        at_turn: bool,
        /// Answered once the table stopped.
        reply: oneshot::Sender<()>,
    },
    /// Panics inside the table's task, as a bug would: for the tests of its recovery (never
    /// sent by a connection).
    #[doc(hidden)]
    Fault,
}

/// Why a table left memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Retired {
    /// Finished a while ago and nobody is connected: it stays in the database and comes back
    /// when its link is opened.
    Archived,
    /// Never started (no action) and unvisited for a long time: its links stop working.
    Expired,
}

/// What a table is made of (as stored).
#[derive(Clone, Debug)]
pub struct TableSpec {
    /// The table's identifier.
    pub id: String,
    /// The game's name.
    pub game: String,
    /// The game's configuration, as stored (JSON).
    pub config: String,
    /// The seat kinds.
    pub kinds: Vec<crate::bots::SeatKind>,
    /// Whether the game is over.
    pub over: bool,
    /// The rematch, if one exists.
    pub rematch: Option<String>,
    /// The table's clock in percent of the game's timers (0: none).
    pub timer_percent: u32,
    /// Whether every person may ask for hints.
    pub hints: bool,
    /// The table's clock and stand-in.
    pub clock: ClockSettings,
}

/// A table as the lobby lists it.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Summary {
    /// The table's identifier.
    pub id: String,
    /// The game's id.
    pub game: String,
    /// The game's title.
    pub title: String,
    /// The rule set or variant.
    pub edition: String,
    /// Creation time (seconds since the Unix epoch).
    pub created: i64,
    /// The seats (kind and online connections).
    pub seats: Vec<SeatInfo>,
    /// Actions played.
    pub version: usize,
    /// Turn number.
    pub turn: u32,
    /// Whether the game is over.
    pub over: bool,
    /// The seat to act, if any.
    pub to_act: Option<Seat>,
    /// The spectator link.
    pub spectator_link: String,
    /// The person seats open to anyone in the lobby (not claimed yet).
    pub open_seats: Vec<Seat>,
    /// The pace of the table's bots (`slow`, `normal`, `fast`); `null`: the server's.
    pub bot_speed: Option<String>,
    /// Whether the table is left out of the lobby's list.
    #[serde(skip)]
    pub private: bool,
    /// Why the table is kept as an archive (played under rules this server no longer
    /// replays: it accepts no actions); `null` for a table in play.
    pub archive: Option<String>,
    /// Every seat's clock (absent at a table without one), as it stood at `clocks_at`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub clocks: Vec<SeatClock>,
    /// When `clocks` was written (the clocks that run are counted down to the time the
    /// summary is served: [`Summary::now`]).
    #[serde(skip)]
    pub clocks_at: Option<tokio::time::Instant>,
}

impl Summary {
    /// The summary with its running clocks counted down to now.
    pub fn now(mut self) -> Summary {
        if let Some(at) = self.clocks_at {
            let gone = at.elapsed().as_millis() as u64;
            for c in self.clocks.iter_mut().filter(|c| c.running) {
                c.ms_left = c.ms_left.saturating_sub(gone);
            }
            self.clocks_at = Some(tokio::time::Instant::now());
        }
        self
    }
}

/// Settings every table shares.
#[derive(Clone, Debug)]
pub struct TableSettings {
    /// Pause before a bot moves, so people can follow.
    pub bot_delay: Duration,
    /// When tables leave memory, how often presence is sent, how storage failures are waited
    /// out.
    pub timing: Timing,
    /// The server's budget for hints, shared by every table.
    pub hints: Arc<HintGate>,
    /// Tells people away from their table that it is their turn.
    pub notifier: crate::notify::Notifier,
    /// Each seat's budget of moves that do not move the game on.
    pub seat_moves: crate::rate::Rate,
    /// Per client address, the same moves by seats the game does not wait for, shared by
    /// every table.
    pub address_moves: Arc<crate::rate::Buckets>,
    /// This instance's id, on every log line about the table (its span).
    pub instance: Arc<str>,
}

/// The times of a table's life on the server.
#[derive(Clone, Debug)]
pub struct Timing {
    /// A finished table with nobody connected leaves memory this long after its last action
    /// (it stays in the database; opening its link brings it back).
    pub archive_after: Duration,
    /// A table where nobody has played (no action) and that nobody has visited for this long
    /// expires: it leaves memory and its links answer that it expired.
    pub expire_after: Duration,
    /// At most one presence message per this interval (the latest state).
    pub presence_every: Duration,
    /// The first pause before a bot table retries an action the database refused; it doubles
    /// with every failure, up to [`Timing::storage_retry_max`].
    pub storage_retry: Duration,
    /// The longest pause between retries.
    pub storage_retry_max: Duration,
    /// A table logs failures to store at most once per this interval.
    pub storage_log_every: Duration,
}

impl Default for Timing {
    fn default() -> Self {
        Timing {
            archive_after: Duration::from_secs(10 * 60),
            expire_after: Duration::from_secs(24 * 60 * 60),
            presence_every: Duration::from_millis(250),
            storage_retry: Duration::from_millis(250),
            storage_retry_max: Duration::from_secs(30),
            storage_log_every: Duration::from_secs(60),
        }
    }
}

/// A handle to a running table.
#[derive(Clone)]
pub struct TableHandle {
    /// The table's command channel.
    pub tx: mpsc::Sender<Command>,
    /// What the lobby shows of it.
    pub summary: Arc<Mutex<Summary>>,
    /// Set when the table stopped to be played by another instance: its connections are
    /// told to reconnect.
    pub moved: Arc<std::sync::atomic::AtomicBool>,
}

/// The path of the spectator link of table `id`.
pub fn spectator_link(id: &str) -> String {
    format!("/t/{id}")
}

/// The path of the invite link of a seat.
pub fn seat_link(id: &str, token: &str) -> String {
    format!("/t/{id}?k={token}")
}

/// A table being started: a game (already replayed to its current state) and its seats.
pub struct TableInit<G: Game> {
    /// Identifier.
    pub id: String,
    /// Creation time.
    pub created: i64,
    /// The game now.
    pub game: G,
    /// The seed that set the game up (for replays and the record; never sent while the game
    /// runs).
    pub seed: u64,
    /// Every stored action, undone ones marked.
    pub record: Vec<RecordedAction>,
    /// Changes at the table so far: actions played, plus one for each taken back.
    pub version: usize,
    /// The most recent steps (for the log).
    pub history: VecDeque<Step<G>>,
    /// Seat kinds.
    pub kinds: Vec<crate::bots::SeatKind>,
    /// Seat tokens.
    pub tokens: Vec<String>,
    /// The rematch and its tokens, if one exists.
    pub rematch: Option<(String, Vec<String>)>,
    /// The table's clock in percent of the game's timers (100: as the game says; 0: no
    /// timers).
    pub timer_percent: u32,
    /// Whether every person may ask for hints (otherwise only one whose opponents are all
    /// bots).
    pub hints: bool,
    /// The rules revision the table is played under (written in its record).
    pub rules: u32,
    /// Why the table is an archive, if it is one (see [`crate::revision`]): it then accepts
    /// no actions, and neither its bots nor its clock play.
    pub archive: Option<String>,
    /// The seats' clock and the stand-in bot (see [`crate::clocks`]).
    pub clock: ClockSettings,
    /// When each action of `record` was played (milliseconds since the Unix epoch; `None`:
    /// not stored) for a table loaded from the database, whose seats' clocks are rebuilt
    /// from them; `None` for a new table, whose clocks start now.
    pub times: Option<Vec<Option<i64>>>,
    /// The person seats waiting for an invited account's answer: no stand-in plays them and
    /// their clocks do not run until it answers.
    pub invited: Vec<Seat>,
}

/// Compares two tokens in time independent of where they differ.
pub(super) fn constant_time_eq(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}
