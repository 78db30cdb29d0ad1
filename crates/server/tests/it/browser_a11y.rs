//! Accessibility and phones, in headless Chromium: axe-core (the npm package `axe-core`, which
//! `scripts/test.sh` installs into `target/axe/` with npm) finds no serious or critical
//! violation on the lobby and on each game's table (a person and bots); the turn is announced
//! to screen readers; at 390×844 CSS pixels (a phone) nothing is wider than the screen, Big
//! Boss's spaces are large enough to read and Big Shot's lot labels stay inside their lots.
//! The lobby offers each game its own bots, options for the player count chosen and, for games
//! with timers, a clock speed. The measurements are printed (`--nocapture`) and recorded in
//! `docs/accessibility.md`.
//!
//! Without axe-core the axe checks say so and pass, unless `BOARDROOM_BROWSER_TESTS=require`.

use crate::browser::{open_browser, shot, visible};
use crate::common;

use fantoccini::{Client, Locator};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// The phone of the measurements: an iPhone's width in CSS pixels.
pub(crate) const PHONE: (u32, u32) = (390, 844);
pub(crate) const DESKTOP: (u32, u32) = (1280, 900);

/// axe-core's browser script, as `scripts/test.sh` installs it (`None`, said, when it is
/// missing and the browser tests are not required).
pub(crate) fn axe_script() -> Option<String> {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target"));
    let path = target.join("axe/node_modules/axe-core/axe.min.js");
    match std::fs::read_to_string(&path) {
        Ok(s) => Some(s),
        Err(e) => {
            assert_ne!(
                std::env::var("BOARDROOM_BROWSER_TESTS").as_deref(),
                Ok("require"),
                "axe-core is required at {} ({e}): scripts/test.sh installs it with \
                 `npm install --prefix target/axe axe-core`",
                path.display()
            );
            eprintln!("skipped the axe checks: {} is missing", path.display());
            None
        }
    }
}

/// The serious and critical violations axe-core finds on the page, one line each (rule, how
/// many elements, the first few with axe's summary).
pub(crate) async fn axe_violations(c: &Client, axe: &str) -> Vec<String> {
    // The script is run by the WebDriver (not an inline <script>, which the page's
    // Content-Security-Policy forbids); it sets `window.axe`.
    c.execute(axe, vec![]).await.unwrap();
    let run = r#"
        const done = arguments[arguments.length - 1];
        axe.run(document, { resultTypes: ["violations"] }).then((r) => done(r.violations
            .filter((v) => v.impact === "serious" || v.impact === "critical")
            .map((v) => `${v.impact} ${v.id} (${v.nodes.length}): ${v.help}; ` + v.nodes.slice(0, 3)
                .map((n) => n.target.join(" ") + ": " + (n.failureSummary || "").replace(/\s+/g, " ").slice(0, 160))
                .join(" | "))))
          .catch((e) => done([`axe failed: ${e}`]));
    "#;
    let out = c.execute_async(run, vec![]).await.unwrap();
    serde_json::from_value(out).unwrap()
}

/// A number the page computes.
async fn number(c: &Client, js: &str) -> f64 {
    c.execute(js, vec![]).await.unwrap().as_f64().unwrap()
}

/// How wide the page is laid out, in CSS pixels (more than the window: a horizontal scroll).
pub(crate) async fn page_width(c: &Client) -> f64 {
    number(c, "return document.documentElement.scrollWidth").await
}

/// The deepest elements that reach past `width` CSS pixels, named by tag, id and class.
pub(crate) async fn sticking_out(c: &Client, width: u32) -> Value {
    c.execute(
        r##"const w = arguments[0];
        const out = [...document.querySelectorAll("body *")].filter((e) => {
          const r = e.getBoundingClientRect();
          return r.width > 0 && r.right > w + 0.5
            && ![...e.children].some((k) => k.getBoundingClientRect().right > w + 0.5);
        });
        return out.slice(0, 6).map((e) => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "")
          + (typeof e.className === "string" && e.className ? "." + e.className.trim().split(/\s+/).join(".") : "")
          + " " + Math.round(e.getBoundingClientRect().right));"##,
        vec![json!(width)],
    )
    .await
    .unwrap()
}

