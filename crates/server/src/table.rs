//! A live table: one task (an actor) that owns the game and serves its connections.
//!
//! Connections and bots talk to the table only through [`Command`]s on its channel, so every
//! action is handled in order, one at a time. An action is checked, applied to a copy of the
//! game, written to the database, and only once the write is committed does the table take the
//! new state and tell every connection (each its own observation and redacted events).

use crate::bots::{self, HUMAN};
use crate::chat::{self, Chat};
use crate::db::Db;
use crate::hint;
use crate::outgoing::Outgoing;
use crate::protocol::{
    ActionInput, ErrorCode, SeatInfo, ServerMsg, TableInfo, TimerOut, ACTION_JSON_BYTES,
};
use crate::view::{self, Step};
use boardroom_engine::{Bot, Game, Present, RecordedAction, Seat, Timer, Viewer, CLOCK};
use boardroom_games::Playable;
use futures_util::FutureExt;
use std::collections::{HashMap, VecDeque};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;

mod history;
mod recover;
mod undo;

pub use history::{finished_row, replay_steps, RecordRefusal};

/// How many states before the latest actions a table keeps at most, and for how long, to tell
/// an action chosen on one of them (sent without a version) as stale.
const RECENT_KEPT: usize = 24;
const RECENT_FOR: Duration = Duration::from_secs(10);

/// How many past actions a table keeps in memory for the log sent to new connections.
pub const LOG_KEPT: usize = 200;

/// Identifies one connection.
pub type ConnId = u64;

/// Where a table sends a connection's messages, each serialised once and shared by every
/// connection it goes to.
pub type Outbox = mpsc::Sender<Outgoing>;

/// Messages a connection may have waiting before the table drops it as too slow (it can
/// reconnect and resume).
pub const OUTBOX_CAPACITY: usize = 64;

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
    /// Panics inside the table's task, as a bug would: for the tests of its recovery (never
    /// sent by a connection).
    #[doc(hidden)]
    Fault,
}

