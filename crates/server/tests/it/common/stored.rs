//! Tables written straight into a server's database, as the server itself stores them
//! (through its own database API): a game found in-process, then served from that position
//! by a server started on the file, since a table is restored by replaying config, seed and
//! actions.

use boardroom_engine::{Game, Seat};
use boardroom_server::db::{Db, SeatRow, TableRow};
use boardroom_server::lobby::new_token;
use std::path::Path;

/// A table to store: its game, configuration and seed, its seats' kinds, and the actions
/// played so far.
pub struct StoredTable {
    pub row: TableRow,
    pub actions: Vec<(Seat, String)>,
}

impl StoredTable {
    /// Table `id` of game `G` with `config` and `seed`, seats of `kinds` (fresh tokens), no
    /// clock (timers off), public, and `actions` in the game's notation.
    pub fn new<G: Game>(
        id: &str,
        config: &G::Config,
        seed: u64,
        kinds: &[&str],
        actions: Vec<(Seat, String)>,
    ) -> StoredTable
    where
        G::Config: serde::Serialize,
    {
        StoredTable {
            row: TableRow {
                id: id.into(),
                game: G::NAME.into(),
                config: serde_json::to_string(config).expect("a configuration as JSON"),
                seed,
                created: boardroom_server::time::now(),
                seats: kinds
                    .iter()
                    .map(|k| SeatRow {
                        kind: (*k).into(),
                        token: new_token(),
                    })
                    .collect(),
                rematch_of: None,
                rematch: None,
                timer_percent: 0,
                private: false,
                bot_speed: None,
                open_seats: Vec::new(),
                hints: false,
                rules: G::RULES_REVISION,
                clock: None,
                rated: false,
            },
            actions,
        }
    }

    /// The invite link of `seat`.
    pub fn link(&self, seat: usize) -> String {
        boardroom_server::table::seat_link(&self.row.id, &self.row.seats[seat].token)
    }

    /// Writes the table and its actions into the database file `db` (created if missing).
    pub async fn write(&self, db: &Path) {
        let store = Db::open(db).expect("the database opens");
        store
            .insert_table(self.row.clone())
            .await
            .expect("the table is stored");
        for (idx, (seat, action)) in self.actions.iter().enumerate() {
            store
                .append_action(
                    self.row.id.clone(),
                    idx,
                    *seat,
                    action.clone(),
                    boardroom_engine::By::Player,
                )
                .await
                .expect("the action is stored");
        }
    }

    /// Writes the table into a fresh database in a temporary folder and starts a server on it
    /// (bots waiting `bot_delay` before each move).
    pub async fn serve(&self, bot_delay: std::time::Duration) -> super::TestServer {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("tables.sqlite");
        self.write(&db).await;
        super::start_on(dir, db, bot_delay).await
    }
}
