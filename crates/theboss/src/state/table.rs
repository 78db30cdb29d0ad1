//! What waits on the table besides the turn: a running auction, a meeting in its lobbying or
//! after a failed one, the offers waiting for an answer, the open and broken long-term deals,
//! and how the game ended.

use super::HeldFate;
use crate::action::{Bundle, Lot, Offer, Promise, Vote};
use boardroom_engine::Seat;
use serde::{Deserialize, Serialize};

/// A running auction (§9.6).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Auction {
    /// Who sells.
    pub seller: Seat,
    /// What is sold (held by the auction while it runs).
    pub lot: Lot,
    /// The Fate card of a Fate lot (revealed, R-28), with its use window.
    pub fate: Option<HeldFate>,
    /// The opening bid.
    pub opening: u32,
    /// Whether it is a mandatory auction (unsold lots are discarded).
    pub mandatory: bool,
    /// The bidders in calling order.
    pub bidders: Vec<Seat>,
    /// Bidders who passed (bit set).
    pub out: u8,
    /// Index into `bidders` of the bidder whose call it is.
    pub next: usize,
    /// The high bid and its bidder.
    pub high: Option<(Seat, u32)>,
}

/// A Stockholders' Meeting in its lobbying (§7).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Meeting {
    /// Who called it.
    pub caller: Seat,
    /// The executive to fire.
    pub target: Seat,
    /// The Fire card (on the table while meetings run).
    pub card: u8,
    /// Severance.
    pub severance: u32,
    /// Declarations of the voters (index = seat; `None`: not declared or not a voter).
    pub votes: Vec<Option<Vote>>,
    /// Voters (bit set).
    pub voters: u8,
    /// The caller's and the target's passes that stand (bit 0 caller, bit 1 target): a pass
    /// stands until another meeting action happens.
    pub passes: u8,
    /// Offers made during this meeting.
    pub offers: u32,
    /// Executives already named with this card (R-21, bit set).
    pub named: u8,
}

/// After a failed meeting: the caller may name another executive or stop (§7 step 6).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct AfterMeeting {
    /// The Fire card.
    pub card: u8,
    /// Executives already named with it (bit set).
    pub named: u8,
}

/// An offer waiting for an answer.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PendingOffer {
    /// Its id.
    pub id: u32,
    /// Who made it.
    pub from: Seat,
    /// The offer it counters, if any.
    pub counters: Option<u32>,
    /// The offer.
    pub offer: Offer,
}

/// An open long-term deal with its escrow (§9.5).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Deal {
    /// Its id.
    pub id: u32,
    /// Who promises.
    pub promisor: Seat,
    /// Who is promised.
    pub promisee: Seat,
    /// What is promised.
    pub promise: Promise,
    /// The collateral in escrow (owned by the promisor, controlled by the promisee).
    pub collateral: Bundle,
    /// The round by whose end it is due.
    pub due: u32,
}

/// A long-term deal that ended broken (public record).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Broken {
    /// The deal id.
    pub id: u32,
    /// Who failed to deliver.
    pub promisor: Seat,
    /// Who was promised.
    pub promisee: Seat,
    /// The round it broke in.
    pub round: u32,
    /// Whether the promisor walked away (otherwise the promisee declared default).
    pub walked_away: bool,
}

/// How the game ended.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "by", rename_all = "snake_case")]
pub enum Ending {
    /// A complete Executive set (§8 a).
    CompleteSet {
        /// The winner.
        seat: Seat,
    },
    /// More than half the shares (§8 b).
    Shares {
        /// The winner.
        seat: Seat,
    },
    /// The last Fate card was drawn: net worth decides.
    DeckEnd,
}
