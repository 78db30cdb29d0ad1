//! `boardroom load --abuse`: how much one abusive client address slows honest tables. The
//! honest load (see [`crate::load`]) runs once undisturbed and once beside an abuser per
//! endpoint, each abuser from its own loopback address (`127.0.0.2` by default) asking as fast
//! as the server lets it: hints, replay frames, whole logs, record downloads, and connections
//! that never finish their headers. The report sets the honest tables' round trips side by
//! side.

use crate::load::{self, LoadOptions, LoadReport};
use boardroom_bots::{BotLevel, SeatKind};
use futures_util::{SinkExt, StreamExt};
use serde::Serialize;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

/// What an abuser hammers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum Endpoint {
    /// Hints, on several tables of its own at once.
    Hint,
    /// Replay frames of a finished table, from several connections.
    Replay,
    /// The whole log of a running table, from several connections.
    Log,
    /// Downloads of a finished table's record.
    Record,
    /// Connections that send part of their headers and then nothing.
    HalfOpen,
}

impl Endpoint {
    /// Every endpoint, in report order.
    pub const ALL: [Endpoint; 5] = [
        Endpoint::Hint,
        Endpoint::Replay,
        Endpoint::Log,
        Endpoint::Record,
        Endpoint::HalfOpen,
    ];

    fn name(self) -> &'static str {
        match self {
            Endpoint::Hint => "hint",
            Endpoint::Replay => "replay",
            Endpoint::Log => "log",
            Endpoint::Record => "record",
            Endpoint::HalfOpen => "half-open",
        }
    }
}

/// One phase of the benchmark: the honest load, beside an abuser of `endpoint` or alone.
#[derive(Clone, Debug, Serialize)]
pub struct Phase {
    /// What was abused (`None`: nothing, the baseline).
    pub endpoint: Option<Endpoint>,
    /// Requests the abuser sent.
    pub abusive_requests: u64,
    /// Of those, the ones the server answered with a refusal (rate limit, busy).
    pub abusive_refused: u64,
    /// The honest tables' figures.
    pub honest: LoadReport,
}

/// Runs the baseline and one phase per endpoint of `endpoints`.
pub async fn run(
    opts: LoadOptions,
    endpoints: &[Endpoint],
    from: IpAddr,
) -> anyhow::Result<Vec<Phase>> {
    let mut phases = vec![Phase {
        endpoint: None,
        abusive_requests: 0,
        abusive_refused: 0,
        honest: load::run(opts.clone()).await?,
    }];
    for &endpoint in endpoints {
        let abuser = Abuser::start(&opts, endpoint, from).await?;
        let honest = load::run(opts.clone()).await;
        let (requests, refused) = abuser.stop().await;
        phases.push(Phase {
            endpoint: Some(endpoint),
            abusive_requests: requests,
            abusive_refused: refused,
            honest: honest?,
        });
    }
    Ok(phases)
}

/// Prints the phases as a table.
pub fn print(phases: &[Phase]) {
    println!(
        "{:<10} {:>9} {:>9} {:>9} {:>9} {:>10} {:>10}",
        "abused", "requests", "refused", "actions", "p50 ms", "p99 ms", "max ms"
    );
    for p in phases {
        println!(
            "{:<10} {:>9} {:>9} {:>9} {:>9.2} {:>10.2} {:>10.2}",
            p.endpoint.map_or("nothing", Endpoint::name),
            p.abusive_requests,
            p.abusive_refused,
            p.honest.actions,
            p.honest.rtt_ms_p50,
            p.honest.rtt_ms_p99,
            p.honest.rtt_ms_max
        );
    }
}

/// A running abuser: its tasks, the stop flag, and its counts.
struct Abuser {
    stop: Arc<AtomicBool>,
    requests: Arc<AtomicU64>,
    refused: Arc<AtomicU64>,
    tasks: Vec<tokio::task::JoinHandle<()>>,
}

/// Connections (or tables, for hints) an abuser uses at once.
const ABUSIVE_CONNECTIONS: usize = 8;

use crate::load::Ws;

