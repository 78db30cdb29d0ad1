//! "Your turn" for people away, against a local SMTP sink and a local HTTP sink: a message
//! reaches an away person by e-mail and webhook once per turn, none while they are on the page,
//! none within an address's gap; a failing webhook is retried until it takes the message and
//! a dead relay is given up, without the table waiting; bad addresses are refused with a clear
//! message; addresses reach no one but their seat, and can be removed.

use crate::common::sinks::{HookSink, SmtpSink};
use crate::common::{start_notifying, TestServer};
use crate::people::{ask, end_turn};
use boardroom_server::notify::NotifySettings;
use serde_json::{json, Value};
use std::time::Duration;

/// Waits (bounded) until the notifier's counter `name` reaches `n`; returns every counter.
async fn until_stat(server: &TestServer, name: &str, n: u64) -> Value {
    for _ in 0..800 {
        let stats = server.lobby.notifier().stats().json();
        if stats[name].as_u64().unwrap() >= n {
            return stats;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!(
        "`{name}` never reached {n}: {}",
        server.lobby.notifier().stats().json()
    );
}

/// A two-person Big Boss table: the link of the seat to act first, then the other's.
async fn two_people(server: &TestServer) -> (String, String, String, String) {
    let table = server.create("modern", &["human", "human"]).await;
    let links: Vec<String> = table
        .seats
        .iter()
        .map(|s| s.link.clone().unwrap())
        .collect();
    let mut c = server.connect(&links[0]).await;
    let first = c.until("state").await["to_act"][0].as_u64().unwrap() as usize;
    (
        table.id.clone(),
        table.spectator.clone(),
        links[first].clone(),
        links[1 - first].clone(),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn your_turn_reaches_an_away_person_once_per_turn_never_on_the_page_nor_within_the_gap() {
    let mut smtp = SmtpSink::start().await;
    let mut hooks = HookSink::start(0).await;
    let server = start_notifying(NotifySettings {
        smtp_url: Some(smtp.url()),
        public_url: Some("https://play.example.org".into()),
        allow_private: true,
        away: Duration::ZERO,
        gap: Duration::from_secs(3600),
        retry: Duration::from_millis(10),
        ..NotifySettings::default()
    })
    .await;
    let (id, spectator, p_link, q_link) = two_people(&server).await;
    let mut p = server.connect(&p_link).await;
    let mut q = server.connect(&q_link).await;
    let mut watcher = server.connect(&spectator).await;
    p.until("notify").await;
    q.until("notify").await;
    watcher.until("state").await;

    // A bad e-mail address is refused; good ones are told back to their seat.
    let bad = ask(
        &mut q,
        json!({"type": "notify", "email": "not-an-address"}),
        "notify",
    )
    .await;
    assert_eq!(bad["code"], "bad_address", "{bad}");
    assert!(
        bad["message"]
            .as_str()
            .unwrap()
            .contains("not an e-mail address"),
        "{bad}"
    );
    let q_hook = hooks.url("q");
    let set = json!({"type": "notify", "email": "q@example.org", "webhook": q_hook});
    let told = ask(&mut q, set, "notify").await;
    assert_eq!(told["email"], "q@example.org", "{told}");
    assert_eq!(told["webhook"], q_hook.as_str());
    assert_eq!(told["email_enabled"], true);
    let p_hook = hooks.url("p");
    ask(
        &mut p,
        json!({"type": "notify", "webhook": p_hook}),
        "notify",
    )
    .await;

    // q leaves; p ends the turn: q is told, by e-mail and webhook, with q's own link.
    drop(q);
    end_turn(&mut p).await;
    let mail = smtp.next().await;
    assert_eq!(mail.to, vec!["q@example.org".to_string()]);
    assert!(mail.data.contains("Your turn at Big Boss"), "{}", mail.data);
    let link = format!("https://play.example.org{q_link}");
    assert!(mail.data.contains(&link), "{}", mail.data);
    let (name, body) = hooks.next().await;
    assert_eq!(name, "q");
    for field in ["content", "text"] {
        let text = body[field].as_str().unwrap();
        assert!(text.starts_with("Your turn at Big Boss"), "{body}");
        assert!(text.ends_with(&link), "{body}");
    }

    // q comes back in the same turn: told what happened since, and its own addresses.
    let mut q = server.connect(&q_link).await;
    assert_eq!(q.until("notify").await["email"], "q@example.org");
    let since = q.until("since").await;
    assert!(!since["entries"].as_array().unwrap().is_empty(), "{since}");
    // q plays: p's turn, but p is on the page: held, nothing sent.
    end_turn(&mut q).await;
    until_stat(&server, "held_on_page", 1).await;
    assert!(hooks.taken().is_empty(), "nothing while p is on the page");
    // p leaves: told now (the away time is zero here).
    drop(p);
    let (name, _) = hooks.next().await;
    assert_eq!(name, "p");

    // p comes back and plays while q is away: q's turn again, but q's addresses had a message
    // within the gap: it waits.
    drop(q);
    let mut p = server.connect(&p_link).await;
    p.until("since").await;
    end_turn(&mut p).await;
    let stats = until_stat(&server, "held_rate", 1).await;
    assert_eq!(stats["sent"], 3, "{stats}");
    assert!(smtp.taken().is_empty());
    assert!(hooks.taken().is_empty());

    // Nobody else ever saw q's addresses.
    watcher.pump(100).await;
    p.pump(100).await;
    for text in watcher.received.iter().chain(&p.received) {
        assert!(!text.contains("q@example.org"), "{text}");
        assert!(!text.contains("/hook/q"), "{text}");
    }
    let r = reqwest::get(format!("{}/api/tables", server.url()))
        .await
        .unwrap();
    let listed = r.text().await.unwrap();
    assert!(!listed.contains("q@example.org") && !listed.contains("/hook/q"));
    let _ = id;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn failing_webhooks_are_retried_a_dead_relay_given_up_and_addresses_removed() {
    let mut hooks = HookSink::start(2).await;
    // A relay nobody listens on.
    let dead = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let dead_url = format!("smtp://{}", dead.local_addr().unwrap());
    drop(dead);
    let server = start_notifying(NotifySettings {
        smtp_url: Some(dead_url),
        allow_private: true,
        away: Duration::ZERO,
        attempts: 3,
        retry: Duration::from_millis(10),
        ..NotifySettings::default()
    })
    .await;
    let (id, _, p_link, q_link) = two_people(&server).await;
    let mut p = server.connect(&p_link).await;
    let mut q = server.connect(&q_link).await;
    p.until("notify").await;
    q.until("notify").await;
    let flaky = format!("http://{}/flaky/q", hooks.addr);
    let set = json!({"type": "notify", "email": "q@example.org", "webhook": flaky});
    ask(&mut q, set, "notify").await;
    drop(q);
    // The table answers p's actions whatever the relay does.
    end_turn(&mut p).await;
    let (name, body) = hooks.next().await;
    assert_eq!(name, "q");
    assert!(body["content"].as_str().unwrap().contains("Your turn"));
    assert_eq!(
        hooks.flaky_calls.load(std::sync::atomic::Ordering::SeqCst),
        3
    );
    until_stat(&server, "sent", 1).await;
    let stats = until_stat(&server, "failed", 1).await;
    assert!(stats["retried"].as_u64().unwrap() >= 4, "{stats}");
    assert_eq!(stats["sent"], 1, "{stats}");

    // Removed: told back empty, and nothing stays stored.
    let mut q = server.connect(&q_link).await;
    q.until("notify").await;
    let removed = ask(&mut q, json!({"type": "notify"}), "notify").await;
    assert_eq!(removed["email"], Value::Null, "{removed}");
    assert_eq!(removed["webhook"], Value::Null, "{removed}");
    let conn = rusqlite::Connection::open(&server.db).unwrap();
    let rows: i64 = conn
        .query_row(
            "SELECT COUNT(*) FROM notify WHERE table_id = ?1",
            [&id],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(rows, 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_addresses_are_refused_with_a_clear_message() {
    // No relay, webhooks to public networks only (the defaults).
    let server = start_notifying(NotifySettings::default()).await;
    let (_, spectator, p_link, _) = two_people(&server).await;
    let mut p = server.connect(&p_link).await;
    p.until("notify").await;
    let cases = [
        (json!({"email": "p@example.org"}), "sends no e-mail"),
        (
            json!({"webhook": "ftp://example.org/hook"}),
            "http:// or https://",
        ),
        (
            json!({"webhook": "http://127.0.0.1:9/hook"}),
            "private network",
        ),
        (json!({"webhook": "http://[::1]/hook"}), "private network"),
        (
            json!({"webhook": "http://10.0.0.7/hook"}),
            "private network",
        ),
        (json!({"webhook": "no url"}), "not a URL"),
    ];
    for (mut body, why) in cases {
        body["type"] = json!("notify");
        let refused = ask(&mut p, body.clone(), "notify").await;
        assert_eq!(refused["code"], "bad_address", "{body}: {refused}");
        let text = refused["message"].as_str().unwrap();
        assert!(text.contains(why), "{body}: {text}");
    }
    let mut watcher = server.connect(&spectator).await;
    watcher.until("state").await;
    let refused = ask(
        &mut watcher,
        json!({"type": "notify", "webhook": ""}),
        "notify",
    )
    .await;
    assert_eq!(refused["code"], "spectator", "{refused}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectator_is_refused_before_any_look_up_and_no_refusal_names_an_address() {
    // Webhooks to public networks only (the default): a name must be looked up to be judged.
    let server = start_notifying(NotifySettings::default()).await;
    let (_, spectator, p_link, _) = two_people(&server).await;
    let lookups = || {
        server.lobby.notifier().stats().json()["lookups"]
            .as_u64()
            .unwrap()
    };
    let mut watcher = server.connect(&spectator).await;
    watcher.until("state").await;
    for body in [
        json!({"type": "notify", "webhook": "http://localhost:9/hook"}),
        json!({"type": "notify", "webhook": "http://10.0.0.7/hook"}),
        json!({"type": "notify", "webhook": "not a url"}),
        json!({"type": "notify", "email": "x@example.org"}),
    ] {
        let refused = ask(&mut watcher, body.clone(), "notify").await;
        assert_eq!(refused["code"], "spectator", "{body}: {refused}");
        assert!(
            refused["message"]
                .as_str()
                .unwrap()
                .contains("only a seat's invite link"),
            "{refused}"
        );
    }
    assert_eq!(lookups(), 0, "a spectator's webhook host was looked up");

    // A seat's person may have a name looked up (counted: the counter works), and the refusal
    // says what kind of network it is on, never the address it resolved to.
    let mut p = server.connect(&p_link).await;
    p.until("notify").await;
    let refused = ask(
        &mut p,
        json!({"type": "notify", "webhook": "http://localhost:9/hook"}),
        "notify",
    )
    .await;
    assert_eq!(refused["code"], "bad_address", "{refused}");
    let text = refused["message"].as_str().unwrap();
    assert!(text.contains("private network"), "{text}");
    for address in ["127.0.0.1", "::1", "127.0.1.1"] {
        assert!(!text.contains(address), "{text}");
    }
    assert_eq!(lookups(), 1);
}
