//! Events: what an action caused, for logs and for viewers.

use crate::board::Space;
use crate::card::Card;
use crate::company::CompanyId;
use boardroom_engine::Seat;
use serde::{Deserialize, Serialize};

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// The last building piece was placed.
    LastPiece,
    /// Every player passed in a row.
    AllPassed,
}

/// Something that happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A card was bought from the deck. `card` is known only to the buyer.
    BoughtFromDeck {
        /// The buyer.
        seat: Seat,
        /// The card (absent in what other viewers receive).
        #[serde(skip_serializing_if = "Option::is_none", default)]
        card: Option<Card>,
    },
    /// A face-up card was bought; `refill` was turned up in its place (if the deck had one).
    BoughtFromRow {
        /// The buyer.
        seat: Seat,
        /// The card bought.
        card: Card,
        /// The card turned up from the deck.
        refill: Option<Card>,
    },
    /// A level card was bought from the stack.
    BoughtLevel {
        /// The buyer.
        seat: Seat,
    },
    /// A card was played (and discarded).
    CardPlayed {
        /// The player.
        seat: Seat,
        /// The card.
        card: Card,
    },
    /// A company was founded.
    Founded {
        /// The founder.
        seat: Seat,
        /// The company.
        company: CompanyId,
        /// The three spaces.
        spaces: [Space; 3],
        /// The space with the fourth piece (Modern).
        double: Option<Space>,
    },
    /// A piece was added to a company.
    PiecePlaced {
        /// Where.
        space: Space,
        /// Whose.
        company: CompanyId,
        /// Its level (the new height).
        level: u8,
    },
    /// A share price changed.
    PriceChanged {
        /// The company.
        company: CompanyId,
        /// Old price.
        from: u8,
        /// New price.
        to: u8,
    },
    /// A holder of an acquired company was paid.
    Payout {
        /// The holder.
        seat: Seat,
        /// The acquired company.
        company: CompanyId,
        /// Shares counted (a tower counts 3).
        shares: u8,
        /// Amount paid.
        amount: u32,
    },
    /// One company acquired another.
    Merged {
        /// The acquirer.
        survivor: CompanyId,
        /// The acquired company, now gone.
        acquired: CompanyId,
    },
    /// The player earned the price of the company of this turn.
    Earned {
        /// The player.
        seat: Seat,
        /// The company.
        company: CompanyId,
        /// Amount.
        amount: u32,
    },
    /// A share was bought.
    ShareBought {
        /// The buyer.
        seat: Seat,
        /// The company.
        company: CompanyId,
        /// Price paid.
        cost: u32,
    },
    /// A tower (owner flag) was placed.
    TowerPlaced {
        /// The player.
        seat: Seat,
        /// The company.
        company: CompanyId,
        /// Price paid.
        cost: u32,
    },
    /// A share was sold.
    ShareSold {
        /// The seller.
        seat: Seat,
        /// The company.
        company: CompanyId,
        /// Money received.
        amount: u32,
    },
    /// The player passed.
    Passed {
        /// The player.
        seat: Seat,
    },
    /// The turn passed to the next player.
    TurnStarted {
        /// The player now to act.
        seat: Seat,
    },
    /// The game ended.
    GameOver {
        /// Why.
        reason: EndReason,
    },
}

impl Event {
    /// What `viewer` may see of this event: a card bought from the deck is shown only to its
    /// buyer.
    pub fn redacted(&self, viewer: boardroom_engine::Viewer) -> Event {
        match self {
            Event::BoughtFromDeck { seat, .. } if viewer.seat() != Some(*seat) => {
                Event::BoughtFromDeck {
                    seat: *seat,
                    card: None,
                }
            }
            e => e.clone(),
        }
    }
}
