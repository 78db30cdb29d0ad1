//! The public record of refused offers ([`crate::state::Player::refused`]): the terms a
//! player's offers were rejected (or countered, or let lapse) on, and the situation they were
//! refused in, so that nobody is asked the same thing again within three rounds, nor later
//! while nothing that bears on it has changed.
//!
//! The situation of terms is a fingerprint of public facts only (what every player sees), so
//! the record reveals nothing and a bot reading it decides from its own observation. It is
//! new when anything the terms' worth to either side turns on has changed:
//!
//! * either party's job, or whether either is fired;
//! * for each Experience kind the terms move (cards given or taken, kinds promised), how many
//!   cards of it each party holds; for each Executive card number they move, how many each
//!   owns;
//! * whether the receiver holds what the terms ask of it (cash not reserved, shares): a refusal
//!   for want of means is not a refusal of the terms;
//! * for terms with a Fate card or a commitment (a vote, a promise about firing), the turn and
//!   the meeting: those are about the card held and the promises possible now.
//!
//! Cash and shares held otherwise, the round and the rest of the table are not part of it:
//! they change every turn without changing what the terms are worth to the receiver.

use crate::action::{Offer, Promise};
use crate::state::{PendingOffer, Refused, TheBoss, REFUSALS_KEPT, REFUSALS_KEPT_ROUNDS};
use boardroom_engine::Seat;

/// FNV-1a over 64 bits: stable across platforms and versions, as the record is game state.
struct Fnv(u64);

/// The FNV-1a prime.
const FNV_PRIME: u64 = 0x0100_0000_01b3;

/// `FNV_PRIME` to the powers 0 to 8 (wrapping): the step of that many zero bytes.
const FNV_POWERS: [u64; 9] = {
    let mut p = [1u64; 9];
    let mut i = 1;
    while i < 9 {
        p[i] = p[i - 1].wrapping_mul(FNV_PRIME);
        i += 1;
    }
    p
};

impl Fnv {
    fn new() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    /// Adds the eight little-endian bytes of `x`. A zero byte only multiplies by the prime,
    /// so the high zero bytes of the small numbers hashed here are one multiplication by a
    /// power of it: the same hash in a fraction of the steps.
    fn add(&mut self, x: u64) {
        let bytes = (71 - x.leading_zeros() as usize) / 8;
        let mut h = self.0;
        for b in &x.to_le_bytes()[..bytes] {
            h = (h ^ *b as u64).wrapping_mul(FNV_PRIME);
        }
        self.0 = h.wrapping_mul(FNV_POWERS[8 - bytes]);
    }
}

/// A set of bytes, read in increasing order.
#[derive(Default)]
struct ByteSet([u64; 4]);

impl ByteSet {
    fn insert(&mut self, x: u8) {
        self.0[x as usize / 64] |= 1 << (x % 64);
    }

    fn iter(&self) -> impl Iterator<Item = u8> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &word)| {
            let mut rest = word;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let bit = rest.trailing_zeros();
                    rest &= rest - 1;
                    (i as u32 * 64 + bit) as u8
                })
            })
        })
    }
}

impl TheBoss {
    /// The situation offer `o` of `maker` is made in (see the module's documentation): equal
    /// fingerprints, equal situations. Never 0, which marks a refusal kept without one (rules
    /// revision 2).
    pub fn offer_situation(&self, maker: Seat, o: &Offer) -> u64 {
        let to = o.to;
        let mut h = Fnv::new();
        for s in [maker, to] {
            let p = self.players.get(s);
            h.add(p.and_then(|p| p.job).map_or(0, |j| j as u64 + 1));
            h.add(p.is_some_and(|p| p.fired.is_some()) as u64);
        }
        // The kinds and numbers the terms move, each once, in order: sets of bytes, so that
        // no list is allocated.
        let mut kinds = ByteSet::default();
        let mut numbers = ByteSet::default();
        let long_term = o.long_term.as_ref();
        if let Some(Promise::Deliver(d)) = long_term.map(|lt| &lt.promise) {
            d.experience.iter().for_each(|&k| kinds.insert(k));
            d.executive.iter().for_each(|&n| numbers.insert(n));
        }
        // A recorded offer read from a position may name cards the data set lacks: they count
        // as a kind and a number of their own.
        let collateral = long_term.map(|lt| &lt.collateral);
        for b in [Some(&o.give), Some(&o.take), collateral]
            .into_iter()
            .flatten()
        {
            for &c in &b.experience {
                kinds.insert(
                    self.data
                        .exp_cards
                        .get(c as usize)
                        .copied()
                        .unwrap_or(u8::MAX),
                );
            }
            for &c in &b.executive {
                numbers.insert(
                    self.data
                        .exec_cards
                        .get(c as usize)
                        .copied()
                        .unwrap_or(u8::MAX),
                );
            }
        }
        for k in kinds.iter() {
            h.add(k as u64);
            for s in [maker, to] {
                let held = self.players.get(s).map_or(0, |p| {
                    p.experience
                        .iter()
                        .filter(|&&c| self.data.exp_kind(c) == k)
                        .count()
                });
                h.add(held as u64);
            }
        }
        for n in numbers.iter() {
            h.add(0x100 + n as u64);
            for s in [maker, to] {
                let owned = if s < self.players.len() {
                    self.owned_of_number(s, n)
                } else {
                    0
                };
                h.add(owned as u64);
            }
        }
        let means = to < self.players.len()
            && self.free_cash(to) >= o.take.cash
            && self.players[to].shares >= o.take.shares;
        h.add(means as u64);
        let promises = o.give.fate
            || o.take.fate
            || !o.give_commitments.is_empty()
            || !o.take_commitments.is_empty();
        if promises {
            h.add(self.turn.number as u64);
            h.add(self.meeting.as_ref().map_or(0, |m| {
                1 + ((m.caller as u64) << 8 | (m.target as u64) << 16 | (m.card as u64) << 24)
            }));
        }
        h.0.max(1)
    }

