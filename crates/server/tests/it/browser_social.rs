//! Talk and join in headless Chromium: two people chat (a message that looks like HTML is
//! shown as text and runs nothing), a visitor joins an open seat from the lobby, the page
//! disables its controls while the server is gone and gives them back when it returns, a
//! refusal's toast is cleared by the next change at the table, and a hidden page is notified
//! when it becomes its player's turn. Waits are bounded; nothing depends on how fast the
//! machine is.

use crate::browser::{create_in_lobby, open_browser, shot, visible, LobbyTable};
use crate::common::{self, Client as WsClient};

use boardroom_server::{Server, Settings};
use fantoccini::{Client, Locator};
use serde_json::json;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// The longest any single wait of these tests lasts.
const PATIENCE: Duration = Duration::from_secs(60);

/// Waits for an element matching `css`.
async fn wait_for(c: &Client, css: &str) -> fantoccini::elements::Element {
    c.wait()
        .at_most(PATIENCE)
        .for_element(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("`{css}` did not appear: {e}"))
}

/// Polls `check` until it holds (bounded by [`PATIENCE`]).
async fn until<F, Fut>(what: &str, mut check: F)
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    let deadline = Instant::now() + PATIENCE;
    while !check().await {
        assert!(Instant::now() < deadline, "timed out waiting: {what}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The value a script returns in the page.
async fn js(c: &Client, script: &str) -> serde_json::Value {
    c.execute(script, vec![]).await.unwrap()
}

/// The text of the first element matching `css`.
async fn text(c: &Client, css: &str) -> String {
    match c.find(Locator::Css(css)).await {
        Ok(e) => e.text().await.unwrap_or_default(),
        Err(_) => String::new(),
    }
}

/// The table page has its state (welcome and state received).
async fn seated(c: &Client) {
    wait_for(c, "#players .player").await;
    until("the page is connected", || async {
        !visible(c, "#offline").await
    })
    .await;
}

const HOSTILE: &str = "<img src=x onerror=\"window.__pwned=1\"><script>window.__pwned=1</script>";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_people_chat_and_html_is_shown_as_text() {
    let Some((_browser, c)) = open_browser(1280, 900).await else {
        return;
    };
    let server = common::start().await;
    let t = server
        .create_with(json!({"game": "big-boss", "seats": ["human", "human"]}))
        .await;
    let red = c.window().await.unwrap();
    c.goto(&format!(
        "{}{}",
        server.url(),
        t.seats[0].link.as_ref().unwrap()
    ))
    .await
    .unwrap();
    seated(&c).await;
    let blue = c.new_window(false).await.unwrap().handle;
    c.switch_to_window(blue.clone()).await.unwrap();
    c.goto(&format!(
        "{}{}",
        server.url(),
        t.seats[1].link.as_ref().unwrap()
    ))
    .await
    .unwrap();
    seated(&c).await;

    // Blue writes something that would be markup and script if it were read as HTML.
    let input = wait_for(&c, "#chat-input").await;
    input.send_keys(HOSTILE).await.unwrap();
    c.find(Locator::Css("#chat-send"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    until("Blue's line shows in Blue's chat", || async {
        text(&c, "#chat-log li .text").await == HOSTILE
    })
    .await;
    until("the input is emptied once the line is stored", || async {
        js(&c, "return document.getElementById('chat-input').value").await == ""
    })
    .await;

    // Red sees it as the very text Blue wrote: no element made of it, nothing run.
    c.switch_to_window(red).await.unwrap();
    until("Blue's line reaches Red", || async {
        text(&c, "#chat-log li .text").await == HOSTILE
    })
    .await;
    assert_eq!(text(&c, "#chat-log li .who").await, "Blue");
    assert_eq!(
        js(
            &c,
            "return document.querySelectorAll('#chat-log img, #chat-log script').length"
        )
        .await,
        json!(0)
    );
    assert_eq!(
        js(&c, "return window.__pwned === undefined").await,
        json!(true)
    );
    shot(&c, "social-01-chat.png").await;

    // Red answers; Blue sees it after its own line.
    wait_for(&c, "#chat-input")
        .await
        .send_keys("hello Blue\u{E007}")
        .await
        .unwrap();
    c.switch_to_window(blue).await.unwrap();
    until("Red's answer reaches Blue", || async {
        js(&c, "return [...document.querySelectorAll('#chat-log li .text')].map(e => e.textContent).join('|')")
            .await
            == json!(format!("{HOSTILE}|hello Blue"))
    })
    .await;
    assert_eq!(
        js(&c, "return window.__pwned === undefined").await,
        json!(true)
    );
    // Both lines are stored, the first one verbatim.
    let stored: String = rusqlite::Connection::open(&server.db)
        .unwrap()
        .query_row("SELECT text FROM chat WHERE idx = 0", [], |r| r.get(0))
        .unwrap();
    assert_eq!(stored, HOSTILE);
    c.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_visitor_joins_an_open_seat_from_the_lobby() {
    let Some((_browser, c)) = open_browser(1280, 900).await else {
        return;
    };
    let server = common::start().await;

    // The creator: two players, Blue a person whose seat is open to anyone; fast bots.
    c.goto(&server.url()).await.unwrap();
    wait_for(&c, "#edition option[value='classic']").await;
    create_in_lobby(
        &c,
        LobbyTable {
            players: 2,
            kinds: &[(1, "human")],
            open: &[1],
            bot_speed: Some("fast"),
        },
    )
    .await;
    let db = rusqlite::Connection::open(&server.db).unwrap();
    let (id, speed): (String, Option<String>) = db
        .query_row("SELECT id, bot_speed FROM tables", [], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .unwrap();
    assert_eq!(speed.as_deref(), Some("fast"));

    // A visitor (no links of this table in the browser) finds the open seat in the list.
    js(&c, "localStorage.clear(); return true").await;
    c.goto(&server.url()).await.unwrap();
    let join = wait_for(&c, &format!("[data-join='{id}:1']")).await;
    assert_eq!(join.text().await.unwrap(), "Join as Blue");
    shot(&c, "social-02-open-seat.png").await;
    join.click().await.unwrap();
    until("the visitor sits at Blue", || async {
        c.current_url()
            .await
            .map(|u| u.path() == format!("/t/{id}") && u.query().unwrap_or("").starts_with("k="))
            .unwrap_or(false)
    })
    .await;
    seated(&c).await;
    until("the page says who we are", || async {
        text(&c, "#meta").await.contains("you are Blue")
    })
    .await;

    // The seat is taken now: nobody else can claim it, and the lobby no longer offers it.
    let r = reqwest::Client::new()
        .post(format!("{}/api/tables/{id}/claim", server.url()))
        .json(&json!({"seat": 1}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 409);
    c.goto(&server.url()).await.unwrap();
    wait_for(&c, "#table-list .info").await;
    assert!(
        c.find(Locator::Css(&format!("[data-join='{id}:1']")))
            .await
            .is_err(),
        "a taken seat is not offered"
    );
    c.close().await.unwrap();
}

/// A server on its own runtime (so stopping it closes every connection, as a crash would).
struct Stoppable {
    addr: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Stoppable {
    /// Serves the database `db` on `port` (0: any free port); an error when it cannot bind.
    fn start(db: PathBuf, port: u16) -> Result<Stoppable, String> {
        let (addr_tx, addr_rx) = std::sync::mpsc::channel();
        let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
        let thread = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(1)
                .enable_all()
                .build()
                .unwrap();
            rt.block_on(async move {
                let bound = Server::bind(Settings {
                    addr: SocketAddr::from(([127, 0, 0, 1], port)),
                    db,
                    bot_delay: Duration::ZERO,
                    ..Settings::default()
                })
                .await;
                match bound {
                    Ok(server) => {
                        let _ = addr_tx.send(Ok(server.addr));
                        tokio::select! {
                            _ = server.run() => {}
                            _ = stop_rx => {}
                        }
                    }
                    Err(e) => {
                        let _ = addr_tx.send(Err(format!("{e:#}")));
                    }
                }
            });
            // Dropping the runtime ends every task: the sockets close.
            drop(rt);
        });
        let addr = addr_rx.recv().map_err(|e| e.to_string())??;
        Ok(Stoppable {
            addr,
            stop: Some(stop_tx),
            thread: Some(thread),
        })
    }

    /// Stops the server and waits until its connections are closed.
    async fn stop(mut self) {
        let _ = self.stop.take().unwrap().send(());
        let thread = self.thread.take().unwrap();
        tokio::task::spawn_blocking(move || thread.join().unwrap())
            .await
            .unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn controls_are_disabled_while_disconnected_and_return_on_resume() {
    let Some((_browser, c)) = open_browser(1280, 900).await else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("social.sqlite");
    let server = Stoppable::start(db.clone(), 0).unwrap();
    let (addr, url) = (server.addr, format!("http://{}", server.addr));
    let created: boardroom_server::lobby::Created = reqwest::Client::new()
        .post(format!("{url}/api/tables"))
        .json(&json!({"game": "big-boss", "seats": ["human", "human"]}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    c.goto(&format!("{url}{}", created.seats[0].link.as_ref().unwrap()))
        .await
        .unwrap();
    seated(&c).await;
    let enabled = "return [...document.querySelectorAll('button, input, select, textarea')]\
                   .filter(e => !e.disabled).length";
    let controls = js(&c, enabled).await.as_u64().unwrap();
    assert!(
        controls >= 4,
        "chat, notifications, sharing: {controls} controls"
    );
    assert!(!visible(&c, "#offline").await);

    // The server goes away: the page says so and nothing can be used.
    server.stop().await;
    wait_for(&c, "body.offline").await;
    assert!(visible(&c, "#offline").await);
    assert!(
        text(&c, "#offline").await.contains("Disconnected"),
        "{}",
        text(&c, "#offline").await
    );
    assert_eq!(js(&c, enabled).await, json!(0), "every control is disabled");
    shot(&c, "social-03-offline.png").await;

    // It comes back on the same address and database: the page resumes by itself.
    let deadline = Instant::now() + PATIENCE;
    let again = loop {
        match Stoppable::start(db.clone(), addr.port()) {
            Ok(s) => break s,
            Err(e) => {
                assert!(Instant::now() < deadline, "cannot listen again: {e}");
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        }
    };
    until("the page is back", || async {
        !visible(&c, "#offline").await
            && js(&c, "return document.body.classList.contains('offline')").await == json!(false)
    })
    .await;
    assert_eq!(
        js(&c, enabled).await.as_u64().unwrap(),
        controls,
        "every control is back"
    );
    assert_eq!(
        js(
            &c,
            "return document.querySelectorAll('[data-offline]').length"
        )
        .await,
        json!(0)
    );
    // And it works: a chat line goes through the new server.
    wait_for(&c, "#chat-input")
        .await
        .send_keys("still here\u{E007}")
        .await
        .unwrap();
    until("the line is back from the server", || async {
        text(&c, "#chat-log li .text").await == "still here"
    })
    .await;
    shot(&c, "social-04-resumed.png").await;
    c.close().await.unwrap();
    again.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refusal_toast_is_cleared_by_the_next_change_at_the_table() {
    let Some((_browser, c)) = open_browser(1280, 900).await else {
        return;
    };
    let server = common::start().await;
    let t = server
        .create_with(json!({"game": "big-boss", "seats": ["human", "human"]}))
        .await;
    let mut players = [
        server.connect(t.seats[0].link.as_ref().unwrap()).await,
        server.connect(t.seats[1].link.as_ref().unwrap()).await,
    ];
    for p in players.iter_mut() {
        p.until("state").await;
    }
    c.goto(&format!("{}{}", server.url(), t.spectator))
        .await
        .unwrap();
    seated(&c).await;

    // A chat line over the limit is refused: the toast says why.
    wait_for(&c, "#chat-input")
        .await
        .send_keys(&format!("{}\u{E007}", "x".repeat(501)))
        .await
        .unwrap();
    let toast = wait_for(&c, "#toast.show").await;
    let said = toast.text().await.unwrap();
    assert!(said.contains("501") && said.contains("500"), "{said}");
    shot(&c, "social-05-refused.png").await;

    // A player moves: the state changes and the refusal no longer shows.
    play_one(&mut players).await;
    until("the refusal is cleared", || async {
        !visible(&c, "#toast.show").await
    })
    .await;
    // The new state is drawn (the log holds the move).
    until("the move is in the log", || async {
        js(&c, "return document.querySelectorAll('#log li').length").await != json!(0)
    })
    .await;
    c.close().await.unwrap();
}

/// The seat that may act plays its first legal action.
async fn play_one(players: &mut [WsClient]) {
    let i = players
        .iter()
        .position(|p| !p.legal().is_empty())
        .expect("someone is to act");
    let action = players[i].legal()[0].clone();
    players[i].play(&action).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hidden_page_is_notified_when_it_becomes_your_turn() {
    let Some((_browser, c)) = open_browser(1280, 900).await else {
        return;
    };
    let server = common::start().await;
    let t = server
        .create_with(json!({"game": "big-boss", "seats": ["human", "human"]}))
        .await;
    let mut rail = server.connect(&t.spectator).await;
    let first = rail.until("state").await["to_act"][0].as_u64().unwrap() as usize;
    let other = 1 - first;
    let mut mover = server.connect(t.seats[first].link.as_ref().unwrap()).await;
    mover.until("state").await;
    c.goto(&format!(
        "{}{}",
        server.url(),
        t.seats[other].link.as_ref().unwrap()
    ))
    .await
    .unwrap();
    seated(&c).await;

    // The page is hidden (another tab is in front) and the browser's notifications are
    // recorded: nothing is asked before the player ticks the box.
    js(
        &c,
        "window.__notes = []; window.__asked = 0;
         window.Notification = class { constructor(t, o) { window.__notes.push([t, o.body]); } close() {} };
         window.Notification.permission = 'default';
         window.Notification.requestPermission = async () => {
           window.__asked += 1; window.Notification.permission = 'granted'; return 'granted'; };
         Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
         return true",
    )
    .await;
    wait_for(&c, "#notify-browser").await.click().await.unwrap();
    until("permission is asked on the click", || async {
        js(&c, "return window.__asked").await == json!(1)
    })
    .await;
    assert_eq!(
        js(
            &c,
            "return document.getElementById('notify-browser').checked"
        )
        .await,
        json!(true)
    );
    assert_eq!(js(&c, "return window.__notes.length").await, json!(0));

    // The other player finishes their turn: ours begins, and the hidden page says so once.
    while !mover.legal().is_empty() {
        let action = mover.legal()[0].clone();
        mover.play(&action).await;
    }
    until("the notification is shown", || async {
        js(&c, "return window.__notes.length").await == json!(1)
    })
    .await;
    let note = js(&c, "return window.__notes[0]").await;
    assert_eq!(note[0], "Your turn", "{note}");
    assert!(note[1].as_str().unwrap().contains("Big Boss"), "{note}");
    c.close().await.unwrap();
}
