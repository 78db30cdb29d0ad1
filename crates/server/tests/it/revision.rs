//! Stored tables of another rules revision than the server's: one of an older revision that
//! the game no longer replays is served read-only as an archive (listed, its record
//! downloadable, its state viewable, every action refused with why), one of a newer revision
//! is refused, and neither is changed in the database; one of an older revision the game still
//! plays (The Boss's revision 2) replays and goes on under that revision's rules.

use crate::common::stored::StoredTable;
use crate::common::{start_on, TestServer};
use boardroom_bigboss::{BigBoss, Config, Edition};
use boardroom_engine::Game;
use serde_json::Value;
use std::time::Duration;

async fn get(server: &TestServer, path: &str) -> (u16, Value) {
    let r = reqwest::get(format!("{}{path}", server.url()))
        .await
        .unwrap();
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_of_rules_no_longer_replayed_is_served_as_an_archive() {
    let config = Config::new(Edition::Modern, 2);
    let seed = 11;
    let mut g = BigBoss::new(&config, seed).unwrap();
    let mut legal = Vec::new();
    let mut actions = Vec::new();
    // A few actions that replay today, then one that does not: under the old rules it meant
    // something, so the table must not be called damaged.
    for _ in 0..3 {
        let seat = g.to_act().first().unwrap();
        g.legal_actions(seat, &mut legal);
        actions.push((seat, g.format_action(legal[0])));
        g.play(seat, legal[0]).unwrap();
    }
    let seat = g.to_act().first().unwrap();
    actions.push((seat, "an action of the old rules".to_string()));
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("revisions.sqlite");
    let mut old =
        StoredTable::new::<BigBoss>("old", &config, seed, &["human", "random"], actions.clone());
    old.row.rules = BigBoss::RULES_REVISION - 1;
    old.write(&db).await;
    let mut newer =
        StoredTable::new::<BigBoss>("newer", &config, seed, &["human", "random"], Vec::new());
    newer.row.rules = BigBoss::RULES_REVISION + 1;
    newer.write(&db).await;
    let server = start_on(dir, db, Duration::ZERO).await;
    let note = format!(
        "this table was played under rules revision {} of Big Boss; this server plays \
         revision {}: it is kept as an archive",
        BigBoss::RULES_REVISION - 1,
        BigBoss::RULES_REVISION
    );

    // Listed in the lobby, marked as an archive.
    let (_, list) = get(&server, "/api/tables").await;
    let listed = list
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["id"] == "old")
        .unwrap_or_else(|| panic!("the archive is listed: {list}"));
    assert_eq!(listed["archive"], note.as_str());

    // Its state is the replay as far as today's rules go, and it says why nothing moves.
    let mut c = server.connect(&old.link(0)).await;
    let state = c.until("state").await;
    assert_eq!(
        state["version"], 4,
        "every stored action counts, the one today's rules do not read too: {state}"
    );
    assert_eq!(
        state["observation"]["phase"]["step"], "choose_company",
        "{state}"
    );
    let status = c.until("status").await;
    assert_eq!(status["message"], note.as_str());
    assert_eq!(status["paused"], true);
    let action = c.legal().first().cloned().unwrap_or_else(|| "pass".into());
    c.act(&action).await;
    let refused = c.until("error").await;
    assert_eq!(refused["code"], "archived", "{refused}");
    assert_eq!(refused["message"], note.as_str());
    c.send(serde_json::json!({"type": "undo"})).await;
    let refused = c.until("error").await;
    assert!(
        refused["message"].as_str().unwrap().contains("archive"),
        "{refused}"
    );

    // Its record, whole and with its revision, can be downloaded though the game never ended.
    let (code, record) = get(
        &server,
        &format!("/t/old/record?k={}", old.row.seats[0].token),
    )
    .await;
    assert_eq!(code, 200, "{record}");
    assert_eq!(record["rules"], BigBoss::RULES_REVISION - 1);
    assert_eq!(record["actions"].as_array().unwrap().len(), 4);

    // The newer table is refused with the reason; nothing stored changed.
    let (_, stats) = get(&server, "/api/stats").await;
    let damaged = stats["damaged"].as_array().unwrap();
    let refused = damaged
        .iter()
        .find(|d| d["id"] == "newer")
        .unwrap_or_else(|| panic!("the newer table is reported: {stats}"));
    assert!(
        refused["reason"].as_str().unwrap().contains("newer"),
        "{refused}"
    );
    assert!(damaged.iter().all(|d| d["id"] != "old"), "{stats}");
    let stored = server.stored_actions("old");
    assert_eq!(stored, actions, "the archive is kept as it was");
}

/// A stored table of The Boss played under rules revision 2, which the game still plays with
/// its own rules: served as usual, not as an archive; replayed under revision 2 (today's rules
/// would replay its record to another state); and going on under it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_of_an_older_revision_still_played_replays_and_goes_on_under_its_rules() {
    use boardroom_engine::{RecordedAction, Viewer};
    use boardroom_theboss::TheBoss;
    let config = boardroom_theboss::Config::new(2);
    let seed = 7;
    let mut g = TheBoss::new_under_revision(&config, seed, 2).unwrap();
    let (mut legal, mut actions) = (Vec::new(), Vec::new());
    for i in 0..400usize {
        let Some(seat) = g.to_act().first() else {
            break;
        };
        g.legal_actions(seat, &mut legal);
        let a = legal[i * 7 % legal.len()].clone();
        actions.push((seat, g.format_action(a.clone())));
        g.play(seat, a).unwrap();
    }
    assert!(!g.is_over(), "the game goes on");
    let recorded: Vec<RecordedAction> = actions
        .iter()
        .map(|(s, a)| RecordedAction::new(*s, a.clone()))
        .collect();
    let today = boardroom_engine::replay_actions::<TheBoss, ()>(
        &config,
        seed,
        TheBoss::RULES_REVISION,
        &recorded,
        |_| (),
        |_, _| (),
    );
    assert!(
        today.map_or(true, |t| t.position() != g.position()),
        "the revision matters to this record"
    );
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("revision2.sqlite");
    let mut old =
        StoredTable::new::<TheBoss>("rev2", &config, seed, &["human", "human"], actions.clone());
    old.row.rules = 2;
    old.write(&db).await;
    let server = start_on(dir, db, Duration::ZERO).await;

    let (_, list) = get(&server, "/api/tables").await;
    let listed = list
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["id"] == "rev2")
        .unwrap_or_else(|| panic!("the table is listed: {list}"));
    assert!(listed["archive"].is_null(), "not an archive: {listed}");

    let seat = g.to_act().first().unwrap();
    let mut c = server.connect(&old.link(seat)).await;
    let state = c.until("state").await;
    assert_eq!(state["version"], actions.len(), "{state}");
    assert_eq!(
        state["observation"]["public"],
        serde_json::to_value(g.observation(Viewer::Seat(seat)).public).unwrap(),
        "the state of revision 2's rules"
    );
    // It goes on, under them.
    g.legal_actions(seat, &mut legal);
    let next = g.format_action(legal[0].clone());
    g.play(seat, legal[0].clone()).unwrap();
    c.act(&next).await;
    let state = c.until_version(actions.len() as u64 + 1).await;
    assert_eq!(
        state["observation"]["public"],
        serde_json::to_value(g.observation(Viewer::Seat(seat)).public).unwrap()
    );
    let rules: u32 = rusqlite::Connection::open(&server.db)
        .unwrap()
        .query_row("SELECT rules FROM tables WHERE id = 'rev2'", [], |r| {
            r.get(0)
        })
        .unwrap();
    assert_eq!(rules, 2, "the table keeps its revision");
}
