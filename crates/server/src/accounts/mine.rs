//! What an account keeps across tables: "My games" (every table it sits at, from any device)
//! and its "your turn" addresses (for one game or for all, told at every table it sits at,
//! shown to nobody but their owner).

use super::routes::body;
use super::Accounts;
use super::{AccountError, SignedIn, ALL_GAMES};
use axum::extract::rejection::JsonRejection;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::json;
use std::sync::Arc;

/// The most seats "My games" lists.
const MY_GAMES: usize = 200;

/// `GET /api/account/games`: every table the account sits at, newest first, from any device:
/// each seat's link (the key to the seat, for its owner only), and a finished game's summary;
/// whose turn it is and the clocks are the table's own (`GET /api/tables/{id}`). Beside them
/// (`sent`), the invitations the account sent that wait or were declined, a declined one with
/// its seat's link for the inviter to pass on.
pub(super) async fn my_games(
    State(accounts): State<Arc<Accounts>>,
    SignedIn(account): SignedIn,
) -> Result<Response, AccountError> {
    let seats = accounts.store().my_seats(account.id, MY_GAMES).await?;
    let games: Vec<_> = seats
        .into_iter()
        .map(|s| {
            let link = s.token.as_ref().map(|t| format!("/t/{}?k={t}", s.table));
            let replay = s.finished.is_some().then(|| format!("/t/{}", s.table));
            let mut v = serde_json::to_value(&s).unwrap_or_default();
            if let Some(o) = v.as_object_mut() {
                o.remove("token");
                o.insert("link".into(), json!(link));
                o.insert("replay".into(), json!(replay));
            }
            v
        })
        .collect();
    let sent: Vec<_> = accounts
        .store()
        .sent_invites(account.id, MY_GAMES)
        .await?
        .into_iter()
        .map(|s| {
            let link = s.token.as_ref().map(|t| format!("/t/{}?k={t}", s.table));
            let mut v = serde_json::to_value(&s).unwrap_or_default();
            if let Some(o) = v.as_object_mut() {
                o.remove("token");
                o.insert("link".into(), json!(link));
            }
            v
        })
        .collect();
    Ok((
        [(header::CACHE_CONTROL, "no-store")],
        Json(json!({ "games": games, "sent": sent })),
    )
        .into_response())
}

/// `GET /api/account/notify`: the account's "your turn" addresses, by game (`*`: every game).
pub(super) async fn addresses(
    State(accounts): State<Arc<Accounts>>,
    SignedIn(account): SignedIn,
) -> Result<Response, AccountError> {
    let kept = accounts.store().account_addresses(account.id).await?;
    let kept: Vec<_> = kept
        .into_iter()
        .map(|(game, a)| json!({ "game": game, "email": a.email, "webhook": a.webhook }))
        .collect();
    Ok((
        [(header::CACHE_CONTROL, "no-store")],
        Json(json!({ "addresses": kept })),
    )
        .into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct SetAddresses {
    /// A game's id, or `*` for every game.
    game: String,
    #[serde(default)]
    email: Option<String>,
    #[serde(default)]
    webhook: Option<String>,
}

/// `POST /api/account/notify {"game": "*", "email": …, "webhook": …}`: keeps (or, both empty,
/// removes) the account's addresses for one game or for every game, checked as a seat's are.
pub(super) async fn set_addresses(
    State(accounts): State<Arc<Accounts>>,
    SignedIn(account): SignedIn,
    b: Result<Json<SetAddresses>, JsonRejection>,
) -> Result<Response, AccountError> {
    let req = body(b)?;
    if req.game != ALL_GAMES && !boardroom_registry::IDS.contains(&req.game.as_str()) {
        return Err(AccountError::BadRequest(format!(
            "no game `{}`: give one of {} or `*` for every game",
            req.game,
            boardroom_registry::IDS.join(", ")
        )));
    }
    let to = accounts
        .notifier()
        .check(req.email, req.webhook)
        .await
        .map_err(AccountError::BadRequest)?;
    accounts
        .store()
        .store_account_addresses(account.id, req.game, to)
        .await?;
    addresses(State(accounts), SignedIn(account)).await
}
