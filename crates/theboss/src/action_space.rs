//! The fixed action space, for learning code whose output units must each mean one move: every
//! id has one meaning in every state. It holds a menu of the enumerable actions, the answers to
//! open offers and deals by their place in the lists the observation shows, auctions by lot
//! and reserve, an offer builder ([`crate::offer_space`]: offers of one item for a price,
//! composed by partner, item, direction and price) and bids on an absolute ladder.
//!
//! Version [`ACTION_SPACE_VERSION`] of the numbering, [`ACTION_SPACE`] ids:
//!
//! | indices | actions |
//! |---|---|
//! | 0–11 | `collect`, `take card`, `open`, `use`, `stop`, `pass`, `pay`, `lose`, `draw experience`, `draw fate`, `discard`, `end` |
//! | 12–14 | `vote for`, `vote against`, `vote abstain` |
//! | 15–18 | `fire S` for seats S = 0–3 (15 + S) |
//! | 19–22 | `meeting S` (19 + S) |
//! | 23–26 | `show S` (23 + S) |
//! | 27–34 | `move P` to positions P = 1–8 (26 + P) |
//! | 35–44 | `buy N` for N = k × the share lot, k = 1–10 (34 + k) |
//! | 45–56 | accept the open offer in place j = 0–11 of the open offers (45 + j) |
//! | 57–68 | reject the open offer in place j (57 + j) |
//! | 69–80 | withdraw the open offer in place j (69 + j) |
//! | 81–92 | counter the open offer in place j (81 + j): its terms turned around (what it gives is asked, what it asks is given, commitments likewise), one cash step more asked, no note |
//! | 93–96 | settle the long-term deal in place j = 0–3 of the open deals (93 + j) |
//! | 97–100 | release the deal in place j (97 + j) |
//! | 101–104 | default on the deal in place j (101 + j) |
//! | 105–108 | walk away from the deal in place j (105 + j) |
//! | 109–402 | auction one's own lot: 109 + lot × 21 + rung, lot 0–13 (shares: 1, 2, 5 lots; the highest-numbered Experience card of kind 0–5; the highest-numbered Executive card #5–#8; the Fate card), reserve rung 0–20 of the ladder 1, 2, 3, 5, 7, 10, 15, 20, 22, 25, 30, 40, 50, 60, 70, 80, 100, 120, 150, 200, 250 cash steps |
//! | 403–1938 | the offer builder: to the seat `partner` = 1–3 places to the left, item 0–15 (shares: 1, 2, 5 lots; an Experience card of kind 0–5; an Executive card #5–#8; the Fate card; a meeting vote; a promise not to fire), direction 0 (give the item, take the price) or 1 (take the item, give the price), price rung 0–15 of the ladder 1, 2, 3, 5, 7, 10, 15, 20, 25, 30, 40, 50, 70, 100, 150, 250 cash steps: 403 + (((partner − 1) × 16 + item) × 2 + direction) × 16 + rung (see [`crate::offer_space`]) |
//! | 1939–2188 | `bid X` for X = k × the cash step, k = 1–250 (1938 + k): $10–$2,500 with the default data |
//!
//! Place j of the open offers is entry j of the observation's list of open offers
//! (`public.offers`, oldest first), and place j of the deals entry j of `public.deals`; the
//! encoded observation lists them in the same order. With the default limits at most 12
//! offers are open at once (3 for each of 4 players). Every other id names the same move in
//! every state; whether the rules accept it is the mask's to say.
//!
//! Outside the space, played by their notation (or as composite offers): offers of other terms
//! (several items, items for items, long-term deals, notes, other prices), counter-offers of
//! other terms, auctions of other reserves, bids above the ladder, answers beyond the twelfth
//! open offer or fourth deal, and a clock's timeouts. The suggested offers of the legal list
//! ([`TheBoss::candidates`]) have no ids of their own: an offer has its builder id when the
//! builder names it, and none otherwise.

use crate::action::{Action, Deck, Lot, Offer, Vote};
use crate::offer_space::{BuiltOffer, OfferItem, BUILT_OFFERS, ITEMS};
use crate::state::{TheBoss, MAX_PLAYERS};
use boardroom_engine::Seat;

mod mask;
mod nearest;
#[cfg(test)]
mod tests;

/// The version of the numbering: it changes whenever an id changes its meaning.
pub const ACTION_SPACE_VERSION: u32 = 2;

