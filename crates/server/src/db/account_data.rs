//! A person's own data on SQLite: the people an account blocks, the chat lines it reported,
//! suspension, the export of everything about it and its deletion (see `crate::accounts`).

use super::Sqlite;
use crate::db::{AccountId, AccountStore, Report, SeatState, SentInvite, FORMER_PLAYER};
use anyhow::Result;
use rusqlite::{params, OptionalExtension};

impl Sqlite {
    pub(super) async fn set_block_sqlite(
        &self,
        account: AccountId,
        other: AccountId,
        block: bool,
        now: i64,
    ) -> Result<()> {
        self.call(move |conn| {
            if block {
                conn.execute(
                    "INSERT OR IGNORE INTO blocks (account, blocked, since) VALUES (?1, ?2, ?3)",
                    params![account.0, other.0, now],
                )?;
                // No invitations from a person blocked: those waiting are declined, and their
                // seats open as a declined invitation's do.
                conn.execute(
                    "INSERT INTO open_seats (table_id, seat) SELECT sa.table_id, sa.seat \
                     FROM seat_accounts sa JOIN tables t ON t.id = sa.table_id \
                     WHERE sa.account = ?1 AND sa.invited_by = ?2 AND sa.state = 'invited' \
                     AND t.private = 0 AND t.rated = 0 \
                     ON CONFLICT (table_id, seat) DO UPDATE SET claimed = 0",
                    params![account.0, other.0],
                )?;
                conn.execute(
                    "UPDATE seat_accounts SET state = 'declined', since = ?3 \
                     WHERE account = ?1 AND invited_by = ?2 AND state = 'invited'",
                    params![account.0, other.0, now],
                )?;
            } else {
                conn.execute(
                    "DELETE FROM blocks WHERE account = ?1 AND blocked = ?2",
                    params![account.0, other.0],
                )?;
            }
            Ok(())
        })
        .await
    }

    pub(super) async fn blocked_sqlite(&self, account: AccountId) -> Result<Vec<AccountId>> {
        self.call(move |conn| {
            let mut stmt =
                conn.prepare("SELECT blocked FROM blocks WHERE account = ?1 ORDER BY blocked")?;
            let rows = stmt
                .query_map([account.0], |r| Ok(AccountId(r.get(0)?)))?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            Ok(rows)
        })
        .await
    }

    pub(super) async fn blockers_sqlite(&self, account: AccountId) -> Result<Vec<AccountId>> {
        self.call(move |conn| {
            let mut stmt =
                conn.prepare("SELECT account FROM blocks WHERE blocked = ?1 ORDER BY account")?;
            let rows = stmt
                .query_map([account.0], |r| Ok(AccountId(r.get(0)?)))?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            Ok(rows)
        })
        .await
    }

    pub(super) async fn sent_invites_sqlite(
        &self,
        account: AccountId,
        limit: usize,
    ) -> Result<Vec<SentInvite>> {
        self.call(move |conn| {
            let mut stmt = conn.prepare(
                "SELECT sa.table_id, t.game, sa.seat, a.name, a.deleted, sa.state, s.token \
                 FROM seat_accounts sa JOIN tables t ON t.id = sa.table_id \
                 JOIN accounts a ON a.id = sa.account \
                 JOIN seats s ON s.table_id = sa.table_id AND s.seat = sa.seat \
                 WHERE sa.invited_by = ?1 AND sa.state IN ('invited', 'declined') \
                 AND t.expired = 0 ORDER BY t.created DESC, sa.table_id, sa.seat LIMIT ?2",
            )?;
            let rows = stmt
                .query_map(params![account.0, limit as i64], |r| {
                    Ok((
                        r.get::<_, String>(0)?,
                        r.get::<_, String>(1)?,
                        r.get::<_, i64>(2)?,
                        r.get::<_, String>(3)?,
                        r.get::<_, Option<i64>>(4)?,
                        r.get::<_, String>(5)?,
                        r.get::<_, String>(6)?,
                    ))
                })?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            Ok(rows
                .into_iter()
                .filter_map(|(table, game, seat, name, deleted, state, token)| {
                    sent(table, game, seat, name, deleted.is_some(), &state, token)
                })
                .collect())
        })
        .await
    }

