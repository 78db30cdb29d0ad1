//! The passkey routes (`/api/account/passkey…`): listing, adding and removing the account's
//! passkeys, and signing in with one. Each ceremony is two requests: the first answers the
//! options for `navigator.credentials` and a ceremony token, the second carries the token and
//! the browser's answer. Every `POST` passes the cross-site check ([`super::csrf`]) first.

use super::routes::{body, signed_in};
use super::{AccountError, Accounts, SignedIn};
use crate::listen::client_ip;
use axum::extract::rejection::JsonRejection;
use axum::extract::{ConnectInfo, FromRef, State};
use axum::http::{header, HeaderMap};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::sync::Arc;

/// The passkey routes.
pub fn router<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Arc<Accounts>: FromRef<S>,
{
    Router::new()
        .route("/api/account/passkeys", get(list))
        .route("/api/account/passkey/register", post(begin_registration))
        .route(
            "/api/account/passkey/register/finish",
            post(finish_registration),
        )
        .route("/api/account/passkey/remove", post(remove))
        .route("/api/account/passkey/signin", post(begin_sign_in))
        .route("/api/account/passkey/signin/finish", post(finish_sign_in))
}

/// The browser's answer, read as webauthn-rs reads it, or `400` saying what is wrong with it.
fn answer<T: for<'de> Deserialize<'de>>(v: Value) -> Result<T, AccountError> {
    serde_json::from_value(v).map_err(|e| {
        AccountError::BadRequest(format!(
            "the passkey's answer is not one a browser gives: {e}"
        ))
    })
}

/// `GET /api/account/passkeys`: whether the server offers passkeys, and the account's (id,
/// name, when added and last used).
async fn list(
    State(accounts): State<Arc<Accounts>>,
    SignedIn(account): SignedIn,
) -> Result<Response, AccountError> {
    let rows = accounts.db().passkeys().passkeys(account.id).await?;
    Ok((
        [(header::CACHE_CONTROL, "no-store")],
        Json(json!({ "available": accounts.passkey_rp().is_some(), "passkeys": rows })),
    )
        .into_response())
}

/// `POST /api/account/passkey/register`: begins adding a passkey: `{"ceremony": …,
/// "options": …}` (the options for `navigator.credentials.create`).
async fn begin_registration(
    State(accounts): State<Arc<Accounts>>,
    SignedIn(account): SignedIn,
) -> Result<Response, AccountError> {
    let (ceremony, options) = accounts.begin_registration(&account).await?;
    Ok((
        [(header::CACHE_CONTROL, "no-store")],
        Json(json!({ "ceremony": ceremony, "options": options })),
    )
        .into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FinishRegistration {
    ceremony: String,
    #[serde(default)]
    name: String,
    credential: Value,
}

/// `POST /api/account/passkey/register/finish {"ceremony": …, "name": …, "credential": …}`:
/// stores the passkey the browser made: `{"passkey": {id, name, created, last_used}}`.
async fn finish_registration(
    State(accounts): State<Arc<Accounts>>,
    SignedIn(account): SignedIn,
    b: Result<Json<FinishRegistration>, JsonRejection>,
) -> Result<Response, AccountError> {
    let req = body(b)?;
    let credential = answer(req.credential)?;
    let row = accounts
        .finish_registration(&account, &req.ceremony, &req.name, &credential)
        .await?;
    Ok(Json(json!({ "passkey": row })).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Remove {
    id: String,
}

/// `POST /api/account/passkey/remove {"id": …}`: removes one of the account's passkeys (it
/// signs in no more; the device may still offer it until its owner deletes it there).
async fn remove(
    State(accounts): State<Arc<Accounts>>,
    SignedIn(account): SignedIn,
    b: Result<Json<Remove>, JsonRejection>,
) -> Result<Response, AccountError> {
    let req = body(b)?;
    if !accounts
        .db()
        .passkeys()
        .remove_passkey(account.id, req.id)
        .await?
    {
        return Err(AccountError::BadRequest(
            "your account has no passkey with this id".into(),
        ));
    }
    Ok(Json(json!({ "removed": true })).into_response())
}

/// `POST /api/account/passkey/signin`: begins signing in with a passkey: `{"ceremony": …,
/// "options": …}` (the options for `navigator.credentials.get`, naming no account).
async fn begin_sign_in(
    State(accounts): State<Arc<Accounts>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> Result<Response, AccountError> {
    let ip = client_ip(peer, &headers, accounts.trust_proxy);
    let (ceremony, options) = accounts.begin_passkey_sign_in(ip).await?;
    Ok((
        [(header::CACHE_CONTROL, "no-store")],
        Json(json!({ "ceremony": ceremony, "options": options })),
    )
        .into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FinishSignIn {
    ceremony: String,
    credential: Value,
}

/// `POST /api/account/passkey/signin/finish {"ceremony": …, "credential": …}`: signs in as a
/// link does: a new session cookie, the session carried before ended.
async fn finish_sign_in(
    State(accounts): State<Arc<Accounts>>,
    headers: HeaderMap,
    b: Result<Json<FinishSignIn>, JsonRejection>,
) -> Result<Response, AccountError> {
    let req = body(b)?;
    let credential = answer(req.credential)?;
    let (account, session) = accounts
        .finish_passkey_sign_in(&req.ceremony, &credential)
        .await?;
    signed_in(&accounts, &headers, account, &session).await
}
