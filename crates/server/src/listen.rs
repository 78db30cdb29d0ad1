//! Accepting TCP connections: each client address may hold a bounded number of connections
//! open at once (its WebSockets included), and a connection that does not finish its request
//! headers in time is closed, so half-open connections cannot pile up.

use axum::extract::ConnectInfo;
use axum::http::HeaderMap;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tower_service::Service;

/// Limits on the connections of one client address.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConnLimits {
    /// How long a connection may take to send a request's headers (the first request's, and
    /// each next one's on a kept-alive connection) before it is closed.
    pub header_timeout: Duration,
    /// Connections one client address may hold open at once (HTTP and WebSocket together);
    /// beyond it, new ones are closed at once. 0: no limit.
    pub per_address: usize,
}

impl Default for ConnLimits {
    fn default() -> Self {
        ConnLimits {
            header_timeout: Duration::from_secs(10),
            per_address: 256,
        }
    }
}

/// The open connections of each client address.
#[derive(Default)]
pub struct Open {
    counts: Mutex<HashMap<IpAddr, usize>>,
}

/// One open connection, counted for its address until the last clone is dropped (a WebSocket
/// keeps a clone for as long as it lives).
#[derive(Clone)]
pub struct OpenConn(#[allow(dead_code)] Arc<Slot>);

struct Slot {
    open: Arc<Open>,
    ip: IpAddr,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut counts = self.open.counts.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = counts.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                counts.remove(&self.ip);
            }
        }
    }
}

impl Open {
    /// Counts a new connection of `ip`, unless it holds `cap` already (0: no cap).
    pub fn take(self: &Arc<Self>, ip: IpAddr, cap: usize) -> Option<OpenConn> {
        let mut counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        let n = counts.entry(ip).or_insert(0);
        if cap != 0 && *n >= cap {
            return None;
        }
        *n += 1;
        Some(OpenConn(Arc::new(Slot {
            open: self.clone(),
            ip,
        })))
    }
}

/// Serves `router` on `listener` until the process ends, with `limits` per client address.
/// Behind a trusted reverse proxy every connection comes from the proxy: the cap is then
/// applied to each WebSocket's forwarded address instead (see `http::websocket`), and a
/// client's plain requests, which end soon, are left to the proxy.
pub async fn serve(
    listener: tokio::net::TcpListener,
    router: Router,
    limits: ConnLimits,
    trust_proxy: bool,
) -> anyhow::Result<()> {
    let open = Arc::new(Open::default());
    let cap = if trust_proxy { 0 } else { limits.per_address };
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(e) => {
                // Out of file descriptors, mostly: wait a moment rather than spin.
                tracing::warn!("cannot accept a connection: {e}");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let Some(slot) = open.take(peer.ip(), cap) else {
            tracing::debug!(%peer, "connection refused: its address holds {cap} already");
            crate::metrics::rate_limited("open_per_address");
            drop(stream);
            continue;
        };
        let _ = stream.set_nodelay(true);
        let router = router.clone();
        tokio::spawn(async move {
            let held = slot.clone();
            let service = hyper::service::service_fn(move |mut req: hyper::Request<Incoming>| {
                req.extensions_mut().insert(ConnectInfo(peer));
                req.extensions_mut().insert(held.clone());
                let mut router = router.clone();
                async move { router.call(req).await }
            });
            let conn = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(limits.header_timeout)
                .serve_connection(TokioIo::new(stream), service)
                .with_upgrades();
            if let Err(e) = conn.await {
                tracing::debug!(%peer, "connection ended: {e}");
            }
            drop(slot);
        });
    }
}

/// The client's address: the peer's, or behind a trusted proxy the last address of
/// `X-Forwarded-For` (the one that proxy added; earlier ones are the client's to invent).
pub fn client_ip(peer: SocketAddr, headers: &HeaderMap, trust_proxy: bool) -> IpAddr {
    if trust_proxy {
        let forwarded = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .filter_map(|a| a.trim().parse::<IpAddr>().ok())
            .next_back();
        if let Some(ip) = forwarded {
            return ip;
        }
    }
    peer.ip()
}
