//! The offer builder of the fixed action space ([`crate::action_space`]): offers an agent
//! composes itself, each id one fixed meaning. An id names a partner, one item from a fixed
//! menu, who gives it, and a price from a cash ladder; the offer it builds exchanges the item
//! for that much cash and nothing else (no note, promise or commitment besides the item).
//!
//! The builder's ids follow the menu and slots of the space, from [`FIRST_BUILT`](crate::action_space::FIRST_BUILT):
//!
//! `id = FIRST_BUILT + (((partner − 1) × 16 + item) × 2 + direction) × 16 + rung`
//!
//! | part | values |
//! |---|---|
//! | `partner` 1–3 | the seat that many places to the offerer's left (seat + partner, modulo the players; a partner of the number of players or more names nothing) |
//! | `item` 0–2 | shares: 1, 2 or 5 share lots (10, 20, 50 shares with the default data) |
//! | `item` 3–8 | an Experience card of kind 0–5 (HS, COL, OB, HC, OS, DM with the default data): the giver's lowest-numbered card of that kind |
//! | `item` 9–12 | an Executive card #5–#8: the giver's lowest-numbered card of that number |
//! | `item` 13 | the giver's held Fate card |
//! | `item` 14 | a vote in the lobbying meeting: FOR when the side paying the cash called it, AGAINST when it is the target |
//! | `item` 15 | a promise not to fire (§9.3 `NotFire`): the active player spares the side paying the cash |
//! | `direction` 0 | sell: the offerer gives the item and takes the price |
//! | `direction` 1 | buy: the offerer takes the item and gives the price |
//! | `rung` 0–15 | the price: 1, 2, 3, 5, 7, 10, 15, 20, 25, 30, 40, 50, 70, 100, 150 or 250 cash steps ($10–$2,500 with the default data) |
//!
//! An id names nothing (`None`) where its item cannot be named: a partner beyond the table, a
//! card kind or number the giver does not hold, a vote with no meeting lobbying or a payer who
//! is neither its caller nor its target. Otherwise it names its offer, which the rules accept
//! or refuse like any other; the mask ([`TheBoss::built_mask`]) is true exactly where they
//! accept it. Items are public (the Fate card is offered face down), so neither the ids nor the
//! mask reveal a hidden card.
//!
//! The menu holds what the suggested offers ([`TheBoss::candidates`]) and the reference bots
//! (`crate::bot::trade`) trade for cash: an Experience card (a missing one bought, a surplus one
//! sold), a block of shares near its value, a vote, being spared a firing; and the lots of
//! auctions: Executive and Fate cards. The ladder is roughly geometric, so that $50 for a
//! surplus card, $100 for a missing one, $200–$250 for a share lot, an Executive card's
//! $800–$1,800 and a Job Available card's salaries each lie near a rung. Items for items, loans
//! and other long-term deals, notes and counter-offers are played by their notation.

use crate::action::{Bundle, Commitment, Offer, Vote};
use crate::data::FIRST_EXEC;
use crate::error::Illegal;
use crate::state::{TheBoss, MAX_PLAYERS};
use boardroom_engine::Seat;

/// Share lots an item may hold.
pub const SHARE_LOTS: [u32; 3] = [1, 2, 5];
/// Experience kinds the menu names (the data set's first kinds, in its order).
pub const EXPERIENCE_KINDS: usize = 6;
/// The price ladder, in cash steps.
pub const PRICE_LADDER: [u32; 16] = [1, 2, 3, 5, 7, 10, 15, 20, 25, 30, 40, 50, 70, 100, 150, 250];
/// Items of the menu.
pub const ITEMS: usize = SHARE_LOTS.len() + EXPERIENCE_KINDS + 4 + 3;
/// Partners an offer may name: every other seat of the largest table.
pub const PARTNERS: usize = MAX_PLAYERS - 1;
/// The number of builder ids.
pub const BUILT_OFFERS: usize = PARTNERS * ITEMS * 2 * PRICE_LADDER.len();

