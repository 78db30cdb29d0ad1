//! Actions and their notation.
//!
//! One action is one small decision. The notation (documented in `docs/big-shot-notation.md`)
//! names lots by their id on the board, so reading and writing take the board:
//!
//! | action | meaning |
//! |---|---|
//! | `roll` | the round's roller rolls the die and the broker moves |
//! | `loan red` | take this round's loan for the red colour (`loan` alone: your only colour) |
//! | `decline` | take no loan in the window before bidding |
//! | `bid 5` | bid 5M |
//! | `pass` | leave this auction |
//! | `pay ivory` | 2 players: pay the winning bid from the ivory coins |
//! | `place red W9` | put a red cube of the won cubes on lot W9 |

use crate::board::Board;
use crate::colour::{Colour, COLOURS};
use crate::state::MAX_BID;
use boardroom_engine::NotationError;

/// One decision in Big Shot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Roll the die and move the broker.
    Roll,
    /// Take this round's loan for this colour.
    Loan(Colour),
    /// Take no loan in the window before bidding.
    Decline,
    /// Bid this many millions.
    Bid(u32),
    /// Leave the auction.
    Pass,
    /// Two players: pay the winning bid from this colour's coins.
    Pay(Colour),
    /// Place a cube of this colour on the lot with this index.
    Place(Colour, u8),
}

impl Action {
    /// A number naming this action among all Big Shot actions, for searches that index actions
    /// (below 12,288); `None` for a bid of 8,192 or more, which no table reaches.
    #[inline]
    pub fn key(self) -> Option<u32> {
        let colour = |c: Colour| (c.idx() < 8).then_some(c.idx() as u32);
        match self {
            Action::Roll => Some(0),
            Action::Decline => Some(1),
            Action::Pass => Some(2),
            Action::Loan(c) => Some(8 + colour(c)?),
            Action::Pay(c) => Some(16 + colour(c)?),
            Action::Place(c, lot) => Some(1024 + colour(c)? * 256 + u32::from(lot)),
            Action::Bid(x) => (x < 8192).then_some(4096 + x),
        }
    }

    /// Writes the action in notation (lots by their id on `board`).
    pub fn write(self, board: &Board) -> String {
        match self {
            Action::Roll => "roll".into(),
            Action::Loan(c) => format!("loan {c}"),
            Action::Decline => "decline".into(),
            Action::Bid(n) => format!("bid {n}"),
            Action::Pass => "pass".into(),
            Action::Pay(c) => format!("pay {c}"),
            Action::Place(c, l) => match board.lots().get(l as usize) {
                Some(lot) => format!("place {c} {}", lot.id),
                None => format!("place {c} #{l}"),
            },
        }
    }

    /// Reads an action written in notation (case and extra spaces do not matter). `loan` without
    /// a colour is returned as `None` colour for the caller to complete from context.
    pub fn parse(text: &str, board: &Board) -> Result<ParsedAction, NotationError> {
        let err = |reason: String| NotationError::new(text, reason);
        let words: Vec<String> = text
            .split_whitespace()
            .map(|w| w.to_ascii_lowercase())
            .collect();
        let colour = |w: &str| {
            Colour::parse(w).ok_or_else(|| {
                err(format!(
                    "`{w}` is not a colour (red, orange, ivory, purple or R, O, I, P)"
                ))
            })
        };
        let w: Vec<&str> = words.iter().map(String::as_str).collect();
        let a = match w.as_slice() {
            [] => return Err(err("empty action".into())),
            ["roll"] => Action::Roll,
            ["decline"] | ["no", "loan"] => Action::Decline,
            ["pass"] => Action::Pass,
            ["loan"] => return Ok(ParsedAction::LoanOwnColour),
            ["loan", c] => Action::Loan(colour(c)?),
            ["pay", c] => Action::Pay(colour(c)?),
            ["bid", n] => Action::Bid(n.parse::<u32>().map_err(|_| {
                err(format!(
                    "`{n}` is not an amount (a whole number of millions)"
                ))
            })?),
            ["place", c, lot] => {
                let c = colour(c)?;
                let l = board.lot_index(lot).ok_or_else(|| {
                    let ids: Vec<&str> = board.lots().iter().map(|l| l.id.as_str()).collect();
                    err(format!(
                        "`{lot}` is not a lot of this board ({})",
                        ids.join(", ")
                    ))
                })?;
                Action::Place(c, l as u8)
            }
            [verb, ..] => {
                let usage = match *verb {
                    "roll" | "decline" | "pass" => format!("`{verb}` takes nothing after it"),
                    "loan" => "write `loan` or `loan <colour>`".into(),
                    "pay" => "write `pay <colour>`".into(),
                    "bid" => "write `bid <amount>`, e.g. `bid 5`".into(),
                    "place" => "write `place <colour> <lot>`, e.g. `place red W9`".into(),
                    _ => "unknown action (roll, loan, decline, bid, pass, pay, place)".into(),
                };
                return Err(err(usage));
            }
        };
        Ok(ParsedAction::Action(a))
    }
}

/// The result of reading notation: an action, or `loan` without a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParsedAction {
    /// A complete action.
    Action(Action),
    /// `loan` with no colour: the acting seat's only colour.
    LoanOwnColour,
}

/// Every action on `board` (bids 0 to [`MAX_BID`]): tests check that exactly the listed
/// actions are accepted.
pub fn universe(board: &Board) -> Vec<Action> {
    let mut v = vec![Action::Roll, Action::Decline, Action::Pass];
    for c in Colour::all() {
        v.push(Action::Loan(c));
        v.push(Action::Pay(c));
        for l in 0..board.num_lots() {
            v.push(Action::Place(c, l as u8));
        }
    }
    v.extend((0..=MAX_BID).map(Action::Bid));
    debug_assert!(v.len() > COLOURS);
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        let b = Board::default_board();
        for a in universe(&b) {
            let text = a.write(&b);
            assert_eq!(
                Action::parse(&text, &b).unwrap(),
                ParsedAction::Action(a),
                "{text}"
            );
        }
    }

    #[test]
    fn notation_is_forgiving_but_strict() {
        let b = Board::default_board();
        let p = |t: &str| Action::parse(t, &b);
        assert_eq!(
            p("PLACE r w9").unwrap(),
            ParsedAction::Action(Action::Place(Colour(0), 1))
        );
        assert_eq!(
            p("  bid   7 ").unwrap(),
            ParsedAction::Action(Action::Bid(7))
        );
        assert_eq!(p("loan").unwrap(), ParsedAction::LoanOwnColour);
        for bad in [
            "",
            "bid",
            "bid x",
            "bid -1",
            "place red",
            "place red Z9",
            "place green W9",
            "pay",
            "loan blue",
            "roll now",
            "jump",
        ] {
            let e = p(bad).unwrap_err();
            assert!(!e.reason.is_empty(), "{bad}");
        }
    }
}
