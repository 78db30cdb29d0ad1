//! Reading position files: JSON text into a game's position type, with errors that name the
//! field at fault (`players[1].money`) rather than only a line and column.

use crate::error::PositionError;
use serde::de::DeserializeOwned;

/// The field path of a deserialisation error: `players[1].money`, or `(the file)` when the
/// problem is the text as a whole (not JSON, cut short).
fn field_of(path: &serde_path_to_error::Path) -> String {
    let text = path.to_string();
    if text == "." || text.is_empty() {
        "(the file)".to_string()
    } else {
        text
    }
}

/// Reads a position of type `P` from JSON text. A JSON-level error (bad syntax, a wrong type,
/// a missing field, a number out of range) names the path of the field at fault, e.g.
/// `players[1].money: invalid type: string "x", expected u32 at line 1 column 240`. The
/// position still has to be checked by the game ([`crate::Game::from_position`]).
pub fn parse<P: DeserializeOwned>(text: &str) -> Result<P, PositionError> {
    parse_slice(text.as_bytes())
}

/// [`parse`] for raw bytes (which need not be valid UTF-8: invalid text is refused with the
/// field it was found in).
pub fn parse_slice<P: DeserializeOwned>(bytes: &[u8]) -> Result<P, PositionError> {
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let value: P = serde_path_to_error::deserialize(&mut de)
        .map_err(|e| PositionError::new(field_of(e.path()), e.inner().to_string()))?;
    de.end()
        .map_err(|e| PositionError::new("(the file)", e.to_string()))?;
    Ok(value)
}

/// [`parse`] for a JSON value already read.
pub fn from_value<P: DeserializeOwned>(value: &serde_json::Value) -> Result<P, PositionError> {
    serde_path_to_error::deserialize(value)
        .map_err(|e| PositionError::new(field_of(e.path()), e.inner().to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Player {
        money: u32,
        name: String,
    }

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Pos {
        game: String,
        players: Vec<Player>,
    }

    #[test]
    fn a_wrong_type_names_the_path_of_the_field() {
        let text = r#"{"game":"g","players":[{"money":1,"name":"a"},{"money":"x","name":"b"}]}"#;
        let e = parse::<Pos>(text).unwrap_err();
        assert_eq!(e.field, "players[1].money");
        assert!(e.reason.contains("invalid type"), "{e}");
        let e = parse::<Pos>(r#"{"game":"g","players":[{"money":1,"name":2}]}"#).unwrap_err();
        assert_eq!(e.field, "players[0].name");
        let e = parse::<Pos>(r#"{"game":"g","players":[{"money":1}]}"#).unwrap_err();
        assert_eq!(e.field, "players[0]");
        assert!(e.reason.contains("missing field `name`"), "{e}");
        let e = parse::<Pos>(r#"{"game":"g","players":[{"money":-3,"name":"b"}]}"#).unwrap_err();
        assert_eq!(e.field, "players[0].money");
    }

    #[test]
    fn broken_text_is_named_as_the_file() {
        let e = parse::<Pos>(r#"{"game":"g","#).unwrap_err();
        assert!(e.reason.contains("EOF"), "{e}");
        let e = parse::<Pos>(r#"{"game":"g","players":[]} x"#).unwrap_err();
        assert_eq!(e.field, "(the file)");
        assert!(e.reason.contains("trailing"), "{e}");
        let ok = parse::<Pos>(r#"{"game":"g","players":[]}"#).unwrap();
        assert!(ok.players.is_empty());
        let e = from_value::<Pos>(&serde_json::json!({"game": 1, "players": []})).unwrap_err();
        assert_eq!(e.field, "game");
    }
}