const FIRST_EXPERIENCE: usize = SHARE_LOTS.len();
const FIRST_EXECUTIVE: usize = FIRST_EXPERIENCE + EXPERIENCE_KINDS;
const FATE: usize = FIRST_EXECUTIVE + 4;
const VOTE: usize = FATE + 1;
const NOT_FIRE: usize = VOTE + 1;

/// An item of the builder's menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OfferItem {
    /// This many share lots (one of [`SHARE_LOTS`]).
    Shares(u32),
    /// An Experience card of this kind (index in the data set, below [`EXPERIENCE_KINDS`]).
    Experience(u8),
    /// An Executive card of this number (5–8).
    Executive(u8),
    /// The giver's held Fate card.
    Fate,
    /// A vote in the lobbying meeting, for the side paying the cash.
    Vote,
    /// A promise of the active player not to fire the side paying the cash.
    NotFire,
}

impl OfferItem {
    /// The item number `i` of the menu (below [`ITEMS`]).
    pub fn from_number(i: usize) -> Option<OfferItem> {
        Some(match i {
            i if i < FIRST_EXPERIENCE => OfferItem::Shares(SHARE_LOTS[i]),
            i if i < FIRST_EXECUTIVE => OfferItem::Experience((i - FIRST_EXPERIENCE) as u8),
            i if i < FATE => OfferItem::Executive(FIRST_EXEC + (i - FIRST_EXECUTIVE) as u8),
            FATE => OfferItem::Fate,
            VOTE => OfferItem::Vote,
            NOT_FIRE => OfferItem::NotFire,
            _ => return None,
        })
    }

    /// The item's number in the menu.
    pub fn number(self) -> Option<usize> {
        match self {
            OfferItem::Shares(k) => SHARE_LOTS.iter().position(|&l| l == k),
            OfferItem::Experience(k) => {
                ((k as usize) < EXPERIENCE_KINDS).then_some(FIRST_EXPERIENCE + k as usize)
            }
            OfferItem::Executive(n) => (FIRST_EXEC..=8)
                .contains(&n)
                .then(|| FIRST_EXECUTIVE + (n - FIRST_EXEC) as usize),
            OfferItem::Fate => Some(FATE),
            OfferItem::Vote => Some(VOTE),
            OfferItem::NotFire => Some(NOT_FIRE),
        }
    }
}

/// One id of the builder, read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BuiltOffer {
    /// The partner, as places to the offerer's left (1–3).
    pub partner: usize,
    /// The item.
    pub item: OfferItem,
    /// Whether the offerer gives the item (and takes the price) rather than takes it.
    pub sell: bool,
    /// The price's rung of [`PRICE_LADDER`].
    pub rung: usize,
}

impl BuiltOffer {
    /// The builder id `i` (below [`BUILT_OFFERS`], counted from [`FIRST_BUILT`](crate::action_space::FIRST_BUILT)).
    pub fn from_index(i: usize) -> Option<BuiltOffer> {
        if i >= BUILT_OFFERS {
            return None;
        }
        let rungs = PRICE_LADDER.len();
        let (rest, rung) = (i / rungs, i % rungs);
        let (rest, direction) = (rest / 2, rest % 2);
        let (partner, item) = (rest / ITEMS, rest % ITEMS);
        Some(BuiltOffer {
            partner: partner + 1,
            item: OfferItem::from_number(item)?,
            sell: direction == 0,
            rung,
        })
    }

    /// The builder id (counted from [`FIRST_BUILT`](crate::action_space::FIRST_BUILT)), if every part is in range.
    pub fn index(self) -> Option<usize> {
        if !(1..=PARTNERS).contains(&self.partner) || self.rung >= PRICE_LADDER.len() {
            return None;
        }
        let item = self.item.number()?;
        let direction = usize::from(!self.sell);
        Some((((self.partner - 1) * ITEMS + item) * 2 + direction) * PRICE_LADDER.len() + self.rung)
    }
}

