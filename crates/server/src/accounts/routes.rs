//! The account routes (`/api/account/…`): asking for a sign-in link, redeeming it, the account
//! signed in, its name, signing out here or everywhere, and tying the seats this browser holds to
//! it. Every `POST` passes the cross-site check ([`super::csrf`]) first.

use super::session::cookie_token;
use super::Accounts;
use super::{hash_token, Account, AccountError, SignedIn, Viewer};
use crate::listen::client_ip;
use axum::extract::rejection::JsonRejection;
use axum::extract::{ConnectInfo, FromRef, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{AppendHeaders, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::json;
use std::net::SocketAddr;
use std::sync::Arc;

impl IntoResponse for AccountError {
    fn into_response(self) -> Response {
        let status = match &self {
            AccountError::BadRequest(_) | AccountError::Link(_) => StatusCode::BAD_REQUEST,
            AccountError::SignedOut => StatusCode::UNAUTHORIZED,
            AccountError::TooMany(_) => StatusCode::TOO_MANY_REQUESTS,
            AccountError::Conflict(_) => StatusCode::CONFLICT,
            AccountError::NoMail | AccountError::NoPasskeys => StatusCode::SERVICE_UNAVAILABLE,
            AccountError::Storage(_) => StatusCode::INTERNAL_SERVER_ERROR,
        };
        (status, Json(json!({ "error": self.to_string() }))).into_response()
    }
}

/// The account routes.
pub fn router<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Arc<Accounts>: FromRef<S>,
{
    Router::new()
        .route("/api/account", get(me))
        .route("/api/account/link/request", post(request_link))
        .route("/api/account/link/check", post(check_link))
        .route("/api/account/link", post(redeem_link))
        .route("/api/account/name", post(rename))
        .route("/api/account/lang", post(super::lang::set_lang))
        .route("/api/account/signout", post(sign_out))
        .route("/api/account/signout-everywhere", post(sign_out_everywhere))
        .route("/api/account/claim", post(claim))
        .route("/api/account/games", get(super::mine::my_games))
        .route(
            "/api/account/notify",
            get(super::mine::addresses).post(super::mine::set_addresses),
        )
        .route("/api/account/export", get(super::own::export))
        .route("/api/account/delete", post(super::own::delete))
        .route("/api/account/block", post(super::own::block))
        .route("/api/account/report", post(super::own::report))
        .merge(super::passkey_routes::router())
}

/// A JSON body, or `400` naming what is wrong with it.
pub(super) fn body<T>(b: Result<Json<T>, JsonRejection>) -> Result<T, AccountError> {
    b.map(|Json(t)| t)
        .map_err(|e| AccountError::BadRequest(e.body_text()))
}

/// What the owner sees of their account.
pub(super) fn account_json(a: &Account) -> serde_json::Value {
    json!({ "id": a.id, "name": a.name, "email": a.email, "created": a.created, "lang": a.lang })
}

/// `GET /api/account`: the account signed in, or `{"signed_in": false}`; `passkeys` is the
/// relying party id of this server's passkeys (the host a page must be at to use them), or
/// `null` when it offers none.
async fn me(State(accounts): State<Arc<Accounts>>, Viewer(account): Viewer) -> Response {
    let passkeys = accounts.passkey_rp();
    let body = match account {
        Some(a) => json!({ "signed_in": true, "account": account_json(&a), "passkeys": passkeys }),
        None => json!({ "signed_in": false, "passkeys": passkeys }),
    };
    ([(header::CACHE_CONTROL, "no-store")], Json(body)).into_response()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LinkRequest {
    email: String,
}

/// `POST /api/account/link/request {"email": …}`: mails a sign-in link. The answer is the same
/// whether or not the address has an account.
async fn request_link(
    State(accounts): State<Arc<Accounts>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    b: Result<Json<LinkRequest>, JsonRejection>,
) -> Result<Response, AccountError> {
    let req = body(b)?;
    let ip = client_ip(peer, &headers, accounts.trust_proxy);
    accounts
        .request_link(&req.email, ip, crate::lang::of_request(&headers))
        .await?;
    Ok((
        StatusCode::ACCEPTED,
        Json(
            json!({ "message": "a sign-in link is on its way to this address: open it within \
                     15 minutes (it works once)" }),
        ),
    )
        .into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LinkCheck {
    token: String,
}

/// `POST /api/account/link/check {"token": …}`: whether the link can be redeemed and signs in
/// to an account that exists (`{"account": true}`) or needs a name first. Changes nothing.
async fn check_link(
    State(accounts): State<Arc<Accounts>>,
    b: Result<Json<LinkCheck>, JsonRejection>,
) -> Result<Response, AccountError> {
    let req = body(b)?;
    let has = accounts.check_link(&req.token).await?;
    Ok(Json(json!({ "account": has })).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Redeem {
    token: String,
    #[serde(default)]
    name: Option<String>,
}

/// `POST /api/account/link {"token": …, "name": …}`: redeems a sign-in link; the answer sets a
/// new session cookie, and a session the request carried before is ended (so a session id
/// planted before sign-in never becomes a signed-in one). It also sets the `lang` cookie to the
/// account's language (an account without one takes this browser's).
async fn redeem_link(
    State(accounts): State<Arc<Accounts>>,
    headers: HeaderMap,
    b: Result<Json<Redeem>, JsonRejection>,
) -> Result<Response, AccountError> {
    let req = body(b)?;
    let (account, session) = accounts.redeem(&req.token, req.name.as_deref()).await?;
    signed_in(&accounts, &headers, account, &session).await
}

/// The answer to a sign-in (by link or passkey) that made session `session` for `account`: it
/// sets the new session cookie and ends the session the request carried before (so a session
/// id planted before sign-in never becomes a signed-in one), and sets the `lang` cookie to the
/// account's language (an account without one takes this browser's).
pub(super) async fn signed_in(
    accounts: &Accounts,
    headers: &HeaderMap,
    mut account: Account,
    session: &str,
) -> Result<Response, AccountError> {
    if let Some(old) = cookie_token(headers) {
        accounts.store().end_session(hash_token(&old)).await?;
    }
    let lang = super::lang::on_sign_in(accounts, &mut account, headers).await?;
    let secure = accounts.secure(headers, accounts.trust_proxy);
    Ok((
        AppendHeaders([
            (header::SET_COOKIE, accounts.cookie(Some(session), secure)),
            (header::SET_COOKIE, super::lang::cookie(lang)),
            (
                header::CACHE_CONTROL,
                "no-store".parse().expect("a header value"),
            ),
        ]),
        Json(json!({ "signed_in": true, "account": account_json(&account) })),
    )
        .into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Rename {
    name: String,
}

/// `POST /api/account/name {"name": …}`: changes the display name.
async fn rename(
    State(accounts): State<Arc<Accounts>>,
    SignedIn(account): SignedIn,
    b: Result<Json<Rename>, JsonRejection>,
) -> Result<Response, AccountError> {
    let req = body(b)?;
    let (name, key) = super::name::check(&req.name, &accounts.settings().reserved)
        .map_err(AccountError::BadRequest)?;
    if !accounts
        .store()
        .rename(account.id, name.clone(), key)
        .await?
    {
        return Err(AccountError::Conflict(
            "this display name belongs to someone else: choose another".into(),
        ));
    }
    Ok(Json(json!({ "name": name })).into_response())
}

/// `POST /api/account/signout`: ends this browser's session.
async fn sign_out(
    State(accounts): State<Arc<Accounts>>,
    headers: HeaderMap,
) -> Result<Response, AccountError> {
    if let Some(token) = cookie_token(&headers) {
        accounts.store().end_session(hash_token(&token)).await?;
    }
    let secure = accounts.secure(&headers, accounts.trust_proxy);
    Ok((
        [(header::SET_COOKIE, accounts.cookie(None, secure))],
        Json(json!({ "signed_in": false })),
    )
        .into_response())
}

/// `POST /api/account/signout-everywhere`: ends every session of the account, on every device.
async fn sign_out_everywhere(
    State(accounts): State<Arc<Accounts>>,
    SignedIn(account): SignedIn,
    headers: HeaderMap,
) -> Result<Response, AccountError> {
    let ended = accounts.store().end_sessions(account.id).await?;
    let secure = accounts.secure(&headers, accounts.trust_proxy);
    Ok((
        [(header::SET_COOKIE, accounts.cookie(None, secure))],
        Json(json!({ "signed_in": false, "sessions_ended": ended })),
    )
        .into_response())
}

/// One seat link this browser holds: the table and the seat's token.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HeldSeat {
    table: String,
    token: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Claim {
    seats: Vec<HeldSeat>,
}

/// The most seat links one claim may carry.
const MAX_CLAIM: usize = 500;

/// `POST /api/account/claim {"seats": [{"table": …, "token": …}]}`: ties the seats whose links
/// this browser holds to the account (a seat another account holds stays theirs).
async fn claim(
    State(accounts): State<Arc<Accounts>>,
    SignedIn(account): SignedIn,
    b: Result<Json<Claim>, JsonRejection>,
) -> Result<Response, AccountError> {
    let req = body(b)?;
    if req.seats.len() > MAX_CLAIM {
        return Err(AccountError::BadRequest(format!(
            "at most {MAX_CLAIM} seats can be claimed at once"
        )));
    }
    let seats = req.seats.into_iter().map(|s| (s.table, s.token)).collect();
    let claimed = accounts
        .store()
        .claim_seats(account.id, seats, crate::time::now_ms())
        .await?;
    let claimed: Vec<_> = claimed
        .into_iter()
        .map(|(table, seat)| json!({ "table": table, "seat": seat }))
        .collect();
    Ok(Json(json!({ "claimed": claimed })).into_response())
}
