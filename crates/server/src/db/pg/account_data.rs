//! A person's own data on PostgreSQL: the people an account blocks, the chat lines it
//! reported, suspension, the export of everything about it and its deletion (see
//! `crate::accounts`).

use super::Postgres;
use crate::db::{AccountId, AccountStore, Report, SentInvite, FORMER_PLAYER};
use anyhow::Result;
use serde_json::json;

impl Postgres {
    pub(super) async fn set_block_pg(
        &self,
        account: AccountId,
        other: AccountId,
        block: bool,
        now: i64,
    ) -> Result<()> {
        self.with(|mut client| async move {
            if block {
                let tx = client.transaction().await?;
                tx.execute(
                    "INSERT INTO blocks (account, blocked, since) VALUES ($1, $2, $3) \
                     ON CONFLICT DO NOTHING",
                    &[&account.0, &other.0, &now],
                )
                .await?;
                // No invitations from a person blocked: those waiting are declined, and their
                // seats open as a declined invitation's do.
                tx.execute(
                    "INSERT INTO open_seats (table_id, seat) SELECT sa.table_id, sa.seat \
                     FROM seat_accounts sa JOIN tables t ON t.id = sa.table_id \
                     WHERE sa.account = $1 AND sa.invited_by = $2 AND sa.state = 'invited' \
                     AND NOT t.private AND NOT t.rated \
                     ON CONFLICT (table_id, seat) DO UPDATE SET claimed = FALSE",
                    &[&account.0, &other.0],
                )
                .await?;
                tx.execute(
                    "UPDATE seat_accounts SET state = 'declined', since = $3 \
                     WHERE account = $1 AND invited_by = $2 AND state = 'invited'",
                    &[&account.0, &other.0, &now],
                )
                .await?;
                tx.commit().await?;
            } else {
                client
                    .execute(
                        "DELETE FROM blocks WHERE account = $1 AND blocked = $2",
                        &[&account.0, &other.0],
                    )
                    .await?;
            }
            Ok(())
        })
        .await
    }

    pub(super) async fn blocked_pg(&self, account: AccountId) -> Result<Vec<AccountId>> {
        self.with(|client| async move {
            let rows = client
                .query(
                    "SELECT blocked FROM blocks WHERE account = $1 ORDER BY blocked",
                    &[&account.0],
                )
                .await?;
            Ok(rows.iter().map(|r| AccountId(r.get(0))).collect())
        })
        .await
    }

    pub(super) async fn blockers_pg(&self, account: AccountId) -> Result<Vec<AccountId>> {
        self.with(|client| async move {
            let rows = client
                .query(
                    "SELECT account FROM blocks WHERE blocked = $1 ORDER BY account",
                    &[&account.0],
                )
                .await?;
            Ok(rows.iter().map(|r| AccountId(r.get(0))).collect())
        })
        .await
    }

    pub(super) async fn sent_invites_pg(
        &self,
        account: AccountId,
        limit: usize,
    ) -> Result<Vec<SentInvite>> {
        self.with(|client| async move {
            let rows = client
                .query(
                    "SELECT sa.table_id, t.game, sa.seat, a.name, a.deleted, sa.state, s.token \
                     FROM seat_accounts sa JOIN tables t ON t.id = sa.table_id \
                     JOIN accounts a ON a.id = sa.account \
                     JOIN seats s ON s.table_id = sa.table_id AND s.seat = sa.seat \
                     WHERE sa.invited_by = $1 AND sa.state IN ('invited', 'declined') \
                     AND NOT t.expired ORDER BY t.created DESC, sa.table_id, sa.seat LIMIT $2",
                    &[&account.0, &i64::try_from(limit)?],
                )
                .await?;
            Ok(rows
                .iter()
                .filter_map(|r| {
                    crate::db::account_data::sent(
                        r.get(0),
                        r.get(1),
                        i64::from(r.get::<_, i32>(2)),
                        r.get::<_, Option<String>>(3).unwrap_or_default(),
                        r.get::<_, Option<i64>>(4).is_some(),
                        r.get(5),
                        r.get(6),
                    )
                })
                .collect())
        })
        .await
    }

    pub(super) async fn report_pg(
        &self,
        reporter: AccountId,
        table: String,
        line: u64,
        reported: Option<AccountId>,
        text: String,
        now: i64,
    ) -> Result<bool> {
        self.with(|client| async move {
            let n = client
                .execute(
                    "INSERT INTO reports (reporter, table_id, chat_idx, reported, text, at) \
                     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING",
                    &[
                        &reporter.0,
                        &table,
                        &i64::try_from(line)?,
                        &reported.map(|a| a.0),
                        &text,
                        &now,
                    ],
                )
                .await?;
            Ok(n == 1)
        })
        .await
    }