const SIMPLE_ACTIONS: usize = 12;
// A `static`, not a `const`: a `const` array of a type with a destructor is built and dropped
// again at every use.
static SIMPLE: [Action; SIMPLE_ACTIONS] = [
    Action::Collect,
    Action::TakeCard,
    Action::Open,
    Action::Use,
    Action::Stop,
    Action::Pass,
    Action::Pay,
    Action::Lose,
    Action::Draw(Deck::Experience),
    Action::Draw(Deck::Fate),
    Action::Discard,
    Action::End,
];
const VOTES: [Vote; 3] = [Vote::For, Vote::Against, Vote::Abstain];
/// Share lots a purchase may name.
const BUY_LOTS: usize = 10;
/// Open offers that can be answered by their place: with the default limits at most 12 are
/// open (3 for each of 4 players).
pub const OFFER_PLACES: usize = 12;
/// Open deals that can be acted on by their place.
pub const DEAL_PLACES: usize = 4;
/// Lots an auction id names: the builder's items 0–13 (shares, Experience and Executive
/// cards, the Fate card).
pub const AUCTION_LOTS: usize = ITEMS - 2;
/// The reserves of auction ids, in cash steps.
pub const RESERVE_LADDER: [u32; 21] = [
    1, 2, 3, 5, 7, 10, 15, 20, 22, 25, 30, 40, 50, 60, 70, 80, 100, 120, 150, 200, 250,
];
/// Bids on the ladder: 1 to this many cash steps.
pub const BID_STEPS: usize = 250;

const FIRST_VOTE: usize = SIMPLE_ACTIONS;
const FIRST_FIRE: usize = FIRST_VOTE + VOTES.len();
const FIRST_MEETING: usize = FIRST_FIRE + MAX_PLAYERS;
const FIRST_SHOW: usize = FIRST_MEETING + MAX_PLAYERS;
const FIRST_MOVE: usize = FIRST_SHOW + MAX_PLAYERS;
const FIRST_BUY: usize = FIRST_MOVE + 8;
const FIRST_ACCEPT: usize = FIRST_BUY + BUY_LOTS;
const FIRST_REJECT: usize = FIRST_ACCEPT + OFFER_PLACES;
const FIRST_WITHDRAW: usize = FIRST_REJECT + OFFER_PLACES;
const FIRST_COUNTER: usize = FIRST_WITHDRAW + OFFER_PLACES;
const FIRST_SETTLE: usize = FIRST_COUNTER + OFFER_PLACES;
const FIRST_RELEASE: usize = FIRST_SETTLE + DEAL_PLACES;
const FIRST_DEFAULT: usize = FIRST_RELEASE + DEAL_PLACES;
const FIRST_WALK_AWAY: usize = FIRST_DEFAULT + DEAL_PLACES;
/// The first auction id.
pub const FIRST_AUCTION: usize = FIRST_WALK_AWAY + DEAL_PLACES;
/// Where the menu of enumerable actions and places ends (the auctions begin).
pub const MENU: usize = FIRST_AUCTION;
/// The first id of the offer builder ([`crate::offer_space`]).
pub const FIRST_BUILT: usize = FIRST_AUCTION + AUCTION_LOTS * RESERVE_LADDER.len();
/// The first bid id (a bid of one cash step).
pub const FIRST_BID: usize = FIRST_BUILT + BUILT_OFFERS;
/// The size of the fixed action space.
pub const ACTION_SPACE: usize = FIRST_BID + BID_STEPS;

/// The kind of move an id names, whatever the state: what [`id_kind`] returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IdKind {
    /// One of the enumerable actions (the simple steps, votes, seats, moves, purchases).
    Menu,
    /// An answer to the open offer in this place.
    OfferPlace(usize),
    /// An action on the open deal in this place.
    DealPlace(usize),
    /// An auction of this lot (the builder's item number) at this reserve rung.
    Auction(usize, usize),
    /// A builder offer.
    Built(BuiltOffer),
    /// A bid of this many cash steps.
    Bid(u32),
}

/// What id `index` means in every state, or `None` beyond the space.
pub fn id_kind(index: usize) -> Option<IdKind> {
    let rungs = RESERVE_LADDER.len();
    Some(match index {
        i if i < FIRST_ACCEPT => IdKind::Menu,
        i if i < FIRST_SETTLE => IdKind::OfferPlace((i - FIRST_ACCEPT) % OFFER_PLACES),
        i if i < FIRST_AUCTION => IdKind::DealPlace((i - FIRST_SETTLE) % DEAL_PLACES),
        i if i < FIRST_BUILT => {
            IdKind::Auction((i - FIRST_AUCTION) / rungs, (i - FIRST_AUCTION) % rungs)
        }
        i if i < FIRST_BID => IdKind::Built(BuiltOffer::from_index(i - FIRST_BUILT)?),
        i if i < ACTION_SPACE => IdKind::Bid((i - FIRST_BID + 1) as u32),
        _ => return None,
    })
}