    pub(super) async fn report_sqlite(
        &self,
        reporter: AccountId,
        table: String,
        line: u64,
        reported: Option<AccountId>,
        text: String,
        now: i64,
    ) -> Result<bool> {
        self.call(move |conn| {
            let n = conn.execute(
                "INSERT OR IGNORE INTO reports (reporter, table_id, chat_idx, reported, text, at) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![
                    reporter.0,
                    table,
                    i64::try_from(line)?,
                    reported.map(|a| a.0),
                    text,
                    now
                ],
            )?;
            Ok(n == 1)
        })
        .await
    }

    pub(super) async fn reports_sqlite(&self, limit: usize) -> Result<Vec<Report>> {
        self.call(move |conn| {
            let mut stmt = conn.prepare(
                "SELECT r.id, coalesce(a.name, ?2), r.table_id, r.chat_idx, \
                 CASE WHEN b.id IS NULL THEN NULL ELSE coalesce(b.name, ?2) END, r.text, r.at \
                 FROM reports r JOIN accounts a ON a.id = r.reporter \
                 LEFT JOIN accounts b ON b.id = r.reported ORDER BY r.id DESC LIMIT ?1",
            )?;
            let rows = stmt
                .query_map(params![limit as i64, crate::db::FORMER_PLAYER], |r| {
                    Ok(Report {
                        id: r.get(0)?,
                        reporter: r.get(1)?,
                        table: r.get(2)?,
                        line: r.get::<_, i64>(3)?.max(0) as u64,
                        reported: r.get(4)?,
                        text: r.get(5)?,
                        at: r.get(6)?,
                    })
                })?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            Ok(rows)
        })
        .await
    }

    pub(super) async fn suspend_sqlite(
        &self,
        key: String,
        suspend: bool,
        now: i64,
    ) -> Result<bool> {
        self.call(move |conn| {
            let id: Option<i64> = conn
                .query_row(
                    "SELECT id FROM accounts WHERE name_key = ?1 AND deleted IS NULL",
                    [key],
                    |r| r.get(0),
                )
                .optional()?;
            let Some(id) = id else { return Ok(false) };
            conn.execute(
                "UPDATE accounts SET suspended = ?2 WHERE id = ?1",
                params![id, suspend.then_some(now)],
            )?;
            if suspend {
                conn.execute("DELETE FROM sessions WHERE account = ?1", [id])?;
            }
            Ok(true)
        })
        .await
    }

    pub(super) async fn export_sqlite(&self, account: AccountId) -> Result<serde_json::Value> {
        let seats = self.my_seats(account, usize::MAX >> 1).await?;
        let addresses = self.account_addresses(account).await?;
        self.call(move |conn| {
            let (name, email, created, lang): (Option<String>, Option<String>, i64, Option<String>) =
                conn.query_row(
                    "SELECT name, email, created, lang FROM accounts WHERE id = ?1",
                    [account.0],
                    |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
                )?;
            let sessions: Vec<serde_json::Value> = conn
                .prepare("SELECT created, expires FROM sessions WHERE account = ?1")?
                .query_map([account.0], |r| {
                    Ok(serde_json::json!({ "created": r.get::<_, i64>(0)?, "expires": r.get::<_, i64>(1)? }))
                })?
                .collect::<rusqlite::Result<_>>()?;
            let blocked: Vec<serde_json::Value> = conn
                .prepare(
                    "SELECT coalesce(a.name, ?2), b.since FROM blocks b \
                     JOIN accounts a ON a.id = b.blocked WHERE b.account = ?1",
                )?
                .query_map(params![account.0, crate::db::FORMER_PLAYER], |r| {
                    Ok(serde_json::json!({ "name": r.get::<_, String>(0)?, "since": r.get::<_, i64>(1)? }))
                })?
                .collect::<rusqlite::Result<_>>()?;
            let reports: Vec<serde_json::Value> = conn
                .prepare("SELECT table_id, chat_idx, text, at FROM reports WHERE reporter = ?1")?
                .query_map([account.0], |r| {
                    Ok(serde_json::json!({
                        "table": r.get::<_, String>(0)?, "line": r.get::<_, i64>(1)?,
                        "text": r.get::<_, String>(2)?, "at": r.get::<_, i64>(3)?,
                    }))
                })?
                .collect::<rusqlite::Result<_>>()?;
            Ok(crate::db::account_store::export_json(
                account, name, email, created, lang, seats, addresses, sessions, blocked, reports,
            ))
        })
        .await
    }

    pub(super) async fn delete_account_sqlite(&self, account: AccountId, now: i64) -> Result<()> {
        self.call(move |conn| {
            let id = account.0;
            conn.execute(
                "DELETE FROM signin_links WHERE email = (SELECT email FROM accounts WHERE id = ?1)",
                [id],
            )?;
            conn.execute(
                "UPDATE accounts SET email = NULL, name = NULL, name_key = NULL, lang = NULL, \
                 deleted = ?2 \
                 WHERE id = ?1",
                params![id, now],
            )?;
            conn.execute("DELETE FROM sessions WHERE account = ?1", [id])?;
            conn.execute("DELETE FROM passkeys WHERE account = ?1", [id])?;
            conn.execute("DELETE FROM passkey_ceremonies WHERE account = ?1", [id])?;
            conn.execute("DELETE FROM account_notify WHERE account = ?1", [id])?;
            conn.execute(
                "DELETE FROM blocks WHERE account = ?1 OR blocked = ?1",
                [id],
            )?;
            conn.execute(
                "UPDATE seat_accounts SET state = 'declined', since = ?2 \
                 WHERE account = ?1 AND state = 'invited'",
                params![id, now],
            )?;
            Ok(())
        })
        .await
    }
}

/// A sent invitation from its stored parts (both backends read it so).
pub(super) fn sent(
    table: String,
    game: String,
    seat: i64,
    name: String,
    deleted: bool,
    state: &str,
    token: String,
) -> Option<SentInvite> {
    let state = SeatState::parse(state)?;
    Some(SentInvite {
        table,
        game,
        seat: usize::try_from(seat).ok()?,
        invitee: if deleted {
            FORMER_PLAYER.to_string()
        } else {
            name
        },
        state,
        token: (state == SeatState::Declined).then_some(token),
    })
}
