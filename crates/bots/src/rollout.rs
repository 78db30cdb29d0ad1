//! Policy-rollout search: the search levels of games whose reference player is better than a
//! tree search over random play ([`Evaluate::ROLLOUT_SEARCH`], The Boss).
//!
//! The reference player ([`Evaluate::reference_action`]) plays every seat; the search only asks,
//! at the searching seat's own decisions, whether another legal action does better than the
//! reference player's choice when everybody goes on playing as the reference player would
//! (rollout policy improvement, Tesauro and Galperin 1996). Each round:
//! 1. **determinize** — one `game.sample_hidden(Viewer::Seat(me), rng)` re-deals what the
//!    searching seat cannot see (others' cards, the decks);
//! 2. **roll out** every remaining candidate on that same determinization and with the same
//!    rollout seed (common random numbers: the candidates are compared on the same luck), the
//!    reference player acting for every seat for a number of decisions and then on to a quiet
//!    position ([`Evaluate::is_quiet`]), valued by [`win_chances`] (the game's
//!    [`Evaluate::estimated_chances`], or the outcome's rewards);
//! 3. after rounds 4, 8, 16, … the weaker half of the candidates (by mean gain over the
//!    reference choice) is dropped, the reference choice always kept; from round 8 on, so is
//!    every candidate significantly worse than the reference choice, and the search ends when
//!    none is left.
//!
//! The search plays another action than the reference player's only when its mean gain over the
//! reference choice, paired round by round, is significant (above `z` standard errors; with
//! [`RolloutConfig::confirm`] over fresh rounds played after the others were dropped): so with
//! few rounds it plays as the reference player, and more rounds let it correct more of the
//! reference player's mistakes. Negotiation ([`Evaluate::is_negotiation`]) is left to the
//! reference player, as in [`crate::DealingSearch`]; a wide search
//! ([`RolloutConfig::wide`]) also weighs the game's wider alternatives
//! ([`Evaluate::wider_actions`]): other purchase sizes and bids than the bounded legal set
//! offers, always kept among the candidates, the other answer to an offer, so that it may
//! turn the reference player's accept into a reject or the other way round, and its own offers
//! at other prices. A search with [`RolloutConfig::attention`] below 100 weighs only that share
//! of its decisions.

use boardroom_engine::evaluate::{win_chances, Evaluate, Style};
use boardroom_engine::rng::{self, FastRng, GameRng};
use boardroom_engine::{Bot, Game, Seat, Viewer};
use rand::{Rng, RngCore};
use std::time::{Duration, Instant};

/// Settings of a policy-rollout search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RolloutConfig {
    /// Rollouts per decision (over all candidates).
    pub rollouts: u32,
    /// Reference decisions played after the candidate before the evaluation (then on to a
    /// quiet position); see [`RolloutConfig::scale_depth`].
    pub depth: u32,
    /// Whether `depth` is the horizon of a two-player table, a table of N seats rolling out
    /// `depth × N / 2` decisions: every seat then gets about as many turns in a rollout
    /// whatever the table's size. Without it a 4-player rollout of the same depth sees each
    /// seat play half as often, and its evaluation stands on a nearer, noisier position.
    pub scale_depth: bool,
    /// Standard errors the best candidate's mean gain must clear to replace the reference
    /// player's choice.
    pub z: f64,
    /// Candidates kept from the legal actions (the reference choice and the best ones after
    /// one step on a first determinization).
    pub candidates: usize,
    /// Wall-clock time per decision, if limited.
    pub time: Option<Duration>,
    /// Whether the search also weighs the game's wider alternatives
    /// ([`Evaluate::wider_actions`]: other amounts, the other answer to an offer), always
    /// kept among the candidates, and searches the negotiation decisions that have any.
    pub wide: bool,
    /// Whether the last candidate left besides the reference choice is judged on fresh rounds
    /// only: its gain over the rounds that picked it among the others is biased upward (the
    /// best of several noisy means), so the two-standard-error rule is applied to the rounds
    /// played after it was left alone, at least [`CONFIRM_ROUNDS`] of them.
    pub confirm: bool,
    /// The share of its decisions, in percent, the search weighs at all; the others it plays
    /// as the reference player does (chosen by the bot's own seeded generator). Below 100 the
    /// level is a lighter thinker: the lower levels of a ladder whose full search saturates
    /// early in rollouts.
    pub attention: u8,
}

impl RolloutConfig {
    /// The reference decisions a rollout plays at a table of `players` seats before it looks
    /// for a quiet position.
    pub fn rollout_depth(&self, players: usize) -> u32 {
        if self.scale_depth {
            let scaled = u64::from(self.depth) * players as u64 / 2;
            scaled.min(u64::from(MAX_ROLLOUT)) as u32
        } else {
            self.depth
        }
    }
}

/// Fresh rounds a confirmed candidate needs before it may be dropped or played.
pub const CONFIRM_ROUNDS: u32 = 8;

/// Rollouts never play more decisions than this (games end long before).
const MAX_ROLLOUT: u32 = 20_000;

