//! Accounts without passwords: a person signs in with a link e-mailed to them (single use,
//! valid [`AccountSettings::link_ttl`]), chooses a unique display name the first time, and holds
//! a cookie session valid on every instance (sessions live in the database). Guests keep playing
//! with seat links alone; a guest who signs in ties the seats their browser holds to the account.
//!
//! Tokens (links and sessions) are 128-bit random strings that are never stored: only their
//! SHA-256 hashes are, so a copy of the database signs nobody in.
//!
//! Beside this file: display names (`name`), the account's language (`lang`), sign-in links
//! and their mail (`link`), passkeys (`passkey`, routes in `passkey_routes`), cookies and the extractors that find a request's account
//! (`session`), the check of cross-site requests (`csrf`) and the HTTP routes (`routes`, `mine`,
//! `own`). What the database keeps of accounts, and the trait it answers by, are the
//! database's (`crate::db::AccountStore`).

use crate::rate::{Buckets, Rate};
use sha2::{Digest, Sha256};
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

pub mod csrf;
mod lang;
mod link;
mod mine;
pub mod name;
mod own;
pub mod passkey;
mod passkey_routes;
pub mod routes;
pub mod session;

pub use crate::db::{
    Account, AccountId, AccountStore, MySeat, Redeemed, Report, SeatState, SeatTie, FORMER_PLAYER,
};
pub use session::{SignedIn, Viewer, SESSION_COOKIE};

/// How accounts work on this server.
#[derive(Clone, Debug)]
pub struct AccountSettings {
    /// How long a sign-in link stays valid.
    pub link_ttl: Duration,
    /// How long a session lasts.
    pub session_ttl: Duration,
    /// How long a passkey ceremony may take, from its beginning to the browser's answer.
    pub passkey_ttl: Duration,
    /// Sign-in links one e-mail address may be sent per [`AccountSettings::email_window`].
    pub links_per_email: u32,
    /// The window of [`AccountSettings::links_per_email`].
    pub email_window: Duration,
    /// Sign-in requests one client address may make: per second, burst.
    pub per_address: Rate,
    /// Whether the session cookie is marked `Secure` whatever the request (`--secure-cookies`);
    /// otherwise it is when the public URL is `https://` or a trusted proxy says the request came
    /// over https.
    pub secure_cookies: bool,
    /// Names reserved besides the bots' and the operator's (e.g. the site's own name).
    pub reserved: Vec<String>,
}

impl Default for AccountSettings {
    fn default() -> Self {
        AccountSettings {
            link_ttl: Duration::from_secs(15 * 60),
            session_ttl: Duration::from_secs(30 * 24 * 3600),
            passkey_ttl: Duration::from_secs(5 * 60),
            links_per_email: 5,
            email_window: Duration::from_secs(3600),
            per_address: Rate {
                per_second: 0.2,
                burst: 10.0,
            },
            secure_cookies: false,
            reserved: Vec::new(),
        }
    }
}

