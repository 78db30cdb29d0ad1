//! The fixed-size numeric form of observations: a [`Layout`] learned from the JSON form of a
//! game's observations, which flattens any observation of that game and configuration into the
//! same number of `f32` slots.
//!
//! The layout is built from sample observations (see `shape.rs`) and is the same for every run
//! with the same game, configuration and library version. Its rules:
//!
//! * object keys are taken in sorted order, recursively;
//! * a number or a boolean is one slot (`true` = 1, `false` = 0);
//! * a string is one slot holding its position (from 1) in the sorted list of the strings seen
//!   at that place in the samples; a string never seen there is `-1`;
//! * a list has a slot with its length, then room for as many items as the longest list seen
//!   at that place in the samples plus a quarter (at least 2 more); items beyond that room are
//!   left out (the length slot still tells the true length);
//! * a value that may be missing or `null` has a slot that is 1 when it is there;
//! * a place that held values of several kinds (a number here, an object there: e.g. an enum
//!   with unit and data variants) has the slots of every kind; the kinds not present are 0.
//!
//! Every slot not written is 0.

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

/// What the samples showed at one place of the observation.
#[derive(Default)]
struct Proto {
    /// Seen missing (an absent object key) or `null`.
    optional: bool,
    /// Seen a number or a boolean.
    number: bool,
    /// Strings seen.
    texts: BTreeSet<String>,
    /// Seen an object: its keys (sorted), each with what was seen under it.
    fields: Option<BTreeMap<String, Proto>>,
    /// Seen a list: the longest length and what was seen in the items.
    items: Option<(usize, Box<Proto>)>,
}

impl Proto {
    fn add(&mut self, value: &Value) {
        match value {
            Value::Null => self.optional = true,
            Value::Bool(_) | Value::Number(_) => self.number = true,
            Value::String(s) => {
                self.texts.insert(s.clone());
            }
            Value::Array(items) => {
                let (longest, proto) = self
                    .items
                    .get_or_insert_with(|| (0, Box::new(Proto::default())));
                *longest = (*longest).max(items.len());
                for item in items {
                    proto.add(item);
                }
            }
            Value::Object(map) => {
                let first = self.fields.is_none();
                let fields = self.fields.get_or_insert_with(BTreeMap::new);
                // Keys seen before but missing now are optional; so are keys new now (they
                // were missing from the earlier samples).
                for (key, proto) in fields.iter_mut() {
                    if !map.contains_key(key) {
                        proto.optional = true;
                    }
                }
                for (key, v) in map {
                    let is_new = !fields.contains_key(key);
                    let proto = fields.entry(key.clone()).or_default();
                    if is_new && !first {
                        proto.optional = true;
                    }
                    proto.add(v);
                }
            }
        }
    }
}

/// One place of the layout, with offsets relative to the start of its value.
#[derive(Clone, Debug, Default)]
pub(crate) struct Node {
    pub(crate) present: Option<usize>,
    pub(crate) number: Option<usize>,
    pub(crate) text: Option<(usize, Vec<String>)>,
    pub(crate) fields: Vec<(String, Node)>,
    pub(crate) items: Option<Box<Items>>,
    pub(crate) size: usize,
}

#[derive(Clone, Debug)]
pub(crate) struct Items {
    pub(crate) len_slot: usize,
    pub(crate) base: usize,
    pub(crate) capacity: usize,
    pub(crate) stride: usize,
    pub(crate) node: Node,
}

impl Node {
    fn from_proto(p: &Proto) -> Node {
        let mut node = Node::default();
        let mut next = 0;
        let mut slot = || {
            next += 1;
            next - 1
        };
        if p.optional {
            node.present = Some(slot());
        }
        if p.number {
            node.number = Some(slot());
        }
        if !p.texts.is_empty() {
            node.text = Some((slot(), p.texts.iter().cloned().collect()));
        }
        if let Some(fields) = &p.fields {
            for (key, fp) in fields {
                let mut child = Node::from_proto(fp);
                let at = next;
                next += child.size;
                child.shift(at);
                node.fields.push((key.clone(), child));
            }
        }
        if let Some((longest, ip)) = &p.items {
            let capacity = longest + (longest / 4).max(2);
            let len_slot = next;
            next += 1;
            let child = Node::from_proto(ip);
            let stride = child.size;
            let base = next;
            next += capacity * stride;
            node.items = Some(Box::new(Items {
                len_slot,
                base,
                capacity,
                stride,
                node: child,
            }));
        }
        node.size = next;
        node
    }

    /// Moves every offset of this node (not of list items, which are relative to their item)
    /// by `by`.
    fn shift(&mut self, by: usize) {
        if let Some(s) = self.present.as_mut() {
            *s += by;
        }
        if let Some(s) = self.number.as_mut() {
            *s += by;
        }
        if let Some((s, _)) = self.text.as_mut() {
            *s += by;
        }
        for (_, child) in &mut self.fields {
            child.shift(by);
        }
        if let Some(items) = self.items.as_mut() {
            items.len_slot += by;
            items.base += by;
        }
    }

