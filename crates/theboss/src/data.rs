//! The game's data set as a file: economy, positions, Experience kinds, Fate cards, limits, bot
//! constants and variants (rules file §1–§4, §9.7, §9.8, layout of §12).
//!
//! The default set ships in `data/the_boss.toml` and is embedded; another set is read with
//! [`Data::from_toml`], which validates it and names the field at fault.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use thiserror::Error;

/// The default data file, embedded.
pub const DEFAULT_DATA_TOML: &str = include_str!("../data/the_boss.toml");

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

/// Why a data file cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DataError {
    /// The text is not a data file at all.
    #[error("malformed data file: {0}")]
    Malformed(String),
    /// A field holds an impossible value.
    #[error("invalid data file: {field}: {reason}")]
    Invalid {
        /// Where, e.g. `positions[4].chairs`.
        field: String,
        /// What is wrong.
        reason: String,
    },
}

fn invalid<T>(field: impl Into<String>, reason: impl Into<String>) -> Result<T, DataError> {
    Err(DataError::Invalid {
        field: field.into(),
        reason: reason.into(),
    })
}

/// Checks that `value` of `field` lies in `lo..=hi`, naming the field and the range.
fn in_range(field: impl Into<String>, value: u32, lo: u32, hi: u32) -> Result<(), DataError> {
    if (lo..=hi).contains(&value) {
        Ok(())
    } else {
        invalid(
            field,
            format!("{value} is out of range: must be {lo} to {hi}"),
        )
    }
}

