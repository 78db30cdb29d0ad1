//! The reference bots' valuation of deals (§9.8) on the whole-holding measure W of
//! [`crate::bot::worth`]: an offer, a long-term promise and an open deal are worth the change in W
//! they bring, the same whether the bot is accepting, countering, settling, declaring default
//! or walking away.
//!
//! * A promise is worth, to its promisee, the deliverable with the chance it is kept and the
//!   collateral otherwise. The chance is nil when keeping it would cost the promisor more than
//!   losing the collateral (by the promisor's public holdings), when the promisor cannot
//!   deliver now, or when the promisee could not receive it (a third Executive card of a
//!   number); else it falls with each deal the promisor has broken (public record).
//! * To its promisor a promise costs the cheaper of delivering and losing the collateral:
//!   the bot later settles exactly when delivering is the cheaper, so the cost it accepted is
//!   the cost it pays.
//! * A deal is judged by what it gives the partner as well: the bot wants its own gain to meet
//!   its margin also after the partner's gain (a partner may gain no more than the bot), which
//!   counts the partner's progress toward an immediate win; a deal that gives the partner an
//!   immediate win is refused at any price.

use crate::action::{Bundle, Commitment, LongTerm, Offer, Promise};
use crate::bot::worth::Holding;
use crate::data::{FIRST_EXEC, MAX_EXEC_PER_NUMBER};
use crate::state::{PendingOffer, TheBoss};
use boardroom_engine::Seat;

/// A long-term promise's terms, from an offer or an open deal.
struct Terms<'a> {
    /// The open deal's id (none for an offered promise).
    id: Option<u32>,
    promisor: Seat,
    promisee: Seat,
    promise: &'a Promise,
    collateral: &'a Bundle,
}

impl TheBoss {
    /// Whether a promisor with holding `h` (the collateral counted as owned) could deliver
    /// `promise` from what it holds besides the collateral and what its other open deals
    /// pledge or promise.
    fn can_deliver(&self, h: &Holding, t: &Terms) -> bool {
        let Promise::Deliver(d) = t.promise else {
            return false;
        };
        let mut free = self.with_bundle(h, t.collateral, -1);
        for o in &self.deals {
            if o.promisor == t.promisor && Some(o.id) != t.id {
                free = self.with_bundle(&free, &o.collateral, -1);
                if let Promise::Deliver(x) = &o.promise {
                    free = self.with_deliverable(&free, x, -1);
                }
            }
        }
        let kinds_ok = (0..free.years.len()).all(|k| {
            let want = d.experience.iter().filter(|&&x| x as usize == k).count() as u32;
            free.years[k] >= want * self.data.kinds[k].years_per_card
        });
        let exec_ok = (0..4).all(|i| {
            let want = d
                .executive
                .iter()
                .filter(|&&x| x == FIRST_EXEC + i as u8)
                .count();
            free.exec[i] as usize >= want
        });
        kinds_ok && exec_ok && free.cash >= d.cash as i64 && free.shares >= d.shares as i64
    }

    /// Whether `promisee` could receive the deliverable (at most 2 Executive cards a number).
    fn can_receive(&self, promisee: Seat, promise: &Promise) -> bool {
        let Promise::Deliver(d) = promise else {
            return true;
        };
        (FIRST_EXEC..FIRST_EXEC + 4).all(|n| {
            let want = d.executive.iter().filter(|&&x| x == n).count() as u8;
            self.owned_of_number(promisee, n) + want <= MAX_EXEC_PER_NUMBER
        })
    }

    /// Deals `seat` failed as promisor (public record).
    pub fn broken_by(&self, seat: Seat) -> usize {
        self.broken.iter().filter(|b| b.promisor == seat).count()
    }

    /// The promisor's cost of delivering and of losing the collateral, on holding `h`
    /// (collateral counted as owned); delivering costs `None` when it cannot deliver.
    fn promisor_costs(&self, viewer: Seat, t: &Terms, h: &Holding) -> (Option<i64>, i64) {
        let s = t.promisor;
        let w = self.total_worth(viewer, s, h);
        let lose = w - self.total_worth(viewer, s, &self.with_bundle(h, t.collateral, -1));
        let deliver = match t.promise {
            Promise::Deliver(d) if self.can_deliver(h, t) => {
                Some(w - self.total_worth(viewer, s, &self.with_deliverable(h, d, -1)))
            }
            _ => None,
        };
        (deliver, lose)
    }

