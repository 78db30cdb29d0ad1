//! A live table: one task (an actor) that owns the game and serves its connections.
//!
//! Connections and bots talk to the table only through [`Command`]s on its channel, so every
//! action is handled in order, one at a time. An action is checked, applied to a copy of the
//! game, written to the database, and only once the write is committed does the table take the
//! new state and tell every connection (each its own observation and redacted events).

use crate::bots::{self, HUMAN};
use crate::db::Db;
use crate::protocol::{ErrorCode, SeatInfo, ServerMsg, TableInfo};
use crate::view::{self, Step};
use boardroom_engine::{Bot, Game, Present, Seat, Viewer};
use boardroom_games::Playable;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};

/// How many past actions a table keeps in memory for the log sent to new connections.
pub const LOG_KEPT: usize = 200;

/// Identifies one connection.
pub type ConnId = u64;

/// Where a table sends a connection's messages.
pub type Outbox = mpsc::Sender<Arc<ServerMsg>>;

/// Messages a connection may have waiting before the table drops it as too slow (it can
/// reconnect and resume).
pub const OUTBOX_CAPACITY: usize = 64;

/// A request to a table.
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
        /// The action in notation.
        action: String,
        /// The version the client saw, if it said.
        version: Option<usize>,
    },
    /// A connection asks for the state again.
    Sync {
        /// The connection.
        conn: ConnId,
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
}

