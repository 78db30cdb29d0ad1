//! `boardroom load --abuse`: how much one abusive client address slows honest tables. The
//! honest load (see [`crate::load`]) runs once undisturbed and once beside an abuser per
//! endpoint, each abuser from its own loopback address (`127.0.0.2` by default) asking as fast
//! as the server lets it: hints, replay frames, whole logs, record downloads, connections
//! that never finish their headers, offers (and counters and withdrawals) at tables of its
//! own, and chat lines. The report sets the honest tables' round trips side by side, with
//! what the server sent the abuser's connections per abusive action (its bytes) and, given
//! the server's process, the server's CPU time per abusive action.

use crate::load::{self, LoadOptions, LoadReport};
use boardroom_bots::{BotLevel, SeatKind};
use futures_util::{SinkExt, StreamExt};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use serde::Serialize;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

mod net;
use net::{connect, create, finished_table, post_table, tcp};

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
    /// Offers, counter-offers and withdrawals, from every seat of tables of its own, watched
    /// by a spectator (a game without offers: does not apply).
    Offers,
    /// Chat lines, from every seat of tables of its own, watched by a spectator.
    Chat,
}

impl Endpoint {
    /// Every endpoint, in report order.
    pub const ALL: [Endpoint; 7] = [
        Endpoint::Hint,
        Endpoint::Replay,
        Endpoint::Log,
        Endpoint::Record,
        Endpoint::HalfOpen,
        Endpoint::Offers,
        Endpoint::Chat,
    ];

    fn name(self) -> &'static str {
        match self {
            Endpoint::Hint => "hint",
            Endpoint::Replay => "replay",
            Endpoint::Log => "log",
            Endpoint::Record => "record",
            Endpoint::HalfOpen => "half-open",
            Endpoint::Offers => "offers",
            Endpoint::Chat => "chat",
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
    /// Offers and chat: the abuser's actions and chat lines the server took.
    pub abusive_taken: u64,
    /// Offers and chat: bytes the server sent the abuser's connections.
    pub abusive_bytes: u64,
    /// Offers: whether the game had any to make (`false`: the kind does not apply).
    pub applies: bool,
    /// The server's CPU time during the phase, in milliseconds (given its process).
    pub server_cpu_ms: Option<f64>,
    /// The honest tables' figures.
    pub honest: LoadReport,
}

/// The CPU time process `pid` has used, in milliseconds (Linux: `/proc/PID/stat`, in clock
/// ticks of 10 ms).
fn cpu_ms(pid: Option<u32>) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{}/stat", pid?)).ok()?;
    // The fields after the command name, which is in parentheses and may hold spaces.
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(ticks as f64 * 10.0)
}

/// Runs the baseline and one phase per endpoint of `endpoints` (`server_pid`: the server's
/// process, to read its CPU time).
pub async fn run(
    opts: LoadOptions,
    endpoints: &[Endpoint],
    from: IpAddr,
    server_pid: Option<u32>,
) -> anyhow::Result<Vec<Phase>> {
    let cpu0 = cpu_ms(server_pid);
    let honest = load::run(opts.clone()).await?;
    let mut phases = vec![Phase {
        endpoint: None,
        abusive_requests: 0,
        abusive_refused: 0,
        abusive_taken: 0,
        abusive_bytes: 0,
        applies: true,
        server_cpu_ms: cpu_ms(server_pid).zip(cpu0).map(|(b, a)| b - a),
        honest,
    }];
    for &endpoint in endpoints {
        let abuser = Abuser::start(&opts, endpoint, from).await?;
        let cpu0 = cpu_ms(server_pid);
        let honest = load::run(opts.clone()).await;
        let cpu = cpu_ms(server_pid).zip(cpu0).map(|(b, a)| b - a);
        let counts = abuser.stop().await;
        phases.push(Phase {
            endpoint: Some(endpoint),
            abusive_requests: counts.requests,
            abusive_refused: counts.refused,
            abusive_taken: counts.taken,
            abusive_bytes: counts.bytes,
            applies: counts.applies || endpoint != Endpoint::Offers,
            server_cpu_ms: cpu,
            honest: honest?,
        });
    }
    Ok(phases)
}

