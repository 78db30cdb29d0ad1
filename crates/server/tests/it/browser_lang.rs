//! The page in other languages, in headless Chromium: a German browser gets the lobby in
//! German (and axe-core finds no serious violation there); the language menu switches and is
//! remembered; the pseudo-locale shows every word of the shell wrapped in ⟦…⟧, so that a word
//! that did not come from a message shows, and its longer words still fit a 390-pixel phone.

use crate::browser::open_browser;
use crate::browser_a11y::{
    axe_script, axe_violations, page_width, resize, sticking_out, until, wait_for, DESKTOP, PHONE,
};
use crate::common;
use fantoccini::{Client, Locator};
use serde_json::Value;

/// Sets the `lang` cookie as the language menu does, and loads `url`.
pub(crate) async fn open_in(c: &Client, url: &str, lang: &str) {
    c.goto(url).await.unwrap();
    c.execute(
        "document.cookie = `lang=${arguments[0]}; path=/`",
        vec![Value::from(lang)],
    )
    .await
    .unwrap();
    c.goto(url).await.unwrap();
}

async fn text(c: &Client, css: &str) -> String {
    c.find(Locator::Css(css))
        .await
        .unwrap()
        .text()
        .await
        .unwrap()
}

/// The visible texts on the page, outside the parts that `skip` selects, with a letter outside
/// every ⟦…⟧ (messages put together with numbers and signs pass).
pub(crate) async fn unwrapped(c: &Client, skip: &str) -> Vec<String> {
    let v = c
        .execute(
            r##"const skip = arguments[0];
            // What is left of a text outside its messages (innermost first: a message may
            // hold another).
            const bare = (s) => {
              let r = s;
              while (/⟦[^⟦⟧]*⟧/.test(r)) r = r.replace(/⟦[^⟦⟧]*⟧/g, "");
              return r;
            };
            const out = [];
            const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
            for (let n = walker.nextNode(); n; n = walker.nextNode()) {
              const e = n.parentElement;
              const s = n.textContent.trim();
              if (!s || !/\p{L}/u.test(s) || e.closest(skip)) continue;
              if (e.closest("[hidden], script, style") || !e.getClientRects().length) continue;
              // Messages may be put together with numbers and signs ("· 0/2 ⟦…⟧").
              if (!/\p{L}/u.test(bare(s))) continue;
              out.push(`${e.tagName.toLowerCase()}${e.id ? "#" + e.id : ""}: ${s.slice(0, 60)}`);
            }
            for (const e of document.querySelectorAll("[title], [aria-label], [placeholder]")) {
              if (e.closest(skip)) continue;
              for (const a of ["title", "aria-label", "placeholder"]) {
                const s = (e.getAttribute(a) || "").trim();
                if (/\p{L}/u.test(bare(s))) out.push(`${a} of ${e.tagName.toLowerCase()}: ${s}`);
              }
            }
            return out;"##,
            vec![Value::from(skip)],
        )
        .await
        .unwrap();
    serde_json::from_value(v).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_german_browser_gets_the_lobby_in_german_and_may_switch() {
    let Some((_browser, c)) = open_browser(DESKTOP.0, DESKTOP.1).await else {
        return;
    };
    let server = common::start().await;
    open_in(&c, &server.url(), "de").await;
    wait_for(&c, "select[data-seat='1']").await;
    let lang = c
        .execute("return document.documentElement.lang", vec![])
        .await
        .unwrap();
    assert_eq!(lang, "de");
    assert_eq!(text(&c, "#create h2").await, "Neuer Tisch");
    assert_eq!(text(&c, "#create-btn").await, "Tisch eröffnen");
    // A word of the lobby's script, with its variable.
    let seat = text(&c, "select[data-seat='0'] option[value='human']").await;
    assert_eq!(seat, "Person (Einladungslink)");

    if let Some(axe) = axe_script() {
        let violations = axe_violations(&c, &axe).await;
        assert!(violations.is_empty(), "{violations:#?}");
    }

    // The menu switches to English, and the choice is remembered on the next visit.
    c.find(Locator::Css("#lang-select"))
        .await
        .unwrap()
        .select_by_value("en")
        .await
        .unwrap();
    until(
        &c,
        "the lobby in English",
        "return document.documentElement.lang === 'en' \
         && document.querySelector('#create h2')?.textContent === 'New table'",
    )
    .await;
    c.goto(&server.url()).await.unwrap();
    wait_for(&c, "#create h2").await;
    assert_eq!(text(&c, "#create h2").await, "New table");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pseudo_locale_leaves_no_shell_word_unwrapped_and_fits_a_phone() {
    let Some((_browser, c)) = open_browser(PHONE.0, PHONE.1).await else {
        return;
    };
    let server = common::start().await;
    resize(&c, PHONE).await;
    open_in(&c, &server.url(), "en-XA").await;
    wait_for(&c, "select[data-seat='1']").await;
    // Games' titles, seat names and bot levels come from the games, the brand and each
    // language's own name are names: the rest (the first game's options too) are messages.
    let skip = ".brand, #game-titles, #game, .seat-row, #standin, #lang-select";
    let left = unwrapped(&c, skip).await;
    assert!(left.is_empty(), "words not from a message: {left:#?}");
    let width = page_width(&c).await;
    assert!(
        width <= f64::from(PHONE.0),
        "the lobby is {width} wide at {} in the pseudo-locale: {}",
        PHONE.0,
        sticking_out(&c, PHONE.0).await
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_german_big_boss_classic_table_speaks_the_1994_rulebook_and_fits_a_phone() {
    let Some((_browser, c)) = open_browser(PHONE.0, PHONE.1).await else {
        return;
    };
    let server = common::start_with_bot_delay(std::time::Duration::from_millis(100)).await;
    let t = server
        .create_with(serde_json::json!({
            "game": "big-boss", "edition": "classic", "seats": ["human", "random", "random"]
        }))
        .await;
    let link = t.seats[0].link.clone().unwrap();
    resize(&c, PHONE).await;
    open_in(&c, &format!("{}{link}", server.url()), "de").await;
    wait_for(&c, "#board").await;
    wait_for(&c, "#prompt.mine").await;
    until(
        &c,
        "the turn announced in German",
        "return document.querySelector('#announce')?.textContent === 'Du bist dran'",
    )
    .await;
    // The game's own words: the prompt, a refusal and the log, in German.
    let prompt = text(&c, "#prompt").await;
    assert!(prompt.contains("Kaufe eine Karte"), "{prompt}");
    // A second connection of the page's seat (the browser sends it the page's `lang` cookie)
    // tries a move the rules refuse, then buys a card, which the page's log then shows.
    c.execute(
        r#"const u = new URL(location.href);
        const ws = new WebSocket(location.origin.replace(/^http/, "ws") + "/ws/" +
          u.pathname.split("/")[2] + u.search);
        let tried = false;
        ws.onmessage = (e) => {
          const m = JSON.parse(e.data);
          if (m.type === "state" && !tried) {
            tried = true;
            ws.send(JSON.stringify({ type: "act", action: "tower" }));
          } else if (m.type === "error") {
            window.refusal = m.message;
            ws.send(JSON.stringify({ type: "act", action: "buy deck" }));
          }
        };"#,
        vec![],
    )
    .await
    .unwrap();
    until(
        &c,
        "the refusal",
        "return typeof window.refusal === 'string'",
    )
    .await;
    let refusal = c.execute("return window.refusal", vec![]).await.unwrap();
    assert!(
        refusal
            .as_str()
            .unwrap()
            .starts_with("das geht jetzt nicht: beginne deinen Zug"),
        "{refusal}"
    );
    until(
        &c,
        "the purchase in the log, in German",
        "return document.querySelector('#log').textContent.includes('Rot kauft ')",
    )
    .await;
    let log = text(&c, "#log").await;
    assert!(!log.contains(" buys "), "{log}");

    // The shell's words and the view's, in the rulebook's terms.
    assert_eq!(text(&c, "#hand-title").await, "Deine Karten");
    // The words as written (the style sheet shows some in capitals).
    let inner = c
        .execute(
            "return document.querySelector('#board-inner').textContent",
            vec![],
        )
        .await
        .unwrap()
        .as_str()
        .unwrap_or_default()
        .to_string();
    for word in [
        "Wertskala",
        "Konzerne",
        "Stapel",
        "Bausteine",
        "Nicht gegründet",
    ] {
        assert!(inner.contains(word), "no `{word}` on the board: {inner}");
    }
    assert!(
        !inner.contains("Share prices") && !inner.contains("Not founded"),
        "{inner}"
    );
    let width = page_width(&c).await;
    assert!(
        width <= f64::from(PHONE.0),
        "the German table is {width} wide: {}",
        sticking_out(&c, PHONE.0).await
    );
    if let Some(axe) = axe_script() {
        let violations = axe_violations(&c, &axe).await;
        assert!(violations.is_empty(), "{violations:#?}");
    }

    // How to play, written in German.
    c.find(Locator::Css("#howto-btn"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    until(
        &c,
        "the German how-to-play",
        "return (document.querySelector('#howto')?.textContent || '').includes('Worum es geht')",
    )
    .await;
    assert_eq!(text(&c, "#howto-title").await, "So spielt man Big Boss");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_german_big_shot_table_names_its_city_in_german() {
    let Some((_browser, c)) = open_browser(PHONE.0, PHONE.1).await else {
        return;
    };
    let server = common::start_with_bot_delay(std::time::Duration::from_millis(100)).await;
    let t = server
        .create_with(
            serde_json::json!({"game": "big-shot", "seats": ["human", "random", "random"]}),
        )
        .await;
    let link = t.seats[0].link.clone().unwrap();
    resize(&c, PHONE).await;
    open_in(&c, &format!("{}{link}", server.url()), "de").await;
    wait_for(&c, ".lot").await;
    wait_for(&c, "#prompt.mine").await;
    let board = c
        .execute(
            "return document.querySelector('#bs-board').textContent",
            vec![],
        )
        .await
        .unwrap()
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(board.contains("Runde 1 von"), "{board}");
    assert!(!board.contains("Round"), "{board}");
    let width = page_width(&c).await;
    assert!(
        width <= f64::from(PHONE.0),
        "the German table is {width} wide: {}",
        sticking_out(&c, PHONE.0).await
    );
    if let Some(axe) = axe_script() {
        let violations = axe_violations(&c, &axe).await;
        assert!(violations.is_empty(), "{violations:#?}");
    }
    c.find(Locator::Css("#howto-btn"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    until(
        &c,
        "the German how-to-play",
        "return (document.querySelector('#howto')?.textContent || '').includes('Der Makler zieht')",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_german_boss_table_deals_in_german() {
    let Some((_browser, c)) = open_browser(PHONE.0, PHONE.1).await else {
        return;
    };
    let server = common::start_with_bot_delay(std::time::Duration::from_millis(100)).await;
    let t = server
        .create_with(
            serde_json::json!({"game": "the-boss", "seats": ["human", "heuristic", "heuristic"]}),
        )
        .await;
    let link = t.seats[0].link.clone().unwrap();
    resize(&c, PHONE).await;
    open_in(&c, &format!("{}{link}", server.url()), "de").await;
    wait_for(&c, "#tb-status").await;
    wait_for(&c, "#prompt.mine").await;
    let table = c
        .execute(
            "return document.querySelector('#tb-table').textContent",
            vec![],
        )
        .await
        .unwrap()
        .as_str()
        .unwrap_or_default()
        .to_string();
    for word in ["Runde 1", "Erfahrung", "Schicksal", "Arbeitslos"] {
        assert!(table.contains(word), "no `{word}`: {table}");
    }
    assert!(
        !table.contains("Round") && !table.contains("Unemployment"),
        "{table}"
    );
    let width = page_width(&c).await;
    assert!(
        width <= f64::from(PHONE.0),
        "the German table is {width} wide: {}",
        sticking_out(&c, PHONE.0).await
    );
    if let Some(axe) = axe_script() {
        let violations = axe_violations(&c, &axe).await;
        assert!(violations.is_empty(), "{violations:#?}");
    }
    c.find(Locator::Css("#howto-btn"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    until(
        &c,
        "the German how-to-play",
        "return (document.querySelector('#howto')?.textContent || '').includes('Hauptversammlungen')",
    )
    .await;
    // A refusal reads in German, its rule in German words linked into "How to play": drawing
    // is not legal while the person may act at the start (an unemployed turn's Business
    // Transactions, or another seat's turn).
    c.execute(
        "document.querySelector('dialog#howto').close(); \
         const b = document.createElement('button'); b.type = 'button'; b.id = 'probe-act'; \
         b.setAttribute('data-act', 'draw fate'); document.body.append(b); b.click(); return true",
        vec![],
    )
    .await
    .unwrap();
    until(
        &c,
        "a German refusal with its rule as a link",
        "const t = document.querySelector('#toast.show'), a = t && t.querySelector('a.rule-link'); \
         return !!a && a.textContent.startsWith('Regel') && t.textContent.includes('(Regel ') \
           && !t.textContent.includes('(rule ')",
    )
    .await;
}
