//! The four cube colours and which seat plays each.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// Number of cube colours.
pub const COLOURS: usize = 4;

/// A cube colour: 0 red, 1 orange, 2 ivory, 3 purple.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Colour(pub u8);

const NAMES: [&str; COLOURS] = ["red", "orange", "ivory", "purple"];
const LETTERS: [char; COLOURS] = ['R', 'O', 'I', 'P'];

impl Colour {
    /// Every colour in order.
    pub fn all() -> impl Iterator<Item = Colour> {
        (0..COLOURS as u8).map(Colour)
    }

    /// Index into per-colour arrays.
    #[inline]
    pub fn idx(self) -> usize {
        self.0 as usize
    }

    /// The colour's name, e.g. `red`.
    pub fn name(self) -> &'static str {
        NAMES.get(self.idx()).copied().unwrap_or("no colour")
    }

    /// The colour's one-letter tag, e.g. `R`.
    pub fn letter(self) -> char {
        LETTERS.get(self.idx()).copied().unwrap_or('?')
    }

    /// Reads a colour by name or letter, ignoring case.
    pub fn parse(text: &str) -> Option<Colour> {
        let t = text.trim().to_ascii_lowercase();
        NAMES
            .iter()
            .position(|n| *n == t)
            .or_else(|| {
                let mut cs = t.chars();
                match (cs.next(), cs.next()) {
                    (Some(c), None) => LETTERS.iter().position(|l| l.to_ascii_lowercase() == c),
                    _ => None,
                }
            })
            .map(|i| Colour(i as u8))
    }

    /// Reads a colour from its letter (exactly, upper case), for cube strings.
    pub fn from_letter(c: char) -> Option<Colour> {
        LETTERS
            .iter()
            .position(|&l| l == c)
            .map(|i| Colour(i as u8))
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for Colour {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Colour {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Colour::parse(&s).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "unknown colour `{s}` (red, orange, ivory or purple)"
            ))
        })
    }
}

/// Cube counts per colour.
pub type Cubes = [u8; COLOURS];

/// Writes cube counts as letters, e.g. `RROI` (empty string for none).
pub fn cubes_to_string(c: &Cubes) -> String {
    let mut s = String::new();
    for col in Colour::all() {
        for _ in 0..c[col.idx()] {
            s.push(col.letter());
        }
    }
    s
}

/// Reads cube letters (any order), e.g. `RROI`.
pub fn cubes_from_str(s: &str) -> Result<Cubes, String> {
    let mut c = [0u8; COLOURS];
    for ch in s.chars() {
        let col = Colour::from_letter(ch)
            .ok_or_else(|| format!("`{ch}` is not a cube letter (R, O, I, P)"))?;
        c[col.idx()] = c[col.idx()].saturating_add(1);
    }
    Ok(c)
}

/// The colours a seat plays: 4 players one each; 3 players one each (purple is neutral);
/// 2 players two each (seat 0 red and ivory, seat 1 orange and purple).
#[inline]
pub fn colours_of(players: usize, seat: usize) -> &'static [Colour] {
    const ONE: [[Colour; 1]; 4] = [[Colour(0)], [Colour(1)], [Colour(2)], [Colour(3)]];
    const TWO: [[Colour; 2]; 2] = [[Colour(0), Colour(2)], [Colour(1), Colour(3)]];
    match players {
        2 if seat < 2 => &TWO[seat],
        3 | 4 if seat < players => &ONE[seat],
        _ => &[],
    }
}

/// The seat playing `colour`, or `None` for the neutral colour (3 players).
#[inline]
pub fn seat_of(players: usize, colour: Colour) -> Option<usize> {
    match players {
        2 => Some(colour.idx() % 2),
        3 if colour.idx() == 3 => None,
        _ => Some(colour.idx()),
    }
}