/// Settings every table shares.
#[derive(Clone, Debug)]
pub struct TableSettings {
    /// Pause before a bot moves, so people can follow.
    pub bot_delay: Duration,
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
    /// Actions played so far.
    pub version: usize,
    /// The most recent steps (for the log).
    pub history: VecDeque<Step<G>>,
    /// Seat kinds.
    pub kinds: Vec<String>,
    /// Seat tokens.
    pub tokens: Vec<String>,
    /// The rematch and its tokens, if one exists.
    pub rematch: Option<(String, Vec<String>)>,
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
        /// Its choice.
        action: G::Action,
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
    version: usize,
    history: VecDeque<Step<G>>,
    kinds: Vec<String>,
    tokens: Vec<String>,
    bots: Vec<Option<Box<dyn Bot<G>>>>,
    bot_busy: bool,
    conns: HashMap<ConnId, Conn>,
    db: Db,
    settings: TableSettings,
    summary: Arc<Mutex<Summary>>,
    rematch: Option<(String, Vec<String>)>,
    bot_tx: mpsc::UnboundedSender<BotMsg<G>>,
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
    }));
    let mut table = Table {
        id: init.id,
        game: init.game,
        version: init.version,
        history: init.history,
        kinds: init.kinds,
        tokens: init.tokens,
        bots,
        bot_busy: false,
        conns: HashMap::new(),
        db,
        settings,
        summary: summary.clone(),
        rematch: init.rematch,
        bot_tx,
    };
    table.update_summary();
    tokio::spawn(async move {
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
            tokio::select! {
                cmd = rx.recv() => match cmd {
                    Some(cmd) => self.handle(cmd).await,
                    // Every handle is gone: the table stops.
                    None => return,
                },
                Some(msg) = bot_rx.recv() => self.bot_msg(msg).await,
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
                if version == self.version {
                    if let Err(e) = self.commit(seat, action).await {
                        tracing::error!(table = %self.id, seat, "bot move refused: {e:?}");
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
                if self.conns.remove(&conn).is_some() {
                    self.presence_changed();
                }
            }
            Command::Act {
                conn,
                action,
                version,
            } => self.act(conn, &action, version).await,
            Command::Sync { conn } => {
                if let Some(c) = self.conns.get(&conn) {
                    let msg = view::state_msg(&self.game, c.viewer, self.version, None);
                    let _ = c.outbox.try_send(Arc::new(msg));
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
                });
            }
            Command::RematchReady { table, tokens } => {
                self.rematch = Some((table, tokens));
                self.send_rematch_links();
            }
            Command::ResendRematch => self.send_rematch_links(),
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
        let mut s = self.summary.lock().expect("summary lock");
        s.seats = self.seats();
        s.version = self.version;
        s.turn = <G as Present>::turn(&self.game);
        s.over = self.game.is_over();
        s.to_act = self.game.to_act().first();
    }

    /// Sends `msg` to one connection; a connection too slow to keep up is dropped (closing its
    /// socket; the client reconnects and resumes).
    fn send(&mut self, conn: ConnId, msg: ServerMsg) {
        let slow = match self.conns.get(&conn) {
            Some(c) => c.outbox.try_send(Arc::new(msg)).is_err(),
            None => false,
        };
        if slow {
            self.conns.remove(&conn);
            self.presence_changed();
        }
    }

    fn presence_changed(&mut self) {
        self.update_summary();
        let msg = Arc::new(ServerMsg::Presence {
            seats: self.seats(),
        });
        self.conns
            .retain(|_, c| c.outbox.try_send(msg.clone()).is_ok());
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
        };
        let state = view::state_msg(&self.game, viewer, self.version, None);
        self.conns.insert(conn, Conn { viewer, outbox });
        self.send(conn, welcome);
        self.send(conn, state);
        self.presence_changed();
    }

    async fn act(&mut self, conn: ConnId, text: &str, version: Option<usize>) {
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
        if self.game.is_over() {
            let m = refuse(
                ErrorCode::GameOver,
                "the game is over; start a rematch".into(),
            );
            return self.send(conn, m);
        }
        if let Some(v) = version {
            if v != self.version {
                let m = refuse(
                    ErrorCode::Stale,
                    format!(
                        "the table has moved on (you saw action {v}, it is at {}); here is \
                         the current state",
                        self.version
                    ),
                );
                self.send(conn, m);
                let s = view::state_msg(&self.game, viewer, self.version, None);
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
        let action = match self.game.parse_action(text) {
            Ok(a) => a,
            Err(e) => return self.send(conn, refuse(ErrorCode::Notation, e.to_string())),
        };
        if let Err(e) = self.commit(seat, action).await {
            self.send(conn, e);
        }
        self.schedule_bot();
    }

    /// Applies `action` for `seat`: to a copy first, then to the database, then to the table.
    async fn commit(&mut self, seat: Seat, action: G::Action) -> Result<(), ServerMsg> {
        let mut next = self.game.clone();
        let mut events = Vec::new();
        next.apply(seat, action.clone(), &mut events)
            .map_err(|e| ServerMsg::error(ErrorCode::Illegal, e.to_string()))?;
        let notation = self.game.format_action(action);
        if let Err(e) = self
            .db
            .append_action(self.id.clone(), self.version, seat, notation.clone())
            .await
        {
            tracing::error!(table = %self.id, "cannot store an action: {e:#}");
            return Err(ServerMsg::error(
                ErrorCode::Internal,
                "the action could not be saved, so it was not played; try again",
            ));
        }
        self.game = next;
        let step = Step {
            index: self.version,
            seat,
            action: notation,
            events,
        };
        self.version += 1;
        self.broadcast(&step);
        if self.history.len() == LOG_KEPT {
            self.history.pop_front();
        }
        self.history.push_back(step);
        self.update_summary();
        Ok(())
    }

    fn broadcast(&mut self, step: &Step<G>) {
        // One message per distinct viewer, shared by all its connections.
        let mut built: HashMap<Viewer, Arc<ServerMsg>> = HashMap::new();
        let (game, version) = (&self.game, self.version);
        let before = self.conns.len();
        self.conns.retain(|_, c| {
            let msg = built
                .entry(c.viewer)
                .or_insert_with(|| Arc::new(view::state_msg(game, c.viewer, version, Some(step))))
                .clone();
            c.outbox.try_send(msg).is_ok()
        });
        if self.conns.len() != before {
            self.presence_changed();
        }
    }

    /// If a bot is to act, lets it think off the async runtime and send its move back.
    fn schedule_bot(&mut self) {
        if self.bot_busy || self.game.is_over() {
            return;
        }
        let Some(seat) = self.game.to_act().first() else {
            return;
        };
        let Some(mut bot) = self.bots.get_mut(seat).and_then(Option::take) else {
            return;
        };
        let me = self.bot_tx.clone();
        self.bot_busy = true;
        let game = self.game.clone();
        let version = self.version;
        let delay = self.settings.bot_delay;
        tokio::spawn(async move {
            if !delay.is_zero() {
                tokio::time::sleep(delay).await;
            }
            let chosen = tokio::task::spawn_blocking(move || {
                let action = bot.choose(&game, seat);
                (bot, action)
            })
            .await;
            match chosen {
                Ok((bot, action)) => {
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
