//! The simulator's reports: the summary table of one run, the side-by-side comparison of
//! several, and the CSV file of every game.

use super::results::{Run, Summary};
use crate::stats::Interval;
use anyhow::Result;
use std::path::Path;

/// One row per game: run label, index, seed, decisions, game figures, then per seat the bot,
/// score, money and reward.
pub fn write_csv(path: &Path, runs: &[Run]) -> Result<()> {
    let mut w = csv::Writer::from_path(path)?;
    let players = runs[0].summary.players;
    let mut keys: Vec<&'static str> = Vec::new();
    for run in runs {
        for r in &run.results {
            for &k in r.stats.keys() {
                if !keys.contains(&k) {
                    keys.push(k);
                }
            }
        }
    }
    keys.sort();
    let mut header: Vec<String> = vec![
        "config".into(),
        "game".into(),
        "seed".into(),
        "decisions".into(),
    ];
    header.extend(keys.iter().map(|k| k.to_string()));
    for s in 0..players {
        for f in ["bot", "score", "money", "reward"] {
            header.push(format!("seat{s}_{f}"));
        }
    }
    w.write_record(&header)?;
    for run in runs {
        for r in &run.results {
            let mut row: Vec<String> = vec![
                run.label.clone(),
                r.index.to_string(),
                r.seed.to_string(),
                r.decisions.to_string(),
            ];
            row.extend(
                keys.iter()
                    .map(|k| r.stats.get(k).copied().unwrap_or(0.0).to_string()),
            );
            for s in 0..players {
                row.push(run.summary.bots[r.slots[s]].clone());
                row.push(r.scores[s].to_string());
                row.push(r.money[s].to_string());
                row.push(r.rewards[s].to_string());
            }
            w.write_record(&row)?;
        }
    }
    w.flush()?;
    Ok(())
}

/// An interval in percent.
fn pct(i: &Interval) -> String {
    format!("[{:.1}, {:.1}]", 100.0 * i.low, 100.0 * i.high)
}

/// The summary of one run as a table.
pub fn print_table(run: &Run) {
    let s = &run.summary;
    println!(
        "{}: {} games from seed {} on {} thread{}{}",
        s.config,
        s.games,
        s.seed,
        s.threads,
        if s.threads == 1 { "" } else { "s" },
        if s.rotated {
            "; bots rotated through the seats"
        } else {
            ""
        }
    );
    println!();
    // The bot column fits the longest name (e.g. `heuristic-nodeal`).
    let w = s.bots.iter().map(|b| b.len()).max().unwrap_or(0).max(12);
    println!(
        "{:<8} {:<w$} {:>8} {:>8} {:>16} {:>11}",
        "seat", "bot", "wins", "win %", "95% CI", "mean score"
    );
    for seat in 0..s.players {
        println!(
            "{:<8} {:<w$} {:>8.1} {:>7.1}% {:>16} {:>11.1}",
            run.seat_names[seat],
            if s.rotated {
                "(rotated)"
            } else {
                &s.bots[seat]
            },
            s.wins_by_seat[seat],
            100.0 * s.win_rate_by_seat[seat],
            pct(&s.win_rate_ci_by_seat[seat]),
            s.mean_score_by_seat[seat],
        );
    }
    println!();
    println!(
        "{:<w$} {:>6} {:>12} {:>16} {:>11}",
        "bot", "seats", "win %/seat", "95% CI", "mean score"
    );
    for b in &s.by_bot {
        println!(
            "{:<w$} {:>6} {:>11.1}% {:>16} {:>11.1}",
            b.bot,
            b.seats.len(),
            100.0 * b.win_rate,
            pct(&b.win_rate_ci),
            b.mean_score
        );
    }
    println!();
    println!("{:<28}{}", "final money", s.money_quantiles);
    println!("{:<28}{}", "final score", s.score_quantiles);
    println!("{:<28}{}", "turns per game", s.turns_quantiles);
    println!("{:<28}{:>10.1}", "decisions per game", s.mean_decisions);
    for (k, v) in &s.stats {
        println!(
            "{:<28}{:>10.2}",
            format!("{} per game", k.replace('_', " ")),
            v
        );
    }
    let digits = if s.games_per_second < 10.0 { 3 } else { 1 };
    println!(
        "{:.digits$} games per second ({:.2} s)",
        s.games_per_second, s.seconds
    );
}

/// Several runs side by side, one column each.
pub fn print_comparison(runs: &[Run]) {
    let s0 = &runs[0].summary;
    println!(
        "{} games per rule set from seed {} (same seeds), bots: {}",
        s0.games,
        s0.seed,
        s0.bots.join(",")
    );
    println!();
    let width = runs
        .iter()
        .map(|r| r.label.len())
        .max()
        .unwrap_or(0)
        .max(24)
        + 2;
    let mut head = format!("{:<30}", "");
    for r in runs {
        head.push_str(&format!("{:>width$}", r.label));
    }
    println!("{head}");
    let line = |name: &str, f: &dyn Fn(&Summary) -> String| {
        let mut l = format!("{name:<30}");
        for r in runs {
            l.push_str(&format!("{:>width$}", f(&r.summary)));
        }
        println!("{l}");
    };
    for seat in 0..s0.players {
        line(
            &format!(
                "win % {} ({})",
                runs[0].seat_names[seat],
                if s0.rotated {
                    "rotated"
                } else {
                    &s0.bots[seat]
                }
            ),
            &|s| {
                format!(
                    "{:.1} {}",
                    100.0 * s.win_rate_by_seat[seat],
                    pct(&s.win_rate_ci_by_seat[seat])
                )
            },
        );
    }
    for (i, b) in s0.by_bot.iter().enumerate() {
        line(&format!("win %/seat {}", b.bot), &|s| {
            format!(
                "{:.1} {}",
                100.0 * s.by_bot[i].win_rate,
                pct(&s.by_bot[i].win_rate_ci)
            )
        });
    }
    line("median final money", &|s| {
        format!("{:.0}", s.money_quantiles.p50)
    });
    line("median final score", &|s| {
        format!("{:.0}", s.score_quantiles.p50)
    });
    line("mean turns", &|s| format!("{:.1}", s.mean_turns));
    line("mean decisions", &|s| format!("{:.1}", s.mean_decisions));
    let mut keys: Vec<&'static str> = Vec::new();
    for r in runs {
        for &k in r.summary.stats.keys() {
            if !keys.contains(&k) {
                keys.push(k);
            }
        }
    }
    keys.sort();
    for k in keys {
        line(&format!("{} per game", k.replace('_', " ")), &|s| {
            format!("{:.2}", s.stats.get(k).copied().unwrap_or(0.0))
        });
    }
}
