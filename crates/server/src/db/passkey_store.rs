//! What passkeys (`crate::accounts::passkey`) ask of the database: the ceremonies begun and
//! not yet finished (so that any instance finishes what another began), and each account's
//! passkeys. One trait, answered by SQLite (`db/passkeys.rs`) and PostgreSQL
//! (`db/pg/passkeys.rs`) alike; each call that decides something decides it in one transaction.

use crate::db::{AccountId, Redeemed};
use anyhow::Result;

/// What taking a ceremony came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ceremony {
    /// Begun and not finished: now taken (it cannot be taken again). The account that began
    /// it (a registration's), and its state as stored.
    Taken {
        /// The account that began it (`None`: a sign-in).
        account: Option<AccountId>,
        /// The ceremony's state (JSON), as stored when it began.
        state: String,
    },
    /// No ceremony of this kind has this token.
    Unknown,
    /// The ceremony was finished (or tried) already.
    Used,
    /// The ceremony is older than its validity.
    Expired,
}

/// A passkey as its account's panel lists it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct PasskeyRow {
    /// The credential's id (hex).
    pub id: String,
    /// The name its owner gave it.
    pub name: String,
    /// When it was added (ms since the epoch).
    pub created: i64,
    /// When it last signed in (ms since the epoch).
    pub last_used: Option<i64>,
    /// The credential as stored (public key and counter, JSON): never sent to a browser.
    #[serde(skip)]
    pub credential: String,
}

/// A passkey found by its credential id, for a sign-in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FoundPasskey {
    /// Its account (live: not deleted).
    pub account: AccountId,
    /// The user handle the passkey was made for.
    pub user_handle: String,
    /// The credential as stored (JSON).
    pub credential: String,
}

/// A passkey to store.
#[derive(Clone, Debug)]
pub struct NewPasskey {
    /// The credential's id (hex).
    pub id: String,
    /// The account's user handle (the same for each of its passkeys).
    pub user_handle: String,
    /// The name its owner gave it.
    pub name: String,
    /// The credential (JSON).
    pub credential: String,
}

/// What adding a passkey came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PasskeyAdded {
    /// Stored.
    Added,
    /// A passkey with this credential id is stored already: nothing changed.
    Known,
    /// The account holds the most passkeys allowed: nothing changed.
    TooMany,
}

/// Every passkey request of the server.
#[async_trait::async_trait]
pub trait PasskeyStore: Send + Sync {
    /// Stores a ceremony begun (its token's `hash`, its `kind`, the account that began it for
    /// a registration, its `state`), valid until `expires`; ceremonies long expired are dropped.
    async fn begin_ceremony(
        &self,
        hash: String,
        kind: String,
        account: Option<AccountId>,
        state: String,
        now: i64,
        expires: i64,
    ) -> Result<()>;

    /// Takes the ceremony of `kind` whose token has `hash`: marks it used (each is finished
    /// once, even when its answer is refused) and gives its state, or why it cannot be taken.
    async fn take_ceremony(&self, hash: String, kind: String, now: i64) -> Result<Ceremony>;

    /// The user handle of `account`'s passkeys, if it has any.
    async fn user_handle(&self, account: AccountId) -> Result<Option<String>>;

    /// Stores a passkey for `account`, unless its credential id is stored already or the
    /// account holds `limit` passkeys.
    async fn add_passkey(
        &self,
        account: AccountId,
        new: NewPasskey,
        now: i64,
        limit: usize,
    ) -> Result<PasskeyAdded>;

    /// `account`'s passkeys, oldest first.
    async fn passkeys(&self, account: AccountId) -> Result<Vec<PasskeyRow>>;

    /// Removes `account`'s passkey `id`: whether it had one.
    async fn remove_passkey(&self, account: AccountId, id: String) -> Result<bool>;

    /// The passkey with credential id `id` of a live account.
    async fn find_passkey(&self, id: String) -> Result<Option<FoundPasskey>>;

    /// Signs in with passkey `id` of `account` (one transaction): stores its `credential` as
    /// updated (counter) and when it was used, and a session (`session` hash, valid until
    /// `session_expires`). [`Redeemed::Unknown`] when the passkey or the live account is gone,
    /// [`Redeemed::Suspended`] when the account is suspended: then nothing changes.
    #[allow(clippy::too_many_arguments)]
    async fn passkey_sign_in(
        &self,
        id: String,
        account: AccountId,
        credential: String,
        now: i64,
        session: String,
        session_expires: i64,
    ) -> Result<Redeemed>;
}
