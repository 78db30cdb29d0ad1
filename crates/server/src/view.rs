//! What each viewer receives: pure functions from the game to per-viewer messages.
//!
//! Everything a connection receives about the game is built here from `Game::observe`,
//! `Game::redact` and the game's [`Present`] for that connection's viewer, so the leak tests can
//! check this one place.

use crate::outgoing::Outgoing;
use crate::protocol::{ActionOut, EventOut, LogEntry, SeatClock, StateMsg, TimerOut};
use boardroom_engine::{By, Game, Present, Seat, Viewer, CLOCK};
use boardroom_registry::Playable;
use serde_json::value::RawValue;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// The number of the next state built (see [`Shared::rev`]).
static NEXT_REV: AtomicU64 = AtomicU64::new(1);

/// One accepted action (as the table remembers it, unredacted).
#[derive(Clone, Debug)]
pub struct Step<G: Game> {
    /// Its number at the table, from 0.
    pub index: usize,
    /// The acting seat ([`CLOCK`] for the table's clock).
    pub seat: Seat,
    /// The action in notation.
    pub action: String,
    /// The turn (or round) in which it was played (`Present::turn` before it).
    pub turn: u32,
    /// Whether its player took it back.
    pub undone: bool,
    /// Who played it for the seat (its player, or a stand-in in their place).
    pub by: By,
    /// Its events, unredacted.
    pub events: Vec<G::Event>,
}

/// The log entry of `step` as `viewer` may see it, in language `lang`.
pub fn log_entry<G: Playable>(step: &Step<G>, viewer: Viewer, lang: &str) -> LogEntry {
    entry(step, lang, |e| G::redact(e, viewer))
}

/// The log entry of `step` with nothing hidden, in language `lang`: only for replays of a
/// finished game.
pub fn full_entry<G: Playable>(step: &Step<G>, lang: &str) -> LogEntry {
    entry(step, lang, G::Event::clone)
}

/// The log entry of `step` in language `lang`, each event shown as `show` gives it.
fn entry<G: Playable>(
    step: &Step<G>,
    lang: &str,
    show: impl Fn(&G::Event) -> G::Event,
) -> LogEntry {
    let clock = step.seat == CLOCK;
    LogEntry {
        index: step.index,
        turn: step.turn,
        undone: step.undone,
        seat: (!clock).then_some(step.seat),
        by: if clock {
            Some("clock".to_string())
        } else {
            step.by.word().map(str::to_string)
        },
        action: step.action.clone(),
        events: step
            .events
            .iter()
            .map(|e| {
                let detail = show(e);
                EventOut {
                    text: <G as Present>::describe(&detail, lang),
                    detail: raw_json(&detail),
                }
            })
            .collect(),
    }
}

/// The seat of `viewer` when it is to act now.
fn acting_seat<G: Playable>(game: &G, viewer: Viewer) -> Option<Seat> {
    viewer.seat().filter(|&s| game.to_act().contains(s))
}

/// The actions a person at `viewer`'s seat is offered (`Present::person_actions`; empty unless
/// the viewer's seat is to act): notation, kind, label and effect (in language `lang`), cost,
/// the targets that play them when clicked and their arguments.
pub fn actions_for<G: Playable>(game: &G, viewer: Viewer, lang: &str) -> Vec<ActionOut> {
    let Some(seat) = acting_seat(game, viewer) else {
        return Vec::new();
    };
    let mut legal = Vec::new();
    game.person_actions(seat, &mut legal);
    legal
        .into_iter()
        .map(|a| {
            let view = game.action_view(seat, &a, lang);
            ActionOut {
                json: game.action_to_json(&a),
                notation: game.format_action(a),
                kind: view.kind,
                label: view.label,
                effect: view.effect,
                cost: view.cost,
                highlights: view.highlights,
                args: view.args,
            }
        })
        .collect()
}

/// A number for the states built now, never given before in the server's life.
pub fn next_rev() -> u64 {
    NEXT_REV.fetch_add(1, Ordering::Relaxed)
}

/// What the `state` messages after one change share, whoever receives them: worked out once
/// per change, then borrowed by each viewer's message.
#[derive(Clone, Debug)]
pub struct Shared {
    /// The table's version.
    pub version: usize,
    /// The number of these states ([`next_rev`] at a table, unique in the server's life: a
    /// `patch` names the state it applies to by it; 0 outside a table).
    pub rev: u64,
    /// The seats that may act.
    pub to_act: Vec<Seat>,
    /// The turn or round.
    pub turn: u32,
    /// The table's running timers (public: what times out and for whom).
    pub timers: Vec<TimerOut>,
    /// Every seat's clock (empty at a table without one).
    pub clocks: Vec<SeatClock>,
}

