//! The encoding of what changes hands: bundles, commitments, long-term promises, offers,
//! deals and the public records of broken deals and refused offers.

use super::out::{Out, Texts};
use super::{Dims, SEATS};
use crate::action::{Bundle, Commitment, LongTerm, Offer, Promise, Vote};
use crate::data::FIRST_EXEC;
use crate::state::{Broken, Deal, PendingOffer, Refused};

/// Experience card ids a bundle shows (the rest counted in its length).
pub const BUNDLE_EXPERIENCE: usize = 4;
/// Executive card ids a bundle shows.
pub const BUNDLE_EXECUTIVE: usize = 3;
/// Executive numbers a deliverable may name (5–8).
const EXEC_NUMBERS: usize = 4;
const VOTE_NAMES: [&str; 3] = ["for", "against", "abstain"];

/// The values of a bundle.
pub(super) const fn bundle_len() -> usize {
    3 + 1 + BUNDLE_EXPERIENCE + 1 + BUNDLE_EXECUTIVE
}

/// The values of a text in an item: its place in the list's text table.
pub(super) const TEXT_LEN: usize = 1;

/// Texts the open offers' table holds (notes and favours).
pub const OFFER_TEXTS: usize = 4;
/// Texts the open deals' and each seat's refused offers' tables hold (favours: a refused
/// offer's note is not kept).
pub const LIST_TEXTS: usize = 2;

/// The values of one side's commitments: a count for each of the 11 commitments.
const COMMITMENT_LEN: usize = 3 + 2 * SEATS;

/// The values of a long-term promise.
pub(super) fn long_term_len(d: &Dims) -> usize {
    1 + SEATS + 2 + 2 + d.kinds + EXEC_NUMBERS + TEXT_LEN + bundle_len() + 1
}

/// The values of an offer's terms.
pub(super) fn offer_len(d: &Dims) -> usize {
    SEATS + 2 * bundle_len() + 2 * COMMITMENT_LEN + long_term_len(d) + 2 + TEXT_LEN
}

/// The values of a pending offer.
pub(super) fn pending_len(d: &Dims) -> usize {
    1 + SEATS + 2 + offer_len(d)
}

/// The values of a refused offer.
pub(super) fn refused_len(d: &Dims) -> usize {
    1 + 2 + offer_len(d)
}

/// The values of an open deal.
pub(super) fn deal_len(d: &Dims) -> usize {
    1 + 2 * SEATS + 2 + 2 + d.kinds + EXEC_NUMBERS + TEXT_LEN + bundle_len() + 1
}

/// The values of a broken deal.
pub(super) const BROKEN_LEN: usize = 1 + 2 * SEATS + 1 + 1;

/// The favour a long-term part promises ("" for none).
fn favour(lt: Option<&LongTerm>) -> &str {
    match lt.map(|l| &l.promise) {
        Some(Promise::Favour(t)) => t,
        _ => "",
    }
}

/// The texts of an offer's terms: its note, its favour.
pub(super) fn offer_texts(o: &Offer) -> [&str; 2] {
    [&o.note, favour(o.long_term.as_ref())]
}

/// The text table of the open offers.
pub(super) fn pending_texts(d: &Dims) -> Texts<PendingOffer> {
    Texts {
        slots: OFFER_TEXTS,
        bytes: d.text_bytes,
        of: |p| offer_texts(&p.offer),
    }
}

/// The text table of a seat's refused offers.
pub(super) fn refused_texts(d: &Dims) -> Texts<Refused> {
    Texts {
        slots: LIST_TEXTS,
        bytes: d.text_bytes,
        of: |r| offer_texts(&r.offer),
    }
}

/// The text table of the open deals.
pub(super) fn deal_texts(d: &Dims) -> Texts<Deal> {
    Texts {
        slots: LIST_TEXTS,
        bytes: d.text_bytes,
        of: |x| match &x.promise {
            Promise::Favour(t) => [t, ""],
            Promise::Deliver(_) => ["", ""],
        },
    }
}

