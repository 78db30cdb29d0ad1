//! Actions and their notation.
//!
//! One action is one small decision. The notation (documented in `docs/big-boss-notation.md`)
//! is what a player would write in a game log:
//!
//! | action | meaning |
//! |---|---|
//! | `buy deck` | buy the top card of the deck (5) |
//! | `buy 23` | buy industry card 23 from the face-up row (Modern, 5) |
//! | `buy level` | buy a level card from the stack (Modern, 10) |
//! | `play 23`, `play L`, `play L3` | play a card from hand |
//! | `found 21` | found on the three spaces 21, 22, 23 (along the loop: `found 71` is 71, 72, 1) |
//! | `double 22` | put the fourth founding piece on space 22 (Modern) |
//! | `hq Regent` | name the new company |
//! | `at 17` | place the level card's piece on space 17 |
//! | `join Lunar` | give the connecting piece of a merger to Lunar |
//! | `survivor Regent` | on equal prices, Regent acquires the other company |
//! | `share Regent` | buy a share of Regent |
//! | `tower` | place a radio tower (Classic: owner flag) on the company of this turn |
//! | `end` | end the turn |
//! | `sell Regent` | sell a share of Regent (Modern, only when unable to buy or play) |
//! | `pass` | pass (only when unable to buy or play) |

use crate::board::{is_space, Space};
use crate::card::Card;
use crate::company::CompanyId;
use boardroom_engine::NotationError;
use std::fmt;
use std::str::FromStr;

/// One decision in Big Boss.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Buy the top card of the deck.
    BuyDeck,
    /// Buy this industry card from the face-up row (Modern).
    BuyRow(Space),
    /// Buy a level card from the face-up stack (Modern).
    BuyLevel,
    /// Play a card from hand.
    Play(Card),
    /// Found on the three consecutive spaces starting here.
    Found(Space),
    /// Put the fourth founding piece on this space (Modern).
    Double(Space),
    /// Name the company being founded.
    Hq(CompanyId),
    /// Place the level card's piece on this space.
    At(Space),
    /// Give the connecting piece of a merger to this company.
    Join(CompanyId),
    /// On equal prices, this company acquires the other.
    Survivor(CompanyId),
    /// Buy one share of this company.
    Share(CompanyId),
    /// Place a tower (owner flag) on the company founded or expanded this turn.
    Tower,
    /// End the turn.
    End,
    /// Sell one share of this company (Modern, only when unable to buy or play).
    Sell(CompanyId),
    /// Pass (only when unable to buy or play).
    Pass,
}

impl Action {
    /// A number naming this action among all Big Boss actions (below 4,096), for searches that
    /// index actions: the kind of action times 256 plus its space, company or level kind.
    #[inline]
    pub fn key(self) -> u32 {
        let (kind, detail) = match self {
            Action::BuyDeck => (0, 0),
            Action::BuyRow(s) => (1, s),
            Action::BuyLevel => (2, 0),
            Action::Play(Card::Industry(s)) => (3, s),
            Action::Play(Card::Level(k)) => (4, k),
            Action::Found(s) => (5, s),
            Action::Double(s) => (6, s),
            Action::Hq(c) => (7, c.0),
            Action::At(s) => (8, s),
            Action::Join(c) => (9, c.0),
            Action::Survivor(c) => (10, c.0),
            Action::Share(c) => (11, c.0),
            Action::Tower => (12, 0),
            Action::End => (13, 0),
            Action::Sell(c) => (14, c.0),
            Action::Pass => (15, 0),
        };
        kind << 8 | u32::from(detail)
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::BuyDeck => write!(f, "buy deck"),
            Action::BuyRow(s) => write!(f, "buy {s}"),
            Action::BuyLevel => write!(f, "buy level"),
            Action::Play(c) => write!(f, "play {c}"),
            Action::Found(s) => write!(f, "found {s}"),
            Action::Double(s) => write!(f, "double {s}"),
            Action::Hq(c) => write!(f, "hq {c}"),
            Action::At(s) => write!(f, "at {s}"),
            Action::Join(c) => write!(f, "join {c}"),
            Action::Survivor(c) => write!(f, "survivor {c}"),
            Action::Share(c) => write!(f, "share {c}"),
            Action::Tower => write!(f, "tower"),
            Action::End => write!(f, "end"),
            Action::Sell(c) => write!(f, "sell {c}"),
            Action::Pass => write!(f, "pass"),
        }
    }
}

fn space_arg(input: &str, word: &str, arg: Option<&str>) -> Result<Space, NotationError> {
    let a = arg.ok_or_else(|| NotationError::new(input, format!("`{word}` needs a space 1-72")))?;
    match a.parse::<u8>() {
        Ok(s) if is_space(s) => Ok(s),
        _ => Err(NotationError::new(
            input,
            format!("`{a}` is not a space: spaces are numbered 1-72"),
        )),
    }
}

