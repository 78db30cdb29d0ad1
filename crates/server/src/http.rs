//! HTTP routes: the pages, the embedded assets, the JSON API and the WebSocket endpoint;
//! `state` holds what every handler shares, `records` the routes of finished games.

use crate::assets;
use crate::conn;
use crate::lobby::{CreateTable, LobbyError, Missing};
use crate::seats::ClaimError;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, Query, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use boardroom_engine::WebAsset;
use boardroom_registry::{GameInfo, Playable, Visitor};
use serde::{Deserialize, Serialize};
use std::net::SocketAddr;

pub mod health;
mod invite;
mod proxy;
pub mod ratings;
mod records;
mod state;

pub use state::{
    client_ip, AppState, LinkQuery, CONNECTIONS_PER_SECOND, COSTLY_PER_SECOND, CREATIONS_PER_SECOND,
};

/// The `Content-Security-Policy` of every response: the server's own scripts, styles, images
/// and connections only (its WebSockets included), no inline scripts, no framing.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
     style-src 'self'; img-src 'self'; connect-src 'self' ws: wss:; object-src 'none'; \
     base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// Adds the security headers to every response.
async fn security_headers(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CONTENT_SECURITY_POLICY),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    response
}

/// Whether a WebSocket upgrade may proceed: no `Origin` (not a browser), the server's own
/// host, or an origin allowed explicitly.
fn origin_allowed(headers: &HeaderMap, allowed: &[String]) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    let Ok(origin) = origin.to_str() else {
        return false;
    };
    let origin = origin.trim_end_matches('/');
    if allowed
        .iter()
        .any(|a| a.trim_end_matches('/').eq_ignore_ascii_case(origin))
    {
        return true;
    }
    let authority = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"));
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    matches!((authority, host), (Some(a), Some(h)) if a.eq_ignore_ascii_case(h))
}

/// The application's routes.
pub fn router(state: AppState) -> Router {
    Router::new()
        .route("/", get(index))
        .route("/t/{id}", get(table_page))
        .route("/t/{id}/record", get(records::record))
        .route("/assets/{*path}", get(asset))
        .route("/api/games", get(list_games))
        .route("/api/messages/{lang}", get(crate::lang::messages))
        .route("/api/tables", get(list_tables).post(create_table))
        .route("/api/tables/{id}", get(table_summary))
        .route("/api/tables/{id}/claim", post(claim_seat))
        .route("/api/tables/{id}/invitation", post(invite::answer))
        .route("/api/tables/finished", get(records::finished))
        .route("/api/stats", get(stats))
        .route("/healthz", get(health::healthz))
        .route("/readyz", get(readyz))
        .route("/leaderboard", get(ratings::leaderboard_page))
        .route("/players/{player}", get(ratings::profile_page))
        .route("/api/leaderboard", get(ratings::leaderboard))
        .route("/api/players/{player}", get(ratings::profile))
        .route("/ws/{id}", get(websocket))
        .route("/signin", get(index))
        .merge(crate::accounts::routes::router())
        .layer(DefaultBodyLimit::max(16 * 1024))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            proxy::route,
        ))
        .layer(axum::middleware::from_fn_with_state(
            state.accounts.clone(),
            crate::accounts::csrf::guard,
        ))
        .layer(axum::middleware::map_response(security_headers))
        .with_state(state)
}

const NO_CACHE: (header::HeaderName, &str) = (header::CACHE_CONTROL, "no-cache");

async fn index(headers: HeaderMap) -> impl IntoResponse {
    let lang = crate::lang::of_request(&headers);
    (
        [NO_CACHE],
        Html(crate::lang::fill(assets::INDEX_HTML, lang)),
    )
}

/// The page for a table that cannot be shown, and why, in `lang`.
fn missing_page(missing: &Missing, lang: &str) -> Response {
    let (title, text) = match missing {
        Missing::Unknown => ("missing-unknown-title", "missing-unknown"),
        Missing::Expired => ("missing-expired-title", "missing-expired"),
        Missing::Damaged(_) => ("missing-damaged-title", "missing-damaged"),
        // Forwarded to its holder before this page is made: only a race ends here.
        Missing::Elsewhere(_) => ("missing-elsewhere-title", "missing-elsewhere"),
    };
    let page = format!(
        "<!doctype html><html lang=\"{{{{lang}}}}\"><title>{{{{t:{title}}}}}</title>\
         <p>{{{{t:{text}}}}} <a href=\"/\">{{{{t:missing-back}}}}</a></p>"
    );
    (StatusCode::NOT_FOUND, Html(crate::lang::fill(&page, lang))).into_response()
}