impl Shared {
    /// The public parts of the state of `game` at `version`, with the running `timers`.
    pub fn new<G: Playable>(game: &G, version: usize, timers: Vec<TimerOut>) -> Shared {
        Shared {
            version,
            rev: 0,
            to_act: game.to_act().iter().collect(),
            turn: <G as Present>::turn(game),
            timers,
            clocks: Vec::new(),
        }
    }
}

/// The `state` message for `viewer`: its observation, its actions and prompt (when it is to
/// act), the final scores once the game is over, and the last step redacted for it (no
/// timers: see [`state_msg_shared`]), its words in English.
pub fn state_msg<G: Playable>(
    game: &G,
    viewer: Viewer,
    version: usize,
    last: Option<&Step<G>>,
) -> Outgoing {
    let lang = boardroom_i18n::ENGLISH;
    state_msg_shared(
        game,
        viewer,
        lang,
        &Shared::new(game, version, Vec::new()),
        last,
    )
}

/// The `state` message for `viewer`, serialised once: the parts every viewer shares from
/// `shared` (worked out from the same `game`), the rest (observation, extra, actions, prompt,
/// the last step's events) from `viewer`'s own view of the game only, its words in language
/// `lang` (as `shared`'s).
pub fn state_msg_shared<G: Playable>(
    game: &G,
    viewer: Viewer,
    lang: &str,
    shared: &Shared,
    last: Option<&Step<G>>,
) -> Outgoing {
    let acting = acting_seat(game, viewer).is_some();
    let observation = game.observe(viewer);
    // In the viewer's language: not shared.
    let scores = game.score_table(lang);
    Outgoing::new(&StateMsg {
        kind: "state",
        version: shared.version,
        rev: shared.rev,
        to_act: &shared.to_act,
        turn: shared.turn,
        must_act: viewer.seat().is_some_and(|s| game.must_act().contains(s)),
        prompt: acting.then(|| game.prompt(lang)),
        actions: actions_for(game, viewer, lang),
        observation: &observation,
        extra: game.extra(viewer, lang),
        last: last.map(|s| log_entry(s, viewer, lang)),
        scores: scores.as_ref(),
        timers: &shared.timers,
        clocks: &shared.clocks,
    })
}

/// A state as sent to a connection: its number, its JSON text, and that text parsed once a
/// patch needed it (shared by every connection of the same viewer, so the next patch from it
/// does not parse it again).
#[derive(Clone, Debug)]
pub struct SentState {
    /// The state's number (`rev`): what a patch from it names as its base.
    pub rev: u64,
    /// The `state` message as sent whole.
    pub text: Outgoing,
    /// `text` parsed, once a patch from or to it was worked out.
    pub parsed: Option<Arc<serde_json::Value>>,
}

impl SentState {
    /// The parsed state, parsing its text now if no patch has needed it yet (`None` if it is
    /// not a JSON object, which the server's own messages never are).
    pub fn parsed(&mut self) -> Option<Arc<serde_json::Value>> {
        if self.parsed.is_none() {
            let value = serde_json::from_str::<serde_json::Value>(self.text.text()).ok()?;
            self.parsed = Some(Arc::new(value));
        }
        self.parsed.clone().filter(|v| v.is_object())
    }
}

/// The `patch` message that turns the state `base` (as the connection was sent it) into
/// `state` (of `shared`'s version and number), when it is shorter than `state` itself;
/// otherwise `state`'s text. Each side is parsed at most once in its life (see
/// [`SentState::parsed`]).
pub fn patch_or_state(shared: &Shared, base: &mut SentState, state: &mut SentState) -> Outgoing {
    let (Some(old), Some(new)) = (base.parsed(), state.parsed()) else {
        return state.text.clone();
    };
    let ops = crate::patch::diff(&old, &new);
    let patch = Outgoing::new(&PatchMsg {
        kind: "patch",
        version: shared.version,
        base: base.rev,
        rev: shared.rev,
        ops: &ops,
    });
    if patch.text().len() < state.text.text().len() {
        patch
    } else {
        state.text.clone()
    }
}

/// The `patch` message: what turns a connection's latest state into the next one.
#[derive(serde::Serialize)]
struct PatchMsg<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    version: usize,
    base: u64,
    rev: u64,
    ops: &'a [crate::patch::Op],
}

/// `value` as JSON text, to embed in a message as it is (`null` if it cannot be written, which
/// the games' serialisable types never cause).
pub fn raw_json(value: &impl serde::Serialize) -> Box<RawValue> {
    serde_json::value::to_raw_value(value).unwrap_or_else(|e| {
        tracing::error!("cannot encode a game's data: {e}");
        RawValue::from_string("null".to_string()).expect("`null` is JSON")
    })
}