    /// Writes `value` at `base`; returns how many list items did not fit.
    fn encode(&self, value: &Value, base: usize, out: &mut [f32]) -> usize {
        let mut dropped = 0;
        if let Some(p) = self.present {
            out[base + p] = if value.is_null() { 0.0 } else { 1.0 };
        }
        match value {
            Value::Null => {}
            Value::Bool(b) => {
                if let Some(s) = self.number {
                    out[base + s] = f32::from(u8::from(*b));
                }
            }
            Value::Number(n) => {
                if let Some(s) = self.number {
                    out[base + s] = n.as_f64().unwrap_or(0.0) as f32;
                }
            }
            Value::String(t) => {
                if let Some((s, vocabulary)) = &self.text {
                    out[base + s] = match vocabulary.binary_search(t) {
                        Ok(i) => (i + 1) as f32,
                        Err(_) => -1.0,
                    };
                }
            }
            Value::Array(list) => {
                if let Some(items) = &self.items {
                    out[base + items.len_slot] = list.len() as f32;
                    for (i, item) in list.iter().enumerate() {
                        if i >= items.capacity {
                            dropped += list.len() - items.capacity;
                            break;
                        }
                        dropped +=
                            items
                                .node
                                .encode(item, base + items.base + i * items.stride, out);
                    }
                } else {
                    dropped += list.len();
                }
            }
            Value::Object(map) => {
                for (key, v) in map {
                    match self.fields.binary_search_by(|(k, _)| k.as_str().cmp(key)) {
                        Ok(i) => dropped += self.fields[i].1.encode(v, base, out),
                        Err(_) => dropped += 1,
                    }
                }
            }
        }
        dropped
    }

    fn describe(&self, path: &str, base: usize, out: &mut Vec<(usize, String)>) {
        if let Some(s) = self.present {
            out.push((base + s, format!("{path}?")));
        }
        if let Some(s) = self.number {
            out.push((base + s, path.to_string()));
        }
        if let Some((s, _)) = &self.text {
            out.push((base + s, format!("{path}$")));
        }
        for (key, child) in &self.fields {
            let p = if path.is_empty() {
                key.clone()
            } else {
                format!("{path}.{key}")
            };
            child.describe(&p, base, out);
        }
        if let Some(items) = &self.items {
            out.push((base + items.len_slot, format!("{path}#len")));
            for i in 0..items.capacity {
                items.node.describe(
                    &format!("{path}[{i}]"),
                    base + items.base + i * items.stride,
                    out,
                );
            }
        }
    }
}

/// Learns a [`Layout`] from sample observations, one at a time.
#[derive(Default)]
pub struct LayoutBuilder {
    proto: Proto,
}

impl LayoutBuilder {
    /// Takes one more sample (the JSON form of an observation) into account.
    pub fn add(&mut self, sample: &Value) {
        self.proto.add(sample);
    }

    /// The layout that holds every sample added.
    pub fn finish(&self) -> Layout {
        Layout {
            root: Node::from_proto(&self.proto),
        }
    }
}

/// The fixed-size numeric form of a game's observations (see the module's documentation).
#[derive(Clone, Debug)]
pub struct Layout {
    root: Node,
}

impl Layout {
    /// The number of slots.
    pub fn size(&self) -> usize {
        self.root.size
    }

    /// Writes the observation `value` straight from its serde form (no JSON built on the
    /// way) into `out`, zeroing it first; the same slots as [`Layout::encode`] of its JSON
    /// form. Returns how many values did not fit.
    pub fn encode_serialize<T: serde::Serialize + ?Sized>(
        &self,
        value: &T,
        out: &mut [f32],
    ) -> usize {
        out.fill(0.0);
        crate::direct::encode(&self.root, value, out)
    }

    /// Writes `value` into `out` (whose length is [`Layout::size`]), zeroing it first; returns
    /// how many values did not fit (list items beyond the room, keys never seen).
    pub fn encode(&self, value: &Value, out: &mut [f32]) -> usize {
        debug_assert_eq!(out.len(), self.size());
        out.fill(0.0);
        self.root.encode(value, 0, out)
    }

    /// Every slot with the place it holds: `players[1].money`, `board#len` (a list's length),
    /// `hand?` (1 when present), `phase$` (a string's number), in slot order.
    pub fn describe(&self) -> Vec<(usize, String)> {
        let mut out = Vec::with_capacity(self.size());
        self.root.describe("", 0, &mut out);
        out.sort_by_key(|(i, _)| *i);
        out
    }

    /// The strings known at a slot that holds a string (its `$` entry in
    /// [`Layout::describe`]), in the order of their numbers (the first is 1).
    pub fn vocabulary(&self, slot: usize) -> Option<Vec<String>> {
        fn find(node: &Node, base: usize, slot: usize) -> Option<Vec<String>> {
            if let Some((s, v)) = &node.text {
                if base + s == slot {
                    return Some(v.clone());
                }
            }
            for (_, child) in &node.fields {
                if let Some(v) = find(child, base, slot) {
                    return Some(v);
                }
            }
            if let Some(items) = &node.items {
                if slot >= base + items.base && items.stride > 0 {
                    let i = (slot - base - items.base) / items.stride;
                    if i < items.capacity {
                        return find(&items.node, base + items.base + i * items.stride, slot);
                    }
                }
            }
            None
        }
        find(&self.root, 0, slot)
    }
}