/// What the search learned about one candidate.
struct Candidate<A> {
    action: A,
    /// Rounds it was rolled out in (on a determinization where it was legal).
    n: u32,
    /// Sum and sum of squares of its value minus the reference choice's, round by round.
    gain: f64,
    gain_sq: f64,
}

impl<A> Candidate<A> {
    fn mean(&self) -> f64 {
        if self.n == 0 {
            f64::NEG_INFINITY
        } else {
            self.gain / self.n as f64
        }
    }

    /// The standard error of the mean gain.
    fn se(&self) -> f64 {
        if self.n < 2 {
            return f64::INFINITY;
        }
        let n = self.n as f64;
        let mean = self.gain / n;
        let var = ((self.gain_sq - n * mean * mean) / (n - 1.0)).max(0.0);
        (var / n).sqrt()
    }
}

/// A bot that plays the reference player's choice unless policy rollouts find a better one.
pub struct RolloutSearch<G: Game> {
    name: String,
    config: RolloutConfig,
    style: Style,
    rng: FastRng,
    /// The generator of the bot's own reference-player decisions (not of the rollouts).
    policy_rng: GameRng,
    legal: Vec<G::Action>,
    events: Vec<G::Event>,
    values: Vec<f64>,
}

impl<G: Evaluate> RolloutSearch<G> {
    /// A rollout search called `name` with `config`, seeded with `seed`.
    pub fn new(name: impl Into<String>, config: RolloutConfig, seed: u64) -> Self {
        RolloutSearch {
            name: name.into(),
            config,
            style: Style::default(),
            rng: FastRng::new(seed),
            policy_rng: rng::from_seed(seed ^ 0xdea1_dea1_dea1_dea1),
            legal: Vec::new(),
            events: Vec::new(),
            values: Vec::new(),
        }
    }

    /// The settings.
    pub fn config(&self) -> &RolloutConfig {
        &self.config
    }

    /// Plays the reference player for every seat from `state` for `depth` decisions, then on to
    /// a quiet position; returns `seat`'s win chance there.
    fn rollout(&mut self, mut state: G, seat: Seat, rng: &mut FastRng) -> f64 {
        let depth = self.config.rollout_depth(state.num_players());
        let mut steps = 0;
        while let Some(actor) = state.to_act().choose(rng) {
            if (steps >= depth && state.is_quiet()) || steps >= MAX_ROLLOUT {
                break;
            }
            steps += 1;
            self.events.clear();
            if let Some(a) = state.reference_action(actor, &self.style, rng) {
                if state.apply(actor, a, &mut self.events).is_ok() {
                    continue;
                }
            }
            // No reference choice (or a rejected one): a random legal action keeps play going.
            self.events.clear();
            if !state.apply_random(actor, rng, &mut self.legal, &mut self.events) {
                break;
            }
        }
        self.values.clear();
        self.values.resize(state.num_players(), 0.0);
        win_chances(&state, &mut self.values);
        self.values[seat]
    }

    /// The candidates: the reference choice first, then the non-negotiation legal actions that
    /// look best one step ahead on `det`, at most [`RolloutConfig::candidates`] in all.
    fn candidates(&mut self, det: &G, seat: Seat, reference: &G::Action) -> Vec<G::Action> {
        det.legal_actions(seat, &mut self.legal);
        let legal = std::mem::take(&mut self.legal);
        let mut scored: Vec<(f64, G::Action)> = Vec::new();
        for a in &legal {
            if a == reference || det.is_negotiation(a) {
                continue;
            }
            let mut child = det.clone();
            self.events.clear();
            if child.apply(seat, a.clone(), &mut self.events).is_err() {
                continue;
            }
            scored.push((
                boardroom_engine::evaluate::advantage(&child, seat),
                a.clone(),
            ));
        }
        self.legal = legal;
        scored.sort_by(|x, y| y.0.partial_cmp(&x.0).unwrap_or(std::cmp::Ordering::Equal));
        let mut out = vec![reference.clone()];
        out.extend(
            scored
                .into_iter()
                .take(self.config.candidates.saturating_sub(1))
                .map(|(_, a)| a),
        );
        if self.config.wide {
            self.add_wider(det, seat, reference, &mut out);
        }
        out
    }

    /// Appends the game's wider alternatives to `reference` that `out` does not hold yet.
    fn add_wider(&mut self, det: &G, seat: Seat, reference: &G::Action, out: &mut Vec<G::Action>) {
        let mut wider = std::mem::take(&mut self.legal);
        wider.clear();
        det.wider_actions(seat, reference, &mut wider);
        for a in wider.drain(..) {
            if !out.contains(&a) {
                out.push(a);
            }
        }
        self.legal = wider;
    }

    /// The decision of `seat`: the reference choice, or a candidate whose rollouts beat it
    /// significantly.
    pub fn decide(&mut self, game: &G, seat: Seat) -> G::Action {
        let reference = match game.reference_action(seat, &self.style, &mut self.policy_rng) {
            Some(a) => a,
            None => {
                // A game without a reference player: a random legal action.
                game.legal_actions(seat, &mut self.legal);
                let i = self.rng.gen_range(0..self.legal.len().max(1));
                return self.legal.swap_remove(i);
            }
        };
        self.decide_from(game, seat, reference)
    }

