//! The numeric observation ([`Encode`]): what one viewer may know of a Big Boss game as a fixed
//! number of `f32` values, written straight from the state (no observation built, nothing
//! allocated). It holds the same information as [`BigBoss::observation`].
//!
//! The length depends only on the number of players `n`: `49 + 2n` header values, 648 for the
//! board, `8 × (6 + n)` for the companies, `84n` for the players, 233 for the cards (hand, row,
//! discard) and `2n` for the result — `978 + 96n` values (1,362 for 4 players), in this order (seats in
//! table order; a flag is 1 or 0; a one-hot group has a single 1, or none when it does not
//! apply; counts, money and prices are plain numbers; a space is its number 1–72, 0 for none):
//!
//! | values | names | what |
//! |---|---|---|
//! | n + 1 | `viewer[s]`, `viewer.spectator` | who is looking (one-hot) |
//! | 1 | `edition.classic` | 1 for the Classic rules |
//! | n | `current[s]` | whose turn it is (one-hot) |
//! | 5 | `turn`, `passes`, `pieces`, `deck_size`, `level_stack` | turn number, consecutive passes, pieces in the supply, cards in the deck, level cards in the stack |
//! | 10 | `phase=turn` … `phase=over` | the step within the turn (one-hot, in the order of [`Phase`]) |
//! | 5 | `phase.card`, `phase.start`, `phase.double`, `phase.kind`, `phase.space` | the phase's spaces and level-card kind |
//! | 3 × 8 | `phase.left=C`, `phase.right=C`, `phase.company=C` | the phase's companies (one-hot each) |
//! | 1 | `phase.shares` | shares bought this turn (investing) |
//! | 2 | `phase.reason=last_piece`, `phase.reason=all_passed` | why the game ended |
//! | 72 × 9 | `board[s].height`, `board[s].company=C` | each space's pieces and their company |
//! | 8 × (6 + n) | `companies[C].status=unfounded/active/gone`, `.price`, `.supply`, `.hq`, `.tower[s]` | each company |
//! | n × 84 | `players[s].money`, `.towers_placed`, `.hand_size`, `.level_cards`, `.shares[C]`, `.known[x]` | each player's public holdings (`known`: the 72 industry cards everyone knows are in that hand) |
//! | 78 | `hand?`, `hand[x]`, `hand.L`, `hand.L2` … `hand.L5` | the viewer's own hand (zero for a spectator) |
//! | 78 | `row[i]`, `row.has[x]` | the face-up row: its 6 places in order (a space, 0 when empty), and as a set |
//! | 77 | `discard[x]`, `discard.L` … `discard.L5` | the discard pile |
//! | 2n | `scores[s]`, `winners[s]` | once the game is over: final scores and winners |
//!
//! Companies are in the order of [`crate::company::NAMES`]; level-card kinds are `L` (Modern)
//! and the Classic storeys `L2`–`L5`.

use crate::action::Action;
use crate::board::{Space, NO_COMPANY, SPACES};
use crate::card::{Hand, IndustrySet, LEVEL_KINDS};
use crate::company::{Company, Status, COMPANIES, NAMES};
use crate::edition::Edition;
use crate::event::EndReason;
use crate::state::{BigBoss, Config, Phase, Player, MAX_PLAYERS};
use boardroom_engine::{Encode, EncodeMemo, Seat, Viewer};

mod update;

/// Values per board space: height, then the company (one-hot).
const SPACE_VALUES: usize = 1 + COMPANIES;
/// Spaces on the loop.
const N_SPACES: usize = SPACES as usize;
/// Places of the face-up row.
const ROW_PLACES: usize = 6;
/// The phases, in one-hot order.
const PHASES: [&str; 10] = [
    "turn",
    "selling",
    "choose_triple",
    "choose_double",
    "choose_company",
    "choose_level_space",
    "choose_join",
    "choose_survivor",
    "invest",
    "over",
];
/// Level-card kinds, named as in the notation (in the order of [`LEVEL_KINDS`]).
const LEVEL_NAMES: [&str; 5] = ["L", "L2", "L3", "L4", "L5"];

/// Where each part of the encoding starts, for `n` players.
struct Offsets {
    n: usize,
    viewer: usize,
    classic: usize,
    current: usize,
    counters: usize,
    phase: usize,
    phase_spaces: usize,
    phase_companies: usize,
    phase_shares: usize,
    reason: usize,
    board: usize,
    companies: usize,
    company_stride: usize,
    players: usize,
    player_stride: usize,
    hand: usize,
    row: usize,
    discard: usize,
    result: usize,
    len: usize,
}

