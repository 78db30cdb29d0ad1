//! What [`boardroom_engine::Encode::encode_update`] remembers of the buffer it wrote: for each
//! section of the fixed part, the inputs it was written from (plain values compared field by
//! field, and copies of the few short lists they include); for each list, its stamp.

use super::out::{Section, Shown};
use super::table::{AuctionBids, AuctionLot};
use super::SEATS;
use crate::state::{AfterMeeting, Meeting, Player, Sequence, Step, TheBoss};
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
    pub(super) head: Section<Head>,
    pub(super) turn_step: Section<TurnStep>,
    pub(super) turn_done: Section<TurnDone>,
    pub(super) turn_offers: Section<TurnOffers>,
    pub(super) tail: Section<Tail>,
    /// Each seat's cash and shares.
    pub(super) money: [Section<Money>; SEATS],
    pub(super) standing: [Section<StandingKey>; SEATS],
    pub(super) fate: [Section<FateKey>; SEATS],
    pub(super) experience: Section<PlacesKey>,
    pub(super) executive: Section<PlacesKey>,
    /// The Fate Discards (their stamp).
    pub(super) fate_discards: Section<u64>,
    pub(super) auction_lot: Section<AuctionLot>,
    pub(super) auction_bids: Section<AuctionBids>,
    pub(super) meeting: Section<(Option<Meeting>, Option<AfterMeeting>)>,
    /// The scores while the game runs (all 0).
    pub(super) scores: Section<()>,
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

/// What the values before the turn are written from (the viewer, the first player and the
/// counts of the table).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Head {
    pub(super) viewer: Viewer,
    pub(super) first: Seat,
    pub(super) round: u32,
    pub(super) bank_shares: u32,
    pub(super) bank_sold: u32,
    pub(super) next_id: u32,
    pub(super) exp_left: usize,
    pub(super) fate_left: usize,
}

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
/// from.
#[derive(Default)]
pub(super) struct StandingKey {
    scalars: Standing,
    surplus_due: Vec<u8>,
    experience: Vec<u8>,
}

/// The plain values among a seat's standing inputs (see [`StandingKey`]).
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Standing {
    job: Option<u8>,
    fired: Option<u8>,
    lost_turns: u8,
    disaster: Option<u8>,
    snapshot: u16,
}

impl Standing {
    /// `p`'s plain standing inputs.
    #[inline]
    pub(super) fn of(p: &Player) -> Self {
        Standing {
            job: p.job,
            fired: p.fired,
            lost_turns: p.lost_turns,
            disaster: p.disaster,
            snapshot: p.snapshot,
        }
    }
}

impl StandingKey {
    /// Whether the key is that of `scalars` and `p`'s lists.
    #[inline]
    pub(super) fn holds(&self, scalars: &Standing, p: &Player) -> bool {
        self.scalars == *scalars
            && same(&self.surplus_due, &p.surplus_due)
            && same(&self.experience, &p.experience)
    }

    /// Stores `scalars` and `p`'s lists in `key`.
    pub(super) fn keep(key: &mut Option<StandingKey>, scalars: Standing, p: &Player) {
        let k = key.get_or_insert_with(StandingKey::default);
        k.scalars = scalars;
        copy(&mut k.surplus_due, &p.surplus_due);
        copy(&mut k.experience, &p.experience);
    }
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

/// What the places of one kind of card (Experience or Executive) are written from: the cards
/// each player holds and the stamp of the pile the others lie in.
#[derive(Default)]
pub(super) struct PlacesKey {
    held: Vec<Vec<u8>>,
    pile: u64,
}

impl PlacesKey {
    /// Whether the key is that of the players' cards `held` and the pile's stamp.
    #[inline]
    pub(super) fn holds<'a>(
        &self,
        mut held: impl ExactSizeIterator<Item = &'a [u8]>,
        pile: u64,
    ) -> bool {
        self.pile == pile
            && self.held.len() == held.len()
            && self
                .held
                .iter()
                .all(|k| held.next().is_some_and(|h| same(k, h)))
    }

    /// Stores the key of the players' cards `held` and the pile's stamp in `key`.
    pub(super) fn keep<'a>(
        key: &mut Option<PlacesKey>,
        held: impl ExactSizeIterator<Item = &'a [u8]>,
        pile: u64,
    ) {
        let k = key.get_or_insert_with(PlacesKey::default);
        k.held.resize_with(held.len(), Vec::new);
        for (to, from) in k.held.iter_mut().zip(held) {
            copy(to, from);
        }
        k.pile = pile;
    }
}

/// Stores a copy of `value` in `key`, reusing what it holds.
pub(super) fn keep_clone<K: Clone>(key: &mut Option<K>, value: &K) {
    match key {
        Some(k) => k.clone_from(value),
        None => *key = Some(value.clone()),
    }
}

/// Whether two short lists are equal (compared in line: a call to compare a few bytes costs
/// more than the comparison).
#[inline]
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y)
}

/// Makes `to` a copy of `from`, reusing its room.
fn copy(to: &mut Vec<u8>, from: &[u8]) {
    to.clear();
    to.extend_from_slice(from);
}
