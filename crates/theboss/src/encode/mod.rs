//! The Boss for learning code ([`Encode`]): its own numeric observation, written straight from
//! the state, and the fixed action space of [`crate::action_space`].
//!
//! The encoding holds what [`TheBoss::observation`] holds for the viewer (the configuration and
//! its data set aside), as values, never as places in lists of strings: counts and amounts as
//! numbers, seats, steps, kinds and positions one-hot, sets one bit per member, card ids as
//! numbers (`card` values: id + 1, 0 for none; `.value` after a presence bit: the id), free texts
//! (notes, favours) as their length in characters and a 32-bit fingerprint (FNV-1a of the UTF-8
//! bytes) in two 16-bit halves. Seats are `0–3` whatever the table's size (seats beyond it are
//! 0). `E`, `X`, `F` are the data set's Experience, Executive and Fate cards (48, 20 and 51 by
//! default), `K` its Experience kinds (6), `T` its Fate card types (21), `O` =
//! `max_open_offers_per_player` × players (12 for 4 players by default): 4,628 values for 2
//! players, 4,919 for 3, 5,210 for 4 with the default data.
//!
//! | values | what |
//! |---|---|
//! | 1 | `overflow`: items left out because a list was longer than its slots (0 for almost every state) |
//! | 5 | the viewer: seat 0–3, spectator |
//! | 4 + 6 | the first player; the round, Bank shares, shares the Bank sold, the next offer id, cards in the Experience and Fate decks |
//! | 4 + 1 + 3 + 7 + 8 | the turn: the active seat, the turn number, the sequence (unemployed, office, executive), the step (salary, Executive card, stock, business, closing, draw, disaster), the position held at its start (1–8) |
//! | 3 + 4 + 4 + 1 + 16 + 4 | floor open, moved, bought; the FireTarget seat, NotFire seats, offers this step, offers per ordered pair (from → to), the seats who passed the floor |
//! | 3 + 4 | how the game ended (complete set, shares, deck end) and the winner |
//! | 2 | the Financial Disaster waiting for pay or lose (present, id) |
//! | 4 × (31 + 2K + T) | per seat: at the table, cash, shares, position (1–8), Fired track (3), turns to lose, the Disaster on the space (present, id), Experience met (8 bits), surplus due per kind, Experience cards per kind, the held Fate card (held; identity known and id; type one-hot when known; use window present and turn; usable now) |
//! | 5E + 5X + F | per Experience card: the seat holding it, its place in the discard pile (1 = bottom; 0: not there); per Executive card: the seat holding it, in the Bank; per Fate card: its place in the discard pile |
//! | 56 | the auction: running, seller, lot kind (Experience, Executive, Fate, shares), lot (card id + 1, or shares), its Fate card (present and id, window present and turn, seats that know it), opening bid, mandatory, bidders (count, then up to 4 in calling order, one-hot), seats out, the bidder whose call it is, the high bid (present, bidder, amount) |
//! | 34 + 6 | the meeting: running, caller, target, Fire card, severance, each seat's declared vote (for, against, abstain), voters, standing passes (caller, target), offers made in it, seats named with its card; after a failed meeting: present, Fire card, seats named |
//! | 1 + 4 × 4 + 4 | once over: over, per seat cash owned, shares owned, Executive points, net worth; the winners |
//! | 1 + O × (91 + K) | open offers (count, then in the order they were made): id, from, the offer it counters (present, id), the terms |
//! | 1 + 6 × (33 + K) | open long-term deals (count, then oldest first): id, promisor, promisee, promise, collateral, due round |
//! | 2 + 4 × 11 | broken deals: count, then the latest 4 (id, promisor, promisee, round, walked away) |
//! | 4 × (2 + 8 × (85 + K)) | per seat, its refused offers still remembered: count, then the latest 8 (round, terms) |
//!
//! An offer's terms (84 + K): the receiver (4); what the maker gives and takes, each a bundle
//! of 12 (cash, shares, the Fate card, Experience card ids: count then 4 ids + 1, Executive card
//! ids: count then 3 ids + 1); the commitments given and asked, 11 counts each (vote
//! for/against/abstain, fire seat 0–3, spare seat 0–3); the long-term promise, 29 + K (present,
//! promisor, deliver or favour, the deliverable's cash, shares, Experience cards per kind and
//! Executive cards per number 5–8, the favour's text, the collateral bundle, the due round); the
//! deal it cancels (present, id); the note's text.
//!
//! Lists are a count and fixed slots; a list longer than its slots (more than 4 Experience or 3
//! Executive cards in a bundle, more than 12 open offers, 6 open deals, 4 broken deals or 8
//! refused offers of a seat) keeps the first items (the latest for refused offers and broken
//! deals) and adds what it left out to `overflow`: two states whose observations differ and
//! whose `overflow` is 0 never encode equal (the tests check it on sampled states of random and
//! dealing-heavy games). The order of commitments and of a deliverable's cards is not kept (they
//! are counted; it has no meaning). The lists come last, so the values written at every
//! decision lie together.
//!
//! [`Encode::encode_update`] rewrites the header, the turn, the auction, the meeting and the
//! scores at every call; each seat's values and the cards' places only when the inputs they are
//! written from (kept in the memo as a few bytes) changed; a list only when its stamp
//! ([`crate::state::Tracked`]) changed, and then only the slots it used or uses.

