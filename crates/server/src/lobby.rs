//! The lobby: every table of the server, creating tables, rematches, and rebuilding all tables
//! from the database on start.

use crate::bots::{self, HUMAN};
use crate::db::{ActionRow, DamageScope, Damaged, Db, FinishedRow, SeatRow, Stored, TableRow};
use crate::protocol::ErrorCode;
use crate::seats::ClaimError;
use crate::table::{
    self, seat_link, spectator_link, Command, Retired, Summary, TableHandle, TableInit,
};
use crate::view::Step;
use boardroom_engine::{Configure, Options, Present, Record, RecordedAction, ReplayError};
use boardroom_games::{Playable, Visitor};
use rand::RngCore;
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, VecDeque};
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, RwLock, Weak};
use std::time::Duration;
use thiserror::Error;
use tokio::sync::{oneshot, Mutex};

/// The most tables one server holds (creating more is refused).
pub const MAX_TABLES: usize = 20_000;

/// A request to create a table: `{"game": "<id>", "seats": [...], ...options}`.
#[derive(Clone, Debug, Deserialize)]
pub struct CreateTable {
    /// The game's id in the registry (`GET /api/games`); the first game listed when absent.
    #[serde(default = "default_game")]
    pub game: String,
    /// Who sits in each seat: `human` or a bot level (`random`, `easy`, `normal`, `hard`).
    /// The number of seats is the number of players.
    pub seats: Vec<String>,
    /// The table's clock in percent of the game's timers (`Game::timers`): 100 (the default)
    /// runs them as the game says, 0 runs none, 10 makes them ten times shorter (for tests).
    /// At most [`MAX_TIMER_PERCENT`].
    #[serde(default)]
    pub timer_percent: Option<u32>,
    /// Person seats (by number) offered to anyone in the lobby: a visitor claims one and
    /// receives its link. Only on a listed table.
    #[serde(default)]
    pub open_seats: Vec<usize>,
    /// Whether the table is left out of the lobby's list (reachable by its links only).
    #[serde(default)]
    pub private: bool,
    /// The pace of the table's bots: `slow`, `normal` or `fast` (absent: the server's pace).
    #[serde(default)]
    pub bot_speed: Option<String>,
    /// Whether every person at the table may ask for hints (`false`, the default: only a
    /// person whose every opponent is a bot may).
    #[serde(default)]
    pub hints: bool,
    /// The game's options, by name, beside `game` and `seats` (e.g. `"edition": "classic"`).
    /// Only options the game offers in the lobby are accepted.
    #[serde(flatten)]
    pub options: Options,
}

/// The slowest clock a table may ask for, in percent of the game's timers.
pub const MAX_TIMER_PERCENT: u32 = 1000;

/// What a table is created with beside its game and seats (kept by its rematch, except the
/// open seats: a rematch's links go to the players of the old table).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TableExtras {
    /// Left out of the lobby's list.
    pub private: bool,
    /// The pace of its bots (`None`: the server's).
    pub bot_speed: Option<String>,
    /// Person seats open to anyone in the lobby and not claimed yet.
    pub open_seats: Vec<usize>,
    /// Whether every person may ask for hints.
    pub hints: bool,
}

fn default_game() -> String {
    boardroom_games::IDS[0].to_string()
}

/// Why the lobby could not create, restore or rematch a table.
#[derive(Debug, Error)]
pub enum LobbyError {
    /// The request is wrong (unknown game, option, seat kind, player count…): the message says
    /// what is accepted. Nothing was created.
    #[error("{0}")]
    BadRequest(String),
    /// The server holds as many tables as it may.
    #[error("this server already holds {MAX_TABLES} tables; no more can be created")]
    Full,
    /// The database failed; nothing was created. The cause is logged, not shown.
    #[error("the table could not be saved; try again")]
    Storage(#[source] anyhow::Error),
    /// The database cannot be written now (the server waits for it); nothing was created.
    #[error("{}", table::STORAGE_PAUSED)]
    Unavailable,
    /// The database file is damaged (the list of tables cannot be read): nothing is written
    /// into it, so nothing more is lost; the operator checks it with `boardroom db check`.
    #[error(
        "the server's database file is damaged ({0}): no table can be created until it is \
         repaired (its operator can run `boardroom db check`)"
    )]
    Damaged(String),
    /// The table asked for does not exist or has stopped.
    #[error("no such table")]
    NoSuchTable,
}

impl LobbyError {
    /// The WebSocket error code for this error (rematches are asked over the table's socket).
    pub fn code(&self) -> ErrorCode {
        match self {
            LobbyError::BadRequest(_) => ErrorCode::Illegal,
            LobbyError::NoSuchTable => ErrorCode::NoSuchTable,
            LobbyError::Full
            | LobbyError::Storage(_)
            | LobbyError::Unavailable
            | LobbyError::Damaged(_) => ErrorCode::Internal,
        }
    }
}

