//! A table asked to move to another instance at the start of a turn (rebalancing) goes on
//! through the turn under way and stops only once it has ended; its connections are then
//! closed with the code that tells pages to reconnect at once.

use crate::common::start;
use boardroom_server::table::Command;
use futures_util::StreamExt;
use std::sync::atomic::Ordering;
use std::time::Duration;
use tokio::sync::oneshot;
use tokio_tungstenite::tungstenite::Message;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_moves_only_once_the_turn_under_way_has_ended() {
    let server = start().await;
    let t = server.create("classic", &["human", "human"]).await;
    let mut clients = Vec::new();
    for seat in &t.seats {
        let mut c = server.connect(seat.link.as_deref().unwrap()).await;
        c.until("state").await;
        clients.push(c);
    }
    // Plays the first legal action of whoever may act; returns the turn before and after.
    async fn step(clients: &mut [crate::common::Client]) -> (u64, u64) {
        let i = (0..clients.len())
            .find(|&i| !clients[i].legal().is_empty())
            .expect("someone may act");
        let before = clients[i].state.as_ref().unwrap()["turn"].as_u64().unwrap();
        let action = clients[i].legal()[0].clone();
        let state = clients[i].play(&action).await;
        let version = state["version"].as_u64().unwrap();
        for c in clients.iter_mut() {
            c.until_version(version).await;
        }
        (before, state["turn"].as_u64().unwrap())
    }
    // Into the middle of a turn: an action after which the same turn goes on.
    let mut mid_turn = false;
    for _ in 0..200 {
        let (before, after) = step(&mut clients).await;
        if before == after {
            mid_turn = true;
            break;
        }
    }
    assert!(mid_turn, "a turn of more than one action");

    let handle = server.lobby.get(&t.id).unwrap();
    let (reply, mut stopped) = oneshot::channel();
    handle
        .tx
        .send(Command::HandOver {
            at_turn: true,
            reply,
        })
        .await
        .unwrap();
    // The turn under way is played to its end here; the table stops right after.
    let mut ended = false;
    for _ in 0..200 {
        assert!(
            stopped.try_recv().is_err() && !handle.moved.load(Ordering::SeqCst),
            "the table stays in the middle of a turn"
        );
        let (before, after) = step(&mut clients).await;
        if before != after {
            ended = true;
            break;
        }
    }
    assert!(ended, "the turn ends");
    tokio::time::timeout(Duration::from_secs(20), stopped)
        .await
        .expect("the table stops once the turn ended")
        .unwrap();
    assert!(handle.moved.load(Ordering::SeqCst));
    // Its connections are told to reconnect.
    for c in &mut clients {
        let code = loop {
            match tokio::time::timeout(Duration::from_secs(20), c.ws.next())
                .await
                .expect("closed within 20 s")
            {
                Some(Ok(Message::Close(frame))) => break frame.map(|f| u16::from(f.code)),
                Some(Ok(_)) => continue,
                _ => break None,
            }
        };
        assert_eq!(code, Some(boardroom_server::conn::MOVED));
    }
}
