//! The table settings of a game and the data set they name (the shipped one, or a data file
//! of the table's own, kept parsed).

use super::{MAX_PLAYERS, MIN_PLAYERS};
use crate::data::{Data, DEFAULT_DATA_TOML};
use boardroom_engine::{ConfigError, Seat};
use serde::{Deserialize, Serialize};
use std::sync::{Arc, Mutex, OnceLock};

/// The table settings of a game of The Boss.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// Number of players, 2–4.
    pub players: usize,
    /// The first player; drawn from the seed when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_player: Option<Seat>,
    /// The data file's text; the shipped data set when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data: Option<String>,
}

impl Config {
    /// A standard game for `players` players.
    pub fn new(players: usize) -> Self {
        Config {
            players,
            first_player: None,
            data: None,
        }
    }

    /// Checks the settings and builds the data set.
    pub fn validate(&self) -> Result<Data, ConfigError> {
        self.data_set().map(|d| Data::clone(&d))
    }

    /// Checks the settings and gives the data set, shared: the shipped one is read once.
    pub(crate) fn data_set(&self) -> Result<Arc<Data>, ConfigError> {
        static SHIPPED: OnceLock<Arc<Data>> = OnceLock::new();
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&self.players) {
            return Err(ConfigError(format!(
                "The Boss is for 2 to 4 players, not {}",
                self.players
            )));
        }
        if let Some(f) = self.first_player {
            if f >= self.players {
                return Err(ConfigError(format!(
                    "first player {f} is not a seat of a {}-player table",
                    self.players
                )));
            }
        }
        match &self.data {
            None => Ok(SHIPPED
                .get_or_init(|| Arc::new(Data::default_data()))
                .clone()),
            Some(text) if text == DEFAULT_DATA_TOML => Ok(SHIPPED
                .get_or_init(|| Arc::new(Data::default_data()))
                .clone()),
            Some(text) => parsed_data(text),
        }
    }
}

/// How many data files other than the shipped one stay parsed (`parsed_data`).
const PARSED_DATA_KEPT: usize = 8;

/// The data set of a data file other than the shipped one. The last few files read stay parsed,
/// the most recently used first: a table with its own data file is rebuilt from its config for
/// every replay frame, position import and restart, and reading the TOML again each time would
/// cost more than the rules. A file that fails to read is not kept (its error is cheap to find).
fn parsed_data(text: &str) -> Result<Arc<Data>, ConfigError> {
    static PARSED: Mutex<Vec<(Arc<str>, Arc<Data>)>> = Mutex::new(Vec::new());
    // A poisoned lock only means a panic elsewhere while it was held; the list stays valid.
    let hit = {
        let mut kept = PARSED.lock().unwrap_or_else(|e| e.into_inner());
        kept.iter().position(|(t, _)| **t == *text).map(|i| {
            kept[..=i].rotate_right(1);
            kept[0].1.clone()
        })
    };
    if let Some(data) = hit {
        return Ok(data);
    }
    let data = Arc::new(Data::from_toml(text).map_err(|e| ConfigError(e.to_string()))?);
    let mut kept = PARSED.lock().unwrap_or_else(|e| e.into_inner());
    // Another thread may have read the same file meanwhile: keep one entry a file.
    kept.retain(|(t, _)| **t != *text);
    kept.insert(0, (Arc::from(text), data.clone()));
    kept.truncate(PARSED_DATA_KEPT);
    Ok(data)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::DEFAULT_DATA_TOML;

    /// The shipped file with a comment that makes the text its own.
    fn variant(n: usize) -> String {
        format!("{DEFAULT_DATA_TOML}\n# variant {n} of the parsed-data test\n")
    }

    /// One test, so that no other test's files push these out meanwhile (the library's other
    /// tests read only the shipped file or files that fail, which are not kept).
    #[test]
    fn the_last_few_data_files_stay_parsed_and_errors_are_not_kept() {
        let a = parsed_data(&variant(0)).unwrap();
        assert!(Arc::ptr_eq(&a, &parsed_data(&variant(0)).unwrap()));
        assert!(!Arc::ptr_eq(&a, &parsed_data(&variant(1)).unwrap()));
        assert_eq!(
            *a,
            Data::default_data(),
            "the same cards as the shipped file"
        );
        // Read since: the most recently used stays, the oldest is pushed out.
        for n in 2..=PARSED_DATA_KEPT {
            parsed_data(&variant(n)).unwrap();
            assert!(Arc::ptr_eq(&a, &parsed_data(&variant(0)).unwrap()));
        }
        let b = parsed_data(&variant(1)).unwrap();
        for n in 0..PARSED_DATA_KEPT {
            parsed_data(&variant(100 + n)).unwrap();
        }
        assert!(
            !Arc::ptr_eq(&b, &parsed_data(&variant(1)).unwrap()),
            "pushed out by as many newer files, it was read anew"
        );
        let bad = format!("{DEFAULT_DATA_TOML}\n[economy");
        for _ in 0..2 {
            let e = parsed_data(&bad).unwrap_err();
            assert!(!e.0.is_empty(), "the error says what is wrong");
        }
    }
}
