//! Ratings on both backends: a rated game's end moves its players' ratings once, in the
//! transaction that stores it; an unrated one moves none; a rebuild from the stored rated games
//! gives the same numbers; and over HTTP, a rated table of bots played to the end changes both
//! bots' ratings, seen in the leaderboard and the profile, while a rated table with a guest's
//! seat is refused with nothing created.

use crate::common::pg::{backends, open};
use boardroom_server::db::{Db, FinishedRow, SeatRow, TableRow};
use boardroom_server::ratings::{bot_player, Board, Skill};
use serde_json::{json, Value};

fn table(id: &str, kinds: &[&str], rated: bool) -> TableRow {
    TableRow {
        id: id.into(),
        game: "big-boss".into(),
        config: format!(r#"{{"edition":"modern","players":{}}}"#, kinds.len()),
        seed: 5,
        created: 1,
        seats: kinds
            .iter()
            .enumerate()
            .map(|(i, k)| SeatRow {
                kind: (*k).into(),
                token: format!("{id}-{i}"),
            })
            .collect(),
        rematch_of: None,
        rematch: None,
        timer_percent: 100,
        private: false,
        bot_speed: None,
        open_seats: Vec::new(),
        hints: false,
        rules: 1,
        clock: None,
        rated,
    }
}

fn ended(id: &str, at: i64, places: &[(usize, bool)]) -> FinishedRow {
    FinishedRow {
        id: id.into(),
        game: "big-boss".into(),
        title: "Big Boss".into(),
        edition: "modern".into(),
        finished: at,
        winners: Vec::new(),
        actions: 10,
        places: places.to_vec(),
    }
}

fn board(players: u32) -> Board {
    Board {
        game: "big-boss".into(),
        edition: "modern".into(),
        players,
    }
}

/// Every rating and history row of the bots `levels`, as the database holds them.
async fn snapshot(db: &Db, levels: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    for l in levels {
        out.push(format!("{:?}", db.ratings_of(bot_player(l)).await.unwrap()));
        out.push(format!(
            "{:?}",
            db.history_of(bot_player(l), 100).await.unwrap()
        ));
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rated_ends_move_ratings_once_and_a_rebuild_gives_the_same_numbers_on_every_backend() {
    for (name, spec, _dir) in backends().await {
        let db = open(&spec).await;
        db.insert_table(table("r1", &["easy", "random"], true))
            .await
            .unwrap();
        db.insert_table(table("r2", &["random", "easy"], true))
            .await
            .unwrap();
        db.insert_table(table("r3", &["normal", "easy", "normal"], true))
            .await
            .unwrap();
        db.insert_table(table("u1", &["random", "easy"], false))
            .await
            .unwrap();
        // Easy wins r1; r2 is a tie; in r3 one normal wins and the other is last.
        db.store_finished(ended("r1", 100, &[(1, true), (2, false)]))
            .await
            .unwrap();
        let after_one = snapshot(&db, &["easy", "random"]).await;
        db.store_finished(ended("r1", 100, &[(1, true), (2, false)]))
            .await
            .unwrap();
        assert_eq!(
            snapshot(&db, &["easy", "random"]).await,
            after_one,
            "{name}: a game's end is rated once"
        );
        let easy = &db.ratings_of(bot_player("easy")).await.unwrap()[0];
        let random = &db.ratings_of(bot_player("random")).await.unwrap()[0];
        assert_eq!(easy.board, board(2), "{name}");
        assert!(easy.skill.mu > Skill::default().mu, "{name}: {easy:?}");
        assert!(random.skill.mu < Skill::default().mu, "{name}: {random:?}");
        assert_eq!((easy.games, easy.wins, random.wins), (1, 1, 0), "{name}");

        db.store_finished(ended("r2", 200, &[(1, true), (1, true)]))
            .await
            .unwrap();
        db.store_finished(ended("r3", 300, &[(1, true), (2, false), (3, false)]))
            .await
            .unwrap();
        // The unrated table's end changes no rating.
        let before_unrated = snapshot(&db, &["easy", "random", "normal"]).await;
        db.store_finished(ended("u1", 400, &[(1, true), (2, false)]))
            .await
            .unwrap();
        let live = snapshot(&db, &["easy", "random", "normal"]).await;
        assert_eq!(live, before_unrated, "{name}: an unrated game is not rated");

        let normal = db.ratings_of(bot_player("normal")).await.unwrap();
        assert_eq!(normal.len(), 1, "{name}: {normal:?}");
        assert_eq!((normal[0].board.players, normal[0].games), (3, 1), "{name}");
        assert_eq!(
            db.history_of(bot_player("easy"), 100)
                .await
                .unwrap()
                .iter()
                .map(|h| h.table.clone().unwrap_or_default())
                .collect::<Vec<_>>(),
            vec!["r1", "r2", "r3"],
            "{name}: the history in the order played"
        );
        assert_eq!(
            db.rated_boards().await.unwrap(),
            vec![board(2), board(3)],
            "{name}"
        );
        // Both bots have played 2 games on the 2-player board, in the last 90 days of 200.
        let ladder = db.leaderboard(board(2), 2, 0).await.unwrap();
        assert_eq!(
            ladder.iter().map(|r| r.player.as_str()).collect::<Vec<_>>(),
            vec!["bot:easy", "bot:random"],
            "{name}"
        );
        assert!(db.leaderboard(board(2), 3, 0).await.unwrap().is_empty());
        assert!(db.leaderboard(board(2), 2, 201).await.unwrap().is_empty());

        assert_eq!(db.rebuild_ratings().await.unwrap(), 3, "{name}");
        assert_eq!(
            snapshot(&db, &["easy", "random", "normal"]).await,
            live,
            "{name}: the rebuild gives the same numbers"
        );
    }
}

/// Plays a table to its end by pumping its spectator connection.
async fn watch_to_end(server: &crate::common::TestServer, spectator: &str) -> Value {
    let mut c = server.connect(spectator).await;
    loop {
        let v = c.until("state").await;
        if v["to_act"].as_array().is_some_and(|a| a.is_empty()) {
            return v;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_table_of_bots_moves_both_ratings_and_a_guest_seat_is_refused() {
    let server = crate::common::start().await;
    let http = reqwest::Client::new();
    let tables = |http: &reqwest::Client| {
        let url = format!("{}/api/tables", server.url());
        let http = http.clone();
        async move { http.get(url).send().await.unwrap().text().await.unwrap() }
    };
    let before = tables(&http).await;
    let refused = http
        .post(format!("{}/api/tables", server.url()))
        .json(&json!({"game": "big-boss", "edition": "modern",
                      "seats": ["random", "human"], "rated": true}))
        .send()
        .await
        .unwrap();
    assert_eq!(refused.status(), 400);
    let text = refused.text().await.unwrap();
    assert!(
        text.contains("seat 1 is a guest's") && text.contains("signed-in person or a bot"),
        "{text}"
    );
    assert_eq!(tables(&http).await, before, "nothing was created");

    let created = server
        .create_with(json!({"game": "big-boss", "edition": "modern",
                            "seats": ["random", "heuristic"], "rated": true}))
        .await;
    watch_to_end(&server, &created.spectator).await;
    let ladder = |min: u32| {
        let url = format!(
            "{}/api/leaderboard?game=big-boss&edition=modern&players=2&min_games={min}",
            server.url()
        );
        let http = http.clone();
        async move {
            http.get(url)
                .send()
                .await
                .unwrap()
                .json::<Value>()
                .await
                .unwrap()
        }
    };
    // The end is stored just after the last move is sent: wait for it, bounded.
    let mut rows = Value::Null;
    for _ in 0..100 {
        rows = ladder(1).await;
        if rows["players"].as_array().is_some_and(|p| p.len() == 2) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let players = rows["players"].as_array().expect("a leaderboard").clone();
    assert_eq!(players.len(), 2, "{rows}");
    let ratings: Vec<i64> = players
        .iter()
        .map(|p| p["rating"].as_i64().unwrap())
        .collect();
    assert!(ratings.iter().all(|&r| r != 1000), "both moved: {rows}");
    assert!(players.iter().all(|p| p["provisional"] == true), "{rows}");
    assert!(
        ladder(3).await["players"].as_array().unwrap().is_empty(),
        "one game is below the minimum"
    );
    let profile: Value = http
        .get(format!("{}/api/players/bot:heuristic", server.url()))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(profile["ratings"][0]["games"], 1, "{profile}");
    assert_eq!(profile["history"][0]["table"], created.id, "{profile}");
    assert!(profile.get("email").is_none(), "{profile}");
}
