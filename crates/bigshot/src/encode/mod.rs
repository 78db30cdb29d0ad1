//! Big Shot for learning code ([`Encode`]): its own numeric observation, written straight from
//! the state, and the fixed action space of [`crate::action_space`].
//!
//! The encoding holds exactly what [`BigShot::observation`] holds for the viewer (the board
//! itself is the configuration's), in [`ENCODED_LEN`] = 421 values whatever the configuration
//! (seats beyond the table's, spaces and lots beyond the board's are 0). Counts are values,
//! seats, spaces, phases and colours one-hot, sets one bit per member; seats are `0–3`, colours
//! red, orange, ivory, purple:
//!
//! | values | what |
//! |---|---|
//! | 5 | the viewer: seat 0–3, spectator |
//! | 3 | players, hidden money (0/1), the round |
//! | 4 | the roller |
//! | 32 | the broker's auction space (1–32) |
//! | 6 | the last roll (1–6; none: all 0) |
//! | 6 + 4 + 4 | the phase (roll, loans, bidding, pay, place, over), the seat it waits for, the seats already asked in the loan window |
//! | 1 + 4 + 4 + 4 + 4 | the standing bid, the standing bidder, the seats that passed, the seats that loaned this round, loans per seat |
//! | 4 × 7 | per colour: its seat (none: neutral), whether its coins are visible, its coins (0 when not), its IOUs |
//! | 32 × 4 | per auction space: cubes per colour |
//! | 16 × 9 | per lot (in the board's order): cubes per colour, sold, owner colour |
//! | 4 + 4 | cubes won and not yet placed, cubes out of the game, per colour |
//! | 4 × 7 + 4 | once over, per seat: coins, lots' value, debt, financial status, lots, best lot, eligible; the winners |

use crate::action::Action;
use crate::action_space::ACTION_SPACE;
use crate::board::{MAX_LOTS, MAX_SPACES};
use crate::colour::{Colour, Cubes, COLOURS};
use crate::state::{BigShot, Config, Phase};
use boardroom_engine::{Encode, EncodeMemo, Seat, Viewer};

/// Seats the encoding has room for.
const SEATS: usize = 4;
const COLOUR_NAMES: [&str; COLOURS] = ["red", "orange", "ivory", "purple"];
const PHASES: [&str; 6] = ["roll", "loans", "bidding", "pay", "place", "over"];

/// The number of values of the encoding.
pub const ENCODED_LEN: usize = 5
    + 3
    + SEATS
    + MAX_SPACES
    + 6
    + 6
    + 2 * SEATS
    + 1
    + 4 * SEATS
    + COLOURS * 7
    + MAX_SPACES * COLOURS
    + MAX_LOTS * (COLOURS + 1 + COLOURS)
    + 2 * COLOURS
    + SEATS * 7
    + SEATS;

// Where each part of the header starts (see the table above).
const PLAYERS_AT: usize = SEATS + 1;
const ROUND_AT: usize = PLAYERS_AT + 2;
const ROLLER_AT: usize = ROUND_AT + 1;
const BROKER_AT: usize = ROLLER_AT + SEATS;
const DIE_AT: usize = BROKER_AT + MAX_SPACES;
const PHASE_AT: usize = DIE_AT + 6;
const WAITS_AT: usize = PHASE_AT + PHASES.len();
const ASKED_AT: usize = WAITS_AT + SEATS;
const BID_AT: usize = ASKED_AT + SEATS;
const BIDDER_AT: usize = BID_AT + 1;
const PASSED_AT: usize = BIDDER_AT + SEATS;
const LOANED_AT: usize = PASSED_AT + SEATS;
const LOANS_AT: usize = LOANED_AT + SEATS;
const COLOURS_AT: usize = LOANS_AT + SEATS;
/// Values per colour: its seat (one-hot), whether its coins are visible, its coins, its IOUs.
const COLOUR_LEN: usize = SEATS + 3;
/// Where the spaces' values start (after the viewer, table, round and bidding values, and the
/// colours').
const SPACES_AT: usize = COLOURS_AT + COLOURS * COLOUR_LEN;
/// Values per lot: cubes per colour, sold, owner colour.
const LOT_LEN: usize = COLOURS + 1 + COLOURS;
/// Where the lots' values start.
const LOTS_AT: usize = SPACES_AT + MAX_SPACES * COLOURS;
/// Where the cubes in hand and out of the game start.
const TAIL_AT: usize = LOTS_AT + MAX_LOTS * LOT_LEN;
/// Where the score lines and winners start.
const SCORES_AT: usize = TAIL_AT + 2 * COLOURS;

