//! SQLite's answers to the storage interface: tables with their seats, actions (taken back or
//! not), expiry, the finished games of the lobby's list, open seats and chat.

use super::rows::{
    action_row, insert_open, int, opt_int, opt_text, read_table, row_id, stored_seat, table_extras,
    text, ActionColumns, ActionRow, DamageScope, Damaged, FinishedRow, Stored, TableRow,
};
use super::schema::{has_at_column, has_by_column, has_undone_column, table_columns};
use super::store::Storage;
use super::Sqlite;
use crate::accounts::AccountId;
use crate::notify::Addresses;
use crate::protocol::ChatLine;
use anyhow::Result;
use boardroom_engine::{By, Seat};
use rusqlite::params;

#[async_trait::async_trait]
impl Storage for Sqlite {
    /// Stores a new table with its seats (all or nothing).
    async fn insert_table(&self, row: TableRow) -> Result<()> {
        self.call(move |tx| {
            tx.execute(
                "INSERT INTO tables (id, game, config, seed, created, rematch_of, timer_percent, \
                 private, bot_speed, hints, rules, clock, rated) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
                params![
                    row.id,
                    row.game,
                    row.config,
                    row.seed as i64,
                    row.created,
                    row.rematch_of,
                    row.timer_percent as i64,
                    row.private as i64,
                    row.bot_speed,
                    row.hints as i64,
                    row.rules as i64,
                    row.clock,
                    row.rated as i64
                ],
            )?;
            for (i, s) in row.seats.iter().enumerate() {
                tx.execute(
                    "INSERT INTO seats (table_id, seat, kind, token) VALUES (?1, ?2, ?3, ?4)",
                    params![row.id, i as i64, s.kind, s.token],
                )?;
            }
            insert_open(tx, &row.id, &row.open_seats)?;
            if let Some(parent) = &row.rematch_of {
                tx.execute(
                    "UPDATE tables SET rematch = ?1 WHERE id = ?2",
                    params![row.id, parent],
                )?;
            }
            Ok(())
        })
        .await
    }

    /// Appends action number `idx` of table `table`, played at `at` (committed when this
    /// returns). Fails when an action with that number is already stored.
    async fn append_action(
        &self,
        table: String,
        idx: usize,
        seat: usize,
        action: String,
        by: By,
        at: i64,
    ) -> Result<()> {
        self.call(move |conn| {
            conn.execute(
                "INSERT INTO actions (table_id, idx, seat, action, played_by, at) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![table, idx as i64, stored_seat(seat), action, by.word(), at],
            )?;
            Ok(())
        })
        .await
    }

    /// Every stored table that has not expired, oldest first, and those whose rows cannot be
    /// read, with the reason. A damaged row never stops the others from loading.
    async fn load_tables(&self) -> Result<(Vec<TableRow>, Vec<Damaged>)> {
        self.call(|conn| {
            let mut stmt = conn.prepare(&format!(
                "SELECT {} FROM tables ORDER BY created, id",
                table_columns(conn)
            ))?;
            let mut rows = stmt.query([])?;
            let (mut tables, mut damaged) = (Vec::new(), Vec::new());
            loop {
                let r = match rows.next() {
                    Ok(Some(r)) => r,
                    Ok(None) => break,
                    Err(e) => {
                        // The rest of the table list cannot be read.
                        damaged.push(Damaged {
                            id: format!("(tables after {})", tables.len() + damaged.len()),
                            reason: format!("the list of tables cannot be read further: {e}"),
                            scope: DamageScope::File,
                        });
                        break;
                    }
                };
                match read_table(conn, r) {
                    Stored::Table(row) => tables.push(*row),
                    Stored::Expired => {}
                    Stored::Damaged(reason) => {
                        let id = row_id(r);
                        let scope = match table_extras(conn, &id) {
                            Ok((false, _)) => DamageScope::Public,
                            _ => DamageScope::Private,
                        };
                        damaged.push(Damaged { id, reason, scope })
                    }
                }
            }
            Ok((tables, damaged))
        })
        .await
    }

    /// The table stored under `id`, if any.
    async fn load_table(&self, id: String) -> Result<Option<Stored>> {
        self.call(move |conn| {
            let mut stmt = conn.prepare(&format!(
                "SELECT {} FROM tables WHERE id = ?1",
                table_columns(conn)
            ))?;
            let mut rows = stmt.query([&id])?;
            Ok(rows.next()?.map(|r| read_table(conn, r)))
        })
        .await
    }