/// Prints the phases as a table.
pub fn print(phases: &[Phase]) {
    println!(
        "{:<10} {:>9} {:>9} {:>9} {:>11} {:>11} {:>10} {:>9} {:>10} {:>10}",
        "abused",
        "requests",
        "refused",
        "taken",
        "bytes/each",
        "+cpu µs/each",
        "server cpu",
        "p50 ms",
        "p99 ms",
        "max ms"
    );
    let base_cpu = phases.first().and_then(|p| p.server_cpu_ms);
    for p in phases {
        let per = |x: f64| {
            if p.abusive_taken > 0 {
                format!("{:.0}", x / p.abusive_taken as f64)
            } else {
                "-".to_string()
            }
        };
        if !p.applies {
            println!(
                "{:<10} does not apply: the game has no offers",
                p.endpoint.map_or("nothing", Endpoint::name)
            );
            continue;
        }
        println!(
            "{:<10} {:>9} {:>9} {:>9} {:>11} {:>11} {:>10} {:>9.2} {:>10.2} {:>10.2}",
            p.endpoint.map_or("nothing", Endpoint::name),
            p.abusive_requests,
            p.abusive_refused,
            p.abusive_taken,
            per(p.abusive_bytes as f64),
            match (p.endpoint, p.server_cpu_ms, base_cpu) {
                (Some(_), Some(c), Some(b)) => per((c - b).max(0.0) * 1000.0),
                _ => "-".to_string(),
            },
            p.server_cpu_ms
                .map_or("-".to_string(), |c| format!("{:.1} s", c / 1000.0)),
            p.honest.rtt_ms_p50,
            p.honest.rtt_ms_p99,
            p.honest.rtt_ms_max
        );
    }
}

/// The first word of an action's notation.
fn first<'a>(a: &&'a str) -> &'a str {
    a.split_whitespace().next().unwrap_or("")
}

/// What an abuser did.
struct Counts {
    requests: u64,
    refused: u64,
    taken: u64,
    bytes: u64,
    applies: bool,
}