/// What one side of a builder offer holds free to trade, read once per state.
struct Side {
    seat: Seat,
    shares: u32,
    /// The lowest-numbered Experience card of each kind of the menu.
    experience: [Option<u8>; EXPERIENCE_KINDS],
    /// The lowest-numbered Executive card of each number.
    executive: [Option<u8>; 4],
    /// Executive cards owned (pledged and auctioned ones too), per number.
    owned: [u8; 4],
    fate: bool,
}

impl TheBoss {
    fn side(&self, seat: Seat) -> Side {
        let p = &self.players[seat];
        let mut experience = [None; EXPERIENCE_KINDS];
        for &c in &p.experience {
            let k = self.data.exp_kind(c) as usize;
            if k < EXPERIENCE_KINDS && experience[k].is_none_or(|x| c < x) {
                experience[k] = Some(c);
            }
        }
        let mut executive = [None; 4];
        for &c in &p.executive {
            let k = (self.data.exec_number(c) - FIRST_EXEC) as usize;
            if executive[k].is_none_or(|x| c < x) {
                executive[k] = Some(c);
            }
        }
        Side {
            seat,
            shares: p.shares,
            experience,
            executive,
            owned: std::array::from_fn(|i| self.owned_of_number(seat, FIRST_EXEC + i as u8)),
            fate: p.fate.is_some(),
        }
    }

    /// The vote a meeting's vote deal buys for `payer`: FOR for its caller, AGAINST for its
    /// target.
    fn vote_for(&self, payer: Seat) -> Option<Vote> {
        let m = self.meeting.as_ref()?;
        if payer == m.caller {
            Some(Vote::For)
        } else if payer == m.target {
            Some(Vote::Against)
        } else {
            None
        }
    }

    /// The offer builder id `b` names for `seat` here, or `None` when it names nothing (see the
    /// module).
    pub fn built_offer(&self, seat: Seat, b: BuiltOffer) -> Option<Offer> {
        let n = self.players.len();
        if seat >= n || b.partner == 0 || b.partner >= n || b.rung >= PRICE_LADDER.len() {
            return None;
        }
        let e = self.data.economy();
        let to = (seat + b.partner) % n;
        let (giver, payer) = if b.sell { (seat, to) } else { (to, seat) };
        let g = &self.players[giver];
        let mut item = Bundle::default();
        let mut promise = Vec::new();
        match b.item {
            OfferItem::Shares(k) => item.shares = k * e.lot,
            OfferItem::Experience(k) => item.experience.push(
                g.experience
                    .iter()
                    .copied()
                    .filter(|&c| self.data.exp_kind(c) == k)
                    .min()?,
            ),
            OfferItem::Executive(num) => item.executive.push(
                g.executive
                    .iter()
                    .copied()
                    .filter(|&c| self.data.exec_number(c) == num)
                    .min()?,
            ),
            OfferItem::Fate => item.fate = true,
            OfferItem::Vote => promise.push(Commitment::Vote(self.vote_for(payer)?)),
            OfferItem::NotFire => promise.push(Commitment::NotFire(payer)),
        }
        let cash = Bundle {
            cash: PRICE_LADDER[b.rung] * e.cash_step,
            ..Bundle::default()
        };
        Some(if b.sell {
            Offer {
                to,
                give: item,
                take: cash,
                give_commitments: promise,
                ..Offer::default()
            }
        } else {
            Offer {
                to,
                give: cash,
                take: item,
                take_commitments: promise,
                ..Offer::default()
            }
        })
    }

