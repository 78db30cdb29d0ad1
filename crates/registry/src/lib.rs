//! # boardroom-registry
//!
//! The one list of Boardroom's games. Every tool that lets a person choose a game — the
//! command line's subcommands, the server's lobby and its table pages, the lobby page's game
//! list (served as `GET /api/games`) — goes through this crate; no other file outside a game's
//! own crate names a game.
//!
//! A game is registered by one line in [`registry!`]'s invocation below. What the tools then
//! know of it comes from the engine's traits, which the game implements in its own crate:
//! [`Game`] (the rules), [`Evaluate`] (for the bots), [`Present`] (for people) and
//! [`Configure`] (its options) and [`Encode`] (its numeric observation, optional).
//!
//! Code that works with any game is written once as a [`Visitor`] and reached with [`visit`]:
//!
//! ```
//! use boardroom_registry::{visit, Playable, Visitor};
//!
//! struct Title;
//! impl Visitor for Title {
//!     type Output = &'static str;
//!     fn visit<G: Playable>(self) -> &'static str {
//!         G::TITLE
//!     }
//! }
//! assert_eq!(visit("big-shot", Title).unwrap(), "Big Shot");
//! assert!(visit("chess", Title).unwrap_err().to_string().contains("big-boss"));
//! ```

use boardroom_engine::{
    ConfigError, Configure, Encode, Evaluate, Game, OptionSpec, Options, Present, Seat,
};
use serde::Serialize;
use std::collections::BTreeMap;
use thiserror::Error;

/// Everything the tools need of a game: its rules, its evaluation for the bots, its
/// presentation, its options and its numeric encoding for learning code (which a game may leave
/// out, see [`Encode`]). Implemented for every type that has all five.
pub trait Playable: Game + Evaluate + Present + Configure + Encode {}

impl<T: Game + Evaluate + Present + Configure + Encode> Playable for T {}

/// Code generic over games, run for the game a name picks (see [`visit`]).
pub trait Visitor {
    /// What the code gives back.
    type Output;
    /// Runs the code for game `G`.
    fn visit<G: Playable>(self) -> Self::Output;
}

/// A game id that is not in the registry.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown game `{name}` (games: {known})")]
pub struct UnknownGame {
    /// The id as given (at most 40 characters of it).
    pub name: String,
    /// The ids that are known, comma-separated.
    pub known: String,
}

impl UnknownGame {
    fn new(name: &str) -> Self {
        UnknownGame {
            name: name.chars().take(40).collect(),
            known: IDS.join(", "),
        }
    }
}

macro_rules! registry {
    ($($game:ty),+ $(,)?) => {
        /// The ids of every game, in the order the lobby lists them.
        pub const IDS: &[&str] = &[$(<$game as Game>::NAME),+];

        /// Runs `visitor` for the game called `id`.
        pub fn visit<V: Visitor>(id: &str, visitor: V) -> Result<V::Output, UnknownGame> {
            $(
                if id == <$game as Game>::NAME {
                    return Ok(visitor.visit::<$game>());
                }
            )+
            Err(UnknownGame::new(id))
        }
    };
}

// The one list of games: one line per game.
registry!(
    boardroom_bigboss::BigBoss,
    boardroom_bigshot::BigShot,
    boardroom_theboss::TheBoss
);

/// What the lobby and the command line show of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameInfo {
    /// Its id in records, on the command line and in the lobby's JSON, e.g. `big-boss`.
    pub id: &'static str,
    /// Its title, e.g. `Big Boss`.
    pub title: &'static str,
    /// The fewest players.
    pub min_players: usize,
    /// The most players.
    pub max_players: usize,
    /// The options it accepts.
    pub options: &'static [OptionSpec],
    /// The bots that can take a seat at its tables, by name (besides `ismcts:N`): the bot
    /// without dealing only for games with dealing ([`boardroom_bots::bot_names`]).
    pub bots: &'static [&'static str],
    /// What each bot level is, measured, in one line for the lobby's list (for the levels the
    /// game describes: [`Evaluate::LEVEL_NOTES`]).
    pub bot_notes: BTreeMap<&'static str, &'static str>,
    /// Whether its live tables run timers, whose speed a table chooses (`timer_percent`).
    pub timers: bool,
    /// The seat names, for as many seats as the game may have.
    pub seat_names: Vec<String>,
}

