//! The sections of The Boss's encoding that are zeros nearly always: the auction, the meeting
//! and the scores (see the table in the parent module).

use super::memo::Written;
use super::out::Out;
use super::{offer, SEATS};
use crate::action::Lot;
use crate::state::TheBoss;
use boardroom_engine::Seat;

/// What the auction's lot and bidders are written from (`None`: no auction).
pub(super) type AuctionLot = Option<LotKey>;

/// The inputs of [`AuctionLot`] while an auction runs.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct LotKey {
    seller: Seat,
    lot: Lot,
    /// The Fate card of a Fate lot: card, window, seats that know it.
    fate: Option<(u8, Option<u32>, u8)>,
    opening: u32,
    mandatory: bool,
    bidders: usize,
    /// The bidders shown.
    first: [Option<Seat>; SEATS],
}

/// What the auction's bidding is written from: the seats out, the bidder whose call it is, the
/// high bid (`None`: no auction).
pub(super) type AuctionBids = Option<(u8, usize, Option<(Seat, u32)>)>;

impl TheBoss {
    /// Writes the running auction (zeros when there is none), in two sections: the lot and
    /// its bidders, then the bidding (which changes at every bid); the two are one section
    /// while there is no auction.
    pub(super) fn write_auction(&self, o: &mut Out<'_>, shown: &mut Written) {
        let a = self.auction.as_ref();
        let bidders = a.map_or(&[][..], |a| &a.bidders[..]);
        o.dropped += bidders.len().saturating_sub(SEATS) as u32;
        // No auction (nearly always): the zeros written last time are still there.
        if o.holds(&shown.auction, |_| a.is_none()) {
            return;
        }
        let start = o.at;
        let lot: AuctionLot = a.map(|a| LotKey {
            seller: a.seller,
            lot: a.lot,
            fate: a.fate.as_ref().map(|f| (f.card, f.window, f.known_by)),
            opening: a.opening,
            mandatory: a.mandatory,
            bidders: bidders.len(),
            first: std::array::from_fn(|k| bidders.get(k).copied()),
        });
        let bids: AuctionBids = a.map(|a| (a.out, a.next, a.high));
        o.scope(
            || "auction.".into(),
            |o| {
                o.section(
                    &mut shown.auction_lot,
                    |k| *k == lot,
                    |k| *k = Some(lot),
                    |o| {
                        o.bit(a.is_some(), "running");
                        o.seat(a.map(|a| a.seller), "seller");
                        let (kind, value) = match a.map(|a| a.lot) {
                            None => (None, 0),
                            Some(Lot::Experience(c)) => (Some(0), u32::from(c) + 1),
                            Some(Lot::Executive(c)) => (Some(1), u32::from(c) + 1),
                            Some(Lot::Fate) => (Some(2), 0),
                            Some(Lot::Shares(n)) => (Some(3), n),
                        };
                        o.one_hot(4, kind, "lot", |k| {
                            ["experience", "executive", "fate", "shares"][k].into()
                        });
                        o.num(value, "lot.value");
                        let fate = a.and_then(|a| a.fate.as_ref());
                        o.opt(fate.map(|f| f.card), "fate.card");
                        o.opt(fate.and_then(|f| f.window), "fate.window");
                        o.seats(fate.map_or(0, |f| f.known_by.into()), "fate.known_by");
                        o.num(a.map_or(0, |a| a.opening), "opening");
                        o.bit(a.is_some_and(|a| a.mandatory), "mandatory");
                        o.num(bidders.len() as u32, "bidders.len");
                        for k in 0..SEATS {
                            o.scope(
                                || format!("bidders[{k}]."),
                                |o| o.seat(bidders.get(k).copied(), "is"),
                            );
                        }
                    },
                );
                o.section(
                    &mut shown.auction_bids,
                    |k| *k == bids,
                    |k| *k = Some(bids),
                    |o| {
                        o.seats(a.map_or(0, |a| a.out.into()), "out");
                        o.one_hot(SEATS, a.map(|a| a.next), "next", |k| format!("bidder {k}"));
                        let high = a.and_then(|a| a.high);
                        o.bit(high.is_some(), "high");
                        o.seat(high.map(|h| h.0), "high.seat");
                        o.num(high.map_or(0, |h| h.1), "high.bid");
                    },
                );
            },
        );
        o.wrote(&mut shown.auction, start, |k| {
            *k = a.is_none().then_some(())
        });
    }

    /// Writes the running meeting and what is left of a failed one.
    pub(super) fn write_meeting(&self, o: &mut Out<'_>) {
        let m = self.meeting.as_ref();
        o.scope(
            || "meeting.".into(),
            |o| {
                o.bit(m.is_some(), "running");
                o.seat(m.map(|m| m.caller), "caller");
                o.seat(m.map(|m| m.target), "target");
                o.num(m.map_or(0, |m| u32::from(m.card) + 1), "card");
                o.num(m.map_or(0, |m| m.severance), "severance");
                for s in 0..SEATS {
                    let vote = m.and_then(|m| m.votes.get(s).copied().flatten());
                    o.scope(
                        || format!("votes[{s}]"),
                        |o| {
                            o.one_hot(3, vote.map(offer::vote_index), "", |k| {
                                ["for", "against", "abstain"][k].into()
                            })
                        },
                    );
                }
                o.seats(m.map_or(0, |m| m.voters.into()), "voters");
                let passes = m.map_or(0, |m| m.passes);
                o.bit(passes & 1 != 0, "passes.caller");
                o.bit(passes & 2 != 0, "passes.target");
                o.num(m.map_or(0, |m| m.offers), "offers");
                o.seats(m.map_or(0, |m| m.named.into()), "named");
            },
        );
        let after = self.after_meeting.as_ref();
        o.scope(
            || "after_meeting.".into(),
            |o| {
                o.bit(after.is_some(), "present");
                o.num(after.map_or(0, |a| u32::from(a.card) + 1), "card");
                o.seats(after.map_or(0, |a| a.named.into()), "named");
            },
        );
    }

    /// Writes the final scores (zeros while the game runs).
    pub(super) fn write_scores(&self, o: &mut Out<'_>) {
        let outcome = self.ranking();
        o.scope(
            || "score.".into(),
            |o| {
                o.bit(outcome.is_some(), "over");
                for s in 0..SEATS {
                    let line = (outcome.is_some() && s < self.players.len()).then(|| self.score(s));
                    o.scope(
                        || format!("[{s}]."),
                        |o| {
                            o.num(line.as_ref().map_or(0, |l| l.cash), "cash");
                            o.num(line.as_ref().map_or(0, |l| l.shares), "shares");
                            o.num(
                                line.as_ref().map_or(0, |l| l.executive_points),
                                "executive_points",
                            );
                            o.num(
                                line.as_ref().map_or(0.0, |l| l.net_worth as f64),
                                "net_worth",
                            );
                        },
                    );
                }
                let winners = outcome.map_or(0, |x| x.winners.iter().fold(0, |b, s| b | 1 << s));
                o.seats(winners, "winners");
            },
        );
    }
}
