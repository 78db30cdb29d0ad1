//! The browser client in headless Chromium (Debian's `chromium` and `chromedriver`): open the
//! lobby, create a table against a bot, play by clicking (the middle of the game from another
//! device, see [`play_away`]) through to the final scores, start a rematch. Screenshots are
//! saved under `target/browser-artifacts/`.
//!
//! The tests drive Debian's `chromium-headless-shell` when it is installed (as
//! `scripts/test.sh` does): the same engine, at about half the CPU time.
//! `BOARDROOM_BROWSER=chromium` makes them drive the full browser instead.
//!
//! Without Chromium the test says so and passes, unless `BOARDROOM_BROWSER_TESTS=require` (set
//! by `scripts/test.sh`, which installs Chromium when it is missing).

use crate::common;

use fantoccini::elements::Element;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::Value;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

mod play;

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
/// Debian's `chromium-headless-shell`: the same engine without the desktop browser around it,
/// which plays a game in the tests in about half the CPU time of [`CHROMIUM`].
const HEADLESS_SHELL: &str = "/usr/lib/chromium/chromium-headless-shell";

/// Whether the tests drive the headless shell (when installed, unless
/// `BOARDROOM_BROWSER=chromium` asks for the full browser).
fn use_headless_shell() -> bool {
    std::path::Path::new(HEADLESS_SHELL).exists()
        && std::env::var("BOARDROOM_BROWSER").as_deref() != Ok("chromium")
}

/// chromedriver (and the headless shell it attaches to, when that is used), and the profile
/// directory of the browser.
pub(crate) struct Driver(Vec<Child>, PathBuf);

impl Drop for Driver {
    fn drop(&mut self) {
        for child in &mut self.0 {
            let _ = child.kill();
            let _ = child.wait();
        }
        // A test that failed before closing its session leaves Chromium running: end the
        // processes started with this test's own profile directory (and only those).
        let marker = format!("--user-data-dir={}", self.1.display());
        let Ok(dir) = std::fs::read_dir("/proc") else {
            return;
        };
        for entry in dir.flatten() {
            let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
                continue;
            };
            let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
            let matches = cmdline
                .split(|&b| b == 0)
                .any(|arg| arg == marker.as_bytes());
            if matches {
                let _ = Command::new("kill").arg(pid.to_string()).status();
            }
        }
    }
}

pub(crate) fn artifacts() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target"));
    let dir = target.join("browser-artifacts");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

pub(crate) async fn shot(c: &Client, name: &str) {
    let png = c.screenshot().await.unwrap();
    std::fs::write(artifacts().join(name), png).unwrap();
}

pub(crate) async fn start_driver(profile: &std::path::Path) -> (Driver, Client) {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let child = Command::new(CHROMEDRIVER)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let mut driver = Driver(vec![child], profile.to_path_buf());
    let deadline = Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "chromedriver did not start");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let flags = [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        "--hide-scrollbars",
        "--window-size=1280,900",
        // No endless animations repainting the page between the test's steps.
        "--force-prefers-reduced-motion",
    ];
    let user_data = format!("--user-data-dir={}", profile.display());
    let mut caps = serde_json::Map::new();
    caps.insert("browserName".into(), "chrome".into());
    let options = if use_headless_shell() {
        // chromedriver cannot start the headless shell itself (it opens no page until asked
        // to): start it here, on a port of its choosing, and let chromedriver attach to it.
        let shell = Command::new(HEADLESS_SHELL)
            .args(flags)
            .arg(&user_data)
            .arg("--remote-debugging-port=0")
            .arg("about:blank")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromium-headless-shell starts");
        driver.0.push(shell);
        // It names its port in the profile: the port, then the browser's path (so a file
        // with both lines is complete).
        let active = profile.join("DevToolsActivePort");
        let deadline = Instant::now() + Duration::from_secs(60);
        let debugger = loop {
            let text = std::fs::read_to_string(&active).unwrap_or_default();
            let mut lines = text.lines();
            if let (Some(port), Some(path)) = (lines.next(), lines.next()) {
                if port.parse::<u16>().is_ok() && path.starts_with("/devtools/") {
                    break format!("127.0.0.1:{port}");
                }
            }
            assert!(
                Instant::now() < deadline,
                "chromium-headless-shell did not start in 60 s"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        };
        serde_json::json!({ "debuggerAddress": debugger })
    } else {
        let mut args: Vec<String> = flags.iter().map(|f| f.to_string()).collect();
        args.push(user_data);
        serde_json::json!({ "binary": CHROMIUM, "args": args })
    };
    caps.insert("goog:chromeOptions".into(), options);
    // chromedriver may accept connections before it can start a session: retry, bounded.
    let mut attempt = 0;
    let client = loop {
        attempt += 1;
        match ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(caps.clone())
            .connect(&format!("http://127.0.0.1:{port}"))
            .await
        {
            Ok(client) => break client,
            Err(e) if attempt < 5 => {
                eprintln!("no WebDriver session yet ({e}); retrying");
                tokio::time::sleep(Duration::from_millis(500 * attempt)).await;
            }
            Err(e) => panic!("no WebDriver session after {attempt} attempts: {e}"),
        }
    };
    (driver, client)
}

/// A headless Chromium session of one test: its chromedriver and its own profile directory,
/// both ended when this is dropped (after the test's last use of its [`Client`]).
pub(crate) struct Browser {
    _driver: Driver,
    _profile: tempfile::TempDir,
}

