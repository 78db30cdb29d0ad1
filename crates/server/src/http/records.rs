//! The HTTP side of a table's history: downloading the game record of a finished table, and
//! the lobby's list of recently finished tables.

use super::state::{client_ip, AppState, LinkQuery};
use crate::table::{Command, RecordRefusal};
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use std::net::SocketAddr;
use tokio::sync::oneshot;

/// How many finished tables the lobby lists.
pub const FINISHED_LISTED: usize = 20;

/// An error answer: `{"error": "…"}` with `status`.
fn refuse(status: StatusCode, message: impl Into<String>) -> Response {
    (status, Json(serde_json::json!({ "error": message.into() }))).into_response()
}

/// `GET /t/{id}/record?k=TOKEN`: the game record (what `boardroom replay` reads) of a finished
/// table, as a JSON file to save. The table's link authorises it: its spectator link (no `k`)
/// or a seat's invite link. `409` while the game runs (the record holds the seed, so what is
/// hidden); `403` for a token that holds no seat; `404` for no such table.
pub async fn record(
    State(app): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Query(q): Query<LinkQuery>,
) -> Response {
    if !app.costly.take(client_ip(peer, &headers, app.trust_proxy)) {
        return refuse(
            StatusCode::TOO_MANY_REQUESTS,
            "too many downloads and replay requests from your address; try again in a moment",
        );
    }
    let table = match app.lobby.open(&id).await {
        Ok(t) => t,
        Err(missing) => return refuse(StatusCode::NOT_FOUND, missing.to_string()),
    };
    let (tx, rx) = oneshot::channel();
    let asked = table
        .tx
        .send(Command::Record {
            token: q.k,
            reply: tx,
        })
        .await;
    let answer = match (asked, rx.await) {
        (Ok(()), Ok(answer)) => answer,
        _ => return refuse(StatusCode::NOT_FOUND, "no such table"),
    };
    match answer {
        Ok(record) => (
            [
                (header::CONTENT_TYPE, "application/json".to_string()),
                (
                    header::CONTENT_DISPOSITION,
                    format!("attachment; filename=\"boardroom-{id}.json\""),
                ),
                (header::CACHE_CONTROL, "no-cache".to_string()),
            ],
            record.to_string(),
        )
            .into_response(),
        Err(e @ RecordRefusal::Running) => refuse(StatusCode::CONFLICT, e.to_string()),
        Err(e @ RecordRefusal::BadToken) => refuse(StatusCode::FORBIDDEN, e.to_string()),
    }
}

/// `GET /api/tables/finished`: the most recently finished tables, newest first, with their
/// winners.
pub async fn finished(State(app): State<AppState>) -> Response {
    match app.lobby.db().recently_finished(FINISHED_LISTED).await {
        Ok(list) => ([(header::CACHE_CONTROL, "no-cache")], Json(list)).into_response(),
        Err(e) => {
            tracing::error!("cannot list finished tables: {e:#}");
            refuse(
                StatusCode::INTERNAL_SERVER_ERROR,
                "the finished tables cannot be read just now",
            )
        }
    }
}
