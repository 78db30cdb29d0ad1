//! The table drawn for a terminal: the eight positions with their chairs and who sits there,
//! the Fired track and lost turns, each player's cash, shares, cards and Fate card (`?` to
//! those who may not know it), the decks and the Bank, open offers, a running auction or
//! meeting with its tally, and open long-term deals with their escrow and the broken-deal
//! record, in the reader's language (the words of `locales/<lang>/game.ftl`, amounts grouped
//! as the language writes them: `$1,200`, German `1.200 $`). Used by
//! [`boardroom_engine::Present::draw`].

use crate::action::{Lot, Promise, Vote};
use crate::data::Level;
use crate::describe::{deliverable, items, offer_words, vote_word};
use crate::notation::{exec_card, exp_card};
use crate::state::TheBoss;
use crate::words::{seat_in, t};
use boardroom_engine::{Seat, Viewer};
use boardroom_i18n::{grouped, Arg};
use owo_colors::OwoColorize;
use std::fmt::Write;

/// An amount of money as language `lang` writes it (`$1,200`, German `1.200 $`).
pub(crate) fn money(lang: &str, amount: u64) -> String {
    let amount = i64::try_from(amount).unwrap_or(i64::MAX);
    t(
        lang,
        "the-boss-money",
        &[("amount", Arg::Text(grouped(lang, amount)))],
    )
}

/// `yes` or `no`, for a message's selector.
fn yes(flag: bool) -> Arg {
    Arg::from(if flag { "yes" } else { "no" })
}

/// What the drawing needs besides the game: whether colours may be used, and the language.
#[derive(Clone, Copy)]
struct Pen<'a> {
    color: bool,
    lang: &'a str,
}

impl Pen<'_> {
    /// Message `id` with `args`.
    fn t(&self, id: &str, args: &[(&str, Arg)]) -> String {
        t(self.lang, id, args)
    }

    /// A seat's name in its colour when the terminal allows.
    fn painted(&self, seat: Seat) -> String {
        let n = seat_in(seat, self.lang);
        if !self.color {
            return n;
        }
        match seat {
            0 => n.red().bold().to_string(),
            1 => n.blue().bold().to_string(),
            2 => n.green().bold().to_string(),
            _ => n.yellow().bold().to_string(),
        }
    }

    /// A seat's name, painted, as a message's argument.
    fn name(&self, seat: Seat) -> Arg {
        Arg::Text(self.painted(seat))
    }

    /// Message `id` as a heading (bold when the terminal allows).
    fn heading(&self, id: &str) -> String {
        let text = self.t(id, &[]);
        if self.color {
            text.bold().to_string()
        } else {
            text
        }
    }

    fn money(&self, amount: u64) -> Arg {
        Arg::Text(money(self.lang, amount))
    }
}

fn offices(g: &TheBoss, pen: Pen, out: &mut String) {
    let d = g.data();
    let _ = writeln!(out, "{}", pen.heading("the-boss-term-positions"));
    for p in d.positions.iter().rev() {
        let sitting: Vec<String> = (0..g.num_players())
            .filter(|&s| g.player(s).job == Some(p.number))
            .map(|s| pen.painted(s))
            .collect();
        let free = (p.chairs as usize).saturating_sub(sitting.len());
        let mut chairs = sitting;
        chairs.extend(std::iter::repeat_n("·".to_string(), free));
        let req: Vec<String> = p
            .requirements
            .iter()
            .map(|r| {
                let kind = d.kinds[r.kind as usize].id.as_str();
                pen.t(
                    "the-boss-term-years",
                    &[("kind", kind.into()), ("years", r.years.into())],
                )
            })
            .collect();
        let stock = if p.level == Level::Executive {
            pen.t(
                "the-boss-term-exec-needs",
                &[
                    ("shares", p.min_shares.into()),
                    ("points", grouped(pen.lang, p.exec_points.into()).into()),
                ],
            )
        } else {
            String::new()
        };
        let requirements = if req.is_empty() {
            pen.t("the-boss-term-nothing", &[])
        } else {
            req.join(", ")
        };
        let needs = pen.t(
            "the-boss-term-needs",
            &[("requirements", requirements.into())],
        );
        let _ = writeln!(
            out,
            "  {} {:<25} {:<7} [{}]  {needs}{stock}",
            p.number,
            p.title,
            money(pen.lang, p.salary.into()),
            chairs.join(" | "),
        );
    }
    let mut track = Vec::new();
    for s in 0..g.num_players() {
        let p = g.player(s);
        if let Some(f) = p.fired {
            track.push(pen.t(
                "the-boss-term-fired",
                &[("name", pen.name(s)), ("state", f.min(2).into())],
            ));
        }
        if p.lost_turns > 0 {
            track.push(pen.t(
                "the-boss-term-loses",
                &[("name", pen.name(s)), ("count", p.lost_turns.into())],
            ));
        }
        if p.job.is_none() && p.fired.is_none() {
            track.push(pen.t("the-boss-term-unemployed", &[("name", pen.name(s))]));
        }
    }
    if !track.is_empty() {
        let list = Arg::Text(track.join("; "));
        let _ = writeln!(
            out,
            "  {}",
            pen.t("the-boss-term-off-board", &[("list", list)])
        );
    }
}

