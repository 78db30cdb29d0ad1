//! # boardroom-server
//!
//! `boardroom serve`: a web server where friends and bots play Boardroom's games in the
//! browser. The server reaches the games only through the registry (`boardroom_registry`) and the
//! engine's traits: it is written once for every game.
//!
//! * [`http`] — routes: the pages, the embedded client ([`assets`]), the JSON API, WebSockets.
//! * [`lobby`] — every table: creating, listing, rematches, rebuilding from the database, leases
//!   and forwarding when several instances share a PostgreSQL database, the
//!   sweeper, seat claims, `db check`.
//! * [`table`] — one live table: a task that owns the game, checks and stores each action
//!   before anyone hears of it, and runs the bots.
//! * [`conn`] — one WebSocket connection: limits, sequence numbers; [`listen`] — accepting
//!   connections: a cap per client address, a deadline for request headers.
//! * [`protocol`] — the JSON messages; [`view`] — what each viewer receives; [`outgoing`] — a
//!   message serialised once, and where a table sends a connection's messages.
//! * [`db`] — SQLite persistence (config, seed, seats, actions) and every schema.
//! * [`bots`] — seat kinds, the bots behind them and their pace; [`hint`] — hints at a table.
//! * [`notify`] — "your turn" by e-mail or webhook for people away from their table.
//! * [`chat`] — the chat of a table; [`seats`] — seats opened to anyone in the lobby.
//! * [`clocks`] — a table's clock (none, live, turn-based) and its stand-in bot.
//! * [`ratings`] — the Weng-Lin ratings of rated tables: places, the rating arithmetic.
//! * [`rate`] — token buckets; [`time`] — the clock as stored; [`revision`] — rules revisions.

#![warn(missing_docs)]

pub mod accounts;
pub mod assets;
pub mod bots;
pub mod chat;
pub mod clocks;
pub mod conn;
pub mod db;
pub mod hint;
pub mod http;
pub mod lang;
pub mod listen;
pub mod lobby;
pub mod metrics;
pub mod notify;
pub mod outgoing;
pub mod patch;
pub mod protocol;
pub mod rate;
pub mod ratings;
pub mod revision;
pub mod seats;
pub mod table;
pub mod time;
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
    /// The database: a SQLite file, or a PostgreSQL URL (`postgres://…`).
    pub db: PathBuf,
    /// Pause before each bot move, at tables created without a bot speed
    /// ([`bots::BotSpeed`]).
    pub bot_delay: Duration,
    /// Limits on WebSocket clients.
    pub limits: conn::Limits,
    /// Tables one client address may create: per second on average, and in a burst.
    pub creations: rate::Rate,
    /// WebSocket connections one client address may open: per second on average, and in a
    /// burst.
    pub connections: rate::Rate,
    /// Whether the server runs behind a reverse proxy it trusts: the client's address is then
    /// the last one of the `X-Forwarded-For` header (the one the proxy added).
    pub trust_proxy: bool,
    /// Origins (`https://boardroom.example`) whose pages may open WebSockets besides the
    /// server's own host.
    pub allow_origins: Vec<String>,
    /// When finished tables leave memory, never-started ones expire, presence is sent, and
    /// how a table waits for storage that fails.
    pub timing: table::Timing,
    /// Open connections per client address, and how long one may take to send its headers.
    pub conn_limits: listen::ConnLimits,
    /// Costly requests (replay frames, whole logs, hints, record downloads) per client
    /// address: per second, burst.
    pub costly: rate::Rate,
    /// On a PostgreSQL database, where the other instances serving it reach this one
    /// (`http://host:port`, stored with the leases of the tables it plays, to which they
    /// forward requests). `None`: `http://` and the address it listens on (an unspecified
    /// address, `0.0.0.0`, taken as `127.0.0.1`: instances on one machine).
    pub advertise: Option<String>,
    /// "Your turn" messages for people away: the SMTP relay, webhooks, how often.
    pub notify: notify::NotifySettings,
    /// Where to serve the metrics (`/metrics`, with `/healthz` and `/readyz`): an address
    /// apart from the public one, reachable by the operator's monitoring only. `None`: no
    /// metrics are kept.
    pub metrics_addr: Option<SocketAddr>,
    /// On a PostgreSQL database served by several instances, whether this one passes the
    /// tables it holds beyond its share to the others (`lobby/handover.rs`). Off, it still
    /// takes the tables passed to it and hands its tables over when it stops; tests of other
    /// matters turn it off so that tables stay where they were created.
    pub share_tables: bool,
    /// Accounts: sign-in links (mailed through the SMTP relay of `notify`), sessions, names.
    pub accounts: accounts::AccountSettings,
}