impl Offsets {
    fn new(n: usize) -> Offsets {
        let viewer = 0;
        let classic = viewer + n + 1;
        let current = classic + 1;
        let counters = current + n;
        let phase = counters + 5;
        let phase_spaces = phase + PHASES.len();
        let phase_companies = phase_spaces + 5;
        let phase_shares = phase_companies + 3 * COMPANIES;
        let reason = phase_shares + 1;
        let board = reason + 2;
        let companies = board + N_SPACES * SPACE_VALUES;
        let company_stride = 6 + n;
        let players = companies + COMPANIES * company_stride;
        let player_stride = 4 + COMPANIES + N_SPACES;
        let hand = players + n * player_stride;
        let row = hand + 1 + N_SPACES + LEVEL_NAMES.len();
        let discard = row + ROW_PLACES + N_SPACES;
        let result = discard + N_SPACES + LEVEL_NAMES.len();
        let len = result + 2 * n;
        Offsets {
            n,
            viewer,
            classic,
            current,
            counters,
            phase,
            phase_spaces,
            phase_companies,
            phase_shares,
            reason,
            board,
            companies,
            company_stride,
            players,
            player_stride,
            hand,
            row,
            discard,
            result,
            len,
        }
    }

    /// Where the values of space `s` (1–72) start.
    #[inline]
    fn space(&self, s: Space) -> usize {
        self.board + (s as usize - 1) * SPACE_VALUES
    }

    /// Where the values of company `i` start.
    #[inline]
    fn company(&self, i: usize) -> usize {
        self.companies + i * self.company_stride
    }

    /// Where seat `s`'s `known` cards start.
    #[inline]
    fn known(&self, s: usize) -> usize {
        self.players + s * self.player_stride + 4 + COMPANIES
    }

    /// The name of every value, in order.
    fn names(&self) -> Vec<String> {
        let n = self.n;
        let mut v = Vec::with_capacity(self.len);
        v.extend((0..n).map(|s| format!("viewer[{s}]")));
        v.push("viewer.spectator".into());
        v.push("edition.classic".into());
        v.extend((0..n).map(|s| format!("current[{s}]")));
        for c in ["turn", "passes", "pieces", "deck_size", "level_stack"] {
            v.push(c.into());
        }
        v.extend(PHASES.iter().map(|p| format!("phase={p}")));
        for f in ["card", "start", "double", "kind", "space"] {
            v.push(format!("phase.{f}"));
        }
        for f in ["left", "right", "company"] {
            v.extend(NAMES.iter().map(|c| format!("phase.{f}={c}")));
        }
        v.push("phase.shares".into());
        v.push("phase.reason=last_piece".into());
        v.push("phase.reason=all_passed".into());
        for s in 1..=N_SPACES {
            v.push(format!("board[{s}].height"));
            v.extend(NAMES.iter().map(|c| format!("board[{s}].company={c}")));
        }
        for c in NAMES {
            for st in ["unfounded", "active", "gone"] {
                v.push(format!("companies[{c}].status={st}"));
            }
            for f in ["price", "supply", "hq"] {
                v.push(format!("companies[{c}].{f}"));
            }
            v.extend((0..n).map(|s| format!("companies[{c}].tower[{s}]")));
        }
        for s in 0..n {
            for f in ["money", "towers_placed", "hand_size", "level_cards"] {
                v.push(format!("players[{s}].{f}"));
            }
            v.extend(NAMES.iter().map(|c| format!("players[{s}].shares[{c}]")));
            v.extend((1..=N_SPACES).map(|x| format!("players[{s}].known[{x}]")));
        }
        v.push("hand?".into());
        v.extend((1..=N_SPACES).map(|x| format!("hand[{x}]")));
        v.extend(LEVEL_NAMES.iter().map(|l| format!("hand.{l}")));
        v.extend((0..ROW_PLACES).map(|i| format!("row[{i}]")));
        v.extend((1..=N_SPACES).map(|x| format!("row.has[{x}]")));
        v.extend((1..=N_SPACES).map(|x| format!("discard[{x}]")));
        v.extend(LEVEL_NAMES.iter().map(|l| format!("discard.{l}")));
        v.extend((0..n).map(|s| format!("scores[{s}]")));
        v.extend((0..n).map(|s| format!("winners[{s}]")));
        debug_assert_eq!(v.len(), self.len);
        v
    }
}

/// Sets `out[x - 1]` for every industry card `x` of `set` (`out` has 72 values).
#[inline]
fn cards(set: IndustrySet, out: &mut [f32]) {
    for x in set.iter() {
        out[x as usize - 1] = 1.0;
    }
}

/// The industry cards (72 values) then the level cards by kind (5 values) of a pile.
#[inline]
fn pile(hand: &Hand, out: &mut [f32]) {
    cards(hand.industry, &mut out[..N_SPACES]);
    levels(hand, &mut out[N_SPACES..]);
}

