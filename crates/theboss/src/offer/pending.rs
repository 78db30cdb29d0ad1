//! Offers on the table (§9.3–§9.5): making, answering, withdrawing and countering them, and
//! executing an accepted one atomically.

use crate::action::{Bundle, Commitment, Offer};
use crate::data::{FIRST_EXEC, MAX_EXEC_PER_NUMBER};
use crate::error::{ensure, fail, why, Illegal, RuleError, Verdict};
use crate::event::Event;
use crate::state::{Deal, HeldFate, PendingOffer, TheBoss};
use crate::words;
use boardroom_engine::Seat;

impl TheBoss {
    /// An offer from `from` (or a counter-offer: the offer it counters is rejected first,
    /// which changes nothing an offer is checked against).
    pub(crate) fn check_make_offer<V: Verdict>(&self, from: Seat, o: &Offer) -> Result<(), V> {
        if let Some(m) = &self.meeting {
            V::ensure(self.able_to_deal(from), "§9.1", || {
                why("the-boss-err-may-not-deal")
            })?;
            let party = |s: Seat| s == m.caller || s == m.target || m.voters & (1 << s) != 0;
            // anyone in the meeting may make a vote deal, a voter who has declared too;
            // only the vote's giver must be a voter yet to declare (a commitment's check).
            // Under revision 2 a declared voter only answered (or withdrew) offers.
            let dealer = if self.revision_3() {
                party(from)
            } else {
                from == m.caller || from == m.target || self.undeclared_voter(from)
            };
            V::ensure(dealer, "§9.1", || {
                if self.revision_3() {
                    why("the-boss-err-meeting-offers")
                } else {
                    why("the-boss-err-meeting-offers-undeclared")
                }
            })?;
            V::ensure(o.to < self.players.len() && party(o.to), "§9.1", || {
                why("the-boss-err-meeting-offer-to")
            })?;
            V::ensure(self.offer_has_vote(o), "§9.1", || {
                why("the-boss-err-meeting-vote-deals")
            })?;
            let max = self.data.limits().meeting_max_offers;
            V::ensure(m.offers < max, "§9.7", || {
                why("the-boss-err-meeting-limit").arg("max", max)
            })?;
        } else {
            self.check_deal_window(from)?;
            V::ensure(self.turn.idle & (1 << from) == 0, "§9.1", || {
                why("the-boss-err-passed-no-offers").arg("name", words::seat(from))
            })?;
        }
        self.check_offer(from, o)?;
        self.check_offer_limits(from, o)
    }

    /// Makes an offer (checked), or a counter-offer linked to `counters`.
    pub(crate) fn make_offer(
        &mut self,
        from: Seat,
        o: Offer,
        counters: Option<u32>,
        ev: &mut Vec<Event>,
    ) {
        if self.meeting.is_none() {
            self.enter_deal_window(from, true, ev);
        }
        self.record_offer(from, o, counters, ev);
    }

    /// Records offer `offer` of `from` (checked): the counts of §9.7, its id, its event.
    pub(super) fn record_offer(
        &mut self,
        from: Seat,
        mut offer: Offer,
        counters: Option<u32>,
        ev: &mut Vec<Event>,
    ) {
        self.turn.offers += 1;
        self.turn.pair_offers[from * 4 + offer.to] += 1;
        if let Some(m) = self.meeting.as_mut() {
            m.offers += 1;
            m.passes = 0;
        }
        let id = self.fresh_id();
        offer.give.normalise();
        offer.take.normalise();
        if let Some(lt) = offer.long_term.as_mut() {
            lt.collateral.normalise();
        }
        ev.push(Event::Offered {
            id,
            from,
            counters,
            offer: Box::new(offer.clone()),
        });
        self.offers.push(PendingOffer {
            id,
            from,
            counters,
            offer,
        });
    }

    /// The index of open offer `id`.
    fn find_offer<V: Verdict>(&self, id: u32) -> Result<usize, V> {
        match self.offers.iter().position(|o| o.id == id) {
            Some(i) => Ok(i),
            None => V::fail("§9.2", || why("the-boss-err-no-offer").arg("id", id)),
        }
    }

