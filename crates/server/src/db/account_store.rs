//! What accounts (`crate::accounts`) ask of the database: an account as stored, and one trait,
//! answered by SQLite (`db/accounts.rs`) and PostgreSQL (`db/pg/accounts.rs`) alike. Every call that decides something (a link redeemed,
//! a name taken, a seat tied) decides it in one transaction, so two instances asking at once
//! never both win.

use crate::notify::Addresses;
use anyhow::Result;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

/// The name shown for a deleted account wherever its games are shown.
pub const FORMER_PLAYER: &str = "former player";

/// An account's number (the `accounts.id` row). Serialises as a bare integer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct AccountId(pub i64);

/// A live account.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Account {
    /// Its number.
    pub id: AccountId,
    /// Its display name, as chosen.
    pub name: String,
    /// Its e-mail address (lower-cased): shown to its owner only.
    pub email: String,
    /// When it was made (milliseconds since the epoch): "member since".
    pub created: i64,
    /// The language its pages and messages are written in (chosen on any page while signed
    /// in; `None`: none chosen yet).
    pub lang: Option<String>,
}

/// What redeeming a sign-in link came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Redeemed {
    /// Signed in: the session (whose hash was given) now belongs to this account.
    SignedIn(Account),
    /// No link has this token.
    Unknown,
    /// The link is older than its validity.
    Expired,
    /// The link was used already.
    Used,
    /// The link's address has no account yet and no name was given: nothing changed.
    NeedsName,
    /// The name asked for belongs to another account: nothing changed.
    NameTaken,
    /// The account is suspended by the operator: nothing changed.
    Suspended,
}

/// How a seat is tied to an account (`seat_accounts.state`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SeatState {
    /// The account holds the seat.
    Seated,
    /// The seat waits for the account to accept.
    Invited,
    /// The account declined the invitation.
    Declined,
}

impl SeatState {
    /// The word stored.
    pub fn as_str(self) -> &'static str {
        match self {
            SeatState::Seated => "seated",
            SeatState::Invited => "invited",
            SeatState::Declined => "declined",
        }
    }

    /// The state a stored word names.
    pub fn parse(s: &str) -> Option<SeatState> {
        match s {
            "seated" => Some(SeatState::Seated),
            "invited" => Some(SeatState::Invited),
            "declined" => Some(SeatState::Declined),
            _ => None,
        }
    }
}

/// One seat an account holds or is invited to, as "My games" lists it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct MySeat {
    /// The table.
    pub table: String,
    /// The game's id.
    pub game: String,
    /// The seat's number.
    pub seat: usize,
    /// Held, waiting for an answer, or declined.
    pub state: SeatState,
    /// The seat's link token: only for a seat the account holds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
    /// Who invited the account (their display name), for an invitation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub invited_by: Option<String>,
    /// When the table was created (seconds since the epoch).
    pub created: i64,
    /// The finished game's summary (winners, actions, when), if it ended.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub finished: Option<serde_json::Value>,
}

/// An invitation an account sent, as its "My games" lists it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct SentInvite {
    /// The table.
    pub table: String,
    /// The game's id.
    pub game: String,
    /// The seat kept.
    pub seat: usize,
    /// The invited person's display name.
    pub invitee: String,
    /// Waiting, or declined.
    pub state: SeatState,
    /// The seat's link token, once declined (the inviter passes it on): never while it waits.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
}

/// A seat an account held at a finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FinishedSeat {
    /// The game's id.
    pub game: String,
    /// The seat.
    pub seat: usize,
    /// How many seats the table had.
    pub players: usize,
    /// The stored summary of the end (JSON text).
    pub summary: String,
}

/// A new seat tie: seat `seat` of a table, for `account`, in `state`.
#[derive(Clone, Debug)]
pub struct SeatTie {
    /// The seat's number.
    pub seat: usize,
    /// The account.
    pub account: AccountId,
    /// Seated or invited.
    pub state: SeatState,
    /// Who invited (for an invitation).
    pub invited_by: Option<AccountId>,
}

