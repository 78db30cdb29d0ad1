//! # boardroom-theboss
//!
//! The Boss: a career-and-stock game of wheeling and dealing for 2–4 players, as the project's
//! rules file describes it (`docs/the-boss.md` lists every rule and decision with its id).
//! Pure rules: no I/O, no clocks, no global randomness; the decks are shuffled from the seed at
//! set-up and their order stays hidden.
//!
//! ```
//! use boardroom_engine::Game;
//! use boardroom_theboss::{Config, TheBoss};
//!
//! let mut game = TheBoss::new(&Config::new(3), 7).unwrap();
//! let seat = game.must_act().first().unwrap();
//! for text in ["end", "draw experience"] {
//!     let action = game.parse_action(text).unwrap();
//!     game.play(seat, action).unwrap();
//! }
//! assert_ne!(game.active(), seat);
//! let mut candidates = Vec::new();
//! game.legal_actions(game.active(), &mut candidates);
//! assert!(!candidates.is_empty());
//! ```
//!
//! Modules: [`data`] (the data file), [`state`], [`action`] (actions and offers),
//! [`encode`] (the numeric observation for learning code), [`action_space`] and
//! [`offer_space`] (its fixed action space, with an offer builder), [`legality`] (every action's
//! check, written once: the rule broken and why, or a yes or no),
//! [`rules`] (check and apply, the dispatch by phase), [`steps`] (the active player's steps:
//! moving, Fate cards, firing, the draw), [`turn`] (the turn's start and end, mandatory
//! auctions, wins), [`offer`] (wheeling and dealing, escrow), [`auction`], [`meeting`],
//! [`actors`] (who may and who must act), [`candidates`] (a bounded set of sensible actions
//! for bots and playouts), [`draw`] (one of them drawn at random without checking them all),
//! [`notation`],
//! [`observe`], [`position`], [`score`], [`event`], [`error`]; for people: [`describe`] (events
//! and offers in words), [`present`] (`Present`, `Configure`), [`terminal`] (the table drawn for
//! a terminal); for the bots: [`bot`] (the reference bot and its valuation, §9.8), [`evaluate`]
//! (what a position is worth, and the hooks through which the bots reach [`bot`]).

#![warn(missing_docs)]

pub mod action;
pub mod action_space;
pub mod actors;
pub mod auction;
pub mod bot;
pub mod candidates;
pub mod clock;
pub mod data;
pub mod describe;
pub mod draw;
pub mod encode;
pub mod error;
pub mod evaluate;
pub mod event;
mod json;
pub mod legality;
pub mod meeting;
pub mod names;
pub mod notation;
pub mod observe;
pub mod offer;
pub mod offer_fields;
pub mod offer_space;
pub mod people;
pub mod position;
pub mod present;
pub mod rules;
pub mod score;
pub mod scripts;
pub mod state;
pub mod steps;
pub mod terminal;
pub mod turn;
pub mod words;

pub use action::{
    Action, Bundle, Commitment, Deck, Deliverable, LongTerm, Lot, Offer, Promise, Timeout, Vote,
};
pub use data::{Data, DataError};
pub use error::RuleError;
pub use event::Event;
pub use state::{Config, Ending, Step, TheBoss};

pub use observe::Observation;
pub use position::Position;

use boardroom_engine::{
    ConfigError, Game, NotationError, Outcome, PositionError, Seat, SeatSet, Timer, Viewer, CLOCK,
};
use rand::{Rng, RngCore};

impl Game for TheBoss {
    /// Revision 2: FireTarget's Fire card stays with its holder (R-30), a served Financial
    /// Disaster no longer blocks dealing (§5.4), severance tested after the deal's transfers
    /// (§9.2), NotFire only on a legal target, a standing lobbying pass is not passed again
    /// (R-31), offers checked in full when made, players who passed still deal (§9.1), and the
    /// data file's values bounded. Revision 3: a voter who has declared may still buy another
    /// voter's vote (R-33), and an acceptance voided by its check leaves standing lobbying
    /// passes as they stood (R-34). Games stored under revision 2 keep replaying, and going
    /// on, under its rules ([`Game::new_under`]).
    const RULES_REVISION: u32 = 3;

    type Config = Config;
    type Action = Action;
    type Event = Event;
    type Observation = Observation;
    type Position = Position;
    type Error = RuleError;

    const NAME: &'static str = position::GAME_NAME;

    /// The §9.7 timers of live tables ([`clock`]).
    const HAS_TIMERS: bool = true;

    fn new(config: &Config, seed: u64) -> Result<Self, ConfigError> {
        TheBoss::new_game(config, seed)
    }

