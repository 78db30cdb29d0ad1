//! What one offer costs at a table: every viewer (each seat and a spectator) is sent a small
//! patch, not its whole state, and the patches make exactly the state the server would send
//! whole; moves that do not move the game on are refused past each seat's budget, with a
//! sentence saying so, nothing stored. The Boss: four people and a spectator.

use crate::common::{self, Client, TestServer};
use boardroom_server::conn::Limits;
use boardroom_server::rate::Rate;
use serde_json::{json, Value};

/// The most bytes a viewer may be sent for one offer.
const OFFER_BYTES: usize = 3_072;

/// Four people and a spectator at a new The Boss table, each with its first state.
async fn table(server: &TestServer) -> Vec<Client> {
    let created = server
        .create_with(json!({"game": "the-boss", "seats": ["human", "human", "human", "human"]}))
        .await;
    let mut clients = Vec::new();
    for link in created
        .seats
        .iter()
        .map(|s| s.link.clone().unwrap())
        .chain([created.spectator.clone()])
    {
        let mut c = server.connect(&link).await;
        c.until("state").await;
        clients.push(c);
    }
    clients
}

/// The active player, from a state.
fn active(c: &Client) -> usize {
    c.state.as_ref().unwrap()["observation"]["public"]["turn"]["seat"]
        .as_u64()
        .unwrap() as usize
}

/// `x`'s offer of $10 to `to`, in its JSON form.
fn offer(to: usize) -> Value {
    json!({"type": "act", "action": {"action": "offer", "args": {"to": to, "give": {"cash": 10}}}})
}

/// A state as it compares with another of the same table state: without its sequence number,
/// its number, the step that led to it (a state sent again has none), or the time its timers
/// had left when it was made.
fn comparable(state: &Value) -> Value {
    let mut s = state.clone();
    let o = s.as_object_mut().unwrap();
    for k in ["seq", "rev", "last"] {
        o.remove(k);
    }
    for t in o["timers"].as_array_mut().into_iter().flatten() {
        t["ms_left"] = 0.into();
    }
    s
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_offer_costs_each_viewer_a_small_patch_that_makes_the_whole_state() {
    let server = common::start().await;
    let mut clients = table(&server).await;
    let x = active(&clients[0]);
    // The first offer opens the floor to everyone (new actions for every seat); the second is
    // one more offer on the table.
    clients[x].send(offer((x + 1) % 4)).await;
    for c in clients.iter_mut() {
        c.until_version(1).await;
    }
    let version = clients[0].version();
    let before: Vec<usize> = clients.iter().map(|c| c.received.len()).collect();
    clients[x].send(offer((x + 2) % 4)).await;
    for (i, c) in clients.iter_mut().enumerate() {
        let state = c.until_version(version + 1).await;
        assert_eq!(state["last"]["seat"], x, "the offer was played: {state}");
        let texts: Vec<String> = c.received[before[i]..]
            .iter()
            .filter(|t| t.contains(r#""type":"patch""#) || t.contains(r#""type":"state""#))
            .cloned()
            .collect();
        assert_eq!(texts.len(), 1, "one message for the offer: {texts:?}");
        let sent = &texts[0];
        assert!(sent.contains(r#""type":"patch""#), "{sent}");
        assert!(
            sent.len() < OFFER_BYTES,
            "viewer {i} was sent {} bytes for one offer: {sent}",
            sent.len()
        );
        // The whole state, asked for: what the patch made, and far larger than the patch.
        c.send(json!({"type": "sync"})).await;
        let seq = c.last_seq;
        let whole = loop {
            let m = c.until("state").await;
            if m["seq"].as_u64().unwrap() > seq {
                break m;
            }
        };
        let whole_bytes = c.received.last().unwrap().len();
        assert!(
            whole_bytes > 4 * sent.len(),
            "whole state {whole_bytes} bytes, patch {} bytes",
            sent.len()
        );
        assert_eq!(comparable(&state), comparable(&whole), "viewer {i}");
        println!(
            "viewer {i}: offer {} bytes, whole state {whole_bytes} bytes",
            sent.len()
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moves_that_do_not_move_the_game_on_are_refused_past_a_seats_budget() {
    let server = common::start_limited(Limits {
        seat_moves: Rate {
            per_second: 0.0001,
            burst: 4.0,
        },
        ..Limits::default()
    })
    .await;
    let mut clients = table(&server).await;
    let x = active(&clients[0]);
    // Offers to three partners and a withdrawal: four moves, the budget.
    for to in 1..4 {
        let v = clients[x].version();
        clients[x].send(offer((x + to) % 4)).await;
        clients[x].until_version(v + 1).await;
    }
    let id = clients[x].state.as_ref().unwrap()["observation"]["public"]["offers"][0]["id"]
        .as_u64()
        .unwrap();
    let v = clients[x].play(&format!("withdraw {id}")).await["version"]
        .as_u64()
        .unwrap();
    let stored = server.stored_actions(&server_table(&server));
    // The fifth is refused, saying why, and nothing is stored.
    clients[x].send(offer((x + 1) % 4)).await;
    let e = clients[x].until("error").await;
    assert_eq!(e["code"], "rate_limited", "{e}");
    let m = e["message"].as_str().unwrap();
    assert!(
        m.starts_with("Too many moves") && m.contains("each seat may make 4") && m.ends_with('.'),
        "{m}"
    );
    assert_eq!(server.stored_actions(&server_table(&server)), stored);
    assert_eq!(clients[x].version(), v);
    // Another seat has its own budget.
    let y = (x + 1) % 4;
    let v = clients[y].version();
    clients[y].send(offer(x)).await;
    clients[y].until_version(v + 1).await;
}

/// The id of the only table of `server`.
fn server_table(server: &TestServer) -> String {
    rusqlite::Connection::open(&server.db)
        .unwrap()
        .query_row("SELECT id FROM tables", [], |r| r.get(0))
        .unwrap()
}
