//! The Boss at the server, over real WebSockets: two scripted people and two bots make and
//! accept an offer, auction a card, play on; bad input is refused naming the rule with nothing
//! stored; every message a person receives is exactly what the view builds from the replayed
//! record for that seat (and the view hides other players' Fate cards).

use crate::common;

use boardroom_engine::{Game, Record, RecordedAction, Viewer};
use boardroom_server::view::{self, Step};
use boardroom_theboss::TheBoss;
use common::{Client, TestServer};
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// The observation of the latest state.
fn obs(c: &Client) -> &Value {
    &c.state.as_ref().expect("a state")["observation"]
}

/// The active player (whose turn it is).
fn active(c: &Client) -> usize {
    obs(c)["public"]["turn"]["seat"].as_u64().unwrap() as usize
}

fn to_act(c: &Client) -> Vec<usize> {
    c.state.as_ref().unwrap()["to_act"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_u64().unwrap() as usize)
        .collect()
}

fn over(c: &Client) -> bool {
    c.state
        .as_ref()
        .is_some_and(|s| s["to_act"].as_array().unwrap().is_empty())
}

/// Sends `action` (notation or JSON form) on the version the client saw.
async fn send_act(c: &mut Client, action: Value) {
    let version = c.version();
    c.send(json!({"type": "act", "action": action, "version": version}))
        .await;
}

/// Sends `action` and returns the error the server answers with.
async fn refused(c: &mut Client, action: Value) -> Value {
    send_act(c, action).await;
    let e = c.until("error").await;
    assert!(!e["message"].as_str().unwrap().is_empty(), "{e}");
    e
}

fn assert_refused(e: &Value, code: &str, words: &[&str]) {
    assert_eq!(e["code"], code, "{e}");
    let m = e["message"].as_str().unwrap();
    for w in words {
        assert!(m.contains(w), "`{w}` in {e}");
    }
}

/// Two scripted people (seats 0 and 1) at a table with two bots.
struct Table {
    server: TestServer,
    id: String,
    people: [Client; 2],
    acted: [u64; 2],
    rng: rand_chacha::ChaCha8Rng,
}

impl Table {
    async fn new(timer_percent: u32) -> Table {
        let server = common::start().await;
        let created = server
            .create_with(json!({
                "game": "the-boss",
                "seats": ["human", "human", "random", "random"],
                "timer_percent": timer_percent,
            }))
            .await;
        let mut people = [
            server
                .connect(created.seats[0].link.as_ref().unwrap())
                .await,
            server
                .connect(created.seats[1].link.as_ref().unwrap())
                .await,
        ];
        for p in people.iter_mut() {
            p.until("state").await;
        }
        Table {
            server,
            id: created.id,
            people,
            acted: [u64::MAX; 2],
            rng: rand_chacha::ChaCha8Rng::seed_from_u64(7),
        }
    }

    /// Reads what arrived for both people.
    async fn pump(&mut self) {
        for p in self.people.iter_mut() {
            p.pump(15).await;
        }
    }

    /// Reads until `done` holds for the people's latest states (panics after 60 s), answering
    /// for a person whenever the game waits for them with `answer`.
    async fn until(
        &mut self,
        what: &str,
        done: impl Fn(&[Client; 2]) -> bool,
        mut answer: impl FnMut(usize, &Client, &mut rand_chacha::ChaCha8Rng) -> Option<String>,
    ) {
        let start = Instant::now();
        loop {
            self.pump().await;
            if done(&self.people) {
                return;
            }
            assert!(
                start.elapsed() < Duration::from_secs(60),
                "waiting for {what}"
            );
            for me in 0..2 {
                let p = &self.people[me];
                let v = p.version();
                let s = p.state.as_ref().unwrap();
                if s["must_act"] != true || self.acted[me] == v || over(p) {
                    continue;
                }
                if let Some(a) = answer(me, p, &mut self.rng) {
                    self.acted[me] = v;
                    send_act(&mut self.people[me], json!(a)).await;
                }
            }
        }
    }

    fn stored(&self) -> Vec<(usize, String)> {
        self.server.stored_actions(&self.id)
    }
}

