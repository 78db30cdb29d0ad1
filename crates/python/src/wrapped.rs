//! [`Wrapped`]: a game of one type behind [`DynGame`], with the buffers the interface reuses
//! (the legal list, the events, the encoding's memo); every method of the interface is written
//! here once for every [`Playable`] game.

use crate::dyngame::{ActionInfo, DynBot, DynGame};
use crate::error::{Error, Kind, Result};
use crate::prefetch::prefetch_value;
use crate::shape::{shape_of, Shape};
use boardroom_engine::rng;
use boardroom_engine::{EncodeMemo, Outcome, Seat, SeatSet, Viewer};
use boardroom_i18n::ENGLISH;
use boardroom_registry::{make_config, Playable};
use std::any::Any;
use std::sync::Arc;

/// A game of type `G` with the buffers the interface reuses.
pub struct Wrapped<G: Playable> {
    /// The game.
    pub game: G,
    pub(crate) legal: Vec<G::Action>,
    pub(crate) legal_of: Option<Seat>,
    events: Exclusive<Vec<G::Event>>,
    pub(crate) shape: Arc<Shape>,
    /// What the game remembers of the buffer [`DynGame::encode_update`] last wrote (empty
    /// before the first call and after a reset).
    memo: EncodeMemo,
    /// Whether action indices name the fixed action space (else the legal list).
    pub(crate) fixed: bool,
    /// Whether the game's own encoding starts with its `overflow` count (The Boss's), read
    /// from the shape once rather than at every update.
    counts_overflow: bool,
}

/// A value reached only through `&mut` (events need not be `Sync`; the Python classes must be).
struct Exclusive<T>(T);

// SAFETY: `Exclusive` gives no access to its value through a shared reference, so sharing a
// `&Exclusive<T>` between threads shares nothing.
unsafe impl<T: Send> Sync for Exclusive<T> {}

impl<T> Exclusive<T> {
    fn get_mut(&mut self) -> &mut T {
        &mut self.0
    }
}

impl<G: Playable> Clone for Wrapped<G> {
    fn clone(&self) -> Self {
        Wrapped::with_shape(self.game.clone(), self.shape.clone(), self.fixed)
    }
}

impl<G: Playable> Wrapped<G> {
    /// A game with its measured shape, indexing actions in the fixed space when `fixed` (and
    /// the game has one).
    pub fn from_parts(game: G, shape: Arc<Shape>, fixed: bool) -> Self {
        Self::with_shape(game, shape, fixed)
    }

    fn with_shape(game: G, shape: Arc<Shape>, fixed: bool) -> Self {
        Wrapped {
            game,
            legal: Vec::with_capacity(64),
            legal_of: None,
            events: Exclusive(Vec::with_capacity(16)),
            fixed: fixed && shape.fixed_actions.is_some(),
            counts_overflow: matches!(shape.encoded.as_deref(), Some([first, ..]) if first == "overflow"),
            shape,
            memo: EncodeMemo::new(),
        }
    }

    /// A new game of `players` players with `options`, set up from `seed`.
    pub fn create(
        players: usize,
        first: Option<Seat>,
        options: &boardroom_engine::Options,
        seed: u64,
        max_actions: Option<usize>,
        fixed: bool,
    ) -> Result<Self> {
        let config = make_config::<G>(players, first, options)
            .map_err(|e| Error::new(Kind::Config, e.to_string()))?;
        let game = G::new(&config, seed).map_err(|e| Error::new(Kind::Config, e.to_string()))?;
        let mut shape = shape_of::<G>(&config);
        if fixed && shape.fixed_actions.is_none() {
            return Err(Error::new(
                Kind::Config,
                format!(
                    "{} has no fixed action space: use action_space=\"legal\"",
                    G::NAME
                ),
            ));
        }
        if let Some(m) = max_actions {
            if fixed {
                return Err(Error::new(
                    Kind::Config,
                    "max_actions bounds the legal-list action space: pass action_space=\"legal\" with it",
                ));
            }
            if m == 0 {
                return Err(Error::new(Kind::Config, "max_actions must be at least 1"));
            }
            shape = Arc::new(Shape {
                layout: shape.layout.clone(),
                encoded: shape.encoded.clone(),
                max_actions: m,
                longest_legal: shape.longest_legal,
                fixed_actions: shape.fixed_actions,
                fixed_version: shape.fixed_version,
                composite: shape.composite.clone(),
            });
        }
        Ok(Wrapped::with_shape(game, shape, fixed))
    }

    /// Fills the legal list of `seat` (kept until the state or the seat changes).
    pub(crate) fn fill(&mut self, seat: Seat) {
        if self.legal_of != Some(seat) {
            if self.game.to_act().contains(seat) {
                self.game.legal_actions(seat, &mut self.legal);
            } else {
                self.legal.clear();
            }
            self.legal_of = Some(seat);
        }
    }

