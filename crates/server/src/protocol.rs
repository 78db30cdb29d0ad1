//! The messages of the WebSocket protocol (see `docs/protocol.md`).
//!
//! Clients send [`ClientMsg`] as JSON text frames; the server answers with [`ServerMsg`]s, each
//! wrapped in an [`Envelope`] that carries the connection's sequence number (1, 2, 3… per
//! connection, no gaps).

use boardroom_engine::{ScoreTable, Seat};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

/// The largest JSON form of an action the server reads, in bytes.
pub const ACTION_JSON_BYTES: usize = 16 * 1024;

/// An action as a client sends it: its notation, or its JSON form (an object, for structured
/// actions such as offers; games that have one list it as each action's `json`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ActionInput {
    /// The action in the game's notation (`end`, `offer 2 give $300 take COL#14`).
    Notation(String),
    /// The action's JSON form.
    Json(serde_json::Map<String, serde_json::Value>),
}

impl<'de> Deserialize<'de> for ActionInput {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match serde_json::Value::deserialize(d)? {
            serde_json::Value::String(s) => Ok(ActionInput::Notation(s)),
            serde_json::Value::Object(m) => Ok(ActionInput::Json(m)),
            _ => Err(serde::de::Error::custom(
                "`action` is the action's notation (a string) or its JSON form (an object)",
            )),
        }
    }
}

impl From<&str> for ActionInput {
    fn from(s: &str) -> Self {
        ActionInput::Notation(s.to_string())
    }
}

/// A message from a client.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMsg {
    /// Play an action, written in the game's notation (`play 23`, `share Regent`, `end`) or
    /// in its JSON form (at most [`ACTION_JSON_BYTES`]).
    Act {
        /// The action.
        action: ActionInput,
        /// The table version (number of actions) the client saw when choosing; when given and
        /// the table has moved on, the action is refused as stale, unless the game tells that
        /// what it answers (an offer, an auction's call) has not changed since.
        #[serde(default)]
        version: Option<usize>,
    },
    /// Send the current state again.
    Sync,
    /// Ask for a rematch of a finished game (same seats, new deal).
    Rematch,
    /// Take back your last action (see `undo.rs`: back to the start of your turn, never past
    /// something hidden you learned; with other people at the table, only while your turn goes
    /// on and nobody else has acted since).
    Undo,
    /// Send the table's whole log (answered with `log`).
    Log,
    /// Once the game is over: the table as it was after `step` actions (undone ones not
    /// counted), as `seat` saw it (answered with `replay`).
    Replay {
        /// How many actions have been played in the frame (0: the set-up).
        step: usize,
        /// Whose view to show (every seat's secrets are revealed once the game is over);
        /// `null`: the seat that played the step.
        #[serde(default)]
        seat: Option<Seat>,
    },
    /// Keep-alive; answered with `pong`.
    Ping,
    /// Write a line in the table's chat (at most [`crate::chat::MAX_CHARS`] characters).
    Chat {
        /// The text, shown as text.
        text: String,
    },
    /// Ask for the best few moves of your seat now, with their estimated win chances
    /// (answered with `hint`, or an error saying why not).
    Hint,
    /// Leave (or change, or remove) where your seat's person is told "your turn" while away
    /// from the page: both addresses are replaced; an empty or absent one is removed.
    /// Answered with `notify` (to your seat's connections only), or an error saying why not.
    Notify {
        /// An e-mail address (the server must have an SMTP relay).
        #[serde(default)]
        email: Option<String>,
        /// A webhook URL, http or https; on a private network only where the operator allows.
        #[serde(default)]
        webhook: Option<String>,
    },
    /// Take your seat back from the stand-in bot playing it in your place.
    TakeSeat,
}

/// The message types a client may send (for error messages).
pub const CLIENT_TYPES: [&str; 11] = [
    "act",
    "sync",
    "rematch",
    "undo",
    "log",
    "replay",
    "ping",
    "chat",
    "hint",
    "notify",
    "take_seat",
];

