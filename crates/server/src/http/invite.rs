//! Answering an invitation to a seat (`POST /api/tables/{id}/invitation`): the invited account,
//! signed in, accepts (and receives the seat's link) or declines (the seat opens). The request
//! is about a table, so it reaches the instance that plays it.

use super::state::AppState;
use crate::accounts::SignedIn;
use crate::lobby::invite::{AnswerError, Answered};
use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::json;

/// The body of an answer: `{"seat": 1, "accept": true}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answer {
    seat: usize,
    accept: bool,
}

/// `POST /api/tables/{id}/invitation {"seat": 1, "accept": true}`: answers the signed-in
/// account's invitation to a seat. Accepted: `{"accepted": true, "link": …}`; declined:
/// `{"accepted": false, "opened": …}` (whether the seat is now open in the lobby). `404` for
/// no such table, `409` when no invitation of the account waits at that seat.
pub async fn answer(
    State(app): State<AppState>,
    SignedIn(account): SignedIn,
    Path(id): Path<String>,
    body: Result<Json<Answer>, JsonRejection>,
) -> Response {
    let error = |status: StatusCode, message: String| {
        (status, Json(json!({ "error": message }))).into_response()
    };
    let Json(req) = match body {
        Ok(b) => b,
        Err(e) => return error(StatusCode::BAD_REQUEST, e.body_text()),
    };
    match app
        .lobby
        .answer_invite(&id, req.seat, account.id, req.accept)
        .await
    {
        Ok(Answered::Accepted(link)) => {
            Json(json!({ "accepted": true, "link": link })).into_response()
        }
        Ok(Answered::Declined { opened }) => {
            Json(json!({ "accepted": false, "opened": opened })).into_response()
        }
        Err(e) => {
            let status = match e {
                AnswerError::NoSuchTable => StatusCode::NOT_FOUND,
                AnswerError::NotInvited(_) => StatusCode::CONFLICT,
                AnswerError::Storage(_) => StatusCode::INTERNAL_SERVER_ERROR,
            };
            error(status, e.to_string())
        }
    }
}
