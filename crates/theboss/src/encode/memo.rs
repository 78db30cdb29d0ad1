//! What [`boardroom_engine::Encode::encode_update`] remembers of the buffer it wrote: for each
//! section of the fixed part, the inputs it was written from (plain values compared field by
//! field, the state's lists among them by their stamps); for each list, its stamp.

use super::out::{Lists, Section, Shown};
use super::table::{AuctionBids, AuctionLot};
use super::SEATS;
use crate::state::{AfterMeeting, Meeting, Player, Step, TheBoss, Tracked, Turn};
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
    pub(super) turn: Section<TurnKey>,
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

/// What the turn's step is written from, in one word: the active seat (bits 0–7), the
/// sequence (8–15), the step (16–23), the position held at its start (24–31, 0: none), the
/// turn number (32–63).
pub(super) type TurnStep = u64;

/// What the turn's record of what was done is written from, in one word: floor open, moved,
/// bought (bits 0–2), the FireTarget seat (8–15, + 1; 0: none), the NotFire seats (16–23).
pub(super) type TurnDone = u64;

/// What the turn's offers are written from: offers made and the seats who passed the floor in
/// one word (the count in the low half), then the offers per ordered pair.
pub(super) type TurnOffers = (u64, u128);

/// What the whole turn is written from: its three sections' inputs.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct TurnKey {
    pub(super) step: TurnStep,
    pub(super) done: TurnDone,
    pub(super) offers: TurnOffers,
}

impl TurnKey {
    /// The inputs of `t`'s sections. Seats are below 256 (at most four play).
    #[inline]
    pub(super) fn of(t: &Turn) -> Self {
        let step = (t.seat as u64 & 0xff)
            | (t.sequence as u64) << 8
            | (t.step as u64) << 16
            | u64::from(t.start_job.unwrap_or(0)) << 24
            | u64::from(t.number) << 32;
        let done = u64::from(t.floor)
            | u64::from(t.moved) << 1
            | u64::from(t.bought) << 2
            | (t.must_fire.map_or(0, |s| s as u64 + 1) & 0xff) << 8
            | u64::from(t.not_fire) << 16;
        let offers = (
            u64::from(t.offers) | u64::from(t.idle) << 32,
            u128::from_le_bytes(t.pair_offers),
        );
        TurnKey { step, done, offers }
    }
}

/// What the values after the turn are written from: how the game ended (kind, winner) and
/// the Financial Disaster waiting.
pub(super) type Tail = (Option<usize>, Option<Seat>, Option<u8>);

/// What a seat's cash and shares are written from: at the table, then cash and shares in one
/// word (cash in the high half).
pub(super) type Money = (bool, u64);

/// What a seat's standing (its values from its position to its Experience cards) is written
/// from: its position, Fired track, turns to lose, Disaster and Experience met packed in one
/// word, then the stamps of its surplus due and of its Experience cards. Words, so that the
/// comparison made at every decision is three comparisons.
pub(super) type Standing = [u64; 3];

/// `p`'s standing inputs (see [`Standing`]).
#[inline]
pub(super) fn standing_of(p: &Player) -> Standing {
    // Each field in its own bits, `None` apart from every value: position 1–8 (0: none),
    // Fired 0–2 (+1; 0: none), turns to lose, Disaster id (+ 1 << 8; 0: none), Experience met.
    let packed = u64::from(p.job.unwrap_or(0))
        | u64::from(p.fired.map_or(0, |f| u16::from(f) + 1)) << 8
        | u64::from(p.lost_turns) << 24
        | u64::from(p.disaster.map_or(0, |d| u16::from(d) | 1 << 8)) << 32
        | u64::from(p.snapshot) << 48;
    [packed, p.surplus_due.stamp(), p.experience.stamp()]
}

/// What all of a seat's values are written from: its cash and shares, its standing, its Fate
/// card as the viewer sees it.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct SeatKey {
    pub(super) money: Money,
    pub(super) standing: Standing,
    pub(super) fate: FateKey,
}

impl SeatKey {
    /// Seat `s`'s (holding `p`) inputs as `viewer` sees them.
    #[inline]
    pub(super) fn of(game: &TheBoss, viewer: Viewer, s: Seat, p: &Player) -> Self {
        SeatKey {
            money: (
                s < game.players.len(),
                u64::from(p.cash) << 32 | u64::from(p.shares),
            ),
            standing: standing_of(p),
            fate: FateKey::of(game, viewer, s, p),
        }
    }
}

/// What a seat's Fate card values are written from, as the viewer sees them, in one word:
/// held (bit 0), the card known to the viewer (bit 1) and its id (bits 8–15), the use window
/// present (bit 2) and its turn (bits 32–63), usable now (bit 3).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct FateKey(u64);

impl FateKey {
    /// Seat `s`'s (holding `p`) Fate card inputs as `viewer` sees them.
    #[inline]
    pub(super) fn of(game: &TheBoss, viewer: Viewer, s: Seat, p: &Player) -> Self {
        let Some(fate) = p.fate.as_ref() else {
            return FateKey(0);
        };
        let at_table = s < game.players.len();
        let known = at_table
            && match viewer.seat() {
                Some(v) => v == s || fate.known_by & (1 << v) != 0,
                None => false,
            };
        // Usable now: the holder's Business step in the turn of the card's use window.
        let t = &game.turn;
        let usable =
            at_table && t.seat == s && t.step == Step::Business && fate.window == Some(t.number);
        let mut k = 1 | u64::from(usable) << 3;
        if known {
            k |= 2 | u64::from(fate.card) << 8;
        }
        if let Some(w) = fate.window {
            k |= 4 | u64::from(w) << 32;
        }
        FateKey(k)
    }

    /// Whether the seat holds a Fate card.
    pub(super) fn held(self) -> bool {
        self.0 & 1 != 0
    }

    /// The card, when the viewer knows it.
    pub(super) fn card(self) -> Option<u8> {
        (self.0 & 2 != 0).then_some((self.0 >> 8) as u8)
    }

    /// The turn of its use window, once set.
    pub(super) fn window(self) -> Option<u32> {
        (self.0 & 4 != 0).then_some((self.0 >> 32) as u32)
    }

    /// Whether its holder may use it now.
    pub(super) fn usable(self) -> bool {
        self.0 & 8 != 0
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