/// One piece of work of a table's loop.
enum Work<G: Game> {
    Command(Command),
    Bot(BotMsg<G>),
    Presence,
    Storage,
    Timers,
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
    pub kinds: Vec<String>,
    /// Whether the game is over.
    pub over: bool,
    /// The rematch, if one exists.
    pub rematch: Option<String>,
    /// The table's clock in percent of the game's timers (0: none).
    pub timer_percent: u32,
    /// Whether every person may ask for hints.
    pub hints: bool,
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
    pub hints: Arc<hint::HintGate>,
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

/// What players are told while the database refuses writes.
pub const STORAGE_PAUSED: &str = "storage unavailable; play resumes when it is back";

/// What players are told once writes succeed again.
pub const STORAGE_BACK: &str = "storage is back; play resumes";

/// A bot's action waiting for the database to accept writes again.
struct Paused<A> {
    seat: Seat,
    action: A,
    delay: Duration,
    retry_at: Instant,
}

/// Why [`Table::commit`] did not play an action.
enum Refusal {
    /// The action breaks a rule: the message for the player.
    Rule(Box<ServerMsg>),
    /// The database refused the write.
    Storage,
}

/// A handle to a running table.
#[derive(Clone)]
pub struct TableHandle {
    /// The table's command channel.
    pub tx: mpsc::Sender<Command>,
    /// What the lobby shows of it.
    pub summary: Arc<Mutex<Summary>>,
}

struct Conn {
    viewer: Viewer,
    outbox: Outbox,
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
    pub kinds: Vec<String>,
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
}

/// Most actions in a row by bots that may but need not act (not in `Game::must_act`) before
/// only the seats the game waits for are asked again: bots that need not act cannot keep a
/// table busy forever.
pub const OPTIONAL_BOT_MOVES: u32 = 50;

/// The longest pause a bot takes before answering a deal (accepting, rejecting or countering
/// an offer), whatever the table's bot pace.
pub const ANSWER_PAUSE: Duration = Duration::from_millis(500);

/// A timer of the game running at the table.
struct Running<A> {
    key: u64,
    seat: Seat,
    action: A,
    deadline: Instant,
    /// Due, but the game does not accept the timeout yet (it waits for the state to change).
    blocked: bool,
}

/// The time a timer of `seconds` runs at a table whose clock runs at `percent`.
pub fn scaled(seconds: u32, percent: u32) -> Duration {
    Duration::from_millis(seconds as u64 * 10 * percent as u64)
}

/// What a bot's thinking task sends back to its table.
enum BotMsg<G: Game> {
    /// A bot chose an action.
    Move {
        /// The version the bot saw.
        version: usize,
        /// Its seat.
        seat: Seat,
        /// The bot, handed back.
        bot: Box<dyn Bot<G>>,
        /// Its choice; `None` when the game did not wait for the seat and the bot had
        /// nothing worth doing ([`Bot::choose_optional`]).
        action: Option<G::Action>,
    },
    /// A bot failed to choose (it panicked); its seat gets a random bot.
    Failed {
        /// Its seat.
        seat: Seat,
    },
}

struct Table<G: Playable> {
    id: String,
    game: G,
    seed: u64,
    /// Every stored action, undone ones marked (the next action is stored as number
    /// `record.len()`).
    record: Vec<RecordedAction>,
    version: usize,
    history: VecDeque<Step<G>>,
    kinds: Vec<String>,
    tokens: Vec<String>,
    bots: Vec<Option<Box<dyn Bot<G>>>>,
    bot_busy: bool,
    /// The seat from which the next bot to think is looked for (so every bot seat that may
    /// act gets its turn).
    bot_cursor: Seat,
    /// Bot actions in a row by seats the game did not wait for.
    optional_moves: u32,
    /// Per seat, the version at which its bot, not waited for, had nothing to do: it is not
    /// asked again until the state changes.
    bot_declined: Vec<Option<usize>>,
    /// The table's clock in percent of the game's timers (0: none).
    timer_percent: u32,
    /// Whether every person may ask for hints.
    hints: bool,
    /// The rules revision the table is played under.
    rules: u32,
    /// Why the table is an archive (no actions, no bots, no clock), if it is one.
    archive: Option<String>,
    /// Whether a hint is being worked out.
    hint_busy: Arc<AtomicBool>,
    /// The game's timers now, with their deadlines.
    timers: Vec<Running<G::Action>>,
    /// For each staleness key of an action someone may play now, the version since which it
    /// has not changed.
    answer_since: HashMap<u64, usize>,
    conns: HashMap<ConnId, Conn>,
    db: Db,
    settings: TableSettings,
    summary: Arc<Mutex<Summary>>,
    rematch: Option<(String, Vec<String>)>,
    bot_tx: mpsc::UnboundedSender<BotMsg<G>>,
    /// When a person last opened or closed a connection (or the table started).
    last_visit: Instant,
    /// When the game ended (or the finished table started).
    finished_at: Option<Instant>,
    /// A presence change not yet sent.
    presence_pending: bool,
    /// When the last presence message went out.
    presence_sent: Instant,
    /// A bot's action waiting for storage.
    paused: Option<Paused<G::Action>>,
    /// When a storage failure was last logged, and failures since.
    storage_logged: Option<Instant>,
    storage_unlogged: u64,
    /// The chat: recent lines and each writer's rate limit.
    chat: Chat,
    /// The states before the last few actions, oldest first: an action sent without a
    /// version that one of them accepted was chosen on a state the table has left.
    recent: VecDeque<(Instant, G)>,
    /// The finished game's record as JSON text, once asked for.
    record_text: Option<Arc<str>>,
    /// The finished game's replay frames, once asked for.
    frames: Option<history::Frames<G>>,
}

/// Starts the task of a table and returns its handle.
pub fn spawn<G: Playable>(init: TableInit<G>, db: Db, settings: TableSettings) -> TableHandle {
    let (tx, rx) = mpsc::channel(256);
    let (bot_tx, bot_rx) = mpsc::unbounded_channel();
    let bots = init
        .kinds
        .iter()
        .map(|k| bots::is_bot(k).then(|| bots::make_bot(k, rand::random())))
        .collect();
    let summary = Arc::new(Mutex::new(Summary {
        id: init.id.clone(),
        game: G::NAME.to_string(),
        title: G::TITLE.to_string(),
        edition: init.game.variant(),
        created: init.created,
        seats: Vec::new(),
        version: 0,
        turn: 0,
        over: false,
        to_act: None,
        spectator_link: spectator_link(&init.id),
        open_seats: Vec::new(),
        bot_speed: None,
        private: false,
        archive: init.archive.clone(),
    }));
    let mut table = Table {
        id: init.id,
        game: init.game,
        seed: init.seed,
        record: init.record,
        version: init.version,
        history: init.history,
        kinds: init.kinds,
        tokens: init.tokens,
        bots,
        bot_busy: false,
        bot_cursor: 0,
        optional_moves: 0,
        bot_declined: Vec::new(),
        timer_percent: init.timer_percent,
        hints: init.hints,
        rules: init.rules,
        archive: init.archive,
        hint_busy: Arc::new(AtomicBool::new(false)),
        timers: Vec::new(),
        answer_since: HashMap::new(),
        conns: HashMap::new(),
        db,
        settings,
        summary: summary.clone(),
        rematch: init.rematch,
        bot_tx,
        last_visit: Instant::now(),
        finished_at: None,
        presence_pending: false,
        presence_sent: Instant::now(),
        paused: None,
        storage_logged: None,
        storage_unlogged: 0,
        chat: Chat::empty(),
        recent: VecDeque::new(),
        record_text: None,
        frames: None,
    };
    if table.game.is_over() {
        table.finished_at = Some(Instant::now());
    }
    table.update_summary();
    table.state_changed();
    tokio::spawn(async move {
        // Connections wait in the channel while the chat is read.
        match Chat::load(&table.db, table.id.clone()).await {
            Ok(chat) => table.chat = chat,
            Err(e) => tracing::error!(table = %table.id, "cannot read the chat: {e:#}"),
        }
        table.schedule_bot();
        table.run(rx, bot_rx).await;
    });
    TableHandle { tx, summary }
}

impl<G: Playable> Table<G> {
    async fn run(
        &mut self,
        mut rx: mpsc::Receiver<Command>,
        mut bot_rx: mpsc::UnboundedReceiver<BotMsg<G>>,
    ) {
        loop {
            let presence_at = self.presence_sent + self.settings.timing.presence_every;
            let retry_at = self.paused.as_ref().map(|p| p.retry_at);
            let timer_at = self.next_timer();
            let work = tokio::select! {
                cmd = rx.recv() => match cmd {
                    Some(Command::Retire { reply }) => {
                        let retired = self.retirement();
                        let _ = reply.send(retired);
                        if retired.is_some() {
                            return;
                        }
                        continue;
                    }
                    Some(cmd) => Work::Command(cmd),
                    // Every handle is gone: the table stops.
                    None => return,
                },
                Some(msg) = bot_rx.recv() => Work::Bot(msg),
                _ = tokio::time::sleep_until(presence_at), if self.presence_pending => {
                    Work::Presence
                }
                _ = tokio::time::sleep_until(retry_at.unwrap_or(presence_at)), if retry_at.is_some() => {
                    Work::Storage
                }
                _ = tokio::time::sleep_until(timer_at.unwrap_or(presence_at)), if timer_at.is_some() => {
                    Work::Timers
                }
            };
            // A panic while handling one piece of work must not take the table down with it:
            // the table is rebuilt from the database and its connections told.
            let done = std::panic::AssertUnwindSafe(self.work(work))
                .catch_unwind()
                .await;
            if let Err(panic) = done {
                self.recover(recover::panic_message(&panic)).await;
            }
        }
    }

