//! Server messages serialised once: what a table hands its connections.
//!
//! A table serialises each message once, to JSON text without its sequence number, and every
//! connection that receives it shares that text (the same state for every connection of one
//! seat, the same chat line or presence for every connection). A connection only puts its own
//! sequence number in front while writing the frame ([`Outgoing::framed`]), so the wire format
//! is the [`crate::protocol::Envelope`]'s: `{"seq":N,"type":…,…}`.

use crate::protocol::{ErrorCode, ServerMsg};
use serde::Serialize;
use std::sync::Arc;
use tokio::sync::mpsc;

/// Identifies one connection.
pub type ConnId = u64;

/// Where a table sends a connection's messages, each serialised once and shared by every
/// connection it goes to.
pub type Outbox = mpsc::Sender<Outgoing>;

/// Messages a connection may have waiting before the table drops it as too slow (it can
/// reconnect and resume).
pub const OUTBOX_CAPACITY: usize = 64;

/// What is sent when a message cannot be serialised (never expected: every message is made of
/// strings, numbers and the game's own serialisable types).
const UNENCODABLE: &str =
    r#"{"type":"error","code":"internal","message":"the server could not encode a message"}"#;

/// A server message as JSON text (an object with its `type` first and no `seq`), shared by
/// every connection it goes to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outgoing(Arc<str>);

impl Outgoing {
    /// Serialises `msg`, which must serialise as a JSON object (every server message does).
    pub fn new(msg: &impl Serialize) -> Outgoing {
        match serde_json::to_string(msg) {
            Ok(text) if text.starts_with('{') && text.ends_with('}') => Outgoing(text.into()),
            Ok(text) => {
                tracing::error!("a server message is not a JSON object: {text:.80}");
                Outgoing(UNENCODABLE.into())
            }
            Err(e) => {
                tracing::error!("cannot encode a message: {e}");
                Outgoing(UNENCODABLE.into())
            }
        }
    }

    /// An error message.
    pub fn error(code: ErrorCode, message: impl Into<String>) -> Outgoing {
        Outgoing::from(&ServerMsg::error(code, message))
    }

    /// The message's JSON text, without a sequence number.
    pub fn text(&self) -> &str {
        &self.0
    }

    /// The message as one connection sends it: with `seq` as its first field.
    pub fn framed(&self, seq: u64) -> String {
        let body = &self.0[1..];
        let mut out = String::with_capacity(self.0.len() + 28);
        out.push_str("{\"seq\":");
        out.push_str(itoa_u64(seq, &mut [0u8; 20]));
        if body != "}" {
            out.push(',');
        }
        out.push_str(body);
        out
    }
}

/// `n` in decimal, written into `buf`.
fn itoa_u64(mut n: u64, buf: &mut [u8; 20]) -> &str {
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    std::str::from_utf8(&buf[i..]).expect("ASCII digits")
}

impl From<&ServerMsg> for Outgoing {
    fn from(msg: &ServerMsg) -> Outgoing {
        Outgoing::new(msg)
    }
}

impl From<ServerMsg> for Outgoing {
    fn from(msg: ServerMsg) -> Outgoing {
        Outgoing::new(&msg)
    }
}

/// The message's JSON as it is (for tests and tools that compare or parse messages).
impl Serialize for Outgoing {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let raw: &serde_json::value::RawValue =
            serde_json::from_str(&self.0).map_err(serde::ser::Error::custom)?;
        raw.serialize(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Envelope;

    #[test]
    fn framing_puts_the_sequence_number_first_as_the_envelope_does() {
        let msgs = [
            ServerMsg::Pong,
            ServerMsg::error(ErrorCode::Stale, "the table has \"moved\" on"),
            ServerMsg::Undone { index: 3, seat: 1 },
            ServerMsg::Status {
                paused: true,
                message: "ünïcode ✓".into(),
            },
        ];
        for msg in &msgs {
            let out = Outgoing::from(msg);
            for seq in [1, 9, 10, 12345, u64::MAX] {
                let expected = serde_json::to_string(&Envelope { seq, msg }).unwrap();
                assert_eq!(out.framed(seq), expected);
            }
        }
    }

    #[test]
    fn a_message_that_is_not_an_object_becomes_an_internal_error() {
        let out = Outgoing::new(&[1, 2]);
        let v: serde_json::Value = serde_json::from_str(&out.framed(4)).unwrap();
        assert_eq!(v["seq"], 4);
        assert_eq!(v["type"], "error");
        assert_eq!(v["code"], "internal");
    }

    #[test]
    fn serialises_as_its_json() {
        let out = Outgoing::from(ServerMsg::Undone { index: 2, seat: 0 });
        assert_eq!(
            serde_json::to_value(&out).unwrap(),
            serde_json::json!({"type": "undone", "index": 2, "seat": 0})
        );
        assert_eq!(serde_json::to_string(&out).unwrap(), out.text());
    }
}
