//! The position format: the whole state as JSON (`docs/the-boss-position-format.md`), secrets
//! included, with validation that rejects impossible positions and names the field at fault.
//! Card ids are the data set's indexes (0-based; the notation writes id + 1).

mod interruptions;
mod validate;

use crate::state::{
    AfterMeeting, Auction, Broken, Config, Deal, Ending, Meeting, PendingOffer, Player, TheBoss,
    Turn,
};
use boardroom_engine::PositionError;

use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The game name written in positions and records.
pub const GAME_NAME: &str = "the-boss";

/// A complete position of The Boss.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    /// Always `the-boss`.
    pub game: String,
    /// The table configuration.
    pub config: Config,
    /// The first player (rounds start with them).
    pub first_player: usize,
    /// The round, from 1.
    pub round: u32,
    /// Shares in the Bank.
    pub bank_shares: u32,
    /// Shares the Bank has sold.
    pub bank_sold: u32,
    /// Experience deck, top last (secret).
    pub experience_deck: Vec<u8>,
    /// Experience Discards.
    pub experience_discards: Vec<u8>,
    /// Fate deck, top last (secret).
    pub fate_deck: Vec<u8>,
    /// Fate Discards.
    pub fate_discards: Vec<u8>,
    /// Executive cards in the Bank.
    pub executive_bank: Vec<u8>,
    /// The players in seat order.
    pub players: Vec<Player>,
    /// The active player's turn.
    pub turn: Turn,
    /// The running auction.
    #[serde(default)]
    pub auction: Option<Auction>,
    /// The lobbying meeting.
    #[serde(default)]
    pub meeting: Option<Meeting>,
    /// The caller's choice after a failed meeting.
    #[serde(default)]
    pub after_meeting: Option<AfterMeeting>,
    /// A Financial Disaster waiting for pay or lose.
    #[serde(default)]
    pub disaster: Option<u8>,
    /// Offers waiting for an answer.
    #[serde(default)]
    pub offers: Vec<PendingOffer>,
    /// Open long-term deals.
    #[serde(default)]
    pub deals: Vec<Deal>,
    /// Broken deals (public record).
    #[serde(default)]
    pub broken: Vec<Broken>,
    /// The next offer or deal id.
    pub next_id: u32,
    /// How the game ended.
    #[serde(default)]
    pub ending: Option<Ending>,
}

impl TheBoss {
    /// Exports the whole state.
    pub fn position(&self) -> Position {
        Position {
            game: GAME_NAME.into(),
            config: (*self.config).clone(),
            first_player: self.first,
            round: self.round,
            bank_shares: self.bank_shares,
            bank_sold: self.bank_sold,
            experience_deck: self.exp_deck.clone(),
            experience_discards: self.exp_discards.to_vec(),
            fate_deck: self.fate_deck.clone(),
            fate_discards: self.fate_discards.to_vec(),
            executive_bank: self.exec_bank.to_vec(),
            players: self.players.clone(),
            turn: self.turn.clone(),
            auction: self.auction.clone(),
            meeting: self.meeting.clone(),
            after_meeting: self.after_meeting.clone(),
            disaster: self.disaster,
            offers: self.offers.to_vec(),
            deals: self.deals.to_vec(),
            broken: self.broken.to_vec(),
            next_id: self.next_id,
            ending: self.ending.clone(),
        }
    }

    /// Imports a position of a game played under rules revision `revision`, rejecting
    /// impossible ones: revision 2 plays without R-33 and R-34 (see
    /// [`TheBoss::new_under_revision`]), any other the current rules.
    pub fn from_position_under(p: &Position, revision: u32) -> Result<TheBoss, PositionError> {
        let mut g = TheBoss::from_position(p)?;
        if revision == 2 {
            g.rules = 2;
        }
        Ok(g)
    }

    /// Imports a position, rejecting impossible ones; it is played under the current rules.
    pub fn from_position(p: &Position) -> Result<TheBoss, PositionError> {
        let data = validate::check_table(p)?;
        validate::check_cards(p, &data)?;
        validate::check_turn(p, &data)?;
        validate::check_offers(p, &data)?;
        interruptions::check_interruptions(p, &data)?;
        let g = TheBoss {
            data,
            config: Arc::new(p.config.clone()),
            players: p.players.clone(),
            first: p.first_player,
            round: p.round,
            bank_shares: p.bank_shares,
            bank_sold: p.bank_sold,
            exp_deck: p.experience_deck.clone(),
            exp_discards: p.experience_discards.clone().into(),
            fate_deck: p.fate_deck.clone(),
            fate_discards: p.fate_discards.clone().into(),
            exec_bank: p.executive_bank.clone().into(),
            turn: p.turn.clone(),
            auction: p.auction.clone(),
            meeting: p.meeting.clone(),
            after_meeting: p.after_meeting.clone(),
            disaster: p.disaster,
            offers: p.offers.clone().into(),
            deals: p.deals.clone().into(),
            broken: p.broken.clone().into(),
            next_id: p.next_id,
            ending: p.ending.clone(),
            rules: <TheBoss as boardroom_engine::Game>::RULES_REVISION,
        };
        validate::check_built(&g)?;
        Ok(g)
    }
}
