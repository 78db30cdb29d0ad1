//! Fuzzing at scale: how many inputs a fuzzing check tries (set per kit, raised for scheduled
//! and release runs with the `BOARDROOM_FUZZ_INPUTS` environment variable), the driver that
//! spreads them over states of random games, the byte-level fuzz of the action notation
//! (`notation.rs`) and the structural fuzz of the JSON form of actions (`json.rs`).

use super::{report, walk::Visit, Conformance};
use crate::game::Game;
use serde_json::Value;
use std::panic::{catch_unwind, AssertUnwindSafe};

mod json;
mod notation;

use json::{fuzz_json_text, json_keys};
use notation::fuzz_text;

/// The environment variable that sets how many inputs each fuzzing check tries per game
/// (overriding [`Conformance::fuzz_inputs`]); `scripts/fuzz.sh` sets it to 100,000.
pub const FUZZ_INPUTS_VAR: &str = "BOARDROOM_FUZZ_INPUTS";

/// Inputs each fuzzing check tries per game by default: enough to catch the common mistakes,
/// few enough that a game's conformance tests stay quick.
pub const DEFAULT_FUZZ_INPUTS: usize = 4_000;

/// Notation inputs tried on each visited state.
const NOTATION_PER_STATE: usize = 64;

/// JSON inputs tried on each visited state.
const JSON_PER_STATE: usize = 16;

/// Reads [`FUZZ_INPUTS_VAR`]: `None` when unset or empty; a value that is not a count fails
/// the check (a scheduled run must not silently fall back to the small default).
pub fn inputs_from_env() -> Option<usize> {
    let text = std::env::var(FUZZ_INPUTS_VAR).ok()?;
    let text = text.trim().replace(['_', ','], "");
    if text.is_empty() {
        return None;
    }
    match text.parse::<usize>() {
        Ok(n) => Some(n),
        Err(_) => {
            panic!("{FUZZ_INPUTS_VAR} must be a count of inputs, such as 100000, not `{text}`")
        }
    }
}

impl<G: Game> Conformance<G> {
    /// How many inputs each fuzzing check ([`Conformance::mangled_positions`]' random
    /// mutants, [`Conformance::fuzz_notation`], [`Conformance::fuzz_json`]) tries for this game, unless the
    /// `BOARDROOM_FUZZ_INPUTS` environment variable says otherwise.
    pub fn fuzz_inputs(mut self, inputs: usize) -> Self {
        self.fuzz_inputs = inputs.max(1);
        self
    }

    /// The inputs a fuzzing check tries: the environment's count, else the kit's.
    pub fn fuzz_budget(&self) -> usize {
        inputs_from_env().unwrap_or(self.fuzz_inputs).max(1)
    }

