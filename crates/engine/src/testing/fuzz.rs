//! Fuzzing at scale: how many inputs a fuzzing check tries (set per kit, raised for scheduled
//! and release runs with the `BOARDROOM_FUZZ_INPUTS` environment variable), the driver that
//! spreads them over states of random games, the byte-level fuzz of the action notation and
//! the structural fuzz of the JSON form of actions.

use super::{report, walk::Visit, Conformance};
use crate::game::Game;
use crate::rng::GameRng;
use rand::seq::SliceRandom;
use rand::Rng;
use serde_json::{Map, Number, Value};
use std::panic::{catch_unwind, AssertUnwindSafe};

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

/// Keys that JSON actions often have, tried as added or renamed fields besides the samples' own.
const JSON_KEYS: &[&str] = &[
    "action",
    "args",
    "kind",
    "id",
    "value",
    "what",
    "to",
    "seat",
    "card",
    "cards",
    "amount",
    "",
    "ACTION",
    "action ",
    "__proto__",
];

/// Every object key of the samples, and [`JSON_KEYS`].
fn json_keys(samples: &[Value]) -> Vec<String> {
    fn walk(v: &Value, out: &mut Vec<String>) {
        match v {
            Value::Array(a) => a.iter().for_each(|x| walk(x, out)),
            Value::Object(o) => {
                for (k, x) in o {
                    if !out.contains(k) {
                        out.push(k.clone());
                    }
                    walk(x, out);
                }
            }
            _ => {}
        }
    }
    let mut out: Vec<String> = JSON_KEYS.iter().map(|k| k.to_string()).collect();
    for v in samples {
        walk(v, &mut out);
    }
    out
}

/// One fuzzed JSON input: usually a listed action's JSON form with its structure mutated once
/// or more, sometimes random JSON, a mutated text, a notation as a JSON string, or random text.
fn fuzz_json_text(
    samples: &[Value],
    keys: &[String],
    words: &[String],
    rng: &mut GameRng,
) -> String {
    let roll = rng.gen_range(0..20);
    if samples.is_empty() || roll < 2 {
        // Random JSON, or random text, for games with no JSON form too.
        return match rng.gen_range(0..4) {
            0 => fuzz_text(words, rng),
            1 => Value::String(fuzz_text(words, rng)).to_string(),
            2 => {
                let mut o = Map::new();
                let name = match words.choose(rng) {
                    Some(w) => w.split_whitespace().next().unwrap_or("").to_string(),
                    None => ODD.choose(rng).expect("odd").to_string(),
                };
                o.insert("action".into(), Value::String(name));
                if rng.gen_bool(0.7) {
                    o.insert("args".into(), random_json(keys, rng, 2));
                }
                Value::Object(o).to_string()
            }
            _ => random_json(keys, rng, 3).to_string(),
        };
    }
    let mut v = samples.choose(rng).expect("samples").clone();
    if roll == 2 {
        // A listed action as it is: it must be read and accepted.
        return v.to_string();
    }
    for _ in 0..rng.gen_range(1..=3) {
        mutate_json(&mut v, samples, keys, rng);
    }
    let mut text = if rng.gen_bool(0.3) {
        serde_json::to_string_pretty(&v).expect("JSON writes")
    } else {
        v.to_string()
    };
    if roll == 3 {
        // The text mutated byte by byte (broken syntax, odd characters, numbers at edges).
        let mut bytes = text.into_bytes();
        for _ in 0..rng.gen_range(1..=3) {
            let other = ODD.choose(rng).expect("odd");
            mutate(&mut bytes, rng, other);
        }
        text = String::from_utf8_lossy(&bytes).into_owned();
    }
    text
}

/// Nodes of `v` (itself included), in pre-order.
fn json_nodes(v: &Value) -> usize {
    1 + match v {
        Value::Array(a) => a.iter().map(json_nodes).sum(),
        Value::Object(o) => o.values().map(json_nodes).sum(),
        _ => 0,
    }
}

