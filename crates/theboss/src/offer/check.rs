//! Whether an offer or a direct deal may be made (§9.2–§9.7): its commitments, promises and
//! count limits, checked before anything changes.

use super::MAX_BUNDLE_CARDS;
use crate::action::{Commitment, Offer, Promise, Vote};
use crate::data::{FIRST_EXEC, MAX_EXEC_PER_NUMBER};
use crate::error::{why, Illegal, Verdict};
use crate::names::{exec_message, exp_name};
use crate::state::TheBoss;
use crate::words;
use boardroom_engine::Seat;

impl TheBoss {
    /// Checks that `by` may give commitment `c` now (§9.3), against the state before the
    /// deal. With `public_only`, only what every player can see is checked (the card's use
    /// window, not its kind): the receiver of an offer knows their own card and the full check
    /// runs on acceptance, so an offer's legality never reveals a hidden card. The severance a
    /// FireTarget reserves is tested after the deal's own transfers ([`TheBoss::check_deal`]).
    pub(crate) fn check_commitment<V: Verdict>(
        &self,
        by: Seat,
        c: &Commitment,
        public_only: bool,
    ) -> Result<(), V> {
        match *c {
            Commitment::Vote(v) => {
                V::ensure(self.meeting.is_some(), "§9.3", || {
                    why("the-boss-err-vote-no-meeting")
                })?;
                V::ensure(v != Vote::Abstain, "§9.3", || {
                    why("the-boss-err-vote-abstain")
                })?;
                V::ensure(self.undeclared_voter(by), "§9.3", || {
                    why("the-boss-err-not-undeclared").arg("name", words::seat(by))
                })
            }
            Commitment::FireTarget(x) | Commitment::NotFire(x) => {
                V::ensure(
                    by == self.turn.seat && self.meeting.is_none(),
                    "§9.3",
                    || why("the-boss-err-promise-firing").arg("name", words::seat(by)),
                )?;
                if public_only {
                    V::ensure(self.bt_fate_of(by).is_some(), "§9.3", || {
                        why("the-boss-err-no-fate-usable").arg("name", words::seat(by))
                    })?;
                } else {
                    V::ensure(self.bt_fire_of(by).is_some(), "§9.3", || {
                        why("the-boss-err-no-fire-usable").arg("name", words::seat(by))
                    })?;
                }
                V::ensure(x < self.players.len() && x != by, "§9.3", || {
                    why("the-boss-err-cannot-be-named").arg("name", words::seat(x))
                })?;
                // while a FireTarget is open the card is promised, so no other promise
                // about it may be given (and its target is the only legal one anyway).
                V::ensure(self.turn.must_fire.is_none(), "R-30", || {
                    why("the-boss-err-fire-promised-to")
                        .arg("name", words::seat(self.turn.must_fire.unwrap_or(x)))
                })?;
                V::ensure(self.fire_target_legal(by, x), "§9.3", || {
                    why("the-boss-err-not-target").arg("name", words::seat(x))
                })
            }
        }
    }

    /// Whether `by` may name `x` with their Fire card now, as an office holder to fire or an
    /// executive to call a meeting on (card and cash aside).
    pub(crate) fn fire_target_legal(&self, by: Seat, x: Seat) -> bool {
        self.check_office_target::<Illegal>(by, x).is_ok()
            || self.check_meeting_target::<Illegal>(by, x, 0).is_ok()
    }

