//! Small statistics for the simulator: quantiles and 95% confidence intervals of win rates.

use serde::Serialize;
use std::fmt;

/// z for a two-sided 95% interval.
const Z95: f64 = 1.959_963_984_540_054;

/// A confidence interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Interval {
    pub low: f64,
    pub high: f64,
}

/// The 95% confidence interval of a win rate from per-game values in [0, 1] (a seat's reward,
/// or a bot's mean reward over the `seats` seats it holds).
///
/// One seat: the Wilson score interval of the mean (a shared title counts 1/k, so the count
/// of wins may be fractional). Several seats: a normal approximation from the per-game values'
/// own variance (the seats of one bot are not independent within a game).
pub fn win_interval(per_game: &[f64], seats: usize) -> Interval {
    let n = per_game.len() as f64;
    if n == 0.0 {
        return Interval {
            low: 0.0,
            high: 1.0,
        };
    }
    let mean = per_game.iter().sum::<f64>() / n;
    if seats <= 1 {
        wilson(mean, n)
    } else {
        let var = per_game.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
        let half = Z95 * (var / n).sqrt();
        Interval {
            low: (mean - half).max(0.0),
            high: (mean + half).min(1.0),
        }
    }
}

/// The Wilson score interval (95%) of a proportion `p` observed over `n` trials.
pub fn wilson(p: f64, n: f64) -> Interval {
    let z2 = Z95 * Z95;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = Z95 / denom * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    Interval {
        low: (centre - half).max(0.0),
        high: (centre + half).min(1.0),
    }
}

/// A distribution in seven numbers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Quantiles {
    pub min: f64,
    pub p10: f64,
    pub p25: f64,
    pub p50: f64,
    pub p75: f64,
    pub p90: f64,
    pub max: f64,
}

impl fmt::Display for Quantiles {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "min {:.0} | 10% {:.0} | 25% {:.0} | median {:.0} | 75% {:.0} | 90% {:.0} | max {:.0}",
            self.min, self.p10, self.p25, self.p50, self.p75, self.p90, self.max
        )
    }
}

/// Quantiles of `values` (nearest rank); all zero for no values.
pub fn quantiles(values: &[f64]) -> Quantiles {
    if values.is_empty() {
        return Quantiles::default();
    }
    let mut v = values.to_vec();
    v.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
    let q = |p: f64| v[((p * (v.len() - 1) as f64).round() as usize).min(v.len() - 1)];
    Quantiles {
        min: v[0],
        p10: q(0.1),
        p25: q(0.25),
        p50: q(0.5),
        p75: q(0.75),
        p90: q(0.9),
        max: v[v.len() - 1],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_matches_reference_values() {
        // 60 wins of 100: Wilson 95% interval [0.502, 0.691].
        let i = wilson(0.6, 100.0);
        assert!((i.low - 0.502).abs() < 1e-3, "{i:?}");
        assert!((i.high - 0.691).abs() < 1e-3, "{i:?}");
        // All of 400 games won: [400 / (400 + z²), 1] = [0.9905, 1].
        let i = wilson(1.0, 400.0);
        assert!((i.high - 1.0).abs() < 1e-9, "{i:?}");
        assert!((i.low - 0.9905).abs() < 1e-4, "{i:?}");
    }

    #[test]
    fn several_seats_use_the_per_game_spread() {
        let same = vec![0.25; 100];
        let i = win_interval(&same, 3);
        assert!((i.low - 0.25).abs() < 1e-12 && (i.high - 0.25).abs() < 1e-12);
        let mixed: Vec<f64> = (0..100)
            .map(|i| if i % 2 == 0 { 0.0 } else { 1.0 / 3.0 })
            .collect();
        let i = win_interval(&mixed, 3);
        assert!(i.low < 1.0 / 6.0 && i.high > 1.0 / 6.0);
    }

    #[test]
    fn quantiles_of_a_range() {
        let v: Vec<f64> = (0..=100).map(|i| i as f64).collect();
        let q = quantiles(&v);
        assert_eq!(
            (q.min, q.p10, q.p50, q.p90, q.max),
            (0.0, 10.0, 50.0, 90.0, 100.0)
        );
    }
}
