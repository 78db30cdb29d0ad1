//! Who sits in a seat: a human at the terminal or a bot, by name.

use anyhow::{bail, Result};
use boardroom_engine::{Bot, Game, RandomBot};

/// One seat of a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatSpec {
    /// A person at this terminal.
    Human,
    /// A bot, by name (see [`BOT_NAMES`]).
    Bot(String),
}

/// The bots the program knows.
pub const BOT_NAMES: &[&str] = &["random"];

/// Builds the bot called `name`, seeded with `seed`.
pub fn make_bot<G: Game>(name: &str, seed: u64) -> Result<Box<dyn Bot<G>>> {
    match name {
        "random" => Ok(Box::new(RandomBot::new(seed))),
        other => bail!("unknown bot `{other}` (bots: {})", BOT_NAMES.join(", ")),
    }
}

/// Reads a seat list such as `human,random,random`.
pub fn parse_seats(list: &[String]) -> Result<Vec<SeatSpec>> {
    let mut seats = Vec::new();
    for (i, s) in list.iter().enumerate() {
        let name = s.trim().to_ascii_lowercase();
        seats.push(match name.as_str() {
            "human" | "h" => SeatSpec::Human,
            n if BOT_NAMES.contains(&n) => SeatSpec::Bot(n.to_string()),
            other => bail!(
                "seat {}: unknown seat kind `{other}` (known: human, {})",
                i + 1,
                BOT_NAMES.join(", ")
            ),
        });
    }
    Ok(seats)
}
