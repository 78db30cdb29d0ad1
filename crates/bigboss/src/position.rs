//! The position format: the whole state as JSON (see `docs/big-boss-position-format.md`), with
//! validation that rejects impossible positions, naming the field at fault.

use crate::board::Space;
use crate::card::Card;
use crate::company::{CompanyId, Status};
use crate::edition::Edition;
use crate::state::{BigBoss, Phase};
use boardroom_engine::{PositionError, Seat};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

mod load;
mod phase;

/// The game name written in positions and records.
pub const GAME_NAME: &str = "big-boss";

/// An occupied space.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpaceEntry {
    /// The space, 1–72.
    pub space: Space,
    /// Building pieces on it (at least 1).
    pub height: u8,
    /// The company they belong to.
    pub company: CompanyId,
}

/// A company that is on the board or was acquired (companies not listed are unfounded).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CompanyEntry {
    /// The company.
    pub name: CompanyId,
    /// `active` or `gone`.
    pub status: Status,
    /// Share price (active: 1–50; gone: 0).
    #[serde(default)]
    pub price: u8,
    /// Shares left in its pile.
    #[serde(default)]
    pub supply: u8,
    /// Seat of the player whose tower (owner flag) stands on it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tower: Option<Seat>,
    /// Space of its headquarters (active companies).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hq: Option<Space>,
}

/// A player's holdings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerEntry {
    /// Money in millions.
    pub money: u32,
    /// Shares per company (companies with none left out).
    #[serde(default)]
    pub shares: BTreeMap<CompanyId, u8>,
    /// Towers placed during the game, removed ones included (0–2).
    #[serde(default)]
    pub towers_placed: u8,
    /// The hand.
    pub hand: Vec<Card>,
    /// Cards of the hand every player knows of (bought from the face-up row).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub known: Vec<Card>,
}

/// A complete Big Boss position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    /// Always `big-boss`.
    pub game: String,
    /// `modern` or `classic`.
    pub edition: Edition,
    /// The seat named by the table as first player, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_player: Option<Seat>,
    /// The seat whose turn it is.
    pub current: Seat,
    /// Turn number, from 1.
    pub turn: u32,
    /// Consecutive passes so far.
    #[serde(default)]
    pub passes: u8,
    /// Where in the turn the game is.
    pub phase: Phase,
    /// Building pieces in the supply.
    pub pieces: u8,
    /// Occupied spaces.
    pub board: Vec<SpaceEntry>,
    /// Companies that were founded.
    pub companies: Vec<CompanyEntry>,
    /// Players in seat order.
    pub players: Vec<PlayerEntry>,
    /// The deck, top card first.
    pub deck: Vec<Card>,
    /// The face-up industry row (Modern).
    #[serde(default)]
    pub row: Vec<Card>,
    /// Level cards in the face-up stack (Modern).
    #[serde(default)]
    pub level_stack: u8,
    /// The discard pile.
    #[serde(default)]
    pub discard: Vec<Card>,
}

fn err<T>(field: impl Into<String>, reason: impl Into<String>) -> Result<T, PositionError> {
    Err(PositionError::new(field, reason))
}

impl BigBoss {
    /// Exports the whole state.
    pub fn position(&self) -> Position {
        let board = self
            .board
            .occupied()
            .map(|(space, height, c)| SpaceEntry {
                space,
                height,
                company: CompanyId(c),
            })
            .collect();
        let companies = CompanyId::all()
            .filter_map(|c| {
                let co = &self.companies[c.idx()];
                (co.status != Status::Unfounded).then(|| CompanyEntry {
                    name: c,
                    status: co.status,
                    price: co.price,
                    supply: co.supply,
                    tower: co.tower,
                    hq: co.active().then_some(co.hq),
                })
            })
            .collect();
        let players = (0..self.n as usize)
            .map(|s| {
                let p = &self.players[s];
                PlayerEntry {
                    money: p.money,
                    shares: CompanyId::all()
                        .filter(|c| p.shares[c.idx()] > 0)
                        .map(|c| (c, p.shares[c.idx()]))
                        .collect(),
                    towers_placed: p.towers_placed,
                    hand: p.hand.cards(),
                    known: p.known.iter().map(Card::Industry).collect(),
                }
            })
            .collect();
        Position {
            game: GAME_NAME.to_string(),
            edition: self.edition,
            first_player: self.first_player,
            current: self.current as Seat,
            turn: self.turn,
            passes: self.passes,
            phase: self.phase,
            pieces: self.pieces,
            board,
            companies,
            players,
            deck: self.deck.iter().rev().copied().collect(),
            row: self.row.iter().map(|&s| Card::Industry(s)).collect(),
            level_stack: self.level_stack,
            discard: self.discard.cards(),
        }
    }
}
