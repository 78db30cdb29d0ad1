//! Test helpers: a server on a free port with a fresh database, and a WebSocket client.
#![allow(dead_code)]

pub mod pg;
pub mod sinks;
pub mod stored;

use boardroom_server::conn::Limits;
use boardroom_server::lobby::Created;
use boardroom_server::{Server, Settings};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

/// The notation of every action of a `state` message.
pub fn notations(state: &Value) -> Vec<String> {
    state["actions"]
        .as_array()
        .expect("a state carries `actions`")
        .iter()
        .map(|a| a["notation"].as_str().unwrap().to_string())
        .collect()
}

/// A running test server.
pub struct TestServer {
    pub addr: SocketAddr,
    pub db: PathBuf,
    pub _dir: tempfile::TempDir,
    pub task: tokio::task::JoinHandle<anyhow::Result<()>>,
    /// The server's tables (to reach a table's task directly).
    pub lobby: std::sync::Arc<boardroom_server::lobby::Lobby>,
}

pub async fn start() -> TestServer {
    start_with_bot_delay(Duration::ZERO).await
}

/// A test server whose bots wait `bot_delay` before each move.
pub async fn start_with_bot_delay(bot_delay: Duration) -> TestServer {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("test.sqlite");
    start_on(dir, db, bot_delay).await
}

/// A test server over the database file `db` (in `dir`, which lives as long as the server),
/// as it stands: the tables stored there are restored.
pub async fn start_on(dir: tempfile::TempDir, db: PathBuf, bot_delay: Duration) -> TestServer {
    start_settings(
        dir,
        Settings {
            addr: "127.0.0.1:0".parse().unwrap(),
            db,
            bot_delay,
            limits: Limits::default(),
            ..Settings::default()
        },
    )
    .await
}

/// A test server with bots that do not wait, whose client limits are `limits`.
pub async fn start_limited(limits: Limits) -> TestServer {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("test.sqlite");
    let settings = Settings {
        addr: "127.0.0.1:0".parse().unwrap(),
        db,
        bot_delay: Duration::ZERO,
        limits,
        ..Settings::default()
    };
    start_settings(dir, settings).await
}

/// A test server with `settings` (its database in `dir`, which lives as long as the server).
pub async fn start_settings(dir: tempfile::TempDir, settings: Settings) -> TestServer {
    let db = settings.db.clone();
    let server = Server::bind(settings).await.unwrap();
    let addr = server.addr;
    let lobby = server.lobby.clone();
    TestServer {
        addr,
        db,
        _dir: dir,
        task: server.spawn(),
        lobby,
    }
}

/// A test server that sends "your turn" messages as `notify` says.
pub async fn start_notifying(notify: boardroom_server::notify::NotifySettings) -> TestServer {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("test.sqlite");
    let server = Server::bind(Settings {
        addr: "127.0.0.1:0".parse().unwrap(),
        db: db.clone(),
        bot_delay: Duration::ZERO,
        notify,
        ..Settings::default()
    })
    .await
    .unwrap();
    let addr = server.addr;
    let lobby = server.lobby.clone();
    TestServer {
        addr,
        db,
        _dir: dir,
        task: server.spawn(),
        lobby,
    }
}

impl TestServer {
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    pub async fn create(&self, edition: &str, seats: &[&str]) -> Created {
        let r = reqwest::Client::new()
            .post(format!("{}/api/tables", self.url()))
            .json(&json!({"game": "big-boss", "edition": edition, "seats": seats}))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 201, "{:?}", r.text().await);
        r.json().await.unwrap()
    }

    /// Creates a table from a whole request body.
    pub async fn create_with(&self, body: Value) -> Created {
        let r = reqwest::Client::new()
            .post(format!("{}/api/tables", self.url()))
            .json(&body)
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 201, "{:?}", r.text().await);
        r.json().await.unwrap()
    }

    pub async fn connect(&self, link: &str) -> Client {
        Client::connect(&self.url(), link).await
    }

    /// Actions stored in the database for `table` (read through a separate connection).
    pub fn stored_actions(&self, table: &str) -> Vec<(usize, String)> {
        let conn = rusqlite::Connection::open(&self.db).unwrap();
        let mut stmt = conn
            .prepare("SELECT seat, action FROM actions WHERE table_id = ?1 ORDER BY idx")
            .unwrap();
        stmt.query_map([table], |r| Ok((r.get::<_, i64>(0)? as usize, r.get(1)?)))
            .unwrap()
            .map(Result::unwrap)
            .collect()
    }

    pub fn stored_seed(&self, table: &str) -> u64 {
        let conn = rusqlite::Connection::open(&self.db).unwrap();
        conn.query_row("SELECT seed FROM tables WHERE id = ?1", [table], |r| {
            r.get::<_, i64>(0)
        })
        .unwrap() as u64
    }
}

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A WebSocket client that checks sequence numbers and keeps every text it received.
pub struct Client {
    pub ws: Ws,
    pub last_seq: u64,
    pub received: Vec<String>,
    /// The latest `state` message (a `patch` is applied to it and returned as the `state` it
    /// makes).
    pub state: Option<Value>,
    /// How many `patch` messages arrived.
    pub patches: usize,
    /// Every state in order: as sent whole, or as made by a patch.
    pub states: Vec<Value>,
}

impl Client {
    pub async fn connect(base: &str, link: &str) -> Client {
        Client::connect_with(base, link, &[]).await
    }

    /// Connects as a browser holding the session cookie `session` (none: signed out).
    pub async fn connect_as(base: &str, link: &str, session: Option<&str>) -> Client {
        match session {
            Some(s) => {
                let cookie = format!("boardroom_session={s}");
                Client::connect_with(base, link, &[("cookie", &cookie)]).await
            }
            None => Client::connect_with(base, link, &[]).await,
        }
    }

