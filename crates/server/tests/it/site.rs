//! Running a site: the metrics page on the operator's own address (every name present, the
//! values moving with play), `/healthz` and `/readyz` (failing while the database cannot be
//! written or reached, and while the instance drains), on SQLite and on the tests' PostgreSQL.

use crate::common::pg;
use crate::common::Client;
use boardroom_server::lobby::{Created, Lobby};
use boardroom_server::metrics as m;
use boardroom_server::rate::Rate;
use boardroom_server::table::Timing;
use boardroom_server::{Server, Settings};
use serde_json::json;
use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// A server on `db` with its metrics on a port of their own.
struct Site {
    public: SocketAddr,
    metrics: SocketAddr,
    lobby: Arc<Lobby>,
    _task: tokio::task::JoinHandle<anyhow::Result<()>>,
}

async fn start(db: PathBuf, tune: impl FnOnce(&mut Settings)) -> Site {
    let mut settings = Settings {
        addr: "127.0.0.1:0".parse().unwrap(),
        db,
        bot_delay: Duration::ZERO,
        metrics_addr: Some("127.0.0.1:0".parse().unwrap()),
        ..Settings::default()
    };
    tune(&mut settings);
    let server = Server::bind(settings).await.unwrap();
    Site {
        public: server.addr,
        metrics: server.metrics_addr.expect("the metrics are served"),
        lobby: server.lobby.clone(),
        _task: server.spawn(),
    }
}

/// The samples of a metrics page: each series (name and labels) with its value.
async fn scrape(at: SocketAddr) -> HashMap<String, f64> {
    let r = reqwest::get(format!("http://{at}/metrics")).await.unwrap();
    assert_eq!(r.status(), 200);
    let text = r.text().await.unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (series, value) = l.rsplit_once(' ').expect("a sample: series and value");
            (series.to_string(), value.parse().expect("a number"))
        })
        .collect()
}

fn value(page: &HashMap<String, f64>, series: &str) -> f64 {
    page.get(series).copied().unwrap_or(0.0)
}

/// The status and body of `GET http://{at}{path}`.
async fn get(at: SocketAddr, path: &str) -> (u16, String) {
    let r = reqwest::get(format!("http://{at}{path}")).await.unwrap();
    (r.status().as_u16(), r.text().await.unwrap())
}