async fn table_page(
    State(app): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    let lang = crate::lang::of_request(&headers);
    let handle = match app.lobby.open(&id).await {
        Ok(handle) => handle,
        Err(missing) => return missing_page(&missing, lang),
    };
    let (game, variant) = {
        let summary = handle.summary.lock().expect("summary lock");
        (summary.game.clone(), summary.edition.clone())
    };
    match boardroom_registry::visit(&game, PageVisitor { variant: &variant }) {
        Ok(page) => ([NO_CACHE], Html(crate::lang::fill(&page, lang))).into_response(),
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

/// The name of a game's "How to play" fragment among its web assets.
const HOWTO: &str = "howto.html";

/// The web assets of the visited game.
struct AssetsVisitor;

impl Visitor for AssetsVisitor {
    type Output = &'static [WebAsset];
    fn visit<G: Playable>(self) -> &'static [WebAsset] {
        G::web_assets()
    }
}

async fn asset(Path(path): Path<String>, headers: HeaderMap) -> Response {
    let game_file = path.strip_prefix("games/").and_then(|p| p.split_once('/'));
    // The how-to-play in the request's language, when the game has it written.
    let localized = match game_file {
        Some((game, HOWTO)) => crate::lang::howto(game, crate::lang::of_request(&headers)),
        _ => None,
    };
    let found = match (localized, game_file) {
        (Some(body), _) => Some(("text/html; charset=utf-8", body)),
        (None, Some((game, name))) => boardroom_registry::visit(game, AssetsVisitor)
            .ok()
            .and_then(|files| files.iter().find(|f| f.name == name))
            .map(|f| (f.content_type, f.body)),
        (None, None) => assets::find(&path).map(|a| (a.content_type, a.body)),
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
    /// The URL of the game's "How to play" fragment (`howto.html` among its web assets), or
    /// `null` when the game ships none.
    pub howto: Option<String>,
}

async fn list_games() -> impl IntoResponse {
    let games: Vec<GameListing> = boardroom_registry::list()
        .into_iter()
        .map(|info| GameListing {
            view: format!("/assets/{}", game_asset_path(info.id, "view.js")),
            howto: boardroom_registry::visit(info.id, AssetsVisitor)
                .ok()
                .filter(|files| files.iter().any(|f| f.name == HOWTO))
                .map(|_| format!("/assets/{}", game_asset_path(info.id, HOWTO))),
            info,
        })
        .collect();
    ([NO_CACHE], Json(games))
}

async fn list_tables(State(app): State<AppState>) -> impl IntoResponse {
    Json(app.lobby.list_json(100).await)
}

/// One table as the lobby lists it (`GET /api/tables/{id}`), private ones too (their id is
/// their spectator link's): whose turn it is and every seat's clock, for the lobby's list of
/// the tables this browser holds seats at. `404` for a table not in play here (finished and
/// archived, expired, or unknown).
async fn table_summary(
    State(app): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    match app.lobby.get(&id) {
        Some(handle) => {
            let summary = handle.summary.lock().expect("summary lock").clone().now();
            ([NO_CACHE], Json(summary)).into_response()
        }
        None => (
            StatusCode::NOT_FOUND,
            Json(serde_json::json!({
                "error": crate::lang::text(crate::lang::of_request(&headers), "error-no-table-here")
            })),
        )
            .into_response(),
    }
}

async fn create_table(
    State(app): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    crate::accounts::Viewer(viewer): crate::accounts::Viewer,
    body: Result<Json<CreateTable>, axum::extract::rejection::JsonRejection>,
) -> Response {
    if !app
        .creations
        .take(client_ip(peer, &headers, app.trust_proxy))
    {
        return (
            StatusCode::TOO_MANY_REQUESTS,
            Json(serde_json::json!({
                "error": crate::lang::text(crate::lang::of_request(&headers), "error-too-many-tables")
            })),
        )
            .into_response();
    }
    let Json(mut req) = match body {
        Ok(b) => b,
        Err(e) => {
            return (
                StatusCode::BAD_REQUEST,
                Json(serde_json::json!({ "error": e.body_text() })),
            )
                .into_response()
        }
    };
    req.creator = viewer;
    match app.lobby.create(req).await {
        Ok(created) => (StatusCode::CREATED, Json(created)).into_response(),
        Err(e) => {
            let status = match e {
                LobbyError::BadRequest(_) | LobbyError::NoSuchTable => StatusCode::BAD_REQUEST,
                LobbyError::Full | LobbyError::Unavailable | LobbyError::Damaged(_) => {
                    StatusCode::SERVICE_UNAVAILABLE
                }
                // The cause was logged where it happened; the client gets the generic message.
                LobbyError::Storage(_) => StatusCode::INTERNAL_SERVER_ERROR,
            };
            (status, Json(serde_json::json!({ "error": e.to_string() }))).into_response()
        }
    }
}

/// The body of a seat claim: `{"seat": 1}`.
#[derive(Deserialize)]
pub struct ClaimSeat {
    seat: usize,
}

/// Claims an open seat from the lobby (`POST /api/tables/{id}/claim`): its link, or `409` when
/// it is taken. Claims count against the same per-address limit as creating tables.
async fn claim_seat(
    State(app): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(id): Path<String>,
    body: Result<Json<ClaimSeat>, axum::extract::rejection::JsonRejection>,
) -> Response {
    let error = |status: StatusCode, message: String| {
        (status, Json(serde_json::json!({ "error": message }))).into_response()
    };
    if !app
        .creations
        .take(client_ip(peer, &headers, app.trust_proxy))
    {
        return error(
            StatusCode::TOO_MANY_REQUESTS,
            crate::lang::text(crate::lang::of_request(&headers), "error-too-many-requests"),
        );
    }
    let Json(req) = match body {
        Ok(b) => b,
        Err(e) => return error(StatusCode::BAD_REQUEST, e.body_text()),
    };
    match app.lobby.claim(&id, req.seat).await {
        Ok(claimed) => (StatusCode::OK, Json(claimed)).into_response(),
        Err(e) => {
            let status = match e {
                ClaimError::NoSuchTable => StatusCode::NOT_FOUND,
                ClaimError::Taken(_) => StatusCode::CONFLICT,
                ClaimError::Storage(_) => StatusCode::INTERNAL_SERVER_ERROR,
            };
            let message = match e {
                ClaimError::NoSuchTable => {
                    crate::lang::text(crate::lang::of_request(&headers), "error-no-such-table")
                }
                e => e.to_string(),
            };
            error(status, message)
        }
    }
}

/// Resident memory of this process in bytes (Linux), for load reports.
pub fn resident_bytes() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096)
}

