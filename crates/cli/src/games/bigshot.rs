//! Big Shot in the terminal: the command-line options handed to the game's own configuration
//! (the `--board` file is read here and its contents passed on), and everything shown taken from
//! the game's [`Present`] implementation.

use super::{CliGame, GameOptions};
use anyhow::{anyhow, bail, Context, Result};
use boardroom_bigshot::{Action, BigShot, BoardSpec, Config, Event};
use boardroom_engine::{Configure, Game, OptionValue, Options, Present, Seat, Viewer};

/// Reads a board file and checks it, naming the file in errors; returns its contents.
pub fn load_board(path: &std::path::Path) -> Result<String> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read board file {}", path.display()))?;
    BoardSpec::load(&text).map_err(|e| anyhow!("{}: {e}", path.display()))?;
    Ok(text)
}

impl CliGame for BigShot {
    fn make_config(opts: &GameOptions) -> Result<Config> {
        if let Some(e) = &opts.edition {
            bail!("Big Shot has no editions (`{e}`); use --hidden-money for the variant");
        }
        let mut options = Options::new();
        if opts.hidden_money {
            options.set("hidden_money", OptionValue::Flag(true));
        }
        if let Some(path) = &opts.board {
            options.set("board", OptionValue::Text(load_board(path)?));
        }
        options.check(
            <BigShot as Present>::TITLE,
            <BigShot as Configure>::option_specs(),
        )?;
        Ok(<BigShot as Configure>::make_config(
            opts.players,
            opts.first,
            &options,
        )?)
    }

    fn describe_config(config: &Config) -> String {
        <BigShot as Present>::describe_config(config)
    }

    fn describe_event(event: &Event) -> String {
        <BigShot as Present>::describe(event)
    }

    fn starts_turn(event: &Event) -> bool {
        <BigShot as Present>::starts_turn(event)
    }

    fn render(&self, viewer: Option<Seat>, color: bool) -> String {
        let viewer = viewer.map(Viewer::Seat).unwrap_or(Viewer::Spectator);
        <BigShot as Present>::draw(self, viewer, color)
    }

    fn prompt(&self) -> String {
        <BigShot as Present>::prompt(self)
    }

    fn explain(&self, action: Action) -> String {
        let text = self.format_action(action);
        let view = <BigShot as Present>::action_view(self, self.actor().unwrap_or(0), &action);
        if view.effect.is_empty() {
            text
        } else {
            format!("{text} ({})", view.effect)
        }
    }

    fn notation_help() -> &'static str {
        <BigShot as Present>::notation_help()
    }

    fn score_table(&self) -> String {
        <BigShot as Present>::score_table(self)
            .map(|t| t.to_text())
            .unwrap_or_default()
    }

    fn seat_name(seat: Seat) -> String {
        <BigShot as Present>::seat_name(seat)
    }

    fn final_stats(&self) -> Vec<(&'static str, f64)> {
        <BigShot as Present>::final_stats(self)
    }

    fn money(&self, seat: Seat) -> i64 {
        <BigShot as Present>::money(self, seat)
    }

    fn action_stat(&self, seat: Seat, action: Action) -> Option<&'static str> {
        <BigShot as Present>::action_stat(self, seat, &action)
    }
}