    /// Handles one piece of work of the table's loop.
    async fn work(&mut self, work: Work<G>) {
        match work {
            Work::Command(Command::Fault) => panic!("a fault injected into table {}", self.id),
            Work::Command(cmd) => self.handle(cmd).await,
            Work::Bot(msg) => self.bot_msg(msg).await,
            Work::Presence => self.send_presence(),
            Work::Storage => self.retry_storage().await,
            Work::Timers => self.fire_timers().await,
        }
    }

    /// Whether this table may leave memory now, and why.
    fn retirement(&self) -> Option<Retired> {
        if !self.conns.is_empty() || self.paused.is_some() || self.bot_busy {
            return None;
        }
        let timing = &self.settings.timing;
        if self
            .finished_at
            .is_some_and(|t| t.elapsed() >= timing.archive_after)
        {
            return Some(Retired::Archived);
        }
        if self.version == 0 && self.last_visit.elapsed() >= timing.expire_after {
            return Some(Retired::Expired);
        }
        None
    }

    /// Logs a failure to store an action, at most once per [`Timing::storage_log_every`].
    fn log_storage_failure(&mut self, e: &anyhow::Error) {
        self.storage_unlogged += 1;
        let every = self.settings.timing.storage_log_every;
        if self.storage_logged.is_some_and(|t| t.elapsed() < every) {
            return;
        }
        tracing::error!(
            table = %self.id,
            failures = self.storage_unlogged,
            "cannot store an action: {e:#}"
        );
        self.storage_logged = Some(Instant::now());
        self.storage_unlogged = 0;
    }

    /// Tells every connection whether play waits for storage.
    fn send_status(&mut self, paused: bool) {
        let msg = Outgoing::from(ServerMsg::Status {
            paused,
            message: if paused { STORAGE_PAUSED } else { STORAGE_BACK }.to_string(),
        });
        let before = self.conns.len();
        self.conns
            .retain(|_, c| c.outbox.try_send(msg.clone()).is_ok());
        if self.conns.len() != before {
            self.presence_changed();
        }
    }

    /// The database refused a bot's action: wait (longer after each failure) and retry it.
    fn pause_for_storage(&mut self, seat: Seat, action: G::Action) {
        let timing = &self.settings.timing;
        let delay = match &self.paused {
            None => timing.storage_retry,
            Some(p) => (p.delay * 2).min(timing.storage_retry_max),
        };
        let first = self.paused.is_none();
        self.paused = Some(Paused {
            seat,
            action,
            delay,
            retry_at: Instant::now() + delay,
        });
        if first {
            self.send_status(true);
        }
    }

    /// Tries the waiting bot action again.
    async fn retry_storage(&mut self) {
        let Some(p) = self.paused.take() else {
            return;
        };
        match self.commit(p.seat, p.action.clone()).await {
            Ok(()) => {
                tracing::info!(table = %self.id, "storage is back; play resumes");
                self.storage_logged = None;
                self.send_status(false);
                self.schedule_bot();
            }
            Err(Refusal::Storage) => {
                let (seat, action) = (p.seat, p.action.clone());
                // Kept while the next pause is worked out, so the delay doubles.
                self.paused = Some(p);
                self.pause_for_storage(seat, action);
            }
            Err(Refusal::Rule(e)) => {
                tracing::error!(table = %self.id, seat = p.seat, "bot move refused: {e:?}");
                self.send_status(false);
                self.schedule_bot();
            }
        }
    }

    async fn bot_msg(&mut self, msg: BotMsg<G>) {
        match msg {
            BotMsg::Move {
                version,
                seat,
                bot,
                action,
            } => {
                self.bots[seat] = Some(bot);
                self.bot_busy = false;
                let Some(action) = action else {
                    // Nothing worth doing: not asked again before the state changes.
                    if self.bot_declined.len() <= seat {
                        self.bot_declined.resize(seat + 1, None);
                    }
                    self.bot_declined[seat] = Some(version);
                    return self.schedule_bot();
                };
                let current = version == self.version;
                // A move chosen on an older state still counts when what it answers has not
                // changed since (an offer still open, the same call in an auction).
                let meant = current || self.still_meant(&action, version);
                if meant && self.paused.is_none() && self.game.to_act().contains(seat) {
                    match self.commit(seat, action.clone()).await {
                        Ok(()) => {}
                        Err(Refusal::Storage) => return self.pause_for_storage(seat, action),
                        Err(Refusal::Rule(e)) if current => {
                            tracing::error!(table = %self.id, seat, "bot move refused: {e:?}");
                        }
                        Err(Refusal::Rule(_)) => {}
                    }
                }
                self.schedule_bot();
            }
            BotMsg::Failed { seat } => {
                self.bots[seat] = Some(bots::make_bot("random", rand::random()));
                self.bot_busy = false;
                self.schedule_bot();
            }
        }
    }

