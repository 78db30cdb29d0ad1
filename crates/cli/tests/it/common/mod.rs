//! Helpers shared by the tests of the `boardroom` program: the program as a command, and
//! `boardroom serve` as a real process with WebSocket connections to its tables.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};

/// The `boardroom` program built for these tests, speaking English whatever the locale of the
/// environment the tests run in.
pub fn boardroom() -> assert_cmd::Command {
    let mut command = assert_cmd::Command::cargo_bin("boardroom").unwrap();
    command
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG");
    command
}

/// A running `boardroom serve`; dropping it kills the process and waits for it.
pub struct Serve {
    child: Child,
    /// The address it serves, e.g. `http://127.0.0.1:41234`.
    pub url: String,
}

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `boardroom serve` on a free port with the database `db` and bots that move at once,
/// and reads the address it prints.
pub fn serve(db: &Path) -> Serve {
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardroom"))
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--bot-delay-ms",
            "0",
            "--db",
        ])
        .arg(db)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let out = BufReader::new(child.stdout.take().unwrap());
    let url = out.lines().map_while(Result::ok).find_map(|line| {
        line.strip_prefix("Open ")
            .and_then(|rest| rest.split_whitespace().next())
            .map(str::to_string)
    });
    let mut serve = Serve {
        child,
        url: String::new(),
    };
    // On a missing address `serve` is dropped here, which kills and waits for the process.
    serve.url = url.expect("boardroom serve prints the address to open");
    serve
}

/// A WebSocket connection to a table.
pub type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Opens the WebSocket of the table page `link` (`/t/…`) of the server at `url`.
pub async fn connect(url: &str, link: &str) -> Ws {
    let ws_url = format!(
        "{}{}",
        url.replacen("http", "ws", 1),
        link.replacen("/t/", "/ws/", 1)
    );
    tokio_tungstenite::connect_async(ws_url).await.unwrap().0
}
