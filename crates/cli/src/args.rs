//! The command line's definition: the subcommands and their fixed arguments (derived with clap),
//! and what the registry adds to them (the games' option flags on the subcommands that set up a
//! table, the games and examples in the help).

use crate::{options, serve};
use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::{CommandFactory, Parser, Subcommand};
use std::path::PathBuf;

/// Boardroom: business board games with exact rules, bots, a terminal table and a browser
/// lobby.
#[derive(Parser, Debug)]
#[command(name = "boardroom", version, about, long_about = None)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Command,
}

/// The games as clap's possible values, each with its title as help.
fn game_parser() -> PossibleValuesParser {
    PossibleValuesParser::new(
        boardroom_registry::list()
            .into_iter()
            .map(|g| PossibleValue::new(g.id).help(g.title)),
    )
}

/// `boardroom db …`: work with a server's database.
#[derive(Subcommand, Debug)]
pub(crate) enum DbCommand {
    /// Report every stored table as ok, archived (played under a rules revision its game no
    /// longer replays: kept, read-only) or damaged (with the reason); with `--export`, write
    /// each readable table's game record (what `boardroom replay` reads) into a directory.
    ///
    /// Example: boardroom db check --db boardroom.sqlite --export records/
    Check {
        /// The SQLite database (opened read-only).
        #[arg(long)]
        db: PathBuf,
        /// Write `<table id>.json` for every table that replays into this directory.
        #[arg(long, value_name = "DIR")]
        export: Option<PathBuf>,
    },
    /// Write everything a database stores (tables, seats, actions, chat, finished games, "your
    /// turn" addresses) into a file of JSON lines, with which tables replay; SQLite or
    /// PostgreSQL (`--db postgres://…`), read while a server serves it.
    ///
    /// Example: boardroom db dump boardroom.dump --db boardroom.sqlite
    Dump {
        /// The file to write.
        file: PathBuf,
        /// The database: a SQLite file or a PostgreSQL URL.
        #[arg(long)]
        db: PathBuf,
    },
    /// Restore a file written by `db dump` into an empty database (SQLite, made when missing,
    /// or PostgreSQL), all or nothing, then replay every table: fails when a table that
    /// replayed when dumped does not.
    ///
    /// Example: boardroom db restore boardroom.dump --db postgres://boardroom@127.0.0.1/site
    Restore {
        /// The file written by `db dump`.
        file: PathBuf,
        /// The database to restore into: a SQLite file or a PostgreSQL URL.
        #[arg(long)]
        db: PathBuf,
    },
}

/// The operator's tools for accounts.
#[derive(Subcommand, Debug)]
pub(crate) enum AdminCommand {
    /// List the chat lines people reported, newest first.
    ///
    /// Example: boardroom admin reports --db boardroom.sqlite
    Reports {
        /// The database: a SQLite file or a PostgreSQL URL.
        #[arg(long)]
        db: PathBuf,
        /// How many reports at most.
        #[arg(long, default_value_t = 50)]
        limit: usize,
    },
    /// Suspend an account by its display name (its sessions end and it cannot sign in), or
    /// with --lift reinstate it.
    ///
    /// Example: boardroom admin suspend "Ann Lee" --db boardroom.sqlite
    Suspend {
        /// The account's display name.
        name: String,
        /// The database: a SQLite file or a PostgreSQL URL.
        #[arg(long)]
        db: PathBuf,
        /// Reinstate the account instead.
        #[arg(long)]
        lift: bool,
    },
}

/// `boardroom ratings …`: work with the ratings a server keeps.
#[derive(Subcommand, Debug)]
pub(crate) enum RatingsCommand {
    /// Recompute every rating and its history from the rated games stored with their ends, in
    /// the order they were rated, in one transaction: the numbers the server keeps, again.
    ///
    /// Example: boardroom ratings rebuild --db boardroom.sqlite
    Rebuild {
        /// The database: a SQLite file or a PostgreSQL URL (`postgres://…`).
        #[arg(long)]
        db: PathBuf,
    },
}

