//! A live table: one task (an actor) that owns the game and serves its connections.
//!
//! Connections and bots talk to the table only through [`Command`]s on its channel, so every
//! action is handled in order, one at a time. An action is checked, applied to a copy of the
//! game, written to the database, and only once the write is committed does the table take the
//! new state and tell every connection (each its own observation and redacted events).
//!
//! This file is the actor: its state and its loop; committing an action is `commit`. It owns small parts
//! that know nothing of it: its handle and commands (`handle`), the game's timers (`clock`),
//! the storage back-off (`storage`), its connections and presence (`presence`), the states
//! it sends them, whole or as patches (`states`), its bots' turns (`schedule`), reading a
//! person's action and telling a stale one (`reading`), and the replay of its record
//! (`replay`). What it does for each request is written beside it, as
//! more of the actor's methods: playing (`play`), the other requests of a connection
//! (`requests`), the whole history (`history`), taking back (`undo`), rebuilding after a
//! panic (`recover`), what happened since a seat last acted (`since`) and "your turn" for
//! people away (`away`).

use crate::bots::SeatKind;
use crate::chat::Chat;
use crate::clocks::ClockSettings;
use crate::db::Db;
use crate::outgoing::{ConnId, Outgoing};
use crate::protocol::{SeatInfo, ServerMsg, TableInfo};
use crate::view::{self, Step};
use boardroom_engine::{By, Game, Present, RecordedAction, Seat, Timer, CLOCK};
use boardroom_registry::Playable;
use futures_util::FutureExt;
use std::collections::VecDeque;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use tokio::sync::mpsc;
use tokio::time::Instant;

mod away;
mod budget;
mod clock;
mod commit;
mod handle;
mod handover;
mod history;
mod play;
mod presence;
mod reading;
mod recover;
mod replay;
mod requests;
mod resume;
mod schedule;
mod since;
mod standin;
mod states;
mod storage;
mod timebank;
mod undo;

pub use budget::{ADDRESS_RATE, SEAT_RATE};
pub use clock::scaled;
use handle::constant_time_eq;
pub use handle::{
    seat_link, spectator_link, Command, Retired, Summary, TableHandle, TableInit, TableSettings,
    TableSpec, Timing,
};
pub use replay::{finished_row, replay_steps, RecordRefusal};
pub use schedule::{ANSWER_PAUSE, OPTIONAL_BOT_MOVES};
pub use storage::{STORAGE_BACK, STORAGE_PAUSED};

use clock::Clock;
use presence::Conns;
use reading::Staleness;
use replay::Frames;
use schedule::{BotMsg, BotSeats};
use storage::Backoff;
use timebank::TimeBank;

/// How many past actions a table keeps in memory for the log sent to new connections.
pub const LOG_KEPT: usize = 200;

/// One piece of work of a table's loop.
enum Work<G: Game> {
    Command(Command),
    Bot(BotMsg<G>),
    Presence,
    Storage,
    Timers,
    /// A seat's clock ran out, or a person has been gone too long (live play).
    Seats,
}

/// Why [`Table::commit`] did not play an action.
enum Refusal {
    /// The action breaks a rule: the message for the player.
    Rule(Box<ServerMsg>),
    /// The database refused the write.
    Storage,
    /// A person's move that does not move the game on, over the budget for them: the message.
    Limited(Box<ServerMsg>),
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
    kinds: Vec<SeatKind>,
    tokens: Vec<String>,
    /// The bots of the bot seats, and whose turn it is to think.
    bots: BotSeats<G>,
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
    clock: Clock<G::Action>,
    /// The table's clock and stand-in, as its creator chose them.
    clock_settings: ClockSettings,
    /// The seats' clocks.
    timebank: TimeBank,
    /// Per seat, the stand-in playing it in its person's place, if one does: `By::Clock`
    /// until its first move after the seat's time ran out (recorded as the clock's), then
    /// `By::StandIn`.
    stand_ins: Vec<Option<By>>,
    /// Per person seat, since when nobody holds it (no connection).
    gone_since: Vec<Option<Instant>>,
    /// Per seat, whether it waits for an invited account's answer.
    invited: Vec<bool>,
    /// What tells a stale action: since when each answer stands, the states just left.
    staleness: Staleness<G>,
    /// The connections, and when presence is due.
    conns: Conns,
    db: Db,
    settings: TableSettings,
    summary: Arc<Mutex<Summary>>,
    rematch: Option<(String, Vec<String>)>,
    /// When a person last opened or closed a connection (or the table started).
    last_visit: Instant,
    /// When the game ended (or the finished table started).
    finished_at: Option<Instant>,
    /// An action waiting for storage, and when a storage failure was last logged.
    backoff: Backoff<G::Action>,
    /// The chat: recent lines and each writer's rate limit.
    chat: Chat,
    /// The finished game's record as JSON text, once asked for.
    record_text: Option<Arc<str>>,
    /// The finished game's replay frames, once asked for.
    frames: Option<Frames<G>>,
    /// The seats' addresses for "your turn" messages, whose turn and presence were told.
    away: away::Away,
    /// How many moves that do not move the game on each seat's person has made.
    budget: budget::Budget,
    /// Passing the table to another instance (see `handover.rs`).
    handover: handover::HandOver,
}