/// Why a message was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// Not JSON, or JSON of the wrong shape.
    Malformed,
    /// A `type` the server does not know.
    UnknownMessage,
    /// The message is larger than the limit.
    TooLarge,
    /// Too many messages too fast.
    RateLimited,
    /// The seat token in the link matches no seat of this table.
    BadToken,
    /// Spectators watch; they cannot act.
    Spectator,
    /// Another seat is to act.
    NotYourTurn,
    /// The text is not an action in the game's notation.
    Notation,
    /// The action breaks a rule (the message names it).
    Illegal,
    /// The action was chosen against an older state.
    Stale,
    /// The game is over.
    GameOver,
    /// No hint now: hints are off at this table, it is not your turn, or one is being worked
    /// out (the message says which).
    HintRefused,
    /// A stand-in plays the seat: its person takes it back first (`take_seat`), or there is
    /// none to take it back from.
    StandIn,
    /// The table does not exist.
    NoSuchTable,
    /// The table was played under rules this server no longer replays: it is kept as an
    /// archive and accepts no actions (the message names both revisions).
    Archived,
    /// An e-mail address or webhook URL that cannot be used (the message says why).
    BadAddress,
    /// Something failed on the server (for example the database); nothing was changed.
    Internal,
}

/// A seat as every viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatInfo {
    /// The seat number, from 0.
    pub seat: Seat,
    /// The player's name (their colour).
    pub name: String,
    /// `human` or a bot level.
    pub kind: crate::bots::SeatKind,
    /// Open connections holding this seat.
    pub online: u32,
    /// The bot level playing this person's seat in their place (they ran out of time, or were
    /// gone too long in live play); absent while the person plays it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub standin: Option<crate::bots::BotLevel>,
}

/// A seat's clock at a table with a live or turn-based clock.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatClock {
    /// The seat.
    pub seat: Seat,
    /// Its time left (live: the bank; turn-based: for this move), when the message was made.
    pub ms_left: u64,
    /// Whether it runs (the game waits for the seat's person).
    pub running: bool,
}

/// The `state` message: the table after a change (or on request), sent after every accepted
/// action. It is serialised straight from the game's own types, once per distinct viewer
/// (see [`crate::view::state_msg`]), with its `type` first like every [`ServerMsg`].
#[derive(Debug, Serialize)]
pub struct StateMsg<'a, O: Serialize> {
    /// Always `state`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// Number of actions played at this table so far.
    pub version: usize,
    /// The state's number, unique in the server's life: a later `patch` names the state it
    /// applies to by it (`base`).
    pub rev: u64,
    /// The seats that may act now (empty when the game is over).
    pub to_act: &'a [Seat],
    /// The turn or round number (`Present::turn`).
    pub turn: u32,
    /// Whether play waits for your seat (`Game::must_act`); in games with one actor at a
    /// time, whether you are to act.
    pub must_act: bool,
    /// What you are asked to do, when you are to act (`Present::prompt`); otherwise null.
    pub prompt: Option<String>,
    /// Your legal actions, structured (empty unless you are to act).
    pub actions: Vec<ActionOut>,
    /// What you may know of the game: the game's observation for your viewer.
    pub observation: &'a O,
    /// What the client needs beyond the observation (`Present::extra`); absent when the
    /// game adds nothing.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub extra: Option<serde_json::Value>,
    /// The action that led here, with its events (absent on a resend).
    pub last: Option<LogEntry>,
    /// The final scores once the game is over (`Present::score_table`); otherwise null.
    pub scores: Option<&'a ScoreTable>,
    /// The table's running timers (absent when none run).
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    pub timers: &'a [TimerOut],
    /// Every seat's clock (absent at a table without one).
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    pub clocks: &'a [SeatClock],
}

/// The table as every viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TableInfo {
    /// The table's identifier.
    pub id: String,
    /// The game's id in the registry (as `GET /api/games` lists it).
    pub game: String,
    /// The game's title.
    pub title: String,
    /// The rule set or variant (`Present::variant`).
    pub edition: String,
    /// The seats.
    pub seats: Vec<SeatInfo>,
    /// The spectator link (a path on this server).
    pub spectator_link: String,
    /// The table's clock and stand-in (absent: no clock).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clock: Option<Box<crate::clocks::ClockSettings>>,
}

