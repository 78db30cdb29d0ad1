//! The writer behind the encoding: one pass over the state either writes the values into a
//! buffer or names them, so that the names and the values can never disagree.

/// Where the values go: a buffer (names off), or the names (values off).
pub(super) struct Out<'a> {
    values: &'a mut [f32],
    names: Option<&'a mut Vec<String>>,
    /// The path of the value being named (names only).
    path: String,
    pub(super) at: usize,
    /// Items used by each list the last time this buffer was written (in list order), or
    /// `None` when every value not written is already 0.
    prev: Option<&'a [u16]>,
    /// Items used by each list this time.
    pub(super) used: Vec<u16>,
    /// Items left out (lists longer than their slots).
    pub(super) dropped: u32,
    /// The text table of the list being written (see [`Texts`]), which [`Out::text`] refers to.
    table: Vec<String>,
    /// The bytes each text of `table` shows.
    table_bytes: usize,
}

/// The free texts of a list's items (notes, favours), written once in a table after the items:
/// `slots` texts, the distinct ones in the order the items name them, each its length in UTF-8
/// bytes and then its first `bytes` bytes (zero-padded); an item names a text by its place in
/// the table (1 for the first, 0 for none).
pub(super) struct Texts<T> {
    /// The texts the table holds.
    pub(super) slots: usize,
    /// The bytes each text shows.
    pub(super) bytes: usize,
    /// An item's texts (empty: none).
    pub(super) of: fn(&T) -> [&str; 2],
}

impl<T> Texts<T> {
    /// The values of the table.
    pub(super) fn len(&self) -> usize {
        self.slots * (1 + self.bytes)
    }
}

impl<'a> Out<'a> {
    /// A writer of values into `values`; `prev` as in [`Out::prev`].
    pub(super) fn values(values: &'a mut [f32], prev: Option<&'a [u16]>, used: Vec<u16>) -> Self {
        Out {
            values,
            names: None,
            path: String::new(),
            at: 0,
            prev,
            used,
            dropped: 0,
            table: Vec::new(),
            table_bytes: 0,
        }
    }

    /// A writer of names into `names`.
    pub(super) fn names(names: &'a mut Vec<String>) -> Self {
        Out {
            values: &mut [],
            names: Some(names),
            path: String::new(),
            at: 0,
            prev: None,
            used: Vec::new(),
            dropped: 0,
            table: Vec::new(),
            table_bytes: 0,
        }
    }

    /// Whether this pass names the values (and writes none).
    #[inline]
    pub(super) fn naming(&self) -> bool {
        self.names.is_some()
    }

    /// Adds the name of the next value (naming only): out of line, so that writing a value
    /// stays a few instructions.
    #[cold]
    #[inline(never)]
    fn push_name(&mut self, name: &dyn Fn() -> String) {
        if let Some(names) = self.names.as_deref_mut() {
            names.push(format!("{}{}", self.path, name()));
        }
    }

    /// Names `len` values `name(k)` (after the current path) and passes them (naming only).
    #[cold]
    #[inline(never)]
    fn push_names(&mut self, len: usize, name: &dyn Fn(usize) -> String) {
        for k in 0..len {
            self.put_with(0.0, || name(k));
        }
    }

    /// Writes `v` named `name` (after the current path).
    #[inline]
    pub(super) fn put(&mut self, v: f32, name: &str) {
        self.put_with(v, || name.to_string());
    }

    /// Writes `v` with a name built only when naming.
    #[inline]
    pub(super) fn put_with(&mut self, v: f32, name: impl Fn() -> String) {
        if self.naming() {
            self.name_next(name);
            return;
        }
        if let Some(x) = self.values.get_mut(self.at) {
            *x = v;
        }
        self.at += 1;
    }

    /// Names the next value and passes it (naming only): out of line with the name's
    /// closure, so that writing a value prepares nothing for naming.
    #[cold]
    #[inline(never)]
    fn name_next(&mut self, name: impl Fn() -> String) {
        self.push_name(&name);
        self.at += 1;
    }

    /// `len` values `value(k)`, named `name(k)` (after the current path): one bounds check
    /// for all of them.
    #[inline]
    pub(super) fn put_each(
        &mut self,
        len: usize,
        name: impl Fn(usize) -> String,
        mut value: impl FnMut(usize) -> f32,
    ) {
        if self.naming() {
            self.push_names(len, &name);
            return;
        }
        if let Some(part) = self.values.get_mut(self.at..self.at + len) {
            for (k, x) in part.iter_mut().enumerate() {
                *x = value(k);
            }
        }
        self.at += len;
    }

