//! The fixed action space: every Big Boss action gets one index, the same in every state and
//! configuration, for learning code whose output units must each mean one move.
//!
//! | indices | actions |
//! |---|---|
//! | 0–4 | `buy deck`, `buy level`, `tower`, `end`, `pass` |
//! | 5–76 | `buy S` for spaces S = 1–72 (index 4 + S) |
//! | 77–148 | `play S`, an industry card (76 + S) |
//! | 149–153 | `play L`, `play L2` … `play L5` (level cards, in [`LEVEL_KINDS`] order) |
//! | 154–225 | `found S` (153 + S) |
//! | 226–297 | `double S` (225 + S) |
//! | 298–369 | `at S` (297 + S) |
//! | 370–377 | `hq C` for companies C in table order (Regent … Summit) |
//! | 378–385 | `join C` |
//! | 386–393 | `survivor C` |
//! | 394–401 | `share C` |
//! | 402–409 | `sell C` |
//!
//! [`ACTION_SPACE`] is 410 in every configuration; Classic never has the Modern moves legal.

use crate::action::Action;
use crate::board::{is_space, SPACES};
use crate::card::{Card, LEVEL_KINDS};
use crate::company::{CompanyId, COMPANIES};

/// The size of the fixed action space.
pub const ACTION_SPACE: usize = FIRST_SELL + COMPANIES;

const SPACE_COUNT: usize = SPACES as usize;
const FIRST_BUY_ROW: usize = 5;
const FIRST_PLAY: usize = FIRST_BUY_ROW + SPACE_COUNT;
const FIRST_LEVEL: usize = FIRST_PLAY + SPACE_COUNT;
const FIRST_FOUND: usize = FIRST_LEVEL + LEVEL_KINDS.len();
const FIRST_DOUBLE: usize = FIRST_FOUND + SPACE_COUNT;
const FIRST_AT: usize = FIRST_DOUBLE + SPACE_COUNT;
const FIRST_HQ: usize = FIRST_AT + SPACE_COUNT;
const FIRST_JOIN: usize = FIRST_HQ + COMPANIES;
const FIRST_SURVIVOR: usize = FIRST_JOIN + COMPANIES;
const FIRST_SHARE: usize = FIRST_SURVIVOR + COMPANIES;
const FIRST_SELL: usize = FIRST_SHARE + COMPANIES;

impl Action {
    /// The action's index in the fixed action space (below [`ACTION_SPACE`]); `None` only for a
    /// value no rule produces (a space outside 1–72, an unknown company or level kind).
    pub fn space_index(self) -> Option<usize> {
        let space = |first: usize, s: u8| is_space(s).then(|| first + s as usize - 1);
        let company =
            |first: usize, c: CompanyId| ((c.0 as usize) < COMPANIES).then(|| first + c.0 as usize);
        match self {
            Action::BuyDeck => Some(0),
            Action::BuyLevel => Some(1),
            Action::Tower => Some(2),
            Action::End => Some(3),
            Action::Pass => Some(4),
            Action::BuyRow(s) => space(FIRST_BUY_ROW, s),
            Action::Play(Card::Industry(s)) => space(FIRST_PLAY, s),
            Action::Play(Card::Level(k)) => LEVEL_KINDS
                .iter()
                .position(|&l| l == k)
                .map(|j| FIRST_LEVEL + j),
            Action::Found(s) => space(FIRST_FOUND, s),
            Action::Double(s) => space(FIRST_DOUBLE, s),
            Action::At(s) => space(FIRST_AT, s),
            Action::Hq(c) => company(FIRST_HQ, c),
            Action::Join(c) => company(FIRST_JOIN, c),
            Action::Survivor(c) => company(FIRST_SURVIVOR, c),
            Action::Share(c) => company(FIRST_SHARE, c),
            Action::Sell(c) => company(FIRST_SELL, c),
        }
    }

    /// The action at `index` of the fixed action space; `None` from [`ACTION_SPACE`] on.
    pub fn from_space_index(index: usize) -> Option<Action> {
        let space = |first: usize| (index - first + 1) as u8;
        let company = |first: usize| CompanyId((index - first) as u8);
        Some(match index {
            0 => Action::BuyDeck,
            1 => Action::BuyLevel,
            2 => Action::Tower,
            3 => Action::End,
            4 => Action::Pass,
            i if i < FIRST_PLAY => Action::BuyRow(space(FIRST_BUY_ROW)),
            i if i < FIRST_LEVEL => Action::Play(Card::Industry(space(FIRST_PLAY))),
            i if i < FIRST_FOUND => Action::Play(Card::Level(LEVEL_KINDS[i - FIRST_LEVEL])),
            i if i < FIRST_DOUBLE => Action::Found(space(FIRST_FOUND)),
            i if i < FIRST_AT => Action::Double(space(FIRST_DOUBLE)),
            i if i < FIRST_HQ => Action::At(space(FIRST_AT)),
            i if i < FIRST_JOIN => Action::Hq(company(FIRST_HQ)),
            i if i < FIRST_SURVIVOR => Action::Join(company(FIRST_JOIN)),
            i if i < FIRST_SHARE => Action::Survivor(company(FIRST_SURVIVOR)),
            i if i < FIRST_SELL => Action::Share(company(FIRST_SHARE)),
            i if i < ACTION_SPACE => Action::Sell(company(FIRST_SELL)),
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_index_round_trips_and_the_table_holds() {
        assert_eq!(ACTION_SPACE, 410);
        for i in 0..ACTION_SPACE {
            let a = Action::from_space_index(i).expect("every index names an action");
            assert_eq!(a.space_index(), Some(i), "{a:?}");
        }
        assert_eq!(Action::from_space_index(ACTION_SPACE), None);
        assert_eq!(Action::BuyRow(1).space_index(), Some(5));
        assert_eq!(Action::Play(Card::Industry(72)).space_index(), Some(148));
        assert_eq!(Action::Play(Card::Level(5)).space_index(), Some(153));
        assert_eq!(Action::At(72).space_index(), Some(369));
        assert_eq!(Action::Hq(CompanyId(0)).space_index(), Some(370));
        assert_eq!(Action::Sell(CompanyId(7)).space_index(), Some(409));
        assert_eq!(Action::Found(0).space_index(), None);
        assert_eq!(Action::Play(Card::Level(1)).space_index(), None);
    }
}
