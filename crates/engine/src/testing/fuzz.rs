//! Fuzzing at scale: how many inputs a fuzzing check tries (set per kit, raised for scheduled
//! and release runs with the `BOARDROOM_FUZZ_INPUTS` environment variable), the driver that
//! spreads them over states of random games, and the byte-level fuzz of the action notation.

use super::{report, walk::Visit, Conformance};
use crate::game::Game;
use crate::rng::GameRng;
use rand::seq::SliceRandom;
use rand::Rng;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// The environment variable that sets how many inputs each fuzzing check tries per game
/// (overriding [`Conformance::fuzz_inputs`]); `scripts/fuzz.sh` sets it to 100,000.
pub const FUZZ_INPUTS_VAR: &str = "BOARDROOM_FUZZ_INPUTS";

/// Inputs each fuzzing check tries per game by default: enough to catch the common mistakes,
/// few enough that a game's conformance tests stay quick.
pub const DEFAULT_FUZZ_INPUTS: usize = 4_000;

/// Notation inputs tried on each visited state.
const NOTATION_PER_STATE: usize = 64;

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
    /// mutants, [`Conformance::fuzz_notation`]) tries for this game, unless the
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
    /// accepts it for a seat exactly when it is listed for that seat, and `apply` (on a copy)
    /// agrees with `check`.
    pub fn fuzz_notation(&self) {
        let budget = self.fuzz_budget();
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
                if let Err(problem) = read_consistently(g, &input, &legal_by_seat) {
                    panic!("notation fuzz, input {input:?}: {problem}");
                }
            }
            count
        });
    }
}