    /// The commitments of one offer together: at most one FireTarget, never a FireTarget and a
    /// NotFire on the same seat, at most one vote promised by each side (each is checked alone
    /// against the state before the deal, so two that contradict each other would pass).
    pub(super) fn check_commitment_set<V: Verdict>(&self, o: &Offer) -> Result<(), V> {
        let all = || o.give_commitments.iter().chain(&o.take_commitments);
        let targets = all().filter(|c| matches!(c, Commitment::FireTarget(_)));
        V::ensure(targets.count() <= 1, "§9.3", || {
            why("the-boss-err-one-firing")
        })?;
        for c in all() {
            if let Commitment::FireTarget(x) = *c {
                V::ensure(
                    !all().any(|d| *d == Commitment::NotFire(x)),
                    "§9.3",
                    || why("the-boss-err-target-and-spared").arg("name", words::seat(x)),
                )?;
            }
        }
        for side in [&o.give_commitments, &o.take_commitments] {
            let votes = side.iter().filter(|c| matches!(c, Commitment::Vote(_)));
            V::ensure(votes.count() <= 1, "§9.3", || why("the-boss-err-one-vote"))?;
        }
        Ok(())
    }

    /// The atomic check of an acceptance (§9.2), also run when the offer is made so that no
    /// offer that could not be accepted reaches anyone: both able to deal; each side holds its
    /// items now; every commitment legal (with `public`, the receiver's only as far as every
    /// player can see: the check at acceptance sees their card); then, on the state the deal's
    /// own transfers leave (everything happens at once): at most 2 Executive cards per number,
    /// the collateral held by its promisor, and the severance of a FireTarget payable. While a
    /// FireTarget is open or promised in the deal, no Fate card moves to or from its holder
    ///
    pub(crate) fn check_deal<V: Verdict>(
        &self,
        from: Seat,
        o: &Offer,
        public: bool,
    ) -> Result<(), V> {
        let to = o.to;
        V::ensure(
            to < self.players.len() && self.able_to_deal(from) && self.able_to_deal(to),
            "§9.2",
            || why("the-boss-err-both-deal"),
        )?;
        self.check_holds(from, &o.give)?;
        self.check_holds(to, &o.take)?;
        for c in &o.give_commitments {
            self.check_commitment(from, c, false)?;
        }
        for c in &o.take_commitments {
            self.check_commitment(to, c, public)?;
        }
        self.check_commitment_set(o)?;
        let firer = self.turn.seat;
        let promised =
            |side: &[Commitment]| side.iter().any(|c| matches!(c, Commitment::FireTarget(_)));
        let new_target = (from == firer && promised(&o.give_commitments))
            || (to == firer && promised(&o.take_commitments));
        let target_open = self.turn.must_fire.is_some() || new_target;
        if target_open && (from == firer || to == firer) {
            V::ensure(!o.give.fate && !o.take.fate, "R-30", || {
                why("the-boss-err-fate-frozen").arg("name", words::seat(firer))
            })?;
        }
        // The 2-per-number limit after the exchange (owned cards: pledged ones count).
        for (s, out, inn) in [(from, &o.give, &o.take), (to, &o.take, &o.give)] {
            let owned = self.owned_per_number(s);
            let gone = self.exec_per_number(&out.executive);
            let got = self.exec_per_number(&inn.executive);
            for n in FIRST_EXEC..=8 {
                let i = n as usize;
                let k = owned[i] - gone[i] + got[i];
                V::ensure(k <= MAX_EXEC_PER_NUMBER, "§4", || {
                    why("the-boss-err-would-own")
                        .arg("name", words::seat(s))
                        .arg("count", k)
                        .arg("number", n)
                })?;
            }
        }
        // What each side holds after the exchange (and a cancelled deal's collateral back).
        let returned = o
            .cancel
            .map(|id| {
                self.deals
                    .iter()
                    .find(|d| {
                        d.id == id
                            && ((d.promisor == from && d.promisee == to)
                                || (d.promisor == to && d.promisee == from))
                    })
                    .ok_or_else(|| {
                        V::because("§9.5", || {
                            why("the-boss-err-no-deal-between")
                                .arg("id", id)
                                .arg("from", from)
                                .arg("to", to)
                        })
                    })
            })
            .transpose()?;
        let after = |s: Seat| {
            let (out, inn) = if s == from {
                (&o.give, &o.take)
            } else {
                (&o.take, &o.give)
            };
            let back = returned.filter(|d| d.promisor == s).map(|d| &d.collateral);
            let p = &self.players[s];
            let cash = p.cash as u64 - out.cash as u64
                + inn.cash as u64
                + back.map_or(0, |b| b.cash as u64);
            let shares = p.shares as u64 - out.shares as u64
                + inn.shares as u64
                + back.map_or(0, |b| b.shares as u64);
            (cash, shares, out, inn, back)
        };
        // The severance a FireTarget reserves, where it is known: a receiver's new promise is
        // priced only at acceptance, when the check sees their card.
        let severance = if self.turn.must_fire.is_some() {
            self.reserved(firer) as u64
        } else if new_target && !(public && to == firer) {
            self.bt_fire_of(firer).map_or(0, |(_, s)| s as u64)
        } else {
            0
        };
        let pledged_cash = |s: Seat| {
            o.long_term
                .as_ref()
                .filter(|lt| lt.promisor == s)
                .map_or(0, |lt| lt.collateral.cash as u64)
        };
        if let Some(lt) = &o.long_term {
            let s = lt.promisor;
            let (cash, shares, out, inn, back) = after(s);
            let reserve = if s == firer && target_open {
                severance
            } else {
                0
            };
            let c = &lt.collateral;
            V::ensure(c.cash as u64 + reserve <= cash, "§9.2", || {
                why("the-boss-err-collateral-cash")
                    .arg("name", words::seat(s))
                    .arg("cash", cash.saturating_sub(reserve).to_string())
                    .arg("amount", c.cash)
            })?;
            V::ensure(c.shares as u64 <= shares, "§9.2", || {
                why("the-boss-err-collateral-shares")
                    .arg("name", words::seat(s))
                    .arg("have", shares.to_string())
                    .arg("shares", c.shares)
            })?;
            let p = &self.players[s];
            let has = |c: u8, hand: &[u8], out: &[u8], inn: &[u8], back: &[u8]| {
                (hand.contains(&c) && !out.contains(&c)) || inn.contains(&c) || back.contains(&c)
            };
            let none: &[u8] = &[];
            for &x in &c.experience {
                let back = back.map_or(none, |b| &b.experience);
                V::ensure(
                    has(x, &p.experience, &out.experience, &inn.experience, back),
                    "§9.2",
                    || {
                        why("the-boss-err-collateral-experience")
                            .arg("name", words::seat(s))
                            .arg("card", exp_name(&self.data, x))
                    },
                )?;
            }
            for &x in &c.executive {
                let back = back.map_or(none, |b| &b.executive);
                V::ensure(
                    has(x, &p.executive, &out.executive, &inn.executive, back),
                    "§9.2",
                    || {
                        why("the-boss-err-collateral-executive")
                            .arg("name", words::seat(s))
                            .arg("card", exec_message(&self.data, x))
                    },
                )?;
            }
        }
        if target_open && (from == firer || to == firer) {
            let cash = after(firer).0 - pledged_cash(firer);
            V::ensure(cash >= severance, "§9.3", || {
                why("the-boss-err-severance-after-deal")
                    .arg("severance", severance.to_string())
                    .arg("name", words::seat(firer))
                    .arg("cash", cash.to_string())
            })?;
        }
        Ok(())
    }

