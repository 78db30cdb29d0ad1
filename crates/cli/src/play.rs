//! `boardroom play`: terminal play against bots or friends at one keyboard (hot seat).

use crate::render;
use crate::seats::{parse_seats, SeatKind};
use crate::tools::{print_scores, seat_name};
use anyhow::{Context, Result};
use boardroom_bigboss::{Action, BigBoss, Config, Edition};
use boardroom_engine::{Game, Record, RecordedAction, Seat, Viewer};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;

/// Options of `boardroom play`.
pub struct PlayOptions {
    pub edition: Edition,
    pub players: usize,
    pub seats: Option<Vec<String>>,
    pub seed: Option<u64>,
    pub first: Option<usize>,
    pub record: Option<PathBuf>,
    pub color: bool,
}

const HELP: &str = "\
Type the number of a move from the list, or the move itself in notation:
  buy deck | buy 23 | buy level | play 23 | play L | play L3 | found 21 | double 22
  hq Regent | at 17 | join Lunar | survivor Regent | share Regent | tower | end | sell Regent | pass
Company names may be shortened to a unique prefix (Re, Lu, Ea, Ki, Li, At, Co, Su).
Commands: board (show the table), help, quit.";

fn save_record(path: &Option<PathBuf>, record: &Record<Config>) -> Result<()> {
    if let Some(p) = path {
        let text = serde_json::to_string_pretty(record)?;
        std::fs::write(p, text).with_context(|| format!("cannot write record {}", p.display()))?;
    }
    Ok(())
}

pub fn run(opt: PlayOptions) -> Result<()> {
    let kinds = match &opt.seats {
        Some(list) => parse_seats(list)?,
        None => {
            let mut v = vec![SeatKind::Human];
            v.resize(opt.players, SeatKind::Random);
            v
        }
    };
    let config = Config {
        edition: opt.edition,
        players: kinds.len(),
        first_player: opt.first,
    };
    let seed = opt.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(1)
    });
    let mut game = BigBoss::new(&config, seed)?;
    let mut record = Record::new(BigBoss::NAME, config.clone(), seed);
    save_record(&opt.record, &record)?;
    let color =
        opt.color && std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let humans: Vec<Seat> = (0..kinds.len())
        .filter(|&s| kinds[s] == SeatKind::Human)
        .collect();
    let hot_seat = humans.len() > 1;
    // The viewer whose eyes the log is written for: the only human, or a spectator.
    let log_viewer = match humans.as_slice() {
        [one] => Viewer::Seat(*one),
        _ => Viewer::Spectator,
    };
    let mut bot_rng = ChaCha8Rng::seed_from_u64(seed ^ 0xb075);
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut out = std::io::stdout();

    println!(
        "Big Boss ({}), {} players, seed {seed}. Seats: {}",
        opt.edition,
        kinds.len(),
        (0..kinds.len())
            .map(|s| format!("{} = {}", seat_name(s), kinds[s]))
            .collect::<Vec<_>>()
            .join(", ")
    );
    println!("Type `help` at any prompt for the notation.\n");

    let mut legal = Vec::new();
    let mut last_human: Option<Seat> = None;
    let mut show_table = true;
    while let Some(seat) = game.to_act().first() {
        game.legal_actions(seat, &mut legal);
        let action: Action = match kinds[seat] {
            SeatKind::Random => legal[bot_rng.gen_range(0..legal.len())],
            SeatKind::Human => {
                if hot_seat && last_human != Some(seat) {
                    // Hide the previous player's hand before the next one looks.
                    print!("\x1b[2J\x1b[H");
                    println!(
                        "{}'s turn. Hand the keyboard to {} and press Enter.",
                        seat_name(seat),
                        seat_name(seat)
                    );
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
                    println!("{}", render::table(&game, Some(seat), color));
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
        let events = game
            .play(seat, action)
            .expect("actions chosen here are checked or listed as legal");
        record.actions.push(RecordedAction {
            seat,
            action: action.to_string(),
        });
        save_record(&opt.record, &record)?;
        println!("{}: {action}", seat_name(seat));
        for e in &events {
            let seen = BigBoss::redact(e, log_viewer);
            if matches!(seen, boardroom_bigboss::Event::TurnStarted { .. }) {
                show_table = true;
                continue;
            }
            println!("    {}", seen.describe(&seat_name));
        }
    }
    println!("\n{}", render::table(&game, None, color));
    print_scores(&game);
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
fn ask(
    game: &BigBoss,
    seat: Seat,
    legal: &[Action],
    input: &mut impl BufRead,
    out: &mut impl Write,
    color: bool,
) -> Result<Option<Action>> {
    loop {
        writeln!(out, "{} — {}:", seat_name(seat), render::prompt(game))?;
        let items: Vec<String> = legal
            .iter()
            .enumerate()
            .map(|(i, &a)| format!("[{}] {}", i + 1, render::explain(game, a)))
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
                writeln!(out, "{HELP}")?;
                continue;
            }
            "board" | "table" => {
                writeln!(out, "{}", render::table(game, Some(seat), color))?;
                continue;
            }
            _ => {}
        }
        if let Ok(n) = text.parse::<usize>() {
            if (1..=legal.len()).contains(&n) {
                return Ok(Some(legal[n - 1]));
            }
            writeln!(out, "✗ there is no move {n}: choose 1-{}", legal.len())?;
            continue;
        }
        match game.parse_action(text) {
            Err(e) => writeln!(out, "✗ {e}")?,
            Ok(a) => match game.check(seat, a) {
                Ok(()) => return Ok(Some(a)),
                Err(e) => writeln!(out, "✗ {a}: {e}")?,
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
