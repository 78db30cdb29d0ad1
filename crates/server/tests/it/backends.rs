//! The storage interface on both backends: every test here runs on a SQLite file and on a
//! fresh PostgreSQL database (when the tests have one: see `common::pg`), through the same
//! `Db` the server uses.

use crate::common::pg::{backends, open, set_reachable};
use crate::common::start_on;
use boardroom_engine::By;
use boardroom_server::db::{Db, FinishedRow, SeatRow, Stored, TableRow};
use boardroom_server::protocol::ChatLine;
use boardroom_server::{Server, Settings};
use serde_json::json;
use std::path::PathBuf;
use std::time::Duration;

fn table(id: &str, created: i64) -> TableRow {
    TableRow {
        id: id.into(),
        game: "big-boss".into(),
        config: r#"{"edition":"modern","players":2}"#.into(),
        seed: u64::MAX - 3,
        created,
        seats: vec![
            SeatRow {
                kind: "human".into(),
                token: format!("{id}-a"),
            },
            SeatRow {
                kind: "random".into(),
                token: format!("{id}-b"),
            },
        ],
        rematch_of: None,
        rematch: None,
        timer_percent: 50,
        private: false,
        bot_speed: Some("fast".into()),
        open_seats: Vec::new(),
        hints: true,
        rules: 7,
        clock: Some(r#"{"mode":"turn","per_move":86400,"standin":"easy"}"#.into()),
        rated: false,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn what_is_stored_is_read_back_after_a_reopen_on_every_backend() {
    for (name, spec, _dir) in backends().await {
        let db = open(&spec).await;
        db.insert_table(table("t1", 1)).await.unwrap();
        let mut child = table("t2", 2);
        child.rematch_of = Some("t1".into());
        child.private = true;
        db.insert_table(child).await.unwrap();
        for i in 0..5usize {
            // A stand-in played action 4 in its person's place.
            let by = if i == 4 { By::StandIn } else { By::Player };
            db.append_action("t1".into(), i, i % 2, format!("a{i}"), by)
                .await
                .unwrap();
        }
        db.append_action(
            "t1".into(),
            5,
            boardroom_engine::CLOCK,
            "timeout".into(),
            By::Clock,
        )
        .await
        .unwrap();
        assert!(
            db.append_action("t1".into(), 2, 0, "again".into(), By::Player)
                .await
                .is_err(),
            "{name}: an action number is stored once"
        );
        // A table whose seats break a constraint is stored not at all.
        let mut bad = table("t3", 3);
        bad.seats[1].token = bad.seats[0].token.clone();
        assert!(db.insert_table(bad).await.is_err(), "{name}");
        drop(db);

        let db = open(&spec).await;
        let (tables, damaged) = db.load_tables().await.unwrap();
        assert!(damaged.is_empty(), "{name}: {damaged:?}");
        let ids: Vec<_> = tables.iter().map(|t| t.id.as_str()).collect();
        assert_eq!(ids, ["t1", "t2"], "{name}: oldest first, nothing of t3");
        let mut expected = table("t1", 1);
        expected.rematch = Some("t2".into());
        assert_eq!(
            tables[0], expected,
            "{name}: every column, seeds of 64 bits"
        );
        assert!(tables[1].private, "{name}");
        assert_eq!(tables[1].rules, 7, "{name}: the rules revision");
        let actions = db.load_actions("t1".into()).await.unwrap();
        assert_eq!(actions.len(), 6, "{name}");
        assert_eq!(actions[3].action, "a3", "{name}");
        assert_eq!(actions[5].seat, boardroom_engine::CLOCK, "{name}");
        let by: Vec<By> = actions.iter().map(|a| a.by).collect();
        assert_eq!(
            by,
            [
                By::Player,
                By::Player,
                By::Player,
                By::Player,
                By::StandIn,
                By::Clock
            ],
            "{name}: who played each action"
        );
        // Expired tables are no longer served.
        db.mark_expired("t2".into()).await.unwrap();
        assert_eq!(db.load_tables().await.unwrap().0.len(), 1, "{name}");
        assert_eq!(
            db.load_table("t2".into()).await.unwrap(),
            Some(Stored::Expired),
            "{name}"
        );
        assert_eq!(db.load_table("nope".into()).await.unwrap(), None, "{name}");
        assert!(db.quick_check(5).await.unwrap().is_empty(), "{name}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn take_backs_chat_and_finished_games_on_every_backend() {
    for (name, spec, _dir) in backends().await {
        let db = open(&spec).await;
        db.insert_table(table("t1", 1)).await.unwrap();
        let mut private = table("t2", 2);
        private.private = true;
        db.insert_table(private).await.unwrap();
        for i in 0..3usize {
            db.append_action("t1".into(), i, 0, format!("a{i}"), By::Player)
                .await
                .unwrap();
        }
        db.mark_undone("t1".into(), 2).await.unwrap();
        assert!(
            db.mark_undone("t1".into(), 2).await.is_err(),
            "{name}: once"
        );
        assert!(
            db.mark_undone("t1".into(), 9).await.is_err(),
            "{name}: missing"
        );
        let undone: Vec<bool> = db
            .load_actions("t1".into())
            .await
            .unwrap()
            .iter()
            .map(|a| a.undone)
            .collect();
        assert_eq!(undone, [false, false, true], "{name}");

        for i in 0..4u64 {
            let line = ChatLine {
                index: i,
                seat: (i != 3).then_some(i as usize % 2),
                name: "Red".into(),
                text: format!("line {i} ✓"),
                at: 100 + i as i64,
                account: (i == 2).then_some(boardroom_server::accounts::AccountId(7)),
            };
            db.store_chat("t1".into(), line).await.unwrap();
        }
        let dup = ChatLine {
            index: 1,
            seat: None,
            name: "x".into(),
            text: "x".into(),
            at: 0,
            account: None,
        };
        assert!(db.store_chat("t1".into(), dup).await.is_err(), "{name}");
        let (lines, next) = db.load_chat("t1".into(), 2).await.unwrap();
        assert_eq!(next, 4, "{name}");
        let texts: Vec<_> = lines.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(
            texts,
            ["line 2 ✓", "line 3 ✓"],
            "{name}: the last, oldest first"
        );
        assert_eq!(lines[1].seat, None, "{name}: a spectator's line");
        let writers: Vec<_> = lines.iter().map(|l| l.account).collect();
        let seven = Some(boardroom_server::accounts::AccountId(7));
        assert_eq!(writers, [seven, None], "{name}: the writer's account");
        assert_eq!(db.load_chat("t2".into(), 5).await.unwrap(), (vec![], 0));

        for (id, at) in [("t1", 10), ("t2", 20)] {
            let row = FinishedRow {
                id: id.into(),
                game: "big-boss".into(),
                title: "Big Boss".into(),
                edition: "modern".into(),
                finished: at,
                winners: vec!["Red".into()],
                actions: 3,
                places: vec![(1, true), (2, false)],
            };
            db.store_finished(row.clone()).await.unwrap();
            db.store_finished(row).await.unwrap();
        }
        let listed = db.recently_finished(10).await.unwrap();
        assert_eq!(listed.len(), 1, "{name}: private tables stay unlisted");
        assert_eq!(listed[0]["id"], "t1", "{name}");
        assert_eq!(db.finished_ids().await.unwrap().len(), 2, "{name}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_seat_goes_to_exactly_one_claim_on_every_backend() {
    for (name, spec, _dir) in backends().await {
        let db = open(&spec).await;
        let mut row = table("t1", 1);
        row.seats[1].kind = "human".into();
        row.open_seats = vec![1];
        db.insert_table(row).await.unwrap();
        let claims: Vec<_> = (0..8)
            .map(|_| {
                let db = db.clone();
                tokio::spawn(async move { db.claim_seat("t1".into(), 1).await.unwrap() })
            })
            .collect();
        let mut won = Vec::new();
        for c in claims {
            won.extend(c.await.unwrap());
        }
        assert_eq!(won, ["t1-b"], "{name}: one claim gets the token");
        assert_eq!(db.claim_seat("t1".into(), 0).await.unwrap(), None, "{name}");
        let Some(Stored::Table(t)) = db.load_table("t1".into()).await.unwrap() else {
            panic!("{name}: the table is stored");
        };
        assert!(t.open_seats.is_empty(), "{name}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn your_turn_addresses_and_their_language_are_stored_replaced_and_removed_on_every_backend() {
    use boardroom_server::notify::Addresses;
    for (name, spec, _dir) in backends().await {
        let db = open(&spec).await;
        db.insert_table(table("t1", 1)).await.unwrap();
        db.insert_table(table("t2", 2)).await.unwrap();
        let mail = |m: &str| Addresses {
            email: Some(m.into()),
            webhook: None,
            lang: None,
        };
        db.store_addresses("t1".into(), 0, mail("ann@example.org"))
            .await
            .unwrap();
        db.store_addresses("t1".into(), 1, mail("bob@example.org"))
            .await
            .unwrap();
        db.store_addresses("t2".into(), 0, mail("cy@example.org"))
            .await
            .unwrap();
        // Kept with the language of its messages.
        let hook = Addresses {
            email: None,
            webhook: Some("https://example.org/hook".into()),
            lang: Some("de".into()),
        };
        db.store_addresses("t1".into(), 0, hook.clone())
            .await
            .unwrap();
        db.store_addresses("t1".into(), 1, Addresses::default())
            .await
            .unwrap();
        drop(db);
        let db = open(&spec).await;
        let got = db.load_addresses("t1".into()).await.unwrap();
        assert_eq!(got, vec![(0, hook)], "{name}");
        let got = db.load_addresses("t2".into()).await.unwrap();
        assert_eq!(got, vec![(0, mail("cy@example.org"))], "{name}");
    }
}

/// Two instances race for one table's lease many times over: every round, exactly one holds
/// it, the other is told who does and where; the holder keeps it by renewing, and once its
/// lease has expired the other takes it and the first cannot renew.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_never_both_hold_a_table_lease_on_every_backend() {
    use boardroom_server::db::Lease;
    let long = Duration::from_secs(60);
    for (name, spec, _dir) in backends().await {
        let db = open(&spec).await;
        for round in 0..20 {
            let id = format!("t{round}");
            db.insert_table(table(&id, round)).await.unwrap();
            let racers: Vec<_> = ["a", "b", "a", "b"]
                .into_iter()
                .map(|who| {
                    let (db, id) = (db.clone(), id.clone());
                    tokio::spawn(async move {
                        let got = db
                            .take_lease(id, who.into(), format!("http://{who}"), long)
                            .await
                            .unwrap();
                        (who, got)
                    })
                })
                .collect();
            let mut holders = std::collections::HashSet::new();
            let mut told = Vec::new();
            for r in racers {
                match r.await.unwrap() {
                    (who, Lease::Held) => {
                        holders.insert(who);
                    }
                    (who, Lease::HeldBy { holder, address }) => told.push((who, holder, address)),
                }
            }
            assert_eq!(holders.len(), 1, "{name} round {round}: {holders:?}");
            let winner = *holders.iter().next().unwrap();
            for (who, holder, address) in told {
                assert_ne!(
                    who, winner,
                    "{name}: the holder is never told another holds it"
                );
                assert_eq!(holder, winner, "{name}");
                assert_eq!(address, format!("http://{winner}"), "{name}");
            }
        }

        // A short lease: renewed by its holder, refused to the other until it expires.
        db.insert_table(table("short", 99)).await.unwrap();
        let short = Duration::from_millis(200);
        let take = |who: &str, ttl| {
            db.take_lease("short".into(), who.into(), format!("http://{who}"), ttl)
        };
        assert_eq!(take("a", short).await.unwrap(), Lease::Held, "{name}");
        assert_eq!(take("a", short).await.unwrap(), Lease::Held, "{name}");
        let mut tries = 0;
        while take("b", long).await.unwrap() != Lease::Held {
            tries += 1;
            assert!(tries < 200, "{name}: an expired lease is taken over");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        assert!(
            matches!(take("a", short).await.unwrap(), Lease::HeldBy { holder, .. } if holder == "b"),
            "{name}: a lease taken over cannot be renewed by its old holder"
        );
        db.release_lease("short".into(), "a".into()).await.unwrap();
        assert!(
            matches!(take("a", short).await.unwrap(), Lease::HeldBy { .. }),
            "{name}: only the holder releases a lease"
        );
        db.release_lease("short".into(), "b".into()).await.unwrap();
        assert_eq!(take("a", short).await.unwrap(), Lease::Held, "{name}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_damaged_table_is_reported_and_the_others_load_on_every_backend() {
    for (name, spec, _dir) in backends().await {
        let db = open(&spec).await;
        db.insert_table(table("good", 1)).await.unwrap();
        let mut seatless = table("seatless", 2);
        seatless.seats.clear();
        db.insert_table(seatless).await.unwrap();
        db.insert_table(table("gap", 3)).await.unwrap();
        db.append_action("gap".into(), 0, 0, "a".into(), By::Player)
            .await
            .unwrap();
        db.append_action("gap".into(), 2, 0, "c".into(), By::Player)
            .await
            .unwrap();
        let (tables, damaged) = db.load_tables().await.unwrap();
        let ids: Vec<_> = tables.iter().map(|t| t.id.as_str()).collect();
        assert_eq!(ids, ["good", "gap"], "{name}");
        assert_eq!(damaged.len(), 1, "{name}: {damaged:?}");
        assert_eq!(damaged[0].id, "seatless", "{name}");
        assert!(
            damaged[0].reason.contains("no seats"),
            "{name}: {damaged:?}"
        );
        let e = db.load_actions("gap".into()).await.unwrap_err();
        assert!(
            format!("{e:#}").contains("expected action 1"),
            "{name}: {e:#}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unreachable_postgres_at_start_is_named_without_its_password() {
    let url = "postgres://ann:s3cret@127.0.0.1:1/site";
    let e = match Server::bind(Settings {
        addr: "127.0.0.1:0".parse().unwrap(),
        db: PathBuf::from(url),
        ..Settings::default()
    })
    .await
    {
        Ok(_) => panic!("nothing listens on port 1"),
        Err(e) => format!("{e:#}"),
    };
    assert!(e.contains("postgres://ann:***@127.0.0.1:1/site"), "{e}");
    assert!(!e.contains("s3cret"), "{e}");
    let e = match Db::connect("postgres://ann:s3cret@[bad").await {
        Ok(_) => panic!("not a URL"),
        Err(e) => format!("{e:#}"),
    };
    assert!(!e.contains("s3cret"), "{e}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_on_postgres_pauses_while_it_is_lost_and_resumes() {
    let Some(url) = crate::common::pg::fresh().await else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let server = start_on(dir, PathBuf::from(&url), Duration::from_millis(40)).await;
    let bots = server
        .create_with(json!({"game": "big-boss", "seats": ["random", "random", "random"]}))
        .await;
    let mut watch = server.connect(&bots.spectator).await;
    watch.until_version(3).await;

    // PostgreSQL goes away: the bots' table pauses, and resumes by itself once it is back.
    set_reachable(&url, false).await;
    loop {
        if watch.until("status").await["paused"] == true {
            break;
        }
    }
    let paused_at = watch.version();
    tokio::time::sleep(Duration::from_millis(600)).await;
    watch.pump(50).await;
    assert_eq!(watch.version(), paused_at, "nothing is played while paused");
    set_reachable(&url, true).await;
    loop {
        if watch.until("status").await["paused"] == false {
            break;
        }
    }
    watch.until_version(paused_at + 3).await;
}
