//! Actions: one small decision each, and the offer objects of wheeling and dealing (§9.2).
//!
//! Card ids are indexes into the data set's card tables (see [`crate::data::Data`]); the
//! notation (`crate::notation`, `docs/the-boss-notation.md`) writes them as e.g. `COL#14`.

use boardroom_engine::Seat;
use serde::{Deserialize, Serialize};

/// Which deck to draw from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Deck {
    /// The Experience deck.
    Experience,
    /// The Fate deck.
    Fate,
}

/// A voter's declaration in a Stockholders' Meeting (§7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Vote {
    /// Fire the target.
    For,
    /// Keep the target.
    Against,
    /// Neither.
    Abstain,
}

/// One lot of an auction (§9.6): a card or a block of shares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", content = "id", rename_all = "snake_case")]
pub enum Lot {
    /// An Experience card.
    Experience(u8),
    /// An Executive card.
    Executive(u8),
    /// The seller's Fate card.
    Fate,
    /// A block of shares.
    Shares(u32),
}

/// Items that change hands: cash, shares, Experience card ids, the Fate card, Executive card
/// ids. Lists are kept sorted (the notation and the checks rely on it).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bundle {
    /// Dollars.
    #[serde(default)]
    pub cash: u32,
    /// Shares.
    #[serde(default)]
    pub shares: u32,
    /// Experience card ids.
    #[serde(default)]
    pub experience: Vec<u8>,
    /// Executive card ids.
    #[serde(default)]
    pub executive: Vec<u8>,
    /// The giver's held Fate card.
    #[serde(default)]
    pub fate: bool,
}

impl Bundle {
    /// Whether nothing is in the bundle.
    pub fn is_empty(&self) -> bool {
        self.cash == 0
            && self.shares == 0
            && self.experience.is_empty()
            && self.executive.is_empty()
            && !self.fate
    }

    /// Sorts the card lists.
    pub fn normalise(&mut self) {
        self.experience.sort_unstable();
        self.executive.sort_unstable();
    }
}

/// A structured deliverable of a long-term deal: classes, not ids (§9.5).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deliverable {
    /// Dollars.
    #[serde(default)]
    pub cash: u32,
    /// Shares.
    #[serde(default)]
    pub shares: u32,
    /// One entry per Experience card: its kind index.
    #[serde(default)]
    pub experience: Vec<u8>,
    /// One entry per Executive card: its number (5–8).
    #[serde(default)]
    pub executive: Vec<u8>,
}

impl Deliverable {
    /// Whether nothing is promised.
    pub fn is_empty(&self) -> bool {
        self.cash == 0
            && self.shares == 0
            && self.experience.is_empty()
            && self.executive.is_empty()
    }
}

/// What a long-term deal promises.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Promise {
    /// Items the engine can transfer on settlement.
    Deliver(Deliverable),
    /// A favour in free text the engine cannot verify.
    Favour(String),
}

/// The long-term part of an offer (§9.5).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LongTerm {
    /// Who promises (one of the two parties).
    pub promisor: Seat,
    /// What is promised.
    pub promise: Promise,
    /// What the promisor puts into escrow (no Fate card).
    #[serde(default)]
    pub collateral: Bundle,
    /// The round by whose end the promise is due.
    pub due: u32,
}

/// A this-turn commitment given by one side of an offer (§9.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", content = "value", rename_all = "snake_case")]
pub enum Commitment {
    /// Declare this vote in the running meeting (For or Against).
    Vote(Vote),
    /// Fire (or call a meeting on) this seat before ending business.
    FireTarget(Seat),
    /// Never name this seat with the Fire card this turn.
    NotFire(Seat),
}

