//! Passkeys on SQLite (see `crate::db::passkey_store`): each request runs in its own
//! savepoint on the database thread, so what it decides it decides alone.

use super::Sqlite;
use crate::db::passkey_store::{
    Ceremony, FoundPasskey, NewPasskey, PasskeyAdded, PasskeyRow, PasskeyStore,
};
use crate::db::{Account, AccountId, Redeemed};
use anyhow::Result;
use rusqlite::{params, OptionalExtension};

/// Passkeys and the ceremonies that make and use them. A ceremony is kept (hashed token,
/// state as JSON) from its beginning until it is finished or expires, so any instance of a
/// site finishes it; `used` marks it finished (each finishes once). A passkey's credential
/// (public key and signature counter, as JSON) is kept by its id, with the account's user
/// handle, the name its owner gave it, and when it was added and last used.
pub(super) const PASSKEYS_SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS passkey_ceremonies (
    hash        TEXT PRIMARY KEY,
    kind        TEXT NOT NULL,
    account     INTEGER REFERENCES accounts(id),
    state       TEXT NOT NULL,
    created     INTEGER NOT NULL,
    expires     INTEGER NOT NULL,
    used        INTEGER
);
CREATE TABLE IF NOT EXISTS passkeys (
    id          TEXT PRIMARY KEY,
    account     INTEGER NOT NULL REFERENCES accounts(id),
    user_handle TEXT NOT NULL,
    name        TEXT NOT NULL,
    credential  TEXT NOT NULL,
    created     INTEGER NOT NULL,
    last_used   INTEGER
);
CREATE INDEX IF NOT EXISTS passkeys_by_account ON passkeys (account);
";

/// How long an expired ceremony is kept (a day, in ms), so that finishing it says "expired"
/// rather than "unknown" for a while.
pub(super) const CEREMONY_KEEP_MS: i64 = 24 * 3600 * 1000;

/// A ceremony's row (`expires`, `used`, `account`, `state`) as what taking it comes to.
pub(super) fn ceremony(row: Option<(i64, Option<i64>, Option<i64>, String)>, now: i64) -> Ceremony {
    match row {
        None => Ceremony::Unknown,
        Some((_, Some(_), _, _)) => Ceremony::Used,
        Some((expires, None, _, _)) if expires <= now => Ceremony::Expired,
        Some((_, None, account, state)) => Ceremony::Taken {
            account: account.map(AccountId),
            state,
        },
    }
}

#[async_trait::async_trait]
impl PasskeyStore for Sqlite {
    async fn begin_ceremony(
        &self,
        hash: String,
        kind: String,
        account: Option<AccountId>,
        state: String,
        now: i64,
        expires: i64,
    ) -> Result<()> {
        self.call(move |conn| {
            conn.execute(
                "DELETE FROM passkey_ceremonies WHERE expires < ?1",
                [now - CEREMONY_KEEP_MS],
            )?;
            conn.execute(
                "INSERT INTO passkey_ceremonies (hash, kind, account, state, created, expires) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![hash, kind, account.map(|a| a.0), state, now, expires],
            )?;
            Ok(())
        })
        .await
    }

    async fn take_ceremony(&self, hash: String, kind: String, now: i64) -> Result<Ceremony> {
        self.call(move |conn| {
            let row = conn
                .query_row(
                    "SELECT expires, used, account, state FROM passkey_ceremonies \
                     WHERE hash = ?1 AND kind = ?2",
                    params![hash, kind],
                    |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
                )
                .optional()?;
            let found = ceremony(row, now);
            if found == Ceremony::Unknown {
                return Ok(found);
            }
            if matches!(found, Ceremony::Taken { .. }) {
                conn.execute(
                    "UPDATE passkey_ceremonies SET used = ?2 WHERE hash = ?1",
                    params![hash, now],
                )?;
            }
            Ok(found)
        })
        .await
    }

    async fn user_handle(&self, account: AccountId) -> Result<Option<String>> {
        self.call(move |conn| {
            Ok(conn
                .query_row(
                    "SELECT user_handle FROM passkeys WHERE account = ?1 LIMIT 1",
                    [account.0],
                    |r| r.get(0),
                )
                .optional()?)
        })
        .await
    }

