//! The city as data: lots (value, park or not, district, adjacency) and the number of auction
//! spaces. The default board ships in `data/board.json`; another board file can be loaded with
//! [`BoardSpec::from_json`] and is validated by [`BoardSpec::build`].

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Most lots a board may have (lot sets are 16-bit masks).
pub const MAX_LOTS: usize = 16;
/// Most auction spaces a board may have.
pub const MAX_SPACES: usize = 32;
/// Fewest auction spaces a board may have.
pub const MIN_SPACES: usize = 2;
/// Cubes a lot holds at most; the cube that fills it resolves it.
pub const LOT_CAPACITY: u8 = 7;
/// Cubes on each auction space at set-up.
pub const CUBES_PER_SPACE: u8 = 4;
/// Longest lot id.
pub const MAX_ID_LEN: usize = 8;
/// The default board file, embedded.
pub const DEFAULT_BOARD_JSON: &str = include_str!("../data/board.json");

/// A lot as written in a board file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LotSpec {
    /// The lot's name in notation, e.g. `W9` (letters and digits, unique ignoring case).
    pub id: String,
    /// The district it lies in (one of the board's districts).
    pub district: String,
    /// Its value in millions (0 for a park).
    #[serde(default)]
    pub value: u32,
    /// Whether it is a park ("x2"): worth nothing alone, doubles adjacent lots of its district.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub park: bool,
    /// Ids of the lots next to it (adjacency is symmetric: listing it on one side is enough).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub adjacent: Vec<String>,
}

/// A board as written in a board file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardSpec {
    /// A name for the board.
    pub name: String,
    /// How many auction spaces surround the city (one round each; 4 cubes each).
    pub auction_spaces: usize,
    /// The district names.
    pub districts: Vec<String>,
    /// The lots.
    pub lots: Vec<LotSpec>,
}

/// Why a board file cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BoardError {
    /// The text is not a board file at all.
    #[error("malformed board file: {0}")]
    Malformed(String),
    /// The board describes an impossible city; `field` names where.
    #[error("invalid board: {field}: {reason}")]
    Invalid {
        /// Where the problem is, e.g. `lots[3].district`.
        field: String,
        /// What is wrong.
        reason: String,
    },
}

/// The largest value a lot may have (in millions): far beyond any board, and small enough
/// that scores (a doubled value for every lot) never run out of room.
pub const MAX_LOT_VALUE: u32 = 1_000_000;

fn invalid<T>(field: impl Into<String>, reason: impl Into<String>) -> Result<T, BoardError> {
    Err(BoardError::Invalid {
        field: field.into(),
        reason: reason.into(),
    })
}

/// A lot's id stored inline (at most [`MAX_ID_LEN`] ASCII letters and digits), so events that
/// name lots need no allocation. Written and serialised as the text itself.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LotId {
    len: u8,
    bytes: [u8; MAX_ID_LEN],
}

impl LotId {
    /// The id for `text`, if it is 1 to 8 ASCII letters and digits.
    pub fn new(text: &str) -> Option<LotId> {
        if text.is_empty()
            || text.len() > MAX_ID_LEN
            || !text.chars().all(|c| c.is_ascii_alphanumeric())
        {
            return None;
        }
        let mut bytes = [0u8; MAX_ID_LEN];
        bytes[..text.len()].copy_from_slice(text.as_bytes());
        Some(LotId {
            len: text.len() as u8,
            bytes,
        })
    }

    /// The id as text.
    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..self.len as usize]).unwrap_or("?")
    }
}

impl std::fmt::Display for LotId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::fmt::Debug for LotId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", self.as_str())
    }
}

impl Serialize for LotId {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// One lot of a validated board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lot {
    /// Its name in notation.
    pub id: String,
    /// The same name, stored inline.
    pub tag: LotId,
    /// Its value in millions (0 for a park).
    pub value: u32,
    /// Whether it is a park.
    pub park: bool,
    /// Index of its district in [`Board::districts`].
    pub district: u8,
    /// The lots next to it, as a bit set of lot indices.
    pub adjacent: u16,
}