/// Checks that every number of the file lies in its documented range (the constants above),
/// before any other check computes with them: no later sum or product can overflow.
fn check_ranges(file: &DataFile) -> Result<(), DataError> {
    let e = &file.economy;
    in_range("economy.start_cash", e.start_cash, 0, MAX_AMOUNT)?;
    in_range("economy.share_price", e.share_price, 1, MAX_SHARE_PRICE)?;
    in_range("economy.total_shares", e.total_shares, 1, MAX_TOTAL_SHARES)?;
    in_range("economy.lot", e.lot, 1, MAX_TOTAL_SHARES)?;
    in_range(
        "economy.win_shares_over",
        e.win_shares_over,
        0,
        MAX_TOTAL_SHARES,
    )?;
    in_range("economy.cash_step", e.cash_step, 1, MAX_AMOUNT)?;
    for (i, p) in file.positions.iter().enumerate() {
        let f = |x: &str| format!("positions[{i}].{x}");
        in_range(f("salary"), p.salary, 1, MAX_AMOUNT)?;
        in_range(f("min_shares"), p.min_shares, 0, MAX_TOTAL_SHARES)?;
        in_range(f("exec_points"), p.exec_points, 0, MAX_AMOUNT)?;
        for (kind, &years) in &p.requirements {
            in_range(f(&format!("requirements.{kind}")), years, 1, MAX_YEARS)?;
        }
    }
    for (i, k) in file.experience_kinds.iter().enumerate() {
        in_range(
            format!("experience_kinds[{i}].years_per_card"),
            k.years_per_card,
            1,
            MAX_YEARS,
        )?;
    }
    for (i, c) in file.fate_cards.iter().enumerate() {
        let f = |x: &str| format!("fate_cards[{i}].{x}");
        for (name, v) in [
            ("amount", c.amount),
            ("severance", c.severance),
            ("pay", c.pay),
        ] {
            if let Some(v) = v {
                in_range(f(name), v, 1, MAX_AMOUNT)?;
            }
        }
        if let Some(v) = c.shares {
            in_range(f("shares"), v, 1, MAX_TOTAL_SHARES)?;
        }
        if let Some(v) = c.price {
            in_range(f("price"), v, 1, MAX_SHARE_PRICE)?;
        }
    }
    let l = &file.limits;
    for (name, v) in [
        ("bt_seconds", l.bt_seconds),
        ("offer_reply_seconds", l.offer_reply_seconds),
        ("bid_seconds", l.bid_seconds),
        ("meeting_lobby_seconds", l.meeting_lobby_seconds),
    ] {
        in_range(format!("limits.{name}"), v, 0, MAX_SECONDS)?;
    }
    in_range(
        "limits.max_open_offers_per_player",
        l.max_open_offers_per_player,
        1,
        MAX_OPEN_OFFERS_PER_PLAYER,
    )?;
    for (name, v) in [
        ("max_offers_per_bt", l.max_offers_per_bt),
        ("max_offers_per_pair_per_bt", l.max_offers_per_pair_per_bt),
        ("meeting_max_offers", l.meeting_max_offers),
    ] {
        in_range(format!("limits.{name}"), v, 1, MAX_LIMIT)?;
    }
    in_range("limits.note_max_chars", l.note_max_chars, 0, MAX_NOTE_CHARS)?;
    let b = &file.bots;
    for (name, v, hi) in [
        (
            "share_threshold_percent",
            b.share_threshold_percent,
            MAX_PERCENT,
        ),
        ("experience_per_level", b.experience_per_level, MAX_AMOUNT),
        (
            "exec_set_bonus_percent",
            b.exec_set_bonus_percent,
            MAX_PERCENT,
        ),
        (
            "job_available_salary_multiple",
            b.job_available_salary_multiple,
            MAX_BOT_COUNT,
        ),
        ("accept_margin_min", b.accept_margin_min, MAX_AMOUNT),
        (
            "accept_margin_percent",
            b.accept_margin_percent,
            MAX_PERCENT,
        ),
        ("max_own_offers", b.max_own_offers, MAX_BOT_COUNT),
        (
            "max_counters_per_partner",
            b.max_counters_per_partner,
            MAX_BOT_COUNT,
        ),
        (
            "expected_salary_turns",
            b.expected_salary_turns,
            MAX_BOT_COUNT,
        ),
        ("win_progress_value", b.win_progress_value, MAX_AMOUNT),
    ] {
        in_range(format!("bots.{name}"), v, 0, hi)?;
    }
    in_range(
        "variants.two_player_cap_shares",
        file.variants.two_player_cap_shares,
        0,
        MAX_TOTAL_SHARES,
    )
}

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

    /// Validates a parsed data file.
    pub fn build(file: DataFile) -> Result<Data, DataError> {
        check_ranges(&file)?;
        let e = &file.economy;
        if e.cash_step == 0 {
            return invalid("economy.cash_step", "must be at least 1");
        }
        if e.lot == 0 {
            return invalid("economy.lot", "must be at least 1");
        }
        if e.share_price == 0 {
            return invalid("economy.share_price", "must be at least 1");
        }
        if !e.start_cash.is_multiple_of(e.cash_step) {
            return invalid(
                "economy.start_cash",
                format!("must be a multiple of ${}", e.cash_step),
            );
        }
        if !e.total_shares.is_multiple_of(e.lot) {
            return invalid(
                "economy.total_shares",
                format!(
                    "must be a positive multiple of {} shares, at most 100000",
                    e.lot
                ),
            );
        }
        if e.win_shares_over >= e.total_shares {
            return invalid(
                "economy.win_shares_over",
                "must be below economy.total_shares (or nobody could ever win by shares)",
            );
        }
        // Experience kinds.
        if file.experience_kinds.is_empty() || file.experience_kinds.len() > MAX_KINDS {
            return invalid(
                "experience_kinds",
                format!("must hold 1 to {MAX_KINDS} kinds"),
            );
        }
        let mut kind_index: BTreeMap<String, u8> = BTreeMap::new();
        let mut exp_cards = Vec::new();
        for (i, k) in file.experience_kinds.iter().enumerate() {
            let f = |x: &str| format!("experience_kinds[{i}].{x}");
            check_id(&k.id, &f("id"))?;
            if kind_index
                .insert(k.id.to_ascii_uppercase(), i as u8)
                .is_some()
            {
                return invalid(f("id"), format!("`{}` is defined twice", k.id));
            }
            if k.years_per_card == 0 {
                return invalid(f("years_per_card"), "must be at least 1");
            }
            if k.count == 0 || k.count > 200 {
                return invalid(f("count"), "must be 1 to 200");
            }
            exp_cards.extend(std::iter::repeat_n(i as u8, k.count as usize));
        }
        if exp_cards.len() > 250 {
            return invalid("experience_kinds", "at most 250 Experience cards in all");
        }
        // Positions.
        if file.positions.len() != POSITIONS {
            return invalid(
                "positions",
                format!(
                    "the board has exactly {POSITIONS} positions, not {}",
                    file.positions.len()
                ),
            );
        }
        let mut positions = Vec::new();
        let mut exec_cards = Vec::new();
        let mut caps = vec![0u32; file.experience_kinds.len()];
        for (i, p) in file.positions.iter().enumerate() {
            let f = |x: &str| format!("positions[{i}].{x}");
            let number = i as u8 + 1;
            if p.number != number {
                return invalid(
                    f("number"),
                    format!(
                        "positions are listed in order 1-8: expected {number}, found {}",
                        p.number
                    ),
                );
            }
            let want = if number >= FIRST_EXEC {
                Level::Executive
            } else {
                Level::Office
            };
            if p.level != want {
                return invalid(
                    f("level"),
                    "positions 1-4 are office jobs and 5-8 executive positions",
                );
            }
            if p.title.trim().is_empty() {
                return invalid(f("title"), "must not be empty");
            }
            if p.chairs == 0 {
                return invalid(f("chairs"), "must be at least 1");
            }
            if p.chairs > 4 {
                return invalid(f("chairs"), "must be at most 4");
            }
            if p.salary == 0 || p.salary % e.cash_step != 0 {
                return invalid(
                    f("salary"),
                    format!("must be a positive multiple of ${}", e.cash_step),
                );
            }
            if p.min_shares % e.lot != 0 || p.min_shares > e.total_shares {
                return invalid(
                    f("min_shares"),
                    format!("must be a multiple of {} shares, at most the total", e.lot),
                );
            }
            if want == Level::Office {
                if p.min_shares != 0 {
                    return invalid(f("min_shares"), "office jobs need no stock");
                }
                if p.exec_points != 0 || p.exec_cards != 0 {
                    return invalid(f("exec_cards"), "office jobs have no Executive cards");
                }
            } else {
                if p.exec_points == 0 || p.exec_points % e.cash_step != 0 {
                    return invalid(
                        f("exec_points"),
                        format!("must be a positive multiple of {}", e.cash_step),
                    );
                }
                let need = COMPLETE_SET[(number - FIRST_EXEC) as usize];
                if p.exec_cards < need {
                    return invalid(
                        f("exec_cards"),
                        format!("must be at least {need} (a complete set needs {need})"),
                    );
                }
                if p.exec_cards > 20 {
                    return invalid(f("exec_cards"), "must be at most 20");
                }
                exec_cards.extend(std::iter::repeat_n(number, p.exec_cards as usize));
            }
            let mut requirements = Vec::new();
            for (kind, &years) in &p.requirements {
                let Some(&k) = kind_index.get(&kind.to_ascii_uppercase()) else {
                    return invalid(
                        format!("positions[{i}].requirements.{kind}"),
                        format!("unknown experience kind `{kind}`"),
                    );
                };
                if years == 0 {
                    return invalid(
                        format!("positions[{i}].requirements.{kind}"),
                        "must be at least 1 year",
                    );
                }
                let per = file.experience_kinds[k as usize].years_per_card;
                let cards = years.div_ceil(per);
                if cards > file.experience_kinds[k as usize].count {
                    return invalid(
                        format!("positions[{i}].requirements.{kind}"),
                        format!("needs {cards} cards but the deck holds fewer"),
                    );
                }
                caps[k as usize] = caps[k as usize].max(cards);
                requirements.push(Requirement { kind: k, years });
            }
            positions.push(PositionData {
                number,
                title: p.title.clone(),
                level: p.level,
                chairs: p.chairs,
                salary: p.salary,
                requirements,
                min_shares: p.min_shares,
                exec_points: p.exec_points,
                exec_cards: p.exec_cards,
            });
        }
        // Fate cards.
        let mut fate_effects = Vec::new();
        let mut fate_cards = Vec::new();
        let mut seen = BTreeMap::new();
        if file.fate_cards.is_empty() {
            return invalid("fate_cards", "the Fate deck needs at least one card");
        }
        for (i, c) in file.fate_cards.iter().enumerate() {
            let f = |x: &str| format!("fate_cards[{i}].{x}");
            check_id(&c.id, &f("id"))?;
            if seen.insert(c.id.to_ascii_uppercase(), i).is_some() {
                return invalid(f("id"), format!("`{}` is defined twice", c.id));
            }
            if c.count == 0 || c.count > 100 {
                return invalid(f("count"), "must be 1 to 100");
            }
            let money = |name: &str, v: Option<u32>| -> Result<u32, DataError> {
                match v {
                    None => invalid(f(name), format!("a {:?} card needs `{name}`", c.kind)),
                    Some(v) if v == 0 || v % e.cash_step != 0 => invalid(
                        f(name),
                        format!("must be a positive multiple of ${}", e.cash_step),
                    ),
                    Some(v) => Ok(v),
                }
            };
            let allowed: &[&str] = match c.kind {
                FateType::JobAvailable => &["position"],
                FateType::Bonus => &["amount"],
                FateType::StockOption => &["shares", "price"],
                FateType::Fire => &["severance"],
                FateType::FinancialDisaster => &["pay", "turns"],
            };
            for (name, present) in [
                ("position", c.position.is_some()),
                ("amount", c.amount.is_some()),
                ("shares", c.shares.is_some()),
                ("price", c.price.is_some()),
                ("severance", c.severance.is_some()),
                ("pay", c.pay.is_some()),
                ("turns", c.turns.is_some()),
            ] {
                if present && !allowed.contains(&name) {
                    return invalid(f(name), format!("not a field of a {:?} card", c.kind));
                }
            }
            let effect = match c.kind {
                FateType::JobAvailable => match c.position {
                    Some(p) if (FIRST_EXEC..=POSITIONS as u8).contains(&p) => {
                        FateEffect::JobAvailable { position: p }
                    }
                    Some(p) => {
                        return invalid(
                            f("position"),
                            format!("must be an executive position 5-8, not {p}"),
                        )
                    }
                    None => return invalid(f("position"), "a Job Available card needs `position`"),
                },
                FateType::Bonus => FateEffect::Bonus {
                    amount: money("amount", c.amount)?,
                },
                FateType::StockOption => {
                    let shares = match c.shares {
                        Some(s) if s > 0 && s % e.lot == 0 => s,
                        _ => {
                            return invalid(
                                f("shares"),
                                format!("must be a positive multiple of {} shares", e.lot),
                            )
                        }
                    };
                    let price = match c.price {
                        Some(p) if p > 0 && (p * shares) % e.cash_step == 0 => p,
                        _ => {
                            return invalid(
                                f("price"),
                                format!(
                                    "must be positive and make the total a multiple of ${}",
                                    e.cash_step
                                ),
                            )
                        }
                    };
                    FateEffect::StockOption { shares, price }
                }
                FateType::Fire => FateEffect::Fire {
                    severance: money("severance", c.severance)?,
                },
                FateType::FinancialDisaster => {
                    let pay = money("pay", c.pay)?;
                    let turns = match c.turns {
                        Some(t) if (1..=9).contains(&t) => t,
                        _ => return invalid(f("turns"), "must be 1 to 9"),
                    };
                    FateEffect::Disaster { pay, turns }
                }
            };
            fate_effects.push(effect);
            fate_cards.extend(std::iter::repeat_n(i as u8, c.count as usize));
        }
        if fate_cards.len() > 250 {
            return invalid("fate_cards", "at most 250 Fate cards in all");
        }
        // `[limits]` and `[bots]` are bounded by `check_ranges`.
        let v = &file.variants;
        if v.two_player_share_cap
            && (v.two_player_cap_shares == 0
                || !v.two_player_cap_shares.is_multiple_of(e.lot)
                || v.two_player_cap_shares > e.total_shares)
        {
            return invalid(
                "variants.two_player_cap_shares",
                format!(
                    "must be a positive multiple of {} shares, at most the total",
                    e.lot
                ),
            );
        }
        Ok(Data {
            kinds: file.experience_kinds.clone(),
            file,
            positions,
            caps,
            exp_cards,
            fate_cards,
            fate_effects,
            exec_cards,
        })
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

fn check_id(id: &str, field: &str) -> Result<(), DataError> {
    if id.is_empty()
        || id.len() > MAX_ID_LEN
        || !id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '@' | '-' | '_'))
        || !id.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
    {
        return invalid(
            field,
            format!(
                "`{id}` must be 1-{MAX_ID_LEN} letters, digits, `@`, `-` or `_`, starting with a letter"
            ),
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_data_matches_the_rules_file() {
        let d = Data::default_data();
        assert_eq!(d.exp_cards.len(), 48);
        assert_eq!(d.fate_cards.len(), 56);
        assert_eq!(d.exec_cards.len(), 20);
        let idx = |id: &str| d.kind_index(id).unwrap() as usize;
        assert_eq!(d.caps[idx("HS")], 1);
        assert_eq!(d.caps[idx("COL")], 2);
        assert_eq!(d.caps[idx("HC")], 1);
        assert_eq!(d.position(8).exec_points, 1800);
        let count =
            |f: fn(&FateEffect) -> bool| (0..56u8).filter(|&c| f(&d.fate_effect(c))).count();
        assert_eq!(count(|e| matches!(e, FateEffect::JobAvailable { .. })), 15);
        assert_eq!(count(|e| matches!(e, FateEffect::Bonus { .. })), 10);
        assert_eq!(count(|e| matches!(e, FateEffect::StockOption { .. })), 8);
        assert_eq!(count(|e| matches!(e, FateEffect::Fire { .. })), 11);
        assert_eq!(count(|e| matches!(e, FateEffect::Disaster { .. })), 12);
    }

    fn edited(from: &str, to: &str) -> Result<Data, DataError> {
        assert!(DEFAULT_DATA_TOML.contains(from), "{from}");
        Data::from_toml(&DEFAULT_DATA_TOML.replacen(from, to, 1))
    }

    fn field_of(r: Result<Data, DataError>) -> String {
        match r {
            Err(DataError::Invalid { field, .. }) => field,
            other => panic!("expected an invalid field, got {other:?}"),
        }
    }

    #[test]
    fn validation_names_the_field() {
        assert_eq!(
            field_of(edited(
                "chairs = 2\nsalary = 600",
                "chairs = 0\nsalary = 600"
            )),
            "positions[4].chairs"
        );
        assert_eq!(
            field_of(edited("{ COL = 4, DM = 2 }", "{ COL = 4, XX = 2 }")),
            "positions[4].requirements.XX"
        );
        assert_eq!(
            field_of(edited("start_cash = 500", "start_cash = 505")),
            "economy.start_cash"
        );
        assert_eq!(
            field_of(edited("total_shares = 1500", "total_shares = 1505")),
            "economy.total_shares"
        );
        assert_eq!(
            field_of(edited("salary = 200", "salary = 205")),
            "positions[0].salary"
        );
        assert_eq!(
            field_of(edited("min_shares = 100", "min_shares = 105")),
            "positions[4].min_shares"
        );
        assert_eq!(
            field_of(edited("shares = 50\nprice = 10", "shares = 55\nprice = 10")),
            "fate_cards[8].shares"
        );
        assert_eq!(
            field_of(edited("position = 5", "position = 3")),
            "fate_cards[0].position"
        );
        assert_eq!(
            field_of(edited("id = \"OB\"", "id = \"HS\"")),
            "experience_kinds[2].id"
        );
        assert_eq!(
            field_of(edited("turns = 3", "turns = 0")),
            "fate_cards[20].turns"
        );
        assert_eq!(
            field_of(edited("exec_cards = 4", "exec_cards = 0")),
            "positions[6].exec_cards"
        );
    }

    /// Values up to about 2^32 were accepted, and games then showed wrapped money.
    #[test]
    fn every_value_is_bounded_naming_the_field_and_the_range() {
        let cases = [
            (
                "start_cash = 500",
                "start_cash = 4294967290",
                "economy.start_cash",
                "0 to 1000000",
            ),
            (
                "share_price = 20",
                "share_price = 4294967295",
                "economy.share_price",
                "1 to 10000",
            ),
            (
                "cash_step = 10",
                "cash_step = 4294967290",
                "economy.cash_step",
                "1 to 1000000",
            ),
            (
                "salary = 200",
                "salary = 4294967290",
                "positions[0].salary",
                "1 to 1000000",
            ),
            (
                "exec_points = 800",
                "exec_points = 4000000000",
                "positions[4].exec_points",
                "0 to 1000000",
            ),
            (
                "{ COL = 4, DM = 2 }",
                "{ COL = 4000, DM = 2 }",
                "positions[4].requirements.COL",
                "1 to 1000",
            ),
            (
                "shares = 50\nprice = 10",
                "shares = 50\nprice = 429496730",
                "fate_cards[8].price",
                "1 to 10000",
            ),
            (
                "shares = 50\nprice = 10",
                "shares = 429496730\nprice = 10",
                "fate_cards[8].shares",
                "1 to 100000",
            ),
            (
                "bt_seconds = 300",
                "bt_seconds = 4294967295",
                "limits.bt_seconds",
                "0 to 86400",
            ),
            (
                "bid_seconds = 30",
                "bid_seconds = 86401",
                "limits.bid_seconds",
                "0 to 86400",
            ),
            (
                "max_open_offers_per_player = 3",
                "max_open_offers_per_player = 21",
                "limits.max_open_offers_per_player",
                "1 to 20",
            ),
            (
                "note_max_chars = 200",
                "note_max_chars = 201",
                "limits.note_max_chars",
                "0 to 200",
            ),
            (
                "meeting_max_offers = 20",
                "meeting_max_offers = 1001",
                "limits.meeting_max_offers",
                "1 to 1000",
            ),
        ];
        for (from, to, field, range) in cases {
            match edited(from, to) {
                Err(DataError::Invalid { field: f, reason }) => {
                    assert_eq!(f, field, "{to}");
                    assert!(reason.contains(range), "{to}: {reason}");
                }
                other => panic!("{to}: expected {field} out of range, got {other:?}"),
            }
        }
        // Every Fate card amount, and the bots' constants.
        assert_eq!(
            field_of(edited("amount = 200", "amount = 1000010")),
            "fate_cards[4].amount"
        );
        assert_eq!(
            field_of(edited(
                "expected_salary_turns = 4",
                "expected_salary_turns = 4000000000"
            )),
            "bots.expected_salary_turns"
        );
        // The largest values are accepted.
        for (from, to) in [
            ("start_cash = 500", "start_cash = 1000000"),
            ("share_price = 20", "share_price = 10000"),
            (
                "max_open_offers_per_player = 3",
                "max_open_offers_per_player = 20",
            ),
            ("bt_seconds = 300", "bt_seconds = 86400"),
        ] {
            assert!(edited(from, to).is_ok(), "{to}");
        }
    }

    #[test]
    fn malformed_files_are_errors() {
        for bad in ["", "[economy", "economy = 3", "[economy]\nstart_cash = -1"] {
            assert!(
                matches!(Data::from_toml(bad), Err(DataError::Malformed(_))),
                "{bad}"
            );
        }
        assert!(matches!(
            edited("[variants]", "[variants]\nunknown = 1"),
            Err(DataError::Malformed(_))
        ));
    }
}