/// One event, as the receiving viewer may see it, with its sentence.
#[derive(Clone, Debug, Serialize)]
pub struct EventOut {
    /// The event as a sentence.
    pub text: String,
    /// The event's data (redacted for the viewer), as the game serializes its events: JSON
    /// text written once, straight from the event.
    pub detail: Box<RawValue>,
}

/// One legal action of the receiving seat, as it is shown it (from `Present::action_view`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ActionOut {
    /// The action in the game's notation: what the client sends back to play it.
    pub notation: String,
    /// What sort of action it is, as a short word the game defines (`ActionView::kind`).
    pub kind: &'static str,
    /// A short label for a button.
    pub label: String,
    /// What it does, briefly; may be empty.
    pub effect: String,
    /// What it costs in the game's money, when it costs money.
    pub cost: Option<i64>,
    /// The `kind:id` targets on the table that play it when clicked; empty: a button.
    pub highlights: Vec<String>,
    /// The parts of the action its view needs beside its kind (`ActionView::args`); absent
    /// when there are none.
    #[serde(skip_serializing_if = "serde_json::Map::is_empty")]
    pub args: serde_json::Map<String, serde_json::Value>,
    /// The action's JSON form, for games that have one (`Game::action_to_json`): a client
    /// may send it back, changed, as a structured action.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub json: Option<serde_json::Value>,
}

/// One move of a hint, best first.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HintMove {
    /// The action in notation (as in the state's `actions`).
    pub notation: String,
    /// Its label.
    pub label: String,
    /// What it does, briefly; may be empty.
    pub effect: String,
    /// The estimated chance to win after playing it (0–1), or `null` when the search never
    /// tried it.
    pub win_chance: Option<f64>,
    /// Search iterations through it (how sure the estimate is).
    pub visits: u32,
}

/// A running timer of the table (a live table's clock: a reply, bid or meeting limit of the
/// game).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TimerOut {
    /// The seat it waits for, or `null` when it waits for nobody in particular.
    pub seat: Option<Seat>,
    /// The timeout the clock plays when time is up, in notation.
    pub action: String,
    /// What the timer waits for, as the game's view of its timeout names it (its `kind` and
    /// `args`), so a view reads no notation.
    pub kind: &'static str,
    /// The timeout's arguments (`{"timer": "offer", "offer": 12}`); left out when empty.
    #[serde(skip_serializing_if = "serde_json::Map::is_empty")]
    pub args: serde_json::Map<String, serde_json::Value>,
    /// Milliseconds left when the message was built (0: due, waiting for the state to allow
    /// it).
    pub ms_left: u64,
}

/// One accepted action and what it caused.
#[derive(Clone, Debug, Serialize)]
pub struct LogEntry {
    /// The action's number at the table, from 0.
    pub index: usize,
    /// The turn (or round) in which it was played (`Present::turn` before it).
    pub turn: u32,
    /// Whether its player took it back (it stays in the record, marked).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub undone: bool,
    /// The acting seat; `null` for the table's clock.
    pub seat: Option<Seat>,
    /// `"clock"` when the table's clock played it (a timeout of the game's, with no seat; or,
    /// with a seat, the move the clock had the stand-in play when the seat's time ran out),
    /// `"standin"` for the stand-in's moves in a person's place; absent for a seat's own.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub by: Option<String>,
    /// The action in notation.
    pub action: String,
    /// Its events, redacted for the viewer.
    pub events: Vec<EventOut>,
}