    /// Checks everything an offer needs at the moment it is made.
    pub(crate) fn check_offer<V: Verdict>(&self, from: Seat, o: &Offer) -> Result<(), V> {
        let n = self.players.len();
        let to = o.to;
        V::ensure(to < n && to != from, "§9.2", || {
            why("the-boss-err-cannot-receive").arg("name", words::seat(to))
        })?;
        V::ensure(self.able_to_deal(to), "§9.2", || {
            why("the-boss-err-receiver-may-not-deal").arg("name", words::seat(to))
        })?;
        let nothing = o.give.is_empty()
            && o.take.is_empty()
            && o.give_commitments.is_empty()
            && o.take_commitments.is_empty()
            && o.long_term.is_none()
            && o.cancel.is_none();
        V::ensure(!nothing, "§9.2", || why("the-boss-err-offer-empty"))?;
        self.check_text(&o.note, "note", false)?;
        self.check_shape(&o.give)?;
        self.check_shape(&o.take)?;
        V::ensure(
            o.give_commitments.len() + o.take_commitments.len() <= 4,
            "§9.3",
            || why("the-boss-err-commitments").arg("max", 4),
        )?;
        if let Some(lt) = &o.long_term {
            V::ensure(lt.promisor == from || lt.promisor == to, "§9.5", || {
                why("the-boss-err-promisor")
            })?;
            V::ensure(lt.due >= self.round, "§9.5", || {
                why("the-boss-err-due-passed")
                    .arg("due", lt.due)
                    .arg("round", self.round)
            })?;
            V::ensure(lt.due <= self.round + 1000, "§9.5", || {
                why("the-boss-err-due-far")
            })?;
            V::ensure(!lt.collateral.fate, "§6", || {
                why("the-boss-err-fate-collateral")
            })?;
            self.check_shape(&lt.collateral)?;
            self.check_promise(&lt.promise)?;
        }
        if let Some(id) = o.cancel {
            let Some(d) = self.deals.iter().find(|d| d.id == id) else {
                return V::fail("§9.5", || why("the-boss-err-no-deal").arg("id", id));
            };
            V::ensure(
                (d.promisor == from && d.promisee == to)
                    || (d.promisor == to && d.promisee == from),
                "§9.5",
                || {
                    why("the-boss-err-deal-not-between")
                        .arg("id", id)
                        .arg("from", from)
                        .arg("to", to)
                },
            )?;
        }
        // The acceptance check too, so that nobody receives an offer that cannot be accepted.
        self.check_deal(from, o, true)
    }

