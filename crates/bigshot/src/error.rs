//! Rule violations: every rejected action names the rule it breaks.

use crate::colour::{Colour, Cubes};
use crate::words;
use boardroom_engine::Seat;
use boardroom_i18n::{Message, ENGLISH};
use std::fmt;

/// Why an action is illegal. The message names the rule (see `docs/big-shot.md`); it is written
/// in a reader's language by [`RuleError::message`], and in English by `Display`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RuleError {
    /// The game has ended.
    GameOver,
    /// Another seat must act.
    NotYourTurn {
        /// Who tried.
        seat: Seat,
        /// Who is to act.
        current: Seat,
    },
    /// The action belongs to another step of the round.
    WrongStep {
        /// The action as written.
        action: String,
        /// What is expected now (a message id, `big-shot-step-…`).
        expected: &'static str,
    },
    /// A bid must beat the standing bid by at least 1M (the first bid is at least 1M).
    BidTooLow {
        /// The bid.
        bid: u32,
        /// The lowest allowed bid.
        min: u32,
    },
    /// A bid may never exceed the bidder's cash.
    BidAboveCash {
        /// The bid.
        bid: u32,
        /// The most the bidder can pay.
        cash: u32,
    },
    /// One loan per player per round.
    LoanTwice,
    /// In the 2-player game and the hidden-money variant, loans only before bidding starts.
    LoanAfterBidding,
    /// The colour is not one of the acting player's.
    NotYourColour {
        /// The colour named.
        colour: Colour,
    },
    /// The paying colour does not have the coins.
    CannotPay {
        /// The colour named.
        colour: Colour,
        /// Its coins.
        coins: u32,
        /// The bid.
        bid: u32,
    },
    /// No cube of that colour is left to place.
    NoSuchCube {
        /// The colour named.
        colour: Colour,
        /// The cubes still to place.
        hand: Cubes,
    },
    /// The lot does not exist on this board.
    NoSuchLot {
        /// The lot index.
        lot: u8,
    },
    /// A lot with a SOLD marker takes no more cubes.
    LotSold {
        /// The lot id.
        lot: String,
    },
}

impl RuleError {
    /// The refusal as a message, for [`crate::words::text`] to write in a reader's language.
    pub fn message(&self) -> Message {
        let id = Message::new;
        match self {
            RuleError::GameOver => id("big-shot-err-over"),
            RuleError::NotYourTurn { seat, current } => id("big-shot-err-not-your-turn")
                .arg("seat", words::seat(*seat))
                .arg("current", words::seat(*current)),
            RuleError::WrongStep { expected, .. } => {
                id("big-shot-err-wrong-step").arg("expected", id(expected))
            }
            RuleError::BidTooLow { bid, min } => id("big-shot-err-bid-too-low")
                .arg("bid", *bid)
                .arg("min", *min),
            RuleError::BidAboveCash { bid, cash } => id("big-shot-err-bid-above-cash")
                .arg("bid", *bid)
                .arg("cash", *cash),
            RuleError::LoanTwice => id("big-shot-err-loan-twice"),
            RuleError::LoanAfterBidding => id("big-shot-err-loan-after-bidding"),
            RuleError::NotYourColour { colour } => {
                id("big-shot-err-not-your-colour").arg("colour", words::colour(*colour))
            }
            RuleError::CannotPay { colour, coins, bid } => id("big-shot-err-cannot-pay")
                .arg("colour", words::colour(*colour))
                .arg("coins", *coins)
                .arg("bid", *bid),
            RuleError::NoSuchCube { colour, hand } => id("big-shot-err-no-such-cube")
                .arg("colour", words::colour(*colour))
                .arg("hand", words::cubes(hand)),
            RuleError::NoSuchLot { lot } => id("big-shot-err-no-such-lot").arg("lot", *lot),
            RuleError::LotSold { lot } => id("big-shot-err-lot-sold").arg("lot", lot.clone()),
        }
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&words::text(ENGLISH, &self.message()))
    }
}

impl std::error::Error for RuleError {}
