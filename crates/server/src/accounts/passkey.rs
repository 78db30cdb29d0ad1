//! Passkeys (WebAuthn): a signed-in account adds passkeys, and a passkey signs in without an
//! e-mail. The relying party is the server's public URL (`--public-url`): its host is the
//! relying party id and its origin the only one accepted, so passkeys are off without one.
//!
//! Sign-in is username-less: the browser offers the passkeys it holds for this site (each made
//! as a discoverable credential), so nobody types a name or an address and no answer tells
//! whether an account exists. Each ceremony's state lives in the database from its beginning
//! until it is finished (once) or expires (`AccountSettings::passkey_ttl`, 5 minutes), so any instance of a site
//! finishes what another began.

use super::{hash_token, ms, new_token, Account, AccountError, AccountId, Accounts};
use crate::db::{Ceremony, NewPasskey, PasskeyAdded, PasskeyRow, Redeemed};
use serde::{Deserialize, Serialize};
use std::net::IpAddr;
use std::time::Duration;
use webauthn_rs::prelude::{
    CreationChallengeResponse, CredentialID, DiscoverableAuthentication, Passkey,
    PasskeyRegistration, PublicKeyCredential, RegisterPublicKeyCredential,
    RequestChallengeResponse, Url, Uuid, Webauthn, WebauthnBuilder, WebauthnError,
};
use webauthn_rs_proto::ResidentKeyRequirement;

/// The most passkeys one account holds.
pub const MAX_PASSKEYS: usize = 20;

/// The longest name of a passkey, in characters.
pub const MAX_NAME: usize = 60;

/// The kind of a ceremony that adds a passkey.
const REGISTER: &str = "register";
/// The kind of a ceremony that signs in.
const SIGN_IN: &str = "signin";

/// The relying party of the public URL `public_url`, and its id (the URL's host): `None`
/// (passkeys off, with a warning)
/// without one, or when it cannot be one (an IP address, or plain http to a host other than
/// `localhost`, which browsers refuse). On `localhost` any port is accepted: a page there is
/// on the person's own machine.
pub(super) fn relying_party(public_url: Option<&str>, ttl: Duration) -> Option<(Webauthn, String)> {
    let Some(public_url) = public_url else {
        tracing::info!("passkeys are off: there is no public URL (--public-url) to tie them to");
        return None;
    };
    let url = Url::parse(public_url)
        .map_err(|e| tracing::warn!("passkeys are off: the public URL cannot be read ({e})"))
        .ok()?;
    let Some(host) = url.domain().map(str::to_string) else {
        tracing::warn!("passkeys are off: the public URL names no domain (an IP address?)");
        return None;
    };
    let local = host == "localhost";
    if url.scheme() != "https" && !local {
        tracing::warn!("passkeys are off: browsers offer them only over https (or on localhost)");
        return None;
    }
    WebauthnBuilder::new(&host, &url)
        .map(|b| {
            b.rp_name("Boardroom")
                .allow_any_port(local)
                .timeout(ttl.max(Duration::from_secs(1)))
        })
        .and_then(WebauthnBuilder::build)
        .map(|w| (w, host))
        .map_err(|e| tracing::warn!("passkeys are off: {e}"))
        .ok()
}

/// A registration's state as kept: the account's user handle and webauthn-rs's state.
#[derive(Serialize, Deserialize)]
struct Registering {
    handle: Uuid,
    state: PasskeyRegistration,
}

/// A credential id as stored and shown (hex).
fn id_text(id: &[u8]) -> String {
    id.iter().map(|b| format!("{b:02x}")).collect()
}

/// Why a passkey's answer was refused, in words.
fn refused(e: &WebauthnError) -> AccountError {
    let why = match e {
        WebauthnError::InvalidRPOrigin | WebauthnError::InvalidRPIDHash => {
            "it was made for another site (its origin is not this server's public address)"
                .to_string()
        }
        WebauthnError::MismatchedChallenge => "it answers another request".to_string(),
        WebauthnError::UserNotVerified => {
            "the device did not verify you (a PIN, a fingerprint or a face)".to_string()
        }
        WebauthnError::CredentialPossibleCompromise => {
            "its signature counter went back, so it may be a copy: remove it and add it again"
                .to_string()
        }
        other => other.to_string(),
    };
    AccountError::BadRequest(format!("the passkey's answer was refused: {why}"))
}

/// The refusal of a passkey this server does not know (or that does not belong to the account
/// it names).
fn unknown_passkey() -> AccountError {
    AccountError::Link(
        "this passkey is not known here (removed, or its account deleted): sign in by e-mail \
         and add it again"
            .into(),
    )
}