/// The [`GameInfo`] of game `G`.
pub fn info_of<G: Playable>() -> GameInfo {
    GameInfo {
        id: G::NAME,
        title: G::TITLE,
        min_players: G::MIN_PLAYERS,
        max_players: G::MAX_PLAYERS,
        options: G::option_specs(),
        bots: boardroom_bots::bot_names::<G>(),
        bot_notes: G::LEVEL_NOTES.iter().copied().collect(),
        timers: G::HAS_TIMERS,
        seat_names: (0..G::MAX_PLAYERS).map(G::seat_name).collect(),
    }
}

struct InfoVisitor;

impl Visitor for InfoVisitor {
    type Output = GameInfo;
    fn visit<G: Playable>(self) -> GameInfo {
        info_of::<G>()
    }
}

/// The bots' gauntlet for the game called `id`: its fixed simple policies by name (generic ones,
/// then the game's scripted strategies, see [`boardroom_bots::gauntlet`]), each of which a
/// command can seat as a bot.
pub fn policies(id: &str) -> Result<Vec<String>, UnknownGame> {
    struct Policies;
    impl Visitor for Policies {
        type Output = Vec<String>;
        fn visit<G: Playable>(self) -> Vec<String> {
            boardroom_bots::policy_names::<G>()
        }
    }
    visit(id, Policies)
}

/// Every game, in the registry's order.
pub fn list() -> Vec<GameInfo> {
    IDS.iter()
        .map(|id| visit(id, InfoVisitor).expect("registered ids are known"))
        .collect()
}

/// Every game's messages: its id and its Fluent files, one per language
/// ([`Present::locales`]).
pub fn locales() -> Vec<(&'static str, &'static [boardroom_engine::LocaleFile])> {
    struct LocalesVisitor;
    impl Visitor for LocalesVisitor {
        type Output = (&'static str, &'static [boardroom_engine::LocaleFile]);
        fn visit<G: Playable>(self) -> Self::Output {
            (G::NAME, G::locales())
        }
    }
    IDS.iter()
        .map(|id| visit(id, LocalesVisitor).expect("registered ids are known"))
        .collect()
}

/// The game called `id`.
pub fn info(id: &str) -> Result<GameInfo, UnknownGame> {
    visit(id, InfoVisitor)
}

/// A configuration of game `G` for `players` players, checked against the game's player range
/// and options: unknown options and bad values are refused with what is accepted. The options
/// are first put in the game's own words ([`Configure::normalize_options`]).
pub fn make_config<G: Playable>(
    players: usize,
    first: Option<Seat>,
    options: &Options,
) -> Result<G::Config, ConfigError> {
    if !(G::MIN_PLAYERS..=G::MAX_PLAYERS).contains(&players) {
        return Err(ConfigError(format!(
            "{} is played by {} to {} players, not {players}",
            G::TITLE,
            G::MIN_PLAYERS,
            G::MAX_PLAYERS
        )));
    }
    if let Some(f) = first {
        if f >= players {
            return Err(ConfigError(format!(
                "the first seat must be one of 0 to {} (there are {players} players), not {f}",
                players - 1
            )));
        }
    }
    let mut options = options.clone();
    G::normalize_options(&mut options);
    options.check(G::TITLE, G::option_specs())?;
    options.check_players(players, G::option_specs())?;
    G::make_config(players, first, &options)
}

/// A position or record file whose game cannot be told.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FileGameError {
    /// Not JSON.
    #[error("not a valid JSON file: {0}")]
    NotJson(String),
    /// No `game` field.
    #[error("the `game` field is missing")]
    NoGame,
    /// A game this program does not know.
    #[error(transparent)]
    Unknown(#[from] UnknownGame),
}

