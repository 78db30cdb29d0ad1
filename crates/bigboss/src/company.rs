//! Companies: names, status, share price, share supply, tower.

use crate::board::Space;
use boardroom_engine::Seat;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// Number of companies.
pub const COMPANIES: usize = 8;

/// The company names, in index order.
pub const NAMES: [&str; COMPANIES] = [
    "Regent", "Lunar", "Eagle", "Kingdom", "Lion", "Atlas", "Comet", "Summit",
];

/// Two-letter tags shown on the board (the UI never relies on colour alone).
pub const TAGS: [&str; COMPANIES] = ["Re", "Lu", "Ea", "Ki", "Li", "At", "Co", "Su"];

/// A company, by index 0–7 into [`NAMES`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CompanyId(pub u8);

impl CompanyId {
    /// All eight companies.
    pub fn all() -> impl Iterator<Item = CompanyId> {
        (0..COMPANIES as u8).map(CompanyId)
    }
    /// The company's name.
    pub fn name(self) -> &'static str {
        NAMES[self.0 as usize]
    }
    /// The company's two-letter tag.
    pub fn tag(self) -> &'static str {
        TAGS[self.0 as usize]
    }
    /// Index for arrays.
    #[inline]
    pub fn idx(self) -> usize {
        self.0 as usize
    }
    /// Finds a company by name, case-insensitively; a unique prefix is enough (`Lu` for Lunar,
    /// `R` for Regent).
    pub fn parse(text: &str) -> Result<CompanyId, String> {
        let t = text.trim().to_ascii_lowercase();
        if t.is_empty() {
            return Err("a company name is missing".into());
        }
        if let Some(i) = NAMES.iter().position(|n| n.to_ascii_lowercase() == t) {
            return Ok(CompanyId(i as u8));
        }
        let hits: Vec<usize> = (0..COMPANIES)
            .filter(|&i| NAMES[i].to_ascii_lowercase().starts_with(&t))
            .collect();
        match hits.as_slice() {
            [i] => Ok(CompanyId(*i as u8)),
            [] => Err(format!(
                "`{text}` is not a company (companies: {})",
                NAMES.join(", ")
            )),
            many => Err(format!(
                "`{text}` is ambiguous: {}",
                many.iter()
                    .map(|&i| NAMES[i])
                    .collect::<Vec<_>>()
                    .join(" or ")
            )),
        }
    }
}

impl fmt::Display for CompanyId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for CompanyId {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for CompanyId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        CompanyId::parse(&s).map_err(serde::de::Error::custom)
    }
}

/// Where a company is in its life.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Never on the board yet; may be founded.
    #[default]
    Unfounded,
    /// On the board.
    Active,
    /// Acquired in a merger; never returns.
    Gone,
}

/// A company's state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Company {
    /// Life stage.
    pub status: Status,
    /// Share price in millions (0 unless active; at most 50).
    pub price: u8,
    /// Shares left in the company's pile.
    pub supply: u8,
    /// The player whose radio tower (Classic: owner flag) stands on the company.
    pub tower: Option<Seat>,
    /// The space of its headquarters.
    pub hq: Space,
}

impl Company {
    /// Whether the company is on the board.
    #[inline]
    pub fn active(&self) -> bool {
        self.status == Status::Active
    }
}