    async fn handle(&mut self, cmd: Command) {
        match cmd {
            Command::Join {
                conn,
                token,
                outbox,
                reply,
            } => self.join(conn, token, outbox, reply),
            Command::Leave { conn } => {
                self.chat.forget(conn);
                if self.conns.remove(&conn).is_some() {
                    self.last_visit = Instant::now();
                    self.presence_changed();
                }
            }
            Command::Act {
                conn,
                action,
                version,
            } => self.act(conn, action, version).await,
            Command::Chat { conn, text } => self.chat_line(conn, text).await,
            Command::Undo { conn } => {
                self.undo(conn).await;
                self.schedule_bot();
            }
            Command::Log { conn } => self.send_log(conn),
            Command::Replay { conn, step, seat } => self.send_replay(conn, step, seat),
            Command::Record { token, reply } => {
                let _ = reply.send(self.game_record(token.as_deref()));
            }
            Command::Hint { conn, ip } => self.hint(conn, ip),
            Command::Sync { conn } => {
                if let Some(viewer) = self.conns.get(&conn).map(|c| c.viewer) {
                    let msg = view::state_msg_shared(&self.game, viewer, &self.shared(), None);
                    // One that asks faster than it reads is dropped like any slow reader.
                    self.send(conn, msg);
                }
            }
            Command::Spec { reply } => {
                let _ = reply.send(TableSpec {
                    id: self.id.clone(),
                    game: G::NAME.to_string(),
                    config: serde_json::to_string(&self.game.config()).unwrap_or_default(),
                    kinds: self.kinds.clone(),
                    over: self.game.is_over(),
                    rematch: self.rematch.as_ref().map(|r| r.0.clone()),
                    timer_percent: self.timer_percent,
                    hints: self.hints,
                });
            }
            Command::RematchReady { table, tokens } => {
                self.rematch = Some((table, tokens));
                self.send_rematch_links();
            }
            Command::ResendRematch => self.send_rematch_links(),
            // Answered in `run`, which stops the table.
            Command::Retire { reply } => {
                let _ = reply.send(None);
            }
            // Handled in `work`.
            Command::Fault => {}
        }
    }

    /// A chat line from connection `conn`: checked, stored, then sent to every connection; a
    /// refused one is answered with an error to its writer only, and nothing is stored.
    async fn chat_line(&mut self, conn: ConnId, text: String) {
        let Some(viewer) = self.conns.get(&conn).map(|c| c.viewer) else {
            return;
        };
        let name = match viewer {
            Viewer::Seat(s) => <G as Present>::seat_name(s),
            Viewer::Spectator => chat::SPECTATOR.to_string(),
        };
        let line = match self.chat.prepare(conn, viewer, name, text) {
            Ok(line) => line,
            Err((code, message)) => return self.send(conn, ServerMsg::error(code, message)),
        };
        if let Err(e) = Chat::store(&self.db, self.id.clone(), line.clone()).await {
            tracing::error!(table = %self.id, "cannot store a chat line: {e:#}");
            return self.send(
                conn,
                ServerMsg::error(
                    ErrorCode::Internal,
                    "the chat message could not be saved, so it was not sent; try again",
                ),
            );
        }
        self.chat.stored(line.clone());
        let msg = Outgoing::from(ServerMsg::Chat(line));
        let before = self.conns.len();
        self.conns
            .retain(|_, c| c.outbox.try_send(msg.clone()).is_ok());
        if self.conns.len() != before {
            self.presence_changed();
        }
    }

    fn send_rematch_links(&mut self) {
        let ids: Vec<ConnId> = self.conns.keys().copied().collect();
        for id in ids {
            // A slow connection may have been dropped while sending to an earlier one.
            let Some(viewer) = self.conns.get(&id).map(|c| c.viewer) else {
                continue;
            };
            if let Some(msg) = self.rematch_msg(viewer) {
                self.send(id, msg);
            }
        }
    }

    fn rematch_msg(&self, viewer: Viewer) -> Option<ServerMsg> {
        let (table, tokens) = self.rematch.as_ref()?;
        let link = match viewer {
            Viewer::Seat(s) => tokens
                .get(s)
                .map_or_else(|| spectator_link(table), |t| seat_link(table, t)),
            Viewer::Spectator => spectator_link(table),
        };
        Some(ServerMsg::Rematch {
            table: table.clone(),
            link,
        })
    }

    fn seats(&self) -> Vec<SeatInfo> {
        (0..self.kinds.len())
            .map(|s| SeatInfo {
                seat: s,
                name: <G as Present>::seat_name(s),
                kind: self.kinds[s].clone(),
                online: self
                    .conns
                    .values()
                    .filter(|c| c.viewer == Viewer::Seat(s))
                    .count() as u32,
            })
            .collect()
    }

