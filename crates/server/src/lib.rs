//! # boardroom-server
//!
//! `boardroom serve`: a web server where friends and bots play Boardroom's games in the
//! browser. The server reaches the games only through the registry (`boardroom_games`) and the
//! engine's traits: it is written once for every game.
//!
//! * [`http`] — routes: the pages, the embedded client ([`assets`]), the JSON API, WebSockets.
//! * [`lobby`] — every table: creating, listing, rematches, rebuilding from the database.
//! * [`table`] — one live table: a task that owns the game, checks and stores each action
//!   before anyone hears of it, and runs the bots.
//! * [`conn`] — one WebSocket connection: limits, sequence numbers.
//! * [`protocol`] — the JSON messages; [`view`] — what each viewer receives.
//! * [`db`] — SQLite persistence (config, seed, seats, actions).
//! * [`bots`] — seat kinds and the bots behind them.

#![warn(missing_docs)]

pub mod assets;
pub mod bots;
pub mod conn;
pub mod db;
pub mod http;
pub mod lobby;
pub mod protocol;
pub mod table;
pub mod view;

use anyhow::Context;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// How to run a server.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Where to listen (port 0 picks a free port).
    pub addr: SocketAddr,
    /// The SQLite database file.
    pub db: PathBuf,
    /// Pause before each bot move.
    pub bot_delay: Duration,
    /// Limits on WebSocket clients.
    pub limits: conn::Limits,
}

/// A server that is listening.
pub struct Server {
    /// The address it listens on.
    pub addr: SocketAddr,
    /// Its tables.
    pub lobby: Arc<lobby::Lobby>,
    listener: tokio::net::TcpListener,
    router: axum::Router,
}

impl Server {
    /// Opens the database, rebuilds every table and binds the address.
    pub async fn bind(settings: Settings) -> anyhow::Result<Server> {
        let db = db::Db::open(&settings.db)?;
        let lobby = lobby::Lobby::load(
            db,
            table::TableSettings {
                bot_delay: settings.bot_delay,
            },
        )
        .await?;
        let listener = tokio::net::TcpListener::bind(settings.addr)
            .await
            .with_context(|| format!("cannot listen on {}", settings.addr))?;
        let addr = listener.local_addr()?;
        let router = http::router(http::AppState {
            lobby: lobby.clone(),
            limits: Arc::new(settings.limits),
            creations: Arc::new(std::sync::Mutex::new(conn::Bucket::new(
                http::CREATIONS_PER_SECOND.0,
                http::CREATIONS_PER_SECOND.1,
            ))),
        });
        Ok(Server {
            addr,
            lobby,
            listener,
            router,
        })
    }

    /// Serves until the process ends. Stopping it at any moment (Ctrl-C, a kill) loses
    /// nothing: every action is stored before it is acknowledged.
    pub async fn run(self) -> anyhow::Result<()> {
        axum::serve(self.listener, self.router)
            .await
            .context("the server stopped")
    }

    /// Serves in a background task (for tests and tools).
    pub fn spawn(self) -> tokio::task::JoinHandle<anyhow::Result<()>> {
        tokio::spawn(self.run())
    }
}
