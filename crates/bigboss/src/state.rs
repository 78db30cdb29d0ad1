//! The game state, its configuration and the set-up of a new game.

use crate::board::{Board, Space};
use crate::card::{Card, Hand, IndustrySet, LEVEL_KINDS};
use crate::company::{Company, CompanyId, COMPANIES};
use crate::edition::{Edition, Rules, INDUSTRY_CARDS, PIECES};
use crate::event::EndReason;
use arrayvec::ArrayVec;
use boardroom_engine::{rng, ConfigError, Seat};
use rand::seq::SliceRandom;
use rand::Rng;
use serde::{Deserialize, Serialize};

/// Most players at a table.
pub const MAX_PLAYERS: usize = 6;
/// Fewest players at a table.
pub const MIN_PLAYERS: usize = 2;
/// Player colours by seat.
pub const PLAYER_COLOURS: [&str; MAX_PLAYERS] =
    ["Red", "Blue", "Green", "Yellow", "Purple", "Orange"];
/// Cards in the largest deck (Classic: 72 industry + 18 storey cards).
pub const MAX_DECK: usize = 90;

/// The table settings of a Big Boss game.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// Modern (2023) or Classic (1994) rules.
    #[serde(default)]
    pub edition: Edition,
    /// Number of players, 2–6.
    pub players: usize,
    /// The seat that starts; chosen at random from the seed when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_player: Option<Seat>,
}

impl Config {
    /// A configuration for `players` players of `edition`, first player drawn from the seed.
    pub fn new(edition: Edition, players: usize) -> Self {
        Config {
            edition,
            players,
            first_player: None,
        }
    }

    /// Checks the player count and first player.
    pub fn validate(&self) -> Result<(), ConfigError> {
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&self.players) {
            return Err(ConfigError(format!(
                "Big Boss is for 2 to 6 players, not {}",
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
        Ok(())
    }
}

/// One player's holdings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Player {
    /// Money in millions.
    pub money: u32,
    /// Shares held per company.
    pub shares: [u8; COMPANIES],
    /// Towers (owner flags) placed so far, removed ones included (0–2).
    pub towers_placed: u8,
    /// The hand (secret, except its size).
    pub hand: Hand,
    /// Industry cards in hand that every player knows of (bought from the face-up row).
    pub known: IndustrySet,
}

/// Where the game is within the current turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case", deny_unknown_fields)]
pub enum Phase {
    /// Start of a turn: buy a card, play a card, or (unable to do either) sell and pass.
    Turn,
    /// Shares were sold (Modern): sell more or pass.
    Selling,
    /// Industry card `card` founds a company: choose the three spaces.
    ChooseTriple {
        /// The card played.
        card: Space,
    },
    /// Founding (Modern): choose the space for the fourth piece.
    ChooseDouble {
        /// The card played.
        card: Space,
        /// First of the three spaces.
        start: Space,
    },
    /// Founding: choose the company.
    ChooseCompany {
        /// The card played.
        card: Space,
        /// First of the three spaces.
        start: Space,
        /// The space with the fourth piece (Modern).
        double: Option<Space>,
    },
    /// A level card of kind `kind` (0 Modern, 2–5 Classic storey) was played: choose its space.
    ChooseLevelSpace {
        /// The level card's kind.
        kind: u8,
    },
    /// The piece on `space` connects `left` and `right`: choose which gets it.
    ChooseJoin {
        /// The connecting space (still empty).
        space: Space,
        /// The company before it on the loop.
        left: CompanyId,
        /// The company after it on the loop.
        right: CompanyId,
    },
    /// Equal prices after the connecting piece: choose which company acquires the other.
    ChooseSurvivor {
        /// The connecting space (now built).
        space: Space,
        /// The company before it on the loop.
        left: CompanyId,
        /// The company after it on the loop.
        right: CompanyId,
    },
    /// Step 5: buy up to 2 shares, optionally a tower on `company`, then end the turn.
    Invest {
        /// The company founded or expanded this turn.
        company: CompanyId,
        /// Shares bought so far this turn.
        shares: u8,
    },
    /// The game is over.
    Over {
        /// Why it ended.
        reason: EndReason,
    },
}

/// A Big Boss game: the complete state, secrets included. Cheap to clone (no heap data).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BigBoss {
    pub(crate) edition: Edition,
    pub(crate) n: u8,
    pub(crate) first_player: Option<Seat>,
    pub(crate) players: [Player; MAX_PLAYERS],
    pub(crate) board: Board,
    pub(crate) companies: [Company; COMPANIES],
    pub(crate) pieces: u8,
    /// The deck; its top is the last element.
    pub(crate) deck: ArrayVec<Card, MAX_DECK>,
    pub(crate) row: ArrayVec<Space, 6>,
    pub(crate) level_stack: u8,
    pub(crate) discard: Hand,
    pub(crate) current: u8,
    pub(crate) phase: Phase,
    pub(crate) passes: u8,
    pub(crate) turn: u32,
}

impl BigBoss {
    /// Sets up a new game: the deck is shuffled from `seed` (Modern: the face-up row is turned
    /// up first, then each player in seat order draws a hand), then the first player is drawn
    /// (unless the config names one).
    pub fn new_game(config: &Config, seed: u64) -> Result<Self, ConfigError> {
        config.validate()?;
        let rules = config.edition.rules();
        let mut rng = rng::from_seed(seed);
        let mut deck: ArrayVec<Card, MAX_DECK> =
            (1..=INDUSTRY_CARDS as u8).map(Card::Industry).collect();
        if rules.levels_in_deck {
            for k in LEVEL_KINDS {
                for _ in 0..rules.level_cards[k as usize] {
                    deck.push(Card::Level(k));
                }
            }
        }
        deck.shuffle(&mut rng);
        let mut row = ArrayVec::new();
        for _ in 0..rules.row_size {
            if let Some(Card::Industry(s)) = deck.pop() {
                row.push(s);
            }
        }
        let mut players = [Player::default(); MAX_PLAYERS];
        for p in players.iter_mut().take(config.players) {
            p.money = rules.start_money;
            for _ in 0..rules.start_hand {
                let card = deck.pop().expect("deck holds enough cards for 6 hands");
                p.hand.add(card);
            }
        }
        let first = match config.first_player {
            Some(f) => f,
            None => rng.gen_range(0..config.players),
        };
        Ok(BigBoss {
            edition: config.edition,
            n: config.players as u8,
            first_player: config.first_player,
            players,
            board: Board::default(),
            companies: [Company::default(); COMPANIES],
            pieces: PIECES,
            deck,
            row,
            level_stack: if rules.levels_in_deck {
                0
            } else {
                rules.level_cards[0]
            },
            discard: Hand::default(),
            current: first as u8,
            phase: Phase::Turn,
            passes: 0,
            turn: 1,
        })
    }