/// Why a table link leads nowhere.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum Missing {
    /// No table has this identifier.
    #[error("no such table")]
    Unknown,
    /// The table never started and nobody visited it for a long time.
    #[error("this table expired")]
    Expired,
    /// The table's stored record cannot be replayed.
    #[error("this table is damaged: {0}")]
    Damaged(String),
}

/// A future the lobby's visitors return (creating a table is asynchronous: it is stored first).
type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// Creates a table of the visited game from a lobby request.
struct CreateVisitor<'a> {
    lobby: &'a Lobby,
    req: CreateTable,
}

impl<'a> Visitor for CreateVisitor<'a> {
    type Output = BoxFuture<'a, Result<(Created, Vec<String>), LobbyError>>;
    fn visit<G: Playable>(self) -> Self::Output {
        let CreateVisitor { lobby, req } = self;
        Box::pin(async move {
            let config = lobby_config::<G>(req.seats.len(), &req.options)?;
            bots::check_kinds::<G>(&req.seats).map_err(LobbyError::BadRequest)?;
            let percent = req.timer_percent.unwrap_or(100);
            if percent > MAX_TIMER_PERCENT {
                return Err(LobbyError::BadRequest(format!(
                    "`timer_percent` is {percent}: it runs from 0 (no timers) to \
                     {MAX_TIMER_PERCENT}"
                )));
            }
            if let Some(speed) = &req.bot_speed {
                bots::BotSpeed::parse(speed).map_err(LobbyError::BadRequest)?;
            }
            crate::seats::check_open(&req.open_seats, &req.seats, req.private)
                .map_err(LobbyError::BadRequest)?;
            let extras = TableExtras {
                private: req.private,
                bot_speed: req.bot_speed,
                open_seats: req.open_seats,
                hints: req.hints,
            };
            lobby
                .start::<G>(config, req.seats, None, percent, extras)
                .await
        })
    }
}

/// Creates the rematch of a table of the visited game from its stored configuration.
struct RematchVisitor<'a> {
    lobby: &'a Lobby,
    config: String,
    kinds: Vec<String>,
    rematch_of: String,
    timer_percent: u32,
    extras: TableExtras,
}

impl<'a> Visitor for RematchVisitor<'a> {
    type Output = BoxFuture<'a, Result<(Created, Vec<String>), LobbyError>>;
    fn visit<G: Playable>(self) -> Self::Output {
        let RematchVisitor {
            lobby,
            config,
            kinds,
            rematch_of,
            timer_percent,
            extras,
        } = self;
        Box::pin(async move {
            let config: G::Config = serde_json::from_str(&config).map_err(|e| {
                LobbyError::Storage(anyhow::anyhow!("stored configuration unreadable: {e}"))
            })?;
            lobby
                .start::<G>(config, kinds, Some(rematch_of), timer_percent, extras)
                .await
        })
    }
}

/// Rebuilds a stored table of the visited game and starts it (a finished one only when
/// `finished` says so: otherwise it stays archived).
struct RestoreVisitor<'a> {
    lobby: &'a Lobby,
    row: &'a TableRow,
    actions: &'a [ActionRow],
    rematch: Option<(String, Vec<String>)>,
    finished: bool,
}

impl Visitor for RestoreVisitor<'_> {
    type Output = anyhow::Result<Option<TableHandle>>;
    fn visit<G: Playable>(self) -> anyhow::Result<Option<TableHandle>> {
        self.lobby
            .restore::<G>(self.row, self.actions, self.rematch, self.finished)
    }
}

/// Replays a stored finished table of the visited game into its line of the lobby's list of
/// finished tables; the time it ended is not stored, so its creation time stands for it.
struct FinishedVisitor<'a> {
    row: &'a TableRow,
    actions: &'a [ActionRow],
}

impl Visitor for FinishedVisitor<'_> {
    type Output = anyhow::Result<FinishedRow>;
    fn visit<G: Playable>(self) -> anyhow::Result<FinishedRow> {
        let (game, _) = rebuild::<G>(self.row, self.actions)?;
        anyhow::ensure!(game.is_over(), "the game is not over");
        let record = record_of::<G>(self.row, self.actions)?.actions;
        Ok(table::finished_row::<G>(
            &self.row.id,
            &game,
            self.row.created,
            &record,
        ))
    }
}

/// Replays a stored table of the visited game and returns its game record (as JSON), and
/// whether it is kept as an archive (see [`crate::revision`]).
struct RecordVisitor<'a> {
    row: &'a TableRow,
    actions: &'a [ActionRow],
}

