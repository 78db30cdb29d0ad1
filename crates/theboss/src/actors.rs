//! Who may act and who must act (§9.1): several players may act in the same window while the
//! floor is open; the game waits only for some of them.

use crate::state::{Step, TheBoss};
use boardroom_engine::{Seat, SeatSet};

impl TheBoss {
    /// Every seat that has a legal action now (each has at least one candidate): in an auction
    /// the bidder whose call it is; in a meeting the undeclared voters, the caller and the target
    /// while they may pass or make an offer, the voters who declared while they may buy a vote
    /// and whoever may answer or withdraw a vote deal;
    /// after a failed meeting or with a Financial Disaster pending the active player; otherwise
    /// the active player, and with the floor open in Business Transactions every other player
    /// able to deal who has not passed on the floor, or who, having passed, may still answer or
    /// withdraw an offer, show their Fate card to someone who does not know it, auction one of
    /// their lots or act on one of their long-term deals (§9.1, §9.5). Empty once the game is
    /// over.
    pub fn may_act(&self) -> SeatSet {
        if self.is_over() {
            return SeatSet::EMPTY;
        }
        if self.auction.is_some() {
            return self
                .auction_caller()
                .map(SeatSet::single)
                .unwrap_or_default();
        }
        if let Some(m) = &self.meeting {
            let mut s = SeatSet::EMPTY;
            for v in 0..self.players.len() {
                if self.undeclared_voter(v) {
                    s.insert(v);
                }
            }
            for o in &self.offers {
                if self.offer_has_vote(&o.offer) {
                    for p in [o.from, o.offer.to] {
                        if self.able_to_deal(p) {
                            s.insert(p);
                        }
                    }
                }
            }
            let mut cands = Vec::new();
            for (p, bit) in [(m.caller, 1), (m.target, 2)] {
                if s.contains(p) || m.passes & bit == 0 {
                    s.insert(p);
                    continue;
                }
                // A pass that stands leaves the offers they may still make.
                self.candidates(p, &mut cands);
                if !cands.is_empty() {
                    s.insert(p);
                }
            }
            if self.revision_3() {
                // a voter who has declared may still buy a vote.
                for v in 0..self.players.len() {
                    if m.voters & (1 << v) != 0 && !s.contains(v) && self.able_to_deal(v) {
                        self.candidates(v, &mut cands);
                        if !cands.is_empty() {
                            s.insert(v);
                        }
                    }
                }
            }
            return s;
        }
        self.on_floor(true)
    }

    /// The seats random playouts draw their actor from (`Game::playout_seats`): those of
    /// [`TheBoss::may_act`] less the players whose actions left are all optional. On the open
    /// floor, a player who passed and has neither an offer to answer or withdraw nor a
    /// long-term deal to act on (auctioning a lot and showing their Fate card stay legal); in a
    /// meeting, a caller or target whose pass stands and a voter who has declared, unless they
    /// are party to a vote deal (buying votes stays legal, R-31, R-33). A playout that kept
    /// drawing such players would fill random games with auctions and vote offers made by
    /// players who were done.
    pub fn playout_seats(&self) -> SeatSet {
        if self.is_over() || self.auction.is_some() {
            return self.may_act();
        }
        if self.meeting.is_some() {
            let mut s = self.must_act();
            for v in 0..self.players.len() {
                if self.undeclared_voter(v) {
                    s.insert(v);
                }
            }
            for o in &self.offers {
                if self.offer_has_vote(&o.offer) {
                    for p in [o.from, o.offer.to] {
                        if self.able_to_deal(p) {
                            s.insert(p);
                        }
                    }
                }
            }
            return s;
        }
        self.on_floor(false)
    }

    /// The active player, and with the floor open in Business Transactions every other player
    /// able to deal who has something to do there; with `optional`, counting the auctions and
    /// Fate cards shown by players who passed.
    fn on_floor(&self, optional: bool) -> SeatSet {
        let mut s = SeatSet::single(self.turn.seat);
        if self.after_meeting.is_none()
            && self.disaster.is_none()
            && self.turn.floor
            && self.turn.step == Step::Business
        {
            for p in 0..self.players.len() {
                if p != self.turn.seat
                    && self.able_to_deal(p)
                    && self.may_deal_on_floor(p, optional)
                {
                    s.insert(p);
                }
            }
        }
        s
    }

    /// Whether `p`, able to deal and not the active player, has something to do on the open
    /// floor: `pass` until they pass; then the actions left to them (with `optional`, also
    /// auctioning a lot and showing their Fate card).
    fn may_deal_on_floor(&self, p: Seat, optional: bool) -> bool {
        if self.turn.idle & (1 << p) == 0 {
            return true;
        }
        let offer = self.offers.iter().any(|o| o.from == p || o.offer.to == p);
        let deal = self
            .deals
            .iter()
            .any(|d| d.promisor == p || d.promisee == p);
        if offer || deal || !optional {
            return offer || deal;
        }
        let pl = &self.players[p];
        let e = self.data.economy();
        let others = ((1u16 << self.players.len()) - 1) as u8 & !(1 << p);
        let show = pl
            .fate
            .as_ref()
            .is_some_and(|f| f.known_by & others != others);
        // Any lot of theirs may be auctioned (the Fate card too: only the active player's can
        // be promised, R-30).
        let lot = !pl.experience.is_empty()
            || !pl.executive.is_empty()
            || pl.shares >= e.lot
            || pl.fate.is_some();
        let auction = lot && self.turn.offers < self.data.limits().max_offers_per_bt;
        show || auction
    }

    /// The seats the game waits for: the bidder to call in an auction; in a meeting the
    /// undeclared voters and the caller and target until they pass; otherwise the active player.
    pub fn must_act(&self) -> SeatSet {
        if self.is_over() {
            return SeatSet::EMPTY;
        }
        if self.auction.is_some() {
            return self
                .auction_caller()
                .map(SeatSet::single)
                .unwrap_or_default();
        }
        if let Some(m) = &self.meeting {
            let mut s = SeatSet::EMPTY;
            if m.passes & 1 == 0 {
                s.insert(m.caller);
            }
            if m.passes & 2 == 0 {
                s.insert(m.target);
            }
            for v in 0..self.players.len() {
                if m.voters & (1 << v) != 0 && m.votes[v].is_none() {
                    s.insert(v);
                }
            }
            if s.is_empty() {
                // Both passed with a vote deal pending: its receiver answers.
                for o in &self.offers {
                    s.insert(o.offer.to);
                }
            }
            return s;
        }
        SeatSet::single(self.turn.seat)
    }

    /// The seat whose turn it is.
    pub fn active(&self) -> Seat {
        self.turn.seat
    }
}