    /// A count or amount.
    #[inline]
    pub(super) fn num(&mut self, v: impl Into<f64>, name: &str) {
        self.put(v.into() as f32, name);
    }

    /// A bit.
    #[inline]
    pub(super) fn bit(&mut self, b: bool, name: &str) {
        self.put(f32::from(u8::from(b)), name);
    }

    /// `n` values, 1 at `which` (none: all 0), named `name=label(k)`.
    #[inline]
    pub(super) fn one_hot(
        &mut self,
        n: usize,
        which: Option<usize>,
        name: &str,
        label: impl Fn(usize) -> String,
    ) {
        if self.naming() {
            self.name_one_hot(n, which, name, label);
            return;
        }
        // The values at once: a one-hot is mostly zeros.
        if let Some(part) = self.values.get_mut(self.at..self.at + n) {
            part.fill(0.0);
            if let Some(x) = which.and_then(|k| part.get_mut(k)) {
                *x = 1.0;
            }
        }
        self.at += n;
    }

    #[cold]
    #[inline(never)]
    fn name_one_hot(
        &mut self,
        n: usize,
        which: Option<usize>,
        name: &str,
        label: impl Fn(usize) -> String,
    ) {
        for k in 0..n {
            self.put_with(f32::from(u8::from(which == Some(k))), || {
                format!("{name}={}", label(k))
            });
        }
    }

    /// One bit per seat of the bit set `bits`.
    #[inline]
    pub(super) fn seats(&mut self, bits: u32, name: &str) {
        if self.naming() {
            self.push_names(super::SEATS, &|s| format!("{name}[{s}]"));
            return;
        }
        if let Some(part) = self.values.get_mut(self.at..self.at + super::SEATS) {
            for (s, x) in part.iter_mut().enumerate() {
                *x = f32::from(u8::from(bits & (1 << s) != 0));
            }
        }
        self.at += super::SEATS;
    }

    /// A seat one-hot (none: all 0).
    #[inline]
    pub(super) fn seat(&mut self, seat: Option<usize>, name: &str) {
        self.one_hot(super::SEATS, seat, name, |s| format!("seat {s}"));
    }

    /// An optional value: 1 when present, then the value (0 when absent).
    #[inline]
    pub(super) fn opt(&mut self, v: Option<impl Into<f64>>, name: &str) {
        let v = v.map(Into::into);
        let values = [f32::from(u8::from(v.is_some())), v.unwrap_or(0.0) as f32];
        self.put_each(
            2,
            |k| match k {
                0 => name.into(),
                _ => format!("{name}.value"),
            },
            |k| values[k],
        );
    }

    /// `len` zeros (writing values only: the caller names them otherwise).
    #[inline]
    pub(super) fn zeros(&mut self, len: usize) {
        debug_assert!(!self.naming(), "zeros are written, not named");
        if let Some(part) = self.values.get_mut(self.at..self.at + len) {
            part.fill(0.0);
        }
        self.at += len;
    }

    /// A block of `len` values, all 0, for the caller to set: the buffer's part (empty when
    /// naming), named by `name(k)` for k in `0..len`.
    #[inline]
    pub(super) fn block(&mut self, len: usize, name: impl Fn(usize) -> String) -> &mut [f32] {
        if self.naming() {
            self.push_names(len, &name);
            return &mut [];
        }
        let start = self.at;
        self.at += len;
        match self.values.get_mut(start..start + len) {
            Some(part) => {
                part.fill(0.0);
                part
            }
            None => &mut [],
        }
    }

    /// Runs `f` with `part` added to the path (built only when naming).
    #[inline]
    pub(super) fn scope(&mut self, part: impl Fn() -> String, f: impl FnOnce(&mut Self)) {
        let len = if self.naming() {
            Some(self.push_path(&part))
        } else {
            None
        };
        f(self);
        if let Some(len) = len {
            self.path.truncate(len);
        }
    }

    /// Adds `part` to the path (naming only); returns the path's length before.
    #[cold]
    #[inline(never)]
    fn push_path(&mut self, part: &dyn Fn() -> String) -> usize {
        let len = self.path.len();
        self.path.push_str(&part());
        len
    }

    /// A section of values written by `write` from some inputs (the same inputs always giving
    /// the same values). `memo`, kept with the buffer, holds what the section was last
    /// written from: when `holds` says it is what the inputs are now, the section already
    /// holds these values and is not written again; otherwise it is written and `keep`
    /// stores the inputs in the memo (or `None` when they cannot be told apart cheaply).
    #[inline]
    pub(super) fn section<K>(
        &mut self,
        memo: &mut Section<K>,
        holds: impl FnOnce(&K) -> bool,
        keep: impl FnOnce(&mut Option<K>),
        write: impl FnOnce(&mut Self),
    ) {
        if self.holds(memo, holds) {
            return;
        }
        let start = self.at;
        write(self);
        self.wrote(memo, start, keep);
    }