impl Visitor for RecordVisitor<'_> {
    type Output = anyhow::Result<(serde_json::Value, bool)>;
    fn visit<G: Playable>(self) -> anyhow::Result<(serde_json::Value, bool)> {
        let archive = crate::revision::served::<G>(self.row.rules).map_err(anyhow::Error::msg)?;
        rebuild::<G>(self.row, self.actions)?;
        let record = serde_json::to_value(record_of::<G>(self.row, self.actions)?)?;
        Ok((record, archive.is_some()))
    }
}

/// One stored table as `boardroom db check` reports it.
#[derive(Clone, Debug, Serialize)]
pub struct TableCheck {
    /// The table's identifier.
    pub id: String,
    /// The game's id, when readable.
    pub game: Option<String>,
    /// Actions stored, when readable.
    pub actions: Option<usize>,
    /// Why the table cannot be served; `None`: it replays.
    pub damaged: Option<String>,
    /// The rules revision of a table kept as an archive (played under rules its game no
    /// longer replays: see [`crate::revision`]); `None` for a table in play.
    pub archived: Option<u32>,
    /// The game record (what `boardroom replay` reads), for a table that replays.
    #[serde(skip)]
    pub record: Option<serde_json::Value>,
}

/// Checks every table of `db`: each one that replays with its game record, each one that does
/// not with the reason. Expired tables are left out.
pub async fn check(db: &Db) -> anyhow::Result<Vec<TableCheck>> {
    let (rows, damaged) = db.load_tables().await?;
    let mut out: Vec<TableCheck> = damaged
        .into_iter()
        .map(|d| TableCheck {
            id: d.id,
            game: None,
            actions: None,
            damaged: Some(d.reason),
            archived: None,
            record: None,
        })
        .collect();
    for row in rows {
        let mut check = TableCheck {
            id: row.id.clone(),
            game: Some(row.game.clone()),
            actions: None,
            damaged: None,
            archived: None,
            record: None,
        };
        let replayed = match db.load_actions(row.id.clone()).await {
            Ok(actions) => {
                check.actions = Some(actions.len());
                boardroom_games::visit(
                    &row.game,
                    RecordVisitor {
                        row: &row,
                        actions: &actions,
                    },
                )
                .map_err(anyhow::Error::from)
                .and_then(|r| r)
            }
            Err(e) => Err(e),
        };
        match replayed {
            Ok((record, archived)) => {
                check.record = Some(record);
                check.archived = archived.then_some(row.rules);
            }
            Err(e) => check.damaged = Some(format!("{e:#}")),
        }
        out.push(check);
    }
    Ok(out)
}

/// A configuration of `G` from the lobby: the player range and the options checked by the
/// registry, and only options the game offers in the lobby (a file option would name a file on
/// the server's disk, or carry a whole board: not for a web form).
fn lobby_config<G: Playable>(players: usize, options: &Options) -> Result<G::Config, LobbyError> {
    let specs = <G as Configure>::option_specs();
    let offered: Vec<&str> = specs.iter().filter(|s| s.lobby).map(|s| s.name).collect();
    let offered = if offered.is_empty() {
        "none".to_string()
    } else {
        offered.join(", ")
    };
    for (name, _) in options.iter() {
        let name: String = name.chars().take(40).collect();
        match specs.iter().find(|s| s.name == name) {
            Some(spec) if spec.lobby => {}
            Some(_) => {
                return Err(LobbyError::BadRequest(format!(
                    "option `{name}` cannot be set from the lobby ({}'s lobby options: {offered})",
                    G::TITLE
                )))
            }
            None => {
                return Err(LobbyError::BadRequest(format!(
                    "{} has no option `{name}` (its options: {offered})",
                    G::TITLE
                )))
            }
        }
    }
    boardroom_games::make_config::<G>(players, None, options)
        .map_err(|e| LobbyError::BadRequest(e.to_string()))
}

/// A seat of a new table, with its invite link (human seats only).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CreatedSeat {
    /// The seat number.
    pub seat: usize,
    /// The player's name (colour).
    pub name: String,
    /// `human` or the bot level.
    pub kind: String,
    /// The invite link (a path on this server) for a human seat.
    pub link: Option<String>,
}

/// The answer to creating a table.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Created {
    /// The table's identifier.
    pub id: String,
    /// The seats with their invite links.
    pub seats: Vec<CreatedSeat>,
    /// The spectator link.
    pub spectator: String,
}

/// Every table of the server.
pub struct Lobby {
    tables: RwLock<HashMap<String, TableHandle>>,
    db: Db,
    settings: table::TableSettings,
    rematch_lock: Mutex<()>,
    /// One table brought back from the database at a time (so never twice).
    loading: Mutex<()>,
    /// Stored tables that cannot be served, with the reason.
    damaged: RwLock<Vec<Damaged>>,
    /// What is wrong with the database file, when the list of tables cannot be read: no table
    /// is created into it.
    file_damage: RwLock<Option<String>>,
}