    /// Marks table `id` expired: it stays in the database, but is no longer served.
    async fn mark_expired(&self, id: String) -> Result<()> {
        self.call(move |conn| {
            conn.execute("UPDATE tables SET expired = 1 WHERE id = ?1", [&id])?;
            Ok(())
        })
        .await
    }

    /// The actions of table `table`, in order; an error names the first row that cannot be
    /// read (a gap in the numbering, a bad seat, text that is not UTF-8).
    async fn load_actions(&self, table: String) -> Result<Vec<ActionRow>> {
        self.call(move |conn| {
            let undone = if has_undone_column(conn) {
                "undone"
            } else {
                "0"
            };
            let by = if has_by_column(conn) {
                "played_by"
            } else {
                "NULL"
            };
            let at = if has_at_column(conn) { "at" } else { "NULL" };
            let mut stmt = conn.prepare(&format!(
                "SELECT idx, seat, action, {undone}, {by}, {at} FROM actions \
                 WHERE table_id = ?1 ORDER BY idx"
            ))?;
            let mut rows = stmt.query([&table])?;
            let mut out = Vec::new();
            while let Some(r) = rows.next()? {
                let columns = || -> std::result::Result<ActionColumns, String> {
                    Ok(ActionColumns {
                        idx: int(r, 0, "idx")?,
                        seat: int(r, 1, "seat")?,
                        action: text(r, 2, "action")?,
                        undone: int(r, 3, "undone")? != 0,
                        played_by: opt_text(r, 4, "played_by")?,
                        at: opt_int(r, 5, "at")?,
                    })
                };
                out.push(action_row(out.len(), columns())?);
            }
            Ok(out)
        })
        .await
    }

    async fn store_addresses(&self, table: String, seat: usize, to: Addresses) -> Result<()> {
        self.store_addresses_sqlite(table, seat, to).await
    }

    async fn load_addresses(&self, table: String) -> Result<Vec<(usize, Addresses)>> {
        self.load_addresses_sqlite(table).await
    }

    async fn take_lease(
        &self,
        table: String,
        holder: String,
        address: String,
        ttl: std::time::Duration,
    ) -> Result<super::store::Lease> {
        self.take_lease_sqlite(table, holder, address, ttl).await
    }

    async fn release_lease(&self, table: String, holder: String) -> Result<()> {
        self.release_lease_sqlite(table, holder).await
    }

    async fn renew_leases(
        &self,
        holder: String,
        tables: Vec<String>,
        ttl: std::time::Duration,
    ) -> Result<Vec<String>> {
        self.renew_leases_sqlite(holder, tables, ttl).await
    }

    async fn lease_holder(&self, table: String) -> Result<Option<(String, String)>> {
        self.lease_holder_sqlite(table).await
    }

    async fn unheld_tables(&self, limit: usize) -> Result<Vec<String>> {
        self.unheld_tables_sqlite(limit).await
    }

    async fn dump_rows(
        &self,
        tables: &'static [(&'static str, &'static str)],
    ) -> Result<Vec<Vec<super::dump::Row>>> {
        self.dump_rows_sqlite(tables).await
    }

    async fn count_rows(&self, table: &'static str) -> Result<u64> {
        self.count_rows_sqlite(table).await
    }

