//! Big Shot knowledge for the bots: [`Evaluate`] for [`BigShot`].
//!
//! A first, plain evaluation: a seat's worth is its financial status as the game would score it
//! now (coins + value of the lots it would own − debt, from [`BigShot::score`]), less a penalty
//! while it is not eligible to win (fewer than 2 lots), growing as the rounds run out. The
//! search bots do the rest; the evaluation only values their cut-off rollouts and guides the
//! heuristic bot.

use crate::BigShot;
use boardroom_engine::Evaluate;
use boardroom_engine::Seat;

/// Rounds in a game of Big Shot.
const ROUNDS: f64 = 18.0;
/// The penalty for not being eligible to win, at the end of the game.
const INELIGIBLE: f64 = 40.0;

impl Evaluate for BigShot {
    fn worth(&self, seat: Seat) -> f64 {
        let line = self.score(seat);
        let progress = (self.round() as f64 / ROUNDS).min(1.0);
        let penalty = if line.eligible {
            0.0
        } else {
            INELIGIBLE * progress
        };
        line.status as f64 - penalty
    }

    /// From the 2-player ladder and gauntlet in `docs/strength.md`.
    const LEVEL_NOTES: &'static [(&'static str, &'static str)] = &[
        ("random", "any legal move, at random"),
        (
            "heuristic",
            "greedy on its own decisions; beats random about 19 games in 20",
        ),
        ("easy", "beats heuristic about 9 games in 10"),
        ("normal", "beats easy about 8 games in 10"),
        ("hard", "beats normal about 9 games in 10"),
    ];

    const SCRIPTS: &'static [&'static str] = crate::scripts::SCRIPTS;

    fn scripted_action(
        &self,
        script: &str,
        seat: Seat,
        _rng: &mut dyn rand::RngCore,
    ) -> Option<crate::Action> {
        crate::scripts::scripted_action(self, script, seat)
    }

    fn worth_scale(&self) -> f64 {
        let n = self.players();
        let mean = (0..n)
            .map(|s| self.score(s).status.abs() as f64)
            .sum::<f64>()
            / n as f64;
        10.0 + 0.1 * mean
    }
}
