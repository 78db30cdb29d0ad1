//! The WebSocket protocol end to end, with a real server, real SQLite and real WebSockets.

use crate::common;

use common::{start, Client};
use serde_json::{json, Value};

mod big_shot;
mod lobby;
mod play;

/// Plays the first legal action of whichever of `clients` may act, `steps` times.
async fn play_first_legal(clients: &mut [Client], steps: usize) {
    for _ in 0..steps {
        let Some(i) = clients.iter().position(|c| !c.legal().is_empty()) else {
            return;
        };
        let version = clients[i].version();
        check_actions(clients[i].state.as_ref().unwrap());
        let action = clients[i].legal()[0].clone();
        clients[i].play(&action).await;
        for c in clients.iter_mut() {
            c.until_version(version + 1).await;
        }
    }
}

/// Checks the structured actions and the prompt of a state sent to a seat that is to act: every
/// action has notation and a label, a cost that is not negative, and highlights of the form
/// `kind` or `kind:id`; notations are distinct.
fn check_actions(state: &Value) {
    let actions = state["actions"].as_array().unwrap();
    assert!(!actions.is_empty(), "{state}");
    assert!(
        state["prompt"].as_str().is_some_and(|p| !p.is_empty()),
        "{state}"
    );
    let mut seen = std::collections::HashSet::new();
    for a in actions {
        let notation = a["notation"].as_str().unwrap();
        assert!(
            !notation.is_empty() && seen.insert(notation.to_string()),
            "{a}"
        );
        assert!(!a["label"].as_str().unwrap().is_empty(), "{a}");
        assert!(a["effect"].is_string(), "{a}");
        assert!(
            a["cost"].is_null() || a["cost"].as_i64().unwrap() >= 0,
            "{a}"
        );
        for t in a["highlights"].as_array().unwrap() {
            let t = t.as_str().unwrap();
            let (kind, id) = t.split_once(':').unwrap_or((t, "x"));
            assert!(
                !kind.is_empty() && kind.chars().all(|c| c.is_ascii_lowercase()),
                "highlight `{t}` of {a}"
            );
            assert!(
                !id.is_empty() && id.chars().all(|c| c.is_ascii_alphanumeric()),
                "highlight `{t}` of {a}"
            );
        }
    }
}

/// The number of tables the server holds.
async fn table_count(server: &common::TestServer) -> u64 {
    let stats: Value = reqwest::get(format!("{}/api/stats", server.url()))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    stats["tables"].as_u64().unwrap()
}