/// Where the values go: a buffer (names off), or the names (values off). A name is made only
/// when names are asked for, so writing values allocates nothing.
struct Out<'a> {
    values: &'a mut [f32],
    names: Option<&'a mut Vec<String>>,
    at: usize,
}

impl Out<'_> {
    #[inline]
    fn put(&mut self, v: f32, name: impl FnOnce() -> String) {
        if let Some(names) = self.names.as_deref_mut() {
            names.push(name());
        }
        if let Some(x) = self.values.get_mut(self.at) {
            *x = v;
        }
        self.at += 1;
    }

    /// `n` values, 1 at `which`.
    #[inline]
    fn one_hot(&mut self, n: usize, which: Option<usize>, name: impl Fn(usize) -> String) {
        for k in 0..n {
            self.put(f32::from(which == Some(k)), || name(k));
        }
    }

    /// One bit per seat of the bit set `bits`.
    fn seats(&mut self, bits: u8, name: &str) {
        for s in 0..SEATS {
            self.put(f32::from(bits & (1 << s) != 0), || format!("{name}[{s}]"));
        }
    }

    #[inline]
    fn cubes(&mut self, cubes: &[u8; COLOURS], name: impl Fn() -> String) {
        for (c, &k) in cubes.iter().enumerate() {
            self.put(f32::from(k), || format!("{}.{}", name(), COLOUR_NAMES[c]));
        }
    }
}

/// The header's values that change during a game, as the encoding shows them (one-hot
/// values as the index of their 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Header {
    viewer: usize,
    round: u8,
    roller: usize,
    broker: usize,
    die: Option<usize>,
    phase: usize,
    waits: Option<usize>,
    asked: u8,
    bid: u32,
    bidder: Option<usize>,
    passed: u8,
    loaned: u8,
    loans: [u8; SEATS],
    /// Per colour: its coins, when the viewer sees them.
    coins: [Option<u32>; COLOURS],
    ious: [u8; COLOURS],
}

/// Rewrites the one-hot values of `n` from `at` whose 1 moved from `was` to `now`.
#[inline]
fn move_hot(out: &mut [f32], at: usize, n: usize, was: Option<usize>, now: Option<usize>) {
    if was != now {
        if let Some(w) = was.filter(|&w| w < n) {
            out[at + w] = 0.0;
        }
        if let Some(k) = now.filter(|&k| k < n) {
            out[at + k] = 1.0;
        }
    }
}

/// Rewrites the bits of seat set `now` from `at` when it differs from `was`.
#[inline]
fn move_bits(out: &mut [f32], at: usize, was: u8, now: u8) {
    if was != now {
        for s in 0..SEATS {
            out[at + s] = f32::from(now & (1 << s) != 0);
        }
    }
}

/// What one lot shows in the encoding: its cubes, whether it is sold, its owner colour (all
/// zero beyond the board's lots).
type LotValues = (Cubes, bool, Option<usize>);

/// What [`Encode::encode_update`] remembers of the buffer it last wrote: the values of the
/// spaces and lots (the bulk of the encoding, and what changes least often) and whether the
/// score lines were written.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Written {
    /// The values fixed by the configuration (players, hidden money, the colours' seats, the
    /// board's size).
    players: u8,
    hidden_money: bool,
    num_spaces: usize,
    num_lots: usize,
    header: Header,
    /// The state's arrays the spaces' and lots' values were written from (compared whole
    /// first: most actions change none of them).
    spaces: [Cubes; MAX_SPACES],
    lots: [Cubes; MAX_LOTS],
    sold: u16,
    owner: [Option<Colour>; MAX_LOTS],
    hand: Cubes,
    removed: Cubes,
    over: bool,
}

impl BigShot {
    /// The cubes the encoding shows on auction space `k` (none beyond the board's spaces).
    #[inline]
    fn space_values(&self, k: usize) -> Cubes {
        if k < self.board.num_spaces() {
            self.spaces[k]
        } else {
            [0; COLOURS]
        }
    }