    /// The chance, in percent, that the promise is kept, as public information shows it.
    fn keep_percent(&self, viewer: Seat, t: &Terms, promisor_h: &Holding) -> i64 {
        if !self.can_receive(t.promisee, t.promise) {
            return 0;
        }
        match self.promisor_costs(viewer, t, promisor_h) {
            (Some(deliver), lose) if deliver <= lose => {
                100 / (1 + self.broken_by(t.promisor) as i64)
            }
            _ => 0,
        }
    }

    /// The promisee's gains from the deliverable and from the collateral, on holding `h`.
    fn promisee_gains(&self, viewer: Seat, t: &Terms, h: &Holding) -> (i64, i64) {
        let s = t.promisee;
        let w = self.total_worth(viewer, s, h);
        let c = self.total_worth(viewer, s, &self.with_bundle(h, t.collateral, 1)) - w;
        let d = match t.promise {
            Promise::Deliver(d) if self.can_receive(s, t.promise) => {
                self.total_worth(viewer, s, &self.with_deliverable(h, d, 1)) - w
            }
            _ => 0,
        };
        (d, c)
    }

    /// The value of an open or offered promise to `seat` (one of its parties), given the
    /// holdings of `seat` and of its partner after the deal: as promisee the expected
    /// deliverable or collateral, as promisor minus the cheaper of delivering and losing the
    /// collateral.
    fn terms_value(
        &self,
        viewer: Seat,
        seat: Seat,
        t: &Terms,
        mine: &Holding,
        theirs: &Holding,
    ) -> i64 {
        if seat == t.promisor {
            let (deliver, lose) = self.promisor_costs(viewer, t, mine);
            -deliver.map_or(lose, |d| d.min(lose))
        } else {
            let (d, c) = self.promisee_gains(viewer, t, mine);
            let p = self.keep_percent(viewer, t, theirs);
            (p * d + (100 - p) * c) / 100
        }
    }

