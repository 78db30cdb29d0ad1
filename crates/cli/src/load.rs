//! A load generator: many concurrent tables, every seat a WebSocket client that plays legal
//! actions as a person would (see [`play_seat`]), against a running server. Reports action
//! round-trip times, refused actions by kind, and memory.
//!
//! Round trip: from sending an `act` to receiving the `state` message that includes it.

use futures_util::{SinkExt, StreamExt};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

use boardroom_registry::{Playable, Visitor};
use boardroom_server::lobby::Created;

use crate::options::{checked, GivenOptions};

/// `boardroom load`'s options for the game the registry finds: the table options given are
/// checked for that game (and put in its own words) before any table is created.
pub struct Prepare {
    /// The servers (at least one).
    pub urls: Vec<String>,
    /// Concurrent tables.
    pub tables: usize,
    /// Players per table.
    pub players: usize,
    /// The game's options as given.
    pub options: GivenOptions,
    /// How long to play.
    pub duration: Duration,
    /// Pause before each action.
    pub think: Duration,
}

impl Visitor for Prepare {
    type Output = anyhow::Result<LoadOptions>;
    fn visit<G: Playable>(self) -> anyhow::Result<LoadOptions> {
        let options = checked::<G>(self.players, &self.options)?;
        let options = match serde_json::to_value(&options)? {
            serde_json::Value::Object(map) => map,
            _ => serde_json::Map::new(),
        };
        let url = self
            .urls
            .first()
            .cloned()
            .ok_or_else(|| anyhow::anyhow!("name at least one server"))?;
        Ok(LoadOptions {
            url,
            urls: self.urls,
            tables: self.tables,
            players: self.players,
            game: G::NAME.to_string(),
            options,
            duration: self.duration,
            think: self.think,
        })
    }
}

/// What to run.
#[derive(Clone, Debug)]
pub struct LoadOptions {
    /// The server, e.g. `http://127.0.0.1:8080` (the first of `urls`).
    pub url: String,
    /// Every server the tables are spread over, in turn: table `i` is created and played
    /// through `urls[i % urls.len()]` (the instances of one site).
    pub urls: Vec<String>,
    /// Tables played at the same time (a finished game is replaced by a new one).
    pub tables: usize,
    /// Players per table (each a WebSocket connection).
    pub players: usize,
    /// The game's id.
    pub game: String,
    /// The game's table options, as the lobby's JSON takes them (option name to value).
    pub options: serde_json::Map<String, serde_json::Value>,
    /// How long to play once every table is seated.
    pub duration: Duration,
    /// Pause before each action, as a person or a paced bot would take.
    pub think: Duration,
}

/// The figures measured.
#[derive(Clone, Debug, Serialize)]
pub struct LoadReport {
    /// Concurrent tables.
    pub tables: usize,
    /// Players per table.
    pub players: usize,
    /// WebSocket connections open at once.
    pub connections: usize,
    /// Seconds of play measured.
    pub seconds: f64,
    /// Actions acknowledged.
    pub actions: u64,
    /// Actions per second over all tables.
    pub actions_per_second: f64,
    /// Games played to the end.
    pub games_finished: u64,
    /// Error messages received: refused actions (should be few).
    pub errors: u64,
    /// The refused actions by error code (e.g. `stale`, `illegal`).
    pub refusals: BTreeMap<String, u64>,
    /// Refused actions in percent of the actions sent (acknowledged + refused).
    pub refused_percent: f64,
    /// Round-trip percentiles in milliseconds.
    pub rtt_ms_p50: f64,
    /// 90th percentile.
    pub rtt_ms_p90: f64,
    /// 99th percentile.
    pub rtt_ms_p99: f64,
    /// Slowest.
    pub rtt_ms_max: f64,
    /// Server resident memory before the tables were created (bytes), if reported.
    pub server_bytes_before: Option<u64>,
    /// Server resident memory with every table seated (bytes), if reported.
    pub server_bytes_seated: Option<u64>,
    /// (seated − before) / tables: memory per live table with its connections.
    pub bytes_per_table: Option<u64>,
    /// Server resident memory at the end of play (bytes), if reported.
    pub server_bytes_end: Option<u64>,
    /// (end − before) / tables: memory per table after play (game logs kept in memory, the
    /// tables of finished games still held).
    pub bytes_per_table_end: Option<u64>,
}

