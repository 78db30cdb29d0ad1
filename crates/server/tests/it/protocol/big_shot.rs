//! Big Shot over the wire: a whole game between bots, a refused bid, a restarted server.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bots_play_a_whole_big_shot_game_over_the_wire() {
    let server = start().await;
    let table = server
        .create_with(json!({"game": "big-shot", "seats": ["random", "heuristic", "easy"]}))
        .await;
    assert!(table.seats.iter().all(|s| s.link.is_none()));
    assert_eq!(table.seats[1].name, "Orange");
    let mut watcher = server.connect(&table.spectator).await;
    let welcome = watcher.until("welcome").await;
    assert_eq!(welcome["table"]["game"], "big-shot");
    assert_eq!(welcome["table"]["edition"], "standard");
    let first = watcher.until("state").await;
    assert_eq!(
        first["extra"]["board"]["lots"].as_array().unwrap().len(),
        13
    );
    assert_eq!(first["extra"]["board"]["spaces"], 18);
    assert!(
        first["extra"].get("cash").is_none(),
        "a spectator has no cash"
    );
    let end = loop {
        let v = watcher.until("state").await;
        if v["to_act"].as_array().unwrap().is_empty() {
            break v;
        }
    };
    let obs = &end["observation"];
    assert_eq!(obs["scores"].as_array().unwrap().len(), 3);
    assert_eq!(obs["phase"]["step"], "over");
    let events = end["last"]["events"].as_array().unwrap();
    assert!(events
        .iter()
        .all(|e| !e["text"].as_str().unwrap().is_empty()));
    let version = end["version"].as_u64().unwrap() as usize;
    assert!(version > 30, "a whole game takes many actions ({version})");
    assert_eq!(server.stored_actions(&table.id).len(), version);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_illegal_big_shot_bid_is_refused_and_nothing_is_written() {
    let server = start().await;
    let table = server
        .create_with(json!({"game": "big-shot", "seats": ["human", "human"]}))
        .await;
    let mut clients = Vec::new();
    for s in &table.seats {
        let mut c = server.connect(s.link.as_ref().unwrap()).await;
        c.until("state").await;
        clients.push(c);
    }
    // Roll and decline loans until somebody may bid.
    for _ in 0..10 {
        let i = clients.iter().position(|c| !c.legal().is_empty()).unwrap();
        if clients[i].legal().iter().any(|a| a.starts_with("bid ")) {
            break;
        }
        let legal = clients[i].legal();
        let action = legal
            .iter()
            .find(|a| *a == "roll" || *a == "decline")
            .unwrap_or(&legal[0])
            .clone();
        let v = clients[i].version();
        clients[i].play(&action).await;
        for c in clients.iter_mut() {
            c.until_version(v + 1).await;
        }
    }
    let i = clients.iter().position(|c| !c.legal().is_empty()).unwrap();
    assert!(clients[i].legal().iter().any(|a| a.starts_with("bid ")));
    let cash = clients[i].state.as_ref().unwrap()["extra"]["cash"]
        .as_u64()
        .unwrap();
    let before = server.stored_actions(&table.id).len();
    clients[i].act(&format!("bid {}", cash + 1)).await;
    let err = clients[i].until("error").await;
    assert_eq!(err["code"], "illegal", "{err}");
    assert!(!err["message"].as_str().unwrap().is_empty());
    clients[i].act("bid lots").await;
    assert_eq!(clients[i].until("error").await["code"], "notation");
    assert_eq!(server.stored_actions(&table.id).len(), before);
    // A legal bid at the minimum is accepted.
    let min = clients[i].state.as_ref().unwrap()["extra"]["min_bid"]
        .as_u64()
        .unwrap();
    let state = clients[i].play(&format!("bid {min}")).await;
    assert_eq!(state["observation"]["bid"], min);
    assert_eq!(server.stored_actions(&table.id).len(), before + 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restarted_server_resumes_a_big_shot_table() {
    let server = start().await;
    let table = server
        .create_with(json!({"game": "big-shot", "seats": ["human", "human"], "hidden_money": true}))
        .await;
    let links: Vec<String> = table
        .seats
        .iter()
        .map(|s| s.link.clone().unwrap())
        .collect();
    let mut clients = Vec::new();
    for l in &links {
        let mut c = server.connect(l).await;
        c.until("state").await;
        clients.push(c);
    }
    play_first_legal(&mut clients, 30).await;
    let before: Vec<Value> = clients.iter().map(|c| c.state.clone().unwrap()).collect();
    // Hidden money: each seat sees its own coins only.
    for (seat, b) in before.iter().enumerate() {
        for c in b["observation"]["colours"].as_array().unwrap() {
            assert_eq!(c["coins"].is_null(), c["seat"] != seat, "{c}");
        }
    }
    // A second server on the same database replays the table from its stored actions.
    let again = boardroom_server::Server::bind(boardroom_server::Settings {
        addr: "127.0.0.1:0".parse().unwrap(),
        db: server.db.clone(),
        bot_delay: std::time::Duration::ZERO,
        limits: Default::default(),
        ..Default::default()
    })
    .await
    .unwrap();
    let url = format!("http://{}", again.addr);
    let _task = again.spawn();
    for (link, b) in links.iter().zip(&before) {
        let mut c = common::Client::connect(&url, link).await;
        let welcome = c.until("welcome").await;
        assert_eq!(welcome["table"]["edition"], "hidden-money");
        let s = c.until("state").await;
        assert_eq!(s["version"], b["version"]);
        assert_eq!(
            s["observation"], b["observation"],
            "the same state after restart"
        );
        assert_eq!(s["actions"], b["actions"]);
        assert_eq!(s["extra"], b["extra"]);
    }
}
