//! A prior over the searching seat's moves at the root: the selection rule of AlphaZero
//! (PUCT, Silver et al. 2017) at the root of an information-set search, so that a learned
//! policy can steer where the search spends its iterations.
//!
//! At the root every legal move `a` of the searching seat scores
//!
//! ```text
//! Q(a) + c · P(a) · √(N + 1) / (1 + n(a))
//! ```
//!
//! where `P(a)` is the prior (normalised over the root's legal moves), `n(a)` the iterations
//! through `a`, `N` the iterations so far and `Q(a)` the seat's mean value after `a`; a move
//! never tried takes the seat's mean value over all iterations so far as its `Q` (0.5 before
//! the first). The best-scoring move is expanded when it has no child yet, else descended into.
//! Below the root the search is unchanged (UCB1 with availability counts).
//!
//! The root's legal moves are the seat's own, so they are the same in every determinization;
//! should a determinization allow a move the prior was not given, that move has prior 0.

use super::NONE;

/// The prior and the per-move state of a guided root.
pub(super) struct Guide<A> {
    /// The searching seat's legal moves at the root, in the order the game lists them.
    actions: Vec<A>,
    /// Their prior, summing to 1.
    prior: Vec<f64>,
    /// Each move's child of the root ([`NONE`] until expanded).
    child: Vec<u32>,
    /// The exploration constant `c`.
    c: f64,
    /// The searching seat's value summed over the iterations, and their count.
    value_sum: f64,
    iterations: u32,
}

/// What the guided root chose: the move's place in [`Guide`]'s list and its child, if any.
pub(super) struct Choice {
    pub(super) index: usize,
    pub(super) child: Option<u32>,
}

impl<A: Clone + PartialEq> Guide<A> {
    /// A guide over `actions` with the weights `weights` (one per action; negative or
    /// non-finite weights count as 0; when none is positive the prior is uniform).
    pub(super) fn new(actions: Vec<A>, weights: &[f64], c: f64) -> Self {
        let clean: Vec<f64> = weights
            .iter()
            .map(|&w| if w.is_finite() && w > 0.0 { w } else { 0.0 })
            .collect();
        let total: f64 = clean.iter().sum();
        let prior = if total > 0.0 {
            clean.iter().map(|w| w / total).collect()
        } else {
            vec![1.0 / actions.len().max(1) as f64; actions.len()]
        };
        Guide {
            child: vec![NONE; actions.len()],
            actions,
            prior,
            c,
            value_sum: 0.0,
            iterations: 0,
        }
    }

    /// The place of `a` in the root's list (looked for at `hint` first: the lists of the
    /// determinizations are normally the root's own).
    fn index_of(&self, a: &A, hint: usize) -> Option<usize> {
        if self.actions.get(hint) == Some(a) {
            return Some(hint);
        }
        self.actions.iter().position(|x| x == a)
    }

    /// Chooses among `legal` (the root's legal moves in this determinization), given each
    /// child's visits and value sum for the searching seat (`stats(child)`); `None` when no
    /// legal move is in the root's list.
    pub(super) fn choose(&self, legal: &[A], stats: impl Fn(u32) -> (u32, f64)) -> Option<Choice> {
        let fpu = if self.iterations == 0 {
            0.5
        } else {
            self.value_sum / self.iterations as f64
        };
        let sqrt_n = (f64::from(self.iterations) + 1.0).sqrt();
        let mut best: Option<(f64, usize)> = None;
        for (i, a) in legal.iter().enumerate() {
            let Some(j) = self.index_of(a, i) else {
                continue;
            };
            let (visits, value) = match self.child[j] {
                NONE => (0, 0.0),
                c => stats(c),
            };
            let q = if visits == 0 {
                fpu
            } else {
                value / f64::from(visits)
            };
            let score = q + self.c * self.prior[j] * sqrt_n / (1.0 + f64::from(visits));
            if best.is_none_or(|(s, _)| score > s) {
                best = Some((score, j));
            }
        }
        best.map(|(_, index)| Choice {
            index,
            child: match self.child[index] {
                NONE => None,
                c => Some(c),
            },
        })
    }

    /// The move at `index` of the root's list.
    pub(super) fn action(&self, index: usize) -> &A {
        &self.actions[index]
    }

    /// Records the child made for the move at `index`.
    pub(super) fn set_child(&mut self, index: usize, child: u32) {
        self.child[index] = child;
    }

    /// Counts an iteration that ended with `value` for the searching seat.
    pub(super) fn record(&mut self, value: f64) {
        self.value_sum += value;
        self.iterations += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_prior_is_normalised_and_bad_weights_count_as_zero() {
        let g = Guide::new(vec![1, 2, 3], &[2.0, f64::NAN, -1.0], 1.0);
        assert_eq!(g.prior, vec![1.0, 0.0, 0.0]);
        let g = Guide::new(vec![1, 2], &[0.0, 0.0], 1.0);
        assert_eq!(g.prior, vec![0.5, 0.5]);
    }

    #[test]
    fn an_untried_move_with_more_prior_goes_first() {
        let g = Guide::new(vec!['a', 'b', 'c'], &[0.1, 0.7, 0.2], 1.0);
        let c = g.choose(&['a', 'b', 'c'], |_| (0, 0.0)).unwrap();
        assert_eq!((c.index, c.child), (1, None));
        // Moves missing from the root's list are skipped; found out of place they still count.
        let c = g.choose(&['z', 'c', 'a'], |_| (0, 0.0)).unwrap();
        assert_eq!(c.index, 2);
        assert!(g.choose(&['z'], |_| (0, 0.0)).is_none());
    }

    #[test]
    fn values_overrule_the_prior_once_visits_grow() {
        let mut g = Guide::new(vec!['a', 'b'], &[0.9, 0.1], 1.0);
        g.set_child(0, 10);
        g.set_child(1, 11);
        for _ in 0..200 {
            g.record(0.5);
        }
        // `a` has been tried 150 times and loses; `b` 50 times and wins.
        let stats = |c: u32| if c == 10 { (150, 15.0) } else { (50, 45.0) };
        assert_eq!(g.choose(&['a', 'b'], stats).unwrap().index, 1);
    }
}