/// The level cards of a pile by kind (5 values).
#[inline]
fn levels(hand: &Hand, out: &mut [f32]) {
    for (i, k) in LEVEL_KINDS.iter().enumerate() {
        out[i] = f32::from(hand.levels[*k as usize]);
    }
}

/// The seat of `viewer` in a game of `n` players (`None` for a spectator).
#[inline]
fn seat_of(viewer: Viewer, n: usize) -> Option<usize> {
    viewer.seat().filter(|&s| s < n)
}

/// The phase's values ([`BigBoss::phase_values`]): where in the encoding its step's one-hot
/// value is set, its spaces and level-card kind, where its companies' (or the end's reason's)
/// one-hot values are set, and the shares bought.
#[derive(Clone, Copy, PartialEq, Eq)]
struct PhaseValues {
    kind: usize,
    spaces: [u8; 5],
    marks: [Option<usize>; 3],
    shares: u8,
}

impl BigBoss {
    /// Writes the numeric observation of `viewer` (see the module's documentation) into
    /// `out`, which must hold [`Encode::encoded_len`] values for this game's configuration;
    /// returns `false` (and zeroes `out`) when it holds another number.
    pub fn encode_into(&self, viewer: Viewer, out: &mut [f32]) -> bool {
        let o = Offsets::new(self.n as usize);
        out.fill(0.0);
        if out.len() != o.len {
            return false;
        }
        let me = seat_of(viewer, o.n);
        self.encode_header(&o, me, out);
        for s in self.board.occupied_spaces() {
            self.encode_space(&o, s, out);
        }
        for i in 0..COMPANIES {
            self.encode_company(&o, i, out);
        }
        for s in 0..o.n {
            self.encode_holdings(&o, s, out);
            cards(
                self.players[s].known,
                &mut out[o.known(s)..o.known(s) + N_SPACES],
            );
        }
        if let Some(s) = me {
            out[o.hand] = 1.0;
            pile(&self.players[s].hand, &mut out[o.hand + 1..o.row]);
        }
        self.encode_row(&o, out);
        pile(&self.discard, &mut out[o.discard..o.result]);
        if matches!(self.phase, Phase::Over { .. }) {
            self.encode_result(&o, out);
        }
        true
    }

    /// The values before the board (viewer, edition, current player, counters, phase), in a
    /// zeroed `out`.
    fn encode_header(&self, o: &Offsets, me: Option<usize>, out: &mut [f32]) {
        out[o.viewer + me.unwrap_or(o.n)] = 1.0;
        if self.rules().levels_in_deck {
            out[o.classic] = 1.0;
        }
        out[o.current + self.current as usize] = 1.0;
        self.encode_counters(o, out);
        self.encode_phase(o, out);
    }

    /// The counters: turn, passes, pieces, deck size, level stack.
    #[inline]
    fn counters(&self) -> [u32; 5] {
        [
            self.turn,
            u32::from(self.passes),
            u32::from(self.pieces),
            self.deck.len() as u32,
            u32::from(self.level_stack),
        ]
    }

    /// The counters' values: all written.
    #[inline]
    fn encode_counters(&self, o: &Offsets, out: &mut [f32]) {
        for (i, c) in self.counters().into_iter().enumerate() {
            out[o.counters + i] = c as f32;
        }
    }

    /// Space `s`'s values, in a zeroed `out` range.
    #[inline]
    fn encode_space(&self, o: &Offsets, s: Space, out: &mut [f32]) {
        let h = self.board.height(s);
        if h > 0 {
            let at = o.space(s);
            out[at] = f32::from(h);
            if let Some(c) = self.board.owner(s) {
                out[at + 1 + c as usize] = 1.0;
            }
        }
    }

    /// Company `i`'s values, in a zeroed `out` range.
    fn encode_company(&self, o: &Offsets, i: usize, out: &mut [f32]) {
        let co = &self.companies[i];
        let at = o.company(i);
        let status = match co.status {
            Status::Unfounded => 0,
            Status::Active => 1,
            Status::Gone => 2,
        };
        out[at + status] = 1.0;
        out[at + 3] = f32::from(co.price);
        out[at + 4] = f32::from(co.supply);
        if co.active() {
            out[at + 5] = f32::from(co.hq);
        }
        if let Some(t) = co.tower.filter(|&t| t < o.n) {
            out[at + 6 + t] = 1.0;
        }
    }

    /// Seat `s`'s public holdings (money, towers, hand size, level cards, shares): every
    /// value of that range is written.
    fn encode_holdings(&self, o: &Offsets, s: usize, out: &mut [f32]) {
        let p = &self.players[s];
        let at = o.players + s * o.player_stride;
        out[at] = p.money as f32;
        out[at + 1] = f32::from(p.towers_placed);
        out[at + 2] = p.hand.len() as f32;
        out[at + 3] = if self.rules().levels_in_deck {
            0.0
        } else {
            p.hand.level_count() as f32
        };
        for (c, &k) in p.shares.iter().enumerate() {
            out[at + 4 + c] = f32::from(k);
        }
    }

