//! Table options on the command line. Every option of every game in the registry becomes one
//! flag (its [`OptionSpec::flag`] name) of the subcommands that set up a table; the flags given
//! are read back into [`Options`] for the chosen game, which the registry checks: an option of
//! another game is refused with the options the chosen game accepts.

use anyhow::{Context, Result};
use boardroom_engine::{OptionKind, OptionSpec, OptionValue, Options};
use boardroom_registry::Playable;
use clap::builder::{PossibleValue, TypedValueParser};
use clap::{Arg, ArgAction, ArgMatches, Command};
use std::path::PathBuf;

/// One flag: an option name, as one or more games describe it.
#[derive(Clone, Debug)]
pub struct OptionFlag {
    /// The option as the first game that has it describes it.
    pub spec: OptionSpec,
    /// For a choice: the words every game having it accepts, in order of first appearance.
    pub choices: Vec<&'static str>,
    /// The titles of the games that accept it.
    pub games: Vec<&'static str>,
}

impl OptionFlag {
    /// The flag's argument id (prefixed so that it never clashes with a fixed argument).
    fn id(&self) -> String {
        format!("option:{}", self.spec.name)
    }

    /// The flag's help line: the games it belongs to, the option's help and its default.
    fn help(&self) -> String {
        let mut help = format!("{}: {}", self.games.join(", "), self.spec.help);
        if let Some(d) = self.spec.default {
            help.push_str(&format!("; default {d}"));
        }
        help
    }

    /// The clap argument.
    fn arg(&self) -> Arg {
        let arg = Arg::new(self.id()).long(self.spec.flag()).help(self.help());
        match self.spec.kind {
            OptionKind::Flag => arg.action(ArgAction::SetTrue),
            OptionKind::Choice(_) => arg
                .action(ArgAction::Set)
                .value_name("WORD")
                .value_parser(ChoiceParser(self.choices.clone())),
            OptionKind::File => arg
                .action(ArgAction::Set)
                .value_name("FILE")
                .value_parser(clap::value_parser!(PathBuf)),
        }
    }
}

/// A choice's words for help and completion. The value itself is passed on as given: the game
/// reads it in its own words (letter case, synonyms) before the registry checks it, and a wrong
/// one is refused there with the words it accepts.
#[derive(Clone, Debug)]
struct ChoiceParser(Vec<&'static str>);

impl TypedValueParser for ChoiceParser {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &Command,
        arg: Option<&Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        clap::builder::StringValueParser::new().parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(self.0.iter().map(|c| PossibleValue::new(*c))))
    }
}

/// Every distinct option of the registry's games, in the registry's order.
pub fn flags() -> Vec<OptionFlag> {
    let mut flags: Vec<OptionFlag> = Vec::new();
    for game in boardroom_registry::list() {
        for spec in game.options {
            match flags.iter_mut().find(|f| f.spec.name == spec.name) {
                Some(flag) => {
                    flag.games.push(game.title);
                    if let OptionKind::Choice(choices) = spec.kind {
                        for c in choices {
                            if !flag.choices.contains(c) {
                                flag.choices.push(c);
                            }
                        }
                    }
                }
                None => flags.push(OptionFlag {
                    spec: *spec,
                    choices: match spec.kind {
                        OptionKind::Choice(choices) => choices.to_vec(),
                        _ => Vec::new(),
                    },
                    games: vec![game.title],
                }),
            }
        }
    }
    flags
}

/// `cmd` with one flag per option of any game.
pub fn add_flags(mut cmd: Command) -> Command {
    for flag in flags() {
        cmd = cmd.arg(flag.arg());
    }
    cmd
}

/// An option flag as given, before its file (if any) is read.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Given {
    /// A flag that was set.
    On,
    /// A word.
    Word(String),
    /// A file's path.
    File(PathBuf),
}

/// The option flags given on the command line, not yet read nor checked.
#[derive(Clone, Debug, Default)]
pub struct GivenOptions(Vec<(OptionSpec, Given)>);

impl GivenOptions {
    /// The option flags given in `matches` (a subcommand's matches built with [`add_flags`]).
    pub fn from_matches(matches: &ArgMatches) -> Self {
        let mut given = Vec::new();
        for flag in flags() {
            let id = flag.id();
            let value = match flag.spec.kind {
                OptionKind::Flag => matches.get_flag(&id).then_some(Given::On),
                OptionKind::Choice(_) => matches.get_one::<String>(&id).cloned().map(Given::Word),
                OptionKind::File => matches.get_one::<PathBuf>(&id).cloned().map(Given::File),
            };
            if let Some(v) = value {
                given.push((flag.spec, v));
            }
        }
        GivenOptions(given)
    }

    /// Whether option `name` was given.
    pub fn contains(&self, name: &str) -> bool {
        self.0.iter().any(|(s, _)| s.name == name)
    }

