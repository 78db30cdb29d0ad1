//! Who sits in a seat: a human at the terminal or a bot, by name.

use anyhow::{bail, Result};
use boardroom_bots::{validate_name, Evaluate, SeatKind};
use boardroom_engine::{Bot, Encode};

/// One seat of a table at the terminal: a person, or any bot the bots crate names (a table on
/// a server seats only the [`SeatKind`]s).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatSpec {
    /// A person at this terminal.
    Human,
    /// A bot, by name (see [`boardroom_bots::BOT_NAMES`]).
    Bot(String),
}

/// Builds the bot called `name`, seeded with `seed`: a level, or else one of the gauntlet's
/// fixed policies ([`boardroom_bots::gauntlet`]).
pub fn make_bot<G: Evaluate + Encode>(name: &str, seed: u64) -> Result<Box<dyn Bot<G>>> {
    if validate_name(name).is_err() && boardroom_bots::is_policy::<G>(name) {
        return Ok(boardroom_bots::make_policy::<G>(name, seed)?);
    }
    Ok(boardroom_bots::make_bot::<G>(name, seed)?)
}

/// Reads and checks a list of bot names such as `heuristic,hard,random,random`.
pub fn parse_bots(list: &[String]) -> Result<Vec<String>> {
    let mut bots = Vec::new();
    for (i, s) in list.iter().enumerate() {
        let name = s.trim().to_ascii_lowercase();
        if let Err(e) = validate_name(&name) {
            bail!("seat {}: {e}", i + 1);
        }
        bots.push(name);
    }
    Ok(bots)
}

/// Reads a seat list such as `human,random,hard`.
pub fn parse_seats(list: &[String]) -> Result<Vec<SeatSpec>> {
    let mut seats = Vec::new();
    for (i, s) in list.iter().enumerate() {
        let name = s.trim().to_ascii_lowercase();
        seats.push(match name.as_str() {
            "h" => SeatSpec::Human,
            n if n == SeatKind::Human.name() => SeatSpec::Human,
            n => match validate_name(n) {
                Ok(()) => SeatSpec::Bot(n.to_string()),
                Err(e) => bail!("seat {}: {e} (or human)", i + 1),
            },
        });
    }
    Ok(seats)
}
