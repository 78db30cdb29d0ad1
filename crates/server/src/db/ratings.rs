//! The ratings as SQLite keeps them: every rated game with its seats' identities and places
//! (`rated_games`, the record ratings are rebuilt from), each identity's rating per board
//! (`ratings`) and its rating after every rated game (`rating_history`).

use super::rows::FinishedRow;
use super::Sqlite;
use crate::ratings::{
    apply_game, players_of, rated_seats, Board, HistoryRow, RatedGame, RatingRow, Skill,
};
use anyhow::{Context, Result};
use rusqlite::{params, Connection, OptionalExtension};

/// The ratings' part of the schema.
pub(super) const RATINGS_SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS rated_games (
    table_id    TEXT PRIMARY KEY REFERENCES tables(id),
    seq         INTEGER NOT NULL UNIQUE,
    game        TEXT NOT NULL,
    edition     TEXT NOT NULL,
    players     INTEGER NOT NULL,
    finished    INTEGER NOT NULL,
    seats       TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS ratings (
    player      TEXT NOT NULL,
    game        TEXT NOT NULL,
    edition     TEXT NOT NULL,
    players     INTEGER NOT NULL,
    mu          REAL NOT NULL,
    sigma       REAL NOT NULL,
    games       INTEGER NOT NULL,
    wins        INTEGER NOT NULL,
    last_played INTEGER NOT NULL,
    PRIMARY KEY (player, game, edition, players)
);
CREATE TABLE IF NOT EXISTS rating_history (
    table_id     TEXT NOT NULL REFERENCES tables(id),
    player       TEXT NOT NULL,
    seq          INTEGER NOT NULL,
    game         TEXT NOT NULL,
    edition      TEXT NOT NULL,
    players      INTEGER NOT NULL,
    finished     INTEGER NOT NULL,
    place        INTEGER NOT NULL,
    won          INTEGER NOT NULL,
    mu_before    REAL NOT NULL,
    sigma_before REAL NOT NULL,
    mu           REAL NOT NULL,
    sigma        REAL NOT NULL,
    PRIMARY KEY (table_id, player)
);
CREATE INDEX IF NOT EXISTS rating_history_by_player ON rating_history (player, seq);
";

/// The identity at each seat of `table`: its bot level, or the account seated there (`None`:
/// a guest).
fn seat_players(conn: &Connection, table: &str) -> Result<Vec<Option<String>>> {
    let mut stmt = conn.prepare(
        "SELECT s.kind, (SELECT a.account FROM seat_accounts a \
         WHERE a.table_id = s.table_id AND a.seat = s.seat AND a.state = 'seated') \
         FROM seats s WHERE s.table_id = ?1 ORDER BY s.seat",
    )?;
    let rows = stmt.query_map([table], |r| {
        Ok((r.get::<_, String>(0)?, r.get::<_, Option<i64>>(1)?))
    })?;
    let mut out = Vec::new();
    for row in rows {
        let (kind, account) = row?;
        out.push(crate::ratings::seat_player(&kind, account));
    }
    Ok(out)
}

/// Rates the game of `row` if its table is rated, in the transaction that stores its end:
/// the game joins `rated_games` and every rating at it moves. A game a seat of which has no
/// identity (a person seat left to a guest) is not rated, and says so in the log.
pub(super) fn rate_finished(conn: &Connection, row: &FinishedRow) -> Result<()> {
    let rated = conn
        .query_row("SELECT rated FROM tables WHERE id = ?1", [&row.id], |r| {
            r.get::<_, i64>(0)
        })
        .optional()?
        .unwrap_or(0)
        != 0;
    if !rated {
        return Ok(());
    }
    let players = seat_players(conn, &row.id)?;
    let Some(seats) = rated_seats(&row.places, &players) else {
        tracing::warn!(table = %row.id, "a rated table ended with a seat of nobody's: not rated");
        return Ok(());
    };
    let seq: i64 = conn.query_row(
        "SELECT COALESCE(MAX(seq), 0) + 1 FROM rated_games",
        [],
        |r| r.get(0),
    )?;
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
    conn.execute(
        "INSERT INTO rated_games (table_id, seq, game, edition, players, finished, seats) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![
            game.table,
            game.seq,
            game.board.game,
            game.board.edition,
            game.board.players,
            game.finished,
            serde_json::to_string(&game.seats)?
        ],
    )?;
    apply(conn, &game)
}

