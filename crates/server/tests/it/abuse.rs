//! What one client cannot do to others: read too slowly (it is dropped with a close frame
//! saying why), hold connections that never finish their headers, open more connections than
//! its share. A real server on a loopback address.

use boardroom_server::conn::Limits;
use boardroom_server::listen::ConnLimits;
use boardroom_server::rate::Rate;
use boardroom_server::{Server, Settings};
use futures_util::{SinkExt, StreamExt};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::Message;

/// Requests for the state sent without reading the answers.
const SYNCS: usize = 30_000;

/// A server whose message limits `limits` override the defaults.
async fn serve(limits: Limits) -> (String, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::bind(Settings {
        addr: "127.0.0.1:0".parse().unwrap(),
        db: dir.path().join("abuse.sqlite"),
        limits,
        ..Settings::default()
    })
    .await
    .unwrap();
    let url = format!("http://{}", server.addr);
    server.spawn();
    (url, dir)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reader_too_slow_is_closed_with_a_reason() {
    let (url, _dir) = serve(Limits {
        rate_per_second: 1e6,
        burst: 1e6,
        ..Limits::default()
    })
    .await;
    let created: serde_json::Value = reqwest::Client::new()
        .post(format!("{url}/api/tables"))
        .json(&serde_json::json!({"game": "big-boss", "seats": ["human", "human"]}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let link = created["spectator"].as_str().unwrap();
    let ws_url = format!(
        "{}{}",
        url.replacen("http", "ws", 1),
        link.replacen("/t/", "/ws/", 1)
    );
    // A small receive buffer, so that what the client leaves unread backs up to the server
    // soon, whatever the machine's socket settings.
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let addr = url.trim_start_matches("http://").parse().unwrap();
    let stream = socket.connect(addr).await.unwrap();
    let (ws, _) = tokio_tungstenite::client_async(ws_url, stream)
        .await
        .unwrap();
    let (mut write, mut read) = ws.split();
    // Ask for the state over and over without reading: the answers pile up in the socket's
    // buffers, then in the connection's outbox, until the table drops it.
    let sender = tokio::spawn(async move {
        for _ in 0..SYNCS {
            if write
                .send(Message::text(r#"{"type":"sync"}"#))
                .await
                .is_err()
            {
                break;
            }
        }
        write
    });
    tokio::time::sleep(Duration::from_millis(500)).await;
    // Now read (the requests may still be going out): everything that piled up, then the
    // close frame with its reason.
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut states = 0;
    let frame = loop {
        assert!(Instant::now() < deadline, "no close frame");
        match tokio::time::timeout(Duration::from_secs(20), read.next()).await {
            Ok(Some(Ok(Message::Text(_)))) => states += 1,
            Ok(Some(Ok(Message::Close(frame)))) => break frame,
            Ok(Some(Ok(_))) => {}
            other => panic!(
                "the connection ended without a close frame after {states} messages: {other:?}"
            ),
        }
    };
    let frame = frame.expect("the close frame carries a code and a reason");
    assert_eq!(u16::from(frame.code), 1013, "{frame:?}");
    assert!(frame.reason.contains("too slow"), "{frame:?}");
    assert!(
        states < SYNCS,
        "the connection was dropped before every answer: {states}"
    );
    sender.abort();
}

/// A server with the connection limits `conn_limits`: its address.
async fn serve_conns(conn_limits: ConnLimits) -> (std::net::SocketAddr, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::bind(Settings {
        addr: "127.0.0.1:0".parse().unwrap(),
        db: dir.path().join("conns.sqlite"),
        conn_limits,
        ..Settings::default()
    })
    .await
    .unwrap();
    let addr = server.addr;
    server.spawn();
    (addr, dir)
}

/// Whether the server closes `stream` within `within` (reads to the end; what it sent first,
/// such as a timeout's response, is skipped).
async fn closed_within(stream: &mut tokio::net::TcpStream, within: Duration) -> bool {
    let mut buf = [0u8; 1024];
    let deadline = tokio::time::Instant::now() + within;
    loop {
        match tokio::time::timeout_at(deadline, stream.read(&mut buf)).await {
            Ok(Ok(0)) | Ok(Err(_)) => return true,
            Ok(Ok(_)) => continue,
            Err(_) => return false,
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_that_never_finish_their_headers_are_closed() {
    let (addr, _dir) = serve_conns(ConnLimits {
        header_timeout: Duration::from_millis(600),
        per_address: 0,
    })
    .await;
    let mut half = tokio::net::TcpStream::connect(addr).await.unwrap();
    half.write_all(b"GET /api/games HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    assert!(
        closed_within(&mut half, Duration::from_secs(10)).await,
        "a connection that never finishes its headers is closed"
    );
    // A whole request on time is served.
    let r = reqwest::get(format!("http://{addr}/api/games"))
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_holds_a_bounded_number_of_connections() {
    let (addr, _dir) = serve_conns(ConnLimits {
        header_timeout: Duration::from_secs(60),
        per_address: 4,
    })
    .await;
    let mut held = Vec::new();
    for _ in 0..4 {
        let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
        s.write_all(b"GET / HTTP/1.1\r\n").await.unwrap();
        held.push(s);
    }
    // Give the server time to count them.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut fifth = tokio::net::TcpStream::connect(addr).await.unwrap();
    assert!(
        closed_within(&mut fifth, Duration::from_secs(10)).await,
        "a fifth connection of the same address is closed at once"
    );
    for s in &mut held {
        assert!(
            !closed_within(s, Duration::from_millis(50)).await,
            "the first four stay open"
        );
    }
    // Once they close, the address may connect again.
    drop(held);
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        match reqwest::get(format!("http://{addr}/api/games")).await {
            Ok(r) if r.status() == 200 => break,
            other => {
                assert!(Instant::now() < deadline, "never served again: {other:?}");
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn costly_requests_share_a_budget_per_address() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::bind(Settings {
        addr: "127.0.0.1:0".parse().unwrap(),
        db: dir.path().join("costly.sqlite"),
        costly: Rate {
            per_second: 0.5,
            burst: 3.0,
        },
        ..Settings::default()
    })
    .await
    .unwrap();
    let url = format!("http://{}", server.addr);
    server.spawn();
    let created: serde_json::Value = reqwest::Client::new()
        .post(format!("{url}/api/tables"))
        .json(&serde_json::json!({"game": "big-boss", "seats": ["human", "human"]}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let link = created["spectator"].as_str().unwrap();
    // Two connections of one address: the budget is the address's, not each connection's.
    let mut a = crate::common::Client::connect(&url, link).await;
    let mut b = crate::common::Client::connect(&url, link).await;
    a.until("state").await;
    b.until("state").await;
    let mut logs = 0;
    let mut refused = 0;
    for i in 0..8 {
        let c = if i % 2 == 0 { &mut a } else { &mut b };
        c.send(serde_json::json!({"type": "log"})).await;
        let answer = loop {
            let v = c.next().await.expect("open connection");
            if v["type"] == "log" || v["type"] == "error" {
                break v;
            }
        };
        if answer["type"] == "log" {
            logs += 1;
        } else {
            assert_eq!(answer["code"], "rate_limited", "{answer}");
            assert!(
                answer["message"]
                    .as_str()
                    .unwrap()
                    .contains("from your address"),
                "{answer}"
            );
            refused += 1;
        }
    }
    assert!((3..=5).contains(&logs), "the burst is served: {logs}");
    assert!(refused >= 3, "the rest is refused: {refused}");
    // Other requests are not limited by it.
    a.send(serde_json::json!({"type": "sync"})).await;
    a.until("state").await;
}