    /// What the encoding shows of lot `l`.
    #[inline]
    fn lot_values(&self, l: usize) -> LotValues {
        if l < self.board.num_lots() {
            (
                self.lots[l],
                self.is_sold(l),
                self.owner[l].map(|c| c.idx()),
            )
        } else {
            ([0; COLOURS], false, None)
        }
    }

    /// The header's values that change during a game, for `viewer`.
    fn header_values(&self, viewer: Viewer) -> Header {
        let (phase, waits, asked) = match self.phase {
            Phase::Roll => (0, None, 0),
            Phase::Loans { seat, asked } => (1, Some(seat), asked),
            Phase::Bidding { seat } => (2, Some(seat), 0),
            Phase::Pay { seat } => (3, Some(seat), 0),
            Phase::Place { seat } => (4, Some(seat), 0),
            Phase::Over => (5, None, 0),
        };
        let n = self.n as usize;
        Header {
            viewer: match viewer {
                Viewer::Seat(s) => s,
                Viewer::Spectator => SEATS,
            },
            round: self.round,
            roller: self.roller as usize,
            broker: self.broker as usize,
            die: self.die.map(|d| (d as usize).wrapping_sub(1)),
            phase,
            waits,
            asked,
            bid: self.bid,
            bidder: self.bidder.map(usize::from),
            passed: self.passed,
            loaned: self.loaned,
            loans: std::array::from_fn(|s| if s < n { self.loans[s] } else { 0 }),
            coins: std::array::from_fn(|c| {
                self.sees_coins(viewer, Colour(c as u8))
                    .then_some(self.coins[c])
            }),
            ious: self.ious,
        }
    }

    /// The values before the spaces: viewer, table, round, roller, broker, die, phase, bidding
    /// and colours.
    fn write_header(&self, viewer: Viewer, o: &mut Out<'_>) {
        let h = self.header_values(viewer);
        let seat_name = |what: &'static str| move |s: usize| format!("{what}=seat {s}");
        o.one_hot(SEATS + 1, Some(h.viewer), |k| {
            if k < SEATS {
                format!("viewer=seat {k}")
            } else {
                "viewer=spectator".into()
            }
        });
        o.put(f32::from(self.n), || "players".into());
        o.put(f32::from(self.config.hidden_money), || {
            "hidden_money".into()
        });
        o.put(f32::from(h.round), || "round".into());
        o.one_hot(SEATS, Some(h.roller), seat_name("roller"));
        o.one_hot(MAX_SPACES, Some(h.broker), |k| {
            format!("broker=space {}", k + 1)
        });
        o.one_hot(6, h.die, |k| format!("die={}", k + 1));
        o.one_hot(PHASES.len(), Some(h.phase), |k| {
            format!("phase={}", PHASES[k])
        });
        o.one_hot(SEATS, h.waits, seat_name("phase.seat"));
        o.seats(h.asked, "phase.asked");
        o.put(h.bid as f32, || "bid".into());
        o.one_hot(SEATS, h.bidder, seat_name("bidder"));
        o.seats(h.passed, "passed");
        o.seats(h.loaned, "loaned");
        for (s, &loans) in h.loans.iter().enumerate() {
            o.put(f32::from(loans), || format!("loans[{s}]"));
        }
        for c in Colour::all() {
            let name = COLOUR_NAMES[c.idx()];
            o.one_hot(SEATS, self.seat_of(c), |s| {
                format!("colours.{name}.seat={s}")
            });
            let coins = h.coins[c.idx()];
            o.put(f32::from(coins.is_some()), || {
                format!("colours.{name}.coins?")
            });
            o.put(coins.unwrap_or(0) as f32, || {
                format!("colours.{name}.coins")
            });
            o.put(f32::from(h.ious[c.idx()]), || {
                format!("colours.{name}.ious")
            });
        }
    }

