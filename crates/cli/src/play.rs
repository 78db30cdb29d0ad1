//! `boardroom play`: terminal play against bots or friends at one keyboard (hot seat).

use crate::games::{CliGame, GameOptions};
use crate::seats::{make_bot, parse_seats, SeatSpec};
use anyhow::{bail, Context, Result};
use boardroom_engine::{Bot, Record, RecordedAction, Seat, Viewer};
use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;

/// Options of `boardroom play`.
pub struct PlayOptions {
    pub game: GameOptions,
    pub seats: Option<Vec<String>>,
    pub seed: Option<u64>,
    pub record: Option<PathBuf>,
    pub color: bool,
}

fn save_record<C>(path: &Option<PathBuf>, record: &Record<C>) -> Result<()>
where
    C: serde::Serialize + serde::de::DeserializeOwned,
{
    if let Some(p) = path {
        let text = serde_json::to_string_pretty(record)?;
        std::fs::write(p, text).with_context(|| format!("cannot write record {}", p.display()))?;
    }
    Ok(())
}

/// Plays a game in the terminal until it ends or the player quits.
pub fn run<G: CliGame>(mut opt: PlayOptions) -> Result<()> {
    let specs = match &opt.seats {
        Some(list) => {
            let specs = parse_seats(list)?;
            opt.game.players = specs.len();
            specs
        }
        None => {
            let mut v = vec![SeatSpec::Human];
            v.resize(opt.game.players.max(1), SeatSpec::Bot("normal".into()));
            v
        }
    };
    let config = G::make_config(&opt.game)?;
    let seed = opt.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(1)
    });
    let mut game = G::new(&config, seed)?;
    if game.num_players() != specs.len() {
        bail!(
            "{} seats given for {} players",
            specs.len(),
            game.num_players()
        );
    }
    let mut bots: Vec<Option<Box<dyn Bot<G>>>> = Vec::new();
    for (seat, spec) in specs.iter().enumerate() {
        bots.push(match spec {
            SeatSpec::Human => None,
            SeatSpec::Bot(name) => Some(make_bot::<G>(name, seed ^ (0xb075 + seat as u64))?),
        });
    }
    let mut record = Record::new(G::NAME, config.clone(), seed);
    save_record(&opt.record, &record)?;
    let color =
        opt.color && std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let humans: Vec<Seat> = (0..specs.len()).filter(|&s| bots[s].is_none()).collect();
    let hot_seat = humans.len() > 1;
    // The viewer whose eyes the log is written for: the only human, or a spectator.
    let log_viewer = match humans.as_slice() {
        [one] => Viewer::Seat(*one),
        _ => Viewer::Spectator,
    };
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut out = std::io::stdout();

    println!(
        "{}, seed {seed}. Seats: {}",
        G::describe_config(&config),
        specs
            .iter()
            .enumerate()
            .map(|(s, spec)| format!(
                "{} = {}",
                G::seat_name(s),
                match spec {
                    SeatSpec::Human => "human",
                    SeatSpec::Bot(name) => name.as_str(),
                }
            ))
            .collect::<Vec<_>>()
            .join(", ")
    );
    println!("Type `help` at any prompt for the notation.\n");

    let mut legal = Vec::new();
    let mut last_human: Option<Seat> = None;
    let mut show_table = true;
    while let Some(seat) = game.to_act().first() {
        game.legal_actions(seat, &mut legal);
        let action = match bots[seat].as_mut() {
            Some(bot) => bot.choose(&game, seat),
            None => {
                if hot_seat && last_human != Some(seat) {
                    // Hide the previous player's secrets before the next one looks.
                    print!("\x1b[2J\x1b[H");
                    let name = G::seat_name(seat);
                    println!("{name}'s turn. Hand the keyboard to {name} and press Enter.");
                    out.flush()?;
                    let mut line = String::new();
                    if input.read_line(&mut line)? == 0 {
                        println!("\nInput ended; the game is left unfinished.");
                        return Ok(());
                    }
                    show_table = true;
                }
                last_human = Some(seat);
                if show_table {
                    println!("{}", game.render(Some(seat), color));
                    show_table = false;
                }
                match ask(&game, seat, &legal, &mut input, &mut out, color)? {
                    Some(a) => a,
                    None => {
                        println!("Game left unfinished.");
                        if let Some(p) = &opt.record {
                            println!("The record is in {}.", p.display());
                        }
                        return Ok(());
                    }
                }
            }
        };
        let text = game.format_action(action.clone());
        let events = game.play(seat, action).map_err(|e| {
            anyhow::anyhow!(
                "{} chose an illegal action `{text}`: {e}",
                G::seat_name(seat)
            )
        })?;
        record.actions.push(RecordedAction {
            seat,
            action: text.clone(),
        });
        save_record(&opt.record, &record)?;
        println!("{}: {text}", G::seat_name(seat));
        for e in &events {
            let seen = G::redact(e, log_viewer);
            if G::starts_turn(&seen) {
                show_table = true;
                continue;
            }
            println!("    {}", G::describe_event(&seen));
        }
    }
    println!("\n{}", game.render(None, color));
    print!("{}", game.score_table());
    if let Some(p) = &opt.record {
        println!(
            "\nThe record is in {}; `boardroom replay {}` shows it again.",
            p.display(),
            p.display()
        );
    }
    Ok(())
}

/// Asks a human for an action until a legal one is given. `None` on quit or end of input.
fn ask<G: CliGame>(
    game: &G,
    seat: Seat,
    legal: &[G::Action],
    input: &mut impl BufRead,
    out: &mut impl Write,
    color: bool,
) -> Result<Option<G::Action>> {
    loop {
        writeln!(out, "{} — {}:", G::seat_name(seat), game.prompt())?;
        let items: Vec<String> = legal
            .iter()
            .enumerate()
            .map(|(i, a)| format!("[{}] {}", i + 1, game.explain(a.clone())))
            .collect();
        print_columns(out, &items)?;
        write!(out, "> ")?;
        out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            writeln!(out, "\nInput ended.")?;
            return Ok(None);
        }
        let text = line.trim();
        match text.to_ascii_lowercase().as_str() {
            "" => continue,
            "quit" | "exit" | "q" => return Ok(None),
            "help" | "?" => {
                writeln!(out, "{}", G::notation_help())?;
                continue;
            }
            "board" | "table" => {
                writeln!(out, "{}", game.render(Some(seat), color))?;
                continue;
            }
            _ => {}
        }
        if let Ok(n) = text.parse::<usize>() {
            if (1..=legal.len()).contains(&n) {
                return Ok(Some(legal[n - 1].clone()));
            }
            writeln!(out, "✗ there is no move {n}: choose 1-{}", legal.len())?;
            continue;
        }
        match game.parse_action(text) {
            Err(e) => writeln!(out, "✗ {e}")?,
            Ok(a) => match game.check(seat, a.clone()) {
                Ok(()) => return Ok(Some(a)),
                Err(e) => writeln!(out, "✗ {}: {e}", game.format_action(a))?,
            },
        }
    }
}

fn print_columns(out: &mut impl Write, items: &[String]) -> std::io::Result<()> {
    let width = items.iter().map(|s| s.chars().count()).max().unwrap_or(0) + 2;
    let per_line = (78 / width.max(1)).max(1);
    for chunk in items.chunks(per_line) {
        let line: String = chunk.iter().map(|s| format!("{s:<width$}")).collect();
        writeln!(out, "  {}", line.trim_end())?;
    }
    Ok(())
}
