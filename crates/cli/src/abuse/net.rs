//! The abuser's ways in: TCP connections and WebSockets from its own address, and tables of
//! its own created through the lobby as a visitor would (one of them played to its end).

use crate::load::{self, LoadOptions, Ws};
use boardroom_bots::SeatKind;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// A TCP connection to `server` from address `from`.
pub(super) async fn tcp(
    server: SocketAddr,
    from: IpAddr,
) -> std::io::Result<tokio::net::TcpStream> {
    let socket = match server {
        SocketAddr::V4(_) => tokio::net::TcpSocket::new_v4()?,
        SocketAddr::V6(_) => tokio::net::TcpSocket::new_v6()?,
    };
    socket.bind(SocketAddr::new(from, 0))?;
    socket.connect(server).await
}

/// A WebSocket to the table of `link`, from address `from`.
pub(super) async fn connect(server: SocketAddr, from: IpAddr, link: &str) -> anyhow::Result<Ws> {
    let stream = tcp(server, from).await?;
    let url = format!("ws://{server}{}", link.replacen("/t/", "/ws/", 1));
    let stream = tokio_tungstenite::MaybeTlsStream::Plain(stream);
    let (ws, _) = tokio_tungstenite::client_async(url, stream).await?;
    Ok(ws)
}

/// Creates a table of the load's game with seats `seats` (bots at `bot_speed`, unless empty)
/// through the lobby, as a visitor would.
pub(super) async fn post_table(
    http: &reqwest::Client,
    opts: &LoadOptions,
    seats: &[SeatKind],
    bot_speed: &str,
) -> anyhow::Result<boardroom_server::lobby::Created> {
    let mut body = opts.options.clone();
    body.insert("game".into(), opts.game.clone().into());
    body.insert("seats".into(), serde_json::json!(seats));
    if !bot_speed.is_empty() {
        body.insert("bot_speed".into(), bot_speed.into());
    }
    let r = http
        .post(format!("{}/api/tables", opts.url))
        .json(&body)
        .send()
        .await?;
    if !r.status().is_success() {
        anyhow::bail!("the abuser could not create a table: {}", r.text().await?);
    }
    Ok(r.json().await?)
}

/// Creates a table of the load's game with seats `seats` (bots at `bot_speed`, unless empty):
/// its id and its first seat's link.
pub(super) async fn create(
    http: &reqwest::Client,
    opts: &LoadOptions,
    seats: &[SeatKind],
    bot_speed: &str,
) -> anyhow::Result<(String, String)> {
    let created = post_table(http, opts, seats, bot_speed).await?;
    let link = created.seats[0]
        .link
        .clone()
        .ok_or_else(|| anyhow::anyhow!("no seat link"))?;
    Ok((created.id, link))
}

/// A table of people played to the end by the abuser itself (random legal actions): its id
/// and its first seat's link.
pub(super) async fn finished_table(
    http: &reqwest::Client,
    opts: &LoadOptions,
    server: SocketAddr,
    from: IpAddr,
) -> anyhow::Result<(String, String)> {
    let created = post_table(http, opts, &vec![SeatKind::Human; opts.players], "").await?;
    let mut seats = Vec::new();
    for s in &created.seats {
        seats.push(connect(server, from, s.link.as_deref().unwrap_or("")).await?);
    }
    let tally = Arc::new(load::Tally::default());
    let deadline = std::time::Instant::now() + Duration::from_secs(300);
    let ends = futures_util::future::join_all(seats.into_iter().map(|ws| {
        // Paced under the server's message limit (20 a second per connection): a message over
        // it is ignored, and the seat would wait for an answer that never comes.
        load::play_seat(
            ws,
            Duration::from_millis(60),
            deadline,
            tally.clone(),
            Arc::new(AtomicBool::new(false)),
        )
    }))
    .await;
    if !ends.iter().any(|&e| e) {
        anyhow::bail!("the abuser's own game did not end within 5 minutes");
    }
    let link = created.seats[0].link.clone().unwrap_or_default();
    Ok((created.id, link))
}
