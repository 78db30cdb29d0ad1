//! Updating an encoding in place ([`Encode::encode_update`]): what a buffer's memo remembers of
//! the values it holds, in compact keys, and the rewriting of only the parts whose keys differ.
//! Comparing keys is much cheaper than writing a part's values, and most parts do not change
//! from one state to the next.

use super::*;

/// Rewrites `out` (72 values holding the cards of `before`) to hold the cards of `now`,
/// touching only the cards in one set and not the other.
#[inline]
fn cards_update(now: IndustrySet, before: IndustrySet, out: &mut [f32]) {
    for x in IndustrySet(now.0 ^ before.0).iter() {
        out[x as usize - 1] = if now.contains(x) { 1.0 } else { 0.0 };
    }
}

/// Rewrites a pile's values (as [`pile`] wrote them for `before`) to those of `now`.
#[inline]
fn pile_update(now: &Hand, before: &Hand, out: &mut [f32]) {
    if now != before {
        cards_update(now.industry, before.industry, &mut out[..N_SPACES]);
        levels(now, &mut out[N_SPACES..]);
    }
}

/// What [`Encode::encode_update`] remembers of the encoding a buffer holds (in the buffer's
/// [`EncodeMemo`]): the inputs each part after the header was last written from, in compact
/// form. Its zeroed form ([`Written::zeroed`]) describes a buffer of zeros.
struct Written {
    /// The number of players and the edition the buffer was written for.
    n: u8,
    edition: Edition,
    /// Where the viewer's and the current player's one-hot values are set (none: zeroed).
    viewer: Option<usize>,
    current: Option<usize>,
    /// The counters and the phase's values written (zeroed: all zero, no step set).
    counters: [u32; 5],
    phase_kind: Option<usize>,
    phase: PhaseValues,
    /// Each space's height and company, as [`crate::board::Board::heights`] and
    /// [`crate::board::Board::owners`].
    heights: [u8; N_SPACES + 1],
    owners: [u8; N_SPACES + 1],
    /// Each company's values ([`company_key`]).
    companies: [[u8; 5]; COMPANIES],
    /// Each seat's holdings ([`holdings_key`]) and `known` cards.
    holdings: [Holdings; MAX_PLAYERS],
    known: [IndustrySet; MAX_PLAYERS],
    /// Whether a hand is shown, and which (empty when none).
    has_hand: bool,
    hand: Hand,
    /// The row's places ([`row_key`]).
    row: [Space; ROW_PLACES],
    discard: Hand,
    /// Whether the result was written.
    over: bool,
}

impl Written {
    /// The memo of a zeroed buffer for `g`'s configuration.
    fn zeroed(g: &BigBoss) -> Written {
        Written {
            n: g.n,
            edition: g.edition,
            viewer: None,
            current: None,
            counters: [0; 5],
            phase_kind: None,
            phase: PhaseValues {
                kind: 0,
                spaces: [0; 5],
                marks: [None; 3],
                shares: 0,
            },
            heights: [0; N_SPACES + 1],
            owners: [NO_COMPANY; N_SPACES + 1],
            // No status is written: every company's values differ from these.
            companies: [[u8::MAX; 5]; COMPANIES],
            holdings: [Holdings::default(); MAX_PLAYERS],
            known: [IndustrySet::default(); MAX_PLAYERS],
            has_hand: false,
            hand: Hand::default(),
            row: [0; ROW_PLACES],
            discard: Hand::default(),
            over: false,
        }
    }
}