#[derive(Subcommand, Debug)]
pub(crate) enum Command {
    /// Play in the terminal against bots or friends (hot seat).
    Play {
        /// The game.
        #[arg(value_parser = game_parser())]
        game: String,
        /// Number of players; ignored when --seats is given.
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
        /// The language of the game's words (`en`, `de`). Default: the locale of the
        /// environment (`LC_ALL`, `LC_MESSAGES`, `LANG`), else English.
        #[arg(long)]
        lang: Option<String>,
    },
    /// Play many bot games and summarise them.
    Simulate {
        /// The game.
        #[arg(long, value_parser = game_parser(), default_value = boardroom_registry::IDS[0])]
        game: String,
        /// Number of players.
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
        /// Run several values of the game's choice option (its rule set) on the same seeds and
        /// show them side by side, comma-separated.
        #[arg(long, value_delimiter = ',', value_name = "WORDS")]
        compare: Option<Vec<String>>,
        /// Rotate the seats: game i seats the k-th bot of --bots at seat (k + i) mod players,
        /// so every bot sits in every seat equally often (use a multiple of the players for
        /// --games). The bot summary then compares bots free of seat advantage.
        #[arg(long)]
        rotate: bool,
        /// The language of the report, the progress bar and the plot (en, de; default: from
        /// LC_ALL, LC_MESSAGES or LANG, else English). JSON and CSV stay language-free.
        #[arg(long, value_name = "LANG")]
        lang: Option<String>,
    },
    /// Play the bots' gauntlet: every fixed simple policy (first, last, lowest-id, highest-id
    /// or random legal action, and the game's scripted strategies) against a bot level, with
    /// the seats rotated, and report each policy's win share against its bar (its fair share
    /// plus five points).
    Gauntlet {
        /// The game.
        #[arg(value_parser = game_parser())]
        game: String,
        /// The bot level the policies play against (every other seat).
        #[arg(long, default_value = "heuristic")]
        level: String,
        /// Number of players.
        #[arg(long, default_value_t = 2)]
        players: usize,
        /// Games per policy (rounded up to a multiple of the players).
        #[arg(long, default_value_t = 100)]
        games: u64,
        /// Seed of the first game; game i uses seed + i.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Worker threads (default: all cores).
        #[arg(long)]
        threads: Option<usize>,
        /// The policies to play, comma-separated (default: all of the game's).
        #[arg(long, value_delimiter = ',')]
        policies: Option<Vec<String>>,
        /// Print exactly one JSON object on stdout instead of a table.
        #[arg(long)]
        json: bool,
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
    /// Load a position, apply actions in notation, print the resulting position as JSON (or,
    /// with --events, the events each action caused).
    ///
    /// Example: boardroom apply start.json "<action>" "<action>" > next.json
    Apply {
        /// The position file (JSON; `-` reads standard input).
        position: PathBuf,
        /// Actions in notation, applied in order, each by the seat to act (when several seats
        /// may act: the first of them for whom it is legal); `@SEAT ACTION` names the seat
        /// (`@2 bid 220`), as games where several seats may act need.
        actions: Vec<String>,
        /// Print the events each action caused, in words, instead of the resulting position.
        #[arg(long)]
        events: bool,
        /// With --events: print one JSON array of `{seat, action, events: [{text, detail}]}`.
        #[arg(long, requires = "events")]
        json: bool,
    },
    /// Print the score table of a finished position; for a game not over, say so and print the
    /// standings if it ended now (when the game can tell).
    ///
    /// Example: boardroom score end.json --json
    Score {
        /// The position file (JSON; `-` reads standard input).
        position: PathBuf,
        /// Print one JSON object: `over`, `scores` (the table), `outcome` or `standings`.
        #[arg(long)]
        json: bool,
    },
    /// Write the starting position of a new game as JSON.
    New {
        /// The game.
        #[arg(value_parser = game_parser())]
        game: String,
        /// Number of players.
        #[arg(long, default_value_t = 4)]
        players: usize,
        /// Seed for the shuffle.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The seat that starts (default: drawn from the seed).
        #[arg(long)]
        first: Option<usize>,
    },
    /// Print a game record move by move, with its events and the final scores.
    ///
    /// Example: boardroom replay game.json
    Replay {
        /// The record file (JSON).
        record: PathBuf,
    },
    /// Measure speed on one core: random playouts, search iterations, move time per bot level.
    Bench {
        /// The game.
        #[arg(long, value_parser = game_parser(), default_value = boardroom_registry::IDS[0])]
        game: String,
        /// Number of players.
        #[arg(long, default_value_t = 4)]
        players: usize,
        /// How long to measure playouts, and search speed per rollout kind, in seconds.
        #[arg(long, default_value_t = 3.0)]
        seconds: f64,
        /// Decisions timed per bot level.
        #[arg(long, default_value_t = 20)]
        decisions: usize,
    },
    /// Serve the browser client: a lobby and live tables with friends and bots.
    ///
    /// Example: boardroom serve --addr 127.0.0.1:8080 --db boardroom.sqlite
    Serve {
        /// Address to listen on (port 0 picks a free port).
        #[arg(long, default_value = "127.0.0.1:8080")]
        addr: std::net::SocketAddr,
        /// The database holding every table: a SQLite file (created when missing), or a
        /// PostgreSQL URL (`postgres://user:password@host/dbname`, its schema created when
        /// missing), which several instances of the server may share.
        #[arg(long, default_value = "boardroom.sqlite")]
        db: PathBuf,
        /// Pause before each bot move, in milliseconds, so people can follow (the default for
        /// tables created without a bot speed; slow, normal and fast set their own).
        #[arg(long, default_value_t = 700)]
        bot_delay_ms: u64,
        /// Behind a reverse proxy: take the client's address from the last entry of
        /// `X-Forwarded-For` (only when every request comes through that proxy).
        #[arg(long)]
        trust_proxy: bool,
        /// Mark the session cookie `Secure` on every answer (when TLS ends in front of the
        /// server without `--trust-proxy` saying so, or `--public-url` is not https://).
        #[arg(long)]
        secure_cookies: bool,
        /// With a PostgreSQL `--db` served by several instances: where the others reach this
        /// one (http://host:port), to forward it the requests for the tables it plays. Default:
        /// the address it listens on (0.0.0.0 taken as 127.0.0.1).
        #[arg(long, value_name = "URL")]
        advertise: Option<String>,
        /// Also accept WebSockets from pages of this origin (e.g. https://play.example.org);
        /// repeatable. The server's own host is always accepted.
        #[arg(long = "allow-origin", value_name = "URL")]
        allow_origins: Vec<String>,
        /// Tables one client address may create per second on average.
        #[arg(long, default_value_t = 20.0)]
        create_rate: f64,
        /// Tables one client address may create at once.
        #[arg(long, default_value_t = 100.0)]
        create_burst: f64,
        /// WebSocket connections one client address may open per second on average.
        #[arg(long, default_value_t = 30.0)]
        connect_rate: f64,
        /// WebSocket connections one client address may open at once.
        #[arg(long, default_value_t = 300.0)]
        connect_burst: f64,
        /// Connections (HTTP and WebSocket) one client address may hold open at once; 0: no
        /// limit. Ignored with --trust-proxy (every connection then comes from the proxy).
        #[arg(long, default_value_t = 256)]
        max_connections_per_address: usize,
        /// Costly requests (replay frames, whole logs, hints, record downloads) one client
        /// address may make per second on average.
        #[arg(long, default_value_t = 10.0)]
        costly_rate: f64,
        /// Costly requests one client address may make at once.
        #[arg(long, default_value_t = 40.0)]
        costly_burst: f64,
        /// Seconds a connection may take to send a request's headers before it is closed.
        #[arg(long, default_value_t = 10.0)]
        header_timeout_secs: f64,
        /// Minutes after its end a finished table with nobody connected leaves memory (it
        /// stays in the database; its link brings it back).
        #[arg(long, default_value_t = 10.0)]
        archive_after_min: f64,
        /// Hours after which a table where nobody played and nobody visited expires.
        #[arg(long, default_value_t = 24.0)]
        expire_after_hours: f64,
        #[command(flatten)]
        notify: serve::NotifyArgs,
        #[command(flatten)]
        site: serve::SiteArgs,
    },
    /// Work with a server's database.
    Db {
        #[command(subcommand)]
        command: DbCommand,
    },
    /// The operator's tools for accounts: reported chat lines, suspending an account.
    Admin {
        #[command(subcommand)]
        command: AdminCommand,
    },
    /// Work with the ratings a server keeps (rated tables' players and bot levels).
    Ratings {
        #[command(subcommand)]
        command: RatingsCommand,
    },
    /// Drive many concurrent tables over WebSockets against a running server and report
    /// round-trip times and memory.
    Load {
        /// The game of every table.
        #[arg(long, value_parser = game_parser(), default_value = boardroom_registry::IDS[0])]
        game: String,
        /// The server; several, comma-separated (the instances of one site), spread the tables
        /// over them in turn.
        #[arg(long, default_value = "http://127.0.0.1:8080", value_delimiter = ',')]
        url: Vec<String>,
        /// Concurrent tables.
        #[arg(long, default_value_t = 100)]
        tables: usize,
        /// Players per table (each one WebSocket connection).
        #[arg(long, default_value_t = 3)]
        players: usize,
        /// Seconds of play to measure.
        #[arg(long, default_value_t = 30.0)]
        seconds: f64,
        /// Pause before each action, in milliseconds.
        #[arg(long, default_value_t = 250)]
        think_ms: u64,
        /// Print the report as one JSON object.
        #[arg(long)]
        json: bool,
        /// Measure the honest tables undisturbed, then beside one abusive client address per
        /// endpoint named (comma-separated; `all`: every one): hint, replay, log, record,
        /// half-open, offers, chat. The server must be on a loopback address.
        #[arg(long, value_delimiter = ',')]
        abuse: Vec<String>,
        /// The abuser's own address (a loopback address other than the honest tables').
        #[arg(long, default_value = "127.0.0.2")]
        abuse_from: std::net::IpAddr,
        /// The server's process id (Linux, same machine): the report gives the server's CPU
        /// time per abusive action.
        #[arg(long)]
        server_pid: Option<u32>,
    },
}

/// The subcommands that set up a table, and so take the games' option flags.
pub(crate) const TABLE_SUBCOMMANDS: [&str; 6] =
    ["play", "new", "simulate", "gauntlet", "bench", "load"];

/// The games as the end of `--help` lists them: id, title, players and option flags.
fn games_help() -> String {
    let mut out = String::from("Games:\n");
    for g in boardroom_registry::list() {
        let flags: Vec<String> = g
            .options
            .iter()
            .map(|o| format!("--{}", o.flag()))
            .collect();
        out.push_str(&format!(
            "  {:<12} {}, {} to {} players{}\n",
            g.id,
            g.title,
            g.min_players,
            g.max_players,
            if flags.is_empty() {
                String::new()
            } else {
                format!("; options {}", flags.join(", "))
            }
        ));
    }
    out
}

/// Examples for a subcommand's help, built from the registry's games and their options.
fn examples(sub: &str) -> String {
    let games = boardroom_registry::list();
    let first = &games[0];
    // One example per game with its first option set, so every game is shown once.
    let with_option = |g: &boardroom_registry::GameInfo| -> String {
        match g.options.iter().find(|o| o.lobby) {
            Some(o) => match o.kind {
                boardroom_engine::OptionKind::Flag => format!(" --{}", o.flag()),
                boardroom_engine::OptionKind::Choice(c) => {
                    format!(" --{} {}", o.flag(), c.last().copied().unwrap_or(""))
                }
                boardroom_engine::OptionKind::File => format!(" --{} FILE", o.flag()),
            },
            None => String::new(),
        }
    };
    let mut lines = Vec::new();
    match sub {
        "play" => {
            lines.push(format!(
                "boardroom play {} --seats human,normal,normal",
                first.id
            ));
            for g in &games {
                lines.push(format!(
                    "boardroom play {}{} --seats human,human --record game.json",
                    g.id,
                    with_option(g)
                ));
            }
        }
        "new" => {
            for g in &games {
                lines.push(format!(
                    "boardroom new {}{} --players {} --seed 7 > start.json",
                    g.id,
                    with_option(g),
                    g.min_players
                ));
            }
        }
        "simulate" => {
            lines.push("boardroom simulate --players 4 --games 10000 --json".to_string());
            for g in &games {
                lines.push(format!(
                    "boardroom simulate --game {}{} --bots heuristic,random --players 2 --csv games.csv",
                    g.id,
                    with_option(g)
                ));
                if let Some(o) = g.options.iter().find(
                    |o| matches!(o.kind, boardroom_engine::OptionKind::Choice(c) if c.len() > 1),
                ) {
                    if let boardroom_engine::OptionKind::Choice(c) = o.kind {
                        lines.push(format!(
                            "boardroom simulate --game {} --compare {}",
                            g.id,
                            c.join(",")
                        ));
                    }
                }
            }
        }
        "gauntlet" => {
            for g in &games {
                lines.push(format!(
                    "boardroom gauntlet {}{} --level normal --games 400",
                    g.id,
                    with_option(g)
                ));
            }
            lines.push(format!(
                "boardroom gauntlet {} --level heuristic --players 4 --policies lowest-id,random",
                first.id
            ));
        }
        "bench" => {
            for g in &games {
                lines.push(format!("boardroom bench --game {} --seconds 1", g.id));
            }
        }
        "load" => {
            lines.push(format!(
                "boardroom load --game {}{} --url http://127.0.0.1:8080 --tables 500 --seconds 30",
                first.id,
                with_option(first)
            ));
        }
        _ => {}
    }
    let mut out = String::from("Examples:\n");
    for l in lines {
        out.push_str(&format!("  {l}\n"));
    }
    out
}

/// The whole command line: the fixed arguments (derived above), the games' option flags on the
/// subcommands that set up a table, and help built from the registry.
pub(crate) fn command() -> clap::Command {
    let mut cmd = Cli::command().after_help(games_help());
    for sub in TABLE_SUBCOMMANDS {
        cmd = cmd.mut_subcommand(sub, |c| {
            options::add_flags(c).after_help(format!("{}\n{}", examples(sub), games_help()))
        });
    }
    cmd
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_is_consistent_and_offers_every_game_and_option() {
        // Duplicate flags (an option named like a fixed argument) and other mistakes panic here.
        command().debug_assert();
        let help = games_help();
        for g in boardroom_registry::list() {
            assert!(help.contains(g.id) && help.contains(g.title));
            for sub in TABLE_SUBCOMMANDS {
                assert!(examples(sub).contains(g.id) || sub == "load", "{sub}");
            }
            for o in g.options {
                assert!(help.contains(&format!("--{}", o.flag())));
            }
        }
    }

    #[test]
    fn option_flags_reach_only_the_subcommands_that_set_up_a_table() {
        let cmd = command();
        let flag = options::flags()[0].spec.flag();
        for sub in cmd.get_subcommands() {
            let has = sub
                .get_arguments()
                .any(|a| a.get_long() == Some(flag.as_str()));
            assert_eq!(
                has,
                TABLE_SUBCOMMANDS.contains(&sub.get_name()),
                "{}",
                sub.get_name()
            );
        }
    }
}