fn players(g: &TheBoss, viewer: Viewer, pen: Pen, out: &mut String) {
    let d = g.data();
    let _ = writeln!(out, "{}", pen.heading("the-boss-term-players"));
    for s in 0..g.num_players() {
        let p = g.player(s);
        let mark = if s == g.active() { '>' } else { ' ' };
        let name = if viewer.seat() == Some(s) {
            pen.t("the-boss-term-you", &[("name", pen.name(s))])
        } else {
            pen.painted(s)
        };
        let fate = match &p.fate {
            None => "-".to_string(),
            Some(f) if g.sees_fate(viewer, s) => {
                let card = d.fate_id(f.card).to_string();
                if g.usable_fate(s).is_some() {
                    pen.t("the-boss-term-usable", &[("card", card.into())])
                } else {
                    card
                }
            }
            Some(_) => "?".to_string(),
        };
        let args = [
            ("name", Arg::Text(name)),
            ("cash", pen.money(p.cash.into())),
            ("shares", p.shares.into()),
            ("worth", pen.money(g.net_worth(s))),
            ("fate", fate.into()),
        ];
        let _ = writeln!(out, "{mark} {}", pen.t("the-boss-term-player", &args));
        let exp: Vec<String> = p.experience.iter().map(|&c| exp_card(d, c)).collect();
        let exec: Vec<String> = p.executive.iter().map(|&c| exec_card(d, c)).collect();
        let dash = |v: Vec<String>| {
            if v.is_empty() {
                "-".into()
            } else {
                v.join(" ")
            }
        };
        let args = [
            ("experience", Arg::Text(dash(exp))),
            ("executive", Arg::Text(dash(exec))),
        ];
        let _ = writeln!(out, "    {}", pen.t("the-boss-term-cards", &args));
    }
}

fn decks(g: &TheBoss, pen: Pen, out: &mut String) {
    let d = g.data();
    let exec: Vec<String> = g
        .executive_bank()
        .iter()
        .map(|&c| format!("#{}", d.exec_number(c)))
        .collect();
    let executive = if exec.is_empty() {
        pen.t("the-boss-term-none", &[])
    } else {
        exec.join(" ")
    };
    let args = [
        ("experience", Arg::from(g.experience_left())),
        ("experience-discarded", g.experience_discards().len().into()),
        ("fate", g.fate_left().into()),
        ("fate-discarded", g.fate_discards().len().into()),
        ("shares", grouped(pen.lang, g.bank_shares().into()).into()),
        ("sale", grouped(pen.lang, g.bank_for_sale().into()).into()),
        ("executive", executive.into()),
    ];
    let _ = writeln!(out, "{}", pen.t("the-boss-term-decks", &args));
}

