//! One WebSocket connection: reads client messages, enforces size and rate limits, forwards
//! them to its table, and writes the table's messages with sequence numbers.

use crate::lobby::Lobby;
use crate::outgoing::{ConnId, Outgoing, OUTBOX_CAPACITY};
use crate::protocol::{
    parse_client, ActionInput, ClientMsg, ErrorCode, ServerMsg, ACTION_JSON_BYTES,
};
use crate::rate::{Bucket, Buckets};
use crate::table::{Command, TableHandle};
use axum::extract::ws::{CloseFrame, Message, WebSocket};
use boardroom_engine::Viewer;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};

/// Limits on what one connection may send.
#[derive(Clone, Debug)]
pub struct Limits {
    /// The largest message the server reads, in bytes; larger ones get an error. (Frames
    /// beyond `frame_bytes` close the connection.)
    pub message_bytes: usize,
    /// The largest frame the WebSocket layer accepts at all.
    pub frame_bytes: usize,
    /// Messages per second allowed on average.
    pub rate_per_second: f64,
    /// Messages allowed in a burst.
    pub burst: f64,
    /// Moves that do not move the game on (offers, counters, withdrawals…) each seat may make
    /// (see [`crate::table::SEAT_RATE`]).
    pub seat_moves: crate::rate::Rate,
    /// The same moves by seats the game does not wait for, per client address at all tables
    /// (see [`crate::table::ADDRESS_RATE`]).
    pub address_moves: crate::rate::Rate,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            message_bytes: 4096,
            frame_bytes: 64 * 1024,
            rate_per_second: 20.0,
            burst: 40.0,
            seat_moves: crate::table::SEAT_RATE,
            address_moves: crate::table::ADDRESS_RATE,
        }
    }
}

static NEXT_CONN: AtomicU64 = AtomicU64::new(1);

/// The close code of a connection whose table moved to another instance (a hand-over): the
/// page reconnects at once, and is served by the table's new holder.
pub const MOVED: u16 = 4010;

/// How long a closing connection waits for its close frame to be taken.
const CLOSE_WAIT: Duration = Duration::from_secs(10);

/// Numbers the messages of one connection.
struct Writer {
    seq: u64,
}

impl Writer {
    /// Writes a message serialised by the table (shared with other connections), with this
    /// connection's next sequence number.
    async fn send_out(&mut self, socket: &mut WebSocket, msg: &Outgoing) -> bool {
        self.seq += 1;
        let text = msg.framed(self.seq);
        socket.send(Message::Text(text.into())).await.is_ok()
    }

    /// Writes a message of this connection's own (an error, a pong).
    async fn send(&mut self, socket: &mut WebSocket, msg: &ServerMsg) -> bool {
        self.send_out(socket, &Outgoing::from(msg)).await
    }
}

/// Who is at the other end of a connection, for the budgets it shares with the other
/// connections of its address, and the language it reads.
pub struct Client {
    /// Its address.
    pub ip: std::net::IpAddr,
    /// The costly requests of each address (replay frames, whole logs, hints).
    pub costly: Arc<Buckets>,
    /// The language of the page that opened it ([`crate::lang::of_request`]): the game's
    /// words (log, prompt, actions, refusals) are sent in it, and the "your turn" messages of
    /// addresses it leaves are written in it.
    pub lang: &'static str,
    /// Its signed-in account and whom it blocks (their chat lines are not sent to it).
    pub reader: crate::chat::Reader,
}

/// Message `id` of the server's catalogue in `lang`, with `args`: a refusal in the words of the
/// connection's reader.
fn say(lang: &str, id: &str, args: &[(&str, boardroom_i18n::Arg)]) -> String {
    crate::lang::catalog().message(lang, id, args)
}

