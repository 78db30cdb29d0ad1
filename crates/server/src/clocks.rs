//! A table's clock as its creator chose it: none, live (a time bank per seat and an increment
//! per move) or turn-based (a time per move), and the stand-in bot that plays a seat whose
//! person ran out of time or, in live play, has been gone too long. Read from the lobby's
//! request (`"clock": {…}`) with a clear message for every bad setting, and stored with the
//! table as JSON.

use crate::bots::BotLevel;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// The most time a live clock's bank may hold: 4 hours.
pub const MAX_BANK: u32 = 4 * 60 * 60;
/// The largest increment per move: 10 minutes.
pub const MAX_INCREMENT: u32 = 10 * 60;
/// The longest absence a live table may allow before a stand-in plays: 1 hour.
pub const MAX_ABSENT: u32 = 60 * 60;
/// The longest time per move of a turn-based table: 14 days.
pub const MAX_PER_MOVE: u32 = 14 * 24 * 60 * 60;
/// The absence a live table allows when its creator does not say: 2 minutes.
pub const DEFAULT_ABSENT: u32 = 120;
/// The stand-in bot when the creator does not say.
pub const DEFAULT_STANDIN: BotLevel = BotLevel::Heuristic;
/// A seat taken back after its live bank ran out has at least this long for its next move.
pub const TAKE_BACK_GRACE: Duration = Duration::from_secs(30);
/// The game's own timers at a turn-based table: a minute of them lasts one move's time.
const GAME_TIMER_MINUTE: u64 = 60;

/// How a table's seats are timed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "mode", rename_all = "snake_case")]
pub enum ClockMode {
    /// No clock: nobody is timed (as tables were before clocks).
    #[default]
    None,
    /// A time bank per seat, running while the game waits for the seat, and an increment
    /// added after each of its moves (seconds).
    Live {
        /// Each seat's time for the whole game.
        bank: u32,
        /// Added to a seat's bank after each of its moves.
        increment: u32,
        /// How long a seat's person may be gone (no connection) while the game waits for
        /// them before the stand-in plays.
        absent: u32,
    },
    /// A time for each move (seconds): a seat the game waits for has this long to act.
    Turn {
        /// The time per move.
        per_move: u32,
    },
}

/// A table's clock and its stand-in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockSettings {
    /// How seats are timed.
    #[serde(flatten)]
    pub mode: ClockMode,
    /// The bot level that plays a seat in its person's place.
    pub standin: BotLevel,
}

impl Default for ClockSettings {
    fn default() -> Self {
        ClockSettings {
            mode: ClockMode::None,
            standin: DEFAULT_STANDIN,
        }
    }
}

impl ClockSettings {
    /// Whether the table has no clock.
    pub fn is_none(&self) -> bool {
        self.mode == ClockMode::None
    }

    /// The settings as stored (`None` for no clock).
    pub fn stored(&self) -> Option<String> {
        (!self.is_none()).then(|| serde_json::to_string(self).unwrap_or_default())
    }

    /// The settings stored as `text` (none: no clock); a row written by another version that
    /// cannot be read plays without a clock, said in the log.
    pub fn from_stored(text: Option<&str>) -> ClockSettings {
        match text.map(serde_json::from_str::<ClockSettings>) {
            None => ClockSettings::default(),
            Some(Ok(s)) => s,
            Some(Err(e)) => {
                tracing::warn!("a stored clock cannot be read ({e}); the table has none");
                ClockSettings::default()
            }
        }
    }

    /// The percent at which the game's own timers run at this table, from the creator's
    /// `percent`: a turn-based table stretches them so that a minute of them lasts one move's
    /// time (never shorter than `percent` makes them).
    pub fn timer_percent(&self, percent: u32) -> u32 {
        match self.mode {
            ClockMode::Turn { per_move } => {
                let stretched = percent as u64 * per_move as u64 / GAME_TIMER_MINUTE;
                stretched.clamp(percent as u64, u32::MAX as u64) as u32
            }
            _ => percent,
        }
    }