    /// Brings the header in `out` from the values `was` to those of `viewer` now (the values
    /// fixed by the configuration are left as they are).
    fn update_header(&self, viewer: Viewer, out: &mut [f32], was: &mut Header) {
        let h = self.header_values(viewer);
        if h == *was {
            return;
        }
        // Only what changed is written: every value written is a cache line of the row
        // brought in.
        move_hot(out, 0, SEATS + 1, Some(was.viewer), Some(h.viewer));
        if h.round != was.round {
            out[ROUND_AT] = f32::from(h.round);
        }
        move_hot(out, ROLLER_AT, SEATS, Some(was.roller), Some(h.roller));
        move_hot(out, BROKER_AT, MAX_SPACES, Some(was.broker), Some(h.broker));
        move_hot(out, DIE_AT, 6, was.die, h.die);
        move_hot(out, PHASE_AT, PHASES.len(), Some(was.phase), Some(h.phase));
        move_hot(out, WAITS_AT, SEATS, was.waits, h.waits);
        move_bits(out, ASKED_AT, was.asked, h.asked);
        if h.bid != was.bid {
            out[BID_AT] = h.bid as f32;
        }
        move_hot(out, BIDDER_AT, SEATS, was.bidder, h.bidder);
        move_bits(out, PASSED_AT, was.passed, h.passed);
        move_bits(out, LOANED_AT, was.loaned, h.loaned);
        if h.loans != was.loans {
            for (s, &loans) in h.loans.iter().enumerate() {
                out[LOANS_AT + s] = f32::from(loans);
            }
        }
        if h.coins != was.coins || h.ious != was.ious {
            for c in 0..COLOURS {
                let at = COLOURS_AT + c * COLOUR_LEN + SEATS;
                out[at] = f32::from(h.coins[c].is_some());
                out[at + 1] = h.coins[c].unwrap_or(0) as f32;
                out[at + 2] = f32::from(h.ious[c]);
            }
        }
        *was = h;
    }

    /// Auction space `k`'s values.
    #[inline]
    fn write_space(k: usize, cubes: &Cubes, o: &mut Out<'_>) {
        o.cubes(cubes, || format!("spaces[{}]", k + 1));
    }

    /// Lot `l`'s values.
    #[inline]
    fn write_lot(l: usize, (cubes, sold, owner): &LotValues, o: &mut Out<'_>) {
        o.cubes(cubes, || format!("lots[{l}]"));
        o.put(f32::from(*sold), || format!("lots[{l}].sold"));
        o.one_hot(COLOURS, *owner, |c| {
            format!("lots[{l}].owner={}", COLOUR_NAMES[c])
        });
    }

    /// The score lines and winners, once over (zero before).
    fn write_scores(&self, o: &mut Out<'_>) {
        let over = matches!(self.phase, Phase::Over);
        let ranking = over.then(|| self.ranking());
        for s in 0..SEATS {
            let line = (over && s < self.n as usize).then(|| self.score(s));
            let v = |f: fn(&crate::score::ScoreLine) -> f32| line.as_ref().map_or(0.0, f);
            o.put(v(|l| l.coins as f32), || format!("scores[{s}].coins"));
            o.put(v(|l| l.lots_value as f32), || {
                format!("scores[{s}].lots_value")
            });
            o.put(v(|l| l.debt as f32), || format!("scores[{s}].debt"));
            o.put(v(|l| l.status as f32), || format!("scores[{s}].status"));
            o.put(v(|l| l.lots as f32), || format!("scores[{s}].lots"));
            o.put(v(|l| l.best_lot as f32), || format!("scores[{s}].best_lot"));
            o.put(v(|l| f32::from(l.eligible)), || {
                format!("scores[{s}].eligible")
            });
        }
        for s in 0..SEATS {
            let won = ranking
                .as_ref()
                .is_some_and(|r| r.winners.contains(s as Seat));
            o.put(f32::from(won), || format!("winners[{s}]"));
        }
    }

    fn write_encoding(&self, viewer: Viewer, o: &mut Out<'_>) {
        self.write_header(viewer, o);
        debug_assert_eq!(o.at, SPACES_AT);
        for k in 0..MAX_SPACES {
            Self::write_space(k, &self.space_values(k), o);
        }
        debug_assert_eq!(o.at, LOTS_AT);
        for l in 0..MAX_LOTS {
            Self::write_lot(l, &self.lot_values(l), o);
        }
        debug_assert_eq!(o.at, TAIL_AT);
        o.cubes(&self.hand, || "hand".into());
        o.cubes(&self.removed, || "removed".into());
        self.write_scores(o);
    }

