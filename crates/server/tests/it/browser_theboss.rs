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

/// Checks the meeting panel's buttons in a page summary (read in one moment): at phone size,
/// each at least 40×40 CSS px, nothing scrolling sideways. Returns whether there were any.
async fn measure_meeting(p: &Person, s: &Value) -> bool {
    let mb = &s["meeting_buttons"];
    if mb["n"].as_u64().unwrap_or(0) == 0 {
        return false;
    }
    assert!(
        mb["w"].as_f64().unwrap() >= 40.0 && mb["h"].as_f64().unwrap() >= 40.0,
        "the meeting panel's touch targets at least 40×40: {mb}"
    );
    assert!(mb["vw"].as_f64().unwrap() <= 390.0, "{mb}");
    assert!(
        mb["sw"].as_f64().unwrap() <= mb["vw"].as_f64().unwrap() + 1.0,
        "the page does not scroll sideways: {mb}"
    );
    let _ = p
        .c
        .execute(
            "const m = document.querySelector('#tb-meeting'); if (m) m.scrollIntoView(); return true",
            vec![],
        )
        .await;
    shot(&p.c, "tb-05-meeting-phone.png").await;
    true
}

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

/// Person `x` offers $1,000 and a note to person `y` with the offer builder; `y` sees the
/// offer with its running timer and accepts it; `x` sends the same offer again, now beyond its
/// cash, and the page shows the rule.
async fn offer_by_clicking(people: &[Person; 2], x: usize) {
    let (px, py) = (&people[x], &people[1 - x]);
    shot(&px.c, "tb-01-builder-phone.png").await;
    let n = px
        .touch_targets("#tb-builder button, #tb-builder select, #tb-builder input:not([type=checkbox]), #tb-builder .tb-check")
        .await;
    assert!(n >= 5, "the builder's controls were measured ({n})");
    assert!(
        px.click(&format!("#tb-builder [data-partner='{}']", py.seat))
            .await
    );
    px.wait_for(
        "the partner chosen",
        &format!(
            "return !!document.querySelector(\"#tb-builder [data-partner='{}'].on\")",
            py.seat
        ),
        10,
    )
    .await;
    let cash = px.c.find(Locator::Css("#tb-give-cash")).await.unwrap();
    cash.clear().await.unwrap();
    cash.send_keys("1000").await.unwrap();
    let note = px.c.find(Locator::Css("#tb-note")).await.unwrap();
    note.send_keys("a start-up loan").await.unwrap();
    assert!(px.click("#tb-send-offer").await);
    px.settle().await;
    // The other person sees it at once, waiting for an answer, with its clock running.
    py.wait_for(
        "the offer to answer",
        "return !!document.querySelector('.tb-offer.to-me [data-act^=\"accept \"]')",
        30,
    )
    .await;
    py.wait_for(
        "the offer's timer",
        "const t = document.querySelector('#tb-timers .tb-timer.mine'); \
         if (!t) return false; window.__tbFirst = window.__tbFirst || t.textContent; \
         return t.textContent !== window.__tbFirst",
        15,
    )
    .await;
    shot(&py.c, "tb-02-offer-to-answer.png").await;
    let text =
        py.c.find(Locator::Css(".tb-offer.to-me"))
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
    assert!(text.contains("$1,000") || text.contains("$1000"), "{text}");
    assert!(text.contains("start-up loan"), "{text}");
    assert!(py.click(".tb-offer.to-me [data-act^='accept ']").await);
    py.settle().await;
    // Accepted: the cash moved, in both pages.
    for p in people {
        p.wait_for(
            "the cash to move",
            &format!(
                "const c = document.querySelector(\".tb-player[data-seat='{}'] .cash\"); \
                 return !!c && c.textContent === '$500'",
                px.seat
            ),
            20,
        )
        .await;
    }
    // The same offer again (the builder was cleared once the first was made): the $1,000
    // has left the maker's hands. Refused, naming the rule.
    px.wait_for(
        "the builder again, cleared",
        "const c = document.querySelector('#tb-give-cash'); return !!c && c.value === '0'          && !!document.querySelector('#tb-send-offer')",
        20,
    )
    .await;
    let cash = px.c.find(Locator::Css("#tb-give-cash")).await.unwrap();
    cash.clear().await.unwrap();
    cash.send_keys("1000").await.unwrap();
    assert!(px.click("#tb-send-offer").await);
    px.wait_for(
        "the refusal",
        "const t = document.querySelector('#toast.show'); \
         return !!t && t.textContent.includes('§9.2') && t.textContent.includes('free cash')",
        20,
    )
    .await;
    shot(&px.c, "tb-03-refused.png").await;
    let cash =
        px.c.find(Locator::Css(".tb-player.you .cash"))
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
    assert_eq!(cash, "$500", "nothing changed");

    // A long-term promise: the other person promises $100 within three rounds and puts $100 in
    // escrow; accepted, the deal and its escrow show in both pages.
    py.wait_for(
        "the builder",
        "return !!document.querySelector('#tb-builder') && !document.querySelector('#tb-auction')",
        30,
    )
    .await;
    assert!(
        py.click(&format!("#tb-builder [data-partner='{}']", px.seat))
            .await
    );
    py.wait_for(
        "the partner chosen",
        &format!(
            "return !!document.querySelector(\"#tb-builder [data-partner='{}'].on\")",
            px.seat
        ),
        10,
    )
    .await;
    assert!(py.click("#tb-lt-on").await);
    py.wait_for(
        "the promise's fields",
        "return !!document.querySelector('#tb-lt-cash')",
        10,
    )
    .await;
    for (css, value) in [("#tb-lt-cash", "100"), ("#tb-lt-ccash", "100")] {
        let input = py.c.find(Locator::Css(css)).await.unwrap();
        input.clear().await.unwrap();
        input.send_keys(value).await.unwrap();
    }
    assert!(py.click("#tb-send-offer").await);
    py.settle().await;
    px.wait_for(
        "the promise to answer",
        "return !!document.querySelector('.tb-offer.to-me [data-act^=\"accept \"]')",
        30,
    )
    .await;
    assert!(px.click(".tb-offer.to-me [data-act^='accept ']").await);
    px.settle().await;
    let holder = ["Red", "Blue"][px.seat];
    for p in people {
        p.wait_for(
            "the deal and its escrow",
            &format!(
                "const d = document.querySelector('#tb-deals'); \
                 return !!d && d.textContent.includes('escrow held by {holder}: $100')"
            ),
            20,
        )
        .await;
    }
    shot(&px.c, "tb-03b-deal-escrow.png").await;
}

