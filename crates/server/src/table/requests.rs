//! What a connection asks of a table beside playing: joining and leaving, the state again,
//! the chat, hints, and the links to a rematch (and the settings a rematch is made from).

use super::handle::{seat_link, spectator_link, TableSpec};
use super::storage::STORAGE_PAUSED;
use super::Table;
use crate::accounts::AccountId;
use crate::chat::{self, Chat};
use crate::hint;
use crate::outgoing::{ConnId, Outbox, Outgoing};
use crate::protocol::{ErrorCode, ServerMsg};
use crate::view;
use boardroom_engine::{Present, Seat, Viewer};
use boardroom_registry::Playable;
use tokio::sync::oneshot;
use tokio::time::Instant;

impl<G: Playable> Table<G> {
    /// Reads the table's chat from the database (a failure is logged: the table goes on
    /// with an empty chat).
    pub(super) async fn load_chat(&mut self) {
        match Chat::load(&self.db, self.id.clone()).await {
            Ok(chat) => self.chat = chat,
            Err(e) => tracing::error!(table = %self.id, "cannot read the chat: {e:#}"),
        }
    }

    /// A connection opens with a seat token (or none, to watch): told its viewer (or refused),
    /// then welcomed with the table, its log and chat, and sent the state.
    pub(super) fn join(
        &mut self,
        conn: ConnId,
        token: Option<String>,
        lang: &'static str,
        reader: chat::Reader,
        outbox: Outbox,
        reply: oneshot::Sender<Result<Viewer, ServerMsg>>,
    ) {
        let viewer = match token.as_deref().filter(|t| !t.is_empty()) {
            None => Viewer::Spectator,
            Some(t) => match self.token_seat(t) {
                Some(s) => Viewer::Seat(s),
                None => {
                    let _ = reply.send(Err(ServerMsg::error(
                        ErrorCode::BadToken,
                        "this link holds no seat at this table: check the invite link (the \
                         spectator link has no `?k=` part)",
                    )));
                    return;
                }
            },
        };
        if reply.send(Ok(viewer)).is_err() {
            return;
        }
        let welcome = ServerMsg::Welcome {
            table: self.info(),
            you: viewer.seat(),
            log: self
                .history
                .iter()
                .map(|s| view::log_entry(s, viewer, lang))
                .collect(),
            rematch: self.rematch_msg(viewer).and_then(|m| match m {
                ServerMsg::Rematch { link, .. } => Some(link),
                _ => None,
            }),
            chat: self.chat.history(&reader),
            hints: viewer
                .seat()
                .is_some_and(|s| hint::refusal(&self.kinds, s, self.hints).is_none()),
        };
        self.conns.insert(conn, viewer, lang, reader, outbox);
        self.last_visit = Instant::now();
        self.send(conn, welcome);
        self.send_state(conn, true);
        if let Viewer::Seat(seat) = viewer {
            let addresses = self.addresses_msg(seat);
            self.send(conn, addresses);
            self.send_since(conn, seat);
        }
        // Paused for storage, or the database cannot be written at all yet (a server started
        // on a read-only disk).
        if self.backoff.is_paused() || !self.db.writable() {
            let status = ServerMsg::Status {
                paused: true,
                message: STORAGE_PAUSED.to_string(),
            };
            self.send(conn, status);
        }
        // Whoever opens a seat's link holds the seat: one still kept for an invitation (that
        // was declined meanwhile, or whose seat was claimed in the lobby) no longer waits.
        if let Some(seat) = viewer.seat() {
            self.invite_answered(seat);
        }
        if let Some(note) = &self.archive {
            let status = ServerMsg::Status {
                paused: true,
                message: note.clone(),
            };
            self.send(conn, status);
        }
        self.presence_changed();
    }

    /// A connection closed.
    pub(super) fn leave(&mut self, conn: ConnId) {
        self.chat.forget(conn);
        if self.conns.remove(conn) {
            self.last_visit = Instant::now();
            self.presence_changed();
        }
    }

    /// A connection asks for the state again: whole (its client may have lost track of it).
    /// One that asks faster than it reads is dropped like any slow reader.
    pub(super) fn sync(&mut self, conn: ConnId) {
        self.send_state(conn, true);
    }

    /// The table's settings as stored (for a rematch).
    pub(super) fn spec(&self) -> TableSpec {
        TableSpec {
            id: self.id.clone(),
            game: G::NAME.to_string(),
            config: serde_json::to_string(&self.game.config()).unwrap_or_default(),
            kinds: self.kinds.clone(),
            over: self.game.is_over(),
            rematch: self.rematch.as_ref().map(|r| r.0.clone()),
            timer_percent: self.timer_percent,
            hints: self.hints,
            clock: self.clock_settings.clone(),
        }
    }

