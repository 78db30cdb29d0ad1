//! Events: what happened, reported to every viewer after an action.

use crate::board::LotId;
use crate::colour::{Colour, Cubes};
use boardroom_engine::{Seat, Viewer};
use serde::Serialize;

/// Something that happened. Every event is public: bids, payments and loans are announced at
/// the table (in the hidden-money variant only the coin totals are hidden, see
/// `docs/big-shot.md`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A new round begins; `roller` rolls.
    RoundStarted {
        /// The round, from 1.
        round: u8,
        /// The seat that rolls.
        roller: Seat,
    },
    /// The die was rolled and the broker moved.
    Rolled {
        /// The roller.
        seat: Seat,
        /// The roll, 1–6.
        die: u8,
        /// The broker's space before (0-based).
        from: u8,
        /// The broker's space now.
        to: u8,
        /// The cubes up for auction.
        cubes: Cubes,
    },
    /// A loan was taken.
    Loan {
        /// The borrower.
        seat: Seat,
        /// The colour that received it.
        colour: Colour,
        /// Millions received.
        received: u32,
        /// IOUs of that colour now.
        ious: u8,
    },
    /// A seat took no loan in the window.
    Declined {
        /// The seat.
        seat: Seat,
    },
    /// The bidding begins.
    BiddingOpened {
        /// The first bidder.
        seat: Seat,
    },
    /// A bid.
    Bid {
        /// The bidder.
        seat: Seat,
        /// The amount.
        amount: u32,
    },
    /// A pass (final for this auction).
    Passed {
        /// The seat.
        seat: Seat,
    },
    /// The auction was won.
    Won {
        /// The winner.
        seat: Seat,
        /// The winning bid.
        amount: u32,
    },
    /// Nobody bid: the roller takes the cubes free.
    TakenFree {
        /// The roller.
        seat: Seat,
    },
    /// The winning bid was paid to the bank.
    Paid {
        /// The winner.
        seat: Seat,
        /// The colour whose coins paid.
        colour: Colour,
        /// The amount.
        amount: u32,
    },
    /// A cube was placed on a lot.
    Placed {
        /// Who placed it.
        seat: Seat,
        /// The cube's colour.
        colour: Colour,
        /// The lot's id.
        lot: LotId,
    },
    /// A lot was resolved (at its 7th cube, or at the end of the game).
    Resolved {
        /// The lot's id.
        lot: LotId,
        /// The cubes it held.
        cubes: Cubes,
        /// The owner colour, or nobody.
        owner: Option<Colour>,
        /// The seat playing the owner colour (`None` for nobody or the neutral colour), so
        /// that logs name the player where colours and players differ (2 players).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        owner_seat: Option<Seat>,
        /// Whether it happened at the end of the game.
        at_end: bool,
    },
    /// The game ended.
    GameOver,
}

impl Event {
    /// What `viewer` may see of the event: every event is public.
    pub fn redacted(&self, _viewer: Viewer) -> Event {
        self.clone()
    }

    /// Whether the event starts a new round.
    pub fn starts_round(&self) -> bool {
        matches!(self, Event::RoundStarted { .. })
    }
}
