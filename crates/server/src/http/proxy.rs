//! Reaching a table held by another instance: a request for a table (its page, WebSocket,
//! record, summary, seat claim or an invitation's answer) that another instance serving the same database plays is
//! forwarded to that instance, and its answer (a WebSocket's bytes both ways) passed back. So
//! every instance answers for every table, behind one public address, with no sticky routing;
//! browsers would not follow a redirect for a WebSocket.

use super::state::{client_ip, AppState};
use crate::lobby::{Located, Missing};
use axum::body::Body;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use hyper_util::rt::TokioIo;
use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

/// Marks a request forwarded by another instance: it is answered here, never forwarded again.
pub const FORWARDED: &str = "x-boardroom-forwarded";

/// How long connecting to the holding instance may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(3);

/// The table a path is about, and whether answering it plays the table here (opens it).
fn table_of(path: &str) -> Option<(&str, bool)> {
    let mut parts = path.trim_start_matches('/').split('/');
    match (parts.next(), parts.next(), parts.next(), parts.next()) {
        (Some("t"), Some(id), None | Some("record"), None) => Some((id, true)),
        (Some("ws"), Some(id), None, None) => Some((id, true)),
        (Some("api"), Some("tables"), Some(id), None) if id != "finished" => Some((id, false)),
        (Some("api"), Some("tables"), Some(id), Some("claim" | "invitation")) => Some((id, true)),
        _ => None,
    }
}

/// Forwards a request about a table another instance holds to that instance; answers the
/// others here. A table nobody holds is taken here (its lease, then replayed from the
/// database) by the routes that open it.
pub async fn route(State(app): State<AppState>, req: Request, next: Next) -> Response {
    if app.lobby.hosting().is_none() || req.headers().contains_key(FORWARDED) {
        return next.run(req).await;
    }
    let Some((id, opens)) = table_of(req.uri().path()) else {
        return next.run(req).await;
    };
    let id = id.to_string();
    let address = match app.lobby.locate(&id).await {
        Located::There(address) => address,
        Located::Here if opens => match app.lobby.open(&id).await {
            // Another instance took it meanwhile.
            Err(Missing::Elsewhere(address)) => address,
            _ => return next.run(req).await,
        },
        Located::Here => return next.run(req).await,
    };
    let peer = req
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0)
        .unwrap_or_else(|| SocketAddr::from(([0, 0, 0, 0], 0)));
    let client = client_ip(peer, req.headers(), app.trust_proxy);
    match forward(req, &address, client).await {
        Ok(response) => response,
        Err(e) => {
            tracing::warn!(table = %id, %address, "cannot reach the table's instance: {e:#}");
            (
                StatusCode::SERVICE_UNAVAILABLE,
                [(header::RETRY_AFTER, "2")],
                "the instance playing this table cannot be reached; it is taken over within \
                 seconds: try again",
            )
                .into_response()
        }
    }
}

/// Sends `req` to the instance at `address` (`http://host:port`) and passes its answer back;
/// a WebSocket upgrade it accepts is joined to the client's, byte for byte.
async fn forward(mut req: Request, address: &str, client: IpAddr) -> anyhow::Result<Response> {
    let authority = address
        .strip_prefix("http://")
        .ok_or_else(|| anyhow::anyhow!("not an http:// address"))?
        .trim_end_matches('/')
        .to_string();
    let stream = tokio::time::timeout(
        CONNECT_TIMEOUT,
        tokio::net::TcpStream::connect(authority.as_str()),
    )
    .await
    .map_err(|_| anyhow::anyhow!("no answer within {CONNECT_TIMEOUT:?}"))??;
    let _ = stream.set_nodelay(true);
    let (mut sender, conn) = hyper::client::conn::http1::handshake(TokioIo::new(stream)).await?;
    tokio::spawn(async move {
        let _ = conn.with_upgrades().await;
    });
    let theirs = req.extensions_mut().remove::<hyper::upgrade::OnUpgrade>();
    // The original `Host` and `Origin` go along, so the holder checks them as its own.
    let headers = req.headers_mut();
    headers.insert(FORWARDED, HeaderValue::from_static("1"));
    let forwarded_for = match headers.get("x-forwarded-for").and_then(|v| v.to_str().ok()) {
        Some(earlier) => format!("{earlier}, {client}"),
        None => client.to_string(),
    };
    headers.insert("x-forwarded-for", HeaderValue::from_str(&forwarded_for)?);
    let mut response = sender.send_request(req).await?;
    if response.status() == StatusCode::SWITCHING_PROTOCOLS {
        let Some(theirs) = theirs else {
            anyhow::bail!("the holder switched protocols on a request that did not ask to");
        };
        let ours = hyper::upgrade::on(&mut response);
        tokio::spawn(async move {
            let (Ok(client_side), Ok(holder_side)) = tokio::join!(theirs, ours) else {
                return;
            };
            let _ = tokio::io::copy_bidirectional(
                &mut TokioIo::new(client_side),
                &mut TokioIo::new(holder_side),
            )
            .await;
        });
    }
    Ok(response.map(Body::new))
}

#[cfg(test)]
mod tests {
    use super::table_of;

    #[test]
    fn the_routes_of_a_table_name_it() {
        assert_eq!(table_of("/t/abc"), Some(("abc", true)));
        assert_eq!(table_of("/t/abc/record"), Some(("abc", true)));
        assert_eq!(table_of("/ws/abc"), Some(("abc", true)));
        assert_eq!(table_of("/api/tables/abc"), Some(("abc", false)));
        assert_eq!(table_of("/api/tables/abc/claim"), Some(("abc", true)));
        assert_eq!(table_of("/api/tables/finished"), None);
        assert_eq!(table_of("/api/tables"), None);
        assert_eq!(table_of("/assets/t/x"), None);
        assert_eq!(table_of("/"), None);
    }
}
