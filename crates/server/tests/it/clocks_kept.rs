//! Seat clocks kept across restarts and takeovers, on both backends: a table's past is written
//! into the database as an earlier instance of the server would have stored it (each action
//! with the time it was played), then a server is started on it. The clocks it shows are what
//! the stored times left them, less the time the server was down (it counts like any other):
//! never reset to whole banks, never more than before. A seat whose time ran out while the
//! server was down is timed out at load (its stand-in's first move is the clock's); a table
//! whose actions were stored without times starts its clocks afresh, as before. Every bound
//! below brackets the time the test itself measured, so nothing depends on the machine's
//! speed.

use crate::common::pg::{backends, client, open};
use crate::common::{Client, TestServer};
use boardroom_bigboss::{BigBoss, Config, Edition};
use boardroom_engine::{By, Game, Seat};
use boardroom_server::db::{SeatRow, TableRow};
use boardroom_server::lobby::new_token;
use boardroom_server::time::now_ms;
use boardroom_server::{Server, Settings};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A two-seat Big Boss table's past: its row, and its actions with the seat the game waited
/// for before each (and after the last).
struct Past {
    row: TableRow,
    actions: Vec<(Seat, String, i64)>,
    waited: Vec<Seat>,
}

/// Table `id` with `clock` (JSON) and seats of `kinds`, created at `created` (ms, whole
/// seconds), and `n` actions played at `times` (each seat's first legal action).
fn past(id: &str, clock: &str, kinds: [&str; 2], created: i64, times: &[i64]) -> Past {
    let config = Config::new(Edition::Modern, 2);
    let mut g = BigBoss::new(&config, 11).unwrap();
    let (mut legal, mut actions, mut waited) = (Vec::new(), Vec::new(), Vec::new());
    for &at in times {
        let seat = g.must_act().first().expect("the game goes on");
        waited.push(seat);
        g.legal_actions(seat, &mut legal);
        actions.push((seat, g.format_action(legal[0]), at));
        g.play(seat, legal[0]).unwrap();
    }
    waited.push(g.must_act().first().expect("the game goes on"));
    Past {
        row: TableRow {
            id: id.into(),
            game: "big-boss".into(),
            config: serde_json::to_string(&config).unwrap(),
            seed: 11,
            created: created / 1000,
            seats: kinds
                .iter()
                .map(|k| SeatRow {
                    kind: (*k).into(),
                    token: new_token(),
                })
                .collect(),
            rematch_of: None,
            rematch: None,
            timer_percent: 0,
            private: false,
            bot_speed: None,
            open_seats: Vec::new(),
            hints: false,
            rules: BigBoss::RULES_REVISION,
            clock: Some(clock.into()),
            rated: false,
        },
        actions,
        waited,
    }
}

impl Past {
    /// What a live bank of `bank` s with `increment` s leaves each seat after the actions
    /// (ms), the seat the game waits for now, and since when.
    fn live(&self, bank: i64, increment: i64, created: i64) -> ([i64; 2], Seat, i64) {
        let mut left = [bank * 1000; 2];
        let mut since = created;
        for (i, (seat, _, at)) in self.actions.iter().enumerate() {
            let w = self.waited[i];
            left[w] = (left[w] - (at - since)).max(0);
            if *seat == w {
                left[w] += increment * 1000;
            }
            since = *at;
        }
        (left, *self.waited.last().unwrap(), since)
    }

    /// Writes the table into the storage `spec` names.
    async fn write(&self, spec: &Path) {
        let db = open(spec).await;
        db.insert_table(self.row.clone()).await.unwrap();
        for (i, (seat, action, at)) in self.actions.iter().enumerate() {
            db.append_action_at(
                self.row.id.clone(),
                i,
                *seat,
                action.clone(),
                By::Player,
                *at,
            )
            .await
            .unwrap();
        }
    }
}