/// A fresh 128-bit random token, as 32 hex digits.
pub fn new_token() -> String {
    let mut b = [0u8; 16];
    rand::rngs::OsRng.fill_bytes(&mut b);
    b.iter().map(|x| format!("{x:02x}")).collect()
}

fn new_table_id() -> String {
    let mut b = [0u8; 6];
    rand::rngs::OsRng.fill_bytes(&mut b);
    b.iter().map(|x| format!("{x:02x}")).collect()
}

impl Lobby {
    /// Opens the lobby over `db`: replays every stored table, starts each unfinished one
    /// (finished ones stay archived until their link is opened), and lists every table that
    /// cannot be replayed, with the reason (logged, and in [`Lobby::damaged`]). When the
    /// database cannot be written yet, the tables are read again once it can (those it could
    /// not read before come back then).
    pub async fn load(db: Db, settings: table::TableSettings) -> anyhow::Result<Arc<Lobby>> {
        let lobby = Arc::new(Lobby {
            tables: RwLock::new(HashMap::new()),
            db: db.clone(),
            settings,
            rematch_lock: Mutex::new(()),
            loading: Mutex::new(()),
            damaged: RwLock::new(Vec::new()),
            file_damage: RwLock::new(None),
        });
        lobby.restore_stored().await;
        if !db.writable() {
            let weak = Arc::downgrade(&lobby);
            tokio::spawn(async move {
                db.wait_writable().await;
                if let Some(lobby) = weak.upgrade() {
                    lobby.restore_stored().await;
                }
            });
        }
        Ok(lobby)
    }

    /// Replays every stored table not in memory yet and starts each unfinished one, and lists
    /// those that cannot be replayed (replacing the list).
    async fn restore_stored(&self) {
        // One table brought back at a time: a link opened meanwhile waits.
        let _one_at_a_time = self.loading.lock().await;
        let writable = self.db.writable();
        let (rows, mut damaged) = match self.db.load_tables().await {
            Ok(loaded) => loaded,
            Err(e) => (
                Vec::new(),
                vec![Damaged {
                    id: "(every table)".into(),
                    reason: format!("the list of tables cannot be read: {e:#}"),
                    // Without storage nothing can be read: that is no sign of damage.
                    scope: if writable {
                        DamageScope::File
                    } else {
                        DamageScope::Public
                    },
                }],
            ),
        };
        let tokens: HashMap<String, Vec<String>> = rows
            .iter()
            .map(|r| {
                (
                    r.id.clone(),
                    r.seats.iter().map(|s| s.token.clone()).collect(),
                )
            })
            .collect();
        let mut archived = Vec::new();
        for row in rows {
            if self.get(&row.id).is_some() {
                continue;
            }
            let rematch = row
                .rematch
                .as_ref()
                .and_then(|r| tokens.get(r).map(|t| (r.clone(), t.clone())));
            match self.replay(&row, rematch, false).await {
                Ok(Some(_)) => {}
                Ok(None) => archived.push(row),
                Err(reason) => damaged.push(Damaged {
                    scope: if row.private {
                        DamageScope::Private
                    } else {
                        DamageScope::Public
                    },
                    id: row.id,
                    reason,
                }),
            }
        }
        let archived_count = archived.len();
        // Listing finished tables writes: it waits until the database can be written.
        if writable {
            self.list_finished(archived).await;
        }
        for d in &damaged {
            tracing::error!(table = %d.id, "cannot serve a stored table: {}", d.reason);
        }
        let file_damage = damaged
            .iter()
            .find(|d| d.scope == DamageScope::File)
            .map(|d| d.reason.clone());
        if let Some(problem) = &file_damage {
            tracing::error!(
                "the database file is damaged ({problem}); no table will be created in it: \
                 run `boardroom db check` on it, and restore it from a backup"
            );
        }
        tracing::info!(
            tables = self.len(),
            archived = archived_count,
            damaged = damaged.len(),
            writable,
            "tables restored"
        );
        *self.damaged.write().expect("damaged lock") = damaged;
        *self.file_damage.write().expect("file damage lock") = file_damage;
    }

    /// Lists among the recently finished tables (in the database, so the lobby shows them from
    /// start-up on) every finished table of `archived` not listed yet: one whose game ended
    /// before this list was kept, or whose end could not be stored. Its winners come from
    /// replaying its record; its creation time stands for when it ended. Failures are logged.
    async fn list_finished(&self, archived: Vec<TableRow>) {
        if archived.is_empty() {
            return;
        }
        let known = match self.db.finished_ids().await {
            Ok(known) => known,
            Err(e) => {
                tracing::error!("cannot read the list of finished tables: {e:#}");
                return;
            }
        };
        for row in archived.iter().filter(|r| !known.contains(&r.id)) {
            let finished = match self.db.load_actions(row.id.clone()).await {
                Ok(actions) => boardroom_games::visit(
                    &row.game,
                    FinishedVisitor {
                        row,
                        actions: &actions,
                    },
                )
                .map_err(anyhow::Error::from)
                .and_then(|r| r),
                Err(e) => Err(e),
            };
            let stored = match finished {
                Ok(finished) => self.db.store_finished(finished).await,
                Err(e) => Err(e),
            };
            if let Err(e) = stored {
                tracing::error!(table = %row.id, "cannot list the finished table: {e:#}");
            }
        }
    }

