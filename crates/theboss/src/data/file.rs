//! The data file as written: its tables (`[economy]`, `[[positions]]`,
//! `[[experience_kinds]]`, `[[fate_cards]]`, `[limits]`, `[bots]`, `[variants]`) and what
//! each Fate card does.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// `[economy]`: money and stock.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Economy {
    /// Cash each player starts with (0 to [`MAX_AMOUNT`]).
    pub start_cash: u32,
    /// Value of one share (1 to [`MAX_SHARE_PRICE`]).
    pub share_price: u32,
    /// Shares in the company, all in the Bank at the start (1 to [`MAX_TOTAL_SHARES`]).
    pub total_shares: u32,
    /// Shares change hands in multiples of this.
    pub lot: u32,
    /// Owning more than this many shares wins at once.
    pub win_shares_over: u32,
    /// Money is always a multiple of this (1 to [`MAX_AMOUNT`]).
    pub cash_step: u32,
}

/// Office or executive level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    /// Office jobs 1–4.
    Office,
    /// Executive positions 5–8.
    Executive,
}

/// `[[positions]]`: one position of the board as written in the file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionSpec {
    /// 1–8.
    pub number: u8,
    /// The title, e.g. "Office Boy".
    pub title: String,
    /// Office (1–4) or executive (5–8).
    pub level: Level,
    /// Chairs in the office.
    pub chairs: u8,
    /// Salary per turn (1 to [`MAX_AMOUNT`]).
    pub salary: u32,
    /// Experience needed: kind id → years (1 to [`MAX_YEARS`]).
    #[serde(default)]
    pub requirements: BTreeMap<String, u32>,
    /// Shares needed at the moment of the move.
    #[serde(default)]
    pub min_shares: u32,
    /// Points of one Executive card of this number (executive positions only; at most
    /// [`MAX_AMOUNT`]).
    #[serde(default)]
    pub exec_points: u32,
    /// Executive cards of this number in the Bank at the start (executive positions only).
    #[serde(default)]
    pub exec_cards: u8,
}

/// `[[experience_kinds]]`: one kind of Experience card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExperienceKind {
    /// Short id used in requirements and notation, e.g. `COL`.
    pub id: String,
    /// The card's title.
    pub title: String,
    /// Years one card counts for (1 to [`MAX_YEARS`]).
    pub years_per_card: u32,
    /// Copies in the deck.
    pub count: u32,
}

/// The type of a Fate card as written in the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FateType {
    /// Lets the holder move into an executive position.
    JobAvailable,
    /// The Bank pays an amount.
    Bonus,
    /// Buy shares at a price.
    StockOption,
    /// Fire a player for a severance.
    Fire,
    /// Pay or lose turns, at once.
    FinancialDisaster,
}

/// `[[fate_cards]]`: one type of Fate card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FateSpec {
    /// Id, e.g. `JA5`, `SO50@10`, `FD600-2`.
    pub id: String,
    /// The type.
    #[serde(rename = "type")]
    pub kind: FateType,
    /// Job Available: the executive position.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<u8>,
    /// Bonus: the amount (1 to [`MAX_AMOUNT`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub amount: Option<u32>,
    /// Stock Option: the shares (1 to [`MAX_TOTAL_SHARES`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shares: Option<u32>,
    /// Stock Option: the price per share (1 to [`MAX_SHARE_PRICE`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub price: Option<u32>,
    /// Fire: the severance (1 to [`MAX_AMOUNT`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub severance: Option<u32>,
    /// Financial Disaster: the amount to pay (1 to [`MAX_AMOUNT`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pay: Option<u32>,
    /// Financial Disaster: the turns lost instead.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turns: Option<u8>,
    /// Copies in the deck.
    pub count: u32,
    /// A flavour title the rules ignore.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flavour: Option<String>,
}