/// A server started on the storage `spec` names (a restart, or an instance taking the
/// tables over). A PostgreSQL instance just closed may hold the database a moment longer:
/// starting is tried again, a bounded number of times.
async fn serve(spec: &Path) -> TestServer {
    for _ in 0..100 {
        let bound = Server::bind(Settings {
            addr: "127.0.0.1:0".parse().unwrap(),
            db: spec.to_path_buf(),
            bot_delay: Duration::ZERO,
            ..Settings::default()
        })
        .await;
        match bound {
            Ok(server) => {
                let (addr, lobby) = (server.addr, server.lobby.clone());
                return TestServer {
                    addr,
                    db: spec.to_path_buf(),
                    _dir: tempfile::tempdir().unwrap(),
                    task: server.spawn(),
                    lobby,
                };
            }
            Err(e) if format!("{e:#}").contains("another instance") => {
                tokio::time::sleep(Duration::from_millis(100)).await
            }
            Err(e) => panic!("the server starts: {e:#}"),
        }
    }
    panic!("the database stays held by an instance that was closed");
}

/// The clocks a spectator is first shown.
async fn clocks(server: &TestServer, id: &str) -> Vec<Value> {
    let mut c = Client::connect(&server.url(), &boardroom_server::table::spectator_link(id)).await;
    let state = c.until("state").await;
    state["clocks"].as_array().expect("clocks").clone()
}

