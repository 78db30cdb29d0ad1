//! The Boss for learning code ([`Encode`]): its own numeric observation, written straight from
//! the state, and the fixed action space of [`crate::action_space`].
//!
//! The encoding holds what [`TheBoss::observation`] holds for the viewer (the configuration and
//! its data set aside), as values, never as places in lists of strings: counts and amounts as
//! numbers, seats, steps, kinds and positions one-hot, sets one bit per member, card ids as
//! numbers (`card` values: id + 1, 0 for none; `.value` after a presence bit: the id), free texts
//! (notes, favours) as their UTF-8 bytes in a table after their list (below). Seats are `0–3`
//! whatever the table's size (seats beyond it are 0). `E`, `X`, `F` are the data set's
//! Experience, Executive and Fate cards (48, 20 and 51 by default), `K` its Experience kinds (6),
//! `T` its Fate card types (21), `O` = `max_open_offers_per_player` × players (12 for 4 players
//! by default), `B` = `note_max_chars` (200 by default), `R` = [`REFUSED_SLOTS`] (16, all the
//! refused offers the rules remember): 10,190 values for 2 players, 10,469 for 3, 10,748 for 4
//! with the default data.
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
//! | 1 + O × (87 + K) + 4 × (1 + B) | open offers (count, then in the order they were made): id, from, the offer it counters (present, id), the terms; then their text table (4 texts) |
//! | 1 + 6 × (31 + K) + 2 × (1 + B) | open long-term deals (count, then oldest first): id, promisor, promisee, promise, collateral, due round; then their text table (2 texts) |
//! | 2 + 4 × 11 | broken deals: count, then the latest 4 (id, promisor, promisee, round, walked away) |
//! | 4 × (2 + R × (83 + K) + 2 × (1 + B)) | per seat, its refused offers still remembered: count, then all of them, oldest first (round, the situation it was refused in as a 32-bit fingerprint in two halves, terms); then their text table (2 texts) |
//!
//! An offer's terms (80 + K): the receiver (4); what the maker gives and takes, each a bundle
//! of 12 (cash, shares, the Fate card, Experience card ids: count then 4 ids + 1, Executive card
//! ids: count then 3 ids + 1); the commitments given and asked, 11 counts each (vote
//! for/against/abstain, fire seat 0–3, spare seat 0–3); the long-term promise, 27 + K (present,
//! promisor, deliver or favour, the deliverable's cash, shares, Experience cards per kind and
//! Executive cards per number 5–8, the favour, the collateral bundle, the due round); the
//! deal it cancels (present, id); the note.
//!
//! A note or a favour is its place in its list's text table (1 for the first, 0 for none). The
//! table (`offers.texts`, `deals.texts`, `players[s].refused.texts`) holds the list's distinct
//! texts in the order its items name them, each as its length in UTF-8 bytes and its first `B`
//! bytes (0–255), zero-padded: a note of `note_max_chars` ASCII characters fits whole. (A
//! refused offer's note is not kept by the rules; its favour is.)
//!
//! Lists are a count and fixed slots sized from the rules' caps where they have one (the open
//! offers from the data file's limit, the refused offers from what the rules remember); a list
//! longer than its slots (more than 4 Experience or 3 Executive cards in a bundle, more than 6
//! open deals or 4 broken deals), a text its table has no room for, or one longer than `B`
//! bytes keeps the first items (the latest broken deals) and adds what it left out to
//! `overflow`: two states whose observations differ and whose `overflow` is 0 never encode
//! equal (the tests check it on sampled states of random and dealing-heavy games, and that
//! fewer than 1% of the states of random play by ids overflow). The order of commitments and
//! of a deliverable's cards is not kept (they are counted; it has no meaning). The lists come
//! last, so the values that change at most decisions lie together.
//!
//! [`Encode::encode_update`] writes each section of the fixed part only when the inputs it is
//! written from changed: the memo keeps them as plain values (a seat's and the turn's packed
//! in a few words, so that the comparison made at every decision is a few word comparisons),
//! the lists among them ([`crate::state::Tracked`]: a player's cards and surplus due, the
//! piles) by their stamps. The sections: the viewer; the other values before the turn; the turn
//! (its step, what was done in it, its offers); the ending and the Disaster waiting; each seat (its cash and
//! shares, its standing, its Fate card as the viewer sees it); the places of the Experience,
//! the Executive and the Fate cards; the auction (its lot and bidders, its bidding); the
//! meeting; the scores. A section made of sections (the turn, a seat, the auction while there
//! is none) is first compared as a whole, so that one comparison passes over it when nothing
//! in it changed; a seat's parts are compared as they are made, so that a change in the first
//! (its cash and shares) spares making the others. A list is written only when its stamp
//! changed, and then only the slots it used or uses; the lists are first compared all
//! together, by their stamps.

mod memo;
mod offer;
mod out;
mod players;
mod table;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_lists;