/// What a Fate card does, resolved from its [`FateSpec`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum FateEffect {
    /// Move into executive position `position`.
    JobAvailable {
        /// 5–8.
        position: u8,
    },
    /// Collect `amount`.
    Bonus {
        /// Dollars.
        amount: u32,
    },
    /// Buy `shares` shares at `price` each.
    StockOption {
        /// Shares.
        shares: u32,
        /// Dollars per share.
        price: u32,
    },
    /// Fire a player, paying `severance`.
    Fire {
        /// Dollars.
        severance: u32,
    },
    /// Pay `pay` or lose `turns` turns.
    Disaster {
        /// Dollars.
        pay: u32,
        /// Turns.
        turns: u8,
    },
}

/// `[limits]`: counts against stalling (§9.7). Seconds are for clients with clocks only (0 to
/// [`MAX_SECONDS`]; 0 runs no timer); the counts are 1 to [`MAX_LIMIT`] unless said otherwise.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Limits {
    /// Seconds for a Business Transactions step (clients only).
    pub bt_seconds: u32,
    /// Seconds to answer an offer (clients only).
    pub offer_reply_seconds: u32,
    /// Seconds to bid (clients only).
    pub bid_seconds: u32,
    /// Open offers a player may have at once (1 to [`MAX_OPEN_OFFERS_PER_PLAYER`]).
    pub max_open_offers_per_player: u32,
    /// Offers in one Business Transactions step.
    pub max_offers_per_bt: u32,
    /// Offers between one pair of players in one step.
    pub max_offers_per_pair_per_bt: u32,
    /// Seconds of lobbying (clients only).
    pub meeting_lobby_seconds: u32,
    /// Offers during one meeting's lobbying; reaching it closes the lobbying.
    pub meeting_max_offers: u32,
    /// Longest note on an offer (and favour), in characters (0 to [`MAX_NOTE_CHARS`]).
    pub note_max_chars: u32,
}

/// `[bots]`: the reference bot's valuation constants (§9.8): percentages 0 to [`MAX_PERCENT`],
/// money 0 to [`MAX_AMOUNT`], counts 0 to [`MAX_BOT_COUNT`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BotConstants {
    /// Share value in percent of the price when it reaches a threshold.
    pub share_threshold_percent: u32,
    /// Value of a needed Experience card per level of the job it unlocks.
    pub experience_per_level: u32,
    /// Extra value in percent of an Executive card that (nearly) completes the set.
    pub exec_set_bonus_percent: u32,
    /// Value of a usable Job Available card in salaries.
    pub job_available_salary_multiple: u32,
    /// Least gain for accepting an offer, in dollars.
    pub accept_margin_min: u32,
    /// Least gain for accepting an offer, in percent of what is given.
    pub accept_margin_percent: u32,
    /// Offers a bot makes in its own Business Transactions step.
    pub max_own_offers: u32,
    /// Counter-offers per partner per step.
    pub max_counters_per_partner: u32,
    /// Evaluation: turns of salary a job is expected to pay.
    #[serde(default = "default_salary_turns")]
    pub expected_salary_turns: u32,
    /// Evaluation: the worth of being all the way to an immediate win (complete set or the
    /// share win); progress counts with its square.
    #[serde(default = "default_win_progress")]
    pub win_progress_value: u32,
}

fn default_salary_turns() -> u32 {
    4
}

fn default_win_progress() -> u32 {
    6000
}

/// `[variants]`: rule variants, all off by default.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Variants {
    /// Two players: the Bank sells at most `two_player_cap_shares` shares.
    #[serde(default)]
    pub two_player_share_cap: bool,
    /// The cap of that variant.
    #[serde(default)]
    pub two_player_cap_shares: u32,
}

/// The file as written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DataFile {
    /// `[economy]`.
    pub economy: Economy,
    /// `[[positions]]`.
    pub positions: Vec<PositionSpec>,
    /// `[[experience_kinds]]`.
    pub experience_kinds: Vec<ExperienceKind>,
    /// `[[fate_cards]]`.
    pub fate_cards: Vec<FateSpec>,
    /// `[limits]`.
    pub limits: Limits,
    /// `[bots]`.
    pub bots: BotConstants,
    /// `[variants]`.
    #[serde(default = "no_variants")]
    pub variants: Variants,
}

fn no_variants() -> Variants {
    Variants {
        two_player_share_cap: false,
        two_player_cap_shares: 0,
    }
}
