//! Composite offers: any offer (§9.2) as a fixed vector of small fields, for agents whose
//! action is a `MultiDiscrete`-like vector (the engine's composite action,
//! [`boardroom_engine::Encode::composite_fields`]). Unlike the offer builder
//! ([`crate::offer_space`]), which names one item for one price, the fields hold every part of
//! an offer: what each side gives and takes, the commitments, a long-term part, the deal it
//! cancels, and whether it counters an open offer.
//!
//! The fields, in order ([`FIELDS`] of them; cash in cash steps, $10 with the default data;
//! shares in lots, 10 shares; seats as places to the maker's left, 0 the maker):
//!
//! | field | values | meaning |
//! |---|---|---|
//! | `counter` | 0–12 | 0 a new offer; j + 1 counters the open offer in place j (its maker is the partner) |
//! | `partner` | 0–2 | the seat `partner + 1` places to the maker's left |
//! | `give.cash_100`, `give.cash_10` | 0–99, 0–9 | cash the maker gives: 10 × `cash_100` + `cash_10` steps |
//! | `give.shares` | 0–75 | share lots the maker gives |
//! | `give.exp.K` (6 kinds) | 0–15 | Experience cards of kind K the maker gives, a set of its free copies: bit i (value 2^i) is its (i + 1)-th lowest-numbered one |
//! | `give.exec.N` (N = 5–8) | 0–3 | Executive cards #N the maker gives, a set of its copies likewise |
//! | `give.fate` | 0–1 | the maker's held Fate card |
//! | `take.…` | as `give.…` | what the maker takes from the partner (the partner's cards, chosen alike) |
//! | `give_vote`, `take_vote` | 0–2 | none, FOR, AGAINST: a vote the maker promises, or asks of the partner |
//! | `fire` | 0–4 | 0 none; k + 1: the active player (the maker or the partner) promises to fire the seat k places to the maker's left (FireTarget) |
//! | `spare.k` (k = 0–3) | 0–1 | the active player promises not to fire the seat k places to the maker's left (NotFire) |
//! | `long_term` | 0–4 | none; 1 the maker, 2 the partner promises a deliverable; 3 the maker, 4 the partner owes a favour ([`FAVOUR`]) |
//! | `deliver.…` | as `give.…`, no `fate` | the deliverable: cash, shares, and a number (not a set) of Experience cards per kind and Executive cards per number |
//! | `collateral.…` | as `give.…`, no `fate` | the promisor's collateral, its cards a set of the copies it holds after the exchange |
//! | `due` | 0–15 | the promise is due at the end of the round this many rounds from now |
//! | `cancel` | 0–6 | 0 none; j + 1 cancels the open long-term deal in place j |
//!
//! A commitment about firing is given by whichever of the two is the active player (given by
//! the maker when neither is, which the rules refuse). Fields that do not apply must be 0: the
//! long-term fields without a long-term part, the deliverable with a favour. So each offer has
//! at most one vector, and a vector's offer ([`TheBoss::offer_from_fields`]) reads back to the
//! same vector ([`TheBoss::fields_of_offer`]).
//!
//! Offers beyond the fields: a note, a favour of another text, cash from $10,000 (1,000 cash
//! steps), a fifth or later copy of an Experience kind, the same commitment twice,
//! commitments in another order than the fields', a promise due more than 15 rounds ahead,
//! and counters or cancels beyond the places. The masks are in `mask`.

use crate::action::{Action, Bundle, Commitment, Deliverable, LongTerm, Offer, Promise, Vote};
use crate::action_space::OFFER_PLACES;
use crate::data::FIRST_EXEC;
use crate::error::RuleError;
use crate::present::seat_name;
use crate::state::{TheBoss, MAX_PLAYERS};
use boardroom_engine::Seat;
use boardroom_i18n::Message;

mod mask;
mod read;
#[cfg(test)]
mod tests;

/// The text of a favour in a composite offer.
pub const FAVOUR: &str = "a favour";
/// Experience kinds the fields name (the data set's first kinds, in its order).
pub const KINDS: usize = 6;
/// Values of a `cash_100` field (tens of cash steps).
pub const CASH_TENS_OF_STEPS: usize = 100;
/// Values of a `cash_10` field (cash steps).
pub const CASH_STEPS: usize = 10;
/// Values of a `shares` field (lots).
pub const SHARE_LOTS: usize = 76;
/// Copies of an Experience kind a bundle's field can name: the giver's first four.
pub const COPIES_OF_KIND: usize = 4;
/// Values of an Experience kind's field: a set of the giver's copies, one bit each.
pub const CARDS_OF_KIND: usize = 1 << COPIES_OF_KIND;
/// Copies of an Executive number a bundle's field can name (nobody owns more).
pub const COPIES_OF_NUMBER: usize = 2;
/// Values of an Executive number's field: a set of the giver's copies, one bit each.
pub const CARDS_OF_NUMBER: usize = 1 << COPIES_OF_NUMBER;
/// Values of the `due` field.
pub const DUE_ROUNDS: usize = 16;
/// Open long-term deals the `cancel` field names (the observation's deal slots).
pub const CANCEL_PLACES: usize = 6;

