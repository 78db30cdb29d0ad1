//! The position format: the whole state as JSON (see `docs/big-shot-position-format.md`), with
//! validation that rejects impossible positions, naming the field at fault.

use crate::board::{Board, MAX_LOTS, MAX_SPACES};
use crate::colour::{cubes_from_str, cubes_to_string, Colour, Cubes, COLOURS};
use crate::state::{loan_amount, start_coins, BigShot, Config, Phase};
use boardroom_engine::rng::GameRng;
use boardroom_engine::{PositionError, Seat};
use rand::SeedableRng;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

mod validate;

/// The game name written in positions and records.
pub const GAME_NAME: &str = "big-shot";

/// One colour's money.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ColourEntry {
    /// The colour (entries are in the order red, orange, ivory, purple).
    pub colour: Colour,
    /// Coins in millions.
    pub coins: u32,
    /// IOUs held.
    pub ious: u8,
}

/// One lot, in board order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LotEntry {
    /// The lot id.
    pub lot: String,
    /// Cubes on it as letters, e.g. `RRO` (empty once sold).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub cubes: String,
    /// Whether it carries a SOLD marker.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub sold: bool,
    /// The owner colour of a sold lot (absent: nobody).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner: Option<Colour>,
}

/// The state of the die's generator (secret: it decides future rolls).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiceEntry {
    /// The ChaCha8 key, 64 hexadecimal digits.
    pub seed: String,
    /// Words drawn so far, as a decimal string.
    pub word_pos: String,
}

/// A complete Big Shot position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    /// Always `big-shot`.
    pub game: String,
    /// The table configuration (players, variant, first player, board).
    pub config: Config,
    /// The round, 1 to the number of auction spaces.
    pub round: u8,
    /// The seat that rolls this round.
    pub roller: Seat,
    /// The broker's auction space, from 1.
    pub broker: u8,
    /// The last roll (absent before the first roll).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub die: Option<u8>,
    /// The step of the round.
    pub phase: Phase,
    /// The standing (or winning) bid; 0 when none.
    #[serde(default)]
    pub bid: u32,
    /// The standing (or winning) bidder.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bidder: Option<Seat>,
    /// Seats that passed in this auction.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub passed: Vec<Seat>,
    /// Seats that took their loan this round.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub loaned: Vec<Seat>,
    /// Money of the four colours.
    pub colours: Vec<ColourEntry>,
    /// Loans taken per seat (2 players: both colours together).
    pub loans: Vec<u8>,
    /// Cubes on each auction space, from space 1, as letters (empty once auctioned).
    pub spaces: Vec<String>,
    /// Every lot in board order.
    pub lots: Vec<LotEntry>,
    /// Cubes won this round and not yet placed.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub hand: String,
    /// Cubes that left the game.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub removed: String,
    /// The die's generator.
    pub dice: DiceEntry,
}

fn err<T>(field: impl Into<String>, reason: impl Into<String>) -> Result<T, PositionError> {
    Err(PositionError::new(field, reason))
}

fn seat_mask(seats: &[Seat], n: usize, field: &str) -> Result<u8, PositionError> {
    let mut m = 0u8;
    for (i, &s) in seats.iter().enumerate() {
        if s >= n {
            return err(
                format!("{field}[{i}]"),
                format!("seat {s} is not at the table"),
            );
        }
        if m & (1 << s) != 0 {
            return err(format!("{field}[{i}]"), format!("seat {s} is listed twice"));
        }
        m |= 1 << s;
    }
    Ok(m)
}

fn seats_of(mask: u8) -> Vec<Seat> {
    (0..8).filter(|s| mask & (1 << s) != 0).collect()
}

/// The most coins a colour holding `ious` IOUs can have: its start money plus the best loans
/// it can have received (a seat's first loans bring the most: 9, 8, 7…).
pub fn max_coins(players: usize, ious: u8) -> u32 {
    start_coins(players) + (1..=ious as u32).map(loan_amount).sum::<u32>()
}

impl BigShot {
    /// The whole state in the position format.
    pub fn position(&self) -> Position {
        let b = &self.board;
        Position {
            game: GAME_NAME.to_string(),
            config: (*self.config).clone(),
            round: self.round,
            roller: self.roller as Seat,
            broker: self.broker + 1,
            die: self.die,
            phase: self.phase,
            bid: self.bid,
            bidder: self.bidder.map(|s| s as Seat),
            passed: seats_of(self.passed),
            loaned: seats_of(self.loaned),
            colours: Colour::all()
                .map(|c| ColourEntry {
                    colour: c,
                    coins: self.coins[c.idx()],
                    ious: self.ious[c.idx()],
                })
                .collect(),
            loans: self.loans[..self.n as usize].to_vec(),
            spaces: self.spaces[..b.num_spaces()]
                .iter()
                .map(cubes_to_string)
                .collect(),
            lots: (0..b.num_lots())
                .map(|l| LotEntry {
                    lot: b.lot(l).id.clone(),
                    cubes: cubes_to_string(&self.lots[l]),
                    sold: self.is_sold(l),
                    owner: self.owner[l],
                })
                .collect(),
            hand: cubes_to_string(&self.hand),
            removed: cubes_to_string(&self.removed),
            dice: DiceEntry {
                seed: self
                    .rng
                    .get_seed()
                    .iter()
                    .map(|b| format!("{b:02x}"))
                    .collect(),
                word_pos: self.rng.get_word_pos().to_string(),
            },
        }
    }

