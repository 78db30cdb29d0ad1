//! Big Boss in the terminal: configuration from options, and the table drawn as the 72-space
//! loop in a square ring with stack heights and company tags (coloured when the terminal
//! allows), companies inside the ring, players below it.

use super::{CliGame, GameOptions};
use anyhow::{anyhow, Result};
use boardroom_bigboss::board::Space;
use boardroom_bigboss::card::Card;
use boardroom_bigboss::company::Status;
use boardroom_bigboss::rules::IndustryUse;
use boardroom_bigboss::state::PLAYER_COLOURS;
use boardroom_bigboss::{Action, BigBoss, CompanyId, Edition, Phase};
use boardroom_bigboss::{Config, Event};
use boardroom_engine::{Game, Seat};
use owo_colors::OwoColorize;
use std::fmt::Write;

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

/// The whole table as `viewer` may see it (their own hand only).
fn table(game: &BigBoss, viewer: Option<Seat>, color: bool) -> String {
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

/// What the player is asked to do in the current step.
fn prompt(game: &BigBoss) -> String {
    match game.phase() {
        Phase::Turn => "Buy a card or play a card".into(),
        Phase::Selling => "Sell more shares or pass".into(),
        Phase::ChooseTriple { card } => {
            format!("Card {card} founds a company: choose its three spaces")
        }
        Phase::ChooseDouble { start, .. } => format!(
            "Choose the founding space ({start}-{}) that gets the fourth piece",
            boardroom_bigboss::board::offset(start, 2)
        ),
        Phase::ChooseCompany { .. } => "Choose the company to found".into(),
        Phase::ChooseLevelSpace { .. } => "Choose the space for the level card's piece".into(),
        Phase::ChooseJoin { left, right, .. } => {
            format!("The piece connects {left} and {right}: which company gets it (+1)?")
        }
        Phase::ChooseSurvivor { left, right, .. } => {
            format!("{left} and {right} have equal prices: which one acquires the other?")
        }
        Phase::Invest { company, shares } => {
            let buy = match shares {
                0 => "Buy up to 2 shares, ".to_string(),
                1 => "Buy 1 more share, ".to_string(),
                _ => String::new(),
            };
            format!(
                "{buy}place a {} on {company}, or end the turn",
                game.rules().tower_name
            )
        }
        Phase::Over { .. } => "The game is over".into(),
    }
}

/// An action with a short explanation of its effect, for the list of legal moves.
fn explain(game: &BigBoss, action: Action) -> String {
    let hint = match action {
        Action::Play(Card::Industry(s)) => match game.industry_use(s) {
            IndustryUse::Stack(c) => format!("stack on {c}, level {}", game.board().height(s) + 1),
            IndustryUse::Extend(c) => format!("extend {c}"),
            IndustryUse::Merge(a, b) => format!("merge {a} and {b}"),
            IndustryUse::Found => "found a company".into(),
            IndustryUse::Dead(_) => String::new(),
        },
        Action::Share(c) => format!("{}", game.share_cost(c)),
        Action::Tower => game
            .tower_cost(game.current())
            .map(|c| c.to_string())
            .unwrap_or_default(),
        Action::At(s) => {
            let c = game
                .board()
                .owner(s)
                .map(CompanyId)
                .map(|c| c.name())
                .unwrap_or("");
            format!("{c}, level {}", game.board().height(s) + 1)
        }
        Action::Sell(c) => format!("+{}", game.company(c).price),
        Action::BuyRow(_) | Action::BuyDeck => format!("{}", game.rules().card_cost),
        Action::BuyLevel => format!("{}", game.rules().level_cost),
        _ => String::new(),
    };
    if hint.is_empty() {
        action.to_string()
    } else {
        format!("{action} ({hint})")
    }
}

fn seat_name(seat: Seat) -> String {
    PLAYER_COLOURS
        .get(seat)
        .map(|s| s.to_string())
        .unwrap_or_else(|| format!("Seat {seat}"))
}

const HELP: &str = "\
Type the number of a move from the list, or the move itself in notation:
  buy deck | buy 23 | buy level | play 23 | play L | play L3 | found 21 | double 22
  hq Regent | at 17 | join Lunar | survivor Regent | share Regent | tower | end | sell Regent | pass
Company names may be shortened to a unique prefix (Re, Lu, Ea, Ki, Li, At, Co, Su).
Commands: board (show the table), help, quit.";

impl CliGame for BigBoss {
    fn make_config(opts: &GameOptions) -> Result<Config> {
        if opts.board.is_some() || opts.hidden_money {
            return Err(anyhow!(
                "--board and --hidden-money are Big Shot options, not Big Boss ones"
            ));
        }
        let edition: Edition = match &opts.edition {
            Some(e) => e.parse().map_err(|e: String| anyhow!(e))?,
            None => Edition::Modern,
        };
        let config = Config {
            edition,
            players: opts.players,
            first_player: opts.first,
        };
        config.validate()?;
        Ok(config)
    }

    fn describe_config(config: &Config) -> String {
        format!("Big Boss ({}), {} players", config.edition, config.players)
    }

    fn describe_event(event: &Event) -> String {
        event.describe(&seat_name)
    }

    fn starts_turn(event: &Event) -> bool {
        matches!(event, Event::TurnStarted { .. })
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
            "{:<8} {:>6} {:>7} {:>7} {:>6} {:>7}\n",
            "player", "money", "shares", "towers", "cards", "total"
        );
        for seat in 0..self.players() {
            let l = self.score(seat);
            let mark = if outcome.winners.contains(seat) {
                "  ← Big Boss"
            } else {
                ""
            };
            let _ = writeln!(
                out,
                "{:<8} {:>6} {:>7} {:>7} {:>6} {:>7}{mark}",
                seat_name(seat),
                l.money,
                l.shares,
                l.towers,
                l.cards,
                l.total
            );
        }
        out
    }

    fn seat_name(seat: Seat) -> String {
        seat_name(seat)
    }

    fn final_stats(&self) -> Vec<(&'static str, f64)> {
        let gone = CompanyId::all()
            .filter(|&c| self.company(c).status == Status::Gone)
            .count();
        let founded = CompanyId::all()
            .filter(|&c| self.company(c).status != Status::Unfounded)
            .count();
        let towers: u32 = (0..self.players())
            .map(|s| self.player(s).towers_placed as u32)
            .sum();
        let all_passed = matches!(
            self.phase(),
            Phase::Over {
                reason: boardroom_bigboss::EndReason::AllPassed
            }
        );
        vec![
            ("turns", self.turn() as f64),
            ("companies_founded", founded as f64),
            ("mergers", gone as f64),
            ("towers_placed", towers as f64),
            ("all_passed_endings", if all_passed { 1.0 } else { 0.0 }),
        ]
    }
}