    /// A chat line from connection `conn`: checked, stored, then sent to every connection; a
    /// refused one is answered with an error to its writer only, and nothing is stored.
    pub(super) async fn chat_line(&mut self, conn: ConnId, text: String) {
        let Some(viewer) = self.conns.viewer(conn) else {
            return;
        };
        let name = match viewer {
            Viewer::Seat(s) => <G as Present>::seat_name(s),
            Viewer::Spectator => chat::SPECTATOR.to_string(),
        };
        let mut line = match self.chat.prepare(conn, viewer, name, text) {
            Ok(line) => line,
            Err((code, message)) => return self.send(conn, ServerMsg::error(code, message)),
        };
        let signed_in = self.conns.reader(conn).and_then(|r| r.account);
        let (db, id) = (self.db.clone(), self.id.clone());
        line.account = match signed_in {
            Some(a) => Some(a),
            None => seat_account(db, id, viewer.seat()).await,
        };
        if let Err(e) = Chat::store(&self.db, self.id.clone(), line.clone()).await {
            tracing::error!(table = %self.id, "cannot store a chat line: {e:#}");
            return self.send(
                conn,
                ServerMsg::error(
                    ErrorCode::Internal,
                    "the chat message could not be saved, so it was not sent; try again",
                ),
            );
        }
        self.chat.stored(line.clone());
        let blockers = match line.account {
            Some(writer) => blockers(self.db.clone(), self.id.clone(), writer).await,
            None => Vec::new(),
        };
        let msg = Outgoing::from(ServerMsg::Chat(line));
        let dropped = self.conns.fan_out(|c| {
            let blocks = c.reader.account.is_some_and(|a| blockers.contains(&a));
            blocks || c.outbox.try_send(msg.clone()).is_ok()
        });
        if dropped {
            self.presence_changed();
        }
    }

    /// Sends every connection its link to the rematch.
    pub(super) fn send_rematch_links(&mut self) {
        for id in self.conns.ids() {
            // A slow connection may have been dropped while sending to an earlier one.
            let Some(viewer) = self.conns.viewer(id) else {
                continue;
            };
            if let Some(msg) = self.rematch_msg(viewer) {
                self.send(id, msg);
            }
        }
    }

    /// The link to the rematch for `viewer`, if a rematch exists.
    fn rematch_msg(&self, viewer: Viewer) -> Option<ServerMsg> {
        let (table, tokens) = self.rematch.as_ref()?;
        let link = match viewer {
            Viewer::Seat(s) => tokens
                .get(s)
                .map_or_else(|| spectator_link(table), |t| seat_link(table, t)),
            Viewer::Spectator => spectator_link(table),
        };
        Some(ServerMsg::Rematch {
            table: table.clone(),
            link,
        })
    }

    /// Answers a connection's request for a hint, or says why not.
    pub(super) fn hint(&mut self, conn: ConnId, ip: std::net::IpAddr) {
        let Some(viewer) = self.conns.viewer(conn) else {
            return;
        };
        let refused = |m: String| ServerMsg::error(ErrorCode::HintRefused, m);
        let seat = match viewer {
            Viewer::Spectator => {
                let m = refused("spectators cannot ask for hints; only a seat can".into());
                return self.send(conn, m);
            }
            Viewer::Seat(s) => s,
        };
        if let Some(why) = hint::refusal(&self.kinds, seat, self.hints) {
            return self.send(conn, refused(why));
        }
        if let Some(note) = &self.archive {
            return self.send(conn, refused(note.clone()));
        }
        if self.game.is_over() {
            let m = ServerMsg::error(ErrorCode::GameOver, "the game is over: nothing to hint");
            return self.send(conn, m);
        }
        if !self.game.to_act().contains(seat) {
            let m = refused("hints are given when you may act; it is not your turn".into());
            return self.send(conn, m);
        }
        let Some(outbox) = self.conns.outbox(conn) else {
            return;
        };
        hint::start(
            self.game.clone(),
            seat,
            self.version,
            outbox.clone(),
            self.hint_busy.clone(),
            &self.settings.hints,
            ip,
            self.conns.lang(conn),
        );
    }
}

/// The account holding `seat` of table `id` (none for a spectator or a seat no account holds):
/// who writes a chat line from a seat link while signed out.
async fn seat_account(db: crate::db::Db, id: String, seat: Option<Seat>) -> Option<AccountId> {
    let seat = seat?;
    match db.accounts().table_accounts(id.clone()).await {
        Ok(tied) => tied.into_iter().find(|(s, _)| *s == seat).map(|(_, a)| a),
        Err(e) => {
            tracing::error!(table = %id, "cannot read the seats' accounts: {e:#}");
            None
        }
    }
}

/// The accounts that block `writer` now (a block made while connected counts at once).
async fn blockers(db: crate::db::Db, id: String, writer: AccountId) -> Vec<AccountId> {
    db.accounts().blockers(writer).await.unwrap_or_else(|e| {
        tracing::error!(table = %id, "cannot read who blocks a writer: {e:#}");
        Vec::new()
    })
}