    /// Reads table `row`'s actions and replays it; `Ok(None)`: finished, left archived.
    async fn replay(
        &self,
        row: &TableRow,
        rematch: Option<(String, Vec<String>)>,
        finished: bool,
    ) -> Result<Option<TableHandle>, String> {
        let actions = self
            .db
            .load_actions(row.id.clone())
            .await
            .map_err(|e| format!("{e:#}"))?;
        boardroom_games::visit(
            &row.game,
            RestoreVisitor {
                lobby: self,
                row,
                actions: &actions,
                rematch,
                finished,
            },
        )
        .map_err(anyhow::Error::from)
        .and_then(|r| r)
        .map_err(|e| format!("{e:#}"))
    }

    /// The database.
    pub fn db(&self) -> &Db {
        &self.db
    }

    /// Stored tables that cannot be served, with the reason (private ones too: for the
    /// operator).
    pub fn damaged(&self) -> Vec<Damaged> {
        self.damaged.read().expect("damaged lock").clone()
    }

    /// What anyone may be told of the damaged tables: those known to be public (and damage to
    /// the file itself), and how many others there are. A private table's identifier opens its
    /// spectator link, so it stays with the operator (the log, `boardroom db check`).
    pub fn damaged_public(&self) -> (Vec<Damaged>, usize) {
        let (private, public): (Vec<Damaged>, Vec<Damaged>) = self
            .damaged()
            .into_iter()
            .partition(|d| d.scope == DamageScope::Private);
        (public, private.len())
    }

