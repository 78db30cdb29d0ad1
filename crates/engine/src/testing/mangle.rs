//! Mangled positions: field-level mutations of a position's JSON value (out-of-range numbers,
//! swapped types, deleted fields, emptied or extended arrays, duplicated entries) and byte-level
//! mutations of its text. Each must be refused (by parsing or [`Game::from_position`]) or give
//! a state that survives legal play — never a panic.

use super::{observation_json, position_json, report, viewers, walk::CHECK_SALT, Conformance};
use crate::game::Game;
use crate::position;
use crate::rng::{self, GameRng};
use rand::seq::SliceRandom;
use rand::Rng;
use serde_json::{json, Value};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Actions played from an accepted mangled position.
const PLAYOUT: usize = 30;

/// Numbers that break ranges: negative, just past the usual bounds (72 spaces, u8, u16, u32),
/// huge, fractional.
fn numbers() -> Vec<Value> {
    vec![
        json!(-1),
        json!(0),
        json!(1),
        json!(2),
        json!(7),
        json!(16),
        json!(72),
        json!(73),
        json!(100),
        json!(128),
        json!(255),
        json!(256),
        json!(65535),
        json!(65536),
        json!(u32::MAX),
        json!(u32::MAX as u64 + 1),
        json!(u64::MAX),
        json!(i64::MIN),
        json!(0.5),
        json!(1e300),
    ]
}

/// Escapes a key for a JSON pointer.
fn escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

/// The JSON pointers of every node of `v` (the root included), and every string leaf.
fn nodes(v: &Value, at: String, out: &mut Vec<String>, strings: &mut Vec<Value>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                nodes(x, format!("{at}/{}", escape(k)), out, strings);
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                nodes(x, format!("{at}/{i}"), out, strings);
            }
        }
        Value::String(_) => strings.push(v.clone()),
        _ => {}
    }
    out.push(at);
}

/// A position's JSON value with its nodes indexed for mutation.
struct Doc {
    value: Value,
    pointers: Vec<String>,
    strings: Vec<Value>,
}

impl Doc {
    fn new(value: Value) -> Self {
        let mut pointers = Vec::new();
        let mut strings = Vec::new();
        nodes(&value, String::new(), &mut pointers, &mut strings);
        Doc {
            value,
            pointers,
            strings,
        }
    }

    /// Calls `f` on every systematic single mutation, made in place and undone after: each
    /// number set to each breaking number, each object missing each field, each array emptied,
    /// extended by a duplicate of its first entry and shortened by its last, each string
    /// emptied.
    fn sweep(&mut self, mut f: impl FnMut(&str, &Value)) {
        let numbers = numbers();
        let pointers = std::mem::take(&mut self.pointers);
        for p in &pointers {
            let node = self.value.pointer_mut(p).expect("a listed pointer");
            match node {
                Value::Number(_) => {
                    let old = node.clone();
                    for n in &numbers {
                        *self.value.pointer_mut(p).expect("a listed pointer") = n.clone();
                        f(&format!("number set to {n} at `{p}`"), &self.value);
                    }
                    *self.value.pointer_mut(p).expect("a listed pointer") = old;
                }
                Value::Object(m) => {
                    let keys: Vec<String> = m.keys().cloned().collect();
                    for k in keys {
                        let m = self.value.pointer_mut(p).and_then(Value::as_object_mut);
                        let old = m.expect("an object").remove(&k).expect("a key");
                        f(&format!("field `{k}` deleted at `{p}`"), &self.value);
                        let m = self.value.pointer_mut(p).and_then(Value::as_object_mut);
                        m.expect("an object").insert(k, old);
                    }
                }
                Value::Array(a) if !a.is_empty() => {
                    let old = std::mem::take(a);
                    f(&format!("array emptied at `{p}`"), &self.value);
                    let a = self
                        .value
                        .pointer_mut(p)
                        .and_then(Value::as_array_mut)
                        .expect("an array");
                    *a = old;
                    a.insert(0, a[0].clone());
                    f(&format!("first entry duplicated at `{p}`"), &self.value);
                    let a = self
                        .value
                        .pointer_mut(p)
                        .and_then(Value::as_array_mut)
                        .expect("an array");
                    a.remove(0);
                    let last = a.pop().expect("an entry");
                    f(&format!("last entry deleted at `{p}`"), &self.value);
                    let a = self
                        .value
                        .pointer_mut(p)
                        .and_then(Value::as_array_mut)
                        .expect("an array");
                    a.push(last);
                }
                Value::String(s) if !s.is_empty() => {
                    let old = std::mem::take(s);
                    f(&format!("string emptied at `{p}`"), &self.value);
                    *self.value.pointer_mut(p).expect("a listed pointer") = Value::String(old);
                }
                _ => {}
            }
        }
        self.pointers = pointers;
    }