/// Starts the task of a table and returns its handle.
pub fn spawn<G: Playable>(init: TableInit<G>, db: Db, settings: TableSettings) -> TableHandle {
    let (tx, rx) = mpsc::channel(256);
    let moved = Arc::new(AtomicBool::new(false));
    let (bots, bot_rx) = BotSeats::new(&init.kinds);
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
        clocks: Vec::new(),
        clocks_at: None,
    }));
    let seats = init.kinds.len();
    let seat_moves = settings.seat_moves;
    let stand_ins = standin::stand_ins_of(&init.record, seats);
    let (timebank, timers_ran) = resume::clocks(&init);
    let gone_since = init
        .kinds
        .iter()
        .map(|k| k.is_human().then(Instant::now))
        .collect();
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
        timer_percent: init.timer_percent,
        hints: init.hints,
        rules: init.rules,
        archive: init.archive,
        hint_busy: Arc::new(AtomicBool::new(false)),
        clock: Clock::resumed(timers_ran),
        timebank,
        clock_settings: init.clock,
        stand_ins,
        gone_since,
        invited: (0..seats).map(|s| init.invited.contains(&s)).collect(),
        staleness: Staleness::new(),
        conns: Conns::new(),
        db,
        settings,
        summary: summary.clone(),
        rematch: init.rematch,
        last_visit: Instant::now(),
        finished_at: None,
        backoff: Backoff::new(),
        chat: Chat::empty(),
        record_text: None,
        frames: None,
        away: away::Away::new(seats),
        budget: budget::Budget::new(seats, seat_moves),
        handover: handover::HandOver::new(moved.clone()),
    };
    if table.game.is_over() {
        table.finished_at = Some(Instant::now());
    }
    table.resume_stand_ins();
    let turn_began = table.starts_a_turn();
    table.handover.played(turn_began);
    table.update_summary();
    table.state_changed();
    // At the level of errors, so that the lines of every level carry it whatever the filter.
    let span =
        tracing::error_span!("table", table = %table.id, instance = %table.settings.instance);
    let task = async move {
        tracing::info!(
            game = G::NAME,
            actions = table.version,
            "the table is open here"
        );
        // Connections wait in the channel while the chat is read.
        table.load_chat().await;
        table.load_addresses().await;
        table.schedule_bot();
        table.run(rx, bot_rx).await;
    };
    tokio::spawn(tracing::Instrument::instrument(task, span));
    TableHandle { tx, summary, moved }
}

