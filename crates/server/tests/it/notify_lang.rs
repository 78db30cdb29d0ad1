//! "Your turn" in the recipient's language: the addresses a seat's person leaves keep the
//! language of their page, and the e-mail and webhook text reach them in it (against a local
//! SMTP sink and a local HTTP sink); a seat whose page is English is told in English.

use crate::common::sinks::{HookSink, SmtpSink};
use crate::common::{start_notifying, Client};
use crate::people::{ask, end_turn};
use boardroom_server::notify::NotifySettings;
use serde_json::json;
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_german_seat_is_told_in_german_and_an_english_one_in_english() {
    let mut smtp = SmtpSink::start().await;
    let mut hooks = HookSink::start(0).await;
    let server = start_notifying(NotifySettings {
        smtp_url: Some(smtp.url()),
        allow_private: true,
        away: Duration::ZERO,
        retry: Duration::from_millis(10),
        ..NotifySettings::default()
    })
    .await;
    let table = server.create("modern", &["human", "human"]).await;
    let links: Vec<String> = table
        .seats
        .iter()
        .map(|s| s.link.clone().unwrap())
        .collect();
    let mut c = server.connect(&links[0]).await;
    let first = c.until("state").await["to_act"][0].as_u64().unwrap() as usize;
    drop(c);
    let (p_link, q_link) = (links[first].clone(), links[1 - first].clone());

    // q's page is German (its language cookie), p's English.
    let mut q = Client::connect_cookie(&server.url(), &q_link, Some("lang=de")).await;
    q.until("notify").await;
    let q_hook = hooks.url("q");
    let set = json!({"type": "notify", "email": "q@example.org", "webhook": q_hook});
    assert_eq!(ask(&mut q, set, "notify").await["email"], "q@example.org");
    let mut p = server.connect(&p_link).await;
    p.until("notify").await;
    let p_hook = hooks.url("p");
    ask(
        &mut p,
        json!({"type": "notify", "webhook": p_hook}),
        "notify",
    )
    .await;
    let stored: String = rusqlite::Connection::open(&server.db)
        .unwrap()
        .query_row(
            "SELECT lang FROM notify WHERE table_id = ?1 AND seat = ?2",
            rusqlite::params![table.id, (1 - first) as i64],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(stored, "de");

    // q is away when p ends the turn: a German e-mail and a German webhook text.
    drop(q);
    end_turn(&mut p).await;
    let mail = smtp.next().await;
    assert_eq!(mail.to, vec!["q@example.org".to_string()]);
    let subject = format!("Du bist am Zug: Big Boss (Tisch {})", table.id);
    assert!(
        mail.data.contains(&format!("Subject: {subject}")),
        "{}",
        mail.data
    );
    assert!(!mail.data.contains("Your turn"), "{}", mail.data);
    assert!(mail.data.contains(&q_link), "{}", mail.data);
    let (name, body) = hooks.next().await;
    assert_eq!(name, "q");
    assert_eq!(body["title"], subject.as_str(), "{body}");
    for field in ["content", "text"] {
        let text = body[field].as_str().unwrap();
        assert!(text.starts_with(&subject), "{body}");
        assert!(text.ends_with(&q_link), "{body}");
    }

    // q comes back (English this time: the stored language is the one the address was left
    // with) and ends the turn while p is away: p's page was English, so is its message.
    let mut q = server.connect(&q_link).await;
    q.until("since").await;
    drop(p);
    end_turn(&mut q).await;
    let (name, body) = hooks.next().await;
    assert_eq!(name, "p");
    let text = body["text"].as_str().unwrap();
    assert!(
        text.starts_with(&format!("Your turn at Big Boss (table {})", table.id)),
        "{body}"
    );
}