    /// Connects as a page holding `cookie` (e.g. `lang=de`) would.
    pub async fn connect_cookie(base: &str, link: &str, cookie: Option<&str>) -> Client {
        match cookie {
            Some(c) => Client::connect_with(base, link, &[("cookie", c)]).await,
            None => Client::connect_with(base, link, &[]).await,
        }
    }

    /// Connects to `link` sending `headers` with the upgrade request (e.g. a `Cookie`, an
    /// `Accept-Language`).
    pub async fn connect_with(base: &str, link: &str, headers: &[(&str, &str)]) -> Client {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        let url = format!(
            "{}{}",
            base.replacen("http", "ws", 1),
            link.replacen("/t/", "/ws/", 1)
        );
        let mut request = url.into_client_request().unwrap();
        for (name, value) in headers {
            let name: tokio_tungstenite::tungstenite::http::HeaderName = name.parse().unwrap();
            request.headers_mut().insert(name, value.parse().unwrap());
        }
        let (ws, _) = tokio_tungstenite::connect_async(request).await.unwrap();
        Client {
            ws,
            last_seq: 0,
            received: Vec::new(),
            state: None,
            patches: 0,
            states: Vec::new(),
        }
    }

    pub async fn send_text(&mut self, text: &str) {
        self.ws.send(Message::text(text.to_string())).await.unwrap();
    }

    pub async fn send(&mut self, v: Value) {
        self.send_text(&v.to_string()).await;
    }

    pub async fn act(&mut self, action: &str) {
        self.send(json!({"type": "act", "action": action})).await;
    }

    /// The next message (panics after 20 s of silence); `None` when the server closed.
    pub async fn next(&mut self) -> Option<Value> {
        loop {
            let m = tokio::time::timeout(Duration::from_secs(20), self.ws.next())
                .await
                .expect("a message within 20 s");
            match m {
                Some(Ok(Message::Text(t))) => {
                    let v: Value = serde_json::from_str(t.as_str()).unwrap();
                    let seq = v["seq"].as_u64().expect("every message has a seq");
                    assert_eq!(seq, self.last_seq + 1, "sequence numbers have no gaps");
                    self.last_seq = seq;
                    self.received.push(t.to_string());
                    let v = self.take_state(v);
                    return Some(v);
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return None,
                Some(Ok(_)) => continue,
            }
        }
    }

    /// Plays `action` and waits for the state that includes it, retrying when the rate limit
    /// refused it. Panics on any other error.
    pub async fn play(&mut self, action: &str) -> Value {
        let version = self.version();
        self.act(action).await;
        loop {
            let v = self.next().await.expect("open connection");
            if v["type"] == "error" {
                assert_eq!(v["code"], "rate_limited", "{v}");
                tokio::time::sleep(Duration::from_millis(1100)).await;
                self.act(action).await;
            } else if v["type"] == "state" && v["version"].as_u64().unwrap() > version {
                return v;
            }
        }
    }

    /// Reads whatever arrives within `ms` milliseconds of quiet.
    pub async fn pump(&mut self, ms: u64) {
        while let Ok(Some(Ok(m))) =
            tokio::time::timeout(Duration::from_millis(ms), self.ws.next()).await
        {
            if let Message::Text(t) = m {
                let v: Value = serde_json::from_str(t.as_str()).unwrap();
                let seq = v["seq"].as_u64().expect("every message has a seq");
                assert_eq!(seq, self.last_seq + 1, "sequence numbers have no gaps");
                self.last_seq = seq;
                self.received.push(t.to_string());
                self.take_state(v);
            }
        }
    }

    /// Keeps a `state`, or applies a `patch` to the state held (which must be the one it
    /// names) and returns the state it makes, as a `state` message with the patch's `seq`.
    fn take_state(&mut self, v: Value) -> Value {
        let v = if v["type"] == "patch" {
            self.patches += 1;
            let mut state = self.state.clone().expect("a patch comes after a state");
            assert_eq!(state["rev"], v["base"], "a patch applies to the state held");
            let ops: Vec<boardroom_server::patch::Op> =
                serde_json::from_value(v["ops"].clone()).unwrap();
            boardroom_server::patch::apply(&mut state, &ops).unwrap();
            assert_eq!(state["rev"], v["rev"], "{v}");
            assert_eq!(state["version"], v["version"], "{v}");
            state["seq"] = v["seq"].clone();
            state
        } else {
            v
        };
        if v["type"] == "state" {
            self.state = Some(v.clone());
            self.states.push(v.clone());
        }
        v
    }

    /// Reads until a message of type `ty` arrives and returns it.
    pub async fn until(&mut self, ty: &str) -> Value {
        loop {
            let v = self
                .next()
                .await
                .unwrap_or_else(|| panic!("closed before `{ty}`"));
            if v["type"] == ty {
                return v;
            }
        }
    }

    /// Reads until a `state` with at least `version` actions arrives.
    pub async fn until_version(&mut self, version: u64) -> Value {
        loop {
            if let Some(s) = &self.state {
                if s["version"].as_u64().unwrap() >= version {
                    return s.clone();
                }
            }
            self.next().await.expect("open connection");
        }
    }

    pub fn version(&self) -> u64 {
        self.state
            .as_ref()
            .map_or(0, |s| s["version"].as_u64().unwrap())
    }

    /// The legal actions of the latest state, in notation (`actions[].notation`).
    pub fn legal(&self) -> Vec<String> {
        self.state.as_ref().map_or(Vec::new(), notations)
    }
}
