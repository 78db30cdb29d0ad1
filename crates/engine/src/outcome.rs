//! The result of a finished game.

use crate::seat::{Seat, SeatSet};
use serde::{Deserialize, Serialize};

/// Final scores and the winners (several on a shared title; none where a game allows nobody to
/// win).
///
/// In JSON the winners are a list of seats, lowest first: `{"scores": [41, 57, 57], "winners":
/// [1, 2]}`. Reading also accepts the older bit mask (`"winners": 6`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// Final score of each seat, in the game's unit (millions for Big Boss).
    pub scores: Vec<i64>,
    /// The seats that hold the title.
    #[serde(with = "seat_list")]
    pub winners: SeatSet,
}

impl Outcome {
    /// The reward of `seat` for search and statistics: 1 for a sole winner, 1/k for each of k
    /// winners sharing the title, 0 otherwise.
    pub fn reward(&self, seat: Seat) -> f64 {
        if self.winners.contains(seat) {
            1.0 / self.winners.len() as f64
        } else {
            0.0
        }
    }
}

/// A [`SeatSet`] written as a list of seats; read from a list or from a bit mask.
mod seat_list {
    use crate::seat::{Seat, SeatSet};
    use serde::de::Error;
    use serde::{Deserialize, Deserializer, Serializer};

    /// The seats, lowest first.
    pub fn serialize<S: Serializer>(set: &SeatSet, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(set.iter())
    }

    /// The two forms a winners field may take.
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Form {
        List(Vec<Seat>),
        Mask(u16),
    }

    /// A list of seats (each below 16, none twice) or a bit mask.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<SeatSet, D::Error> {
        match Form::deserialize(d)? {
            Form::Mask(bits) => Ok((0..16).filter(|s| bits & (1 << s) != 0).collect()),
            Form::List(seats) => {
                let mut set = SeatSet::EMPTY;
                for s in seats {
                    if s >= 16 {
                        return Err(D::Error::custom(format!("seat {s} is not below 16")));
                    }
                    if set.contains(s) {
                        return Err(D::Error::custom(format!("seat {s} is listed twice")));
                    }
                    set.insert(s);
                }
                Ok(set)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn winners_are_written_as_a_list_of_seats() {
        let o = Outcome {
            scores: vec![3, 9, 1, 9],
            winners: [1, 3].into_iter().collect(),
        };
        let v = serde_json::to_value(&o).unwrap();
        assert_eq!(v, json!({"scores": [3, 9, 1, 9], "winners": [1, 3]}));
        assert_eq!(serde_json::from_value::<Outcome>(v).unwrap(), o);
        let nobody = Outcome {
            scores: vec![0, 0],
            winners: SeatSet::EMPTY,
        };
        assert_eq!(serde_json::to_value(&nobody).unwrap()["winners"], json!([]));
    }

    #[test]
    fn winners_are_read_from_a_list_or_the_older_bit_mask() {
        let o: Outcome =
            serde_json::from_value(json!({"scores": [1, 2, 3], "winners": 5})).unwrap();
        assert_eq!(o.winners.iter().collect::<Vec<_>>(), vec![0, 2]);
        for bad in [json!([16]), json!([1, 1]), json!("0"), json!([-1])] {
            let r = serde_json::from_value::<Outcome>(json!({"scores": [], "winners": bad}));
            assert!(r.is_err(), "{bad}");
        }
    }
}