    /// The face-up row's values, in a zeroed `out` range.
    fn encode_row(&self, o: &Offsets, out: &mut [f32]) {
        for (i, &x) in self.row.iter().take(ROW_PLACES).enumerate() {
            out[o.row + i] = f32::from(x);
            out[o.row + ROW_PLACES + x as usize - 1] = 1.0;
        }
    }

    /// The phase's values, in a zeroed `out` range.
    fn encode_phase(&self, o: &Offsets, out: &mut [f32]) {
        let v = self.phase_values(o);
        out[v.kind] = 1.0;
        for (i, &x) in v.spaces.iter().enumerate() {
            out[o.phase_spaces + i] = f32::from(x);
        }
        for at in v.marks.into_iter().flatten() {
            out[at] = 1.0;
        }
        out[o.phase_shares] = f32::from(v.shares);
    }

    /// The phase's values: where its one-hot values are set, and its numbers.
    fn phase_values(&self, o: &Offsets) -> PhaseValues {
        let (kind, card, start, double, level, space) = match self.phase {
            Phase::Turn => (0, 0, 0, None, 0, 0),
            Phase::Selling => (1, 0, 0, None, 0, 0),
            Phase::ChooseTriple { card } => (2, card, 0, None, 0, 0),
            Phase::ChooseDouble { card, start } => (3, card, start, None, 0, 0),
            Phase::ChooseCompany {
                card,
                start,
                double,
            } => (4, card, start, double, 0, 0),
            Phase::ChooseLevelSpace { kind } => (5, 0, 0, None, kind, 0),
            Phase::ChooseJoin { space, .. } => (6, 0, 0, None, 0, space),
            Phase::ChooseSurvivor { space, .. } => (7, 0, 0, None, 0, space),
            Phase::Invest { .. } => (8, 0, 0, None, 0, 0),
            Phase::Over { .. } => (9, 0, 0, None, 0, 0),
        };
        let mut v = PhaseValues {
            kind: o.phase + kind,
            spaces: [card, start, double.unwrap_or(0), level, space],
            marks: [None; 3],
            shares: 0,
        };
        match self.phase {
            Phase::ChooseJoin { left, right, .. } | Phase::ChooseSurvivor { left, right, .. } => {
                v.marks[0] = Some(o.phase_companies + left.idx());
                v.marks[1] = Some(o.phase_companies + COMPANIES + right.idx());
            }
            Phase::Invest { company, shares } => {
                v.marks[2] = Some(o.phase_companies + 2 * COMPANIES + company.idx());
                v.shares = shares;
            }
            Phase::Over { reason } => {
                let r = match reason {
                    EndReason::LastPiece => 0,
                    EndReason::AllPassed => 1,
                };
                v.marks[2] = Some(o.reason + r);
            }
            _ => {}
        }
        v
    }

    /// Final scores and winners (the rules of [`BigBoss::ranking`], without its allocation).
    fn encode_result(&self, o: &Offsets, out: &mut [f32]) {
        let n = o.n;
        let mut totals = [0i64; crate::state::MAX_PLAYERS];
        let mut best = i64::MIN;
        for (s, t) in totals.iter_mut().enumerate().take(n) {
            *t = self.score(s).total;
            best = best.max(*t);
        }
        let tie_break = self.rules().tower_tie_break;
        let most = (0..n)
            .filter(|&s| totals[s] == best)
            .map(|s| self.players[s].towers_placed)
            .max()
            .unwrap_or(0);
        for s in 0..n {
            out[o.result + s] = totals[s] as f32;
            let wins = totals[s] == best && (!tie_break || self.players[s].towers_placed == most);
            if wins {
                out[o.result + n + s] = 1.0;
            }
        }
    }
}

impl Encode for BigBoss {
    fn encoded_len(config: &Config) -> Option<usize> {
        Some(Offsets::new(config.players).len)
    }

    /// The fixed action space of [`crate::action_space`].
    fn action_space_size(_config: &Config) -> Option<usize> {
        Some(crate::action_space::ACTION_SPACE)
    }

    fn action_index(&self, _seat: Seat, action: &Action) -> Option<usize> {
        action.space_index()
    }

    fn action_from_index(&self, _seat: Seat, index: usize) -> Option<Action> {
        Action::from_space_index(index)
    }

    fn encoded_names(config: &Config) -> Vec<String> {
        Offsets::new(config.players).names()
    }

    fn encode(&self, viewer: Viewer, out: &mut [f32]) -> bool {
        self.encode_into(viewer, out)
    }

    fn encode_update(&self, viewer: Viewer, out: &mut [f32], memo: &mut EncodeMemo) -> bool {
        self.update_into(viewer, out, memo)
    }
}
