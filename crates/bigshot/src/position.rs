//! The position format: the whole state as JSON (see `docs/big-shot-position-format.md`), with
//! validation that rejects impossible positions, naming the field at fault.

use crate::board::{Board, LOT_CAPACITY, MAX_LOTS, MAX_SPACES};
use crate::colour::{cubes_from_str, cubes_to_string, Colour, Cubes, COLOURS};
use crate::state::{loan_amount, start_coins, BigShot, Config, Phase};
use boardroom_engine::rng::GameRng;
use boardroom_engine::{PositionError, Seat};
use rand::SeedableRng;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

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

    fn validate(&self) -> Result<(), PositionError> {
        let n = self.n as usize;
        let spaces = self.board.num_spaces();
        if self.round == 0 || self.round as usize > spaces {
            return err(
                "round",
                format!("must be 1 to {spaces}, not {}", self.round),
            );
        }
        if self.roller as usize >= n {
            return err(
                "roller",
                format!("seat {} is not at the table", self.roller),
            );
        }
        if self.broker as usize >= spaces {
            return err("broker", format!("must be an auction space 1 to {spaces}"));
        }
        if self.die.is_some_and(|d| !(1..=6).contains(&d)) {
            return err("die", "a die shows 1 to 6");
        }
        for (i, s) in self.spaces[..spaces].iter().enumerate() {
            let k: u32 = s.iter().map(|&x| x as u32).sum();
            if k != 0 && k != 4 {
                return err(format!("spaces[{i}]"), "a space holds 4 cubes or none");
            }
            if k == 4 && s.iter().filter(|&&x| x > 0).count() < 2 {
                return err(
                    format!("spaces[{i}]"),
                    "every space holds at least 2 colours",
                );
            }
        }
        if !matches!(self.phase, Phase::Place { .. }) && self.hand.iter().any(|&k| k > 0) {
            return err("hand", "won cubes are held only while placing");
        }
        if matches!(self.phase, Phase::Place { .. }) && self.hand.iter().all(|&k| k == 0) {
            return err("hand", "the winner must hold cubes to place");
        }
        if self.hand.iter().map(|&k| k as u32).sum::<u32>() > 4 {
            return err("hand", "an auction space holds 4 cubes");
        }
        let per = self.board.cubes_per_colour();
        let total = self.cubes_total();
        for c in Colour::all() {
            if total[c.idx()] != per {
                return err(
                    "spaces",
                    format!(
                        "{} {c} cubes are accounted for (spaces, lots, hand, removed), not {per}",
                        total[c.idx()]
                    ),
                );
            }
        }
        let emptied = self.spaces[..spaces]
            .iter()
            .filter(|s| s.iter().all(|&k| k == 0))
            .count();
        let broker_full = self.spaces[self.broker as usize].iter().any(|&k| k > 0);
        let round = self.round as usize;
        let want_emptied = match self.phase {
            Phase::Place { .. } | Phase::Over => round,
            _ => round - 1,
        };
        if emptied != want_emptied {
            return err(
                "spaces",
                format!("{emptied} spaces are empty but round {round} at this step implies {want_emptied}"),
            );
        }
        let roll_pending = matches!(self.phase, Phase::Roll);
        let broker_should_be_full = match self.phase {
            Phase::Roll => round == 1,
            Phase::Loans { .. } | Phase::Bidding { .. } | Phase::Pay { .. } => true,
            Phase::Place { .. } | Phase::Over => false,
        };
        if broker_full != broker_should_be_full {
            return err(
                "broker",
                if broker_should_be_full {
                    "the broker stands on an empty space at this step"
                } else {
                    "the broker's space should have been emptied at this step"
                },
            );
        }
        if (self.die.is_none()) != (roll_pending && round == 1) {
            return err("die", "the die is shown once rolled, and only then");
        }
        for l in 0..self.board.num_lots() {
            let k: u32 = self.lots[l].iter().map(|&x| x as u32).sum();
            if self.is_sold(l) && k > 0 {
                return err(
                    format!("lots[{l}].cubes"),
                    "a sold lot keeps only its owner's cube",
                );
            }
            if k >= LOT_CAPACITY as u32 {
                return err(
                    format!("lots[{l}].cubes"),
                    "a lot is resolved at its 7th cube",
                );
            }
            if !self.is_sold(l) && self.owner[l].is_some() {
                return err(format!("lots[{l}].owner"), "only a sold lot has an owner");
            }
            if matches!(self.phase, Phase::Over) && !self.is_sold(l) {
                return err(
                    format!("lots[{l}].sold"),
                    "at the end every lot is resolved",
                );
            }
        }
        self.validate_money()?;
        self.validate_auction()
    }

    fn validate_money(&self) -> Result<(), PositionError> {
        let n = self.n as usize;
        for c in Colour::all() {
            let f = format!("colours[{}]", c.idx());
            if self.seat_of(c).is_none() {
                if self.coins[c.idx()] != 0 || self.ious[c.idx()] != 0 {
                    return err(f, "the neutral colour has no money and no IOUs");
                }
                continue;
            }
            let max = max_coins(n, self.ious[c.idx()]);
            if self.coins[c.idx()] > max {
                return err(
                    format!("{f}.coins"),
                    format!("{c} cannot have more than {max}M (start money plus its loans)"),
                );
            }
        }
        for s in 0..n {
            if self.loans[s] > self.round {
                return err(
                    format!("loans[{s}]"),
                    format!(
                        "at most one loan per round: {} loans by round {}",
                        self.loans[s], self.round
                    ),
                );
            }
            let ious: u32 = self
                .colours_of(s)
                .iter()
                .map(|c| self.ious[c.idx()] as u32)
                .sum();
            if ious != self.loans[s] as u32 {
                return err(
                    format!("loans[{s}]"),
                    format!(
                        "seat {s} took {} loans but its colours hold {ious} IOUs",
                        self.loans[s]
                    ),
                );
            }
            if self.has_loaned(s) && self.loans[s] == 0 {
                return err("loaned", format!("seat {s} has taken no loan"));
            }
        }
        Ok(())
    }

    fn validate_auction(&self) -> Result<(), PositionError> {
        let n = self.n as usize;
        let all = (1u8 << n) - 1;
        let active = all & !self.passed;
        let r = self.roller as Seat;
        let phase_seat = match self.phase {
            Phase::Loans { seat, .. }
            | Phase::Bidding { seat }
            | Phase::Pay { seat }
            | Phase::Place { seat } => seat,
            Phase::Roll | Phase::Over => 0,
        };
        if phase_seat >= n {
            return err(
                "phase.seat",
                format!("seat {phase_seat} is not at the table"),
            );
        }
        if self.bidder.is_some() != (self.bid > 0) {
            return err("bid", "a standing bid and its bidder go together");
        }
        if let Some(b) = self.bidder {
            if b as usize >= n {
                return err("bidder", format!("seat {b} is not at the table"));
            }
            if self.has_passed(b as Seat) {
                return err("passed", "the standing bidder has not passed");
            }
        }
        let quiet = |what: &str| -> Result<(), PositionError> {
            if self.bid != 0 || self.passed != 0 {
                return err("bid", format!("no auction is under way {what}"));
            }
            Ok(())
        };
        match self.phase {
            Phase::Roll => {
                quiet("before the roll")?;
                if self.loaned != 0 {
                    return err("loaned", "no loan is taken before the roll");
                }
            }
            Phase::Loans { seat, asked } => {
                quiet("in the loan window")?;
                if asked as usize >= n || seat != (r + 1 + asked as usize) % n {
                    return err(
                        "phase",
                        "the loan window goes round from the roller's left, roller last",
                    );
                }
                let asked_mask = (0..asked as usize).fold(0u8, |m, k| m | 1 << ((r + 1 + k) % n));
                if self.loaned & !asked_mask != 0 {
                    return err("loaned", "a seat not yet asked has taken a loan");
                }
            }
            Phase::Bidding { seat } => {
                if seat >= n || active & (1 << seat) == 0 || self.bidder == Some(seat as u8) {
                    return err(
                        "phase.seat",
                        "the bidder to act must be in the auction and not hold the standing bid",
                    );
                }
                if let Some(b) = self.bidder {
                    if self.cash(b as Seat) < self.bid {
                        return err("bid", "a bid may never exceed the bidder's cash");
                    }
                }
            }
            Phase::Pay { seat } => {
                if n != 2 || self.bidder != Some(seat as u8) || active != 1 << seat {
                    return err(
                        "phase",
                        "only the 2-player winner chooses the paying colour",
                    );
                }
                if self.cash(seat) < self.bid {
                    return err("bid", "no colour of the winner can pay the bid");
                }
            }
            Phase::Place { seat } => match self.bidder {
                Some(b) => {
                    if seat != b as Seat || active != 1 << seat {
                        return err("phase.seat", "the auction's winner places the cubes");
                    }
                }
                None => {
                    if seat != r || self.passed != all {
                        return err("phase.seat", "with no bid the roller places the cubes");
                    }
                }
            },
            Phase::Over => {
                quiet("once the game is over")?;
                if self.loaned != 0 {
                    return err("loaned", "the game is over");
                }
            }
        }
        Ok(())
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
