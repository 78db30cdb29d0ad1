//! What people are shown of a game: seat names, event sentences, the prompt, a label and effect
//! for every legal action, score rows, and the terminal drawing.
//!
//! A game implements [`Present`] once, in its own crate; the terminal (`boardroom play`), the
//! server's views and the browser all use that one implementation, so a sentence or a label is
//! written once for every front end.
//!
//! The methods that write words a person reads take `lang`, the language tag of the reader
//! (`en`, `de`, the pseudo-locale `en-XA`): a game writes them from the messages of its
//! [`Present::locales`] (its crate's `locales/<lang>/game.ftl`), English where a language lacks
//! one. The words are made for one reader at the moment they are shown; what the game keeps
//! (its record, its notation, its events) holds none of them.

use crate::{Game, Seat, Viewer};
use serde::Serialize;

/// One legal action as a person is shown it: in the terminal's list of moves and as a
/// structured object in the browser (which needs no notation parsing to know what an action
/// is or what is clickable).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ActionView {
    /// What sort of action this is, as a short machine word the game defines (e.g. `found`,
    /// `buy`, `bid`, `accept`): the game's browser view groups and places actions by it.
    pub kind: &'static str,
    /// A short label for a button or a list, e.g. `Buy a share of Regent`.
    pub label: String,
    /// What it does, briefly, e.g. `stack on Regent (4 floors)`; may be empty.
    pub effect: String,
    /// What it costs in the game's money unit, when it costs money.
    pub cost: Option<i64>,
    /// The things on the table this action is played by clicking, as `kind:id` targets that the
    /// game's browser view marks (e.g. `card:46`, `space:23`, `company:Regent`, `lot:W9`). Empty:
    /// the action is a button in the prompt.
    pub highlights: Vec<String>,
    /// The parts of the action a view needs beside its kind, by name (e.g. `{"offer": 12}`,
    /// `{"colour": "red", "lot": "W9"}`); empty for most actions.
    pub args: serde_json::Map<String, serde_json::Value>,
}

impl ActionView {
    /// A view of kind `kind` with a label and an effect, no cost, nothing highlighted and no
    /// arguments.
    pub fn new(kind: &'static str, label: impl Into<String>, effect: impl Into<String>) -> Self {
        ActionView {
            kind,
            label: label.into(),
            effect: effect.into(),
            ..ActionView::default()
        }
    }

    /// This view with a cost.
    pub fn cost(mut self, cost: i64) -> Self {
        self.cost = Some(cost);
        self
    }

    /// This view with one more highlighted target (`kind:id`).
    pub fn highlight(mut self, target: impl Into<String>) -> Self {
        self.highlights.push(target.into());
        self
    }

    /// This view with one more argument.
    pub fn arg(mut self, name: &str, value: impl Into<serde_json::Value>) -> Self {
        self.args.insert(name.to_string(), value.into());
        self
    }
}

/// A file of a game's browser view, embedded in the binary.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WebAsset {
    /// The file name, e.g. `view.js`.
    pub name: &'static str,
    /// Its content type, e.g. `text/javascript; charset=utf-8`.
    pub content_type: &'static str,
    /// Its contents.
    pub body: &'static str,
}

/// The standard browser view of a game crate, embedded from its `web/` folder (beside `src/`):
/// `view.js` (the module the table page loads), `view.css` (its style sheet) and `howto.html`
/// (the "How to play" fragment the shell shows). Expands to a `&'static [WebAsset]` for
/// [`Present::web_assets`]:
///
/// ```ignore
/// fn web_assets() -> &'static [WebAsset] {
///     boardroom_engine::web_view!()
/// }
/// ```
#[macro_export]
macro_rules! web_view {
    () => {
        &[
            $crate::WebAsset {
                name: "view.js",
                content_type: "text/javascript; charset=utf-8",
                body: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/web/view.js")),
            },
            $crate::WebAsset {
                name: "view.css",
                content_type: "text/css; charset=utf-8",
                body: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/web/view.css")),
            },
            $crate::WebAsset {
                name: "howto.html",
                content_type: "text/html; charset=utf-8",
                body: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/web/howto.html")),
            },
        ]
    };
}