/// The counter-offer an id of the counter group makes to `o`, from `from`: its terms turned
/// around and one cash step more asked.
fn turned_around(o: &Offer, from: Seat, step: u32) -> Offer {
    let mut take = o.give.clone();
    take.cash = take.cash.saturating_add(step);
    Offer {
        to: from,
        give: o.take.clone(),
        take,
        give_commitments: o.take_commitments.clone(),
        take_commitments: o.give_commitments.clone(),
        ..Offer::default()
    }
}

impl TheBoss {
    fn offer_place(&self, id: u32) -> Option<usize> {
        self.offers
            .iter()
            .position(|o| o.id == id)
            .filter(|&j| j < OFFER_PLACES)
    }

    fn deal_place(&self, id: u32) -> Option<usize> {
        self.deals
            .iter()
            .position(|d| d.id == id)
            .filter(|&j| j < DEAL_PLACES)
    }

    /// The lot that auction lot number `lot` (the builder's item number) names for `seat`
    /// here: cards are the seller's highest-numbered of their kind or number.
    fn auction_lot(&self, seat: Seat, lot: usize) -> Option<Lot> {
        let p = self.players.get(seat)?;
        Some(match OfferItem::from_number(lot)? {
            OfferItem::Shares(k) => Lot::Shares(k * self.data.economy().lot),
            OfferItem::Experience(k) => Lot::Experience(
                p.experience
                    .iter()
                    .copied()
                    .filter(|&c| self.data.exp_kind(c) == k)
                    .max()?,
            ),
            OfferItem::Executive(n) => Lot::Executive(
                p.executive
                    .iter()
                    .copied()
                    .filter(|&c| self.data.exec_number(c) == n)
                    .max()?,
            ),
            OfferItem::Fate => Lot::Fate,
            OfferItem::Vote | OfferItem::NotFire => return None,
        })
    }

    /// The auction id of `lot` at `reserve` offered by `seat`, if the space names it.
    fn auction_index(&self, seat: Seat, lot: Lot, reserve: u32) -> Option<usize> {
        let step = self.data.economy().cash_step.max(1);
        let rung = RESERVE_LADDER
            .iter()
            .position(|&r| reserve.is_multiple_of(step) && r == reserve / step)?;
        let item = match lot {
            Lot::Shares(n) => {
                let l = self.data.economy().lot.max(1);
                n.is_multiple_of(l).then_some(OfferItem::Shares(n / l))?
            }
            Lot::Experience(c) if (c as usize) < self.data.exp_cards.len() => {
                OfferItem::Experience(self.data.exp_kind(c))
            }
            Lot::Executive(c) if (c as usize) < self.data.exec_cards.len() => {
                OfferItem::Executive(self.data.exec_number(c))
            }
            Lot::Fate => OfferItem::Fate,
            _ => return None,
        };
        let number = item.number().filter(|&n| n < AUCTION_LOTS)?;
        (self.auction_lot(seat, number)? == lot)
            .then_some(FIRST_AUCTION + number * RESERVE_LADDER.len() + rung)
    }

