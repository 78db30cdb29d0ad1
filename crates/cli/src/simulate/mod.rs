//! `boardroom simulate`: many bot games on all cores, with a progress bar and a summary, for
//! any game of the registry.
//!
//! Game *i* uses seed *S + i* and its bots are seeded from that game seed and their seat, so
//! the results do not depend on the number of threads (except for bots with a time budget,
//! whose work depends on the machine's speed). `--compare` runs the same seeds under several
//! values of the game's choice option (its rule sets); `--rotate` moves the bots one seat on
//! from game to game; `--csv` writes one row per game;
//! `--plot` draws an SVG. The report, the progress bar and the plot are in the language of
//! `--lang` or the environment (`crate::words`); JSON and CSV are for programs and stay
//! language-free.
//!
//! | module | holds |
//! |---|---|
//! | `options` | [`SimOptions`] and their checks |
//! | `play` | one game with a bot per seat; many games on several threads |
//! | `results` | the data: `GameResult`, `Summary`, `Run` |
//! | `summary` | a run's summary from its games |
//! | `report` | the table, the comparison and the CSV file |
//! | `plot` | the SVG charts (reads only `results`) |

mod options;
mod play;
mod plot;
mod report;
mod results;
mod summary;

pub use options::SimOptions;
pub(crate) use play::run_games;
pub(crate) use results::GameResult;

use anyhow::{bail, Context, Result};
use boardroom_registry::{Playable, Visitor};
use results::{Run, Summary};

/// `boardroom simulate` for the game the registry finds.
pub struct Simulate(pub SimOptions);

impl Visitor for Simulate {
    type Output = Result<()>;
    fn visit<G: Playable>(self) -> Result<()> {
        run::<G>(&self.0)
    }
}

/// Runs the simulation and prints the summary.
fn run<G: Playable>(opt: &SimOptions) -> Result<()> {
    if opt.games == 0 {
        bail!("--games must be at least 1");
    }
    let words = opt.words()?;
    let threads = opt.threads()?;
    let bots = opt.bots()?;
    let configs = opt.configs::<G>()?;
    let mut runs = Vec::new();
    for config in &configs {
        let label = G::describe_config(config, boardroom_i18n::ENGLISH);
        let (results, seconds) = play::run_games::<G>(
            config, &bots, opt.rotate, opt.games, opt.seed, threads, &label, &words,
        )?;
        let summary = summary::summarize::<G>(
            config, &bots, opt.rotate, &results, opt.seed, threads, seconds,
        );
        runs.push(Run {
            label,
            seat_names: (0..bots.len()).map(G::seat_name).collect(),
            summary,
            results,
        });
    }
    if let Some(path) = &opt.csv {
        report::write_csv(path, &runs)
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    if let Some(path) = &opt.plot {
        plot::draw(path, &runs, &words)
            .with_context(|| format!("cannot draw {}", path.display()))?;
    }
    if opt.json {
        if runs.len() == 1 {
            println!("{}", serde_json::to_string(&runs[0].summary)?);
        } else {
            let all: Vec<&Summary> = runs.iter().map(|r| &r.summary).collect();
            println!("{}", serde_json::json!({ "compare": all }));
        }
    } else if runs.len() == 1 {
        report::print_table(&runs[0], &words);
    } else {
        report::print_comparison(&runs, &words);
    }
    Ok(())
}
