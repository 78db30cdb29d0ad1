//! A person's own data: the export of everything stored about an account, as JSON.

use super::{AccountId, MySeat, FORMER_PLAYER};
use crate::notify::Addresses;
use serde_json::{json, Value};

/// The export of an account from its stored parts (both backends build it here, so it reads
/// the same on each).
#[allow(clippy::too_many_arguments)]
pub(crate) fn export_json(
    id: AccountId,
    name: Option<String>,
    email: Option<String>,
    created: i64,
    seats: Vec<MySeat>,
    addresses: Vec<(String, Addresses)>,
    sessions: Vec<Value>,
    blocked: Vec<Value>,
    reports: Vec<Value>,
) -> Value {
    json!({
        "account": {
            "id": id,
            "name": name.unwrap_or_else(|| FORMER_PLAYER.to_string()),
            "email": email,
            "created": created,
        },
        "seats": seats,
        "notification_addresses": addresses
            .into_iter()
            .map(|(game, a)| json!({ "game": game, "email": a.email, "webhook": a.webhook }))
            .collect::<Vec<_>>(),
        "sessions": sessions,
        "blocked": blocked,
        "reports": reports,
    })
}
