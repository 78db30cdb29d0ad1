//! What the command-line program needs from each game beyond the engine's `Game` trait: how to
//! build a configuration from command-line options, and how to show the game in a terminal.
//! Each game has one module here; `play`, `simulate`, `apply`, `replay` and `bench` are written
//! once, generically, against [`CliGame`].

pub mod bigboss;
pub mod bigshot;

use anyhow::Result;
use boardroom_engine::{Game, Seat};

/// Game options shared by the subcommands (each game reads the ones it knows).
#[derive(Clone, Debug, Default)]
pub struct GameOptions {
    /// Rule set, e.g. `modern` or `classic` for Big Boss.
    pub edition: Option<String>,
    /// Number of players.
    pub players: usize,
    /// The seat that starts (default: drawn from the seed).
    pub first: Option<Seat>,
    /// Big Shot: a board file instead of the default board.
    pub board: Option<std::path::PathBuf>,
    /// Big Shot: the hidden-money variant.
    pub hidden_money: bool,
}

/// A game the command-line program can play, simulate and show.
pub trait CliGame: Game {
    /// Builds and validates a configuration from command-line options.
    fn make_config(opts: &GameOptions) -> Result<Self::Config>;

    /// One line describing a configuration, e.g. `Big Boss (modern), 4 players`.
    fn describe_config(config: &Self::Config) -> String;

    /// The event as a sentence, naming players by their colour.
    fn describe_event(event: &Self::Event) -> String;

    /// Whether the event starts a new turn (the terminal redraws the table then).
    fn starts_turn(event: &Self::Event) -> bool;

    /// The table as `viewer` may see it (their own secrets only).
    fn render(&self, viewer: Option<Seat>, color: bool) -> String;

    /// What the acting player is asked to do now.
    fn prompt(&self) -> String;

    /// An action with a short note on its effect, for the list of legal moves.
    fn explain(&self, action: Self::Action) -> String;

    /// Help text on the notation.
    fn notation_help() -> &'static str;

    /// The final scores as a table.
    fn score_table(&self) -> String;

    /// The display name of a seat.
    fn seat_name(seat: Seat) -> String;

    /// Game-specific figures of a finished game for the simulator's summary, e.g.
    /// `("mergers", 3.0)`; the simulator reports their means per game.
    fn final_stats(&self) -> Vec<(&'static str, f64)>;
}