    /// Applies one random mutation to `v` and describes it.
    fn mutate(&self, v: &mut Value, rng: &mut GameRng) -> String {
        let mut pointers = Vec::new();
        nodes(v, String::new(), &mut pointers, &mut Vec::new());
        let p = pointers.choose(rng).expect("a value has a root").clone();
        let other = self
            .value
            .pointer(self.pointers.choose(rng).expect("a root"))
            .expect("a listed pointer")
            .clone();
        let node = v.pointer_mut(&p).expect("a listed pointer");
        let (what, new) = match (rng.gen_range(0..4), &*node) {
            (0, _) => ("replaced by another node of the position", other),
            (1, _) => {
                let swaps = [
                    json!(null),
                    json!(true),
                    json!(""),
                    json!("x"),
                    json!([]),
                    json!({}),
                ];
                ("type swapped", swaps.choose(rng).expect("swaps").clone())
            }
            (_, Value::Number(n)) => match rng.gen_range(0..3) {
                0 => ("number turned into a string", json!(n.to_string())),
                _ => (
                    "number out of range",
                    numbers().choose(rng).expect("numbers").clone(),
                ),
            },
            (_, Value::String(s)) => match rng.gen_range(0..4) {
                0 => ("string emptied", json!("")),
                1 => ("string extended", json!(format!("{s}{s}0"))),
                2 => ("string made long", json!("R".repeat(300))),
                _ => (
                    "string swapped with another",
                    self.strings.choose(rng).cloned().unwrap_or(json!("")),
                ),
            },
            (_, Value::Bool(b)) => ("boolean flipped", json!(!b)),
            (_, Value::Array(a)) if !a.is_empty() => {
                let mut a = a.clone();
                let i = rng.gen_range(0..a.len());
                match rng.gen_range(0..5) {
                    0 => ("array emptied", json!([])),
                    1 => {
                        a.insert(i, a[i].clone());
                        ("entry duplicated", Value::Array(a))
                    }
                    2 => {
                        a.remove(i);
                        ("entry deleted", Value::Array(a))
                    }
                    3 => {
                        let last = a[a.len() - 1].clone();
                        a.extend(std::iter::repeat_n(last, rng.gen_range(1..80)));
                        ("array extended", Value::Array(a))
                    }
                    _ => {
                        a.reverse();
                        ("array reversed", Value::Array(a))
                    }
                }
            }
            (_, Value::Object(m)) if !m.is_empty() => {
                let mut m = m.clone();
                if rng.gen_bool(0.8) {
                    let k = m
                        .keys()
                        .nth(rng.gen_range(0..m.len()))
                        .expect("a key")
                        .clone();
                    m.remove(&k);
                    ("field deleted", Value::Object(m))
                } else {
                    m.insert("unexpected".into(), json!(1));
                    ("field added", Value::Object(m))
                }
            }
            _ => ("set to zero", json!(0)),
        };
        *node = new;
        format!("{what} at `{p}`")
    }
}