/// The `k`-th node of `v` in pre-order (`k < json_nodes(v)`).
fn json_node(v: &mut Value, k: usize) -> &mut Value {
    if k == 0 {
        return v;
    }
    let mut k = k - 1;
    let children: Vec<&mut Value> = match v {
        Value::Array(a) => a.iter_mut().collect(),
        Value::Object(o) => o.values_mut().collect(),
        _ => Vec::new(),
    };
    for child in children {
        let size = json_nodes(child);
        if k < size {
            return json_node(child, k);
        }
        k -= size;
    }
    unreachable!("a node index below the count of nodes")
}

/// A number at the edge of some range, negative, huge or fractional.
fn odd_number(rng: &mut GameRng, near: Option<i128>) -> Value {
    if let (Some(n), true) = (near, rng.gen_bool(0.4)) {
        // Just past a valid value: off by one, or a little further.
        let m = n + [-2, -1, 1, 2, 10, 100, 256][rng.gen_range(0..7)];
        if let Ok(m) = i64::try_from(m) {
            return Value::Number(Number::from(m));
        }
    }
    match rng.gen_range(0..14) {
        0 => Value::Number(Number::from(-1)),
        1 => Value::Number(Number::from(0)),
        2 => Value::Number(Number::from(rng.gen_range(0..300u64))),
        3 => Value::Number(Number::from(255)),
        4 => Value::Number(Number::from(256)),
        5 => Value::Number(Number::from(65_536)),
        6 => Value::Number(Number::from(u32::MAX)),
        7 => Value::Number(Number::from(u32::MAX as u64 + 1)),
        8 => Value::Number(Number::from(u64::MAX)),
        9 => Value::Number(Number::from(i64::MIN)),
        10 => Value::Number(Number::from(1u64 << 53)),
        11 => Number::from_f64(1.5).map_or(Value::Null, Value::Number),
        12 => Number::from_f64(1e300).map_or(Value::Null, Value::Number),
        _ => Value::Number(Number::from(rng.gen_range(0..10_000u64))),
    }
}

/// A small random JSON value, at most `depth` levels deep.
fn random_json(keys: &[String], rng: &mut GameRng, depth: usize) -> Value {
    let scalar = |rng: &mut GameRng| -> Value {
        match rng.gen_range(0..5) {
            0 => Value::Null,
            1 => Value::Bool(rng.gen()),
            2 => Value::String(ODD.choose(rng).expect("odd").to_string()),
            3 => Value::String(keys.choose(rng).cloned().unwrap_or_default()),
            _ => odd_number(rng, None),
        }
    };
    if depth == 0 {
        return scalar(rng);
    }
    match rng.gen_range(0..4) {
        0 => Value::Array(
            (0..rng.gen_range(0..4))
                .map(|_| random_json(keys, rng, depth - 1))
                .collect(),
        ),
        1 => Value::Object(
            (0..rng.gen_range(0..4))
                .map(|_| {
                    let k = keys.choose(rng).cloned().unwrap_or_default();
                    (k, random_json(keys, rng, depth - 1))
                })
                .collect(),
        ),
        _ => scalar(rng),
    }
}

