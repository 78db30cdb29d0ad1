//! Chat at a table: seated players and spectators write short lines of text. Each line is
//! stored with the table (it survives a restart), sent to every connection, and the most recent
//! ones are sent to a connection when it opens. Lines are text: the page shows them as text,
//! never as HTML, and the server stores them exactly as written.

use crate::accounts::AccountId;
use crate::db::Db;
use crate::outgoing::ConnId;
use crate::protocol::{ChatLine, ErrorCode};
use crate::rate::{Bucket, Rate};
use boardroom_engine::{Seat, Viewer};
use std::collections::{HashMap, VecDeque};

/// The longest chat line, in characters.
pub const MAX_CHARS: usize = 500;

/// How many recent lines a connection is sent when it opens.
pub const HISTORY: usize = 100;

/// How fast one writer may chat: a burst of 5 lines, then one every 2 seconds.
pub const RATE: Rate = Rate {
    per_second: 0.5,
    burst: 5.0,
};

/// How fast all the spectators of a table together may chat (so a crowd of connections cannot
/// flood a table's chat or its storage; seated players are never held up by it).
pub const SPECTATORS_RATE: Rate = Rate {
    per_second: 1.0,
    burst: 10.0,
};

/// What spectators are called in the chat (they are counted, never named).
pub const SPECTATOR: &str = "Spectator";

/// Checks a chat line before anything is stored: not blank, at most [`MAX_CHARS`]
/// characters, no control characters.
pub fn check(text: &str) -> Result<(), (ErrorCode, String)> {
    let chars = text.chars().count();
    if chars > MAX_CHARS {
        return Err((
            ErrorCode::TooLarge,
            format!("chat message of {chars} characters refused: at most {MAX_CHARS}"),
        ));
    }
    if text.trim().is_empty() {
        return Err((
            ErrorCode::Malformed,
            "an empty chat message is not sent".into(),
        ));
    }
    if text.chars().any(char::is_control) {
        return Err((
            ErrorCode::Malformed,
            "a chat message is one line of text: no line breaks or control characters".into(),
        ));
    }
    Ok(())
}

/// Who reads a table's chat through one connection: its signed-in account, if any, and the
/// accounts that account blocks (as they stood when it connected), whose lines it is not sent.
#[derive(Clone, Debug, Default)]
pub struct Reader {
    /// The signed-in account.
    pub account: Option<AccountId>,
    /// The accounts it blocks.
    pub blocked: Vec<AccountId>,
}

impl Reader {
    /// Whether `line` is shown to this reader: not when its writer is blocked by the reader.
    pub fn shown(&self, line: &ChatLine) -> bool {
        line.account.is_none_or(|a| !self.blocked.contains(&a))
    }
}

/// The reader signed in as `account`: with the accounts it blocks now (a failure to read them
/// is logged, and nobody is hidden).
pub async fn reader(db: &Db, account: Option<AccountId>) -> Reader {
    let Some(account) = account else {
        return Reader::default();
    };
    let blocked = db.accounts().blocked(account).await.unwrap_or_else(|e| {
        tracing::error!("cannot read whom an account blocks: {e:#}");
        Vec::new()
    });
    Reader {
        account: Some(account),
        blocked,
    }
}

/// Who is rate-limited: a seat (all its connections together), or one spectator connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Writer {
    Seat(Seat),
    Spectator(ConnId),
}

/// A table's chat: its recent lines, the next line's number, and each writer's rate limit.
pub struct Chat {
    recent: VecDeque<ChatLine>,
    next: u64,
    buckets: HashMap<Writer, Bucket>,
    spectators: Bucket,
}

impl Chat {
    /// A chat with no lines.
    pub fn empty() -> Chat {
        Chat {
            recent: VecDeque::new(),
            next: 0,
            buckets: HashMap::new(),
            spectators: Bucket::new(SPECTATORS_RATE.per_second, SPECTATORS_RATE.burst),
        }
    }

    /// The chat of `table` as stored (its last [`HISTORY`] lines). A line that cannot be read
    /// is logged and skipped; the numbering goes on after the highest stored number.
    pub async fn load(db: &Db, table: String) -> anyhow::Result<Chat> {
        let (lines, next) = db.load_chat(table, HISTORY).await?;
        Ok(Chat {
            recent: lines.into(),
            next,
            ..Chat::empty()
        })
    }

