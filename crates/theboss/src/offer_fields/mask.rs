//! The masks of a composite offer's fields: for the maker, per field, the values that some
//! offer the rules may accept now could hold.
//!
//! Each field's mask is computed on its own, from what every player can see and the maker's
//! own hand: a value is masked in when it passes the checks that concern that field alone (the
//! deal window or the meeting, the count limits, a partner able to deal, the holdings of the
//! side that gives, the 2-per-number limit of Executive cards, the commitments' conditions),
//! for at least one partner. Whether the whole vector is legal is checked when it is played,
//! like any offer (§9.2). A receiver's Fate card is seen only as "one is held" and its use
//! window, so the masks reveal no hidden card.

use super::*;
use crate::error::Illegal;

/// What one seat holds free to trade, as the masks count it.
struct Holdings {
    cash: u32,
    shares: u32,
    kinds: [u32; KINDS],
    numbers: [u32; 4],
    owned: [u32; 4],
    fate: bool,
}

impl TheBoss {
    fn holdings(&self, seat: Seat, own: bool) -> Holdings {
        let p = &self.players[seat];
        let mut kinds = [0; KINDS];
        for &c in &p.experience {
            if let Some(k) = kinds.get_mut(self.data.exp_kind(c) as usize) {
                *k += 1;
            }
        }
        let mut numbers = [0; 4];
        for &c in &p.executive {
            numbers[(self.data.exec_number(c) - FIRST_EXEC) as usize] += 1;
        }
        Holdings {
            // Another seat's reserved severance depends on its card: counted as cash.
            cash: if own { self.free_cash(seat) } else { p.cash },
            shares: p.shares,
            kinds,
            numbers,
            owned: std::array::from_fn(|i| {
                u32::from(self.owned_of_number(seat, FIRST_EXEC + i as u8))
            }),
            fate: p.fate.is_some(),
        }
    }

    /// Whether `seat` may make an offer now, whatever its terms: the deal window or a part in
    /// the meeting, and the count limits of §9.7 that do not depend on the partner.
    pub(crate) fn may_offer(&self, seat: Seat) -> bool {
        let n = self.players.len();
        if self.is_over() || seat >= n || self.auction.is_some() {
            return false;
        }
        let l = self.data.limits();
        if let Some(m) = &self.meeting {
            let party = seat == m.caller || seat == m.target || m.voters & (1 << seat) != 0;
            if !self.able_to_deal(seat) || !party || m.offers >= l.meeting_max_offers {
                return false;
            }
        } else if self.after_meeting.is_some()
            || self.disaster.is_some()
            || self.check_deal_window::<Illegal>(seat).is_err()
            || self.turn.idle & (1 << seat) != 0
        {
            return false;
        }
        let open = self.offers.iter().filter(|p| p.from == seat).count() as u32;
        open < l.max_open_offers_per_player && self.turn.offers < l.max_offers_per_bt
    }

    /// Whether `seat` may make an offer to `to` now (given [`TheBoss::may_offer`]).
    pub(crate) fn may_offer_to(&self, seat: Seat, to: Seat) -> bool {
        let l = self.data.limits();
        let party = self
            .meeting
            .as_ref()
            .is_none_or(|m| to == m.caller || to == m.target || m.voters & (1 << to) != 0);
        to != seat
            && party
            && self.able_to_deal(to)
            && u32::from(self.turn.pair_offers[seat * 4 + to]) < l.max_offers_per_pair_per_bt
    }