use crate::state::{Ending, Sequence, Step, TheBoss, MAX_PLAYERS};
use crate::Config;
use boardroom_engine::{Encode, EncodeMemo, Seat, Viewer};
use memo::{keep_clone, Head, ListsKey, Memo, Tail, TurnKey, Written};
use offer::{sample_broken, sample_deal, sample_pending};
use out::Out;
use std::sync::Arc;

/// Seats the encoding has room for.
pub const SEATS: usize = MAX_PLAYERS;
/// Refused offers shown per player: all the rules remember.
pub const REFUSED_SLOTS: usize = crate::state::REFUSALS_KEPT;
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
    /// The bytes a text shows: the longest note in characters (as many bytes for ASCII).
    pub(crate) text_bytes: usize,
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
            text_bytes: d.limits().note_max_chars as usize,
        }
    }
}

impl TheBoss {
    /// Writes (or names) the encoding for `viewer`; returns the items left out. `shown` tells
    /// what the buffer holds already (kept with it): when its contents are known (see
    /// [`Out::values`]), only what changed is written; `shown` then tells what it holds.
    fn write_encoding(&self, viewer: Viewer, o: &mut Out<'_>, shown: &mut Written) -> u32 {
        let d = Dims::of(self);
        o.num(0, "overflow");
        shown.for_data(Arc::as_ptr(&self.data) as usize);
        // The viewer apart from the rest: it changes with the seat to act, the rest seldom.
        o.section(
            &mut shown.viewer,
            |k| *k == viewer,
            |k| *k = Some(viewer),
            |o| Self::write_viewer(viewer, o),
        );
        let head = Head {
            first: self.first,
            round: self.round,
            bank_shares: self.bank_shares,
            bank_sold: self.bank_sold,
            next_id: self.next_id,
            exp_left: self.exp_deck.len(),
            fate_left: self.fate_deck.len(),
        };
        o.section(
            &mut shown.head,
            |k| *k == head,
            |k| *k = Some(head),
            |o| Self::write_head(&head, o),
        );
        self.write_turn(o, shown);
        let (ending, winner) = match self.ending {
            None => (None, None),
            Some(Ending::CompleteSet { seat }) => (Some(0), Some(seat)),
            Some(Ending::Shares { seat }) => (Some(1), Some(seat)),
            Some(Ending::DeckEnd) => (Some(2), None),
        };
        let tail: Tail = (ending, winner, self.disaster);
        o.section(
            &mut shown.tail,
            |k| *k == tail,
            |k| *k = Some(tail),
            |o| {
                o.one_hot(3, ending, "ending", |k| {
                    ["complete_set", "shares", "deck_end"][k].into()
                });
                o.seat(winner, "ending.seat");
                o.opt(self.disaster, "disaster");
            },
        );
        self.write_seats(viewer, &d, o, shown);
        self.write_auction(o, shown);
        o.section(
            &mut shown.meeting,
            |k| k.0 == self.meeting && k.1 == self.after_meeting,
            |k| keep_clone(k, &(self.meeting.clone(), self.after_meeting.clone())),
            |o| self.write_meeting(o),
        );
        // The scores of a running game are all 0; those of a finished one are written at every
        // call (it is rarely encoded again).
        let running = self.ending.is_none();
        o.section(
            &mut shown.scores,
            |_| running,
            |k| *k = running.then_some(()),
            |o| self.write_scores(o),
        );
        // The lists last, so that the values that change at most decisions lie together.
        self.write_lists(&d, o, shown);
        o.dropped
    }

    /// The lists: the open offers, the open deals, the broken deals, each seat's refused
    /// offers; first compared as a whole (by their stamps), as most decisions change none.
    fn write_lists(&self, d: &Dims, o: &mut Out<'_>, shown: &mut Written) {
        let mut key: ListsKey = [
            self.offers.stamp(),
            self.deals.stamp(),
            self.broken.stamp(),
            u64::MAX,
            u64::MAX,
            u64::MAX,
            u64::MAX,
        ];
        for (k, p) in key[3..].iter_mut().zip(&self.players) {
            *k = p.refused.stamp();
        }
        if o.lists_held(&shown.lists, |k| *k == key) {
            return;
        }
        let from = (o.at, o.dropped, o.used.len());
        o.list(
            "offers",
            &self.offers,
            false,
            (d.offers, offer::pending_len(d)),
            Some(&offer::pending_texts(d)),
            sample_pending,
            (&mut shown.offers, self.offers.stamp()),
            |o, p| o.pending(p, d),
        );
        o.list(
            "deals",
            &self.deals,
            false,
            (DEAL_SLOTS, offer::deal_len(d)),
            Some(&offer::deal_texts(d)),
            sample_deal,
            (&mut shown.deals, self.deals.stamp()),
            |o, x| o.deal(x, d),
        );
        o.list(
            "broken",
            &self.broken,
            true,
            (BROKEN_SLOTS, offer::BROKEN_LEN),
            None,
            sample_broken,
            (&mut shown.broken, self.broken.stamp()),
            |o, b| o.broken(b),
        );
        for s in 0..SEATS {
            o.scope(
                || format!("players[{s}]."),
                |o| {
                    let memo = &mut shown.refused[s];
                    self.write_refused(s, d, o, memo)
                },
            );
        }
        o.lists_wrote(&mut shown.lists, from, key);
    }