    fn info(&self) -> TableInfo {
        TableInfo {
            id: self.id.clone(),
            game: G::NAME.to_string(),
            title: G::TITLE.to_string(),
            edition: self.game.variant(),
            tower_name: self.game.tower_name(),
            seats: self.seats(),
            spectator_link: spectator_link(&self.id),
        }
    }

    fn update_summary(&self) {
        // A panic while the lock was held (caught by the table) leaves it poisoned; the summary is
        // rewritten whole here, so it is taken as it is.
        let mut s = self.summary.lock().unwrap_or_else(|e| e.into_inner());
        s.seats = self.seats();
        s.version = self.version;
        s.turn = <G as Present>::turn(&self.game);
        s.over = self.game.is_over();
        s.to_act = self.game.to_act().first();
    }

    /// Sends every connection `notice`, then the state as it stands (one message per distinct
    /// viewer, built once); a connection too slow for either is dropped.
    fn send_with_state(&mut self, notice: Outgoing) {
        let mut built: HashMap<Viewer, Outgoing> = HashMap::new();
        let shared = self.shared();
        let game = &self.game;
        let before = self.conns.len();
        self.conns.retain(|_, c| {
            let state = built
                .entry(c.viewer)
                .or_insert_with(|| view::state_msg_shared(game, c.viewer, &shared, None))
                .clone();
            c.outbox.try_send(notice.clone()).is_ok() && c.outbox.try_send(state).is_ok()
        });
        if self.conns.len() != before {
            self.presence_changed();
        }
    }

    /// Sends `msg` to one connection; a connection too slow to keep up is dropped (closing its
    /// socket; the client reconnects and resumes).
    fn send(&mut self, conn: ConnId, msg: impl Into<Outgoing>) {
        let slow = match self.conns.get(&conn) {
            Some(c) => c.outbox.try_send(msg.into()).is_err(),
            None => false,
        };
        if slow {
            self.conns.remove(&conn);
            self.presence_changed();
        }
    }

    /// Someone connected or left: the lobby's summary changes now, the connections hear of
    /// it with the next presence message (at most one per [`Timing::presence_every`], with the
    /// latest state, so a crowd arriving costs a few messages, not one per arrival).
    fn presence_changed(&mut self) {
        self.update_summary();
        self.presence_pending = true;
    }

    fn send_presence(&mut self) {
        self.presence_pending = false;
        self.presence_sent = Instant::now();
        let msg = Outgoing::from(ServerMsg::Presence {
            seats: self.seats(),
            spectators: self
                .conns
                .values()
                .filter(|c| c.viewer == Viewer::Spectator)
                .count() as u32,
        });
        let before = self.conns.len();
        self.conns
            .retain(|_, c| c.outbox.try_send(msg.clone()).is_ok());
        if self.conns.len() != before {
            self.presence_changed();
        }
    }

    fn join(
        &mut self,
        conn: ConnId,
        token: Option<String>,
        outbox: Outbox,
        reply: oneshot::Sender<Result<Viewer, ServerMsg>>,
    ) {
        let viewer = match token.as_deref().filter(|t| !t.is_empty()) {
            None => Viewer::Spectator,
            Some(t) => match self
                .tokens
                .iter()
                .enumerate()
                .find(|(s, tok)| self.kinds[*s] == HUMAN && constant_time_eq(tok, t))
            {
                Some((s, _)) => Viewer::Seat(s),
                None => {
                    let _ = reply.send(Err(ServerMsg::error(
                        ErrorCode::BadToken,
                        "this link holds no seat at this table: check the invite link (the \
                         spectator link has no `?k=` part)",
                    )));
                    return;
                }
            },
        };
        if reply.send(Ok(viewer)).is_err() {
            return;
        }
        let welcome = ServerMsg::Welcome {
            table: self.info(),
            you: viewer.seat(),
            log: self
                .history
                .iter()
                .map(|s| view::log_entry(s, viewer))
                .collect(),
            rematch: self.rematch_msg(viewer).and_then(|m| match m {
                ServerMsg::Rematch { link, .. } => Some(link),
                _ => None,
            }),
            chat: self.chat.history(),
            hints: viewer
                .seat()
                .is_some_and(|s| hint::refusal(&self.kinds, s, self.hints).is_none()),
        };
        let state = view::state_msg_shared(&self.game, viewer, &self.shared(), None);
        self.conns.insert(conn, Conn { viewer, outbox });
        self.last_visit = Instant::now();
        self.send(conn, welcome);
        self.send(conn, state);
        // Paused for storage, or the database cannot be written at all yet (a server started
        // on a read-only disk).
        if self.paused.is_some() || !self.db.writable() {
            let status = ServerMsg::Status {
                paused: true,
                message: STORAGE_PAUSED.to_string(),
            };
            self.send(conn, status);
        }
        if let Some(note) = &self.archive {
            let status = ServerMsg::Status {
                paused: true,
                message: note.clone(),
            };
            self.send(conn, status);
        }
        self.presence_changed();
    }

