//! Table options: what a game may be configured with, described as data so that the command
//! line (flags) and the lobby (a form, and its JSON) are built from one description, and read
//! back into the game's own typed configuration by the game.

use crate::error::ConfigError;
use crate::{Game, Seat};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// What kind of value an option takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", content = "choices", rename_all = "snake_case")]
pub enum OptionKind {
    /// On or off (`--hidden-money` on the command line, `true` in JSON).
    Flag,
    /// One of a fixed list of words.
    Choice(&'static [&'static str]),
    /// The contents of a file (the command line reads the file named by the flag; JSON carries
    /// the text itself).
    File,
}

/// One option a game accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct OptionSpec {
    /// Its name in JSON (`hidden_money`); the command-line flag is the same with dashes
    /// (`--hidden-money`).
    pub name: &'static str,
    /// One line of help.
    pub help: &'static str,
    /// What it takes.
    pub kind: OptionKind,
    /// The value when not given (for a choice), shown in help and in the lobby form.
    pub default: Option<&'static str>,
    /// Whether the lobby offers it (a file option read from the server's disk would not be).
    pub lobby: bool,
    /// The player counts it applies to, fewest and most (`None`: every count the game is
    /// played by). Set at another count it is refused; the lobby shows it only for these.
    pub players: Option<(usize, usize)>,
}

impl OptionSpec {
    /// The command-line flag's long name: the option's name with dashes.
    pub fn flag(&self) -> String {
        self.name.replace('_', "-")
    }

    /// Whether the option applies to a table of `players` players.
    pub fn applies_to(&self, players: usize) -> bool {
        self.players
            .is_none_or(|(least, most)| (least..=most).contains(&players))
    }
}

/// A value given for an option.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum OptionValue {
    /// A flag.
    Flag(bool),
    /// A word or a file's contents.
    Text(String),
}

/// The options given for a table, by name, checked against a game's [`OptionSpec`]s.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Options(BTreeMap<String, OptionValue>);

impl Options {
    /// No options: every default.
    pub fn new() -> Self {
        Options::default()
    }

    /// These options with `name` set to `value`.
    pub fn with(mut self, name: &str, value: OptionValue) -> Self {
        self.0.insert(name.to_string(), value);
        self
    }

    /// Sets `name` to `value`.
    pub fn set(&mut self, name: &str, value: OptionValue) {
        self.0.insert(name.to_string(), value);
    }

    /// The options given, by name.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &OptionValue)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v))
    }

    /// Whether no option was given.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Checks every given option against `specs`: unknown names and values of the wrong kind
    /// are refused with an error listing what is accepted. `game` names the game in messages.
    pub fn check(&self, game: &str, specs: &[OptionSpec]) -> Result<(), ConfigError> {
        for (name, value) in &self.0 {
            let Some(spec) = specs.iter().find(|s| s.name == name) else {
                let accepted: Vec<&str> = specs.iter().map(|s| s.name).collect();
                return Err(ConfigError(format!(
                    "{game} has no option `{}` (its options: {})",
                    name.chars().take(40).collect::<String>(),
                    if accepted.is_empty() {
                        "none".to_string()
                    } else {
                        accepted.join(", ")
                    }
                )));
            };
            match (spec.kind, value) {
                (OptionKind::Flag, OptionValue::Flag(_)) => {}
                (OptionKind::Flag, OptionValue::Text(_)) => {
                    return Err(ConfigError(format!(
                        "option `{name}` is a flag: true or false"
                    )))
                }
                (OptionKind::Choice(choices), OptionValue::Text(t)) => {
                    if !choices.contains(&t.as_str()) {
                        return Err(ConfigError(format!(
                            "option `{name}` cannot be `{}`: one of {}",
                            t.chars().take(40).collect::<String>(),
                            choices.join(", ")
                        )));
                    }
                }
                (OptionKind::Choice(choices), OptionValue::Flag(_)) => {
                    return Err(ConfigError(format!(
                        "option `{name}` takes one of {}",
                        choices.join(", ")
                    )))
                }
                (OptionKind::File, OptionValue::Text(_)) => {}
                (OptionKind::File, OptionValue::Flag(_)) => {
                    return Err(ConfigError(format!(
                        "option `{name}` takes the contents of a file"
                    )))
                }
            }
        }
        Ok(())
    }

    /// Checks that every option set (a flag on, a word or a file given) applies to `players`
    /// players ([`OptionSpec::players`]); a flag given off is as if not given.
    pub fn check_players(&self, players: usize, specs: &[OptionSpec]) -> Result<(), ConfigError> {
        for (name, value) in &self.0 {
            let Some(spec) = specs.iter().find(|s| s.name == name) else {
                continue;
            };
            if matches!(value, OptionValue::Flag(false)) || spec.applies_to(players) {
                continue;
            }
            let (least, most) = spec
                .players
                .expect("an option that does not apply has a range");
            let range = if least == most {
                format!("{least} players")
            } else {
                format!("{least} to {most} players")
            };
            return Err(ConfigError(format!(
                "option `{name}` is for {range}, not {players}"
            )));
        }
        Ok(())
    }

    /// Whether flag `name` is on (off when not given).
    pub fn flag(&self, name: &str) -> bool {
        matches!(self.0.get(name), Some(OptionValue::Flag(true)))
    }

    /// The text given for `name` (a choice or a file's contents), if any.
    pub fn text(&self, name: &str) -> Option<&str> {
        match self.0.get(name) {
            Some(OptionValue::Text(t)) => Some(t),
            _ => None,
        }
    }
}

