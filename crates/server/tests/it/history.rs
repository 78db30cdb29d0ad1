//! A table's history over real WebSockets and HTTP: the whole log, taking back a slip against
//! bots (and every refusal), the game record of a finished table replayed through the
//! library path of `boardroom replay`, the replay's frames, and the list of finished tables.

use crate::common::{start, start_with_bot_delay, Client, TestServer};
use boardroom_bigboss::BigBoss;
use boardroom_engine::{Game, Record, Viewer};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// Sends `msg` and returns the first answer of type `ty` or `error`, retrying when the rate
/// limit refused it.
async fn ask(c: &mut Client, msg: Value, ty: &str) -> Value {
    c.send(msg.clone()).await;
    loop {
        let v = c.next().await.expect("open connection");
        if v["type"] == "error" && v["code"] == "rate_limited" {
            tokio::time::sleep(Duration::from_millis(1100)).await;
            c.send(msg.clone()).await;
        } else if v["type"] == ty || v["type"] == "error" {
            return v;
        }
    }
}

/// Reads until it is `c`'s seat's turn (a state with actions), or the game is over.
async fn until_my_turn(c: &mut Client) -> Value {
    loop {
        if let Some(s) = &c.state {
            if !c.legal().is_empty() || s["to_act"].as_array().unwrap().is_empty() {
                return s.clone();
            }
        }
        c.next().await.expect("open connection");
    }
}

/// Plays (first legal, preferring short turns) until the game is over; returns the last state.
async fn play_to_the_end(c: &mut Client) -> Value {
    loop {
        let s = until_my_turn(c).await;
        if s["to_act"].as_array().unwrap().is_empty() {
            return s;
        }
        let legal = c.legal();
        let action = legal
            .iter()
            .find(|a| a.starts_with("play") || *a == "pass" || *a == "end")
            .unwrap_or(&legal[0])
            .clone();
        c.play(&action).await;
    }
}