    /// Answers a connection's request for a hint, or says why not.
    fn hint(&mut self, conn: ConnId, ip: std::net::IpAddr) {
        let Some(c) = self.conns.get(&conn) else {
            return;
        };
        let refused = |m: String| ServerMsg::error(ErrorCode::HintRefused, m);
        let seat = match c.viewer {
            Viewer::Spectator => {
                let m = refused("spectators cannot ask for hints; only a seat can".into());
                return self.send(conn, m);
            }
            Viewer::Seat(s) => s,
        };
        if let Some(why) = hint::refusal(&self.kinds, seat, self.hints) {
            return self.send(conn, refused(why));
        }
        if let Some(note) = &self.archive {
            return self.send(conn, refused(note.clone()));
        }
        if self.game.is_over() {
            let m = ServerMsg::error(ErrorCode::GameOver, "the game is over: nothing to hint");
            return self.send(conn, m);
        }
        if !self.game.to_act().contains(seat) {
            let m = refused("hints are given when you may act; it is not your turn".into());
            return self.send(conn, m);
        }
        hint::start(
            self.game.clone(),
            seat,
            self.version,
            c.outbox.clone(),
            self.hint_busy.clone(),
            &self.settings.hints,
            ip,
        );
    }

    async fn act(&mut self, conn: ConnId, input: ActionInput, version: Option<usize>) {
        let Some(viewer) = self.conns.get(&conn).map(|c| c.viewer) else {
            return;
        };
        let refuse = |code, message: String| ServerMsg::error(code, message);
        let seat = match viewer {
            Viewer::Spectator => {
                let m = refuse(
                    ErrorCode::Spectator,
                    "spectators watch; only a seat's invite link can act".into(),
                );
                return self.send(conn, m);
            }
            Viewer::Seat(s) => s,
        };
        if let Some(note) = &self.archive {
            return self.send(conn, refuse(ErrorCode::Archived, note.clone()));
        }
        if self.game.is_over() {
            let m = refuse(
                ErrorCode::GameOver,
                "the game is over; start a rematch".into(),
            );
            return self.send(conn, m);
        }
        if self.paused.is_some() || !self.db.writable() {
            return self.send(conn, refuse(ErrorCode::Internal, STORAGE_PAUSED.into()));
        }
        let parsed = self.read_action(&input);
        if let Some(v) = version {
            let meant = parsed
                .as_ref()
                .is_ok_and(|a| v == self.version || self.still_meant(a, v));
            if v != self.version && !meant {
                let m = refuse(
                    ErrorCode::Stale,
                    "the table moved on — choose again (here is the table now)".into(),
                );
                self.send(conn, m);
                let s = view::state_msg_shared(&self.game, viewer, &self.shared(), None);
                return self.send(conn, s);
            }
        }
        if !self.game.to_act().contains(seat) {
            let who = self
                .game
                .to_act()
                .iter()
                .map(<G as Present>::seat_name)
                .collect::<Vec<_>>()
                .join(", ");
            let m = refuse(
                ErrorCode::NotYourTurn,
                format!("it is not your turn: {who} is to act"),
            );
            return self.send(conn, m);
        }
        let action = match parsed {
            Ok(a) => a,
            Err(m) if version.is_none() && self.meant_recently(seat, &input) => {
                return self.refuse_stale(conn, viewer, &m);
            }
            Err(m) => return self.send(conn, *m),
        };
        match self.commit(seat, action).await {
            Ok(()) => {}
            // Chosen on a state the table has left (what it answered looked unchanged, but the
            // table moved on in a way that rules it out now): stale, not a broken rule.
            Err(Refusal::Rule(e))
                if version.is_some_and(|v| v != self.version)
                    || (version.is_none() && self.meant_recently(seat, &input)) =>
            {
                self.refuse_stale(conn, viewer, &e)
            }
            Err(Refusal::Rule(e)) => self.send(conn, *e),
            Err(Refusal::Storage) => self.send(
                conn,
                ServerMsg::error(
                    ErrorCode::Internal,
                    "the action could not be saved, so it was not played; try again",
                ),
            ),
        }
        self.schedule_bot();
    }

    /// Whether `input`, refused now, was an action `seat` could play at one of the last few
    /// states: it was chosen on a state the table has left (sent without a version).
    fn meant_recently(&self, seat: Seat, input: &ActionInput) -> bool {
        self.recent.iter().any(|(_, old)| {
            let action = match input {
                ActionInput::Notation(text) => old.parse_action(text).ok(),
                ActionInput::Json(map) => serde_json::to_string(map)
                    .ok()
                    .and_then(|text| old.action_from_json(&text).ok()),
            };
            action.is_some_and(|a| old.check(seat, a).is_ok())
        })
    }

    /// Refuses an action chosen on a state the table has left (`why`: what is wrong with it
    /// now) as stale, and sends the table as it is now.
    fn refuse_stale(&mut self, conn: ConnId, viewer: Viewer, why: &ServerMsg) {
        let now = match why {
            ServerMsg::Error { message, .. } => format!(" (now: {message})"),
            _ => String::new(),
        };
        let m = ServerMsg::error(
            ErrorCode::Stale,
            format!("the table moved on — choose again{now}"),
        );
        self.send(conn, m);
        let s = view::state_msg_shared(&self.game, viewer, &self.shared(), None);
        self.send(conn, s);
    }