/// One language of a game: its messages (a Fluent file of its crate's `locales/<lang>/`, every
/// id starting with the game's id and a hyphen, so that one page may hold the shell's messages
/// and a game's together) and, for a language other than the view's own English, its
/// how-to-play fragment (the `howto.html` of the same folder).
///
/// ```ignore
/// fn locales() -> &'static [LocaleFile] {
///     &[
///         LocaleFile::new("en", include_str!("../locales/en/game.ftl")),
///         LocaleFile::new("de", include_str!("../locales/de/game.ftl"))
///             .howto(include_str!("../locales/de/howto.html")),
///     ]
/// }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LocaleFile {
    /// The language, e.g. `de`.
    pub lang: &'static str,
    /// The Fluent text.
    pub ftl: &'static str,
    /// The "How to play" fragment in this language; `None`: the view's own (`web/howto.html`).
    pub howto: Option<&'static str>,
}

impl LocaleFile {
    /// The messages `ftl` of language `lang`, without a how-to-play of its own.
    pub const fn new(lang: &'static str, ftl: &'static str) -> Self {
        LocaleFile {
            lang,
            ftl,
            howto: None,
        }
    }

    /// This language with its own how-to-play fragment.
    pub const fn howto(mut self, html: &'static str) -> Self {
        self.howto = Some(html);
        self
    }
}

/// Final scores as a table: column headings, then one row per seat (best first).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ScoreTable {
    /// The headings of the columns after the player's name (e.g. `money`, `shares`, `total`).
    pub columns: Vec<String>,
    /// One row per seat.
    pub rows: Vec<ScoreRow>,
    /// A note under the table explaining columns or tie-breaks; may be empty.
    pub note: String,
}

/// One seat's row in a [`ScoreTable`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ScoreRow {
    /// The seat.
    pub seat: Seat,
    /// The seat's name.
    pub name: String,
    /// One cell per column.
    pub cells: Vec<String>,
    /// Whether this seat won (or shares the win).
    pub winner: bool,
}

impl ScoreTable {
    /// The table as aligned plain text, for the terminal, the column of names headed
    /// `player` (the word in the reader's language).
    pub fn to_text(&self, player: &str) -> String {
        let mut widths: Vec<usize> = self.columns.iter().map(|c| c.chars().count()).collect();
        let name_width = self
            .rows
            .iter()
            .map(|r| r.name.chars().count())
            .max()
            .unwrap_or(0)
            .max(player.chars().count());
        for row in &self.rows {
            for (i, cell) in row.cells.iter().enumerate() {
                if let Some(w) = widths.get_mut(i) {
                    *w = (*w).max(cell.chars().count());
                }
            }
        }
        let mut out = format!("  {player:<name_width$}");
        for (c, w) in self.columns.iter().zip(&widths) {
            out.push_str(&format!("  {c:>w$}"));
        }
        out.push('\n');
        for row in &self.rows {
            let mark = if row.winner { '*' } else { ' ' };
            out.push_str(&format!("{mark} {:<name_width$}", row.name));
            for (cell, w) in row.cells.iter().zip(&widths) {
                out.push_str(&format!("  {cell:>w$}"));
            }
            out.push('\n');
        }
        if !self.note.is_empty() {
            out.push_str(&self.note);
            out.push('\n');
        }
        out
    }
}

/// One thing a seat holds, in words: see [`Present::holdings`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Holding {
    /// What is held, e.g. `Cash` or `Shares of Regent`.
    pub what: String,
    /// How much, e.g. `$300`, `2` or `none`.
    pub value: String,
}

impl Holding {
    /// The holding `what`, of `value`.
    pub fn new(what: impl Into<String>, value: impl ToString) -> Self {
        Holding {
            what: what.into(),
            value: value.to_string(),
        }
    }
}

