//! Limits per client address (behind a trusted proxy too) and bounded presence messages.

use super::*;

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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_a_trusted_proxy_each_forwarded_address_holds_at_most_its_cap_of_websockets() {
    let dir = tempfile::tempdir().unwrap();
    let (addr, server) = serve_in(dir.path(), |s| {
        s.trust_proxy = true;
        s.conn_limits.per_address = 3;
    })
    .await;
    let _task = server.spawn();
    let table = created(&reqwest::Client::new(), addr, &["human", "human"]).await;
    let link = table["spectator"].as_str().unwrap();
    // Every connection comes from the proxy's address; the proxy says whose it is.
    let from = |ip: &'static str| async move {
        ws_from("127.0.0.1", addr, link, &[("x-forwarded-for", ip)]).await
    };
    let mut held = Vec::new();
    for _ in 0..3 {
        let mut c = from("198.51.100.7").await.expect("within the cap");
        c.until("state").await;
        held.push(c);
    }
    assert_eq!(from("198.51.100.7").await.err(), Some(429));
    for ip in ["198.51.100.8", "198.51.100.9"] {
        let mut c = from(ip).await.expect("another address");
        c.until("state").await;
        held.push(c);
    }
    // One closed: its address may open another.
    drop(held.remove(0));
    let reopened = async {
        for _ in 0..100 {
            if let Ok(c) = from("198.51.100.7").await {
                return Some(c);
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        None
    };
    assert!(
        reopened.await.is_some(),
        "a slot freed by a closed WebSocket"
    );
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
