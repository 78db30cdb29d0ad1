//! Accounts on PostgreSQL (see `crate::db::store`): a request that decides something runs
//! in one transaction, holding the row it decides on (or an advisory lock on the e-mail address
//! it is about), so two instances asking at once never both win.

use super::Postgres;
use crate::db::{
    Account, AccountId, AccountStore, FinishedSeat, MySeat, Redeemed, Report, SeatState, SeatTie,
    SentInvite, FORMER_PLAYER,
};
use crate::notify::Addresses;
use anyhow::Result;
use deadpool_postgres::GenericClient;
use tokio_postgres::Row;

/// The columns an [`Account`] is read from (`a` is `accounts`).
const ACCOUNT_COLUMNS: &str = "a.id, a.name, a.email, a.created, a.lang";

fn account_row(r: &Row) -> Account {
    Account {
        id: AccountId(r.get(0)),
        name: r.get(1),
        email: r.get(2),
        created: r.get(3),
        lang: r.get(4),
    }
}

/// Serialises the requests about one e-mail address for the rest of the transaction.
async fn lock_email(tx: &impl GenericClient, email: &str) -> Result<()> {
    tx.execute(
        "SELECT pg_advisory_xact_lock(hashtext('account:' || $1))",
        &[&email],
    )
    .await?;
    Ok(())
}

/// The live account with `email`, and whether it is suspended.
async fn account_by_email(tx: &impl GenericClient, email: &str) -> Result<Option<(Account, bool)>> {
    let row = tx
        .query_opt(
            &format!(
                "SELECT {ACCOUNT_COLUMNS}, a.suspended IS NOT NULL FROM accounts a \
                 WHERE a.email = $1 AND a.deleted IS NULL"
            ),
            &[&email],
        )
        .await?;
    Ok(row.map(|r| (account_row(&r), r.get(5))))
}

/// What stands in the way of redeeming the link with `hash` (its row locked when `lock`), and
/// its address.
async fn link_state(
    tx: &impl GenericClient,
    hash: &str,
    now: i64,
    lock: bool,
) -> Result<(Option<Redeemed>, String)> {
    let lock = if lock { " FOR UPDATE" } else { "" };
    let row = tx
        .query_opt(
            &format!("SELECT email, expires, used FROM signin_links WHERE hash = $1{lock}"),
            &[&hash],
        )
        .await?;
    Ok(match row {
        None => (Some(Redeemed::Unknown), String::new()),
        Some(r) => {
            let (email, expires, used): (String, i64, Option<i64>) = (r.get(0), r.get(1), r.get(2));
            if used.is_some() {
                (Some(Redeemed::Used), email)
            } else if expires <= now {
                (Some(Redeemed::Expired), email)
            } else {
                (None, email)
            }
        }
    })
}

#[async_trait::async_trait]
impl AccountStore for Postgres {
    async fn store_link(
        &self,
        hash: String,
        email: String,
        now: i64,
        expires: i64,
        since: i64,
        limit: u32,
    ) -> Result<bool> {
        self.with(|mut client| async move {
            let tx = client.transaction().await?;
            lock_email(&tx, &email).await?;
            let sent: i64 = tx
                .query_one(
                    "SELECT count(*) FROM signin_links WHERE email = $1 AND created > $2",
                    &[&email, &since],
                )
                .await?
                .get(0);
            if sent >= i64::from(limit) {
                return Ok(false);
            }
            tx.execute(
                "DELETE FROM signin_links WHERE expires < $1",
                &[&since.min(now - 24 * 3600 * 1000)],
            )
            .await?;
            tx.execute(
                "INSERT INTO signin_links (hash, email, created, expires) VALUES ($1, $2, $3, $4)",
                &[&hash, &email, &now, &expires],
            )
            .await?;
            tx.commit().await?;
            Ok(true)
        })
        .await
    }

