//! Accounts on SQLite (see `crate::db::store`): each request runs in its own savepoint on
//! the database thread, so what it decides it decides alone.

use super::Sqlite;
use crate::db::{
    Account, AccountId, AccountStore, FinishedSeat, MySeat, Redeemed, Report, SeatState, SeatTie,
    SentInvite,
};
use crate::notify::Addresses;
use anyhow::Result;
use rusqlite::{params, Connection, OptionalExtension};

/// The columns an [`Account`] is read from (`a` is `accounts`).
const ACCOUNT_COLUMNS: &str = "a.id, a.name, a.email, a.created, a.lang";

fn account_row(r: &rusqlite::Row) -> rusqlite::Result<Account> {
    Ok(Account {
        id: AccountId(r.get(0)?),
        name: r.get(1)?,
        email: r.get(2)?,
        created: r.get(3)?,
        lang: r.get(4)?,
    })
}

/// The live account with `email`, and whether it is suspended.
fn account_by_email(conn: &Connection, email: &str) -> Result<Option<(Account, bool)>> {
    Ok(conn
        .query_row(
            &format!(
                "SELECT {ACCOUNT_COLUMNS}, a.suspended IS NOT NULL FROM accounts a \
                 WHERE a.email = ?1 AND a.deleted IS NULL"
            ),
            [email],
            |r| Ok((account_row(r)?, r.get::<_, bool>(5)?)),
        )
        .optional()?)
}

