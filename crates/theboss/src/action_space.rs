//! The fixed action space, for learning code whose output units must each mean one move: a
//! menu of the enumerable actions, the answers to open offers and deals by their place in the
//! lists the observation shows, slots for the candidate offers, counters and auctions of the
//! legal list ([`TheBoss::candidates`]), and an offer builder ([`crate::offer_space`]): offers
//! of one item for a price, composed by partner, item, direction and price.
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
//! | 45–60 | `bid X` for X = the minimum bid + j × the cash step, j = 0–15 (45 + j) |
//! | 61–68 | accept the open offer in place j = 0–7 of the open offers (61 + j) |
//! | 69–76 | reject the open offer in place j (69 + j) |
//! | 77–84 | withdraw the open offer in place j (77 + j) |
//! | 85–88 | settle the long-term deal in place j = 0–3 of the open deals (85 + j) |
//! | 89–92 | release the deal in place j (89 + j) |
//! | 93–96 | default on the deal in place j (93 + j) |
//! | 97–100 | walk away from the deal in place j (97 + j) |
//! | 101–116 | the legal list's offer, counter-offer or auction number k = 0–15, in its order (101 + k) |
//! | 117–1652 | the offer builder: to the seat `partner` = 1–3 places to the left, item 0–15 (shares: 1, 2, 5 lots; an Experience card of kind 0–5; an Executive card #5–#8; the Fate card; a meeting vote; a promise not to fire), direction 0 (give the item, take the price) or 1 (take the item, give the price), price rung 0–15 of the ladder 1, 2, 3, 5, 7, 10, 15, 20, 25, 30, 40, 50, 70, 100, 150, 250 cash steps: 117 + (((partner − 1) × 16 + item) × 2 + direction) × 16 + rung (see [`crate::offer_space`]) |
//! | 1653–1656 | accept the open offer in place j = 8–11 (1645 + j) |
//! | 1657–1660 | reject the open offer in place j (1649 + j) |
//! | 1661–1664 | withdraw the open offer in place j (1653 + j) |
//!
//! Open offers and deals are in the order the observation lists them (oldest first). An
//! action outside the space (an offer of other terms, a counter-offer of one's own, a bid
//! above the ladder, an answer to a thirteenth open offer, a clock's timeout) is played by its
//! notation; with the default limits at most 12 offers are open at once (3 for each of 4
//! players). Places 8–11 follow the builder so that the ids before it keep their meaning. An offer both suggested by the legal list and built by the builder has the
//! suggestion's index ([`TheBoss::space_index`]); the builder's id names it as well.

use crate::action::{Action, Deck, Vote};
use crate::offer_space::{BuiltOffer, BUILT_OFFERS};
use crate::state::{TheBoss, MAX_PLAYERS};
use boardroom_engine::Seat;

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
/// Bids on the ladder.
const BIDS: usize = 16;
/// Open offers that can be answered by their place in the menu.
const OFFER_SLOTS: usize = 8;
/// Further places of open offers, after the builder: with the default limits at most 12 offers
/// are open (3 for each of 4 players).
const LATE_OFFER_SLOTS: usize = 4;
/// Open deals that can be acted on by their place.
const DEAL_SLOTS: usize = 4;
/// Candidate offers, counters and auctions of the legal list.
const SUGGESTIONS: usize = 16;

const FIRST_VOTE: usize = SIMPLE_ACTIONS;
const FIRST_FIRE: usize = FIRST_VOTE + VOTES.len();
const FIRST_MEETING: usize = FIRST_FIRE + MAX_PLAYERS;
const FIRST_SHOW: usize = FIRST_MEETING + MAX_PLAYERS;
const FIRST_MOVE: usize = FIRST_SHOW + MAX_PLAYERS;
const FIRST_BUY: usize = FIRST_MOVE + 8;
const FIRST_BID: usize = FIRST_BUY + BUY_LOTS;
const FIRST_ACCEPT: usize = FIRST_BID + BIDS;
const FIRST_REJECT: usize = FIRST_ACCEPT + OFFER_SLOTS;
const FIRST_WITHDRAW: usize = FIRST_REJECT + OFFER_SLOTS;
const FIRST_SETTLE: usize = FIRST_WITHDRAW + OFFER_SLOTS;
const FIRST_RELEASE: usize = FIRST_SETTLE + DEAL_SLOTS;
const FIRST_DEFAULT: usize = FIRST_RELEASE + DEAL_SLOTS;
const FIRST_WALK_AWAY: usize = FIRST_DEFAULT + DEAL_SLOTS;
const FIRST_SUGGESTION: usize = FIRST_WALK_AWAY + DEAL_SLOTS;
/// Where the menu of enumerable actions ends and the suggestion slots begin.
pub const MENU: usize = FIRST_SUGGESTION;

