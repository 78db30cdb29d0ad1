//! The Boss at the browser table, in headless Chromium: two people (two browser sessions, each
//! with its seat link) and two bots. The people make and accept an offer by clicking in the
//! offer builder and the offers panel; an offer built from cash that has since left the maker's
//! hands is refused with the rule shown in the page; a person calls or votes in a Stockholders'
//! Meeting. Once the pages have shown all that, the people leave for the lobby and play the
//! rest from another device (the protocol, each action sent with the table version it was
//! chosen at, so a stale one is refused and chosen again); they open their seat links again and
//! the pages show the final scores. A long-term promise with collateral is made and accepted,
//! and its escrow shows in both pages. Checked on the way: the running
//! timers count down, another player's face-down Fate card stays face down in the page and over
//! the wire, and the offer builder and the meeting panel work at phone size (390×844) with touch
//! targets of at least 40×40 CSS px. Screenshots go to `target/browser-artifacts/`.
//!
//! The table runs a data file made for the test (`test_data`): a short game whose Fate deck
//! holds only Job Available #5 and Fire cards, and an executive office anyone may take, so a
//! meeting comes up within a few rounds. Should a game end without one, the people sit down at
//! a new table (at most `MAX_TABLES` in all).

use crate::browser::{open_browser, shot};
use crate::common;

use fantoccini::{Client, Locator};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

mod game;
mod steps;

/// The shipped data file changed for a short game with meetings: $1,500 to start, two cards of
/// each Experience kind, position 5 open to anyone with its Job Available card (four chairs, no
/// Experience, no shares needed), and a Fate deck of six Job Available #5 and ten Fire cards.
pub(crate) fn test_data() -> String {
    let shipped = include_str!("../../../theboss/data/the_boss.toml");
    let cut = shipped.find("[[fate_cards]]").expect("the Fate cards");
    let limits = shipped.find("[limits]").expect("the limits");
    let head = shipped[..cut]
        .replace("start_cash = 500", "start_cash = 1500")
        .replace("count = 11", "count = 2")
        .replace("count = 7", "count = 2")
        .replace("count = 6", "count = 2")
        .replace(
            "chairs = 2\nsalary = 600\nrequirements = { COL = 4, DM = 2 }\nmin_shares = 100",
            "chairs = 4\nsalary = 600\nrequirements = {}\nmin_shares = 0",
        );
    assert!(head.contains("requirements = {}"), "position 5 was changed");
    let fate =
        "[[fate_cards]]\nid = \"JA5\"\ntype = \"job_available\"\nposition = 5\ncount = 6\n\n\
                [[fate_cards]]\nid = \"FIRE200\"\ntype = \"fire\"\nseverance = 200\ncount = 10\n\n";
    format!("{head}{fate}{}", &shipped[limits..])
}

/// What a person's page shows, read in one script.
const SUMMARY: &str = r#"
const vis = (e) => !!(e.offsetWidth || e.offsetHeight || e.getClientRects().length);
const acts = [...document.querySelectorAll('[data-act]')].filter((e) => vis(e) && !e.disabled).map((e) => e.getAttribute('data-act'));
const me = document.querySelector('.tb-player.you .tb-player-head span');
const auction = document.querySelector('#tb-auction');
const toast = document.querySelector('#toast.show');
const mb = [...document.querySelectorAll('#tb-meeting button')].filter(vis).map((e) => e.getBoundingClientRect());
return {
  meeting_buttons: { n: mb.length, w: Math.min(1e9, ...mb.map((r) => r.width)), h: Math.min(1e9, ...mb.map((r) => r.height)),
    vw: window.innerWidth, sw: document.documentElement.scrollWidth },
  over: !!document.querySelector('#final.show'),
  pending: document.body.classList.contains('pending'),
  ready: !!document.querySelector('#tb-table .tb-player'),
  acts,
  job: me ? me.textContent : '',
  auction: auction ? auction.textContent : null,
  meeting: !!document.querySelector('#tb-meeting'),
  builder: !!document.querySelector('#tb-builder'),
  toast: toast ? toast.textContent : null,
};
"#;

/// The smallest box (width, height) among the elements `css` matches in the page, and how many.
const TOUCH: &str = r#"
const els = [...document.querySelectorAll(arguments[0])].filter((e) => e.getClientRects().length);
let w = 1e9, hgt = 1e9;
for (const e of els) { const r = e.getBoundingClientRect(); w = Math.min(w, r.width); hgt = Math.min(hgt, r.height); }
return { n: els.length, w, h: hgt, vw: window.innerWidth, sw: document.documentElement.scrollWidth };
"#;

