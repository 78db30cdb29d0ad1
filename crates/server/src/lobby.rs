//! The lobby: every table of the server, creating tables, rematches, and rebuilding all tables
//! from the database on start.

use crate::bots::{self, HUMAN};
use crate::db::{Db, SeatRow, TableRow};
use crate::games::{ServerGame, GAMES};
use crate::table::{self, seat_link, spectator_link, Command, Summary, TableHandle, TableInit};
use crate::view::Step;
use boardroom_bigboss::{BigBoss, Edition};
use boardroom_bigshot::BigShot;
use boardroom_engine::{Game, Record, RecordedAction};
use rand::RngCore;
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, RwLock};
use tokio::sync::{oneshot, Mutex};

/// The most tables one server holds (creating more is refused).
pub const MAX_TABLES: usize = 20_000;

/// A request to create a table.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateTable {
    /// The game: `big-boss` (the default) or `big-shot`.
    #[serde(default = "default_game")]
    pub game: String,
    /// Big Boss: `modern` or `classic`.
    #[serde(default)]
    pub edition: Option<Edition>,
    /// Big Shot: the hidden-money variant.
    #[serde(default)]
    pub hidden_money: bool,
    /// Who sits in each seat: `human` or a bot level (`random`, `easy`, `normal`, `hard`).
    /// The number of seats is the number of players.
    pub seats: Vec<String>,
}

