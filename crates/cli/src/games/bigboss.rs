//! Big Boss in the terminal: everything comes from the game's own [`Present`] and [`Configure`]
//! implementations; this module only reads the command-line options into table options and
//! lays the final scores out as the terminal always has.

use super::{CliGame, GameOptions};
use anyhow::{anyhow, Result};
use boardroom_bigboss::{Action, BigBoss, Config, Edition, Event};
use boardroom_engine::{Configure, OptionValue, Options, Present, Seat, Viewer};
use std::fmt::Write;

/// The widths of the score columns after the player's name, as the terminal lays them out.
const SCORE_WIDTHS: [usize; 5] = [6, 7, 7, 6, 7];

impl CliGame for BigBoss {
    fn make_config(opts: &GameOptions) -> Result<Config> {
        if opts.board.is_some() || opts.hidden_money {
            return Err(anyhow!(
                "--board and --hidden-money are Big Shot options, not Big Boss ones"
            ));
        }
        let mut options = Options::new();
        if let Some(e) = &opts.edition {
            // The command line also accepts the years (2023, 1994) and any letter case.
            let edition: Edition = e.parse().map_err(|e: String| anyhow!(e))?;
            options.set("edition", OptionValue::Text(edition.as_str().to_string()));
        }
        Ok(<BigBoss as Configure>::make_config(
            opts.players,
            opts.first,
            &options,
        )?)
    }

    fn describe_config(config: &Config) -> String {
        <BigBoss as Present>::describe_config(config)
    }

    fn describe_event(event: &Event) -> String {
        <BigBoss as Present>::describe(event)
    }

    fn starts_turn(event: &Event) -> bool {
        <BigBoss as Present>::starts_turn(event)
    }

    fn render(&self, viewer: Option<Seat>, color: bool) -> String {
        let viewer = viewer.map_or(Viewer::Spectator, Viewer::Seat);
        <BigBoss as Present>::draw(self, viewer, color)
    }

    fn prompt(&self) -> String {
        <BigBoss as Present>::prompt(self)
    }

    fn explain(&self, action: Action) -> String {
        let view = <BigBoss as Present>::action_view(self, self.current(), &action);
        if view.effect.is_empty() {
            action.to_string()
        } else {
            format!("{action} ({})", view.effect)
        }
    }

    fn notation_help() -> &'static str {
        <BigBoss as Present>::notation_help()
    }

    fn score_table(&self) -> String {
        let Some(table) = <BigBoss as Present>::score_table(self) else {
            return String::new();
        };
        let mut out = format!("{:<8}", "player");
        for (column, w) in table.columns.iter().zip(SCORE_WIDTHS) {
            let _ = write!(out, " {column:>w$}");
        }
        out.push('\n');
        let mut rows = table.rows;
        rows.sort_by_key(|r| r.seat);
        for row in rows {
            let _ = write!(out, "{:<8}", row.name);
            for (cell, w) in row.cells.iter().zip(SCORE_WIDTHS) {
                let _ = write!(out, " {cell:>w$}");
            }
            if row.winner {
                out.push_str("  ← Big Boss");
            }
            out.push('\n');
        }
        out
    }

    fn seat_name(seat: Seat) -> String {
        <BigBoss as Present>::seat_name(seat)
    }

    fn final_stats(&self) -> Vec<(&'static str, f64)> {
        <BigBoss as Present>::final_stats(self)
    }

    fn money(&self, seat: Seat) -> i64 {
        <BigBoss as Present>::money(self, seat)
    }

    fn action_stat(&self, seat: Seat, action: Action) -> Option<&'static str> {
        <BigBoss as Present>::action_stat(self, seat, &action)
    }
}