    fn deal_terms(d: &crate::state::Deal) -> Terms<'_> {
        Terms {
            id: Some(d.id),
            promisor: d.promisor,
            promisee: d.promisee,
            promise: &d.promise,
            collateral: &d.collateral,
        }
    }

    /// The value to `seat` of its open deal `id` as things stand (0 if not a party).
    pub fn open_deal_value(&self, seat: Seat, id: u32) -> i64 {
        let Some(d) = self.deals.iter().find(|d| d.id == id) else {
            return 0;
        };
        if seat != d.promisor && seat != d.promisee {
            return 0;
        }
        let other = if seat == d.promisor {
            d.promisee
        } else {
            d.promisor
        };
        self.terms_value(
            seat,
            seat,
            &Self::deal_terms(d),
            &self.holding(seat),
            &self.holding_seen(seat, other),
        )
    }

    /// The promisor's costs of delivering and of walking away from open deal `id`.
    pub fn settle_costs(&self, id: u32) -> Option<(Option<i64>, i64)> {
        let d = self.deals.iter().find(|d| d.id == id)?;
        Some(self.promisor_costs(d.promisor, &Self::deal_terms(d), &self.holding(d.promisor)))
    }

    /// The promisee's gains from the deliverable and from the collateral of open deal `id`.
    pub fn default_gains(&self, id: u32) -> Option<(i64, i64)> {
        let d = self.deals.iter().find(|d| d.id == id)?;
        Some(self.promisee_gains(d.promisee, &Self::deal_terms(d), &self.holding(d.promisee)))
    }

    /// The value to `seat` of all its open deals.
    pub fn open_deals_value(&self, seat: Seat) -> i64 {
        self.deals
            .iter()
            .map(|d| self.open_deal_value(seat, d.id))
            .sum()
    }

    /// V to `seat` of the commitments `cs` given by `by` (the other side of the deal, or
    /// `seat`), as `viewer` judges them: each by the chance that what it commits to happens
    /// ([`crate::bot::firing`]).
    fn commitments_value(&self, viewer: Seat, seat: Seat, by: Seat, cs: &[Commitment]) -> i64 {
        let mut v = 0;
        for c in cs {
            v += match *c {
                Commitment::Vote(vote) => self.vote_deal_value(seat, by, vote),
                Commitment::NotFire(x) => {
                    if by == seat {
                        // Giving up a target: what firing it would gain, at most the Fire
                        // card's worth, with the chance the firing would happen.
                        let p = self.threat_chance(viewer, seat, x);
                        -p * self.fate_seen(viewer, seat, seat).min(self.job_value(x)) / 100
                    } else if x == seat {
                        self.spare_value_seen(viewer, seat, by)
                    } else {
                        0
                    }
                }
                Commitment::FireTarget(x) => self.fire_target_value(viewer, seat, by, x),
            };
        }
        v
    }

    /// W(after) − W(before) for `seat`, one of the parties of offer `o` made by `maker`, as
    /// `viewer` judges it: the bundles, the commitments, a long-term promise, a cancelled
    /// deal.
    pub fn offer_value(&self, viewer: Seat, seat: Seat, maker: Seat, o: &Offer) -> i64 {
        let (get, give, get_c, give_c, other) = if seat == maker {
            (
                &o.take,
                &o.give,
                &o.take_commitments,
                &o.give_commitments,
                o.to,
            )
        } else {
            (
                &o.give,
                &o.take,
                &o.give_commitments,
                &o.take_commitments,
                maker,
            )
        };
        let mut v = self.exchange_value(viewer, seat, other, get, give);
        v += self.commitments_value(viewer, seat, other, get_c);
        v += self.commitments_value(viewer, seat, seat, give_c);
        if let Some(lt) = &o.long_term {
            v += self.promise_value(viewer, seat, other, get, give, lt);
        }
        if let Some(id) = o.cancel {
            v -= self.open_deal_value(seat, id);
        }
        v + self.open_deals_change(viewer, seat, other, get, give, o.cancel)
    }

    /// How the value to `seat` of its other open deals changes when it gets `get` from
    /// `other` and gives `give` (what delivering or losing a collateral costs depends on the
    /// whole holding).
    fn open_deals_change(
        &self,
        viewer: Seat,
        seat: Seat,
        other: Seat,
        get: &Bundle,
        give: &Bundle,
        cancel: Option<u32>,
    ) -> i64 {
        let mut v = 0;
        let mut before: Option<[Holding; 2]> = None;
        for d in &self.deals {
            if Some(d.id) == cancel || (d.promisor != seat && d.promisee != seat) {
                continue;
            }
            let [mine, theirs] = before.get_or_insert_with(|| {
                [
                    self.holding_seen(viewer, seat),
                    self.holding_seen(viewer, other),
                ]
            });
            let partner = if d.promisor == seat {
                d.promisee
            } else {
                d.promisor
            };
            let t = Self::deal_terms(d);
            let mine_after = self.after_exchange(viewer, seat, other, get, give);
            let (p_before, p_after) = if partner == other {
                let after = self.after_exchange(viewer, other, seat, give, get);
                (theirs.clone(), after)
            } else {
                let h = self.holding_seen(viewer, partner);
                (h.clone(), h)
            };
            v += self.terms_value(viewer, seat, &t, &mine_after, &p_after)
                - self.terms_value(viewer, seat, &t, mine, &p_before);
        }
        v
    }

    /// The value to `seat` of the promise `lt` made in an offer with `other`, on the
    /// holdings after the offer's bundles (the promisor's collateral still its own).
    fn promise_value(
        &self,
        viewer: Seat,
        seat: Seat,
        other: Seat,
        get: &Bundle,
        give: &Bundle,
        lt: &LongTerm,
    ) -> i64 {
        if lt.promisor != seat && lt.promisor != other {
            return 0;
        }
        let promisee = if lt.promisor == seat { other } else { seat };
        let t = Terms {
            id: None,
            promisor: lt.promisor,
            promisee,
            promise: &lt.promise,
            collateral: &lt.collateral,
        };
        let mine = self.after_exchange(viewer, seat, other, get, give);
        let theirs = self.after_exchange(viewer, other, seat, give, get);
        self.terms_value(viewer, seat, &t, &mine, &theirs)
    }

    /// V(take) − V(give) of offer `o` made by `maker`, seen by `seat` (its receiver or its
    /// maker), and V(give): what `seat` gets minus what it gives, and what it gives.
    pub fn offer_gain(&self, seat: Seat, maker: Seat, o: &Offer) -> (i64, i64) {
        let gain = self.offer_value(seat, seat, maker, o);
        let give = if seat == maker { &o.give } else { &o.take };
        (gain, self.give_value(seat, give).max(0))
    }

    /// The partner's gain from offer `o` (made by `maker`, `seat` one of its parties), as
    /// `seat` judges it from public information.
    pub fn partner_gain(&self, seat: Seat, maker: Seat, o: &Offer) -> i64 {
        let partner = if seat == maker { o.to } else { maker };
        self.offer_value(seat, partner, maker, o)
    }

    /// The least gain `seat` wants from a deal in which it gives `given`:
    /// max($20, 5 % of `given`) with the `[bots]` constants.
    pub fn accept_margin(&self, given: i64) -> i64 {
        let b = &self.data.file.bots;
        (b.accept_margin_min as i64).max(given * b.accept_margin_percent as i64 / 100)
    }

    /// Whether a deal that gains `gain`, gives away `given` and gains the partner `theirs` is
    /// good enough: the gain meets the margin, also after 1 /
    /// [`TheBoss::partner_share_divisor`] of the partner's gain.
    pub fn good_deal(&self, gain: i64, given: i64, theirs: i64) -> bool {
        let m = self.accept_margin(given);
        let others = self.partner_share_divisor();
        gain >= m && gain * others - theirs.max(0) >= m * others
    }

    /// Whether offer `o` (made by `maker`, `seat` one of its parties) would give the partner
    /// an immediate win: a deal no price can make up for.
    pub fn partner_wins(&self, seat: Seat, maker: Seat, o: &Offer) -> bool {
        let partner = if seat == maker { o.to } else { maker };
        let (get, give) = if partner == maker {
            (&o.take, &o.give)
        } else {
            (&o.give, &o.take)
        };
        let h = self.holding_seen(seat, partner);
        let after = self.with_bundle(&self.with_bundle(&h, give, -1), get, 1);
        !self.holding_wins(&h) && self.holding_wins(&after)
    }

    /// The bot counts 1 / this of the partner's gain against its own: all of it, at every
    /// table size (a partner may gain no more than the bot). Counting half of it with 3 or 4
    /// players let an adversary that searched for offers lowering the bot's win chance gain
    /// about 3 points of win share; counting all of it left dealing paying as much
    /// (docs/strength.md).
    pub fn partner_share_divisor(&self) -> i64 {
        1
    }

    /// Whether `seat` would accept offer `o` made by `maker`.
    pub fn offer_acceptable(&self, seat: Seat, maker: Seat, o: &Offer) -> bool {
        let (gain, given) = self.offer_gain(seat, maker, o);
        gain >= self.accept_margin(given)
            && !self.partner_wins(seat, maker, o)
            && self.good_deal(gain, given, self.partner_gain(seat, maker, o))
            && self.promise_covered(seat, o, maker)
    }

    /// Whether `seat` may accept the open offer `id` at all by its own measure: the deal does
    /// not lower its valuation, gives the partner no immediate win, and a promise to it is
    /// covered by its collateral. The reference player asks more (a margin, and at most a share
    /// of the partner's gain); the wider search may accept what it rejects for those reasons
    /// alone, so that no deal a search level accepts leaves it worse off by its own measure.
    pub fn acceptable_by_measure(&self, seat: Seat, id: u32) -> bool {
        let Some(p) = self.offers.iter().find(|p| p.id == id) else {
            return false;
        };
        let (gain, _) = self.offer_gain(seat, p.from, &p.offer);
        gain >= 0
            && !self.partner_wins(seat, p.from, &p.offer)
            && self.promise_covered(seat, &p.offer, p.from)
    }

    /// Whether `seat` should accept the pending offer `p` made to it (§9.8).
    pub fn worth_accepting(&self, seat: Seat, p: &PendingOffer) -> bool {
        self.offer_acceptable(seat, p.from, &p.offer)
    }

    /// Whether a long-term promise to `seat` in offer `o` is covered: the collateral is worth
    /// at least the deliverable to it (§9.8). True when `seat` promises nothing to receive.
    fn promise_covered(&self, seat: Seat, o: &Offer, maker: Seat) -> bool {
        let Some(lt) = &o.long_term else {
            return true;
        };
        if lt.promisor == seat {
            return true;
        }
        let t = Terms {
            id: None,
            promisor: lt.promisor,
            promisee: seat,
            promise: &lt.promise,
            collateral: &lt.collateral,
        };
        let _ = maker;
        let (d, c) = self.promisee_gains(seat, &t, &self.holding(seat));
        c >= d
    }

    /// The whole valuation of `seat`'s position by its own measure: W of its holding, its Fate
    /// card and its open deals.
    pub fn own_worth(&self, seat: Seat) -> i64 {
        self.total_worth(seat, seat, &self.holding(seat)) + self.open_deals_value(seat)
    }
}