/// One structural mutation of a node of `v`.
fn mutate_json(v: &mut Value, samples: &[Value], keys: &[String], rng: &mut GameRng) {
    let at = rng.gen_range(0..json_nodes(v));
    // A piece of another listed action, to splice in.
    let donor = {
        let mut d = samples.choose(rng).expect("samples").clone();
        let k = rng.gen_range(0..json_nodes(&d));
        json_node(&mut d, k).take()
    };
    let node = json_node(v, at);
    let near = node
        .as_i64()
        .map(i128::from)
        .or(node.as_u64().map(i128::from));
    match rng.gen_range(0..10) {
        // A number (or anything) replaced by an odd number.
        0 | 1 => *node = odd_number(rng, near),
        // Another type.
        2 => {
            *node = match rng.gen_range(0..6) {
                0 => Value::Null,
                1 => Value::Bool(rng.gen()),
                2 => Value::String(match near {
                    Some(n) => n.to_string(),
                    None => ODD.choose(rng).expect("odd").to_string(),
                }),
                3 => Value::Array(vec![node.take()]),
                4 => Value::Object(Map::new()),
                _ => Value::String(keys.choose(rng).cloned().unwrap_or_default()),
            }
        }
        // Arrays: emptied, shortened, extended with bad or repeated ids, reversed.
        3 | 4 => match node {
            Value::Array(a) => match rng.gen_range(0..5) {
                0 => a.clear(),
                1 if !a.is_empty() => {
                    let i = rng.gen_range(0..a.len());
                    a.remove(i);
                }
                2 if !a.is_empty() => {
                    let i = rng.gen_range(0..a.len());
                    let x = a[i].clone();
                    a.push(x);
                }
                3 => a.reverse(),
                _ => {
                    for _ in 0..rng.gen_range(1..=20) {
                        a.push(odd_number(rng, None));
                    }
                }
            },
            _ => {
                *node = Value::Array(
                    (0..rng.gen_range(0..3))
                        .map(|_| odd_number(rng, near))
                        .collect(),
                )
            }
        },
        // Objects: a field removed, added, renamed, or two fields' values swapped.
        5 | 6 => match node {
            Value::Object(o) => {
                let names: Vec<String> = o.keys().cloned().collect();
                let name = names.choose(rng).cloned();
                match (rng.gen_range(0..4), name) {
                    (0, Some(k)) => {
                        o.remove(&k);
                    }
                    (1, Some(k)) => {
                        if let Some(x) = o.remove(&k) {
                            let new = keys.choose(rng).cloned().unwrap_or_default();
                            o.insert(new, x);
                        }
                    }
                    (2, Some(k)) => {
                        let other = names.choose(rng).cloned().unwrap_or_default();
                        if let (Some(x), Some(y)) = (o.get(&k).cloned(), o.get(&other).cloned()) {
                            o.insert(k, y);
                            o.insert(other, x);
                        }
                    }
                    _ => {
                        let new = keys.choose(rng).cloned().unwrap_or_default();
                        o.insert(new, donor);
                    }
                }
            }
            _ => *node = donor,
        },
        // A piece of another action spliced in (another action's name, args or items).
        7 | 8 => *node = donor,
        _ => *node = random_json(keys, rng, 2),
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

    #[test]
    fn fuzzed_json_varies_and_keeps_some_actions_whole() {
        let samples: Vec<Value> = vec![
            serde_json::json!({"action": "offer", "args": {"to": 1, "give": {"experience": [3, 9]}}}),
            serde_json::json!({"action": "bid", "args": 20}),
        ];
        let keys = json_keys(&samples);
        let words = vec!["bid 20".to_string()];
        let mut rng = rng::from_seed(5);
        let texts: Vec<String> = (0..3000)
            .map(|_| fuzz_json_text(&samples, &keys, &words, &mut rng))
            .collect();
        let distinct: std::collections::HashSet<&String> = texts.iter().collect();
        assert!(distinct.len() > 800, "{}", distinct.len());
        let parsed: Vec<Value> = texts
            .iter()
            .filter_map(|t| serde_json::from_str(t).ok())
            .collect();
        // Most inputs stay JSON (the reader's own checks get exercised, not just the parser).
        assert!(parsed.len() > 2000, "{}", parsed.len());
        assert!(parsed.iter().any(|v| v == &samples[0]));
        assert!(parsed.iter().any(|v| v["args"]["give"]["experience"]
            .as_array()
            .is_some_and(|a| a.iter().any(|x| x.as_u64().is_some_and(|n| n > 255)))));
        assert!(parsed
            .iter()
            .any(|v| v["args"]["give"]["experience"] == serde_json::json!([])));
        assert!(parsed
            .iter()
            .any(|v| v["args"].as_object().is_some_and(|o| !o.contains_key("to"))));
        assert!(parsed.iter().any(|v| v["args"] == serde_json::json!(-1)));
    }
}