    /// Reads the lobby's `clock` field: `{"mode": "none"}`, `{"mode": "live", "bank": 600,
    /// "increment": 15, "absent": 120}` or `{"mode": "turn", "per_move": 86400}`, each with an
    /// optional `standin` (a bot level; checked against the game's bots by the caller). Every
    /// message says what is accepted.
    pub fn parse(value: &serde_json::Value) -> Result<ClockSettings, String> {
        let serde_json::Value::Object(map) = value else {
            return Err(
                "`clock` is an object such as {\"mode\": \"live\", \"bank\": 600, \
                        \"increment\": 15} or {\"mode\": \"turn\", \"per_move\": 86400}"
                    .into(),
            );
        };
        let mode = match map.get("mode") {
            None => return Err("`clock` needs its `mode`: none, live or turn".into()),
            Some(serde_json::Value::String(m)) => m.as_str(),
            Some(_) => return Err("the clock's `mode` is none, live or turn".into()),
        };
        let allowed: &[&str] = match mode {
            "none" => &["mode", "standin"],
            "live" => &["mode", "standin", "bank", "increment", "absent"],
            "turn" => &["mode", "standin", "per_move"],
            other => {
                return Err(format!(
                    "unknown clock mode `{}` (modes: none, live, turn)",
                    other.chars().take(40).collect::<String>()
                ))
            }
        };
        if let Some(extra) = map.keys().find(|k| !allowed.contains(&k.as_str())) {
            return Err(format!(
                "the {mode} clock has no setting `{}` (its settings: {})",
                extra.chars().take(40).collect::<String>(),
                allowed[1..].join(", ")
            ));
        }
        let standin = match map.get("standin") {
            None => DEFAULT_STANDIN,
            Some(serde_json::Value::String(s)) => BotLevel::from_name(s).ok_or_else(|| {
                format!(
                    "the stand-in `{}` is not a bot level (levels: {})",
                    s.chars().take(40).collect::<String>(),
                    boardroom_bots::BOT_NAMES.join(", ")
                )
            })?,
            Some(_) => {
                return Err("the clock's `standin` is a bot level, such as `heuristic`".into())
            }
        };
        let seconds = |name: &str, min: u32, max: u32, default: Option<u32>, what: &str| {
            let Some(v) = map.get(name) else {
                return default.ok_or_else(|| format!("the {mode} clock needs `{name}`: {what}"));
            };
            match v.as_u64() {
                Some(n) if n >= min as u64 && n <= max as u64 => Ok(n as u32),
                _ => Err(format!(
                    "the clock's `{name}` is {}: {what}, a whole number of seconds from {min} \
                     to {max}",
                    short(v)
                )),
            }
        };
        let mode = match mode {
            "none" => ClockMode::None,
            "live" => ClockMode::Live {
                bank: seconds(
                    "bank",
                    1,
                    MAX_BANK,
                    None,
                    "each seat's time for the whole game",
                )?,
                increment: seconds(
                    "increment",
                    0,
                    MAX_INCREMENT,
                    Some(0),
                    "the time added after each move",
                )?,
                absent: seconds(
                    "absent",
                    1,
                    MAX_ABSENT,
                    Some(DEFAULT_ABSENT),
                    "how long a person may be gone before a stand-in plays",
                )?,
            },
            _ => ClockMode::Turn {
                per_move: seconds("per_move", 1, MAX_PER_MOVE, None, "the time for each move")?,
            },
        };
        Ok(ClockSettings { mode, standin })
    }
}

/// A JSON value as a refusal quotes it (at most 40 characters).
fn short(v: &serde_json::Value) -> String {
    v.to_string().chars().take(40).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_every_mode() {
        let live =
            ClockSettings::parse(&json!({"mode": "live", "bank": 600, "increment": 15})).unwrap();
        assert_eq!(
            live.mode,
            ClockMode::Live {
                bank: 600,
                increment: 15,
                absent: DEFAULT_ABSENT
            }
        );
        assert_eq!(live.standin, BotLevel::Heuristic);
        let turn =
            ClockSettings::parse(&json!({"mode": "turn", "per_move": 86400, "standin": "easy"}))
                .unwrap();
        assert_eq!(turn.mode, ClockMode::Turn { per_move: 86400 });
        assert_eq!(turn.standin, BotLevel::Easy);
        assert!(ClockSettings::parse(&json!({"mode": "none"}))
            .unwrap()
            .is_none());
        let stored = turn.stored().unwrap();
        assert_eq!(ClockSettings::from_stored(Some(&stored)), turn);
        assert_eq!(ClockSettings::default().stored(), None);
    }

    #[test]
    fn refuses_bad_settings_with_what_is_accepted() {
        let cases = [
            (json!(5), "is an object"),
            (json!({}), "needs its `mode`"),
            (json!({"mode": "blitz"}), "unknown clock mode `blitz`"),
            (json!({"mode": "live"}), "needs `bank`"),
            (json!({"mode": "live", "bank": 0}), "from 1 to 14400"),
            (json!({"mode": "live", "bank": -5}), "is -5"),
            (json!({"mode": "live", "bank": 1.5}), "whole number"),
            (json!({"mode": "live", "bank": "10m"}), "is \"10m\""),
            (
                json!({"mode": "live", "bank": 60, "increment": 601}),
                "from 0 to 600",
            ),
            (
                json!({"mode": "live", "bank": 60, "per_move": 5}),
                "no setting `per_move`",
            ),
            (json!({"mode": "turn", "per_move": 0}), "from 1 to 1209600"),
            (json!({"mode": "turn", "bank": 10}), "no setting `bank`"),
            (
                json!({"mode": "turn", "per_move": 60, "standin": 3}),
                "`standin` is a bot level",
            ),
        ];
        for (value, words) in cases {
            let e = ClockSettings::parse(&value).unwrap_err();
            assert!(e.contains(words), "{value}: {e}");
        }
    }

    #[test]
    fn turn_based_tables_stretch_the_games_timers() {
        let turn = |per_move| ClockSettings {
            mode: ClockMode::Turn { per_move },
            standin: BotLevel::Heuristic,
        };
        // A day per move: a minute of the game's timers lasts a day.
        assert_eq!(turn(86_400).timer_percent(100), 144_000);
        // Never shorter than the creator's choice, even with very short moves.
        assert_eq!(turn(5).timer_percent(100), 100);
        assert_eq!(turn(86_400).timer_percent(0), 0);
        assert_eq!(ClockSettings::default().timer_percent(50), 50);
    }
}
