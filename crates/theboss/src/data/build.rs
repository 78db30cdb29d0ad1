//! The validation of a data file: every number in its documented range, then the shape of
//! the board, the decks and the limits, naming the field at fault.

use super::*;
use std::collections::BTreeMap;
use thiserror::Error;

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

impl Data {
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