    /// The recent lines, oldest first.
    pub fn history(&self, reader: &Reader) -> Vec<ChatLine> {
        self.recent
            .iter()
            .filter(|l| reader.shown(l))
            .cloned()
            .collect()
    }

    /// Checks a line by `viewer` on connection `conn` (its length, its writer's rate) and
    /// makes it the next line, not yet stored; an error says why it is refused.
    pub fn prepare(
        &mut self,
        conn: ConnId,
        viewer: Viewer,
        name: String,
        text: String,
    ) -> Result<ChatLine, (ErrorCode, String)> {
        check(&text)?;
        let writer = match viewer {
            Viewer::Seat(s) => Writer::Seat(s),
            Viewer::Spectator => Writer::Spectator(conn),
        };
        let bucket = self
            .buckets
            .entry(writer)
            .or_insert_with(|| Bucket::new(RATE.per_second, RATE.burst));
        if !bucket.take() {
            return Err((
                ErrorCode::RateLimited,
                format!(
                    "too many chat messages: at most {} at once, then one every {} seconds; \
                     this one was not sent",
                    RATE.burst,
                    1.0 / RATE.per_second
                ),
            ));
        }
        if matches!(writer, Writer::Spectator(_)) && !self.spectators.take() {
            return Err((
                ErrorCode::RateLimited,
                format!(
                    "the spectators of this table are chatting too fast: at most {} lines a \
                     second together; this one was not sent",
                    SPECTATORS_RATE.per_second
                ),
            ));
        }
        Ok(ChatLine {
            index: self.next,
            seat: viewer.seat(),
            name,
            text,
            at: crate::time::now(),
            account: None,
        })
    }

    /// Stores `line` (committed when this returns).
    pub async fn store(db: &Db, table: String, line: ChatLine) -> anyhow::Result<()> {
        db.store_chat(table, line).await
    }

    /// A stored line joins the recent ones.
    pub fn stored(&mut self, line: ChatLine) {
        self.next = line.index + 1;
        if self.recent.len() == HISTORY {
            self.recent.pop_front();
        }
        self.recent.push_back(line);
    }

    /// A spectator connection closed: its rate limit is forgotten.
    pub fn forget(&mut self, conn: ConnId) {
        self.buckets.remove(&Writer::Spectator(conn));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_checked_before_anything_is_stored() {
        assert!(check("hello <b>there</b>").is_ok());
        assert_eq!(check(&"é".repeat(MAX_CHARS)).map_err(|e| e.0), Ok(()));
        assert_eq!(
            check(&"x".repeat(MAX_CHARS + 1)).unwrap_err().0,
            ErrorCode::TooLarge
        );
        assert_eq!(check("   ").unwrap_err().0, ErrorCode::Malformed);
        assert_eq!(check("a\nb").unwrap_err().0, ErrorCode::Malformed);
    }

    #[test]
    fn a_writer_is_limited_and_spectators_each_on_their_own() {
        let mut chat = Chat::empty();
        for _ in 0..RATE.burst as usize {
            chat.prepare(1, Viewer::Seat(0), "Red".into(), "hi".into())
                .unwrap();
        }
        // Another connection of the same seat shares its limit.
        let e = chat
            .prepare(2, Viewer::Seat(0), "Red".into(), "hi".into())
            .unwrap_err();
        assert_eq!(e.0, ErrorCode::RateLimited);
        assert!(chat
            .prepare(3, Viewer::Spectator, SPECTATOR.into(), "hi".into())
            .is_ok());
        // Spectators together are held to the table's spectator rate; seats are not.
        let mut refused = 0;
        for conn in 10..10 + SPECTATORS_RATE.burst as u64 + 5 {
            if let Err(e) = chat.prepare(conn, Viewer::Spectator, SPECTATOR.into(), "hi".into()) {
                assert!(e.1.contains("spectators"), "{}", e.1);
                refused += 1;
            }
        }
        assert!(refused >= 5, "{refused}");
        assert!(chat
            .prepare(1, Viewer::Seat(1), "Blue".into(), "hi".into())
            .is_ok());
    }
}
