//! Passkeys on PostgreSQL (see `crate::db::passkey_store`): taking a ceremony and signing in
//! each run in one transaction holding the row they decide on, so two instances finishing one
//! ceremony at once never both succeed.

use super::Postgres;
use crate::db::passkey_store::{
    Ceremony, FoundPasskey, NewPasskey, PasskeyAdded, PasskeyRow, PasskeyStore,
};
use crate::db::passkeys::{ceremony, CEREMONY_KEEP_MS};
use crate::db::{Account, AccountId, Redeemed};
use anyhow::Result;

/// The migration that adds passkeys (see the SQLite schema's `PASSKEYS_SCHEMA`).
pub(super) const PASSKEYS_MIGRATION: &str = "
CREATE TABLE passkey_ceremonies (
    hash        TEXT PRIMARY KEY,
    kind        TEXT NOT NULL,
    account     BIGINT REFERENCES accounts(id),
    state       TEXT NOT NULL,
    created     BIGINT NOT NULL,
    expires     BIGINT NOT NULL,
    used        BIGINT
);
CREATE TABLE passkeys (
    id          TEXT PRIMARY KEY,
    account     BIGINT NOT NULL REFERENCES accounts(id),
    user_handle TEXT NOT NULL,
    name        TEXT NOT NULL,
    credential  TEXT NOT NULL,
    created     BIGINT NOT NULL,
    last_used   BIGINT
);
CREATE INDEX passkeys_by_account ON passkeys (account);
";

#[async_trait::async_trait]
impl PasskeyStore for Postgres {
    async fn begin_ceremony(
        &self,
        hash: String,
        kind: String,
        account: Option<AccountId>,
        state: String,
        now: i64,
        expires: i64,
    ) -> Result<()> {
        self.with(|client| async move {
            client
                .execute(
                    "DELETE FROM passkey_ceremonies WHERE expires < $1",
                    &[&(now - CEREMONY_KEEP_MS)],
                )
                .await?;
            client
                .execute(
                    "INSERT INTO passkey_ceremonies \
                     (hash, kind, account, state, created, expires) \
                     VALUES ($1, $2, $3, $4, $5, $6)",
                    &[&hash, &kind, &account.map(|a| a.0), &state, &now, &expires],
                )
                .await?;
            Ok(())
        })
        .await
    }

    async fn take_ceremony(&self, hash: String, kind: String, now: i64) -> Result<Ceremony> {
        self.with(|mut client| async move {
            let tx = client.transaction().await?;
            let row = tx
                .query_opt(
                    "SELECT expires, used, account, state FROM passkey_ceremonies \
                     WHERE hash = $1 AND kind = $2 FOR UPDATE",
                    &[&hash, &kind],
                )
                .await?
                .map(|r| (r.get(0), r.get(1), r.get(2), r.get(3)));
            let found = ceremony(row, now);
            if matches!(found, Ceremony::Taken { .. }) {
                tx.execute(
                    "UPDATE passkey_ceremonies SET used = $2 WHERE hash = $1",
                    &[&hash, &now],
                )
                .await?;
            }
            tx.commit().await?;
            Ok(found)
        })
        .await
    }

    async fn user_handle(&self, account: AccountId) -> Result<Option<String>> {
        self.with(|client| async move {
            Ok(client
                .query_opt(
                    "SELECT user_handle FROM passkeys WHERE account = $1 LIMIT 1",
                    &[&account.0],
                )
                .await?
                .map(|r| r.get(0)))
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
        self.with(|mut client| async move {
            let tx = client.transaction().await?;
            // Two registrations of one account at once count one after the other.
            tx.query_one(
                "SELECT id FROM accounts WHERE id = $1 FOR UPDATE",
                &[&account.0],
            )
            .await?;
            let held: i64 = tx
                .query_one(
                    "SELECT count(*) FROM passkeys WHERE account = $1",
                    &[&account.0],
                )
                .await?
                .get(0);
            if held >= i64::try_from(limit)? {
                return Ok(PasskeyAdded::TooMany);
            }
            let n = tx
                .execute(
                    "INSERT INTO passkeys (id, account, user_handle, name, credential, created) \
                     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id) DO NOTHING",
                    &[
                        &new.id,
                        &account.0,
                        &new.user_handle,
                        &new.name,
                        &new.credential,
                        &now,
                    ],
                )
                .await?;
            tx.commit().await?;
            Ok(if n == 1 {
                PasskeyAdded::Added
            } else {
                PasskeyAdded::Known
            })
        })
        .await
    }

    async fn passkeys(&self, account: AccountId) -> Result<Vec<PasskeyRow>> {
        self.with(|client| async move {
            let rows = client
                .query(
                    "SELECT id, name, created, last_used, credential FROM passkeys \
                     WHERE account = $1 ORDER BY created, id",
                    &[&account.0],
                )
                .await?;
            Ok(rows
                .iter()
                .map(|r| PasskeyRow {
                    id: r.get(0),
                    name: r.get(1),
                    created: r.get(2),
                    last_used: r.get(3),
                    credential: r.get(4),
                })
                .collect())
        })
        .await
    }

    async fn remove_passkey(&self, account: AccountId, id: String) -> Result<bool> {
        self.with(|client| async move {
            Ok(client
                .execute(
                    "DELETE FROM passkeys WHERE account = $1 AND id = $2",
                    &[&account.0, &id],
                )
                .await?
                == 1)
        })
        .await
    }

    async fn find_passkey(&self, id: String) -> Result<Option<FoundPasskey>> {
        self.with(|client| async move {
            Ok(client
                .query_opt(
                    "SELECT p.account, p.user_handle, p.credential FROM passkeys p \
                     JOIN accounts a ON a.id = p.account \
                     WHERE p.id = $1 AND a.deleted IS NULL",
                    &[&id],
                )
                .await?
                .map(|r| FoundPasskey {
                    account: AccountId(r.get(0)),
                    user_handle: r.get(1),
                    credential: r.get(2),
                }))
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
        self.with(|mut client| async move {
            let tx = client.transaction().await?;
            let found = tx
                .query_opt(
                    "SELECT a.id, a.name, a.email, a.created, a.lang, \
                     a.suspended IS NOT NULL FROM passkeys p \
                     JOIN accounts a ON a.id = p.account \
                     WHERE p.id = $1 AND p.account = $2 AND a.deleted IS NULL \
                     FOR UPDATE OF p",
                    &[&id, &account.0],
                )
                .await?;
            let account = match found {
                None => return Ok(Redeemed::Unknown),
                Some(r) if r.get::<_, bool>(5) => return Ok(Redeemed::Suspended),
                Some(r) => Account {
                    id: AccountId(r.get(0)),
                    name: r.get(1),
                    email: r.get(2),
                    created: r.get(3),
                    lang: r.get(4),
                },
            };
            tx.execute(
                "UPDATE passkeys SET credential = $2, last_used = $3 WHERE id = $1",
                &[&id, &credential, &now],
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
}
