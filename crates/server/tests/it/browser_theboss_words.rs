//! The Boss in words a player understands, in headless Chromium. The tables of the first two
//! tests are stored with actions found in-process, so each step is known and nothing waits on
//! chance:
//!
//! - the board and the log name the cards ("College, 2 years", "Fire card — severance $200"),
//!   never their codes (`COL#21`, `FIRE200`, `E5#3`);
//! - a pass that is not an action is refused in the page naming the player by colour, never
//!   "seat 1", with its rule in words ("rule 9.1: deal windows", never "§9.1") as a link that
//!   opens "How to play" at the section explaining it;
//! - an action chosen on a state the table has left reads "the table moved on — choose
//!   again", and nothing changes;
//! - a Stockholders' Meeting's tally shows the true standing, the caller's and the target's
//!   automatic votes counted from the start;
//! - a finished game reads "<Colour> is the Boss!".
//!
//! The third plays a person against two dealing bots at a lobby table: the person rejects the
//! bots' offers in the page, by clicking, and no bot offers the same terms again within three
//! rounds; a bot counters the person's offer of too low a price, and the page's log says so.

use crate::browser::{open_browser, shot};
use crate::browser_theboss::test_data;
use crate::browser_theboss_table::{click, js, wait_for};
use crate::common::stored::StoredTable;
use crate::common::Client as Ws;

use boardroom_engine::{Game, Present, Viewer};
use boardroom_theboss::names::{exp_name, fate_name};
use boardroom_theboss::state::{Config, TheBoss};
use fantoccini::Client;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// The text of the element `css` ("" when there is none).
async fn text(c: &Client, css: &str) -> String {
    c.execute(
        "const e = document.querySelector(arguments[0]); return e ? e.textContent : ''",
        vec![json!(css)],
    )
    .await
    .unwrap()
    .as_str()
    .unwrap_or("")
    .to_string()
}

/// Plays `action` over the protocol on the latest version; returns the state that includes it.
async fn play(w: &mut Ws, action: &str) -> Value {
    w.pump(100).await;
    let version = w.version();
    w.send(json!({"type": "act", "action": action, "version": version}))
        .await;
    loop {
        let v = w.next().await.expect("open connection");
        if v["type"] == "state" && v["version"].as_u64().unwrap() > version {
            return v;
        }
        assert!(v["type"] != "error", "`{action}` refused: {v}");
    }
}

/// Codes of the notation a person should never read: `COL#21`, `E5#3`, `FIRE200`, `JA5`.
const CODES: &str = r"/\b[A-Z]{1,3}#\d+|\bE\d#\d+|\bFIRE\d|\bJA\d|\bBON\d|\bSO\d+@|\bFD\d/";

/// The first code of the notation in the text of `css`, or null.
async fn code_in(c: &Client, css: &str) -> Value {
    js(
        c,
        &format!(
            "const e = document.querySelector({}); const m = e ? e.textContent.match({CODES}) : null; \
             return m ? m[0] : null",
            json!(css)
        ),
    )
    .await
}

/// A button the shell plays (`data-act`), as an out-of-date page would still show it.
async fn click_injected(c: &Client, act: &str) {
    js(
        c,
        &format!(
            "const b = document.createElement('button'); b.type = 'button'; b.id = 'stale-act'; \
             b.setAttribute('data-act', {}); document.body.append(b); return true",
            json!(act)
        ),
    )
    .await;
    click(c, "#stale-act").await;
}

/// Waits until the page's refusal box shows `expected`.
async fn toast_shows(c: &Client, expected: &str) {
    wait_for(
        c,
        &format!("the refusal: {expected}"),
        &format!(
            "const t = document.querySelector('#toast.show'); \
             return !!t && t.textContent.includes({})",
            json!(expected)
        ),
    )
    .await;
}

/// Three people after the first round: Red drew a Fate card, Blue and Green an Experience
/// card each; Red is to play round 2. Returns the table and the game.
fn first_round() -> (StoredTable, TheBoss) {
    let config = Config {
        players: 3,
        first_player: Some(0),
        data: Some(test_data()),
    };
    let seed = 23;
    let mut g = TheBoss::new(&config, seed).unwrap();
    let mut actions = Vec::new();
    let mut events = Vec::new();
    for (seat, draw) in [
        (0, "draw fate"),
        (1, "draw experience"),
        (2, "draw experience"),
    ] {
        for a in ["end", draw] {
            g.apply(seat, g.parse_action(a).unwrap(), &mut events)
                .unwrap();
            actions.push((seat, a.to_string()));
        }
    }
    let table = StoredTable::new::<TheBoss>(
        "bosswords01",
        &config,
        seed,
        &["human", "human", "human"],
        actions,
    );
    (table, g)
}

