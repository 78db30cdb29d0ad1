//! The table drawn for a terminal: the 72-space loop as a square ring with stack heights and
//! company tags (coloured when the terminal allows), the companies and supplies inside the
//! ring, the players below it, and the viewer's own hand, in the reader's language (the words of
//! `locales/<lang>/game.ftl`, money grouped as the language writes it). Used by
//! [`Present::draw`](boardroom_engine::Present::draw).

use crate::board::Space;
use crate::company::Status;
use crate::words::{t, tower_kind};
use crate::{BigBoss, CompanyId, Edition};
use boardroom_engine::{Game, Present, Seat, Viewer};
use boardroom_i18n::{grouped, Arg};
use owo_colors::OwoColorize;
use std::fmt::Write;

/// A seat's name in `lang`, as the rest of the presentation calls it.
fn seat_name(seat: Seat, lang: &str) -> String {
    <BigBoss as Present>::seat_name_in(seat, lang)
}

/// Message `id` in `lang` with a count.
fn counted(lang: &str, id: &str, count: usize) -> String {
    t(lang, id, &[("count", Arg::Number(count as f64))])
}

/// The rule set's tower as the messages choose their words by it.
fn kind(game: &BigBoss) -> Arg {
    Arg::Text(tower_kind(game.rules().tower_name))
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
fn inner_lines(game: &BigBoss, color: bool, lang: &str) -> Vec<String> {
    let r = game.rules();
    let mut lines = vec![format!(
        "{:<14}{:>6}{:>8}  {}",
        t(lang, "big-boss-term-company", &[]),
        t(lang, "big-boss-term-price", &[]),
        t(lang, "big-boss-term-shares", &[]),
        t(lang, "big-boss-term-owner", &[("kind", kind(game))]),
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
            co.tower
                .map(|s| seat_name(s, lang))
                .unwrap_or_else(|| "-".into())
        ));
    }
    let gone: Vec<&str> = CompanyId::all()
        .filter(|&c| game.company(c).status == Status::Gone)
        .map(|c| c.name())
        .collect();
    if !gone.is_empty() {
        let companies = Arg::Text(gone.join(", "));
        lines.push(t(
            lang,
            "big-boss-term-acquired",
            &[("companies", companies)],
        ));
    }
    lines.push(String::new());
    let mut supply = vec![
        counted(lang, "big-boss-term-pieces", game.pieces() as usize),
        counted(lang, "big-boss-term-deck", game.deck_len()),
    ];
    if game.edition() == Edition::Modern {
        supply.push(counted(
            lang,
            "big-boss-term-levels",
            game.level_stack() as usize,
        ));
    }
    supply.push(counted(
        lang,
        "big-boss-term-discard",
        game.discard().len() as usize,
    ));
    lines.push(supply.join(" · "));
    if game.edition() == Edition::Modern {
        let row: Vec<String> = game.row().iter().map(|s| s.to_string()).collect();
        let cards = Arg::Text(row.join(" "));
        lines.push(t(lang, "big-boss-term-row", &[("cards", cards)]));
    }
    lines
}

/// The whole table as `viewer` may see it, in `lang`: everything public, and a seat's own hand.
pub fn draw(game: &BigBoss, viewer: Viewer, color: bool, lang: &str) -> String {
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
    let inner = inner_lines(game, color, lang);
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
        "  {:<8}{:>6}{:>7}{:>10}  {}",
        t(lang, "big-boss-term-player", &[]),
        t(lang, "big-boss-term-money", &[]),
        t(lang, "big-boss-term-cards", &[]),
        t(lang, "big-boss-term-towers", &[("kind", kind(game))]),
        t(lang, "big-boss-term-shares", &[]),
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
            "{marker} {:<8}{:>6}{:>7}{:>8}/2  {}",
            seat_name(seat, lang),
            grouped(lang, i64::from(p.money)),
            cards,
            p.towers_placed,
            shares.join(", ")
        );
        if !p.known.is_empty() && viewer != Some(seat) {
            let known: Vec<String> = p.known.iter().map(|s| s.to_string()).collect();
            let cards = Arg::Text(known.join(" "));
            let known = t(lang, "big-boss-term-known", &[("cards", cards)]);
            let _ = writeln!(out, "            {known}");
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
        let args = [
            ("name", Arg::Text(seat_name(v, lang))),
            ("cards", Arg::Text(hand.join(" "))),
        ];
        let _ = writeln!(out, "\n{}", t(lang, "big-boss-term-hand", &args));
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