/// True once the page shows the table with its players.
const AT_TABLE: &str = "return !!document.querySelector('#tb-table .tb-player')";

/// One person at the table: a browser session on the seat's link.
struct Person {
    c: Client,
    seat: usize,
    link: String,
}

impl Person {
    async fn summary(&self) -> Value {
        self.c.execute(SUMMARY, vec![]).await.unwrap_or(Value::Null)
    }

    /// Clicks the element `css` (found now; a stale element is retried by the caller).
    async fn click(&self, css: &str) -> bool {
        // The page redraws on every state message (the bots keep playing): an element found
        // may be replaced before the click reaches it, so find it again, a bounded few times.
        for _ in 0..20 {
            let Ok(e) = self.c.find(Locator::Css(css)).await else {
                return false;
            };
            if e.click().await.is_ok() {
                return true;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        false
    }

    /// Waits (bounded) until `script` returns true in the page.
    async fn wait_for(&self, what: &str, script: &str, secs: u64) {
        let deadline = Instant::now() + Duration::from_secs(secs);
        loop {
            if self.c.execute(script, vec![]).await.ok() == Some(Value::Bool(true)) {
                return;
            }
            assert!(Instant::now() < deadline, "{what} (seat {})", self.seat);
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Opens the server's page `path` and waits (bounded, 30 s) until
    /// `script` returns true in it; `what` names what was awaited if it never comes.
    async fn open(&self, server: &common::TestServer, path: &str, what: &str, script: &str) {
        self.c
            .goto(&format!("{}{}", server.url(), path))
            .await
            .unwrap();
        self.wait_for(what, script, 30).await;
    }

    /// Waits until the page has no action in flight (the server answered the last click).
    async fn settle(&self) {
        self.wait_for(
            "the answer to a click",
            "return !document.body.classList.contains('pending')",
            20,
        )
        .await;
    }

    /// Asserts that every element `css` matches is a touch target of at least 40×40 CSS px
    /// and that the page does not scroll sideways; returns how many were measured.
    async fn touch_targets(&self, css: &str) -> u64 {
        let r = self.c.execute(TOUCH, vec![json!(css)]).await.unwrap();
        let n = r["n"].as_u64().unwrap();
        if n > 0 {
            assert!(
                r["w"].as_f64().unwrap() >= 40.0 && r["h"].as_f64().unwrap() >= 40.0,
                "touch targets `{css}` at least 40×40: {r}"
            );
        }
        assert!(
            r["vw"].as_f64().unwrap() <= 390.0,
            "a phone-sized page: {r}"
        );
        assert!(
            r["sw"].as_f64().unwrap() <= r["vw"].as_f64().unwrap() + 1.0,
            "the page does not scroll sideways: {r}"
        );
        n
    }
}

fn acts(s: &Value) -> Vec<String> {
    s["acts"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|x| x.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

/// What a person clicks when the offer is done: vote for in a meeting, call a meeting, bid on
/// a Fire card as an executive, pass, move up, collect, take the card, end business, draw
/// (Fate first), discard.
fn policy(s: &Value) -> Option<String> {
    let acts = acts(s);
    let has = |n: &str| acts.iter().any(|a| a == n);
    let first = |prefix: &str| acts.iter().find(|a| a.starts_with(prefix)).cloned();
    if has("vote for") {
        return Some("vote for".into());
    }
    // A meeting on a bot (seats 2 and 3) keeps the other person a voter, so its lobbying waits
    // for them.
    if let Some(m) = first("meeting 2")
        .or_else(|| first("meeting 3"))
        .or_else(|| first("meeting "))
    {
        return Some(m);
    }
    if has("stop") {
        return Some("stop".into());
    }
    let executive = s["job"].as_str().unwrap_or("").starts_with("5 ");
    let fire_lot = s["auction"].as_str().unwrap_or("").contains("Fire card");
    if executive && fire_lot {
        let lowest = acts
            .iter()
            .filter_map(|a| a.strip_prefix("bid ")?.parse::<u32>().ok())
            .min();
        if let Some(b) = lowest {
            return Some(format!("bid {b}"));
        }
    }
    if let Some(n) = ON_THROUGH_BUSINESS.into_iter().find(|n| has(n)) {
        return Some(n.into());
    }
    first("move ").or_else(|| has("discard").then(|| "discard".into()))
}

/// What the people play on through business with, the first one they may: pass, move up,
/// collect, take the card, end business, draw (Fate first).
const ON_THROUGH_BUSINESS: [&str; 7] = [
    "pass",
    "move 5",
    "collect",
    "card",
    "end",
    "draw fate",
    "draw experience",
];

/// What a person away from the browser plays once the page's checks are done, by notation:
/// as `policy` clicks (without calling meetings or bidding), then paying, settling a deal that
/// falls due and rejecting an offer; never an offer of their own.
fn pick_away(legal: &[String]) -> Option<String> {
    let has = |n: &str| legal.iter().any(|a| a == n);
    let mut named = ["vote for", "stop"]
        .into_iter()
        .chain(ON_THROUGH_BUSINESS)
        .chain(["discard", "pay"]);
    if let Some(n) = named.find(|n| has(n)) {
        return Some(n.into());
    }
    ["move ", "settle ", "reject "]
        .into_iter()
        .find_map(|prefix| legal.iter().find(|a| a.starts_with(prefix)))
        .cloned()
}

/// Both people, away from their browsers, play the rest of the game from another device (the
/// protocol), one action at a time, each sent with the table version it was chosen at. A click
/// the table has moved on from is refused as stale and chosen again; any other refusal of a
/// listed action fails the test. Returns how many actions the people played.
async fn finish_away(server: &common::TestServer, links: &[String; 2]) -> u64 {
    let mut ws = [
        server.connect(&links[0]).await,
        server.connect(&links[1]).await,
    ];
    for w in &mut ws {
        w.until("state").await;
    }
    let deadline = Instant::now() + Duration::from_secs(300);
    let (mut played, mut stale) = (0u64, 0u64);
    loop {
        assert!(
            Instant::now() < deadline,
            "the game did not finish over the protocol ({played} actions)"
        );
        let mut acted = false;
        for w in &mut ws {
            w.pump(5).await;
            let state = w.state.clone().expect("a state");
            if state["to_act"].as_array().is_none_or(|a| a.is_empty()) {
                eprintln!("The Boss away: {played} actions, {stale} refused as stale");
                return played;
            }
            let Some(action) = pick_away(&common::notations(&state)) else {
                continue;
            };
            let version = w.version();
            w.send(json!({"type": "act", "action": action, "version": version}))
                .await;
            loop {
                let v = w.next().await.expect("open connection");
                if v["type"] == "state" && v["version"].as_u64().unwrap() > version {
                    played += 1;
                    break;
                }
                if v["type"] != "error" {
                    continue;
                }
                match v["code"].as_str() {
                    Some("stale") => {
                        stale += 1;
                        break;
                    }
                    Some("rate_limited") => {
                        tokio::time::sleep(Duration::from_millis(1100)).await;
                        w.send(json!({"type": "act", "action": action, "version": version}))
                            .await;
                    }
                    _ => panic!("`{action}` was listed at version {version} and refused: {v}"),
                }
            }
            acted = true;
        }
        if !acted {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

/// A test server whose bots wait `BOT_DELAY` before each move, as people see them at a real
/// table (a meeting's lobbying then lasts long enough to be seen and measured).
async fn start_server() -> common::TestServer {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("test.sqlite");
    let server = boardroom_server::Server::bind(boardroom_server::Settings {
        addr: "127.0.0.1:0".parse().unwrap(),
        db: db.clone(),
        bot_delay: BOT_DELAY,
        ..boardroom_server::Settings::default()
    })
    .await
    .unwrap();
    let lobby = server.lobby.clone();
    common::TestServer {
        addr: server.addr,
        db,
        _dir: dir,
        task: server.spawn(),
        lobby,
    }
}

/// At most this many games are played for a meeting with a person in it (one usually does).
const MAX_TABLES: u64 = 5;

/// The bots' pause before each move.
const BOT_DELAY: Duration = Duration::from_millis(250);

/// A new table for the two people and two bots; returns the people's seat links.
async fn new_table(server: &common::TestServer) -> [String; 2] {
    let created = server
        .create_with(json!({
            "game": "the-boss",
            "seats": ["human", "human", "heuristic-nodeal", "heuristic-nodeal"],
            "data": test_data(),
        }))
        .await;
    [0, 1].map(|s| created.seats[s].link.clone().unwrap())
}