/// One holding of a seat that changed: what, before, now (each in words).
pub type HoldingChange = (String, String, String);

/// What changed in each seat's holdings between `before` and `now` as `viewer` may know them
/// ([`Present::holdings`]), seats without a change left out. A holding only one of the two
/// lists is `none` in the other.
pub fn holdings_changes<G: Present>(
    before: &G,
    now: &G,
    viewer: Viewer,
) -> Vec<(Seat, Vec<HoldingChange>)> {
    holdings_changes_in(before, now, viewer, "en", "none")
}

/// [`holdings_changes`] in language `lang` ([`Present::holdings_in`]), a holding only one of
/// the two lists has written `none` (the language's word for it) in the other.
pub fn holdings_changes_in<G: Present>(
    before: &G,
    now: &G,
    viewer: Viewer,
    lang: &str,
    none: &str,
) -> Vec<(Seat, Vec<HoldingChange>)> {
    let was = before.holdings_in(viewer, lang);
    let is = now.holdings_in(viewer, lang);
    let none = || none.to_string();
    let mut out = Vec::new();
    for (seat, after) in is.iter().enumerate() {
        let empty = Vec::new();
        let prior = was.get(seat).unwrap_or(&empty);
        let mut cells = Vec::new();
        for h in after {
            match prior.iter().find(|p| p.what == h.what) {
                Some(p) if p.value == h.value => {}
                Some(p) => cells.push((h.what.clone(), p.value.clone(), h.value.clone())),
                None => cells.push((h.what.clone(), none(), h.value.clone())),
            }
        }
        for p in prior {
            if !after.iter().any(|h| h.what == p.what) {
                cells.push((p.what.clone(), p.value.clone(), none()));
            }
        }
        if !cells.is_empty() {
            out.push((seat, cells));
        }
    }
    out
}

/// How a game is shown to people. Implemented in the game's own crate; used by the terminal,
/// the server's views (and through them the browser) and the simulator.
///
/// Everything here reads only what its arguments allow: [`Present::draw`] and
/// [`Present::extra`] take the viewer and must show that viewer's secrets only.
pub trait Present: Game {
    /// The game's title, e.g. `Big Boss`.
    const TITLE: &'static str;

    /// A seat's name (its colour), as logs, prompts and score tables call it, in English.
    fn seat_name(seat: Seat) -> String;

    /// A seat's name in language `lang`, as the game's own sentences in that language call it
    /// (by default [`Present::seat_name`]).
    fn seat_name_in(seat: Seat, _lang: &str) -> String {
        Self::seat_name(seat)
    }

    /// One line describing a configuration in language `lang`, e.g. `Big Boss (modern), 4
    /// players`.
    fn describe_config(config: &Self::Config, lang: &str) -> String;

    /// The rule set or variant, as the lobby lists it (e.g. `modern`, `hidden-money`).
    fn variant(&self) -> String;

    /// The turn or round number now.
    fn turn(&self) -> u32;

    /// An event as a sentence in language `lang`.
    fn describe(event: &Self::Event, lang: &str) -> String;

    /// Whether the event starts a new turn (the terminal redraws the table then).
    fn starts_turn(event: &Self::Event) -> bool;

    /// What the seat to act is asked to do now, and why other things are closed when that
    /// is not obvious, in language `lang`.
    fn prompt(&self, lang: &str) -> String;

    /// A legal action of `seat` as a person is shown it, its label and effect in language
    /// `lang` (its kind, targets and arguments are the same in every language).
    fn action_view(&self, seat: Seat, action: &Self::Action, lang: &str) -> ActionView;

    /// Why an action was refused (`error`, from [`Game::apply`]), in language `lang`, naming
    /// the rule it breaks as the error does. By default the error's own text (English).
    fn refusal(error: &Self::Error, _lang: &str) -> String {
        error.to_string()
    }