/// Opens headless Chromium with a fresh profile and a window of `width`×`height` CSS pixels.
/// `None` when Chromium is not installed and the browser tests are not required (the caller
/// then passes without testing anything; see [`browser_available`]).
pub(crate) async fn open_browser(width: u32, height: u32) -> Option<(Browser, Client)> {
    if !browser_available() {
        return None;
    }
    let profile = tempfile::tempdir().unwrap();
    let (driver, c) = start_driver(profile.path()).await;
    c.set_window_size(width, height).await.unwrap();
    Some((
        Browser {
            _driver: driver,
            _profile: profile,
        },
        c,
    ))
}

/// A new table as set up in the lobby's form: how many players, the kind of each seat that is
/// not the default (`(seat, "human" | "random" | …)`), the person seats open to anyone, and
/// the bots' speed.
#[derive(Default)]
pub(crate) struct LobbyTable<'a> {
    pub players: usize,
    pub kinds: &'a [(usize, &'a str)],
    pub open: &'a [usize],
    pub bot_speed: Option<&'a str>,
}

/// At the lobby, with the game already chosen: picks the number of players, sets each seat's
/// kind (and which seats are open, and the bots' speed), creates the table and returns the
/// button that sits at its first seat once the lobby shows it. Every wait is bounded.
pub(crate) async fn create_in_lobby(c: &Client, t: LobbyTable<'_>) -> Element {
    let patience = Duration::from_secs(60);
    let wait = |css: String| async move {
        c.wait()
            .at_most(patience)
            .for_element(Locator::Css(&css))
            .await
            .unwrap_or_else(|e| panic!("the lobby shows no `{css}`: {e}"))
    };
    wait(format!("#players [data-players='{}']", t.players))
        .await
        .click()
        .await
        .unwrap();
    for (seat, kind) in t.kinds {
        wait(format!("select[data-seat='{seat}']"))
            .await
            .select_by_value(kind)
            .await
            .unwrap();
    }
    for seat in t.open {
        wait(format!("input[data-open='{seat}']"))
            .await
            .click()
            .await
            .unwrap();
    }
    if let Some(speed) = t.bot_speed {
        wait("#bot-speed".into())
            .await
            .select_by_value(speed)
            .await
            .unwrap();
    }
    wait("#create-btn".into()).await.click().await.unwrap();
    wait("[data-sit='0']".into()).await
}

/// Whether Chromium and chromedriver are installed. Without them the browser tests are skipped,
/// unless `BOARDROOM_BROWSER_TESTS=require` (set by `scripts/test.sh`) makes that a failure.
pub(crate) fn browser_available() -> bool {
    let present =
        std::path::Path::new(CHROMIUM).exists() && std::path::Path::new(CHROMEDRIVER).exists();
    if !present {
        assert_ne!(
            std::env::var("BOARDROOM_BROWSER_TESTS").as_deref(),
            Ok("require"),
            "Chromium and chromedriver are required (apt-get install chromium chromium-driver)"
        );
        eprintln!("skipped: {CHROMIUM} or {CHROMEDRIVER} is missing");
    }
    present
}

pub(crate) async fn visible(c: &Client, css: &str) -> bool {
    match c.find(Locator::Css(css)).await {
        Ok(e) => e.is_displayed().await.unwrap_or(false),
        Err(_) => false,
    }
}

/// The next number of a xorshift generator: the tests' random clicks, reproducible.
pub(crate) fn xorshift(rng: &mut u64) -> u64 {
    *rng ^= *rng << 13;
    *rng ^= *rng >> 7;
    *rng ^= *rng << 17;
    *rng
}

/// The person at the browser's table leaves for the lobby, plays on from another device with
/// [`play_away`] until `enough` holds, and opens the same seat link again; returns once the
/// page shows `table_css` (the table is where they left it).
pub(crate) async fn leave_and_come_back(
    c: &Client,
    server: &common::TestServer,
    rng: &mut u64,
    enough: impl Fn(&Value) -> bool,
    table_css: &str,
) {
    let url = c.current_url().await.unwrap();
    let link = format!(
        "{}?{}",
        url.path(),
        url.query().expect("a seat link has its key")
    );
    c.goto(&server.url()).await.unwrap();
    let played = play_away(server, &link, rng, enough).await;
    assert!(played > 0, "the person played on over the protocol");
    c.goto(&format!("{}{}", server.url(), link)).await.unwrap();
    c.wait().for_element(Locator::Css(table_css)).await.unwrap();
}

/// The person of `link`, away from this browser, plays on from another device (the protocol):
/// a random legal action other than `pass` (unless passing is all it may do) whenever the seat
/// must act, until `enough` holds for the table's state or the game is over. Returns how many
/// actions the person played.
///
/// A whole game is long, and every click costs the browser a new drawing of the table: the
/// browser tests click through the start and the end of a game and leave the middle to this.
pub(crate) async fn play_away(
    server: &common::TestServer,
    link: &str,
    rng: &mut u64,
    enough: impl Fn(&Value) -> bool,
) -> u64 {
    let mut ws = server.connect(link).await;
    let mut state = ws.until("state").await;
    let mut played = 0;
    loop {
        let over = state["to_act"].as_array().is_none_or(|a| a.is_empty());
        if over || enough(&state) {
            return played;
        }
        let mut legal = common::notations(&state);
        if legal.is_empty() {
            state = ws.until("state").await;
            continue;
        }
        // Anything rather than passing, so that the game goes on by play (a random walk that
        // passes ends some games early, everyone having passed in a row).
        if legal.iter().any(|a| a != "pass") {
            legal.retain(|a| a != "pass");
        }
        let pick = &legal[(xorshift(rng) % legal.len() as u64) as usize];
        state = ws.play(pick).await;
        played += 1;
    }
}