/// A chat line reported to the operator.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Report {
    /// The report's number.
    pub id: i64,
    /// Who reported it (display name).
    pub reporter: String,
    /// The table.
    pub table: String,
    /// The line's number in the table's chat.
    pub line: u64,
    /// The line's author's account name, if the author's seat belongs to one.
    pub reported: Option<String>,
    /// The line as it was.
    pub text: String,
    /// When it was reported (ms since the epoch).
    pub at: i64,
}

/// Every account request of the server.
#[async_trait::async_trait]
pub trait AccountStore: Send + Sync {
    /// Stores a sign-in link for `email` (its token's `hash`, valid until `expires`) unless
    /// `email` was sent `limit` links or more since `since`: whether it was stored.
    async fn store_link(
        &self,
        hash: String,
        email: String,
        now: i64,
        expires: i64,
        since: i64,
        limit: u32,
    ) -> Result<bool>;

    /// Whether the link whose token has `hash` can be redeemed now, and whether its address
    /// already has an account: `Ok(None)` for a link that can be redeemed, else why not.
    async fn check_link(&self, hash: String, now: i64) -> Result<(Option<Redeemed>, bool)>;

    /// Redeems the link whose token has `hash`: marks it used, creates the account with
    /// `name` (shown, and its folded key) when its address has none, and stores a session
    /// (`session` hash, valid until `session_expires`) for the account. Nothing changes unless
    /// the answer is [`Redeemed::SignedIn`].
    async fn redeem_link(
        &self,
        hash: String,
        now: i64,
        name: Option<(String, String)>,
        session: String,
        session_expires: i64,
    ) -> Result<Redeemed>;

    /// The account of the live session with `hash` (not expired, account neither deleted nor
    /// suspended).
    async fn session_account(&self, hash: String, now: i64) -> Result<Option<Account>>;

    /// Ends the session with `hash`.
    async fn end_session(&self, hash: String) -> Result<()>;

    /// Ends every session of `account`: how many there were.
    async fn end_sessions(&self, account: AccountId) -> Result<u64>;

    /// Renames `account` (`name` shown, `key` folded): `false` when another account has the
    /// name.
    async fn rename(&self, account: AccountId, name: String, key: String) -> Result<bool>;

    /// The live account whose folded name is `key`.
    async fn account_named(&self, key: String) -> Result<Option<Account>>;

    /// Ties the seats of `table` to accounts (one transaction): a seat tied already keeps its
    /// tie.
    async fn tie_seats(&self, table: String, ties: Vec<SeatTie>, now: i64) -> Result<()>;

    /// Ties to `account` each seat whose `(table, token)` is given and that no account holds:
    /// the seats tied now.
    async fn claim_seats(
        &self,
        account: AccountId,
        seats: Vec<(String, String)>,
        now: i64,
    ) -> Result<Vec<(String, usize)>>;

    /// Every seat `account` holds, is invited to or declined, newest table first (at most
    /// `limit`).
    async fn my_seats(&self, account: AccountId, limit: usize) -> Result<Vec<MySeat>>;

    /// Answers `account`'s invitation to seat `seat` of `table` (one transaction): the seat's
    /// token when accepted; when declined, the seat is offered to anyone in the lobby if
    /// `reopen`. `None` when there is no such waiting invitation (nothing changed).
    async fn answer_invite(
        &self,
        account: AccountId,
        table: String,
        seat: usize,
        accept: bool,
        reopen: bool,
        now: i64,
    ) -> Result<Option<Option<String>>>;

    /// The seats of `table` whose invitation waits for an answer.
    async fn waiting_invites(&self, table: String) -> Result<Vec<usize>>;

    /// The invitations `account` sent that wait or were declined, newest table first (at most
    /// `limit`).
    async fn sent_invites(&self, account: AccountId, limit: usize) -> Result<Vec<SentInvite>>;

