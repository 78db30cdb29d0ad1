//! The game state, its configuration and the set-up of a new game.

use crate::board::{Board, BoardSpec, CUBES_PER_SPACE, MAX_LOTS, MAX_SPACES};
use crate::colour::{colours_of, Colour, Cubes, COLOURS};
use boardroom_engine::rng::{self, GameRng};
use boardroom_engine::{ConfigError, Seat};
use rand::seq::SliceRandom;
use rand::Rng;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Most players at a table.
pub const MAX_PLAYERS: usize = 4;
/// Fewest players at a table.
pub const MIN_PLAYERS: usize = 2;
/// Face value of an IOU, in millions.
pub const IOU_VALUE: u32 = 10;
/// Highest bid the notation's universe covers (above any reachable cash).
pub const MAX_BID: u32 = 100;

/// The table settings of a Big Shot game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// Number of players, 2–4.
    pub players: usize,
    /// The "more challenging" variant: coins hidden, loans only before bidding.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hidden_money: bool,
    /// The seat that rolls first; drawn from the seed when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_player: Option<Seat>,
    /// The board; the shipped default board when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<BoardSpec>,
}

impl Config {
    /// A standard game for `players` players on the default board.
    pub fn new(players: usize) -> Self {
        Config {
            players,
            hidden_money: false,
            first_player: None,
            board: None,
        }
    }

    /// Checks the player count and first player, and builds the board.
    pub fn validate(&self) -> Result<Board, ConfigError> {
        self.board_to_play().map(|board| (*board).clone())
    }

    /// [`Config::validate`], with the default board shared rather than read again.
    pub(crate) fn board_to_play(&self) -> Result<Arc<Board>, ConfigError> {
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&self.players) {
            return Err(ConfigError(format!(
                "Big Shot is for 2 to 4 players, not {}",
                self.players
            )));
        }
        if let Some(f) = self.first_player {
            if f >= self.players {
                return Err(ConfigError(format!(
                    "first player {f} is not a seat of a {}-player table (seats 0-{})",
                    self.players,
                    self.players - 1
                )));
            }
        }
        match &self.board {
            None => Ok(Board::shared_default()),
            Some(spec) => spec
                .build()
                .map(Arc::new)
                .map_err(|e| ConfigError(e.to_string())),
        }
    }
}

/// Where the game is within the round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case", deny_unknown_fields)]
pub enum Phase {
    /// The round's roller rolls the die.
    Roll,
    /// The loan window before bidding: `seat` takes a loan or declines; `asked` seats have
    /// already had their say this round.
    Loans {
        /// The seat to decide.
        seat: Seat,
        /// Seats already asked.
        asked: u8,
    },
    /// The auction: `seat` bids or passes.
    Bidding {
        /// The seat to bid.
        seat: Seat,
    },
    /// Two players: the winner chooses the colour that pays the winning bid.
    Pay {
        /// The winner.
        seat: Seat,
    },
    /// The winner places the won cubes one at a time.
    Place {
        /// The winner (or the roller who took the cubes free).
        seat: Seat,
    },
    /// The game is over.
    Over,
}

/// A Big Shot game: the complete state, secrets (coins in the variant, future dice) included.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BigShot {
    pub(crate) board: Arc<Board>,
    pub(crate) config: Arc<Config>,
    pub(crate) n: u8,
    /// Coins per colour.
    pub(crate) coins: [u32; COLOURS],
    /// IOUs per colour.
    pub(crate) ious: [u8; COLOURS],
    /// Loans taken per seat (2 players: both colours together).
    pub(crate) loans: [u8; MAX_PLAYERS],
    /// Cubes on each auction space.
    pub(crate) spaces: [Cubes; MAX_SPACES],
    /// Cubes on each lot not yet resolved.
    pub(crate) lots: [Cubes; MAX_LOTS],
    /// Resolved lots (SOLD marker).
    pub(crate) sold: u16,
    /// Owner colour of each resolved lot (`None`: nobody).
    pub(crate) owner: [Option<Colour>; MAX_LOTS],
    /// Cubes that left the game, per colour.
    pub(crate) removed: Cubes,
    /// Cubes won this round and not yet placed.
    pub(crate) hand: Cubes,
    /// The broker's auction space.
    pub(crate) broker: u8,
    /// The round, from 1.
    pub(crate) round: u8,
    /// The seat that rolls this round.
    pub(crate) roller: u8,
    /// The last roll.
    pub(crate) die: Option<u8>,
    /// The step of the round.
    pub(crate) phase: Phase,
    /// The standing bid (0: none).
    pub(crate) bid: u32,
    /// The standing bidder.
    pub(crate) bidder: Option<u8>,
    /// Seats that passed in this auction (bit set).
    pub(crate) passed: u8,
    /// Seats that took their loan this round (bit set).
    pub(crate) loaned: u8,
    /// Future dice.
    pub(crate) rng: GameRng,
}

