//! The numeric observation written straight from an observation's serde form: a serializer that
//! walks the [`Node`]s of a layout while the observation serializes itself, so no JSON value is
//! built on the way. It follows `serde_json`'s mapping of the serde data model (unit variants
//! are strings, newtype/tuple/struct variants are one-key objects, map keys are strings, `None`
//! and units are `null`, non-finite floats are `null`), so it writes exactly what
//! [`crate::layout::Layout::encode`] writes for the JSON form (a test compares the two).

use crate::layout::Node;
use serde::ser::{self, Serialize};
use std::fmt;

/// Writes `value` by `root` into `out` (zeroed by the caller); returns the values left out.
pub(crate) fn encode<T: Serialize + ?Sized>(root: &Node, value: &T, out: &mut [f32]) -> usize {
    let mut state = State {
        out,
        dropped: 0,
        key: String::new(),
    };
    let _ = value.serialize(At {
        node: Some(root),
        base: 0,
        st: &mut state,
    });
    state.dropped
}

/// A serializer that never fails except on map keys that are not strings (as `serde_json`).
#[derive(Debug)]
pub(crate) struct Unsupported;

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a map key that is not a string")
    }
}

impl std::error::Error for Unsupported {}

impl ser::Error for Unsupported {
    fn custom<T: fmt::Display>(_msg: T) -> Self {
        Unsupported
    }
}

struct State<'o> {
    out: &'o mut [f32],
    dropped: usize,
    key: String,
}

/// One place of the layout (`None`: a value the layout has no room for, written nowhere).
struct At<'n, 's, 'o> {
    node: Option<&'n Node>,
    base: usize,
    st: &'s mut State<'o>,
}

impl<'n, 's, 'o> At<'n, 's, 'o> {
    fn present(&mut self) {
        if let Some(p) = self.node.and_then(|n| n.present) {
            self.st.out[self.base + p] = 1.0;
        }
    }

    fn number(mut self, x: f64) -> Result<(), Unsupported> {
        if !x.is_finite() {
            return Ok(());
        }
        self.present();
        if let Some(s) = self.node.and_then(|n| n.number) {
            self.st.out[self.base + s] = x as f32;
        }
        Ok(())
    }

    fn text(mut self, t: &str) -> Result<(), Unsupported> {
        self.present();
        if let Some((s, vocabulary)) = self.node.and_then(|n| n.text.as_ref()) {
            self.st.out[self.base + s] = match vocabulary.binary_search_by(|v| v.as_str().cmp(t)) {
                Ok(i) => (i + 1) as f32,
                Err(_) => -1.0,
            };
        }
        Ok(())
    }

    /// The child under `key` of this object place (counting a key with no room as left out).
    fn child(&mut self, key: &str) -> Option<&'n Node> {
        let node = self.node?;
        match node.fields.binary_search_by(|(k, _)| k.as_str().cmp(key)) {
            Ok(i) => Some(&node.fields[i].1),
            Err(_) => {
                self.st.dropped += 1;
                None
            }
        }
    }

    /// This place as a one-key object `{key: …}`: the place of its value.
    fn variant(mut self, key: &str) -> At<'n, 's, 'o> {
        self.present();
        let child = self.child(key);
        At {
            node: child,
            base: self.base,
            st: self.st,
        }
    }

    fn seq(mut self) -> Seq<'n, 's, 'o> {
        self.present();
        Seq { at: self, count: 0 }
    }

    fn object(mut self) -> Obj<'n, 's, 'o> {
        self.present();
        Obj {
            at: self,
            child: None,
        }
    }
}

struct Seq<'n, 's, 'o> {
    at: At<'n, 's, 'o>,
    count: usize,
}

impl Seq<'_, '_, '_> {
    fn element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Unsupported> {
        let i = self.count;
        self.count += 1;
        let place = match self.at.node.and_then(|n| n.items.as_deref()) {
            Some(items) if i < items.capacity => {
                Some((&items.node, self.at.base + items.base + i * items.stride))
            }
            _ => {
                if self.at.node.is_some() {
                    self.at.st.dropped += 1;
                }
                None
            }
        };
        let (node, base) = match place {
            Some((n, b)) => (Some(n), b),
            None => (None, 0),
        };
        value.serialize(At {
            node,
            base,
            st: self.at.st,
        })
    }

    fn finish(self) -> Result<(), Unsupported> {
        if let Some(items) = self.at.node.and_then(|n| n.items.as_deref()) {
            self.at.st.out[self.at.base + items.len_slot] = self.count as f32;
        }
        Ok(())
    }
}