    /// Imports a position, rejecting impossible ones.
    pub fn from_position(pos: &Position) -> Result<BigShot, PositionError> {
        if pos.game != GAME_NAME {
            return err(
                "game",
                format!("expected `{GAME_NAME}`, found `{}`", pos.game),
            );
        }
        let board = pos
            .config
            .board_to_play()
            .map_err(|e| PositionError::new("config", e.0))?;
        let n = pos.config.players;
        let g = BigShot {
            rng: read_dice(&pos.dice)?,
            coins: read_colours(pos, n)?,
            ious: {
                let mut i = [0u8; COLOURS];
                for (k, e) in pos.colours.iter().enumerate() {
                    i[k] = e.ious;
                }
                i
            },
            loans: read_loans(pos, n)?,
            spaces: read_spaces(pos, &board)?,
            lots: [[0; COLOURS]; MAX_LOTS],
            sold: 0,
            owner: [None; MAX_LOTS],
            removed: cubes_from_str(&pos.removed).map_err(|e| PositionError::new("removed", e))?,
            hand: cubes_from_str(&pos.hand).map_err(|e| PositionError::new("hand", e))?,
            broker: pos.broker.wrapping_sub(1),
            round: pos.round,
            roller: pos.roller as u8,
            die: pos.die,
            phase: pos.phase,
            bid: pos.bid,
            bidder: pos.bidder.map(|s| s as u8),
            passed: seat_mask(&pos.passed, n, "passed")?,
            loaned: seat_mask(&pos.loaned, n, "loaned")?,
            n: n as u8,
            config: Arc::new(pos.config.clone()),
            board,
        };
        let mut g = g;
        read_lots(pos, &mut g)?;
        g.validate()?;
        Ok(g)
    }
}

fn read_dice(d: &DiceEntry) -> Result<GameRng, PositionError> {
    let bytes = d.seed.as_bytes();
    if bytes.len() != 64 || !d.seed.chars().all(|c| c.is_ascii_hexdigit()) {
        return err("dice.seed", "must be 64 hexadecimal digits");
    }
    let mut seed = [0u8; 32];
    for (i, b) in seed.iter_mut().enumerate() {
        *b = u8::from_str_radix(&d.seed[2 * i..2 * i + 2], 16)
            .map_err(|e| PositionError::new("dice.seed", e.to_string()))?;
    }
    let pos: u128 = d
        .word_pos
        .parse()
        .map_err(|_| PositionError::new("dice.word_pos", "must be a whole number"))?;
    let mut rng = GameRng::from_seed(seed);
    rng.set_word_pos(pos);
    Ok(rng)
}

fn read_colours(pos: &Position, _n: usize) -> Result<[u32; COLOURS], PositionError> {
    if pos.colours.len() != COLOURS {
        return err(
            "colours",
            "list the four colours: red, orange, ivory, purple",
        );
    }
    let mut coins = [0u32; COLOURS];
    for (i, e) in pos.colours.iter().enumerate() {
        if e.colour.idx() != i {
            return err(
                format!("colours[{i}].colour"),
                format!("expected {}, found {}", Colour(i as u8), e.colour),
            );
        }
        coins[i] = e.coins;
    }
    Ok(coins)
}

fn read_loans(pos: &Position, n: usize) -> Result<[u8; 4], PositionError> {
    if pos.loans.len() != n {
        return err(
            "loans",
            format!("one entry per seat ({n}), not {}", pos.loans.len()),
        );
    }
    let mut l = [0u8; 4];
    l[..n].copy_from_slice(&pos.loans);
    Ok(l)
}

fn read_spaces(pos: &Position, board: &Board) -> Result<[Cubes; MAX_SPACES], PositionError> {
    if pos.spaces.len() != board.num_spaces() {
        return err(
            "spaces",
            format!(
                "the board has {} auction spaces, not {}",
                board.num_spaces(),
                pos.spaces.len()
            ),
        );
    }
    let mut s = [[0u8; COLOURS]; MAX_SPACES];
    for (i, text) in pos.spaces.iter().enumerate() {
        s[i] = cubes_from_str(text).map_err(|e| PositionError::new(format!("spaces[{i}]"), e))?;
    }
    Ok(s)
}

fn read_lots(pos: &Position, g: &mut BigShot) -> Result<(), PositionError> {
    let b = g.board.clone();
    if pos.lots.len() != b.num_lots() {
        return err(
            "lots",
            format!(
                "the board has {} lots, not {}",
                b.num_lots(),
                pos.lots.len()
            ),
        );
    }
    for (i, e) in pos.lots.iter().enumerate() {
        if !e.lot.eq_ignore_ascii_case(&b.lot(i).id) {
            return err(
                format!("lots[{i}].lot"),
                format!(
                    "expected lot {} (board order), found `{}`",
                    b.lot(i).id,
                    e.lot
                ),
            );
        }
        g.lots[i] = cubes_from_str(&e.cubes)
            .map_err(|m| PositionError::new(format!("lots[{i}].cubes"), m))?;
        if e.sold {
            g.sold |= 1 << i;
        }
        g.owner[i] = e.owner;
    }
    Ok(())
}