    /// The actions a person at `seat` is offered, written into `out` (cleared first): by
    /// default the legal actions. A game whose `legal_actions` is a bounded candidate list for
    /// the bots (The Boss) lists here every legal action it can enumerate, so that a person
    /// may play any of them; actions it cannot enumerate (offers with free bundles) are built
    /// by the game's view. Every listed action must be legal.
    fn person_actions(&self, seat: Seat, out: &mut Vec<Self::Action>) {
        self.legal_actions(seat, out)
    }

    /// Help on the notation, for the terminal's `help`, in language `lang` (the notation's
    /// own words are the same in every language).
    fn notation_help(lang: &str) -> String;

    /// The final scores as a table, once the game is over: its columns, its note and the
    /// seats' names as a reader of `lang` reads them, its amounts as the language writes them.
    fn score_table(&self, lang: &str) -> Option<ScoreTable>;

    /// For a game not over yet, the scores as they would stand if it ended now, as a table
    /// (read from the whole state, secrets included: a tool for positions, not for a viewer);
    /// `None` when the game cannot say (the default). Its words in language `lang`.
    fn standings(&self, _lang: &str) -> Option<ScoreTable> {
        None
    }

    /// The table drawn for a terminal as `viewer` may see it (`color`: ANSI colours allowed),
    /// its words in language `lang` and its amounts written as that language writes them.
    fn draw(&self, viewer: Viewer, color: bool, lang: &str) -> String;

    /// What each seat holds as `viewer` may know it, one list per seat, each holding in words
    /// as a person reads it: what (`Cash`, `Shares of Regent`) and how much (`$300`, `2`).
    /// The "Since your last move" summary compares two of these ([`holdings_changes`]), so
    /// only what a player counts belongs here, never a field of the state. Empty (the
    /// default): the summary lists no holdings.
    fn holdings(&self, _viewer: Viewer) -> Vec<Vec<Holding>> {
        Vec::new()
    }

    /// [`Present::holdings`] in language `lang`: what is held in the language's words, how
    /// much as the language writes amounts (by default the English ones).
    fn holdings_in(&self, viewer: Viewer, _lang: &str) -> Vec<Vec<Holding>> {
        self.holdings(viewer)
    }

    /// Information for the browser view that the observation does not spell out, as `viewer`
    /// may know it (e.g. the board to draw, the lowest bid), any words in it in language
    /// `lang`. `None`: nothing to add.
    fn extra(&self, _viewer: Viewer, _lang: &str) -> Option<serde_json::Value> {
        None
    }

    /// The game's browser view: files served under `/assets/games/<game id>/`. The table page
    /// loads `view.js` from there (see ARCHITECTURE.md, "The web shell").
    fn web_assets() -> &'static [WebAsset] {
        &[]
    }

    /// The game's messages in every language it speaks (see [`LocaleFile`]): the words of its
    /// browser view and its how-to-play, served to the page beside the shell's. Empty (the
    /// default): the game's words are English only.
    fn locales() -> &'static [LocaleFile] {
        &[]
    }

    /// Game-specific figures of a finished game for the simulator's summary, e.g.
    /// `("mergers", 3.0)`; the simulator reports their means per game.
    fn final_stats(&self) -> Vec<(&'static str, f64)> {
        Vec::new()
    }

    /// A player's money now (the simulator reports its distribution at the end).
    fn money(&self, seat: Seat) -> i64;

    /// The name of a counter that `action` by `seat` adds one to in the simulator's figures
    /// (e.g. `sell_and_pass`), looked at before the action is applied; `None` for most.
    fn action_stat(&self, _seat: Seat, _action: &Self::Action) -> Option<&'static str> {
        None
    }

    /// For the terminal, which asks in two steps when the legal actions fall into several
    /// groups: the group `action` of `seat` is chosen under and its name within the group
    /// (e.g. a placement: first where, then which piece), both in language `lang`. `None` (the
    /// default) lists every action in one list.
    fn terminal_group(
        &self,
        _seat: Seat,
        _action: &Self::Action,
        _lang: &str,
    ) -> Option<(String, String)> {
        None
    }
}