impl Abuser {
    /// Sets up what the abuser needs (tables, a finished game) and starts hammering.
    async fn start(opts: &LoadOptions, endpoint: Endpoint, from: IpAddr) -> anyhow::Result<Self> {
        let http = reqwest::Client::builder().local_address(from).build()?;
        let server: SocketAddr = opts
            .url
            .trim_start_matches("http://")
            .parse()
            .map_err(|e| anyhow::anyhow!("--abuse needs the server as http://IP:PORT: {e}"))?;
        let abuser = Abuser {
            stop: Arc::new(AtomicBool::new(false)),
            requests: Arc::new(AtomicU64::new(0)),
            refused: Arc::new(AtomicU64::new(0)),
            tasks: Vec::new(),
        };
        let mut abuser = abuser;
        match endpoint {
            Endpoint::Hint => {
                for _ in 0..ABUSIVE_CONNECTIONS {
                    // A person among bots may always ask for hints; the bots wait long.
                    let mut seats = vec![SeatKind::Human];
                    seats.resize(opts.players, SeatKind::Bot(BotLevel::Heuristic));
                    let link = create(&http, opts, &seats, "slow").await?.1;
                    let ws = connect(server, from, &link).await?;
                    abuser.spawn_ws(ws, r#"{"type":"hint"}"#.into());
                }
            }
            Endpoint::Log => {
                let (_, link) =
                    create(&http, opts, &vec![SeatKind::Human; opts.players], "").await?;
                for _ in 0..ABUSIVE_CONNECTIONS {
                    let ws = connect(server, from, &link).await?;
                    abuser.spawn_ws(ws, r#"{"type":"log"}"#.into());
                }
            }
            Endpoint::Replay | Endpoint::Record => {
                let (id, link) = finished_table(&http, opts, server, from).await?;
                if endpoint == Endpoint::Replay {
                    for k in 0..ABUSIVE_CONNECTIONS {
                        let ws = connect(server, from, &link).await?;
                        let frame = format!(r#"{{"type":"replay","step":{}}}"#, 1 + k * 7);
                        abuser.spawn_ws(ws, frame);
                    }
                } else {
                    for _ in 0..ABUSIVE_CONNECTIONS {
                        let (stop, requests, refused) = abuser.counters();
                        let (http, url) = (http.clone(), format!("{}/t/{id}/record", opts.url));
                        abuser.tasks.push(tokio::spawn(async move {
                            while !stop.load(Ordering::Relaxed) {
                                requests.fetch_add(1, Ordering::Relaxed);
                                match http.get(&url).send().await {
                                    Ok(r) if r.status().is_success() => {
                                        let _ = r.bytes().await;
                                    }
                                    _ => {
                                        refused.fetch_add(1, Ordering::Relaxed);
                                        tokio::time::sleep(Duration::from_millis(20)).await;
                                    }
                                }
                            }
                        }));
                    }
                }
            }
            Endpoint::HalfOpen => {
                let (stop, requests, refused) = abuser.counters();
                abuser.tasks.push(tokio::spawn(async move {
                    let mut held = Vec::new();
                    while !stop.load(Ordering::Relaxed) {
                        requests.fetch_add(1, Ordering::Relaxed);
                        match tcp(server, from).await {
                            Ok(mut s) => {
                                use tokio::io::AsyncWriteExt;
                                let _ = s.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n").await;
                                held.push(s);
                            }
                            Err(_) => {
                                refused.fetch_add(1, Ordering::Relaxed);
                            }
                        }
                        if held.len() >= 4_000 {
                            held.remove(0);
                        }
                        tokio::time::sleep(Duration::from_millis(5)).await;
                    }
                }));
            }
        }
        Ok(abuser)
    }

    fn counters(&self) -> (Arc<AtomicBool>, Arc<AtomicU64>, Arc<AtomicU64>) {
        (
            self.stop.clone(),
            self.requests.clone(),
            self.refused.clone(),
        )
    }

    /// Sends `request` on `ws` again as soon as the previous one is answered (or refused).
    fn spawn_ws(&mut self, mut ws: Ws, request: String) {
        let (stop, requests, refused) = self.counters();
        self.tasks.push(tokio::spawn(async move {
            while !stop.load(Ordering::Relaxed) {
                requests.fetch_add(1, Ordering::Relaxed);
                if ws.send(Message::text(request.clone())).await.is_err() {
                    return;
                }
                // Read until the answer: anything but a state, presence or chat message.
                loop {
                    let next = tokio::time::timeout(Duration::from_secs(5), ws.next()).await;
                    let Ok(Some(Ok(Message::Text(t)))) = next else {
                        if next.is_err() {
                            break;
                        }
                        return;
                    };
                    let v: serde_json::Value = serde_json::from_str(t.as_str()).unwrap_or_default();
                    match v["type"].as_str() {
                        Some("error") => {
                            refused.fetch_add(1, Ordering::Relaxed);
                            break;
                        }
                        Some("hint" | "replay" | "log") => break,
                        _ => {}
                    }
                }
            }
        }));
    }

    /// Stops the abuser: its request and refusal counts.
    async fn stop(self) -> (u64, u64) {
        self.stop.store(true, Ordering::Relaxed);
        for t in self.tasks {
            t.abort();
            let _ = t.await;
        }
        (
            self.requests.load(Ordering::Relaxed),
            self.refused.load(Ordering::Relaxed),
        )
    }
}

/// A TCP connection to `server` from address `from`.
async fn tcp(server: SocketAddr, from: IpAddr) -> std::io::Result<tokio::net::TcpStream> {
    let socket = match server {
        SocketAddr::V4(_) => tokio::net::TcpSocket::new_v4()?,
        SocketAddr::V6(_) => tokio::net::TcpSocket::new_v6()?,
    };
    socket.bind(SocketAddr::new(from, 0))?;
    socket.connect(server).await
}

/// A WebSocket to the table of `link`, from address `from`.
async fn connect(server: SocketAddr, from: IpAddr, link: &str) -> anyhow::Result<Ws> {
    let stream = tcp(server, from).await?;
    let url = format!("ws://{server}{}", link.replacen("/t/", "/ws/", 1));
    let stream = tokio_tungstenite::MaybeTlsStream::Plain(stream);
    let (ws, _) = tokio_tungstenite::client_async(url, stream).await?;
    Ok(ws)
}

/// Creates a table of the load's game with seats `seats` (bots at `bot_speed`, unless empty)
/// through the lobby, as a visitor would.
async fn post_table(
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
async fn create(
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
async fn finished_table(
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
