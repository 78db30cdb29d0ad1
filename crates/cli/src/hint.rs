//! `boardroom hint`: the legal actions of a position ranked for a player, with estimated win
//! chances (the search bots' view of the position, using only that player's knowledge).

use crate::tools::load_position;
use anyhow::{bail, Result};
use boardroom_bots::{hint_seat, rank_moves, SearchConfig};
use boardroom_registry::{Playable, Visitor};
use serde::Serialize;
use std::path::Path;

/// Options of `boardroom hint`.
pub struct HintOptions {
    /// The seat asking (default: the seat to act).
    pub viewer: Option<usize>,
    /// Search iterations.
    pub iterations: u32,
    /// Seed of the search.
    pub seed: u64,
    /// Print JSON.
    pub json: bool,
}

/// `boardroom hint` for the game of the position file.
pub struct Hint<'a> {
    /// The position file's text.
    pub text: &'a str,
    /// The position file (for errors).
    pub path: &'a Path,
    /// What to do.
    pub opts: HintOptions,
}

impl Visitor for Hint<'_> {
    type Output = Result<()>;
    fn visit<G: Playable>(self) -> Result<()> {
        run::<G>(self.text, self.path, &self.opts)
    }
}

#[derive(Serialize)]
struct Row {
    action: String,
    note: String,
    win_chance: Option<f64>,
    visits: u32,
}

/// Loads the position and prints its ranked actions.
fn run<G: Playable>(text: &str, path: &Path, opts: &HintOptions) -> Result<()> {
    let game: G = load_position(text, path)?;
    if opts.iterations == 0 {
        bail!("--iterations must be at least 1");
    }
    // The seat the game waits for, when several may act.
    let Some(to_act) = hint_seat(&game) else {
        bail!(
            "{}: the game is over: there is nothing to decide",
            path.display()
        );
    };
    let viewer = opts.viewer.unwrap_or(to_act);
    let hints = rank_moves(
        &game,
        viewer,
        SearchConfig::with_iterations(opts.iterations),
        opts.seed,
        boardroom_i18n::ENGLISH,
    )?;
    let rows: Vec<Row> = hints
        .into_iter()
        .map(|h| Row {
            note: if h.effect.is_empty() {
                h.notation.clone()
            } else {
                format!("{} ({})", h.notation, h.effect)
            },
            action: h.notation,
            win_chance: h.win_chance,
            visits: h.visits,
        })
        .collect();
    if opts.json {
        println!(
            "{}",
            serde_json::json!({ "viewer": viewer, "iterations": opts.iterations, "actions": rows })
        );
        return Ok(());
    }
    println!(
        "{} to act; actions ranked for {} by {} search iterations:",
        G::seat_name(to_act),
        G::seat_name(viewer),
        opts.iterations
    );
    println!("{:>4}  {:>9}  {:>7}  action", "rank", "win", "visits");
    for (i, r) in rows.iter().enumerate() {
        let chance = r
            .win_chance
            .map_or("-".to_string(), |c| format!("{:.1}%", 100.0 * c));
        println!("{:>4}  {:>9}  {:>7}  {}", i + 1, chance, r.visits, r.note);
    }
    Ok(())
}