    /// The state of storage, in one word: `ok`, `unavailable` (the database cannot be written
    /// now; play resumes when it can) or `damaged` (the file is damaged: no table is created).
    pub fn storage(&self) -> &'static str {
        if self.file_damage.read().expect("file damage lock").is_some() {
            "damaged"
        } else if self.db.writable() {
            "ok"
        } else {
            "unavailable"
        }
    }

    /// The table `id`: in memory, or brought back from the database (an archived table).
    pub async fn open(&self, id: &str) -> Result<TableHandle, Missing> {
        if let Some(handle) = self.get(id) {
            return Ok(handle);
        }
        if id.is_empty() || id.len() > 64 {
            return Err(Missing::Unknown);
        }
        let _one_at_a_time = self.loading.lock().await;
        if let Some(handle) = self.get(id) {
            return Ok(handle);
        }
        let stored = self.db.load_table(id.to_string()).await.map_err(|e| {
            tracing::error!(table = %id, "cannot read a stored table: {e:#}");
            Missing::Damaged("the database cannot be read".into())
        })?;
        let row = match stored {
            None => return Err(Missing::Unknown),
            Some(Stored::Expired) => return Err(Missing::Expired),
            Some(Stored::Damaged(reason)) => return Err(Missing::Damaged(reason)),
            Some(Stored::Table(row)) => row,
        };
        let rematch = match &row.rematch {
            Some(r) => match self.db.load_table(r.clone()).await {
                Ok(Some(Stored::Table(t))) => {
                    Some((r.clone(), t.seats.into_iter().map(|s| s.token).collect()))
                }
                _ => None,
            },
            None => None,
        };
        match self.replay(&row, rematch, true).await {
            Ok(Some(handle)) => Ok(handle),
            Ok(None) => Err(Missing::Unknown),
            Err(reason) => {
                tracing::error!(table = %id, "cannot serve a stored table: {reason}");
                Err(Missing::Damaged(reason))
            }
        }
    }

    /// Starts the task that takes finished tables out of memory and expires tables nobody
    /// used (see [`table::Timing`]). It stops with the lobby.
    pub fn spawn_sweeper(self: &Arc<Self>) {
        let timing = &self.settings.timing;
        let every = (timing.archive_after.min(timing.expire_after) / 4)
            .clamp(Duration::from_millis(10), Duration::from_secs(30));
        let lobby: Weak<Lobby> = Arc::downgrade(self);
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(every);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tick.tick().await;
                let Some(lobby) = lobby.upgrade() else {
                    return;
                };
                lobby.sweep().await;
            }
        });
    }

    /// Asks every table whether it may leave memory, and lets those go.
    pub async fn sweep(&self) {
        let handles: Vec<(String, TableHandle)> = self
            .tables
            .read()
            .expect("tables lock")
            .iter()
            .map(|(id, h)| (id.clone(), h.clone()))
            .collect();
        for (id, handle) in handles {
            let (tx, rx) = oneshot::channel();
            // A busy table is asked next time.
            if handle.tx.try_send(Command::Retire { reply: tx }).is_err() {
                continue;
            }
            let Ok(Some(retired)) = rx.await else {
                continue;
            };
            {
                let mut tables = self.tables.write().expect("tables lock");
                if tables
                    .get(&id)
                    .is_some_and(|h| Arc::ptr_eq(&h.summary, &handle.summary))
                {
                    tables.remove(&id);
                }
            }
            if retired == Retired::Expired {
                if let Err(e) = self.db.mark_expired(id.clone()).await {
                    tracing::error!(table = %id, "cannot mark a table expired: {e:#}");
                }
            }
            tracing::debug!(table = %id, ?retired, "table left memory");
        }
    }

    /// Replays stored table `row` as game `G` and starts it; a finished game only when
    /// `finished` (otherwise `Ok(None)`: it stays archived).
    fn restore<G: Playable>(
        &self,
        row: &TableRow,
        actions: &[ActionRow],
        rematch: Option<(String, Vec<String>)>,
        finished: bool,
    ) -> anyhow::Result<Option<TableHandle>> {
        if row.seats.len() < G::MIN_PLAYERS || row.seats.len() > G::MAX_PLAYERS {
            anyhow::bail!(
                "{} seats stored; {} is for {} to {} players",
                row.seats.len(),
                G::TITLE,
                G::MIN_PLAYERS,
                G::MAX_PLAYERS
            );
        }
        let archive = crate::revision::served::<G>(row.rules).map_err(anyhow::Error::msg)?;
        let (game, history) = rebuild::<G>(row, actions)?;
        if game.is_over() && !finished {
            return Ok(None);
        }
        let record = record_of::<G>(row, actions)?.actions;
        let init = TableInit {
            id: row.id.clone(),
            created: row.created,
            game,
            seed: row.seed,
            version: record.len() + record.iter().filter(|a| a.undone).count(),
            record,
            history,
            kinds: row.seats.iter().map(|s| s.kind.clone()).collect(),
            tokens: row.seats.iter().map(|s| s.token.clone()).collect(),
            rematch,
            timer_percent: row.timer_percent,
            hints: row.hints,
            rules: row.rules,
            archive,
        };
        let extras = TableExtras {
            private: row.private,
            bot_speed: row.bot_speed.clone(),
            open_seats: row.open_seats.clone(),
            hints: row.hints,
        };
        let handle = table::spawn(init, self.db.clone(), self.table_settings(&extras));
        mark(&handle, &extras);
        self.insert(row.id.clone(), handle.clone());
        Ok(Some(handle))
    }

    /// The settings of a table: the server's, its bots at the table's own pace if it has one.
    fn table_settings(&self, extras: &TableExtras) -> table::TableSettings {
        let mut settings = self.settings.clone();
        if let Some(speed) = extras.bot_speed.as_deref() {
            match bots::BotSpeed::parse(speed) {
                Ok(speed) => settings.bot_delay = speed.delay(),
                // Checked when the table was created: a table stored by a version that knew
                // other speeds goes on at the server's pace.
                Err(e) => tracing::warn!("{e}; the server's pace is used"),
            }
        }
        settings
    }

    fn insert(&self, id: String, handle: TableHandle) {
        self.tables.write().expect("tables lock").insert(id, handle);
    }

    /// The number of tables.
    pub fn len(&self) -> usize {
        self.tables.read().expect("tables lock").len()
    }

    /// Whether there are no tables.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The table `id`, if it exists.
    pub fn get(&self, id: &str) -> Option<TableHandle> {
        self.tables.read().expect("tables lock").get(id).cloned()
    }

    /// The most recent tables still being played, newest first (at most `limit`); finished
    /// ones are listed apart (`history::finished`).
    pub fn list(&self, limit: usize) -> Vec<Summary> {
        let mut all: Vec<Summary> = self
            .tables
            .read()
            .expect("tables lock")
            .values()
            .map(|h| h.summary.lock().expect("summary lock").clone())
            .filter(|s| !s.private)
            .filter(|s| !s.over)
            .collect();
        all.sort_by(|a, b| b.created.cmp(&a.created).then(a.id.cmp(&b.id)));
        all.truncate(limit);
        all
    }

    /// Creates a table (stored before this returns) and starts it. The game is found in the
    /// registry by its id; its options are checked against those it offers in the lobby.
    pub async fn create(&self, req: CreateTable) -> Result<Created, LobbyError> {
        if let Some(bad) = req.seats.iter().find(|k| !bots::is_kind(k)) {
            return Err(LobbyError::BadRequest(format!(
                "unknown seat kind `{}` (kinds: {})",
                bad.chars().take(40).collect::<String>(),
                bots::seat_kinds().join(", ")
            )));
        }
        let game = req.game.clone();
        let create = boardroom_games::visit(&game, CreateVisitor { lobby: self, req })
            .map_err(|e| LobbyError::BadRequest(e.to_string()))?;
        create.await.map(|(created, _)| created)
    }

    /// Stores and starts a new table of `G` (the configuration already checked).
    async fn start<G: Playable>(
        &self,
        config: G::Config,
        kinds: Vec<String>,
        rematch_of: Option<String>,
        timer_percent: u32,
        extras: TableExtras,
    ) -> Result<(Created, Vec<String>), LobbyError> {
        let req_seats = kinds;
        if self.len() >= MAX_TABLES {
            return Err(LobbyError::Full);
        }
        let seed = rand::rngs::OsRng.next_u64();
        let game = G::new(&config, seed).map_err(|e| LobbyError::BadRequest(e.to_string()))?;
        let id = new_table_id();
        let tokens: Vec<String> = req_seats.iter().map(|_| new_token()).collect();
        let row = TableRow {
            id: id.clone(),
            game: G::NAME.to_string(),
            config: serde_json::to_string(&config)
                .map_err(|e| LobbyError::Storage(anyhow::anyhow!("configuration as JSON: {e}")))?,
            seed,
            created: crate::time::now(),
            seats: req_seats
                .iter()
                .zip(&tokens)
                .map(|(k, t)| SeatRow {
                    kind: k.clone(),
                    token: t.clone(),
                })
                .collect(),
            rematch_of,
            rematch: None,
            timer_percent,
            private: extras.private,
            bot_speed: extras.bot_speed.clone(),
            open_seats: extras.open_seats.clone(),
            hints: extras.hints,
            rules: G::RULES_REVISION,
        };
        if let Some(problem) = self.file_damage.read().expect("file damage lock").clone() {
            return Err(LobbyError::Damaged(file_problem_words(&problem)));
        }
        if !self.db.writable() {
            return Err(LobbyError::Unavailable);
        }
        if let Err(e) = self.db.insert_table(row.clone()).await {
            tracing::error!(table = %id, "cannot store a new table: {e:#}");
            return Err(LobbyError::Storage(e));
        }
        let init = TableInit {
            id: id.clone(),
            created: row.created,
            game,
            seed,
            record: Vec::new(),
            version: 0,
            history: VecDeque::new(),
            kinds: req_seats.clone(),
            tokens: tokens.clone(),
            rematch: None,
            timer_percent,
            hints: extras.hints,
            rules: G::RULES_REVISION,
            archive: None,
        };
        let handle = table::spawn(init, self.db.clone(), self.table_settings(&extras));
        mark(&handle, &extras);
        self.insert(id.clone(), handle);
        let created = Created {
            seats: req_seats
                .iter()
                .enumerate()
                .map(|(s, k)| CreatedSeat {
                    seat: s,
                    name: <G as Present>::seat_name(s),
                    kind: k.clone(),
                    link: (k == HUMAN).then(|| seat_link(&id, &tokens[s])),
                })
                .collect(),
            spectator: spectator_link(&id),
            id,
        };
        Ok((created, tokens))
    }

    /// Starts the rematch of finished table `id` (same game, settings and seats; a new deal), or
    /// returns the one already started. Every connection of the old table is sent its link.
    pub async fn rematch(&self, id: &str) -> Result<String, LobbyError> {
        let _one_at_a_time = self.rematch_lock.lock().await;
        let handle = self.get(id).ok_or(LobbyError::NoSuchTable)?;
        let (tx, rx) = oneshot::channel();
        handle
            .tx
            .send(Command::Spec { reply: tx })
            .await
            .map_err(|_| LobbyError::NoSuchTable)?;
        let spec = rx.await.map_err(|_| LobbyError::NoSuchTable)?;
        if let Some(existing) = spec.rematch {
            // Already started: send the links again (to whoever asks, and everyone else).
            let _ = handle.tx.send(Command::ResendRematch).await;
            return Ok(existing);
        }
        if !spec.over {
            return Err(LobbyError::BadRequest(
                "a rematch can start once the game is over".into(),
            ));
        }
        let extras = {
            let summary = handle.summary.lock().expect("summary lock");
            TableExtras {
                private: summary.private,
                bot_speed: summary.bot_speed.clone(),
                open_seats: Vec::new(),
                hints: spec.hints,
            }
        };
        let start = boardroom_games::visit(
            &spec.game,
            RematchVisitor {
                lobby: self,
                config: spec.config,
                kinds: spec.kinds,
                rematch_of: spec.id,
                timer_percent: spec.timer_percent,
                extras,
            },
        )
        .map_err(|e| LobbyError::Storage(e.into()))?;
        let (created, tokens) = start.await?;
        let _ = handle
            .tx
            .send(Command::RematchReady {
                table: created.id.clone(),
                tokens,
            })
            .await;
        Ok(created.id)
    }
}

