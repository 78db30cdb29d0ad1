//! JSON Patch (RFC 6902) between two states: what a connection is sent instead of the whole
//! state when that is smaller (see `docs/protocol.md`, "patch").
//!
//! Only `add`, `remove` and `replace` are written. Objects are compared key by key; arrays
//! keep their common beginning and end, so an item added to or taken from a list (an offer
//! made or withdrawn) is one operation rather than every later item replaced (which a plain
//! index-by-index diff, such as the `json-patch` crate's, would write).

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One operation of a patch, as RFC 6902 writes it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum Op {
    /// Adds `value` at `path` (a new key, or an item inserted into an array at its index).
    Add {
        /// A JSON Pointer (RFC 6901).
        path: String,
        /// The value added.
        value: Value,
    },
    /// Removes the value at `path` (an array's later items move down by one).
    Remove {
        /// A JSON Pointer (RFC 6901).
        path: String,
    },
    /// Replaces the value at `path` (which must exist) by `value`.
    Replace {
        /// A JSON Pointer (RFC 6901).
        path: String,
        /// The new value.
        value: Value,
    },
}

/// The operations that turn `from` into `to` (none when they are equal).
pub fn diff(from: &Value, to: &Value) -> Vec<Op> {
    let mut out = Vec::new();
    diff_at(&mut String::new(), from, to, &mut out);
    out
}

/// Each value is visited once: objects key by key (no comparison of whole subtrees first),
/// arrays item by item past their equal beginning and end.
fn diff_at(path: &mut String, from: &Value, to: &Value, out: &mut Vec<Op>) {
    match (from, to) {
        (Value::Object(a), Value::Object(b)) => {
            for (key, old) in a {
                let len = push_key(path, key);
                match b.get(key) {
                    Some(new) => diff_at(path, old, new, out),
                    None => out.push(Op::Remove { path: path.clone() }),
                }
                path.truncate(len);
            }
            for (key, new) in b {
                if !a.contains_key(key) {
                    let len = push_key(path, key);
                    out.push(Op::Add {
                        path: path.clone(),
                        value: new.clone(),
                    });
                    path.truncate(len);
                }
            }
        }
        (Value::Array(a), Value::Array(b)) => {
            let head = a.iter().zip(b).take_while(|(x, y)| x == y).count();
            let tail = a[head..]
                .iter()
                .rev()
                .zip(b[head..].iter().rev())
                .take_while(|(x, y)| x == y)
                .count();
            let (old, new) = (&a[head..a.len() - tail], &b[head..b.len() - tail]);
            let both = old.len().min(new.len());
            for i in 0..both {
                let len = push_index(path, head + i);
                diff_at(path, &old[i], &new[i], out);
                path.truncate(len);
            }
            // From the last down, so each index still names the item meant.
            for i in (both..old.len()).rev() {
                let len = push_index(path, head + i);
                out.push(Op::Remove { path: path.clone() });
                path.truncate(len);
            }
            for (i, value) in new.iter().enumerate().skip(both) {
                let len = push_index(path, head + i);
                out.push(Op::Add {
                    path: path.clone(),
                    value: value.clone(),
                });
                path.truncate(len);
            }
        }
        _ if from == to => {}
        _ => out.push(Op::Replace {
            path: path.clone(),
            value: to.clone(),
        }),
    }
}

/// Appends `/key` (escaped as RFC 6901 says) to `path`; returns the length before.
fn push_key(path: &mut String, key: &str) -> usize {
    let len = path.len();
    path.push('/');
    for c in key.chars() {
        match c {
            '~' => path.push_str("~0"),
            '/' => path.push_str("~1"),
            c => path.push(c),
        }
    }
    len
}

/// Appends `/index` to `path`; returns the length before.
fn push_index(path: &mut String, index: usize) -> usize {
    let len = path.len();
    path.push('/');
    path.push_str(&index.to_string());
    len
}