/// The first id of the offer builder ([`crate::offer_space`]).
pub const FIRST_BUILT: usize = FIRST_SUGGESTION + SUGGESTIONS;

const FIRST_LATE_ACCEPT: usize = FIRST_BUILT + BUILT_OFFERS;
const FIRST_LATE_REJECT: usize = FIRST_LATE_ACCEPT + LATE_OFFER_SLOTS;
const FIRST_LATE_WITHDRAW: usize = FIRST_LATE_REJECT + LATE_OFFER_SLOTS;

/// The size of the fixed action space.
pub const ACTION_SPACE: usize = FIRST_LATE_WITHDRAW + LATE_OFFER_SLOTS;

/// The index of place `j` of the open offers: in the menu from `first`, the late places from
/// `late`.
fn place(first: usize, late: usize, j: usize) -> usize {
    if j < OFFER_SLOTS {
        first + j
    } else {
        late + j - OFFER_SLOTS
    }
}

/// Whether the legal list's action `a` takes a suggestion slot.
fn suggested(a: &Action) -> bool {
    matches!(
        a,
        Action::Offer(_) | Action::Counter(..) | Action::Auction(..)
    )
}

impl TheBoss {
    fn offer_slot(&self, id: u32) -> Option<usize> {
        self.offers
            .iter()
            .position(|o| o.id == id)
            .filter(|&j| j < OFFER_SLOTS + LATE_OFFER_SLOTS)
    }

    fn deal_slot(&self, id: u32) -> Option<usize> {
        self.deals
            .iter()
            .position(|d| d.id == id)
            .filter(|&j| j < DEAL_SLOTS)
    }

    /// The index of `action` played by `seat` in the fixed action space (see the module).
    pub fn space_index(&self, seat: Seat, action: &Action) -> Option<usize> {
        if let Some(i) = SIMPLE.iter().position(|a| a == action) {
            return Some(i);
        }
        let e = self.data.economy();
        let seat_slot = |first: usize, s: Seat| (s < MAX_PLAYERS).then_some(first + s);
        match *action {
            Action::Vote(v) => VOTES.iter().position(|&w| w == v).map(|j| FIRST_VOTE + j),
            Action::Fire(s) => seat_slot(FIRST_FIRE, s),
            Action::Meeting(s) => seat_slot(FIRST_MEETING, s),
            Action::Show(s) => seat_slot(FIRST_SHOW, s),
            Action::Move(p) => (1..=8).contains(&p).then(|| FIRST_MOVE + p as usize - 1),
            Action::Buy(n) => {
                let k = (n / e.lot.max(1)) as usize;
                (n % e.lot.max(1) == 0 && (1..=BUY_LOTS).contains(&k)).then(|| FIRST_BUY + k - 1)
            }
            Action::Bid(x) => {
                let min = self.min_bid()?;
                let step = e.cash_step.max(1);
                let j = (x.checked_sub(min)? / step) as usize;
                ((x - min) % step == 0 && j < BIDS).then_some(FIRST_BID + j)
            }
            Action::Accept(id) => {
                Some(place(FIRST_ACCEPT, FIRST_LATE_ACCEPT, self.offer_slot(id)?))
            }
            Action::Reject(id) => {
                Some(place(FIRST_REJECT, FIRST_LATE_REJECT, self.offer_slot(id)?))
            }
            Action::Withdraw(id) => Some(place(
                FIRST_WITHDRAW,
                FIRST_LATE_WITHDRAW,
                self.offer_slot(id)?,
            )),
            Action::Settle(id) => Some(FIRST_SETTLE + self.deal_slot(id)?),
            Action::Release(id) => Some(FIRST_RELEASE + self.deal_slot(id)?),
            Action::Default(id) => Some(FIRST_DEFAULT + self.deal_slot(id)?),
            Action::WalkAway(id) => Some(FIRST_WALK_AWAY + self.deal_slot(id)?),
            Action::Offer(_) | Action::Counter(..) | Action::Auction(..) => {
                let mut legal = Vec::new();
                self.candidates(seat, &mut legal);
                let slot = legal
                    .iter()
                    .filter(|a| suggested(a))
                    .position(|a| a == action)
                    .filter(|&k| k < SUGGESTIONS)
                    .map(|k| FIRST_SUGGESTION + k);
                let built = || match action {
                    Action::Offer(o) => Some(FIRST_BUILT + self.built_of(seat, o)?.index()?),
                    _ => None,
                };
                slot.or_else(built)
            }
            _ => None,
        }
    }

