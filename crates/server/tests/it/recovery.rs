//! A table survives a bug in its own task: a panic injected into it is caught, the table is
//! rebuilt from the database, its people are told and sent the state, and play goes on.

use crate::common::start;
use boardroom_server::table::Command;
use serde_json::Value;
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_panic_in_a_table_is_caught_and_the_table_rebuilt_from_the_database() {
    let server = start().await;
    let table = server.create("modern", &["human", "human"]).await;
    let mut people = Vec::new();
    for seat in &table.seats {
        let mut c = server.connect(seat.link.as_deref().unwrap()).await;
        c.until("state").await;
        people.push(c);
    }
    // A few actions, each acknowledged (stored) before the next.
    for _ in 0..3 {
        let who = people
            .iter()
            .position(|c| !c.legal().is_empty())
            .expect("someone is to act");
        let action = people[who].legal()[0].clone();
        people[who].play(&action).await;
        for c in people.iter_mut() {
            c.pump(100).await;
        }
    }
    let before: Vec<Value> = people.iter().map(|c| c.state.clone().unwrap()).collect();

    let handle = server.lobby.get(&table.id).expect("the table is live");
    handle
        .tx
        .send(Command::Fault)
        .await
        .expect("the table runs");
    for (c, b) in people.iter_mut().zip(&before) {
        let told = c.until("error").await;
        assert_eq!(told["code"], "internal", "{told}");
        assert!(
            told["message"].as_str().unwrap().contains("restored"),
            "{told}"
        );
        let state = c.until("state").await;
        assert_eq!(
            state["version"], b["version"],
            "nothing acknowledged is lost"
        );
        assert_eq!(state["observation"], b["observation"]);
        assert_eq!(state["actions"], b["actions"]);
    }
    // The table goes on: the next action is accepted and stored.
    let who = people
        .iter()
        .position(|c| !c.legal().is_empty())
        .expect("someone is to act");
    let action = people[who].legal()[0].clone();
    let after = people[who].play(&action).await;
    assert_eq!(
        after["version"].as_u64().unwrap(),
        before[who]["version"].as_u64().unwrap() + 1
    );
    assert_eq!(
        server.stored_actions(&table.id).len(),
        after["version"].as_u64().unwrap() as usize
    );
    // Still listed in the lobby.
    let listed: Vec<Value> = reqwest::get(format!("{}/api/tables", server.url()))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert!(listed.iter().any(|t| t["id"] == table.id.as_str()));
    tokio::time::sleep(Duration::from_millis(10)).await;
}