/// Serves one WebSocket connection to `table` with the seat token `token` (none: spectator).
pub async fn run(
    mut socket: WebSocket,
    lobby: Arc<Lobby>,
    table_id: String,
    table: TableHandle,
    token: Option<String>,
    limits: Arc<Limits>,
    client: Client,
) {
    let conn: ConnId = NEXT_CONN.fetch_add(1, Ordering::Relaxed);
    let _open = crate::metrics::ConnectionOpen::new();
    let mut writer = Writer { seq: 0 };
    let (outbox, mut inbox) = mpsc::channel::<Outgoing>(OUTBOX_CAPACITY);
    let (reply_tx, reply_rx) = oneshot::channel();
    let joined = table
        .tx
        .send(Command::Join {
            conn,
            token,
            lang: client.lang,
            reader: client.reader.clone(),
            outbox,
            reply: reply_tx,
        })
        .await
        .is_ok();
    let viewer = match reply_rx.await {
        Ok(Ok(viewer)) if joined => viewer,
        Ok(Err(refusal)) => {
            writer.send(&mut socket, &refusal).await;
            let _ = socket
                .send(Message::Close(Some(CloseFrame {
                    code: 4001,
                    reason: "bad seat token".into(),
                })))
                .await;
            return;
        }
        _ => return,
    };
    let mut bucket = Bucket::new(limits.rate_per_second, limits.burst);
    loop {
        tokio::select! {
            out = inbox.recv() => match out {
                Some(msg) => {
                    if !writer.send_out(&mut socket, &msg).await {
                        break;
                    }
                }
                // The table dropped this connection (its outbox was full: it read too
                // slowly) or stopped: say which while closing.
                None => {
                    let (code, reason) = if table.moved.load(Ordering::SeqCst) {
                        (MOVED, "the table moved to another instance; reconnect")
                    } else if table.tx.is_closed() {
                        (1001, "the table closed; reload the page")
                    } else {
                        (1013, "too slow: messages piled up unread; reconnect to resume")
                    };
                    let frame = Message::Close(Some(CloseFrame {
                        code,
                        reason: reason.into(),
                    }));
                    // A reader that never reads never takes the frame: give up after a while.
                    // Until then, what the client still sends is read and dropped, so the
                    // socket does not close on unread data (a reset, which would lose the
                    // frame).
                    let _ = tokio::time::timeout(CLOSE_WAIT, async {
                        if socket.send(frame).await.is_ok() {
                            while let Some(Ok(m)) = socket.recv().await {
                                if matches!(m, Message::Close(_)) {
                                    break;
                                }
                            }
                        }
                    })
                    .await;
                    break;
                }
            },
            incoming = socket.recv() => {
                let text = match incoming {
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Binary(_))) => {
                        let m = ServerMsg::error(
                            ErrorCode::Malformed,
                            crate::lang::text(client.lang, "error-binary-frame"),
                        );
                        if !writer.send(&mut socket, &m).await {
                            break;
                        }
                        continue;
                    }
                    Some(Ok(Message::Close(_))) | None => break,
                    Some(Ok(_)) => continue, // ping and pong are answered by the WebSocket layer
                    Some(Err(e)) => {
                        // Typically a frame over the transport limit: say so while closing.
                        tracing::debug!(conn, "connection error: {e}");
                        let _ = socket
                            .send(Message::Close(Some(CloseFrame {
                                code: 1009,
                                reason: "message too big or unreadable".into(),
                            })))
                            .await;
                        break;
                    }
                };
                if !bucket.take() {
                    if bucket.should_warn() {
                        let rate = limits.rate_per_second.to_string();
                        let m = ServerMsg::error(
                            ErrorCode::RateLimited,
                            say(client.lang, "error-too-many-messages", &[("rate", rate.into())]),
                        );
                        if !writer.send(&mut socket, &m).await {
                            break;
                        }
                    }
                    continue;
                }
                // A structured action may be larger than other messages (up to its own limit,
                // checked by the table); everything else keeps the message limit. (Only a
                // message over the limit is read twice.)
                let structured = text.len() > limits.message_bytes
                    && text.len() <= ACTION_JSON_BYTES + 1024
                    && matches!(
                        parse_client(text.as_str()),
                        Ok(ClientMsg::Act { action: ActionInput::Json(_), .. })
                    );
                if text.len() > limits.message_bytes && !structured {
                    let args = [
                        ("bytes", text.len().to_string().into()),
                        ("limit", limits.message_bytes.to_string().into()),
                        ("action", ACTION_JSON_BYTES.to_string().into()),
                    ];
                    let m = ServerMsg::error(
                        ErrorCode::TooLarge,
                        say(client.lang, "error-too-large", &args),
                    );
                    if !writer.send(&mut socket, &m).await {
                        break;
                    }
                    continue;
                }
                let parsed = parse_client(text.as_str());
                // Leaving addresses costs a look-up of the webhook's host and a write.
                let costly = matches!(
                    parsed,
                    Ok(ClientMsg::Log
                        | ClientMsg::Replay { .. }
                        | ClientMsg::Hint
                        | ClientMsg::Notify { .. })
                );
                if costly && !client.costly.take(client.ip) {
                    let rate = client.costly.rate().per_second.to_string();
                    let m = ServerMsg::error(
                        ErrorCode::RateLimited,
                        say(client.lang, "error-too-many-costly", &[("rate", rate.into())]),
                    );
                    if !writer.send(&mut socket, &m).await {
                        break;
                    }
                    continue;
                }
                let cmd = match parsed {
                    Ok(ClientMsg::Act { action, version }) => {
                        Command::Act { conn, action, version, ip: client.ip }
                    }
                    Ok(ClientMsg::Sync) => Command::Sync { conn },
                    Ok(ClientMsg::Chat { text }) => Command::Chat { conn, text },
                    Ok(ClientMsg::Undo) => Command::Undo { conn },
                    Ok(ClientMsg::Log) => Command::Log { conn },
                    Ok(ClientMsg::Replay { step, seat }) => Command::Replay { conn, step, seat },
                    Ok(ClientMsg::Hint) => Command::Hint { conn, ip: client.ip },
                    Ok(ClientMsg::Notify { .. }) if viewer == Viewer::Spectator => {
                        // Only a seat's person leaves addresses: anyone else is refused before
                        // anything in them is read or looked up.
                        let m = ServerMsg::error(
                            ErrorCode::Spectator,
                            crate::lang::text(client.lang, "error-spectator-address"),
                        );
                        if !writer.send(&mut socket, &m).await {
                            break;
                        }
                        continue;
                    }
                    Ok(ClientMsg::Notify { email, webhook }) => {
                        // Checked here (a webhook's host is looked up), never in the table.
                        match lobby.notifier().check(email, webhook).await {
                            Ok(to) => Command::Notify {
                                conn,
                                to: crate::notify::Addresses {
                                    lang: Some(client.lang.to_string()),
                                    ..to
                                },
                            },
                            Err(why) => {
                                let m = ServerMsg::error(ErrorCode::BadAddress, why);
                                if !writer.send(&mut socket, &m).await {
                                    break;
                                }
                                continue;
                            }
                        }
                    }
                    Ok(ClientMsg::TakeSeat) => Command::TakeSeat { conn },
                    Ok(ClientMsg::Ping) => {
                        if !writer.send(&mut socket, &ServerMsg::Pong).await {
                            break;
                        }
                        continue;
                    }
                    Ok(ClientMsg::Rematch) => {
                        let refusal = if viewer == Viewer::Spectator {
                            Some((
                                ErrorCode::Illegal,
                                crate::lang::text(client.lang, "error-spectator-rematch"),
                            ))
                        } else {
                            // On success every connection of the table is sent its link.
                            lobby
                                .rematch(&table_id)
                                .await
                                .err()
                                .map(|e| (e.code(), e.to_string()))
                        };
                        if let Some((code, message)) = refusal {
                            let m = ServerMsg::error(code, message);
                            if !writer.send(&mut socket, &m).await {
                                break;
                            }
                        }
                        continue;
                    }
                    Err((code, message)) => {
                        if !writer.send(&mut socket, &ServerMsg::error(code, message)).await {
                            break;
                        }
                        continue;
                    }
                };
                if table.tx.send(cmd).await.is_err() {
                    break;
                }
            }
        }
    }
    let _ = table.tx.send(Command::Leave { conn }).await;
}
