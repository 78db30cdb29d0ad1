//! Big Shot in the terminal: configuration from options (player count, the hidden-money
//! variant, a board file), and the table drawn as the auction spaces around the city, the city
//! district by district with the cubes on each lot, and the players' money below.

use super::{CliGame, GameOptions};
use anyhow::{anyhow, bail, Context, Result};
use boardroom_bigshot::colour::{cubes_to_string, Colour, Cubes};
use boardroom_bigshot::{Action, BigShot, BoardSpec, Config, Event, Phase};
use boardroom_engine::{Game, Seat, Viewer};
use owo_colors::OwoColorize;
use std::fmt::Write;

/// Seat names: each seat is named after its first cube colour.
const SEAT_NAMES: [&str; 4] = ["Red", "Orange", "Ivory", "Purple"];

fn seat_name(seat: Seat) -> String {
    SEAT_NAMES
        .get(seat)
        .map(|s| s.to_string())
        .unwrap_or_else(|| format!("Seat {seat}"))
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

fn viewer_of(seat: Option<Seat>) -> Viewer {
    seat.map(Viewer::Seat).unwrap_or(Viewer::Spectator)
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
                format!("{}{}", paint_cubes(&c, color), "·".repeat(7 - k as usize))
            };
            let _ = write!(line, "  {}[{value}] {content}", lot.id);
        }
        lines.push(line);
    }
    lines
}

fn table(game: &BigShot, viewer: Option<Seat>, color: bool) -> String {
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
    let v = viewer_of(viewer);
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
                if game.sees_coins(v, c) {
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

fn prompt(game: &BigShot) -> String {
    match game.phase() {
        Phase::Roll => "Roll the die to move the broker".into(),
        Phase::Loans { seat, .. } => format!(
            "Before bidding: take a loan (receive {}M, owe 10M) or decline",
            game.next_loan_amount(seat)
        ),
        Phase::Bidding { seat } => {
            let (bid, bidder) = game.standing_bid();
            let standing = match bidder {
                Some(b) => format!("{bid}M by {}", seat_name(b)),
                None => "no bid yet".into(),
            };
            format!(
                "Bid at least {}M (you can pay {}M) or pass — {standing}",
                game.min_bid(),
                game.cash(seat)
            )
        }
        Phase::Pay { .. } => {
            format!("Choose the colour that pays the {}M", game.standing_bid().0)
        }
        Phase::Place { .. } => format!(
            "Place the won cubes one by one ({} left)",
            cubes_to_string(&game.hand())
        ),
        Phase::Over => "The game is over".into(),
    }
}

fn explain(game: &BigShot, action: Action) -> String {
    let text = game.format_action(action);
    let hint = match action {
        Action::Loan(_) => {
            let seat = game.actor().unwrap_or(0);
            format!("+{}M, owe 10M", game.next_loan_amount(seat))
        }
        Action::Place(_, l) => {
            let l = l as usize;
            let lot = game.board().lot(l);
            let c = game.lot_cubes(l);
            let k: u8 = c.iter().sum();
            let value = if lot.park {
                "park".to_string()
            } else {
                format!("{}M", lot.value)
            };
            if k == 0 {
                format!("{value}, empty")
            } else {
                format!("{value}, has {}", cubes_to_string(&c))
            }
        }
        Action::Pay(c) => format!("has {}M", game.coins(c)),
        _ => String::new(),
    };
    if hint.is_empty() {
        text
    } else {
        format!("{text} ({hint})")
    }
}

const HELP: &str = "\
Type the number of a move from the list, or the move itself in notation:
  roll | loan | loan red | decline | bid 5 | pass | pay ivory | place red W9
Colours: red, orange, ivory, purple (or R, O, I, P). Lots by their id on the board (W9, Wx2, N16…).
Commands: board (show the table), help, quit.";

/// Reads and validates a board file.
pub fn load_board(path: &std::path::Path) -> Result<BoardSpec> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read board file {}", path.display()))?;
    let spec = BoardSpec::from_json(&text).map_err(|e| anyhow!("{}: {e}", path.display()))?;
    spec.build()
        .map_err(|e| anyhow!("{}: {e}", path.display()))?;
    Ok(spec)
}

impl CliGame for BigShot {
    fn make_config(opts: &GameOptions) -> Result<Config> {
        if let Some(e) = &opts.edition {
            bail!("Big Shot has no editions (`{e}`); use --hidden-money for the variant");
        }
        let board = match &opts.board {
            Some(path) => Some(load_board(path)?),
            None => None,
        };
        let config = Config {
            players: opts.players,
            hidden_money: opts.hidden_money,
            first_player: opts.first,
            board,
        };
        config.validate()?;
        Ok(config)
    }

    fn describe_config(config: &Config) -> String {
        let variant = if config.hidden_money {
            " (hidden money)"
        } else {
            ""
        };
        let board = config
            .board
            .as_ref()
            .map(|b| format!(", board `{}`", b.name))
            .unwrap_or_default();
        format!("Big Shot{variant}, {} players{board}", config.players)
    }

    fn describe_event(event: &Event) -> String {
        event.describe(seat_name)
    }

    fn starts_turn(event: &Event) -> bool {
        event.starts_round()
    }

    fn render(&self, viewer: Option<Seat>, color: bool) -> String {
        table(self, viewer, color)
    }

    fn prompt(&self) -> String {
        prompt(self)
    }

    fn explain(&self, action: Action) -> String {
        explain(self, action)
    }

    fn notation_help() -> &'static str {
        HELP
    }

    fn score_table(&self) -> String {
        let outcome = self.ranking();
        let mut out = format!(
            "{:<8} {:>6} {:>6} {:>6} {:>7} {:>5} {:>5}\n",
            "player", "coins", "lots", "debt", "status", "owned", "best"
        );
        for seat in 0..self.players() {
            let l = self.score(seat);
            let mark = if outcome.winners.contains(seat) {
                "  ← winner"
            } else if !l.eligible {
                "  (too few lots to win)"
            } else {
                ""
            };
            let _ = writeln!(
                out,
                "{:<8} {:>6} {:>6} {:>6} {:>7} {:>5} {:>5}{mark}",
                seat_name(seat),
                l.coins,
                l.lots_value,
                l.debt,
                l.status,
                l.lots,
                l.best_lot
            );
        }
        if outcome.winners.is_empty() {
            let _ = writeln!(out, "Nobody owns enough lots to win.");
        }
        out
    }

    fn seat_name(seat: Seat) -> String {
        seat_name(seat)
    }

    fn final_stats(&self) -> Vec<(&'static str, f64)> {
        let lots = self.board().num_lots();
        let owned = (0..lots).filter(|&l| self.owner(l).is_some()).count();
        let loans: u32 = (0..self.players())
            .map(|s| self.loans_taken(s) as u32)
            .sum();
        let neutral_lots = if self.players() == 3 {
            (0..lots)
                .filter(|&l| self.owner(l) == Some(Colour(3)))
                .count()
        } else {
            0
        };
        let nobody_wins = self.ranking().winners.is_empty();
        vec![
            ("turns", self.round() as f64),
            ("lots_owned", owned as f64),
            ("lots_to_nobody", (lots - owned) as f64),
            ("loans", loans as f64),
            ("neutral_lots", neutral_lots as f64),
            ("nobody_wins", if nobody_wins { 1.0 } else { 0.0 }),
        ]
    }
}