async fn readyz(State(app): State<AppState>) -> Response {
    health::readyz(State(app.lobby)).await
}

async fn stats(State(app): State<AppState>) -> impl IntoResponse {
    // Private tables' ids stay private: they are only counted.
    let (damaged, damaged_private) = app.lobby.damaged_public();
    Json(serde_json::json!({
        "tables": app.lobby.len(),
        "resident_bytes": resident_bytes(),
        "storage": app.lobby.storage(),
        "damaged": damaged,
        "damaged_private": damaged_private,
        "notifications": app.lobby.notifier().stats().json(),
    }))
}

async fn websocket(
    State(app): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Query(q): Query<LinkQuery>,
    held: Option<axum::Extension<crate::listen::OpenConn>>,
    ws: WebSocketUpgrade,
) -> Response {
    if !origin_allowed(&headers, &app.allow_origins) {
        return (
            StatusCode::FORBIDDEN,
            "WebSockets from pages of another site are refused (see `--allow-origin`)",
        )
            .into_response();
    }
    let ip = client_ip(peer, &headers, app.trust_proxy);
    // Behind a trusted proxy every connection comes from the proxy: the cap on what one
    // address holds applies to the address it forwards.
    let forwarded = if app.trust_proxy {
        match app.forwarded.take(ip, app.per_address) {
            Some(slot) => Some(slot),
            None => {
                crate::metrics::rate_limited("open_per_address");
                return (
                    StatusCode::TOO_MANY_REQUESTS,
                    format!(
                        "too many connections open from your address: at most {} at once",
                        app.per_address
                    ),
                )
                    .into_response();
            }
        }
    } else {
        None
    };
    if !app.connections.take(ip) {
        return (
            StatusCode::TOO_MANY_REQUESTS,
            "too many connections opened just now; try again in a moment",
        )
            .into_response();
    }
    let table = match app.lobby.open(&id).await {
        Ok(table) => table,
        Err(missing) => return (StatusCode::NOT_FOUND, missing.to_string()).into_response(),
    };
    let limits = app.limits.clone();
    let lobby = app.lobby.clone();
    // As the table's own span: at the level of errors, so every line carries it.
    let span = tracing::error_span!("table", table = %id, instance = %lobby.instance());
    // The signed-in reader (whose blocks hide chat lines): a session the database cannot
    // read now counts as none.
    let account = app.accounts.account_of(&headers).await.ok().flatten();
    let client = crate::conn::Client {
        ip,
        costly: app.costly.clone(),
        lang: crate::lang::of_request(&headers),
        reader: crate::chat::reader(app.lobby.db(), account.map(|a| a.id)).await,
    };
    // Small buffers: thousands of idle connections should not cost 128 KiB each.
    ws.read_buffer_size(8 * 1024)
        .write_buffer_size(0)
        .max_message_size(limits.frame_bytes)
        .max_frame_size(limits.frame_bytes)
        .on_upgrade(move |socket| async move {
            // The connection counts for its address (and the one forwarded) for as long as the
            // WebSocket lives.
            let _held = (held, forwarded);
            let run = conn::run(socket, lobby, id, table, q.k, limits, client);
            tracing::Instrument::instrument(run, span).await
        })
}
