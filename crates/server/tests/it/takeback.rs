//! Taking back at Big Shot and The Boss tables against bots, over real WebSockets: a person
//! takes back their own actions one by one, back to the start of their turn (then it is
//! refused: a bot played before), and an action that revealed something (Big Shot's die roll,
//! The Boss's card draw) is refused with a clear message, nothing changed.
//!
//! The positions are found in-process (random moves, fixed seeds, bounded) and served from a
//! database written through the server's own API; the bots wait ten minutes, so nothing moves
//! but the person while the test runs.

use crate::common::stored::StoredTable;
use crate::common::{Client, TestServer};

use boardroom_bigshot::BigShot;
use boardroom_engine::{Game, Seat};
use boardroom_theboss::TheBoss;
use serde_json::{json, Value};
use std::time::Duration;

/// The seeds searched, the most actions of one game of the search, and the most actions tried
/// as a first step of a plan.
const SEEDS: u64 = 200;
const MOST_ACTIONS: usize = 4_000;
const TRIED: usize = 24;

/// A position found by random play: the seed, the actions up to it, and what was found there.
struct Found<T> {
    seed: u64,
    actions: Vec<(Seat, String)>,
    what: T,
}

/// Random play (seeds `0..SEEDS`, the first seat to act moves) until `stop` finds something
/// at a position: the game and the seat that played the last action.
fn search<G: Game, T>(
    config: &G::Config,
    mut stop: impl FnMut(&G, Option<Seat>) -> Option<T>,
) -> Option<Found<T>> {
    let mut legal = Vec::new();
    for seed in 0..SEEDS {
        let mut g = G::new(config, seed).expect("a new game");
        let mut rng = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        let mut actions: Vec<(Seat, String)> = Vec::new();
        while actions.len() < MOST_ACTIONS {
            if let Some(what) = stop(&g, actions.last().map(|a| a.0)) {
                return Some(Found {
                    seed,
                    actions,
                    what,
                });
            }
            let Some(seat) = g.to_act().first() else {
                break;
            };
            g.legal_actions(seat, &mut legal);
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let a = legal[(rng % legal.len() as u64) as usize].clone();
            actions.push((seat, g.format_action(a.clone())));
            g.play(seat, a).expect("a legal action applies");
        }
    }
    None
}

/// At the start of Red's (seat 0) turn (a bot played last), two actions of Red in a row that
/// reveal nothing, the second one still Red's to play: their notations.
fn two_quiet_actions<G: Game>(g: &G, last: Option<Seat>) -> Option<[String; 2]> {
    if last.is_none() || last == Some(0) || !g.to_act().contains(0) {
        return None;
    }
    let mut legal = Vec::new();
    g.legal_actions(0, &mut legal);
    let mut next = Vec::new();
    for a1 in legal.iter().take(TRIED) {
        if g.reveals(0, a1) {
            continue;
        }
        let mut after = g.clone();
        after.play(0, a1.clone()).ok()?;
        if !after.to_act().contains(0) {
            continue;
        }
        after.legal_actions(0, &mut next);
        if let Some(a2) = next.iter().take(TRIED).find(|a| !after.reveals(0, a)) {
            return Some([g.format_action(a1.clone()), after.format_action(a2.clone())]);
        }
    }
    None
}

/// After some action, Red (seat 0) may play an action whose notation `looks` right and that
/// reveals something: its notation.
fn revealing<G: Game>(g: &G, last: Option<Seat>, looks: impl Fn(&str) -> bool) -> Option<String> {
    if last.is_none() || !g.to_act().contains(0) {
        return None;
    }
    let mut legal = Vec::new();
    g.legal_actions(0, &mut legal);
    legal
        .into_iter()
        .find(|a| looks(&g.format_action(a.clone())) && g.reveals(0, a))
        .map(|a| g.format_action(a))
}

