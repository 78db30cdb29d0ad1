//! Time as an actor: at a live table of The Boss run by `boardroom serve`, an offer left
//! unanswered is rejected by the clock and a bid left unmade times out into a pass; the
//! exported record, clock actions included, replays with `boardroom replay` to exactly the
//! actions and events the table played.

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::process::Command;
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

use crate::common::{connect, serve, Ws};

/// A connection with its latest state and every log entry it was sent.
struct Client {
    ws: Ws,
    state: Value,
    log: Vec<Value>,
    acted: u64,
    /// Whether the last action sent was one the state offered (see [`plain`]).
    offered: bool,
}

impl Client {
    async fn connect(url: &str, link: &str) -> Client {
        let ws = connect(url, link).await;
        let mut c = Client {
            ws,
            state: Value::Null,
            log: Vec::new(),
            acted: u64::MAX,
            offered: false,
        };
        while c.state.is_null() {
            c.pump(200).await;
        }
        c
    }

    /// Reads whatever arrives until `ms` milliseconds pass in silence.
    async fn pump(&mut self, ms: u64) {
        while let Ok(Some(Ok(m))) =
            tokio::time::timeout(Duration::from_millis(ms), self.ws.next()).await
        {
            let Message::Text(t) = m else { continue };
            let mut v: Value = serde_json::from_str(t.as_str()).unwrap();
            if v["type"] == "patch" {
                // The next state, as what changed since the one held.
                let mut state = self.state.clone();
                assert_eq!(state["rev"], v["base"], "a patch applies to the state held");
                let ops: Vec<boardroom_server::patch::Op> =
                    serde_json::from_value(v["ops"].clone()).unwrap();
                boardroom_server::patch::apply(&mut state, &ops).unwrap();
                v = state;
            }
            match v["type"].as_str().unwrap() {
                "state" => {
                    if !v["last"].is_null() {
                        self.log.push(v["last"].clone());
                    }
                    self.state = v;
                }
                "error" => {
                    // A person acting on a state the bots or the clock just moved on from. Every
                    // action is sent with the version it was chosen on, so the server answers
                    // `stale` whenever the table moved on, even when the rules now refuse the
                    // action (`table/play.rs`, `act`): `illegal` is only for an action the rules
                    // refuse on the very state the person saw. An action the state offered is
                    // never that (The Boss offers legal actions only), so only the test's own
                    // offer and auction, built here rather than taken from the state, may be.
                    let code = v["code"].as_str().unwrap();
                    assert!(
                        ["stale", "not_your_turn", "rate_limited"].contains(&code)
                            || (code == "illegal" && !self.offered),
                        "{v}"
                    );
                    self.acted = u64::MAX;
                }
                _ => {}
            }
        }
    }

    fn version(&self) -> u64 {
        self.state["version"].as_u64().unwrap()
    }

    fn obs(&self) -> &Value {
        &self.state["observation"]
    }

    fn legal(&self) -> Vec<String> {
        self.state["actions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a["notation"].as_str().unwrap().to_string())
            .collect()
    }

    /// Plays `action` and reads until the table has moved on.
    async fn play(&mut self, action: &str) {
        let v = self.version();
        self.act(action).await;
        let start = Instant::now();
        while self.version() == v {
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "`{action}` played"
            );
            self.pump(20).await;
        }
    }

    async fn act(&mut self, action: &str) {
        self.offered = self.legal().iter().any(|a| a == action);
        self.acted = self.version();
        let msg = json!({"type": "act", "action": action, "version": self.version()});
        self.ws.send(Message::text(msg.to_string())).await.unwrap();
    }
}

/// What a person does when the game waits for them and the test has no plan: pass, abstain,
/// end business, draw, or the first listed action that is not a deal.
fn plain(c: &Client) -> Option<String> {
    let legal = c.legal();
    ["pass", "vote abstain", "end", "draw experience"]
        .iter()
        .map(|s| s.to_string())
        .find(|s| legal.contains(s))
        .or_else(|| {
            legal
                .iter()
                .find(|a| {
                    !["offer", "counter", "auction", "show"]
                        .iter()
                        .any(|w| a.starts_with(w))
                })
                .cloned()
        })
}

