//! `boardroom ratings rebuild` on a SQLite file and on PostgreSQL: ratings spoilt in the
//! database are recomputed from the stored rated games to exactly the numbers the server
//! kept when the games ended.

use crate::common::boardroom;
use boardroom_server::db::{Db, FinishedRow, SeatRow, TableRow};
use boardroom_server::ratings::bot_player;

fn table(id: &str, kinds: &[&str]) -> TableRow {
    TableRow {
        id: id.into(),
        game: "big-shot".into(),
        config: format!(r#"{{"players":{}}}"#, kinds.len()),
        seed: 3,
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
        rated: true,
    }
}

/// A rated game: its table, its seats' kinds, and each seat's place and whether it won.
type Game = (
    &'static str,
    &'static [&'static str],
    &'static [(usize, bool)],
);

/// Three rated games between bots; every rating and history row as the server keeps them.
async fn play_rated(db: &Db) -> Vec<String> {
    let games: [Game; 3] = [
        ("a", &["easy", "random"], &[(1, true), (2, false)]),
        (
            "b",
            &["random", "easy", "heuristic"],
            &[(2, false), (1, true), (3, false)],
        ),
        ("c", &["heuristic", "easy"], &[(1, true), (2, false)]),
    ];
    for (at, (id, kinds, places)) in games.into_iter().enumerate() {
        db.insert_table(table(id, kinds)).await.unwrap();
        db.store_finished(FinishedRow {
            id: id.into(),
            game: "big-shot".into(),
            title: "Big Shot".into(),
            edition: "standard".into(),
            finished: 1000 + at as i64,
            winners: Vec::new(),
            actions: 5,
            places: places.to_vec(),
        })
        .await
        .unwrap();
    }
    snapshot(db).await
}

async fn snapshot(db: &Db) -> Vec<String> {
    let mut out = Vec::new();
    for l in ["easy", "random", "heuristic"] {
        out.push(format!("{:?}", db.ratings_of(bot_player(l)).await.unwrap()));
        out.push(format!(
            "{:?}",
            db.history_of(bot_player(l), 50).await.unwrap()
        ));
    }
    out
}

/// Spoils every rating the way a bad manual edit would.
const SPOIL: &str = "UPDATE ratings SET mu = 1, sigma = 1, games = 99; DELETE FROM rating_history";

fn rebuild(db: &str) {
    boardroom()
        .args(["ratings", "rebuild", "--db", db])
        .assert()
        .success()
        .stdout(predicates::str::contains("from 3 rated games"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rebuild_gives_back_the_kept_numbers_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("r.sqlite");
    let kept = play_rated(&Db::open(&file).unwrap()).await;
    rusqlite::Connection::open(&file)
        .unwrap()
        .execute_batch(SPOIL)
        .unwrap();
    assert_ne!(snapshot(&Db::open(&file).unwrap()).await, kept);
    rebuild(file.to_str().unwrap());
    assert_eq!(snapshot(&Db::open(&file).unwrap()).await, kept);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rebuild_gives_back_the_kept_numbers_on_postgres() {
    let Some(url) = crate::site::fresh_database().await else {
        return;
    };
    let kept = play_rated(&Db::connect(&url).await.unwrap()).await;
    let (client, conn) = tokio_postgres::connect(&url, tokio_postgres::NoTls)
        .await
        .unwrap();
    tokio::spawn(conn);
    client.batch_execute(SPOIL).await.unwrap();
    assert_ne!(snapshot(&Db::connect(&url).await.unwrap()).await, kept);
    rebuild(&url);
    assert_eq!(snapshot(&Db::connect(&url).await.unwrap()).await, kept);
}