/// GETs `path` on the server: status and JSON body.
async fn get(server: &TestServer, path: &str) -> (u16, Value) {
    let r = reqwest::get(format!("{}{path}", server.url()))
        .await
        .unwrap();
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

/// Replays a downloaded record through the library path `boardroom replay` takes.
pub(crate) fn replay_record(record: &Value) -> BigBoss {
    let record: Record<<BigBoss as Game>::Config> =
        serde_json::from_value(record.clone()).expect("a game record");
    record.replay::<BigBoss>().expect("the record replays").0
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_table_gives_its_whole_log_record_replay_and_leaves_the_live_list() {
    let server = start().await;
    let table = server.create("modern", &["random", "random"]).await;
    let mut watcher = server.connect(&table.spectator).await;
    watcher.until("welcome").await;
    let end = loop {
        let v = watcher.until("state").await;
        if v["to_act"].as_array().unwrap().is_empty() {
            break v;
        }
    };
    let version = end["version"].as_u64().unwrap() as usize;
    assert!(version > 20, "a whole game takes many actions ({version})");

    // The whole log: every action, oldest first, each with its turn.
    let log = ask(&mut watcher, json!({"type": "log"}), "log").await;
    let entries = log["entries"].as_array().unwrap();
    assert_eq!(entries.len(), version);
    for (i, e) in entries.iter().enumerate() {
        assert_eq!(e["index"], i);
        assert!(e.get("undone").is_none(), "nothing was taken back");
    }
    let turns: Vec<u64> = entries
        .iter()
        .map(|e| e["turn"].as_u64().unwrap())
        .collect();
    assert!(
        turns.windows(2).all(|w| w[0] <= w[1]),
        "turns never go back"
    );
    assert!(turns.last() > turns.first());
    // A new connection's welcome brings only the most recent part.
    let mut late = server.connect(&table.spectator).await;
    let w = late.until("welcome").await;
    let recent = w["log"].as_array().unwrap();
    assert_eq!(recent.len(), version.min(200));
    assert_eq!(recent.last().unwrap()["index"], version - 1);

    // The record, with the spectator link: replays to the same end.
    let (status, record) = get(&server, &format!("/t/{}/record", table.id)).await;
    assert_eq!(status, 200, "{record}");
    assert_eq!(record["actions"].as_array().unwrap().len(), version);
    let game = replay_record(&record);
    assert!(game.is_over());
    assert_eq!(
        serde_json::to_value(game.observe(Viewer::Spectator)).unwrap(),
        end["observation"]
    );
    // A token that holds no seat is refused.
    let (status, body) = get(&server, &format!("/t/{}/record?k=00ff", table.id)).await;
    assert_eq!(status, 403, "{body}");
    let (status, _) = get(&server, "/t/nosuchtable/record").await;
    assert_eq!(status, 404);

    // The replay: the set-up, a step, the end (as a seat: its hand is shown).
    let f0 = ask(
        &mut watcher,
        json!({"type": "replay", "step": 0, "seat": 1}),
        "replay",
    )
    .await;
    assert_eq!(f0["step"], 0);
    assert_eq!(f0["steps"], version);
    assert_eq!(f0["last"], Value::Null);
    assert!(f0["observation"]["hand"].is_array(), "{f0}");
    let f1 = ask(&mut watcher, json!({"type": "replay", "step": 1}), "replay").await;
    assert_eq!(f1["last"]["index"], 0);
    assert_eq!(f1["seat"], f1["last"]["seat"]);
    let fend = ask(
        &mut watcher,
        json!({"type": "replay", "step": version, "seat": 0}),
        "replay",
    )
    .await;
    assert_eq!(
        fend["observation"],
        serde_json::to_value(game.observe(Viewer::Seat(0))).unwrap()
    );
    let turns = fend["turns"].as_array().unwrap();
    assert_eq!(turns[0], json!([turns[0][0], 0]));
    let beyond = ask(
        &mut watcher,
        json!({"type": "replay", "step": version + 1}),
        "replay",
    )
    .await;
    assert_eq!(beyond["code"], "malformed", "{beyond}");
    let bad_seat = ask(
        &mut watcher,
        json!({"type": "replay", "step": 0, "seat": 7}),
        "replay",
    )
    .await;
    assert_eq!(bad_seat["code"], "malformed", "{bad_seat}");

    // The live list no longer shows it; the finished list does, with the winners.
    let (_, live) = get(&server, "/api/tables").await;
    assert!(live
        .as_array()
        .unwrap()
        .iter()
        .all(|t| t["id"] != table.id.as_str()));
    let winners: Vec<Value> = end["scores"]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["winner"] == true)
        .map(|r| r["name"].clone())
        .collect();
    let deadline = Instant::now() + Duration::from_secs(20);
    let listed = loop {
        let (status, finished) = get(&server, "/api/tables/finished").await;
        assert_eq!(status, 200);
        if let Some(t) = finished
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["id"] == table.id.as_str())
        {
            break t.clone();
        }
        assert!(
            Instant::now() < deadline,
            "the finished table is not listed"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(listed["winners"], Value::Array(winners));
    assert_eq!(listed["game"], "big-boss");
    assert_eq!(listed["actions"], version);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_takes_back_a_slip_against_bots_and_the_record_stays_exact() {
    let server = start().await;
    let table = server.create("modern", &["human", "random"]).await;
    let mut me = server
        .connect(table.seats[0].link.as_deref().unwrap())
        .await;
    let first = until_my_turn(&mut me).await;
    let legal_before = me.legal();
    let play = legal_before
        .iter()
        .find(|a| a.starts_with("play"))
        .expect("a card to play")
        .clone();
    let played = me.play(&play).await;
    let index = played["last"]["index"].as_u64().unwrap();
    let undone = ask(&mut me, json!({"type": "undo"}), "undone").await;
    assert_eq!(undone["index"], index, "{undone}");
    assert_eq!(undone["seat"], 0);
    let back = me.until("state").await;
    assert_eq!(back["version"], played["version"].as_u64().unwrap() + 1);
    assert_eq!(
        back["observation"], first["observation"],
        "the state is as before"
    );
    assert_eq!(me.legal(), legal_before);
    // Stored, marked undone; the log shows it marked.
    let log = ask(&mut me, json!({"type": "log"}), "log").await;
    let entry = &log["entries"][index as usize];
    assert_eq!(entry["undone"], true, "{entry}");
    assert_eq!(entry["action"], play.as_str());
    assert_eq!(server.stored_actions(&table.id).len(), index as usize + 1);

    // Nothing of mine left this turn: refused, nothing changes.
    let version = me.version();
    let refused = ask(&mut me, json!({"type": "undo"}), "undone").await;
    assert_eq!(refused["code"], "illegal", "{refused}");
    let text = refused["message"].as_str().unwrap();
    assert!(
        text.contains("nothing has been played") || text.contains("has played since"),
        "{text}"
    );
    me.send(json!({"type": "sync"})).await;
    assert_eq!(me.until("state").await["version"], version);

    // Play to the end: the record keeps the undone action, and replays to the same end.
    let end = play_to_the_end(&mut me).await;
    tokio::time::sleep(Duration::from_millis(1100)).await; // the message bucket refills
    let link = table.seats[0].link.as_deref().unwrap();
    let k = link.split("?k=").nth(1).unwrap();
    let (status, record) = get(&server, &format!("/t/{}/record?k={k}", table.id)).await;
    assert_eq!(status, 200, "{record}");
    let stored = &record["actions"][index as usize];
    assert_eq!(stored, &json!({"seat": 0, "action": play, "undone": true}));
    // Any link of the finished table gives the same record, the spectator's too: nothing is
    // hidden once the game is over.
    let (status, watched) = get(&server, &format!("/t/{}/record", table.id)).await;
    assert_eq!(status, 200, "{watched}");
    assert_eq!(watched, record);
    let game = replay_record(&record);
    assert_eq!(
        serde_json::to_value(game.observe(Viewer::Seat(0))).unwrap(),
        end["observation"]
    );
    // After the end, nothing can be taken back.
    let over = ask(&mut me, json!({"type": "undo"}), "undone").await;
    assert_eq!(over["code"], "illegal", "{over}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn taking_back_is_refused_after_a_deck_draw_and_for_spectators() {
    // The bot waits long, so the draw stays the last action while the refusal is checked.
    let server = start_with_bot_delay(Duration::from_secs(600)).await;
    // The seed decides who begins: a table where Red (the person) does.
    let mut tries = 0;
    let (table, mut me) = loop {
        tries += 1;
        assert!(tries < 64, "Red never began");
        let table = server.create("modern", &["human", "random"]).await;
        let mut me = server
            .connect(table.seats[0].link.as_deref().unwrap())
            .await;
        if me.until("state").await["to_act"] == json!([0]) {
            break (table, me);
        }
    };
    let nothing = ask(&mut me, json!({"type": "undo"}), "undone").await;
    assert_eq!(nothing["code"], "illegal");
    assert!(nothing["message"]
        .as_str()
        .unwrap()
        .contains("nothing has been played"));
    let drawn = me.play("buy deck").await;
    let refused = ask(&mut me, json!({"type": "undo"}), "undone").await;
    assert_eq!(refused["code"], "illegal", "{refused}");
    let text = refused["message"].as_str().unwrap();
    assert!(
        text.contains("Your last action, “Buy from the deck”, cannot be taken back"),
        "{text}"
    );
    assert!(!text.contains('`'), "{text}");
    assert!(text.contains("hidden"), "{text}");
    me.send(json!({"type": "sync"})).await;
    let after = me.until("state").await;
    assert_eq!(after["version"], drawn["version"]);
    assert_eq!(after["observation"], drawn["observation"]);
    assert_eq!(server.stored_actions(&table.id).len(), 1);
    // The record of a running game is refused: it would show what is hidden.
    let (status, body) = get(&server, &format!("/t/{}/record", table.id)).await;
    assert_eq!(status, 409, "{body}");
    assert!(
        body["error"].as_str().unwrap().contains("still running"),
        "{body}"
    );

    // A spectator cannot take anything back.
    let mut watcher = server.connect(&table.spectator).await;
    watcher.until("state").await;
    let spectator = ask(&mut watcher, json!({"type": "undo"}), "undone").await;
    assert_eq!(spectator["code"], "spectator", "{spectator}");

    // At a table with another person, a running game's replay is refused too (taking back
    // among people: `people.rs`).
    let people = server.create("modern", &["human", "human"]).await;
    let mut red = server
        .connect(people.seats[0].link.as_deref().unwrap())
        .await;
    red.until("state").await;
    // The replay waits for the end of the game.
    let early = ask(&mut red, json!({"type": "replay", "step": 0}), "replay").await;
    assert_eq!(early["code"], "illegal", "{early}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn taking_back_stops_at_the_start_of_the_turn() {
    let server = start().await;
    // The bot plays first; then my turn.
    let table = server.create("modern", &["random", "human"]).await;
    let mut me = server
        .connect(table.seats[1].link.as_deref().unwrap())
        .await;
    let mut s = until_my_turn(&mut me).await;
    if s["version"] == 0 {
        // I began: end my turn by buying, so that the bot plays before my next turn.
        me.play("buy deck").await;
        me.until_version(2).await;
        s = until_my_turn(&mut me).await;
    }
    assert!(s["version"].as_u64().unwrap() >= 1, "the bot played");
    let play = me
        .legal()
        .into_iter()
        .find(|a| a.starts_with("play"))
        .expect("a card to play");
    me.play(&play).await;
    // A second action of the same turn, when there is one that reveals nothing.
    let second = me
        .legal()
        .into_iter()
        .find(|a| !a.starts_with("buy") && a != "end" && a != "pass");
    let mut mine = 1;
    if let Some(a) = second {
        me.play(&a).await;
        mine += 1;
    }
    for _ in 0..mine {
        let u = ask(&mut me, json!({"type": "undo"}), "undone").await;
        assert_eq!(u["type"], "undone", "{u}");
    }
    assert_eq!(me.until("state").await["observation"], s["observation"]);
    let refused = ask(&mut me, json!({"type": "undo"}), "undone").await;
    assert_eq!(refused["code"], "illegal");
    let text = refused["message"].as_str().unwrap();
    assert!(text.contains("Red has played since"), "{text}");
    let stored = server.stored_actions(&table.id);
    assert_eq!(stored.len(), s["version"].as_u64().unwrap() as usize + mine);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_private_table_stays_out_of_the_finished_list() {
    let server = start().await;
    let hidden = server
        .create_with(json!({"game": "big-boss", "seats": ["random", "random"], "private": true}))
        .await;
    let mut watcher = server.connect(&hidden.spectator).await;
    watcher.until("welcome").await;
    loop {
        let v = watcher.until("state").await;
        if v["to_act"].as_array().unwrap().is_empty() {
            break;
        }
    }
    // The end is stored (so the table could be listed) ...
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let stored: i64 = rusqlite::Connection::open(&server.db)
            .unwrap()
            .query_row(
                "SELECT count(*) FROM finished WHERE table_id = ?1",
                [&hidden.id],
                |r| r.get(0),
            )
            .unwrap();
        if stored == 1 {
            break;
        }
        assert!(Instant::now() < deadline, "the finished game is not stored");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // ... yet the list leaves it out, as the live list did.
    let (status, finished) = get(&server, "/api/tables/finished").await;
    assert_eq!(status, 200);
    assert!(
        finished
            .as_array()
            .unwrap()
            .iter()
            .all(|t| t["id"] != hidden.id.as_str()),
        "{finished}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn finished_tables_in_the_database_are_listed_from_start_up() {
    use crate::common::stored::StoredTable;
    use boardroom_bigboss::{Config, Edition};
    use boardroom_engine::Present;
    // Two games played to the end in-process and stored without a line in the list of
    // finished tables (as games that ended before the list was kept), one of them private.
    let config = Config::new(Edition::Modern, 2);
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("finished.sqlite");
    let mut winners = Vec::new();
    let mut lengths = Vec::new();
    for (i, seed) in [7u64, 8].into_iter().enumerate() {
        let mut g = BigBoss::new(&config, seed).unwrap();
        let mut legal = Vec::new();
        let mut actions = Vec::new();
        while let Some(seat) = g.to_act().first() {
            assert!(
                actions.len() < 5_000,
                "the game of seed {seed} does not end"
            );
            g.legal_actions(seat, &mut legal);
            let a = legal[actions.len() * 7 % legal.len()];
            actions.push((seat, g.format_action(a)));
            g.play(seat, a).unwrap();
        }
        let names: Vec<String> = g
            .outcome()
            .unwrap()
            .winners
            .iter()
            .map(BigBoss::seat_name)
            .collect();
        winners.push(names);
        lengths.push(actions.len());
        let mut table = StoredTable::new::<BigBoss>(
            &format!("done{i}"),
            &config,
            seed,
            &["random", "random"],
            actions,
        );
        table.row.private = i == 1;
        table.row.created = 1_700_000_000 + i as i64;
        table.write(&db).await;
    }
    let server = crate::common::start_on(dir, db, Duration::ZERO).await;
    // From start-up on, the public one is listed with its winners; the private one is not.
    let (status, finished) = get(&server, "/api/tables/finished").await;
    assert_eq!(status, 200, "{finished}");
    let list = finished.as_array().unwrap();
    let listed = list
        .iter()
        .find(|t| t["id"] == "done0")
        .unwrap_or_else(|| panic!("the stored finished table is listed: {finished}"));
    assert_eq!(listed["winners"], json!(winners[0]));
    assert!(!winners[0].is_empty());
    assert_eq!(listed["title"], "Big Boss");
    assert_eq!(listed["edition"], "modern");
    assert_eq!(listed["actions"], lengths[0]);
    assert_eq!(
        listed["finished"], 1_700_000_000,
        "its creation time stands in"
    );
    assert!(
        list.iter().all(|t| t["id"] != "done1"),
        "a private table stays unlisted: {finished}"
    );
    // The finished table stays archived: it is not among the tables being played.
    let (_, live) = get(&server, "/api/tables").await;
    assert!(
        live.as_array().unwrap().iter().all(|t| t["id"] != "done0"),
        "{live}"
    );
}