/// Fields of one bundle without the Fate card: cash (2), shares, kinds, numbers.
const GOODS: usize = 3 + KINDS + 4;
/// Fields of a bundle given or taken now.
const BUNDLE: usize = GOODS + 1;

/// Field indexes.
pub const COUNTER: usize = 0;
/// The partner field.
pub const PARTNER: usize = 1;
/// The first field of what the maker gives.
pub const GIVE: usize = 2;
/// The first field of what the maker takes.
pub const TAKE: usize = GIVE + BUNDLE;
/// The vote the maker promises.
pub const GIVE_VOTE: usize = TAKE + BUNDLE;
/// The vote the maker asks for.
pub const TAKE_VOTE: usize = GIVE_VOTE + 1;
/// The promised firing.
pub const FIRE: usize = TAKE_VOTE + 1;
/// The first of the promises to spare a seat.
pub const SPARE: usize = FIRE + 1;
/// The long-term part's kind.
pub const LONG_TERM: usize = SPARE + MAX_PLAYERS;
/// The first field of the deliverable.
pub const DELIVER: usize = LONG_TERM + 1;
/// The first field of the collateral.
pub const COLLATERAL: usize = DELIVER + GOODS;
/// The due round, from now.
pub const DUE: usize = COLLATERAL + GOODS;
/// The long-term deal cancelled.
pub const CANCEL: usize = DUE + 1;
/// The number of fields.
pub const FIELDS: usize = CANCEL + 1;

/// The number of values of every field, in order.
pub fn field_sizes() -> [usize; FIELDS] {
    let mut s = [0; FIELDS];
    s[COUNTER] = OFFER_PLACES + 1;
    s[PARTNER] = MAX_PLAYERS - 1;
    for first in [GIVE, TAKE, DELIVER, COLLATERAL] {
        s[first] = CASH_TENS_OF_STEPS;
        s[first + 1] = CASH_STEPS;
        s[first + 2] = SHARE_LOTS;
        s[first + 3..first + 3 + KINDS].fill(CARDS_OF_KIND);
        s[first + 3 + KINDS..first + GOODS].fill(CARDS_OF_NUMBER);
    }
    s[GIVE + GOODS] = 2;
    s[TAKE + GOODS] = 2;
    s[GIVE_VOTE] = 3;
    s[TAKE_VOTE] = 3;
    s[FIRE] = MAX_PLAYERS + 1;
    s[SPARE..SPARE + MAX_PLAYERS].fill(2);
    s[LONG_TERM] = 5;
    s[DUE] = DUE_ROUNDS;
    s[CANCEL] = CANCEL_PLACES + 1;
    s
}

/// The total of the field sizes: the length of the masks written one field after another.
pub fn mask_len() -> usize {
    field_sizes().iter().sum()
}

/// The name of every field, in order, with the data set's kind ids (`kinds`).
pub fn field_names(kinds: &[&str]) -> Vec<String> {
    let mut names = vec![String::new(); FIELDS];
    names[COUNTER] = "counter".into();
    names[PARTNER] = "partner".into();
    for (first, part) in [
        (GIVE, "give"),
        (TAKE, "take"),
        (DELIVER, "deliver"),
        (COLLATERAL, "collateral"),
    ] {
        names[first] = format!("{part}.cash_100");
        names[first + 1] = format!("{part}.cash_10");
        names[first + 2] = format!("{part}.shares");
        for k in 0..KINDS {
            let id = kinds
                .get(k)
                .map_or_else(|| k.to_string(), |s| s.to_string());
            names[first + 3 + k] = format!("{part}.exp.{id}");
        }
        for n in 0..4 {
            names[first + 3 + KINDS + n] = format!("{part}.exec.{}", n + FIRST_EXEC as usize);
        }
    }
    names[GIVE + GOODS] = "give.fate".into();
    names[TAKE + GOODS] = "take.fate".into();
    names[GIVE_VOTE] = "give_vote".into();
    names[TAKE_VOTE] = "take_vote".into();
    names[FIRE] = "fire".into();
    for k in 0..MAX_PLAYERS {
        names[SPARE + k] = format!("spare.{k}");
    }
    names[LONG_TERM] = "long_term".into();
    names[DUE] = "due".into();
    names[CANCEL] = "cancel".into();
    names
}