    pub(super) async fn reports_pg(&self, limit: usize) -> Result<Vec<Report>> {
        self.with(|client| async move {
            let rows = client
                .query(
                    "SELECT r.id, coalesce(a.name, $2), r.table_id, r.chat_idx, \
                     CASE WHEN b.id IS NULL THEN NULL ELSE coalesce(b.name, $2) END, r.text, r.at \
                     FROM reports r JOIN accounts a ON a.id = r.reporter \
                     LEFT JOIN accounts b ON b.id = r.reported ORDER BY r.id DESC LIMIT $1",
                    &[&i64::try_from(limit)?, &FORMER_PLAYER],
                )
                .await?;
            Ok(rows
                .iter()
                .map(|r| Report {
                    id: r.get(0),
                    reporter: r.get(1),
                    table: r.get(2),
                    line: r.get::<_, i64>(3).max(0) as u64,
                    reported: r.get(4),
                    text: r.get(5),
                    at: r.get(6),
                })
                .collect())
        })
        .await
    }

    pub(super) async fn suspend_pg(&self, key: String, suspend: bool, now: i64) -> Result<bool> {
        self.with(|mut client| async move {
            let tx = client.transaction().await?;
            let row = tx
                .query_opt(
                    "UPDATE accounts SET suspended = $2 WHERE name_key = $1 AND deleted IS NULL \
                     RETURNING id",
                    &[&key, &suspend.then_some(now)],
                )
                .await?;
            let Some(row) = row else { return Ok(false) };
            let id: i64 = row.get(0);
            if suspend {
                tx.execute("DELETE FROM sessions WHERE account = $1", &[&id])
                    .await?;
            }
            tx.commit().await?;
            Ok(true)
        })
        .await
    }

    pub(super) async fn export_pg(&self, account: AccountId) -> Result<serde_json::Value> {
        let seats = self.my_seats(account, i64::MAX as usize).await?;
        let addresses = self.account_addresses(account).await?;
        self.with(|client| async move {
            let a = client
                .query_one(
                    "SELECT name, email, created, lang FROM accounts WHERE id = $1",
                    &[&account.0],
                )
                .await?;
            let sessions = client
                .query(
                    "SELECT created, expires FROM sessions WHERE account = $1",
                    &[&account.0],
                )
                .await?
                .iter()
                .map(|r| json!({ "created": r.get::<_, i64>(0), "expires": r.get::<_, i64>(1) }))
                .collect();
            let blocked = client
                .query(
                    "SELECT coalesce(a.name, $2), b.since FROM blocks b \
                     JOIN accounts a ON a.id = b.blocked WHERE b.account = $1",
                    &[&account.0, &FORMER_PLAYER],
                )
                .await?
                .iter()
                .map(|r| json!({ "name": r.get::<_, String>(0), "since": r.get::<_, i64>(1) }))
                .collect();
            let reports = client
                .query(
                    "SELECT table_id, chat_idx, text, at FROM reports WHERE reporter = $1",
                    &[&account.0],
                )
                .await?
                .iter()
                .map(|r| {
                    json!({
                        "table": r.get::<_, String>(0), "line": r.get::<_, i64>(1),
                        "text": r.get::<_, String>(2), "at": r.get::<_, i64>(3),
                    })
                })
                .collect();
            Ok(crate::db::account_store::export_json(
                account,
                a.get(0),
                a.get(1),
                a.get(2),
                a.get(3),
                seats,
                addresses,
                sessions,
                blocked,
                reports,
            ))
        })
        .await
    }

    pub(super) async fn delete_account_pg(&self, account: AccountId, now: i64) -> Result<()> {
        self.with(|mut client| async move {
            let tx = client.transaction().await?;
            let id = account.0;
            tx.execute(
                "DELETE FROM signin_links WHERE email = (SELECT email FROM accounts WHERE id = $1)",
                &[&id],
            )
            .await?;
            tx.execute(
                "UPDATE accounts SET email = NULL, name = NULL, name_key = NULL, lang = NULL, \
                 deleted = $2 \
                 WHERE id = $1",
                &[&id, &now],
            )
            .await?;
            tx.execute("DELETE FROM sessions WHERE account = $1", &[&id])
                .await?;
            tx.execute("DELETE FROM passkeys WHERE account = $1", &[&id])
                .await?;
            tx.execute("DELETE FROM passkey_ceremonies WHERE account = $1", &[&id])
                .await?;
            tx.execute("DELETE FROM account_notify WHERE account = $1", &[&id])
                .await?;
            tx.execute(
                "DELETE FROM blocks WHERE account = $1 OR blocked = $1",
                &[&id],
            )
            .await?;
            tx.execute(
                "UPDATE seat_accounts SET state = 'declined', since = $2 \
                 WHERE account = $1 AND state = 'invited'",
                &[&id, &now],
            )
            .await?;
            tx.commit().await?;
            Ok(())
        })
        .await
    }
}
