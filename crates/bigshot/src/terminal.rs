//! The table drawn for a terminal: the auction spaces around the city, the city district by
//! district with the cubes on each lot, the auction or placing under way, and the players'
//! money below (hidden coins as `?`), in the reader's language (the words of
//! `locales/<lang>/game.ftl`). Used by [`boardroom_engine::Present::draw`].

use crate::board::LOT_CAPACITY;
use crate::colour::{cubes_to_string, Colour, Cubes};
use crate::state::{BigShot, Phase};
use crate::words::{self, t, yes};
use crate::Action;
use boardroom_engine::{Present, Seat, Viewer};
use boardroom_i18n::Arg;
use owo_colors::OwoColorize;
use std::fmt::Write;

/// A seat's name in `lang`.
fn seat_name(seat: Seat, lang: &str) -> String {
    BigShot::seat_name_in(seat, lang)
}

/// A colour's name in `lang`.
fn colour_name(colour: Colour, lang: &str) -> String {
    words::text(lang, &words::colour(colour))
}

/// Cube letters, coloured when the terminal allows (the letter itself always shows).
fn paint_cubes(cubes: &Cubes, color: bool) -> String {
    let text = cubes_to_string(cubes);
    if !color {
        return text;
    }
    text.chars()
        .map(|ch| {
            let s = ch.to_string();
            match ch {
                'R' => s.on_red().white().to_string(),
                'O' => s.on_yellow().black().to_string(),
                'I' => s.on_white().black().to_string(),
                _ => s.on_magenta().white().to_string(),
            }
        })
        .collect()
}

fn auction_lines(game: &BigShot, color: bool, lang: &str) -> Vec<String> {
    let n = game.board().num_spaces();
    let mut lines = vec![t(lang, "big-shot-term-spaces", &[])];
    let mut line = String::new();
    for s in 0..n {
        let cubes = game.space(s);
        let content = if cubes.iter().all(|&k| k == 0) {
            "----".to_string()
        } else {
            paint_cubes(&cubes, color)
        };
        let mark = if s == game.broker() { '*' } else { ' ' };
        let _ = write!(line, "{:>3}{mark}{content}  ", s + 1);
        if (s + 1) % 6 == 0 {
            lines.push(line.trim_end().to_string());
            line.clear();
        }
    }
    if !line.is_empty() {
        lines.push(line.trim_end().to_string());
    }
    lines
}

fn city_lines(game: &BigShot, color: bool, lang: &str) -> Vec<String> {
    let b = game.board();
    let mut lines = vec![t(lang, "big-shot-term-city", &[])];
    for (d, name) in b.districts().iter().enumerate() {
        let mut line = format!("  {name:<8}");
        for (l, lot) in b.lots().iter().enumerate() {
            if lot.district as usize != d {
                continue;
            }
            let value = if lot.park {
                "x2".to_string()
            } else {
                lot.value.to_string()
            };
            let content = if game.is_sold(l) {
                match game.owner(l) {
                    Some(o) => t(
                        lang,
                        "big-shot-term-sold",
                        &[("owner", colour_name(o, lang).into())],
                    ),
                    None => t(lang, "big-shot-term-sold-nobody", &[]),
                }
            } else {
                let c = game.lot_cubes(l);
                let k: u8 = c.iter().sum();
                format!(
                    "{}{}",
                    paint_cubes(&c, color),
                    "·".repeat(LOT_CAPACITY.saturating_sub(k) as usize)
                )
            };
            let _ = write!(line, "  {}[{value}] {content}", lot.id);
        }
        lines.push(line);
    }
    lines
}