    /// These options with choice `name` set to `word` (replacing any value given).
    pub fn with_word(&self, spec: OptionSpec, word: &str) -> Self {
        let mut given: Vec<(OptionSpec, Given)> = self
            .0
            .iter()
            .filter(|(s, _)| s.name != spec.name)
            .cloned()
            .collect();
        given.push((spec, Given::Word(word.to_string())));
        GivenOptions(given)
    }

    /// The options for game `G`: files are read (an unreadable file is an error naming it) for
    /// the options `G` accepts; any other option is passed on as given, for the registry to
    /// refuse with the options `G` has.
    pub fn read<G: Playable>(&self) -> Result<Options> {
        let mut options = Options::new();
        for (spec, value) in &self.0 {
            let accepted = G::option_specs().iter().any(|s| s.name == spec.name);
            let value = match value {
                Given::On => OptionValue::Flag(true),
                Given::Word(w) => OptionValue::Text(w.clone()),
                Given::File(path) if accepted => {
                    OptionValue::Text(std::fs::read_to_string(path).with_context(|| {
                        format!(
                            "cannot read {} file {}",
                            spec.name.replace('_', " "),
                            path.display()
                        )
                    })?)
                }
                Given::File(path) => OptionValue::Text(path.display().to_string()),
            };
            options.set(spec.name, value);
        }
        Ok(options)
    }
}

/// The configuration of game `G` for `players` players from the options given, checked by the
/// registry (player range, first seat, options and their values).
pub fn config<G: Playable>(
    players: usize,
    first: Option<usize>,
    given: &GivenOptions,
) -> Result<G::Config> {
    let options = given.read::<G>()?;
    Ok(boardroom_registry::make_config::<G>(
        players, first, &options,
    )?)
}

/// The options of game `G` given, as the game's own words (see
/// [`boardroom_engine::Configure::normalize_options`]) after checking that they make a valid
/// table of `players`: what a lobby is sent.
pub fn checked<G: Playable>(players: usize, given: &GivenOptions) -> Result<Options> {
    let mut options = given.read::<G>()?;
    boardroom_registry::make_config::<G>(players, None, &options)?;
    G::normalize_options(&mut options);
    Ok(options)
}

/// The first choice option of game `G` (what `simulate --compare` compares), if it has one.
pub fn first_choice<G: Playable>() -> Option<OptionSpec> {
    G::option_specs()
        .iter()
        .find(|s| matches!(s.kind, OptionKind::Choice(_)))
        .copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_option_of_every_game_has_one_flag() {
        let flags = flags();
        for game in boardroom_registry::list() {
            for spec in game.options {
                let flag = flags.iter().find(|f| f.spec.name == spec.name).unwrap();
                assert_eq!(
                    std::mem::discriminant(&flag.spec.kind),
                    std::mem::discriminant(&spec.kind),
                    "`{}` is the same kind of option in every game",
                    spec.name
                );
                assert!(flag.games.contains(&game.title));
                assert!(flag.help().contains(spec.help));
                if let OptionKind::Choice(choices) = spec.kind {
                    assert!(choices.iter().all(|c| flag.choices.contains(c)));
                }
            }
        }
        let mut names: Vec<&str> = flags.iter().map(|f| f.spec.name).collect();
        names.dedup();
        assert_eq!(names.len(), flags.len());
    }

    #[test]
    fn given_flags_are_read_back_for_the_game() {
        let flags = flags();
        let mut cmd = add_flags(Command::new("t"));
        let mut args = vec!["t".to_string()];
        let dir = std::env::temp_dir().join(format!("boardroom-options-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("option.txt");
        std::fs::write(&file, "contents").unwrap();
        for f in &flags {
            args.push(format!("--{}", f.spec.flag()));
            match f.spec.kind {
                OptionKind::Flag => {}
                OptionKind::Choice(c) => args.push(c[0].to_string()),
                OptionKind::File => args.push(file.display().to_string()),
            }
        }
        let matches = cmd.try_get_matches_from_mut(&args).unwrap();
        let given = GivenOptions::from_matches(&matches);
        for f in &flags {
            assert!(given.contains(f.spec.name));
        }
        struct Read(GivenOptions);
        impl boardroom_registry::Visitor for Read {
            type Output = Options;
            fn visit<G: Playable>(self) -> Options {
                self.0.read::<G>().unwrap()
            }
        }
        for id in boardroom_registry::IDS {
            let options = boardroom_registry::visit(id, Read(given.clone())).unwrap();
            for spec in boardroom_registry::info(id).unwrap().options {
                match spec.kind {
                    OptionKind::Flag => assert!(options.flag(spec.name)),
                    OptionKind::Choice(c) => assert_eq!(options.text(spec.name), Some(c[0])),
                    OptionKind::File => assert_eq!(options.text(spec.name), Some("contents")),
                }
            }
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