    /// The builder id of offer `o` made by `seat`, if the builder names exactly it here.
    pub fn built_of(&self, seat: Seat, o: &Offer) -> Option<BuiltOffer> {
        let n = self.players.len();
        if seat >= n || o.to >= n || o.to == seat || !o.note.is_empty() {
            return None;
        }
        if o.long_term.is_some() || o.cancel.is_some() {
            return None;
        }
        // Card ids out of range name nothing (and could not be read).
        let exp = o.give.experience.iter().chain(&o.take.experience);
        let exec = o.give.executive.iter().chain(&o.take.executive);
        if exp
            .into_iter()
            .any(|&c| c as usize >= self.data.exp_cards.len())
            || exec
                .into_iter()
                .any(|&c| c as usize >= self.data.exec_cards.len())
        {
            return None;
        }
        let e = self.data.economy();
        let step = e.cash_step.max(1);
        // The side of the price holds cash alone, and no commitment.
        let only_cash = |b: &Bundle, c: &[Commitment]| {
            c.is_empty()
                && *b
                    == Bundle {
                        cash: b.cash,
                        ..Bundle::default()
                    }
        };
        let sell = only_cash(&o.take, &o.take_commitments);
        let (item, promise, cash) = if sell {
            (&o.give, &o.give_commitments, &o.take)
        } else {
            (&o.take, &o.take_commitments, &o.give)
        };
        if !only_cash(cash, &[]) || !cash.cash.is_multiple_of(step) {
            return None;
        }
        let rung = PRICE_LADDER.iter().position(|&r| r == cash.cash / step)?;
        let item = match (promise.as_slice(), item) {
            ([Commitment::Vote(_)], b) if b.is_empty() => OfferItem::Vote,
            ([Commitment::NotFire(_)], b) if b.is_empty() => OfferItem::NotFire,
            ([], b) if b.fate => OfferItem::Fate,
            ([], b) if b.shares > 0 => OfferItem::Shares(b.shares / e.lot.max(1)),
            ([], b) if b.experience.len() == 1 => {
                OfferItem::Experience(self.data.exp_kind(*b.experience.first()?))
            }
            ([], b) if b.executive.len() == 1 => {
                OfferItem::Executive(self.data.exec_number(*b.executive.first()?))
            }
            _ => return None,
        };
        let b = BuiltOffer {
            partner: (o.to + n - seat) % n,
            item,
            sell,
            rung,
        };
        // Extra items and other cards of a kind: the offer the id builds is compared whole.
        (b.index().is_some() && self.built_offer(seat, b).as_ref() == Some(o)).then_some(b)
    }

    /// Writes the builder's part of `seat`'s mask into `mask` ([`BUILT_OFFERS`] values): true
    /// exactly at the ids whose offer the rules accept now. What each side holds is read once;
    /// the bits follow the checks of an offer (`check_make_offer`: the deal window or the
    /// meeting, the count limits, each side's items, the commitments, the 2-per-number limit,
    /// a promised severance) item by item, and the price against the payer's free cash.
    pub fn built_mask(&self, seat: Seat, mask: &mut [bool]) {
        mask.fill(false);
        let n = self.players.len();
        if self.is_over() || seat >= n || self.auction.is_some() {
            return;
        }
        let l = self.data.limits();
        if let Some(m) = &self.meeting {
            let dealer = seat == m.caller || seat == m.target || self.undeclared_voter(seat);
            if !self.able_to_deal(seat) || !dealer || m.offers >= l.meeting_max_offers {
                return;
            }
        } else if self.after_meeting.is_some()
            || self.disaster.is_some()
            || self.check_deal_window::<Illegal>(seat).is_err()
            || self.turn.idle & (1 << seat) != 0
        {
            return;
        }
        let open = self.offers.iter().filter(|p| p.from == seat).count() as u32;
        if open >= l.max_open_offers_per_player || self.turn.offers >= l.max_offers_per_bt {
            return;
        }
        let me = self.side(seat);
        let rungs = PRICE_LADDER.len();
        let step = u64::from(self.data.economy().cash_step);
        for partner in 1..n.min(PARTNERS + 1) {
            let to = (seat + partner) % n;
            let party = self
                .meeting
                .as_ref()
                .is_none_or(|m| to == m.caller || to == m.target || m.voters & (1 << to) != 0);
            if !party
                || !self.able_to_deal(to)
                || self.turn.pair_offers[seat * 4 + to] as u32 >= l.max_offers_per_pair_per_bt
            {
                continue;
            }
            let them = self.side(to);
            for item in 0..ITEMS {
                for sell in [true, false] {
                    let (giver, payer) = if sell { (&me, &them) } else { (&them, &me) };
                    let Some(it) = OfferItem::from_number(item) else {
                        continue;
                    };
                    if !self.item_ok(seat, giver, payer, it) {
                        continue;
                    }
                    let first = BuiltOffer {
                        partner,
                        item: it,
                        sell,
                        rung: 0,
                    }
                    .index()
                    .unwrap_or(BUILT_OFFERS);
                    let Some(bits) = mask.get_mut(first..first + rungs) else {
                        continue;
                    };
                    // The ladder rises, so the prices allowed are a run of its rungs.
                    let (low, high) = self.price_bounds(payer.seat, giver.seat);
                    let price = |r: &u32| u64::from(*r) * step;
                    let from = PRICE_LADDER.partition_point(|r| price(r) < low);
                    let to = PRICE_LADDER.partition_point(|r| price(r) <= high);
                    if let Some(run) = bits.get_mut(from..to) {
                        run.fill(true);
                    }
                }
            }
        }
    }