/// Reads for everyone until `done` (60 s at most); a person the game waits for and for whom
/// `hold` is false answers with [`plain`].
async fn until(
    people: &mut [Client; 2],
    watcher: &mut Client,
    what: &str,
    done: impl Fn(&[Client; 2]) -> bool,
    hold: impl Fn(usize, &Client) -> bool,
) {
    let start = Instant::now();
    loop {
        for p in people.iter_mut() {
            p.pump(10).await;
        }
        watcher.pump(5).await;
        if done(people) {
            return;
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "waiting for {what}"
        );
        for (me, p) in people.iter_mut().enumerate() {
            let v = p.version();
            if p.state["must_act"] == true && p.acted != v && !hold(me, p) {
                if let Some(a) = plain(p) {
                    p.act(&a).await;
                }
            }
        }
    }
}

/// Whether seat `a` is at the start of its own turn with nobody else able to act.
fn quiet(c: &Client) -> Option<usize> {
    let o = &c.obs()["public"];
    let a = o["turn"]["seat"].as_u64()? as usize;
    let step = o["turn"]["step"].as_str()?;
    (a < 2
        && c.state["to_act"] == json!([a])
        && ["salary", "exec_card", "stock", "business"].contains(&step)
        && o["auction"].is_null()
        && o["meeting"].is_null()
        && o["after_meeting"].is_null()
        && o["disaster"].is_null())
    .then_some(a)
}

