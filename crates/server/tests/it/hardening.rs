//! Hardening: security headers and the WebSocket origin check, limits per client address,
//! archiving and expiry, bounded presence, storage failures on bot tables, damaged databases.
//! A real server, a real SQLite file and real WebSockets, on loopback addresses.

use crate::common;

use boardroom_server::rate::Rate;
use boardroom_server::table::Timing;
use boardroom_server::{Server, Settings};
use common::Client;
use futures_util::StreamExt;
use serde_json::{json, Value};
use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

mod expiry;
mod headers;
mod limits;
mod storage;

/// A server on a fresh database in `dir`, with `settings` changed by `change`.
async fn serve_in(dir: &Path, change: impl FnOnce(&mut Settings)) -> (SocketAddr, Server) {
    let mut settings = Settings {
        addr: "127.0.0.1:0".parse().unwrap(),
        db: dir.join("test.sqlite"),
        bot_delay: Duration::ZERO,
        ..Settings::default()
    };
    change(&mut settings);
    let server = Server::bind(settings).await.unwrap();
    (server.addr, server)
}

/// An HTTP client whose connections come from `ip` (a loopback address).
fn client_from(ip: &str) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(ip.parse::<IpAddr>().unwrap())
        .build()
        .unwrap()
}

async fn create(http: &reqwest::Client, addr: SocketAddr, seats: &[&str]) -> reqwest::Response {
    http.post(format!("http://{addr}/api/tables"))
        .json(&json!({"game": "big-boss", "seats": seats}))
        .send()
        .await
        .unwrap()
}

async fn created(http: &reqwest::Client, addr: SocketAddr, seats: &[&str]) -> Value {
    let r = create(http, addr, seats).await;
    assert_eq!(r.status(), 201);
    r.json().await.unwrap()
}

async fn stats(addr: SocketAddr) -> Value {
    reqwest::get(format!("http://{addr}/api/stats"))
        .await
        .unwrap()
        .json()
        .await
        .unwrap()
}

/// Opens a WebSocket to `path` from local address `ip`, with extra request headers; the
/// HTTP status of a refusal otherwise.
async fn ws_from(
    ip: &str,
    addr: SocketAddr,
    path: &str,
    headers: &[(&str, &str)],
) -> Result<Client, u16> {
    let mut req = format!("ws://{addr}{}", path.replacen("/t/", "/ws/", 1))
        .into_client_request()
        .unwrap();
    for (k, v) in headers {
        let name: tokio_tungstenite::tungstenite::http::HeaderName = k.parse().unwrap();
        req.headers_mut()
            .insert(name, v.parse().expect("a header value"));
    }
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket
        .bind(SocketAddr::new(ip.parse().unwrap(), 0))
        .unwrap();
    let stream = socket.connect(addr).await.unwrap();
    match tokio_tungstenite::client_async(req, tokio_tungstenite::MaybeTlsStream::Plain(stream))
        .await
    {
        Ok((ws, _)) => Ok(Client {
            ws,
            last_seq: 0,
            received: Vec::new(),
            state: None,
            patches: 0,
            states: Vec::new(),
        }),
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => Err(r.status().as_u16()),
        Err(e) => panic!("unexpected WebSocket error: {e}"),
    }
}
