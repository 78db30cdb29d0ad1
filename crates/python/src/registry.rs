//! Reaching the registry's games: creating a [`DynGame`] from a game id, and loading one from a
//! position file, through the registry's [`Visitor`].

use crate::dyngame::{DynGame, Wrapped};
use crate::error::{Error, Kind, Result};
use boardroom_engine::{Options, Seat};
use boardroom_registry::{game_of_file, visit, FileGameError, Playable, Visitor};

/// What a new game is made of.
pub struct NewGame {
    /// Seats (`None`: the game's fewest).
    pub players: Option<usize>,
    /// The first seat (`None`: drawn from the seed).
    pub first: Option<Seat>,
    /// Table options.
    pub options: Options,
    /// The set-up seed.
    pub seed: u64,
    /// The size of the legal-list action space (`None`: measured, see `shape.rs`).
    pub max_actions: Option<usize>,
    /// Whether action indices name the game's fixed action space (else the legal list).
    pub fixed: bool,
}

impl Visitor for NewGame {
    type Output = Result<Box<dyn DynGame>>;
    fn visit<G: Playable>(self) -> Self::Output {
        let players = self.players.unwrap_or(G::MIN_PLAYERS);
        Ok(Box::new(Wrapped::<G>::create(
            players,
            self.first,
            &self.options,
            self.seed,
            self.max_actions,
            self.fixed,
        )?))
    }
}

/// Creates game `id` (an unknown id is refused with the list of games).
pub fn create(id: &str, new: NewGame) -> Result<Box<dyn DynGame>> {
    visit(id, new).map_err(|e| Error::new(Kind::UnknownGame, e.to_string()))?
}

struct Load<'a>(&'a str);

impl Visitor for Load<'_> {
    type Output = Result<Box<dyn DynGame>>;
    fn visit<G: Playable>(self) -> Self::Output {
        let position: G::Position = boardroom_engine::position::parse(self.0)
            .map_err(|e| Error::new(Kind::Position, e.to_string()))?;
        let game =
            G::from_position(&position).map_err(|e| Error::new(Kind::Position, e.to_string()))?;
        let shape = crate::shape::shape_of::<G>(&game.config());
        let fixed = shape.fixed_actions.is_some();
        Ok(Box::new(Wrapped::from_parts(game, shape, fixed)))
    }
}

/// Loads a position file of any registered game (its `game` field names the game).
pub fn load(text: &str) -> Result<Box<dyn DynGame>> {
    let id = game_of_file(text).map_err(|e| match e {
        FileGameError::Unknown(u) => Error::new(Kind::UnknownGame, u.to_string()),
        FileGameError::NoGame => Error::new(
            Kind::Position,
            "invalid position: game: the `game` field is missing",
        ),
        other => Error::new(Kind::Position, format!("invalid position: {other}")),
    })?;
    visit(id, Load(text)).map_err(|e| Error::new(Kind::UnknownGame, e.to_string()))?
}