/// Moves the ratings of the identities at `game` and records their history.
fn apply(conn: &Connection, game: &RatedGame) -> Result<()> {
    let b = &game.board;
    let mut prior = Vec::new();
    for p in players_of(&game.seats) {
        let skill = conn
            .query_row(
                "SELECT mu, sigma FROM ratings \
                 WHERE player = ?1 AND game = ?2 AND edition = ?3 AND players = ?4",
                params![p, b.game, b.edition, b.players],
                |r| {
                    Ok(Skill {
                        mu: r.get(0)?,
                        sigma: r.get(1)?,
                    })
                },
            )
            .optional()?
            .unwrap_or_default();
        prior.push((p, skill));
    }
    for ((player, _), h) in prior.iter().zip(apply_game(game, &prior)) {
        conn.execute(
            "INSERT INTO ratings (player, game, edition, players, mu, sigma, games, wins, \
             last_played) VALUES (?1, ?2, ?3, ?4, ?5, ?6, 1, ?7, ?8) \
             ON CONFLICT (player, game, edition, players) DO UPDATE SET mu = excluded.mu, \
             sigma = excluded.sigma, games = games + 1, wins = wins + excluded.wins, \
             last_played = excluded.last_played",
            params![
                player,
                b.game,
                b.edition,
                b.players,
                h.after.mu,
                h.after.sigma,
                h.won as i64,
                game.finished
            ],
        )?;
        conn.execute(
            "INSERT INTO rating_history (table_id, player, seq, game, edition, players, \
             finished, place, won, mu_before, sigma_before, mu, sigma) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
            params![
                game.table,
                player,
                game.seq,
                b.game,
                b.edition,
                b.players,
                game.finished,
                h.place as i64,
                h.won as i64,
                h.before.mu,
                h.before.sigma,
                h.after.mu,
                h.after.sigma
            ],
        )?;
    }
    Ok(())
}

/// A `rated_games` row.
fn read_rated(r: &rusqlite::Row) -> rusqlite::Result<(RatedGame, String)> {
    Ok((
        RatedGame {
            table: r.get(0)?,
            seq: r.get(1)?,
            board: Board {
                game: r.get(2)?,
                edition: r.get(3)?,
                players: r.get(4)?,
            },
            finished: r.get(5)?,
            seats: Vec::new(),
        },
        r.get(6)?,
    ))
}

/// A `ratings` row selected as `player, game, edition, players, mu, sigma, games, wins,
/// last_played`.
fn read_rating(r: &rusqlite::Row) -> rusqlite::Result<RatingRow> {
    Ok(RatingRow {
        player: r.get(0)?,
        board: Board {
            game: r.get(1)?,
            edition: r.get(2)?,
            players: r.get(3)?,
        },
        skill: Skill {
            mu: r.get(4)?,
            sigma: r.get(5)?,
        },
        games: r.get(6)?,
        wins: r.get(7)?,
        last_played: r.get(8)?,
        name: r.get(9)?,
    })
}

/// The columns [`read_rating`] reads from `ratings r`: the account's name last (null for a bot
/// or a deleted account).
const RATING_COLUMNS: &str = "r.player, r.game, r.edition, r.players, r.mu, r.sigma, r.games, \
     r.wins, r.last_played, (SELECT a.name FROM accounts a WHERE r.player LIKE 'account:%' \
     AND a.id = CAST(substr(r.player, 9) AS INTEGER) AND a.deleted IS NULL)";

