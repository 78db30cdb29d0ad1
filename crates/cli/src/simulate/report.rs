//! The simulator's reports: the summary table of one run and the side-by-side comparison of
//! several (in the reader's language), and the CSV file of every game (language-free).

use super::results::{Run, Summary};
use crate::stats::{Interval, Quantiles};
use crate::words::Words;
use anyhow::Result;
use boardroom_i18n::Arg;
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
fn pct(w: &Words, i: &Interval) -> String {
    w.t(
        "sim-interval",
        &[
            ("low", w.num(100.0 * i.low, 1).into()),
            ("high", w.num(100.0 * i.high, 1).into()),
        ],
    )
}

/// The quantiles of `q`, in words.
fn quantiles(w: &Words, q: &Quantiles) -> String {
    let n = |v: f64| Arg::from(w.num(v, 0));
    w.t(
        "sim-quantiles",
        &[
            ("min", n(q.min)),
            ("p10", n(q.p10)),
            ("p25", n(q.p25)),
            ("p50", n(q.p50)),
            ("p75", n(q.p75)),
            ("p90", n(q.p90)),
            ("max", n(q.max)),
        ],
    )
}

/// `text` padded with spaces to `width` characters (on the left when `right`).
fn pad(text: &str, width: usize, right: bool) -> String {
    let fill = " ".repeat(width.saturating_sub(text.chars().count()));
    if right {
        format!("{fill}{text}")
    } else {
        format!("{text}{fill}")
    }
}

/// The summary of one run as a table, in `w`'s words.
pub fn print_table(run: &Run, w: &Words) {
    let s = &run.summary;
    let header = if s.rotated {
        "sim-header-rotated"
    } else {
        "sim-header"
    };
    println!(
        "{}",
        w.t(
            header,
            &[
                ("config", s.config.as_str().into()),
                ("games", (s.games as usize).into()),
                ("seed", s.seed.to_string().into()),
                ("threads", s.threads.into()),
            ],
        )
    );
    println!();
    let word = |id: &str| w.t(id, &[]);
    // The bot column fits the longest name (e.g. `heuristic-nodeal`); every column its heading.
    let rotated = format!("({})", word("sim-rotated"));
    let bw = s
        .bots
        .iter()
        .map(|b| b.chars().count())
        .chain([
            12,
            rotated.chars().count(),
            word("sim-col-bot").chars().count(),
        ])
        .max()
        .unwrap_or(12);
    let sw = run
        .seat_names
        .iter()
        .map(|n| n.chars().count())
        .chain([8, word("sim-col-seat").chars().count()])
        .max()
        .unwrap_or(8);
    let col = |id: &str, min: usize| word(id).chars().count().max(min);
    let (c_wins, c_pct, c_ci, c_mean) = (
        col("sim-col-wins", 8),
        col("sim-col-win-pct", 8),
        col("sim-col-ci", 16),
        col("sim-col-mean-score", 11),
    );
    println!(
        "{} {} {} {} {} {}",
        pad(&word("sim-col-seat"), sw, false),
        pad(&word("sim-col-bot"), bw, false),
        pad(&word("sim-col-wins"), c_wins, true),
        pad(&word("sim-col-win-pct"), c_pct, true),
        pad(&word("sim-col-ci"), c_ci, true),
        pad(&word("sim-col-mean-score"), c_mean, true),
    );
    for seat in 0..s.players {
        let bot = if s.rotated {
            rotated.as_str()
        } else {
            &s.bots[seat]
        };
        println!(
            "{} {} {} {} {} {}",
            pad(&run.seat_names[seat], sw, false),
            pad(bot, bw, false),
            pad(&w.num(s.wins_by_seat[seat], 1), c_wins, true),
            pad(
                &format!("{}%", w.num(100.0 * s.win_rate_by_seat[seat], 1)),
                c_pct,
                true
            ),
            pad(&pct(w, &s.win_rate_ci_by_seat[seat]), c_ci, true),
            pad(&w.num(s.mean_score_by_seat[seat], 1), c_mean, true),
        );
    }
    println!();
    let (c_seats, c_per_seat) = (col("sim-col-seats", 6), col("sim-col-win-per-seat", 12));
    println!(
        "{} {} {} {} {}",
        pad(&word("sim-col-bot"), bw, false),
        pad(&word("sim-col-seats"), c_seats, true),
        pad(&word("sim-col-win-per-seat"), c_per_seat, true),
        pad(&word("sim-col-ci"), c_ci, true),
        pad(&word("sim-col-mean-score"), c_mean, true),
    );
    for b in &s.by_bot {
        println!(
            "{} {} {} {} {}",
            pad(&b.bot, bw, false),
            pad(&b.seats.len().to_string(), c_seats, true),
            pad(
                &format!("{}%", w.num(100.0 * b.win_rate, 1)),
                c_per_seat,
                true
            ),
            pad(&pct(w, &b.win_rate_ci), c_ci, true),
            pad(&w.num(b.mean_score, 1), c_mean, true),
        );
    }
    println!();
    let mut rows = vec![
        (word("sim-final-money"), quantiles(w, &s.money_quantiles)),
        (word("sim-final-score"), quantiles(w, &s.score_quantiles)),
        (word("sim-turns"), quantiles(w, &s.turns_quantiles)),
        (
            word("sim-decisions"),
            pad(&w.num(s.mean_decisions, 1), 10, true),
        ),
    ];
    for (k, v) in &s.stats {
        rows.push((
            w.t("sim-stat-per-game", &[("stat", k.replace('_', " ").into())]),
            pad(&w.num(*v, 2), 10, true),
        ));
    }
    let lw = rows
        .iter()
        .map(|(l, _)| l.chars().count() + 1)
        .max()
        .unwrap_or(0)
        .max(28);
    for (label, value) in rows {
        println!("{}{value}", pad(&label, lw, false));
    }
    let digits = if s.games_per_second < 10.0 { 3 } else { 1 };
    println!(
        "{}",
        w.t(
            "sim-speed",
            &[
                ("rate", w.num(s.games_per_second, digits).into()),
                ("seconds", w.num(s.seconds, 2).into()),
            ],
        )
    );
}