/// A vector of fields that names no offer. The fields are read only by the Python package,
/// which speaks English, so the detail is English text inside a message of its own.
fn refuse(detail: String) -> RuleError {
    fields_error("§9.2", detail)
}

fn fields_error(rule: &'static str, detail: impl Into<String>) -> RuleError {
    RuleError::new(
        rule,
        Message::new("the-boss-err-fields").arg("detail", detail.into()),
    )
}

const VOTES: [Option<Vote>; 3] = [None, Some(Vote::For), Some(Vote::Against)];

/// Goods read from fields: cash, shares, cards per kind, cards per number.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
struct Goods {
    cash: u32,
    shares: u32,
    kinds: [u32; KINDS],
    numbers: [u32; 4],
}

impl Goods {
    fn read(f: &[u32]) -> Goods {
        Goods {
            cash: f[0] * CASH_STEPS as u32 + f[1],
            shares: f[2],
            kinds: std::array::from_fn(|k| f[3 + k]),
            numbers: std::array::from_fn(|n| f[3 + KINDS + n]),
        }
    }

    fn is_zero(&self) -> bool {
        *self == Goods::default()
    }

    /// Writes the goods into fields, if they fit.
    fn write(&self, f: &mut [u32]) -> Option<()> {
        let steps = CASH_STEPS as u32;
        let fits = self.cash < CASH_TENS_OF_STEPS as u32 * steps
            && self.shares < SHARE_LOTS as u32
            && self.kinds.iter().all(|&c| c < CARDS_OF_KIND as u32)
            && self.numbers.iter().all(|&c| c < CARDS_OF_NUMBER as u32);
        if !fits {
            return None;
        }
        f[0] = self.cash / steps;
        f[1] = self.cash % steps;
        f[2] = self.shares;
        f[3..3 + KINDS].copy_from_slice(&self.kinds);
        f[3 + KINDS..GOODS].copy_from_slice(&self.numbers);
        Some(())
    }
}

impl TheBoss {
    /// The names of the fields of a composite offer (see the module), in order.
    pub fn offer_field_names(&self) -> Vec<String> {
        let kinds: Vec<&str> = self.data.kinds.iter().map(|k| k.id.as_str()).collect();
        field_names(&kinds)
    }

    fn seat_at(&self, seat: Seat, places: usize) -> Option<Seat> {
        let n = self.players.len();
        (places < n).then(|| (seat + places) % n)
    }

    /// The cards each field of `sets` names among `cards` (per kind, or per Executive number
    /// with `executive`): bit i is the i-th lowest-numbered copy; or the refusal naming what
    /// `who` lacks.
    fn pick_cards(
        &self,
        cards: &[u8],
        sets: &[u32],
        executive: bool,
        who: &str,
    ) -> Result<Vec<u8>, RuleError> {
        let mut out = Vec::new();
        for (k, &set) in sets.iter().enumerate() {
            if set == 0 {
                continue;
            }
            let mine = self.copies(cards, k, executive);
            let want = 32 - set.leading_zeros() as usize;
            if mine.len() < want {
                let what = if executive {
                    format!("Executive cards #{}", FIRST_EXEC as usize + k)
                } else {
                    let id = self.data.kinds.get(k).map_or("?", |x| x.id.as_str());
                    format!("Experience cards {id}")
                };
                return Err(refuse(format!(
                    "{who} holds {} free {what}, and the field names copy {want}",
                    mine.len()
                )));
            }
            out.extend((0..want).filter(|i| set & (1 << i) != 0).map(|i| mine[i]));
        }
        out.sort_unstable();
        Ok(out)
    }

    /// The copies of kind `k` (Executive number `FIRST_EXEC + k` with `executive`) among
    /// `cards`, lowest-numbered first.
    fn copies(&self, cards: &[u8], k: usize, executive: bool) -> Vec<u8> {
        let mut mine: Vec<u8> = cards
            .iter()
            .copied()
            .filter(|&c| {
                if executive {
                    self.data.exec_number(c) as usize == FIRST_EXEC as usize + k
                } else {
                    self.data.exp_kind(c) as usize == k
                }
            })
            .collect();
        mine.sort_unstable();
        mine
    }

