//! `new`, `apply`, `score` and `replay`: the scripting and bug-report tools, for any game of
//! the registry. `apply`, `score` and `replay` find the game in the file's `game` field.

use crate::options::{config, GivenOptions};
use anyhow::{anyhow, bail, Context, Result};
use boardroom_engine::{Game, Record, ReplayStep, Seat};
use boardroom_registry::{FileGameError, Playable, Visitor};
use serde::Serialize;
use std::io::Read;
use std::path::Path;

/// Reads a file, or standard input for `-`.
pub fn read_input(path: &Path) -> Result<String> {
    if path.as_os_str() == "-" {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .context("cannot read standard input")?;
        Ok(s)
    } else {
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))
    }
}

/// The id of the game a position or record file holds; `what` names the kind of file in errors
/// (e.g. `position file`).
pub fn game_of(text: &str, path: &Path, what: &str) -> Result<&'static str> {
    boardroom_registry::game_of_file(text).map_err(|e| match e {
        FileGameError::Unknown(e) => anyhow!("{}: {e}", path.display()),
        e => anyhow!("{}: not a valid {what}: {e}", path.display()),
    })
}

/// Reads and validates a position from its JSON text (`path` names it in errors). A JSON-level
/// error names the field at fault (`players[1].money`), as the game's own checks do.
pub fn load_position<G: Game>(text: &str, path: &Path) -> Result<G> {
    let pos: G::Position = boardroom_engine::position::parse(text).map_err(|e| {
        anyhow!(
            "{}: not a valid position file: at `{}`: {}",
            path.display(),
            e.field,
            e.reason
        )
    })?;
    G::from_position(&pos).map_err(|e| anyhow!("{}: {e}", path.display()))
}

/// `boardroom new`: prints the starting position of a new game.
pub struct New {
    /// Number of players.
    pub players: usize,
    /// The seat that starts.
    pub first: Option<Seat>,
    /// Seed of the game.
    pub seed: u64,
    /// The game's options as given.
    pub options: GivenOptions,
}

impl Visitor for New {
    type Output = Result<()>;
    fn visit<G: Playable>(self) -> Result<()> {
        let config = config::<G>(self.players, self.first, &self.options)?;
        let game = G::new(&config, self.seed)?;
        println!("{}", serde_json::to_string_pretty(&game.to_position())?);
        Ok(())
    }
}

/// What `boardroom apply` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ApplyOutput {
    /// The resulting position as JSON.
    Position,
    /// Each action and the events it caused, in words.
    Events,
    /// Each action and its events as one JSON array.
    EventsJson,
}

/// `boardroom apply`: loads a position, applies the actions, prints the result (or the events).
pub struct Apply<'a> {
    /// The position file's text.
    pub text: &'a str,
    /// The position file (for errors).
    pub path: &'a Path,
    /// The actions in notation.
    pub actions: &'a [String],
    /// What to print.
    pub show: ApplyOutput,
}

/// One event as `apply --events --json` prints it.
#[derive(Serialize)]
struct EventOut {
    /// The event in words.
    text: String,
    /// The event as data.
    detail: serde_json::Value,
}

/// One action and its events as `apply --events --json` prints it.
#[derive(Serialize)]
struct StepOut {
    /// The seat that played it.
    seat: Seat,
    /// The action in notation.
    action: String,
    /// What it caused.
    events: Vec<EventOut>,
}

/// An action of `apply` that names its seat, `@2 bid 220`: the seat and the notation; any
/// other text is the notation alone.
fn seat_prefix(text: &str, players: usize) -> Result<(Option<Seat>, &str)> {
    let Some(rest) = text.strip_prefix('@') else {
        return Ok((None, text));
    };
    let (seat, action) = rest
        .split_once(char::is_whitespace)
        .ok_or_else(|| anyhow!("`@SEAT` must be followed by the action, as in `@1 pass`"))?;
    let seat: Seat = seat.parse().map_err(|_| {
        anyhow!(
            "`@{seat}` is not a seat: seats are numbered 0 to {}",
            players - 1
        )
    })?;
    if seat >= players {
        bail!(
            "there is no seat {seat}: seats are numbered 0 to {}",
            players - 1
        );
    }
    Ok((Some(seat), action.trim_start()))
}