/// What is wrong with the database file, for a refusal shown to anyone: SQLite's words for it
/// (the detail, which may name pages or rows, stays in the log).
fn file_problem_words(reason: &str) -> String {
    let reason = reason.to_ascii_lowercase();
    if reason.contains("not a database") {
        "the file is not a SQLite database".into()
    } else if reason.contains("malformed") || reason.contains("corrupt") {
        "the database disk image is malformed".into()
    } else {
        "the list of tables cannot be read".into()
    }
}

/// Writes what the lobby shows of a table's extras into its summary (before it is listed).
fn mark(handle: &TableHandle, extras: &TableExtras) {
    let mut summary = handle.summary.lock().expect("summary lock");
    summary.private = extras.private;
    summary.bot_speed = extras.bot_speed.clone();
    summary.open_seats = extras.open_seats.clone();
}

/// A seat claimed from the lobby.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Claimed {
    /// The table's identifier.
    pub table: String,
    /// The seat number.
    pub seat: usize,
    /// The seat's name.
    pub name: String,
    /// The seat's link (a path on this server): the key to the seat.
    pub link: String,
}

impl Lobby {
    /// Claims open seat `seat` of table `id` for whoever asks: its link, once. A seat that is
    /// not open, already claimed (by an earlier claim, however close), or at a finished game
    /// is refused and nothing changes.
    pub async fn claim(&self, id: &str, seat: usize) -> Result<Claimed, ClaimError> {
        let handle = self.open(id).await.map_err(|_| ClaimError::NoSuchTable)?;
        let name = {
            let summary = handle.summary.lock().expect("summary lock");
            if summary.over {
                return Err(ClaimError::Taken(
                    "the game at this table is over: its seats are no longer open".into(),
                ));
            }
            match summary.seats.get(seat) {
                Some(s) => s.name.clone(),
                None => {
                    return Err(ClaimError::Taken(format!(
                        "the table has no seat {seat} (seats 0 to {})",
                        summary.seats.len().saturating_sub(1)
                    )))
                }
            }
        };
        let token = crate::seats::claim(&self.db, id.to_string(), seat)
            .await
            .map_err(|e| {
                tracing::error!(table = %id, "cannot claim a seat: {e:#}");
                ClaimError::Storage(e)
            })?
            .ok_or_else(|| {
                ClaimError::Taken(format!(
                    "{name}'s seat is taken (or was never open): choose another open seat"
                ))
            })?;
        handle
            .summary
            .lock()
            .expect("summary lock")
            .open_seats
            .retain(|&s| s != seat);
        Ok(Claimed {
            table: id.to_string(),
            seat,
            name,
            link: seat_link(id, &token),
        })
    }
}