/// Stores the found position of game `G` (Red a person, the rest bots) in a fresh database and
/// starts a server on it whose bots wait ten minutes; Red's connection, with the first state.
async fn serve<G: Game, T>(
    id: &str,
    config: &G::Config,
    found: &Found<T>,
) -> (TestServer, Client, Value)
where
    G::Config: serde::Serialize,
{
    let players = G::new(config, found.seed).unwrap().num_players();
    let mut kinds = vec!["human"];
    kinds.resize(players, "random");
    let table = StoredTable::new::<G>(id, config, found.seed, &kinds, found.actions.clone());
    let server = table.serve(Duration::from_secs(600)).await;
    let mut red = server.connect(&table.link(0)).await;
    let state = red.until("state").await;
    assert_eq!(
        state["version"],
        found.actions.len(),
        "restored at the position"
    );
    (server, red, state)
}

/// Sends `undo` and returns the answer: `undone`, or an error.
async fn undo(c: &mut Client) -> Value {
    c.send(json!({"type": "undo"})).await;
    loop {
        let v = c.next().await.expect("open connection");
        if v["type"] == "error" && v["code"] == "rate_limited" {
            tokio::time::sleep(Duration::from_millis(1100)).await;
            c.send(json!({"type": "undo"})).await;
        } else if v["type"] == "undone" || v["type"] == "error" {
            return v;
        }
    }
}