#[derive(Deserialize)]
struct Stats {
    resident_bytes: Option<u64>,
}

/// What the seats of a load have counted.
#[derive(Default)]
pub(crate) struct Tally {
    rtts_us: Mutex<Vec<u32>>,
    /// Refused actions by error code.
    refusals: Mutex<BTreeMap<String, u64>>,
    actions: AtomicU64,
    games: AtomicU64,
    errors: AtomicU64,
}

async fn stats(http: &reqwest::Client, url: &str) -> Option<u64> {
    let r = http.get(format!("{url}/api/stats")).send().await.ok()?;
    r.json::<Stats>().await.ok()?.resident_bytes
}

/// The servers' resident memory together, when every one reports it.
async fn stats_all(http: &reqwest::Client, urls: &[String]) -> Option<u64> {
    let mut total = 0;
    for url in urls {
        total += stats(http, url).await?;
    }
    Some(total)
}

async fn create(http: &reqwest::Client, opts: &LoadOptions, url: &str) -> anyhow::Result<Created> {
    let mut body = opts.options.clone();
    body.insert("game".into(), opts.game.clone().into());
    body.insert(
        "seats".into(),
        serde_json::json!(vec![boardroom_bots::SeatKind::Human; opts.players]),
    );
    let r = loop {
        let r = http
            .post(format!("{url}/api/tables"))
            .json(&body)
            .send()
            .await?;
        // The server limits how fast tables are created: wait and try again.
        if r.status() != reqwest::StatusCode::TOO_MANY_REQUESTS {
            break r;
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    };
    if !r.status().is_success() {
        anyhow::bail!("creating a table failed: {}", r.text().await?);
    }
    Ok(r.json().await?)
}

pub(crate) type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn connect(base: &str, link: &str) -> anyhow::Result<Ws> {
    let ws_base = base.replacen("http", "ws", 1);
    let path = link.replacen("/t/", "/ws/", 1);
    let (ws, _) = tokio_tungstenite::connect_async(format!("{ws_base}{path}")).await?;
    Ok(ws)
}

/// Words that begin dealing actions (The Boss's notation): a seat plays them seldom, so that
/// games move on as they do between people. No other game's notation uses them.
const DEALING: &[&str] = &[
    "offer", "counter", "show", "auction", "withdraw", "open", "settle", "default", "release",
    "walk",
];

/// How often in a hundred a seat that must act picks among its dealing actions.
const DEALING_PERCENT: u32 = 5;

/// Actions that bring the end of the game nearer, played when legal (most of the time): The
/// Boss ends when the last Fate card is drawn. No other game's notation has them.
const HASTEN: &[&str] = &["draw fate"];

/// How often in a hundred a seat that may hasten the end does.
const HASTEN_PERCENT: u32 = 90;

/// What a seat does with a state it was sent.
#[derive(Debug, PartialEq)]
enum Choice {
    /// Nothing: the game does not wait for it and nothing is asked of it.
    Wait,
    /// Answer an offer made to it, at once.
    Answer(String),
    /// Play this after thinking.
    Play(String),
}

/// The choice of a seat among `legal` (notations): answer an offer made to it when it may
/// (accept or reject, at random); otherwise act only when the game waits for it
/// (`must_act`), mostly with actions that move the game on: one that hastens the end when
/// legal, seldom a dealing action.
fn choose_action(legal: &[String], must_act: bool, rng: &mut impl rand::Rng) -> Choice {
    let first = |a: &String| a.split_whitespace().next().unwrap_or("").to_string();
    let answers: Vec<&String> = legal
        .iter()
        .filter(|a| matches!(first(a).as_str(), "accept" | "reject"))
        .collect();
    if let Some(a) = answers.choose(rng) {
        return Choice::Answer((*a).clone());
    }
    if !must_act || legal.is_empty() {
        return Choice::Wait;
    }
    if let Some(a) = legal.iter().find(|a| HASTEN.contains(&a.as_str())) {
        if rng.gen_ratio(HASTEN_PERCENT, 100) {
            return Choice::Play(a.clone());
        }
    }
    let (dealing, plain): (Vec<&String>, Vec<&String>) = legal
        .iter()
        .partition(|a| DEALING.contains(&first(a).as_str()));
    let pool = if plain.is_empty() || (!dealing.is_empty() && rng.gen_ratio(DEALING_PERCENT, 100)) {
        dealing
    } else {
        plain
    };
    pool.choose(rng)
        .map_or(Choice::Wait, |a| Choice::Play((*a).clone()))
}

/// How long a seat waits for the answer to its action before asking for the state again.
const PENDING_FOR: Duration = Duration::from_secs(2);

/// Plays one seat until the game ends or `deadline`; returns whether the game ended.
///
/// The seat plays as a person does: it answers offers made to it at once, acts only when the
/// game waits for it (mostly with actions that move the game on, see [`choose_action`]),
/// thinks `think` before acting and starts again when the table changes meanwhile, sends the
/// version of the state it acted on, and sends one action at a time (until the state shows
/// it, or it is refused).
pub(crate) async fn play_seat(
    mut ws: Ws,
    think: Duration,
    deadline: Instant,
    tally: Arc<Tally>,
    measuring: Arc<std::sync::atomic::AtomicBool>,
) -> bool {
    let mut rng = rand::rngs::StdRng::from_entropy();
    let mut me: Option<u64> = None;
    // The latest state, which patches apply to.
    let mut held: Option<serde_json::Value> = None;
    // The version an action was sent at, and when.
    let mut pending: Option<(usize, Instant)> = None;
    // The action to play once thought about, the version it was chosen on, and when.
    let mut plan: Option<(String, usize, Instant)> = None;
    loop {
        // An action the server ignored (over the message limit) is never answered: after a
        // while without an answer, the seat asks for the state again.
        let wake = match (&plan, &pending) {
            (Some((_, _, at)), None) => (*at).min(deadline),
            (_, Some((_, sent))) => (*sent + PENDING_FOR).min(deadline),
            _ => deadline,
        };
        let next = tokio::time::timeout_at(wake.into(), ws.next()).await;
        let text = match next {
            Ok(Some(Ok(Message::Text(t)))) => t,
            Ok(Some(Ok(_))) => continue,
            Ok(_) => return false,
            Err(_) if Instant::now() >= deadline => return false,
            Err(_) if pending.is_some() => {
                pending = None;
                if ws.send(Message::text(r#"{"type":"sync"}"#)).await.is_err() {
                    return false;
                }
                continue;
            }
            Err(_) => {
                // Thought long enough: play the plan.
                let Some((action, version, _)) = plan.take() else {
                    continue;
                };
                let msg = serde_json::json!({"type": "act", "action": action, "version": version});
                pending = Some((version, Instant::now()));
                if ws.send(Message::text(msg.to_string())).await.is_err() {
                    return false;
                }
                continue;
            }
        };
        let Ok(v) = serde_json::from_str::<serde_json::Value>(text.as_str()) else {
            continue;
        };
        let Some(v) = latest(&mut held, v) else {
            // A patch that does not fit the state held: ask for the whole state.
            if ws.send(Message::text(r#"{"type":"sync"}"#)).await.is_err() {
                return false;
            }
            continue;
        };
        match v["type"].as_str() {
            Some("welcome") => me = v["you"].as_u64(),
            Some("error") => {
                tally.errors.fetch_add(1, Ordering::Relaxed);
                let code = v["code"].as_str().unwrap_or("unknown").to_string();
                *tally
                    .refusals
                    .lock()
                    .expect("tally")
                    .entry(code)
                    .or_insert(0) += 1;
                pending = None;
                plan = None;
                let _ = ws.send(Message::text(r#"{"type":"sync"}"#)).await;
            }
            Some("state") => {
                let version = v["version"].as_u64().unwrap_or(0) as usize;
                if let Some((sent_at, t0)) = pending {
                    // Acknowledged by the step it made: another seat's step may come first
                    // (the table handles actions in arrival order, and answers each one,
                    // with its step or a refusal, before it sends later states).
                    let mine = me.is_none() || v["last"]["seat"].as_u64() == me;
                    if version > sent_at && mine {
                        if measuring.load(Ordering::Relaxed) {
                            let us = t0.elapsed().as_micros().min(u32::MAX as u128) as u32;
                            tally.rtts_us.lock().expect("tally").push(us);
                            tally.actions.fetch_add(1, Ordering::Relaxed);
                        }
                        pending = None;
                    }
                }
                if v["to_act"].as_array().is_some_and(|a| a.is_empty()) {
                    return true;
                }
                // Each legal action is an object carrying its notation.
                let legal: Vec<String> = v["actions"]
                    .as_array()
                    .map(|a| {
                        a.iter()
                            .filter_map(|x| x["notation"].as_str().map(str::to_string))
                            .collect()
                    })
                    .unwrap_or_default();
                let must_act = v["must_act"].as_bool().unwrap_or(true);
                plan = None;
                if pending.is_some() {
                    continue;
                }
                match choose_action(&legal, must_act, &mut rng) {
                    Choice::Wait => {}
                    Choice::Answer(action) => {
                        let msg = serde_json::json!(
                            {"type": "act", "action": action, "version": version}
                        );
                        pending = Some((version, Instant::now()));
                        if ws.send(Message::text(msg.to_string())).await.is_err() {
                            return false;
                        }
                    }
                    Choice::Play(action) => plan = Some((action, version, Instant::now() + think)),
                }
            }
            _ => {}
        }
    }
}

/// A server message as a client reads it: a `state` is kept in `held`; a `patch` is applied to
/// the state held and returned as the `state` it makes (`None` when it does not fit: the
/// client asks for the whole state); anything else is returned as it is.
pub(crate) fn latest(
    held: &mut Option<serde_json::Value>,
    msg: serde_json::Value,
) -> Option<serde_json::Value> {
    let msg = match msg["type"].as_str() {
        Some("patch") => {
            let mut state = held.take()?;
            let ops: Vec<boardroom_server::patch::Op> =
                serde_json::from_value(msg["ops"].clone()).ok()?;
            if state["rev"] != msg["base"]
                || boardroom_server::patch::apply(&mut state, &ops).is_err()
                || state["rev"] != msg["rev"]
            {
                return None;
            }
            state
        }
        _ => msg,
    };
    if msg["type"] == "state" {
        *held = Some(msg.clone());
    }
    Some(msg)
}

/// Runs the load: creates `tables` tables, seats every player, plays for `duration`.
pub async fn run(opts: LoadOptions) -> anyhow::Result<LoadReport> {
    let http = reqwest::Client::new();
    let before = stats_all(&http, &opts.urls).await;
    let server = |i: usize| opts.urls[i % opts.urls.len().max(1)].clone();
    let tally = Arc::new(Tally::default());
    let measuring = Arc::new(std::sync::atomic::AtomicBool::new(false));
    // Seat every table first (creating in parallel batches), then start the clock.
    let mut seated: Vec<(String, Vec<Ws>)> = Vec::with_capacity(opts.tables);
    for chunk in (0..opts.tables).collect::<Vec<_>>().chunks(50) {
        let (http, opts) = (&http, &opts);
        let batch = futures_util::future::join_all(chunk.iter().map(|&i| async move {
            let url = server(i);
            let created = create(http, opts, &url).await?;
            let mut socks = Vec::new();
            for s in &created.seats {
                let link = s
                    .link
                    .as_deref()
                    .ok_or_else(|| anyhow::anyhow!("no link"))?;
                socks.push(connect(&url, link).await?);
            }
            anyhow::Ok((url, socks))
        }))
        .await;
        for b in batch {
            seated.push(b?);
        }
    }
    // Let the welcome messages settle before reading memory.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let seated_bytes = stats_all(&http, &opts.urls).await;
    let start = Instant::now();
    let deadline = start + opts.duration;
    measuring.store(true, Ordering::Relaxed);
    let mut tasks = Vec::new();
    for (url, socks) in seated {
        let (tally, measuring, opts, http) =
            (tally.clone(), measuring.clone(), opts.clone(), http.clone());
        tasks.push(tokio::spawn(async move {
            let mut socks = Some(socks);
            while Instant::now() < deadline {
                let current = match socks.take() {
                    Some(s) => s,
                    None => {
                        let Ok(created) = create(&http, &opts, &url).await else {
                            break;
                        };
                        let mut v = Vec::new();
                        for s in &created.seats {
                            match connect(&url, s.link.as_deref().unwrap_or("")).await {
                                Ok(ws) => v.push(ws),
                                Err(_) => return,
                            }
                        }
                        v
                    }
                };
                let ends = futures_util::future::join_all(current.into_iter().map(|ws| {
                    play_seat(ws, opts.think, deadline, tally.clone(), measuring.clone())
                }))
                .await;
                if ends.iter().any(|&e| e) {
                    tally.games.fetch_add(1, Ordering::Relaxed);
                }
            }
        }));
    }
    for t in tasks {
        let _ = t.await;
    }
    let seconds = start.elapsed().as_secs_f64();
    let end_bytes = stats_all(&http, &opts.urls).await;
    let mut rtts = std::mem::take(&mut *tally.rtts_us.lock().expect("tally"));
    rtts.sort_unstable();
    let pct = |p: f64| -> f64 {
        if rtts.is_empty() {
            return 0.0;
        }
        let i = ((rtts.len() as f64 - 1.0) * p).round() as usize;
        rtts[i] as f64 / 1000.0
    };
    let actions = tally.actions.load(Ordering::Relaxed);
    let errors = tally.errors.load(Ordering::Relaxed);
    let refusals = std::mem::take(&mut *tally.refusals.lock().expect("tally"));
    Ok(LoadReport {
        tables: opts.tables,
        players: opts.players,
        connections: opts.tables * opts.players,
        seconds,
        actions,
        actions_per_second: actions as f64 / seconds,
        games_finished: tally.games.load(Ordering::Relaxed),
        errors,
        refusals,
        refused_percent: if actions + errors > 0 {
            100.0 * errors as f64 / (actions + errors) as f64
        } else {
            0.0
        },
        rtt_ms_p50: pct(0.50),
        rtt_ms_p90: pct(0.90),
        rtt_ms_p99: pct(0.99),
        rtt_ms_max: pct(1.0),
        server_bytes_before: before,
        server_bytes_seated: seated_bytes,
        bytes_per_table: match (before, seated_bytes) {
            (Some(b), Some(a)) if opts.tables > 0 => Some(a.saturating_sub(b) / opts.tables as u64),
            _ => None,
        },
        server_bytes_end: end_bytes,
        bytes_per_table_end: match (before, end_bytes) {
            (Some(b), Some(a)) if opts.tables > 0 => Some(a.saturating_sub(b) / opts.tables as u64),
            _ => None,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(xs: &[&str]) -> Vec<String> {
        xs.iter().map(|x| x.to_string()).collect()
    }

    #[test]
    fn a_seat_answers_offers_and_otherwise_acts_only_when_waited_for() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(1);
        let legal = list(&["accept 3", "reject 3", "show 2", "auction shares 10 100"]);
        for _ in 0..20 {
            let c = choose_action(&legal, false, &mut rng);
            assert!(
                c == Choice::Answer("accept 3".into()) || c == Choice::Answer("reject 3".into()),
                "{c:?}"
            );
        }
        let legal = list(&["show 2", "auction shares 10 100", "withdraw 4"]);
        assert_eq!(choose_action(&legal, false, &mut rng), Choice::Wait);
        // Waited for: mostly what moves the game on.
        let legal = list(&["end", "open", "offer 2 give 100 take exp 5", "buy 10"]);
        let plain = (0..1000)
            .filter(|_| match choose_action(&legal, true, &mut rng) {
                Choice::Play(a) => a == "end" || a == "buy 10",
                c => panic!("{c:?}"),
            })
            .count();
        assert!(plain > 900, "{plain}");
        // Only dealing left: it deals.
        let legal = list(&["settle 1"]);
        assert_eq!(
            choose_action(&legal, true, &mut rng),
            Choice::Play("settle 1".into())
        );
    }
}