impl BigShot {
    /// Sets up a new game from `seed`: the cubes are dealt 4 to each auction space (the whole
    /// deal is redone until every space holds at least 2 colours), the broker is put on a random
    /// space, then the first roller is drawn (unless the config names one).
    pub fn new_game(config: &Config, seed: u64) -> Result<Self, ConfigError> {
        let board = config.board_to_play()?;
        let mut rng = rng::from_seed(seed);
        let spaces_n = board.num_spaces();
        let per = board.cubes_per_colour();
        let mut bag: Vec<Colour> = Colour::all()
            .flat_map(|c| (0..per).map(move |_| c))
            .collect();
        let spaces = loop {
            bag.shuffle(&mut rng);
            let mut spaces = [[0u8; COLOURS]; MAX_SPACES];
            for (i, c) in bag.iter().enumerate() {
                spaces[i / CUBES_PER_SPACE as usize][c.idx()] += 1;
            }
            if spaces[..spaces_n]
                .iter()
                .all(|s| s.iter().filter(|&&k| k > 0).count() >= 2)
            {
                break spaces;
            }
        };
        let broker = rng.gen_range(0..spaces_n) as u8;
        let first = match config.first_player {
            Some(f) => f,
            None => rng.gen_range(0..config.players),
        };
        let n = config.players;
        let mut coins = [0u32; COLOURS];
        for s in 0..n {
            for c in colours_of(n, s) {
                coins[c.idx()] = start_coins(n);
            }
        }
        Ok(BigShot {
            board,
            config: Arc::new(config.clone()),
            n: n as u8,
            coins,
            ious: [0; COLOURS],
            loans: [0; MAX_PLAYERS],
            spaces,
            lots: [[0; COLOURS]; MAX_LOTS],
            sold: 0,
            owner: [None; MAX_LOTS],
            removed: [0; COLOURS],
            hand: [0; COLOURS],
            broker,
            round: 1,
            roller: first as u8,
            die: None,
            phase: Phase::Roll,
            bid: 0,
            bidder: None,
            passed: 0,
            loaned: 0,
            rng,
        })
    }

    /// The table configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Number of players.
    pub fn players(&self) -> usize {
        self.n as usize
    }

    /// Whether coins are hidden from other players.
    pub fn hidden_money(&self) -> bool {
        self.config.hidden_money
    }

    /// Whether loans may be taken only in the window before bidding (2 players, hidden money).
    pub fn loans_only_before_bidding(&self) -> bool {
        self.n == 2 || self.config.hidden_money
    }

    /// Coins of a colour.
    pub fn coins(&self, c: Colour) -> u32 {
        self.coins.get(c.idx()).copied().unwrap_or(0)
    }

    /// IOUs of a colour.
    pub fn ious(&self, c: Colour) -> u8 {
        self.ious.get(c.idx()).copied().unwrap_or(0)
    }

    /// Loans a seat has taken (2 players: both colours together).
    pub fn loans_taken(&self, seat: Seat) -> u8 {
        self.loans.get(seat).copied().unwrap_or(0)
    }

    /// Cubes on auction space `i` (0-based).
    pub fn space(&self, i: usize) -> Cubes {
        self.spaces[i]
    }

