//! Several instances on one PostgreSQL database: a table is played by the instance holding its
//! lease, and an instance that lost its lease can never store an action, even while it still
//! has the table in memory. Runs when the tests have a PostgreSQL (`BOARDROOM_TEST_PG_URL`).

use crate::common::pg::{client, fresh};
use crate::common::{start_settings, TestServer};
use boardroom_engine::By;
use serde_json::json;
use std::path::PathBuf;
use std::time::Duration;

/// An instance that keeps the tables created on it (it shares none out), so each test
/// decides where tables are.
async fn instance(url: &str) -> TestServer {
    let dir = tempfile::tempdir().unwrap();
    let settings = boardroom_server::Settings {
        addr: "127.0.0.1:0".parse().unwrap(),
        db: PathBuf::from(url),
        bot_delay: Duration::from_millis(60),
        share_tables: false,
        ..boardroom_server::Settings::default()
    };
    start_settings(dir, settings).await
}

/// The instance holding each table's lease now, by the database's clock.
async fn holders(url: &str, ids: &[String]) -> Vec<Option<String>> {
    let db = client(url).await;
    let mut out = Vec::new();
    for id in ids {
        let row = db
            .query_opt(
                "SELECT holder FROM leases WHERE table_id = $1 \
                 AND expires > (extract(epoch FROM clock_timestamp()) * 1000)::bigint",
                &[id],
            )
            .await
            .unwrap();
        out.push(row.map(|r| r.get(0)));
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_never_both_play_a_table_whose_lease_expired() {
    let Some(url) = fresh().await else {
        return;
    };
    let a = instance(&url).await;
    let b = instance(&url).await;
    let (ha, hb) = (
        a.lobby.hosting().unwrap().instance.clone(),
        b.lobby.hosting().unwrap().instance.clone(),
    );
    let mut ids = Vec::new();
    for _ in 0..6 {
        let t = a
            .create_with(json!({"game": "big-boss", "seats": ["random", "random", "random"]}))
            .await;
        ids.push(t.id);
    }
    assert!(ids.iter().all(|id| a.lobby.get(id).is_some()));
    assert!(ids.iter().all(|id| b.lobby.get(id).is_none()));
    assert_eq!(
        holders(&url, &ids).await,
        vec![Some(ha.clone()); ids.len()],
        "the creating instance holds its tables"
    );
    // The bots have stored moves at every table before the leases run out (on a busy machine
    // the first moves may take a while).
    for id in &ids {
        let mut waited = Duration::ZERO;
        while a
            .lobby
            .db()
            .load_actions(id.clone())
            .await
            .unwrap()
            .is_empty()
        {
            assert!(
                waited < Duration::from_secs(60),
                "the bots never played at {id}"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
            waited += Duration::from_millis(20);
        }
    }

    // Every lease looks expired while its instance still plays: as when an instance is cut
    // off long enough, or its renewals are late.
    let admin = client(&url).await;
    admin
        .execute("UPDATE leases SET expires = 0", &[])
        .await
        .unwrap();
    for id in &ids {
        let refused = a
            .lobby
            .db()
            .append_action(id.clone(), 100_000, 0, "pass".into(), By::Player)
            .await;
        assert!(refused.is_err(), "an expired lease stores nothing");
    }

    // Both instances race to adopt them while the first renews what it holds.
    tokio::join!(a.lobby.adopt(), b.lobby.adopt(), a.lobby.renew());
    // Whoever lost a lease stops its table when it renews next.
    a.lobby.renew().await;
    b.lobby.renew().await;
    let now = holders(&url, &ids).await;
    for (id, holder) in ids.iter().zip(&now) {
        let holder = holder.as_ref().expect("every table is held again");
        assert!(*holder == ha || *holder == hb, "held by one of the two");
        let (winner, loser) = if *holder == ha { (&a, &b) } else { (&b, &a) };
        assert!(winner.lobby.get(id).is_some(), "its holder plays it");
        assert!(loser.lobby.get(id).is_none(), "only its holder plays it");
        // The other instance's database handle cannot store an action of it.
        let next = loser
            .lobby
            .db()
            .load_actions(id.clone())
            .await
            .unwrap()
            .len();
        let refused = loser
            .lobby
            .db()
            .append_action(id.clone(), next + 1000, 0, "pass".into(), By::Player)
            .await;
        assert!(refused.is_err(), "only the lease's holder stores actions");
    }

    // Every table's record is whole: numbered without a gap and replayed by its holder.
    for (id, holder) in ids.iter().zip(&now) {
        let server = if holder.as_deref() == Some(ha.as_str()) {
            &a
        } else {
            &b
        };
        let actions = server.lobby.db().load_actions(id.clone()).await.unwrap();
        assert!(!actions.is_empty(), "the bots played at {id}");
        let mut watch = server.connect(&format!("/t/{id}")).await;
        let state = watch.until("state").await;
        assert!(state["version"].as_u64().unwrap() >= actions.len() as u64);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_instance_lists_every_table_and_a_chat_reaches_everyone_through_either() {
    let Some(url) = fresh().await else {
        return;
    };
    let a = instance(&url).await;
    let b = instance(&url).await;
    let t = a
        .create_with(json!({"game": "big-boss", "seats": ["human", "human", "random"]}))
        .await;
    assert!(a.lobby.get(&t.id).is_some() && b.lobby.get(&t.id).is_none());

    // The other instance's lobby lists it, once its holder published it (every lease round).
    let http = reqwest::Client::new();
    let mut listed = false;
    for _ in 0..100 {
        let list: serde_json::Value = http
            .get(format!("{}/api/tables", b.url()))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        if list
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["id"] == t.id.as_str())
        {
            listed = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert!(
        listed,
        "the second instance's lobby lists the first one's table"
    );

    // One seat through each instance: both reach the table's holder, and hear each other.
    let links: Vec<String> = t.seats.iter().filter_map(|s| s.link.clone()).collect();
    let mut red = a.connect(&links[0]).await;
    let mut green = b.connect(&links[1]).await;
    red.until("state").await;
    green.until("state").await;
    green
        .send(json!({"type": "chat", "text": "through the other instance"}))
        .await;
    let line = red.until("chat").await;
    assert_eq!(line["text"], "through the other instance", "{line}");
    assert!(b.lobby.get(&t.id).is_none(), "forwarded, not played twice");
}

/// A table page opened through the instance that does not hold its table (forwarded): when the
/// table moves to that instance (its holder lost the lease), the page loses its WebSocket,
/// reconnects by itself, and is served again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_through_the_other_instance_reconnects_when_its_table_moves() {
    let Some((_browser, c)) = crate::browser::open_browser(1280, 900).await else {
        return;
    };
    let Some(url) = fresh().await else {
        return;
    };
    let a = instance(&url).await;
    let b = instance(&url).await;
    let t = a
        .create_with(json!({"game": "big-boss", "seats": ["human", "human", "random"]}))
        .await;
    let link = t.seats[0].link.clone().unwrap();
    c.goto(&format!("{}{link}", b.url())).await.unwrap();
    let connected = || async {
        crate::browser::visible(&c, "#players .player").await
            && c.execute("return document.body.classList.contains('offline')", vec![])
                .await
                .unwrap()
                == json!(false)
    };
    let mut tries = 0;
    while !connected().await {
        tries += 1;
        assert!(tries < 200, "the page connects through the other instance");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(b.lobby.get(&t.id).is_none(), "forwarded to its holder");

    // The table moves to the instance the page came through: the lease looks expired, that
    // instance adopts the table, and its old holder stops it when it renews.
    let admin = client(&url).await;
    let mut tries = 0;
    while b.lobby.get(&t.id).is_none() {
        tries += 1;
        assert!(tries < 50, "the other instance adopts the table");
        admin
            .execute("UPDATE leases SET expires = 0", &[])
            .await
            .unwrap();
        b.lobby.adopt().await;
    }
    a.lobby.renew().await;
    assert!(a.lobby.get(&t.id).is_none(), "its old holder stopped it");

    // The page was disconnected and comes back by itself, now served where it came in.
    let mut tries = 0;
    loop {
        let offline = c
            .execute("return document.body.classList.contains('offline')", vec![])
            .await
            .unwrap();
        if offline == json!(true) {
            break;
        }
        tries += 1;
        assert!(tries < 200, "the page notices its table moved");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let mut tries = 0;
    while !connected().await {
        tries += 1;
        assert!(tries < 300, "the page reconnects by itself");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    crate::browser::shot(&c, "instances-01-moved.png").await;
}

/// A table page served by an instance that is stopping: the instance hands the table over to
/// the other one (`Lobby::hand_over`, as on SIGTERM), the page is told the table moved, and it
/// reconnects by itself (through the stopping instance, which forwards it) to the new holder.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_reconnects_by_itself_when_its_instance_hands_its_table_over() {
    let Some((_browser, c)) = crate::browser::open_browser(1280, 900).await else {
        return;
    };
    let Some(url) = fresh().await else {
        return;
    };
    let a = instance(&url).await;
    let b = instance(&url).await;
    let t = a
        .create_with(json!({"game": "big-boss", "seats": ["human", "human", "random"]}))
        .await;
    let link = t.seats[0].link.clone().unwrap();
    c.goto(&format!("{}{link}", a.url())).await.unwrap();
    let connected = || async {
        crate::browser::visible(&c, "#players .player").await
            && c.execute("return document.body.classList.contains('offline')", vec![])
                .await
                .unwrap()
                == json!(false)
    };
    let mut tries = 0;
    while !connected().await {
        tries += 1;
        assert!(tries < 200, "the page connects");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // The other instance says it serves (every lease round) before this one stops.
    let mut tries = 0;
    while a.lobby.db().instances().await.unwrap().len() < 2 {
        tries += 1;
        assert!(tries < 100, "both instances serve");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    a.lobby.hand_over().await;
    assert!(
        a.lobby.get(&t.id).is_none(),
        "the stopping instance keeps no table"
    );

    // The other instance plays it, and the page is back there by itself.
    let online = || {
        b.lobby
            .get(&t.id)
            .is_some_and(|h| h.summary.lock().unwrap().seats[0].online > 0)
    };
    let mut tries = 0;
    while !(online() && connected().await) {
        tries += 1;
        assert!(tries < 300, "the page reconnects to the table's new holder");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    crate::browser::shot(&c, "instances-02-handed-over.png").await;
}
