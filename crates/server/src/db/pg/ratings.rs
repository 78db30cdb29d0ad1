//! The ratings on PostgreSQL: the same tables and the same arithmetic as SQLite's
//! (`db/ratings.rs`). Rating a game and rebuilding hold one advisory lock for their
//! transaction, so instances finishing games at once rate them one after the other, in the
//! order of `rated_games.seq`, which is the order a rebuild replays them in.

use super::Postgres;
use crate::db::rows::FinishedRow;
use crate::ratings::{
    apply_game, players_of, rated_seats, seat_player, Board, HistoryRow, RatedGame, RatingRow,
    Skill,
};
use anyhow::{Context, Result};
use deadpool_postgres::GenericClient;
use tokio_postgres::Row;

/// The ratings' migration step (appended to `schema.rs`'s steps).
pub(super) const RATINGS_MIGRATION: &str = "
ALTER TABLE tables ADD COLUMN rated BOOLEAN NOT NULL DEFAULT FALSE;
CREATE TABLE rated_games (
    table_id    TEXT PRIMARY KEY REFERENCES tables(id),
    seq         BIGINT NOT NULL UNIQUE,
    game        TEXT NOT NULL,
    edition     TEXT NOT NULL,
    players     INTEGER NOT NULL,
    finished    BIGINT NOT NULL,
    seats       TEXT NOT NULL
);
CREATE TABLE ratings (
    player      TEXT NOT NULL,
    game        TEXT NOT NULL,
    edition     TEXT NOT NULL,
    players     INTEGER NOT NULL,
    mu          DOUBLE PRECISION NOT NULL,
    sigma       DOUBLE PRECISION NOT NULL,
    games       INTEGER NOT NULL,
    wins        INTEGER NOT NULL,
    last_played BIGINT NOT NULL,
    PRIMARY KEY (player, game, edition, players)
);
CREATE TABLE rating_history (
    table_id     TEXT NOT NULL REFERENCES tables(id),
    player       TEXT NOT NULL,
    seq          BIGINT NOT NULL,
    game         TEXT NOT NULL,
    edition      TEXT NOT NULL,
    players      INTEGER NOT NULL,
    finished     BIGINT NOT NULL,
    place        INTEGER NOT NULL,
    won          BOOLEAN NOT NULL,
    mu_before    DOUBLE PRECISION NOT NULL,
    sigma_before DOUBLE PRECISION NOT NULL,
    mu           DOUBLE PRECISION NOT NULL,
    sigma        DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (table_id, player)
);
CREATE INDEX rating_history_by_player ON rating_history (player, seq);
";

/// The advisory lock every rating transaction holds (any number; the same for every
/// instance, and not the migrations').
const RATINGS_LOCK: i64 = 0x0072_6174_696e_6773;

/// The identity at each seat of `table` (see the SQLite twin).
async fn seat_players(c: &impl GenericClient, table: &str) -> Result<Vec<Option<String>>> {
    let rows = c
        .query(
            "SELECT s.kind, (SELECT a.account FROM seat_accounts a \
             WHERE a.table_id = s.table_id AND a.seat = s.seat AND a.state = 'seated') \
             FROM seats s WHERE s.table_id = $1 ORDER BY s.seat",
            &[&table],
        )
        .await?;
    Ok(rows
        .iter()
        .map(|r| seat_player(&r.get::<_, String>(0), r.get::<_, Option<i64>>(1)))
        .collect())
}

/// Rates the game of `row` if its table is rated, inside `tx`, the transaction that stores
/// its end (see the SQLite twin).
async fn rate_finished(tx: &deadpool_postgres::Transaction<'_>, row: &FinishedRow) -> Result<()> {
    let rated = tx
        .query_opt("SELECT rated FROM tables WHERE id = $1", &[&row.id])
        .await?
        .map(|r| r.get::<_, bool>(0))
        .unwrap_or(false);
    if !rated {
        return Ok(());
    }
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&RATINGS_LOCK])
        .await?;
    let players = seat_players(tx, &row.id).await?;
    let Some(seats) = rated_seats(&row.places, &players) else {
        tracing::warn!(table = %row.id, "a rated table ended with a seat of nobody's: not rated");
        return Ok(());
    };
    let seq: i64 = tx
        .query_one("SELECT COALESCE(MAX(seq), 0) + 1 FROM rated_games", &[])
        .await?
        .get(0);
    let game = RatedGame {
        table: row.id.clone(),
        seq,
        board: Board {
            game: row.game.clone(),
            edition: row.edition.clone(),
            players: seats.len() as u32,
        },
        finished: row.finished,
        seats,
    };
    tx.execute(
        "INSERT INTO rated_games (table_id, seq, game, edition, players, finished, seats) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
        &[
            &game.table,
            &game.seq,
            &game.board.game,
            &game.board.edition,
            &(game.board.players as i32),
            &game.finished,
            &serde_json::to_string(&game.seats)?,
        ],
    )
    .await?;
    apply(tx, &game).await
}