fn company_arg(input: &str, word: &str, arg: Option<&str>) -> Result<CompanyId, NotationError> {
    let a = arg.ok_or_else(|| NotationError::new(input, format!("`{word}` needs a company")))?;
    CompanyId::parse(a).map_err(|e| NotationError::new(input, e))
}

impl FromStr for Action {
    type Err = NotationError;

    fn from_str(input: &str) -> Result<Self, NotationError> {
        let mut words = input.split_whitespace();
        let Some(word) = words.next() else {
            return Err(NotationError::new(input, "empty action"));
        };
        let arg = words.next();
        if let Some(extra) = words.next() {
            return Err(NotationError::new(
                input,
                format!("unexpected `{extra}` at the end"),
            ));
        }
        let word_lc = word.to_ascii_lowercase();
        let no_arg = |a: Action| match arg {
            None => Ok(a),
            Some(x) => Err(NotationError::new(
                input,
                format!("`{word_lc}` takes no argument, found `{x}`"),
            )),
        };
        match word_lc.as_str() {
            "buy" => match arg.map(|a| a.to_ascii_lowercase()) {
                None => Err(NotationError::new(
                    input,
                    "`buy` needs `deck`, `level` or a face-up card number",
                )),
                Some(a) if a == "deck" => Ok(Action::BuyDeck),
                Some(a) if a == "level" || a == "l" => Ok(Action::BuyLevel),
                Some(_) => Ok(Action::BuyRow(space_arg(input, "buy", arg)?)),
            },
            "play" => {
                let a = arg
                    .ok_or_else(|| NotationError::new(input, "`play` needs a card: 23, L or L3"))?;
                a.parse::<Card>()
                    .map(Action::Play)
                    .map_err(|e| NotationError::new(input, e))
            }
            "found" => Ok(Action::Found(space_arg(input, "found", arg)?)),
            "double" => Ok(Action::Double(space_arg(input, "double", arg)?)),
            "hq" => Ok(Action::Hq(company_arg(input, "hq", arg)?)),
            "at" => Ok(Action::At(space_arg(input, "at", arg)?)),
            "join" => Ok(Action::Join(company_arg(input, "join", arg)?)),
            "survivor" => Ok(Action::Survivor(company_arg(input, "survivor", arg)?)),
            "share" => Ok(Action::Share(company_arg(input, "share", arg)?)),
            "sell" => Ok(Action::Sell(company_arg(input, "sell", arg)?)),
            "tower" | "flag" => no_arg(Action::Tower),
            "end" => no_arg(Action::End),
            "pass" => no_arg(Action::Pass),
            other => Err(NotationError::new(
                input,
                format!(
                    "unknown word `{other}` (actions: buy, play, found, double, hq, at, join, \
                     survivor, share, tower, end, sell, pass)"
                ),
            )),
        }
    }
}

/// Every action that exists, legal or not, in some position (used by tests to check that the
/// rules accept exactly the actions they list).
pub fn universe() -> Vec<Action> {
    let mut v = vec![
        Action::BuyDeck,
        Action::BuyLevel,
        Action::Tower,
        Action::End,
        Action::Pass,
    ];
    for s in 1..=72u8 {
        v.extend([
            Action::BuyRow(s),
            Action::Play(Card::Industry(s)),
            Action::Found(s),
            Action::Double(s),
            Action::At(s),
        ]);
    }
    for k in crate::card::LEVEL_KINDS {
        v.push(Action::Play(Card::Level(k)));
    }
    for c in CompanyId::all() {
        v.extend([
            Action::Hq(c),
            Action::Join(c),
            Action::Survivor(c),
            Action::Share(c),
            Action::Sell(c),
        ]);
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        for a in universe() {
            let text = a.to_string();
            assert_eq!(text.parse::<Action>().unwrap(), a, "{text}");
        }
    }

    #[test]
    fn notation_is_forgiving_but_strict() {
        assert_eq!(
            "PLAY l3".parse::<Action>().unwrap(),
            Action::Play(Card::Level(3))
        );
        assert_eq!(
            "share lu".parse::<Action>().unwrap(),
            Action::Share(CompanyId(1))
        );
        assert_eq!("flag".parse::<Action>().unwrap(), Action::Tower);
        for bad in [
            "",
            "play",
            "play 73",
            "play L7",
            "found 0",
            "share L",
            "share Foo",
            "jump",
            "end now",
            "buy",
            "buy 99",
            "at x",
        ] {
            let e = bad.parse::<Action>().unwrap_err();
            assert!(!e.reason.is_empty(), "{bad}");
        }
        assert!("share L"
            .parse::<Action>()
            .unwrap_err()
            .reason
            .contains("ambiguous"));
    }
}