fn clock_entries(log: &[Value]) -> Vec<String> {
    log.iter()
        .filter(|e| e["by"] == "clock")
        .map(|e| e["action"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_clock_rejects_offers_and_passes_bids_and_its_record_replays() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tables.sqlite");
    let server = serve(&db);
    let http = reqwest::Client::new();
    // Timers at 5 %: 3 s to answer an offer, 1.5 s to bid, 15 s of business.
    let created: Value = http
        .post(format!("{}/api/tables", server.url))
        .json(&json!({
            "game": "the-boss",
            "seats": ["human", "human", "random", "random"],
            "timer_percent": 5,
        }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = created["id"].as_str().unwrap().to_string();
    let link = |s: usize| created["seats"][s]["link"].as_str().unwrap().to_string();
    let mut people = [
        Client::connect(&server.url, &link(0)).await,
        Client::connect(&server.url, &link(1)).await,
    ];
    let mut watcher = Client::connect(&server.url, created["spectator"].as_str().unwrap()).await;

    // A person's quiet turn: an offer to the other person, who never answers.
    until(
        &mut people,
        &mut watcher,
        "a quiet turn",
        |p| quiet(&p[0]).is_some() && p[0].version() == p[1].version(),
        |_, _| false,
    )
    .await;
    let x = quiet(&people[0]).unwrap();
    let y = 1 - x;
    let asked = Instant::now();
    people[x].play(&format!("offer {y} give $10")).await;
    let offer = people[x].obs()["public"]["offers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["from"] == x)
        .expect("the offer is open")["id"]
        .as_u64()
        .unwrap();
    let timeout = format!("timeout offer {offer}");
    until(
        &mut people,
        &mut watcher,
        "the clock to reject the offer",
        |p| clock_entries(&p[x].log).contains(&timeout),
        // Nobody answers the offer; the offer's maker waits too.
        |me, _| me == y || me == x,
    )
    .await;
    assert!(
        asked.elapsed() >= Duration::from_millis(2500),
        "not before its time"
    );
    let entry = people[x]
        .log
        .iter()
        .find(|e| e["action"] == timeout.as_str())
        .unwrap()
        .clone();
    assert!(entry["seat"].is_null(), "{entry}");
    assert!(
        entry["events"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["detail"]["event"] == "rejected"),
        "{entry}"
    );
    assert!(!people[x].obs()["public"]["offers"]
        .as_array()
        .unwrap()
        .iter()
        .any(|o| o["id"] == offer));

    // A person auctions an Experience card; the other person lets the call run out.
    people[x].play("end").await;
    let mut auction = None;
    for _ in 0..6 {
        until(
            &mut people,
            &mut watcher,
            "a quiet turn with a card",
            |p| quiet(&p[0]).is_some() && p[0].version() == p[1].version(),
            |_, _| false,
        )
        .await;
        let z = quiet(&people[0]).unwrap();
        let card = people[z].obs()["players"][z]["experience"][0].clone();
        if card.is_number() {
            let msg = json!({"type": "act", "version": people[z].version(),
                "action": {"action": "auction", "args": [{"kind": "experience", "id": card}, 10]}});
            people[z].acted = people[z].version();
            people[z].offered = false;
            people[z]
                .ws
                .send(Message::text(msg.to_string()))
                .await
                .unwrap();
            auction = Some(z);
            break;
        }
        people[z].play("end").await;
    }
    let z = auction.expect("a person holds an Experience card to auction");
    let w = 1 - z;
    let passed = json!({"event": "passed", "seat": w});
    let timed_out = |e: &Value| {
        e["by"] == "clock"
            && e["action"] == "timeout bid"
            && e["events"]
                .as_array()
                .unwrap()
                .iter()
                .any(|x| x["detail"] == passed)
    };
    until(
        &mut people,
        &mut watcher,
        "the clock to pass for the silent bidder",
        |p| p[w].log.iter().any(timed_out),
        // The other person never bids.
        |me, p| me == w && !p.obs()["public"]["auction"].is_null(),
    )
    .await;
    assert!(people[w].log.iter().any(timed_out));

    // The record, clock actions included, replays to the same actions and events.
    watcher.pump(300).await;
    let log = watcher.log.clone();
    drop(people);
    drop(watcher);
    drop(server);
    let export = dir.path().join("records");
    let check = Command::new(env!("CARGO_BIN_EXE_boardroom"))
        .args(["db", "check", "--db"])
        .arg(&db)
        .arg("--export")
        .arg(&export)
        .output()
        .unwrap();
    assert!(check.status.success(), "{check:?}");
    let file = export.join(format!("{id}.json"));
    let record: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let clock: Vec<&Value> = record["actions"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["by"] == "clock")
        .collect();
    assert!(clock.len() >= 2, "{clock:?}");
    assert!(clock.iter().all(|a| a.get("seat").is_none()));
    let replay = Command::new(env!("CARGO_BIN_EXE_boardroom"))
        .arg("replay")
        .arg(&file)
        .output()
        .unwrap();
    assert!(replay.status.success(), "{replay:?}");
    let text = String::from_utf8(replay.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // Each action the spectator saw, in order, with its events (public ones read the same).
    let mut at = 0;
    for entry in &log {
        let n = entry["index"].as_u64().unwrap() + 1;
        let action = entry["action"].as_str().unwrap();
        let head = format!("{n:>4}. ");
        let i = (at..lines.len())
            .find(|&i| lines[i].starts_with(&head))
            .unwrap_or_else(|| panic!("action {n} in the replay"));
        assert!(
            lines[i].ends_with(&format!(": {action}")),
            "{} vs {action}",
            lines[i]
        );
        if entry["by"] == "clock" {
            assert!(lines[i].contains("Clock: "), "{}", lines[i]);
        }
        for (k, e) in entry["events"].as_array().unwrap().iter().enumerate() {
            let said = e["text"].as_str().unwrap();
            let hidden = e["detail"]["event"] == "drew" || e["detail"]["event"] == "shown";
            if !hidden {
                assert_eq!(lines[i + 1 + k].trim(), said, "events of action {n}");
            }
        }
        at = i + 1;
    }
    assert!(log.len() > 5 && at > 0);
}