/// Moves the ratings of the identities at `game` and records their history.
async fn apply(c: &impl GenericClient, game: &RatedGame) -> Result<()> {
    let b = &game.board;
    let players = b.players as i32;
    let mut prior = Vec::new();
    for p in players_of(&game.seats) {
        let skill = c
            .query_opt(
                "SELECT mu, sigma FROM ratings \
                 WHERE player = $1 AND game = $2 AND edition = $3 AND players = $4",
                &[&p, &b.game, &b.edition, &players],
            )
            .await?
            .map(|r| Skill {
                mu: r.get(0),
                sigma: r.get(1),
            })
            .unwrap_or_default();
        prior.push((p, skill));
    }
    for ((player, _), h) in prior.iter().zip(apply_game(game, &prior)) {
        c.execute(
            "INSERT INTO ratings (player, game, edition, players, mu, sigma, games, wins, \
             last_played) VALUES ($1, $2, $3, $4, $5, $6, 1, $7, $8) \
             ON CONFLICT (player, game, edition, players) DO UPDATE SET mu = EXCLUDED.mu, \
             sigma = EXCLUDED.sigma, games = ratings.games + 1, \
             wins = ratings.wins + EXCLUDED.wins, last_played = EXCLUDED.last_played",
            &[
                player,
                &b.game,
                &b.edition,
                &players,
                &h.after.mu,
                &h.after.sigma,
                &(h.won as i32),
                &game.finished,
            ],
        )
        .await?;
        c.execute(
            "INSERT INTO rating_history (table_id, player, seq, game, edition, players, \
             finished, place, won, mu_before, sigma_before, mu, sigma) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
            &[
                &game.table,
                player,
                &game.seq,
                &b.game,
                &b.edition,
                &players,
                &game.finished,
                &(h.place as i32),
                &h.won,
                &h.before.mu,
                &h.before.sigma,
                &h.after.mu,
                &h.after.sigma,
            ],
        )
        .await?;
    }
    Ok(())
}

/// The columns [`read_rating`] reads from `ratings r`: the account's name last (null for a bot
/// or a deleted account).
const RATING_COLUMNS: &str = "r.player, r.game, r.edition, r.players, r.mu, r.sigma, r.games, \
     r.wins, r.last_played, (SELECT a.name FROM accounts a WHERE r.player LIKE 'account:%' \
     AND a.id::text = substr(r.player, 9) AND a.deleted IS NULL)";

fn read_rating(r: &Row) -> RatingRow {
    RatingRow {
        player: r.get(0),
        board: Board {
            game: r.get(1),
            edition: r.get(2),
            players: r.get::<_, i32>(3) as u32,
        },
        skill: Skill {
            mu: r.get(4),
            sigma: r.get(5),
        },
        games: r.get::<_, i32>(6) as u32,
        wins: r.get::<_, i32>(7) as u32,
        last_played: r.get(8),
        name: r.get(9),
    }
}

impl Postgres {
    /// Remembers that a game ended (once), and rates it in the same transaction when its table
    /// is rated.
    pub(super) async fn store_finished_pg(&self, row: FinishedRow) -> Result<()> {
        self.with(|mut client| async move {
            let tx = client.transaction().await?;
            let inserted = tx
                .execute(
                    "INSERT INTO finished (table_id, finished, summary) VALUES ($1, $2, $3) \
                     ON CONFLICT (table_id) DO NOTHING",
                    &[&row.id, &row.finished, &serde_json::to_string(&row)?],
                )
                .await?;
            // Rated once, with the end it belongs to: a repeated call inserts nothing.
            if inserted == 1 {
                rate_finished(&tx, &row).await?;
            }
            tx.commit().await?;
            Ok(())
        })
        .await
    }