    /// Cubes on lot `i` (zero once resolved).
    pub fn lot_cubes(&self, i: usize) -> Cubes {
        self.lots[i]
    }

    /// Whether lot `i` is resolved (SOLD).
    pub fn is_sold(&self, i: usize) -> bool {
        self.sold & (1 << i) != 0
    }

    /// The owner colour of a resolved lot.
    pub fn owner(&self, i: usize) -> Option<Colour> {
        self.owner[i]
    }

    /// Cubes that left the game, per colour.
    pub fn removed(&self) -> Cubes {
        self.removed
    }

    /// Cubes won this round still to be placed.
    pub fn hand(&self) -> Cubes {
        self.hand
    }

    /// The broker's auction space (0-based).
    pub fn broker(&self) -> usize {
        self.broker as usize
    }

    /// The round, from 1.
    pub fn round(&self) -> u8 {
        self.round
    }

    /// The seat that rolls this round.
    pub fn roller(&self) -> Seat {
        self.roller as Seat
    }

    /// The last roll of the die.
    pub fn die(&self) -> Option<u8> {
        self.die
    }

    /// The step of the round.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The standing bid (0 when nobody has bid) and its bidder.
    pub fn standing_bid(&self) -> (u32, Option<Seat>) {
        (self.bid, self.bidder.map(|b| b as Seat))
    }

    /// Whether `seat` has passed in this auction.
    pub fn has_passed(&self, seat: Seat) -> bool {
        seat < 8 && self.passed & (1 << seat) != 0
    }

    /// Whether `seat` has taken its loan this round.
    pub fn has_loaned(&self, seat: Seat) -> bool {
        seat < 8 && self.loaned & (1 << seat) != 0
    }

    /// The colours `seat` plays.
    pub fn colours_of(&self, seat: Seat) -> &'static [Colour] {
        colours_of(self.n as usize, seat)
    }

    /// The seat playing `c` (`None` for the neutral colour).
    pub fn seat_of(&self, c: Colour) -> Option<Seat> {
        crate::colour::seat_of(self.n as usize, c)
    }

    /// The most a seat can bid: its coins (2 players: the richer of its colours, since one
    /// colour pays).
    pub fn cash(&self, seat: Seat) -> u32 {
        self.colours_of(seat)
            .iter()
            .map(|c| self.coins[c.idx()])
            .max()
            .unwrap_or(0)
    }

    /// What the next loan of `seat` brings: 9, 8, 7… never less than 0.
    pub fn next_loan_amount(&self, seat: Seat) -> u32 {
        loan_amount(self.loans_taken(seat) as u32 + 1)
    }

    /// Every cube accounted for, per colour: auction spaces, the winner's hand, lots, owner
    /// cubes on sold lots, and cubes out of the game. Always one per auction space.
    pub fn cubes_total(&self) -> Cubes {
        let mut t = [0u32; COLOURS];
        for (c, total) in t.iter_mut().enumerate() {
            *total += self.removed[c] as u32 + self.hand[c] as u32;
            for s in &self.spaces[..self.board.num_spaces()] {
                *total += s[c] as u32;
            }
            for l in &self.lots[..self.board.num_lots()] {
                *total += l[c] as u32;
            }
        }
        for i in 0..self.board.num_lots() {
            if let Some(o) = self.owner[i] {
                t[o.idx()] += 1;
            }
        }
        t.map(|k| k.min(u8::MAX as u32) as u8)
    }

    /// The seat clockwise (to the left) of `seat`.
    #[inline]
    pub fn left_of(&self, seat: Seat) -> Seat {
        (seat + 1) % self.n as usize
    }
}

/// Coins per colour at the start: 10M, or 20M with 2 players.
pub fn start_coins(players: usize) -> u32 {
    if players == 2 {
        20
    } else {
        10
    }
}

/// What the `k`-th loan (from 1) brings: `max(0, 10 - k)`.
pub fn loan_amount(k: u32) -> u32 {
    IOU_VALUE.saturating_sub(k)
}