    /// The index of `action` played by `seat` in the fixed action space (see the module).
    pub fn space_index(&self, seat: Seat, action: &Action) -> Option<usize> {
        if let Some(i) = SIMPLE.iter().position(|a| a == action) {
            return Some(i);
        }
        let e = self.data.economy();
        let seat_slot = |first: usize, s: Seat| (s < MAX_PLAYERS).then_some(first + s);
        match action {
            Action::Vote(v) => VOTES.iter().position(|w| w == v).map(|j| FIRST_VOTE + j),
            Action::Fire(s) => seat_slot(FIRST_FIRE, *s),
            Action::Meeting(s) => seat_slot(FIRST_MEETING, *s),
            Action::Show(s) => seat_slot(FIRST_SHOW, *s),
            Action::Move(p) => (1..=8).contains(p).then(|| FIRST_MOVE + *p as usize - 1),
            Action::Buy(n) => {
                let k = (n / e.lot.max(1)) as usize;
                (n % e.lot.max(1) == 0 && (1..=BUY_LOTS).contains(&k)).then(|| FIRST_BUY + k - 1)
            }
            Action::Bid(x) => {
                let step = e.cash_step.max(1);
                let k = (x / step) as usize;
                (x % step == 0 && (1..=BID_STEPS).contains(&k)).then(|| FIRST_BID + k - 1)
            }
            Action::Accept(id) => Some(FIRST_ACCEPT + self.offer_place(*id)?),
            Action::Reject(id) => Some(FIRST_REJECT + self.offer_place(*id)?),
            Action::Withdraw(id) => Some(FIRST_WITHDRAW + self.offer_place(*id)?),
            Action::Counter(id, o) => {
                let j = self.offer_place(*id)?;
                let p = &self.offers[j];
                (turned_around(&p.offer, p.from, e.cash_step) == **o).then_some(FIRST_COUNTER + j)
            }
            Action::Settle(id) => Some(FIRST_SETTLE + self.deal_place(*id)?),
            Action::Release(id) => Some(FIRST_RELEASE + self.deal_place(*id)?),
            Action::Default(id) => Some(FIRST_DEFAULT + self.deal_place(*id)?),
            Action::WalkAway(id) => Some(FIRST_WALK_AWAY + self.deal_place(*id)?),
            Action::Auction(lot, reserve) => self.auction_index(seat, *lot, *reserve),
            Action::Offer(o) => Some(FIRST_BUILT + self.built_of(seat, o)?.index()?),
            _ => None,
        }
    }

    /// The action at `index` of the fixed action space for `seat` here, or `None` when the
    /// index names nothing now (an empty place, a card the seat does not hold, out of range).
    pub fn from_space_index(&self, seat: Seat, index: usize) -> Option<Action> {
        let e = self.data.economy();
        let offer = |first: usize| self.offers.get(index - first).map(|o| o.id);
        let deal = |first: usize| self.deals.get(index - first).map(|d| d.id);
        let players = self.players.len();
        let seat_at = |first: usize| Some(index - first).filter(|&s| s < players);
        Some(match index {
            i if i < FIRST_VOTE => SIMPLE[i].clone(),
            i if i < FIRST_FIRE => Action::Vote(VOTES[i - FIRST_VOTE]),
            i if i < FIRST_MEETING => Action::Fire(seat_at(FIRST_FIRE)?),
            i if i < FIRST_SHOW => Action::Meeting(seat_at(FIRST_MEETING)?),
            i if i < FIRST_MOVE => Action::Show(seat_at(FIRST_SHOW)?),
            i if i < FIRST_BUY => Action::Move((i - FIRST_MOVE + 1) as u8),
            i if i < FIRST_ACCEPT => Action::Buy((i - FIRST_BUY + 1) as u32 * e.lot),
            i if i < FIRST_REJECT => Action::Accept(offer(FIRST_ACCEPT)?),
            i if i < FIRST_WITHDRAW => Action::Reject(offer(FIRST_REJECT)?),
            i if i < FIRST_COUNTER => Action::Withdraw(offer(FIRST_WITHDRAW)?),
            i if i < FIRST_SETTLE => {
                let p = self.offers.get(i - FIRST_COUNTER)?;
                Action::Counter(p.id, Box::new(turned_around(&p.offer, p.from, e.cash_step)))
            }
            i if i < FIRST_RELEASE => Action::Settle(deal(FIRST_SETTLE)?),
            i if i < FIRST_DEFAULT => Action::Release(deal(FIRST_RELEASE)?),
            i if i < FIRST_WALK_AWAY => Action::Default(deal(FIRST_DEFAULT)?),
            i if i < FIRST_AUCTION => Action::WalkAway(deal(FIRST_WALK_AWAY)?),
            i if i < FIRST_BUILT => {
                let rungs = RESERVE_LADDER.len();
                let (lot, rung) = ((i - FIRST_AUCTION) / rungs, (i - FIRST_AUCTION) % rungs);
                Action::Auction(
                    self.auction_lot(seat, lot)?,
                    RESERVE_LADDER[rung] * e.cash_step,
                )
            }
            i if i < FIRST_BID => Action::Offer(Box::new(
                self.built_offer(seat, BuiltOffer::from_index(i - FIRST_BUILT)?)?,
            )),
            i if i < ACTION_SPACE => Action::Bid((i - FIRST_BID + 1) as u32 * e.cash_step),
            _ => return None,
        })
    }
}