/// What stands in the way of redeeming the link with `hash`, and its address.
fn link_state(conn: &Connection, hash: &str, now: i64) -> Result<(Option<Redeemed>, String)> {
    let row: Option<(String, i64, Option<i64>)> = conn
        .query_row(
            "SELECT email, expires, used FROM signin_links WHERE hash = ?1",
            [hash],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .optional()?;
    Ok(match row {
        None => (Some(Redeemed::Unknown), String::new()),
        Some((email, _, Some(_))) => (Some(Redeemed::Used), email),
        Some((email, expires, None)) if expires <= now => (Some(Redeemed::Expired), email),
        Some((email, _, None)) => (None, email),
    })
}

#[async_trait::async_trait]
impl AccountStore for Sqlite {
    async fn store_link(
        &self,
        hash: String,
        email: String,
        now: i64,
        expires: i64,
        since: i64,
        limit: u32,
    ) -> Result<bool> {
        self.call(move |conn| {
            let sent: i64 = conn.query_row(
                "SELECT count(*) FROM signin_links WHERE email = ?1 AND created > ?2",
                params![email, since],
                |r| r.get(0),
            )?;
            if sent >= i64::from(limit) {
                return Ok(false);
            }
            // Links long expired are of no use to anyone: dropped as new ones come.
            conn.execute(
                "DELETE FROM signin_links WHERE expires < ?1",
                [since.min(now - 24 * 3600 * 1000)],
            )?;
            conn.execute(
                "INSERT INTO signin_links (hash, email, created, expires) VALUES (?1, ?2, ?3, ?4)",
                params![hash, email, now, expires],
            )?;
            Ok(true)
        })
        .await
    }

    async fn check_link(&self, hash: String, now: i64) -> Result<(Option<Redeemed>, bool)> {
        self.call(move |conn| {
            let (problem, email) = link_state(conn, &hash, now)?;
            let has = problem.is_none() && account_by_email(conn, &email)?.is_some();
            Ok((problem, has))
        })
        .await
    }

    async fn redeem_link(
        &self,
        hash: String,
        now: i64,
        name: Option<(String, String)>,
        session: String,
        session_expires: i64,
    ) -> Result<Redeemed> {
        self.call(move |conn| {
            let (problem, email) = link_state(conn, &hash, now)?;
            if let Some(p) = problem {
                return Ok(p);
            }
            let account = match account_by_email(conn, &email)? {
                Some((_, true)) => return Ok(Redeemed::Suspended),
                Some((a, false)) => a,
                None => {
                    let Some((name, key)) = name else {
                        return Ok(Redeemed::NeedsName);
                    };
                    let taken: bool = conn.query_row(
                        "SELECT EXISTS (SELECT 1 FROM accounts WHERE name_key = ?1)",
                        [&key],
                        |r| r.get(0),
                    )?;
                    if taken {
                        return Ok(Redeemed::NameTaken);
                    }
                    conn.execute(
                        "INSERT INTO accounts (email, name, name_key, created) \
                         VALUES (?1, ?2, ?3, ?4)",
                        params![email, name, key, now],
                    )?;
                    Account {
                        id: AccountId(conn.last_insert_rowid()),
                        name,
                        email,
                        created: now,
                        lang: None,
                    }
                }
            };
            let used = conn.execute(
                "UPDATE signin_links SET used = ?2 WHERE hash = ?1 AND used IS NULL",
                params![hash, now],
            )?;
            anyhow::ensure!(used == 1, "the sign-in link was used meanwhile");
            conn.execute(
                "INSERT INTO sessions (hash, account, created, expires) VALUES (?1, ?2, ?3, ?4)",
                params![session, account.id.0, now, session_expires],
            )?;
            Ok(Redeemed::SignedIn(account))
        })
        .await
    }

    async fn session_account(&self, hash: String, now: i64) -> Result<Option<Account>> {
        self.call(move |conn| {
            Ok(conn
                .query_row(
                    &format!(
                        "SELECT {ACCOUNT_COLUMNS} FROM sessions s JOIN accounts a \
                         ON a.id = s.account WHERE s.hash = ?1 AND s.expires > ?2 \
                         AND a.deleted IS NULL AND a.suspended IS NULL"
                    ),
                    params![hash, now],
                    account_row,
                )
                .optional()?)
        })
        .await
    }

    async fn end_session(&self, hash: String) -> Result<()> {
        self.call(move |conn| {
            conn.execute("DELETE FROM sessions WHERE hash = ?1", [hash])?;
            Ok(())
        })
        .await
    }

    async fn end_sessions(&self, account: AccountId) -> Result<u64> {
        self.call(move |conn| {
            Ok(conn.execute("DELETE FROM sessions WHERE account = ?1", [account.0])? as u64)
        })
        .await
    }

    async fn rename(&self, account: AccountId, name: String, key: String) -> Result<bool> {
        self.call(move |conn| {
            let taken: bool = conn.query_row(
                "SELECT EXISTS (SELECT 1 FROM accounts WHERE name_key = ?1 AND id <> ?2)",
                params![key, account.0],
                |r| r.get(0),
            )?;
            if taken {
                return Ok(false);
            }
            conn.execute(
                "UPDATE accounts SET name = ?2, name_key = ?3 WHERE id = ?1 AND deleted IS NULL",
                params![account.0, name, key],
            )?;
            Ok(true)
        })
        .await
    }

    async fn account_named(&self, key: String) -> Result<Option<Account>> {
        self.call(move |conn| {
            Ok(conn
                .query_row(
                    &format!(
                        "SELECT {ACCOUNT_COLUMNS} FROM accounts a WHERE a.name_key = ?1 \
                         AND a.deleted IS NULL AND a.suspended IS NULL"
                    ),
                    [key],
                    account_row,
                )
                .optional()?)
        })
        .await
    }

    async fn tie_seats(&self, table: String, ties: Vec<SeatTie>, now: i64) -> Result<()> {
        self.call(move |conn| {
            for t in ties {
                conn.execute(
                    "INSERT OR IGNORE INTO seat_accounts \
                     (table_id, seat, account, state, invited_by, since) \
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                    params![
                        table,
                        t.seat as i64,
                        t.account.0,
                        t.state.as_str(),
                        t.invited_by.map(|a| a.0),
                        now
                    ],
                )?;
            }
            Ok(())
        })
        .await
    }

    async fn claim_seats(
        &self,
        account: AccountId,
        seats: Vec<(String, String)>,
        now: i64,
    ) -> Result<Vec<(String, usize)>> {
        self.call(move |conn| {
            let mut tied = Vec::new();
            for (table, token) in seats {
                let seat: Option<i64> = conn
                    .query_row(
                        "SELECT seat FROM seats WHERE table_id = ?1 AND token = ?2 \
                         AND kind = 'human'",
                        params![table, token],
                        |r| r.get(0),
                    )
                    .optional()?;
                let Some(seat) = seat else { continue };
                // The seat's link proves the seat: an invitation to it (for this account or
                // another) gives way to whoever holds the link.
                let n = conn.execute(
                    "INSERT INTO seat_accounts (table_id, seat, account, state, since) \
                     VALUES (?1, ?2, ?3, 'seated', ?4) \
                     ON CONFLICT (table_id, seat) DO UPDATE SET account = excluded.account, \
                     state = 'seated', since = excluded.since \
                     WHERE seat_accounts.state <> 'seated'",
                    params![table, seat, account.0, now],
                )?;
                if n == 1 {
                    tied.push((table, seat as usize));
                }
            }
            Ok(tied)
        })
        .await
    }

    async fn my_seats(&self, account: AccountId, limit: usize) -> Result<Vec<MySeat>> {
        self.call(move |conn| {
            let mut stmt = conn.prepare(
                "SELECT sa.table_id, t.game, sa.seat, sa.state, s.token, i.name, i.deleted, \
                 t.created, f.summary FROM seat_accounts sa \
                 JOIN tables t ON t.id = sa.table_id \
                 JOIN seats s ON s.table_id = sa.table_id AND s.seat = sa.seat \
                 LEFT JOIN accounts i ON i.id = sa.invited_by \
                 LEFT JOIN finished f ON f.table_id = sa.table_id \
                 WHERE sa.account = ?1 AND t.expired = 0 \
                 ORDER BY t.created DESC, sa.table_id, sa.seat LIMIT ?2",
            )?;
            let rows = stmt
                .query_map(params![account.0, limit as i64], |r| {
                    Ok((
                        r.get::<_, String>(0)?,
                        r.get::<_, String>(1)?,
                        r.get::<_, i64>(2)?,
                        r.get::<_, String>(3)?,
                        r.get::<_, String>(4)?,
                        r.get::<_, Option<String>>(5)?,
                        r.get::<_, Option<i64>>(6)?,
                        r.get::<_, i64>(7)?,
                        r.get::<_, Option<String>>(8)?,
                    ))
                })?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            Ok(rows
                .into_iter()
                .filter_map(
                    |(table, game, seat, state, token, by, by_deleted, created, f)| {
                        let state = SeatState::parse(&state)?;
                        Some(MySeat {
                            table,
                            game,
                            seat: usize::try_from(seat).ok()?,
                            state,
                            token: (state == SeatState::Seated).then_some(token),
                            invited_by: by.map(|n| {
                                if by_deleted.is_some() {
                                    crate::db::FORMER_PLAYER.to_string()
                                } else {
                                    n
                                }
                            }),
                            created,
                            finished: f.and_then(|f| serde_json::from_str(&f).ok()),
                        })
                    },
                )
                .collect())
        })
        .await
    }

    async fn answer_invite(
        &self,
        account: AccountId,
        table: String,
        seat: usize,
        accept: bool,
        reopen: bool,
        now: i64,
    ) -> Result<Option<Option<String>>> {
        self.call(move |conn| {
            let state = if accept { "seated" } else { "declined" };
            let n = conn.execute(
                "UPDATE seat_accounts SET state = ?4, since = ?5 WHERE table_id = ?1 \
                 AND seat = ?2 AND account = ?3 AND state = 'invited'",
                params![table, seat as i64, account.0, state, now],
            )?;
            if n == 0 {
                return Ok(None);
            }
            if !accept {
                if reopen {
                    conn.execute(
                        "INSERT INTO open_seats (table_id, seat) VALUES (?1, ?2) \
                         ON CONFLICT (table_id, seat) DO UPDATE SET claimed = 0",
                        params![table, seat as i64],
                    )?;
                }
                return Ok(Some(None));
            }
            let token: String = conn.query_row(
                "SELECT token FROM seats WHERE table_id = ?1 AND seat = ?2",
                params![table, seat as i64],
                |r| r.get(0),
            )?;
            Ok(Some(Some(token)))
        })
        .await
    }

    async fn sent_invites(&self, account: AccountId, limit: usize) -> Result<Vec<SentInvite>> {
        self.sent_invites_sqlite(account, limit).await
    }

    async fn finished_seats(&self, account: AccountId) -> Result<Vec<FinishedSeat>> {
        self.call(move |conn| {
            let mut stmt = conn.prepare(
                "SELECT t.game, sa.seat, \
                 (SELECT count(*) FROM seats s WHERE s.table_id = sa.table_id), f.summary \
                 FROM seat_accounts sa JOIN tables t ON t.id = sa.table_id \
                 JOIN finished f ON f.table_id = sa.table_id \
                 WHERE sa.account = ?1 AND sa.state = 'seated' ORDER BY f.finished",
            )?;
            let rows = stmt
                .query_map([account.0], |r| {
                    Ok((
                        r.get::<_, String>(0)?,
                        r.get::<_, i64>(1)?,
                        r.get::<_, i64>(2)?,
                        r.get::<_, String>(3)?,
                    ))
                })?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            Ok(rows
                .into_iter()
                .filter_map(|(game, seat, players, summary)| {
                    Some(FinishedSeat {
                        game,
                        seat: usize::try_from(seat).ok()?,
                        players: usize::try_from(players).ok()?,
                        summary,
                    })
                })
                .collect())
        })
        .await
    }

    async fn waiting_invites(&self, table: String) -> Result<Vec<usize>> {
        self.call(move |conn| {
            let mut stmt = conn.prepare(
                "SELECT seat FROM seat_accounts WHERE table_id = ?1 AND state = 'invited' \
                 ORDER BY seat",
            )?;
            let rows = stmt
                .query_map([table], |r| r.get::<_, i64>(0))?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            Ok(rows
                .into_iter()
                .filter_map(|s| usize::try_from(s).ok())
                .collect())
        })
        .await
    }

    async fn table_accounts(&self, table: String) -> Result<Vec<(usize, AccountId)>> {
        self.call(move |conn| {
            let mut stmt = conn.prepare(
                "SELECT seat, account FROM seat_accounts WHERE table_id = ?1 \
                 AND state = 'seated' ORDER BY seat",
            )?;
            let rows = stmt
                .query_map([table], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?)))?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            Ok(rows
                .into_iter()
                .filter_map(|(s, a)| Some((usize::try_from(s).ok()?, AccountId(a))))
                .collect())
        })
        .await
    }

    async fn set_account_lang(&self, account: AccountId, lang: String) -> Result<()> {
        self.call(move |conn| {
            conn.execute(
                "UPDATE accounts SET lang = ?2 WHERE id = ?1 AND deleted IS NULL",
                params![account.0, lang],
            )?;
            Ok(())
        })
        .await
    }

    async fn account_lang(&self, account: AccountId) -> Result<Option<String>> {
        self.call(move |conn| {
            Ok(conn
                .query_row(
                    "SELECT lang FROM accounts WHERE id = ?1 AND deleted IS NULL",
                    [account.0],
                    |r| r.get::<_, Option<String>>(0),
                )
                .optional()?
                .flatten())
        })
        .await
    }

    async fn store_account_addresses(
        &self,
        account: AccountId,
        game: String,
        to: Addresses,
    ) -> Result<()> {
        self.call(move |conn| {
            if to.is_empty() {
                conn.execute(
                    "DELETE FROM account_notify WHERE account = ?1 AND game = ?2",
                    params![account.0, game],
                )?;
            } else {
                conn.execute(
                    "INSERT OR REPLACE INTO account_notify (account, game, email, webhook) \
                     VALUES (?1, ?2, ?3, ?4)",
                    params![account.0, game, to.email, to.webhook],
                )?;
            }
            Ok(())
        })
        .await
    }

    async fn account_addresses(&self, account: AccountId) -> Result<Vec<(String, Addresses)>> {
        self.call(move |conn| {
            let mut stmt = conn.prepare(
                "SELECT game, email, webhook FROM account_notify WHERE account = ?1 ORDER BY game",
            )?;
            let rows = stmt
                .query_map([account.0], |r| {
                    Ok((
                        r.get(0)?,
                        Addresses {
                            email: r.get(1)?,
                            webhook: r.get(2)?,
                            lang: None,
                        },
                    ))
                })?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            Ok(rows)
        })
        .await
    }

    async fn set_block(
        &self,
        account: AccountId,
        other: AccountId,
        block: bool,
        now: i64,
    ) -> Result<()> {
        self.set_block_sqlite(account, other, block, now).await
    }

    async fn blocked(&self, account: AccountId) -> Result<Vec<AccountId>> {
        self.blocked_sqlite(account).await
    }

    async fn blockers(&self, account: AccountId) -> Result<Vec<AccountId>> {
        self.blockers_sqlite(account).await
    }

    async fn report(
        &self,
        reporter: AccountId,
        table: String,
        line: u64,
        reported: Option<AccountId>,
        text: String,
        now: i64,
    ) -> Result<bool> {
        self.report_sqlite(reporter, table, line, reported, text, now)
            .await
    }

    async fn reports(&self, limit: usize) -> Result<Vec<Report>> {
        self.reports_sqlite(limit).await
    }

    async fn suspend(&self, key: String, suspend: bool, now: i64) -> Result<bool> {
        self.suspend_sqlite(key, suspend, now).await
    }

    async fn export(&self, account: AccountId) -> Result<serde_json::Value> {
        self.export_sqlite(account).await
    }

    async fn delete_account(&self, account: AccountId, now: i64) -> Result<()> {
        self.delete_account_sqlite(account, now).await
    }
}
