//! What every request handler shares: the application's state, the client's address, the
//! query of a table link, and the rates each client address is held to.

use crate::conn::Limits;
use crate::lobby::Lobby;
use crate::rate::{Buckets, Rate};
use serde::Deserialize;
use std::sync::Arc;

pub use crate::listen::client_ip;

/// What every request handler shares.
#[derive(Clone)]
pub struct AppState {
    /// The tables.
    pub lobby: Arc<Lobby>,
    /// Limits for WebSocket connections.
    pub limits: Arc<Limits>,
    /// Tables created, per client address (a flood of creations is refused).
    pub creations: Arc<Buckets>,
    /// WebSocket connections opened, per client address.
    pub connections: Arc<Buckets>,
    /// Whether to read the client's address from `X-Forwarded-For`.
    pub trust_proxy: bool,
    /// Origins allowed to open WebSockets besides the server's own host.
    pub allow_origins: Arc<Vec<String>>,
    /// Costly requests (replay frames, whole logs, hints, record downloads), per client
    /// address: one address cannot keep the server busy for everyone else.
    pub costly: Arc<Buckets>,
    /// Behind a trusted proxy, the WebSockets open per forwarded address, and how many one
    /// may hold (0: no cap).
    pub forwarded: Arc<crate::listen::Open>,
    /// The cap on open connections per client address.
    pub per_address: usize,
    /// The accounts: sign-in links, sessions, "My games".
    pub accounts: Arc<crate::accounts::Accounts>,
}

/// Costly requests (replay frames, whole logs, hints, record downloads) one client address may
/// make per second on average, and in a burst.
pub const COSTLY_PER_SECOND: Rate = Rate {
    per_second: 10.0,
    burst: 40.0,
};

/// Tables one client address may create per second on average, and in a burst.
pub const CREATIONS_PER_SECOND: Rate = Rate {
    per_second: 20.0,
    burst: 100.0,
};

/// WebSocket connections one client address may open per second on average, and in a burst.
pub const CONNECTIONS_PER_SECOND: Rate = Rate {
    per_second: 30.0,
    burst: 300.0,
};

/// The query of a table link: `?k=TOKEN` for a seat, nothing to watch.
#[derive(Deserialize)]
pub struct LinkQuery {
    /// The seat token, if any.
    pub k: Option<String>,
}

impl axum::extract::FromRef<AppState> for Arc<crate::accounts::Accounts> {
    fn from_ref(app: &AppState) -> Self {
        app.accounts.clone()
    }
}