    /// [`Encode::encode_update`]: only the values that differ from what `memo` says was
    /// written are rewritten (the header's one-hot values moved, its counts and seat sets, the
    /// spaces and lots, the cubes in hand and out of the game where they changed), the score
    /// lines only when the game is or was over. A memo of another configuration's game is replaced (the
    /// values fixed by the configuration are written only in full).
    fn update_into(&self, viewer: Viewer, out: &mut [f32], memo: &mut EncodeMemo) -> bool {
        if out.len() != ENCODED_LEN {
            memo.clear();
            return self.encode(viewer, out);
        }
        let (num_spaces, num_lots) = (self.board.num_spaces(), self.board.num_lots());
        let fits = |w: &mut Written| {
            w.players == self.n
                && w.hidden_money == self.config.hidden_money
                && w.num_spaces == num_spaces
                && w.num_lots == num_lots
        };
        if !memo.get_mut::<Written>().is_some_and(fits) {
            self.encode(viewer, out);
            memo.set(Written {
                players: self.n,
                hidden_money: self.config.hidden_money,
                num_spaces,
                num_lots,
                header: self.header_values(viewer),
                spaces: self.spaces,
                lots: self.lots,
                sold: self.sold,
                owner: self.owner,
                hand: self.hand,
                removed: self.removed,
                over: matches!(self.phase, Phase::Over),
            });
            return true;
        }
        let Some(w) = memo.get_mut::<Written>() else {
            // Not reached: the memo was just checked.
            return self.encode(viewer, out);
        };
        self.update_header(viewer, out, &mut w.header);
        let mut o = Out {
            values: out,
            names: None,
            at: 0,
        };
        if self.spaces != w.spaces {
            for k in 0..num_spaces.min(MAX_SPACES) {
                if self.spaces[k] != w.spaces[k] {
                    o.at = SPACES_AT + k * COLOURS;
                    Self::write_space(k, &self.spaces[k], &mut o);
                }
            }
            w.spaces = self.spaces;
        }
        if self.lots != w.lots || self.sold != w.sold || self.owner != w.owner {
            for l in 0..num_lots.min(MAX_LOTS) {
                let bit = 1u16 << l;
                if self.lots[l] != w.lots[l]
                    || (self.sold ^ w.sold) & bit != 0
                    || self.owner[l] != w.owner[l]
                {
                    o.at = LOTS_AT + l * LOT_LEN;
                    Self::write_lot(l, &self.lot_values(l), &mut o);
                }
            }
            (w.lots, w.sold, w.owner) = (self.lots, self.sold, self.owner);
        }
        if self.hand != w.hand || self.removed != w.removed {
            for c in 0..COLOURS {
                o.values[TAIL_AT + c] = f32::from(self.hand[c]);
                o.values[TAIL_AT + COLOURS + c] = f32::from(self.removed[c]);
            }
            (w.hand, w.removed) = (self.hand, self.removed);
        }
        let over = matches!(self.phase, Phase::Over);
        if over || w.over {
            o.at = SCORES_AT;
            self.write_scores(&mut o);
            w.over = over;
        }
        true
    }
}

impl Encode for BigShot {
    fn encoded_len(_config: &Config) -> Option<usize> {
        Some(ENCODED_LEN)
    }

    fn encoded_names(config: &Config) -> Vec<String> {
        let mut names = Vec::with_capacity(ENCODED_LEN);
        if let Ok(game) = BigShot::new_game(config, 0) {
            let mut o = Out {
                values: &mut [],
                names: Some(&mut names),
                at: 0,
            };
            game.write_encoding(Viewer::Spectator, &mut o);
        }
        names
    }

    fn encode(&self, viewer: Viewer, out: &mut [f32]) -> bool {
        if out.len() != ENCODED_LEN {
            out.fill(0.0);
            return false;
        }
        let mut o = Out {
            values: out,
            names: None,
            at: 0,
        };
        self.write_encoding(viewer, &mut o);
        debug_assert_eq!(o.at, ENCODED_LEN);
        true
    }

    fn encode_update(&self, viewer: Viewer, out: &mut [f32], memo: &mut EncodeMemo) -> bool {
        self.update_into(viewer, out, memo)
    }

    fn action_space_size(_config: &Config) -> Option<usize> {
        Some(ACTION_SPACE)
    }

    fn action_index(&self, _seat: Seat, action: &Action) -> Option<usize> {
        action.space_index()
    }

    fn action_from_index(&self, _seat: Seat, index: usize) -> Option<Action> {
        Action::from_space_index(index)
    }
}

#[cfg(test)]
mod tests;