/// A message from the server (wrapped in an [`Envelope`]); the most frequent one, `state`, is
/// a [`StateMsg`].
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg {
    /// The first message of a connection: the table, who you are, and the recent log.
    Welcome {
        /// The table.
        table: TableInfo,
        /// Your seat, or `null` for a spectator.
        you: Option<Seat>,
        /// The most recent actions and events (oldest first).
        log: Vec<LogEntry>,
        /// Your link to the rematch, when one was started.
        rematch: Option<String>,
        /// The table's most recent chat lines (oldest first).
        chat: Vec<ChatLine>,
        /// Whether you may ask for hints at this table.
        hints: bool,
    },
    /// Who is connected to which seat changed (at most a few a second, with the latest
    /// state).
    Presence {
        /// The seats, with their open connections.
        seats: Vec<SeatInfo>,
        /// How many spectators are connected.
        spectators: u32,
    },
    /// Whether play waits for the server's storage: `paused` while the database refuses
    /// writes (actions are not played), then `false` once it accepts them again.
    Status {
        /// Whether play is paused.
        paused: bool,
        /// What is happening, in words.
        message: String,
    },
    /// A message was refused. Nothing changed at the table.
    Error {
        /// Machine-readable reason.
        code: ErrorCode,
        /// The reason in words (for an illegal action: the rule it breaks).
        message: String,
    },
    /// A rematch was started: your link to it.
    Rematch {
        /// The new table's identifier.
        table: String,
        /// Your link (a path on this server): your seat at the new table, or its spectator link.
        link: String,
    },
    /// An action was taken back: the log entry `index` is marked undone; a `state` follows.
    Undone {
        /// The log entry taken back.
        index: usize,
        /// The seat that took it back.
        seat: Seat,
    },
    /// The table's whole log, oldest first, redacted for you (the answer to `log`).
    Log {
        /// Every entry, undone ones marked.
        entries: Vec<LogEntry>,
    },
    /// One frame of the replay of a finished game (the answer to `replay`).
    Replay(Box<ReplayFrame>),
    /// The answer to `hint`: your best few moves at table version `version`, best first.
    Hint {
        /// The table version the hint was worked out for (stale once the table moves on).
        version: usize,
        /// The moves, best first.
        moves: Vec<HintMove>,
    },
    /// The answer to `ping`.
    Pong,
    /// A line of the table's chat, stored and sent to every connection.
    Chat(ChatLine),
    /// Where your seat's person is told "your turn" while away (sent to that seat's
    /// connections only: after `welcome`, and after every change).
    Notify {
        /// The e-mail address left, if any.
        email: Option<String>,
        /// The webhook URL left, if any.
        webhook: Option<String>,
        /// Whether this server sends e-mail (its operator set an SMTP relay).
        email_enabled: bool,
    },
    /// What happened since your seat's person last acted (sent to a seat's connection after
    /// `welcome`, when others, or a stand-in in the person's place, have acted since).
    Since(Box<SinceMsg>),
}

/// What happened at a table since a seat's person last acted: the actions in words (redacted
/// for that seat), what changed in each seat's holdings, and what to highlight on the board.
#[derive(Clone, Debug, Serialize)]
pub struct SinceMsg {
    /// The number of the person's last own action still standing (`null`: none yet); a move
    /// a stand-in or the clock played in their place is not theirs.
    pub after: Option<usize>,
    /// The actions since (taken-back ones left out), oldest first, redacted for the seat; the
    /// moves played in the person's place among them, marked by their `by`.
    pub entries: Vec<LogEntry>,
    /// Each seat whose holdings changed, as the seat's observation shows them.
    pub changes: Vec<ChangedRow>,
    /// The `kind:id` targets the actions since concern, for the view to mark.
    pub highlights: Vec<String>,
}

/// What changed in one seat's holdings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ChangedRow {
    /// The seat.
    pub seat: Seat,
    /// The seat's name.
    pub name: String,
    /// `[what, before, now]` for each holding that changed, in the game's words
    /// (`["Cash", "$300", "$250"]`; see `Present::holdings`).
    pub cells: Vec<(String, String, String)>,
}

/// The table after some actions of a finished game, with nothing hidden.
#[derive(Clone, Debug, Serialize)]
pub struct ReplayFrame {
    /// Actions played in this frame (undone ones not counted), from 0 (the set-up).
    pub step: usize,
    /// The number of steps of the whole game.
    pub steps: usize,
    /// Whose view this is.
    pub seat: Seat,
    /// The turn (or round).
    pub turn: u32,
    /// The seats that were to act.
    pub to_act: Vec<Seat>,
    /// What that seat knew (its hidden cards shown: the game is over).
    pub observation: Box<RawValue>,
    /// The game's extra data for that seat, when it has any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub extra: Option<serde_json::Value>,
    /// The action that led to this frame, with every event unredacted (absent at step 0).
    pub last: Option<LogEntry>,
    /// The first step of each turn: `[turn, step]` pairs, to jump to a turn.
    pub turns: Vec<(u32, usize)>,
}

