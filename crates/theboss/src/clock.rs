//! The clock of live tables (§9.7): the timers a table runs (`[limits]`'s seconds), the
//! timeouts the clock submits for [`boardroom_engine::CLOCK`], and the keys that tell a table
//! whether an answer chosen on an older state is still meant.
//!
//! Headless play, simulations and the bots never call any of this: they use the count limits
//! only and stay deterministic. A live table submits a timeout as an action by the clock and
//! stores it like any other, so replays stay exact.

use crate::action::{Action, Timeout};
use crate::error::{ensure, fail, why, RuleError};
use crate::event::Event;
use crate::state::{Step, TheBoss};
use boardroom_engine::{Seat, Timer, CLOCK};
use std::hash::{Hash, Hasher};

/// A small, stable hasher (FNV-1a) for timer and staleness keys.
struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= b as u64;
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// The key of `value`.
fn key(value: impl Hash) -> u64 {
    let mut h = Fnv(0xcbf2_9ce4_8422_2325);
    value.hash(&mut h);
    h.finish()
}

impl TheBoss {
    /// The key of offer `id` while it is open (offer ids are never reused).
    pub fn offer_key(id: u32) -> u64 {
        key(("offer", id))
    }

    /// The key of the running auction's current call: it changes with every bid and pass, and
    /// differs between auctions.
    pub fn call_key(&self) -> Option<u64> {
        let a = self.auction.as_ref()?;
        Some(key(("call", self.turn.number, self.turn.offers, a)))
    }

    /// The key of the running meeting's lobbying.
    pub fn lobbying_key(&self) -> Option<u64> {
        let m = self.meeting.as_ref()?;
        Some(key((
            "lobbying",
            self.turn.number,
            m.caller,
            m.target,
            m.named,
        )))
    }

    /// The key of the active player's Business Transactions, while they run.
    pub fn business_key(&self) -> Option<u64> {
        (!self.is_over() && self.turn.step == Step::Business)
            .then(|| key(("business", self.turn.number)))
    }

    /// The timers running now (§9.7), from `[limits]` (a limit of 0 seconds runs no timer):
    /// each open offer (`offer_reply_seconds`: rejected), the auction's call (`bid_seconds`:
    /// a pass), a meeting's lobbying (`meeting_lobby_seconds`: it closes) and the active
    /// player's Business Transactions (`bt_seconds`: they end).
    pub fn running_timers(&self, out: &mut Vec<Timer<Action>>) {
        out.clear();
        if self.is_over() {
            return;
        }
        let l = self.data.limits();
        if l.offer_reply_seconds > 0 {
            for o in &self.offers {
                out.push(Timer {
                    key: Self::offer_key(o.id),
                    seconds: l.offer_reply_seconds,
                    seat: o.offer.to,
                    action: Action::Timeout(Timeout::Offer(o.id)),
                });
            }
        }
        if let (Some(caller), Some(k)) = (self.auction_caller(), self.call_key()) {
            if l.bid_seconds > 0 {
                out.push(Timer {
                    key: k,
                    seconds: l.bid_seconds,
                    seat: caller,
                    action: Action::Timeout(Timeout::Bid),
                });
            }
        }
        if let Some(k) = self.lobbying_key() {
            if l.meeting_lobby_seconds > 0 {
                out.push(Timer {
                    key: k,
                    seconds: l.meeting_lobby_seconds,
                    seat: CLOCK,
                    action: Action::Timeout(Timeout::Lobbying),
                });
            }
        }
        if let Some(k) = self.business_key() {
            if l.bt_seconds > 0 {
                out.push(Timer {
                    key: k,
                    seconds: l.bt_seconds,
                    seat: self.turn.seat,
                    action: Action::Timeout(Timeout::Business),
                });
            }
        }
    }

    /// What `action` answers (see `Game::staleness_key`): an offer's answers and its
    /// withdrawal answer that offer; bids and passes in an auction its current call; votes
    /// the meeting's lobbying.
    pub fn answer_key(&self, action: &Action) -> Option<u64> {
        match action {
            Action::Accept(id) | Action::Reject(id) | Action::Withdraw(id) => {
                Some(Self::offer_key(*id))
            }
            Action::Counter(id, _) => Some(Self::offer_key(*id)),
            Action::Bid(_) | Action::Pass if self.auction.is_some() => self.call_key(),
            Action::Vote(_) => self.lobbying_key(),
            _ => None,
        }
    }

    /// Checks an action of the clock: only a timeout that a running timer names, and only
    /// when it can run now.
    pub fn check_clock(&self, action: &Action) -> Result<(), RuleError> {
        let mut g = self.clone();
        let mut ev = Vec::new();
        g.clock_action(action, &mut ev)
    }

    /// Applies an action of the clock; on error nothing changes and no event is appended.
    pub fn apply_clock(
        &mut self,
        action: &Action,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let mut g = self.clone();
        let mut ev = Vec::new();
        g.clock_action(action, &mut ev)?;
        *self = g;
        events.extend(ev);
        Ok(())
    }

    /// Refuses a timeout submitted by a player: only the clock submits them.
    pub fn refuse_player_timeout(seat: Seat, action: &Action) -> Result<(), RuleError> {
        match action {
            Action::Timeout(_) => fail(
                "§9.7",
                why("the-boss-err-player-timeout").arg("name", crate::words::seat(seat)),
            ),
            _ => Ok(()),
        }
    }

    fn clock_action(&mut self, action: &Action, ev: &mut Vec<Event>) -> Result<(), RuleError> {
        if self.is_over() {
            return fail("§8", why("the-boss-err-over"));
        }
        let Action::Timeout(t) = action else {
            return fail("§9.7", why("the-boss-err-clock-timeouts"));
        };
        let mut timers = Vec::new();
        self.running_timers(&mut timers);
        ensure(timers.iter().any(|x| x.action == *action), "§9.7", || {
            why("the-boss-err-no-timer")
        })?;
        ev.push(Event::TimeUp { what: *t });
        match *t {
            Timeout::Offer(id) => {
                let Some(i) = self.offers.iter().position(|o| o.id == id) else {
                    return fail("§9.2", why("the-boss-err-no-offer").arg("id", id));
                };
                let po = self.offers.remove(i);
                self.remember_refusal(po);
                ev.push(Event::Rejected { id });
                self.maybe_close_meeting(ev);
            }
            Timeout::Bid => {
                let Some(caller) = self.auction_caller() else {
                    return fail("§9.6", why("the-boss-err-no-bid-waits"));
                };
                self.auction_pass(caller, ev);
            }
            Timeout::Lobbying => {
                ensure(self.meeting.is_some(), "§7", || {
                    why("the-boss-err-no-meeting")
                })?;
                self.tally(ev);
            }
            Timeout::Business => {
                ensure(
                    self.turn.step == Step::Business
                        && self.auction.is_none()
                        && self.meeting.is_none(),
                    "§9.7",
                    || why("the-boss-err-business-waits"),
                )?;
                if self.after_meeting.is_some() {
                    self.stop_meetings(ev);
                }
                if let Some(target) = self.turn.must_fire.take() {
                    ev.push(Event::CommitmentLapsed { target });
                }
                let ids = self.expire_offers();
                if !ids.is_empty() {
                    ev.push(Event::Expired { ids });
                }
                self.turn.step = Step::Closing;
                self.next_mandatory(ev);
            }
        }
        self.check_wins(ev);
        Ok(())
    }
}