/// A passkey's name as typed: trimmed, `Passkey` when empty; refused when too long or holding
/// control characters.
fn passkey_name(name: &str) -> Result<String, AccountError> {
    let name = name.trim();
    if name.is_empty() {
        return Ok("Passkey".into());
    }
    if name.chars().count() > MAX_NAME {
        return Err(AccountError::BadRequest(format!(
            "a passkey's name is at most {MAX_NAME} characters"
        )));
    }
    if name.chars().any(char::is_control) {
        return Err(AccountError::BadRequest(
            "a passkey's name cannot hold control characters".into(),
        ));
    }
    Ok(name.to_string())
}

/// The account's passkeys as stored.
fn stored_passkeys(rows: &[PasskeyRow]) -> Vec<Passkey> {
    rows.iter()
        .filter_map(|r| serde_json::from_str(&r.credential).ok())
        .collect()
}

impl Accounts {
    /// The relying party id of this server's passkeys (the public URL's host), `None` when it
    /// offers none: a page elsewhere cannot use them.
    pub fn passkey_rp(&self) -> Option<&str> {
        self.webauthn.as_ref().map(|(_, rp)| rp.as_str())
    }

    fn webauthn(&self) -> Result<&Webauthn, AccountError> {
        self.webauthn
            .as_ref()
            .map(|(w, _)| w)
            .ok_or(AccountError::NoPasskeys)
    }

    /// Stores a ceremony begun: the token that finishes it.
    async fn begin(
        &self,
        kind: &str,
        account: Option<AccountId>,
        state: &impl Serialize,
    ) -> Result<String, AccountError> {
        let token = new_token();
        let now = crate::time::now_ms();
        let state = serde_json::to_string(state).map_err(anyhow::Error::from)?;
        self.db
            .passkeys()
            .begin_ceremony(
                hash_token(&token),
                kind.into(),
                account,
                state,
                now,
                now + ms(self.settings.passkey_ttl),
            )
            .await?;
        Ok(token)
    }

    /// Takes the ceremony of `kind` with `token` (once): the account that began it and its
    /// state.
    async fn take<T: for<'de> Deserialize<'de>>(
        &self,
        kind: &str,
        token: &str,
    ) -> Result<(Option<AccountId>, T), AccountError> {
        let taken = self
            .db
            .passkeys()
            .take_ceremony(hash_token(token), kind.into(), crate::time::now_ms())
            .await?;
        let (account, state) = match taken {
            Ceremony::Taken { account, state } => (account, state),
            Ceremony::Unknown => {
                return Err(AccountError::Link(
                    "this passkey request is not known (mistyped, or from another server): \
                     start again"
                        .into(),
                ))
            }
            Ceremony::Used => {
                return Err(AccountError::Link(
                    "this passkey request was answered already (each is answered once): start \
                     again"
                        .into(),
                ))
            }
            Ceremony::Expired => {
                return Err(AccountError::Link(format!(
                    "this passkey request expired (answer within {} minutes): start again",
                    self.settings.passkey_ttl.as_secs().div_ceil(60)
                )))
            }
        };
        let state = serde_json::from_str(&state).map_err(anyhow::Error::from)?;
        Ok((account, state))
    }

    /// Begins adding a passkey to `account`: the ceremony's token and what the browser is
    /// asked to make (a discoverable credential, verified by the device).
    pub async fn begin_registration(
        &self,
        account: &Account,
    ) -> Result<(String, CreationChallengeResponse), AccountError> {
        let webauthn = self.webauthn()?;
        let rows = self.db.passkeys().passkeys(account.id).await?;
        if rows.len() >= MAX_PASSKEYS {
            return Err(AccountError::BadRequest(format!(
                "an account holds at most {MAX_PASSKEYS} passkeys: remove one first"
            )));
        }
        let handle = match self.db.passkeys().user_handle(account.id).await? {
            Some(h) => Uuid::parse_str(&h).map_err(anyhow::Error::from)?,
            None => Uuid::new_v4(),
        };
        let exclude: Vec<CredentialID> = stored_passkeys(&rows)
            .iter()
            .map(|p| p.cred_id().clone())
            .collect();
        let (mut options, state) = webauthn
            .start_passkey_registration(handle, &account.name, &account.name, Some(exclude))
            .map_err(|e| AccountError::Storage(anyhow::anyhow!("{e}")))?;
        // Sign-in names nobody, so the passkey must be one the device finds by itself.
        if let Some(sel) = options.public_key.authenticator_selection.as_mut() {
            sel.require_resident_key = true;
            sel.resident_key = Some(ResidentKeyRequirement::Required);
        }
        let token = self
            .begin(REGISTER, Some(account.id), &Registering { handle, state })
            .await?;
        Ok((token, options))
    }