impl<G: Playable> Table<G> {
    async fn run(
        &mut self,
        mut rx: mpsc::Receiver<Command>,
        mut bot_rx: mpsc::UnboundedReceiver<BotMsg<G>>,
    ) {
        loop {
            let presence_at = self.conns.presence_at(self.settings.timing.presence_every);
            let retry_at = self.backoff.retry_at();
            let timer_at = self.next_timer();
            let seats_at = self.seats_due_at();
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
                    Some(Command::Stop) => return,
                    Some(Command::HandOver { at_turn, reply }) => {
                        if self.hand_over(at_turn, reply) {
                            return;
                        }
                        continue;
                    }
                    Some(cmd) => Work::Command(cmd),
                    // Every handle is gone: the table stops.
                    None => return,
                },
                Some(msg) = bot_rx.recv() => Work::Bot(msg),
                _ = tokio::time::sleep_until(presence_at), if self.conns.presence_pending() => {
                    Work::Presence
                }
                _ = tokio::time::sleep_until(retry_at.unwrap_or(presence_at)), if retry_at.is_some() => {
                    Work::Storage
                }
                _ = tokio::time::sleep_until(timer_at.unwrap_or(presence_at)), if timer_at.is_some() => {
                    Work::Timers
                }
                _ = tokio::time::sleep_until(seats_at.unwrap_or(presence_at)), if seats_at.is_some() => {
                    Work::Seats
                }
            };
            // A panic while handling one piece of work must not take the table down with it:
            // the table is rebuilt from the database and its connections told.
            let done = std::panic::AssertUnwindSafe(self.work(work))
                .catch_unwind()
                .await;
            if let Err(panic) = done {
                self.recover(panic_message(&panic)).await;
            }
            if self.handover.stopped() {
                return;
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
            Work::Seats => self.seats_due(),
        }
    }

    async fn handle(&mut self, cmd: Command) {
        match cmd {
            Command::Join {
                conn,
                token,
                lang,
                reader,
                outbox,
                reply,
            } => self.join(conn, token, lang, reader, outbox, reply),
            Command::Leave { conn } => self.leave(conn),
            Command::Act {
                conn,
                action,
                version,
                ip,
            } => self.act(conn, action, version, ip).await,
            Command::Chat { conn, text } => self.chat_line(conn, text).await,
            Command::Undo { conn } => {
                self.undo(conn).await;
                self.schedule_bot();
            }
            Command::Notify { conn, to } => self.set_addresses(conn, to).await,
            Command::Log { conn } => self.send_log(conn),
            Command::Replay { conn, step, seat } => self.send_replay(conn, step, seat),
            Command::Record { token, reply } => {
                let _ = reply.send(self.game_record(token.as_deref()));
            }
            Command::Hint { conn, ip } => self.hint(conn, ip),
            Command::TakeSeat { conn } => self.take_seat(conn),
            Command::InviteAnswered { seat } => self.invite_answered(seat),
            Command::Sync { conn } => self.sync(conn),
            Command::Spec { reply } => {
                let _ = reply.send(self.spec());
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
            // Handled in `run` and `work`.
            Command::Stop | Command::Fault | Command::HandOver { .. } => {}
        }
    }

    /// Whether this table may leave memory now, and why.
    fn retirement(&self) -> Option<Retired> {
        if !self.conns.is_empty() || self.backoff.is_paused() || self.bots.busy() {
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

    /// After every change of the game: the timers (kept when their key is unchanged, started
    /// when new) and the staleness keys of what may be answered now.
    fn state_changed(&mut self) {
        let mut list: Vec<Timer<G::Action>> = Vec::new();
        if self.timer_percent > 0 && !self.game.is_over() && self.archive.is_none() {
            self.game.timers(&mut list);
        }
        self.clock
            .update(list, self.clock_settings.timer_percent(self.timer_percent));
        self.tick_clocks(None);
        self.staleness.update(&self.game, self.version);
        self.notify_turns();
    }

    /// What every viewer's `state` message in language `lang` shares now.
    fn shared(&self, lang: &str) -> view::Shared {
        let game = &self.game;
        let timers = self.clock.out(
            |a| game.format_action(a),
            |a| game.action_view(CLOCK, a, lang),
        );
        let mut shared = view::Shared::new(game, self.version, timers);
        shared.rev = view::next_rev();
        shared.clocks = self.timebank.out(Instant::now());
        shared
    }

    /// When the next timer is due: only while a person holds a seat at the table (nobody
    /// waits at a table nobody attends), the seats are timed or a stand-in plays, and storage
    /// works.
    fn next_timer(&self) -> Option<Instant> {
        let attended = self.conns.any_seated()
            || self.timebank.timed()
            || self.stand_ins.iter().any(Option::is_some);
        if self.backoff.is_paused() || !attended {
            return None;
        }
        self.clock.next_due()
    }

    /// Lets a bot think, unless play waits for storage, the game is over or the table is an
    /// archive.
    fn schedule_bot(&mut self) {
        if self.backoff.is_paused() || self.game.is_over() || self.archive.is_some() {
            return;
        }
        self.bots
            .schedule(&self.game, self.version, self.settings.bot_delay);
    }

    /// Sends every connection `msg`; a connection too slow for it is dropped.
    fn send_to_all(&mut self, msg: Outgoing) {
        if self
            .conns
            .fan_out(|c| c.outbox.try_send(msg.clone()).is_ok())
        {
            self.presence_changed();
        }
    }

    /// Sends `msg` to one connection; a connection too slow to keep up is dropped (closing its
    /// socket; the client reconnects and resumes).
    fn send(&mut self, conn: ConnId, msg: impl Into<Outgoing>) {
        if self.conns.send(conn, msg) {
            self.presence_changed();
        }
    }

    /// Someone connected or left: the lobby's summary changes now, the connections hear of
    /// it with the next presence message (at most one per [`Timing::presence_every`], with the
    /// latest state, so a crowd arriving costs a few messages, not one per arrival).
    fn presence_changed(&mut self) {
        self.note_presence();
        self.update_summary();
        self.notify_presence();
        self.conns.changed();
    }

    fn send_presence(&mut self) {
        self.conns.presence_sent();
        let msg = Outgoing::from(ServerMsg::Presence {
            seats: self.seats(),
            spectators: self.conns.spectators(),
        });
        self.send_to_all(msg);
    }

    fn seats(&self) -> Vec<SeatInfo> {
        (0..self.kinds.len())
            .map(|s| SeatInfo {
                seat: s,
                name: <G as Present>::seat_name(s),
                kind: self.kinds[s],
                online: self.conns.online(s),
                standin: self.stand_ins[s].map(|_| self.clock_settings.standin),
            })
            .collect()
    }

    fn info(&self) -> TableInfo {
        TableInfo {
            id: self.id.clone(),
            game: G::NAME.to_string(),
            title: G::TITLE.to_string(),
            edition: self.game.variant(),
            seats: self.seats(),
            spectator_link: spectator_link(&self.id),
            clock: (!self.clock_settings.is_none()).then(|| Box::new(self.clock_settings.clone())),
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
        let now = Instant::now();
        s.clocks = self.timebank.out(now);
        s.clocks_at = Some(now);
    }

    /// The person seat whose token is `token`.
    fn token_seat(&self, token: &str) -> Option<Seat> {
        self.tokens
            .iter()
            .enumerate()
            .find(|(s, tok)| self.kinds[*s].is_human() && constant_time_eq(tok, token))
            .map(|(s, _)| s)
    }
}

/// The text of a caught panic's payload.
fn panic_message(payload: &Box<dyn std::any::Any + Send>) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic without a message".to_string()
    }
}