/// Red plays `plan`, takes both back, is back at the start of the turn, and cannot take back
/// the bot's action before it.
async fn back_to_the_turn_start<G: Game>(id: &str, config: &G::Config)
where
    G::Config: serde::Serialize,
{
    let found = search::<G, _>(config, two_quiet_actions).unwrap_or_else(|| {
        panic!(
            "{}: no game of seeds 0..{SEEDS} reached a turn of Red with two quiet actions",
            G::NAME
        )
    });
    let (server, mut red, start) = serve::<G, _>(id, config, &found).await;
    let legal_before = red.legal();
    let base = found.actions.len();
    for action in &found.what {
        red.play(action).await;
    }
    assert_eq!(server.stored_actions(id).len(), base + 2);
    for (i, action) in found.what.iter().enumerate().rev() {
        let undone = undo(&mut red).await;
        assert_eq!(undone["type"], "undone", "{undone}");
        assert_eq!(undone["index"], base + i, "{undone}");
        assert_eq!(undone["seat"], 0);
        assert_eq!(
            red.until("state").await["version"].as_u64().unwrap() as usize,
            base + 2 + (2 - i),
            "`{action}` taken back"
        );
    }
    let back = red.state.clone().unwrap();
    assert_eq!(
        back["observation"], start["observation"],
        "the state is as at the start of the turn"
    );
    assert_eq!(red.legal(), legal_before);
    // The action before is a bot's: refused, nothing changes.
    let refused = undo(&mut red).await;
    assert_eq!(refused["code"], "illegal", "{refused}");
    let text = refused["message"].as_str().unwrap();
    assert!(text.contains("has played since"), "{text}");
    red.send(json!({"type": "sync"})).await;
    let after = red.until("state").await;
    assert_eq!(after["version"], back["version"]);
    assert_eq!(after["observation"], back["observation"]);
    // Both actions stay stored, marked taken back.
    let db = rusqlite::Connection::open(&server.db).unwrap();
    let marked: i64 = db
        .query_row(
            "SELECT count(*) FROM actions WHERE table_id = ?1 AND undone = 1",
            [id],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(marked, 2);
    drop(db);

    // The log replays the record, both taken-back actions marked.
    red.send(json!({"type": "log"})).await;
    let log = loop {
        let v = red.next().await.expect("open connection");
        if v["type"] == "log" || v["type"] == "error" {
            break v;
        }
    };
    assert_eq!(log["type"], "log", "the log is rebuilt: {log}");
    let entries = log["entries"].as_array().unwrap();
    for (i, action) in found.what.iter().enumerate() {
        let entry = entries
            .iter()
            .find(|e| e["index"] == base + i)
            .unwrap_or_else(|| panic!("no log entry {}: {log}", base + i));
        assert_eq!(entry["undone"], true, "{entry}");
        assert_eq!(entry["action"], action.as_str(), "{entry}");
    }

    // A server started on the same database (as after a crash) finds the table exactly where
    // it was, and can still take back nothing more.
    let again = crate::common::start_on(
        tempfile::tempdir().unwrap(),
        server.db.clone(),
        Duration::from_secs(600),
    )
    .await;
    let link = format!("/t/{id}?k={}", red_token(&server, id));
    let mut back_again = again.connect(&link).await;
    let restored = back_again.until("state").await;
    assert_eq!(restored["version"], after["version"], "{restored}");
    assert_eq!(restored["observation"], after["observation"]);
    assert_eq!(back_again.legal(), legal_before);
    let refused = undo(&mut back_again).await;
    assert_eq!(refused["code"], "illegal", "{refused}");
    // The database check finds nothing wrong.
    let store = boardroom_server::db::Db::open(&server.db).expect("the database opens");
    let report = boardroom_server::lobby::check(&store)
        .await
        .expect("the check runs");
    let table = report
        .iter()
        .find(|t| t.id == id)
        .expect("the table is checked");
    assert_eq!(table.damaged, None, "the table replays");
}

/// Red's (seat 0) seat token at table `id`, from the database.
fn red_token(server: &TestServer, id: &str) -> String {
    let db = rusqlite::Connection::open(&server.db).unwrap();
    db.query_row(
        "SELECT token FROM seats WHERE table_id = ?1 AND seat = 0",
        [id],
        |r| r.get(0),
    )
    .unwrap()
}

/// Red plays an action that reveals something; taking it back is refused with the reason, and
/// nothing changes.
async fn refused_after_a_reveal<G: Game>(
    id: &str,
    config: &G::Config,
    looks: fn(&str) -> bool,
    what: &str,
) where
    G::Config: serde::Serialize,
{
    let found = search::<G, _>(config, |g, last| revealing(g, last, looks)).unwrap_or_else(|| {
        panic!(
            "{}: no game of seeds 0..{SEEDS} reached a turn where Red may {what}",
            G::NAME
        )
    });
    let (server, mut red, _) = serve::<G, _>(id, config, &found).await;
    let played = red.play(&found.what).await;
    let refused = undo(&mut red).await;
    assert_eq!(refused["code"], "illegal", "{refused}");
    let text = refused["message"].as_str().unwrap();
    // Players read the action's label, never its notation.
    assert!(text.contains("cannot be taken back"), "{text}");
    assert!(!text.contains('`'), "no notation in the refusal: {text}");
    assert!(text.contains(what), "the reason names {what}: {text}");
    red.send(json!({"type": "sync"})).await;
    let after = red.until("state").await;
    assert_eq!(after["version"], played["version"]);
    assert_eq!(after["observation"], played["observation"]);
    assert_eq!(server.stored_actions(id).len(), found.actions.len() + 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn big_boss_actions_are_taken_back_to_the_turn_start() {
    back_to_the_turn_start::<boardroom_bigboss::BigBoss>(
        "bbundo1",
        &boardroom_bigboss::Config::new(boardroom_bigboss::Edition::Modern, 3),
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn big_shot_actions_are_taken_back_to_the_turn_start() {
    back_to_the_turn_start::<BigShot>("bsundo1", &boardroom_bigshot::Config::new(2)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn big_shot_refuses_to_take_back_a_die_roll() {
    refused_after_a_reveal::<BigShot>(
        "bsroll1",
        &boardroom_bigshot::Config::new(2),
        |n| n == "roll",
        "die",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_boss_actions_are_taken_back_to_the_turn_start() {
    back_to_the_turn_start::<TheBoss>("tbundo1", &boardroom_theboss::Config::new(4)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_boss_refuses_to_take_back_a_card_draw() {
    refused_after_a_reveal::<TheBoss>(
        "tbdraw1",
        &boardroom_theboss::Config::new(4),
        |n| n.starts_with("draw"),
        "card",
    )
    .await;
}
