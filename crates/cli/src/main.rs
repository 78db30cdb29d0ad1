//! `boardroom`: the command-line program. A thin layer over the library crates: it parses
//! arguments and calls them.

mod bench;
mod games;
mod hint;
mod load;
mod play;
mod plot;
mod seats;
mod serve;
mod simulate;
mod stats;
mod tools;

use boardroom_bigboss::BigBoss;
use boardroom_bigshot::BigShot;
use boardroom_engine::Game;
use clap::{Parser, Subcommand, ValueEnum};
use games::GameOptions;
use std::path::PathBuf;
use std::process::ExitCode;

/// Boardroom: business board games (Big Boss, Modern and Classic) with exact rules and bots.
#[derive(Parser, Debug)]
#[command(name = "boardroom", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The games Boardroom knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum GameKind {
    /// Wolfgang Kramer's Big Boss.
    BigBoss,
    /// Alex Randolph's Big Shot.
    BigShot,
}

/// Options only Big Shot reads.
#[derive(clap::Args, Debug, Clone, Default)]
struct BigShotArgs {
    /// Big Shot: a board file (JSON) instead of the default city.
    #[arg(long, value_name = "FILE")]
    board: Option<PathBuf>,
    /// Big Shot: the hidden-money variant (coins hidden, loans only before bidding).
    #[arg(long)]
    hidden_money: bool,
}

