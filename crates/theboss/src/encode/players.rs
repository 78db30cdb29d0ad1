//! The seats' values, the cards' places and the seats' refused offers (see the table in the
//! parent module), each written only when what it is written from changed.

use super::memo::{FateKey, PlacesKey, SeatKey, Written};
use super::out::{Out, Shown};
use super::{offer, Dims, POSITIONS, REFUSED_SLOTS, SEATS};
use crate::state::{Player, TheBoss};
use boardroom_engine::{Seat, Viewer};

/// The values of a seat beyond the table's.
static NOBODY: Player = Player::EMPTY;

impl TheBoss {
    /// Writes every seat's values (cash and shares apart: they change most often), then the
    /// cards' places.
    pub(super) fn write_seats(
        &self,
        viewer: Viewer,
        d: &Dims,
        o: &mut Out<'_>,
        shown: &mut Written,
    ) {
        for s in 0..SEATS {
            let p = self.players.get(s).unwrap_or(&NOBODY);
            // The seat as a whole first: most decisions change none of its values.
            let seat = SeatKey::of(self, viewer, s, p);
            if o.holds(&shown.seat[s], |k| *k == seat) {
                continue;
            }
            let start = o.at;
            o.scope(
                || format!("players[{s}]."),
                |o| self.write_seat(s, p, &seat, d, o, shown),
            );
            o.wrote(&mut shown.seat[s], start, |k| *k = Some(seat));
        }
        self.write_cards(d, o, shown);
    }

    /// A seat's values, in three sections: its cash and shares (which change most often), its
    /// standing, its Fate card.
    fn write_seat(
        &self,
        s: Seat,
        p: &Player,
        seat: &SeatKey,
        d: &Dims,
        o: &mut Out<'_>,
        shown: &mut Written,
    ) {
        let money = seat.money;
        o.section(
            &mut shown.money[s],
            |k| *k == money,
            |k| *k = Some(money),
            |o| {
                let values = [f32::from(u8::from(money.0)), p.cash as f32, p.shares as f32];
                let names = ["at_table", "cash", "shares"];
                o.put_each(values.len(), |k| names[k].into(), |k| values[k]);
            },
        );
        let standing = seat.standing;
        o.section(
            &mut shown.standing[s],
            |k| *k == standing,
            |k| *k = Some(standing),
            |o| self.write_standing(p, d, o),
        );
        let fate = seat.fate;
        o.section(
            &mut shown.fate[s],
            |k| *k == fate,
            |k| *k = Some(fate),
            |o| self.write_fate(&fate, d, o),
        );
    }

    /// A seat's values from its position to its Experience cards.
    fn write_standing(&self, p: &Player, d: &Dims, o: &mut Out<'_>) {
        o.one_hot(POSITIONS, p.job.map(|j| usize::from(j) - 1), "job", |k| {
            format!("{}", k + 1)
        });
        o.one_hot(3, p.fired.map(usize::from), "fired", |k| {
            ["fired", "missing 1st turn", "missing 2nd turn"][k].into()
        });
        o.num(p.lost_turns, "lost_turns");
        o.opt(p.disaster, "disaster");
        o.put_each(
            POSITIONS,
            |k| format!("experience_met[{}]", k + 1),
            |k| f32::from(u8::from(p.snapshot & (1 << k) != 0)),
        );
        o.put_each(
            d.kinds,
            |k| format!("surplus_due[kind {k}]"),
            |k| f32::from(p.surplus_due.get(k).copied().unwrap_or(0)),
        );
        let per_kind = o.block(d.kinds, |k| format!("experience[kind {k}]"));
        for &c in &p.experience {
            if let Some(v) = per_kind.get_mut(usize::from(self.data.exp_kind(c))) {
                *v += 1.0;
            }
        }
    }

    /// A seat's Fate card values, as the viewer sees them.
    fn write_fate(&self, fate: &FateKey, d: &Dims, o: &mut Out<'_>) {
        o.bit(fate.held(), "fate.held");
        o.opt(fate.card(), "fate.card");
        let kind = fate
            .card()
            .map(|c| usize::from(self.data.fate_cards[usize::from(c)]));
        o.one_hot(d.fate_types, kind, "fate.type", |k| {
            self.data.file.fate_cards[k].id.clone()
        });
        o.opt(fate.window(), "fate.window");
        o.bit(fate.usable(), "fate.usable");
    }

    /// `s`'s refused offers: the count, then the latest.
    pub(super) fn write_refused(&self, s: Seat, d: &Dims, o: &mut Out<'_>, memo: &mut Shown) {
        let list = self.players.get(s).map(|p| &p.refused);
        let all = list.map_or(&[][..], |l| &l[..]);
        // A seat beyond the table's shows no list: its empty slots are never rewritten.
        let memo = (memo, list.map_or(u64::MAX, |l| l.stamp()));
        o.list(
            "refused",
            all,
            true,
            (REFUSED_SLOTS, offer::refused_len(d)),
            Some(&offer::refused_texts(d)),
            offer::sample_refused,
            memo,
            |o, r| o.refused(r, d),
        );
    }

    /// The cards' places: Experience, Executive and Fate cards, each kind a section.
    fn write_cards(&self, d: &Dims, o: &mut Out<'_>, shown: &mut Written) {
        const HOLDERS: usize = SEATS + 1;
        let places = PlacesKey::of(
            self.players.iter().map(|p| &p.experience),
            &self.exp_discards,
        );
        o.section(
            &mut shown.experience,
            |k| *k == places,
            |k| *k = Some(places),
            |o| {
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
            },
        );
        let places = PlacesKey::of(self.players.iter().map(|p| &p.executive), &self.exec_bank);
        o.section(
            &mut shown.executive,
            |k| *k == places,
            |k| *k = Some(places),
            |o| {
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
            },
        );
        let pile = self.fate_discards.stamp();
        o.section(
            &mut shown.fate_discards,
            |k| *k == pile,
            |k| *k = Some(pile),
            |o| {
                let fate = o.block(d.fate, |c| format!("fate_card[{c}].discarded"));
                if !fate.is_empty() {
                    for (i, &c) in self.fate_discards.iter().enumerate() {
                        fate[usize::from(c)] = (i + 1) as f32;
                    }
                }
            },
        );
    }
}
