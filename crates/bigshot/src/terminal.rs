//! The table drawn for a terminal: the auction spaces around the city, the city district by
//! district with the cubes on each lot, the auction or placing under way, and the players'
//! money below (hidden coins as `?`). Used by [`boardroom_engine::Present::draw`].

use crate::board::LOT_CAPACITY;
use crate::colour::{cubes_to_string, Cubes};
use crate::present::seat_name;
use crate::state::{BigShot, Phase};
use crate::Action;
use boardroom_engine::Viewer;
use owo_colors::OwoColorize;
use std::fmt::Write;

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

fn auction_lines(game: &BigShot, color: bool) -> Vec<String> {
    let n = game.board().num_spaces();
    let mut lines = vec!["Auction spaces (clockwise; * broker):".to_string()];
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

fn city_lines(game: &BigShot, color: bool) -> Vec<String> {
    let b = game.board();
    let mut lines = vec!["City:".to_string()];
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
                    Some(o) => format!("SOLD {}", o.name()),
                    None => "SOLD nobody".to_string(),
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
/// `?` (hidden-money variant). `color`: ANSI colours on the cube letters.
pub fn draw(game: &BigShot, viewer: Viewer, color: bool) -> String {
    let mut out = String::new();
    let die = game
        .die()
        .map(|d| format!(" · last roll {d}"))
        .unwrap_or_default();
    let _ = writeln!(
        out,
        "Round {}/{} · {} rolls{die}",
        game.round(),
        game.board().num_spaces(),
        seat_name(game.roller())
    );
    for l in auction_lines(game, color) {
        let _ = writeln!(out, "{l}");
    }
    let _ = writeln!(out);
    for l in city_lines(game, color) {
        let _ = writeln!(out, "{l}");
    }
    let _ = writeln!(out);
    let (bid, bidder) = game.standing_bid();
    match game.phase() {
        Phase::Bidding { .. } | Phase::Pay { .. } => {
            let standing = match bidder {
                Some(b) => format!("standing bid {bid}M by {}", seat_name(b)),
                None => "no bid yet".to_string(),
            };
            let _ = writeln!(
                out,
                "Auction of space {} ({}): {standing}",
                game.broker() + 1,
                cubes_to_string(&game.space(game.broker()))
            );
        }
        Phase::Place { seat } => {
            let _ = writeln!(
                out,
                "{} places: {}",
                seat_name(seat),
                paint_cubes(&game.hand(), color)
            );
        }
        _ => {}
    }
    let _ = writeln!(
        out,
        "  {:<8}{:<16}{:>7}{:>6}  notes",
        "player", "colours", "coins", "IOUs"
    );
    for seat in 0..game.players() {
        let cols = game.colours_of(seat);
        let names: Vec<&str> = cols.iter().map(|c| c.name()).collect();
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
            notes.push("to act".to_string());
        }
        if matches!(game.phase(), Phase::Bidding { .. }) && game.has_passed(seat) {
            notes.push("passed".to_string());
        }
        if game.has_loaned(seat) {
            notes.push("borrowed this round".to_string());
        }
        let marker = if game.actor() == Some(seat) {
            "▶"
        } else {
            " "
        };
        let row = format!(
            "{marker} {:<8}{:<16}{:>7}{:>6}  {}",
            seat_name(seat),
            names.join("+"),
            coins.join("+"),
            ious.join("+"),
            notes.join(", ")
        );
        let _ = writeln!(out, "{}", row.trim_end());
    }
    if game.players() == 3 {
        let _ = writeln!(out, "  (purple is the neutral colour: it never bids)");
    }
    out
}

/// For the terminal's two-step question while placing: a cube placement's lot (with its value
/// and the cubes on it) and the cube's colour; `None` for every other action.
pub fn placement_group(game: &BigShot, action: Action) -> Option<(String, String)> {
    let Action::Place(colour, l) = action else {
        return None;
    };
    let lot = game.board().lots().get(l as usize)?;
    let cubes = game.lot_cubes(l as usize);
    let held: usize = cubes.iter().map(|&k| k as usize).sum();
    let value = if lot.park {
        "park".to_string()
    } else {
        format!("{}M", lot.value)
    };
    let on = if held == 0 {
        "empty".to_string()
    } else {
        format!("{held}/{LOT_CAPACITY}: {}", cubes_to_string(&cubes))
    };
    Some((
        format!("{} ({value}, {on})", lot.id),
        colour.name().to_string(),
    ))
}