fn auction_and_meeting(g: &TheBoss, pen: Pen, out: &mut String) {
    let d = g.data();
    if let Some(a) = g.auction() {
        let lot = match (a.lot, &a.fate) {
            (Lot::Fate, Some(f)) => pen.t(
                "the-boss-term-fate-card",
                &[("card", d.fate_id(f.card).into())],
            ),
            (Lot::Experience(c), _) => exp_card(d, c),
            (Lot::Executive(c), _) => exec_card(d, c),
            (Lot::Shares(k), _) => pen.t("the-boss-term-shares", &[("count", k.into())]),
            (Lot::Fate, None) => pen.t("the-boss-term-a-fate-card", &[]),
        };
        let high = match a.high {
            Some((s, p)) => pen.t(
                "the-boss-term-high-bid",
                &[("bid", pen.money(p.into())), ("name", pen.name(s))],
            ),
            None => pen.t(
                "the-boss-term-opening-bid",
                &[("bid", pen.money(a.opening.into()))],
            ),
        };
        let caller = g
            .auction_caller()
            .map(|s| pen.painted(s))
            .unwrap_or_default();
        let args = [
            ("seller", pen.name(a.seller)),
            ("lot", lot.into()),
            ("mandatory", yes(a.mandatory)),
            ("high", high.into()),
            ("caller", caller.into()),
        ];
        let _ = writeln!(
            out,
            "{} {}",
            pen.heading("the-boss-term-auction-heading"),
            pen.t("the-boss-term-auction", &args)
        );
    }
    if let Some(m) = g.meeting() {
        let mut tally = [0u32; 2];
        let mut votes = Vec::new();
        for s in 0..g.num_players() {
            if let Some(v) = m.votes.get(s).copied().flatten() {
                match v {
                    Vote::For => tally[0] += g.voting_power(s),
                    Vote::Against => tally[1] += g.voting_power(s),
                    Vote::Abstain => {}
                }
                votes.push(pen.t(
                    "the-boss-term-voted",
                    &[("name", pen.name(s)), ("vote", vote_word(v).into())],
                ));
            } else if g.undeclared_voter(s) {
                votes.push(pen.t("the-boss-term-undeclared", &[("name", pen.name(s))]));
            }
        }
        let args = [
            ("caller", pen.name(m.caller)),
            ("target", pen.name(m.target)),
            ("severance", pen.money(m.severance.into())),
            ("for", tally[0].into()),
            ("against", tally[1].into()),
            ("votes", votes.join(", ").into()),
        ];
        let _ = writeln!(
            out,
            "{} {}",
            pen.heading("the-boss-term-meeting-heading"),
            pen.t("the-boss-term-meeting", &args)
        );
    }
}

fn offers_and_deals(g: &TheBoss, pen: Pen, out: &mut String) {
    let d = g.data();
    let name = |s: Seat| seat_in(s, pen.lang);
    for o in g.offers() {
        let args = [
            ("id", Arg::from(o.id)),
            ("from", pen.name(o.from)),
            ("to", pen.name(o.offer.to)),
            (
                "what",
                offer_words(Some(d), &o.offer, &name, pen.lang).into(),
            ),
        ];
        let _ = writeln!(out, "{}", pen.t("the-boss-term-offer", &args));
    }
    for x in g.deals() {
        let what = match &x.promise {
            Promise::Deliver(del) => deliverable(Some(d), del, pen.lang),
            Promise::Favour(text) => {
                pen.t("the-boss-term-favour", &[("text", text.as_str().into())])
            }
        };
        let args = [
            ("id", Arg::from(x.id)),
            ("promisor", pen.name(x.promisor)),
            ("promisee", pen.name(x.promisee)),
            ("what", what.into()),
            ("round", x.due.into()),
            ("overdue", yes(x.due < g.round())),
            (
                "escrow",
                items(Some(d), &x.collateral, &[], &name, pen.lang).into(),
            ),
        ];
        let _ = writeln!(out, "{}", pen.t("the-boss-term-deal", &args));
    }
    if !g.broken_deals().is_empty() {
        let b: Vec<String> = g
            .broken_deals()
            .iter()
            .map(|b| {
                let args = [
                    ("id", Arg::from(b.id)),
                    ("promisor", name(b.promisor).into()),
                    ("promisee", name(b.promisee).into()),
                    ("round", b.round.into()),
                    ("walked", yes(b.walked_away)),
                ];
                pen.t("the-boss-term-broken-deal", &args)
            })
            .collect();
        let deals = Arg::Text(b.join("; "));
        let _ = writeln!(
            out,
            "{}",
            pen.t("the-boss-term-broken", &[("deals", deals)])
        );
    }
}

/// The table as `viewer` may see it (`color`: ANSI colours allowed), in language `lang`.
pub fn draw(g: &TheBoss, viewer: Viewer, color: bool, lang: &str) -> String {
    let pen = Pen { color, lang };
    let mut out = String::new();
    let game = if color {
        "The Boss".bold().to_string()
    } else {
        "The Boss".to_string()
    };
    let args = [
        ("game", Arg::Text(game)),
        ("round", g.round().into()),
        ("name", pen.name(g.active())),
        ("floor", yes(g.turn().floor)),
    ];
    let _ = writeln!(out, "{}", pen.t("the-boss-term-title", &args));
    offices(g, pen, &mut out);
    players(g, viewer, pen, &mut out);
    decks(g, pen, &mut out);
    auction_and_meeting(g, pen, &mut out);
    offers_and_deals(g, pen, &mut out);
    out
}