/// Applies `ops` to `doc` in order, as a client does; on an operation that does not fit the
/// document (a path that names nothing), says which, and `doc` may be half changed.
pub fn apply(doc: &mut Value, ops: &[Op]) -> Result<(), String> {
    for op in ops {
        let (path, value) = match op {
            Op::Add { path, value } | Op::Replace { path, value } => (path, Some(value)),
            Op::Remove { path } => (path, None),
        };
        let Some((parent, last)) = path.rsplit_once('/') else {
            // The whole document.
            match value {
                Some(v) if path.is_empty() => *doc = v.clone(),
                _ => return Err(format!("`{path}` is not a path")),
            }
            continue;
        };
        let last = last.replace("~1", "/").replace("~0", "~");
        let target = doc
            .pointer_mut(parent)
            .ok_or_else(|| format!("no value at `{parent}`"))?;
        let fits = match (target, op) {
            (Value::Object(m), Op::Add { value, .. }) => {
                m.insert(last, value.clone());
                true
            }
            (Value::Object(m), Op::Replace { value, .. }) => match m.get_mut(&last) {
                Some(v) => {
                    *v = value.clone();
                    true
                }
                None => false,
            },
            (Value::Object(m), Op::Remove { .. }) => m.remove(&last).is_some(),
            (Value::Array(a), op) => match (last.parse::<usize>(), op) {
                (Ok(i), Op::Add { value, .. }) if i <= a.len() => {
                    a.insert(i, value.clone());
                    true
                }
                (Ok(i), Op::Replace { value, .. }) if i < a.len() => {
                    a[i] = value.clone();
                    true
                }
                (Ok(i), Op::Remove { .. }) if i < a.len() => {
                    a.remove(i);
                    true
                }
                _ => false,
            },
            _ => false,
        };
        if !fits {
            return Err(format!("`{path}` does not fit the document"));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn round_trip(a: Value, b: Value) -> Vec<Op> {
        let ops = diff(&a, &b);
        let mut c = a.clone();
        apply(&mut c, &ops).unwrap();
        assert_eq!(c, b, "{ops:?}");
        ops
    }

    #[test]
    fn equal_values_need_no_operation() {
        assert!(round_trip(json!({"a": [1, 2]}), json!({"a": [1, 2]})).is_empty());
    }

    #[test]
    fn an_item_added_or_taken_from_a_list_is_one_operation() {
        let list: Vec<Value> = (0..50).map(|i| json!({"id": i, "n": "x"})).collect();
        let mut fewer = list.clone();
        fewer.remove(3);
        let mut more = list.clone();
        more.insert(7, json!({"id": 99}));
        let ops = round_trip(json!({ "l": list.clone() }), json!({ "l": fewer }));
        assert_eq!(
            ops,
            vec![Op::Remove {
                path: "/l/3".into()
            }]
        );
        let ops = round_trip(json!({ "l": list }), json!({ "l": more }));
        assert_eq!(ops.len(), 1, "{ops:?}");
    }

    #[test]
    fn keys_nulls_escapes_and_kinds_round_trip() {
        round_trip(
            json!({"a/b": 1, "c~d": [1, {"x": null}], "gone": true, "n": null, "k": "s"}),
            json!({"a/b": 2, "c~d": [{"x": 1}, 1, 2], "new": null, "n": [1], "k": {"s": 1}}),
        );
        round_trip(json!([1, 2, 3, 4]), json!([4, 3]));
        round_trip(json!([1, 2, 3]), json!([]));
        round_trip(json!([]), json!([5, 6]));
        round_trip(json!(1), json!({"a": 1}));
    }

    #[test]
    fn a_patch_that_does_not_fit_is_refused() {
        let mut doc = json!({"a": [1]});
        let err = apply(
            &mut doc,
            &[Op::Replace {
                path: "/a/4".into(),
                value: json!(2),
            }],
        )
        .unwrap_err();
        assert!(err.contains("/a/4"), "{err}");
        assert!(apply(&mut doc, &[Op::Remove { path: "/b".into() }]).is_err());
        assert!(apply(
            &mut doc,
            &[Op::Remove {
                path: "/b/c".into()
            }]
        )
        .is_err());
    }
}
