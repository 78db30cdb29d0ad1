//! The table drawn for a terminal: the 72-space loop as a square ring with stack heights and
//! company tags (coloured when the terminal allows), the companies and supplies inside the
//! ring, the players below it, and the viewer's own hand. Used by
//! [`Present::draw`](boardroom_engine::Present::draw).

use crate::board::Space;
use crate::company::Status;
use crate::{BigBoss, CompanyId, Edition};
use boardroom_engine::{Game, Present, Seat, Viewer};
use owo_colors::OwoColorize;
use std::fmt::Write;

/// A seat's name, as the rest of the presentation calls it.
fn seat_name(seat: Seat) -> String {
    <BigBoss as Present>::seat_name(seat)
}

/// Colours a company's text: a background per company, the tag itself always printed so colour
/// is never the only clue.
fn paint(text: &str, c: CompanyId, color: bool) -> String {
    if !color {
        return text.to_string();
    }
    match c.0 {
        0 => text.on_red().white().to_string(),
        1 => text.on_blue().white().to_string(),
        2 => text.on_yellow().black().to_string(),
        3 => text.on_magenta().white().to_string(),
        4 => text.on_green().black().to_string(),
        5 => text.on_cyan().black().to_string(),
        6 => text.on_bright_red().black().to_string(),
        _ => text.on_white().black().to_string(),
    }
}

/// A space's content in `width` characters: company tag, height, `*` on the headquarters.
fn cell(game: &BigBoss, s: Space, width: usize, color: bool) -> String {
    match game.board().owner(s) {
        None => format!("{:<width$}", " ·"),
        Some(o) => {
            let c = CompanyId(o);
            let h = game.board().height(s);
            let hq = if game.company(c).hq == s { "*" } else { "" };
            let text = format!("{}{}{}", c.tag(), h, hq);
            let padded = format!("{text:<width$}");
            paint(&padded, c, color)
        }
    }
}

/// The inner lines of the ring: companies, supplies, the row.
fn inner_lines(game: &BigBoss, color: bool) -> Vec<String> {
    let r = game.rules();
    let mut lines = vec![format!(
        "{:<14}{:>6}{:>8}  {}",
        "company",
        "price",
        "shares",
        if game.edition() == Edition::Modern {
            "tower"
        } else {
            "owner"
        }
    )];
    for c in CompanyId::all() {
        let co = game.company(c);
        if co.status != Status::Active {
            continue;
        }
        let tag = paint(c.tag(), c, color);
        lines.push(format!(
            "{tag} {:<11}{:>6}{:>5}/{:<2}  {}",
            c.name(),
            co.price,
            co.supply,
            r.shares_per_company,
            co.tower.map(seat_name).unwrap_or_else(|| "-".into())
        ));
    }
    let gone: Vec<&str> = CompanyId::all()
        .filter(|&c| game.company(c).status == Status::Gone)
        .map(|c| c.name())
        .collect();
    if !gone.is_empty() {
        lines.push(format!("acquired: {}", gone.join(", ")));
    }
    lines.push(String::new());
    let mut supply = format!("pieces {} · deck {}", game.pieces(), game.deck_len());
    if game.edition() == Edition::Modern {
        let _ = write!(supply, " · level cards {}", game.level_stack());
    }
    let _ = write!(supply, " · discard {}", game.discard().len());
    lines.push(supply);
    if game.edition() == Edition::Modern {
        let row: Vec<String> = game.row().iter().map(|s| s.to_string()).collect();
        lines.push(format!("face-up row: {}", row.join(" ")));
    }
    lines
}

/// The whole table as `viewer` may see it: everything public, and a seat's own hand.
pub fn draw(game: &BigBoss, viewer: Viewer, color: bool) -> String {
    let viewer = viewer.seat().filter(|&s| s < game.players());
    let mut out = String::new();
    // Top: spaces 1..=19, left to right.
    let top: Vec<Space> = (1..=19).collect();
    // Right: 20..=36 downwards. Bottom: 55..=37 left to right. Left: 72..=56 downwards.
    let bottom: Vec<Space> = (37..=55).rev().collect();
    let _ = writeln!(
        out,
        "{}",
        top.iter().map(|s| format!("{s:>3} ")).collect::<String>()
    );
    let _ = writeln!(
        out,
        "{}",
        top.iter()
            .map(|&s| cell(game, s, 4, color))
            .collect::<String>()
    );
    let inner = inner_lines(game, color);
    for i in 0..17u8 {
        let left = 72 - i;
        let right = 20 + i;
        let text = inner.get(i as usize).cloned().unwrap_or_default();
        let visible = strip_len(&text);
        let pad = 60usize.saturating_sub(visible);
        let _ = writeln!(
            out,
            "{left:>2} {} {text}{} {}{right:>3}",
            cell(game, left, 4, color),
            " ".repeat(pad),
            cell(game, right, 4, color),
        );
    }
    let _ = writeln!(
        out,
        "{}",
        bottom
            .iter()
            .map(|&s| cell(game, s, 4, color))
            .collect::<String>()
    );
    let _ = writeln!(
        out,
        "{}",
        bottom
            .iter()
            .map(|s| format!("{s:>3} "))
            .collect::<String>()
    );
    let _ = writeln!(out);
    // Players.
    let modern = game.edition() == Edition::Modern;
    let _ = writeln!(
        out,
        "  {:<8}{:>6}{:>7}{:>8}  shares",
        "player",
        "money",
        "cards",
        if modern { "towers" } else { "flags" }
    );
    for seat in 0..game.players() {
        let p = game.player(seat);
        let marker = if seat == game.current() && !game.is_over() {
            "▶"
        } else {
            " "
        };
        let shares: Vec<String> = CompanyId::all()
            .filter(|c| p.shares[c.idx()] > 0)
            .map(|c| format!("{} {}", paint(c.tag(), c, color), p.shares[c.idx()]))
            .collect();
        let mut cards = format!("{}", p.hand.len());
        if modern && p.hand.level_count() > 0 {
            let _ = write!(cards, " ({}L)", p.hand.level_count());
        }
        let _ = writeln!(
            out,
            "{marker} {:<8}{:>6}{:>7}{:>6}/2  {}",
            seat_name(seat),
            p.money,
            cards,
            p.towers_placed,
            shares.join(", ")
        );
        if !p.known.is_empty() && viewer != Some(seat) {
            let known: Vec<String> = p.known.iter().map(|s| s.to_string()).collect();
            let _ = writeln!(out, "            known cards: {}", known.join(" "));
        }
    }
    if let Some(v) = viewer {
        let hand: Vec<String> = game
            .player(v)
            .hand
            .cards()
            .iter()
            .map(|c| c.to_string())
            .collect();
        let _ = writeln!(out, "\n{}'s hand: {}", seat_name(v), hand.join(" "));
    }
    out
}

/// Visible length of a string that may hold ANSI colour codes.
fn strip_len(s: &str) -> usize {
    let mut n = 0;
    let mut in_escape = false;
    for ch in s.chars() {
        if in_escape {
            if ch == 'm' {
                in_escape = false;
            }
        } else if ch == '\x1b' {
            in_escape = true;
        } else {
            n += 1;
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_codes_do_not_count_towards_the_width() {
        let painted = paint("Re", CompanyId(0), true);
        assert_ne!(painted, "Re");
        assert_eq!(strip_len(&painted), 2);
        assert_eq!(strip_len("Re 12"), 5);
    }
}