fn ms_left(clock: &Value) -> i64 {
    clock["ms_left"].as_i64().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_live_bank_keeps_its_time_across_a_restart_on_every_backend() {
    for (name, spec, _dir) in backends().await {
        let now = now_ms();
        let created = (now / 1000 - 100) * 1000;
        // Three moves 10 s apart; the last 70 s ago, then the server went down.
        let times = [created + 10_000, created + 20_000, created + 30_000];
        let p = past(
            "live",
            r#"{"mode":"live","bank":600,"increment":10,"absent":600,"standin":"random"}"#,
            ["human", "human"],
            created,
            &times,
        );
        p.write(&spec).await;
        let (left, mover, since) = p.live(600, 10, created);
        let before = now_ms();
        let server = serve(&spec).await;
        let shown = clocks(&server, "live").await;
        let after = now_ms();
        // The seat waited for lost the time since its wait began, downtime included: no
        // less than measured before the start, no more than measured after reading.
        let running = ms_left(&shown[mover]);
        assert!(shown[mover]["running"] == true, "{name}: {shown:?}");
        assert!(
            running <= left[mover] - (before - since) + 5
                && running >= left[mover] - (after - since) - 5,
            "{name}: {running} ms left, {} at the last move, down {}..{} ms",
            left[mover],
            before - since,
            after - since
        );
        assert!(running < 600_000 - 60_000, "{name}: not reset: {running}");
        // The other seat's clock stands still, exactly where the stored times left it.
        let other = 1 - mover;
        assert_eq!(ms_left(&shown[other]), left[other], "{name}: {shown:?}");
        assert!(shown[other]["running"] == false, "{name}");
        drop(server);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_based_deadline_survives_a_restart_on_every_backend() {
    for (name, spec, _dir) in backends().await {
        let now = now_ms();
        let created = (now / 1000 - 3000) * 1000;
        // The last move 100 s ago: the seat to move has 3500 s of its hour left.
        let last = now - 100_000;
        let times = [created + 1000, last - 1000, last];
        let p = past(
            "turn",
            r#"{"mode":"turn","per_move":3600,"standin":"random"}"#,
            ["human", "human"],
            created,
            &times,
        );
        p.write(&spec).await;
        let mover = *p.waited.last().unwrap();
        let before = now_ms();
        let server = serve(&spec).await;
        let shown = clocks(&server, "turn").await;
        let after = now_ms();
        let left = ms_left(&shown[mover]);
        assert!(
            left <= 3_600_000 - (before - last) + 5 && left >= 3_600_000 - (after - last) - 5,
            "{name}: {left} ms left, the last move {}..{} ms ago",
            before - last,
            after - last
        );
        assert!(shown[mover]["running"] == true, "{name}: {shown:?}");
        drop(server);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_whose_time_ran_out_while_the_server_was_down_is_timed_out_at_load_on_every_backend()
{
    for (name, spec, _dir) in backends().await {
        let now = now_ms();
        let created = (now / 1000 - 300) * 1000;
        // A minute per move; the last move two minutes ago.
        let times = [created + 1000, created + 2000, now - 120_000];
        let p = past(
            "late",
            r#"{"mode":"turn","per_move":60,"standin":"random"}"#,
            ["human", "human"],
            created,
            &times,
        );
        p.write(&spec).await;
        let mover = *p.waited.last().unwrap();
        let server = serve(&spec).await;
        let mut watcher = Client::connect(
            &server.url(),
            &boardroom_server::table::spectator_link("late"),
        )
        .await;
        // The stand-in plays the seat at once, its first move recorded as the clock's.
        let mut first = None;
        for _ in 0..400 {
            watcher.send(serde_json::json!({"type": "log"})).await;
            let log = watcher.until("log").await;
            if let Some(e) = log["entries"].as_array().unwrap().get(times.len()) {
                first = Some(e.clone());
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let first = first.expect("the stand-in played within 20 s");
        assert_eq!(first["seat"], mover, "{name}: {first}");
        assert_eq!(first["by"], "clock", "{name}: {first}");
        drop(watcher);
        drop(server);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn actions_stored_without_times_start_the_clocks_afresh_on_every_backend() {
    for (name, spec, _dir) in backends().await {
        let now = now_ms();
        let created = (now / 1000 - 5000) * 1000;
        let times = [created + 1000, created + 2000];
        let p = past(
            "old",
            r#"{"mode":"live","bank":600,"increment":0,"absent":600,"standin":"random"}"#,
            ["human", "human"],
            created,
            &times,
        );
        p.write(&spec).await;
        // As an earlier version stored them: no times.
        forget_times(&spec).await;
        let db = open(&spec).await;
        let read = db.load_actions("old".into()).await.unwrap();
        assert!(read.iter().all(|a| a.at.is_none()), "{name}: {read:?}");
        drop(db);
        let server = serve(&spec).await;
        let shown = clocks(&server, "old").await;
        let mover = *p.waited.last().unwrap();
        // Whole banks (less the moment since the load), not 5000 s spent.
        assert!(
            ms_left(&shown[mover]) > 600_000 - 60_000,
            "{name}: {shown:?}"
        );
        assert_eq!(ms_left(&shown[1 - mover]), 600_000, "{name}: {shown:?}");
        drop(server);
    }
}

/// Clears the times of every stored action, as a database of an earlier version has them.
async fn forget_times(spec: &PathBuf) {
    let s = spec.to_string_lossy();
    if boardroom_server::db::is_postgres_url(&s) {
        client(&s)
            .await
            .execute("UPDATE actions SET at = NULL", &[])
            .await
            .unwrap();
    } else {
        let conn = rusqlite::Connection::open(spec).unwrap();
        conn.execute("UPDATE actions SET at = NULL", []).unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_action_is_stored_with_the_time_it_was_played_on_every_backend() {
    for (name, spec, _dir) in backends().await {
        let p = past(
            "times",
            r#"{"mode":"turn","per_move":60,"standin":"random"}"#,
            ["human", "human"],
            1000,
            &[5_000],
        );
        p.write(&spec).await;
        let db = open(&spec).await;
        let before = now_ms();
        db.append_action("times".into(), 1, 1, "x".into(), By::Player)
            .await
            .unwrap();
        let after = now_ms();
        let read = db.load_actions("times".into()).await.unwrap();
        assert_eq!(read[0].at, Some(5_000), "{name}");
        let at = read[1].at.expect("a time");
        assert!(
            at >= before && at <= after,
            "{name}: {at} not in {before}..{after}"
        );
    }
}