fn default_game() -> String {
    BigBoss::NAME.to_string()
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

fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

impl Lobby {
    /// Opens the lobby over `db`, rebuilding every stored table by replaying its actions.
    pub async fn load(db: Db, settings: table::TableSettings) -> anyhow::Result<Arc<Lobby>> {
        let lobby = Arc::new(Lobby {
            tables: RwLock::new(HashMap::new()),
            db: db.clone(),
            settings,
            rematch_lock: Mutex::new(()),
        });
        let rows = db.load_tables().await?;
        let tokens: HashMap<String, Vec<String>> = rows
            .iter()
            .map(|r| {
                (
                    r.id.clone(),
                    r.seats.iter().map(|s| s.token.clone()).collect(),
                )
            })
            .collect();
        for row in rows {
            let actions = db.load_actions(row.id.clone()).await?;
            let rematch = row
                .rematch
                .as_ref()
                .and_then(|r| tokens.get(r).map(|t| (r.clone(), t.clone())));
            let started = match row.game.as_str() {
                BigBoss::NAME => lobby.restore::<BigBoss>(&row, &actions, rematch),
                BigShot::NAME => lobby.restore::<BigShot>(&row, &actions, rematch),
                other => Err(anyhow::anyhow!("unknown game `{other}`")),
            };
            if let Err(e) = started {
                tracing::error!(table = %row.id, "cannot rebuild table: {e:#}");
            }
        }
        tracing::info!(tables = lobby.len(), "tables restored");
        Ok(lobby)
    }

    /// Replays stored table `row` as game `G` and starts it.
    fn restore<G: ServerGame>(
        &self,
        row: &TableRow,
        actions: &[crate::db::ActionRow],
        rematch: Option<(String, Vec<String>)>,
    ) -> anyhow::Result<()> {
        let (game, history) = rebuild::<G>(row, actions)?;
        let init = TableInit {
            id: row.id.clone(),
            created: row.created,
            game,
            version: actions.len(),
            history,
            kinds: row.seats.iter().map(|s| s.kind.clone()).collect(),
            tokens: row.seats.iter().map(|s| s.token.clone()).collect(),
            rematch,
        };
        let handle = table::spawn(init, self.db.clone(), self.settings.clone());
        self.insert(row.id.clone(), handle);
        Ok(())
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

    /// The most recent tables, newest first (at most `limit`).
    pub fn list(&self, limit: usize) -> Vec<Summary> {
        let mut all: Vec<Summary> = self
            .tables
            .read()
            .expect("tables lock")
            .values()
            .map(|h| h.summary.lock().expect("summary lock").clone())
            .collect();
        all.sort_by(|a, b| b.created.cmp(&a.created).then(a.id.cmp(&b.id)));
        all.truncate(limit);
        all
    }

    /// Creates a table (stored before this returns) and starts it.
    pub async fn create(&self, req: CreateTable) -> Result<Created, String> {
        if let Some(bad) = req.seats.iter().find(|k| !bots::is_kind(k)) {
            return Err(format!(
                "unknown seat kind `{}` (kinds: {})",
                bad.chars().take(40).collect::<String>(),
                bots::SEAT_KINDS.join(", ")
            ));
        }
        let created = match req.game.as_str() {
            BigBoss::NAME => {
                if req.hidden_money {
                    return Err("`hidden_money` is a Big Shot option".into());
                }
                let edition = req.edition.unwrap_or_default();
                let config = boardroom_bigboss::Config::new(edition, req.seats.len());
                config.validate().map_err(|e| e.to_string())?;
                self.start::<BigBoss>(config, req.seats, None).await
            }
            BigShot::NAME => {
                if req.edition.is_some() {
                    return Err("`edition` is a Big Boss option".into());
                }
                let mut config = boardroom_bigshot::Config::new(req.seats.len());
                config.hidden_money = req.hidden_money;
                config.validate().map_err(|e| e.to_string())?;
                self.start::<BigShot>(config, req.seats, None).await
            }
            other => {
                return Err(format!(
                    "unknown game `{}`: this server plays {}",
                    other.chars().take(40).collect::<String>(),
                    GAMES.map(|g| format!("`{g}`")).join(" and ")
                ))
            }
        };
        created.map(|(c, _)| c)
    }

    /// Creates a table of `G` with the stored configuration `config` (JSON), as a rematch.
    async fn start_stored<G: ServerGame>(
        &self,
        config: &str,
        kinds: Vec<String>,
        rematch_of: String,
    ) -> Result<(Created, Vec<String>), String> {
        let config: G::Config = serde_json::from_str(config).map_err(|e| e.to_string())?;
        self.start::<G>(config, kinds, Some(rematch_of)).await
    }

    /// Stores and starts a new table of `G` (the configuration already checked).
    async fn start<G: ServerGame>(
        &self,
        config: G::Config,
        kinds: Vec<String>,
        rematch_of: Option<String>,
    ) -> Result<(Created, Vec<String>), String> {
        let req_seats = kinds;
        if self.len() >= MAX_TABLES {
            return Err(format!(
                "this server already holds {MAX_TABLES} tables; no more can be created"
            ));
        }
        let seed = rand::rngs::OsRng.next_u64();
        let game = G::new(&config, seed).map_err(|e| e.to_string())?;
        let id = new_table_id();
        let tokens: Vec<String> = req_seats.iter().map(|_| new_token()).collect();
        let row = TableRow {
            id: id.clone(),
            game: G::NAME.to_string(),
            config: serde_json::to_string(&config).map_err(|e| e.to_string())?,
            seed,
            created: now(),
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
        };
        self.db.insert_table(row.clone()).await.map_err(|e| {
            tracing::error!("cannot store a new table: {e:#}");
            "the table could not be saved; try again".to_string()
        })?;
        let init = TableInit {
            id: id.clone(),
            created: row.created,
            game,
            version: 0,
            history: VecDeque::new(),
            kinds: req_seats.clone(),
            tokens: tokens.clone(),
            rematch: None,
        };
        let handle = table::spawn(init, self.db.clone(), self.settings.clone());
        self.insert(id.clone(), handle);
        let created = Created {
            seats: req_seats
                .iter()
                .enumerate()
                .map(|(s, k)| CreatedSeat {
                    seat: s,
                    name: G::seat_name(s),
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
    pub async fn rematch(&self, id: &str) -> Result<String, String> {
        let _one_at_a_time = self.rematch_lock.lock().await;
        let handle = self.get(id).ok_or("no such table")?;
        let (tx, rx) = oneshot::channel();
        handle
            .tx
            .send(Command::Spec { reply: tx })
            .await
            .map_err(|_| "the table has stopped")?;
        let spec = rx.await.map_err(|_| "the table has stopped")?;
        if let Some(existing) = spec.rematch {
            // Already started: send the links again (to whoever asks, and everyone else).
            let _ = handle.tx.send(Command::ResendRematch).await;
            return Ok(existing);
        }
        if !spec.over {
            return Err("a rematch can start once the game is over".into());
        }
        let (created, tokens) = match spec.game.as_str() {
            BigBoss::NAME => {
                self.start_stored::<BigBoss>(&spec.config, spec.kinds, spec.id)
                    .await?
            }
            BigShot::NAME => {
                self.start_stored::<BigShot>(&spec.config, spec.kinds, spec.id)
                    .await?
            }
            other => return Err(format!("unknown game `{other}`")),
        };
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

/// Replays a stored table: the game now and its most recent steps.
fn rebuild<G: ServerGame>(
    row: &TableRow,
    actions: &[crate::db::ActionRow],
) -> anyhow::Result<(G, VecDeque<Step<G>>)> {
    let record = Record {
        game: row.game.clone(),
        config: serde_json::from_str::<G::Config>(&row.config)?,
        seed: row.seed,
        actions: actions
            .iter()
            .map(|a| RecordedAction {
                seat: a.seat,
                action: a.action.clone(),
            })
            .collect(),
    };
    let mut history = VecDeque::new();
    let mut index = 0;
    let game: G = record.replay_with(|step| {
        if history.len() == table::LOG_KEPT {
            history.pop_front();
        }
        history.push_back(Step {
            index,
            seat: step.seat,
            action: actions[index].action.clone(),
            events: step.events,
        });
        index += 1;
    })?;
    Ok((game, history))
}
