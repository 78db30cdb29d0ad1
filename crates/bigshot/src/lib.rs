//! # boardroom-bigshot
//!
//! Alex Randolph's Big Shot, complete: 18 rounds of die roll, broker move and auction, loans,
//! cube placement with the tie-cancelling ownership rule, parks, and scoring; for 4 players,
//! 3 players with the neutral colour, 2 players with two colours each, and the hidden-money
//! variant. The board is data (`data/board.json`; another board can be given in the config).
//! The rules follow the project's Big Shot rules file; `docs/big-shot.md` lists every decision.
//!
//! ```
//! use boardroom_bigshot::{BigShot, Config};
//! use boardroom_engine::Game;
//!
//! let mut game = BigShot::new(&Config::new(4), 7).unwrap();
//! let seat = game.to_act().first().unwrap();
//! let action = game.parse_action("roll").unwrap();
//! let events = game.play(seat, action).unwrap();
//! assert!(!events.is_empty());
//! ```
//!
//! Modules: [`board`] (the city as data), [`colour`] (cube colours and seats), [`state`],
//! [`action`] (actions and notation), [`rules`] (legality and effects), [`score`], [`observe`]
//! (observations and hidden-information sampling), [`position`] (the JSON position format),
//! [`event`], [`describe`], [`error`], [`evaluate`] (what a position is worth to the bots),
//! [`present`] (how the game is shown and set up: `Present` and `Configure`), [`terminal`]
//! (the table drawn for a terminal).

#![warn(missing_docs)]

pub mod action;
pub mod action_space;
pub mod board;
pub mod colour;
pub mod describe;
pub mod encode;
pub mod error;
pub mod evaluate;
pub mod event;
pub mod observe;
pub mod position;
pub mod present;
pub mod rules;
pub mod score;
pub mod scripts;
pub mod state;
pub mod terminal;
pub mod words;

pub use action::{Action, ParsedAction};
pub use board::{Board, BoardError, BoardSpec};
pub use colour::Colour;
pub use error::RuleError;
pub use event::Event;
pub use observe::Observation;
pub use position::Position;
pub use state::{BigShot, Config, Phase};

use boardroom_engine::{
    ConfigError, Game, NotationError, Outcome, PositionError, Seat, SeatSet, Viewer,
};
use rand::{Rng, RngCore};

impl Game for BigShot {
    type Config = Config;
    type Action = Action;
    type Event = Event;
    type Observation = Observation;
    type Position = Position;
    type Error = RuleError;

    const NAME: &'static str = position::GAME_NAME;

    fn new(config: &Config, seed: u64) -> Result<Self, ConfigError> {
        BigShot::new_game(config, seed)
    }

    fn config(&self) -> Config {
        BigShot::config(self).clone()
    }

    fn num_players(&self) -> usize {
        self.n as usize
    }

    #[inline]
    fn to_act(&self) -> SeatSet {
        match self.actor() {
            Some(s) => SeatSet::single(s),
            None => SeatSet::EMPTY,
        }
    }

    #[inline]
    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        self.legal_into(seat, out)
    }

    fn check(&self, seat: Seat, action: Action) -> Result<(), RuleError> {
        self.check_action(seat, action)
    }

    #[inline]
    fn apply(
        &mut self,
        seat: Seat,
        action: Action,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        self.apply_action(seat, action, events)
    }

    fn observe(&self, viewer: Viewer) -> Observation {
        self.observation(viewer)
    }

    fn redact(event: &Event, viewer: Viewer) -> Event {
        event.redacted(viewer)
    }

    #[inline]
    fn apply_random_with<R, F>(
        &mut self,
        seat: Seat,
        rng: &mut R,
        actions: &mut Vec<Action>,
        events: &mut Vec<Event>,
        before: F,
    ) -> bool
    where
        R: Rng + ?Sized,
        F: FnOnce(&Self, &Action),
    {
        BigShot::apply_random(self, seat, rng, actions, events, before)
    }

    #[inline]
    fn action_key(&self, action: &Action) -> Option<u32> {
        action.key()
    }

    fn sample_hidden(&self, viewer: Viewer, rng: &mut dyn RngCore) -> Self {
        self.sample(viewer, rng)
    }

    fn sample_hidden_with<R: RngCore>(&self, viewer: Viewer, rng: &mut R) -> Self {
        self.sample(viewer, rng)
    }

    fn outcome(&self) -> Option<Outcome> {
        matches!(self.phase, Phase::Over).then(|| self.ranking())
    }

    /// Reads notation; `loan` alone means the acting seat's colour when it has only one.
    fn parse_action(&self, text: &str) -> Result<Action, NotationError> {
        match Action::parse(text, &self.board)? {
            ParsedAction::Action(a) => Ok(a),
            ParsedAction::LoanOwnColour => match self.actor().map(|s| self.colours_of(s)) {
                Some([c]) => Ok(Action::Loan(*c)),
                _ => Err(NotationError::new(
                    text,
                    "name the colour that borrows, e.g. `loan red`",
                )),
            },
        }
    }

    fn format_action(&self, action: Action) -> String {
        action.write(&self.board)
    }

    /// Rolling the die is the game's only chance; in the hidden-money variant the action that
    /// ends the game also shows every seat's coins. Nothing else shows a seat what it did not
    /// know.
    fn reveals(&self, seat: Seat, action: &Action) -> bool {
        if matches!(action, Action::Roll) {
            return true;
        }
        if !self.hidden_money() {
            return false;
        }
        let mut after = self.clone();
        let mut events = Vec::new();
        after.apply(seat, *action, &mut events).is_ok() && after.is_over()
    }

    fn to_position(&self) -> Position {
        self.position()
    }

    fn from_position(position: &Position) -> Result<Self, PositionError> {
        BigShot::from_position(position)
    }
}