/// A sample offer of every kind of term, for naming the slots.
pub(super) fn sample_offer() -> Offer {
    Offer::default()
}

/// A sample pending offer, for naming the slots.
pub(super) fn sample_pending() -> PendingOffer {
    PendingOffer {
        id: 0,
        from: 0,
        counters: None,
        offer: sample_offer(),
    }
}

/// A sample deal, for naming the slots.
pub(super) fn sample_deal() -> Deal {
    Deal {
        id: 0,
        promisor: 0,
        promisee: 0,
        promise: Promise::Favour(String::new()),
        collateral: Bundle::default(),
        due: 0,
    }
}

/// A sample broken deal, for naming the slots.
pub(super) fn sample_broken() -> Broken {
    Broken {
        id: 0,
        promisor: 0,
        promisee: 0,
        round: 0,
        walked_away: false,
    }
}

/// A sample refused offer, for naming the slots.
pub(super) fn sample_refused() -> Refused {
    Refused {
        round: 0,
        offer: sample_offer(),
        situation: 0,
    }
}

impl Out<'_> {
    /// A bundle: cash, shares, the Fate card, Experience and Executive card ids.
    pub(super) fn bundle(&mut self, b: &Bundle, name: &str) {
        // An empty bundle (most of an offer's) is zeros, written at once.
        if !self.naming() && *b == Bundle::default() {
            self.zeros(bundle_len());
            return;
        }
        self.scope(
            || format!("{name}."),
            |o| {
                // The values at once (as the names below list them).
                const EXP: usize = 3;
                const EXEC: usize = EXP + 1 + BUNDLE_EXPERIENCE;
                let mut values = [0.0; bundle_len()];
                values[0] = b.cash as f32;
                values[1] = b.shares as f32;
                values[2] = f32::from(u8::from(b.fate));
                for (ids, at, slots) in [
                    (&b.experience, EXP, BUNDLE_EXPERIENCE),
                    (&b.executive, EXEC, BUNDLE_EXECUTIVE),
                ] {
                    values[at] = ids.len() as f32;
                    for (v, &c) in values[at + 1..at + 1 + slots].iter_mut().zip(ids) {
                        *v = f32::from(c) + 1.0;
                    }
                    o.dropped += ids.len().saturating_sub(slots) as u32;
                }
                o.put_each(
                    bundle_len(),
                    |k| match k {
                        0 => "cash".into(),
                        1 => "shares".into(),
                        2 => "fate".into(),
                        EXP => "experience.len".into(),
                        EXEC => "executive.len".into(),
                        k if k < EXEC => format!("experience[{}]", k - EXP - 1),
                        k => format!("executive[{}]", k - EXEC - 1),
                    },
                    |k| values[k],
                );
            },
        );
    }

    /// The commitments of one side, counted: vote for/against/abstain, fire seat 0–3, spare
    /// seat 0–3 (their order has no meaning).
    fn commitments(&mut self, side: &[Commitment], name: &str) {
        if side.is_empty() && !self.naming() {
            self.zeros(COMMITMENT_LEN);
            return;
        }
        let part = self.block(COMMITMENT_LEN, |w| match w {
            0..=2 => format!("{name}.vote {}", VOTE_NAMES[w]),
            _ if w < 3 + SEATS => format!("{name}.fire seat {}", w - 3),
            _ => format!("{name}.spare seat {}", w - 3 - SEATS),
        });
        for c in side {
            let which = match *c {
                Commitment::Vote(v) => vote_index(v),
                Commitment::FireTarget(s) => 3 + s,
                Commitment::NotFire(s) => 3 + SEATS + s,
            };
            if let Some(v) = part.get_mut(which) {
                *v += 1.0;
            }
        }
    }

    /// A promise: deliver (cash, shares, Experience cards per kind, Executive cards per
    /// number 5–8) or a favour (its text).
    fn promise(&mut self, p: Option<&Promise>, d: &Dims) {
        let kind = p.map(|p| match p {
            Promise::Deliver(_) => 0,
            Promise::Favour(_) => 1,
        });
        self.one_hot(2, kind, "promise", |k| ["deliver", "favour"][k].into());
        let deliver = match p {
            Some(Promise::Deliver(x)) => Some(x),
            _ => None,
        };
        self.num(deliver.map_or(0, |x| x.cash), "promise.cash");
        self.num(deliver.map_or(0, |x| x.shares), "promise.shares");
        let part = self.block(d.kinds, |k| format!("promise.experience[kind {k}]"));
        for &k in deliver.map_or(&[][..], |x| &x.experience[..]) {
            if let Some(v) = part.get_mut(k as usize) {
                *v += 1.0;
            }
        }
        let part = self.block(EXEC_NUMBERS, |k| {
            format!("promise.executive[{}]", k + FIRST_EXEC as usize)
        });
        for &n in deliver.map_or(&[][..], |x| &x.executive[..]) {
            if let Some(v) = part.get_mut(n.wrapping_sub(FIRST_EXEC) as usize) {
                *v += 1.0;
            }
        }
        let favour = match p {
            Some(Promise::Favour(t)) => t.as_str(),
            _ => "",
        };
        self.text(favour, "promise.favour");
    }

    fn long_term(&mut self, lt: Option<&LongTerm>, d: &Dims) {
        // No promise (most offers): zeros, written at once.
        if lt.is_none() && !self.naming() {
            self.zeros(long_term_len(d));
            return;
        }
        self.scope(
            || "long_term.".into(),
            |o| {
                o.bit(lt.is_some(), "present");
                o.seat(lt.map(|l| l.promisor), "promisor");
                o.promise(lt.map(|l| &l.promise), d);
                o.bundle(
                    lt.map_or(&Bundle::default(), |l| &l.collateral),
                    "collateral",
                );
                o.num(lt.map_or(0, |l| l.due), "due");
            },
        );
    }

    /// An offer's terms.
    pub(super) fn offer(&mut self, x: &Offer, d: &Dims) {
        self.seat(Some(x.to), "to");
        self.bundle(&x.give, "give");
        self.bundle(&x.take, "take");
        self.commitments(&x.give_commitments, "give_commitments");
        self.commitments(&x.take_commitments, "take_commitments");
        self.long_term(x.long_term.as_ref(), d);
        self.opt(x.cancel, "cancel");
        self.text(&x.note, "note");
    }

    /// An offer waiting for an answer.
    pub(super) fn pending(&mut self, p: &PendingOffer, d: &Dims) {
        self.num(p.id, "id");
        self.seat(Some(p.from), "from");
        self.opt(p.counters, "counters");
        self.offer(&p.offer, d);
    }

    /// A refused offer still remembered: its round, the situation it was refused in (its
    /// fingerprint folded to 32 bits, high and low halves; 0 when none was kept), its terms.
    pub(super) fn refused(&mut self, r: &Refused, d: &Dims) {
        self.num(r.round, "round");
        let folded = (r.situation ^ (r.situation >> 32)) as u32;
        self.num(folded >> 16, "situation_hi");
        self.num(folded & 0xffff, "situation_lo");
        self.offer(&r.offer, d);
    }

    /// An open long-term deal.
    pub(super) fn deal(&mut self, x: &Deal, d: &Dims) {
        self.num(x.id, "id");
        self.seat(Some(x.promisor), "promisor");
        self.seat(Some(x.promisee), "promisee");
        self.promise(Some(&x.promise), d);
        self.bundle(&x.collateral, "collateral");
        self.num(x.due, "due");
    }

    /// A broken deal.
    pub(super) fn broken(&mut self, b: &Broken) {
        self.num(b.id, "id");
        self.seat(Some(b.promisor), "promisor");
        self.seat(Some(b.promisee), "promisee");
        self.num(b.round, "round");
        self.bit(b.walked_away, "walked_away");
    }
}

/// The vote's place in the one-hot (for, against, abstain).
pub(super) fn vote_index(v: Vote) -> usize {
    v as usize
}