    pub(super) async fn rebuild_ratings_pg(&self) -> Result<usize> {
        self.with(|mut client| async move {
            let tx = client.transaction().await?;
            tx.execute("SELECT pg_advisory_xact_lock($1)", &[&RATINGS_LOCK])
                .await?;
            tx.batch_execute("DELETE FROM ratings; DELETE FROM rating_history;")
                .await?;
            let rows = tx
                .query(
                    "SELECT table_id, seq, game, edition, players, finished, seats \
                     FROM rated_games ORDER BY seq",
                    &[],
                )
                .await?;
            for r in &rows {
                let game = RatedGame {
                    table: r.get(0),
                    seq: r.get(1),
                    board: Board {
                        game: r.get(2),
                        edition: r.get(3),
                        players: r.get::<_, i32>(4) as u32,
                    },
                    finished: r.get(5),
                    seats: serde_json::from_str(&r.get::<_, String>(6)).with_context(|| {
                        format!("rated game {}: its seats", r.get::<_, String>(0))
                    })?,
                };
                apply(&tx, &game).await?;
            }
            tx.commit().await?;
            Ok(rows.len())
        })
        .await
    }

    pub(super) async fn leaderboard_pg(
        &self,
        board: Board,
        min_games: u32,
        since: i64,
    ) -> Result<Vec<RatingRow>> {
        self.with(|client| async move {
            let rows = client
                .query(
                    &format!(
                        "SELECT {RATING_COLUMNS} FROM ratings r WHERE r.game = $1 \
                         AND r.edition = $2 AND r.players = $3 AND r.games >= $4 \
                         AND r.last_played >= $5"
                    ),
                    &[
                        &board.game,
                        &board.edition,
                        &(board.players as i32),
                        &(min_games as i32),
                        &since,
                    ],
                )
                .await?;
            let mut rows: Vec<RatingRow> = rows.iter().map(read_rating).collect();
            crate::ratings::rank(&mut rows);
            Ok(rows)
        })
        .await
    }

    pub(super) async fn ratings_of_pg(&self, player: String) -> Result<Vec<RatingRow>> {
        self.with(|client| async move {
            let rows = client
                .query(
                    &format!(
                        "SELECT {RATING_COLUMNS} FROM ratings r WHERE r.player = $1 \
                         ORDER BY r.game, r.edition, r.players"
                    ),
                    &[&player],
                )
                .await?;
            Ok(rows.iter().map(read_rating).collect())
        })
        .await
    }

    pub(super) async fn history_of_pg(
        &self,
        player: String,
        limit: usize,
    ) -> Result<Vec<HistoryRow>> {
        self.with(|client| async move {
            let rows = client
                .query(
                    "SELECT CASE WHEN NOT t.private THEN h.table_id END, h.game, h.edition, \
                     h.players, h.finished, h.place, h.won, h.mu_before, h.sigma_before, h.mu, \
                     h.sigma FROM rating_history h JOIN tables t ON t.id = h.table_id \
                     WHERE h.player = $1 ORDER BY h.seq DESC LIMIT $2",
                    &[&player, &(limit as i64)],
                )
                .await?;
            let mut out: Vec<HistoryRow> = rows
                .iter()
                .map(|r| HistoryRow {
                    table: r.get(0),
                    board: Board {
                        game: r.get(1),
                        edition: r.get(2),
                        players: r.get::<_, i32>(3) as u32,
                    },
                    finished: r.get(4),
                    place: r.get::<_, i32>(5) as usize,
                    won: r.get(6),
                    before: Skill {
                        mu: r.get(7),
                        sigma: r.get(8),
                    },
                    after: Skill {
                        mu: r.get(9),
                        sigma: r.get(10),
                    },
                })
                .collect();
            out.reverse();
            Ok(out)
        })
        .await
    }

    pub(super) async fn account_card_pg(&self, id: i64) -> Result<Option<(Option<String>, i64)>> {
        self.with(|client| async move {
            Ok(client
                .query_opt(
                    "SELECT CASE WHEN deleted IS NULL THEN name END, created FROM accounts \
                     WHERE id = $1",
                    &[&id],
                )
                .await?
                .map(|r| (r.get(0), r.get(1))))
        })
        .await
    }

    pub(super) async fn rated_boards_pg(&self) -> Result<Vec<Board>> {
        self.with(|client| async move {
            let rows = client
                .query(
                    "SELECT DISTINCT game, edition, players FROM ratings \
                     ORDER BY game, edition, players",
                    &[],
                )
                .await?;
            Ok(rows
                .iter()
                .map(|r| Board {
                    game: r.get(0),
                    edition: r.get(1),
                    players: r.get::<_, i32>(2) as u32,
                })
                .collect())
        })
        .await
    }
}