    /// Checks a long-term promise: a favour's text, or a deliverable of known classes.
    pub(crate) fn check_promise<V: Verdict>(&self, promise: &Promise) -> Result<(), V> {
        match promise {
            Promise::Favour(t) => self.check_text(t, "favour", true),
            Promise::Deliver(d) => {
                V::ensure(!d.is_empty(), "§9.5", || {
                    why("the-boss-err-deliverable-empty")
                })?;
                let e = self.data.economy();
                V::ensure(
                    d.cash.is_multiple_of(e.cash_step) && d.shares.is_multiple_of(e.lot),
                    "§9.5",
                    || why("the-boss-err-deliverable-steps"),
                )?;
                V::ensure(
                    d.experience.len() <= MAX_BUNDLE_CARDS && d.executive.len() <= MAX_BUNDLE_CARDS,
                    "§9.5",
                    || why("the-boss-err-deliverable-cards"),
                )?;
                V::ensure(
                    d.experience
                        .iter()
                        .all(|&k| (k as usize) < self.data.kinds.len()),
                    "§9.5",
                    || why("the-boss-err-deliverable-kind"),
                )?;
                V::ensure(
                    d.executive.iter().all(|&k| (FIRST_EXEC..=8).contains(&k)),
                    "§9.5",
                    || why("the-boss-err-deliverable-number"),
                )
            }
        }
    }

    /// The §9.7 count limits on a new offer from `from`.
    pub(super) fn check_offer_limits<V: Verdict>(&self, from: Seat, o: &Offer) -> Result<(), V> {
        let l = self.data.limits();
        let open = self.offers.iter().filter(|p| p.from == from).count() as u32;
        V::ensure(open < l.max_open_offers_per_player, "§9.7", || {
            why("the-boss-err-open-offers").arg("max", l.max_open_offers_per_player)
        })?;
        V::ensure(self.turn.offers < l.max_offers_per_bt, "§9.7", || {
            why("the-boss-err-offer-limit").arg("max", l.max_offers_per_bt)
        })?;
        let pair = from * 4 + o.to;
        V::ensure(
            (self.turn.pair_offers[pair] as u32) < l.max_offers_per_pair_per_bt,
            "§9.7",
            || why("the-boss-err-pair-limit").arg("max", l.max_offers_per_pair_per_bt),
        )
    }
}