    async fn restore_rows(&self, tables: Vec<(&'static str, Vec<super::dump::Row>)>) -> Result<()> {
        self.restore_rows_sqlite(tables).await
    }

    /// Checks the file's structure (SQLite's `quick_check`): the problems found, at most
    /// `limit` (empty: none).
    fn accounts(&self) -> &dyn crate::db::AccountStore {
        self
    }

    fn passkeys(&self) -> &dyn crate::db::PasskeyStore {
        self
    }

    async fn quick_check(&self, limit: usize) -> Result<Vec<String>> {
        self.call(move |conn| {
            let mut stmt = conn.prepare(&format!("PRAGMA quick_check({})", limit.max(1)))?;
            let lines = stmt
                .query_map([], |r| r.get::<_, String>(0))?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            Ok(lines.into_iter().filter(|l| l != "ok").collect())
        })
        .await
    }

    /// Marks action `idx` of table `table` taken back (committed when this returns). Fails
    /// when there is no such action or it is already marked.
    async fn mark_undone(&self, table: String, idx: usize) -> Result<()> {
        self.call(move |conn| {
            let n = conn.execute(
                "UPDATE actions SET undone = 1 WHERE table_id = ?1 AND idx = ?2 AND undone = 0",
                params![table, idx as i64],
            )?;
            anyhow::ensure!(n == 1, "action {idx} is not stored or already taken back");
            Ok(())
        })
        .await
    }

    async fn rebuild_ratings(&self) -> Result<usize> {
        self.rebuild_ratings_sqlite().await
    }

    async fn leaderboard(
        &self,
        board: crate::ratings::Board,
        min_games: u32,
        since: i64,
    ) -> Result<Vec<crate::ratings::RatingRow>> {
        self.leaderboard_sqlite(board, min_games, since).await
    }

    async fn ratings_of(&self, player: String) -> Result<Vec<crate::ratings::RatingRow>> {
        self.ratings_of_sqlite(player).await
    }

    async fn history_of(
        &self,
        player: String,
        limit: usize,
    ) -> Result<Vec<crate::ratings::HistoryRow>> {
        self.history_of_sqlite(player, limit).await
    }

    async fn rated_boards(&self) -> Result<Vec<crate::ratings::Board>> {
        self.rated_boards_sqlite().await
    }

    async fn account_card(&self, id: i64) -> Result<Option<(Option<String>, i64)>> {
        self.account_card_sqlite(id).await
    }

    /// Remembers that a game ended (once; a second call changes nothing).
    async fn store_finished(&self, row: FinishedRow) -> Result<()> {
        self.call(move |conn| {
            let inserted = conn.execute(
                "INSERT OR IGNORE INTO finished (table_id, finished, summary) VALUES (?1, ?2, ?3)",
                params![row.id, row.finished, serde_json::to_string(&row)?],
            )?;
            // Rated once, with the end it belongs to: a repeated call inserts nothing.
            if inserted == 1 {
                super::ratings::rate_finished(conn, &row)?;
            }
            Ok(())
        })
        .await
    }

    /// The ids of the tables listed as finished.
    async fn finished_ids(&self) -> Result<std::collections::HashSet<String>> {
        self.call(|conn| {
            let mut stmt = conn.prepare("SELECT table_id FROM finished")?;
            let ids = stmt
                .query_map([], |r| r.get::<_, String>(0))?
                .collect::<rusqlite::Result<_>>()?;
            Ok(ids)
        })
        .await
    }

    /// The most recently finished games, newest first (at most `limit`); rows that cannot be
    /// read are left out.
    async fn recently_finished(&self, limit: usize) -> Result<Vec<serde_json::Value>> {
        self.call(move |conn| {
            // Private tables stay unlisted once finished too. (A database from before the
            // `private` column, opened read-only and so not migrated, has no private tables.)
            let mut stmt = match conn.prepare(
                "SELECT f.summary FROM finished f JOIN tables t ON t.id = f.table_id \
                 WHERE t.private = 0 ORDER BY f.finished DESC, f.table_id LIMIT ?1",
            ) {
                Ok(stmt) => stmt,
                Err(_) => conn.prepare(
                    "SELECT summary FROM finished ORDER BY finished DESC, table_id LIMIT ?1",
                )?,
            };
            let rows = stmt.query_map([limit as i64], |r| r.get::<_, String>(0))?;
            Ok(rows
                .filter_map(|r| r.ok())
                .filter_map(|t| serde_json::from_str(&t).ok())
                .collect())
        })
        .await
    }
    async fn claim_seat(&self, table: String, seat: usize) -> Result<Option<String>> {
        // The database thread runs one request at a time, so of two claims of the same seat
        // exactly one changes the row.
        self.call(move |conn| {
            let changed = conn.execute(
                "UPDATE open_seats SET claimed = 1 \
                 WHERE table_id = ?1 AND seat = ?2 AND claimed = 0",
                params![table, seat as i64],
            )?;
            if changed == 0 {
                return Ok(None);
            }
            let token: String = conn.query_row(
                "SELECT token FROM seats WHERE table_id = ?1 AND seat = ?2",
                params![table, seat as i64],
                |r| r.get(0),
            )?;
            Ok(Some(token))
        })
        .await
    }

    async fn load_chat(&self, table: String, limit: usize) -> Result<(Vec<ChatLine>, u64)> {
        self.call(move |conn| {
            let next: i64 = conn.query_row(
                "SELECT COALESCE(MAX(idx) + 1, 0) FROM chat WHERE table_id = ?1",
                [&table],
                |r| r.get(0),
            )?;
            let mut stmt = conn.prepare(
                "SELECT idx, seat, name, text, at, account FROM chat WHERE table_id = ?1 \
                 ORDER BY idx DESC LIMIT ?2",
            )?;
            let mut rows = stmt.query(params![table, limit as i64])?;
            let mut lines = Vec::new();
            while let Some(r) = rows.next()? {
                let read = || -> rusqlite::Result<ChatLine> {
                    Ok(ChatLine {
                        index: r.get::<_, i64>(0)? as u64,
                        seat: r.get::<_, Option<i64>>(1)?.map(|s| s as Seat),
                        name: r.get(2)?,
                        text: r.get(3)?,
                        at: r.get(4)?,
                        account: r.get::<_, Option<i64>>(5)?.map(AccountId),
                    })
                };
                match read() {
                    Ok(line) => lines.push(line),
                    Err(e) => tracing::error!(table = %table, "a chat line is unreadable: {e}"),
                }
            }
            lines.reverse();
            Ok((lines, next.max(0) as u64))
        })
        .await
    }

    async fn store_chat(&self, table: String, line: ChatLine) -> Result<()> {
        self.call(move |conn| {
            conn.execute(
                "INSERT INTO chat (table_id, idx, seat, name, text, at, account) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![
                    table,
                    line.index as i64,
                    line.seat.map(|s| s as i64),
                    line.name,
                    line.text,
                    line.at,
                    line.account.map(|a| a.0)
                ],
            )?;
            Ok(())
        })
        .await
    }
}