    /// The action at `index` of the fixed action space for `seat` here, or `None` when the
    /// index names nothing now (an empty place, no auction running, out of range).
    pub fn from_space_index(&self, seat: Seat, index: usize) -> Option<Action> {
        let e = self.data.economy();
        let offer = |first: usize| self.offers.get(index - first).map(|o| o.id);
        let late = |first: usize| self.offers.get(OFFER_SLOTS + index - first).map(|o| o.id);
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
            i if i < FIRST_BID => Action::Buy((i - FIRST_BUY + 1) as u32 * e.lot),
            i if i < FIRST_ACCEPT => {
                Action::Bid(self.min_bid()? + (i - FIRST_BID) as u32 * e.cash_step)
            }
            i if i < FIRST_REJECT => Action::Accept(offer(FIRST_ACCEPT)?),
            i if i < FIRST_WITHDRAW => Action::Reject(offer(FIRST_REJECT)?),
            i if i < FIRST_SETTLE => Action::Withdraw(offer(FIRST_WITHDRAW)?),
            i if i < FIRST_RELEASE => Action::Settle(deal(FIRST_SETTLE)?),
            i if i < FIRST_DEFAULT => Action::Release(deal(FIRST_RELEASE)?),
            i if i < FIRST_WALK_AWAY => Action::Default(deal(FIRST_DEFAULT)?),
            i if i < FIRST_SUGGESTION => Action::WalkAway(deal(FIRST_WALK_AWAY)?),
            i if i < FIRST_BUILT => {
                let mut legal = Vec::new();
                self.candidates(seat, &mut legal);
                legal
                    .into_iter()
                    .filter(suggested)
                    .nth(i - FIRST_SUGGESTION)?
            }
            i if i < FIRST_LATE_ACCEPT => Action::Offer(Box::new(
                self.built_offer(seat, BuiltOffer::from_index(i - FIRST_BUILT)?)?,
            )),
            i if i < FIRST_LATE_REJECT => Action::Accept(late(FIRST_LATE_ACCEPT)?),
            i if i < FIRST_LATE_WITHDRAW => Action::Reject(late(FIRST_LATE_REJECT)?),
            i if i < ACTION_SPACE => Action::Withdraw(late(FIRST_LATE_WITHDRAW)?),
            _ => return None,
        })
    }

    /// Writes `seat`'s legal moves over the fixed space into `mask`: every menu action the
    /// rules accept (the legal list holds only some bids and purchases), a slot for each of
    /// the legal list's offers, counters and auctions, and every builder offer the rules accept
    /// ([`TheBoss::built_mask`]).
    pub fn space_mask(&self, seat: Seat, legal: &[Action], mask: &mut [bool]) {
        mask.fill(false);
        if !self.may_act().contains(seat) {
            return;
        }
        self.menu_mask(seat, mask);
        let slots = legal
            .iter()
            .filter(|a| suggested(a))
            .count()
            .min(SUGGESTIONS);
        for m in mask.iter_mut().skip(MENU).take(slots) {
            *m = true;
        }
        if let Some(built) = mask.get_mut(FIRST_BUILT..FIRST_LATE_ACCEPT) {
            self.built_mask(seat, built);
        }
    }

    /// Writes the bits of the menu and of the late places of open offers into `mask` (false
    /// everywhere before): true at each id whose action (as [`TheBoss::from_space_index`]
    /// names it) the rules accept. The ids are visited group by group, only where they name
    /// an action now (no bids without an auction, no places beyond the lists).
    fn menu_mask(&self, seat: Seat, mask: &mut [bool]) {
        // The verdict without its message: the same rules, no error text built for the many
        // menu moves that are not legal.
        let mut set = |i: usize, a: Action| {
            if let Some(m) = mask.get_mut(i) {
                *m = self.is_legal(seat, &a);
            }
        };
        for (i, a) in SIMPLE.iter().enumerate() {
            set(i, a.clone());
        }
        for (j, &v) in VOTES.iter().enumerate() {
            set(FIRST_VOTE + j, Action::Vote(v));
        }
        for s in 0..self.players.len().min(MAX_PLAYERS) {
            set(FIRST_FIRE + s, Action::Fire(s));
            set(FIRST_MEETING + s, Action::Meeting(s));
            set(FIRST_SHOW + s, Action::Show(s));
        }
        for p in 1..=8u8 {
            set(FIRST_MOVE + usize::from(p) - 1, Action::Move(p));
        }
        let e = self.data.economy();
        for k in 1..=BUY_LOTS {
            set(FIRST_BUY + k - 1, Action::Buy(k as u32 * e.lot));
        }
        if let Some(min) = self.min_bid() {
            for j in 0..BIDS {
                set(FIRST_BID + j, Action::Bid(min + j as u32 * e.cash_step));
            }
        }
        let places = OFFER_SLOTS + LATE_OFFER_SLOTS;
        for (j, o) in self.offers.iter().enumerate().take(places) {
            set(
                place(FIRST_ACCEPT, FIRST_LATE_ACCEPT, j),
                Action::Accept(o.id),
            );
            set(
                place(FIRST_REJECT, FIRST_LATE_REJECT, j),
                Action::Reject(o.id),
            );
            set(
                place(FIRST_WITHDRAW, FIRST_LATE_WITHDRAW, j),
                Action::Withdraw(o.id),
            );
        }
        for (j, d) in self.deals.iter().enumerate().take(DEAL_SLOTS) {
            set(FIRST_SETTLE + j, Action::Settle(d.id));
            set(FIRST_RELEASE + j, Action::Release(d.id));
            set(FIRST_DEFAULT + j, Action::Default(d.id));
            set(FIRST_WALK_AWAY + j, Action::WalkAway(d.id));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Config;
    use boardroom_engine::{rng, Game};
    use rand::Rng;

    /// Along random games: every listed action has an index that reads back as itself, no two
    /// share one, the mask holds every listed action's index, and every index the mask holds
    /// is an action the rules accept.
    #[test]
    fn listed_actions_round_trip_and_the_mask_is_the_legal_set() {
        let mut legal = Vec::new();
        let mut mask = vec![false; ACTION_SPACE];
        for seed in 0..3 {
            let mut game = TheBoss::new(&Config::new(3), seed).unwrap();
            let mut r = rng::from_seed(seed);
            for _ in 0..300 {
                let Some(seat) = game.to_act().choose(&mut r) else {
                    break;
                };
                game.legal_actions(seat, &mut legal);
                game.space_mask(seat, &legal, &mut mask);
                let mut seen = [false; ACTION_SPACE];
                for a in &legal {
                    let Some(i) = game.space_index(seat, a) else {
                        continue;
                    };
                    assert!(!seen[i], "two actions at {i}");
                    seen[i] = true;
                    assert!(mask[i], "{a:?} at {i} is legal");
                    assert_eq!(game.from_space_index(seat, i).as_ref(), Some(a));
                }
                for (i, _) in mask.iter().enumerate().filter(|(_, m)| **m) {
                    let a = game
                        .from_space_index(seat, i)
                        .expect("a masked index names one");
                    assert!(game.check(seat, a.clone()).is_ok(), "{a:?} at {i}");
                    // A built offer the legal list suggests too has the suggestion's index.
                    let j = game.space_index(seat, &a);
                    assert!(
                        j == Some(i) || (i >= FIRST_BUILT && j.is_some_and(|j| j >= MENU)),
                        "{a:?} at {i}, {j:?}"
                    );
                }
                assert!(
                    mask.iter().any(|&m| m),
                    "seat {seat} may act: some index is legal"
                );
                // The menu, written group by group, is the verdict id by id.
                for i in (0..MENU).chain(FIRST_LATE_ACCEPT..ACTION_SPACE) {
                    let verdict = game
                        .from_space_index(seat, i)
                        .is_some_and(|a| game.check(seat, a).is_ok());
                    assert_eq!(mask[i], verdict, "id {i}");
                }
                let a = legal[r.gen_range(0..legal.len())].clone();
                game.play(seat, a).unwrap();
            }
        }
    }
}
