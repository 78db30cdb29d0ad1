//! Industry and level cards, hands and card sets.

use crate::board::{is_space, Space};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// A card. Written `23` (the industry card of space 23), `L` (a Modern level card, all alike)
/// or `L3` (a Classic storey card for the 3rd storey, 2–5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Card {
    /// The industry card of a space (1–72).
    Industry(Space),
    /// A level card: 0 for the Modern card that fits any height 1–4, or the storey 2–5 of a
    /// Classic card.
    Level(u8),
}

impl Card {
    /// Whether this is a level card.
    pub fn is_level(self) -> bool {
        matches!(self, Card::Level(_))
    }

    /// The card in words, as a player reads it (`card 23`, `a level card`, `storey card 3` in
    /// English), for [`crate::words::text`] to write in a reader's language.
    pub fn message(self) -> boardroom_i18n::Message {
        let m = boardroom_i18n::Message::new("big-boss-card-words");
        match self {
            Card::Industry(s) => m.arg("kind", "industry").arg("card", s.to_string()),
            Card::Level(0) => m.arg("kind", "level"),
            Card::Level(k) => m.arg("kind", "storey").arg("storey", k),
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Card::Industry(s) => write!(f, "{s}"),
            Card::Level(0) => write!(f, "L"),
            Card::Level(k) => write!(f, "L{k}"),
        }
    }
}

impl FromStr for Card {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let t = s.trim();
        if let Some(rest) = t.strip_prefix(['L', 'l']) {
            if rest.is_empty() {
                return Ok(Card::Level(0));
            }
            return match rest.parse::<u8>() {
                Ok(k) if (2..=5).contains(&k) => Ok(Card::Level(k)),
                _ => Err(format!(
                    "`{t}` is not a card: a storey card is L2, L3, L4 or L5"
                )),
            };
        }
        match t.parse::<u8>() {
            Ok(n) if is_space(n) => Ok(Card::Industry(n)),
            _ => Err(format!(
                "`{t}` is not a card: write a space 1-72, L, or L2-L5"
            )),
        }
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// A set of industry cards as a bit set (bit `s` = the card of space `s`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct IndustrySet(pub u128);

impl IndustrySet {
    /// Whether the card of space `s` is in the set.
    #[inline]
    pub fn contains(self, s: Space) -> bool {
        self.0 & (1u128 << s) != 0
    }
    /// Adds the card of `s`.
    #[inline]
    pub fn insert(&mut self, s: Space) {
        self.0 |= 1u128 << s;
    }
    /// Removes the card of `s`.
    #[inline]
    pub fn remove(&mut self, s: Space) {
        self.0 &= !(1u128 << s);
    }
    /// Number of cards.
    #[inline]
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }
    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The spaces in increasing order.
    #[inline]
    pub fn iter(self) -> IndustryIter {
        IndustryIter(self.0)
    }
}

/// Iterator over the spaces of an [`IndustrySet`].
pub struct IndustryIter(u128);

impl Iterator for IndustryIter {
    type Item = Space;
    #[inline]
    fn next(&mut self) -> Option<Space> {
        if self.0 == 0 {
            None
        } else {
            let s = self.0.trailing_zeros() as Space;
            self.0 &= self.0 - 1;
            Some(s)
        }
    }
}

/// Index of a level card kind in [`Hand::levels`]: 0 for the Modern card, the storey otherwise.
pub const LEVEL_KINDS: [u8; 5] = [0, 2, 3, 4, 5];

/// A pile of cards without order: a hand or the discard pile.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hand {
    /// Industry cards.
    pub industry: IndustrySet,
    /// Level cards by kind: index 0 the Modern card, 2–5 the Classic storeys (1 unused).
    pub levels: [u8; 6],
}

impl Hand {
    /// Number of cards.
    pub fn len(&self) -> u32 {
        self.industry.len() + self.levels.iter().map(|&n| n as u32).sum::<u32>()
    }
    /// Whether the pile is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Number of level cards of every kind.
    pub fn level_count(&self) -> u32 {
        self.levels.iter().map(|&n| n as u32).sum()
    }
    /// Whether the pile holds `card`.
    pub fn contains(&self, card: Card) -> bool {
        match card {
            Card::Industry(s) => self.industry.contains(s),
            Card::Level(k) => self.levels[k as usize] > 0,
        }
    }
    /// Adds `card`.
    pub fn add(&mut self, card: Card) {
        match card {
            Card::Industry(s) => self.industry.insert(s),
            Card::Level(k) => self.levels[k as usize] += 1,
        }
    }
    /// Removes one `card`; the caller has checked that it is there.
    pub fn remove(&mut self, card: Card) {
        match card {
            Card::Industry(s) => self.industry.remove(s),
            Card::Level(k) => self.levels[k as usize] -= 1,
        }
    }
    /// The cards, industry cards in space order then level cards.
    pub fn cards(&self) -> Vec<Card> {
        let mut v: Vec<Card> = self.industry.iter().map(Card::Industry).collect();
        for k in LEVEL_KINDS {
            for _ in 0..self.levels[k as usize] {
                v.push(Card::Level(k));
            }
        }
        v
    }
}
