//! # boardroom-bigboss
//!
//! Wolfgang Kramer's Big Boss, complete, in both rule sets: **Modern** (the 2023 edition) and
//! **Classic** (the 1994 edition), for 2 to 6 players. The rules follow the project's Big Boss
//! rules file; `docs/big-boss.md` summarises them and lists every decision.
//!
//! ```
//! use boardroom_bigboss::{BigBoss, Config, Edition};
//! use boardroom_engine::Game;
//!
//! let mut game = BigBoss::new(&Config::new(Edition::Modern, 4), 7).unwrap();
//! let seat = game.to_act().first().unwrap();
//! let action = game.parse_action("buy deck").unwrap();
//! let events = game.play(seat, action).unwrap();
//! assert!(!events.is_empty());
//! ```
//!
//! Modules: [`board`] (the loop), [`card`], [`company`], [`edition`] (the data in which the
//! editions differ), [`action`] (actions and notation), [`rules`] (legality and effects),
//! [`score`], [`observe`] (observations and hidden-information sampling), [`position`] (the
//! JSON position format), [`event`], [`error`], [`evaluate`] (what a position is worth, for the
//! bots), [`present`] (what people are shown, and table options) and [`terminal`] (the table
//! drawn for a terminal).

pub mod action;
pub mod action_space;
pub mod board;
pub mod card;
pub mod company;
pub mod describe;
mod draw;
pub mod edition;
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

pub use action::Action;
pub use card::Card;
pub use company::CompanyId;
pub use edition::Edition;
pub use error::RuleError;
pub use event::{EndReason, Event};
pub use observe::Observation;
pub use position::Position;
pub use state::{BigBoss, Config, Phase};

use boardroom_engine::{
    ConfigError, Game, NotationError, Outcome, PositionError, Seat, SeatSet, Viewer,
};
use rand::{Rng, RngCore};

impl Game for BigBoss {
    type Config = Config;
    type Action = Action;
    type Event = Event;
    type Observation = Observation;
    type Position = Position;
    type Error = RuleError;

    const NAME: &'static str = position::GAME_NAME;

    fn new(config: &Config, seed: u64) -> Result<Self, ConfigError> {
        BigBoss::new_game(config, seed)
    }

    fn config(&self) -> Config {
        BigBoss::config(self)
    }

    fn num_players(&self) -> usize {
        self.n as usize
    }

    #[inline]
    fn to_act(&self) -> SeatSet {
        if matches!(self.phase, Phase::Over { .. }) {
            SeatSet::EMPTY
        } else {
            SeatSet::single(self.current as Seat)
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
        BigBoss::apply_random(self, seat, rng, actions, events, before)
    }

    #[inline]
    fn action_key(&self, action: &Action) -> Option<u32> {
        Some(action.key())
    }

    fn sample_hidden(&self, viewer: Viewer, rng: &mut dyn RngCore) -> Self {
        self.sample(viewer, rng)
    }

    fn sample_hidden_with<R: RngCore>(&self, viewer: Viewer, rng: &mut R) -> Self {
        self.sample(viewer, rng)
    }

    fn sampler<R: RngCore>(&self, viewer: Viewer) -> impl FnMut(&mut R) -> Self + '_ {
        let pool = self.hidden_pool(viewer);
        move |rng: &mut R| pool.deal(rng)
    }

    fn outcome(&self) -> Option<Outcome> {
        matches!(self.phase, Phase::Over { .. }).then(|| self.ranking())
    }

    fn parse_action(&self, text: &str) -> Result<Action, NotationError> {
        text.parse()
    }

    fn format_action(&self, action: Action) -> String {
        action.to_string()
    }

    /// Buying from the deck draws its top card, and buying from the row refills the row from
    /// the deck: both show the buyer a card nobody knew. Nothing else is hidden or left to
    /// chance after set-up.
    fn reveals(&self, _seat: Seat, action: &Action) -> bool {
        matches!(action, Action::BuyDeck | Action::BuyRow(_))
    }

    fn to_position(&self) -> Position {
        self.position()
    }

    fn from_position(position: &Position) -> Result<Self, PositionError> {
        BigBoss::from_position(position)
    }
}
