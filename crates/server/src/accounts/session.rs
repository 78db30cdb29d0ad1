//! Cookie sessions: the cookie (`HttpOnly`, `SameSite=Lax`, `Secure` over https), and the
//! extractors by which a handler finds the request's account ([`SignedIn`], [`Viewer`]). The
//! session lives in the database, so it is valid on every instance.

use super::{hash_token, Account, AccountError, Accounts};
use axum::extract::{FromRef, FromRequestParts};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use std::sync::Arc;

/// The session cookie's name.
pub const SESSION_COOKIE: &str = "boardroom_session";

/// The session token a request's cookies carry, if any.
pub fn cookie_token(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == SESSION_COOKIE)
        .map(|(_, value)| value.trim().to_string())
        // A token is hex; anything else was never given by this server.
        .filter(|v| !v.is_empty() && v.len() <= 64 && v.bytes().all(|b| b.is_ascii_hexdigit()))
}

impl Accounts {
    /// Whether a response to a request with `headers` marks its cookie `Secure`: always with
    /// `--secure-cookies` or an https public URL; behind a trusted proxy, when it says the
    /// request came over https.
    pub fn secure(&self, headers: &HeaderMap, trust_proxy: bool) -> bool {
        self.settings.secure_cookies
            || self.public_https()
            || (trust_proxy
                && headers
                    .get("x-forwarded-proto")
                    .and_then(|v| v.to_str().ok())
                    .is_some_and(|p| p.trim().eq_ignore_ascii_case("https")))
    }

    /// The `Set-Cookie` value that holds session `token` (or, `None`, ends it in the browser).
    pub fn cookie(&self, token: Option<&str>, secure: bool) -> HeaderValue {
        let (value, age) = match token {
            Some(t) => (t, self.settings.session_ttl.as_secs()),
            None => ("", 0),
        };
        let secure = if secure { "; Secure" } else { "" };
        HeaderValue::from_str(&format!(
            "{SESSION_COOKIE}={value}; Path=/; Max-Age={age}; HttpOnly; SameSite=Lax{secure}"
        ))
        .expect("a cookie of hex digits is a header value")
    }

    /// The account of the session a request with `headers` carries.
    pub async fn account_of(&self, headers: &HeaderMap) -> Result<Option<Account>, AccountError> {
        let Some(token) = cookie_token(headers) else {
            return Ok(None);
        };
        Ok(self
            .store()
            .session_account(hash_token(&token), crate::time::now_ms())
            .await?)
    }
}

/// The signed-in account of a request; a request without a live session is refused (`401`,
/// saying to sign in).
pub struct SignedIn(pub Account);

/// The signed-in account of a request, if any (never refuses but for a database failure).
pub struct Viewer(pub Option<Account>);

impl<S> FromRequestParts<S> for Viewer
where
    S: Send + Sync,
    Arc<Accounts>: FromRef<S>,
{
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Response> {
        Arc::<Accounts>::from_ref(state)
            .account_of(&parts.headers)
            .await
            .map(Viewer)
            .map_err(IntoResponse::into_response)
    }
}

impl<S> FromRequestParts<S> for SignedIn
where
    S: Send + Sync,
    Arc<Accounts>: FromRef<S>,
{
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Response> {
        match Viewer::from_request_parts(parts, state).await? {
            Viewer(Some(account)) => Ok(SignedIn(account)),
            Viewer(None) => Err(AccountError::SignedOut.into_response()),
        }
    }
}
