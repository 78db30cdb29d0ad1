//! Rule violations: every rejected action names the rule it breaks.

use crate::colour::Colour;
use crate::present::seat_name;
use boardroom_engine::Seat;
use thiserror::Error;

/// Why an action is illegal. The message names the rule (see `docs/big-shot.md`).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RuleError {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// Another seat must act.
    #[error("it is not {}'s turn ({} is to act)", seat_name(*.seat), seat_name(*.current))]
    NotYourTurn {
        /// Who tried.
        seat: Seat,
        /// Who is to act.
        current: Seat,
    },
    /// The action belongs to another step of the round.
    #[error("that is not possible now: {expected}")]
    WrongStep {
        /// The action as written.
        action: String,
        /// What is expected now.
        expected: &'static str,
    },
    /// A bid must beat the standing bid by at least 1M (the first bid is at least 1M).
    #[error("a bid must be at least {min}M (1M more than the standing bid), not {bid}M")]
    BidTooLow {
        /// The bid.
        bid: u32,
        /// The lowest allowed bid.
        min: u32,
    },
    /// A bid may never exceed the bidder's cash.
    #[error(
        "you cannot bid {bid}M with {cash}M in cash (a bid may never exceed the coins that pay it)"
    )]
    BidAboveCash {
        /// The bid.
        bid: u32,
        /// The most the bidder can pay.
        cash: u32,
    },
    /// One loan per player per round.
    #[error("you have already taken a loan this round (one loan per round)")]
    LoanTwice,
    /// In the 2-player game and the hidden-money variant, loans only before bidding starts.
    #[error("loans are taken only before bidding starts (2 players and the hidden-money variant)")]
    LoanAfterBidding,
    /// The colour is not one of the acting player's.
    #[error("{colour} is not your colour")]
    NotYourColour {
        /// The colour named.
        colour: Colour,
    },
    /// The paying colour does not have the coins.
    #[error(
        "{colour} has {coins}M and cannot pay the winning bid of {bid}M (one colour pays it all)"
    )]
    CannotPay {
        /// The colour named.
        colour: Colour,
        /// Its coins.
        coins: u32,
        /// The bid.
        bid: u32,
    },
    /// No cube of that colour is left to place.
    #[error("no {colour} cube is left to place (you won {hand})")]
    NoSuchCube {
        /// The colour named.
        colour: Colour,
        /// The cubes still to place, as letters.
        hand: String,
    },
    /// The lot does not exist on this board.
    #[error("there is no lot number {lot} on this board")]
    NoSuchLot {
        /// The lot index.
        lot: u8,
    },
    /// A lot with a SOLD marker takes no more cubes.
    #[error(
        "lot {lot} is sold (resolved at its 7th cube, at most 7 on a lot) and takes no more cubes"
    )]
    LotSold {
        /// The lot id.
        lot: String,
    },
}