impl Visitor for Apply<'_> {
    type Output = Result<()>;
    fn visit<G: Playable>(self) -> Result<()> {
        let mut game: G = load_position(self.text, self.path)?;
        let mut steps = Vec::new();
        for (i, text) in self.actions.iter().enumerate() {
            let to_act = game.to_act();
            let Some(first) = to_act.first() else {
                bail!("action {} `{text}`: the game is over", i + 1);
            };
            let (named, text) = seat_prefix(text, game.num_players())
                .map_err(|e| anyhow!("action {} `{text}`: {e}", i + 1))?;
            let action = game
                .parse_action(text)
                .map_err(|e| anyhow!("action {}: {e}", i + 1))?;
            // With several seats to act, the first for whom the action is legal plays it, the
            // seats the game waits for first (the first of them answers when it is legal for
            // none), unless the action names its seat (`@2 bid 220`).
            let must = game.must_act();
            let legal = |s: &Seat| game.check(*s, action.clone()).is_ok();
            let seat = named.unwrap_or_else(|| {
                must.iter()
                    .find(legal)
                    .or_else(|| to_act.iter().find(legal))
                    .or_else(|| must.first())
                    .unwrap_or(first)
            });
            let notation = game.format_action(action.clone());
            let events = game
                .play(seat, action)
                .map_err(|e| anyhow!("action {} `{text}` rejected: {e}", i + 1))?;
            steps.push(StepOut {
                seat,
                action: notation,
                events: events
                    .iter()
                    .map(|e| {
                        Ok(EventOut {
                            text: G::describe(e, boardroom_i18n::ENGLISH),
                            detail: serde_json::to_value(e)?,
                        })
                    })
                    .collect::<Result<_>>()?,
            });
        }
        match self.show {
            ApplyOutput::Position => {
                println!("{}", serde_json::to_string_pretty(&game.to_position())?)
            }
            ApplyOutput::EventsJson => println!("{}", serde_json::to_string_pretty(&steps)?),
            ApplyOutput::Events => {
                for (i, step) in steps.iter().enumerate() {
                    println!("{:>4}. {}: {}", i + 1, G::seat_name(step.seat), step.action);
                    for e in &step.events {
                        println!("        {}", e.text);
                    }
                }
                if game.is_over() {
                    println!("The game is over (`boardroom score` prints the scores).");
                }
            }
        }
        Ok(())
    }
}

/// `boardroom score`: the score table of a finished position, or the standings of one not
/// finished when the game can tell them.
pub struct Score<'a> {
    /// The position file's text.
    pub text: &'a str,
    /// The position file (for errors).
    pub path: &'a Path,
    /// Print one JSON object.
    pub json: bool,
}

impl Visitor for Score<'_> {
    type Output = Result<()>;
    fn visit<G: Playable>(self) -> Result<()> {
        let game: G = load_position(self.text, self.path)?;
        let over = game.is_over();
        let (table, outcome) = if over {
            let table = game
                .score_table(boardroom_i18n::ENGLISH)
                .ok_or_else(|| anyhow!("{} gives no score table for a finished game", G::TITLE))?;
            (Some(table), game.outcome())
        } else {
            (game.standings(boardroom_i18n::ENGLISH), None)
        };
        if self.json {
            let mut out = serde_json::json!({
                "game": G::NAME,
                "over": over,
                "turn": game.turn(),
            });
            if over {
                out["scores"] = serde_json::to_value(&table)?;
                out["outcome"] = serde_json::to_value(&outcome)?;
            } else {
                out["standings"] = serde_json::to_value(&table)?;
            }
            println!("{}", serde_json::to_string_pretty(&out)?);
            return Ok(());
        }
        match table {
            Some(table) if over => print!("{}", table.to_text("player")),
            Some(table) => {
                println!(
                    "The game is not over (turn {}). Standings if it ended now:\n",
                    game.turn()
                );
                print!("{}", table.to_text("player"));
            }
            None => println!(
                "The game is not over (turn {}), and {} cannot tell the standings before the \
                 end.",
                game.turn(),
                G::TITLE
            ),
        }
        Ok(())
    }
}

/// `boardroom replay`: prints a record move by move, with its events and the final scores.
pub struct Replay<'a> {
    /// The record file's text.
    pub text: &'a str,
    /// The record file (for errors).
    pub path: &'a Path,
}

impl Visitor for Replay<'_> {
    type Output = Result<()>;
    fn visit<G: Playable>(self) -> Result<()> {
        let record: Record<G::Config> = serde_json::from_str(self.text)
            .map_err(|e| anyhow!("{}: not a valid game record: {e}", self.path.display()))?;
        replay::<G>(&record).map_err(|e| anyhow!("{}: {e}", self.path.display()))
    }
}

/// Prints a record move by move.
fn replay<G: Playable>(record: &Record<G::Config>) -> Result<()> {
    // Refused before anything is printed: a record of rules this program does not replay
    // (a newer revision, or an older one the game no longer replays) would print a game
    // that was never played.
    boardroom_engine::check_revision::<G>(record.rules)?;
    println!(
        "{}, seed {}",
        G::describe_config(&record.config, boardroom_i18n::ENGLISH),
        record.seed
    );
    let mut n = 0;
    let game: G = record
        .replay_with(|step: ReplayStep<G>| {
            println!(
                "{:>4}. {}: {}",
                n + 1,
                if step.seat == boardroom_engine::CLOCK {
                    "Clock".to_string()
                } else {
                    G::seat_name(step.seat)
                },
                record.actions[n].action.trim()
            );
            n += 1;
            for e in &step.events {
                println!("        {}", G::describe(e, boardroom_i18n::ENGLISH));
            }
        })
        .map_err(|e| anyhow!("{e}"))?;
    if game.is_over() {
        if let Some(table) = game.score_table(boardroom_i18n::ENGLISH) {
            print!("\n{}", table.to_text("player"));
        }
    } else {
        println!("\n(the record ends before the game does)");
    }
    Ok(())
}