    /// The table configuration.
    pub fn config(&self) -> Config {
        Config {
            edition: self.edition,
            players: self.n as usize,
            first_player: self.first_player,
        }
    }

    /// The rule set.
    pub fn edition(&self) -> Edition {
        self.edition
    }

    /// The edition's rules data.
    #[inline]
    pub fn rules(&self) -> &'static Rules {
        self.edition.rules()
    }

    /// Number of players.
    pub fn players(&self) -> usize {
        self.n as usize
    }

    /// A player's holdings (hand included: this is the full state, not an observation).
    pub fn player(&self, seat: Seat) -> &Player {
        &self.players[seat]
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// A company's state.
    pub fn company(&self, c: CompanyId) -> &Company {
        &self.companies[c.idx()]
    }

    /// Building pieces left in the supply.
    pub fn pieces(&self) -> u8 {
        self.pieces
    }

    /// Cards left in the deck.
    pub fn deck_len(&self) -> usize {
        self.deck.len()
    }

    /// The face-up industry row (Modern).
    pub fn row(&self) -> &[Space] {
        &self.row
    }

    /// Level cards left in the face-up stack (Modern).
    pub fn level_stack(&self) -> u8 {
        self.level_stack
    }

    /// The discard pile.
    pub fn discard(&self) -> &Hand {
        &self.discard
    }

    /// The seat whose turn it is.
    pub fn current(&self) -> Seat {
        self.current as Seat
    }

    /// The step within the turn.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Consecutive passes so far.
    pub fn passes(&self) -> u8 {
        self.passes
    }

    /// The turn number, from 1.
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// Total pieces accounted for (board + supply); always 92.
    pub fn pieces_total(&self) -> u32 {
        self.board.pieces() + self.pieces as u32
    }
}
