//! Tables moving between `boardroom serve` processes on the tests' PostgreSQL: a rolling
//! restart of two instances under load (each stopped with SIGTERM hands every table over at
//! once: nothing a player was shown lost, the connections told to reconnect, every table
//! served again within a moment), a killed instance's tables adopted within seconds, and a new
//! instance taking its share of the tables in play. Each measures how long tables went
//! unserved (from the times the actions were stored) and prints it; the bounds asserted are
//! generous, the figures are in docs/performance.md. Runs when the tests have a PostgreSQL
//! (`BOARDROOM_TEST_PG_URL`).

use crate::site::{fresh_database, Instance};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use tokio_tungstenite::tungstenite::Message;

/// Now, in milliseconds since the epoch (as the server stores each action's time).
fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

async fn admin(db: &str) -> tokio_postgres::Client {
    let (client, conn) = tokio_postgres::connect(db, tokio_postgres::NoTls)
        .await
        .unwrap();
    tokio::spawn(conn);
    client
}

/// Creates a Big Boss table on `url`: its id and its first person's link, if any.
async fn create(http: &reqwest::Client, url: &str, seats: &[&str]) -> (String, Option<String>) {
    let created: Value = http
        .post(format!("{url}/api/tables"))
        .json(&json!({"edition": "classic", "seats": seats}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let link = created["seats"]
        .as_array()
        .unwrap()
        .iter()
        .find_map(|s| s["link"].as_str().map(str::to_string));
    (created["id"].as_str().unwrap().to_string(), link)
}

/// The tables in play (not finished) whose unexpired lease the instance at `url` holds.
async fn held_by(db: &tokio_postgres::Client, url: &str) -> Vec<String> {
    db.query(
        "SELECT l.table_id FROM leases l JOIN instances i ON i.id = l.holder \
         WHERE i.address = $1 \
         AND l.expires > (extract(epoch FROM clock_timestamp()) * 1000)::bigint \
         AND NOT EXISTS (SELECT 1 FROM finished f WHERE f.table_id = l.table_id) \
         ORDER BY l.table_id",
        &[&url],
    )
    .await
    .unwrap()
    .iter()
    .map(|r| r.get(0))
    .collect()
}

/// When each stored action of `table` was played (milliseconds since the epoch), in order.
async fn played_at(db: &tokio_postgres::Client, table: &str) -> Vec<i64> {
    db.query(
        "SELECT at FROM actions WHERE table_id = $1 AND at IS NOT NULL ORDER BY idx",
        &[&table],
    )
    .await
    .unwrap()
    .iter()
    .map(|r| r.get(0))
    .collect()
}

async fn finished(db: &tokio_postgres::Client, table: &str) -> bool {
    db.query_opt("SELECT 1 FROM finished WHERE table_id = $1", &[&table])
        .await
        .unwrap()
        .is_some()
}

/// The longest time any of `tables` went without an action from `from` to `to` (ms since the
/// epoch): between two actions, or from its last action to `to` for a game not over.
async fn longest_gap(db: &tokio_postgres::Client, tables: &[String], from: i64, to: i64) -> i64 {
    let mut longest = 0;
    for t in tables {
        let at = played_at(db, t).await;
        for pair in at.windows(2).filter(|p| p[1] >= from) {
            longest = longest.max(pair[1] - pair[0].max(from));
        }
        if !finished(db, t).await {
            let last = at.last().copied().unwrap_or(from).max(from);
            longest = longest.max(to - last);
        }
    }
    longest
}

/// What a person playing one table saw.
#[derive(Debug, Default)]
struct Played {
    /// The latest table version the person was shown.
    seen: u64,
    /// Connections closed with "the table moved; reconnect".
    moved: usize,
    /// A connection made again that showed an older version than one shown before.
    went_back: bool,
}

/// The instances a person may reach a table through, the first that answers.
type Urls = Arc<std::sync::Mutex<Vec<String>>>;

/// A person playing a table through the instances of `urls` until `stop`: the first action
/// offered whenever there is one, reconnecting whenever the connection closes (through the
/// next instance when one does not answer).
async fn person(urls: Urls, link: String, stop: Arc<AtomicBool>) -> Played {
    let mut out = Played::default();
    let mut attempt = 0;
    while !stop.load(Ordering::SeqCst) {
        let url = {
            let urls = urls.lock().unwrap();
            urls[attempt % urls.len()].clone()
        };
        let ws_url = format!(
            "{}{}",
            url.replacen("http", "ws", 1),
            link.replacen("/t/", "/ws/", 1)
        );
        let Ok((mut ws, _)) = tokio_tungstenite::connect_async(ws_url.as_str()).await else {
            attempt += 1;
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        };
        let mut state = Value::Null;
        let mut first = true;
        let mut sent_for = None;
        while !stop.load(Ordering::SeqCst) {
            let message = match tokio::time::timeout(Duration::from_millis(200), ws.next()).await {
                Err(_) => continue,
                Ok(Some(Ok(m))) => m,
                Ok(_) => break,
            };
            let v: Value = match message {
                Message::Close(frame) => {
                    if frame.is_some_and(|f| u16::from(f.code) == boardroom_server::conn::MOVED) {
                        out.moved += 1;
                    }
                    break;
                }
                Message::Text(t) => serde_json::from_str(t.as_str()).unwrap(),
                _ => continue,
            };
            match v["type"].as_str() {
                Some("state") => state = v,
                Some("patch") if state["rev"] == v["base"] => {
                    let ops: Vec<boardroom_server::patch::Op> =
                        serde_json::from_value(v["ops"].clone()).unwrap();
                    boardroom_server::patch::apply(&mut state, &ops).unwrap();
                }
                Some("patch") => {
                    let _ = ws
                        .send(Message::text(json!({"type": "sync"}).to_string()))
                        .await;
                    continue;
                }
                // A refused action (stale, or over the rate limit) is sent again below.
                Some("error") => sent_for = None,
                _ => continue,
            }
            let Some(version) = state["version"].as_u64() else {
                continue;
            };
            if first {
                out.went_back |= version < out.seen;
                first = false;
            }
            out.seen = out.seen.max(version);
            let offered = state["actions"][0]["notation"].as_str();
            if let Some(action) = offered.filter(|_| sent_for != Some(version)) {
                // Under the per-connection rate limit.
                tokio::time::sleep(Duration::from_millis(60)).await;
                let act = json!({"type": "act", "action": action, "version": version});
                if ws.send(Message::text(act.to_string())).await.is_err() {
                    break;
                }
                sent_for = Some(version);
            }
        }
    }
    out
}

/// Sends SIGTERM to `instance` and waits (at most 60 s) for it to exit: whether it exited
/// of itself, successfully.
fn terminate(instance: &mut Instance) -> bool {
    let pid = instance.child.id() as libc::pid_t;
    // SAFETY: sending a signal to the child process this test started and has not reaped.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGTERM) }, 0);
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(60) {
        if let Some(status) = instance.child.try_wait().unwrap() {
            return status.success();
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    false
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rolling_restart_under_load_hands_every_table_over_at_once() {
    let Some(db) = fresh_database().await else {
        return;
    };
    let mut a = Instance::start_paced(&db, 150);
    let mut b = Instance::start_paced(&db, 150);
    let wait = Duration::from_secs(60);
    let (url_a, url_b) = (a.serving(wait).unwrap(), b.serving(wait).unwrap());
    let http = reqwest::Client::new();
    let admin = admin(&db).await;

    // Tables of bots and tables of a person and two bots, all created on the first instance;
    // the people play through the second (forwarded to the holder) without pause.
    let mut ids = Vec::new();
    let mut links = Vec::new();
    for seats in [["random"; 3], ["human", "random", "random"]]
        .iter()
        .cycle()
        .take(6)
    {
        let (id, link) = create(&http, &url_a, seats).await;
        ids.push(id);
        links.extend(link);
    }
    let stop = Arc::new(AtomicBool::new(false));
    let urls: Urls = Arc::new(std::sync::Mutex::new(vec![url_b.clone()]));
    let people: Vec<_> = links
        .iter()
        .map(|link| tokio::spawn(person(urls.clone(), link.clone(), stop.clone())))
        .collect();
    let started = now_ms();
    tokio::time::sleep(Duration::from_secs(4)).await;

    // The rolling restart. SIGTERM: the first instance hands its tables over and exits of
    // itself.
    let on_a = held_by(&admin, &url_a).await;
    let first_term = now_ms();
    assert!(
        terminate(&mut a),
        "the instance exits by itself after SIGTERM"
    );
    let first_exit = now_ms() - first_term;
    // Its new version starts, takes its share, and the second instance is restarted too.
    let a2 = Instance::start_paced(&db, 150);
    let url_a2 = a2.serving(wait).unwrap();
    urls.lock().unwrap().push(url_a2.clone());
    let mut shared = 0;
    for _ in 0..100 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        shared = held_by(&admin, &url_a2).await.len();
        if shared >= 2 {
            break;
        }
    }
    tokio::time::sleep(Duration::from_secs(1)).await;
    let on_b = held_by(&admin, &url_b).await;
    let second_term = now_ms();
    assert!(
        terminate(&mut b),
        "the instance exits by itself after SIGTERM"
    );
    let second_exit = now_ms() - second_term;
    tokio::time::sleep(Duration::from_secs(3)).await;
    stop.store(true, Ordering::SeqCst);
    let end = now_ms();
    let mut played = Vec::new();
    for p in people {
        played.push(p.await.unwrap());
    }

    // Nothing any person was shown is lost, and no reconnection showed an older state.
    for (link, p) in links.iter().zip(&played) {
        let id = link.trim_start_matches("/t/").split('?').next().unwrap();
        let stored: i64 = admin
            .query_one("SELECT count(*) FROM actions WHERE table_id = $1", &[&id])
            .await
            .unwrap()
            .get(0);
        assert!(
            stored as u64 >= p.seen,
            "{id}: shown {}, stored {stored}",
            p.seen
        );
        assert!(p.seen > 0, "{id} was played");
        assert!(!p.went_back, "{id}: a reconnection showed an older state");
        // A table a stopped instance held was moved (handed over, or rebalanced) while its
        // person was connected, and the person was told so.
        if on_a.iter().chain(&on_b).any(|t| t == id) {
            assert!(
                p.moved >= 1,
                "{id}: the person was told the table moved: {p:?}"
            );
        }
    }
    // Every table is held by the instance left.
    let held = held_by(&admin, &url_a2).await;
    for id in &ids {
        assert!(
            held.contains(id) || finished(&admin, id).await,
            "{id} is held again"
        );
    }
    let during = longest_gap(&admin, &ids, first_term, end).await;
    let overall = longest_gap(&admin, &ids, started, end).await;
    println!(
        "rolling restart: {} then {} tables handed over, the instances exiting {first_exit} \
         and {second_exit} ms after SIGTERM ({shared} tables shared out to the restarted one \
         in between); longest time a table went unserved: {during} ms from the first SIGTERM \
         on, {overall} ms over the whole run (rebalancing included)",
        on_a.len(),
        on_b.len()
    );
    assert!(
        !on_a.is_empty() && !on_b.is_empty(),
        "both instances held tables"
    );
    assert!(
        during < 10_000 && overall < 10_000,
        "tables unserved for {during} ms / {overall} ms"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_instance_s_tables_are_adopted_within_seconds() {
    let Some(db) = fresh_database().await else {
        return;
    };
    let a = Instance::start_paced(&db, 150);
    let b = Instance::start_paced(&db, 150);
    let wait = Duration::from_secs(60);
    let (url_a, _url_b) = (a.serving(wait).unwrap(), b.serving(wait).unwrap());
    let http = reqwest::Client::new();
    let admin = admin(&db).await;
    for _ in 0..4 {
        create(&http, &url_a, &["random"; 3]).await;
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    let victims = held_by(&admin, &url_a).await;
    assert!(!victims.is_empty(), "the first instance holds tables");

    // SIGKILL: no hand-over; the leases expire and the other instance adopts the tables.
    drop(a);
    let killed = now_ms();
    let start = Instant::now();
    let mut longest = 0;
    for t in &victims {
        loop {
            let at = played_at(&admin, t).await;
            if let Some(after) = at.iter().position(|&x| x > killed) {
                let before = if after == 0 { killed } else { at[after - 1] };
                longest = longest.max(at[after] - before);
                break;
            }
            if finished(&admin, t).await {
                break;
            }
            assert!(
                start.elapsed() < Duration::from_secs(60),
                "{t} is not played again"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
    println!(
        "takeover: {} tables of a killed instance; the longest went unserved {longest} ms",
        victims.len()
    );
    assert!(
        longest < 8_000,
        "a killed instance's table unserved {longest} ms"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_instance_takes_its_share_of_the_tables_in_play() {
    let Some(db) = fresh_database().await else {
        return;
    };
    let a = Instance::start_paced(&db, 300);
    let url_a = a.serving(Duration::from_secs(60)).unwrap();
    let http = reqwest::Client::new();
    let admin = admin(&db).await;
    for _ in 0..6 {
        create(&http, &url_a, &["random"; 3]).await;
    }
    assert_eq!(held_by(&admin, &url_a).await.len(), 6);

    let b = Instance::start_paced(&db, 300);
    let url_b = b.serving(Duration::from_secs(60)).unwrap();
    let start = Instant::now();
    loop {
        let (on_a, on_b) = (
            held_by(&admin, &url_a).await.len(),
            held_by(&admin, &url_b).await.len(),
        );
        if on_b >= 2 && on_a.abs_diff(on_b) <= 1 {
            println!(
                "rebalanced: {on_a} and {on_b} tables in play, {} ms after the second \
                 instance served",
                start.elapsed().as_millis()
            );
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the tables are not shared out: {on_a} and {on_b}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}