    /// The legal list of `seat`.
    pub fn legal(&mut self, seat: Seat) -> &[G::Action] {
        self.fill(seat);
        &self.legal
    }

    /// The items a game's own encoding left out, when its first value is named `overflow`
    /// (The Boss's lists longer than their slots); else 0.
    fn own_overflow(&self, out: &[f32]) -> usize {
        match out.first() {
            Some(&v) if self.counts_overflow => v as usize,
            _ => 0,
        }
    }

    pub(crate) fn check_seat(&self, seat: Seat) -> Result<()> {
        let n = self.game.num_players();
        if seat >= n {
            return Err(Error::new(
                Kind::Seat,
                format!(
                    "seat {seat} does not exist: {} has seats 0 to {}",
                    G::TITLE,
                    n - 1
                ),
            ));
        }
        if !self.game.to_act().contains(seat) {
            let may: Vec<Seat> = self.game.to_act().iter().collect();
            return Err(Error::new(
                Kind::IllegalAction,
                if may.is_empty() {
                    format!("seat {seat} may not act: the game is over")
                } else {
                    format!("seat {seat} may not act now (seats that may act: {may:?})")
                },
            ));
        }
        Ok(())
    }

    /// Applies `action` for `seat` (checked by the game), returning the events' sentences.
    pub fn apply_action(&mut self, seat: Seat, action: G::Action) -> Result<Vec<String>> {
        let events = self.events.get_mut();
        events.clear();
        self.game
            .apply(seat, action, events)
            .map_err(|e| Error::new(Kind::IllegalAction, e.to_string()))?;
        self.legal_of = None;
        Ok(events
            .iter()
            .map(|e| G::describe(&G::redact(e, Viewer::Seat(seat)), ENGLISH))
            .collect())
    }

    fn apply_index_quiet(&mut self, seat: Seat, index: usize) -> Result<()> {
        self.events.get_mut().clear();
        let applied = if self.fixed {
            let action = self.action_at(seat, index)?;
            self.game.apply(seat, action, self.events.get_mut())
        } else {
            // The action is the listed one, taken out of the list (which the state's change
            // makes stale anyway) rather than copied, and applied as listed.
            self.fill(seat);
            if index >= self.legal.len() {
                return Err(self.bad_index(seat, index));
            }
            let action = self.legal.swap_remove(index);
            self.legal_of = None;
            self.game.apply_legal(seat, action, self.events.get_mut())
        };
        applied.map_err(|e| Error::new(Kind::IllegalAction, e.to_string()))?;
        self.legal_of = None;
        Ok(())
    }

    pub(crate) fn bad_index(&self, seat: Seat, index: usize) -> Error {
        Error::new(
            Kind::IllegalAction,
            format!(
                "action index {index} is not legal for seat {seat}: it has {} legal actions (indices 0 to {})",
                self.legal.len(),
                self.legal.len() as i64 - 1
            ),
        )
    }

    fn read(&mut self, seat: Seat, text: &str) -> Result<G::Action> {
        self.game
            .parse_action(text)
            .map_err(|e| Error::new(Kind::Notation, e.to_string()))
            .and_then(|a| {
                self.check_seat(seat)?;
                Ok(a)
            })
    }

    /// The action composite vector `fields` names for `seat` (see
    /// [`Encode::composite_action`](boardroom_engine::Encode::composite_action)).
    fn composite_action(&self, seat: Seat, fields: &[u32]) -> Result<G::Action> {
        if self.shape.composite.is_empty() {
            return Err(Error::new(
                Kind::IllegalAction,
                format!("{} has no composite action", G::NAME),
            ));
        }
        self.game
            .composite_action(seat, fields)
            .map_err(|e| Error::new(Kind::IllegalAction, e))
    }

    /// The index of `action` in the legal list of `seat`, if listed.
    pub fn index_of(&mut self, seat: Seat, action: &G::Action) -> Option<usize> {
        self.fill(seat);
        self.legal.iter().position(|a| a == action)
    }
}

