//! Finished tables leave memory; unplayed ones expire.

use super::*;

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