pub(crate) async fn resize(c: &Client, (w, h): (u32, u32)) {
    c.set_window_size(w, h).await.unwrap();
    // The window's inner width follows the resize once the browser has laid it out again.
    let deadline = Instant::now() + Duration::from_secs(10);
    while number(c, "return window.innerWidth").await != w as f64 {
        assert!(
            Instant::now() < deadline,
            "the window did not become {w} wide"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

pub(crate) async fn wait_for(c: &Client, css: &str) {
    c.wait()
        .at_most(Duration::from_secs(60))
        .for_element(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("the page shows no `{css}`: {e}"));
}

/// Waits (bounded) until `js` returns true.
pub(crate) async fn until(c: &Client, what: &str, js: &str) {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        if c.execute(js, vec![]).await.unwrap() == Value::Bool(true) {
            return;
        }
        assert!(Instant::now() < deadline, "{what}: not within 60 s");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The values of the options of a seat's select.
async fn seat_choices(c: &Client, seat: usize) -> Vec<String> {
    let v = c
        .execute(
            "return [...document.querySelectorAll(`select[data-seat='${arguments[0]}'] option`)]\
             .map((o) => o.value)",
            vec![json!(seat)],
        )
        .await
        .unwrap();
    serde_json::from_value(v).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_offers_each_game_its_bots_options_and_clock() {
    let Some((_browser, c)) = open_browser(DESKTOP.0, DESKTOP.1).await else {
        return;
    };
    let server = common::start().await;
    c.goto(&server.url()).await.unwrap();
    wait_for(&c, "#game option[value='the-boss']").await;

    // Big Boss (the first game): no bot without dealing, no clock.
    wait_for(&c, "select[data-seat='1']").await;
    assert!(!seat_choices(&c, 1)
        .await
        .contains(&"heuristic-nodeal".to_string()));
    assert!(!visible(&c, "#timer-percent").await);

    // The Boss: the bot without dealing, the clock, and the share cap for two players only.
    c.find(Locator::Css("#game"))
        .await
        .unwrap()
        .select_by_value("the-boss")
        .await
        .unwrap();
    wait_for(&c, "#two-player-share-cap").await;
    assert!(seat_choices(&c, 1)
        .await
        .contains(&"heuristic-nodeal".to_string()));
    assert!(visible(&c, "#timer-percent").await);
    let clock = seat_choices_of(&c, "#timer-percent").await;
    assert_eq!(clock, ["0", "200", "100", "50"]);
    for (players, shown) in [(3, false), (4, false), (2, true), (3, false)] {
        c.find(Locator::Css(&format!(
            "#players [data-players='{players}']"
        )))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
        wait_for(&c, &format!("#players [data-players='{players}'].on")).await;
        assert_eq!(
            visible(&c, "#two-player-share-cap").await,
            shown,
            "the share cap at {players} players"
        );
    }

    // A two-player table with the share cap, a bot without dealing and a fast clock.
    c.find(Locator::Css("#players [data-players='2']"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_for(&c, "#players [data-players='2'].on").await;
    c.find(Locator::Css("#two-player-share-cap"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    c.find(Locator::Css("select[data-seat='1']"))
        .await
        .unwrap()
        .select_by_value("heuristic-nodeal")
        .await
        .unwrap();
    c.find(Locator::Css("#timer-percent"))
        .await
        .unwrap()
        .select_by_value("50")
        .await
        .unwrap();
    c.find(Locator::Css("#create-btn"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_for(&c, "[data-sit='0']").await;
    let bot = c
        .find(Locator::XPath(
            "//div[@id='invite-links']//span[contains(., 'heuristic-nodeal')]",
        ))
        .await;
    assert!(bot.is_ok(), "the invite lists the bot without dealing");
    // The table list shows its variant.
    c.wait()
        .at_most(Duration::from_secs(30))
        .for_element(Locator::XPath(
            "//ul[@id='table-list']//span[contains(., 'Share cap')]",
        ))
        .await
        .unwrap();

    // Back to Big Boss: the seat that held the bot without dealing holds a bot it offers.
    c.find(Locator::Css("#game"))
        .await
        .unwrap()
        .select_by_value("big-boss")
        .await
        .unwrap();
    wait_for(&c, "#edition").await;
    let kind = c
        .execute(
            "return document.querySelector(\"select[data-seat='1']\").value",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(kind, "normal");
    assert!(!visible(&c, "#timer-percent").await);
    assert!(!visible(&c, "#two-player-share-cap").await);
}

async fn seat_choices_of(c: &Client, css: &str) -> Vec<String> {
    let v = c
        .execute(
            "return [...document.querySelectorAll(arguments[0] + ' option')].map((o) => o.value)",
            vec![json!(css)],
        )
        .await
        .unwrap();
    serde_json::from_value(v).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_passes_axe_and_fits_a_phone() {
    let Some((_browser, c)) = open_browser(PHONE.0, PHONE.1).await else {
        return;
    };
    let axe = axe_script();
    let server = common::start().await;
    server
        .create_with(json!({"game": "big-shot", "seats": ["human", "random"]}))
        .await;
    c.goto(&server.url()).await.unwrap();
    wait_for(&c, "select[data-seat='1']").await;
    wait_for(&c, "#table-list .seat-pip").await;
    let mut problems = Vec::new();
    for game in ["big-boss", "big-shot", "the-boss"] {
        c.find(Locator::Css("#game"))
            .await
            .unwrap()
            .select_by_value(game)
            .await
            .unwrap();
        until(
            &c,
            "the form is the game's",
            &format!("return document.querySelector('#game').value === '{game}' && !!document.querySelector(\"select[data-seat='1']\")"),
        )
        .await;
        let width = page_width(&c).await;
        println!("lobby ({game}) at {}x{}: {width} px wide", PHONE.0, PHONE.1);
        if width > PHONE.0 as f64 {
            problems.push(format!(
                "the lobby ({game}) is {width} px wide on a {} px phone: {}",
                PHONE.0,
                sticking_out(&c, PHONE.0).await
            ));
        }
        if let Some(axe) = &axe {
            for v in axe_violations(&c, axe).await {
                problems.push(format!("lobby ({game}): {v}"));
            }
        }
    }
    shot(&c, "a11y-lobby-phone.png").await;
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Opens a table of `game` for a person and bots, as the person, at the phone's size; returns
/// the problems found (axe's, the page's width, the turn's announcement) after `measure` adds
/// the game's own.
async fn check_table(game: &str, seats: Value, board_css: &str) -> Vec<String> {
    let Some((_browser, c)) = open_browser(PHONE.0, PHONE.1).await else {
        return Vec::new();
    };
    let axe = axe_script();
    let server = common::start_with_bot_delay(Duration::from_millis(100)).await;
    let t = server
        .create_with(json!({"game": game, "seats": seats}))
        .await;
    let link = t.seats[0].link.clone().unwrap();
    c.goto(&format!("{}{link}", server.url())).await.unwrap();
    wait_for(&c, board_css).await;
    wait_for(&c, "#players .player").await;
    let mut problems = Vec::new();

    // The person's turn comes (the bots move first where they start): it is announced.
    wait_for(&c, "#prompt.mine").await;
    until(
        &c,
        "the live region says it is the person's turn",
        "const a = document.querySelector('#announce'); \
         return !!a && a.getAttribute('aria-live') === 'polite' && a.textContent === 'Your turn'",
    )
    .await;

    for size in [PHONE, DESKTOP] {
        resize(&c, size).await;
        let width = page_width(&c).await;
        println!("{game} table at {}x{}: {width} px wide", size.0, size.1);
        if width > size.0 as f64 {
            problems.push(format!(
                "the {game} table is {width} px wide in a {} px window: {}",
                size.0,
                sticking_out(&c, size.0).await
            ));
        }
        if size == PHONE {
            problems.extend(measure(&c, game).await);
            shot(&c, &format!("a11y-{game}-phone.png")).await;
        }
        if let Some(axe) = &axe {
            for v in axe_violations(&c, axe).await {
                problems.push(format!("{game} at {}: {v}", size.0));
            }
        }
    }
    problems
}

/// The game's own phone measurements: Big Boss's space size, Big Shot's lot labels.
async fn measure(c: &Client, game: &str) -> Vec<String> {
    let mut problems = Vec::new();
    match game {
        "big-boss" => {
            let space = number(
                c,
                "return document.querySelector('#board .space rect.cell').getBoundingClientRect().width",
            )
            .await;
            // A space drawn with its margin: the cell is 92 of its 100 units.
            let pitch = space * 100.0 / 92.0;
            println!(
                "big-boss: a space is {pitch:.1} px on a {} px phone",
                PHONE.0
            );
            if pitch < 36.0 {
                problems.push(format!(
                    "Big Boss's spaces are {pitch:.1} px on a phone (at least 36 wanted)"
                ));
            }
        }
        "big-shot" => {
            // Every lot, and a sold tag as the end of the game shows it (the longest label)
            // in the narrowest lot, must hold its labels.
            let out = c
                .execute(
                    r#"
                    const lots = [...document.querySelectorAll(".lot")];
                    const narrowest = lots.reduce((a, b) =>
                        a.getBoundingClientRect().width <= b.getBoundingClientRect().width ? a : b);
                    const tag = document.createElement("div");
                    tag.className = "sold-tag c-purple";
                    tag.innerHTML = 'SOLD <span class="cube c-purple">P</span><small> Purple</small>';
                    narrowest.append(tag);
                    const over = [];
                    for (const lot of lots) {
                      const box = lot.getBoundingClientRect();
                      for (const el of lot.querySelectorAll(".lot-head, .lot-head *, .sold-tag, .sold-tag *")) {
                        const r = el.getBoundingClientRect();
                        if (r.right > box.right + 0.5 || r.left < box.left - 0.5 || el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0)
                          over.push(lot.dataset.lot + " " + el.className);
                      }
                    }
                    tag.remove();
                    return { lots: lots.length, narrowest: narrowest.getBoundingClientRect().width, over };
                    "#,
                    vec![],
                )
                .await
                .unwrap();
            println!("big-shot lots on a {} px phone: {out}", PHONE.0);
            let over = out["over"].as_array().unwrap();
            if !over.is_empty() {
                problems.push(format!("Big Shot's lot labels overflow: {over:?}"));
            }
        }
        _ => {}
    }
    problems
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_big_boss_table_passes_axe_and_fits_a_phone() {
    let problems = check_table("big-boss", json!(["human", "random", "random"]), "#board").await;
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_big_shot_table_passes_axe_and_fits_a_phone() {
    let problems = check_table("big-shot", json!(["human", "random", "random"]), ".lot").await;
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_boss_table_passes_axe_and_fits_a_phone() {
    let problems = check_table(
        "the-boss",
        json!(["human", "heuristic", "heuristic"]),
        "#view [data-target]",
    )
    .await;
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