/// Several runs side by side, one column each, in `w`'s words.
pub fn print_comparison(runs: &[Run], w: &Words) {
    let s0 = &runs[0].summary;
    println!(
        "{}",
        w.t(
            "sim-compare-header",
            &[
                ("games", (s0.games as usize).into()),
                ("seed", s0.seed.to_string().into()),
                ("bots", s0.bots.join(",").into()),
            ],
        )
    );
    println!();
    let width = runs
        .iter()
        .map(|r| r.label.chars().count())
        .max()
        .unwrap_or(0)
        .max(24)
        + 2;
    let mut lines: Vec<(String, Vec<String>)> = Vec::new();
    let mut line = |name: String, f: &dyn Fn(&Summary) -> String| {
        lines.push((name, runs.iter().map(|r| f(&r.summary)).collect()));
    };
    let rotated = w.t("sim-rotated", &[]);
    for seat in 0..s0.players {
        let bot = if s0.rotated {
            rotated.as_str()
        } else {
            &s0.bots[seat]
        };
        line(
            w.t(
                "sim-compare-win-pct",
                &[
                    ("seat", runs[0].seat_names[seat].as_str().into()),
                    ("bot", bot.into()),
                ],
            ),
            &|s| {
                format!(
                    "{} {}",
                    w.num(100.0 * s.win_rate_by_seat[seat], 1),
                    pct(w, &s.win_rate_ci_by_seat[seat])
                )
            },
        );
    }
    for (i, b) in s0.by_bot.iter().enumerate() {
        line(
            w.t(
                "sim-compare-win-per-seat",
                &[("bot", b.bot.as_str().into())],
            ),
            &|s| {
                format!(
                    "{} {}",
                    w.num(100.0 * s.by_bot[i].win_rate, 1),
                    pct(w, &s.by_bot[i].win_rate_ci)
                )
            },
        );
    }
    line(w.t("sim-median-money", &[]), &|s| {
        w.num(s.money_quantiles.p50, 0)
    });
    line(w.t("sim-median-score", &[]), &|s| {
        w.num(s.score_quantiles.p50, 0)
    });
    line(w.t("sim-mean-turns", &[]), &|s| w.num(s.mean_turns, 1));
    line(w.t("sim-mean-decisions", &[]), &|s| {
        w.num(s.mean_decisions, 1)
    });
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
        line(
            w.t("sim-stat-per-game", &[("stat", k.replace('_', " ").into())]),
            &|s| w.num(s.stats.get(k).copied().unwrap_or(0.0), 2),
        );
    }
    let lw = lines
        .iter()
        .map(|(n, _)| n.chars().count() + 1)
        .max()
        .unwrap_or(0)
        .max(30);
    let mut head = pad("", lw, false);
    for r in runs {
        head.push_str(&pad(&r.label, width, true));
    }
    println!("{head}");
    for (name, values) in lines {
        let mut l = pad(&name, lw, false);
        for v in values {
            l.push_str(&pad(&v, width, true));
        }
        println!("{l}");
    }
}
