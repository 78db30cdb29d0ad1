//! HTTP routes: the pages, the embedded assets, the JSON API and the WebSocket endpoint.

use crate::assets;
use crate::conn::{self, Bucket, Limits};
use crate::lobby::{CreateTable, Lobby};
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use boardroom_engine::Game;
use serde::Deserialize;
use std::sync::Arc;

/// What every request handler shares.
#[derive(Clone)]
pub struct AppState {
    /// The tables.
    pub lobby: Arc<Lobby>,
    /// Limits for WebSocket connections.
    pub limits: Arc<Limits>,
    /// Tables created per second, over all clients (a flood of creations is refused).
    pub creations: Arc<std::sync::Mutex<Bucket>>,
}

/// Tables that may be created per second on average, and in a burst.
pub const CREATIONS_PER_SECOND: (f64, f64) = (20.0, 100.0);

/// The query of a table link: `?k=TOKEN` for a seat, nothing to watch.
#[derive(Deserialize)]
pub struct LinkQuery {
    k: Option<String>,
}

/// The application's routes.
pub fn router(state: AppState) -> Router {
    Router::new()
        .route("/", get(index))
        .route("/t/{id}", get(table_page))
        .route("/assets/{name}", get(asset))
        .route("/api/tables", get(list_tables).post(create_table))
        .route("/api/stats", get(stats))
        .route("/ws/{id}", get(websocket))
        .layer(DefaultBodyLimit::max(16 * 1024))
        .with_state(state)
}

const NO_CACHE: (header::HeaderName, &str) = (header::CACHE_CONTROL, "no-cache");

async fn index() -> impl IntoResponse {
    ([NO_CACHE], Html(assets::INDEX_HTML))
}

async fn table_page(State(app): State<AppState>, Path(id): Path<String>) -> Response {
    let Some(handle) = app.lobby.get(&id) else {
        return (
            StatusCode::NOT_FOUND,
            Html(
                "<!doctype html><title>No such table</title><p>There is no such table. \
                  <a href=\"/\">Back to the lobby</a></p>",
            ),
        )
            .into_response();
    };
    let big_shot =
        handle.summary.lock().expect("summary lock").game == boardroom_bigshot::BigShot::NAME;
    let page = if big_shot {
        assets::BIGSHOT_HTML
    } else {
        assets::TABLE_HTML
    };
    ([NO_CACHE], Html(page)).into_response()
}

async fn asset(Path(name): Path<String>) -> Response {
    match assets::find(&name) {
        Some(a) => ([(header::CONTENT_TYPE, a.content_type), NO_CACHE], a.body).into_response(),
        None => (StatusCode::NOT_FOUND, "no such file").into_response(),
    }
}

async fn list_tables(State(app): State<AppState>) -> impl IntoResponse {
    Json(app.lobby.list(100))
}

async fn create_table(
    State(app): State<AppState>,
    body: Result<Json<CreateTable>, axum::extract::rejection::JsonRejection>,
) -> Response {
    if !app.creations.lock().expect("creation bucket").take() {
        return (
            StatusCode::TOO_MANY_REQUESTS,
            Json(serde_json::json!({ "error": "too many tables created just now; try again in a moment" })),
        )
            .into_response();
    }
    let Json(req) = match body {
        Ok(b) => b,
        Err(e) => {
            return (
                StatusCode::BAD_REQUEST,
                Json(serde_json::json!({ "error": e.body_text() })),
            )
                .into_response()
        }
    };
    match app.lobby.create(req).await {
        Ok(created) => (StatusCode::CREATED, Json(created)).into_response(),
        Err(e) => (
            StatusCode::BAD_REQUEST,
            Json(serde_json::json!({ "error": e })),
        )
            .into_response(),
    }
}

/// Resident memory of this process in bytes (Linux), for load reports.
pub fn resident_bytes() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096)
}

async fn stats(State(app): State<AppState>) -> impl IntoResponse {
    Json(serde_json::json!({
        "tables": app.lobby.len(),
        "resident_bytes": resident_bytes(),
    }))
}

async fn websocket(
    State(app): State<AppState>,
    Path(id): Path<String>,
    Query(q): Query<LinkQuery>,
    ws: WebSocketUpgrade,
) -> Response {
    let Some(table) = app.lobby.get(&id) else {
        return (StatusCode::NOT_FOUND, "no such table").into_response();
    };
    let limits = app.limits.clone();
    let lobby = app.lobby.clone();
    // Small buffers: thousands of idle connections should not cost 128 KiB each.
    ws.read_buffer_size(8 * 1024)
        .write_buffer_size(0)
        .max_message_size(limits.frame_bytes)
        .max_frame_size(limits.frame_bytes)
        .on_upgrade(move |socket| conn::run(socket, lobby, id, table, q.k, limits))
}
