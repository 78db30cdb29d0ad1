//! "Your turn" for people away from the table: the addresses each seat's person left (stored
//! for that seat only, sent to that seat's connections only), and what the table tells the
//! server's [`crate::notify::Notifier`] — whose turn began or ended, whose person came or
//! left the page. The notifier decides when a message goes out; the table never waits for it.

use super::handle::seat_link;
use super::Table;
use crate::notify::Addresses;
use crate::outgoing::ConnId;
use crate::protocol::{ErrorCode, ServerMsg};
use boardroom_engine::{Seat, Viewer};
use boardroom_registry::Playable;

/// What a table knows for its "your turn" messages.
pub(super) struct Away {
    /// Each seat's addresses.
    addresses: Vec<Addresses>,
    /// For each seat the game waits for, the table version since which it waits.
    since: Vec<Option<usize>>,
    /// Whether each seat's person has the page open (as last told to the notifier).
    online: Vec<bool>,
    /// Whether the stored addresses were read: until then, turns are noted, not told (a
    /// table rebuilt on start does not tell a turn again).
    ready: bool,
}

impl Away {
    /// Nothing known yet, for `seats` seats.
    pub(super) fn new(seats: usize) -> Self {
        Away {
            addresses: vec![Addresses::default(); seats],
            since: vec![None; seats],
            online: vec![false; seats],
            ready: false,
        }
    }
}

impl<G: Playable> Table<G> {
    /// Reads the addresses stored for the table's seats (on start), then tells turns from
    /// the next change on.
    pub(super) async fn load_addresses(&mut self) {
        match self.db.load_addresses(self.id.clone()).await {
            Ok(rows) => {
                for (seat, to) in rows {
                    if let Some(a) = self.away.addresses.get_mut(seat) {
                        *a = to;
                    }
                }
            }
            Err(e) => tracing::error!(table = %self.id, "cannot read the notify addresses: {e:#}"),
        }
        self.notify_turns();
        self.away.ready = true;
    }

    /// After every change: the seats whose turn began or ended, told to the notifier.
    pub(super) fn notify_turns(&mut self) {
        let playing = !self.game.is_over() && self.archive.is_none();
        let must = self.game.must_act();
        for seat in 0..self.away.since.len() {
            let waits = playing && self.kinds[seat].is_human() && must.contains(seat);
            match (self.away.since[seat], waits) {
                (None, true) => {
                    self.away.since[seat] = Some(self.version);
                    if self.away.ready {
                        self.tell_turn(seat);
                    }
                }
                (Some(_), false) => {
                    self.away.since[seat] = None;
                    if self.away.ready {
                        self.settings.notifier.done(&self.id, seat);
                    }
                }
                _ => {}
            }
        }
    }

    /// Tells the notifier that `seat`'s turn is going on, with its addresses.
    fn tell_turn(&self, seat: Seat) {
        let (Some(turn), Some(token)) = (self.away.since[seat], self.tokens.get(seat)) else {
            return;
        };
        let to = self.away.addresses[seat].clone();
        if to.is_empty() {
            // The seat's account may keep addresses: looked up as the turn begins, so a change
            // made on any instance counts from the next turn on.
            let (db, table) = (self.db.clone(), self.id.clone());
            let lookup = Box::pin(async move {
                crate::accounts::seat_addresses(&db, table, seat, G::NAME).await
            });
            self.settings.notifier.turn_lookup(
                &self.id,
                seat,
                turn,
                G::TITLE,
                &seat_link(&self.id, token),
                lookup,
            );
            return;
        }
        self.settings.notifier.turn(
            &self.id,
            seat,
            turn,
            G::TITLE,
            &seat_link(&self.id, token),
            to,
        );
    }

    /// After presence changed: each seat whose person came to or left the page.
    pub(super) fn notify_presence(&mut self) {
        for seat in 0..self.away.online.len() {
            let online = self.conns.online(seat) > 0;
            if online != self.away.online[seat] {
                self.away.online[seat] = online;
                if self.kinds[seat].is_human() {
                    self.settings.notifier.presence(&self.id, seat, online);
                }
            }
        }
    }

    /// What `seat`'s connections are told of its addresses.
    pub(super) fn addresses_msg(&self, seat: Seat) -> ServerMsg {
        let to = self.away.addresses.get(seat).cloned().unwrap_or_default();
        ServerMsg::Notify {
            email: to.email,
            webhook: to.webhook,
            email_enabled: self.settings.notifier.email_enabled(),
        }
    }

    /// Connection `conn` leaves addresses for its seat (checked already): stored, then told
    /// to the seat's connections only.
    pub(super) async fn set_addresses(&mut self, conn: ConnId, to: Addresses) {
        let seat = match self.conns.viewer(conn) {
            None => return,
            Some(Viewer::Spectator) => {
                let m = ServerMsg::error(
                    ErrorCode::Spectator,
                    crate::notify::SPECTATORS_LEAVE_NO_ADDRESS,
                );
                return self.send(conn, m);
            }
            Some(Viewer::Seat(s)) => s,
        };
        if let Err(e) = self
            .db
            .store_addresses(self.id.clone(), seat, to.clone())
            .await
        {
            tracing::error!(table = %self.id, "cannot store notify addresses: {e:#}");
            let m = ServerMsg::error(
                ErrorCode::Internal,
                "the addresses could not be saved (storage failed); nothing changed",
            );
            return self.send(conn, m);
        }
        self.away.addresses[seat] = to;
        if self.away.since[seat].is_some() {
            if self.away.addresses[seat].is_empty() {
                self.settings.notifier.done(&self.id, seat);
            } else {
                self.tell_turn(seat);
            }
        }
        let msg = self.addresses_msg(seat);
        for id in self.conns.ids() {
            if self.conns.viewer(id) == Some(Viewer::Seat(seat)) {
                self.send(id, msg.clone());
            }
        }
    }
}
