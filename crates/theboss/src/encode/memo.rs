//! What [`boardroom_engine::Encode::encode_update`] remembers of the buffer it wrote: for each
//! section of the fixed part, the inputs it was written from (plain values compared field by
//! field, the state's lists among them by their stamps); for each list, its stamp.

use super::out::{Lists, Section, Shown};
use super::table::{AuctionBids, AuctionLot};
use super::SEATS;
use crate::state::{AfterMeeting, Meeting, Player, Sequence, Step, TheBoss, Tracked, Turn};
use boardroom_engine::{Seat, Viewer};

/// What [`boardroom_engine::Encode::encode_update`] remembers: how many items each list
/// showed, and which.
#[derive(Default)]
pub(super) struct Memo {
    pub(super) counts: Vec<u16>,
    pub(super) spare: Vec<u16>,
    pub(super) shown: Written,
}

/// What the buffer holds: the lists whose items it shows (see [`super::out::Out::list`]), and
/// what the sections of its fixed part were written from (see
/// [`super::out::Out::section`]).
#[derive(Default)]
pub(super) struct Written {
    pub(super) offers: Shown,
    pub(super) deals: Shown,
    pub(super) broken: Shown,
    pub(super) refused: [Shown; SEATS],
    /// The data set the sections were written with (its address): what they were written
    /// from holds for this data set only.
    data: usize,
    pub(super) viewer: Section<Viewer>,
    pub(super) head: Section<Head>,
    /// The turn (a section made of the next three).
    pub(super) turn: Section<Turn>,
    pub(super) turn_step: Section<TurnStep>,
    pub(super) turn_done: Section<TurnDone>,
    pub(super) turn_offers: Section<TurnOffers>,
    pub(super) tail: Section<Tail>,
    /// Each seat's values (a section made of the next three).
    pub(super) seat: [Section<SeatKey>; SEATS],
    /// Each seat's cash and shares.
    pub(super) money: [Section<Money>; SEATS],
    pub(super) standing: [Section<Standing>; SEATS],
    pub(super) fate: [Section<FateKey>; SEATS],
    pub(super) experience: Section<PlacesKey>,
    pub(super) executive: Section<PlacesKey>,
    /// The Fate Discards (their stamp).
    pub(super) fate_discards: Section<u64>,
    /// The auction while there is none (a section made of the next two).
    pub(super) auction: Section<()>,
    pub(super) auction_lot: Section<AuctionLot>,
    pub(super) auction_bids: Section<AuctionBids>,
    pub(super) meeting: Section<(Option<Meeting>, Option<AfterMeeting>)>,
    /// The scores while the game runs (all 0).
    pub(super) scores: Section<()>,
    /// All the lists (a run made of the lists above).
    pub(super) lists: Lists<ListsKey>,
}

impl Written {
    /// Forgets the sections when the data set is not the one they were written with.
    pub(super) fn for_data(&mut self, data: usize) {
        if self.data != data {
            *self = Written {
                offers: self.offers,
                deals: self.deals,
                broken: self.broken,
                refused: self.refused,
                data,
                ..Written::default()
            };
        }
    }
}

/// What the values before the turn (the viewer apart) are written from: the first player and
/// the counts of the table.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Head {
    pub(super) first: Seat,
    pub(super) round: u32,
    pub(super) bank_shares: u32,
    pub(super) bank_sold: u32,
    pub(super) next_id: u32,
    pub(super) exp_left: usize,
    pub(super) fate_left: usize,
}

/// What all the lists are written from: the stamps of the open offers, the open deals, the
/// broken deals and each seat's refused offers (`u64::MAX` beyond the table).
pub(super) type ListsKey = [u64; 3 + SEATS];

/// What the turn's step is written from: the active seat, the turn number, the sequence, the
/// step, the position held at its start.
pub(super) type TurnStep = (Seat, u32, Sequence, Step, Option<u8>);

/// What the turn's record of what was done is written from: floor open, moved, bought, the
/// FireTarget seat, the NotFire seats.
pub(super) type TurnDone = (bool, bool, bool, Option<Seat>, u8);

/// What the turn's offers are written from: offers made, per ordered pair, the seats who
/// passed the floor.
pub(super) type TurnOffers = (u32, [u8; 16], u8);

/// What the values after the turn are written from: how the game ended (kind, winner) and
/// the Financial Disaster waiting.
pub(super) type Tail = (Option<usize>, Option<Seat>, Option<u8>);

/// What a seat's cash and shares are written from: at the table, cash, shares.
pub(super) type Money = (bool, u32, u32);

/// What a seat's standing (its values from its position to its Experience cards) is written
/// from, its lists by their stamps.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Standing {
    job: Option<u8>,
    fired: Option<u8>,
    lost_turns: u8,
    disaster: Option<u8>,
    snapshot: u16,
    surplus_due: u64,
    experience: u64,
}

impl Standing {
    /// `p`'s standing inputs.
    #[inline]
    pub(super) fn of(p: &Player) -> Self {
        Standing {
            job: p.job,
            fired: p.fired,
            lost_turns: p.lost_turns,
            disaster: p.disaster,
            snapshot: p.snapshot,
            surplus_due: p.surplus_due.stamp(),
            experience: p.experience.stamp(),
        }
    }
}

/// What all of a seat's values are written from: its cash and shares, its standing, its Fate
/// card as the viewer sees it.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct SeatKey {
    pub(super) money: Money,
    pub(super) standing: Standing,
    pub(super) fate: FateKey,
}

/// What a seat's Fate card values are written from, as the viewer sees them.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct FateKey {
    pub(super) held: bool,
    /// The card, when the viewer knows it.
    pub(super) card: Option<u8>,
    pub(super) window: Option<u32>,
    pub(super) usable: bool,
}

impl FateKey {
    /// Seat `s`'s (holding `p`) Fate card inputs as `viewer` sees them.
    #[inline]
    pub(super) fn of(game: &TheBoss, viewer: Viewer, s: Seat, p: &Player) -> Self {
        let Some(fate) = p.fate.as_ref() else {
            return FateKey {
                held: false,
                card: None,
                window: None,
                usable: false,
            };
        };
        let at_table = s < game.players.len();
        let known = at_table && game.sees_fate(viewer, s);
        FateKey {
            held: true,
            card: known.then_some(fate.card),
            window: fate.window,
            usable: at_table && game.usable_fate(s).is_some(),
        }
    }
}

/// What the places of one kind of card (Experience or Executive) are written from: the
/// stamps of the cards each player holds (0 beyond the table) and of the pile the others lie
/// in, and the number of players.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct PlacesKey {
    pub(super) players: usize,
    pub(super) held: [u64; SEATS],
    pub(super) pile: u64,
}

impl PlacesKey {
    /// The key of the players' cards `held` (one list per player) and the pile.
    #[inline]
    pub(super) fn of<'a>(held: impl Iterator<Item = &'a Tracked<u8>>, pile: &Tracked<u8>) -> Self {
        let mut key = PlacesKey {
            players: 0,
            held: [0; SEATS],
            pile: pile.stamp(),
        };
        for (k, h) in key.held.iter_mut().zip(held) {
            *k = h.stamp();
            key.players += 1;
        }
        key
    }
}

/// Stores a copy of `value` in `key`, reusing what it holds.
pub(super) fn keep_clone<K: Clone>(key: &mut Option<K>, value: &K) {
    match key {
        Some(k) => k.clone_from(value),
        None => *key = Some(value.clone()),
    }
}