struct Obj<'n, 's, 'o> {
    at: At<'n, 's, 'o>,
    child: Option<&'n Node>,
}

impl Obj<'_, '_, '_> {
    fn field<T: Serialize + ?Sized>(&mut self, key: &str, value: &T) -> Result<(), Unsupported> {
        let child = self.at.child(key);
        value.serialize(At {
            node: child,
            base: self.at.base,
            st: self.at.st,
        })
    }
}

/// The serializer's methods for numbers: each writes its value as a number (`as f64`, exact
/// for every value up to 2^53, as `serde_json` reads them).
macro_rules! numbers {
    ($($method:ident: $ty:ty),+) => {
        $(
            fn $method(self, v: $ty) -> Result<(), Unsupported> {
                self.number(v as f64)
            }
        )+
    };
}

impl<'n, 's, 'o> ser::Serializer for At<'n, 's, 'o> {
    type Ok = ();
    type Error = Unsupported;
    type SerializeSeq = Seq<'n, 's, 'o>;
    type SerializeTuple = Seq<'n, 's, 'o>;
    type SerializeTupleStruct = Seq<'n, 's, 'o>;
    type SerializeTupleVariant = Seq<'n, 's, 'o>;
    type SerializeMap = Obj<'n, 's, 'o>;
    type SerializeStruct = Obj<'n, 's, 'o>;
    type SerializeStructVariant = Obj<'n, 's, 'o>;

