//! `boardroom simulate --plot FILE.svg`: score distributions and win rates by seat, drawn with
//! the `plotters` crate's SVG back end (text is written as SVG text, so no system fonts are
//! needed). One row of two charts per simulated rule set; the captions, axes and legends are in
//! the report's language.

use super::results::Run;
use crate::words::Words;
use anyhow::{anyhow, Result};
use plotters::prelude::*;
use std::path::Path;

/// Bins of the score histograms.
const BINS: usize = 30;

fn err<E: std::fmt::Debug>(e: E) -> anyhow::Error {
    anyhow!("plotting failed: {e:?}")
}

/// Draws every run into the SVG file at `path`, in `w`'s words.
pub fn draw(path: &Path, runs: &[Run], w: &Words) -> Result<()> {
    let height = 420 * runs.len() as u32;
    let root = SVGBackend::new(path, (1100, height)).into_drawing_area();
    root.fill(&WHITE).map_err(err)?;
    let areas = root.split_evenly((runs.len(), 2));
    for (i, run) in runs.iter().enumerate() {
        draw_scores(&areas[2 * i], run, w)?;
        draw_win_rates(&areas[2 * i + 1], run, w)?;
    }
    root.present().map_err(err)?;
    Ok(())
}

/// Final-score distribution per bot, as the share of that bot's players in each bin.
fn draw_scores(
    area: &DrawingArea<SVGBackend, plotters::coord::Shift>,
    run: &Run,
    w: &Words,
) -> Result<()> {
    let s = &run.summary;
    let lo = s.score_quantiles.min.floor();
    let hi = (s.score_quantiles.max.ceil()).max(lo + 1.0);
    let width = (hi - lo) / BINS as f64;
    let mut series = Vec::new();
    let mut ymax: f64 = 0.0;
    for b in &s.by_bot {
        let mut counts = vec![0.0; BINS];
        let mut total = 0.0;
        for r in &run.results {
            for &seat in &b.seats {
                let k = (((r.scores[seat] as f64 - lo) / width) as usize).min(BINS - 1);
                counts[k] += 1.0;
                total += 1.0;
            }
        }
        let points: Vec<(f64, f64)> = counts
            .iter()
            .enumerate()
            .map(|(k, c)| (lo + (k as f64 + 0.5) * width, c / total))
            .collect();
        ymax = points.iter().map(|p| p.1).fold(ymax, f64::max);
        series.push((b.bot.clone(), points));
    }
    let mut chart = ChartBuilder::on(area)
        .caption(
            w.t("sim-plot-scores", &[("label", run.label.as_str().into())]),
            ("sans-serif", 18),
        )
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(50)
        .build_cartesian_2d(lo..hi, 0.0..(ymax * 1.1).max(0.01))
        .map_err(err)?;
    chart
        .configure_mesh()
        .x_desc(w.t("sim-plot-score-axis", &[]))
        .y_desc(w.t("sim-plot-share-axis", &[]))
        .draw()
        .map_err(err)?;
    for (k, (name, points)) in series.into_iter().enumerate() {
        let colour = Palette99::pick(k).to_rgba();
        chart
            .draw_series(LineSeries::new(points, colour.stroke_width(2)))
            .map_err(err)?
            .label(name)
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], colour));
    }
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()
        .map_err(err)?;
    Ok(())
}

/// Win rate by seat with its 95% confidence interval.
fn draw_win_rates(
    area: &DrawingArea<SVGBackend, plotters::coord::Shift>,
    run: &Run,
    w: &Words,
) -> Result<()> {
    let s = &run.summary;
    let n = s.players;
    let top = s
        .win_rate_ci_by_seat
        .iter()
        .map(|i| i.high)
        .fold(0.0, f64::max)
        .max(1.0 / n as f64)
        * 1.15;
    let mut chart = ChartBuilder::on(area)
        .caption(
            w.t("sim-plot-wins", &[("label", run.label.as_str().into())]),
            ("sans-serif", 18),
        )
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(50)
        .build_cartesian_2d(0.0..n as f64, 0.0..top.min(1.0))
        .map_err(err)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(0)
        .x_desc(w.t("sim-plot-seat-axis", &[]))
        .y_desc(w.t("sim-plot-win-axis", &[]))
        .draw()
        .map_err(err)?;
    let rotated = w.t("sim-rotated", &[]);
    for seat in 0..n {
        let colour = Palette99::pick(seat).to_rgba();
        chart
            .draw_series(std::iter::once(Rectangle::new(
                [
                    (seat as f64 + 0.2, 0.0),
                    (seat as f64 + 0.8, s.win_rate_by_seat[seat]),
                ],
                colour.filled(),
            )))
            .map_err(err)?
            .label(
                w.t(
                    "sim-plot-seat-legend",
                    &[
                        ("seat", run.seat_names[seat].as_str().into()),
                        (
                            "bot",
                            if s.rotated {
                                rotated.as_str()
                            } else {
                                &s.bots[seat]
                            }
                            .into(),
                        ),
                        ("rate", w.num(100.0 * s.win_rate_by_seat[seat], 1).into()),
                    ],
                ),
            )
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], colour.filled()));
    }
    chart
        .draw_series((0..n).map(|seat| {
            let ci = s.win_rate_ci_by_seat[seat];
            let x = seat as f64 + 0.5;
            PathElement::new(vec![(x, ci.low), (x, ci.high)], BLACK.stroke_width(2))
        }))
        .map_err(err)?;
    let par = 1.0 / n as f64;
    chart
        .draw_series(std::iter::once(PathElement::new(
            vec![(0.0, par), (n as f64, par)],
            BLACK.mix(0.4),
        )))
        .map_err(err)?
        .label(w.t("sim-plot-par", &[]))
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 12, y)], BLACK.mix(0.4)));
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()
        .map_err(err)?;
    Ok(())
}