/// Which game a position or record file (JSON with a `game` field) holds.
pub fn game_of_file(text: &str) -> Result<&'static str, FileGameError> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| FileGameError::NotJson(e.to_string()))?;
    let name = value
        .get("game")
        .and_then(|g| g.as_str())
        .ok_or(FileGameError::NoGame)?;
    IDS.iter()
        .copied()
        .find(|id| *id == name)
        .ok_or_else(|| FileGameError::Unknown(UnknownGame::new(name)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardroom_engine::OptionValue;

    struct NewGame {
        players: usize,
        options: Options,
    }

    impl Visitor for NewGame {
        type Output = Result<usize, ConfigError>;
        fn visit<G: Playable>(self) -> Self::Output {
            let config = make_config::<G>(self.players, None, &self.options)?;
            let game = G::new(&config, 1)?;
            Ok(game.num_players())
        }
    }

    #[test]
    fn every_game_is_listed_with_its_players_and_options() {
        let games = list();
        assert_eq!(games.len(), IDS.len());
        for g in &games {
            assert!(
                g.min_players >= 2 && g.min_players <= g.max_players,
                "{g:?}"
            );
            assert!(!g.title.is_empty());
            assert_eq!(g.seat_names.len(), g.max_players);
            assert!(g.bots.contains(&"heuristic"));
            for p in g.min_players..=g.max_players {
                let out = visit(
                    g.id,
                    NewGame {
                        players: p,
                        options: Options::new(),
                    },
                )
                .unwrap();
                assert_eq!(out.unwrap(), p);
            }
        }
    }

    #[test]
    fn unknown_games_players_and_options_are_refused_with_what_is_accepted() {
        let e = info("chess").unwrap_err().to_string();
        assert!(
            e.contains("chess") && e.contains("big-boss, big-shot"),
            "{e}"
        );
        for g in list() {
            let e = visit(
                g.id,
                NewGame {
                    players: g.max_players + 1,
                    options: Options::new(),
                },
            )
            .unwrap()
            .unwrap_err()
            .to_string();
            assert!(e.contains(&g.max_players.to_string()), "{e}");
            let e = visit(
                g.id,
                NewGame {
                    players: g.min_players,
                    options: Options::new().with("no_such_option", OptionValue::Flag(true)),
                },
            )
            .unwrap()
            .unwrap_err()
            .to_string();
            assert!(e.contains("no_such_option"), "{e}");
        }
    }

    #[test]
    fn options_are_read_in_the_game_own_words_before_the_check() {
        use boardroom_bigboss::{BigBoss, Edition};
        for (given, edition) in [
            ("classic", Edition::Classic),
            ("Classic", Edition::Classic),
            ("1994", Edition::Classic),
            ("MODERN", Edition::Modern),
            ("2023", Edition::Modern),
        ] {
            let options = Options::new().with("edition", OptionValue::Text(given.into()));
            let config = make_config::<BigBoss>(3, None, &options).unwrap();
            assert_eq!(config.edition, edition, "{given}");
        }
        let options = Options::new().with("edition", OptionValue::Text("future".into()));
        let e = make_config::<BigBoss>(3, None, &options)
            .unwrap_err()
            .to_string();
        assert!(e.contains("future") && e.contains("modern, classic"), "{e}");
    }

    #[test]
    fn bots_without_dealing_timers_and_options_by_player_count_follow_the_game() {
        for g in list() {
            let dealing = g.id == "the-boss";
            assert_eq!(g.bots.contains(&"heuristic-nodeal"), dealing, "{}", g.id);
            assert_eq!(g.timers, dealing, "{}", g.id);
        }
        let cap = Options::new().with("two_player_share_cap", OptionValue::Flag(true));
        let spec = info("the-boss")
            .unwrap()
            .options
            .iter()
            .find(|o| o.name == "two_player_share_cap")
            .copied()
            .unwrap();
        assert_eq!(spec.players, Some((2, 2)));
        make_config::<boardroom_theboss::TheBoss>(2, None, &cap).unwrap();
        let e = make_config::<boardroom_theboss::TheBoss>(3, None, &cap)
            .unwrap_err()
            .to_string();
        assert!(
            e.ends_with("option `two_player_share_cap` is for 2 players, not 3"),
            "{e}"
        );
        let off = Options::new().with("two_player_share_cap", OptionValue::Flag(false));
        make_config::<boardroom_theboss::TheBoss>(4, None, &off).unwrap();
    }

    #[test]
    fn files_name_their_game() {
        assert_eq!(
            game_of_file(r#"{"game":"big-shot","x":1}"#).unwrap(),
            "big-shot"
        );
        assert_eq!(game_of_file("{}").unwrap_err(), FileGameError::NoGame);
        assert!(matches!(game_of_file("{"), Err(FileGameError::NotJson(_))));
        let e = game_of_file(r#"{"game":"go"}"#).unwrap_err().to_string();
        assert!(e.contains("unknown game `go`"), "{e}");
    }

    #[test]
    fn level_notes_name_offered_levels_and_every_game_has_a_gauntlet() {
        for g in list() {
            for (level, note) in &g.bot_notes {
                assert!(g.bots.contains(level), "{}: note for {level}", g.id);
                assert!(!note.is_empty() && note.len() < 100, "{}: {note}", g.id);
            }
            let policies = policies(g.id).unwrap();
            assert!(policies.iter().any(|p| p == "lowest-id"), "{policies:?}");
        }
        assert!(!info("big-boss").unwrap().bot_notes.is_empty());
        assert!(policies("chess").is_err());
    }
}
