//! Local sinks for "your turn" messages: an SMTP server speaking just enough of the protocol
//! to take a message, and an HTTP server taking webhooks (one path answers 500 a given number
//! of times first). Both hand what arrives to a channel the test reads with a bounded wait.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::post;
use axum::{Json, Router};
use serde_json::Value;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::sync::mpsc;

/// One e-mail the SMTP sink took.
#[derive(Clone, Debug)]
pub struct Mail {
    /// The `RCPT TO` addresses.
    pub to: Vec<String>,
    /// The message as sent (headers and body).
    pub data: String,
}

/// An SMTP sink on a free port of 127.0.0.1.
pub struct SmtpSink {
    pub addr: SocketAddr,
    pub rx: mpsc::UnboundedReceiver<Mail>,
}

impl SmtpSink {
    pub async fn start() -> SmtpSink {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let (tx, rx) = mpsc::unbounded_channel();
        tokio::spawn(async move {
            while let Ok((socket, _)) = listener.accept().await {
                let tx = tx.clone();
                tokio::spawn(async move {
                    let _ = smtp_session(socket, tx).await;
                });
            }
        });
        SmtpSink { addr, rx }
    }

    /// The relay's URL for the server.
    pub fn url(&self) -> String {
        format!("smtp://{}", self.addr)
    }

    /// The next mail, waiting at most 20 s.
    pub async fn next(&mut self) -> Mail {
        tokio::time::timeout(Duration::from_secs(20), self.rx.recv())
            .await
            .expect("a mail within 20 s")
            .expect("the sink runs")
    }

    /// The mails taken so far, without waiting.
    pub fn taken(&mut self) -> Vec<Mail> {
        let mut out = Vec::new();
        while let Ok(m) = self.rx.try_recv() {
            out.push(m);
        }
        out
    }
}

async fn smtp_session(
    socket: tokio::net::TcpStream,
    tx: mpsc::UnboundedSender<Mail>,
) -> std::io::Result<()> {
    let (read, mut write) = socket.into_split();
    let mut lines = BufReader::new(read).lines();
    write.write_all(b"220 sink ESMTP\r\n").await?;
    let mut to = Vec::new();
    while let Some(line) = lines.next_line().await? {
        let upper = line.to_ascii_uppercase();
        let reply: &[u8] = if upper.starts_with("EHLO") || upper.starts_with("HELO") {
            b"250 sink\r\n"
        } else if upper.starts_with("MAIL FROM") {
            to.clear();
            b"250 OK\r\n"
        } else if upper.starts_with("RCPT TO") {
            let addr = line
                .split_once(':')
                .map(|(_, a)| a.trim().trim_start_matches('<').trim_end_matches('>'))
                .unwrap_or_default();
            to.push(addr.to_string());
            b"250 OK\r\n"
        } else if upper == "DATA" {
            write.write_all(b"354 go on\r\n").await?;
            let mut data = String::new();
            while let Some(l) = lines.next_line().await? {
                if l == "." {
                    break;
                }
                data.push_str(&l);
                data.push('\n');
            }
            let _ = tx.send(Mail {
                to: std::mem::take(&mut to),
                data,
            });
            b"250 taken\r\n"
        } else if upper == "QUIT" {
            write.write_all(b"221 bye\r\n").await?;
            return Ok(());
        } else {
            b"250 OK\r\n"
        };
        write.write_all(reply).await?;
    }
    Ok(())
}

/// An HTTP sink on a free port of 127.0.0.1: `POST /hook/{name}` takes a webhook;
/// `POST /flaky/{name}` answers 500 `fail_first` times, then takes it.
pub struct HookSink {
    pub addr: SocketAddr,
    pub rx: mpsc::UnboundedReceiver<(String, Value)>,
    /// Calls of `/flaky/…` so far.
    pub flaky_calls: Arc<AtomicU32>,
}

#[derive(Clone)]
struct Hooks {
    tx: mpsc::UnboundedSender<(String, Value)>,
    calls: Arc<AtomicU32>,
    fail_first: u32,
}

async fn hook(
    State(h): State<Hooks>,
    Path(name): Path<String>,
    Json(body): Json<Value>,
) -> StatusCode {
    let _ = h.tx.send((name, body));
    StatusCode::NO_CONTENT
}

async fn flaky(
    State(h): State<Hooks>,
    Path(name): Path<String>,
    Json(body): Json<Value>,
) -> StatusCode {
    if h.calls.fetch_add(1, Ordering::SeqCst) < h.fail_first {
        return StatusCode::INTERNAL_SERVER_ERROR;
    }
    let _ = h.tx.send((name, body));
    StatusCode::OK
}

impl HookSink {
    pub async fn start(fail_first: u32) -> HookSink {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let (tx, rx) = mpsc::unbounded_channel();
        let calls = Arc::new(AtomicU32::new(0));
        let app = Router::new()
            .route("/hook/{name}", post(hook))
            .route("/flaky/{name}", post(flaky))
            .with_state(Hooks {
                tx,
                calls: calls.clone(),
                fail_first,
            });
        tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        HookSink {
            addr,
            rx,
            flaky_calls: calls,
        }
    }

    /// The URL of the webhook `name`.
    pub fn url(&self, name: &str) -> String {
        format!("http://{}/hook/{name}", self.addr)
    }

    /// The next webhook, waiting at most 20 s.
    pub async fn next(&mut self) -> (String, Value) {
        tokio::time::timeout(Duration::from_secs(20), self.rx.recv())
            .await
            .expect("a webhook within 20 s")
            .expect("the sink runs")
    }

    /// The webhooks taken so far, without waiting.
    pub fn taken(&mut self) -> Vec<(String, Value)> {
        let mut out = Vec::new();
        while let Ok(m) = self.rx.try_recv() {
            out.push(m);
        }
        out
    }
}