    /// Keeps the terms of a rejected, countered or unanswered (expired) offer in its maker's
    /// public record. Under rules revision 3 with the situation they were refused in: an
    /// entry lasts [`REFUSALS_KEPT_ROUNDS`] rounds, and after them while its situation does
    /// (at most the last [`REFUSALS_KEPT`]); a new refusal of the same terms replaces the old.
    /// Under revision 2, the last [`REFUSALS_KEPT`] of the last [`REFUSALS_KEPT_ROUNDS`]
    /// rounds, without a situation.
    pub(crate) fn remember_refusal(&mut self, po: PendingOffer) {
        let round = self.round;
        let mut offer = po.offer;
        offer.note.clear();
        let situation = if self.revision_3() {
            // The record is taken out while it is pruned: whether an entry lasts reads the
            // table, never the record.
            let mut list = std::mem::take(&mut self.players[po.from].refused);
            list.retain(|r| r.offer != offer && self.refusal_lasts(po.from, r));
            self.players[po.from].refused = list;
            self.offer_situation(po.from, &offer)
        } else {
            self.players[po.from]
                .refused
                .retain(|r| r.round + REFUSALS_KEPT_ROUNDS > round);
            0
        };
        let list = &mut self.players[po.from].refused;
        if list.len() >= REFUSALS_KEPT {
            list.remove(0);
        }
        list.push(Refused {
            round,
            offer,
            situation,
        });
    }

    /// Whether refusal `r` of `seat`'s terms still holds: for [`REFUSALS_KEPT_ROUNDS`] rounds
    /// in any case, and under rules revision 3 after them while the situation it was refused in
    /// lasts.
    fn refusal_lasts(&self, seat: Seat, r: &Refused) -> bool {
        r.round + REFUSALS_KEPT_ROUNDS > self.round
            || (self.revision_3() && self.offer_situation(seat, &r.offer) == r.situation)
    }

    /// Whether `seat` had terms `o` refused (or the same exchange at a price no better for the
    /// receiver) and may not ask again: for [`REFUSALS_KEPT_ROUNDS`] rounds, and under rules
    /// revision 3 after them while the situation they were refused in lasts
    /// ([`TheBoss::offer_situation`]), for the rest of the game. Public information only.
    pub fn refused_before(&self, seat: Seat, o: &Offer) -> bool {
        let net = |x: &Offer| x.give.cash as i64 - x.take.cash as i64;
        let Some(p) = self.players.get(seat) else {
            return false;
        };
        // The terms are compared first: the situation is worked out only for the same terms.
        p.refused.iter().any(|r| {
            let f = &r.offer;
            f.to == o.to
                && f.give.shares == o.give.shares
                && f.give.experience == o.give.experience
                && f.give.executive == o.give.executive
                && f.give.fate == o.give.fate
                && f.take.shares == o.take.shares
                && f.take.experience == o.take.experience
                && f.take.executive == o.take.executive
                && f.take.fate == o.take.fate
                && f.give_commitments == o.give_commitments
                && f.take_commitments == o.take_commitments
                && f.long_term == o.long_term
                && f.cancel == o.cancel
                && net(o) <= net(f)
                && self.refusal_lasts(seat, r)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::Fnv;

    /// FNV-1a as written byte by byte, the definition the recorded situations follow.
    fn bytewise(values: &[u64]) -> u64 {
        let mut h = 0xcbf2_9ce4_8422_2325u64;
        for x in values {
            for b in x.to_le_bytes() {
                h = (h ^ b as u64).wrapping_mul(0x0100_0000_01b3);
            }
        }
        h
    }

    #[test]
    fn the_hash_is_fnv_1a_over_every_byte() {
        let mut values = vec![0, 1, 2, 0xff, 0x100, 0x1ff, 0xffff, 0x1_0000, u64::MAX];
        values.extend((0..64).map(|i| 1u64 << i));
        values.extend((0..64).map(|i| (1u64 << i) - 1));
        // Every value alone, then all of them in a row, so that the state carried from one
        // value to the next counts too.
        for &x in &values {
            let mut h = Fnv::new();
            h.add(x);
            assert_eq!(h.0, bytewise(&[x]), "{x:#x}");
        }
        let mut h = Fnv::new();
        values.iter().for_each(|&x| h.add(x));
        assert_eq!(h.0, bytewise(&values));
    }
}