/// A person's answer when the game waits for them outside their own plans: pass in auctions
/// and lobbying, abstain in votes, otherwise a random listed action that is not a deal.
fn plain(_me: usize, c: &Client, rng: &mut rand_chacha::ChaCha8Rng) -> Option<String> {
    let legal = c.legal();
    for first in ["pass", "vote abstain"] {
        if legal.iter().any(|a| a == first) {
            return Some(first.into());
        }
    }
    let quiet: Vec<&String> = legal
        .iter()
        .filter(|a| {
            !["offer", "counter", "auction", "show", "withdraw"]
                .iter()
                .any(|w| a.starts_with(w))
        })
        .collect();
    let pick = if quiet.is_empty() {
        legal.iter().collect()
    } else {
        quiet
    };
    (!pick.is_empty()).then(|| pick[rng.gen_range(0..pick.len())].clone())
}

/// Waits for a person's own turn, before its draw, with nobody else able to act (the floor
/// still closed).
async fn quiet_turn(t: &mut Table) -> usize {
    t.until(
        "a person's quiet turn",
        |p| {
            p[0].version() == p[1].version() && {
                let a = active(&p[0]);
                let o = &obs(&p[0])["public"];
                let step = o["turn"]["step"].as_str().unwrap();
                a < 2
                    && to_act(&p[0]) == vec![a]
                    && ["salary", "exec_card", "stock", "business"].contains(&step)
                    && o["auction"].is_null()
                    && o["meeting"].is_null()
                    && o["after_meeting"].is_null()
                    && o["disaster"].is_null()
            }
        },
        plain,
    )
    .await;
    active(&t.people[0])
}