/// Applies one random byte-level mutation to `bytes` and describes it.
fn mutate_bytes(bytes: &mut Vec<u8>, rng: &mut GameRng) -> String {
    if bytes.is_empty() {
        bytes.push(b'{');
        return "byte inserted into an empty text".into();
    }
    let i = rng.gen_range(0..bytes.len());
    match rng.gen_range(0..5) {
        0 => {
            let bit = rng.gen_range(0..8);
            bytes[i] ^= 1 << bit;
            format!("bit {bit} of byte {i} flipped")
        }
        1 => {
            let b = *b"0123456789-\"{}[],:.eE ax\\".choose(rng).expect("bytes");
            bytes.insert(i, b);
            format!("byte {:?} inserted at {i}", b as char)
        }
        2 => {
            bytes.remove(i);
            format!("byte {i} deleted")
        }
        3 => {
            let digits: Vec<usize> = (0..bytes.len())
                .filter(|&k| bytes[k].is_ascii_digit())
                .collect();
            let Some(&start) = digits.choose(rng) else {
                bytes.remove(i);
                return format!("byte {i} deleted");
            };
            let mut end = start;
            while end < bytes.len() && bytes[end].is_ascii_digit() {
                end += 1;
            }
            let new = ["73", "255", "-1", "65535", "18446744073709551615", "0"]
                .choose(rng)
                .expect("numbers");
            bytes.splice(start..end, new.bytes());
            format!("number at byte {start} replaced by {new}")
        }
        _ => {
            let end = (i + rng.gen_range(1..=16)).min(bytes.len());
            let slice = bytes[i..end].to_vec();
            bytes.splice(end..end, slice);
            format!("bytes {i}..{end} duplicated")
        }
    }
}

impl<G: Game> Conformance<G> {
    /// Mangled positions taken from states of random games. On the sampled states of the
    /// first seeds of each config (see [`Conformance::mutants`]) a systematic sweep: every
    /// number set to each breaking value, every field deleted, every array emptied, extended
    /// and shortened, every string emptied. Then random mutants — single and compound field
    /// mutations and byte mutations of the JSON text, in the proportions 1 : 1 : 4 — spread
    /// over sampled states of random games until [`Conformance::fuzz_budget`] inputs have
    /// been tried (`BOARDROOM_FUZZ_INPUTS` raises it for scheduled runs). Each mutant must be
    /// refused by parsing (the error naming a field) or by `from_position`, or import as a
    /// state that survives legal play: it round-trips, every viewer can observe it and sample
    /// its hidden part, the seat to act has a legal action, and a short random playout applies
    /// every chosen action. A panic anywhere fails the check, showing the mutated input.
    pub fn mangled_positions(&self) {
        self.each_game("mangled_positions", |config, seed, index| {
            if index >= self.mangle_seeds {
                return;
            }
            self.walk(config, seed, |v| {
                let last = v.seat.is_none();
                if !self.sampled(index, v.step) && !last {
                    return;
                }
                let mut doc =
                    Doc::new(serde_json::to_value(v.g.to_position()).expect("serialises"));
                let rng = &mut *v.rng;
                doc.sweep(|what, value| self.try_mutant(what, Mutant::Value(value), rng));
            });
        });
        let per_state = self.mutants.max(1);
        self.fuzz_games("mangled_positions", self.fuzz_budget(), |v, left| {
            let doc = Doc::new(serde_json::to_value(v.g.to_position()).expect("serialises"));
            let text = position_json(v.g).into_bytes();
            let mut used = 0;
            for round in 0..per_state * 6 {
                if used == left {
                    break;
                }
                used += 1;
                if round % 6 < 2 {
                    let compound = round % 6 == 1;
                    let mut value = doc.value.clone();
                    let rounds = if compound { v.rng.gen_range(2..=4) } else { 1 };
                    let what: Vec<String> =
                        (0..rounds).map(|_| doc.mutate(&mut value, v.rng)).collect();
                    self.try_mutant(&what.join("; "), Mutant::Value(&value), v.rng);
                } else {
                    let mut bytes = text.clone();
                    let what = mutate_bytes(&mut bytes, v.rng);
                    self.try_mutant(&what, Mutant::Bytes(&bytes), v.rng);
                }
            }
            used
        });
    }