/// The whole table as `viewer` may see it: coins of colours the viewer may not see show as
/// `?` (hidden-money variant). `color`: ANSI colours on the cube letters; `lang`: the
/// language of its words.
pub fn draw(game: &BigShot, viewer: Viewer, color: bool, lang: &str) -> String {
    let mut out = String::new();
    let die = game
        .die()
        .map(|d| {
            let roll = t(
                lang,
                "big-shot-term-last-roll",
                &[("die", u32::from(d).into())],
            );
            format!(" · {roll}")
        })
        .unwrap_or_default();
    let round = [
        ("round", Arg::from(game.round())),
        ("rounds", game.board().num_spaces().into()),
        ("name", seat_name(game.roller(), lang).into()),
    ];
    let _ = writeln!(out, "{}{die}", t(lang, "big-shot-term-round", &round));
    for l in auction_lines(game, color, lang) {
        let _ = writeln!(out, "{l}");
    }
    let _ = writeln!(out);
    for l in city_lines(game, color, lang) {
        let _ = writeln!(out, "{l}");
    }
    let _ = writeln!(out);
    let (bid, bidder) = game.standing_bid();
    match game.phase() {
        Phase::Bidding { .. } | Phase::Pay { .. } => {
            let standing = match bidder {
                Some(b) => t(
                    lang,
                    "big-shot-term-standing",
                    &[("bid", bid.into()), ("name", seat_name(b, lang).into())],
                ),
                None => t(lang, "big-shot-term-no-bid", &[]),
            };
            let args = [
                ("space", Arg::from(game.broker() + 1)),
                ("cubes", cubes_to_string(&game.space(game.broker())).into()),
                ("standing", standing.into()),
            ];
            let _ = writeln!(out, "{}", t(lang, "big-shot-term-auction", &args));
        }
        Phase::Place { seat } => {
            let args = [
                ("name", Arg::from(seat_name(seat, lang))),
                ("cubes", paint_cubes(&game.hand(), color).into()),
            ];
            let _ = writeln!(out, "{}", t(lang, "big-shot-term-places", &args));
        }
        _ => {}
    }
    let ious_heading = t(lang, "big-shot-term-ious", &[]);
    // The column is as wide as its heading in the language, at least 6.
    let w = ious_heading.chars().count().max(4) + 2;
    let _ = writeln!(
        out,
        "  {:<8}{:<16}{:>7}{ious_heading:>w$}  {}",
        t(lang, "big-shot-term-player", &[]),
        t(lang, "big-shot-term-colours", &[]),
        t(lang, "big-shot-term-coins", &[]),
        t(lang, "big-shot-term-notes", &[]),
    );
    for seat in 0..game.players() {
        let cols = game.colours_of(seat);
        let names: Vec<String> = cols.iter().map(|&c| colour_name(c, lang)).collect();
        let coins: Vec<String> = cols
            .iter()
            .map(|&c| {
                if game.sees_coins(viewer, c) {
                    game.coins(c).to_string()
                } else {
                    "?".to_string()
                }
            })
            .collect();
        let ious: Vec<String> = cols.iter().map(|&c| game.ious(c).to_string()).collect();
        let mut notes = Vec::new();
        if game.actor() == Some(seat) {
            notes.push(t(lang, "big-shot-term-to-act", &[]));
        }
        if matches!(game.phase(), Phase::Bidding { .. }) && game.has_passed(seat) {
            notes.push(t(lang, "big-shot-term-passed", &[]));
        }
        if game.has_loaned(seat) {
            notes.push(t(lang, "big-shot-term-borrowed", &[]));
        }
        let marker = if game.actor() == Some(seat) {
            "▶"
        } else {
            " "
        };
        let row = format!(
            "{marker} {:<8}{:<16}{:>7}{:>w$}  {}",
            seat_name(seat, lang),
            names.join("+"),
            coins.join("+"),
            ious.join("+"),
            notes.join(", ")
        );
        let _ = writeln!(out, "{}", row.trim_end());
    }
    if game.players() == 3 {
        let _ = writeln!(out, "  {}", t(lang, "big-shot-term-neutral", &[]));
    }
    out
}

/// For the terminal's two-step question while placing: a cube placement's lot (with its value
/// and the cubes on it) and the cube's colour, in `lang`; `None` for every other action.
pub fn placement_group(game: &BigShot, action: Action, lang: &str) -> Option<(String, String)> {
    let Action::Place(colour, l) = action else {
        return None;
    };
    let lot = game.board().lots().get(l as usize)?;
    let cubes = game.lot_cubes(l as usize);
    let held: usize = cubes.iter().map(|&k| k as usize).sum();
    let args = [
        ("lot", Arg::from(lot.id.as_str())),
        ("park", yes(lot.park).into()),
        ("value", lot.value.into()),
        ("held", held.into()),
        ("capacity", LOT_CAPACITY.into()),
        ("cubes", cubes_to_string(&cubes).into()),
    ];
    Some((
        t(lang, "big-shot-term-lot", &args),
        colour_name(colour, lang),
    ))
}