impl BigShotArgs {
    /// Game options carrying these settings (the rest filled in by the caller).
    fn options(self) -> GameOptions {
        GameOptions {
            board: self.board,
            hidden_money: self.hidden_money,
            ..GameOptions::default()
        }
    }
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Play in the terminal against bots or friends (hot seat).
    ///
    /// Example: boardroom play big-boss --edition modern --seats human,random,random
    Play {
        /// The game.
        game: GameKind,
        /// Rule set (Big Boss: modern or classic).
        #[arg(long)]
        edition: Option<String>,
        /// Number of players (2-6); ignored when --seats is given.
        #[arg(long, default_value_t = 3)]
        players: usize,
        /// Who sits in each seat, comma-separated: human, random, heuristic, easy, normal,
        /// hard or ismcts:N. Default: one human, the rest normal bots.
        #[arg(long, value_delimiter = ',')]
        seats: Option<Vec<String>>,
        /// Seed for the shuffle (default: from the clock).
        #[arg(long)]
        seed: Option<u64>,
        /// The seat that starts (default: drawn from the seed).
        #[arg(long)]
        first: Option<usize>,
        /// Write the game record (config, seed, actions) to this file as the game goes.
        #[arg(long)]
        record: Option<PathBuf>,
        /// Never use colours.
        #[arg(long)]
        no_color: bool,
        #[command(flatten)]
        bigshot: BigShotArgs,
    },
    /// Play many bot games and summarise them.
    ///
    /// Example: boardroom simulate --game big-boss --players 4 --games 10000 --json
    Simulate {
        /// The game.
        #[arg(long, default_value = "big-boss")]
        game: GameKind,
        /// Rule set (Big Boss: modern or classic).
        #[arg(long)]
        edition: Option<String>,
        /// Number of players (2-6).
        #[arg(long, default_value_t = 4)]
        players: usize,
        /// Number of games.
        #[arg(long, default_value_t = 1000)]
        games: u64,
        /// Seed of the first game; game i uses seed + i.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Worker threads (default: all cores).
        #[arg(long)]
        threads: Option<usize>,
        /// Print exactly one JSON object on stdout instead of a table.
        #[arg(long)]
        json: bool,
        /// One bot per seat, comma-separated: random, heuristic, easy, normal, hard or
        /// ismcts:N (search with N iterations). Default: random in every seat.
        #[arg(long, value_delimiter = ',')]
        bots: Option<Vec<String>>,
        /// Write one row per game to this CSV file.
        #[arg(long)]
        csv: Option<PathBuf>,
        /// Draw score distributions and win rates by seat into this SVG file.
        #[arg(long)]
        plot: Option<PathBuf>,
        /// Run several rule sets on the same seeds and show them side by side, e.g.
        /// --compare modern,classic.
        #[arg(long, value_delimiter = ',')]
        compare: Option<Vec<String>>,
        #[command(flatten)]
        bigshot: BigShotArgs,
    },
    /// Rank the legal actions of a position for a player, with estimated win chances.
    ///
    /// Example: boardroom hint position.json --viewer 2
    Hint {
        /// The position file (JSON; `-` reads standard input).
        position: PathBuf,
        /// The seat asking (default: the seat to act).
        #[arg(long)]
        viewer: Option<usize>,
        /// Search iterations (more is slower and surer).
        #[arg(long, default_value_t = 4000)]
        iterations: u32,
        /// Seed of the search.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Load a position, apply actions in notation, print the resulting position as JSON.
    ///
    /// Example: boardroom apply start.json "play 23" "found 21" "double 22" "hq Regent"
    Apply {
        /// The position file (JSON; `-` reads standard input).
        position: PathBuf,
        /// Actions in notation, applied in order by the seat to act.
        actions: Vec<String>,
    },
    /// Write the starting position of a new game as JSON.
    ///
    /// Example: boardroom new big-boss --players 4 --seed 7 > start.json
    New {
        /// The game.
        game: GameKind,
        /// Rule set (Big Boss: modern or classic).
        #[arg(long)]
        edition: Option<String>,
        /// Number of players (2-6).
        #[arg(long, default_value_t = 4)]
        players: usize,
        /// Seed for the shuffle.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The seat that starts (default: drawn from the seed).
        #[arg(long)]
        first: Option<usize>,
        #[command(flatten)]
        bigshot: BigShotArgs,
    },
    /// Print a game record move by move, with its events and the final scores.
    Replay {
        /// The record file (JSON).
        record: PathBuf,
    },
    /// Measure speed on one core: random playouts, search iterations, move time per bot level.
    Bench {
        /// The game.
        #[arg(long, default_value = "big-boss")]
        game: GameKind,
        /// Rule set (Big Boss: modern or classic).
        #[arg(long)]
        edition: Option<String>,
        /// Number of players.
        #[arg(long, default_value_t = 4)]
        players: usize,
        /// How long to measure playouts, and search speed per rollout kind, in seconds.
        #[arg(long, default_value_t = 3.0)]
        seconds: f64,
        /// Decisions timed per bot level.
        #[arg(long, default_value_t = 20)]
        decisions: usize,
        #[command(flatten)]
        bigshot: BigShotArgs,
    },
    /// Serve the browser client: a lobby and live tables with friends and bots.
    ///
    /// Example: boardroom serve --addr 127.0.0.1:8080 --db boardroom.sqlite
    Serve {
        /// Address to listen on (port 0 picks a free port).
        #[arg(long, default_value = "127.0.0.1:8080")]
        addr: std::net::SocketAddr,
        /// The SQLite database holding every table (created when missing).
        #[arg(long, default_value = "boardroom.sqlite")]
        db: PathBuf,
        /// Pause before each bot move, in milliseconds, so people can follow.
        #[arg(long, default_value_t = 700)]
        bot_delay_ms: u64,
    },
    /// Drive many concurrent tables over WebSockets against a running server and report
    /// round-trip times and memory.
    ///
    /// Example: boardroom load --url http://127.0.0.1:8080 --tables 500 --seconds 30
    Load {
        /// The server.
        #[arg(long, default_value = "http://127.0.0.1:8080")]
        url: String,
        /// Concurrent tables.
        #[arg(long, default_value_t = 100)]
        tables: usize,
        /// Players per table (each one WebSocket connection).
        #[arg(long, default_value_t = 3)]
        players: usize,
        /// Rule set.
        #[arg(long, default_value = "modern")]
        edition: String,
        /// Seconds of play to measure.
        #[arg(long, default_value_t = 30.0)]
        seconds: f64,
        /// Pause before each action, in milliseconds.
        #[arg(long, default_value_t = 250)]
        think_ms: u64,
        /// Print the report as one JSON object.
        #[arg(long)]
        json: bool,
    },
}

fn main() -> ExitCode {
    restore_sigpipe();
    let cli = Cli::parse();
    match run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

fn run(command: Command) -> anyhow::Result<()> {
    match command {
        Command::Play {
            game,
            edition,
            players,
            seats,
            seed,
            first,
            record,
            no_color,
            bigshot,
        } => {
            let opts = play::PlayOptions {
                game: GameOptions {
                    edition,
                    players,
                    first,
                    ..bigshot.options()
                },
                seats,
                seed,
                record,
                color: !no_color,
            };
            match game {
                GameKind::BigBoss => play::run::<BigBoss>(opts),
                GameKind::BigShot => play::run::<BigShot>(opts),
            }
        }
        Command::Simulate {
            game,
            edition,
            players,
            games,
            seed,
            threads,
            json,
            bots,
            csv,
            plot,
            compare,
            bigshot,
        } => {
            let opts = simulate::SimOptions {
                game: GameOptions {
                    edition,
                    players,
                    first: None,
                    ..bigshot.options()
                },
                games,
                seed,
                threads,
                json,
                bots,
                csv,
                plot,
                compare,
            };
            match game {
                GameKind::BigBoss => simulate::run::<BigBoss>(opts),
                GameKind::BigShot => simulate::run::<BigShot>(opts),
            }
        }
        Command::Apply { position, actions } => {
            let text = tools::read_input(&position)?;
            match game_of_position(&text, &position)? {
                GameKind::BigBoss => tools::apply::<BigBoss>(&text, &position, &actions),
                GameKind::BigShot => tools::apply::<BigShot>(&text, &position, &actions),
            }
        }
        Command::New {
            game,
            edition,
            players,
            seed,
            first,
            bigshot,
        } => {
            let opts = GameOptions {
                edition,
                players,
                first,
                ..bigshot.options()
            };
            match game {
                GameKind::BigBoss => tools::new_position::<BigBoss>(&opts, seed),
                GameKind::BigShot => tools::new_position::<BigShot>(&opts, seed),
            }
        }
        Command::Hint {
            position,
            viewer,
            iterations,
            seed,
            json,
        } => {
            let text = tools::read_input(&position)?;
            let opts = hint::HintOptions {
                viewer,
                iterations,
                seed,
                json,
            };
            match game_of_position(&text, &position)? {
                GameKind::BigBoss => hint::run::<BigBoss>(&text, &position, &opts),
                GameKind::BigShot => hint::run::<BigShot>(&text, &position, &opts),
            }
        }
        Command::Replay { record } => tools::replay_file(&record),
        Command::Bench {
            game,
            edition,
            players,
            seconds,
            decisions,
            bigshot,
        } => {
            let opts = GameOptions {
                edition,
                players,
                first: None,
                ..bigshot.options()
            };
            match game {
                GameKind::BigBoss => bench::run::<BigBoss>(&opts, seconds, decisions),
                GameKind::BigShot => bench::run::<BigShot>(&opts, seconds, decisions),
            }
        }
        Command::Serve {
            addr,
            db,
            bot_delay_ms,
        } => serve::serve(addr, db, bot_delay_ms),
        Command::Load {
            url,
            tables,
            players,
            edition,
            seconds,
            think_ms,
            json,
        } => serve::load(
            load::LoadOptions {
                url: url.trim_end_matches('/').to_string(),
                tables,
                players,
                game: BigBoss::NAME.to_string(),
                options: [("edition".to_string(), serde_json::Value::from(edition))]
                    .into_iter()
                    .collect(),
                duration: std::time::Duration::from_secs_f64(seconds),
                think: std::time::Duration::from_millis(think_ms),
            },
            json,
        ),
    }
}

/// Lets the program end quietly when its output is closed early (`boardroom replay game.json |
/// head`), as command-line tools do, instead of panicking on a failed write.
fn restore_sigpipe() {
    #[cfg(unix)]
    // SAFETY: resetting a signal disposition to its default before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// Which game a position file holds, from its `game` field.
fn game_of_position(text: &str, path: &std::path::Path) -> anyhow::Result<GameKind> {
    let value: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| anyhow::anyhow!("{}: not a valid position file: {e}", path.display()))?;
    match value.get("game").and_then(|g| g.as_str()) {
        Some(boardroom_bigboss::position::GAME_NAME) => Ok(GameKind::BigBoss),
        Some(boardroom_bigshot::position::GAME_NAME) => Ok(GameKind::BigShot),
        Some(other) => anyhow::bail!("{}: unknown game `{other}`", path.display()),
        None => anyhow::bail!(
            "{}: not a valid position file: the `game` field is missing",
            path.display()
        ),
    }
}
