//! The table drawn for a terminal: the eight positions with their chairs and who sits there,
//! the Fired track and lost turns, each player's cash, shares, cards and Fate card (`?` to
//! those who may not know it), the decks and the Bank, open offers, a running auction or
//! meeting with its tally, and open long-term deals with their escrow and the broken-deal
//! record. Used by [`boardroom_engine::Present::draw`].

use crate::action::{Lot, Promise, Vote};
use crate::data::Level;
use crate::describe::{items, offer_words};
use crate::notation::{exec_card, exp_card};
use crate::present::seat_name;
use crate::state::TheBoss;
use boardroom_engine::{Seat, Viewer};
use boardroom_i18n::ENGLISH;
use owo_colors::OwoColorize;
use std::fmt::Write;

/// A seat's name in its colour when the terminal allows.
fn painted(seat: Seat, color: bool) -> String {
    let n = seat_name(seat);
    if !color {
        return n;
    }
    match seat {
        0 => n.red().bold().to_string(),
        1 => n.blue().bold().to_string(),
        2 => n.green().bold().to_string(),
        _ => n.yellow().bold().to_string(),
    }
}

fn heading(text: &str, color: bool) -> String {
    if color {
        text.bold().to_string()
    } else {
        text.to_string()
    }
}

fn offices(g: &TheBoss, color: bool, out: &mut String) {
    let d = g.data();
    let _ = writeln!(out, "{}", heading("Positions", color));
    for p in d.positions.iter().rev() {
        let sitting: Vec<String> = (0..g.num_players())
            .filter(|&s| g.player(s).job == Some(p.number))
            .map(|s| painted(s, color))
            .collect();
        let free = (p.chairs as usize).saturating_sub(sitting.len());
        let mut chairs = sitting;
        chairs.extend(std::iter::repeat_n("·".to_string(), free));
        let req: Vec<String> = p
            .requirements
            .iter()
            .map(|r| format!("{} {}y", d.kinds[r.kind as usize].id, r.years))
            .collect();
        let stock = if p.level == Level::Executive {
            format!(", ≥{} sh, {} pts", p.min_shares, p.exec_points)
        } else {
            String::new()
        };
        let _ = writeln!(
            out,
            "  {} {:<25} ${:<5} [{}]  needs {}{stock}",
            p.number,
            p.title,
            p.salary,
            chairs.join(" | "),
            if req.is_empty() {
                "nothing".into()
            } else {
                req.join(", ")
            }
        );
    }
    let mut track = Vec::new();
    for s in 0..g.num_players() {
        let p = g.player(s);
        if let Some(f) = p.fired {
            let at = ["FIRED", "MISSING 1ST TURN", "MISSING 2ND TURN"]
                .get(f as usize)
                .copied()
                .unwrap_or("FIRED");
            track.push(format!("{} on {at}", painted(s, color)));
        }
        if p.lost_turns > 0 {
            track.push(format!(
                "{} loses {} more turn{}",
                painted(s, color),
                p.lost_turns,
                if p.lost_turns == 1 { "" } else { "s" }
            ));
        }
        if p.job.is_none() && p.fired.is_none() {
            track.push(format!("{} unemployed", painted(s, color)));
        }
    }
    if !track.is_empty() {
        let _ = writeln!(out, "  Off the board: {}", track.join("; "));
    }
}

fn players(g: &TheBoss, viewer: Viewer, color: bool, out: &mut String) {
    let d = g.data();
    let _ = writeln!(out, "{}", heading("Players", color));
    for s in 0..g.num_players() {
        let p = g.player(s);
        let mark = if s == g.active() { '>' } else { ' ' };
        let you = if viewer.seat() == Some(s) {
            " (you)"
        } else {
            ""
        };
        let fate = match &p.fate {
            None => "-".to_string(),
            Some(f) if g.sees_fate(viewer, s) => {
                let usable = if g.usable_fate(s).is_some() {
                    " (usable now)"
                } else {
                    ""
                };
                format!("{}{usable}", d.fate_id(f.card))
            }
            Some(_) => "?".to_string(),
        };
        let _ = writeln!(
            out,
            "{mark} {}{you}: ${} cash, {} shares, net worth ${}, Fate card {fate}",
            painted(s, color),
            p.cash,
            p.shares,
            g.net_worth(s)
        );
        let exp: Vec<String> = p.experience.iter().map(|&c| exp_card(d, c)).collect();
        let exec: Vec<String> = p.executive.iter().map(|&c| exec_card(d, c)).collect();
        let _ = writeln!(
            out,
            "    Experience: {}   Executive: {}",
            if exp.is_empty() {
                "-".into()
            } else {
                exp.join(" ")
            },
            if exec.is_empty() {
                "-".into()
            } else {
                exec.join(" ")
            }
        );
    }
}