/// Asks `path` again (every 100 ms, at most 300 times) until it answers `status`.
async fn until_status(at: SocketAddr, path: &str, status: u16) -> String {
    let mut last = (0, String::new());
    for _ in 0..300 {
        last = get(at, path).await;
        if last.0 == status {
            return last.1;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{path} never answered {status}; last: {last:?}");
}

async fn create(at: SocketAddr, seats: &[&str]) -> Created {
    let r = reqwest::Client::new()
        .post(format!("http://{at}/api/tables"))
        .json(&json!({"game": "big-boss", "edition": "classic", "seats": seats}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 201);
    r.json().await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_are_served_apart_and_move_with_play() {
    let dir = tempfile::tempdir().unwrap();
    let site = start(dir.path().join("t.sqlite"), |s| {
        // One record download a long while: the second is refused by the limit.
        s.costly = Rate {
            per_second: 0.001,
            burst: 1.0,
        };
    })
    .await;
    // The public address has no metrics page.
    assert_eq!(get(site.public, "/metrics").await.0, 404);
    let before = scrape(site.metrics).await;

    // A table of bots plays; a table waiting for its person stays live; a spectator watches
    // and sends something that is not JSON; a download over the limit is refused.
    let bots = create(site.public, &["random", "random", "random"]).await;
    let waiting = create(site.public, &["human", "random", "random"]).await;
    let public = format!("http://{}", site.public);
    let mut watch = Client::connect(&public, &bots.spectator).await;
    watch.until("state").await;
    watch.send_text("not json").await;
    let record = format!("http://{}/t/{}/record", site.public, waiting.id);
    reqwest::get(&record).await.unwrap();
    assert_eq!(reqwest::get(&record).await.unwrap().status(), 429);

    let moved = |after: &HashMap<String, f64>| {
        let grew = |series: &str| value(after, series) > value(&before, series);
        grew(r#"boardroom_actions_total{game="big-boss"}"#)
            && grew(r#"boardroom_action_seconds_count{stage="stored"}"#)
            && grew(r#"boardroom_action_seconds_count{stage="sent"}"#)
            && grew(r#"boardroom_bot_think_seconds_count{level="random"}"#)
            && grew(r#"boardroom_storage_seconds_count{op="append_action"}"#)
            && grew(r#"boardroom_storage_seconds_count{op="insert_table"}"#)
            && grew(r#"boardroom_refusals_total{kind="malformed"}"#)
            && grew(r#"boardroom_rate_limited_total{limit="costly"}"#)
    };
    let mut after = scrape(site.metrics).await;
    for _ in 0..300 {
        if moved(&after) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        after = scrape(site.metrics).await;
    }
    assert!(moved(&after), "the metrics moved with play: {after:#?}");
    // The gauges (tables live, connections) are shared by every server of this test process,
    // and tables or connections opened by other tests before the recorder was installed are
    // subtracted when they close: only their presence on the page is asserted (below).
    // Every metric is on the page, the histograms with their buckets.
    let names: Vec<&str> = after.keys().map(|k| k.split('{').next().unwrap()).collect();
    for name in [
        m::TABLES_LIVE,
        m::TABLES_FINISHED,
        m::CONNECTIONS,
        m::ACTIONS,
        m::REFUSALS,
        m::HINTS_QUEUED,
        m::STORAGE_RETRIES,
        m::LEASES_HELD,
        m::LEASES_TAKEN_OVER,
        m::LEASES_LOST,
        m::NOTIFICATIONS,
        m::RATE_LIMITED,
    ] {
        assert!(names.contains(&name), "{name} is on the page");
    }
    for histogram in [m::ACTION_SECONDS, m::BOT_THINK_SECONDS, m::STORAGE_SECONDS] {
        assert!(
            names.contains(&format!("{histogram}_bucket").as_str()),
            "{histogram} has buckets"
        );
    }
    // Every metric the Grafana dashboard of the docs draws is on the page.
    let dashboard = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/grafana-dashboard.json"
    ))
    .unwrap();
    let mut drawn = 0;
    for (at, _) in dashboard.match_indices("boardroom_") {
        let name: String = dashboard[at..]
            .chars()
            .take_while(|c| c.is_ascii_lowercase() || *c == '_')
            .collect();
        assert!(
            names.contains(&name.as_str()),
            "the dashboard's {name} is on the page"
        );
        drawn += 1;
    }
    assert!(drawn >= 15, "the dashboard draws the metrics ({drawn})");
    // Health on both addresses.
    for at in [site.public, site.metrics] {
        assert_eq!(get(at, "/healthz").await, (200, "ok\n".to_string()));
        assert_eq!(get(at, "/readyz").await, (200, "ready\n".to_string()));
    }
    drop(watch);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn readyz_fails_while_the_sqlite_file_cannot_be_written_and_while_draining() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("not-yet");
    let site = start(folder.join("t.sqlite"), |s| {
        s.timing = Timing {
            storage_retry: Duration::from_millis(50),
            storage_retry_max: Duration::from_millis(200),
            ..Timing::default()
        };
    })
    .await;
    // The process lives, but its database's folder does not exist: not ready.
    assert_eq!(get(site.public, "/healthz").await.0, 200);
    let (status, why) = get(site.public, "/readyz").await;
    assert_eq!(status, 503);
    assert!(why.contains("storage unavailable"), "{why}");
    // The folder appears: the server opens the file and becomes ready by itself.
    std::fs::create_dir(&folder).unwrap();
    until_status(site.public, "/readyz", 200).await;
    until_status(site.metrics, "/readyz", 200).await;
    // Draining: not ready, though the process lives.
    site.lobby.set_draining(true);
    let (status, why) = get(site.public, "/readyz").await;
    assert_eq!(
        (status, why.as_str()),
        (503, "not ready: this instance is stopping\n")
    );
    assert_eq!(get(site.public, "/healthz").await.0, 200);
    site.lobby.set_draining(false);
    assert_eq!(get(site.public, "/readyz").await.0, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn readyz_fails_while_postgres_is_unreachable() {
    let Some(url) = pg::fresh().await else {
        return;
    };
    let site = start(PathBuf::from(&url), |_| {}).await;
    create(site.public, &["human", "random", "random"]).await;
    until_status(site.public, "/readyz", 200).await;
    let scraped = scrape(site.metrics).await;
    assert!(value(&scraped, m::LEASES_HELD) >= 1.0, "{scraped:#?}");
    pg::set_reachable(&url, false).await;
    let why = until_status(site.public, "/readyz", 503).await;
    assert!(why.starts_with("not ready: "), "{why}");
    assert_eq!(get(site.public, "/healthz").await.0, 200);
    pg::set_reachable(&url, true).await;
    until_status(site.public, "/readyz", 200).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lease_metrics_move_when_a_table_is_taken_over() {
    let Some(url) = pg::fresh().await else {
        return;
    };
    let a = start(PathBuf::from(&url), |_| {}).await;
    let _b = start(PathBuf::from(&url), |_| {}).await;
    let table = create(a.public, &["human", "random", "random"]).await;
    let before = scrape(a.metrics).await;
    // The table's lease passes to an instance that is gone: its holder finds it lost at its
    // next round, and an instance adopts the table nobody holds.
    pg::client(&url)
        .await
        .execute(
            "UPDATE leases SET holder = 'gone', expires = 0 WHERE table_id = $1",
            &[&table.id],
        )
        .await
        .unwrap();
    let moved = |after: &HashMap<String, f64>| {
        [m::LEASES_LOST, m::LEASES_TAKEN_OVER]
            .iter()
            .all(|name| value(after, name) > value(&before, name))
    };
    let mut after = scrape(a.metrics).await;
    for _ in 0..300 {
        if moved(&after) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        after = scrape(a.metrics).await;
    }
    assert!(
        moved(&after),
        "a lease lost and a table taken over: {after:#?}"
    );
}