    /// The decision of `seat` when the reference player chooses `reference`.
    fn decide_from(&mut self, game: &G, seat: Seat, reference: G::Action) -> G::Action {
        let negotiation = game.is_negotiation(&reference);
        if negotiation && !self.config.wide {
            return reference;
        }
        if self.config.attention < 100 && self.rng.gen_range(0..100u8) >= self.config.attention {
            return reference;
        }
        let start = Instant::now();
        let mut sample = game.sampler::<FastRng>(Viewer::Seat(seat));
        let first = sample(&mut self.rng);
        let actions = if negotiation {
            // Only the game's wider alternatives (the other answers, its offer at other
            // prices): what to offer, and to whom, stays the reference player's.
            let mut out = vec![reference.clone()];
            self.add_wider(&first, seat, &reference, &mut out);
            out
        } else {
            self.candidates(&first, seat, &reference)
        };
        if actions.len() < 2 {
            return reference;
        }
        let mut cands: Vec<Candidate<G::Action>> = actions
            .into_iter()
            .map(|action| Candidate {
                action,
                n: 0,
                gain: 0.0,
                gain_sq: 0.0,
            })
            .collect();
        let mut alive: Vec<usize> = (1..cands.len()).collect();
        let mut spent = 0u32;
        let mut round = 0u32;
        let mut det = Some(first);
        let mut confirming = false;
        while spent < self.config.rollouts && !alive.is_empty() {
            if let Some(limit) = self.config.time {
                if start.elapsed() >= limit {
                    break;
                }
            }
            let det = det.take().unwrap_or_else(|| sample(&mut self.rng));
            let seed = self.rng.next_u64();
            let base = self.value_after(&det, seat, &cands[0].action, seed);
            spent += 1;
            let Some(base) = base else { continue };
            for &i in &alive {
                if let Some(v) = self.value_after(&det, seat, &cands[i].action, seed) {
                    let g = v - base;
                    let c = &mut cands[i];
                    c.n += 1;
                    c.gain += g;
                    c.gain_sq += g * g;
                }
                spent += 1;
            }
            round += 1;
            // A candidate significantly worse than the reference choice is dropped: most
            // decisions end here early, when the reference player's choice is clearly right.
            // So is one that has never differed from it: it could never be played.
            if round >= 8 {
                let z = self.config.z;
                let fresh = if confirming { CONFIRM_ROUNDS } else { 0 };
                alive.retain(|&i| cands[i].n < fresh || cands[i].mean() + z * cands[i].se() > 0.0);
            }
            if round >= 4 && round.is_power_of_two() && alive.len() > 1 {
                alive.sort_by(|&a, &b| {
                    cands[b]
                        .mean()
                        .partial_cmp(&cands[a].mean())
                        .unwrap_or(std::cmp::Ordering::Equal)
                });
                alive.truncate(alive.len().div_ceil(2));
            }
            if self.config.confirm && !confirming && round >= 8 && alive.len() == 1 {
                let c = &mut cands[alive[0]];
                (c.n, c.gain, c.gain_sq) = (0, 0.0, 0.0);
                confirming = true;
            }
        }
        let min_rounds = if self.config.confirm {
            CONFIRM_ROUNDS
        } else {
            4
        };
        let best = (1..cands.len())
            .filter(|&i| cands[i].n >= min_rounds && (confirming || !self.config.confirm))
            .max_by(|&a, &b| {
                cands[a]
                    .mean()
                    .partial_cmp(&cands[b].mean())
                    .unwrap_or(std::cmp::Ordering::Equal)
            });
        match best {
            Some(i) if cands[i].mean() > self.config.z * cands[i].se() => {
                cands.swap_remove(i).action
            }
            _ => reference,
        }
    }

    /// `seat`'s value after playing `action` on `det` and rolling out with the seed `seed`, or
    /// `None` when `action` is not legal there.
    fn value_after(&mut self, det: &G, seat: Seat, action: &G::Action, seed: u64) -> Option<f64> {
        let mut state = det.clone();
        self.events.clear();
        state.apply(seat, action.clone(), &mut self.events).ok()?;
        let mut rng = FastRng::new(seed);
        Some(self.rollout(state, seat, &mut rng))
    }
}

impl<G: Evaluate> Bot<G> for RolloutSearch<G> {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, game: &G, seat: Seat) -> G::Action {
        self.decide(game, seat)
    }

    /// Outside `must_act`, only what the reference player finds purposeful.
    fn choose_optional(&mut self, game: &G, seat: Seat) -> Option<G::Action> {
        if game.must_act().contains(seat) {
            return Some(self.choose(game, seat));
        }
        match crate::heuristic::optional_by_reference(game, seat, &self.style, &mut self.policy_rng)
        {
            // An answer to an offer is searched by a wide search, as when the game waits for it.
            Some(Some(a)) if self.config.wide && game.is_negotiation(&a) => {
                Some(self.decide_from(game, seat, a))
            }
            Some(choice) => choice,
            None => Some(self.choose(game, seat)),
        }
    }
}
