//! Sending the state: whole on joining and when asked (`sync`), otherwise as a `patch` from
//! the state the connection was last sent, when that is shorter. Each distinct viewer's state
//! is built and serialised once per change and language, and each patch once per viewer,
//! language and base, whoever receives it.

use super::Table;
use crate::outgoing::{ConnId, Outgoing};
use crate::view::{self, SentState, Shared, Step};
use boardroom_engine::Viewer;
use boardroom_registry::Playable;
use std::collections::HashMap;

impl<G: Playable> Table<G> {
    /// Sends every connection `notice` (if any), then the state after `step` (the state as it
    /// stands, with no step): as a patch from the state each connection holds when that is
    /// shorter, otherwise whole. A connection too slow for either is dropped.
    pub(super) fn send_state_to_all(&mut self, notice: Option<Outgoing>, step: Option<&Step<G>>) {
        let mut built: HashMap<(Viewer, &'static str), SentState> = HashMap::new();
        let mut patches: HashMap<(Viewer, &'static str, u64), Outgoing> = HashMap::new();
        // The shared parts in each language the connections read, worked out once each.
        let shared_of: HashMap<&'static str, Shared> = self
            .conns
            .langs()
            .into_iter()
            .map(|l| (l, self.shared(l)))
            .collect();
        let game = &self.game;
        let dropped = self.conns.fan_out(|c| {
            let Some(shared) = shared_of.get(c.lang) else {
                // Not reached: every connection's language has its shared parts.
                return true;
            };
            let new = built
                .entry((c.viewer, c.lang))
                .or_insert_with(|| SentState {
                    rev: shared.rev,
                    text: view::state_msg_shared(game, c.viewer, c.lang, shared, step),
                    parsed: None,
                });
            let msg = match &mut c.state {
                Some(base) => patches
                    .entry((c.viewer, c.lang, base.rev))
                    .or_insert_with(|| view::patch_or_state(shared, base, new))
                    .clone(),
                None => new.text.clone(),
            };
            c.state = Some(new.clone());
            notice
                .as_ref()
                .is_none_or(|n| c.outbox.try_send(n.clone()).is_ok())
                && c.outbox.try_send(msg).is_ok()
        });
        if dropped {
            self.presence_changed();
        }
    }

    /// Sends connection `conn` the state as it stands: whole when `whole` (joining, or asked
    /// for: the client may have lost track), otherwise as a patch from what it holds when
    /// that is shorter.
    pub(super) fn send_state(&mut self, conn: ConnId, whole: bool) {
        let shared = self.shared(self.conns.lang(conn));
        let Some(c) = self.conns.get_mut(conn) else {
            return;
        };
        let mut state = SentState {
            rev: shared.rev,
            text: view::state_msg_shared(&self.game, c.viewer, c.lang, &shared, None),
            parsed: None,
        };
        let msg = match (&mut c.state, whole) {
            (Some(base), false) => view::patch_or_state(&shared, base, &mut state),
            _ => state.text.clone(),
        };
        c.state = Some(state);
        self.send(conn, msg);
    }
}