    /// The first half of [`Out::section`], for a section made of sections: whether the buffer
    /// already holds the section (as `holds` says of the inputs `memo` keeps), and if so,
    /// passes over it.
    #[inline]
    pub(super) fn holds<K>(&mut self, memo: &Section<K>, holds: impl FnOnce(&K) -> bool) -> bool {
        if self.prev.is_some() && memo.key.as_ref().is_some_and(holds) {
            self.at += memo.len;
            return true;
        }
        false
    }

    /// The second half of [`Out::section`]: the section was written from `start`; `keep`
    /// stores its inputs in `memo`.
    #[inline]
    pub(super) fn wrote<K>(
        &self,
        memo: &mut Section<K>,
        start: usize,
        keep: impl FnOnce(&mut Option<K>),
    ) {
        memo.len = self.at - start;
        keep(&mut memo.key);
    }

    /// The first half of a run of lists written from inputs kept in `memo` (their stamps):
    /// whether the buffer already holds all of them (as `holds` says of the inputs), and if
    /// so, passes over them, counting what they left out and the items they use as when they
    /// were written.
    #[inline]
    pub(super) fn lists_held<K>(
        &mut self,
        memo: &Lists<K>,
        holds: impl FnOnce(&K) -> bool,
    ) -> bool {
        let Some(prev) = self.prev else {
            return false;
        };
        let from = self.used.len();
        match prev.get(from..from + memo.lists) {
            Some(counts) if memo.key.as_ref().is_some_and(holds) => {
                self.used.extend_from_slice(counts);
                self.at += memo.len;
                self.dropped += memo.dropped;
                true
            }
            _ => false,
        }
    }

    /// The second half of [`Out::lists_held`]: the lists were written from `start`, when
    /// [`Out::dropped`] was `dropped` and [`Out::used`] held `lists` counts fewer; `key` is what
    /// they were written from.
    #[inline]
    pub(super) fn lists_wrote<K>(
        &self,
        memo: &mut Lists<K>,
        (start, dropped, lists): (usize, u32, usize),
        key: K,
    ) {
        *memo = Lists {
            key: Some(key),
            len: self.at - start,
            dropped: self.dropped - dropped,
            lists: self.used.len() - lists,
        };
    }