    async fn check_link(&self, hash: String, now: i64) -> Result<(Option<Redeemed>, bool)> {
        self.with(|client| async move {
            let (problem, email) = link_state(&client, &hash, now, false).await?;
            let has = problem.is_none() && account_by_email(&client, &email).await?.is_some();
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
        self.with(|mut client| async move {
            let tx = client.transaction().await?;
            let (problem, email) = link_state(&tx, &hash, now, true).await?;
            if let Some(p) = problem {
                return Ok(p);
            }
            lock_email(&tx, &email).await?;
            let account = match account_by_email(&tx, &email).await? {
                Some((_, true)) => return Ok(Redeemed::Suspended),
                Some((a, false)) => a,
                None => {
                    let Some((name, key)) = name else {
                        return Ok(Redeemed::NeedsName);
                    };
                    let row = tx
                        .query_opt(
                            "INSERT INTO accounts (email, name, name_key, created) \
                             VALUES ($1, $2, $3, $4) ON CONFLICT (name_key) DO NOTHING \
                             RETURNING id",
                            &[&email, &name, &key, &now],
                        )
                        .await?;
                    let Some(row) = row else {
                        return Ok(Redeemed::NameTaken);
                    };
                    Account {
                        id: AccountId(row.get(0)),
                        name,
                        email,
                        created: now,
                        lang: None,
                    }
                }
            };
            tx.execute(
                "UPDATE signin_links SET used = $2 WHERE hash = $1",
                &[&hash, &now],
            )
            .await?;
            tx.execute(
                "INSERT INTO sessions (hash, account, created, expires) VALUES ($1, $2, $3, $4)",
                &[&session, &account.id.0, &now, &session_expires],
            )
            .await?;
            tx.commit().await?;
            Ok(Redeemed::SignedIn(account))
        })
        .await
    }

    async fn session_account(&self, hash: String, now: i64) -> Result<Option<Account>> {
        self.with(|client| async move {
            let row = client
                .query_opt(
                    &format!(
                        "SELECT {ACCOUNT_COLUMNS} FROM sessions s JOIN accounts a \
                         ON a.id = s.account WHERE s.hash = $1 AND s.expires > $2 \
                         AND a.deleted IS NULL AND a.suspended IS NULL"
                    ),
                    &[&hash, &now],
                )
                .await?;
            Ok(row.map(|r| account_row(&r)))
        })
        .await
    }

    async fn end_session(&self, hash: String) -> Result<()> {
        self.with(|client| async move {
            client
                .execute("DELETE FROM sessions WHERE hash = $1", &[&hash])
                .await?;
            Ok(())
        })
        .await
    }

    async fn end_sessions(&self, account: AccountId) -> Result<u64> {
        self.with(|client| async move {
            Ok(client
                .execute("DELETE FROM sessions WHERE account = $1", &[&account.0])
                .await?)
        })
        .await
    }

    async fn rename(&self, account: AccountId, name: String, key: String) -> Result<bool> {
        self.with(|client| async move {
            match client
                .execute(
                    "UPDATE accounts SET name = $2, name_key = $3 WHERE id = $1 AND deleted IS NULL",
                    &[&account.0, &name, &key],
                )
                .await
            {
                Ok(_) => Ok(true),
                Err(e) if e.code() == Some(&tokio_postgres::error::SqlState::UNIQUE_VIOLATION) => {
                    Ok(false)
                }
                Err(e) => Err(e.into()),
            }
        })
        .await
    }

    async fn account_named(&self, key: String) -> Result<Option<Account>> {
        self.with(|client| async move {
            let row = client
                .query_opt(
                    &format!(
                        "SELECT {ACCOUNT_COLUMNS} FROM accounts a WHERE a.name_key = $1 \
                         AND a.deleted IS NULL AND a.suspended IS NULL"
                    ),
                    &[&key],
                )
                .await?;
            Ok(row.map(|r| account_row(&r)))
        })
        .await
    }

    async fn tie_seats(&self, table: String, ties: Vec<SeatTie>, now: i64) -> Result<()> {
        self.with(|mut client| async move {
            let tx = client.transaction().await?;
            for t in ties {
                tx.execute(
                    "INSERT INTO seat_accounts (table_id, seat, account, state, invited_by, since) \
                     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING",
                    &[
                        &table,
                        &i32::try_from(t.seat)?,
                        &t.account.0,
                        &t.state.as_str(),
                        &t.invited_by.map(|a| a.0),
                        &now,
                    ],
                )
                .await?;
            }
            tx.commit().await?;
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
        self.with(|mut client| async move {
            let tx = client.transaction().await?;
            let mut tied = Vec::new();
            for (table, token) in seats {
                let row = tx
                    .query_opt(
                        "SELECT seat FROM seats WHERE table_id = $1 AND token = $2 \
                         AND kind = 'human'",
                        &[&table, &token],
                    )
                    .await?;
                let Some(row) = row else { continue };
                let seat: i32 = row.get(0);
                let n = tx
                    .execute(
                        "INSERT INTO seat_accounts (table_id, seat, account, state, since) \
                         VALUES ($1, $2, $3, 'seated', $4) \
                         ON CONFLICT (table_id, seat) DO UPDATE SET account = EXCLUDED.account, \
                         state = 'seated', since = EXCLUDED.since \
                         WHERE seat_accounts.state <> 'seated'",
                        &[&table, &seat, &account.0, &now],
                    )
                    .await?;
                if n == 1 {
                    tied.push((table, usize::try_from(seat)?));
                }
            }
            tx.commit().await?;
            Ok(tied)
        })
        .await
    }

    async fn my_seats(&self, account: AccountId, limit: usize) -> Result<Vec<MySeat>> {
        self.with(|client| async move {
            let rows = client
                .query(
                    "SELECT sa.table_id, t.game, sa.seat, sa.state, s.token, i.name, \
                     i.deleted, t.created, f.summary FROM seat_accounts sa \
                     JOIN tables t ON t.id = sa.table_id \
                     JOIN seats s ON s.table_id = sa.table_id AND s.seat = sa.seat \
                     LEFT JOIN accounts i ON i.id = sa.invited_by \
                     LEFT JOIN finished f ON f.table_id = sa.table_id \
                     WHERE sa.account = $1 AND NOT t.expired \
                     ORDER BY t.created DESC, sa.table_id, sa.seat LIMIT $2",
                    &[&account.0, &i64::try_from(limit)?],
                )
                .await?;
            Ok(rows
                .iter()
                .filter_map(|r| {
                    let state = SeatState::parse(r.get::<_, &str>(3))?;
                    let by: Option<String> = r.get(5);
                    let by_deleted: Option<i64> = r.get(6);
                    let finished: Option<String> = r.get(8);
                    Some(MySeat {
                        table: r.get(0),
                        game: r.get(1),
                        seat: usize::try_from(r.get::<_, i32>(2)).ok()?,
                        state,
                        token: (state == SeatState::Seated).then(|| r.get(4)),
                        invited_by: by.map(|n| {
                            if by_deleted.is_some() {
                                FORMER_PLAYER.to_string()
                            } else {
                                n
                            }
                        }),
                        created: r.get(7),
                        finished: finished.and_then(|f| serde_json::from_str(&f).ok()),
                    })
                })
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
        self.with(|mut client| async move {
            let state = if accept { "seated" } else { "declined" };
            let seat = i32::try_from(seat)?;
            let tx = client.transaction().await?;
            let row = tx
                .query_opt(
                    "UPDATE seat_accounts sa SET state = $4, since = $5 FROM seats s \
                     WHERE sa.table_id = $1 AND sa.seat = $2 AND sa.account = $3 \
                     AND sa.state = 'invited' AND s.table_id = sa.table_id AND s.seat = sa.seat \
                     RETURNING s.token",
                    &[&table, &seat, &account.0, &state, &now],
                )
                .await?;
            if row.is_some() && !accept && reopen {
                tx.execute(
                    "INSERT INTO open_seats (table_id, seat) VALUES ($1, $2) \
                     ON CONFLICT (table_id, seat) DO UPDATE SET claimed = FALSE",
                    &[&table, &seat],
                )
                .await?;
            }
            tx.commit().await?;
            Ok(row.map(|r| accept.then(|| r.get(0))))
        })
        .await
    }

    async fn sent_invites(&self, account: AccountId, limit: usize) -> Result<Vec<SentInvite>> {
        self.sent_invites_pg(account, limit).await
    }

    async fn finished_seats(&self, account: AccountId) -> Result<Vec<FinishedSeat>> {
        self.with(|client| async move {
            let rows = client
                .query(
                    "SELECT t.game, sa.seat, \
                     (SELECT count(*) FROM seats s WHERE s.table_id = sa.table_id), f.summary \
                     FROM seat_accounts sa JOIN tables t ON t.id = sa.table_id \
                     JOIN finished f ON f.table_id = sa.table_id \
                     WHERE sa.account = $1 AND sa.state = 'seated' ORDER BY f.finished",
                    &[&account.0],
                )
                .await?;
            Ok(rows
                .iter()
                .filter_map(|r| {
                    Some(FinishedSeat {
                        game: r.get(0),
                        seat: usize::try_from(r.get::<_, i32>(1)).ok()?,
                        players: usize::try_from(r.get::<_, i64>(2)).ok()?,
                        summary: r.get(3),
                    })
                })
                .collect())
        })
        .await
    }

    async fn waiting_invites(&self, table: String) -> Result<Vec<usize>> {
        self.with(|client| async move {
            let rows = client
                .query(
                    "SELECT seat FROM seat_accounts WHERE table_id = $1 \
                     AND state = 'invited' ORDER BY seat",
                    &[&table],
                )
                .await?;
            Ok(rows
                .iter()
                .filter_map(|r| usize::try_from(r.get::<_, i32>(0)).ok())
                .collect())
        })
        .await
    }

    async fn table_accounts(&self, table: String) -> Result<Vec<(usize, AccountId)>> {
        self.with(|client| async move {
            let rows = client
                .query(
                    "SELECT seat, account FROM seat_accounts WHERE table_id = $1 \
                     AND state = 'seated' ORDER BY seat",
                    &[&table],
                )
                .await?;
            Ok(rows
                .iter()
                .filter_map(|r| {
                    Some((
                        usize::try_from(r.get::<_, i32>(0)).ok()?,
                        AccountId(r.get(1)),
                    ))
                })
                .collect())
        })
        .await
    }

    async fn set_account_lang(&self, account: AccountId, lang: String) -> Result<()> {
        self.with(|client| async move {
            client
                .execute(
                    "UPDATE accounts SET lang = $2 WHERE id = $1 AND deleted IS NULL",
                    &[&account.0, &lang],
                )
                .await?;
            Ok(())
        })
        .await
    }

    async fn account_lang(&self, account: AccountId) -> Result<Option<String>> {
        self.with(|client| async move {
            let row = client
                .query_opt(
                    "SELECT lang FROM accounts WHERE id = $1 AND deleted IS NULL",
                    &[&account.0],
                )
                .await?;
            Ok(row.and_then(|r| r.get::<_, Option<String>>(0)))
        })
        .await
    }

    async fn store_account_addresses(
        &self,
        account: AccountId,
        game: String,
        to: Addresses,
    ) -> Result<()> {
        self.with(|client| async move {
            if to.is_empty() {
                client
                    .execute(
                        "DELETE FROM account_notify WHERE account = $1 AND game = $2",
                        &[&account.0, &game],
                    )
                    .await?;
            } else {
                client
                    .execute(
                        "INSERT INTO account_notify (account, game, email, webhook) \
                         VALUES ($1, $2, $3, $4) ON CONFLICT (account, game) \
                         DO UPDATE SET email = EXCLUDED.email, webhook = EXCLUDED.webhook",
                        &[&account.0, &game, &to.email, &to.webhook],
                    )
                    .await?;
            }
            Ok(())
        })
        .await
    }

    async fn account_addresses(&self, account: AccountId) -> Result<Vec<(String, Addresses)>> {
        self.with(|client| async move {
            let rows = client
                .query(
                    "SELECT game, email, webhook FROM account_notify WHERE account = $1 \
                     ORDER BY game",
                    &[&account.0],
                )
                .await?;
            Ok(rows
                .iter()
                .map(|r| {
                    (
                        r.get(0),
                        Addresses {
                            email: r.get(1),
                            webhook: r.get(2),
                            lang: None,
                        },
                    )
                })
                .collect())
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
        self.set_block_pg(account, other, block, now).await
    }

    async fn blocked(&self, account: AccountId) -> Result<Vec<AccountId>> {
        self.blocked_pg(account).await
    }

    async fn blockers(&self, account: AccountId) -> Result<Vec<AccountId>> {
        self.blockers_pg(account).await
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
        self.report_pg(reporter, table, line, reported, text, now)
            .await
    }

    async fn reports(&self, limit: usize) -> Result<Vec<Report>> {
        self.reports_pg(limit).await
    }

    async fn suspend(&self, key: String, suspend: bool, now: i64) -> Result<bool> {
        self.suspend_pg(key, suspend, now).await
    }

    async fn export(&self, account: AccountId) -> Result<serde_json::Value> {
        self.export_pg(account).await
    }

    async fn delete_account(&self, account: AccountId, now: i64) -> Result<()> {
        self.delete_account_pg(account, now).await
    }
}