    /// The viewer.
    fn write_viewer(viewer: Viewer, o: &mut Out<'_>) {
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
    }

    /// The values before the turn, the viewer apart.
    fn write_head(head: &Head, o: &mut Out<'_>) {
        o.seat(Some(head.first), "first_player");
        let counts = [
            head.round,
            head.bank_shares,
            head.bank_sold,
            head.next_id,
            head.exp_left as u32,
            head.fate_left as u32,
        ];
        let names = [
            "round",
            "bank_shares",
            "bank_sold",
            "next_id",
            "experience_left",
            "fate_left",
        ];
        o.put_each(counts.len(), |k| names[k].into(), |k| counts[k] as f32);
    }

    /// The turn: a section made of three, its step, what was done in it, the offers made in it.
    fn write_turn(&self, o: &mut Out<'_>, shown: &mut Written) {
        let t = &self.turn;
        // The turn as a whole first: many decisions change none of it.
        let key = TurnKey::of(t);
        if o.holds(&shown.turn, |k| *k == key) {
            return;
        }
        let TurnKey { step, done, offers } = key;
        let start = o.at;
        o.scope(
            || "turn.".into(),
            |o| {
                o.section(
                    &mut shown.turn_step,
                    |k| *k == step,
                    |k| *k = Some(step),
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
                    },
                );
                o.section(
                    &mut shown.turn_done,
                    |k| *k == done,
                    |k| *k = Some(done),
                    |o| {
                        let bits = [t.floor, t.moved, t.bought];
                        let names = ["floor", "moved", "bought"];
                        o.put_each(3, |k| names[k].into(), |k| f32::from(u8::from(bits[k])));
                        o.seat(t.must_fire, "must_fire");
                        o.seats(t.not_fire.into(), "not_fire");
                    },
                );
                o.section(
                    &mut shown.turn_offers,
                    |k| *k == offers,
                    |k| *k = Some(offers),
                    |o| {
                        o.num(t.offers, "offers");
                        o.put_each(
                            t.pair_offers.len(),
                            |k| format!("pair_offers[{}->{}]", k / SEATS, k % SEATS),
                            |k| f32::from(t.pair_offers[k]),
                        );
                        o.seats(t.idle.into(), "idle");
                    },
                );
            },
        );
        o.wrote(&mut shown.turn, start, |k| *k = Some(key));
    }

    /// Writes the encoding into `out` (zeroed first); returns the items left out, or `None`
    /// (with `out` zeroed) when `out` is not of the encoding's length.
    pub fn encode_into(&self, viewer: Viewer, out: &mut [f32]) -> Option<u32> {
        out.fill(0.0);
        let mut o = Out::values(out, None, Vec::new());
        let dropped = self.write_encoding(viewer, &mut o, &mut Written::default());
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
        self.write_encoding(
            Viewer::Spectator,
            &mut Out::names(&mut names),
            &mut Written::default(),
        );
        names
    }

    /// The number of values of the encoding.
    pub fn encoding_len(&self) -> usize {
        let mut o = Out::values(&mut [], None, Vec::new());
        self.write_encoding(Viewer::Spectator, &mut o, &mut Written::default());
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
        let dropped = self.write_encoding(viewer, &mut o, &mut m.shown);
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

    fn action_space_version() -> u32 {
        crate::action_space::ACTION_SPACE_VERSION
    }

    fn action_index(&self, seat: Seat, action: &crate::Action) -> Option<usize> {
        self.space_index(seat, action)
    }

    fn nearest_action_index(&self, seat: Seat, action: &crate::Action) -> Option<usize> {
        self.nearest_space_index(seat, action)
    }

    fn action_from_index(&self, seat: Seat, index: usize) -> Option<crate::Action> {
        self.from_space_index(seat, index)
    }

    fn action_mask(&self, seat: Seat, legal: &[crate::Action], mask: &mut [bool]) {
        self.space_mask(seat, legal, mask)
    }

    fn composite_fields(config: &Config) -> Vec<(String, usize)> {
        let Ok(game) = TheBoss::new_game(config, 0) else {
            return Vec::new();
        };
        let sizes = crate::offer_fields::field_sizes();
        game.offer_field_names().into_iter().zip(sizes).collect()
    }

    fn composite_action(&self, seat: Seat, fields: &[u32]) -> Result<crate::Action, String> {
        self.offer_from_fields(seat, fields)
            .map_err(|e| e.to_string())
    }

    fn composite_of(&self, seat: Seat, action: &crate::Action) -> Option<Vec<u32>> {
        self.fields_of_offer(seat, action)
    }

    fn composite_masks(&self, seat: Seat, masks: &mut [bool]) {
        self.offer_field_masks(seat, masks)
    }
}