    /// The fields naming the cards of `b` among `hand` (see [`TheBoss::pick_cards`]), if
    /// each is among the first copies of its kind.
    fn card_sets(
        &self,
        exp_hand: &[u8],
        exec_hand: &[u8],
        b: &Bundle,
    ) -> Option<([u32; KINDS], [u32; 4])> {
        let mut kinds = [0u32; KINDS];
        let mut numbers = [0u32; 4];
        for (list, hand, executive) in [
            (&b.experience, exp_hand, false),
            (&b.executive, exec_hand, true),
        ] {
            for &c in list {
                let k = if executive {
                    self.data
                        .exec_cards
                        .get(c as usize)?
                        .checked_sub(FIRST_EXEC)? as usize
                } else {
                    *self.data.exp_cards.get(c as usize)? as usize
                };
                let i = self
                    .copies(hand, k, executive)
                    .iter()
                    .position(|&x| x == c)?;
                let (set, copies) = if executive {
                    (numbers.get_mut(k)?, COPIES_OF_NUMBER)
                } else {
                    (kinds.get_mut(k)?, COPIES_OF_KIND)
                };
                if i >= copies {
                    return None;
                }
                *set |= 1 << i;
            }
        }
        Some((kinds, numbers))
    }

    /// The bundle of goods `g` held by `giver` (the copies its fields name).
    fn bundle_of(&self, giver: Seat, g: &Goods, fate: bool) -> Result<Bundle, RuleError> {
        let p = &self.players[giver];
        let who = seat_name(giver);
        let e = self.data.economy();
        Ok(Bundle {
            cash: g.cash * e.cash_step,
            shares: g.shares * e.lot,
            experience: self.pick_cards(&p.experience, &g.kinds, false, &who)?,
            executive: self.pick_cards(&p.executive, &g.numbers, true, &who)?,
            fate,
        })
    }

    /// The offer (or counter-offer) a composite vector names for `seat` here: the action to
    /// check and apply. A vector of the wrong length or with a value out of its field's range,
    /// a partner or place that names nobody, fields set that do not apply, or cards the giver
    /// does not hold free are refused here, naming the rule; everything else is the rules' to
    /// check (`Game::check`).
    pub fn offer_from_fields(&self, seat: Seat, f: &[u32]) -> Result<Action, RuleError> {
        let sizes = field_sizes();
        if f.len() != FIELDS {
            return Err(refuse(format!(
                "a composite offer has {FIELDS} fields, not {}",
                f.len()
            )));
        }
        let names = self.offer_field_names();
        for (i, (&v, &size)) in f.iter().zip(&sizes).enumerate() {
            if v as usize >= size {
                return Err(refuse(format!(
                    "the field {} takes values 0–{}, not {v}",
                    names[i],
                    size - 1
                )));
            }
        }
        let n = self.players.len();
        if seat >= n {
            return Err(refuse(format!("there is no seat {seat}")));
        }
        let to = self
            .seat_at(seat, f[PARTNER] as usize + 1)
            .filter(|&to| to != seat)
            .ok_or_else(|| {
                refuse(format!(
                    "no partner {} places to the left at a table of {n}",
                    f[PARTNER] + 1
                ))
            })?;
        let counters = match f[COUNTER] as usize {
            0 => None,
            j => {
                let p = self.offers.get(j - 1).ok_or_else(|| {
                    refuse(format!("no open offer in place {} to counter", j - 1))
                })?;
                if p.from != to {
                    return Err(refuse(format!(
                        "a counter-offer goes back to {}, who made the offer in place {}",
                        seat_name(p.from),
                        j - 1
                    )));
                }
                Some(p.id)
            }
        };
        let give = Goods::read(&f[GIVE..GIVE + GOODS]);
        let take = Goods::read(&f[TAKE..TAKE + GOODS]);
        let mut o = Offer {
            to,
            give: self.bundle_of(seat, &give, f[GIVE + GOODS] == 1)?,
            take: self.bundle_of(to, &take, f[TAKE + GOODS] == 1)?,
            ..Offer::default()
        };
        if let Some(v) = VOTES[f[GIVE_VOTE] as usize] {
            o.give_commitments.push(Commitment::Vote(v));
        }
        if let Some(v) = VOTES[f[TAKE_VOTE] as usize] {
            o.take_commitments.push(Commitment::Vote(v));
        }
        // Promises about firing are the active player's; the maker's when neither is active.
        let mut firing = Vec::new();
        if f[FIRE] > 0 {
            let x = self
                .seat_at(seat, f[FIRE] as usize - 1)
                .ok_or_else(|| refuse(format!("no seat {} places to the left", f[FIRE] - 1)))?;
            firing.push(Commitment::FireTarget(x));
        }
        let mut spared: Vec<Seat> = Vec::new();
        for k in 0..MAX_PLAYERS {
            if f[SPARE + k] == 1 {
                spared.push(
                    self.seat_at(seat, k)
                        .ok_or_else(|| refuse(format!("no seat {k} places to the left")))?,
                );
            }
        }
        spared.sort_unstable();
        firing.extend(spared.into_iter().map(Commitment::NotFire));
        if self.turn.seat == to {
            o.take_commitments.extend(firing);
        } else {
            o.give_commitments.extend(firing);
        }
        if f[CANCEL] > 0 {
            let j = f[CANCEL] as usize - 1;
            let d = self
                .deals
                .get(j)
                .ok_or_else(|| fields_error("§9.5", format!("no open deal in place {j}")))?;
            o.cancel = Some(d.id);
        }
        o.long_term = self.long_term_of(seat, to, f, &o)?;
        Ok(match counters {
            Some(id) => Action::Counter(id, Box::new(o)),
            None => Action::Offer(Box::new(o)),
        })
    }

