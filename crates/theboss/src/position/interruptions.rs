//! The validation of what interrupts a position's turn: an auction, a meeting, the end of a
//! meeting, a Financial Disaster waiting, each where it can run.

use super::validate::{err, MAX_CASH};
use super::Position;
use crate::data::{Data, FateEffect, Level};
use crate::state::{Sequence, Step};
use boardroom_engine::PositionError;

/// Checks the turn's start against its sequence and what interrupts it: at most one of
/// auction, meeting, after-meeting and disaster, each in a step where it can run, and the
/// deal ids.
pub(super) fn check_interruptions(p: &Position, data: &Data) -> Result<(), PositionError> {
    let n = p.config.players;
    let t = &p.turn;
    let e = data.economy();
    if let Some(j) = t.start_job {
        if !(1..=8).contains(&j) {
            return err("turn.start_job", "positions are 1-8");
        }
    }
    let start_seq = match t.start_job.map(|j| data.position(j).level) {
        None => Sequence::Unemployed,
        Some(Level::Office) => Sequence::Office,
        Some(Level::Executive) => Sequence::Executive,
    };
    if t.sequence != start_seq {
        return err("turn.sequence", "must match the level of turn.start_job");
    }
    if t.must_fire.is_some_and(|x| x >= n || x == t.seat) {
        return err("turn.must_fire", "another seat of the table");
    }
    if let Some(c) = p.disaster {
        if !matches!(data.fate_effect(c), FateEffect::Disaster { .. }) {
            return err(
                "disaster",
                "only a Financial Disaster waits for pay or lose",
            );
        }
    }
    let running = [
        p.auction.is_some(),
        p.meeting.is_some(),
        p.after_meeting.is_some(),
        p.disaster.is_some(),
    ];
    if running.iter().filter(|&&x| x).count() > 1 {
        return err(
            "auction",
            "at most one of auction, meeting, after_meeting and disaster",
        );
    }
    if t.step == Step::Closing && p.auction.is_none() {
        return err("turn.step", "the closing step runs mandatory auctions");
    }
    if p.auction.is_some() && !matches!(t.step, Step::Business | Step::Closing) {
        return err("auction", "auctions run in Business Transactions");
    }
    if let Some(a) = &p.auction {
        let caller = a.bidders.get(a.next).copied();
        let high = a.high.map(|(s, _)| s);
        if caller.is_none_or(|c| a.out & (1 << c) != 0 || Some(c) == high) {
            return err(
                "auction.next",
                "the bidder to call is still in and not the high bidder",
            );
        }
        if high.is_some_and(|h| h >= n || h == a.seller) {
            return err("auction.high", "a bidder of the table");
        }
        if a.opening < 10 || a.opening > MAX_CASH || a.opening % e.cash_step != 0 {
            return err(
                "auction.opening",
                format!(
                    "at least $10, at most ${MAX_CASH}, in steps of ${}",
                    e.cash_step
                ),
            );
        }
    }
    for (field, card) in [
        ("meeting.card", p.meeting.as_ref().map(|m| m.card)),
        (
            "after_meeting.card",
            p.after_meeting.as_ref().map(|m| m.card),
        ),
    ] {
        if let Some(c) = card {
            if !matches!(data.fate_effect(c), FateEffect::Fire { .. }) {
                return err(field, "meetings are called with Fire cards");
            }
            if t.step != Step::Business {
                return err("turn.step", "meetings run in Business Transactions");
            }
        }
    }
    if let Some(m) = &p.meeting {
        if m.caller != t.seat || m.target == m.caller {
            return err(
                "meeting.caller",
                "the active player calls a meeting on another seat",
            );
        }
    }
    for (i, d) in p.deals.iter().enumerate() {
        if d.id >= p.next_id {
            return err(format!("deals[{i}].id"), "ids are below next_id");
        }
    }
    Ok(())
}
