//! Sign-in links: asking for one (the same answer whether or not the address has an account,
//! within the per-address and per-e-mail rates), mailing it, and redeeming it once.

use super::{hash_token, ms, new_token, Account, AccountError, Accounts, Redeemed};
use anyhow::Context;
use lettre::message::header::ContentType;
use lettre::message::{Body, Mailbox};
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};
use std::net::IpAddr;
use std::time::Duration;

/// How long sending one mail may take.
const SEND_TIMEOUT: Duration = Duration::from_secs(10);

/// The path of the page that redeems a link; the token follows in the fragment (`#k=…`), which
/// browsers never send to a server, so it stays out of every log and `Referer`.
pub const SIGNIN_PATH: &str = "/signin";

/// The SMTP relay sign-in links go through (the one "your turn" messages use).
pub(super) struct Mailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl Mailer {
    /// The relay of `notify`, `None` when it has none.
    pub(super) fn new(notify: &crate::notify::NotifySettings) -> anyhow::Result<Option<Mailer>> {
        let Some(url) = &notify.smtp_url else {
            return Ok(None);
        };
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
            .context("cannot read the SMTP relay's URL (smtp://host:port, smtps://…)")?
            .timeout(Some(SEND_TIMEOUT))
            .build();
        let from = notify
            .smtp_from
            .parse()
            .with_context(|| format!("`{}` is not a sender address", notify.smtp_from))?;
        Ok(Some(Mailer { transport, from }))
    }

    /// Sends the sign-in link `link` to `to` in `lang` (the language of the page that asked),
    /// in a task of its own (the request is answered at once, whatever the relay does, so its
    /// answer tells nothing about the address).
    fn send(&self, to: Mailbox, link: String, minutes: u64, lang: &str) {
        let catalog = crate::lang::catalog();
        let args = [
            ("minutes", minutes.to_string().into()),
            ("link", link.into()),
        ];
        let text = catalog.message(lang, "signin-mail-text", &args);
        let subject = catalog.message(lang, "signin-mail-subject", &[]);
        // Plain text when it is ASCII; a language with other letters goes quoted-printable,
        // which every relay carries (8-bit needs the relay's 8BITMIME).
        let body = Body::new(text);
        let mail = lettre::Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(subject)
            .header(ContentType::TEXT_PLAIN)
            .body(body);
        let mail = match mail {
            Ok(m) => m,
            Err(e) => {
                tracing::warn!("a sign-in mail cannot be built: {e}");
                return;
            }
        };
        let transport = self.transport.clone();
        tokio::spawn(async move {
            // The address is not logged: it is the person's.
            match transport.send(mail).await {
                Ok(_) => tracing::info!("sign-in link mailed"),
                Err(e) => tracing::warn!("a sign-in link could not be mailed: {e}"),
            }
        });
    }
}

impl Accounts {
    /// Asks for a sign-in link for `email` from client address `ip`, mailed in `lang` (the
    /// page's). Whether or not the address has an account, the answer is the same and a link is
    /// mailed (redeeming it the first time makes the account).
    pub async fn request_link(
        &self,
        email: &str,
        ip: IpAddr,
        lang: &str,
    ) -> Result<(), AccountError> {
        let Some(mail) = &self.mail else {
            return Err(AccountError::NoMail);
        };
        if !self.take_signin(ip) {
            return Err(AccountError::TooMany(
                "too many sign-in requests from your address just now; try again in a minute"
                    .into(),
            ));
        }
        let email = crate::notify::check_email(email.trim()).map_err(AccountError::BadRequest)?;
        let email = email.to_lowercase();
        let to: Mailbox = email
            .parse()
            .map_err(|_| AccountError::BadRequest(format!("`{email}` is not an e-mail address")))?;
        let token = new_token();
        let now = crate::time::now_ms();
        let stored = self
            .store()
            .store_link(
                hash_token(&token),
                email,
                now,
                now + ms(self.settings.link_ttl),
                now - ms(self.settings.email_window),
                self.settings.links_per_email,
            )
            .await?;
        if !stored {
            return Err(AccountError::TooMany(format!(
                "this address was sent {} sign-in links within {} minutes: use one of them, or \
                 try again later",
                self.settings.links_per_email,
                self.settings.email_window.as_secs() / 60
            )));
        }
        let link = format!(
            "{}{SIGNIN_PATH}#k={token}",
            self.public_url.as_deref().unwrap_or("")
        );
        mail.send(
            to,
            link,
            self.settings.link_ttl.as_secs().div_ceil(60),
            lang,
        );
        Ok(())
    }

    /// Whether the link with `token` can be redeemed, and whether it signs in to an account
    /// that exists (otherwise redeeming it needs a display name). Changes nothing.
    pub async fn check_link(&self, token: &str) -> Result<bool, AccountError> {
        let (problem, has_account) = self
            .store()
            .check_link(hash_token(token), crate::time::now_ms())
            .await?;
        match problem {
            None => Ok(has_account),
            Some(r) => Err(refusal(&r)),
        }
    }

    /// Redeems the link with `token` (with `name` for an address without an account yet): the
    /// account and a new session token. Nothing changes when it is refused.
    pub async fn redeem(
        &self,
        token: &str,
        name: Option<&str>,
    ) -> Result<(Account, String), AccountError> {
        let name = match name.map(str::trim).filter(|n| !n.is_empty()) {
            None => None,
            Some(n) => Some(
                super::name::check(n, &self.settings.reserved).map_err(AccountError::BadRequest)?,
            ),
        };
        let session = new_token();
        let now = crate::time::now_ms();
        let answer = self
            .store()
            .redeem_link(
                hash_token(token),
                now,
                name,
                hash_token(&session),
                now + ms(self.settings.session_ttl),
            )
            .await?;
        match answer {
            Redeemed::SignedIn(account) => Ok((account, session)),
            other => Err(refusal(&other)),
        }
    }
}

/// Why a link does not sign in, in words.
fn refusal(r: &Redeemed) -> AccountError {
    match r {
        Redeemed::Unknown => AccountError::Link(
            "this sign-in link is not known (mistyped or cut short?): ask for a new one".into(),
        ),
        Redeemed::Expired => AccountError::Link(
            "this sign-in link expired (a link is valid for a few minutes only): ask for a new one"
                .into(),
        ),
        Redeemed::Used => AccountError::Link(
            "this sign-in link was used already (each works once): ask for a new one".into(),
        ),
        Redeemed::NeedsName => AccountError::BadRequest(
            "choose a display name: this address has no account yet".into(),
        ),
        Redeemed::NameTaken => AccountError::Conflict(
            "this display name belongs to someone else: choose another".into(),
        ),
        Redeemed::Suspended => {
            AccountError::Link("this account is suspended by the server's operator".into())
        }
        Redeemed::SignedIn(_) => AccountError::BadRequest("signed in".into()),
    }
}
