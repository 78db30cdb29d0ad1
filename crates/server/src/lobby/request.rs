//! What is asked of the lobby and what it answers: a request to create a table and its checks,
//! the table created with its links, a seat claimed, and why the lobby refuses.

use crate::bots::SeatKind;
use crate::protocol::ErrorCode;
use crate::table;
use boardroom_engine::{Configure, Options};
use boardroom_registry::Playable;
use rand::RngCore;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The most tables one server holds (creating more is refused).
pub const MAX_TABLES: usize = 20_000;

/// A request to create a table: `{"game": "<id>", "seats": [...], ...options}`.
#[derive(Clone, Debug, Deserialize)]
pub struct CreateTable {
    /// The game's id in the registry (`GET /api/games`); the first game listed when absent.
    #[serde(default = "default_game")]
    pub game: String,
    /// Who sits in each seat: `human` or a bot level (`random`, `easy`, `normal`, `hard`…);
    /// an unknown word is refused naming every kind. The number of seats is the number of
    /// players.
    pub seats: Vec<SeatKind>,
    /// The table's clock in percent of the game's timers (`Game::timers`): 100 (the default)
    /// runs them as the game says, 0 runs none, 10 makes them ten times shorter (for tests).
    /// At most [`MAX_TIMER_PERCENT`].
    #[serde(default)]
    pub timer_percent: Option<u32>,
    /// Person seats (by number) offered to anyone in the lobby: a visitor claims one and
    /// receives its link. Only on a listed table.
    #[serde(default)]
    pub open_seats: Vec<usize>,
    /// Whether the table is left out of the lobby's list (reachable by its links only).
    #[serde(default)]
    pub private: bool,
    /// The pace of the table's bots: `slow`, `normal` or `fast` (absent: the server's pace).
    #[serde(default)]
    pub bot_speed: Option<String>,
    /// Whether every person at the table may ask for hints (`false`, the default: only a
    /// person whose every opponent is a bot may).
    #[serde(default)]
    pub hints: bool,
    /// Whether the game's end moves its players' ratings (see [`crate::ratings`]): refused
    /// unless every seat is a signed-in person or a bot.
    #[serde(default)]
    pub rated: bool,
    /// Accounts invited to person seats, by display name: `[{"seat": 1, "name": "Bob"}]`
    /// (only a signed-in creator invites; see [`crate::lobby::invite`]).
    #[serde(default)]
    pub invite: Vec<InviteSeat>,
    /// The signed-in account creating the table (from its session, never from the request's
    /// body): at a rated table, or one with invitations, it holds the first person seat.
    #[serde(skip)]
    pub creator: Option<crate::accounts::Account>,
    /// The table's clock (absent: none): `{"mode": "live", "bank": 600, "increment": 15,
    /// "absent": 120, "standin": "heuristic"}`, `{"mode": "turn", "per_move": 86400}` or
    /// `{"mode": "none"}` (see [`crate::clocks::ClockSettings::parse`]).
    #[serde(default)]
    pub clock: Option<serde_json::Value>,
    /// The game's options, by name, beside `game` and `seats` (e.g. `"edition": "classic"`).
    /// Only options the game offers in the lobby are accepted.
    #[serde(flatten)]
    pub options: Options,
}

/// A seat of a new table kept for a named account, which accepts or declines from "My games".
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InviteSeat {
    /// The seat's number.
    pub seat: usize,
    /// The invited person's display name (written in any case, with any separators).
    pub name: String,
}

/// The slowest clock a table may ask for, in percent of the game's timers.
pub const MAX_TIMER_PERCENT: u32 = 1000;

/// What a table is created with beside its game and seats (kept by its rematch, except the
/// open seats: a rematch's links go to the players of the old table).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TableExtras {
    /// Left out of the lobby's list.
    pub private: bool,
    /// The pace of its bots (`None`: the server's).
    pub bot_speed: Option<String>,
    /// Person seats open to anyone in the lobby and not claimed yet.
    pub open_seats: Vec<usize>,
    /// Whether every person may ask for hints.
    pub hints: bool,
    /// Whether the game's end moves its players' ratings.
    pub rated: bool,
    /// At a rated table, or one with invitations, the signed-in creator who holds its first
    /// person seat.
    pub creator: Option<crate::accounts::AccountId>,
    /// The seats waiting for an invited account, with the account.
    pub invited: Vec<(usize, crate::accounts::AccountId)>,
}

fn default_game() -> String {
    boardroom_registry::IDS[0].to_string()
}