/// The game record of a stored table.
fn record_of<G: Playable>(
    row: &TableRow,
    actions: &[ActionRow],
) -> anyhow::Result<Record<G::Config>> {
    Ok(Record {
        game: row.game.clone(),
        rules: row.rules,
        config: serde_json::from_str::<G::Config>(&row.config)
            .map_err(|e| anyhow::anyhow!("stored configuration unreadable: {e}"))?,
        seed: row.seed,
        actions: actions
            .iter()
            .map(|a| RecordedAction {
                seat: a.seat,
                action: a.action.clone(),
                undone: a.undone,
            })
            .collect(),
    })
}

/// Replays a stored table: the game now and its most recent steps.
///
/// A table kept as an archive (see [`crate::revision`]) was played under rules this code no
/// longer replays, so its record may stop replaying part way (an action that reads or is
/// legal no more): it is replayed as far as today's rules accept it, which is the state its
/// viewers see; its record itself stays whole.
fn rebuild<G: Playable>(
    row: &TableRow,
    actions: &[ActionRow],
) -> anyhow::Result<(G, VecDeque<Step<G>>)> {
    let archive = crate::revision::served::<G>(row.rules).map_err(anyhow::Error::msg)?;
    let record = record_of::<G>(row, actions)?;
    let mut upto = record.actions.len();
    loop {
        let mut history: VecDeque<Step<G>> = VecDeque::new();
        let replayed = table::replay_steps(
            &record.config,
            record.seed,
            &record.actions[..upto],
            |step, _| {
                if history.len() == table::LOG_KEPT {
                    history.pop_front();
                }
                history.push_back(step);
            },
        );
        let e = match replayed {
            Ok(game) => return Ok((game, history)),
            Err(e) => e,
        };
        // Every action before the first that fails replays, so the second pass succeeds.
        match e.downcast_ref::<ReplayError>() {
            Some(ReplayError::Notation { index, .. } | ReplayError::Illegal { index, .. })
                if archive.is_some() && *index < upto =>
            {
                upto = *index
            }
            _ => return Err(e),
        }
    }
}
