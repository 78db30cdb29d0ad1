//! Rated tables with a signed-in person: a guest's seat refused (signed out, or a second person
//! seat), a person who plays a rated game against a bot moves both ratings and finds it on
//! their profile, and a person who leaves the seat to the stand-in to the end places last
//! however the stand-in did — never credited with its win.

use crate::common::sinks::SmtpSink;
use crate::common::{start_notifying, Client, TestServer};
use boardroom_server::notify::NotifySettings;
use reqwest::StatusCode;
use serde_json::{json, Value};
use std::time::Duration;

/// Signs `email` in as `name` through the e-mailed link: the session cookie.
async fn sign_in(server: &TestServer, sink: &mut SmtpSink, email: &str, name: &str) -> String {
    let http = reqwest::Client::new();
    let base = server.url();
    let r = http
        .post(format!("{base}/api/account/link/request"))
        .header("origin", &base)
        .json(&json!({ "email": email }))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::ACCEPTED);
    let mail = sink.next().await;
    let at = mail.data.find("/signin#k=").expect("a sign-in link") + "/signin#k=".len();
    let token: String = mail.data[at..]
        .chars()
        .take_while(char::is_ascii_hexdigit)
        .collect();
    let r = http
        .post(format!("{base}/api/account/link"))
        .header("origin", &base)
        .json(&json!({ "token": token, "name": name }))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    let set = r.headers()["set-cookie"].to_str().unwrap().to_string();
    set.split(';').next().unwrap().to_string()
}

/// POSTs a table request with `cookie` (none: signed out): status and body.
async fn create(server: &TestServer, cookie: Option<&str>, body: Value) -> (StatusCode, Value) {
    let base = server.url();
    let mut req = reqwest::Client::new()
        .post(format!("{base}/api/tables"))
        .header("origin", &base)
        .json(&body);
    if let Some(c) = cookie {
        req = req.header("cookie", c);
    }
    let r = req.send().await.unwrap();
    (r.status(), r.json().await.unwrap())
}

async fn get(server: &TestServer, path: &str) -> Value {
    reqwest::get(format!("{}{path}", server.url()))
        .await
        .unwrap()
        .json()
        .await
        .unwrap()
}

/// The profile of `player`, once it lists `games` rated games (bounded wait: the end is stored
/// just after the last move is sent).
async fn profile_after(server: &TestServer, player: &str, games: usize) -> Value {
    for _ in 0..400 {
        let p = get(server, &format!("/api/players/{player}")).await;
        if p["history"].as_array().is_some_and(|h| h.len() >= games) {
            return p;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("{player} never had {games} rated games");
}

/// Plays seat `me`'s first legal action whenever it is to act, to the end.
async fn play_to_end(c: &mut Client, me: u64) {
    let mut state = c.until("state").await;
    for _ in 0..20_000 {
        let to_act = state["to_act"].as_array().unwrap().clone();
        if to_act.is_empty() {
            return;
        }
        state = if to_act.iter().any(|s| s.as_u64() == Some(me)) && !c.legal().is_empty() {
            c.play(&c.legal()[0]).await
        } else {
            c.until("state").await
        };
    }
    panic!("the game never ended");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_signed_in_person_rated_against_a_bot_and_never_credited_with_a_stand_in_s_win() {
    let mut sink = SmtpSink::start().await;
    let server = start_notifying(NotifySettings {
        smtp_url: Some(sink.url()),
        ..NotifySettings::default()
    })
    .await;
    let two_people = json!({"game": "big-boss", "seats": ["human", "human"], "rated": true});
    let (status, body) = create(&server, None, two_people.clone()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        body["error"].as_str().unwrap().contains("sign in"),
        "{body}"
    );
    let ann = sign_in(&server, &mut sink, "ann@example.com", "Ann").await;
    let (status, body) = create(&server, Some(&ann), two_people).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("seat 1 is a guest's"),
        "{body}"
    );

    // Ann plays a rated game of Big Shot (short) against the random bot: both ratings move.
    let (status, t) = create(
        &server,
        Some(&ann),
        json!({"game": "big-shot", "seats": ["human", "random"], "rated": true}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{t}");
    let mut c = server
        .connect(t["seats"][0]["link"].as_str().unwrap())
        .await;
    play_to_end(&mut c, 0).await;
    let p = profile_after(&server, "Ann", 1).await;
    assert_eq!(p["name"], "Ann", "{p}");
    assert!(p["member_since"].as_i64().unwrap() > 0, "{p}");
    assert!(p.get("email").is_none() && !p.to_string().contains("example.com"));
    let first = &p["history"][0];
    assert_ne!(first["rating"], first["rating_before"], "{p}");
    assert_eq!(first["replay"], format!("/t/{}", t["id"].as_str().unwrap()));
    let bot = profile_after(&server, "bot:random", 1).await;
    assert_ne!(bot["history"][0]["rating"], 1000, "{bot}");

    let account = p["player"].as_str().unwrap().to_string();

    // Ann leaves a turn-based rated table to the stand-in, which plays her seat to the end:
    // she places last whatever the stand-in achieved.
    let (status, t) = create(
        &server,
        Some(&ann),
        json!({"game": "big-boss", "seats": ["human", "random"], "rated": true,
               "clock": {"mode": "turn", "per_move": 1, "standin": "heuristic"}}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{t}");
    let p = profile_after(&server, &account, 2).await;
    let left = &p["history"][1];
    assert_eq!(left["place"], 2, "{p}");
    assert_eq!(left["won"], false, "{p}");
    assert!(
        left["rating"].as_i64() < left["rating_before"].as_i64(),
        "last place lowers her rating: {p}"
    );
    let bot = profile_after(&server, "bot:random", 2).await;
    assert_eq!(bot["history"][1]["board"]["game"], "big-boss", "{bot}");
    assert_eq!(bot["history"][1]["place"], 1, "{bot}");
}