/// Why the lobby could not create, restore or rematch a table.
#[derive(Debug, Error)]
pub enum LobbyError {
    /// The request is wrong (unknown game, option, seat kind, player count…): the message says
    /// what is accepted. Nothing was created.
    #[error("{0}")]
    BadRequest(String),
    /// The server holds as many tables as it may.
    #[error("this server already holds {MAX_TABLES} tables; no more can be created")]
    Full,
    /// The database failed; nothing was created. The cause is logged, not shown.
    #[error("the table could not be saved; try again")]
    Storage(#[source] anyhow::Error),
    /// The database cannot be written now (the server waits for it); nothing was created.
    #[error("{}", table::STORAGE_PAUSED)]
    Unavailable,
    /// The database file is damaged (the list of tables cannot be read): nothing is written
    /// into it, so nothing more is lost; the operator checks it with `boardroom db check`.
    #[error(
        "the server's database file is damaged ({0}): no table can be created until it is \
         repaired (its operator can run `boardroom db check`)"
    )]
    Damaged(String),
    /// The table asked for does not exist or has stopped.
    #[error("no such table")]
    NoSuchTable,
}

impl LobbyError {
    /// The WebSocket error code for this error (rematches are asked over the table's socket).
    pub fn code(&self) -> ErrorCode {
        match self {
            LobbyError::BadRequest(_) => ErrorCode::Illegal,
            LobbyError::NoSuchTable => ErrorCode::NoSuchTable,
            LobbyError::Full
            | LobbyError::Storage(_)
            | LobbyError::Unavailable
            | LobbyError::Damaged(_) => ErrorCode::Internal,
        }
    }
}

/// Why a table link leads nowhere.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum Missing {
    /// No table has this identifier.
    #[error("no such table")]
    Unknown,
    /// The table never started and nobody visited it for a long time.
    #[error("this table expired")]
    Expired,
    /// The table's stored record cannot be replayed.
    #[error("this table is damaged: {0}")]
    Damaged(String),
    /// Another instance serving the same database plays the table: it is reached at this
    /// address.
    #[error("the table is played by the instance at {0}")]
    Elsewhere(String),
}

/// A configuration of `G` from the lobby: the player range and the options checked by the
/// registry, and only options the game offers in the lobby (a file option would name a file on
/// the server's disk, or carry a whole board: not for a web form).
pub(super) fn lobby_config<G: Playable>(
    players: usize,
    options: &Options,
) -> Result<G::Config, LobbyError> {
    let specs = <G as Configure>::option_specs();
    let offered: Vec<&str> = specs.iter().filter(|s| s.lobby).map(|s| s.name).collect();
    let offered = if offered.is_empty() {
        "none".to_string()
    } else {
        offered.join(", ")
    };
    for (name, _) in options.iter() {
        let name: String = name.chars().take(40).collect();
        match specs.iter().find(|s| s.name == name) {
            Some(spec) if spec.lobby => {}
            Some(_) => {
                return Err(LobbyError::BadRequest(format!(
                    "option `{name}` cannot be set from the lobby ({}'s lobby options: {offered})",
                    G::TITLE
                )))
            }
            None => {
                return Err(LobbyError::BadRequest(format!(
                    "{} has no option `{name}` (its options: {offered})",
                    G::TITLE
                )))
            }
        }
    }
    boardroom_registry::make_config::<G>(players, None, options)
        .map_err(|e| LobbyError::BadRequest(e.to_string()))
}

/// A seat of a new table, with its invite link (human seats only).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CreatedSeat {
    /// The seat number.
    pub seat: usize,
    /// The player's name (colour).
    pub name: String,
    /// `human` or the bot level.
    pub kind: SeatKind,
    /// The invite link (a path on this server) for a human seat, except one kept for an
    /// invited account (its link goes to them alone, when they accept).
    pub link: Option<String>,
    /// The display name of the account invited to the seat, if one is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invited: Option<String>,
}

/// The answer to creating a table.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Created {
    /// The table's identifier.
    pub id: String,
    /// The seats with their invite links.
    pub seats: Vec<CreatedSeat>,
    /// The spectator link.
    pub spectator: String,
}

/// A seat claimed from the lobby.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Claimed {
    /// The table's identifier.
    pub table: String,
    /// The seat number.
    pub seat: usize,
    /// The seat's name.
    pub name: String,
    /// The seat's link (a path on this server): the key to the seat.
    pub link: String,
}

/// A fresh 128-bit random token, as 32 hex digits.
pub fn new_token() -> String {
    let mut b = [0u8; 16];
    rand::rngs::OsRng.fill_bytes(&mut b);
    b.iter().map(|x| format!("{x:02x}")).collect()
}

pub(super) fn new_table_id() -> String {
    let mut b = [0u8; 6];
    rand::rngs::OsRng.fill_bytes(&mut b);
    b.iter().map(|x| format!("{x:02x}")).collect()
}