mod offer;
mod out;
mod table;
#[cfg(test)]
mod tests;

use crate::state::{Ending, Player, Sequence, Step, TheBoss, MAX_PLAYERS};
use crate::Config;
use boardroom_engine::{Encode, EncodeMemo, Seat, Viewer};
use offer::{sample_broken, sample_deal, sample_pending, sample_refused};
use out::{Out, Section, Shown};
use std::sync::Arc;

/// Seats the encoding has room for.
pub const SEATS: usize = MAX_PLAYERS;
/// Refused offers shown per player (the latest).
pub const REFUSED_SLOTS: usize = 8;
/// Open long-term deals shown.
pub const DEAL_SLOTS: usize = 6;
/// Broken deals shown (the latest).
pub const BROKEN_SLOTS: usize = 4;
/// Positions on the board.
const POSITIONS: usize = 8;
const STEPS: [Step; 7] = [
    Step::Salary,
    Step::ExecCard,
    Step::Stock,
    Step::Business,
    Step::Closing,
    Step::Draw,
    Step::Disaster,
];
const STEP_NAMES: [&str; 7] = [
    "salary",
    "exec_card",
    "stock",
    "business",
    "closing",
    "draw",
    "disaster",
];

/// The sizes of the data set the encoding depends on.
pub(crate) struct Dims {
    pub(crate) kinds: usize,
    exp: usize,
    exec: usize,
    fate: usize,
    fate_types: usize,
    offers: usize,
}

impl Dims {
    fn of(game: &TheBoss) -> Dims {
        let d = &game.data;
        Dims {
            kinds: d.kinds.len(),
            exp: d.exp_cards.len(),
            exec: d.exec_cards.len(),
            fate: d.fate_cards.len(),
            fate_types: d.fate_effects.len(),
            offers: d.limits().max_open_offers_per_player as usize * game.players.len(),
        }
    }
}

/// The values of a seat beyond the table's.
static NOBODY: Player = Player {
    cash: 0,
    shares: 0,
    experience: Vec::new(),
    executive: Vec::new(),
    fate: None,
    job: None,
    fired: None,
    lost_turns: 0,
    disaster: None,
    snapshot: 0,
    surplus_due: Vec::new(),
    refused: crate::state::Tracked::new(),
};

/// What [`Encode::encode_update`] remembers: how many items each list showed, and which.
#[derive(Default)]
struct Memo {
    counts: Vec<u16>,
    spare: Vec<u16>,
    shown: Written,
}

/// What the buffer holds: the lists whose items it shows (see [`Out::list`]), and what the
/// sections of its fixed part were written from (see [`Out::section`]).
#[derive(Default)]
struct Written {
    offers: Shown,
    deals: Shown,
    broken: Shown,
    refused: [Shown; SEATS],
    /// The data set the sections were written with (its address).
    data: usize,
    players: [Section; SEATS],
    cards: Section,
    /// The auction, the meeting and the scores.
    idle: [Section; 3],
    /// Room for building a key.
    key: Vec<u8>,
}