/// Why an account request is refused: each says what to do.
#[derive(Debug, thiserror::Error)]
pub enum AccountError {
    /// The request is malformed or names something wrong; nothing changed.
    #[error("{0}")]
    BadRequest(String),
    /// Not signed in (or the session ended).
    #[error("sign in first: this needs an account (ask for a sign-in link by e-mail)")]
    SignedOut,
    /// Too many requests from this client address or for this e-mail address.
    #[error("{0}")]
    TooMany(String),
    /// The link cannot be used; nothing changed.
    #[error("{0}")]
    Link(String),
    /// The display name is taken; nothing changed.
    #[error("{0}")]
    Conflict(String),
    /// The server sends no e-mail, so nobody can sign in by link.
    #[error("this server sends no e-mail (its operator set no SMTP relay), so signing in by an e-mailed link is off")]
    NoMail,
    /// The server offers no passkeys (no public URL a browser accepts as their relying party).
    #[error("this server offers no passkeys (its operator set no public https address for them, --public-url): sign in by e-mail")]
    NoPasskeys,
    /// The database failed (logged); nothing is promised.
    #[error("the request could not be stored; try again")]
    Storage(#[source] anyhow::Error),
}

impl From<anyhow::Error> for AccountError {
    fn from(e: anyhow::Error) -> Self {
        tracing::error!("an account request failed in the database: {e:#}");
        AccountError::Storage(e)
    }
}

/// The accounts of a server: its settings, the database, the mail that carries sign-in links
/// and the per-address rate of sign-in requests.
pub struct Accounts {
    settings: AccountSettings,
    db: crate::db::Db,
    mail: Option<link::Mailer>,
    /// The public address in front of the links (`None`: the links are paths).
    public_url: Option<String>,
    signins: Buckets,
    /// Whether the client's address (and https) is read from a trusted proxy's headers.
    pub(crate) trust_proxy: bool,
    /// Origins allowed besides the server's own host (`--allow-origin`).
    pub(crate) allow_origins: Arc<Vec<String>>,
    /// The notifier whose checks an account's "your turn" addresses pass.
    notifier: crate::notify::Notifier,
    /// The relying party of passkeys and its id (`None`: passkeys are off).
    webauthn: Option<(webauthn_rs::Webauthn, String)>,
}

impl Accounts {
    /// The accounts kept in `db`, their links mailed as `notifier`'s settings say (its SMTP
    /// relay, sender and public URL), behind a trusted proxy or not, with the origins allowed
    /// besides the server's own. An SMTP URL that cannot be read is an error.
    pub fn new(
        settings: AccountSettings,
        db: crate::db::Db,
        notifier: crate::notify::Notifier,
        trust_proxy: bool,
        allow_origins: Arc<Vec<String>>,
    ) -> anyhow::Result<Arc<Accounts>> {
        let notify = notifier.settings();
        let mail = link::Mailer::new(notify)?;
        let webauthn = passkey::relying_party(notify.public_url.as_deref(), settings.passkey_ttl);
        Ok(Arc::new(Accounts {
            signins: Buckets::new(settings.per_address),
            settings,
            db,
            mail,
            public_url: notify
                .public_url
                .as_ref()
                .map(|u| u.trim_end_matches('/').to_string()),
            trust_proxy,
            allow_origins,
            notifier,
            webauthn,
        }))
    }

    /// The database.
    pub fn db(&self) -> &crate::db::Db {
        &self.db
    }

    /// The server's notifier.
    pub fn notifier(&self) -> &crate::notify::Notifier {
        &self.notifier
    }

    /// The database requests.
    pub fn store(&self) -> &dyn AccountStore {
        self.db.accounts()
    }

    /// The settings.
    pub fn settings(&self) -> &AccountSettings {
        &self.settings
    }

    /// Whether the server is reached over https by its public URL.
    pub fn public_https(&self) -> bool {
        self.public_url
            .as_deref()
            .is_some_and(|u| u.starts_with("https://"))
    }

    /// Takes one sign-in request of client address `ip` from its rate.
    fn take_signin(&self, ip: IpAddr) -> bool {
        self.signins.take(ip)
    }
}

/// A fresh random token (128 bits, 32 hex digits).
pub fn new_token() -> String {
    crate::lobby::new_token()
}

/// The SHA-256 of `token`, as 64 hex digits: what the database stores of a token.
pub fn hash_token(token: &str) -> String {
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Milliseconds in `d`, for adding to a time as stored.
fn ms(d: Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX)
}

/// The "your turn" addresses of the account holding `seat` of `table` for game `game` (those
/// kept for the game, else those for every game; none when no account holds the seat), in the
/// account's language.
pub async fn seat_addresses(
    db: &crate::db::Db,
    table: String,
    seat: usize,
    game: &str,
) -> crate::notify::Addresses {
    let found = async {
        let accounts = db.accounts().table_accounts(table.clone()).await?;
        let Some((_, account)) = accounts.into_iter().find(|(s, _)| *s == seat) else {
            return Ok(crate::notify::Addresses::default());
        };
        let kept = db.accounts().account_addresses(account).await?;
        let pick = |g: &str| kept.iter().find(|(k, _)| k == g).map(|(_, a)| a.clone());
        let Some(mut to) = pick(game).or_else(|| pick(ALL_GAMES)) else {
            return Ok(crate::notify::Addresses::default());
        };
        to.lang = db.accounts().account_lang(account).await?;
        anyhow::Ok(to)
    };
    found.await.unwrap_or_else(|e| {
        tracing::error!(table = %table, seat, "cannot read an account's addresses: {e:#}");
        crate::notify::Addresses::default()
    })
}

/// The game key of addresses kept for every game.
pub const ALL_GAMES: &str = "*";
