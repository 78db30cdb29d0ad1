//! HTTP routes: the pages, the embedded assets, the JSON API and the WebSocket endpoint.

use crate::assets;
use crate::conn::{self, Bucket, Limits};
use crate::lobby::{CreateTable, Lobby, LobbyError};
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use boardroom_engine::WebAsset;
use boardroom_games::{GameInfo, Playable, Visitor};
use serde::{Deserialize, Serialize};
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
        .route("/assets/{*path}", get(asset))
        .route("/api/games", get(list_games))
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
    let (game, variant) = {
        let summary = handle.summary.lock().expect("summary lock");
        (summary.game.clone(), summary.edition.clone())
    };
    match boardroom_games::visit(&game, PageVisitor { variant: &variant }) {
        Ok(page) => ([NO_CACHE], Html(page)).into_response(),
        Err(e) => (StatusCode::NOT_FOUND, e.to_string()).into_response(),
    }
}

/// The table page of the visited game.
struct PageVisitor<'a> {
    variant: &'a str,
}

impl Visitor for PageVisitor<'_> {
    type Output = String;
    fn visit<G: Playable>(self) -> String {
        let styles: Vec<String> = G::web_assets()
            .iter()
            .filter(|a| a.name.ends_with(".css"))
            .map(|a| game_asset_path(G::NAME, a.name))
            .collect();
        assets::table_page(G::NAME, G::TITLE, self.variant, &styles)
    }
}

/// The path under `/assets/` of file `name` of game `id`'s browser view.
fn game_asset_path(id: &str, name: &str) -> String {
    format!("games/{id}/{name}")
}

/// The web assets of the visited game.
struct AssetsVisitor;

impl Visitor for AssetsVisitor {
    type Output = &'static [WebAsset];
    fn visit<G: Playable>(self) -> &'static [WebAsset] {
        G::web_assets()
    }
}

async fn asset(Path(path): Path<String>) -> Response {
    let found = match path.strip_prefix("games/").and_then(|p| p.split_once('/')) {
        Some((game, name)) => boardroom_games::visit(game, AssetsVisitor)
            .ok()
            .and_then(|files| files.iter().find(|f| f.name == name))
            .map(|f| (f.content_type, f.body)),
        None => assets::find(&path).map(|a| (a.content_type, a.body)),
    };
    match found {
        Some((content_type, body)) => {
            ([(header::CONTENT_TYPE, content_type), NO_CACHE], body).into_response()
        }
        None => (StatusCode::NOT_FOUND, "no such file").into_response(),
    }
}

/// A game as `GET /api/games` lists it: the registry's [`GameInfo`] and where its browser view
/// module is served.
#[derive(Serialize)]
pub struct GameListing {
    /// What the registry says of the game.
    #[serde(flatten)]
    pub info: GameInfo,
    /// The URL of the game's browser view module.
    pub view: String,
}

async fn list_games() -> impl IntoResponse {
    let games: Vec<GameListing> = boardroom_games::list()
        .into_iter()
        .map(|info| GameListing {
            view: format!("/assets/{}", game_asset_path(info.id, "view.js")),
            info,
        })
        .collect();
    ([NO_CACHE], Json(games))
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
        Err(e) => {
            let status = match e {
                LobbyError::BadRequest(_) | LobbyError::NoSuchTable => StatusCode::BAD_REQUEST,
                LobbyError::Full => StatusCode::SERVICE_UNAVAILABLE,
                // The cause was logged where it happened; the client gets the generic message.
                LobbyError::Storage(_) => StatusCode::INTERNAL_SERVER_ERROR,
            };
            (status, Json(serde_json::json!({ "error": e.to_string() }))).into_response()
        }
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
