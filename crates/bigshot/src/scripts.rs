//! Big Shot's scripted strategies for the bots' gauntlet ([`Evaluate::SCRIPTS`]): plain bidding
//! lines a person could follow without thinking, which every bot level must hold to its fair
//! share.
//!
//! | script | loans | bidding |
//! |---|---|---|
//! | `min-bid` | never | the lowest bid allowed, while it has the cash |
//! | `max-bid` | never | all the cash it may bid, at once |
//! | `hoard` | never | never bids: keeps its money, takes only the cubes nobody bids for |
//! | `borrow` | every one it may take | all the cash it may bid, at once |
//! | `open-only` | never | opens an auction at the lowest bid, never raises |
//!
//! Placing cubes and paying are left to the gauntlet's default, the first legal action.
//!
//! [`Evaluate::SCRIPTS`]: boardroom_engine::Evaluate::SCRIPTS

use crate::{Action, BigShot, Phase};
use boardroom_engine::{Game, Seat};

/// The scripts, by name.
pub const SCRIPTS: &[&str] = &["min-bid", "max-bid", "hoard", "borrow", "open-only"];

/// The choice of `script` for `seat`, or `None` where the script leaves the choice to the
/// gauntlet (placing, paying) and for unknown scripts.
pub fn scripted_action(g: &BigShot, script: &str, seat: Seat) -> Option<Action> {
    let mut legal = Vec::new();
    g.legal_actions(seat, &mut legal);
    let loan = legal.iter().copied().find(|a| matches!(a, Action::Loan(_)));
    match g.phase() {
        Phase::Loans { .. } => Some(match (script, loan) {
            ("borrow", Some(l)) => l,
            _ => Action::Decline,
        }),
        Phase::Bidding { .. } => {
            if script == "borrow" {
                if let Some(l) = loan {
                    return Some(l);
                }
            }
            let bids = legal.iter().filter_map(|a| match a {
                Action::Bid(x) => Some(*x),
                _ => None,
            });
            let (low, high) = bids.fold((None, None), |(lo, hi): (Option<u32>, Option<u32>), x| {
                (
                    Some(lo.map_or(x, |l| l.min(x))),
                    Some(hi.map_or(x, |h| h.max(x))),
                )
            });
            let opened = g.standing_bid().1.is_some();
            let bid = match script {
                "min-bid" => low,
                "max-bid" | "borrow" => high,
                "open-only" if !opened => low,
                _ => None,
            };
            Some(bid.map_or(Action::Pass, Action::Bid))
        }
        _ => None,
    }
}