/// A validated board: what the rules use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    spec: BoardSpec,
    lots: Vec<Lot>,
}

impl BoardSpec {
    /// Reads a board file (JSON).
    pub fn from_json(text: &str) -> Result<BoardSpec, BoardError> {
        serde_json::from_str(text).map_err(|e| BoardError::Malformed(e.to_string()))
    }

    /// Reads a board file (JSON) and validates it: the board a player hands in, or the
    /// first problem with it (a malformed file, or the field that is wrong).
    pub fn load(text: &str) -> Result<BoardSpec, BoardError> {
        let spec = BoardSpec::from_json(text)?;
        spec.build()?;
        Ok(spec)
    }

    /// The default board (the rules file's decision table).
    pub fn default_board() -> BoardSpec {
        BoardSpec::from_json(DEFAULT_BOARD_JSON).expect("the shipped board file is valid")
    }

    /// Validates the board and resolves names to indices.
    pub fn build(&self) -> Result<Board, BoardError> {
        if !(MIN_SPACES..=MAX_SPACES).contains(&self.auction_spaces) {
            return invalid(
                "auction_spaces",
                format!(
                    "must be {MIN_SPACES} to {MAX_SPACES}, not {}",
                    self.auction_spaces
                ),
            );
        }
        if self.districts.is_empty() {
            return invalid("districts", "a board needs at least one district");
        }
        for (i, d) in self.districts.iter().enumerate() {
            if d.trim().is_empty() {
                return invalid(format!("districts[{i}]"), "a district needs a name");
            }
            if self.districts[..i].contains(d) {
                return invalid(
                    format!("districts[{i}]"),
                    format!("duplicate district `{d}`"),
                );
            }
        }
        if self.lots.len() < 2 || self.lots.len() > MAX_LOTS {
            return invalid(
                "lots",
                format!("a board has 2 to {MAX_LOTS} lots, not {}", self.lots.len()),
            );
        }
        let cubes = self.auction_spaces * CUBES_PER_SPACE as usize;
        if self.lots.len() * (LOT_CAPACITY as usize) < cubes {
            return invalid(
                "lots",
                format!(
                    "{} lots of {LOT_CAPACITY} cubes cannot take the {cubes} cubes of {} auction spaces",
                    self.lots.len(),
                    self.auction_spaces
                ),
            );
        }
        let mut lots = Vec::with_capacity(self.lots.len());
        for (i, l) in self.lots.iter().enumerate() {
            let f = format!("lots[{i}]");
            let Some(tag) = LotId::new(&l.id) else {
                return invalid(
                    format!("{f}.id"),
                    format!(
                        "`{}` is not a lot id (1 to {MAX_ID_LEN} letters and digits)",
                        l.id
                    ),
                );
            };
            if crate::colour::Colour::parse(&l.id).is_some() {
                return invalid(
                    format!("{f}.id"),
                    format!("`{}` is a cube colour's name", l.id),
                );
            }
            if self.lots[..i]
                .iter()
                .any(|o| o.id.eq_ignore_ascii_case(&l.id))
            {
                return invalid(format!("{f}.id"), format!("duplicate lot id `{}`", l.id));
            }
            let Some(district) = self.districts.iter().position(|d| *d == l.district) else {
                return invalid(
                    format!("{f}.district"),
                    format!("unknown district `{}`", l.district),
                );
            };
            if l.park && l.value != 0 {
                return invalid(
                    format!("{f}.value"),
                    "a park is worth nothing on its own (value 0)",
                );
            }
            if !l.park && !(1..=MAX_LOT_VALUE).contains(&l.value) {
                return invalid(
                    format!("{f}.value"),
                    format!("a lot that is not a park needs a value of 1–{MAX_LOT_VALUE}"),
                );
            }
            lots.push(Lot {
                id: l.id.clone(),
                tag,
                value: l.value,
                park: l.park,
                district: district as u8,
                adjacent: 0,
            });
        }
        for (i, l) in self.lots.iter().enumerate() {
            for (j, a) in l.adjacent.iter().enumerate() {
                let f = format!("lots[{i}].adjacent[{j}]");
                let Some(k) = self.lots.iter().position(|o| o.id.eq_ignore_ascii_case(a)) else {
                    return invalid(f, format!("unknown lot `{a}`"));
                };
                if k == i {
                    return invalid(f, format!("lot `{}` is adjacent to itself", l.id));
                }
                lots[i].adjacent |= 1 << k;
                lots[k].adjacent |= 1 << i;
            }
        }
        Ok(Board {
            spec: self.clone(),
            lots,
        })
    }
}