impl Default for Settings {
    /// The settings of `boardroom serve` without flags.
    fn default() -> Self {
        Settings {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            db: PathBuf::from("boardroom.sqlite"),
            bot_delay: Duration::from_millis(700),
            limits: conn::Limits::default(),
            creations: http::CREATIONS_PER_SECOND,
            connections: http::CONNECTIONS_PER_SECOND,
            trust_proxy: false,
            allow_origins: Vec::new(),
            timing: table::Timing::default(),
            conn_limits: listen::ConnLimits::default(),
            costly: http::COSTLY_PER_SECOND,
            advertise: None,
            notify: notify::NotifySettings::default(),
            metrics_addr: None,
            share_tables: true,
            accounts: accounts::AccountSettings::default(),
        }
    }
}

/// Where the other instances reach this one: `--advertise`, or the address it listens on.
fn advertised(settings: &Settings, addr: SocketAddr) -> anyhow::Result<String> {
    match &settings.advertise {
        Some(a) if a.starts_with("http://") => Ok(a.trim_end_matches('/').to_string()),
        Some(a) => anyhow::bail!("--advertise {a}: give an http:// address (http://host:port)"),
        None => {
            let ip = if addr.ip().is_unspecified() {
                std::net::IpAddr::from([127, 0, 0, 1])
            } else {
                addr.ip()
            };
            Ok(format!("http://{}", SocketAddr::new(ip, addr.port())))
        }
    }
}

/// A server that is listening.
pub struct Server {
    /// The address it listens on.
    pub addr: SocketAddr,
    /// Its tables.
    pub lobby: Arc<lobby::Lobby>,
    /// The address its metrics are served on, if they are.
    pub metrics_addr: Option<SocketAddr>,
    /// The metrics' listener and routes.
    metrics: Option<(tokio::net::TcpListener, axum::Router)>,
    listener: tokio::net::TcpListener,
    router: axum::Router,
    conn_limits: listen::ConnLimits,
    trust_proxy: bool,
}