/// A game of `players` people played with random candidates from `seed` until `stop` holds
/// (at most `limit` actions): the table and the game, or None.
fn played_until(
    id: &str,
    players: usize,
    seed: u64,
    limit: usize,
    stop: impl Fn(&TheBoss) -> bool,
) -> Option<(StoredTable, TheBoss)> {
    let config = Config {
        players,
        first_player: Some(0),
        data: Some(test_data()),
    };
    let mut g = TheBoss::new(&config, seed).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let (mut legal, mut events, mut actions) = (Vec::new(), Vec::new(), Vec::new());
    while actions.len() < limit {
        if stop(&g) {
            let kinds = vec!["human"; players];
            let table = StoredTable::new::<TheBoss>(id, &config, seed, &kinds, actions);
            return Some((table, g));
        }
        let to_act: Vec<_> = g.to_act().iter().collect();
        if to_act.is_empty() {
            return None;
        }
        let seat = to_act[rng.next_u32() as usize % to_act.len()];
        g.legal_actions(seat, &mut legal);
        let a = legal[rng.next_u32() as usize % legal.len()].clone();
        actions.push((seat, g.format_action(a.clone())));
        events.clear();
        g.apply(seat, a, &mut events).unwrap();
    }
    None
}

/// Opens `link` of `server` in `c` and waits for the table.
async fn open(c: &Client, server: &crate::common::TestServer, link: &str) {
    c.goto(&format!("{}{}", server.url(), link)).await.unwrap();
    wait_for(
        c,
        "the table",
        "return !!document.querySelector('#tb-table .tb-player') && !!document.querySelector('#log li')",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_names_cards_players_and_rules_in_words() {
    let Some((_b0, red)) = open_browser(1280, 1000).await else {
        return;
    };
    let Some((_b1, blue)) = open_browser(1280, 1000).await else {
        return;
    };
    let (table, g) = first_round();
    let server = table.serve(Duration::ZERO).await;
    let mut ws: Vec<Ws> = Vec::new();
    for s in 0..3 {
        let mut w = server.connect(&table.link(s)).await;
        w.until("state").await;
        ws.push(w);
    }
    open(&red, &server, &table.link(0)).await;
    open(&blue, &server, &table.link(1)).await;

    // The board and the log name the cards, never their codes.
    let data = g.data();
    let fate = fate_name(data, g.player(0).fate.as_ref().unwrap().card);
    let blue_card = exp_name(data, g.player(1).experience[0]);
    wait_for(
        &red,
        "the cards named on the board and in the log",
        &format!(
            "const t = document.querySelector('#tb-table').textContent, l = document.querySelector('#log').textContent; \
             return t.includes({f}) && t.includes({b}) && l.includes({f}) && l.includes({b})",
            f = json!(fate),
            b = json!(blue_card)
        ),
    )
    .await;
    for css in ["#tb-table", "#tb-panels", "#log", "#prompt"] {
        assert_eq!(code_in(&red, css).await, Value::Null, "a code in {css}");
    }
    // Blue's page names the public cards but not Red's face-down Fate card.
    let blue_table = text(&blue, "#tb-table").await;
    assert!(blue_table.contains(&blue_card), "{blue_table}");
    assert!(!blue_table.contains(&fate), "{blue_table}");
    assert!(!text(&blue, "#log").await.contains(&fate));
    shot(&red, "tbw-01-card-names.png").await;

    // A pass that is not an action: Blue passed on the floor already. The page names Blue by
    // colour and links the rule into "How to play"; nothing changes.
    play(&mut ws[0], "open").await;
    play(&mut ws[1], "pass").await;
    ws[1].pump(150).await;
    let version = ws[1].version();
    wait_for(
        &blue,
        "the floor open",
        "return document.querySelector('#tb-status').textContent.includes('the floor is open')",
    )
    .await;
    click_injected(&blue, "pass").await;
    toast_shows(&blue, "Blue has already passed on the floor in this step").await;
    let toast = text(&blue, "#toast").await;
    assert!(!toast.contains("seat"), "players are named: {toast}");
    // The rule in words, never its id.
    assert!(toast.ends_with("(rule 9.1: deal windows)"), "{toast}");
    assert!(!toast.contains('§'), "{toast}");
    wait_for(
        &blue,
        "the rule as a link",
        "const a = document.querySelector(\"#toast a.rule-link[data-rule='§9.1'][data-section='howto-offers']\"); \
         return !!a && a.textContent === 'rule 9.1'",
    )
    .await;
    shot(&blue, "tbw-02-rule-link.png").await;
    click(&blue, "#toast a.rule-link").await;
    wait_for(
        &blue,
        "How to play at the offers",
        "const d = document.querySelector('dialog#howto'), s = document.querySelector('#howto-body #howto-offers'); \
         if (!d || !d.open || !s || !s.classList.contains('howto-target')) return false; \
         const b = document.querySelector('#howto-body').getBoundingClientRect(), r = s.getBoundingClientRect(); \
         return r.top >= b.top - 1 && r.top < b.top + 60",
    )
    .await;
    assert_eq!(blue.windows().await.unwrap().len(), 1, "no new tab");
    shot(&blue, "tbw-03-howto-section.png").await;
    click(&blue, "#howto-close").await;
    ws[1].pump(300).await;
    assert_eq!(ws[1].version(), version, "the pass changed nothing");

    // An action chosen on a state the table has left: the page sends the version before.
    js(
        &red,
        "const send = WebSocket.prototype.send; \
         WebSocket.prototype.send = function (d) { \
           const m = JSON.parse(d); \
           if (m.type === 'act' && typeof m.version === 'number') { \
             m.version -= 1; d = JSON.stringify(m); WebSocket.prototype.send = send; } \
           return send.call(this, d); }; return true",
    )
    .await;
    ws[0].pump(150).await;
    let version = ws[0].version();
    wait_for(
        &red,
        "Red's end of business",
        "return !!document.querySelector(\"[data-act='end']\")",
    )
    .await;
    click(&red, "[data-act='end']").await;
    toast_shows(&red, "the table moved on — choose again").await;
    shot(&red, "tbw-04-stale.png").await;
    ws[0].pump(300).await;
    assert_eq!(ws[0].version(), version, "the stale action changed nothing");
    for c in [red, blue] {
        c.close().await.unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_meeting_shows_the_true_standing_and_the_end_reads_colour_is_the_boss() {
    let Some((_b0, c)) = open_browser(1280, 1000).await else {
        return;
    };
    // A meeting just called between players who both hold shares, no vote declared yet.
    let meeting = |g: &TheBoss| {
        let x = g.extra(Viewer::Spectator, "en").unwrap();
        let m = &x["meeting"];
        m.is_object()
            && m["for"].as_u64().unwrap_or(0) > 0
            && m["against"].as_u64().unwrap_or(0) > 0
            && m["abstain"] == json!(0)
            && m["undeclared"].as_array().is_some_and(|u| !u.is_empty())
    };
    let (table, g) = (0..200u64)
        .find_map(|seed| played_until("bossmeet01", 3, seed, 4000, meeting))
        .expect("a meeting in a random game");
    let x = g.extra(Viewer::Spectator, "en").unwrap();
    let obs = g.observe(Viewer::Spectator);
    let public = serde_json::to_value(&obs).unwrap()["public"]["meeting"].clone();
    let (caller, target) = (
        public["caller"].as_u64().unwrap() as usize,
        public["target"].as_u64().unwrap() as usize,
    );
    let power = |s: usize| x["players"][s]["voting_power"].as_u64().unwrap();
    let (f, a) = (x["meeting"]["for"].clone(), x["meeting"]["against"].clone());
    // Before any declaration the standing is the caller's and the target's shares.
    assert_eq!(f, json!(power(caller)));
    assert_eq!(a, json!(power(target)));
    let server = table.serve(Duration::ZERO).await;
    open(&c, &server, &table.link(caller)).await;
    wait_for(
        &c,
        "the true standing",
        &format!(
            "const t = document.querySelector('#tb-tally-text'); \
             return !!t && t.textContent.startsWith('For {f} · Against {a} · Abstain 0')"
        ),
    )
    .await;
    shot(&c, "tbw-05-tally.png").await;

    // A finished game: "<Colour> is the Boss!".
    let (table, g) = (0..50u64)
        .find_map(|seed| played_until("bossend01", 2, seed, 20_000, |g| g.is_over()))
        .expect("a random game that ends");
    let scores = g.score_table("en").unwrap();
    let winners: Vec<_> = scores.rows.iter().filter(|r| r.winner).collect();
    let server = table.serve(Duration::ZERO).await;
    c.goto(&format!("{}{}", server.url(), table.link(0)))
        .await
        .unwrap();
    wait_for(
        &c,
        "the final scores",
        "return !!document.querySelector('#final.show')",
    )
    .await;
    let title = text(&c, "#final-title").await;
    if let [w] = winners.as_slice() {
        assert_eq!(title, format!("{} is the Boss!", w.name));
        assert_eq!(w.name, <TheBoss as Present>::seat_name(w.seat));
    } else {
        assert!(title.ends_with("share the title!"), "{title}");
    }
    assert!(!title.contains("the The"), "{title}");
    shot(&c, "tbw-06-final.png").await;
    c.close().await.unwrap();
}

/// The terms of a public offer (`observation.public.offers[]`) without its note: what a bot
/// must not ask again once it was rejected.
fn terms(o: &Value) -> Value {
    let mut offer = o["offer"].clone();
    if let Some(m) = offer.as_object_mut() {
        m.remove("note");
    }
    offer
}

/// What a person plays on with, away from the offers: leave an auction, abstain, collect, take
/// an office job (an office holder is worth a bot's offer to spare it its Fire card), end
/// business, draw, settle a disaster; else the first listed action that is neither an offer nor an answer.
fn on_with(legal: &[String]) -> Option<String> {
    let first = |p: &str| legal.iter().find(|a| a.starts_with(p)).cloned();
    [
        "pass",
        "vote abstain",
        "collect",
        "move 4",
        "move 3",
        "move 2",
        "move 1",
        "end",
        "draw experience",
        "draw fate",
        "pay",
        "lose",
        "stop",
        "discard",
    ]
    .into_iter()
    .find_map(|p| legal.iter().find(|a| *a == p).cloned())
    .or_else(|| first("settle "))
    .or_else(|| {
        legal
            .iter()
            .find(|a| {
                ![
                    "offer ",
                    "counter ",
                    "accept ",
                    "reject ",
                    "withdraw ",
                    "bid ",
                ]
                .iter()
                .any(|p| a.starts_with(p))
            })
            .cloned()
    })
    .or_else(|| first("withdraw "))
}

/// A person rejects the dealing bots' offers in the page, by clicking; for the three rounds
/// after each rejection, no bot offers them its same terms again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_does_not_repeat_terms_a_person_rejected_in_the_page() {
    let Some((_b0, red)) = open_browser(1280, 1000).await else {
        return;
    };
    // The bots pause before each move, so the person has the time to answer an offer before
    // its maker's business ends.
    let server = crate::common::start_with_bot_delay(Duration::from_millis(150)).await;
    // A game may end before a bot makes Red an offer or counters Red's: then another table
    // (at most three).
    let mut tables = 0;
    let (offers, rejected, countered) = loop {
        tables += 1;
        let created = server
            .create_with(
                json!({"game": "the-boss", "seats": ["human", "heuristic", "heuristic"],
                "data": test_data()}),
            )
            .await;
        let link = created.seats[0].link.clone().unwrap();
        let mut w = server.connect(&link).await;
        w.until("state").await;
        red.goto(&format!("{}{}", server.url(), link))
            .await
            .unwrap();
        wait_for(
            &red,
            "the table",
            "return !!document.querySelector('#tb-table .tb-player')",
        )
        .await;
        // Every offer to Red (id: round, maker, terms) and Red's rejections, from every state.
        let mut offers: std::collections::BTreeMap<u64, (u64, u64, Value)> = Default::default();
        let mut rejected: Vec<u64> = Vec::new();
        let mut clicks = 0;
        let deadline = Instant::now() + Duration::from_secs(120);
        let mut round = 0;
        // Red's offers asking a bot for a card at a low price, and the bots' counters to them.
        let (mut asked, mut countered): (Vec<u64>, Vec<u64>) = (Vec::new(), Vec::new());
        let mut asked_in = 0;
        loop {
            assert!(
                Instant::now() < deadline,
                "three rounds after a rejection did not come: {rejected:?}"
            );
            // Read what has arrived, every state.
            while let Ok(Some(v)) = tokio::time::timeout(Duration::from_millis(20), w.next()).await
            {
                if v["type"] != "state" {
                    continue;
                }
                round = v["observation"]["public"]["round"].as_u64().unwrap();
                for o in v["observation"]["public"]["offers"].as_array().unwrap() {
                    if o["from"] == json!(0) && !asked.contains(&o["id"].as_u64().unwrap()) {
                        asked.push(o["id"].as_u64().unwrap());
                    }
                    if o["counters"].as_u64().is_some_and(|c| asked.contains(&c))
                        && !countered.contains(&o["counters"].as_u64().unwrap())
                    {
                        countered.push(o["counters"].as_u64().unwrap());
                    }
                    if o["offer"]["to"] == json!(0) {
                        let id = o["id"].as_u64().unwrap();
                        offers
                            .entry(id)
                            .or_insert((round, o["from"].as_u64().unwrap(), terms(o)));
                    }
                }
                let last = &v["last"];
                if last["seat"] == json!(0) {
                    for e in last["events"].as_array().into_iter().flatten() {
                        if e["detail"]["event"] == "rejected" {
                            rejected.push(e["detail"]["id"].as_u64().unwrap());
                        }
                    }
                }
            }
            let s = w.state.clone().unwrap();
            let first = rejected.first().and_then(|id| offers.get(id)).map(|o| o.0);
            if s["to_act"].as_array().unwrap().is_empty()
                || (first.is_some_and(|r| round >= r + 3) && !countered.is_empty())
            {
                break;
            }
            // An offer to Red in the page: Red rejects it there.
            let clicked = js(
                &red,
                "if (document.body.classList.contains('pending')) return null;              const b = document.querySelector(\".tb-offer.to-me [data-act^='reject ']\");              if (!b) return null; b.click(); return b.getAttribute('data-act')",
            )
            .await;
            if clicked.is_string() {
                if clicks == 0 {
                    shot(&red, "tbw-07-bot-offer-rejected.png").await;
                }
                clicks += 1;
                continue;
            }
            // Otherwise Red plays on, never answering an offer over the protocol.
            let legal = crate::common::notations(&s);
            if legal.iter().any(|a| a.starts_with("reject ")) {
                continue;
            }
            // Once a round in Red's business, until a bot counters: Red asks a bot for one of its
            // Experience cards for $10, a price the bot would deal at only higher.
            let players = &s["observation"]["players"];
            let held = (1..3).find_map(|b| players[b]["experience"][0].as_u64().map(|c| (b, c)));
            if countered.is_empty() && asked_in < round && legal.iter().any(|a| a == "end") {
                if let Some((b, c)) = held {
                    asked_in = round;
                    let version = w.version();
                    w.send(
                        json!({"type": "act", "version": version, "action": {"action": "offer",
                        "args": {"to": b, "give": {"cash": 10}, "take": {"experience": [c]}}}}),
                    )
                    .await;
                    continue;
                }
            }
            let Some(a) = on_with(&legal) else { continue };
            let version = w.version();
            w.send(json!({"type": "act", "action": a, "version": version}))
                .await;
        }
        // No bot offered Red the terms Red rejected again within three rounds.
        for id in &rejected {
            let (r, maker, t) = &offers[id];
            for (later, (round, m, again)) in offers.range(id + 1..) {
                assert!(
                    !(m == maker && again == t && *round < r + 3),
                    "{} made offer {later} in round {round} with the terms Red rejected (offer {id}) in round {r}: {t}",
                    <TheBoss as Present>::seat_name(*maker as usize)
                );
            }
        }
        if (!rejected.is_empty() && !countered.is_empty()) || tables == 3 {
            break (offers, rejected, countered);
        }
    };
    // Every counter a bot made to Red's offers is in the page's log. Whether a bot offers Red
    // terms or counters depends on the cards the game deals and on when the person's clicks
    // land, so a run need not see either; the bots' not repeating rejected terms and their
    // countering are tested move by move in the game's own tests (`bot_games.rs`).
    for id in &countered {
        wait_for(
            &red,
            "the counter in the log",
            &format!("return document.querySelector('#log').textContent.includes('countering offer {id}')"),
        )
        .await;
    }
    eprintln!(
        "{} offers to Red, {} rejected in the page, none repeated within three rounds",
        offers.len(),
        rejected.len()
    );
    red.close().await.unwrap();
}
