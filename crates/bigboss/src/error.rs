//! Rule violations: every rejected action names the rule it breaks.

use crate::board::Space;
use crate::card::{Card, Hand};
use crate::company::CompanyId;
use crate::words;
use boardroom_engine::Seat;
use boardroom_i18n::{Message, ENGLISH};
use std::fmt;

/// Why an action is illegal. The message names the rule (see `docs/big-boss.md`, which follows
/// the project's Big Boss rules file); it is written in a reader's language by
/// [`RuleError::message`], and in English by `Display`.
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
    /// The action belongs to another step of the turn.
    WrongStep {
        /// The action as written.
        action: String,
        /// What is expected now (a message id, `big-boss-step-…`).
        expected: &'static str,
    },
    /// Not enough money.
    CannotAfford {
        /// What was to be bought.
        what: Message,
        /// Its cost.
        cost: u32,
        /// The player's money.
        money: u32,
    },
    /// The card is not in the player's hand.
    NotInHand(Card),
    /// A level card that is not in the player's hand, while other level cards are (e.g. `play
    /// L` holding L2 and L4): the message lists the level cards held.
    LevelNotInHand {
        /// The card asked for.
        card: Card,
        /// The player's hand.
        held: Hand,
    },
    /// The card is not in the face-up row.
    NotInRow(Space),
    /// The deck is empty.
    DeckEmpty,
    /// The level stack is empty.
    LevelStackEmpty,
    /// The edition has no such action or card (a message id, `big-boss-err-classic-…`).
    NotInEdition(&'static str),
    /// The card can neither found nor expand a company now.
    Unplayable {
        /// The card.
        card: Card,
        /// Why (names the rule).
        reason: Message,
    },
    /// A founding triple that is not allowed.
    BadFounding {
        /// First space of the triple.
        start: Space,
        /// Last space of the triple.
        end: Space,
        /// Why (names the rule).
        reason: Message,
    },
    /// A space that is not a legal choice now.
    BadSpace {
        /// The space.
        space: Space,
        /// Why (names the rule).
        reason: Message,
    },
    /// A company that is not a legal choice now.
    BadCompany {
        /// The company.
        company: CompanyId,
        /// Why (names the rule).
        reason: Message,
    },
    /// A player who can buy or play may not pass or sell.
    MustBuyOrPlay,
    /// Two shares per turn at most.
    ShareLimit,
    /// No tower left (the rule set's name for a tower).
    NoTowerLeft(&'static str),
}

impl RuleError {
    /// The refusal as a message, for [`crate::words::text`] to write in a reader's language.
    pub fn message(&self) -> Message {
        let id = |id: &'static str| Message::new(id);
        match self {
            RuleError::GameOver => id("big-boss-err-over"),
            RuleError::NotYourTurn { seat, current } => id("big-boss-err-not-your-turn")
                .arg("seat", words::seat(*seat))
                .arg("current", words::seat(*current)),
            RuleError::WrongStep { expected, .. } => {
                id("big-boss-err-wrong-step").arg("expected", id(expected))
            }
            RuleError::CannotAfford { what, cost, money } => id("big-boss-err-cannot-afford")
                .arg("what", what.clone())
                .arg("cost", words::money(*cost))
                .arg("money", words::money(*money)),
            RuleError::NotInHand(card) => {
                id("big-boss-err-not-in-hand").arg("card", card.message())
            }
            RuleError::LevelNotInHand { card, held } => id("big-boss-err-level-not-in-hand")
                .arg("card", card.message())
                .arg("held", level_cards(held)),
            RuleError::NotInRow(s) => id("big-boss-err-not-in-row").arg("card", s.to_string()),
            RuleError::DeckEmpty => id("big-boss-err-deck-empty"),
            RuleError::LevelStackEmpty => id("big-boss-err-level-stack-empty"),
            RuleError::NotInEdition(why) => id(why),
            RuleError::Unplayable { card, reason } => id("big-boss-err-unplayable")
                .arg("card", card.message())
                .arg("reason", reason.clone()),
            RuleError::BadFounding { start, end, reason } => id("big-boss-err-bad-founding")
                .arg("start", start.to_string())
                .arg("end", end.to_string())
                .arg("reason", reason.clone()),
            RuleError::BadSpace { space, reason } => id("big-boss-err-bad-space")
                .arg("space", space.to_string())
                .arg("reason", reason.clone()),
            RuleError::BadCompany { company, reason } => id("big-boss-err-bad-company")
                .arg("company", company.name())
                .arg("reason", reason.clone()),
            RuleError::MustBuyOrPlay => id("big-boss-err-must-buy-or-play"),
            RuleError::ShareLimit => id("big-boss-err-share-limit"),
            RuleError::NoTowerLeft(tower) => {
                id("big-boss-err-no-tower-left").arg("kind", words::tower_kind(tower))
            }
        }
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&words::text(ENGLISH, &self.message()))
    }
}

impl std::error::Error for RuleError {}

/// The level cards of a hand, comma-separated, in words (`storey card 2, storey card 4`).
fn level_cards(hand: &Hand) -> Message {
    let cards: Vec<Message> = hand
        .cards()
        .into_iter()
        .filter(|c| matches!(c, Card::Level(_)))
        .map(Card::message)
        .collect();
    words::list(cards)
}