impl Server {
    /// Opens the database, rebuilds every table and binds the address. A database file the
    /// server cannot write now (a read-only disk, permissions) does not stop it: it serves what
    /// it can read, refuses writes, and resumes once the file can be written
    /// ([`db::Db::open_or_wait`], retrying as tables do after a storage failure).
    pub async fn bind(settings: Settings) -> anyhow::Result<Server> {
        let listener = tokio::net::TcpListener::bind(settings.addr)
            .await
            .with_context(|| format!("cannot listen on {}", settings.addr))?;
        let addr = listener.local_addr()?;
        // Installed before anything is recorded, so the first table's actions count.
        let metrics = match settings.metrics_addr {
            Some(at) => {
                let listener = tokio::net::TcpListener::bind(at)
                    .await
                    .with_context(|| format!("cannot serve the metrics on {at}"))?;
                Some((listener, metrics::install()?))
            }
            None => None,
        };
        let (db, hosting) = match settings.db.to_str().filter(|d| db::is_postgres_url(d)) {
            Some(url) => {
                let mut hosting = lobby::Hosting::new(&advertised(&settings, addr)?);
                hosting.share = settings.share_tables;
                tracing::info!(
                    instance = %hosting.instance,
                    advertised = %hosting.address,
                    "serving a PostgreSQL database beside any other instances on it"
                );
                (
                    db::Db::connect_instance(url, &hosting.instance).await?,
                    Some(hosting),
                )
            }
            None => (
                db::Db::open_or_wait(
                    &settings.db,
                    settings.timing.storage_retry,
                    settings.timing.storage_retry_max,
                )?,
                None,
            ),
        };
        let notifier = notify::Notifier::start(settings.notify.clone())?;
        let allow_origins = Arc::new(settings.allow_origins.clone());
        let accounts = accounts::Accounts::new(
            settings.accounts.clone(),
            db.clone(),
            notifier.clone(),
            settings.trust_proxy,
            allow_origins.clone(),
        )?;
        let lobby = lobby::Lobby::load_hosted(
            db,
            table::TableSettings {
                bot_delay: settings.bot_delay,
                timing: settings.timing.clone(),
                hints: Arc::new(hint::HintGate::default()),
                notifier,
                seat_moves: settings.limits.seat_moves,
                instance: hosting
                    .as_ref()
                    .map_or_else(lobby::new_token, |h| h.instance.clone())
                    .into(),
                address_moves: Arc::new(
                    rate::Buckets::new(settings.limits.address_moves).named("moves"),
                ),
            },
            hosting,
        )
        .await?;
        lobby.spawn_sweeper();
        lobby.spawn_hosting();
        tracing::info!(instance = %lobby.instance(), %addr, "serving");
        let metrics_addr = match &metrics {
            Some((listener, _)) => Some(listener.local_addr()?),
            None => None,
        };
        let metrics = metrics.map(|(listener, handle)| {
            (
                listener,
                http::health::metrics_router(lobby.clone(), handle),
            )
        });
        let router = http::router(http::AppState {
            lobby: lobby.clone(),
            limits: Arc::new(settings.limits),
            creations: Arc::new(rate::Buckets::new(settings.creations).named("create")),
            connections: Arc::new(rate::Buckets::new(settings.connections).named("connect")),
            trust_proxy: settings.trust_proxy,
            allow_origins,
            costly: Arc::new(rate::Buckets::new(settings.costly).named("costly")),
            forwarded: Arc::new(listen::Open::default()),
            per_address: settings.conn_limits.per_address,
            accounts,
        });
        Ok(Server {
            addr,
            lobby,
            metrics_addr,
            metrics,
            listener,
            router,
            conn_limits: settings.conn_limits,
            trust_proxy: settings.trust_proxy,
        })
    }

    /// Serves until the process ends. Stopping it at any moment (Ctrl-C, a kill) loses
    /// nothing: every action is stored before it is acknowledged.
    pub async fn run(self) -> anyhow::Result<()> {
        if let Some((listener, router)) = self.metrics {
            tokio::spawn(async move {
                if let Err(e) = axum::serve(listener, router).await {
                    tracing::error!("the metrics address stopped: {e}");
                }
            });
        }
        listen::serve(
            self.listener,
            self.router,
            self.conn_limits,
            self.trust_proxy,
        )
        .await
        .context("the server stopped")
    }

    /// Serves until SIGTERM or Ctrl-C, then hands every table over to the other instances on
    /// its database ([`lobby::Lobby::hand_over`]: each table's lease passed at once, its
    /// connections told to reconnect) while still forwarding requests to their new holders,
    /// and returns once no table is left here.
    pub async fn run_until_stopped(self) -> anyhow::Result<()> {
        let lobby = self.lobby.clone();
        let serving = tokio::spawn(self.run());
        tokio::select! {
            stopped = stop_signal() => stopped?,
            served = serving => return served.context("the server stopped")?,
        }
        tracing::info!("stopping: handing the tables over to the other instances");
        lobby.hand_over().await;
        Ok(())
    }

    /// Serves in a background task (for tests and tools).
    pub fn spawn(self) -> tokio::task::JoinHandle<anyhow::Result<()>> {
        tokio::spawn(self.run())
    }
}

/// Returns at the first SIGTERM (Unix) or Ctrl-C.
async fn stop_signal() -> anyhow::Result<()> {
    #[cfg(unix)]
    {
        let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
            .context("cannot listen for SIGTERM")?;
        tokio::select! {
            _ = term.recv() => {}
            c = tokio::signal::ctrl_c() => c.context("cannot listen for Ctrl-C")?,
        }
    }
    #[cfg(not(unix))]
    tokio::signal::ctrl_c()
        .await
        .context("cannot listen for Ctrl-C")?;
    Ok(())
}
