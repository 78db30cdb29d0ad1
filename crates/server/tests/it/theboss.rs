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

mod game;
mod refusals;
mod views;

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

/// Asserts that `e` is a refusal of `code` holding each of `words`; a refusal of a rule reads
/// as words a player reads: the rule named in words, never its id (`§9.2`) or the notation
/// (malformed input is answered about what was written, for the program that wrote it).
fn assert_refused(e: &Value, code: &str, words: &[&str]) {
    assert_eq!(e["code"], code, "{e}");
    let m = e["message"].as_str().unwrap();
    for w in words {
        assert!(m.contains(w), "`{w}` in {e}");
    }
    if code != "malformed" {
        assert!(!m.contains('§') && !m.contains('`'), "notation in {e}");
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

    /// Reads until `done` holds for the people's latest states (panics after 300 s), answering
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
            // A bounded wait, generous for a loaded machine (a long game takes about 50 s of
            // it on a 2-core machine in the `ci` build, and over 180 s beside the whole suite
            // and another build).
            assert!(
                start.elapsed() < Duration::from_secs(300),
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
