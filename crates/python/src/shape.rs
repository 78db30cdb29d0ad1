//! The fixed sizes of a game and configuration for learning code: the observation's numeric
//! form — the game's own encoding ([`Encode`](boardroom_engine::Encode)) when it has one, else the generic [`Layout`] — and
//! the action space's size (`max_actions`). The layout and the action space are measured on
//! sample games played at random with fixed seeds, so they are the same in every run.

use crate::layout::{Layout, LayoutBuilder};
use boardroom_engine::rng;
use boardroom_engine::Viewer;
use boardroom_registry::Playable;
use rand::Rng;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// Sample games played at most to measure a configuration.
pub const SAMPLE_GAMES: u64 = 16;
/// Sample games are played until this many decisions in all (and at least [`MIN_GAMES`]
/// games), so games with long random playouts take fewer samples.
pub const SAMPLE_BUDGET: usize = 6_000;
/// Sample games played at least.
pub const MIN_GAMES: u64 = 3;
/// Every state of the first this many decisions of a sample game is observed; later ones
/// thin out (decision `t` is observed when `t % (1 + t / OBSERVE_EVERY) == 0`), so long games
/// cost little more than short ones.
pub const OBSERVE_EVERY: usize = 32;
/// Decisions at most per sample game.
pub const SAMPLE_DECISIONS: usize = 4_000;
/// The action space is the longest legal list seen in the samples times this, at least
/// [`MIN_ACTIONS`].
pub const ACTION_HEADROOM: usize = 2;
/// The smallest action space.
pub const MIN_ACTIONS: usize = 16;

/// The sizes of one game and configuration.
#[derive(Debug)]
pub struct Shape {
    /// The generic numeric form of the observation (used when the game has no encoding of its
    /// own).
    pub layout: Layout,
    /// The names of the values of the game's own encoding ([`Encode`](boardroom_engine::Encode)), when it has one: the
    /// observation arrays are then that encoding.
    pub encoded: Option<Arc<[String]>>,
    /// The action space: legal lists are indexed `0..max_actions`.
    pub max_actions: usize,
    /// The longest legal list seen in the samples.
    pub longest_legal: usize,
    /// The size of the game's fixed action space
    /// ([`Encode::action_space_size`](boardroom_engine::Encode::action_space_size)), when it
    /// has one.
    pub fixed_actions: Option<usize>,
    /// The version of the fixed numbering
    /// ([`Encode::action_space_version`](boardroom_engine::Encode::action_space_version)).
    pub fixed_version: u32,
    /// The fields of the game's composite action, names and numbers of values
    /// ([`Encode::composite_fields`](boardroom_engine::Encode::composite_fields)); empty when
    /// it has none.
    pub composite: Arc<[(String, usize)]>,
}

impl Shape {
    /// The length of an observation array: the game's own encoding's when it has one, else the
    /// generic layout's.
    pub fn observation_size(&self) -> usize {
        match &self.encoded {
            Some(names) => names.len(),
            None => self.layout.size(),
        }
    }
}

fn cache() -> &'static Mutex<HashMap<String, Arc<Shape>>> {
    static CACHE: OnceLock<Mutex<HashMap<String, Arc<Shape>>>> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(HashMap::new()))
}

/// The shape of game `G` with `config` (measured once per process and configuration).
pub fn shape_of<G: Playable>(config: &G::Config) -> Arc<Shape> {
    let key = format!(
        "{}|{}",
        G::NAME,
        serde_json::to_string(config).unwrap_or_default()
    );
    if let Some(s) = cache().lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return s.clone();
    }
    let shape = Arc::new(measure::<G>(config));
    cache()
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .entry(key)
        .or_insert(shape)
        .clone()
}

/// Plays the sample games: the observation of one viewer in turn (each seat, then a spectator)
/// of the states observed, every viewer's observation of the end, and every legal list of
/// every seat that may act.
fn measure<G: Playable>(config: &G::Config) -> Shape {
    let mut samples = LayoutBuilder::default();
    let mut longest = 0;
    let mut legal = Vec::new();
    let mut events = Vec::new();
    let mut spent = 0;
    for seed in 0..SAMPLE_GAMES {
        if seed >= MIN_GAMES && spent >= SAMPLE_BUDGET {
            break;
        }
        let Ok(mut game) = G::new(config, seed) else {
            continue;
        };
        let mut r = rng::from_seed(seed ^ 0x5eed_1a70_u64);
        let viewers: Vec<Viewer> = (0..game.num_players())
            .map(Viewer::Seat)
            .chain([Viewer::Spectator])
            .collect();
        let mut observed = seed as usize;
        for t in 0..SAMPLE_DECISIONS {
            if t % (1 + t / OBSERVE_EVERY) == 0 {
                // One viewer per state observed, in turn: each seat and the spectator.
                let v = viewers[observed % viewers.len()];
                observed += 1;
                if let Ok(value) = serde_json::to_value(game.observe(v)) {
                    samples.add(&value);
                }
            }
            for seat in game.to_act().iter() {
                game.legal_actions(seat, &mut legal);
                longest = longest.max(legal.len());
            }
            let Some(seat) = game.to_act().choose(&mut r) else {
                break;
            };
            game.legal_actions(seat, &mut legal);
            if legal.is_empty() {
                break;
            }
            let action = legal[r.gen_range(0..legal.len())].clone();
            spent += 1;
            events.clear();
            if game.apply(seat, action, &mut events).is_err() {
                break;
            }
        }
        if game.is_over() {
            for v in &viewers {
                if let Ok(value) = serde_json::to_value(game.observe(*v)) {
                    samples.add(&value);
                }
            }
        }
    }
    let encoded = G::encoded_len(config).map(|len| {
        let names: Arc<[String]> = G::encoded_names(config).into();
        debug_assert_eq!(names.len(), len, "{}: one name per encoded value", G::NAME);
        names
    });
    Shape {
        layout: samples.finish(),
        encoded,
        max_actions: (longest * ACTION_HEADROOM).max(MIN_ACTIONS),
        longest_legal: longest,
        fixed_actions: G::action_space_size(config),
        fixed_version: G::action_space_version(),
        composite: G::composite_fields(config).into(),
    }
}
