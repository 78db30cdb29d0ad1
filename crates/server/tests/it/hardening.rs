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
        }),
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => Err(r.status().as_u16()),
        Err(e) => panic!("unexpected WebSocket error: {e}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_page_and_asset_carries_the_security_headers() {
    let dir = tempfile::tempdir().unwrap();
    let (addr, server) = serve_in(dir.path(), |_| {}).await;
    let _task = server.spawn();
    let http = reqwest::Client::new();
    let table = created(&http, addr, &["human", "random"]).await;
    let id = table["id"].as_str().unwrap();
    for path in [
        "/".to_string(),
        format!("/t/{id}"),
        "/t/000000000000".to_string(),
        "/assets/style.css".to_string(),
        "/assets/shell/main.js".to_string(),
        "/assets/favicon.svg".to_string(),
        "/assets/games/big-boss/view.js".to_string(),
        "/assets/games/big-shot/view.css".to_string(),
        "/api/games".to_string(),
    ] {
        let r = http
            .get(format!("http://{addr}{path}"))
            .send()
            .await
            .unwrap();
        let h = r.headers();
        let get = |name: &str| {
            h.get(name)
                .unwrap_or_else(|| panic!("{path} has no {name}"))
                .to_str()
                .unwrap()
                .to_string()
        };
        assert_eq!(get("referrer-policy"), "no-referrer", "{path}");
        assert_eq!(get("x-content-type-options"), "nosniff", "{path}");
        let csp = get("content-security-policy");
        for part in [
            "default-src 'self'",
            "script-src 'self'",
            "connect-src 'self' ws: wss:",
            "frame-ancestors 'none'",
        ] {
            assert!(csp.contains(part), "{path}: {csp}");
        }
        assert!(!csp.contains("unsafe-inline"), "{csp}");
    }
    // The pages hold no inline script, style or event handler (the policy would block them).
    for path in ["/".to_string(), format!("/t/{id}")] {
        let page = http
            .get(format!("http://{addr}{path}"))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        assert!(
            !page.contains("<script>") && !page.contains("<style"),
            "{path}"
        );
        assert!(
            !page.contains(" style=") && !page.contains(" onclick="),
            "{path}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn websockets_from_another_origin_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (addr, server) = serve_in(dir.path(), |s| {
        s.allow_origins = vec!["https://play.example.org".into()];
    })
    .await;
    let _task = server.spawn();
    let table = created(&reqwest::Client::new(), addr, &["human", "random"]).await;
    let link = table["spectator"].as_str().unwrap();
    let evil = ws_from(
        "127.0.0.1",
        addr,
        link,
        &[("origin", "http://evil.example")],
    )
    .await;
    assert_eq!(evil.err(), Some(403), "another site's page is refused");
    let own = format!("http://{addr}");
    let mut same = ws_from("127.0.0.1", addr, link, &[("origin", &own)])
        .await
        .expect("the server's own pages connect");
    assert_eq!(same.until("welcome").await["type"], "welcome");
    let mut tool = ws_from("127.0.0.1", addr, link, &[])
        .await
        .expect("clients without an Origin (not browsers) connect");
    tool.until("state").await;
    let mut allowed = ws_from(
        "127.0.0.1",
        addr,
        link,
        &[("origin", "https://play.example.org")],
    )
    .await
    .expect("an origin given with --allow-origin connects");
    allowed.until("welcome").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_tables_from_one_address_does_not_stop_another() {
    let dir = tempfile::tempdir().unwrap();
    let (addr, server) = serve_in(dir.path(), |s| {
        s.creations = Rate {
            per_second: 0.2,
            burst: 5.0,
        };
    })
    .await;
    let _task = server.spawn();
    let flood = client_from("127.0.0.2");
    let mut statuses = Vec::new();
    for _ in 0..20 {
        statuses.push(create(&flood, addr, &["human", "random"]).await.status());
    }
    assert!(statuses[..5].iter().all(|s| *s == 201), "{statuses:?}");
    assert!(statuses[5..].iter().all(|s| *s == 429), "{statuses:?}");
    let other = client_from("127.0.0.3");
    assert_eq!(
        create(&other, addr, &["human", "random"]).await.status(),
        201
    );
    // Without --trust-proxy, a forwarded address is the client's invention: ignored.
    let spoof = flood
        .post(format!("http://{addr}/api/tables"))
        .header("x-forwarded-for", "10.1.2.3")
        .json(&json!({"game": "big-boss", "seats": ["human", "random"]}))
        .send()
        .await
        .unwrap();
    assert_eq!(spoof.status(), 429);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_a_trusted_proxy_each_forwarded_address_has_its_own_limit() {
    let dir = tempfile::tempdir().unwrap();
    let (addr, server) = serve_in(dir.path(), |s| {
        s.trust_proxy = true;
        s.creations = Rate {
            per_second: 0.2,
            burst: 2.0,
        };
    })
    .await;
    let _task = server.spawn();
    let proxy = reqwest::Client::new();
    let from = |ip: &'static str| {
        proxy
            .post(format!("http://{addr}/api/tables"))
            // The proxy appends the address it saw; earlier entries are the client's.
            .header("x-forwarded-for", format!("192.0.2.99, {ip}"))
            .json(&json!({"game": "big-boss", "seats": ["human", "random"]}))
            .send()
    };
    for _ in 0..2 {
        assert_eq!(from("198.51.100.1").await.unwrap().status(), 201);
    }
    assert_eq!(from("198.51.100.1").await.unwrap().status(), 429);
    assert_eq!(from("198.51.100.2").await.unwrap().status(), 201);
}

/// Waits (at most `secs` seconds) until `/api/stats` reports `tables` tables in memory.
async fn wait_for_tables(addr: SocketAddr, tables: u64, secs: u64) {
    let deadline = Instant::now() + Duration::from_secs(secs);
    loop {
        let n = stats(addr).await["tables"].as_u64().unwrap();
        if n == tables {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "still {n} tables in memory, expected {tables}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn finished_tables_leave_memory_and_unplayed_ones_expire() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("test.sqlite");
    let (addr, server) = serve_in(dir.path(), |s| {
        s.timing = Timing {
            archive_after: Duration::from_millis(300),
            expire_after: Duration::from_millis(600),
            ..Timing::default()
        };
    })
    .await;
    let _task = server.spawn();
    let http = reqwest::Client::new();
    let bots = created(&http, addr, &["random", "random", "random"]).await;
    let mut unplayed = Vec::new();
    for _ in 0..30 {
        unplayed.push(created(&http, addr, &["human", "human"]).await);
    }
    assert!(stats(addr).await["tables"].as_u64().unwrap() >= 2);
    // The bots finish their game; then every table leaves memory.
    wait_for_tables(addr, 0, 60).await;

    // A finished table's links still work: it comes back, finished, with its log.
    let link = bots["spectator"].as_str().unwrap();
    let page = http
        .get(format!("http://{addr}{link}"))
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), 200);
    let mut watcher = ws_from("127.0.0.1", addr, link, &[]).await.unwrap();
    let welcome = watcher.until("welcome").await;
    assert!(!welcome["log"].as_array().unwrap().is_empty());
    let state = watcher.until("state").await;
    assert!(state["to_act"].as_array().unwrap().is_empty(), "over");
    assert!(state["scores"].is_object());
    assert_eq!(
        stats(addr).await["tables"],
        1,
        "back in memory while watched"
    );
    drop(watcher);
    wait_for_tables(addr, 0, 10).await;

    // An unplayed table expired: its links say so, and SQLite marks it.
    let seat_link = unplayed[0]["seats"][0]["link"].as_str().unwrap();
    let r = http
        .get(format!("http://{addr}{seat_link}"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 404);
    assert!(r.text().await.unwrap().contains("This table expired"));
    let refused = ws_from("127.0.0.1", addr, seat_link, &[]).await;
    assert_eq!(refused.err(), Some(404));
    let conn = rusqlite::Connection::open(&db).unwrap();
    let expired: i64 = conn
        .query_row("SELECT count(*) FROM tables WHERE expired = 1", [], |r| {
            r.get(0)
        })
        .unwrap();
    assert_eq!(expired, 30);
    let kept: i64 = conn
        .query_row("SELECT count(*) FROM tables", [], |r| r.get(0))
        .unwrap();
    assert_eq!(kept, 31, "nothing is deleted");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_crowd_of_spectators_costs_a_player_few_presence_messages() {
    let dir = tempfile::tempdir().unwrap();
    let (addr, server) = serve_in(dir.path(), |s| {
        s.connections = Rate {
            per_second: 1000.0,
            burst: 1000.0,
        };
    })
    .await;
    let _task = server.spawn();
    let table = created(&reqwest::Client::new(), addr, &["human", "human"]).await;
    let mut player = ws_from(
        "127.0.0.1",
        addr,
        table["seats"][0]["link"].as_str().unwrap(),
        &[],
    )
    .await
    .unwrap();
    player.until("state").await;
    let start = Instant::now();
    let link = table["spectator"].as_str().unwrap();
    let mut crowd = Vec::new();
    for _ in 0..200 {
        let mut c = ws_from("127.0.0.4", addr, link, &[]).await.unwrap();
        c.until("state").await;
        crowd.push(c);
    }
    let elapsed = start.elapsed();
    // Let the last coalesced presence go out, then read everything the player got.
    tokio::time::sleep(Duration::from_millis(600)).await;
    player.pump(300).await;
    let presences: Vec<Value> = player
        .received
        .iter()
        .map(|t| serde_json::from_str::<Value>(t).unwrap())
        .filter(|v| v["type"] == "presence")
        .collect();
    let bound = (elapsed.as_millis() / 250) as usize + 3;
    assert!(
        presences.len() <= bound,
        "{} presence messages for 200 spectators in {elapsed:?} (at most {bound})",
        presences.len()
    );
    let last = presences.last().expect("a presence message");
    assert_eq!(last["spectators"], 200, "{last}");
    assert_eq!(last["seats"][0]["online"], 1);
    assert!(
        !last.to_string().contains("spectator_"),
        "spectators are counted, not named"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn opening_connections_in_a_loop_is_refused_after_the_burst() {
    let dir = tempfile::tempdir().unwrap();
    let (addr, server) = serve_in(dir.path(), |s| {
        s.connections = Rate {
            per_second: 1.0,
            burst: 10.0,
        };
    })
    .await;
    let _task = server.spawn();
    let table = created(&reqwest::Client::new(), addr, &["human", "human"]).await;
    let link = table["spectator"].as_str().unwrap();
    let mut outcomes = Vec::new();
    for _ in 0..30 {
        match ws_from("127.0.0.5", addr, link, &[]).await {
            Ok(mut c) => {
                let _ = c.ws.close(None).await;
                while let Some(Ok(m)) = c.ws.next().await {
                    if let Message::Close(_) = m {
                        break;
                    }
                }
                outcomes.push(101);
            }
            Err(status) => outcomes.push(status),
        }
    }
    let refused = outcomes.iter().filter(|s| **s == 429).count();
    assert!(outcomes[..10].iter().all(|s| *s == 101), "{outcomes:?}");
    assert!(refused >= 15, "{outcomes:?}");
    // Another address is not held up.
    let mut other = ws_from("127.0.0.6", addr, link, &[]).await.unwrap();
    other.until("welcome").await;
}

/// The `status` messages a client has received.
fn statuses(c: &Client) -> Vec<Value> {
    c.received
        .iter()
        .map(|t| serde_json::from_str::<Value>(t).unwrap())
        .filter(|v| v["type"] == "status")
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_table_waits_out_a_storage_failure_and_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let (addr, server) = serve_in(dir.path(), |s| {
        s.bot_delay = Duration::from_millis(30);
        s.timing = Timing {
            storage_retry: Duration::from_millis(50),
            storage_retry_max: Duration::from_millis(400),
            ..Timing::default()
        };
    })
    .await;
    let db = server.lobby.db().clone();
    let _task = server.spawn();
    let table = created(
        &reqwest::Client::new(),
        addr,
        &["random", "random", "random"],
    )
    .await;
    let mut watcher = ws_from("127.0.0.1", addr, table["spectator"].as_str().unwrap(), &[])
        .await
        .unwrap();
    watcher.until_version(3).await;
    db.simulate_action_failures(true);
    let paused = watcher.until("status").await;
    assert_eq!(paused["paused"], true);
    assert_eq!(
        paused["message"],
        "storage unavailable; play resumes when it is back"
    );
    let version = watcher.version();
    let refused_at_pause = db.simulated_refusals();
    tokio::time::sleep(Duration::from_secs(3)).await;
    let retries = db.simulated_refusals() - refused_at_pause;
    // 50, 100, 200, 400, 400… ms apart: about nine in three seconds, not one per bot delay
    // (a hundred) or a tight loop (thousands).
    assert!(
        (3..=15).contains(&retries),
        "{retries} retries in 3 s while storage fails"
    );
    watcher.pump(100).await;
    assert_eq!(watcher.version(), version, "nothing was played meanwhile");
    assert_eq!(statuses(&watcher).len(), 1, "players are told once");
    db.simulate_action_failures(false);
    let resumed = watcher.until("status").await;
    assert_eq!(resumed["paused"], false);
    watcher.until_version(version + 3).await;
    assert_eq!(
        db.simulated_refusals() - refused_at_pause,
        retries,
        "no failure after the storage came back"
    );
}

/// Stores a few tables through a server on `db`, each with some actions, and returns their
/// ids; the server is stopped and the database checkpointed into its file.
async fn stored_tables(dir: &Path) -> (PathBuf, Vec<String>) {
    let (addr, server) = serve_in(dir, |s| s.bot_delay = Duration::from_millis(5)).await;
    let db = dir.join("test.sqlite");
    let task = server.spawn();
    let http = reqwest::Client::new();
    let mut ids = Vec::new();
    for _ in 0..3 {
        let t = created(&http, addr, &["human", "random"]).await;
        let mut c = ws_from(
            "127.0.0.1",
            addr,
            t["seats"][0]["link"].as_str().unwrap(),
            &[],
        )
        .await
        .unwrap();
        c.until("state").await;
        // The person plays first, or the bot does.
        match c.legal().first().cloned() {
            Some(first) => drop(c.play(&first).await),
            None => drop(c.until_version(1).await),
        }
        ids.push(t["id"].as_str().unwrap().to_string());
    }
    task.abort();
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute_batch("PRAGMA wal_checkpoint(TRUNCATE);")
        .unwrap();
    (db, ids)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_with_a_bad_stored_action_is_listed_and_the_others_are_served() {
    let dir = tempfile::tempdir().unwrap();
    let (db, ids) = stored_tables(dir.path()).await;
    {
        let conn = rusqlite::Connection::open(&db).unwrap();
        // Table 0: an action that is not valid UTF-8; table 1: one that breaks the rules.
        conn.execute(
            "UPDATE actions SET action = CAST(X'FFFE41' AS TEXT) WHERE table_id = ?1 AND idx = 0",
            [&ids[0]],
        )
        .unwrap();
        conn.execute(
            "UPDATE actions SET action = 'play 999' WHERE table_id = ?1 AND idx = 0",
            [&ids[1]],
        )
        .unwrap();
    }
    let (addr, server) = serve_in(dir.path(), |_| {}).await;
    let _task = server.spawn();
    let s = stats(addr).await;
    let damaged = s["damaged"].as_array().unwrap();
    assert_eq!(damaged.len(), 2, "{s}");
    let reason = |id: &str| {
        damaged
            .iter()
            .find(|d| d["id"] == id)
            .unwrap_or_else(|| panic!("{id} listed: {s}"))["reason"]
            .as_str()
            .unwrap()
            .to_string()
    };
    assert!(reason(&ids[0]).contains("UTF-8"), "{}", reason(&ids[0]));
    assert!(reason(&ids[1]).contains("999"), "{}", reason(&ids[1]));
    assert_eq!(s["tables"], 1, "the sound table is served");
    let http = reqwest::Client::new();
    let ok = http
        .get(format!("http://{addr}/t/{}", ids[2]))
        .send()
        .await
        .unwrap();
    assert_eq!(ok.status(), 200);
    let bad = http
        .get(format!("http://{addr}/t/{}", ids[0]))
        .send()
        .await
        .unwrap();
    assert_eq!(bad.status(), 404);
    assert!(bad.text().await.unwrap().contains("damaged"));

    // The check over the same file says the same, and exports the sound table's record.
    let db = boardroom_server::db::Db::open_read_only(&db).unwrap();
    let checks = boardroom_server::lobby::check(&db).await.unwrap();
    assert_eq!(checks.len(), 3);
    for c in &checks {
        let sound = c.id == ids[2];
        assert_eq!(c.damaged.is_none(), sound, "{c:?}");
        assert_eq!(c.record.is_some(), sound);
    }
    let record = checks.iter().find(|c| c.id == ids[2]).unwrap();
    let record = record.record.as_ref().unwrap();
    assert_eq!(record["game"], "big-boss");
    assert_eq!(
        record["actions"].as_array().unwrap().len(),
        checks
            .iter()
            .find(|c| c.id == ids[2])
            .unwrap()
            .actions
            .unwrap()
    );
    assert!(record["actions"][0]["action"].is_string());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_damaged_file_still_starts_the_server_or_says_sqlite_refuses_it() {
    use rand::{Rng, SeedableRng};
    let dir = tempfile::tempdir().unwrap();
    let (db, _) = stored_tables(dir.path()).await;
    let pristine = std::fs::read(&db).unwrap();
    let mut started = 0;
    for seed in 0..8u64 {
        let case = tempfile::tempdir().unwrap();
        let path = case.path().join("test.sqlite");
        let mut bytes = pristine.clone();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..200 {
            let at = rng.gen_range(0..bytes.len());
            bytes[at] = rng.gen();
        }
        std::fs::write(&path, &bytes).unwrap();
        let bound = Server::bind(Settings {
            addr: "127.0.0.1:0".parse().unwrap(),
            db: path.clone(),
            bot_delay: Duration::ZERO,
            ..Settings::default()
        })
        .await;
        match bound {
            Ok(server) => {
                started += 1;
                let addr = server.addr;
                let task = server.spawn();
                let s = stats(addr).await;
                assert!(s["tables"].is_u64() && s["damaged"].is_array(), "{s}");
                let page = reqwest::get(format!("http://{addr}/")).await.unwrap();
                assert_eq!(page.status(), 200);
                task.abort();
            }
            Err(e) => {
                let e = format!("{e:#}");
                assert!(e.contains("SQLite cannot open the database"), "{e}");
            }
        }
        // The check never panics: a report, or SQLite's refusal.
        if let Ok(db) = boardroom_server::db::Db::open_read_only(&path) {
            let _ = boardroom_server::lobby::check(&db).await;
        }
    }
    eprintln!("{started} of 8 damaged files started a server");
}
