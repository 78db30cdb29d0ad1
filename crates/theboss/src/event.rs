//! Events: what happened, reported to viewers after an action. Fate card identities are secret
//! until revealed: [`Event::redacted`] removes them for viewers who may not know them.

use crate::action::{Deck, Lot, Offer, Timeout, Vote};
use crate::error::RuleError;
use crate::state::Ending;
use boardroom_engine::{Seat, Viewer};
use serde::Serialize;

/// Something that happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A turn began.
    TurnStarted {
        /// The active player.
        seat: Seat,
        /// The round.
        round: u32,
    },
    /// A turn was skipped (fired track or lost turns).
    TurnSkipped {
        /// The player.
        seat: Seat,
        /// Why, in words.
        reason: String,
    },
    /// The Financial Disaster card lying on a space was discarded after the lost turns.
    DisasterOver {
        /// The player.
        seat: Seat,
        /// The card.
        card: u8,
    },
    /// Salary collected.
    Salary {
        /// The player.
        seat: Seat,
        /// Dollars.
        amount: u32,
    },
    /// An Executive card taken from the Bank.
    ExecutiveCard {
        /// The player.
        seat: Seat,
        /// The card.
        card: u8,
    },
    /// Shares bought from the Bank.
    Bought {
        /// The player.
        seat: Seat,
        /// Shares.
        shares: u32,
        /// Dollars paid.
        cost: u32,
    },
    /// The floor opened.
    FloorOpened {
        /// The active player.
        seat: Seat,
    },
    /// A move into a position.
    Moved {
        /// The player.
        seat: Seat,
        /// The position left.
        from: Option<u8>,
        /// The position taken.
        to: u8,
    },
    /// A Fate card was used (and revealed).
    Used {
        /// The player.
        seat: Seat,
        /// The card.
        card: u8,
    },
    /// A player was fired.
    Fired {
        /// The firer.
        by: Seat,
        /// The fired player.
        seat: Seat,
        /// Severance paid.
        severance: u32,
    },
    /// A Stockholders' Meeting was called.
    MeetingCalled {
        /// The caller.
        caller: Seat,
        /// The target.
        target: Seat,
        /// The Fire card (revealed).
        card: u8,
    },
    /// A vote declared.
    Voted {
        /// The voter.
        seat: Seat,
        /// The vote.
        vote: Vote,
        /// Shares voted.
        shares: u32,
    },
    /// Caller or target passed in the lobbying.
    LobbyPass {
        /// Who passed.
        seat: Seat,
    },
    /// The tally of a meeting.
    Tally {
        /// Shares for firing.
        for_shares: u32,
        /// Shares against.
        against: u32,
        /// Whether the target was fired.
        fired: bool,
    },
    /// A card went face up to a discard pile.
    Discarded {
        /// The player it came from, if any.
        seat: Option<Seat>,
        /// Which pile.
        deck: Deck,
        /// The card.
        card: u8,
    },
    /// A card was drawn. `card` is `None` in a viewer's copy when the viewer may not know it.
    Drew {
        /// The player.
        seat: Seat,
        /// The deck.
        deck: Deck,
        /// The card.
        card: Option<u8>,
        /// Whether the card is public (Experience, Financial Disaster, the last Fate card).
        revealed: bool,
    },
    /// A Financial Disaster was paid.
    PaidDisaster {
        /// The player.
        seat: Seat,
        /// Dollars.
        amount: u32,
    },
    /// Turns will be lost for a Financial Disaster.
    LosingTurns {
        /// The player.
        seat: Seat,
        /// Turns.
        turns: u8,
    },
    /// An offer was made.
    Offered {
        /// Its id.
        id: u32,
        /// The maker.
        from: Seat,
        /// The offer it counters.
        counters: Option<u32>,
        /// The offer.
        offer: Box<Offer>,
    },
    /// An offer was accepted and carried out.
    Accepted {
        /// The offer.
        id: u32,
        /// The deal opened, if long-term.
        deal: Option<u32>,
    },
    /// An offer failed its check on acceptance and is void (§9.2).
    Voided {
        /// The offer.
        id: u32,
        /// Why: the check that failed, written in each reader's language (serialised as its
        /// English text).
        #[serde(serialize_with = "english")]
        reason: RuleError,
    },
    /// An offer was rejected.
    Rejected {
        /// The offer.
        id: u32,
    },
    /// An offer was withdrawn.
    Withdrawn {
        /// The offer.
        id: u32,
    },
    /// Unanswered offers expired at the end of business.
    Expired {
        /// Their ids.
        ids: Vec<u32>,
    },
    /// A Fate card was shown privately. `card` is `None` except for the two players.
    Shown {
        /// The holder.
        seat: Seat,
        /// Who saw it.
        to: Seat,
        /// The card.
        card: Option<u8>,
    },
    /// An auction opened.
    AuctionOpened {
        /// The seller.
        seller: Seat,
        /// The lot.
        lot: Lot,
        /// The Fate card of a Fate lot (revealed, R-28).
        fate_card: Option<u8>,
        /// The opening bid.
        opening: u32,
        /// Whether it is mandatory.
        mandatory: bool,
    },
    /// A bid.
    Bid {
        /// The bidder.
        seat: Seat,
        /// Dollars.
        amount: u32,
    },
    /// A pass in an auction.
    Passed {
        /// The bidder.
        seat: Seat,
    },
    /// An auction ended.
    AuctionClosed {
        /// The buyer and price, if sold.
        sold: Option<(Seat, u32)>,
        /// The lot.
        lot: Lot,
    },
    /// A long-term deal was settled: the deliverable went over and the collateral back.
    Settled {
        /// The deal.
        id: u32,
    },
    /// The promisee released the collateral.
    Released {
        /// The deal.
        id: u32,
    },
    /// A deal broke: the collateral became the promisee's.
    Broke {
        /// The deal.
        id: u32,
        /// Whether the promisor walked away.
        walked_away: bool,
    },
    /// A deal was cancelled by agreement.
    Cancelled {
        /// The deal.
        id: u32,
    },
    /// Open deals were closed at the end of the game.
    DealsClosed {
        /// Deals defaulted (overdue).
        defaulted: Vec<u32>,
        /// Deals whose collateral returned.
        returned: Vec<u32>,
    },
    /// A FireTarget commitment lapsed because its target left the job otherwise.
    CommitmentLapsed {
        /// The target.
        target: Seat,
    },
    /// The game ended.
    GameOver {
        /// How.
        ending: Ending,
    },
    /// A live table's clock ran out (§9.7).
    TimeUp {
        /// What timed out.
        what: Timeout,
    },
}

impl Event {
    /// What `viewer` may see of the event: the identity of a drawn or shown Fate card only for
    /// the players who may know it.
    pub fn redacted(&self, viewer: Viewer) -> Event {
        match self {
            Event::Drew {
                seat,
                deck: Deck::Fate,
                card: Some(_),
                revealed: false,
            } if viewer.seat() != Some(*seat) => Event::Drew {
                seat: *seat,
                deck: Deck::Fate,
                card: None,
                revealed: false,
            },
            Event::Shown {
                seat,
                to,
                card: Some(_),
            } if viewer.seat() != Some(*seat) && viewer.seat() != Some(*to) => Event::Shown {
                seat: *seat,
                to: *to,
                card: None,
            },
            e => e.clone(),
        }
    }

    /// Whether the event starts a new turn.
    pub fn starts_turn(&self) -> bool {
        matches!(self, Event::TurnStarted { .. })
    }
}

/// A refusal kept in an event, serialised as its English text (the event's JSON does not
/// change with the reader's language).
fn english<S: serde::Serializer>(reason: &RuleError, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(reason)
}
