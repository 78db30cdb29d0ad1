//! `new`, `apply` and `replay`: the scripting and bug-report tools, for any game.

use crate::games::{CliGame, GameOptions};
use anyhow::{anyhow, bail, Context, Result};
use boardroom_engine::{Game, Record, ReplayStep};
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

/// Reads and validates a position from its JSON text (`path` names it in errors).
pub fn load_position<G: Game>(text: &str, path: &Path) -> Result<G> {
    let pos: G::Position = serde_json::from_str(text)
        .map_err(|e| anyhow!("{}: not a valid position file: {e}", path.display()))?;
    G::from_position(&pos).map_err(|e| anyhow!("{}: {e}", path.display()))
}

/// `boardroom new`: prints the starting position of a new game.
pub fn new_position<G: CliGame>(opts: &GameOptions, seed: u64) -> Result<()> {
    let game = G::new(&G::make_config(opts)?, seed)?;
    println!("{}", serde_json::to_string_pretty(&game.to_position())?);
    Ok(())
}

/// `boardroom apply`: loads a position, applies the actions, prints the result.
pub fn apply<G: Game>(text: &str, path: &Path, actions: &[String]) -> Result<()> {
    let mut game: G = load_position(text, path)?;
    for (i, text) in actions.iter().enumerate() {
        let Some(seat) = game.to_act().first() else {
            bail!("action {} `{text}`: the game is over", i + 1);
        };
        let action = game
            .parse_action(text)
            .map_err(|e| anyhow!("action {}: {e}", i + 1))?;
        game.play(seat, action)
            .map_err(|e| anyhow!("action {} `{text}` rejected: {e}", i + 1))?;
    }
    println!("{}", serde_json::to_string_pretty(&game.to_position())?);
    Ok(())
}

/// `boardroom replay`: reads a record of any game and prints it move by move.
pub fn replay_file(path: &Path) -> Result<()> {
    let text = read_input(path)?;
    let value: serde_json::Value = serde_json::from_str(&text)
        .map_err(|e| anyhow!("{}: not a valid game record: {e}", path.display()))?;
    let game = value.get("game").and_then(|g| g.as_str()).unwrap_or("");
    match game {
        boardroom_bigboss::position::GAME_NAME => {
            replay::<boardroom_bigboss::BigBoss>(&parse_record(value, path)?)
        }
        boardroom_bigshot::position::GAME_NAME => {
            replay::<boardroom_bigshot::BigShot>(&parse_record(value, path)?)
        }
        other => bail!("{}: unknown game `{other}` in the record", path.display()),
    }
    .map_err(|e| anyhow!("{}: {e}", path.display()))
}

fn parse_record<C: serde::de::DeserializeOwned + serde::Serialize>(
    value: serde_json::Value,
    path: &Path,
) -> Result<Record<C>> {
    serde_json::from_value(value)
        .map_err(|e| anyhow!("{}: not a valid game record: {e}", path.display()))
}

/// Prints a record move by move.
pub fn replay<G: CliGame>(record: &Record<G::Config>) -> Result<()> {
    println!(
        "{}, seed {}",
        G::describe_config(&record.config),
        record.seed
    );
    let mut n = 0;
    let game: G = record
        .replay_with(|step: ReplayStep<G>| {
            println!(
                "{:>4}. {}: {}",
                n + 1,
                G::seat_name(step.seat),
                record.actions[n].action.trim()
            );
            n += 1;
            for e in &step.events {
                println!("        {}", G::describe_event(e));
            }
        })
        .map_err(|e| anyhow!("{e}"))?;
    if game.is_over() {
        print!("\n{}", game.score_table());
    } else {
        println!("\n(the record ends before the game does)");
    }
    Ok(())
}