    /// Spends `budget` inputs over the sampled states (and the final state) of random games:
    /// the kit's configs and seeds first, then further seeds, until `f` has used them all.
    /// `f` gets a state and the inputs left, and returns how many it used (at least one).
    pub(crate) fn fuzz_games(
        &self,
        check: &'static str,
        budget: usize,
        mut f: impl FnMut(&mut Visit<'_, G>, usize) -> usize,
    ) {
        let mut left = budget;
        let next_seed = self.seeds.iter().max().map_or(0, |s| s.wrapping_add(1));
        let mut round = 0usize;
        while left > 0 {
            let seeds: Vec<(usize, u64)> = if round == 0 {
                self.seeds.iter().copied().enumerate().collect()
            } else {
                // Further seeds, one batch per round, never the same twice.
                let base = next_seed.wrapping_add(((round - 1) * self.seeds.len()) as u64);
                (0..self.seeds.len())
                    .map(|i| (i, base.wrapping_add(i as u64)))
                    .collect()
            };
            round += 1;
            for config in &self.configs {
                for &(index, seed) in &seeds {
                    if left == 0 {
                        return;
                    }
                    report::guard(check, G::NAME, config, seed, || {
                        self.walk(config, seed, |v| {
                            if left == 0 || !(self.sampled(index, v.step) || v.seat.is_none()) {
                                return;
                            }
                            let used = f(v, left).max(1);
                            left = left.saturating_sub(used);
                        });
                    });
                }
            }
        }
    }

    /// Byte-level fuzz of the notation reader on states of random games: mutated notations of
    /// the legal actions (bits flipped, bytes inserted, deleted, duplicated, spliced, the case
    /// changed, odd characters), notation words in random order and random text, as many as
    /// [`Conformance::fuzz_budget`] says. [`Game::parse_action`] must never panic, and an
    /// action it reads must be consistent: it reads back from its own notation, `check`
    /// accepts it for a seat exactly when it is listed for that seat (only: when listed, for a
    /// game that lists candidates only), `apply` (on a copy) agrees with `check`, and a refused
    /// action leaves the state as it was.
    pub fn fuzz_notation(&self) {
        let budget = self.fuzz_budget();
        let exact = !self.candidates_only;
        self.fuzz_games("fuzz_notation", budget, |v, left| {
            let g = v.g;
            let n = g.num_players();
            let mut legal_by_seat: Vec<Vec<G::Action>> = vec![Vec::new(); n];
            for (s, legal) in legal_by_seat.iter_mut().enumerate() {
                g.legal_actions(s, legal);
            }
            let words: Vec<String> = legal_by_seat
                .iter()
                .flatten()
                .map(|a| g.format_action(a.clone()))
                .collect();
            let count = left.min(NOTATION_PER_STATE);
            for _ in 0..count {
                let input = fuzz_text(&words, v.rng);
                let read = |g: &G, text: &str| g.parse_action(text);
                if let Err(problem) =
                    read_consistently(g, &input, read, false, &legal_by_seat, exact)
                {
                    panic!("notation fuzz, input {input:?}: {problem}");
                }
            }
            count
        });
    }

    /// Structural fuzz of the JSON action reader on states of random games: the JSON forms
    /// ([`Game::action_to_json`]) of the legal actions with their structure mutated (numbers
    /// replaced by out-of-range, negative, huge or fractional values, by strings or other
    /// types; arrays emptied, shortened or extended with bad ids; fields removed, added,
    /// renamed or swapped; the action's name changed; parts of other actions spliced in),
    /// random JSON, the texts of those byte-mutated, and random text, as many as
    /// [`Conformance::fuzz_budget`] says (a game without a JSON form gets random JSON and
    /// text only). [`Game::action_from_json`] must never panic, and an action it reads must
    /// be consistent: it reads back from its notation and from its own JSON form, `check`
    /// accepts every listed action (and, unless the game lists candidates only, only those),
    /// `apply` (on a copy) agrees with `check`, and a refused action leaves the state as it was.
    pub fn fuzz_json(&self) {
        let budget = self.fuzz_budget();
        let exact = !self.candidates_only;
        self.fuzz_games("fuzz_json", budget, |v, left| {
            let g = v.g;
            let n = g.num_players();
            let mut legal_by_seat: Vec<Vec<G::Action>> = vec![Vec::new(); n];
            for (s, legal) in legal_by_seat.iter_mut().enumerate() {
                g.legal_actions(s, legal);
            }
            let samples: Vec<Value> = legal_by_seat
                .iter()
                .flatten()
                .filter_map(|a| g.action_to_json(a))
                .collect();
            let words: Vec<String> = legal_by_seat
                .iter()
                .flatten()
                .map(|a| g.format_action(a.clone()))
                .collect();
            let keys = json_keys(&samples);
            let count = left.min(JSON_PER_STATE);
            for _ in 0..count {
                let input = fuzz_json_text(&samples, &keys, &words, v.rng);
                let read = |g: &G, text: &str| g.action_from_json(text);
                if let Err(problem) =
                    read_consistently(g, &input, read, true, &legal_by_seat, exact)
                {
                    panic!("JSON fuzz, input {input:?}: {problem}");
                }
            }
            count
        });
    }
}

/// Reads `input` in state `g` with `read` (the notation, or with `from_json` the JSON reader)
/// and checks what it reads; `Err` names the broken promise. With `exact`, `check` must accept an action exactly
/// when it is listed; otherwise (a game listing candidates only) every listed action must be
/// accepted.
fn read_consistently<G: Game>(
    g: &G,
    input: &str,
    read: impl Fn(&G, &str) -> Result<G::Action, crate::error::NotationError>,
    from_json: bool,
    legal_by_seat: &[Vec<G::Action>],
    exact: bool,
) -> Result<(), String> {
    let outcome = catch_unwind(AssertUnwindSafe(|| -> Result<(), String> {
        let Ok(a) = read(g, input) else {
            return Ok(());
        };
        let text = g.format_action(a.clone());
        match g.parse_action(&text) {
            Ok(b) if b == a => {}
            Ok(_) => return Err(format!("its notation `{text}` reads as another action")),
            Err(e) => return Err(format!("its notation `{text}` does not read back: {e}")),
        }
        // The JSON reader may be stricter than the notation's (it checks ids and seats the
        // notation leaves to the rules), so only an action read from JSON must read back from it.
        if let Some(json) = g.action_to_json(&a).filter(|_| from_json) {
            match g.action_from_json(&json.to_string()) {
                Ok(b) if b == a => {}
                Ok(_) => return Err(format!("its JSON form {json} reads as another action")),
                Err(e) => return Err(format!("its JSON form {json} does not read back: {e}")),
            }
        }
        let before = super::position_json(g);
        for (seat, legal) in legal_by_seat.iter().enumerate() {
            let listed = legal.contains(&a);
            let checked = g.check(seat, a.clone());
            if (listed && checked.is_err()) || (exact && !listed && checked.is_ok()) {
                return Err(format!(
                    "read as `{text}`, listed for seat {seat}: {listed}, but check says {checked:?}"
                ));
            }
            if listed || g.to_act().contains(seat) {
                let mut copy = g.clone();
                let mut events = Vec::new();
                let applied = copy.apply(seat, a.clone(), &mut events);
                if applied.is_ok() != checked.is_ok() {
                    return Err(format!(
                        "read as `{text}`: apply for seat {seat} gives {:?} while check says \
                         {checked:?}",
                        applied.map(|_| "Ok")
                    ));
                }
                if applied.is_err() && (!events.is_empty() || super::position_json(&copy) != before)
                {
                    return Err(format!(
                        "read as `{text}`: refused for seat {seat}, but the state or the \
                         events changed"
                    ));
                }
            }
        }
        // A seat that does not exist is refused.
        if g.check(legal_by_seat.len(), a).is_ok() {
            return Err(format!(
                "read as `{text}`: accepted for a seat that does not exist"
            ));
        }
        Ok(())
    }));
    match outcome {
        Ok(r) => r,
        Err(payload) => Err(format!(
            "panicked: {}",
            report::panic_text(payload.as_ref())
        )),
    }
}
