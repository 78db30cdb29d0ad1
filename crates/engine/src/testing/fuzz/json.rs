//! The structural fuzz of the JSON form of actions: sample actions with nodes replaced, removed,
//! renamed or given odd numbers, pieces of other actions spliced in, and random JSON built from
//! the keys actions use. Most inputs stay valid JSON, so the games' own readers are exercised,
//! not just the parser.

use super::notation::{fuzz_text, mutate, ODD};
use crate::rng::GameRng;
use rand::seq::SliceRandom;
use rand::Rng;
use serde_json::{Map, Number, Value};

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
pub(super) fn json_keys(samples: &[Value]) -> Vec<String> {
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
pub(super) fn fuzz_json_text(
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