/// Appends `v` to a section's key.
#[inline]
fn key_u32(key: &mut Vec<u8>, v: u32) {
    // Byte by byte: a few bytes copied through `extend_from_slice` cost a call each.
    for b in v.to_le_bytes() {
        key.push(b);
    }
}

/// Appends a list of card ids (or small counts) to a section's key, with its length.
#[inline]
fn key_list(key: &mut Vec<u8>, v: &[u8]) {
    key_u32(key, v.len() as u32);
    key.extend_from_slice(v);
}

/// Appends an optional small number to a section's key.
#[inline]
fn key_opt(key: &mut Vec<u8>, v: Option<u32>) {
    key.push(u8::from(v.is_some()));
    key_u32(key, v.unwrap_or(0));
}

impl TheBoss {
    /// Writes (or names) the encoding for `viewer`; returns the items left out.
    fn write_encoding(
        &self,
        viewer: Viewer,
        o: &mut Out<'_>,
        mut shown: Option<&mut Written>,
    ) -> u32 {
        let d = Dims::of(self);
        o.num(0, "overflow");
        let viewer_slot = match viewer {
            Viewer::Seat(s) => Some(s),
            Viewer::Spectator => Some(SEATS),
        };
        o.one_hot(SEATS + 1, viewer_slot, "viewer", |k| {
            if k < SEATS {
                format!("seat {k}")
            } else {
                "spectator".into()
            }
        });
        o.seat(Some(self.first), "first_player");
        o.num(self.round, "round");
        o.num(self.bank_shares, "bank_shares");
        o.num(self.bank_sold, "bank_sold");
        o.num(self.next_id, "next_id");
        o.num(self.exp_deck.len() as u32, "experience_left");
        o.num(self.fate_deck.len() as u32, "fate_left");
        self.write_turn(o);
        let (ending, winner) = match self.ending {
            None => (None, None),
            Some(Ending::CompleteSet { seat }) => (Some(0), Some(seat)),
            Some(Ending::Shares { seat }) => (Some(1), Some(seat)),
            Some(Ending::DeckEnd) => (Some(2), None),
        };
        o.one_hot(3, ending, "ending", |k| {
            ["complete_set", "shares", "deck_end"][k].into()
        });
        o.seat(winner, "ending.seat");
        o.opt(self.disaster, "disaster");
        // The sections' keys hold for this data set only.
        let data = Arc::as_ptr(&self.data) as usize;
        if let Some(w) = shown.as_mut().filter(|w| w.data != data) {
            w.players = Default::default();
            w.cards = Section::default();
            w.idle = Default::default();
            w.data = data;
        }
        let mut key = shown
            .as_mut()
            .map(|w| std::mem::take(&mut w.key))
            .unwrap_or_default();
        for s in 0..SEATS {
            key.clear();
            if shown.is_some() {
                self.player_key(viewer, s, &mut key);
            }
            let memo = shown.as_mut().map(|w| &mut w.players[s]);
            o.section(memo, &mut key, |o| {
                o.scope(
                    || format!("players[{s}]."),
                    |o| self.write_player(viewer, s, &d, o),
                )
            });
        }
        key.clear();
        if shown.is_some() {
            self.cards_key(&mut key);
        }
        let memo = shown.as_mut().map(|w| &mut w.cards);
        o.section(memo, &mut key, |o| self.write_cards(&d, o));
        // The auction, the meeting and the scores while there is none (nearly always) are
        // written from nothing else: keyed then, rewritten at every call otherwise (no key).
        let none = [
            self.auction.is_none(),
            self.meeting.is_none() && self.after_meeting.is_none(),
            self.ending.is_none(),
        ];
        let parts: [fn(&Self, &mut Out<'_>); 3] =
            [Self::write_auction, Self::write_meeting, Self::write_scores];
        for (k, (write, none)) in parts.into_iter().zip(none).enumerate() {
            key.clear();
            if none && shown.is_some() {
                key.push(0);
            }
            let memo = shown.as_mut().map(|w| &mut w.idle[k]);
            o.section(memo, &mut key, |o| write(self, o));
        }
        if let Some(w) = shown.as_mut() {
            w.key = key;
        }
        // The lists last, so that the values written at every decision lie together.
        o.list(
            "offers",
            &self.offers,
            d.offers,
            offer::pending_len(&d),
            sample_pending,
            shown.as_mut().map(|c| (&mut c.offers, self.offers.stamp())),
            |o, p| o.pending(p, &d),
        );
        o.list(
            "deals",
            &self.deals,
            DEAL_SLOTS,
            offer::deal_len(&d),
            sample_deal,
            shown.as_mut().map(|c| (&mut c.deals, self.deals.stamp())),
            |o, x| o.deal(x, &d),
        );
        o.num(self.broken.len() as u32, "broken.count");
        let latest = &self.broken[self.broken.len().saturating_sub(BROKEN_SLOTS)..];
        o.dropped += (self.broken.len() - latest.len()) as u32;
        o.list(
            "broken.latest",
            latest,
            BROKEN_SLOTS,
            offer::BROKEN_LEN,
            sample_broken,
            shown.as_mut().map(|c| (&mut c.broken, self.broken.stamp())),
            |o, b| o.broken(b),
        );
        for s in 0..SEATS {
            o.scope(
                || format!("players[{s}]."),
                |o| {
                    let memo = shown.as_mut().map(|c| &mut c.refused[s]);
                    self.write_refused(s, &d, o, memo)
                },
            );
        }
        o.dropped
    }

    fn write_turn(&self, o: &mut Out<'_>) {
        let t = &self.turn;
        o.scope(
            || "turn.".into(),
            |o| {
                o.seat(Some(t.seat), "seat");
                o.num(t.number, "number");
                let sequence = match t.sequence {
                    Sequence::Unemployed => 0,
                    Sequence::Office => 1,
                    Sequence::Executive => 2,
                };
                o.one_hot(3, Some(sequence), "sequence", |k| {
                    ["unemployed", "office", "executive"][k].into()
                });
                let step = STEPS.iter().position(|&s| s == t.step);
                o.one_hot(STEPS.len(), step, "step", |k| STEP_NAMES[k].into());
                o.one_hot(
                    POSITIONS,
                    t.start_job.map(|j| usize::from(j) - 1),
                    "start_job",
                    |k| format!("{}", k + 1),
                );
                o.bit(t.floor, "floor");
                o.bit(t.moved, "moved");
                o.bit(t.bought, "bought");
                o.seat(t.must_fire, "must_fire");
                o.seats(t.not_fire.into(), "not_fire");
                o.num(t.offers, "offers");
                for (k, &n) in t.pair_offers.iter().enumerate() {
                    o.put_with(f32::from(n), || {
                        format!("pair_offers[{}->{}]", k / SEATS, k % SEATS)
                    });
                }
                o.seats(t.idle.into(), "idle");
            },
        );
    }

    /// What [`TheBoss::write_player`] writes from, in bytes.
    fn player_key(&self, viewer: Viewer, s: Seat, key: &mut Vec<u8>) {
        let Some(p) = self.players.get(s) else {
            key.push(0);
            return;
        };
        key.push(1);
        key_u32(key, p.cash);
        key_u32(key, p.shares);
        key_opt(key, p.job.map(u32::from));
        key_opt(key, p.fired.map(u32::from));
        key.push(p.lost_turns);
        key_opt(key, p.disaster.map(u32::from));
        key_u32(key, u32::from(p.snapshot));
        key_list(key, &p.surplus_due);
        key_list(key, &p.experience);
        let fate = p.fate.as_ref();
        key.push(u8::from(fate.is_some()));
        let known = self.sees_fate(viewer, s);
        key_opt(key, fate.filter(|_| known).map(|f| u32::from(f.card)));
        key_opt(key, fate.and_then(|f| f.window));
        key.push(u8::from(self.usable_fate(s).is_some()));
    }

    /// What [`TheBoss::write_cards`] writes from, in bytes (the piles by their stamps).
    fn cards_key(&self, key: &mut Vec<u8>) {
        key_u32(key, self.players.len() as u32);
        for p in &self.players {
            key_list(key, &p.experience);
            key_list(key, &p.executive);
        }
        for list in [&self.exp_discards, &self.exec_bank, &self.fate_discards] {
            for b in list.stamp().to_le_bytes() {
                key.push(b);
            }
        }
    }

    fn write_player(&self, viewer: Viewer, s: Seat, d: &Dims, o: &mut Out<'_>) {
        let p = self.players.get(s).unwrap_or(&NOBODY);
        o.bit(s < self.players.len(), "at_table");
        o.num(p.cash, "cash");
        o.num(p.shares, "shares");
        o.one_hot(POSITIONS, p.job.map(|j| usize::from(j) - 1), "job", |k| {
            format!("{}", k + 1)
        });
        o.one_hot(3, p.fired.map(usize::from), "fired", |k| {
            ["fired", "missing 1st turn", "missing 2nd turn"][k].into()
        });
        o.num(p.lost_turns, "lost_turns");
        o.opt(p.disaster, "disaster");
        for k in 0..POSITIONS {
            o.put_with(f32::from(u8::from(p.snapshot & (1 << k) != 0)), || {
                format!("experience_met[{}]", k + 1)
            });
        }
        for k in 0..d.kinds {
            let v = p.surplus_due.get(k).copied().unwrap_or(0);
            o.put_with(f32::from(v), || format!("surplus_due[kind {k}]"));
        }
        let per_kind = o.block(d.kinds, |k| format!("experience[kind {k}]"));
        for &c in &p.experience {
            if let Some(v) = per_kind.get_mut(usize::from(self.data.exp_kind(c))) {
                *v += 1.0;
            }
        }
        let fate = p.fate.as_ref();
        let known = s < self.players.len() && self.sees_fate(viewer, s);
        let card = fate.filter(|_| known).map(|f| f.card);
        o.bit(fate.is_some(), "fate.held");
        o.opt(card, "fate.card");
        let kind = card.map(|c| usize::from(self.data.fate_cards[usize::from(c)]));
        o.one_hot(d.fate_types, kind, "fate.type", |k| {
            self.data.file.fate_cards[k].id.clone()
        });
        o.opt(fate.and_then(|f| f.window), "fate.window");
        o.bit(
            s < self.players.len() && self.usable_fate(s).is_some(),
            "fate.usable",
        );
    }

    /// `s`'s refused offers: the count, then the latest.
    fn write_refused(&self, s: Seat, d: &Dims, o: &mut Out<'_>, memo: Option<&mut Shown>) {
        let list = self.players.get(s).map(|p| &p.refused);
        let all = list.map_or(&[][..], |l| &l[..]);
        // A seat beyond the table's shows no list: its empty slots are never rewritten.
        let memo = memo.map(|m| (m, list.map_or(u64::MAX, |l| l.stamp())));
        let refused = &all[all.len().saturating_sub(REFUSED_SLOTS)..];
        o.num(all.len() as u32, "refused.count");
        o.dropped += (all.len() - refused.len()) as u32;
        o.list(
            "refused.latest",
            refused,
            REFUSED_SLOTS,
            offer::refused_len(d),
            sample_refused,
            memo,
            |o, r| o.refused(r, d),
        );
    }

    fn write_cards(&self, d: &Dims, o: &mut Out<'_>) {
        const HOLDERS: usize = SEATS + 1;
        let exp = o.block(d.exp * HOLDERS, |k| {
            let (c, what) = (k / HOLDERS, k % HOLDERS);
            match what {
                w if w < SEATS => format!("experience_card[{c}].seat={w}"),
                _ => format!("experience_card[{c}].discarded"),
            }
        });
        if !exp.is_empty() {
            for (s, p) in self.players.iter().enumerate() {
                for &c in &p.experience {
                    exp[usize::from(c) * HOLDERS + s] = 1.0;
                }
            }
            for (i, &c) in self.exp_discards.iter().enumerate() {
                exp[usize::from(c) * HOLDERS + SEATS] = (i + 1) as f32;
            }
        }
        let exec = o.block(d.exec * HOLDERS, |k| {
            let (c, what) = (k / HOLDERS, k % HOLDERS);
            match what {
                w if w < SEATS => format!("executive_card[{c}].seat={w}"),
                _ => format!("executive_card[{c}].bank"),
            }
        });
        if !exec.is_empty() {
            for (s, p) in self.players.iter().enumerate() {
                for &c in &p.executive {
                    exec[usize::from(c) * HOLDERS + s] = 1.0;
                }
            }
            for &c in &self.exec_bank {
                exec[usize::from(c) * HOLDERS + SEATS] = 1.0;
            }
        }
        let fate = o.block(d.fate, |c| format!("fate_card[{c}].discarded"));
        if !fate.is_empty() {
            for (i, &c) in self.fate_discards.iter().enumerate() {
                fate[usize::from(c)] = (i + 1) as f32;
            }
        }
    }

    /// Writes the encoding into `out` (zeroed first); returns the items left out, or `None`
    /// (with `out` zeroed) when `out` is not of the encoding's length.
    pub fn encode_into(&self, viewer: Viewer, out: &mut [f32]) -> Option<u32> {
        out.fill(0.0);
        let mut o = Out::values(out, None, Vec::new());
        let dropped = self.write_encoding(viewer, &mut o, None);
        if o.at != out.len() {
            out.fill(0.0);
            return None;
        }
        out[0] = dropped as f32;
        Some(dropped)
    }

    /// The name of every value of the encoding.
    pub fn encoding_names(&self) -> Vec<String> {
        let mut names = Vec::new();
        self.write_encoding(Viewer::Spectator, &mut Out::names(&mut names), None);
        names
    }

    /// The number of values of the encoding.
    pub fn encoding_len(&self) -> usize {
        let mut o = Out::values(&mut [], None, Vec::new());
        self.write_encoding(Viewer::Spectator, &mut o, None);
        o.at
    }
}

impl Encode for TheBoss {
    fn encoded_len(config: &Config) -> Option<usize> {
        let game = TheBoss::new_game(config, 0).ok()?;
        Some(game.encoding_len())
    }

    fn encoded_names(config: &Config) -> Vec<String> {
        TheBoss::new_game(config, 0)
            .map(|g| g.encoding_names())
            .unwrap_or_default()
    }

    fn encode(&self, viewer: Viewer, out: &mut [f32]) -> bool {
        self.encode_into(viewer, out).is_some()
    }

    fn encode_update(&self, viewer: Viewer, out: &mut [f32], memo: &mut EncodeMemo) -> bool {
        if memo.get_mut::<Memo>().is_none() {
            // What the buffer holds is not known: start from zeros.
            out.fill(0.0);
            memo.set(Memo::default());
        }
        let m = memo.get_mut::<Memo>().expect("set above");
        let mut spare = std::mem::take(&mut m.spare);
        spare.clear();
        // No lists shown yet (a fresh memo): every value not written is 0.
        let prev = (!m.counts.is_empty()).then_some(&m.counts[..]);
        let mut o = Out::values(out, prev, spare);
        let dropped = self.write_encoding(viewer, &mut o, Some(&mut m.shown));
        let (written, counts) = (o.at, o.used);
        if written != out.len() {
            out.fill(0.0);
            memo.clear();
            return false;
        }
        out[0] = dropped as f32;
        m.spare = std::mem::replace(&mut m.counts, counts);
        true
    }

    fn action_space_size(_config: &Config) -> Option<usize> {
        Some(crate::action_space::ACTION_SPACE)
    }

    fn action_index(&self, seat: Seat, action: &crate::Action) -> Option<usize> {
        self.space_index(seat, action)
    }

    fn action_from_index(&self, seat: Seat, index: usize) -> Option<crate::Action> {
        self.from_space_index(seat, index)
    }

    fn action_mask(&self, seat: Seat, legal: &[crate::Action], mask: &mut [bool]) {
        self.space_mask(seat, legal, mask)
    }
}
