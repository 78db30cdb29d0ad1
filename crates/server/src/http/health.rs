//! Health for load balancers and orchestrators: `/healthz` (the process lives and answers) and
//! `/readyz` (it can serve tables now: see [`Lobby::readiness`]); and the metrics page,
//! served with them on the operator's metrics address.

use crate::lobby::Lobby;
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use metrics_exporter_prometheus::PrometheusHandle;
use std::sync::Arc;

/// `GET /healthz`: `200 ok` while the process answers requests.
pub async fn healthz() -> Response {
    (
        StatusCode::OK,
        [(header::CACHE_CONTROL, "no-store")],
        "ok\n",
    )
        .into_response()
}

/// `GET /readyz`: `200 ready` when this instance can serve tables now, otherwise `503` and
/// the reason, so a load balancer sends its requests elsewhere meanwhile.
pub async fn readyz(State(lobby): State<Arc<Lobby>>) -> Response {
    match lobby.readiness().await {
        Ok(()) => (
            StatusCode::OK,
            [(header::CACHE_CONTROL, "no-store")],
            "ready\n",
        )
            .into_response(),
        Err(why) => (
            StatusCode::SERVICE_UNAVAILABLE,
            [(header::CACHE_CONTROL, "no-store")],
            format!("not ready: {why}\n"),
        )
            .into_response(),
    }
}

/// The routes of the metrics address: `/metrics` (Prometheus's text format), `/healthz` and
/// `/readyz`.
pub fn metrics_router(lobby: Arc<Lobby>, handle: PrometheusHandle) -> Router {
    let handle = Arc::new(handle);
    Router::new()
        .route(
            "/metrics",
            get(move |State(lobby): State<Arc<Lobby>>| {
                let handle = handle.clone();
                async move {
                    (
                        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
                        crate::metrics::render(&handle, &lobby),
                    )
                }
            }),
        )
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .with_state(lobby)
}
