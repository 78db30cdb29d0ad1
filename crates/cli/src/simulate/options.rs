//! The options of `boardroom simulate` and their checks: games, threads, one bot per seat, and
//! the configurations to run (one, or one per compared value of the game's choice option).

use crate::options::{config, first_choice, GivenOptions};
use crate::seats::parse_bots;
use crate::words::Words;
use anyhow::{bail, Result};
use boardroom_engine::OptionKind;
use boardroom_registry::Playable;
use std::path::PathBuf;

/// Options of `boardroom simulate`.
pub struct SimOptions {
    /// Players per game.
    pub players: usize,
    /// The game's options as given.
    pub options: GivenOptions,
    /// Games per configuration.
    pub games: u64,
    /// Seed of the first game.
    pub seed: u64,
    /// Worker threads (default: all cores).
    pub threads: Option<usize>,
    /// Print one JSON object instead of a table.
    pub json: bool,
    /// One bot name per seat (default: random everywhere).
    pub bots: Option<Vec<String>>,
    /// Write one CSV row per game here.
    pub csv: Option<PathBuf>,
    /// Draw score distributions and win rates into this SVG file.
    pub plot: Option<PathBuf>,
    /// Values of the game's choice option to compare on the same seeds (e.g. its rule sets).
    pub compare: Option<Vec<String>>,
    /// Rotate the bots through the seats, game by game.
    pub rotate: bool,
    /// The language of the report (`--lang`; `None`: the environment's).
    pub lang: Option<String>,
}

impl SimOptions {
    /// The report's words: `--lang`'s language, else the environment's.
    pub fn words(&self) -> Result<Words> {
        Words::choose(self.lang.as_deref(), |name| std::env::var(name).ok())
    }

    /// The worker threads: as given, or every core.
    pub fn threads(&self) -> Result<usize> {
        let threads = self
            .threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
        if threads == 0 {
            bail!("--threads must be at least 1");
        }
        Ok(threads)
    }

    /// The bot of each seat, checked: one per seat.
    pub fn bots(&self) -> Result<Vec<String>> {
        match &self.bots {
            Some(list) => {
                let bots = parse_bots(list)?;
                if bots.len() != self.players {
                    bail!(
                        "--bots names {} bot{} but the table has {} players (--players {}): give one bot per seat",
                        bots.len(),
                        if bots.len() == 1 { "" } else { "s" },
                        self.players,
                        self.players
                    );
                }
                Ok(bots)
            }
            None => Ok(vec!["random".to_string(); self.players]),
        }
    }

    /// Every configuration to run, all checked before anything is played: the one given, or
    /// one per value of `--compare` (values of the game's first choice option).
    pub fn configs<G: Playable>(&self) -> Result<Vec<G::Config>> {
        let Some(list) = &self.compare else {
            return Ok(vec![config::<G>(self.players, None, &self.options)?]);
        };
        let Some(spec) = first_choice::<G>() else {
            bail!(
                "--compare compares the values of a game's choice option, and {} has none",
                G::TITLE
            );
        };
        let example = match spec.kind {
            OptionKind::Choice(choices) => choices.join(","),
            _ => String::new(),
        };
        if list.len() < 2 {
            bail!(
                "--compare needs at least two values of --{}, e.g. --compare {example}",
                spec.flag()
            );
        }
        if self.options.contains(spec.name) {
            bail!(
                "--compare chooses the values of --{}: leave out --{}",
                spec.flag(),
                spec.flag()
            );
        }
        list.iter()
            .map(|word| {
                config::<G>(
                    self.players,
                    None,
                    &self.options.with_word(spec, word.trim()),
                )
            })
            .collect()
    }
}