    /// The long-term part the fields name, with the collateral's cards chosen from what the
    /// promisor holds after the exchange (and the collateral a cancelled deal returns).
    fn long_term_of(
        &self,
        seat: Seat,
        to: Seat,
        f: &[u32],
        o: &Offer,
    ) -> Result<Option<LongTerm>, RuleError> {
        let deliver = Goods::read(&f[DELIVER..DELIVER + GOODS]);
        let collateral = Goods::read(&f[COLLATERAL..COLLATERAL + GOODS]);
        let kind = f[LONG_TERM];
        if kind == 0 {
            if !deliver.is_zero() || !collateral.is_zero() || f[DUE] != 0 {
                return Err(fields_error(
                    "§9.5",
                    "the long-term fields are set, but the offer has no long-term part (long_term is 0)",
                ));
            }
            return Ok(None);
        }
        let promisor = if kind % 2 == 1 { seat } else { to };
        let promise = if kind <= 2 {
            let e = self.data.economy();
            let mut d = Deliverable {
                cash: deliver.cash * e.cash_step,
                shares: deliver.shares * e.lot,
                ..Deliverable::default()
            };
            for (k, &c) in deliver.kinds.iter().enumerate() {
                d.experience
                    .extend(std::iter::repeat_n(k as u8, c as usize));
            }
            for (k, &c) in deliver.numbers.iter().enumerate() {
                d.executive
                    .extend(std::iter::repeat_n(FIRST_EXEC + k as u8, c as usize));
            }
            Promise::Deliver(d)
        } else {
            if !deliver.is_zero() {
                return Err(fields_error(
                    "§9.5",
                    "a favour has no deliverable: the deliver fields must be 0",
                ));
            }
            Promise::Favour(FAVOUR.into())
        };
        let (exp, exec) = self.hand_after(seat, promisor, o);
        let who = seat_name(promisor);
        let e = self.data.economy();
        let collateral = Bundle {
            cash: collateral.cash * e.cash_step,
            shares: collateral.shares * e.lot,
            experience: self.pick_cards(&exp, &collateral.kinds, false, &who)?,
            executive: self.pick_cards(&exec, &collateral.numbers, true, &who)?,
            fate: false,
        };
        Ok(Some(LongTerm {
            promisor,
            promise,
            collateral,
            due: self.round + f[DUE],
        }))
    }

    /// The Experience and Executive cards `promisor` (the maker `seat` or its partner) holds
    /// free after offer `o`'s exchange, a cancelled deal's collateral back included.
    fn hand_after(&self, seat: Seat, promisor: Seat, o: &Offer) -> (Vec<u8>, Vec<u8>) {
        let (out, inn) = if promisor == seat {
            (&o.give, &o.take)
        } else {
            (&o.take, &o.give)
        };
        let returned = o
            .cancel
            .and_then(|id| self.deals.iter().find(|d| d.id == id))
            .filter(|d| d.promisor == promisor)
            .map(|d| d.collateral.clone())
            .unwrap_or_default();
        let p = &self.players[promisor];
        let after = |hand: &[u8], out: &[u8], inn: &[u8], back: &[u8]| -> Vec<u8> {
            hand.iter()
                .filter(|c| !out.contains(c))
                .chain(inn)
                .chain(back)
                .copied()
                .collect()
        };
        (
            after(
                &p.experience,
                &out.experience,
                &inn.experience,
                &returned.experience,
            ),
            after(
                &p.executive,
                &out.executive,
                &inn.executive,
                &returned.executive,
            ),
        )
    }
}