/// Person `x` ends business and draws an Experience card (answering whatever else the game
/// asks on the way), until another seat's turn begins.
async fn end_turn(t: &mut Table, x: usize) {
    t.until(
        "the turn to end",
        |p| active(&p[0]) != x,
        |me, c, rng| {
            let legal = c.legal();
            match ["end", "draw experience"]
                .iter()
                .find(|a| legal.iter().any(|l| l == *a))
            {
                Some(a) if me == x => Some(a.to_string()),
                _ => plain(me, c, rng),
            }
        },
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_people_and_two_bots_deal_bid_and_play_on() {
    let mut t = Table::new(0).await;
    let x = quiet_turn(&mut t).await;
    let y = 1 - x;
    let stored = t.stored();
    let version = t.people[x].version();

    // Bad input: each refused with the rule, nothing stored, the state unchanged.
    let p = &mut t.people[x];
    let e = refused(
        p,
        json!({"action": "offer", "args": {"to": y, "give": {"executive": [0]}}}),
    )
    .await;
    assert_refused(&e, "illegal", &["§9.2", "Executive card"]);
    let e = refused(
        p,
        json!({"action": "offer", "args": {"to": y, "give": {"cash": 100000}}}),
    )
    .await;
    assert_refused(&e, "illegal", &["§9.2", "free cash"]);
    let e = refused(
        p,
        json!({"action": "offer", "args": {"to": y, "give": {"cash": "lots"}}}),
    )
    .await;
    assert_refused(&e, "malformed", &["args.give.cash"]);
    let e = refused(p, json!({"action": "dance"})).await;
    assert_refused(&e, "malformed", &["dance"]);
    // A JSON action within the message limit for structured actions but over its own limit.
    let e = refused(
        p,
        json!({"action": "offer", "args": {"to": y, "give": {"cash": 10}, "note": "n".repeat(16_500)}}),
    )
    .await;
    assert_refused(&e, "too_large", &["16384"]);
    // A message beyond every limit.
    let e = refused(
        p,
        json!({"action": "offer", "args": {"to": y, "note": "n".repeat(40_000)}}),
    )
    .await;
    assert_refused(&e, "too_large", &[]);
    let e = refused(p, json!("bid 10")).await;
    assert_refused(&e, "illegal", &["§9.6", "no auction"]);
    let e = refused(p, json!("timeout business")).await;
    assert_refused(&e, "illegal", &["§9.7", "clock"]);
    let e = refused(p, json!({"action": "timeout", "args": {"what": "bid"}})).await;
    assert_refused(&e, "illegal", &["§9.7"]);
    let e = refused(p, json!("offer 9 give $10")).await;
    assert_refused(&e, "illegal", &[]);
    let e = refused(p, json!(7)).await;
    assert_refused(&e, "malformed", &["notation"]);
    let e = refused(&mut t.people[y], json!("offer 0 give $10")).await;
    assert_refused(&e, "not_your_turn", &[]);
    t.pump().await;
    assert_eq!(t.stored(), stored, "nothing stored");
    for p in &t.people {
        assert_eq!(p.version(), version, "the state is unchanged");
    }

    // An offer in its JSON form (as the state lists actions), accepted in notation.
    let listed = t.people[x].state.as_ref().unwrap()["actions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["notation"] == "end")
        .cloned()
        .unwrap();
    assert_eq!(listed["json"], json!({"action": "end"}));
    send_act(
        &mut t.people[x],
        json!({"action": "offer", "args": {"to": y, "give": {"cash": 10}, "note": "for you"}}),
    )
    .await;
    // Y may answer once no auction (a bot's) is in the way; the people answer only calls.
    let may_accept = move |c: &Client| {
        obs(c)["public"]["offers"]
            .as_array()
            .unwrap()
            .iter()
            .find(|o| o["from"] == x && o["offer"]["to"] == y)
            .map(|o| o["id"].as_u64().unwrap())
            .filter(|id| c.legal().contains(&format!("accept {id}")))
    };
    t.until(
        "the offer",
        |p| may_accept(&p[y]).is_some(),
        |me, c, rng| {
            (!obs(c)["public"]["auction"].is_null())
                .then(|| plain(me, c, rng))
                .flatten()
        },
    )
    .await;
    let id = may_accept(&t.people[y]).unwrap();
    let cash = obs(&t.people[y])["players"][y]["cash"].as_u64().unwrap();
    // The table moves on (Y passes on the floor; the offer to Y stays open) before Y answers
    // on its older state: another action on that state is stale, the answer to the offer,
    // still open, counts.
    let seen = t.people[y].version();
    if t.people[y].legal().contains(&"pass".to_string()) {
        // Y's own pass, on the state Y saw: played (the state it led to names it), or refused
        // should a bot have moved the table on first (then there is nothing to repeat).
        t.people[y]
            .send(json!({"type": "act", "action": "pass", "version": seen}))
            .await;
        let passed = loop {
            let m = t.people[y].next().await.expect("open");
            if m["type"] == "state" && m["last"]["seat"] == y && m["last"]["action"] == "pass" {
                break true;
            }
            if m["type"] == "error" {
                assert_eq!(m["code"], "stale", "{m}");
                break false;
            }
        };
        if passed {
            t.people[y]
                .send(json!({"type": "act", "action": "pass", "version": seen}))
                .await;
            assert_refused(&t.people[y].until("error").await, "stale", &[]);
        }
    }
    t.people[y]
        .send(json!({"type": "act", "action": format!("accept {id}"), "version": seen}))
        .await;
    // Accepted: what it answers (the offer) is unchanged, so it is still meant. (Should a bot
    // have started an auction in between, the rules refuse it now: chosen on a state the table
    // has left, it is answered stale, never illegal.)
    let s = loop {
        let m = t.people[y].next().await.expect("open");
        if m["type"] == "state" && m["last"]["action"] == format!("accept {id}") {
            break Some(m);
        }
        if m["type"] == "error" {
            assert_eq!(m["code"], "stale", "{m}");
            break None;
        }
    };
    if let Some(s) = s {
        assert_eq!(s["observation"]["players"][y]["cash"], cash + 10, "{s}");
        assert!(s["last"]["events"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["detail"]["event"] == "accepted"));
    }

    // X ends business and draws an Experience card, then auctions it on its next quiet turn;
    // Y first bids beyond its cash (refused with the rule), then passes.
    end_turn(&mut t, x).await;
    let mut auctioned = false;
    let mut overbid = false;
    for _ in 0..3 {
        let z = quiet_turn(&mut t).await;
        let cards = obs(&t.people[z])["players"][z]["experience"].clone();
        if let Some(card) = cards.as_array().unwrap().first() {
            send_act(
                &mut t.people[z],
                json!({"action": "auction", "args": [{"kind": "experience", "id": card}, 10]}),
            )
            .await;
            auctioned = true;
            let w = 1 - z;
            t.until(
                "the other person's call",
                |p| to_act(&p[w]) == vec![w] && !obs(&p[w])["public"]["auction"].is_null(),
                plain,
            )
            .await;
            let before = t.stored();
            let e = refused(&mut t.people[w], json!("bid 100000")).await;
            assert_refused(&e, "illegal", &["§9.6", "free cash"]);
            assert_eq!(t.stored(), before);
            overbid = true;
            t.people[w].play("pass").await;
            break;
        }
        end_turn(&mut t, z).await;
    }
    assert!(
        auctioned && overbid,
        "a person auctioned a card and the other overbid"
    );

    // Play on a long way (or to the end).
    t.until(
        "a long game",
        |p| over(&p[0]) || p[0].version() >= 500,
        plain,
    )
    .await;

    // Every state message a person received is what the view builds for that seat from the
    // stored record, replayed.
    t.pump().await;
    let stored = t.stored();
    let config: String = rusqlite::Connection::open(&t.server.db)
        .unwrap()
        .query_row("SELECT config FROM tables WHERE id = ?1", [&t.id], |r| {
            r.get(0)
        })
        .unwrap();
    let record = Record {
        game: "the-boss".into(),
        rules: <TheBoss as boardroom_engine::Game>::RULES_REVISION,
        config: serde_json::from_str::<boardroom_theboss::Config>(&config).unwrap(),
        seed: t.server.stored_seed(&t.id),
        actions: stored
            .iter()
            .map(|(seat, action)| RecordedAction::new(*seat, action.clone()))
            .collect(),
    };
    let mut states: Vec<TheBoss> = vec![TheBoss::new(&record.config, record.seed).unwrap()];
    let mut steps: Vec<Step<TheBoss>> = Vec::new();
    record
        .replay_with(|s: boardroom_engine::ReplayStep<TheBoss>| {
            let mut g = states.last().unwrap().clone();
            g.play(s.seat, s.action.clone()).unwrap();
            steps.push(Step {
                index: steps.len(),
                seat: s.seat,
                action: stored[steps.len()].1.clone(),
                turn: <TheBoss as boardroom_engine::Present>::turn(states.last().unwrap()),
                undone: false,
                by: boardroom_engine::By::Player,
                events: s.events,
            });
            states.push(g);
        })
        .unwrap();
    let mut compared = 0;
    for me in 0..2 {
        for text in &t.people[me].received {
            let mut msg: Value = serde_json::from_str(text).unwrap();
            if msg["type"] != "state" {
                continue;
            }
            msg.as_object_mut().unwrap().remove("seq");
            let v = msg["version"].as_u64().unwrap() as usize;
            let last = (!msg["last"].is_null()).then(|| &steps[v - 1]);
            let expected = view::state_msg(&states[v], Viewer::Seat(me), v, last);
            assert_eq!(msg, serde_json::to_value(&expected).unwrap(), "version {v}");
            compared += 1;
        }
    }
    assert!(compared > 100, "{compared} messages compared");
}

/// A random four-player game of The Boss, with states along the way.
fn positions() -> Vec<TheBoss> {
    let mut out = Vec::new();
    for seed in 0..6u64 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut g = TheBoss::new(&boardroom_theboss::Config::new(4), seed).unwrap();
        let mut buf = Vec::new();
        for step in 0..3000 {
            if g.is_over() {
                break;
            }
            if step % 41 == 0 {
                out.push(g.clone());
            }
            let seat = g.to_act().choose(&mut rng).unwrap();
            g.legal_actions(seat, &mut buf);
            let a = buf[rng.gen_range(0..buf.len())].clone();
            g.play(seat, a).unwrap();
        }
    }
    out
}

#[test]
fn a_players_messages_do_not_change_when_only_others_fate_cards_change() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    let (mut checked, mut hidden_cards_differ) = (0, 0);
    for game in positions() {
        for viewer in (0..4).map(Viewer::Seat).chain([Viewer::Spectator]) {
            let mine = serde_json::to_string(&view::state_msg(&game, viewer, 9, None)).unwrap();
            for _ in 0..3 {
                let other = game.sample_hidden(viewer, &mut rng);
                if (0..4).any(|s| {
                    Viewer::Seat(s) != viewer
                        && other.player(s).fate.as_ref().map(|f| f.card)
                            != game.player(s).fate.as_ref().map(|f| f.card)
                }) {
                    hidden_cards_differ += 1;
                }
                let theirs =
                    serde_json::to_string(&view::state_msg(&other, viewer, 9, None)).unwrap();
                assert_eq!(mine, theirs);
                checked += 1;
            }
        }
    }
    assert!(checked > 100);
    assert!(
        hidden_cards_differ > 10,
        "other players' face-down Fate cards really differed ({hidden_cards_differ} of {checked})"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_takes_a_data_file_from_the_lobby_and_refuses_a_bad_one_naming_the_field() {
    let server = common::start().await;
    let shipped = include_str!("../../../theboss/data/the_boss.toml");
    assert!(shipped.contains("start_cash = 500"));
    let richer = shipped.replace("start_cash = 500", "start_cash = 700");
    let created = server
        .create_with(json!({"game": "the-boss", "seats": ["human", "random"], "data": richer}))
        .await;
    let mut c = server
        .connect(created.seats[0].link.as_ref().unwrap())
        .await;
    let s = c.until("state").await;
    let cash: Vec<u64> = s["observation"]["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["cash"].as_u64().unwrap())
        .collect();
    assert!(cash.iter().all(|&x| x >= 700), "{cash:?}");
    for (bad, field) in [
        (
            shipped.replace("start_cash = 500", "start_cash = -5"),
            "start_cash",
        ),
        (
            shipped.replace("bid_seconds = 30", "bid_seconds = \"soon\""),
            "bid_seconds",
        ),
        ("not toml at all [".to_string(), ""),
    ] {
        let r = reqwest::Client::new()
            .post(format!("{}/api/tables", server.url()))
            .json(&json!({"game": "the-boss", "seats": ["human", "random"], "data": bad}))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 400);
        let body: Value = r.json().await.unwrap();
        let e = body["error"].as_str().unwrap();
        assert!(e.contains(field), "`{field}` in {e}");
    }
    let tables: i64 = rusqlite::Connection::open(&server.db)
        .unwrap()
        .query_row("SELECT COUNT(*) FROM tables", [], |r| r.get(0))
        .unwrap();
    assert_eq!(tables, 1, "nothing stored for a bad data file");
    let r = reqwest::Client::new()
        .post(format!("{}/api/tables", server.url()))
        .json(&json!({"game": "the-boss", "seats": ["human", "random"], "timer_percent": 5000}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 400);
    assert!(r.text().await.unwrap().contains("timer_percent"));
}

/// The id of the newest open offer from `from` to `to` in `c`'s latest state.
fn open_offer(c: &Client, from: usize, to: usize) -> Option<u64> {
    obs(c)["public"]["offers"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|o| o["from"] == from && o["offer"]["to"] == to)
        .filter_map(|o| o["id"].as_u64())
        .max()
}

/// Plays `action` (notation or JSON form) for `c` and waits until both people saw it.
async fn play_both(people: &mut [Client; 2], me: usize, action: Value) -> Value {
    let v = people[me].version();
    send_act(&mut people[me], action).await;
    let s = people[me].until_version(v + 1).await;
    assert_eq!(s["type"], "state", "{s}");
    people[1 - me].until_version(v + 1).await;
    s
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn late_answers_and_offers_whose_items_left_are_refused_naming_the_rule() {
    // Two people and no bot: every change is the test's own.
    let server = common::start().await;
    let created = server
        .create_with(json!({"game": "the-boss", "seats": ["human", "human"], "timer_percent": 0}))
        .await;
    let mut p = [
        server
            .connect(created.seats[0].link.as_ref().unwrap())
            .await,
        server
            .connect(created.seats[1].link.as_ref().unwrap())
            .await,
    ];
    for c in p.iter_mut() {
        c.until("state").await;
    }
    let x = active(&p[0]);
    let y = 1 - x;
    let cash = |c: &Client, s: usize| obs(c)["players"][s]["cash"].as_u64().unwrap();

    // An answer to a withdrawn offer: refused with the rule (or as stale on the old version).
    play_both(
        &mut p,
        x,
        json!({"action": "offer", "args": {"to": y, "give": {"cash": 100}}}),
    )
    .await;
    let id = open_offer(&p[y], x, y).expect("the offer is open");
    let seen = p[y].version();
    play_both(&mut p, x, json!(format!("withdraw {id}"))).await;
    let stored = server.stored_actions(&created.id);
    let e = refused(&mut p[y], json!(format!("accept {id}"))).await;
    assert_refused(&e, "illegal", &["§9.2", "no open offer"]);
    // Sent without a version, the answer may have been chosen while the offer was open:
    // stale, with what is wrong now.
    p[y].send(json!({"type": "act", "action": format!("accept {id}")}))
        .await;
    let e = p[y].until("error").await;
    assert_refused(&e, "stale", &["choose again", "§9.2", "no open offer"]);
    p[y].send(json!({"type": "act", "action": format!("accept {id}"), "version": seen}))
        .await;
    assert_refused(&p[y].until("error").await, "stale", &["moved on"]);
    assert_eq!(server.stored_actions(&created.id), stored, "nothing stored");

    // An offer whose cash has left the maker's hands by the time it is accepted: voided with
    // the rule, nothing changes hands.
    let (start, y_start) = (cash(&p[x], x), cash(&p[x], y));
    for _ in 0..2 {
        play_both(
            &mut p,
            x,
            json!({"action": "offer", "args": {"to": y, "give": {"cash": start - 100}}}),
        )
        .await;
    }
    let ids: Vec<u64> = obs(&p[y])["public"]["offers"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|o| o["from"] == x)
        .map(|o| o["id"].as_u64().unwrap())
        .collect();
    assert_eq!(ids.len(), 2, "two open offers");
    play_both(&mut p, y, json!(format!("accept {}", ids[0]))).await;
    assert_eq!(cash(&p[y], x), 100);
    let s = play_both(&mut p, y, json!(format!("accept {}", ids[1]))).await;
    let voided = s["last"]["events"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["detail"]["event"] == "voided")
        .unwrap_or_else(|| panic!("the offer is voided: {s}"));
    let text = voided["text"].as_str().unwrap();
    assert!(
        text.contains("§9.2") && text.contains("free cash"),
        "{text}"
    );
    assert_eq!(cash(&p[y], x), 100, "nothing moved");
    assert_eq!(cash(&p[y], y), y_start + start - 100, "nothing moved");
    // And the same offer made again now is refused outright, naming the rule.
    let e = refused(
        &mut p[x],
        json!({"action": "offer", "args": {"to": y, "give": {"cash": start - 100}}}),
    )
    .await;
    assert_refused(&e, "illegal", &["§9.2", "free cash"]);

    // A bid after its auction closed. X ends business and draws a card, Y too; X auctions the
    // card, Y (the only bidder) passes, then bids on the state it saw and on the new one.
    for me in [x, y] {
        play_both(&mut p, me, json!("end")).await;
        play_both(&mut p, me, json!("draw experience")).await;
    }
    assert_eq!(active(&p[0]), x);
    let card = obs(&p[x])["players"][x]["experience"][0].clone();
    play_both(
        &mut p,
        x,
        json!({"action": "auction", "args": [{"kind": "experience", "id": card}, 10]}),
    )
    .await;
    assert_eq!(to_act(&p[y]), vec![y], "Y's call");
    let call = p[y].version();
    play_both(&mut p, y, json!("pass")).await;
    assert!(
        obs(&p[y])["public"]["auction"].is_null(),
        "the auction closed"
    );
    let stored = server.stored_actions(&created.id);
    p[y].send(json!({"type": "act", "action": "bid 20", "version": call}))
        .await;
    assert_refused(&p[y].until("error").await, "stale", &["moved on"]);
    let e = refused(&mut p[y], json!("bid 20")).await;
    assert!(
        e["code"] == "not_your_turn" || e["message"].as_str().unwrap().contains("§9.6"),
        "{e}"
    );
    let e = refused(&mut p[x], json!("bid 20")).await;
    assert_refused(&e, "illegal", &["§9.6", "no auction"]);
    assert_eq!(server.stored_actions(&created.id), stored, "nothing stored");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bots_that_passed_on_the_floor_do_not_flood_the_table_with_auctions() {
    // One person who rejects every offer and otherwise plays quietly, three heuristic bots.
    // Before, a bot that had passed on the open floor auctioned 10 shares whenever asked
    // (about 115 auctions in a 4-player game, each asking every bidder, the person too).
    let server = common::start().await;
    let created = server
        .create_with(json!({
            "game": "the-boss",
            "seats": ["human", "heuristic", "heuristic", "heuristic"],
            "timer_percent": 0,
        }))
        .await;
    let mut me = server
        .connect(created.seats[0].link.as_ref().unwrap())
        .await;
    me.until("state").await;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    let mut acted = u64::MAX;
    let start = Instant::now();
    let rounds = 8;
    loop {
        me.pump(15).await;
        let round = obs(&me)["public"]["round"].as_u64().unwrap_or(0);
        if over(&me) || round > rounds {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(90),
            "the table did not reach round {rounds} (round {round})"
        );
        let v = me.version();
        if acted == v {
            continue;
        }
        let legal = me.legal();
        let reject = legal.iter().find(|a| a.starts_with("reject"));
        let must = me.state.as_ref().unwrap()["must_act"] == true;
        let action = match reject {
            Some(r) => Some(r.clone()),
            None if must => plain(0, &me, &mut rng),
            None => None,
        };
        if let Some(a) = action {
            acted = v;
            send_act(&mut me, json!(a)).await;
        }
    }
    let stored = server.stored_actions(&created.id);
    let auctions = stored
        .iter()
        .filter(|(s, a)| *s != 0 && a.starts_with("auction"))
        .count();
    assert!(
        auctions <= 3,
        "{auctions} auctions by the bots in {} actions",
        stored.len()
    );
}