impl<G: Playable> DynGame for Wrapped<G> {
    fn id(&self) -> &'static str {
        G::NAME
    }

    fn title(&self) -> &'static str {
        G::TITLE
    }

    fn config_json(&self) -> String {
        serde_json::to_string(&self.game.config()).unwrap_or_default()
    }

    fn num_players(&self) -> usize {
        self.game.num_players()
    }

    fn to_act(&self) -> SeatSet {
        self.game.to_act()
    }

    fn must_act(&self) -> SeatSet {
        self.game.must_act()
    }

    fn turn(&self) -> u32 {
        self.game.turn()
    }

    fn prompt(&self) -> String {
        self.game.prompt(ENGLISH)
    }

    fn draw(&self, viewer: Viewer) -> String {
        self.game.draw(viewer, false, ENGLISH)
    }

    fn shape(&self) -> &Arc<Shape> {
        &self.shape
    }

    fn fixed(&self) -> bool {
        self.fixed
    }

    fn num_actions(&self) -> usize {
        self.space_size()
    }

    fn set_space(&mut self, fixed: bool, max_actions: Option<usize>) -> Result<()> {
        self.set_action_space(fixed, max_actions)
    }

    fn legal_bound(&self) -> usize {
        self.shape.max_actions
    }

    fn rank(
        &mut self,
        seat: Seat,
        config: boardroom_bots::SearchConfig,
        seed: u64,
        prior: Option<(&[f32], f64)>,
    ) -> Result<Vec<crate::search::Ranked>> {
        self.ranked(seat, config, seed, prior)
    }

    fn write_mask(&mut self, seat: Seat, out: &mut [bool]) -> usize {
        self.mask_into(seat, out)
    }

    fn format_index(&mut self, seat: Seat, index: usize) -> Result<String> {
        self.check_seat(seat)?;
        let action = self.action_at(seat, index)?;
        self.game
            .check(seat, action.clone())
            .map_err(|e| Error::new(Kind::IllegalAction, e.to_string()))?;
        Ok(self.game.format_action(action))
    }

    fn num_legal(&mut self, seat: Seat) -> usize {
        self.fill(seat);
        self.legal.len()
    }

    fn num_legal_acting(&mut self, seat: Seat) -> usize {
        if self.legal_of != Some(seat) {
            self.game.legal_actions(seat, &mut self.legal);
            self.legal_of = Some(seat);
        }
        self.legal.len()
    }

    fn legal_infos(&mut self, seat: Seat) -> Vec<ActionInfo> {
        self.fill(seat);
        self.legal
            .iter()
            .enumerate()
            .map(|(position, a)| {
                let view = self.game.action_view(seat, a, ENGLISH);
                ActionInfo {
                    index: self.space_index(seat, position, a),
                    position,
                    notation: self.game.format_action(a.clone()),
                    label: view.label,
                    effect: view.effect,
                    cost: view.cost,
                    highlights: view.highlights,
                }
            })
            .collect()
    }

    fn legal_notations(&mut self, seat: Seat) -> Vec<String> {
        self.fill(seat);
        self.legal
            .iter()
            .map(|a| self.game.format_action(a.clone()))
            .collect()
    }

    fn apply_index(&mut self, seat: Seat, index: usize) -> Result<Vec<String>> {
        self.check_seat(seat)?;
        let action = self.action_at(seat, index)?;
        self.apply_action(seat, action)
    }

    fn apply_quiet(&mut self, seat: Seat, index: usize) -> Result<()> {
        self.apply_index_quiet(seat, index)
    }

    fn apply_notation(&mut self, seat: Seat, text: &str) -> Result<Vec<String>> {
        let action = self.read(seat, text)?;
        self.apply_action(seat, action)
    }

    fn composite_masks(&self, seat: Seat, out: &mut [bool]) {
        if seat < self.game.num_players() && self.game.to_act().contains(seat) {
            self.game.composite_masks(seat, out);
        } else {
            out.fill(false);
        }
    }

    fn composite_notation(&self, seat: Seat, fields: &[u32]) -> Result<String> {
        self.composite_action(seat, fields)
            .map(|a| self.game.format_action(a))
    }

    fn apply_composite(&mut self, seat: Seat, fields: &[u32], quiet: bool) -> Result<Vec<String>> {
        self.check_seat(seat)?;
        let action = self.composite_action(seat, fields)?;
        if quiet {
            self.events.get_mut().clear();
            self.game
                .apply(seat, action, self.events.get_mut())
                .map_err(|e| Error::new(Kind::IllegalAction, e.to_string()))?;
            self.legal_of = None;
            Ok(Vec::new())
        } else {
            self.apply_action(seat, action)
        }
    }

    fn check_composite(&self, seat: Seat, fields: &[u32]) -> Result<()> {
        self.check_seat(seat)?;
        let action = self.composite_action(seat, fields)?;
        self.game
            .check(seat, action)
            .map_err(|e| Error::new(Kind::IllegalAction, e.to_string()))
    }

    fn composite_of(&mut self, seat: Seat, text: &str) -> Result<Option<Vec<u32>>> {
        let action = self.read(seat, text)?;
        Ok(self.game.composite_of(seat, &action))
    }

    fn parse(&mut self, seat: Seat, text: &str) -> Result<(Option<usize>, String)> {
        let action = self
            .game
            .parse_action(text)
            .map_err(|e| Error::new(Kind::Notation, e.to_string()))?;
        let notation = self.game.format_action(action.clone());
        if seat >= self.game.num_players() {
            return Err(Error::new(
                Kind::Seat,
                format!("seat {seat} does not exist"),
            ));
        }
        Ok((self.mode_index(seat, &action), notation))
    }

    fn check(&mut self, seat: Seat, text: &str) -> Result<()> {
        let action = self.read(seat, text)?;
        self.game
            .check(seat, action)
            .map_err(|e| Error::new(Kind::IllegalAction, e.to_string()))
    }

    fn observation_json(&self, viewer: Viewer) -> String {
        serde_json::to_string(&self.game.observe(viewer)).unwrap_or_else(|_| "null".into())
    }

    fn encode(&self, viewer: Viewer, out: &mut [f32]) -> usize {
        if self.shape.encoded.is_some() {
            // The game's encoding writes every value, or refuses a wrong length (zeroed).
            if self.game.encode(viewer, out) {
                self.own_overflow(out)
            } else {
                out.len()
            }
        } else {
            self.encode_generic(viewer, out)
        }
    }

    fn encode_update(&mut self, viewer: Viewer, out: &mut [f32]) -> usize {
        if self.shape.encoded.is_none() {
            return self.encode_generic(viewer, out);
        }
        // The game's encoding writes every value, or refuses a wrong length (zeroed).
        if self.game.encode_update(viewer, out, &mut self.memo) {
            self.own_overflow(out)
        } else {
            out.len()
        }
    }

    fn prefetch(&self) {
        prefetch_value(self);
        prefetch_value(self.legal.as_slice());
        if let Some(memo) = self.memo.held() {
            prefetch_value(memo);
        }
    }

    fn encode_generic(&self, viewer: Viewer, out: &mut [f32]) -> usize {
        self.shape
            .layout
            .encode_serialize(&self.game.observe(viewer), out)
    }

    fn encode_via_json(&self, viewer: Viewer, out: &mut [f32]) -> usize {
        match serde_json::to_value(self.game.observe(viewer)) {
            Ok(value) => self.shape.layout.encode(&value, out),
            Err(_) => {
                out.fill(0.0);
                0
            }
        }
    }

    fn sample_hidden(&self, viewer: Viewer, seed: u64) -> Box<dyn DynGame> {
        let mut r = rng::from_seed(seed);
        Box::new(Wrapped::with_shape(
            self.game.sample_hidden(viewer, &mut r),
            self.shape.clone(),
            self.fixed,
        ))
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    fn clone_box(&self) -> Box<dyn DynGame> {
        Box::new(self.clone())
    }

    fn position_json(&self) -> String {
        serde_json::to_string(&self.game.to_position()).unwrap_or_default()
    }

    fn load_position(&self, text: &str) -> Result<Box<dyn DynGame>> {
        let position: G::Position = boardroom_engine::position::parse(text)
            .map_err(|e| Error::new(Kind::Position, e.to_string()))?;
        let game =
            G::from_position(&position).map_err(|e| Error::new(Kind::Position, e.to_string()))?;
        let shape = if game.config() == self.game.config() {
            self.shape.clone()
        } else {
            shape_of::<G>(&game.config())
        };
        Ok(Box::new(Wrapped::with_shape(game, shape, self.fixed)))
    }

    fn reset(&mut self, seed: u64) -> Result<()> {
        self.game = G::new(&self.game.config(), seed)
            .map_err(|e| Error::new(Kind::Config, e.to_string()))?;
        self.legal_of = None;
        self.memo.clear();
        Ok(())
    }

    fn make_bot(&self, name: &str, seed: u64) -> Result<Box<dyn DynBot>> {
        use boardroom_bots::gauntlet;
        // A level or search by its name, else a policy of the gauntlet (`first`, `lowest-id`,
        // `script:NAME`…): the fixed simple lines a learner is measured against.
        let bot = match boardroom_bots::make_bot::<G>(name, seed) {
            Ok(bot) => bot,
            Err(_) if gauntlet::is_policy::<G>(name) => gauntlet::make_policy::<G>(name, seed)
                .map_err(|e| Error::new(Kind::Bot, e.to_string()))?,
            Err(e) => {
                return Err(Error::new(
                    Kind::Bot,
                    format!(
                        "{e}; or a policy of the gauntlet: {}",
                        gauntlet::policy_names::<G>().join(", ")
                    ),
                ))
            }
        };
        Ok(Box::new(crate::dynbot::BotOf::<G>::new(
            bot,
            name.trim().to_ascii_lowercase(),
        )))
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}