/// When one person holds a Fate card the other may not know (and no auction shows a Fate card),
/// the other's page and the other's state message keep it face down. Returns whether it checked.
async fn fate_face_down(
    server: &common::TestServer,
    people: &[Person; 2],
    links: &[String; 2],
) -> bool {
    for a in 0..2 {
        let (pa, pb) = (&people[a], &people[1 - a]);
        let mine =
            pa.c.execute(
                &format!(
                    "const f = document.querySelector(\"[data-fate-of='{}'].known\"); \
                     return f && !document.querySelector('#tb-auction') ? f.textContent : null",
                    pa.seat
                ),
                vec![],
            )
            .await
            .unwrap_or(Value::Null);
        let Some(known) = mine.as_str().and_then(|t| t.strip_prefix("Fate: ")) else {
            continue;
        };
        let known = known.to_string();
        // Over the wire: the holder's state names the card, the other person's does not.
        let mut wa = server.connect(&links[a]).await;
        let mut wb = server.connect(&links[1 - a]).await;
        let sa = wa.until("state").await;
        let sb = wb.until("state").await;
        let s = pa.seat;
        if sa["observation"]["players"][s]["fate"]["card"].is_null() {
            continue; // the card left meanwhile
        }
        assert_eq!(sa["extra"]["players"][s]["fate"], json!(known), "{sa}");
        assert!(
            sb["observation"]["players"][s]["fate"].is_object(),
            "the other sees that one is held"
        );
        assert!(
            sb["observation"]["players"][s]["fate"]["card"].is_null(),
            "{sb}"
        );
        assert!(sb["extra"]["players"][s]["fate"].is_null(), "{sb}");
        // In the other person's page: face down, its name nowhere on the table.
        let (chip, table) = {
            let r = pb
                .c
                .execute(
                    &format!(
                        "const f = document.querySelector(\"[data-fate-of='{s}']\"); \
                         return [f ? f.outerHTML : null, document.querySelector('#tb-table').innerHTML]"
                    ),
                    vec![],
                )
                .await
                .unwrap();
            (
                r[0].as_str().map(str::to_string),
                r[1].as_str().unwrap_or("").to_string(),
            )
        };
        let Some(chip) = chip else {
            continue; // the card left meanwhile
        };
        assert!(chip.contains("face down"), "{chip}");
        assert!(!chip.contains(&known), "{chip} hides {known}");
        assert!(
            !table.contains(&known),
            "the other's table does not name {known}"
        );
        shot(&pb.c, "tb-04-fate-face-down.png").await;
        return true;
    }
    false
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_people_deal_hold_a_meeting_and_finish_the_boss_by_clicking() {
    // Both people on phones: the offer builder and the meeting panel are measured there.
    let Some((_b0, c0)) = open_browser(390, 844).await else {
        return;
    };
    let Some((_b1, c1)) = open_browser(390, 844).await else {
        return;
    };
    let started = Instant::now();
    let server = start_server().await;
    let mut links = new_table(&server).await;
    let mut people = [
        Person {
            c: c0,
            seat: 0,
            link: links[0].clone(),
        },
        Person {
            c: c1,
            seat: 1,
            link: links[1].clone(),
        },
    ];
    for p in &people {
        p.open(&server, &p.link, "the table", AT_TABLE).await;
    }

    // "How to play" in the status line is a button for the shell's panel (the table page's
    // own "How to play"; see `browser_theboss_table`), and the fragment is served as HTML.
    let button = people[0]
        .c
        .execute(
            "return !!document.querySelector('button.tb-howto') && !document.querySelector('a.tb-howto')",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(button, json!(true));
    let r = reqwest::get(format!("{}/assets/games/the-boss/howto.html", server.url()))
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    assert!(r.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/html"));
    assert!(r
        .text()
        .await
        .unwrap()
        .contains("<h2>How to play The Boss</h2>"));

    let deadline = Instant::now() + Duration::from_secs(150 * MAX_TABLES);
    let (mut offered, mut met, mut fate_checked, mut meeting_measured) =
        (false, false, false, false);
    let mut tables = 1;
    let mut clicks = 0u64;
    // Actions the people played over the protocol (0: still at the browser).
    let mut away = 0u64;
    loop {
        assert!(
            Instant::now() < deadline,
            "the games did not finish (offer {offered}, meeting {met}, {clicks} clicks)"
        );
        let sums = [people[0].summary().await, people[1].summary().await];
        if sums.iter().all(|s| s["over"] == true) {
            shot(&people[0].c, "tb-07-final-phone.png").await;
            if met && offered && meeting_measured {
                break;
            }
            // No meeting with a person in it came up this game: a new table.
            assert!(
                tables < MAX_TABLES,
                "{MAX_TABLES} games without a meeting with a person in it"
            );
            tables += 1;
            links = new_table(&server).await;
            for (p, link) in people.iter_mut().zip(&links) {
                p.link = link.clone();
                p.open(&server, link, "the new table", AT_TABLE).await;
            }
            continue;
        }
        if !fate_checked {
            fate_checked = fate_face_down(&server, &people, &links).await;
        }
        if offered && met && fate_checked && meeting_measured && away == 0 {
            // What the pages had to show has been seen: the people leave for the lobby and
            // play on from another device, then open their seat links again for the end.
            for p in &people {
                p.c.goto(&server.url()).await.unwrap();
            }
            away = finish_away(&server, &links).await.max(1);
            for p in &people {
                let final_shown = "return !!document.querySelector('#final.show')";
                p.open(
                    &server,
                    &p.link,
                    "the final scores after coming back",
                    final_shown,
                )
                .await;
            }
            continue;
        }
        let mut acted = false;
        for k in 0..2 {
            let s = &sums[k];
            if s["pending"] == true || s["over"] == true || s["ready"] != true {
                continue;
            }
            let a = acts(s);
            if !offered && s["builder"] == true && a.iter().any(|x| x == "end") {
                offer_by_clicking(&people, k).await;
                offered = true;
                acted = true;
                break;
            }
            if !meeting_measured {
                meeting_measured = measure_meeting(&people[k], s).await;
            }
            // Before the offer is made, the first person in business waits for it.
            if !offered && a.iter().any(|x| x == "end") {
                continue;
            }
            let Some(pick) = policy(s) else { continue };
            let css = format!("[data-act='{pick}']:not([disabled])");
            if people[k].click(&css).await {
                clicks += 1;
                acted = true;
                people[k].settle().await;
                let t = people[k].summary().await;
                if !meeting_measured {
                    meeting_measured = measure_meeting(&people[k], &t).await;
                }
                if pick == "vote for" || pick.starts_with("meeting ") {
                    met = true;
                    shot(&people[k].c, "tb-06-meeting.png").await;
                }
                if let Some(toast) = t["toast"].as_str() {
                    // A click on a state the table had just left may be refused as stale.
                    assert!(
                        !toast.contains('§') || toast.contains("§9.2"),
                        "unexpected refusal after `{pick}`: {toast}"
                    );
                }
            }
        }
        if !acted {
            tokio::time::sleep(Duration::from_millis(150)).await;
        }
    }
    assert!(offered, "an offer was made and accepted by clicking");
    assert!(met, "a person called or voted in a meeting by clicking");
    assert!(
        meeting_measured,
        "the meeting panel was measured at phone size"
    );
    assert!(
        fate_checked,
        "a face-down Fate card was checked in the other's page"
    );
    // The final scores, and the table at desktop size.
    let rows = people[0]
        .c
        .find_all(Locator::Css("#scores tbody tr"))
        .await
        .unwrap();
    assert_eq!(rows.len(), 4);
    people[1].c.set_window_size(1280, 900).await.unwrap();
    shot(&people[1].c, "tb-08-final-desktop.png").await;
    eprintln!(
        "The Boss in the browser: {tables} table(s), {clicks} clicks, {away} actions away, {:.0?}",
        started.elapsed()
    );
    for p in people {
        p.c.close().await.unwrap();
    }
}