    /// Whether `seat` may answer (`withdraw`: withdraw) offer `id` now.
    pub(crate) fn check_answer<V: Verdict>(
        &self,
        seat: Seat,
        id: u32,
        withdraw: bool,
    ) -> Result<(), V> {
        let i = self.find_offer(id)?;
        if withdraw {
            V::ensure(self.offers[i].from == seat, "§9.2", || {
                why("the-boss-err-offer-not-yours").arg("id", id)
            })?;
        } else {
            V::ensure(self.offers[i].offer.to == seat, "§9.2", || {
                why("the-boss-err-offer-not-to-you").arg("id", id)
            })?;
        }
        if self.meeting.is_some() {
            V::ensure(self.offer_has_vote(&self.offers[i].offer), "§9.1", || {
                why("the-boss-err-meeting-answers")
            })?;
            V::ensure(self.able_to_deal(seat), "§9.1", || {
                why("the-boss-err-may-not-deal")
            })
        } else {
            self.check_deal_window(seat)
        }
    }

    /// A counter-offer `o` of `seat` to offer `id`: it goes back to the offer's maker.
    pub(crate) fn check_counter<V: Verdict>(
        &self,
        seat: Seat,
        id: u32,
        o: &Offer,
    ) -> Result<(), V> {
        let i = self.find_offer(id)?;
        let from = self.offers[i].from;
        V::ensure(self.offers[i].offer.to == seat, "§9.2", || {
            why("the-boss-err-offer-not-to-you").arg("id", id)
        })?;
        V::ensure(o.to == from, "§9.2", || {
            why("the-boss-err-counter-back")
                .arg("name", words::seat(from))
                .arg("id", id)
        })?;
        self.check_answer(seat, id, false)?;
        self.check_make_offer(seat, o)
    }

    /// Enters the window of an answer (checked) and takes offer `id` off the table.
    fn take_answered(&mut self, seat: Seat, id: u32, ev: &mut Vec<Event>) -> Option<PendingOffer> {
        if self.meeting.is_none() {
            self.enter_deal_window(seat, false, ev);
        }
        let i = self.offers.iter().position(|o| o.id == id)?;
        Some(self.offers.remove(i))
    }

    /// Rejects offer `id` (checked): its terms join its maker's public record.
    pub(crate) fn reject(&mut self, seat: Seat, id: u32, ev: &mut Vec<Event>) {
        if let Some(po) = self.take_answered(seat, id, ev) {
            self.remember_refusal(po);
        }
        ev.push(Event::Rejected { id });
    }

    /// Every open offer expires unanswered: each is remembered as refused. Their ids.
    pub(crate) fn expire_offers(&mut self) -> Vec<u32> {
        let offers = std::mem::take(&mut self.offers);
        let ids = offers.iter().map(|o| o.id).collect();
        for po in offers {
            self.remember_refusal(po);
        }
        ids
    }

    /// Withdraws offer `id` (checked).
    pub(crate) fn withdraw(&mut self, seat: Seat, id: u32, ev: &mut Vec<Event>) {
        self.take_answered(seat, id, ev);
        ev.push(Event::Withdrawn { id });
    }

    /// Counters offer `id` with `o` (checked): the offer is rejected, the counter made.
    pub(crate) fn counter(&mut self, seat: Seat, id: u32, o: &Offer, ev: &mut Vec<Event>) {
        self.reject(seat, id, ev);
        self.make_offer(seat, o.clone(), Some(id), ev)
    }

    /// Accepts offer `id` (checked): the atomic check runs and everything happens at once; a
    /// failed check voids the offer and changes nothing else (§9.2).
    pub(crate) fn accept(&mut self, seat: Seat, id: u32, ev: &mut Vec<Event>) {
        let Some(po) = self.take_answered(seat, id, ev) else {
            return;
        };
        if self.plain_exchange_ok(&po) {
            // Known to succeed: carried out in place.
            let o = &po.offer;
            self.remove_bundle(po.from, &o.give);
            self.remove_bundle(o.to, &o.take);
            self.put_bundle(o.to, &o.give);
            self.put_bundle(po.from, &o.take);
            ev.push(Event::Accepted { id, deal: None });
            return;
        }
        // Whether the exchange goes through shows only once its transfers are made.
        let mut g = self.clone();
        let mut e2 = Vec::new();
        match g.execute(&po, &mut e2) {
            Ok(deal) => {
                *self = g;
                ev.push(Event::Accepted { id, deal });
                ev.extend(e2);
            }
            Err(reason) => ev.push(Event::Voided { id, reason }),
        }
    }