/// The indices at which two arrays of 73 bytes differ, as bits (bit `i` for index `i`),
/// compared 8 bytes at a time.
#[inline]
fn differing_bytes(a: &[u8; 73], b: &[u8; 73]) -> u128 {
    const LOW: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let word = |v: &[u8; 73], k: usize| {
        let mut w = [0u8; 8];
        w.copy_from_slice(&v[8 * k..8 * k + 8]);
        u64::from_le_bytes(w)
    };
    let mut mask = u128::from(a[72] != b[72]) << 72;
    for k in 0..9 {
        let x = word(a, k) ^ word(b, k);
        if x != 0 {
            // The top bit of every non-zero byte, then those 8 bits gathered into one byte.
            let nonzero = (((x & LOW) + LOW) | x) & HIGH;
            let bits = (nonzero >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56;
            mask |= u128::from(bits) << (8 * k);
        }
    }
    mask
}

/// The values of a seat's public holdings ([`BigBoss::encode_holdings`]); all zero for a
/// zeroed buffer.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
struct Holdings {
    money: u32,
    towers: u8,
    hand_size: u32,
    level_cards: u32,
    shares: [u8; COMPANIES],
}

/// A seat's holdings as encoded (level cards count only in Modern).
#[inline]
fn holdings_key(p: &Player, modern: bool) -> Holdings {
    Holdings {
        money: p.money,
        towers: p.towers_placed,
        hand_size: p.hand.len(),
        level_cards: if modern { p.hand.level_count() } else { 0 },
        shares: p.shares,
    }
}

/// A company's values as encoded: status, price, supply, headquarters (when active) and
/// tower (`u8::MAX` for none).
#[inline]
fn company_key(co: &Company, n: usize) -> [u8; 5] {
    let status = match co.status {
        Status::Unfounded => 0,
        Status::Active => 1,
        Status::Gone => 2,
    };
    let hq = if co.active() { co.hq } else { 0 };
    let tower = co.tower.filter(|&t| t < n).map_or(u8::MAX, |t| t as u8);
    [status, co.price, co.supply, hq, tower]
}

/// The row's places (0 for an empty place).
#[inline]
fn row_key(g: &BigBoss) -> [Space; ROW_PLACES] {
    let mut places = [0; ROW_PLACES];
    for (p, &x) in places.iter_mut().zip(g.row.iter()) {
        *p = x;
    }
    places
}
impl BigBoss {
    /// [`Encode::encode_update`]: brings `out` from what it held when `memo` was last
    /// updated to the numeric observation of this state for `viewer`. The header (viewer,
    /// turn, counters, phase) is always rewritten; the board's spaces, the companies, the
    /// players' holdings and `known` cards, the viewer's hand, the row, the discard pile and
    /// the result only where they differ from what `memo` says was written. An empty memo, or
    /// one of another number of players or edition, starts from a zeroed `out`.
    pub(super) fn update_into(
        &self,
        viewer: Viewer,
        out: &mut [f32],
        memo: &mut EncodeMemo,
    ) -> bool {
        let o = Offsets::new(self.n as usize);
        if out.len() != o.len {
            memo.clear();
            return self.encode_into(viewer, out);
        }
        let fits = |w: &mut Written| w.n == self.n && w.edition == self.edition;
        if !memo.get_mut::<Written>().is_some_and(fits) {
            out.fill(0.0);
            // The edition's flag is the only value that never changes.
            if self.rules().levels_in_deck {
                out[o.classic] = 1.0;
            }
            memo.set(Written::zeroed(self));
        }
        let Some(w) = memo.get_mut::<Written>() else {
            // Not reached: the memo was just set.
            return self.encode_into(viewer, out);
        };
        let me = seat_of(viewer, o.n);
        let one_hot = |out: &mut [f32], was: &mut Option<usize>, at: usize| {
            if *was != Some(at) {
                if let Some(old) = was.replace(at) {
                    out[old] = 0.0;
                }
                out[at] = 1.0;
            }
        };
        one_hot(out, &mut w.viewer, o.viewer + me.unwrap_or(o.n));
        one_hot(out, &mut w.current, o.current + self.current as usize);
        let counters = self.counters();
        if counters != w.counters {
            self.encode_counters(&o, out);
            w.counters = counters;
        }
        let phase = self.phase_values(&o);
        one_hot(out, &mut w.phase_kind, phase.kind);
        if phase.spaces != w.phase.spaces {
            for (i, &x) in phase.spaces.iter().enumerate() {
                out[o.phase_spaces + i] = f32::from(x);
            }
        }
        if phase.marks != w.phase.marks {
            for at in w.phase.marks.into_iter().flatten() {
                out[at] = 0.0;
            }
            for at in phase.marks.into_iter().flatten() {
                out[at] = 1.0;
            }
        }
        if phase.shares != w.phase.shares {
            out[o.phase_shares] = f32::from(phase.shares);
        }
        w.phase = phase;

        let (heights, owners) = (self.board.heights(), self.board.owners());
        // Index 0 is no space.
        let changed =
            (differing_bytes(heights, &w.heights) | differing_bytes(owners, &w.owners)) & !1;
        if changed != 0 {
            for s in IndustrySet(changed).iter() {
                let at = o.space(s);
                out[at..at + SPACE_VALUES].fill(0.0);
                self.encode_space(&o, s, out);
            }
            w.heights = *heights;
            w.owners = *owners;
        }
        for i in 0..COMPANIES {
            let key = company_key(&self.companies[i], o.n);
            if key != w.companies[i] {
                let at = o.company(i);
                out[at..at + o.company_stride].fill(0.0);
                self.encode_company(&o, i, out);
                w.companies[i] = key;
            }
        }
        let modern = !self.rules().levels_in_deck;
        for s in 0..o.n {
            let p = &self.players[s];
            let key = holdings_key(p, modern);
            if key != w.holdings[s] {
                // Writes every value of the range.
                self.encode_holdings(&o, s, out);
                w.holdings[s] = key;
            }
            if p.known != w.known[s] {
                let at = o.known(s);
                cards_update(p.known, w.known[s], &mut out[at..at + N_SPACES]);
                w.known[s] = p.known;
            }
        }

        let hand = me.map(|s| self.players[s].hand);
        if hand.is_some() != w.has_hand {
            out[o.hand] = if hand.is_some() { 1.0 } else { 0.0 };
            w.has_hand = hand.is_some();
        }
        let hand = hand.unwrap_or_default();
        pile_update(&hand, &w.hand, &mut out[o.hand + 1..o.row]);
        w.hand = hand;
        let row = row_key(self);
        if row != w.row {
            out[o.row..o.discard].fill(0.0);
            self.encode_row(&o, out);
            w.row = row;
        }
        pile_update(&self.discard, &w.discard, &mut out[o.discard..o.result]);
        w.discard = self.discard;
        let over = matches!(self.phase, Phase::Over { .. });
        if over || w.over {
            out[o.result..o.len].fill(0.0);
            if over {
                self.encode_result(&o, out);
            }
            w.over = over;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::differing_bytes;

    #[test]
    fn differing_bytes_finds_every_index_that_differs() {
        let a = [3u8; 73];
        for i in 0..73 {
            for v in [0u8, 1, 2, 4, 127, 128, 255] {
                let mut b = a;
                b[i] = v;
                let mut c = b;
                c[(i * 7 + 5) % 73] ^= 0x80;
                let naive = |x: &[u8; 73], y: &[u8; 73]| {
                    (0..73).fold(0u128, |m, k| m | (u128::from(x[k] != y[k]) << k))
                };
                assert_eq!(differing_bytes(&a, &b), naive(&a, &b), "{i} {v}");
                assert_eq!(differing_bytes(&a, &c), naive(&a, &c), "{i} {v}");
            }
        }
    }
}
