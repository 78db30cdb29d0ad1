//! Who is at a table: its connections (each a viewer and an outbox), sending to one or to
//! all of them (dropping any too slow to keep up), and when presence is next due.

use crate::outgoing::{ConnId, Outbox, Outgoing};
use crate::view::SentState;
use boardroom_engine::{Seat, Viewer};
use std::collections::HashMap;
use std::time::Duration;
use tokio::time::Instant;

/// One connection at a table.
pub(super) struct Conn {
    /// Whose view it receives.
    pub(super) viewer: Viewer,
    /// The language it reads.
    pub(super) lang: &'static str,
    /// Its signed-in account and whom it blocks.
    pub(super) reader: crate::chat::Reader,
    /// Where its messages go.
    pub(super) outbox: Outbox,
    /// The latest state it was sent (whole, or as a patch): what the next patch applies to.
    pub(super) state: Option<SentState>,
}

/// A table's connections, and whether a presence message is due.
pub(super) struct Conns {
    conns: HashMap<ConnId, Conn>,
    /// A presence change not yet sent.
    pending: bool,
    /// When the last presence message went out.
    sent: Instant,
}

impl Conns {
    /// Nobody connected.
    pub(super) fn new() -> Self {
        Conns {
            conns: HashMap::new(),
            pending: false,
            sent: Instant::now(),
        }
    }

    /// Whether nobody is connected.
    pub(super) fn is_empty(&self) -> bool {
        self.conns.is_empty()
    }

    /// The viewer of connection `conn`, if it is open.
    pub(super) fn viewer(&self, conn: ConnId) -> Option<Viewer> {
        self.conns.get(&conn).map(|c| c.viewer)
    }

    /// The outbox of connection `conn`, if it is open.
    pub(super) fn outbox(&self, conn: ConnId) -> Option<&Outbox> {
        self.conns.get(&conn).map(|c| &c.outbox)
    }

    /// Every open connection.
    pub(super) fn ids(&self) -> Vec<ConnId> {
        self.conns.keys().copied().collect()
    }

    /// The language connection `conn` reads (English once it has closed).
    pub(super) fn lang(&self, conn: ConnId) -> &'static str {
        self.conns
            .get(&conn)
            .map_or(boardroom_i18n::ENGLISH, |c| c.lang)
    }

    /// The languages the open connections read, each once.
    pub(super) fn langs(&self) -> Vec<&'static str> {
        let mut langs: Vec<&'static str> = self.conns.values().map(|c| c.lang).collect();
        langs.sort_unstable();
        langs.dedup();
        langs
    }

    /// A connection opens as `viewer`, reading `lang`.
    pub(super) fn insert(
        &mut self,
        conn: ConnId,
        viewer: Viewer,
        lang: &'static str,
        reader: crate::chat::Reader,
        outbox: Outbox,
    ) {
        self.conns.insert(
            conn,
            Conn {
                viewer,
                lang,
                reader,
                outbox,
                state: None,
            },
        );
    }

    /// A connection closed; `false` when it was not open.
    pub(super) fn remove(&mut self, conn: ConnId) -> bool {
        self.conns.remove(&conn).is_some()
    }

    /// Whether a person holding a seat is connected.
    pub(super) fn any_seated(&self) -> bool {
        self.conns.values().any(|c| c.viewer != Viewer::Spectator)
    }

    /// The connections of `seat`.
    pub(super) fn online(&self, seat: Seat) -> u32 {
        self.conns
            .values()
            .filter(|c| c.viewer == Viewer::Seat(seat))
            .count() as u32
    }

    /// The spectators' connections.
    pub(super) fn spectators(&self) -> u32 {
        self.conns
            .values()
            .filter(|c| c.viewer == Viewer::Spectator)
            .count() as u32
    }

    /// Sends `msg` to connection `conn`; one too slow to keep up is dropped (closing its
    /// socket; the client reconnects and resumes): `true` then.
    pub(super) fn send(&mut self, conn: ConnId, msg: impl Into<Outgoing>) -> bool {
        let slow = match self.conns.get(&conn) {
            Some(c) => c.outbox.try_send(msg.into()).is_err(),
            None => false,
        };
        if slow {
            self.conns.remove(&conn);
        }
        slow
    }

    /// Who reads through connection `conn`, if it is open.
    pub(super) fn reader(&self, conn: ConnId) -> Option<&crate::chat::Reader> {
        self.conns.get(&conn).map(|c| &c.reader)
    }

    /// Connection `conn`, if it is open.
    pub(super) fn get_mut(&mut self, conn: ConnId) -> Option<&mut Conn> {
        self.conns.get_mut(&conn)
    }

    /// Hands every connection to `send`, which says whether what it sent was taken; a
    /// connection too slow for it is dropped. `true` when one was.
    pub(super) fn fan_out(&mut self, mut send: impl FnMut(&mut Conn) -> bool) -> bool {
        let before = self.conns.len();
        self.conns.retain(|_, c| send(c));
        self.conns.len() != before
    }

    /// Presence changed: a message is due.
    pub(super) fn changed(&mut self) {
        self.pending = true;
    }

    /// When the next presence message may go out (`every`: at most one per interval).
    pub(super) fn presence_at(&self, every: Duration) -> Instant {
        self.sent + every
    }

    /// Whether a presence message is due.
    pub(super) fn presence_pending(&self) -> bool {
        self.pending
    }

    /// A presence message goes out now.
    pub(super) fn presence_sent(&mut self) {
        self.pending = false;
        self.sent = Instant::now();
    }
}
