//! The gauntlet: fixed simple policies that every level must hold to its fair share.
//!
//! A level that beats the levels below it may still lose to a plain line nobody searched
//! against (hoard cards, never buy a share). The gauntlet names such lines as bots, so that a
//! benchmark (`boardroom gauntlet`) can play each of them against a level with the seats
//! rotated, and tests can play them on fixed seeds:
//!
//! * generic policies, for any game: `first` and `last` (the first and last of the seat's
//!   legal actions as [`boardroom_engine::Game::legal_actions`] lists them), `lowest-id` and `highest-id` (the
//!   legal action with the lowest and highest index of the game's fixed action space,
//!   [`Encode::action_index`]; an action the space does not cover is picked only when no
//!   legal action is covered),
//!   and `random` (uniform over the legal actions);
//! * each game's scripted strategies, `script:NAME` for every NAME of [`Evaluate::SCRIPTS`],
//!   played by [`Evaluate::scripted_action`] in the game's own crate.
//!
//! A policy is an ordinary [`Bot`] ([`make_policy`]). It acts when the game waits for its seat;
//! where the game lets a seat act without waiting for it (dealing), the generic policies do
//! nothing and a script does what [`Evaluate::scripted_action`] says.

use boardroom_engine::evaluate::Evaluate;
use boardroom_engine::rng::{self, GameRng};
use boardroom_engine::{Bot, Encode, Game, Seat};
use rand::Rng;
use thiserror::Error;

/// The generic policies, by name, in the order the gauntlet plays them.
pub const GENERIC_POLICIES: &[&str] = &["first", "last", "lowest-id", "highest-id", "random"];

/// The prefix of a game's scripted strategies in a policy name (`script:hoard`).
pub const SCRIPT_PREFIX: &str = "script:";

/// A policy name that could not be understood.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error("unknown policy `{name}` (policies: {known})")]
pub struct PolicyNameError {
    /// The name as given (at most 40 characters of it).
    pub name: String,
    /// The policies the game knows, comma-separated.
    pub known: String,
}

/// Every policy of the gauntlet for game `G`: the generic ones, then the game's scripts.
pub fn policy_names<G: Evaluate>() -> Vec<String> {
    GENERIC_POLICIES
        .iter()
        .map(|p| p.to_string())
        .chain(G::SCRIPTS.iter().map(|s| format!("{SCRIPT_PREFIX}{s}")))
        .collect()
}

/// Whether `name` is a policy of the gauntlet for game `G`.
pub fn is_policy<G: Evaluate>(name: &str) -> bool {
    kind_of::<G>(&name.trim().to_ascii_lowercase()).is_some()
}

/// What a policy does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    First,
    Last,
    LowestId,
    HighestId,
    Random,
    Script(&'static str),
}

fn kind_of<G: Evaluate>(name: &str) -> Option<Kind> {
    Some(match name {
        "first" => Kind::First,
        "last" => Kind::Last,
        "lowest-id" => Kind::LowestId,
        "highest-id" => Kind::HighestId,
        "random" => Kind::Random,
        other => {
            let script = other.strip_prefix(SCRIPT_PREFIX)?;
            Kind::Script(G::SCRIPTS.iter().copied().find(|s| *s == script)?)
        }
    })
}

/// Builds the policy called `name` (case-insensitive), seeded with `seed` (only `random` and
/// scripts that draw use it).
pub fn make_policy<G: Evaluate + Encode>(
    name: &str,
    seed: u64,
) -> Result<Box<dyn Bot<G>>, PolicyNameError> {
    let key = name.trim().to_ascii_lowercase();
    let kind = kind_of::<G>(&key).ok_or_else(|| PolicyNameError {
        name: name.chars().take(40).collect(),
        known: policy_names::<G>().join(", "),
    })?;
    Ok(Box::new(Policy::<G> {
        kind,
        name: key,
        rng: rng::from_seed(seed),
        legal: Vec::new(),
    }))
}

/// A fixed simple policy as a bot (see the module's documentation).
pub struct Policy<G: Evaluate> {
    kind: Kind,
    name: String,
    rng: GameRng,
    legal: Vec<G::Action>,
}

impl<G: Evaluate + Encode> Policy<G> {
    /// The index of the legal action the policy picks among `self.legal` (not empty).
    fn pick(&mut self, game: &G, seat: Seat) -> usize {
        let by_id = |a: &G::Action| game.action_index(seat, a).unwrap_or(usize::MAX);
        let n = self.legal.len();
        match self.kind {
            Kind::First | Kind::Script(_) => 0,
            Kind::Last => n - 1,
            // The first of equal keys: unindexed actions keep the listed order.
            Kind::LowestId => (0..n).min_by_key(|&i| by_id(&self.legal[i])).unwrap_or(0),
            Kind::HighestId => (0..n)
                .max_by_key(|&i| (game.action_index(seat, &self.legal[i]), n - i))
                .unwrap_or(0),
            Kind::Random => self.rng.gen_range(0..n),
        }
    }
}

impl<G: Evaluate + Encode> Bot<G> for Policy<G> {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, game: &G, seat: Seat) -> G::Action {
        if let Kind::Script(script) = self.kind {
            if let Some(a) = game.scripted_action(script, seat, &mut self.rng) {
                return a;
            }
        }
        game.legal_actions(seat, &mut self.legal);
        assert!(!self.legal.is_empty(), "seat {seat} has no legal action");
        let i = self.pick(game, seat);
        self.legal.swap_remove(i)
    }

    fn choose_optional(&mut self, game: &G, seat: Seat) -> Option<G::Action> {
        if game.must_act().contains(seat) {
            return Some(self.choose(game, seat));
        }
        match self.kind {
            Kind::Script(script) => game.scripted_action(script, seat, &mut self.rng),
            _ => None,
        }
    }
}

/// Why a game played by [`play_game`] could not be finished.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum PlayError {
    /// A bot chose an action the game refused.
    #[error("seat {seat} ({bot}) chose the illegal action {action}: {reason}")]
    Illegal {
        /// The seat.
        seat: Seat,
        /// The bot's name.
        bot: String,
        /// The action, as debug text.
        action: String,
        /// The game's reason.
        reason: String,
    },
    /// The game did not end within the allowed number of actions.
    #[error("the game did not end within {0} actions")]
    TooLong(usize),
}

/// Plays `game` to its end with `bots[s]` at seat `s`, as a table does: when several seats may
/// act, a generator seeded with `seed` picks which one goes next, and a seat the game does not
/// wait for is asked [`Bot::choose_optional`]. Every action is checked by the game; fails on
/// the first illegal action, or after `max_actions` actions without an end.
pub fn play_game<G: Game>(
    game: &mut G,
    bots: &mut [Box<dyn Bot<G>>],
    seed: u64,
    max_actions: usize,
) -> Result<(), PlayError> {
    let mut rng = rng::from_seed(seed);
    let mut events = Vec::new();
    let mut actions = 0;
    while let Some(seat) = game.to_act().choose(&mut rng) {
        let must = game.must_act();
        let action = if must.contains(seat) || must.is_empty() {
            bots[seat].choose(game, seat)
        } else {
            match bots[seat].choose_optional(game, seat) {
                Some(a) => a,
                None => continue,
            }
        };
        if actions == max_actions {
            return Err(PlayError::TooLong(max_actions));
        }
        actions += 1;
        events.clear();
        if let Err(e) = game.apply(seat, action.clone(), &mut events) {
            return Err(PlayError::Illegal {
                seat,
                bot: bots[seat].name().to_string(),
                action: format!("{action:?}"),
                reason: e.to_string(),
            });
        }
    }
    Ok(())
}
