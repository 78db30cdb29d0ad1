//! Rule violations: every rejected action names the rule it breaks.

use crate::board::Space;
use crate::card::{Card, Hand};
use crate::company::CompanyId;
use boardroom_engine::Seat;
use thiserror::Error;

/// Why an action is illegal. The message names the rule (see `docs/big-boss.md`, which follows
/// the project's Big Boss rules file).
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
    /// The action belongs to another step of the turn.
    #[error("that is not possible now: {expected}")]
    WrongStep {
        /// The action as written.
        action: String,
        /// What is expected now.
        expected: &'static str,
    },
    /// Not enough money.
    #[error("{what} costs {cost} but you have {money} (money may never go below 0)")]
    CannotAfford {
        /// What was to be bought.
        what: String,
        /// Its cost.
        cost: u32,
        /// The player's money.
        money: u32,
    },
    /// The card is not in the player's hand.
    #[error("{} is not in your hand", .0.words())]
    NotInHand(Card),
    /// A level card that is not in the player's hand, while other level cards are (e.g. `play
    /// L` holding L2 and L4): the message lists the level cards held.
    #[error("{} is not in your hand; your level cards: {}", .card.words(), level_cards(.held))]
    LevelNotInHand {
        /// The card asked for.
        card: Card,
        /// The player's hand.
        held: Hand,
    },
    /// The card is not in the face-up row.
    #[error("card {0} is not in the face-up row")]
    NotInRow(Space),
    /// The deck is empty.
    #[error("the deck is empty")]
    DeckEmpty,
    /// The level stack is empty.
    #[error("the level-card stack is empty")]
    LevelStackEmpty,
    /// The edition has no such action or card.
    #[error("{0}")]
    NotInEdition(&'static str),
    /// The card can neither found nor expand a company now.
    #[error("{} cannot be played: {reason}", .card.words())]
    Unplayable {
        /// The card.
        card: Card,
        /// Why (names the rule).
        reason: String,
    },
    /// A founding triple that is not allowed.
    #[error("cannot found on spaces {start}-{end}: {reason}")]
    BadFounding {
        /// First space of the triple.
        start: Space,
        /// Last space of the triple.
        end: Space,
        /// Why (names the rule).
        reason: String,
    },
    /// A space that is not a legal choice now.
    #[error("space {space}: {reason}")]
    BadSpace {
        /// The space.
        space: Space,
        /// Why (names the rule).
        reason: String,
    },
    /// A company that is not a legal choice now.
    #[error("{company}: {reason}")]
    BadCompany {
        /// The company.
        company: CompanyId,
        /// Why (names the rule).
        reason: String,
    },
    /// A player who can buy or play may not pass or sell.
    #[error("you can buy or play a card, so you must (passing and selling are only for a player who can do neither)")]
    MustBuyOrPlay,
    /// Two shares per turn at most.
    #[error("at most 2 shares may be bought per turn")]
    ShareLimit,
    /// No tower left.
    #[error("you have placed both of your {0}s")]
    NoTowerLeft(&'static str),
}

/// The level cards of a hand in notation, comma-separated (`L2, L4`).
fn level_cards(hand: &Hand) -> String {
    hand.cards()
        .into_iter()
        .filter(|c| matches!(c, Card::Level(_)))
        .map(|c| c.words())
        .collect::<Vec<_>>()
        .join(", ")
}

/// A seat's name, as the game names its players.
fn seat_name(seat: Seat) -> String {
    <crate::BigBoss as boardroom_engine::Present>::seat_name(seat)
}