impl Board {
    /// The default board.
    pub fn default_board() -> Board {
        BoardSpec::default_board()
            .build()
            .expect("the shipped board is valid")
    }

    /// The default board, read from its file once and shared by every game that plays on it.
    pub fn shared_default() -> std::sync::Arc<Board> {
        static BOARD: std::sync::OnceLock<std::sync::Arc<Board>> = std::sync::OnceLock::new();
        BOARD
            .get_or_init(|| std::sync::Arc::new(Board::default_board()))
            .clone()
    }

    /// The board as written in its file.
    pub fn spec(&self) -> &BoardSpec {
        &self.spec
    }

    /// The lots, in file order (a lot's index is its place here).
    pub fn lots(&self) -> &[Lot] {
        &self.lots
    }

    /// One lot.
    pub fn lot(&self, i: usize) -> &Lot {
        &self.lots[i]
    }

    /// The number of lots.
    pub fn num_lots(&self) -> usize {
        self.lots.len()
    }

    /// The number of auction spaces (and of rounds).
    pub fn num_spaces(&self) -> usize {
        self.spec.auction_spaces
    }

    /// Cubes of each colour (one per auction space).
    pub fn cubes_per_colour(&self) -> u8 {
        self.spec.auction_spaces as u8
    }

    /// The district names.
    pub fn districts(&self) -> &[String] {
        &self.spec.districts
    }

    /// The index of the lot named `id` (ignoring case).
    pub fn lot_index(&self, id: &str) -> Option<usize> {
        self.lots.iter().position(|l| l.id.eq_ignore_ascii_case(id))
    }

    /// Whether park `park` doubles lot `lot`: same district, adjacent, and `lot` not a park.
    pub fn doubles(&self, park: usize, lot: usize) -> bool {
        let (p, l) = (&self.lots[park], &self.lots[lot]);
        p.park && !l.park && p.district == l.district && p.adjacent & (1 << lot) != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_board_matches_the_decision_table() {
        let b = Board::default_board();
        assert_eq!(b.num_lots(), 13);
        assert_eq!(b.num_spaces(), 18);
        assert_eq!(b.lots().iter().filter(|l| l.park).count(), 2);
        assert_eq!(b.lots().iter().map(|l| l.value).sum::<u32>(), 152);
        let wp = b.lot_index("wx2").unwrap();
        for id in ["W9", "W10", "W11"] {
            assert!(b.doubles(wp, b.lot_index(id).unwrap()));
        }
        assert!(!b.doubles(wp, b.lot_index("E9").unwrap()));
        assert!(!b.doubles(wp, b.lot_index("N16").unwrap()));
    }

    #[test]
    fn a_lot_worth_more_than_the_bound_is_refused() {
        let mut spec = BoardSpec::default_board();
        let i = spec.lots.iter().position(|l| !l.park).unwrap();
        spec.lots[i].value = MAX_LOT_VALUE;
        assert!(spec.build().is_ok());
        spec.lots[i].value = MAX_LOT_VALUE + 1;
        match spec.build() {
            Err(BoardError::Invalid { field, .. }) => assert_eq!(field, format!("lots[{i}].value")),
            other => panic!("expected a refusal, got {other:?}"),
        }
    }
}
