//! Talk and join over real WebSockets and HTTP: the chat (stored, replayed after a restart,
//! limited, stored verbatim), open seats claimed from the lobby (once, races included),
//! private tables, and the bots' pace per table.

use crate::common;

use boardroom_server::{Server, Settings};
use common::{start, Client, TestServer};
use serde_json::{json, Value};
use std::path::Path;
use std::time::{Duration, Instant};

/// A second server on the database of `server` (a restart): its base URL.
async fn restart(db: &Path) -> String {
    let again = Server::bind(Settings {
        addr: "127.0.0.1:0".parse().unwrap(),
        db: db.to_path_buf(),
        bot_delay: Duration::ZERO,
        ..Settings::default()
    })
    .await
    .unwrap();
    let url = format!("http://{}", again.addr);
    again.spawn();
    url
}

/// One number from the database of `server`.
fn count(server: &TestServer, sql: &str) -> i64 {
    let conn = rusqlite::Connection::open(&server.db).unwrap();
    conn.query_row(sql, [], |r| r.get(0)).unwrap()
}

/// The tables `GET /api/tables` lists at `base`.
async fn listed(base: &str) -> Vec<Value> {
    reqwest::get(format!("{base}/api/tables"))
        .await
        .unwrap()
        .json::<Vec<Value>>()
        .await
        .unwrap()
}

