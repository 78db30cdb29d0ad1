//! The two rule sets, Modern (2023) and Classic (1994), as data plus small switches.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Which rule set a game follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Edition {
    /// The 2023 edition.
    #[default]
    Modern,
    /// The 1994 edition.
    Classic,
}

/// Everything in which the editions differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Shares per company.
    pub shares_per_company: u8,
    /// Starting money of every player.
    pub start_money: u32,
    /// Cards dealt to each player.
    pub start_hand: usize,
    /// Size of the face-up industry row (0: no row).
    pub row_size: usize,
    /// Level cards by kind (index 0: Modern all-alike card; 2–5: Classic storeys).
    pub level_cards: [u8; 6],
    /// Whether level cards are shuffled into the deck (Classic) or form a face-up stack bought
    /// for [`Rules::level_cost`] (Modern).
    pub levels_in_deck: bool,
    /// Price of an industry card.
    pub card_cost: u32,
    /// Price of a level card from the stack (Modern).
    pub level_cost: u32,
    /// Pieces placed when founding (Modern 4, Classic 3).
    pub founding_pieces: u8,
    /// Minimum price paid per share (Classic 5; Modern 0 = the current price).
    pub min_share_cost: u32,
    /// Prices of a player's first and second tower (owner flag).
    pub tower_costs: [u32; 2],
    /// Whether a player who can neither buy nor play may sell shares before passing.
    pub selling: bool,
    /// End-of-game value of each industry / level card left in hand (negative: a cost).
    pub hand_values: (i64, i64),
    /// Whether ties are broken by towers placed during the game.
    pub tower_tie_break: bool,
    /// What the towers are called.
    pub tower_name: &'static str,
}

/// Maximum share price.
pub const PRICE_CAP: u8 = 50;
/// Building pieces in the game.
pub const PIECES: u8 = 92;
/// Industry cards (one per space).
pub const INDUSTRY_CARDS: usize = 72;
/// Towers (owner flags) per player.
pub const TOWERS_PER_PLAYER: u8 = 2;

const MODERN: Rules = Rules {
    shares_per_company: 12,
    start_money: 40,
    start_hand: 10,
    row_size: 6,
    level_cards: [18, 0, 0, 0, 0, 0],
    levels_in_deck: false,
    card_cost: 5,
    level_cost: 10,
    founding_pieces: 4,
    min_share_cost: 0,
    tower_costs: [15, 30],
    selling: true,
    hand_values: (5, 10),
    tower_tie_break: true,
    tower_name: "radio tower",
};

const CLASSIC: Rules = Rules {
    shares_per_company: 7,
    start_money: 30,
    start_hand: 12,
    row_size: 0,
    level_cards: [0, 0, 6, 5, 4, 3],
    levels_in_deck: true,
    card_cost: 5,
    level_cost: 0,
    founding_pieces: 3,
    min_share_cost: 5,
    tower_costs: [15, 30],
    selling: false,
    hand_values: (-5, -5),
    tower_tie_break: false,
    tower_name: "owner flag",
};

impl Edition {
    /// The edition's rules data.
    #[inline]
    pub fn rules(self) -> &'static Rules {
        match self {
            Edition::Modern => &MODERN,
            Edition::Classic => &CLASSIC,
        }
    }
    /// The edition's name as written on the command line.
    pub fn as_str(self) -> &'static str {
        match self {
            Edition::Modern => "modern",
            Edition::Classic => "classic",
        }
    }
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Edition {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "modern" | "2023" => Ok(Edition::Modern),
            "classic" | "1994" => Ok(Edition::Classic),
            other => Err(format!(
                "unknown edition `{other}` (editions: modern, classic)"
            )),
        }
    }
}