    /// Reads a mutant and, if accepted, plays with it; panics with the mutated input if that
    /// panics or breaks the contract.
    fn try_mutant(&self, what: &str, mutant: Mutant, rng: &mut GameRng) {
        let seed: u64 = rng.gen();
        let outcome = catch_unwind(AssertUnwindSafe(|| -> Result<(), String> {
            let parsed: Result<G::Position, _> = match &mutant {
                Mutant::Value(v) => position::from_value(v),
                Mutant::Bytes(b) => position::parse_slice(b),
            };
            let position = match parsed {
                Ok(p) => p,
                Err(e) if e.field.is_empty() || e.reason.is_empty() => {
                    return Err(format!("refused without naming the field: {e}"))
                }
                Err(_) => return Ok(()),
            };
            match G::from_position(&position) {
                Ok(g) => survive(g, &mut rng::from_seed(seed ^ CHECK_SALT)),
                Err(_) => Ok(()),
            }
        }));
        let problem = match outcome {
            Ok(Ok(())) => return,
            Ok(Err(problem)) => problem,
            Err(payload) => format!("panicked: {}", report::panic_text(payload.as_ref())),
        };
        let input = match &mutant {
            Mutant::Value(v) => v.to_string(),
            Mutant::Bytes(b) => String::from_utf8_lossy(b).into_owned(),
        };
        panic!("mangled position ({what}): {problem}\nmutated input:\n{input}");
    }
}

/// A mutated position: a JSON value or raw text.
enum Mutant<'a> {
    Value(&'a Value),
    Bytes(&'a [u8]),
}

/// Plays with a state imported from a mangled position; `Err` names the broken promise.
///
/// The state must round-trip; every viewer observes it and samples its hidden part (keeping
/// the observation); then a short random playout lists every seat's actions, applies the
/// chosen one (accepted by `check` and `apply`), shows its events to one viewer in turn, and
/// every viewer observes the state it ends in.
fn survive<G: Game>(mut g: G, rng: &mut GameRng) -> Result<(), String> {
    let json = position_json(&g);
    match G::from_position(&g.to_position()) {
        Ok(back) if position_json(&back) == json => {}
        Ok(_) => return Err("the accepted position does not round-trip".into()),
        Err(e) => {
            return Err(format!(
                "the accepted position re-exports as one refused: {e}"
            ))
        }
    }
    let n = g.num_players();
    for viewer in viewers(n) {
        let seen = observation_json(&g, viewer);
        if observation_json(&g.sample_hidden(viewer, rng), viewer) != seen {
            return Err(format!("a sample for {viewer:?} changed its observation"));
        }
    }
    let mut legal = Vec::new();
    let mut events = Vec::new();
    let watchers: Vec<_> = viewers(n).collect();
    for step in 0..PLAYOUT {
        if g.outcome().is_some() != g.is_over() {
            return Err(format!(
                "step {step}: an outcome must exist exactly when the game is over"
            ));
        }
        for s in 0..n {
            g.legal_actions(s, &mut legal);
        }
        let Some(seat) = g.to_act().choose(rng) else {
            break;
        };
        g.legal_actions(seat, &mut legal);
        let Some(a) = legal.choose(rng).cloned() else {
            return Err(format!(
                "step {step}: seat {seat} is to act but has no legal action"
            ));
        };
        let text = g.format_action(a.clone());
        if let Err(e) = g.check(seat, a.clone()) {
            return Err(format!(
                "step {step}: listed action {text} refused by check: {e}"
            ));
        }
        events.clear();
        if let Err(e) = g.apply(seat, a.clone(), &mut events) {
            return Err(format!(
                "step {step}: listed action {text} refused by apply: {e}"
            ));
        }
        let viewer = watchers[step % watchers.len()];
        for e in &events {
            serde_json::to_string(&G::redact(e, viewer)).expect("an event serialises");
        }
    }
    for viewer in viewers(n) {
        observation_json(&g, viewer);
    }
    Ok(())
}