/// The shown name and creation time (milliseconds since the epoch) of account `id`: `None`
/// when there is none; a deleted account has no name.
pub(super) fn account_card(
    conn: &Connection,
    id: i64,
) -> rusqlite::Result<Option<(Option<String>, i64)>> {
    conn.query_row(
        "SELECT CASE WHEN deleted IS NULL THEN name END, created FROM accounts WHERE id = ?1",
        [id],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
    .optional()
}

impl Sqlite {
    /// Recomputes every rating and its history from `rated_games`, in the order the games
    /// were rated (one transaction): the number of games replayed.
    pub(super) async fn rebuild_ratings_sqlite(&self) -> Result<usize> {
        self.call(|conn| {
            conn.execute_batch("DELETE FROM ratings; DELETE FROM rating_history;")?;
            let games = {
                let mut stmt = conn.prepare(
                    "SELECT table_id, seq, game, edition, players, finished, seats \
                     FROM rated_games ORDER BY seq",
                )?;
                let rows = stmt.query_map([], read_rated)?;
                rows.collect::<rusqlite::Result<Vec<_>>>()?
            };
            for (mut game, seats) in games.iter().cloned() {
                game.seats = serde_json::from_str(&seats)
                    .with_context(|| format!("rated game {}: its seats", game.table))?;
                apply(conn, &game)?;
            }
            Ok(games.len())
        })
        .await
    }

    /// The ratings on `board` of players with at least `min_games` games whose last ended at
    /// or after `since`, best shown rating first.
    pub(super) async fn leaderboard_sqlite(
        &self,
        board: Board,
        min_games: u32,
        since: i64,
    ) -> Result<Vec<RatingRow>> {
        self.call(move |conn| {
            let mut stmt = conn.prepare(&format!(
                "SELECT {RATING_COLUMNS} FROM ratings r WHERE r.game = ?1 AND r.edition = ?2 \
                 AND r.players = ?3 AND r.games >= ?4 AND r.last_played >= ?5"
            ))?;
            let rows = stmt.query_map(
                params![board.game, board.edition, board.players, min_games, since],
                read_rating,
            )?;
            let mut rows = rows.collect::<rusqlite::Result<Vec<_>>>()?;
            crate::ratings::rank(&mut rows);
            Ok(rows)
        })
        .await
    }

    /// Every rating of `player`, by board.
    pub(super) async fn ratings_of_sqlite(&self, player: String) -> Result<Vec<RatingRow>> {
        self.call(move |conn| {
            let mut stmt = conn.prepare(&format!(
                "SELECT {RATING_COLUMNS} FROM ratings r WHERE r.player = ?1 \
                 ORDER BY r.game, r.edition, r.players"
            ))?;
            let rows = stmt.query_map([player], read_rating)?;
            Ok(rows.collect::<rusqlite::Result<Vec<_>>>()?)
        })
        .await
    }

    /// The last `limit` ratings of `player` after each rated game, oldest first.
    pub(super) async fn history_of_sqlite(
        &self,
        player: String,
        limit: usize,
    ) -> Result<Vec<HistoryRow>> {
        self.call(move |conn| {
            let mut stmt = conn.prepare(
                "SELECT CASE WHEN t.private = 0 THEN h.table_id END, h.game, h.edition, \
                 h.players, h.finished, h.place, h.won, h.mu_before, h.sigma_before, h.mu, \
                 h.sigma FROM rating_history h JOIN tables t ON t.id = h.table_id \
                 WHERE h.player = ?1 ORDER BY h.seq DESC LIMIT ?2",
            )?;
            let rows = stmt.query_map(params![player, limit as i64], |r| {
                Ok(HistoryRow {
                    table: r.get(0)?,
                    board: Board {
                        game: r.get(1)?,
                        edition: r.get(2)?,
                        players: r.get(3)?,
                    },
                    finished: r.get(4)?,
                    place: r.get::<_, i64>(5)? as usize,
                    won: r.get::<_, i64>(6)? != 0,
                    before: Skill {
                        mu: r.get(7)?,
                        sigma: r.get(8)?,
                    },
                    after: Skill {
                        mu: r.get(9)?,
                        sigma: r.get(10)?,
                    },
                })
            })?;
            let mut rows = rows.collect::<rusqlite::Result<Vec<_>>>()?;
            rows.reverse();
            Ok(rows)
        })
        .await
    }

    /// The shown name and creation time of account `id` (see [`account_card`]).
    pub(super) async fn account_card_sqlite(
        &self,
        id: i64,
    ) -> Result<Option<(Option<String>, i64)>> {
        self.call(move |conn| Ok(account_card(conn, id)?)).await
    }

    /// Every board someone holds a rating on.
    pub(super) async fn rated_boards_sqlite(&self) -> Result<Vec<Board>> {
        self.call(|conn| {
            let mut stmt = conn.prepare(
                "SELECT DISTINCT game, edition, players FROM ratings \
                 ORDER BY game, edition, players",
            )?;
            let rows = stmt.query_map([], |r| {
                Ok(Board {
                    game: r.get(0)?,
                    edition: r.get(1)?,
                    players: r.get(2)?,
                })
            })?;
            Ok(rows.collect::<rusqlite::Result<Vec<_>>>()?)
        })
        .await
    }
}