impl ServerMsg {
    /// An error message.
    pub fn error(code: ErrorCode, message: impl Into<String>) -> ServerMsg {
        crate::metrics::refused(code);
        ServerMsg::Error {
            code,
            message: message.into(),
        }
    }
}

/// A server message with its sequence number, as sent on the wire.
#[derive(Serialize)]
pub struct Envelope<'a> {
    /// Per connection, from 1, increasing by one with every message.
    pub seq: u64,
    /// The message.
    #[serde(flatten)]
    pub msg: &'a ServerMsg,
}

/// Reads a client message, telling malformed JSON from unknown message types.
pub fn parse_client(text: &str) -> Result<ClientMsg, (ErrorCode, String)> {
    match serde_json::from_str::<ClientMsg>(text) {
        Ok(m) => Ok(m),
        Err(e) => {
            let value: Result<serde_json::Value, _> = serde_json::from_str(text);
            let kind = value
                .ok()
                .and_then(|v| v.get("type").and_then(|t| t.as_str()).map(str::to_string));
            match kind {
                Some(t) if !CLIENT_TYPES.contains(&t.as_str()) => Err((
                    ErrorCode::UnknownMessage,
                    format!(
                        "unknown message type `{}` (known: {})",
                        t.chars().take(40).collect::<String>(),
                        CLIENT_TYPES.join(", ")
                    ),
                )),
                _ => Err((
                    ErrorCode::Malformed,
                    format!("cannot read the message: {e}"),
                )),
            }
        }
    }
}

/// One line of the chat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ChatLine {
    /// The line's number at the table, from 0.
    pub index: u64,
    /// The writer's seat; `null` for a spectator.
    pub seat: Option<Seat>,
    /// The writer's name: the seat's name, or "Spectator".
    pub name: String,
    /// The text, exactly as written.
    pub text: String,
    /// When it was written, seconds since the Unix epoch.
    pub at: i64,
    /// The writer's account, if signed in (or the seat's): never sent, it keeps the line from
    /// the people who block the writer.
    #[serde(skip)]
    pub account: Option<crate::accounts::AccountId>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_client_messages() {
        assert_eq!(
            parse_client(r#"{"type":"act","action":"end"}"#).unwrap(),
            ClientMsg::Act {
                action: "end".into(),
                version: None
            }
        );
        match parse_client(r#"{"type":"act","action":{"action":"pass"},"version":3}"#).unwrap() {
            ClientMsg::Act {
                action: ActionInput::Json(m),
                version: Some(3),
            } => assert_eq!(m["action"], "pass"),
            other => panic!("{other:?}"),
        }
        match parse_client(r#"{"type":"act","action":7}"#) {
            Err((ErrorCode::Malformed, m)) => assert!(m.contains("notation"), "{m}"),
            other => panic!("{other:?}"),
        }
        assert_eq!(parse_client(r#"{"type":"ping"}"#).unwrap(), ClientMsg::Ping);
        assert_eq!(
            parse_client(r#"{"type":"chat","text":"<b>hi</b>"}"#).unwrap(),
            ClientMsg::Chat {
                text: "<b>hi</b>".into()
            }
        );
        let code = |t: &str| match parse_client(t) {
            Err((code, _)) => code,
            other => panic!("{other:?}"),
        };
        assert_eq!(code("{not json"), ErrorCode::Malformed);
        assert_eq!(code(r#"{"type":"dance"}"#), ErrorCode::UnknownMessage);
        assert_eq!(code(r#"{"type":"act"}"#), ErrorCode::Malformed);
        assert_eq!(code(r#"[1,2]"#), ErrorCode::Malformed);
    }

    #[test]
    fn envelope_carries_the_sequence_number() {
        let m = ServerMsg::Pong;
        let text = serde_json::to_string(&Envelope { seq: 7, msg: &m }).unwrap();
        assert_eq!(text, r#"{"seq":7,"type":"pong"}"#);
    }
}