/// An offer from one player to another (§9.2). The maker is the acting seat.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Offer {
    /// The player the offer is made to.
    pub to: Seat,
    /// What the maker gives.
    #[serde(default)]
    pub give: Bundle,
    /// What the maker takes.
    #[serde(default)]
    pub take: Bundle,
    /// Commitments the maker gives.
    #[serde(default)]
    pub give_commitments: Vec<Commitment>,
    /// Commitments the maker asks of the other player.
    #[serde(default)]
    pub take_commitments: Vec<Commitment>,
    /// A long-term promise, if any.
    #[serde(default)]
    pub long_term: Option<LongTerm>,
    /// A long-term deal between the two that this offer cancels (collateral returns).
    #[serde(default)]
    pub cancel: Option<u32>,
    /// Free text with no rules effect.
    #[serde(default)]
    pub note: String,
}

/// One decision in The Boss.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "action", content = "args", rename_all = "snake_case")]
pub enum Action {
    /// Collect the salary (O1/E1).
    Collect,
    /// Take an Executive card of the position held (E2).
    TakeCard,
    /// Buy this many shares from the Bank (O2/E3).
    Buy(u32),
    /// Open the floor to everyone's dealing.
    Open,
    /// Move to this position (§5.3).
    Move(u8),
    /// Use the held Bonus or Stock Option card.
    Use,
    /// Fire an office holder with the held Fire card (§7).
    Fire(Seat),
    /// Call a Stockholders' Meeting on an executive (§7).
    Meeting(Seat),
    /// After a failed meeting: call no further meeting (the Fire card is discarded).
    Stop,
    /// Declare a vote in the meeting.
    Vote(Vote),
    /// Pass: in an auction (out of it) or as caller or target in a meeting's lobbying.
    Pass,
    /// Bid in the running auction.
    Bid(u32),
    /// Financial Disaster: pay.
    Pay,
    /// Financial Disaster: lose the turns.
    Lose,
    /// Draw from a deck (the last step).
    Draw(Deck),
    /// Discard the held Fate card face up.
    Discard,
    /// End business (runs the mandatory auctions, then the draw step follows).
    End,
    /// Make an offer.
    Offer(Box<Offer>),
    /// Accept the offer with this id.
    Accept(u32),
    /// Reject the offer with this id.
    Reject(u32),
    /// Withdraw one's own offer with this id.
    Withdraw(u32),
    /// Reject the offer with this id and make a new one linked to it.
    Counter(u32, Box<Offer>),
    /// Show one's face-down Fate card to this player.
    Show(Seat),
    /// Auction one's own lot with this reserve (opening bid).
    Auction(Lot, u32),
    /// Promisor: deliver a long-term deal and get the collateral back.
    Settle(u32),
    /// Promisee: return the collateral.
    Release(u32),
    /// Promisee: keep the collateral of an overdue deal.
    Default(u32),
    /// Promisor: give up the collateral and keep the deliverable.
    WalkAway(u32),
    /// Time is up (§9.7): submitted only by a live table's clock, never by a player.
    Timeout(Timeout),
}

/// What a live table's clock times out (§9.7, `[limits]`): the action [`Action::Timeout`]
/// carries. Headless play has no clock and never sees these.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "what", content = "id", rename_all = "snake_case")]
pub enum Timeout {
    /// `offer_reply_seconds`: the offer with this id is rejected.
    Offer(u32),
    /// `bid_seconds`: the bidder whose call it is passes.
    Bid,
    /// `meeting_lobby_seconds`: the meeting's lobbying closes and the votes are tallied.
    Lobbying,
    /// `bt_seconds`: no new offers, auctions or meetings; the pending mandatory auctions run
    /// and Business Transactions end.
    Business,
}

impl Action {
    /// Whether the action belongs to dealing (§9), which needs the floor open or one's own BT.
    pub fn is_dealing(&self) -> bool {
        matches!(
            self,
            Action::Offer(_)
                | Action::Accept(_)
                | Action::Reject(_)
                | Action::Withdraw(_)
                | Action::Counter(..)
                | Action::Show(_)
                | Action::Auction(..)
                | Action::Settle(_)
                | Action::Release(_)
                | Action::Default(_)
                | Action::WalkAway(_)
        )
    }
}