/// A running abuser: its tasks, the stop flag, and its counts.
struct Abuser {
    stop: Arc<AtomicBool>,
    requests: Arc<AtomicU64>,
    refused: Arc<AtomicU64>,
    /// Actions and chat lines the server took.
    taken: Arc<AtomicU64>,
    /// Bytes the server sent the abuser's connections at tables of its own.
    bytes: Arc<AtomicU64>,
    /// Whether the game offered any offer to make.
    applies: Arc<AtomicBool>,
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
            taken: Arc::new(AtomicU64::new(0)),
            bytes: Arc::new(AtomicU64::new(0)),
            applies: Arc::new(AtomicBool::new(false)),
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
            Endpoint::Offers | Endpoint::Chat => {
                for _ in 0..ABUSIVE_CONNECTIONS {
                    let created =
                        post_table(&http, opts, &vec![SeatKind::Human; opts.players], "").await?;
                    let watcher = connect(server, from, &created.spectator).await?;
                    abuser.spawn_watcher(watcher);
                    for s in &created.seats {
                        let ws = connect(server, from, s.link.as_deref().unwrap_or("")).await?;
                        if endpoint == Endpoint::Offers {
                            abuser.spawn_dealer(ws, opts.players);
                        } else {
                            abuser.spawn_chatter(ws);
                        }
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

    /// Reads everything a spectator of the abuser's own table is sent, counting its bytes.
    fn spawn_watcher(&mut self, mut ws: Ws) {
        let (stop, bytes) = (self.stop.clone(), self.bytes.clone());
        self.tasks.push(tokio::spawn(async move {
            while !stop.load(Ordering::Relaxed) {
                match ws.next().await {
                    Some(Ok(Message::Text(t))) => {
                        bytes.fetch_add(t.len() as u64, Ordering::Relaxed);
                    }
                    Some(Ok(_)) => {}
                    _ => return,
                }
            }
        }));
    }

    /// Writes chat lines at a seat as fast as the server takes them, counting the bytes the
    /// seat is sent.
    fn spawn_chatter(&mut self, mut ws: Ws) {
        let (stop, requests, refused) = self.counters();
        let (taken, bytes) = (self.taken.clone(), self.bytes.clone());
        self.tasks.push(tokio::spawn(async move {
            let line = r#"{"type":"chat","text":"buy low, sell high, and never trust a bot"}"#;
            let mut me = None;
            while !stop.load(Ordering::Relaxed) {
                requests.fetch_add(1, Ordering::Relaxed);
                if ws.send(Message::text(line)).await.is_err() {
                    return;
                }
                // Read until the line comes back, or a refusal.
                loop {
                    let next = tokio::time::timeout(Duration::from_secs(5), ws.next()).await;
                    let Ok(Some(Ok(Message::Text(t)))) = next else {
                        if next.is_err() {
                            break;
                        }
                        return;
                    };
                    bytes.fetch_add(t.len() as u64, Ordering::Relaxed);
                    let v: serde_json::Value = serde_json::from_str(t.as_str()).unwrap_or_default();
                    match v["type"].as_str() {
                        Some("welcome") => me = v["you"].as_u64(),
                        Some("error") => {
                            refused.fetch_add(1, Ordering::Relaxed);
                            tokio::time::sleep(Duration::from_millis(50)).await;
                            break;
                        }
                        Some("chat") if me.is_some() && v["seat"].as_u64() == me => {
                            taken.fetch_add(1, Ordering::Relaxed);
                            break;
                        }
                        _ => {}
                    }
                }
            }
        }));
    }

    /// Plays a seat of the abuser's own table (of `players`): an offer (listed, or written in
    /// the dealing notation while the game reads it), counter-offer or withdrawal whenever one
    /// is taken (one at a time, each as soon as the last is answered), otherwise, when the
    /// game waits for the seat, its first legal action (the game moves on, and offers come
    /// again); counts the bytes the seat is sent and the actions taken.
    fn spawn_dealer(&mut self, mut ws: Ws, players: usize) {
        let seats = players.max(2) as u64;
        let (stop, requests, refused) = self.counters();
        let (taken, bytes, applies) =
            (self.taken.clone(), self.bytes.clone(), self.applies.clone());
        self.tasks.push(tokio::spawn(async move {
            let mut rng = rand::rngs::StdRng::from_entropy();
            let (mut held, mut me, mut pending) = (None, None, false);
            // Whether offers written in the dealing notation are read; whether the last
            // action was refused (then a withdrawal, or the game moves on).
            let (mut writes, mut stuck) = (true, false);
            while !stop.load(Ordering::Relaxed) {
                let next = tokio::time::timeout(Duration::from_secs(2), ws.next()).await;
                let t = match next {
                    Ok(Some(Ok(Message::Text(t)))) => t,
                    Ok(Some(Ok(_))) => continue,
                    Ok(_) => return,
                    Err(_) => {
                        pending = false;
                        let _ = ws.send(Message::text(r#"{"type":"sync"}"#)).await;
                        continue;
                    }
                };
                bytes.fetch_add(t.len() as u64, Ordering::Relaxed);
                let v: serde_json::Value = serde_json::from_str(t.as_str()).unwrap_or_default();
                let Some(v) = load::latest(&mut held, v) else {
                    let _ = ws.send(Message::text(r#"{"type":"sync"}"#)).await;
                    continue;
                };
                let v = match v["type"].as_str() {
                    Some("welcome") => {
                        me = v["you"].as_u64();
                        continue;
                    }
                    Some("error") => {
                        refused.fetch_add(1, Ordering::Relaxed);
                        pending = false;
                        // An offer the game cannot read: it has none.
                        writes &= v["code"] != "notation";
                        stuck = true;
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        // The state is unchanged: choose again on it.
                        match &held {
                            Some(h) => h.clone(),
                            None => continue,
                        }
                    }
                    Some("state") => v,
                    _ => continue,
                };
                {
                    {
                        if me.is_some() && v["last"]["seat"].as_u64() == me && !stuck {
                            taken.fetch_add(1, Ordering::Relaxed);
                            pending = false;
                            let action = v["last"]["action"].as_str().unwrap_or("");
                            if matches!(first(&action), "offer" | "counter") {
                                applies.store(true, Ordering::Relaxed);
                            }
                        }
                        if pending {
                            continue;
                        }
                        let legal: Vec<&str> = v["actions"]
                            .as_array()
                            .map(|a| a.iter().filter_map(|x| x["notation"].as_str()).collect())
                            .unwrap_or_default();
                        let listed: Vec<String> = legal
                            .iter()
                            .filter(|a| matches!(first(a), "offer" | "counter"))
                            .map(|a| a.to_string())
                            .collect();
                        let withdraw: Vec<&str> = legal
                            .iter()
                            .filter(|a| first(a) == "withdraw")
                            .copied()
                            .collect();
                        // Offers are seldom listed (they are built): one is written in the
                        // dealing notation, to another seat, while the game reads it.
                        let to = (me.unwrap_or(0) + rng.gen_range(1..seats)) % seats;
                        let written = format!("offer {to} give $10");
                        let offer = listed
                            .choose(&mut rng)
                            .cloned()
                            .or_else(|| (writes && !stuck).then_some(written));
                        let choice = if !withdraw.is_empty() && (stuck || rng.gen_bool(0.5)) {
                            withdraw.choose(&mut rng).map(|a| a.to_string())
                        } else {
                            offer
                        }
                        .or_else(|| {
                            (v["must_act"] == true)
                                .then(|| legal.first().map(|a| a.to_string()))
                                .flatten()
                        });
                        stuck = false;
                        let Some(action) = choice else {
                            continue;
                        };
                        let msg = serde_json::json!(
                            {"type": "act", "action": action, "version": v["version"]}
                        );
                        requests.fetch_add(1, Ordering::Relaxed);
                        pending = true;
                        if ws.send(Message::text(msg.to_string())).await.is_err() {
                            return;
                        }
                    }
                }
            }
        }));
    }

    /// Stops the abuser: what it did.
    async fn stop(self) -> Counts {
        self.stop.store(true, Ordering::Relaxed);
        for t in self.tasks {
            t.abort();
            let _ = t.await;
        }
        Counts {
            requests: self.requests.load(Ordering::Relaxed),
            refused: self.refused.load(Ordering::Relaxed),
            taken: self.taken.load(Ordering::Relaxed),
            bytes: self.bytes.load(Ordering::Relaxed),
            applies: self.applies.load(Ordering::Relaxed),
        }
    }
}
