//! Who sits in a seat of a table ([`SeatKind`]): a person, or one of the named bot levels
//! ([`BotLevel`]). Read and written as the words the lobby, the protocol and the database have
//! always used (`human`, `random`, `heuristic`, `heuristic-nodeal`, `easy`, `normal`, `hard`).

use crate::{make_bot, Evaluate};
use boardroom_engine::{Bot, RandomBot};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// A bot a table's seat may be given (the command line's other bot names, such as
/// `ismcts:500`, are for simulations, not tables).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BotLevel {
    /// Uniformly random legal moves.
    Random,
    /// The greedy heuristic bot.
    Heuristic,
    /// The heuristic bot that makes no deals (games with dealing only).
    HeuristicNoDeal,
    /// The easy search level.
    Easy,
    /// The normal search level.
    Normal,
    /// The hard search level.
    Hard,
}

impl BotLevel {
    /// Every level, in the order [`crate::BOT_NAMES`] lists their names.
    pub const ALL: [BotLevel; 6] = [
        BotLevel::Random,
        BotLevel::Heuristic,
        BotLevel::HeuristicNoDeal,
        BotLevel::Easy,
        BotLevel::Normal,
        BotLevel::Hard,
    ];

    /// The level's name, e.g. `heuristic-nodeal`.
    pub fn name(self) -> &'static str {
        match self {
            BotLevel::Random => "random",
            BotLevel::Heuristic => "heuristic",
            BotLevel::HeuristicNoDeal => "heuristic-nodeal",
            BotLevel::Easy => "easy",
            BotLevel::Normal => "normal",
            BotLevel::Hard => "hard",
        }
    }

    /// The level named `name` (exactly), if any.
    pub fn from_name(name: &str) -> Option<BotLevel> {
        BotLevel::ALL.into_iter().find(|l| l.name() == name)
    }

    /// Whether game `G` offers this level ([`crate::bot_names`]): the bot without dealing
    /// only at games with dealing.
    pub fn offered_by<G: Evaluate>(self) -> bool {
        crate::bot_names::<G>().contains(&self.name())
    }

    /// The bot of this level, seeded with `seed`.
    pub fn make<G: Evaluate>(self, seed: u64) -> Box<dyn Bot<G>> {
        // Every level's name is one `make_bot` knows (a test holds them equal).
        make_bot::<G>(self.name(), seed).unwrap_or_else(|_| Box::new(RandomBot::new(seed)))
    }
}

/// Who sits in a seat of a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SeatKind {
    /// A person (written `human`).
    Human,
    /// A bot of this level.
    Bot(BotLevel),
}

impl SeatKind {
    /// Every seat kind: `human`, then the bot levels.
    pub fn all() -> impl Iterator<Item = SeatKind> {
        std::iter::once(SeatKind::Human).chain(BotLevel::ALL.into_iter().map(SeatKind::Bot))
    }

    /// The kind's word: `human` or the bot level's name.
    pub fn name(self) -> &'static str {
        match self {
            SeatKind::Human => "human",
            SeatKind::Bot(level) => level.name(),
        }
    }

    /// Whether a person sits here.
    pub fn is_human(self) -> bool {
        self == SeatKind::Human
    }

    /// The bot level, when a bot sits here.
    pub fn bot(self) -> Option<BotLevel> {
        match self {
            SeatKind::Human => None,
            SeatKind::Bot(level) => Some(level),
        }
    }

    /// The words of every seat kind, for messages: `human, random, heuristic, …`.
    pub fn list() -> String {
        SeatKind::all()
            .map(SeatKind::name)
            .collect::<Vec<_>>()
            .join(", ")
    }
}

impl fmt::Display for SeatKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for SeatKind {
    type Err = String;

    /// The kind written `word`; an unknown word is refused naming every kind.
    fn from_str(word: &str) -> Result<SeatKind, String> {
        if word == "human" {
            return Ok(SeatKind::Human);
        }
        BotLevel::from_name(word).map(SeatKind::Bot).ok_or_else(|| {
            format!(
                "unknown seat kind `{}` (kinds: {})",
                word.chars().take(40).collect::<String>(),
                SeatKind::list()
            )
        })
    }
}

impl Serialize for BotLevel {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for BotLevel {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<BotLevel, D::Error> {
        let word = std::borrow::Cow::<'de, str>::deserialize(d)?;
        BotLevel::from_name(&word).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "unknown bot level `{}` (levels: {})",
                word.chars().take(40).collect::<String>(),
                crate::BOT_NAMES.join(", ")
            ))
        })
    }
}

impl Serialize for SeatKind {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for SeatKind {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<SeatKind, D::Error> {
        let word = std::borrow::Cow::<'de, str>::deserialize(d)?;
        word.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_kinds_read_and_write_as_their_words() {
        let names: Vec<&str> = BotLevel::ALL.iter().map(|l| l.name()).collect();
        assert_eq!(names, crate::BOT_NAMES);
        for kind in SeatKind::all() {
            let text = serde_json::to_string(&kind).unwrap();
            assert_eq!(text, format!("\"{}\"", kind.name()));
            assert_eq!(serde_json::from_str::<SeatKind>(&text).unwrap(), kind);
            assert_eq!(kind.name().parse::<SeatKind>(), Ok(kind));
        }
        assert_eq!("human".parse(), Ok(SeatKind::Human));
        assert_eq!("hard".parse(), Ok(SeatKind::Bot(BotLevel::Hard)));
        let e = serde_json::from_str::<Vec<SeatKind>>(r#"["human", "wizard"]"#).unwrap_err();
        let e = e.to_string();
        assert!(e.contains("unknown seat kind `wizard`"), "{e}");
        assert!(e.contains("human, random, heuristic"), "{e}");
        assert!(serde_json::from_str::<SeatKind>("3").is_err());
        assert!("Human".parse::<SeatKind>().is_err());
    }
}