/// Reads `input` in state `g` and checks what it reads; `Err` names the broken promise.
fn read_consistently<G: Game>(
    g: &G,
    input: &str,
    legal_by_seat: &[Vec<G::Action>],
) -> Result<(), String> {
    let outcome = catch_unwind(AssertUnwindSafe(|| -> Result<(), String> {
        let Ok(a) = g.parse_action(input) else {
            return Ok(());
        };
        let text = g.format_action(a.clone());
        match g.parse_action(&text) {
            Ok(b) if b == a => {}
            Ok(_) => return Err(format!("its notation `{text}` reads as another action")),
            Err(e) => return Err(format!("its notation `{text}` does not read back: {e}")),
        }
        for (seat, legal) in legal_by_seat.iter().enumerate() {
            let listed = legal.contains(&a);
            let checked = g.check(seat, a.clone());
            if listed != checked.is_ok() {
                return Err(format!(
                    "read as `{text}`, listed for seat {seat}: {listed}, but check says {checked:?}"
                ));
            }
            if listed || g.to_act().contains(seat) {
                let mut copy = g.clone();
                let mut events = Vec::new();
                let applied = copy.apply(seat, a.clone(), &mut events);
                if applied.is_ok() != listed {
                    return Err(format!(
                        "read as `{text}`: apply for seat {seat} gives {:?} while check says \
                         {checked:?}",
                        applied.map(|_| "Ok")
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

/// Odd pieces of text: empty, spaces, numbers at the edges of ranges, characters of several
/// bytes, control characters.
const ODD: &[&str] = &[
    "",
    " ",
    "  ",
    "\t",
    "\n",
    "\r\n",
    "\0",
    "-",
    "+",
    "-1",
    "0",
    "00",
    "1",
    "9",
    "10",
    "72",
    "73",
    "99",
    "100",
    "255",
    "256",
    "65535",
    "65536",
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999",
    "1e9",
    "0x10",
    "1.5",
    "L",
    "L0",
    "L1",
    "L9",
    "l2",
    "#",
    ",",
    ":",
    "=",
    "é",
    "ß",
    "Ω",
    "€",
    "🏢",
    "\u{200b}",
    "\u{feff}",
    "İ",
    "ﬁ",
    "\u{ff11}",
    "NaN",
    "inf",
    "none",
    "all",
    "yes",
    "null",
    "'",
    "\"",
];

/// One fuzzed input: usually a legal action's notation mutated once or more, sometimes words
/// shuffled or random text.
fn fuzz_text(words: &[String], rng: &mut GameRng) -> String {
    let pick_word = |rng: &mut GameRng| -> String {
        if !words.is_empty() && rng.gen_bool(0.7) {
            words.choose(rng).expect("words").clone()
        } else {
            ODD.choose(rng).expect("odd").to_string()
        }
    };
    let mut bytes: Vec<u8> = match rng.gen_range(0..10) {
        0 => {
            // Words of several notations, shuffled and joined.
            let mut parts: Vec<String> = (0..rng.gen_range(1..=4))
                .flat_map(|_| {
                    pick_word(rng)
                        .split_whitespace()
                        .map(str::to_string)
                        .collect::<Vec<_>>()
                })
                .collect();
            parts.shuffle(rng);
            parts
                .join(if rng.gen_bool(0.8) { " " } else { "  " })
                .into_bytes()
        }
        1 => (0..rng.gen_range(0..24)).map(|_| rng.gen::<u8>()).collect(),
        _ => pick_word(rng).into_bytes(),
    };
    for _ in 0..rng.gen_range(0..=3) {
        let other = pick_word(rng);
        mutate(&mut bytes, rng, &other);
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// One byte-level mutation of `bytes`, sometimes splicing in `other`.
fn mutate(bytes: &mut Vec<u8>, rng: &mut GameRng, other: &str) {
    let len = bytes.len();
    let at = if len == 0 { 0 } else { rng.gen_range(0..len) };
    match rng.gen_range(0..9) {
        0 if len > 0 => bytes[at] ^= 1 << rng.gen_range(0..8),
        1 => {
            let b = *b"0123456789 -+Ll\t.,:#xX\xc3\xff"
                .choose(rng)
                .expect("bytes");
            bytes.insert(at, b);
        }
        2 if len > 0 => {
            bytes.remove(at);
        }
        3 if len > 0 => {
            let end = (at + rng.gen_range(1..=8)).min(len);
            let copy = bytes[at..end].to_vec();
            bytes.splice(end..end, copy);
        }
        4 => {
            let end = if len == 0 { 0 } else { rng.gen_range(at..=len) };
            bytes.splice(at..end, other.bytes());
        }
        5 => bytes.truncate(at),
        6 => {
            if rng.gen_bool(0.5) {
                bytes.make_ascii_uppercase();
            } else {
                bytes.make_ascii_lowercase();
            }
        }
        7 => {
            let odd = ODD.choose(rng).expect("odd");
            bytes.splice(at..at, odd.bytes());
        }
        _ => {
            // A number in the text replaced by an edge of a range.
            let digits: Vec<usize> = (0..len).filter(|&k| bytes[k].is_ascii_digit()).collect();
            if let Some(&start) = digits.choose(rng) {
                let mut end = start;
                while end < bytes.len() && bytes[end].is_ascii_digit() {
                    end += 1;
                }
                let new = [
                    "0",
                    "73",
                    "255",
                    "256",
                    "65536",
                    "18446744073709551616",
                    "-1",
                ]
                .choose(rng)
                .expect("numbers");
                bytes.splice(start..end, new.bytes());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng;

    #[test]
    fn fuzzed_text_varies_and_mutates_the_notations() {
        let words = vec!["play 46".to_string(), "share Regent".to_string()];
        let mut rng = rng::from_seed(3);
        let texts: Vec<String> = (0..2000).map(|_| fuzz_text(&words, &mut rng)).collect();
        let distinct: std::collections::HashSet<&String> = texts.iter().collect();
        assert!(distinct.len() > 500, "{}", distinct.len());
        assert!(texts.iter().any(|t| t == "play 46"));
        assert!(texts.iter().any(|t| t.contains("play") && t != "play 46"));
        assert!(texts.iter().any(|t| t.contains('\u{fffd}')));
    }
}