/// A game that can be set up from a number of players, a first seat and [`Options`]: what the
/// games registry, the command line and the lobby need to create it.
pub trait Configure: Game {
    /// The fewest players.
    const MIN_PLAYERS: usize;
    /// The most players.
    const MAX_PLAYERS: usize;

    /// The options the game accepts.
    fn option_specs() -> &'static [OptionSpec];

    /// Rewrites options given in a person's words into the form [`Options::check`] accepts
    /// (e.g. another letter case or a synonym of a choice). Called before the check; values it
    /// does not recognise are left for the check to refuse. The default changes nothing.
    fn normalize_options(_options: &mut Options) {}

    /// Builds and validates a configuration. `options` has been checked against
    /// [`Configure::option_specs`] by the caller; `first` is the seat that starts (`None`: drawn
    /// from the seed).
    fn make_config(
        players: usize,
        first: Option<Seat>,
        options: &Options,
    ) -> Result<Self::Config, ConfigError>;

    /// The number of players of a configuration.
    fn config_players(config: &Self::Config) -> usize;
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPECS: &[OptionSpec] = &[
        OptionSpec {
            name: "edition",
            help: "rule set",
            kind: OptionKind::Choice(&["modern", "classic"]),
            default: Some("modern"),
            lobby: true,
            players: None,
        },
        OptionSpec {
            name: "hidden_money",
            help: "coins hidden",
            kind: OptionKind::Flag,
            default: None,
            lobby: true,
            players: Some((2, 2)),
        },
    ];

    #[test]
    fn unknown_options_and_values_are_refused_with_what_is_accepted() {
        let o = Options::new().with("colour", OptionValue::Text("red".into()));
        let e = o.check("Big Boss", SPECS).unwrap_err().to_string();
        assert!(
            e.contains("colour") && e.contains("edition, hidden_money"),
            "{e}"
        );
        let o = Options::new().with("edition", OptionValue::Text("future".into()));
        let e = o.check("Big Boss", SPECS).unwrap_err().to_string();
        assert!(e.contains("modern, classic"), "{e}");
        let o = Options::new().with("hidden_money", OptionValue::Text("yes".into()));
        assert!(o.check("Big Shot", SPECS).is_err());
        let o = Options::new()
            .with("hidden_money", OptionValue::Flag(true))
            .with("edition", OptionValue::Text("classic".into()));
        o.check("x", SPECS).unwrap();
        assert!(o.flag("hidden_money"));
        assert_eq!(o.text("edition"), Some("classic"));
    }

    #[test]
    fn options_for_other_player_counts_are_refused() {
        let on = Options::new().with("hidden_money", OptionValue::Flag(true));
        on.check_players(2, SPECS).unwrap();
        let e = on.check_players(3, SPECS).unwrap_err().to_string();
        assert!(
            e.ends_with("option `hidden_money` is for 2 players, not 3"),
            "{e}"
        );
        let off = Options::new().with("hidden_money", OptionValue::Flag(false));
        off.check_players(3, SPECS).unwrap();
        let edition = Options::new().with("edition", OptionValue::Text("classic".into()));
        edition.check_players(6, SPECS).unwrap();
        assert!(SPECS[1].applies_to(2) && !SPECS[1].applies_to(4) && SPECS[0].applies_to(5));
    }

    #[test]
    fn options_read_from_json() {
        let o: Options =
            serde_json::from_str(r#"{"edition":"classic","hidden_money":true}"#).unwrap();
        assert_eq!(o.text("edition"), Some("classic"));
        assert!(o.flag("hidden_money"));
        assert!(serde_json::from_str::<Options>(r#"{"edition":3}"#).is_err());
    }
}
