//! A profile counts every finished game of a person, rated or not: played and won per game
//! and player count (a game is won when the person's seat is among its winners); unfinished
//! games and invitations count for nothing. On SQLite and, when the tests have a PostgreSQL,
//! on it.

use crate::accounts::{roomy, server, Browser};
use crate::accounts_data::signed_in;
use crate::common::pg::backends;
use crate::common::sinks::SmtpSink;
use boardroom_server::accounts::{AccountId, SeatState, SeatTie};
use boardroom_server::db::{FinishedRow, SeatRow, TableRow};
use serde_json::json;

fn table(id: &str, seats: usize) -> TableRow {
    TableRow {
        id: id.into(),
        game: "big-boss".into(),
        config: format!(r#"{{"players":{seats}}}"#),
        seed: 3,
        created: 1,
        seats: (0..seats)
            .map(|i| SeatRow {
                kind: "human".into(),
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
        rated: false,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_profile_counts_every_finished_game_rated_or_not() {
    for (backend, db, _dir) in backends().await {
        let mut sink = SmtpSink::start().await;
        let s = server(db, &sink.url(), roomy()).await;
        let mut ann = Browser::of(&s);
        signed_in(&mut ann, &mut sink, "ann@example.com", "Ann Lee").await;
        let me = ann.me().await;
        let account = AccountId(me["account"]["id"].as_i64().unwrap());
        let db = s.lobby.db();
        // (table, seats, Ann's seat, the winners' seat names, finished, Ann's tie)
        let games = [
            ("w3", 3, 1, vec!["Blue"], true, SeatState::Seated),
            ("l3", 3, 0, vec!["Blue"], true, SeatState::Seated),
            ("w2", 2, 0, vec!["Red"], true, SeatState::Seated),
            ("open", 2, 0, vec![], false, SeatState::Seated),
            ("asked", 2, 1, vec!["Red", "Blue"], true, SeatState::Invited),
        ];
        for (id, seats, seat, winners, finished, state) in games {
            db.insert_table(table(id, seats)).await.unwrap();
            let tie = SeatTie {
                seat,
                account,
                state,
                invited_by: None,
            };
            db.accounts()
                .tie_seats(id.into(), vec![tie], 1)
                .await
                .unwrap();
            if finished {
                db.store_finished(FinishedRow {
                    id: id.into(),
                    game: "big-boss".into(),
                    title: "Big Boss".into(),
                    edition: "modern".into(),
                    finished: 100,
                    winners: winners.into_iter().map(String::from).collect(),
                    actions: 9,
                    places: Vec::new(),
                })
                .await
                .unwrap();
            }
        }
        let (status, profile) = Browser::of(&s).get("/api/players/Ann%20Lee").await;
        assert_eq!(status, 200, "{backend}: {profile}");
        assert_eq!(
            profile["games"],
            json!([
                { "game": "big-boss", "title": "Big Boss", "players": 2, "played": 1, "won": 1 },
                { "game": "big-boss", "title": "Big Boss", "players": 3, "played": 2, "won": 1 },
            ]),
            "{backend}: {profile}"
        );
        assert_eq!(
            profile["ratings"],
            json!([]),
            "{backend}: none of them rated"
        );
    }
}