    /// Whether `po` is a plain exchange (cash, shares and cards; no Fate card, commitment,
    /// promise or cancellation) that [`TheBoss::execute`] would carry out now.
    pub(crate) fn plain_exchange_ok(&self, po: &PendingOffer) -> bool {
        let (from, o) = (po.from, &po.offer);
        let to = o.to;
        let plain = !o.give.fate
            && !o.take.fate
            && o.give_commitments.is_empty()
            && o.take_commitments.is_empty()
            && o.long_term.is_none()
            && o.cancel.is_none();
        if !(plain
            && to < self.players.len()
            && self.able_to_deal(from)
            && self.able_to_deal(to)
            && self.check_holds::<Illegal>(from, &o.give).is_ok()
            && self.check_holds::<Illegal>(to, &o.take).is_ok())
        {
            return false;
        }
        // At most 2 Executive cards per number after the exchange.
        let count = |b: &Bundle, n: u8| {
            b.executive
                .iter()
                .filter(|&&c| self.data.exec_number(c) == n)
                .count() as u8
        };
        let limits = (FIRST_EXEC..=8).all(|n| {
            self.owned_of_number(from, n) - count(&o.give, n) + count(&o.take, n)
                <= MAX_EXEC_PER_NUMBER
                && self.owned_of_number(to, n) - count(&o.take, n) + count(&o.give, n)
                    <= MAX_EXEC_PER_NUMBER
        });
        // The severance a FireTarget reserved stays payable.
        let reserve = match self.turn.must_fire {
            None => true,
            Some(_) => {
                let s = self.turn.seat;
                let mut cash = self.players[s].cash as u64;
                if s == from {
                    cash = cash - o.give.cash as u64 + o.take.cash as u64;
                } else if s == to {
                    cash = cash - o.take.cash as u64 + o.give.cash as u64;
                }
                cash >= self.reserved(s) as u64
            }
        };
        limits && reserve
    }

    /// Carries out offer `po` after the atomic check ([`TheBoss::check_deal`]).
    pub(crate) fn execute(
        &mut self,
        po: &PendingOffer,
        ev: &mut Vec<Event>,
    ) -> Result<Option<u32>, RuleError> {
        let from = po.from;
        let o = &po.offer;
        let to = o.to;
        self.check_deal::<RuleError>(from, o, false)?;
        let gf = self.take_bundle(from, &o.give)?;
        let tf = self.take_bundle(to, &o.take)?;
        self.put_bundle(to, &o.give);
        self.put_bundle(from, &o.take);
        if let Some(f) = gf {
            let known = f.known_by | (1 << from);
            self.receive_fate(
                to,
                HeldFate {
                    card: f.card,
                    window: None,
                    known_by: known,
                },
                ev,
            );
        }
        if let Some(f) = tf {
            let known = f.known_by | (1 << to);
            self.receive_fate(
                from,
                HeldFate {
                    card: f.card,
                    window: None,
                    known_by: known,
                },
                ev,
            );
        }
        self.check_exec_limit(from)?;
        self.check_exec_limit(to)?;
        for c in &o.give_commitments {
            self.apply_commitment(from, c, ev);
        }
        for c in &o.take_commitments {
            self.apply_commitment(to, c, ev);
        }
        if let Some(cid) = o.cancel {
            let Some(k) = self.deals.iter().position(|d| d.id == cid) else {
                return fail("§9.5", why("the-boss-err-deal-closed").arg("id", cid));
            };
            let d = self.deals.remove(k);
            self.put_bundle(d.promisor, &d.collateral);
            ev.push(Event::Cancelled { id: cid });
        }
        let mut deal = None;
        if let Some(lt) = &o.long_term {
            ensure(!lt.collateral.fate, "§6", || {
                why("the-boss-err-fate-collateral")
            })?;
            self.take_bundle(lt.promisor, &lt.collateral)?;
            let id = self.fresh_id();
            self.deals.push(Deal {
                id,
                promisor: lt.promisor,
                promisee: if lt.promisor == from { to } else { from },
                promise: lt.promise.clone(),
                collateral: lt.collateral.clone(),
                due: lt.due,
            });
            deal = Some(id);
        }
        if self.turn.must_fire.is_some() {
            let s = self.turn.seat;
            ensure(self.players[s].cash >= self.reserved(s), "§9.3", || {
                why("the-boss-err-severance-unpaid")
            })?;
        }
        Ok(deal)
    }

    pub(super) fn apply_commitment(&mut self, by: Seat, c: &Commitment, ev: &mut Vec<Event>) {
        match *c {
            Commitment::Vote(v) => self.declare(by, v, ev),
            Commitment::FireTarget(x) => self.turn.must_fire = Some(x),
            Commitment::NotFire(x) => self.turn.not_fire |= 1 << x,
        }
    }
}
