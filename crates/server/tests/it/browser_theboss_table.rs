//! The Boss at a table of three people, two of them in headless Chromium (Red and Blue), the
//! third (Green) and the people's other devices over the protocol. The table is stored with a
//! first round already played (everyone drew an Experience card), so every step is known:
//!
//! - "How to play" in the status line opens the shell's panel, in the page;
//! - clicking a player chooses them in the offer builder, with no note written for the person;
//! - a favour deal made with the builder: the offer sent clears the builder, "Counter…" keeps
//!   the long-term promise, its collateral and the note, and the promisee releases the deal
//!   by clicking; another favour deal is walked away from by its promisor by clicking;
//! - bad input: an offer of a card that has left the maker's hands, an answer to a withdrawn
//!   offer and a bid after its call each show the server's own refusal in the page, and
//!   nothing changes;
//! - the people's actions are every enumerable legal action: every bid up to the free cash,
//!   release and walk away, never an offer written for them.

use crate::browser::{open_browser, shot};
use crate::browser_theboss::test_data;
use crate::common::stored::StoredTable;
use crate::common::{self, Client as Ws};

use boardroom_engine::Game;
use boardroom_theboss::state::{Config, TheBoss};
use fantoccini::{Client, Locator};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// Waits (bounded) until `script` returns true in the page.
pub(crate) async fn wait_for(c: &Client, what: &str, script: &str) {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        if c.execute(script, vec![]).await.ok() == Some(Value::Bool(true)) {
            return;
        }
        assert!(Instant::now() < deadline, "waited for {what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Runs `script` in the page.
pub(crate) async fn js(c: &Client, script: &str) -> Value {
    c.execute(script, vec![]).await.unwrap()
}

/// Clicks the element `css`.
pub(crate) async fn click(c: &Client, css: &str) {
    c.find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"))
        .click()
        .await
        .unwrap();
}

/// Writes `value` into the field or select `css` as typing or choosing would.
async fn fill(c: &Client, css: &str, value: &str) {
    let r = c
        .execute(
            "const e = document.querySelector(arguments[0]); if (!e) return false; \
             e.value = arguments[1]; e.dispatchEvent(new Event('input', {bubbles: true})); \
             e.dispatchEvent(new Event('change', {bubbles: true})); return true",
            vec![json!(css), json!(value)],
        )
        .await
        .unwrap();
    assert_eq!(r, json!(true), "{css} in the page");
}

/// The value of the field `css`.
async fn value(c: &Client, css: &str) -> Value {
    c.execute(
        "const e = document.querySelector(arguments[0]); \
         return e ? (e.type === 'checkbox' ? e.checked : e.value) : null",
        vec![json!(css)],
    )
    .await
    .unwrap()
}

/// Waits until the page has no action in flight.
async fn settled(c: &Client) {
    wait_for(
        c,
        "the answer to a click",
        "return !document.body.classList.contains('pending')",
    )
    .await;
}

/// Plays `action` (notation or JSON form) over the protocol on the latest version; returns
/// the state that includes it.
async fn play(w: &mut Ws, action: Value) -> Value {
    w.pump(100).await;
    let version = w.version();
    loop {
        w.send(json!({"type": "act", "action": action, "version": version}))
            .await;
        loop {
            let v = w.next().await.expect("open connection");
            if v["type"] == "state" && v["version"].as_u64().unwrap() > version {
                return v;
            }
            if v["type"] == "error" {
                assert_eq!(v["code"], "rate_limited", "`{action}` refused: {v}");
                tokio::time::sleep(Duration::from_millis(1100)).await;
                break;
            }
        }
    }
}

/// What the server answers `action` sent on the latest version: its refusal's message.
async fn refusal(w: &mut Ws, action: Value) -> String {
    w.pump(150).await;
    let version = w.version();
    w.send(json!({"type": "act", "action": action, "version": version}))
        .await;
    let e = w.until("error").await;
    assert!(
        e["code"] != "stale" && e["code"] != "rate_limited",
        "a refusal of `{action}` itself: {e}"
    );
    e["message"].as_str().unwrap().to_string()
}

/// Clicks a button the page's shell plays (`data-act`), as an out-of-date page would still
/// show it, and waits for the refusal: the page shows the server's message `expected`, and
/// the table (seen by `w`) has not moved.
async fn refused_in_page(c: &Client, w: &mut Ws, act: &str, expected: &str, shot_name: &str) {
    w.pump(150).await;
    let version = w.version();
    js(
        c,
        &format!(
            "const b = document.createElement('button'); b.type = 'button'; b.id = 'stale-act'; \
             b.setAttribute('data-act', '{act}'); document.body.append(b); return true"
        ),
    )
    .await;
    click(c, "#stale-act").await;
    wait_for(
        c,
        &format!("the refusal of `{act}`: {expected}"),
        &format!(
            "const t = document.querySelector('#toast.show'); \
             return !!t && t.textContent.includes({})",
            json!(expected)
        ),
    )
    .await;
    settled(c).await;
    shot(c, shot_name).await;
    js(
        c,
        "const b = document.getElementById('stale-act'); if (b) b.remove(); return true",
    )
    .await;
    w.pump(300).await;
    assert_eq!(w.version(), version, "`{act}` changed nothing");
}

fn notations(state: &Value) -> Vec<String> {
    common::notations(state)
}

/// The table after the first round: each of the three people ended business and drew an
/// Experience card; Red is to play round 2. Returns the stored table and each seat's cards.
fn first_round() -> (StoredTable, Vec<Vec<u8>>) {
    let config = Config {
        players: 3,
        first_player: Some(0),
        data: Some(test_data()),
    };
    let seed = 11;
    let mut g = TheBoss::new(&config, seed).unwrap();
    let mut actions = Vec::new();
    let mut events = Vec::new();
    for seat in 0..3 {
        for a in ["end", "draw experience"] {
            let action = g.parse_action(a).unwrap();
            g.apply(seat, action, &mut events).unwrap();
            actions.push((seat, a.to_string()));
        }
    }
    let cards = (0..3).map(|s| g.player(s).experience.to_vec()).collect();
    let table = StoredTable::new::<TheBoss>(
        "bossdeals01",
        &config,
        seed,
        &["human", "human", "human"],
        actions,
    );
    (table, cards)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn people_deal_release_walk_away_and_see_refusals_in_the_page() {
    let Some((_b0, red)) = open_browser(1280, 1000).await else {
        return;
    };
    let Some((_b1, blue)) = open_browser(1280, 1000).await else {
        return;
    };
    let (table, cards) = first_round();
    assert!(cards.iter().all(|c| c.len() == 1), "{cards:?}");
    let server = table.serve(Duration::ZERO).await;
    let mut ws: Vec<Ws> = Vec::new();
    for s in 0..3 {
        let mut w = server.connect(&table.link(s)).await;
        w.until("state").await;
        ws.push(w);
    }
    for (c, s) in [(&red, 0), (&blue, 1)] {
        c.goto(&format!("{}{}", server.url(), table.link(s)))
            .await
            .unwrap();
        wait_for(
            c,
            "the table",
            "return !!document.querySelector('#tb-table .tb-player')",
        )
        .await;
    }

    // "How to play" opens the shell's panel in the page, not a new tab.
    click(&red, "button.tb-howto").await;
    wait_for(
        &red,
        "the how-to-play panel",
        "const d = document.querySelector('dialog#howto'); \
         return !!d && d.open && d.querySelector('#howto-body').textContent.includes('Long-term')",
    )
    .await;
    assert_eq!(red.windows().await.unwrap().len(), 1, "no new tab");
    shot(&red, "tbt-01-howto.png").await;
    click(&red, "#howto-close").await;
    wait_for(
        &red,
        "the panel closed",
        "return !document.querySelector('dialog#howto').open",
    )
    .await;

    // Red's actions are the rules' own, never an offer written for Red.
    let legal = notations(ws[0].state.as_ref().unwrap());
    assert!(legal.iter().any(|a| a == "end"), "{legal:?}");
    assert!(
        !legal
            .iter()
            .any(|a| a.starts_with("offer ") || a.starts_with("counter ")),
        "{legal:?}"
    );

    // Clicking a player chooses them in the builder, with no note written for the person.
    click(&red, ".tb-player[data-seat='2']").await;
    wait_for(
        &red,
        "Green chosen",
        "return !!document.querySelector(\"#tb-builder [data-partner='2'].on\")",
    )
    .await;
    assert_eq!(value(&red, "#tb-note").await, json!(""));

    // A favour deal with the builder: Red pays Blue $50 for a favour, Blue's $100 in escrow.
    click(&red, "#tb-builder [data-partner='1']").await;
    wait_for(
        &red,
        "Blue chosen",
        "return !!document.querySelector(\"#tb-builder [data-partner='1'].on\")",
    )
    .await;
    click(&red, "#tb-lt-on").await;
    wait_for(
        &red,
        "the promise",
        "return !!document.querySelector('#tb-lt-promisor')",
    )
    .await;
    fill(&red, "#tb-lt-promisor", "them").await;
    fill(&red, "#tb-lt-kind", "favour").await;
    wait_for(
        &red,
        "the favour field",
        "return !!document.querySelector('#tb-lt-favour')",
    )
    .await;
    let favour = "your support at the next meeting";
    let note = "a favour for a favour";
    fill(&red, "#tb-lt-favour", favour).await;
    fill(&red, "#tb-lt-ccash", "100").await;
    fill(&red, "#tb-give-cash", "50").await;
    fill(&red, "#tb-note", note).await;
    click(&red, "#tb-send-offer").await;
    settled(&red).await;
    // Sent and made: the builder is cleared.
    wait_for(
        &red,
        "the builder cleared after sending",
        "const n = document.querySelector('#tb-note'), lt = document.querySelector('#tb-lt-on'), \
         c = document.querySelector('#tb-give-cash'); \
         return !!n && n.value === '' && !lt.checked && c.value === '0' \
           && !!document.querySelector('.tb-offer[data-offer]')",
    )
    .await;

    // Blue counters: the promise, its collateral and the note come along.
    wait_for(
        &blue,
        "the offer to answer",
        "return !!document.querySelector('.tb-offer.to-me [data-counter]')",
    )
    .await;
    click(&blue, ".tb-offer.to-me [data-counter]").await;
    wait_for(
        &blue,
        "the counter in the builder",
        "const h = document.querySelector('#tb-builder h3'); \
         return !!h && h.textContent.startsWith('Counter offer')",
    )
    .await;
    shot(&blue, "tbt-02-counter.png").await;
    for (css, want) in [
        ("#tb-lt-on", json!(true)),
        ("#tb-lt-promisor", json!("me")),
        ("#tb-lt-kind", json!("favour")),
        ("#tb-lt-favour", json!(favour)),
        ("#tb-lt-ccash", json!("100")),
        ("#tb-take-cash", json!("50")),
        ("#tb-note", json!(note)),
    ] {
        assert_eq!(value(&blue, css).await, want, "{css} in the counter");
    }
    fill(&blue, "#tb-take-cash", "60").await;
    click(&blue, "#tb-send-offer").await;
    settled(&blue).await;
    wait_for(
        &blue,
        "Blue's builder cleared after the counter",
        "const h = document.querySelector('#tb-builder h3'), n = document.querySelector('#tb-note'); \
         return !!h && h.textContent === 'Make an offer' && n.value === ''",
    )
    .await;
    wait_for(
        &red,
        "the counter to answer",
        "const o = document.querySelector('.tb-offer.to-me'); \
         return !!o && o.textContent.includes('$60') && !!o.querySelector('[data-act^=\"accept \"]')",
    )
    .await;
    click(&red, ".tb-offer.to-me [data-act^='accept ']").await;
    settled(&red).await;
    // The promisee releases it by clicking: the collateral returns, the deal is closed.
    wait_for(
        &red,
        "Red's release",
        "return !!document.querySelector(\"#tb-my-deals [data-act^='release ']\")",
    )
    .await;
    shot(&red, "tbt-03-release.png").await;
    click(&red, "#tb-my-deals [data-act^='release ']").await;
    settled(&red).await;
    for c in [&red, &blue] {
        wait_for(
            c,
            "the deal closed",
            "return !document.querySelector('#tb-deals') && !document.querySelector('.tb-broken')",
        )
        .await;
    }
    ws[0].pump(200).await;
    let s = ws[0].state.clone().unwrap();
    assert_eq!(s["observation"]["players"][1]["cash"], json!(1560), "{s}");
    assert_eq!(s["extra"]["deals"], json!([]));

    // Another favour deal, made on the other devices; Blue walks away from it by clicking.
    let promise = json!({"action": "offer", "args": {"to": 1, "give": {"cash": 10},
        "note": "another favour", "long_term": {"promisor": 1, "due": 5,
        "collateral": {"cash": 100}, "promise": {"favour": "a good word"}}}});
    let s = play(&mut ws[0], promise).await;
    let id = s["extra"]["offers"][0]["id"].as_u64().unwrap();
    play(&mut ws[1], json!(format!("accept {id}"))).await;
    wait_for(
        &blue,
        "Blue's walk away",
        "return !!document.querySelector(\"#tb-my-deals [data-act^='walkaway ']\")",
    )
    .await;
    let legal = notations(ws[1].state.as_ref().unwrap());
    assert!(
        legal.iter().any(|a| a.starts_with("walkaway ")),
        "{legal:?}"
    );
    click(&blue, "#tb-my-deals [data-act^='walkaway ']").await;
    settled(&blue).await;
    for c in [&red, &blue] {
        wait_for(
            c,
            "the deal broken",
            "const b = document.querySelector('.tb-broken'); \
             return !!b && !document.querySelector('#tb-deals')",
        )
        .await;
    }
    shot(&blue, "tbt-04-walked-away.png").await;
    ws[0].pump(200).await;
    let s = ws[0].state.clone().unwrap();
    // Red paid Blue $60 and $10 and kept Blue's $100 of collateral.
    assert_eq!(s["observation"]["players"][0]["cash"], json!(1530), "{s}");

    // Bad input 1: an answer to a withdrawn offer.
    let s = play(
        &mut ws[0],
        json!({"action": "offer", "args": {"to": 1, "give": {"cash": 10}}}),
    )
    .await;
    let id = s["extra"]["offers"][0]["id"].as_u64().unwrap();
    play(&mut ws[0], json!(format!("withdraw {id}"))).await;
    wait_for(
        &blue,
        "the offer withdrawn",
        "return !document.querySelector('.tb-offer')",
    )
    .await;
    let expected = refusal(&mut ws[1], json!(format!("accept {id}"))).await;
    refused_in_page(
        &blue,
        &mut ws[1],
        &format!("accept {id}"),
        &expected,
        "tbt-05-withdrawn.png",
    )
    .await;

    // Bad input 2: an offer of a card that has left the maker's hands. Red picks the card in
    // the builder; meanwhile Red's other device sells it to Blue.
    let card = cards[0][0];
    click(&red, "#tb-builder [data-partner='2']").await;
    wait_for(
        &red,
        "Green chosen",
        "return !!document.querySelector(\"#tb-builder [data-partner='2'].on\")",
    )
    .await;
    click(&red, &format!("[data-item='give:exp:{card}']")).await;
    let s = play(
        &mut ws[0],
        json!({"action": "offer", "args": {"to": 1, "give": {"experience": [card]}}}),
    )
    .await;
    let id = s["extra"]["offers"][0]["id"].as_u64().unwrap();
    play(&mut ws[1], json!(format!("accept {id}"))).await;
    wait_for(
        &red,
        "the card no longer held, still picked",
        &format!(
            "const b = document.querySelector(\"[data-item='give:exp:{card}']\"); \
             return !!b && b.checked && !!b.closest('.tb-check.gone')"
        ),
    )
    .await;
    let sent = json!({"action": "offer", "args": {"to": 2, "give": {"experience": [card]},
        "take": {}, "give_commitments": [], "take_commitments": [], "note": ""}});
    let expected = refusal(&mut ws[0], sent).await;
    let version = ws[0].version();
    click(&red, "#tb-send-offer").await;
    wait_for(
        &red,
        "the refusal of the offer",
        &format!(
            "const t = document.querySelector('#toast.show'); \
             return !!t && t.textContent.includes({})",
            json!(expected)
        ),
    )
    .await;
    settled(&red).await;
    shot(&red, "tbt-06-card-gone.png").await;
    ws[0].pump(300).await;
    assert_eq!(
        ws[0].version(),
        version,
        "the refused offer changed nothing"
    );
    assert_eq!(
        value(&red, &format!("[data-item='give:exp:{card}']")).await,
        json!(true),
        "a refused offer stays in the builder"
    );

    // Bad input 3: a bid after its call. Green auctions its card; Red is called first and bids
    // from the other device, then Red's page sends another bid.
    let green_card = cards[2][0];
    play(
        &mut ws[2],
        json!({"action": "auction", "args": [{"kind": "experience", "id": green_card}, 10]}),
    )
    .await;
    ws[0].pump(150).await;
    let legal = notations(ws[0].state.as_ref().unwrap());
    // Every bid from the lowest to Red's free cash.
    assert!(legal.iter().any(|a| a == "bid 10"), "{legal:?}");
    assert!(legal.iter().any(|a| a == "bid 1000"), "{legal:?}");
    assert!(legal.iter().any(|a| a == "bid 1530"), "{legal:?}");
    play(&mut ws[0], json!("bid 20")).await;
    wait_for(
        &red,
        "Blue's call",
        "const a = document.querySelector('#tb-auction .tb-who'); \
         return !!a && a.textContent.includes('Blue to call')",
    )
    .await;
    let expected = refusal(&mut ws[0], json!("bid 30")).await;
    refused_in_page(&red, &mut ws[0], "bid 30", &expected, "tbt-07-late-bid.png").await;
    play(&mut ws[1], json!("pass")).await;
    wait_for(
        &red,
        "the auction over",
        "return !document.querySelector('#tb-auction')",
    )
    .await;
    for c in [red, blue] {
        c.close().await.unwrap();
    }
}