    /// Finishes adding a passkey named `name` to `account` with the browser's `answer` to
    /// the ceremony with `token`. Nothing is stored when it is refused.
    pub async fn finish_registration(
        &self,
        account: &Account,
        token: &str,
        name: &str,
        answer: &RegisterPublicKeyCredential,
    ) -> Result<PasskeyRow, AccountError> {
        let webauthn = self.webauthn()?;
        let name = passkey_name(name)?;
        let (began_by, reg): (_, Registering) = self.take(REGISTER, token).await?;
        if began_by != Some(account.id) {
            return Err(AccountError::Link(
                "this passkey request was begun by another account: start again".into(),
            ));
        }
        let passkey = webauthn
            .finish_passkey_registration(answer, &reg.state)
            .map_err(|e| refused(&e))?;
        let id = id_text(passkey.cred_id().as_slice());
        let credential = serde_json::to_string(&passkey).map_err(anyhow::Error::from)?;
        let now = crate::time::now_ms();
        let added = self
            .db
            .passkeys()
            .add_passkey(
                account.id,
                NewPasskey {
                    id: id.clone(),
                    user_handle: reg.handle.to_string(),
                    name: name.clone(),
                    credential: credential.clone(),
                },
                now,
                MAX_PASSKEYS,
            )
            .await?;
        match added {
            PasskeyAdded::Added => Ok(PasskeyRow {
                id,
                name,
                created: now,
                last_used: None,
                credential,
            }),
            PasskeyAdded::Known => Err(AccountError::Conflict(
                "this passkey is added already".into(),
            )),
            PasskeyAdded::TooMany => Err(AccountError::BadRequest(format!(
                "an account holds at most {MAX_PASSKEYS} passkeys: remove one first"
            ))),
        }
    }

    /// Begins a sign-in with a passkey from client address `ip` (within the sign-in rate):
    /// the ceremony's token and what the browser is asked (any passkey of this site).
    pub async fn begin_passkey_sign_in(
        &self,
        ip: IpAddr,
    ) -> Result<(String, RequestChallengeResponse), AccountError> {
        let webauthn = self.webauthn()?;
        if !self.take_signin(ip) {
            return Err(AccountError::TooMany(
                "too many sign-in requests from your address just now; try again in a minute"
                    .into(),
            ));
        }
        let (mut options, state) = webauthn
            .start_discoverable_authentication()
            .map_err(|e| AccountError::Storage(anyhow::anyhow!("{e}")))?;
        // Asked when the person presses the button, not offered in an address field as they
        // type (what webauthn-rs's conditional mediation is for).
        options.mediation = None;
        let token = self.begin(SIGN_IN, None, &state).await?;
        Ok((token, options))
    }

    /// Finishes a sign-in with the browser's `answer` to the ceremony with `token`: the
    /// account and a new session token. Nothing changes when it is refused (but the ceremony,
    /// which is answered once).
    pub async fn finish_passkey_sign_in(
        &self,
        token: &str,
        answer: &PublicKeyCredential,
    ) -> Result<(Account, String), AccountError> {
        let webauthn = self.webauthn()?;
        let (_, state): (_, DiscoverableAuthentication) = self.take(SIGN_IN, token).await?;
        let (handle, cred_id) = webauthn
            .identify_discoverable_authentication(answer)
            .map_err(|_| {
                AccountError::BadRequest(
                    "the passkey's answer names no account (it was not made as a passkey for \
                     this site)"
                        .into(),
                )
            })?;
        let id = id_text(cred_id);
        let found = self
            .db
            .passkeys()
            .find_passkey(id.clone())
            .await?
            .filter(|f| f.user_handle == handle.to_string())
            .ok_or_else(unknown_passkey)?;
        let mut passkey: Passkey =
            serde_json::from_str(&found.credential).map_err(anyhow::Error::from)?;
        let result = webauthn
            .finish_discoverable_authentication_v2(answer, state, &passkey)
            .map_err(|e| refused(&e))?;
        passkey.update_credential(&result);
        let credential = serde_json::to_string(&passkey).map_err(anyhow::Error::from)?;
        let session = new_token();
        let now = crate::time::now_ms();
        let answer = self
            .db
            .passkeys()
            .passkey_sign_in(
                id,
                found.account,
                credential,
                now,
                hash_token(&session),
                now + ms(self.settings.session_ttl),
            )
            .await?;
        match answer {
            Redeemed::SignedIn(account) => Ok((account, session)),
            Redeemed::Suspended => Err(AccountError::Link(
                "this account is suspended by the server's operator".into(),
            )),
            _ => Err(unknown_passkey()),
        }
    }
}
