//! `new`, `apply` and `replay`: the scripting and bug-report tools.

use anyhow::{anyhow, bail, Context, Result};
use boardroom_bigboss::state::PLAYER_COLOURS;
use boardroom_bigboss::{BigBoss, Config, Edition, Position};
use boardroom_engine::{Game, Record, Seat};
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

/// Loads and validates a Big Boss position file.
pub fn load_position(path: &Path) -> Result<BigBoss> {
    let text = read_input(path)?;
    let pos: Position = serde_json::from_str(&text)
        .map_err(|e| anyhow!("{}: not a valid position file: {e}", path.display()))?;
    BigBoss::from_position(&pos).map_err(|e| anyhow!("{}: {e}", path.display()))
}

/// `boardroom new`: prints the starting position of a new game.
pub fn new_position(
    edition: Edition,
    players: usize,
    seed: u64,
    first: Option<usize>,
) -> Result<()> {
    let config = Config {
        edition,
        players,
        first_player: first,
    };
    let game = BigBoss::new(&config, seed)?;
    println!("{}", serde_json::to_string_pretty(&game.position())?);
    Ok(())
}

/// `boardroom apply`: loads a position, applies the actions, prints the result.
pub fn apply(path: &Path, actions: &[String]) -> Result<()> {
    let mut game = load_position(path)?;
    for (i, text) in actions.iter().enumerate() {
        let Some(seat) = game.to_act().first() else {
            bail!("action {} `{text}`: the game is over", i + 1);
        };
        let action = game
            .parse_action(text)
            .map_err(|e| anyhow!("action {} : {e}", i + 1))?;
        game.play(seat, action)
            .map_err(|e| anyhow!("action {} `{text}` rejected: {e}", i + 1))?;
    }
    println!("{}", serde_json::to_string_pretty(&game.position())?);
    Ok(())
}

/// The display name of a seat.
pub fn seat_name(seat: Seat) -> String {
    PLAYER_COLOURS
        .get(seat)
        .map(|s| s.to_string())
        .unwrap_or_else(|| format!("Seat {seat}"))
}

/// Prints every player's score, broken down.
pub fn print_scores(game: &BigBoss) {
    let outcome = game.ranking();
    println!(
        "{:<8} {:>6} {:>7} {:>7} {:>6} {:>7}",
        "player", "money", "shares", "towers", "cards", "total"
    );
    for seat in 0..game.players() {
        let l = game.score(seat);
        let mark = if outcome.winners.contains(seat) {
            "  ← Big Boss"
        } else {
            ""
        };
        println!(
            "{:<8} {:>6} {:>7} {:>7} {:>6} {:>7}{mark}",
            seat_name(seat),
            l.money,
            l.shares,
            l.towers,
            l.cards,
            l.total
        );
    }
}

/// `boardroom replay`: prints a record move by move.
pub fn replay(path: &Path) -> Result<()> {
    let text = read_input(path)?;
    let record: Record<Config> = serde_json::from_str(&text)
        .map_err(|e| anyhow!("{}: not a valid game record: {e}", path.display()))?;
    println!(
        "Big Boss ({}), {} players, seed {}",
        record.config.edition, record.config.players, record.seed
    );
    let mut n = 0;
    let game: BigBoss = record
        .replay_with(|step: boardroom_engine::ReplayStep<BigBoss>| {
            n += 1;
            println!("{n:>4}. {}: {}", seat_name(step.seat), step.action);
            for e in &step.events {
                println!("        {}", e.describe(&seat_name));
            }
        })
        .map_err(|e| anyhow!("{}: {e}", path.display()))?;
    if game.is_over() {
        println!();
        print_scores(&game);
    } else {
        println!("\n(the record ends before the game does)");
    }
    Ok(())
}