    async fn add_passkey(
        &self,
        account: AccountId,
        new: NewPasskey,
        now: i64,
        limit: usize,
    ) -> Result<PasskeyAdded> {
        self.call(move |conn| {
            let held: i64 = conn.query_row(
                "SELECT count(*) FROM passkeys WHERE account = ?1",
                [account.0],
                |r| r.get(0),
            )?;
            if held >= i64::try_from(limit)? {
                return Ok(PasskeyAdded::TooMany);
            }
            let n = conn.execute(
                "INSERT OR IGNORE INTO passkeys \
                 (id, account, user_handle, name, credential, created) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![
                    new.id,
                    account.0,
                    new.user_handle,
                    new.name,
                    new.credential,
                    now
                ],
            )?;
            Ok(if n == 1 {
                PasskeyAdded::Added
            } else {
                PasskeyAdded::Known
            })
        })
        .await
    }

    async fn passkeys(&self, account: AccountId) -> Result<Vec<PasskeyRow>> {
        self.call(move |conn| {
            let mut stmt = conn.prepare(
                "SELECT id, name, created, last_used, credential FROM passkeys \
                 WHERE account = ?1 ORDER BY created, id",
            )?;
            let rows = stmt
                .query_map([account.0], |r| {
                    Ok(PasskeyRow {
                        id: r.get(0)?,
                        name: r.get(1)?,
                        created: r.get(2)?,
                        last_used: r.get(3)?,
                        credential: r.get(4)?,
                    })
                })?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            Ok(rows)
        })
        .await
    }

    async fn remove_passkey(&self, account: AccountId, id: String) -> Result<bool> {
        self.call(move |conn| {
            Ok(conn.execute(
                "DELETE FROM passkeys WHERE account = ?1 AND id = ?2",
                params![account.0, id],
            )? == 1)
        })
        .await
    }

    async fn find_passkey(&self, id: String) -> Result<Option<FoundPasskey>> {
        self.call(move |conn| {
            Ok(conn
                .query_row(
                    "SELECT p.account, p.user_handle, p.credential FROM passkeys p \
                     JOIN accounts a ON a.id = p.account \
                     WHERE p.id = ?1 AND a.deleted IS NULL",
                    [id],
                    |r| {
                        Ok(FoundPasskey {
                            account: AccountId(r.get(0)?),
                            user_handle: r.get(1)?,
                            credential: r.get(2)?,
                        })
                    },
                )
                .optional()?)
        })
        .await
    }

    async fn passkey_sign_in(
        &self,
        id: String,
        account: AccountId,
        credential: String,
        now: i64,
        session: String,
        session_expires: i64,
    ) -> Result<Redeemed> {
        self.call(move |conn| {
            let found = conn
                .query_row(
                    "SELECT a.id, a.name, a.email, a.created, a.lang, \
                     a.suspended IS NOT NULL FROM passkeys p \
                     JOIN accounts a ON a.id = p.account \
                     WHERE p.id = ?1 AND p.account = ?2 AND a.deleted IS NULL",
                    params![id, account.0],
                    |r| {
                        Ok((
                            Account {
                                id: AccountId(r.get(0)?),
                                name: r.get(1)?,
                                email: r.get(2)?,
                                created: r.get(3)?,
                                lang: r.get(4)?,
                            },
                            r.get::<_, bool>(5)?,
                        ))
                    },
                )
                .optional()?;
            let account = match found {
                None => return Ok(Redeemed::Unknown),
                Some((_, true)) => return Ok(Redeemed::Suspended),
                Some((a, false)) => a,
            };
            conn.execute(
                "UPDATE passkeys SET credential = ?2, last_used = ?3 WHERE id = ?1",
                params![id, credential, now],
            )?;
            conn.execute(
                "INSERT INTO sessions (hash, account, created, expires) VALUES (?1, ?2, ?3, ?4)",
                params![session, account.id.0, now, session_expires],
            )?;
            Ok(Redeemed::SignedIn(account))
        })
        .await
    }
}
