//! Random games driven by the kit: every check walks the same games (the action choices come
//! from their own generator), so "config, seed, step" names the same state in every check.

use super::{report, Conformance};
use crate::game::Game;
use crate::rng::{self, GameRng};
use crate::seat::Seat;
use rand::Rng;

/// Salt of the generator that chooses the actions of a walk.
const CHOICE_SALT: u64 = 0x9e37_79b9_7f4a_7c15;
/// Salt of the generator a check uses for its own randomness.
pub(crate) const CHECK_SALT: u64 = 0xc2b2_ae3d_27d4_eb4f;

/// One state of a walk, shown to the check.
pub(crate) struct Visit<'a, G: Game> {
    /// The state.
    pub g: &'a G,
    /// Actions played so far.
    pub step: usize,
    /// Events of the last action.
    pub latest: &'a [G::Event],
    /// Every event so far.
    pub all: &'a [G::Event],
    /// The seat about to act (`None` once the game is over).
    pub seat: Option<Seat>,
    /// Its legal actions.
    pub legal: &'a [G::Action],
    /// The action that will be played next (`None` once the game is over).
    pub next: Option<G::Action>,
    /// Randomness for the check itself.
    pub rng: &'a mut GameRng,
}

/// How a walk ended.
pub(crate) struct Walked<G: Game> {
    /// The final state.
    pub g: G,
    /// The actions played, by seat.
    pub actions: Vec<(Seat, G::Action)>,
}

impl<G: Game> Conformance<G> {
    /// Plays the random game of `config` from `seed`, calling `visit` on the new game and after
    /// every action. Checks on the way that the seat to act has a legal action, that the chosen
    /// action is accepted by `check` and `apply`, and that the game ends.
    pub(crate) fn walk(
        &self,
        config: &G::Config,
        seed: u64,
        mut visit: impl FnMut(&mut Visit<'_, G>),
    ) -> Walked<G> {
        let mut g = G::new(config, seed).expect("the config is valid");
        let mut choice = rng::from_seed(seed ^ CHOICE_SALT);
        let mut own = rng::from_seed(seed ^ CHECK_SALT);
        let mut legal = Vec::new();
        let mut latest = Vec::new();
        let mut all = Vec::new();
        let mut actions = Vec::new();
        let mut step = 0;
        report::at_step(0, None);
        loop {
            let to_act = g.to_act();
            let seat = if to_act.is_empty() {
                None
            } else {
                let k = choice.gen_range(0..to_act.len());
                to_act.iter().nth(k)
            };
            let next = match seat {
                Some(seat) => {
                    g.legal_actions(seat, &mut legal);
                    assert!(
                        !legal.is_empty(),
                        "seat {seat} is to act but has no legal action"
                    );
                    Some(self.pick(&g, &legal, &mut choice))
                }
                None => {
                    legal.clear();
                    None
                }
            };
            visit(&mut Visit {
                g: &g,
                step,
                latest: &latest,
                all: &all,
                seat,
                legal: &legal,
                next: next.clone(),
                rng: &mut own,
            });
            let (Some(seat), Some(a)) = (seat, next) else {
                break;
            };
            assert!(
                legal.contains(&a),
                "the chooser picked {}, which is not listed",
                g.format_action(a.clone())
            );
            if let Err(e) = g.check(seat, a.clone()) {
                panic!(
                    "listed action {} refused by check: {e}",
                    g.format_action(a.clone())
                );
            }
            let text = g.format_action(a.clone());
            latest.clear();
            if let Err(e) = g.apply(seat, a.clone(), &mut latest) {
                panic!("listed action {text} refused by apply: {e}");
            }
            all.extend(latest.iter().cloned());
            actions.push((seat, a));
            step += 1;
            report::at_step(step, Some(format!("seat {seat} played `{text}`")));
            assert!(
                step <= self.max_steps,
                "the game does not end within {} actions",
                self.max_steps
            );
        }
        Walked { g, actions }
    }

    /// Runs `f` once per config and seed under a failure report naming them; `f` gets the
    /// config, the seed and the seed's index in the list.
    pub(crate) fn each_game(&self, check: &'static str, mut f: impl FnMut(&G::Config, u64, usize)) {
        for config in &self.configs {
            for (index, &seed) in self.seeds.iter().enumerate() {
                report::guard(check, G::NAME, config, seed, || f(config, seed, index));
            }
        }
    }
}
