//! The Boss knowledge for the bots: a plain [`Evaluate`] for [`TheBoss`].
//!
//! A seat's worth is its net worth now (cash + share value + Executive points, as the deck-end
//! score counts it) plus an allowance for the job held: its salary for each of the seat's own
//! turns likely left, estimated from the Fate cards still in the deck. It reads only what the
//! state holds. The rules file's fuller valuation (§9.8) belongs to the bots' policy.

use crate::state::Sequence;
use crate::{Step, TheBoss};
use boardroom_engine::{Evaluate, Seat};

impl TheBoss {
    /// Own turns `seat`'s table likely has left: each turn draws one card and about half the
    /// draws come from the Fate deck, whose last card ends the game.
    fn turns_left_each(&self) -> f64 {
        let draws_left = 2.0 * self.fate_left() as f64;
        draws_left / self.num_players() as f64
    }
}

impl Evaluate for TheBoss {
    fn worth(&self, seat: Seat) -> f64 {
        let p = self.player(seat);
        let salary = p.job.map_or(0, |j| self.data().position(j).salary) as f64;
        self.net_worth(seat) as f64 + salary * self.turns_left_each()
    }

    /// A tenth of the mean net worth, and never under $200 (a position's salary).
    fn worth_scale(&self) -> f64 {
        let n = self.num_players();
        let mean = (0..n).map(|s| self.net_worth(s) as f64).sum::<f64>() / n as f64;
        200.0_f64.max(0.1 * mean)
    }

    /// Between turns: a turn has just begun (its first step, nothing moved, no offer made, the
    /// floor closed) and nothing runs (auction, meeting, disaster, offers waiting).
    fn is_quiet(&self) -> bool {
        let t = self.turn();
        let first = match t.sequence {
            Sequence::Unemployed => Step::Business,
            _ => Step::Salary,
        };
        t.step == first
            && !t.moved
            && !t.floor
            && t.offers == 0
            && self.auction().is_none()
            && self.meeting().is_none()
            && self.after_meeting().is_none()
            && self.pending_disaster().is_none()
            && self.offers().is_empty()
    }
}