    /// Revision 2 (without R-33 and R-34) is still played for the games stored under it.
    fn replays_revision(revision: u32) -> bool {
        revision == 2 || revision == Self::RULES_REVISION
    }

    fn new_under(config: &Config, seed: u64, revision: u32) -> Result<Self, ConfigError> {
        TheBoss::new_under_revision(config, seed, revision)
    }

    fn config(&self) -> Config {
        TheBoss::config(self).clone()
    }

    fn num_players(&self) -> usize {
        TheBoss::num_players(self)
    }

    fn to_act(&self) -> SeatSet {
        self.may_act()
    }

    fn must_act(&self) -> SeatSet {
        TheBoss::must_act(self)
    }

    /// Players who passed on the open floor and have only optional actions left (an auction,
    /// showing their Fate card) are left out ([`TheBoss::playout_seats`]).
    fn playout_seats(&self) -> SeatSet {
        TheBoss::playout_seats(self)
    }

    /// The candidate actions (every enumerable step, bid and vote, and a bounded set of offers).
    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        self.candidates(seat, out)
    }

    /// The clock ([`CLOCK`]) may submit only the timeouts its running timers name; players
    /// never submit timeouts.
    fn check(&self, seat: Seat, action: Action) -> Result<(), RuleError> {
        if seat == CLOCK {
            return self.check_clock(&action);
        }
        TheBoss::refuse_player_timeout(seat, &action)?;
        self.check_action(seat, &action)
    }

    fn apply(
        &mut self,
        seat: Seat,
        action: Action,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        if seat == CLOCK {
            return self.apply_clock(&action, events);
        }
        TheBoss::refuse_player_timeout(seat, &action)?;
        self.apply_action(seat, &action, events)
    }

    /// Listed actions are legal: applied without checking them again, an offer moved into the
    /// state without a copy (the clock's actions go through [`Game::apply`]).
    fn apply_legal(
        &mut self,
        seat: Seat,
        action: Action,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        if seat == CLOCK {
            return Game::apply(self, seat, action, events);
        }
        self.apply_listed(seat, action, events);
        Ok(())
    }

    /// Draws uniformly among the candidates, as the default does, but by rejection
    /// ([`TheBoss::draw_candidate`]: most draws check one candidate, not the whole list), so
    /// the generator is advanced otherwise than by listing; the drawn action is applied in
    /// place without checking it again or copying it.
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
        let Some(action) = self.draw_candidate(seat, rng, actions) else {
            return false;
        };
        before(self, &action);
        self.apply_listed(seat, action, events);
        true
    }

    fn observe(&self, viewer: Viewer) -> Observation {
        self.observation(viewer)
    }

    fn redact(event: &Event, viewer: Viewer) -> Event {
        event.redacted(viewer)
    }

    fn sample_hidden(&self, viewer: Viewer, rng: &mut dyn RngCore) -> Self {
        self.sample(viewer, rng)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.ranking()
    }

    /// Reads notation; a counter-offer goes back to the maker of the offer it counters.
    fn parse_action(&self, text: &str) -> Result<Action, NotationError> {
        let mut a = notation::parse(&self.data, self.round, text)?;
        if let Action::Counter(id, o) = &mut a {
            match self.offers.iter().find(|p| p.id == *id) {
                Some(p) => o.to = p.from,
                None => {
                    return Err(NotationError::new(
                        text,
                        format!("there is no open offer {id}"),
                    ))
                }
            }
        }
        Ok(a)
    }

    fn format_action(&self, action: Action) -> String {
        notation::write(&self.data, &action)
    }

    /// The §9.7 timers (see [`clock`]).
    fn timers(&self, out: &mut Vec<Timer<Action>>) {
        self.running_timers(out)
    }

    fn staleness_key(&self, action: &Action) -> Option<u64> {
        self.answer_key(action)
    }

    /// Reads the JSON form (`{"action": "offer", "args": {…}}`, as `serde` writes [`Action`]):
    /// every id, seat and text is checked against the data set and the table first (an error
    /// names the field's JSON path, e.g. `args.give.experience[0]`, and the valid range); the
    /// action then goes through the notation once, so what is played is exactly what is
    /// recorded (lists sorted, a counter-offer addressed to the maker of the offer it counters).
    fn action_from_json(&self, json: &str) -> Result<Action, NotationError> {
        json::read(self, json)
    }

    fn action_to_json(&self, action: &Action) -> Option<serde_json::Value> {
        serde_json::to_value(action).ok()
    }

    fn to_position(&self) -> Position {
        self.position()
    }

    fn from_position(position: &Position) -> Result<Self, PositionError> {
        TheBoss::from_position(position)
    }
}
