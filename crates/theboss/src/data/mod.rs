//! The game's data set as a file: economy, positions, Experience kinds, Fate cards, limits, bot
//! constants and variants (rules file §1–§4, §9.7, §9.8, layout of §12).
//!
//! The default set ships in `data/the_boss.toml` and is embedded; another set is read with
//! [`Data::from_toml`], which validates it and names the field at fault. This module holds the
//! validated set and what the rules read of it; `file` the file as written, `build` its
//! validation.

mod build;
mod file;
#[cfg(test)]
mod tests;

pub use build::DataError;
pub use file::{
    BotConstants, DataFile, Economy, ExperienceKind, FateEffect, FateSpec, FateType, Level, Limits,
    PositionSpec, Variants,
};

/// The default data file, embedded.
pub const DEFAULT_DATA_TOML: &str = include_str!("../../data/the_boss.toml");

/// Number of positions on the board (offices 1–4, executive offices 5–8).
pub const POSITIONS: usize = 8;
/// The first executive position.
pub const FIRST_EXEC: u8 = 5;
/// Most Executive cards of one number a player may own (rulebook).
pub const MAX_EXEC_PER_NUMBER: u8 = 2;
/// Cards of each executive number (5, 6, 7, 8) that make a complete set (rulebook).
pub const COMPLETE_SET: [u8; 4] = [2, 2, 1, 1];
/// Most Experience kinds a data file may define.
pub const MAX_KINDS: usize = 16;
/// Longest id of an Experience kind or Fate card type.
pub const MAX_ID_LEN: usize = 12;

/// Largest amount of money one value of a data file may hold (start cash, a salary, an
/// Executive card's points, a Fate card's amount, severance or payment, the bots' money
/// constants). Money enters a game only through start cash, salaries and bonuses, and a game
/// has at most a few hundred salaried turns (every turn that pays ends with a draw, and the
/// decks hold at most 500 cards), so cash stays far below `u32::MAX` (about 4.29 billion).
pub const MAX_AMOUNT: u32 = 1_000_000;
/// Highest share price (and Stock Option price): all the shares at this price,
/// `MAX_TOTAL_SHARES × MAX_SHARE_PRICE`, is 1 billion, still a `u32`.
pub const MAX_SHARE_PRICE: u32 = 10_000;
/// Most shares in the company.
pub const MAX_TOTAL_SHARES: u32 = 100_000;
/// Longest timer (`[limits]`' seconds): a day. 0 runs no timer.
pub const MAX_SECONDS: u32 = 86_400;
/// Most years a requirement may ask or one Experience card may count for.
pub const MAX_YEARS: u32 = 1_000;
/// Most open offers a player may have at once, whatever the data file says: the state (and
/// every observation and message built from it) stays small.
pub const MAX_OPEN_OFFERS_PER_PLAYER: u32 = 20;
/// Longest note on an offer (and favour of a promise), in characters, whatever the data file
/// says.
pub const MAX_NOTE_CHARS: u32 = 200;
/// Largest count limit of `[limits]` (offers per step, per pair, per meeting).
pub const MAX_LIMIT: u32 = 1_000;
/// Largest percentage of `[bots]`.
pub const MAX_PERCENT: u32 = 1_000;
/// Largest count of `[bots]` (offers, counter-offers, turns, salary multiples).
pub const MAX_BOT_COUNT: u32 = 100;

/// One requirement of a position: at least `years` years of Experience kind `kind`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Requirement {
    /// Index into [`Data::kinds`].
    pub kind: u8,
    /// Years needed.
    pub years: u32,
}

/// A position, validated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionData {
    /// 1–8.
    pub number: u8,
    /// Title.
    pub title: String,
    /// Level.
    pub level: Level,
    /// Chairs.
    pub chairs: u8,
    /// Salary.
    pub salary: u32,
    /// Experience needed.
    pub requirements: Vec<Requirement>,
    /// Shares needed.
    pub min_shares: u32,
    /// Points per Executive card (0 for offices).
    pub exec_points: u32,
    /// Executive cards at the start (0 for offices).
    pub exec_cards: u8,
}

/// A validated data set, ready for play. Card ids are indexes into the card tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Data {
    /// The file it was built from (kept for positions and configurations).
    pub file: DataFile,
    /// Positions 1–8 (index 0 is position 1).
    pub positions: Vec<PositionData>,
    /// Experience kinds.
    pub kinds: Vec<ExperienceKind>,
    /// Cap of each kind: the most years any position needs, in cards.
    pub caps: Vec<u32>,
    /// Kind of each Experience card (card id → kind index).
    pub exp_cards: Vec<u8>,
    /// Type index of each Fate card (card id → index into `fate_specs`).
    pub fate_cards: Vec<u8>,
    /// Effect of each Fate card type.
    pub fate_effects: Vec<FateEffect>,
    /// Executive number (5–8) of each Executive card.
    pub exec_cards: Vec<u8>,
}

impl Data {
    /// The default data set (`data/the_boss.toml`).
    pub fn default_data() -> Data {
        Data::from_toml(DEFAULT_DATA_TOML).expect("the shipped data file is valid")
    }

    /// Reads and validates a data file.
    pub fn from_toml(text: &str) -> Result<Data, DataError> {
        let file: DataFile =
            toml::from_str(text).map_err(|e| DataError::Malformed(e.to_string()))?;
        Data::build(file)
    }

    /// The economy.
    pub fn economy(&self) -> &Economy {
        &self.file.economy
    }

    /// The limits.
    pub fn limits(&self) -> &Limits {
        &self.file.limits
    }

    /// Position `number` (1–8).
    pub fn position(&self, number: u8) -> &PositionData {
        &self.positions[number as usize - 1]
    }

    /// The effect of Fate card `card`.
    pub fn fate_effect(&self, card: u8) -> FateEffect {
        self.fate_effects[self.fate_cards[card as usize] as usize]
    }

    /// The id of Fate card `card`'s type, e.g. `FIRE300`.
    pub fn fate_id(&self, card: u8) -> &str {
        &self.file.fate_cards[self.fate_cards[card as usize] as usize].id
    }

    /// The kind index of Experience card `card`.
    pub fn exp_kind(&self, card: u8) -> u8 {
        self.exp_cards[card as usize]
    }

    /// The kind id of Experience card `card`, e.g. `COL`.
    pub fn exp_kind_id(&self, card: u8) -> &str {
        &self.kinds[self.exp_kind(card) as usize].id
    }

    /// The kind index of id `id` (any case).
    pub fn kind_index(&self, id: &str) -> Option<u8> {
        self.kinds
            .iter()
            .position(|k| k.id.eq_ignore_ascii_case(id))
            .map(|i| i as u8)
    }

    /// The index of a Fate card type by id (any case).
    pub fn fate_type_index(&self, id: &str) -> Option<u8> {
        self.file
            .fate_cards
            .iter()
            .position(|k| k.id.eq_ignore_ascii_case(id))
            .map(|i| i as u8)
    }

    /// The executive number (5–8) of Executive card `card`.
    pub fn exec_number(&self, card: u8) -> u8 {
        self.exec_cards[card as usize]
    }

    /// Points of Executive card `card`.
    pub fn exec_points(&self, card: u8) -> u32 {
        self.position(self.exec_number(card)).exec_points
    }

    /// The largest Bank sale this table allows (the two-player cap variant).
    pub fn bank_cap(&self, players: usize) -> u32 {
        let v = &self.file.variants;
        if players == 2 && v.two_player_share_cap {
            v.two_player_cap_shares
        } else {
            self.file.economy.total_shares
        }
    }
}