    /// Whether the exchange of item `it` from `giver` to `payer` passes every check but the
    /// price's (`seat` makes the offer).
    fn item_ok(&self, seat: Seat, giver: &Side, payer: &Side, it: OfferItem) -> bool {
        let meeting = self.meeting.is_some();
        // In a meeting only vote deals; a vote is promised only in one.
        if meeting != (it == OfferItem::Vote) {
            return false;
        }
        let firer = self.turn.seat;
        let target_open = self.turn.must_fire.is_some();
        // The 2-per-number limit after the exchange, for both sides.
        let moved = match it {
            OfferItem::Executive(num) => Some((num - FIRST_EXEC) as usize),
            _ => None,
        };
        let limit_ok = (0..4).all(|i| {
            let out = u8::from(moved == Some(i));
            giver.owned[i].saturating_sub(out) <= 2 && payer.owned[i] + out <= 2
        });
        if !limit_ok {
            return false;
        }
        let e = self.data.economy();
        match it {
            OfferItem::Shares(k) => giver.shares >= k * e.lot,
            OfferItem::Experience(k) => giver.experience[k as usize].is_some(),
            OfferItem::Executive(num) => giver.executive[(num - FIRST_EXEC) as usize].is_some(),
            OfferItem::Fate => {
                // no Fate card moves to or from a firer whose Fire card is promised.
                giver.fate && !(target_open && (giver.seat == firer || payer.seat == firer))
            }
            OfferItem::Vote => {
                self.vote_for(payer.seat).is_some() && self.undeclared_voter(giver.seat)
            }
            OfferItem::NotFire => {
                // The receiver's promise is checked as far as everyone can see (its card is
                // known only to them), the offerer's in full.
                let card = if giver.seat == seat {
                    self.bt_fire_of(giver.seat).is_some()
                } else {
                    self.bt_fate_of(giver.seat).is_some()
                };
                giver.seat == firer
                    && card
                    && !target_open
                    && self.fire_target_legal(giver.seat, payer.seat)
            }
        }
    }

    /// The prices `payer` may pay `other` in a builder offer, as the least and the most
    /// (empty when the least is above the most): within its free cash, and a promised
    /// severance still payable after the exchange.
    fn price_bounds(&self, payer: Seat, other: Seat) -> (u64, u64) {
        let most = u64::from(self.free_cash(payer));
        let firer = self.turn.seat;
        if self.turn.must_fire.is_none() || (payer != firer && other != firer) {
            return (0, most);
        }
        let cash = u64::from(self.players[firer].cash);
        let reserved = u64::from(self.reserved(firer));
        if payer == firer {
            match cash.checked_sub(reserved) {
                Some(spare) => (0, most.min(spare)),
                None => (1, 0),
            }
        } else {
            (reserved.saturating_sub(cash), most)
        }
    }
}

#[cfg(test)]
mod tests;
