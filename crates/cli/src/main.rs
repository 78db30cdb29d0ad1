//! `boardroom`: the command-line program. A thin layer over the library crates: it parses
//! arguments, reaches the chosen game through the games registry (`boardroom-registry`) and runs
//! the subcommand for it. No file here names a game: the games, their options (as flags) and
//! the examples in the help all come from the registry.

mod abuse;
mod admin;
mod args;
mod bench;
mod dump;
mod gauntlet;
mod hint;
mod lang;
mod line;
mod load;
mod options;
mod play;
mod seats;
mod serve;
mod simulate;
mod stats;
mod tools;
mod words;

use args::{command, Cli, Command, DbCommand, RatingsCommand, TABLE_SUBCOMMANDS};
use clap::FromArgMatches;
use options::GivenOptions;
use std::process::ExitCode;

/// The allocator of the whole program. The server builds, parses and compares a JSON state
/// for every viewer at every change (and patches from them), and the rules make and drop small
/// lists and offers at most decisions: mimalloc's per-thread heaps, with each size of block in
/// pages of its own, serve these many small blocks faster than the system's allocator (see
/// docs/performance.md, "Offers and chat from one address").
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    restore_sigpipe();
    let matches = command().get_matches();
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    let given = matches
        .subcommand()
        .filter(|(name, _)| TABLE_SUBCOMMANDS.contains(name))
        .map(|(_, m)| GivenOptions::from_matches(m))
        .unwrap_or_default();
    match run(cli.command, given) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// Runs `command` for its game; `given` holds the option flags given to it.
fn run(command: Command, given: GivenOptions) -> anyhow::Result<()> {
    match command {
        Command::Play {
            game,
            players,
            seats,
            seed,
            first,
            record,
            no_color,
            lang,
        } => visit(
            &game,
            play::Play(play::PlayOptions {
                players,
                first,
                options: given,
                seats,
                seed,
                record,
                color: !no_color,
                lang: lang::of_process(lang.as_deref())?,
            }),
        ),
        Command::Simulate {
            game,
            players,
            games,
            seed,
            threads,
            json,
            bots,
            csv,
            plot,
            compare,
            rotate,
            lang,
        } => visit(
            &game,
            simulate::Simulate(simulate::SimOptions {
                players,
                options: given,
                games,
                seed,
                threads,
                json,
                bots,
                csv,
                plot,
                compare,
                rotate,
                lang,
            }),
        ),
        Command::Gauntlet {
            game,
            level,
            players,
            games,
            seed,
            threads,
            policies,
            json,
        } => visit(
            &game,
            gauntlet::Gauntlet(gauntlet::GauntletOptions {
                players,
                options: given,
                level,
                games,
                seed,
                threads,
                policies,
                json,
            }),
        ),
        Command::Apply {
            position,
            actions,
            events,
            json,
        } => {
            let text = tools::read_input(&position)?;
            let game = tools::game_of(&text, &position, "position file")?;
            let show = match (events, json) {
                (false, _) => tools::ApplyOutput::Position,
                (true, false) => tools::ApplyOutput::Events,
                (true, true) => tools::ApplyOutput::EventsJson,
            };
            visit(
                game,
                tools::Apply {
                    text: &text,
                    path: &position,
                    actions: &actions,
                    show,
                },
            )
        }
        Command::Score { position, json } => {
            let text = tools::read_input(&position)?;
            let game = tools::game_of(&text, &position, "position file")?;
            visit(
                game,
                tools::Score {
                    text: &text,
                    path: &position,
                    json,
                },
            )
        }
        Command::New {
            game,
            players,
            seed,
            first,
        } => visit(
            &game,
            tools::New {
                players,
                first,
                seed,
                options: given,
            },
        ),
        Command::Hint {
            position,
            viewer,
            iterations,
            seed,
            json,
        } => {
            let text = tools::read_input(&position)?;
            let game = tools::game_of(&text, &position, "position file")?;
            visit(
                game,
                hint::Hint {
                    text: &text,
                    path: &position,
                    opts: hint::HintOptions {
                        viewer,
                        iterations,
                        seed,
                        json,
                    },
                },
            )
        }
        Command::Replay { record } => {
            let text = tools::read_input(&record)?;
            let game = tools::game_of(&text, &record, "game record")?;
            visit(
                game,
                tools::Replay {
                    text: &text,
                    path: &record,
                },
            )
        }
        Command::Bench {
            game,
            players,
            seconds,
            decisions,
        } => visit(
            &game,
            bench::Bench {
                players,
                options: given,
                seconds,
                decisions,
            },
        ),
        Command::Serve {
            addr,
            db,
            bot_delay_ms,
            trust_proxy,
            secure_cookies,
            advertise,
            allow_origins,
            create_rate,
            create_burst,
            connect_rate,
            connect_burst,
            max_connections_per_address,
            costly_rate,
            costly_burst,
            header_timeout_secs,
            archive_after_min,
            expire_after_hours,
            notify,
            site,
        } => serve::serve(serve::ServeOptions {
            addr,
            db,
            bot_delay_ms,
            trust_proxy,
            secure_cookies,
            advertise,
            allow_origins,
            create: (create_rate, create_burst),
            connect: (connect_rate, connect_burst),
            max_connections_per_address,
            costly: (costly_rate, costly_burst),
            header_timeout_secs,
            archive_after_min,
            expire_after_hours,
            notify,
            site,
        }),
        Command::Db {
            command: DbCommand::Check { db, export },
        } => serve::db_check(&db, export.as_deref()),
        Command::Db {
            command: DbCommand::Dump { file, db },
        } => dump::dump(&db, &file),
        Command::Db {
            command: DbCommand::Restore { file, db },
        } => dump::restore(&db, &file),
        Command::Admin { command } => admin::admin(command),
        Command::Ratings {
            command: RatingsCommand::Rebuild { db },
        } => serve::ratings_rebuild(&db),
        Command::Load {
            game,
            url,
            tables,
            players,
            seconds,
            think_ms,
            json,
            abuse,
            abuse_from,
            server_pid,
        } => {
            let opts = visit(
                &game,
                load::Prepare {
                    urls: url
                        .iter()
                        .map(|u| u.trim().trim_end_matches('/').to_string())
                        .collect(),
                    tables,
                    players,
                    options: given,
                    duration: std::time::Duration::from_secs_f64(seconds),
                    think: std::time::Duration::from_millis(think_ms),
                },
            )?;
            if abuse.is_empty() {
                serve::load(opts, json)
            } else {
                serve::load_abuse(opts, &abuse, abuse_from, server_pid, json)
            }
        }
    }
}

/// Runs `visitor` for the game called `id` (checked by clap, or read from a file).
fn visit<T, V: boardroom_registry::Visitor<Output = anyhow::Result<T>>>(
    id: &str,
    visitor: V,
) -> anyhow::Result<T> {
    boardroom_registry::visit(id, visitor)?
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