    /// A list of up to `slots` items, each `stride` values written by `item` (which must write
    /// exactly `stride` values): first its true length, then the items in order; slots beyond
    /// the length are 0, and the items beyond the slots are left out (counted in
    /// [`Out::dropped`]). With `latest`, the list keeps its last items instead of its first,
    /// and is written as its length (`{name}.count`) followed by the list of those it keeps
    /// (`{name}.latest`). When naming, `item` is called once per slot with what `sample`
    /// makes.
    ///
    /// With `texts`, the items' free texts follow as a table ([`Texts`], named `{name}.texts`);
    /// a text the table has no room for, or the bytes beyond its room, are left out (counted
    /// once per item naming it).
    ///
    /// `memo`, kept with the buffer, tells which list (by its [`crate::state::Tracked`] stamp,
    /// given with it) the values showed when they were last written: when it is the same list,
    /// they already hold its items and are not rewritten.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(super) fn list<T>(
        &mut self,
        name: &str,
        items: &[T],
        latest: bool,
        (slots, stride): (usize, usize),
        texts: Option<&Texts<T>>,
        sample: impl FnOnce() -> T,
        memo: (&mut Shown, u64),
        item: impl FnMut(&mut Self, &T),
    ) {
        if let (Some(_), (m, stamp)) = (self.prev, &memo) {
            if m.stamp == Some(*stamp) {
                self.dropped += m.dropped;
                self.at += usize::from(latest) + 1 + slots * stride + texts.map_or(0, Texts::len);
                self.used.push(items.len().min(slots) as u16);
                return;
            }
        }
        self.write_list(
            name,
            items,
            latest,
            (slots, stride),
            texts,
            sample,
            memo,
            item,
        );
    }

    /// A free text of an item of the list being written: its place in the list's text table
    /// (1 for the first, 0 for none). A text not in the table, or longer than the table shows,
    /// counts as left out.
    pub(super) fn text(&mut self, text: &str, name: &str) {
        let mut slot = 0;
        if !text.is_empty() && !self.naming() {
            match self.table.iter().position(|t| t == text) {
                Some(k) => {
                    slot = k + 1;
                    self.dropped += u32::from(text.len() > self.table_bytes);
                }
                None => self.dropped += 1,
            }
        }
        self.put(slot as f32, name);
    }

    /// The text table of `shown` (see [`Texts`]).
    fn write_texts<T>(&mut self, name: &str, texts: &Texts<T>) {
        if self.naming() {
            let stride = 1 + texts.bytes;
            self.push_names(texts.len(), &|k| match k % stride {
                0 => format!("{name}.texts[{}].len", k / stride),
                b => format!("{name}.texts[{}].byte[{}]", k / stride, b - 1),
            });
            return;
        }
        let table = std::mem::take(&mut self.table);
        let part = self.block(texts.len(), |_| String::new());
        let stride = 1 + texts.bytes;
        for (k, text) in table.iter().enumerate() {
            if let Some(slot) = part.get_mut(k * stride..(k + 1) * stride) {
                slot[0] = text.len() as f32;
                for (v, &b) in slot[1..].iter_mut().zip(text.as_bytes()) {
                    *v = f32::from(b);
                }
            }
        }
        self.table = table;
    }

    /// [`Out::list`] when its values are written.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn write_list<T>(
        &mut self,
        name: &str,
        items: &[T],
        latest: bool,
        (slots, stride): (usize, usize),
        texts: Option<&Texts<T>>,
        sample: impl FnOnce() -> T,
        memo: (&mut Shown, u64),
        mut item: impl FnMut(&mut Self, &T),
    ) {
        let used = items.len().min(slots);
        if self.naming() {
            let list_name = name;
            let name = if latest {
                self.put_with(items.len() as f32, || format!("{name}.count"));
                format!("{name}.latest")
            } else {
                name.to_string()
            };
            self.put_with(items.len() as f32, || format!("{name}.len"));
            let sample = sample();
            for k in 0..slots {
                self.scope(|| format!("{name}[{k}]."), |o| item(o, &sample));
            }
            if let Some(texts) = texts {
                self.write_texts(list_name, texts);
            }
            self.used.push(0);
            return;
        }
        let list = self.used.len();
        let dropped = self.dropped;
        // The true length, then (keeping the latest) the length of what is kept.
        self.put(items.len() as f32, "");
        let shown = if latest {
            self.put(used as f32, "");
            &items[items.len() - used..]
        } else {
            &items[..used]
        };
        self.dropped += (items.len() - used) as u32;
        self.table.clear();
        if let Some(texts) = texts {
            self.table_bytes = texts.bytes;
            for x in shown {
                for t in (texts.of)(x) {
                    if self.table.len() < texts.slots
                        && !t.is_empty()
                        && !self.table.iter().any(|s| s == t)
                    {
                        self.table.push(t.to_string());
                    }
                }
            }
        }
        for x in shown {
            let start = self.at;
            item(self, x);
            debug_assert_eq!(self.at - start, stride, "{name}: stride");
        }
        // Only the slots written last time may hold values.
        let before = match self.prev {
            Some(prev) => prev.get(list).map_or(slots, |&p| usize::from(p).min(slots)),
            None => 0,
        };
        if before > used {
            let from = self.at;
            let to = from + (before - used) * stride;
            if let Some(part) = self.values.get_mut(from..to) {
                part.fill(0.0);
            }
        }
        let (m, stamp) = memo;
        *m = Shown {
            stamp: Some(stamp),
            dropped: self.dropped - dropped,
        };
        self.at += (slots - used) * stride;
        if let Some(texts) = texts {
            self.write_texts(name, texts);
        }
        self.table.clear();
        self.used.push(used as u16);
    }
}

/// What a buffer's section was written from (see [`Out::section`]).
pub(super) struct Section<K> {
    /// Its inputs (`None`: not known).
    key: Option<K>,
    /// Its length.
    len: usize,
}

impl<K> Default for Section<K> {
    fn default() -> Self {
        Section { key: None, len: 0 }
    }
}

/// Which list a buffer's slots show (see [`Out::list`]).
#[derive(Clone, Copy, Default)]
pub(super) struct Shown {
    /// The list's stamp (`None`: not known).
    stamp: Option<u64>,
    /// The values its items left out (bundles' cards beyond their slots).
    dropped: u32,
}

/// What a run of lists was written from (see [`Out::lists_held`]).
pub(super) struct Lists<K> {
    /// Its inputs (`None`: not known).
    key: Option<K>,
    /// Its length in values.
    len: usize,
    /// The items its lists left out.
    dropped: u32,
    /// The number of lists.
    lists: usize,
}

impl<K> Default for Lists<K> {
    fn default() -> Self {
        Lists {
            key: None,
            len: 0,
            dropped: 0,
            lists: 0,
        }
    }
}