#[cfg(test)]
mod tests {
    use super::super::rows::SeatRow;
    use super::super::Db;
    use super::*;

    fn table(id: &str) -> TableRow {
        TableRow {
            id: id.into(),
            game: boardroom_registry::IDS[0].into(),
            config: r#"{"edition":"modern","players":2}"#.into(),
            seed: u64::MAX - 3,
            created: 1,
            seats: vec![
                SeatRow {
                    kind: "human".into(),
                    token: format!("{id}-a"),
                },
                SeatRow {
                    kind: "random".into(),
                    token: format!("{id}-b"),
                },
            ],
            rematch_of: None,
            rematch: None,
            timer_percent: 100,
            private: false,
            bot_speed: None,
            open_seats: Vec::new(),
            hints: false,
            clock: None,
            rated: false,
            rules: 1,
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_failing_request_does_not_undo_the_others_of_its_group() {
        let dir = tempfile::tempdir().unwrap();
        let db = Db::open(&dir.path().join("t.sqlite")).unwrap();
        db.insert_table(table("t1")).await.unwrap();
        // Many writes at once (so they share commits), one of them a duplicate index.
        let mut tasks = Vec::new();
        for i in 0..200usize {
            let db = db.clone();
            tasks.push(tokio::spawn(async move {
                db.append_action("t1".into(), i, i % 2, format!("a{i}"), By::Player)
                    .await
            }));
        }
        let dup = {
            let db = db.clone();
            tokio::spawn(async move {
                db.append_action("t1".into(), 0, 0, "again".into(), By::Player)
                    .await
            })
        };
        tasks.push(dup);
        let results: Vec<_> = futures_util::future::join_all(tasks).await;
        let refused = results.iter().filter(|r| !matches!(r, Ok(Ok(())))).count();
        assert_eq!(
            refused, 1,
            "exactly one of the two writes of index 0 is refused"
        );
        let stored = db.load_actions("t1".into()).await.unwrap();
        assert_eq!(stored.len(), 200);
        assert_eq!(stored[7].action, "a7");
        // A table whose seats break a constraint is stored not at all.
        let mut bad = table("t2");
        bad.seats[1].token = bad.seats[0].token.clone();
        assert!(db.insert_table(bad).await.is_err());
        let (tables, damaged) = db.load_tables().await.unwrap();
        assert!(damaged.is_empty());
        assert_eq!(tables.len(), 1);
        assert_eq!(tables[0].seed, u64::MAX - 3, "seeds keep all 64 bits");
        assert_eq!(tables[0].seats[1].kind, "random");
    }
}