fn decks(g: &TheBoss, out: &mut String) {
    let d = g.data();
    let exec: Vec<String> = g
        .executive_bank()
        .iter()
        .map(|&c| format!("#{}", d.exec_number(c)))
        .collect();
    let _ = writeln!(
        out,
        "Decks: Experience {} left ({} discarded), Fate {} left ({} discarded). Bank: {} shares ({} for sale), Executive cards {}",
        g.experience_left(),
        g.experience_discards().len(),
        g.fate_left(),
        g.fate_discards().len(),
        g.bank_shares(),
        g.bank_for_sale(),
        if exec.is_empty() {
            "none".into()
        } else {
            exec.join(" ")
        }
    );
}

fn running(g: &TheBoss, color: bool, out: &mut String) {
    let d = g.data();
    if let Some(a) = g.auction() {
        let lot = match (a.lot, &a.fate) {
            (Lot::Fate, Some(f)) => format!("Fate card {}", d.fate_id(f.card)),
            (Lot::Experience(c), _) => exp_card(d, c),
            (Lot::Executive(c), _) => exec_card(d, c),
            (Lot::Shares(k), _) => format!("{k} shares"),
            (Lot::Fate, None) => "a Fate card".into(),
        };
        let high = match a.high {
            Some((s, p)) => format!("high bid ${p} by {}", painted(s, color)),
            None => format!("opening bid ${}", a.opening),
        };
        let _ = writeln!(
            out,
            "{} {} sells {lot}{}: {high}; {} to call",
            heading("Auction:", color),
            painted(a.seller, color),
            if a.mandatory { " (mandatory)" } else { "" },
            g.auction_caller()
                .map(|s| painted(s, color))
                .unwrap_or_default()
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
                votes.push(format!(
                    "{} {}",
                    painted(s, color),
                    crate::describe::vote_word(v)
                ));
            } else if g.undeclared_voter(s) {
                votes.push(format!("{} undeclared", painted(s, color)));
            }
        }
        let _ = writeln!(
            out,
            "{} {} moves to fire {} (severance ${}); for {} / against {} shares; {}",
            heading("Stockholders' Meeting:", color),
            painted(m.caller, color),
            painted(m.target, color),
            m.severance,
            tally[0],
            tally[1],
            votes.join(", ")
        );
    }
    let name = |s: Seat| seat_name(s);
    for o in g.offers() {
        let _ = writeln!(
            out,
            "Offer {}: {} to {}: {}",
            o.id,
            painted(o.from, color),
            painted(o.offer.to, color),
            offer_words(Some(d), &o.offer, &name, ENGLISH)
        );
    }
    for x in g.deals() {
        let what = match &x.promise {
            Promise::Deliver(del) => {
                let mut v = Vec::new();
                if del.cash > 0 {
                    v.push(format!("${}", del.cash));
                }
                if del.shares > 0 {
                    v.push(format!("{} shares", del.shares));
                }
                v.extend(
                    del.experience
                        .iter()
                        .map(|&k| d.kinds[k as usize].id.clone()),
                );
                v.extend(del.executive.iter().map(|&n| format!("E{n}")));
                v.join(", ")
            }
            Promise::Favour(t) => format!("favour \"{t}\""),
        };
        let _ = writeln!(
            out,
            "Deal {}: {} owes {} {what} by round {}{}; escrow {}",
            x.id,
            painted(x.promisor, color),
            painted(x.promisee, color),
            x.due,
            if x.due < g.round() { " (overdue)" } else { "" },
            items(Some(d), &x.collateral, &[], &name, ENGLISH)
        );
    }
    if !g.broken_deals().is_empty() {
        let b: Vec<String> = g
            .broken_deals()
            .iter()
            .map(|b| {
                format!(
                    "deal {} ({} to {}, round {}{})",
                    b.id,
                    seat_name(b.promisor),
                    seat_name(b.promisee),
                    b.round,
                    if b.walked_away { ", walked away" } else { "" }
                )
            })
            .collect();
        let _ = writeln!(out, "Broken deals: {}", b.join("; "));
    }
}

/// The table as `viewer` may see it (`color`: ANSI colours allowed).
pub fn draw(g: &TheBoss, viewer: Viewer, color: bool) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} — round {}, {}'s turn{}",
        heading("The Boss", color),
        g.round(),
        painted(g.active(), color),
        if g.turn().floor { " (floor open)" } else { "" }
    );
    offices(g, color, &mut out);
    players(g, viewer, color, &mut out);
    decks(g, &mut out);
    running(g, color, &mut out);
    out
}