    /// Every finished game `account` held a seat at, rated or not: the game's id, the seat,
    /// the number of seats and the stored summary of the end (JSON text, with the winners'
    /// seat names).
    async fn finished_seats(&self, account: AccountId) -> Result<Vec<FinishedSeat>>;

    /// Sets the language of `account`'s pages and messages.
    async fn set_account_lang(&self, account: AccountId, lang: String) -> Result<()>;

    /// The language `account` chose (`None`: none, or no such live account).
    async fn account_lang(&self, account: AccountId) -> Result<Option<String>>;

    /// The accounts tied to the seats of `table` (held seats only), by seat.
    async fn table_accounts(&self, table: String) -> Result<Vec<(usize, AccountId)>>;

    /// Stores `account`'s "your turn" addresses for `game` (`*`: every game; none: removed).
    async fn store_account_addresses(
        &self,
        account: AccountId,
        game: String,
        to: Addresses,
    ) -> Result<()>;

    /// `account`'s "your turn" addresses, by game (`*`: every game).
    async fn account_addresses(&self, account: AccountId) -> Result<Vec<(String, Addresses)>>;

    /// Blocks (`true`) or unblocks `other` for `account` (one transaction). Blocking declines
    /// `other`'s waiting invitations to `account`, opening their seats in the lobby on listed
    /// tables.
    async fn set_block(
        &self,
        account: AccountId,
        other: AccountId,
        block: bool,
        now: i64,
    ) -> Result<()>;

    /// The accounts `account` blocks.
    async fn blocked(&self, account: AccountId) -> Result<Vec<AccountId>>;

    /// The accounts that block `account` (who are not shown its chat lines).
    async fn blockers(&self, account: AccountId) -> Result<Vec<AccountId>>;

    /// Whether `account` blocks `other`.
    async fn blocks(&self, account: AccountId, other: AccountId) -> Result<bool> {
        Ok(self.blocked(account).await?.contains(&other))
    }

    /// Stores a report of line `line` (`text`, by `reported`) of `table`: `false` when this
    /// account reported that line already.
    #[allow(clippy::too_many_arguments)]
    async fn report(
        &self,
        reporter: AccountId,
        table: String,
        line: u64,
        reported: Option<AccountId>,
        text: String,
        now: i64,
    ) -> Result<bool>;

    /// The latest reports, newest first (at most `limit`).
    async fn reports(&self, limit: usize) -> Result<Vec<Report>>;

    /// Suspends (`true`) or reinstates the live account whose folded name is `key`, ending
    /// its sessions: whether there is such an account.
    async fn suspend(&self, key: String, suspend: bool, now: i64) -> Result<bool>;

    /// Everything stored about `account`, as JSON (its e-mail included: for its owner only).
    async fn export(&self, account: AccountId) -> Result<serde_json::Value>;

    /// Deletes `account`: its e-mail, name, sessions, passkeys, addresses and blocks go; its seats stay
    /// (its games are shown with [`FORMER_PLAYER`]); waiting invitations are declined.
    async fn delete_account(&self, account: AccountId, now: i64) -> Result<()>;
}

/// The export of an account from its stored parts (both backends build it here, so it reads
/// the same on each).
#[allow(clippy::too_many_arguments)]
pub(super) fn export_json(
    id: AccountId,
    name: Option<String>,
    email: Option<String>,
    created: i64,
    lang: Option<String>,
    seats: Vec<MySeat>,
    addresses: Vec<(String, Addresses)>,
    sessions: Vec<Value>,
    blocked: Vec<Value>,
    reports: Vec<Value>,
) -> Value {
    json!({
        "account": {
            "id": id,
            "name": name.unwrap_or_else(|| FORMER_PLAYER.to_string()),
            "email": email,
            "created": created,
            "lang": lang,
        },
        "seats": seats,
        "notification_addresses": addresses
            .into_iter()
            .map(|(game, a)| json!({ "game": game, "email": a.email, "webhook": a.webhook }))
            .collect::<Vec<_>>(),
        "sessions": sessions,
        "blocked": blocked,
        "reports": reports,
    })
}
