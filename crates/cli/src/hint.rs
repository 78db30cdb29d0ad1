//! `boardroom hint`: the legal actions of a position ranked for a player, with estimated win
//! chances (the search bots' view of the position, using only that player's knowledge).

use crate::games::CliGame;
use crate::tools::load_position;
use anyhow::{bail, Result};
use boardroom_bots::{rank_actions, SearchConfig};
use serde::Serialize;
use std::path::Path;

/// Options of `boardroom hint`.
pub struct HintOptions {
    pub viewer: Option<usize>,
    pub iterations: u32,
    pub seed: u64,
    pub json: bool,
}

#[derive(Serialize)]
struct Row {
    action: String,
    note: String,
    win_chance: Option<f64>,
    visits: u32,
}

/// Loads the position and prints its ranked actions.
pub fn run<G: CliGame>(text: &str, path: &Path, opts: &HintOptions) -> Result<()> {
    let game: G = load_position(text, path)?;
    if opts.iterations == 0 {
        bail!("--iterations must be at least 1");
    }
    let Some(to_act) = game.to_act().first() else {
        bail!(
            "{}: the game is over: there is nothing to decide",
            path.display()
        );
    };
    let viewer = opts.viewer.unwrap_or(to_act);
    let hints = rank_actions(
        &game,
        viewer,
        SearchConfig::with_iterations(opts.iterations),
        opts.seed,
    )?;
    let rows: Vec<Row> = hints
        .iter()
        .map(|h| Row {
            action: game.format_action(h.action.clone()),
            note: game.explain(h.action.clone()),
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