    fn serialize_bool(self, v: bool) -> Result<(), Unsupported> {
        self.number(f64::from(u8::from(v)))
    }
    numbers!(
        serialize_i8: i8,
        serialize_i16: i16,
        serialize_i32: i32,
        serialize_i64: i64,
        serialize_i128: i128,
        serialize_u8: u8,
        serialize_u16: u16,
        serialize_u32: u32,
        serialize_u64: u64,
        serialize_u128: u128,
        serialize_f32: f32,
        serialize_f64: f64
    );
    fn serialize_char(self, v: char) -> Result<(), Unsupported> {
        let mut buf = [0u8; 4];
        self.text(v.encode_utf8(&mut buf))
    }
    fn serialize_str(self, v: &str) -> Result<(), Unsupported> {
        self.text(v)
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<(), Unsupported> {
        let mut seq = self.seq();
        for b in v {
            seq.element(b)?;
        }
        seq.finish()
    }
    fn serialize_none(self) -> Result<(), Unsupported> {
        Ok(())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Unsupported> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), Unsupported> {
        Ok(())
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Unsupported> {
        Ok(())
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<(), Unsupported> {
        self.text(variant)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<(), Unsupported> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), Unsupported> {
        value.serialize(self.variant(variant))
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<Self::SerializeSeq, Unsupported> {
        Ok(self.seq())
    }
    fn serialize_tuple(self, _len: usize) -> Result<Self::SerializeTuple, Unsupported> {
        Ok(self.seq())
    }
    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleStruct, Unsupported> {
        Ok(self.seq())
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleVariant, Unsupported> {
        Ok(self.variant(variant).seq())
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Self::SerializeMap, Unsupported> {
        Ok(self.object())
    }
    fn serialize_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStruct, Unsupported> {
        Ok(self.object())
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStructVariant, Unsupported> {
        Ok(self.variant(variant).object())
    }
}

macro_rules! seq_impl {
    ($($trait:ident :: $method:ident),+) => {
        $(
            impl ser::$trait for Seq<'_, '_, '_> {
                type Ok = ();
                type Error = Unsupported;
                fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Unsupported> {
                    self.element(value)
                }
                fn end(self) -> Result<(), Unsupported> {
                    self.finish()
                }
            }
        )+
    };
}

seq_impl!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

macro_rules! struct_impl {
    ($($trait:ident),+) => {
        $(
            impl ser::$trait for Obj<'_, '_, '_> {
                type Ok = ();
                type Error = Unsupported;
                fn serialize_field<T: Serialize + ?Sized>(
                    &mut self,
                    key: &'static str,
                    value: &T,
                ) -> Result<(), Unsupported> {
                    self.field(key, value)
                }
                fn end(self) -> Result<(), Unsupported> {
                    Ok(())
                }
            }
        )+
    };
}

struct_impl!(SerializeStruct, SerializeStructVariant);

impl ser::SerializeMap for Obj<'_, '_, '_> {
    type Ok = ();
    type Error = Unsupported;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Unsupported> {
        let mut buf = std::mem::take(&mut self.at.st.key);
        buf.clear();
        let written = key.serialize(KeyText { buf: &mut buf });
        self.child = match written {
            Ok(()) => self.at.child(&buf),
            Err(e) => {
                self.at.st.key = buf;
                return Err(e);
            }
        };
        self.at.st.key = buf;
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Unsupported> {
        value.serialize(At {
            node: self.child.take(),
            base: self.at.base,
            st: self.at.st,
        })
    }
    fn end(self) -> Result<(), Unsupported> {
        Ok(())
    }
}

/// Writes a map key as the text `serde_json` gives it.
struct KeyText<'b> {
    buf: &'b mut String,
}

impl KeyText<'_> {
    fn put(self, t: impl fmt::Display) -> Result<(), Unsupported> {
        use fmt::Write;
        write!(self.buf, "{t}").map_err(|_| Unsupported)
    }
}

/// The key serializer's methods for values written as their text.
macro_rules! keys {
    ($($method:ident: $ty:ty),+) => {
        $(
            fn $method(self, v: $ty) -> Result<(), Unsupported> {
                self.put(v)
            }
        )+
    };
}

impl ser::Serializer for KeyText<'_> {
    type Ok = ();
    type Error = Unsupported;
    type SerializeSeq = ser::Impossible<(), Unsupported>;
    type SerializeTuple = ser::Impossible<(), Unsupported>;
    type SerializeTupleStruct = ser::Impossible<(), Unsupported>;
    type SerializeTupleVariant = ser::Impossible<(), Unsupported>;
    type SerializeMap = ser::Impossible<(), Unsupported>;
    type SerializeStruct = ser::Impossible<(), Unsupported>;
    type SerializeStructVariant = ser::Impossible<(), Unsupported>;

    keys!(
        serialize_bool: bool,
        serialize_i8: i8,
        serialize_i16: i16,
        serialize_i32: i32,
        serialize_i64: i64,
        serialize_u8: u8,
        serialize_u16: u16,
        serialize_u32: u32,
        serialize_u64: u64
    );
    fn serialize_f32(self, _v: f32) -> Result<(), Unsupported> {
        Err(Unsupported)
    }
    fn serialize_f64(self, _v: f64) -> Result<(), Unsupported> {
        Err(Unsupported)
    }
    fn serialize_char(self, v: char) -> Result<(), Unsupported> {
        self.put(v)
    }
    fn serialize_str(self, v: &str) -> Result<(), Unsupported> {
        self.buf.push_str(v);
        Ok(())
    }
    fn serialize_bytes(self, _v: &[u8]) -> Result<(), Unsupported> {
        Err(Unsupported)
    }
    fn serialize_none(self) -> Result<(), Unsupported> {
        Err(Unsupported)
    }
    fn serialize_some<T: Serialize + ?Sized>(self, _value: &T) -> Result<(), Unsupported> {
        Err(Unsupported)
    }
    fn serialize_unit(self) -> Result<(), Unsupported> {
        Err(Unsupported)
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Unsupported> {
        Err(Unsupported)
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<(), Unsupported> {
        self.buf.push_str(variant);
        Ok(())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<(), Unsupported> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _value: &T,
    ) -> Result<(), Unsupported> {
        Err(Unsupported)
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<Self::SerializeSeq, Unsupported> {
        Err(Unsupported)
    }
    fn serialize_tuple(self, _len: usize) -> Result<Self::SerializeTuple, Unsupported> {
        Err(Unsupported)
    }
    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleStruct, Unsupported> {
        Err(Unsupported)
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleVariant, Unsupported> {
        Err(Unsupported)
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Self::SerializeMap, Unsupported> {
        Err(Unsupported)
    }
    fn serialize_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStruct, Unsupported> {
        Err(Unsupported)
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStructVariant, Unsupported> {
        Err(Unsupported)
    }
}