    /// Reads a person's action: its notation, or its JSON form (which must read back from the
    /// notation it is stored in as the same action).
    fn read_action(&self, input: &ActionInput) -> Result<G::Action, Box<ServerMsg>> {
        match input {
            ActionInput::Notation(text) => self
                .game
                .parse_action(text)
                .map_err(|e| Box::new(ServerMsg::error(ErrorCode::Notation, e.to_string()))),
            ActionInput::Json(map) => {
                let text = serde_json::to_string(map).unwrap_or_default();
                if text.len() > ACTION_JSON_BYTES {
                    return Err(Box::new(ServerMsg::error(
                        ErrorCode::TooLarge,
                        format!(
                            "the JSON action is {} bytes: the limit is {ACTION_JSON_BYTES} bytes",
                            text.len()
                        ),
                    )));
                }
                let action = self
                    .game
                    .action_from_json(&text)
                    .map_err(|e| Box::new(ServerMsg::error(ErrorCode::Malformed, e.reason)))?;
                let notation = self.game.format_action(action.clone());
                match self.game.parse_action(&notation) {
                    Ok(back) if back == action => Ok(action),
                    _ => Err(Box::new(ServerMsg::error(
                        ErrorCode::Malformed,
                        "the JSON action cannot be written in the game's notation, so it \
                         could not be recorded",
                    ))),
                }
            }
        }
    }

    /// Whether `action`, chosen when the table was at version `seen`, is still meant now: the
    /// game names what it answers (`Game::staleness_key`) and that has not changed since.
    fn still_meant(&self, action: &G::Action, seen: usize) -> bool {
        seen <= self.version
            && self
                .game
                .staleness_key(action)
                .and_then(|k| self.answer_since.get(&k))
                .is_some_and(|&since| since <= seen)
    }

    /// After every change of the game: the timers (kept when their key is unchanged, started
    /// when new) and the staleness keys of what may be answered now.
    fn state_changed(&mut self) {
        let mut list: Vec<Timer<G::Action>> = Vec::new();
        if self.timer_percent > 0 && !self.game.is_over() && self.archive.is_none() {
            self.game.timers(&mut list);
        }
        let now = Instant::now();
        let old = std::mem::take(&mut self.timers);
        self.timers = list
            .into_iter()
            .map(|t| Running {
                deadline: old.iter().find(|o| o.key == t.key).map_or_else(
                    || now + scaled(t.seconds, self.timer_percent),
                    |o| o.deadline,
                ),
                key: t.key,
                seat: t.seat,
                action: t.action,
                blocked: false,
            })
            .collect();
        let mut since = HashMap::new();
        let mut buf = Vec::new();
        // What a bot (its legal actions) or a person (the actions people are offered) may play.
        for seat in self.game.to_act().iter() {
            for person in [false, true] {
                if person {
                    self.game.person_actions(seat, &mut buf);
                } else {
                    self.game.legal_actions(seat, &mut buf);
                }
                for a in &buf {
                    if let Some(k) = self.game.staleness_key(a) {
                        let v = self.answer_since.get(&k).copied().unwrap_or(self.version);
                        since.insert(k, v);
                    }
                }
            }
        }
        self.answer_since = since;
    }

    /// What every viewer's `state` message shares now.
    fn shared(&self) -> view::Shared {
        view::Shared::new(&self.game, self.version, self.timers_out())
    }

    /// The running timers as every viewer is told them.
    fn timers_out(&self) -> Vec<TimerOut> {
        let now = Instant::now();
        self.timers
            .iter()
            .map(|t| TimerOut {
                seat: (t.seat != CLOCK).then_some(t.seat),
                action: self.game.format_action(t.action.clone()),
                ms_left: t.deadline.saturating_duration_since(now).as_millis() as u64,
            })
            .collect()
    }

    /// When the next timer is due: only while a person holds a seat at the table (nobody
    /// waits at a table nobody attends) and storage works.
    fn next_timer(&self) -> Option<Instant> {
        if self.paused.is_some() || !self.conns.values().any(|c| c.viewer != Viewer::Spectator) {
            return None;
        }
        self.timers
            .iter()
            .filter(|t| !t.blocked)
            .map(|t| t.deadline)
            .min()
    }

    /// Plays the timeouts that are due, for the clock, when the game accepts them; one it
    /// does not accept yet waits for the next change of state.
    async fn fire_timers(&mut self) {
        let now = Instant::now();
        while self.paused.is_none() {
            let Some(i) = self
                .timers
                .iter()
                .position(|t| !t.blocked && t.deadline <= now)
            else {
                break;
            };
            let action = self.timers[i].action.clone();
            if self.game.check(CLOCK, action.clone()).is_err() {
                self.timers[i].blocked = true;
                continue;
            }
            match self.commit(CLOCK, action.clone()).await {
                Ok(()) => {}
                Err(Refusal::Storage) => return self.pause_for_storage(CLOCK, action),
                Err(Refusal::Rule(e)) => {
                    tracing::error!(table = %self.id, "timeout refused: {e:?}");
                    self.timers[i].blocked = true;
                }
            }
        }
        self.schedule_bot();
    }