    /// Writes the masks of the composite offer's fields for `seat` into `out` ([`mask_len`]
    /// values: each field's values in order, one field after another; see the module). All
    /// false when `seat` may make no offer now.
    pub fn offer_field_masks(&self, seat: Seat, out: &mut [bool]) {
        out.fill(false);
        if out.len() != mask_len() || !self.may_offer(seat) {
            return;
        }
        let n = self.players.len();
        let partners: Vec<(usize, Seat)> = (1..n)
            .map(|k| (k, (seat + k) % n))
            .filter(|&(_, to)| self.may_offer_to(seat, to))
            .collect();
        if partners.is_empty() {
            return;
        }
        let sizes = field_sizes();
        let mut starts = [0; FIELDS];
        let mut at = 0;
        for (s, size) in starts.iter_mut().zip(sizes) {
            *s = at;
            at += size;
        }
        let field = |out: &mut [bool], i: usize, v: usize, on: bool| {
            if v < sizes[i] && on {
                out[starts[i] + v] = true;
            }
        };
        let me = self.holdings(seat, true);
        let them: Vec<(usize, Seat, Holdings)> = partners
            .iter()
            .map(|&(k, to)| (k, to, self.holdings(to, false)))
            .collect();
        for &(k, _, _) in &them {
            field(out, PARTNER, k - 1, true);
        }
        // Counters: offers made to the maker by a partner it may offer to.
        field(out, COUNTER, 0, true);
        for (j, p) in self.offers.iter().enumerate().take(OFFER_PLACES) {
            let vote_ok = self.meeting.is_none() || self.offer_has_vote(&p.offer);
            let ok = p.offer.to == seat && vote_ok && partners.iter().any(|&(_, s)| s == p.from);
            field(out, COUNTER, j + 1, ok);
        }
        let firer = self.turn.seat;
        let fire_promised = self.turn.must_fire.is_some();
        // The goods a side may give: within its holdings, and within the receiver's limit of
        // Executive cards for some receiver.
        let goods = |out: &mut [bool], first: usize, giver: &Holdings, takers: &[&Holdings]| {
            let e = self.data.economy();
            let cash = u64::from(giver.cash) / u64::from(e.cash_step.max(1));
            for v in 0..CASH_TENS_OF_STEPS {
                field(out, first, v, (v * CASH_STEPS) as u64 <= cash);
            }
            for v in 0..CASH_STEPS {
                field(out, first + 1, v, v as u64 <= cash);
            }
            let lots = giver.shares / e.lot.max(1);
            for v in 0..SHARE_LOTS {
                field(out, first + 2, v, v as u32 <= lots);
            }
            // A set of copies: its highest bit within the copies held.
            let within = |set: usize, held: u32| set < 1 << held.min(31);
            for k in 0..KINDS {
                for v in 0..CARDS_OF_KIND {
                    field(out, first + 3 + k, v, within(v, giver.kinds[k]));
                }
            }
            for num in 0..4 {
                for v in 0..CARDS_OF_NUMBER {
                    let fits = takers.iter().any(|t| t.owned[num] + v.count_ones() <= 2);
                    field(
                        out,
                        first + 3 + KINDS + num,
                        v,
                        within(v, giver.numbers[num]) && fits,
                    );
                }
            }
        };
        let all_them: Vec<&Holdings> = them.iter().map(|(_, _, h)| h).collect();
        goods(out, GIVE, &me, &all_them);
        for (_, _, h) in &them {
            goods(out, TAKE, h, &[&me]);
        }
        // no Fate card moves to or from a firer whose Fire card is promised.
        let fate_free = |s: Seat| !(fire_promised && s == firer);
        field(out, GIVE + GOODS, 0, true);
        field(out, GIVE + GOODS, 1, me.fate && fate_free(seat));
        field(out, TAKE + GOODS, 0, true);
        for (_, to, h) in &them {
            field(
                out,
                TAKE + GOODS,
                1,
                h.fate && fate_free(*to) && fate_free(seat),
            );
        }
        // Votes: only while a meeting lobbies, from a voter yet to declare.
        field(out, GIVE_VOTE, 0, true);
        field(out, TAKE_VOTE, 0, true);
        for v in 1..3 {
            field(out, GIVE_VOTE, v, self.undeclared_voter(seat));
            let asked = them.iter().any(|(_, to, _)| self.undeclared_voter(*to));
            field(out, TAKE_VOTE, v, asked);
        }
        // Promises about firing: the active player, one of the two, with a usable Fate card
        // (its own Fire card for the maker; for the partner, as far as everyone can see).
        field(out, FIRE, 0, true);
        for k in 0..MAX_PLAYERS {
            field(out, SPARE + k, 0, true);
        }
        let card = if firer == seat {
            self.bt_fire_of(seat).is_some()
        } else {
            self.bt_fate_of(firer).is_some() && partners.iter().any(|&(_, s)| s == firer)
        };
        if self.meeting.is_none() && !fire_promised && card {
            for k in 0..n {
                let x = (seat + k) % n;
                let legal = x != firer && self.fire_target_legal(firer, x);
                field(out, FIRE, k + 1, legal);
                field(out, SPARE + k, 1, legal);
            }
        }
        // Long-term parts: any promise, its collateral within what the promisor could hold
        // after the exchange (its own and its partner's goods), due any round ahead.
        for v in 0..5 {
            field(out, LONG_TERM, v, true);
        }
        for (i, &size) in sizes.iter().enumerate().skip(DELIVER).take(GOODS) {
            for v in 0..size {
                field(out, i, v, true);
            }
        }
        for (_, _, h) in &them {
            let pooled = Holdings {
                cash: me.cash.saturating_add(h.cash),
                shares: me.shares + h.shares,
                kinds: std::array::from_fn(|k| me.kinds[k] + h.kinds[k]),
                numbers: std::array::from_fn(|k| me.numbers[k] + h.numbers[k]),
                owned: [0; 4],
                fate: false,
            };
            goods(out, COLLATERAL, &pooled, &[&pooled]);
        }
        for v in 0..DUE_ROUNDS {
            field(out, DUE, v, true);
        }
        // Cancels: an open deal between the maker and a partner.
        field(out, CANCEL, 0, true);
        for (j, d) in self.deals.iter().enumerate().take(CANCEL_PLACES) {
            let ok = partners.iter().any(|&(_, s)| {
                (d.promisor == seat && d.promisee == s) || (d.promisor == s && d.promisee == seat)
            });
            field(out, CANCEL, j + 1, ok);
        }
    }
}