async fn post(url: String, body: Value) -> (u16, Value) {
    let r = reqwest::Client::new()
        .post(url)
        .json(&body)
        .send()
        .await
        .unwrap();
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

/// Reads until a `chat` message arrives (skipping others).
async fn next_chat(c: &mut Client) -> Value {
    c.until("chat").await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chat_reaches_everyone_verbatim_and_is_replayed_after_a_restart() {
    let server = start().await;
    let t = server
        .create_with(json!({"game": "big-boss", "seats": ["human", "human"]}))
        .await;
    let mut red = server.connect(t.seats[0].link.as_ref().unwrap()).await;
    let mut blue = server.connect(t.seats[1].link.as_ref().unwrap()).await;
    let mut rail = server.connect(&t.spectator).await;
    for c in [&mut red, &mut blue, &mut rail] {
        let welcome = c.until("welcome").await;
        assert_eq!(welcome["chat"], json!([]), "a new table has no chat");
    }
    let script = "<script>alert('x')</script> & <b>bold</b>";
    red.send(json!({"type": "chat", "text": script})).await;
    for c in [&mut red, &mut blue, &mut rail] {
        let line = next_chat(c).await;
        assert_eq!(line["text"], script, "the text arrives exactly as written");
        assert_eq!(line["seat"], 0);
        assert_eq!(line["name"], "Red");
        assert_eq!(line["index"], 0);
    }
    rail.send(json!({"type": "chat", "text": "nice move"}))
        .await;
    for c in [&mut red, &mut blue, &mut rail] {
        let line = next_chat(c).await;
        assert_eq!(line["text"], "nice move");
        assert_eq!(line["seat"], Value::Null, "a spectator has no seat");
        assert_eq!(line["name"], "Spectator");
        assert_eq!(line["index"], 1);
    }
    let stored: String = rusqlite::Connection::open(&server.db)
        .unwrap()
        .query_row("SELECT text FROM chat WHERE idx = 0", [], |r| r.get(0))
        .unwrap();
    assert_eq!(stored, script, "stored verbatim");

    // A restarted server sends the history to a new connection, oldest first.
    let base = restart(&server.db).await;
    let mut again = Client::connect(&base, t.seats[1].link.as_ref().unwrap()).await;
    let welcome = again.until("welcome").await;
    let lines = welcome["chat"].as_array().unwrap();
    assert_eq!(lines.len(), 2, "{welcome}");
    assert_eq!(lines[0]["text"], script);
    assert_eq!(lines[1]["name"], "Spectator");
    // Numbering goes on after the stored lines.
    again.send(json!({"type": "chat", "text": "back"})).await;
    assert_eq!(next_chat(&mut again).await["index"], 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chat_refuses_long_blank_and_hurried_lines_and_stores_nothing_of_them() {
    let server = start().await;
    let t = server
        .create_with(json!({"game": "big-shot", "seats": ["human", "normal"]}))
        .await;
    let mut red = server.connect(t.seats[0].link.as_ref().unwrap()).await;
    red.until("welcome").await;
    let refused = |v: &Value, code: &str| {
        assert_eq!(v["type"], "error", "{v}");
        assert_eq!(v["code"], code, "{v}");
        v["message"].as_str().unwrap().to_string()
    };
    red.send(json!({"type": "chat", "text": "x".repeat(501)}))
        .await;
    let m = refused(&red.until("error").await, "too_large");
    assert!(m.contains("501") && m.contains("500"), "{m}");
    red.send(json!({"type": "chat", "text": "   "})).await;
    refused(&red.until("error").await, "malformed");
    red.send(json!({"type": "chat", "text": "two\nlines"}))
        .await;
    let m = refused(&red.until("error").await, "malformed");
    assert!(m.contains("line"), "{m}");
    assert_eq!(count(&server, "SELECT count(*) FROM chat"), 0);

    // Many lines at once: the first ones pass, then the writer is told to slow down.
    for i in 0..12 {
        red.send(json!({"type": "chat", "text": format!("line {i}")}))
            .await;
    }
    let (mut passed, mut limited) = (0, 0);
    while passed + limited < 12 {
        let v = red.next().await.expect("open connection");
        match v["type"].as_str().unwrap() {
            "chat" => passed += 1,
            "error" => {
                let m = refused(&v, "rate_limited");
                assert!(m.contains("chat"), "{m}");
                limited += 1;
            }
            _ => {}
        }
    }
    assert!(passed >= 5, "a burst of five passes ({passed})");
    assert!(limited >= 1, "twelve at once are too many");
    assert_eq!(
        count(&server, "SELECT count(*) FROM chat"),
        passed,
        "only the lines sent are stored"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_seat_is_claimed_once_even_in_a_race() {
    let server = start().await;
    let t = server
        .create_with(
            json!({"game": "big-boss", "seats": ["human", "human", "human", "easy"],
                            "open_seats": [1, 2]}),
        )
        .await;
    let base = server.url();
    let row = |tables: &[Value]| {
        tables
            .iter()
            .find(|x| x["id"] == t.id.as_str())
            .cloned()
            .unwrap()
    };
    assert_eq!(row(&listed(&base).await)["open_seats"], json!([1, 2]));

    // Eight visitors claim Blue at once: one gets the link, the others hear it is taken.
    let claims: Vec<_> = (0..8)
        .map(|_| {
            tokio::spawn(post(
                format!("{base}/api/tables/{}/claim", t.id),
                json!({"seat": 1}),
            ))
        })
        .collect();
    let mut won = Vec::new();
    for c in claims {
        let (status, body) = c.await.unwrap();
        match status {
            200 => won.push(body),
            409 => assert!(
                body["error"]
                    .as_str()
                    .unwrap()
                    .contains("Blue's seat is taken"),
                "{body}"
            ),
            other => panic!("{other}: {body}"),
        }
    }
    assert_eq!(won.len(), 1, "exactly one claim wins: {won:?}");
    let link = won[0]["link"].as_str().unwrap();
    assert_eq!(
        link,
        t.seats[1].link.as_deref().unwrap(),
        "the seat's own link"
    );
    assert_eq!(won[0]["name"], "Blue");
    let mut blue = server.connect(link).await;
    assert_eq!(blue.until("welcome").await["you"], 1);
    assert_eq!(row(&listed(&base).await)["open_seats"], json!([2]));

    // Seats that are not open, unknown seats and tables, bad bodies: refused, nothing changes.
    let claim = |seat: Value| {
        post(
            format!("{base}/api/tables/{}/claim", t.id),
            json!({"seat": seat}),
        )
    };
    let (status, body) = claim(json!(0)).await;
    assert_eq!(status, 409, "{body}");
    let (status, body) = claim(json!(3)).await;
    assert_eq!(status, 409, "a bot's seat is never open: {body}");
    let (status, body) = claim(json!(9)).await;
    assert_eq!(status, 409, "{body}");
    assert!(
        body["error"].as_str().unwrap().contains("no seat 9"),
        "{body}"
    );
    let (status, _) = claim(json!("Blue")).await;
    assert_eq!(status, 400);
    let (status, _) = post(
        format!("{base}/api/tables/nosuch/claim"),
        json!({"seat": 1}),
    )
    .await;
    assert_eq!(status, 404);
    assert_eq!(
        count(&server, "SELECT count(*) FROM open_seats WHERE claimed = 1"),
        1
    );

    // Opening a bot's seat, a seat that does not exist, or seats of a private table: refused
    // with the reason; no table is stored.
    let tables = count(&server, "SELECT count(*) FROM tables");
    for (body, says) in [
        (
            json!({"seats": ["human", "easy"], "open_seats": [1]}),
            "bot (easy)",
        ),
        (
            json!({"seats": ["human", "human"], "open_seats": [2]}),
            "seats 0 to 1",
        ),
        (
            json!({"seats": ["human", "human"], "open_seats": [1], "private": true}),
            "private",
        ),
    ] {
        let (status, answer) = post(format!("{base}/api/tables"), body).await;
        assert_eq!(status, 400, "{answer}");
        assert!(answer["error"].as_str().unwrap().contains(says), "{answer}");
    }
    assert_eq!(count(&server, "SELECT count(*) FROM tables"), tables);

    // After a restart the claimed seat stays claimed and the other stays open.
    let again = restart(&server.db).await;
    assert_eq!(row(&listed(&again).await)["open_seats"], json!([2]));
    let (status, _) = post(
        format!("{again}/api/tables/{}/claim", t.id),
        json!({"seat": 1}),
    )
    .await;
    assert_eq!(status, 409);
    let (status, body) = post(
        format!("{again}/api/tables/{}/claim", t.id),
        json!({"seat": 2}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["link"], t.seats[2].link.clone().unwrap());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_private_table_is_left_out_of_the_lobby_but_its_links_work() {
    let server = start().await;
    let public = server
        .create_with(json!({"game": "big-boss", "seats": ["human", "human"]}))
        .await;
    let hidden = server
        .create_with(json!({"game": "big-boss", "seats": ["human", "human"], "private": true}))
        .await;
    let ids = |tables: Vec<Value>| -> Vec<String> {
        tables
            .iter()
            .map(|t| t["id"].as_str().unwrap().to_string())
            .collect()
    };
    let shown = ids(listed(&server.url()).await);
    assert!(
        shown.contains(&public.id) && !shown.contains(&hidden.id),
        "{shown:?}"
    );
    let page = reqwest::get(format!("{}{}", server.url(), hidden.spectator))
        .await
        .unwrap();
    assert_eq!(page.status(), 200);
    let mut red = server.connect(hidden.seats[0].link.as_ref().unwrap()).await;
    assert_eq!(red.until("welcome").await["you"], 0);
    assert_eq!(
        count(
            &server,
            &format!("SELECT private FROM tables WHERE id = '{}'", hidden.id)
        ),
        1
    );
    let again = restart(&server.db).await;
    let shown = ids(listed(&again).await);
    assert!(
        shown.contains(&public.id) && !shown.contains(&hidden.id),
        "{shown:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bot_speed_is_stored_with_the_table_and_paces_its_bots() {
    let server = start().await;
    let base = server.url();
    let tables = count(&server, "SELECT count(*) FROM tables");
    let (status, body) = post(
        format!("{base}/api/tables"),
        json!({"seats": ["human", "easy"], "bot_speed": "warp"}),
    )
    .await;
    assert_eq!(status, 400);
    let e = body["error"].as_str().unwrap();
    assert!(
        e.contains("`warp`") && e.contains("slow, normal, fast"),
        "{e}"
    );
    assert_eq!(
        count(&server, "SELECT count(*) FROM tables"),
        tables,
        "nothing stored"
    );

    let fast = server
        .create_with(json!({"game": "big-shot", "seats": ["human", "easy"], "bot_speed": "fast"}))
        .await;
    let plain = server
        .create_with(json!({"game": "big-shot", "seats": ["human", "easy"]}))
        .await;
    let speed = |id: &str| -> Option<String> {
        rusqlite::Connection::open(&server.db)
            .unwrap()
            .query_row("SELECT bot_speed FROM tables WHERE id = ?1", [id], |r| {
                r.get(0)
            })
            .unwrap()
    };
    assert_eq!(speed(&fast.id).as_deref(), Some("fast"));
    assert_eq!(speed(&plain.id), None, "no speed: the server's pace");
    let listing = listed(&base).await;
    let of = |id: &str| listing.iter().find(|t| t["id"] == id).unwrap()["bot_speed"].clone();
    assert_eq!(of(&fast.id), "fast");
    assert_eq!(of(&plain.id), Value::Null);

    // The server's own pace here is no pause at all; a slow table's bot still waits its
    // 1.5 s before moving (a lower bound: a busy machine only makes it later).
    let began = Instant::now();
    let slow = server
        .create_with(
            json!({"game": "big-boss", "seats": ["random", "random"], "bot_speed": "slow"}),
        )
        .await;
    let mut rail = server.connect(&slow.spectator).await;
    rail.until_version(1).await;
    assert!(
        began.elapsed() >= Duration::from_millis(1500),
        "the slow bot moved after {:?}",
        began.elapsed()
    );
    // Kept after a restart.
    let again = restart(&server.db).await;
    let listing = listed(&again).await;
    let row = listing
        .iter()
        .find(|t| t["id"] == slow.id.as_str())
        .unwrap();
    assert_eq!(row["bot_speed"], "slow");
}
