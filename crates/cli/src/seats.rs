//! Who sits in a seat: a human at the terminal or a bot.

use anyhow::{bail, Result};
use std::fmt;

/// The kinds of seat the terminal game knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatKind {
    /// A person at this terminal.
    Human,
    /// A bot choosing uniformly among legal actions.
    Random,
}

impl fmt::Display for SeatKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SeatKind::Human => "human",
            SeatKind::Random => "random",
        })
    }
}

/// Reads a comma-separated seat list such as `human,random,random`.
pub fn parse_seats(list: &[String]) -> Result<Vec<SeatKind>> {
    let mut seats = Vec::new();
    for (i, s) in list.iter().enumerate() {
        seats.push(match s.trim().to_ascii_lowercase().as_str() {
            "human" | "h" => SeatKind::Human,
            "random" | "r" => SeatKind::Random,
            other => bail!(
                "seat {}: unknown seat kind `{other}` (known: human, random)",
                i + 1
            ),
        });
    }
    if !(2..=6).contains(&seats.len()) {
        bail!(
            "--seats lists {} seats; Big Boss is for 2 to 6 players",
            seats.len()
        );
    }
    Ok(seats)
}