    /// Applies `action` for `seat`: to a copy first, then to the database, then to the table.
    async fn commit(&mut self, seat: Seat, action: G::Action) -> Result<(), Refusal> {
        let mut next = self.game.clone();
        let mut events = Vec::new();
        next.apply(seat, action.clone(), &mut events).map_err(|e| {
            Refusal::Rule(Box::new(ServerMsg::error(
                ErrorCode::Illegal,
                e.to_string(),
            )))
        })?;
        let notation = self.game.format_action(action);
        let turn = <G as Present>::turn(&self.game);
        let index = self.record.len();
        if let Err(e) = self
            .db
            .append_action(self.id.clone(), index, seat, notation.clone())
            .await
        {
            self.log_storage_failure(&e);
            return Err(Refusal::Storage);
        }
        if seat == CLOCK || self.game.must_act().contains(seat) || !bots::is_bot(&self.kinds[seat])
        {
            self.optional_moves = 0;
        } else {
            self.optional_moves += 1;
        }
        let previous = std::mem::replace(&mut self.game, next);
        // Kept for as long as a person may still be acting on them: the last few seconds, a
        // bounded number (bots may play many actions in that time).
        let now = Instant::now();
        while self.recent.len() >= RECENT_KEPT
            || self
                .recent
                .front()
                .is_some_and(|(at, _)| now.duration_since(*at) > RECENT_FOR)
        {
            self.recent.pop_front();
        }
        self.recent.push_back((now, previous));
        self.record
            .push(RecordedAction::new(seat, notation.clone()));
        if self.game.is_over() && self.finished_at.is_none() {
            self.finished_at = Some(Instant::now());
            self.store_finished();
        }
        let step = Step {
            index,
            seat,
            action: notation,
            turn,
            undone: false,
            events,
        };
        self.version += 1;
        self.state_changed();
        self.broadcast(&step);
        if self.history.len() == LOG_KEPT {
            self.history.pop_front();
        }
        self.history.push_back(step);
        self.update_summary();
        Ok(())
    }

    /// Sends every connection the state after `step`: one message per distinct viewer, built
    /// from that viewer's view only and serialised once, shared by all its connections.
    fn broadcast(&mut self, step: &Step<G>) {
        let mut built: HashMap<Viewer, Outgoing> = HashMap::new();
        let shared = self.shared();
        let game = &self.game;
        let before = self.conns.len();
        self.conns.retain(|_, c| {
            let msg = built
                .entry(c.viewer)
                .or_insert_with(|| view::state_msg_shared(game, c.viewer, &shared, Some(step)))
                .clone();
            c.outbox.try_send(msg).is_ok()
        });
        if self.conns.len() != before {
            self.presence_changed();
        }
    }

    /// If a bot's seat may act, lets it think off the async runtime and send its move back.
    /// One bot thinks at a time; the seats that may act take turns from the seat after the
    /// last one asked, so every bot seat in `to_act` gets its chance. After
    /// [`OPTIONAL_BOT_MOVES`] moves in a row by bots the game did not wait for, only seats in
    /// `must_act` are asked. A bot seat outside `must_act` is asked with
    /// [`Bot::choose_optional`]: one that has nothing worth doing is not asked again until the
    /// state changes. A move is thrown away when the state moved on in between (unless what it
    /// answers is unchanged), and the bot asked again.
    fn schedule_bot(&mut self) {
        if self.bot_busy || self.paused.is_some() || self.game.is_over() || self.archive.is_some() {
            return;
        }
        let (may, must) = (self.game.to_act(), self.game.must_act());
        let n = self.bots.len();
        let optional_ok = self.optional_moves < OPTIONAL_BOT_MOVES;
        let Some(seat) = (0..n).map(|i| (self.bot_cursor + i) % n).find(|&s| {
            let declined = self.bot_declined.get(s).copied().flatten() == Some(self.version);
            may.contains(s)
                && self.bots[s].is_some()
                && (must.contains(s) || (optional_ok && !declined))
        }) else {
            return;
        };
        self.bot_cursor = (seat + 1) % n;
        let Some(mut bot) = self.bots.get_mut(seat).and_then(Option::take) else {
            return;
        };
        let me = self.bot_tx.clone();
        self.bot_busy = true;
        let game = self.game.clone();
        let version = self.version;
        let optional = !must.contains(seat);
        let delay = self.settings.bot_delay;
        tokio::spawn(async move {
            // The bot thinks first, then takes what is left of its pause, only when it acts
            // (one with nothing to do does not hold up the others), and at most
            // `ANSWER_PAUSE` before answering a deal: people get their answer within a second
            // whatever the bots' pace.
            let started = Instant::now();
            let chosen = tokio::task::spawn_blocking(move || {
                let action = if optional {
                    bot.choose_optional(&game, seat)
                } else {
                    Some(bot.choose(&game, seat))
                };
                let answer = action
                    .as_ref()
                    .is_some_and(|a| game.is_negotiation(a) && game.staleness_key(a).is_some());
                (bot, action, answer)
            })
            .await;
            if let Ok((_, Some(_), answer)) = &chosen {
                let pause = if *answer {
                    delay.min(ANSWER_PAUSE)
                } else {
                    delay
                };
                let left = pause.saturating_sub(started.elapsed());
                if !left.is_zero() {
                    tokio::time::sleep(left).await;
                }
            }
            match chosen {
                Ok((bot, action, _)) => {
                    let _ = me.send(BotMsg::Move {
                        version,
                        seat,
                        bot,
                        action,
                    });
                }
                Err(e) => {
                    // The bot is lost with its thread; the seat goes on with a random bot.
                    tracing::error!("a bot failed: {e}");
                    let _ = me.send(BotMsg::Failed { seat });
                }
            }
        });
    }
}

/// Compares two tokens in time independent of where they differ.
fn constant_time_eq(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}
