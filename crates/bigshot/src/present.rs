//! Big Shot as people are shown it, and how a table is set up: seat names, sentences, the
//! prompt, a label and effect for every action, the final score table, the browser view's extra
//! data ([`Present`]); the player count and table options ([`Configure`]).
//!
//! Every front end (the terminal, the server's views and through them the browser) uses this one
//! implementation.

use crate::action::Action;
use crate::board::BoardSpec;
use crate::colour::Colour;
use crate::error::RuleError;
use crate::event::Event;
use crate::state::{BigShot, Config, Phase, MAX_PLAYERS, MIN_PLAYERS};
use crate::terminal;
use crate::words;
use boardroom_engine::{
    ActionView, ConfigError, Configure, Game, LocaleFile, OptionKind, OptionSpec, Options, Present,
    ScoreRow, ScoreTable, Seat, Viewer, WebAsset,
};
use boardroom_i18n::Message;
use serde_json::{json, Value};

/// Seat names: each seat is named after its first cube colour.
const SEAT_NAMES: [&str; 4] = ["Red", "Orange", "Ivory", "Purple"];

/// A seat's name: the name of its first cube colour, capitalised (`Red`, `Orange`, …).
pub fn seat_name(seat: Seat) -> String {
    SEAT_NAMES
        .get(seat)
        .map_or_else(|| format!("Seat {}", seat + 1), |s| s.to_string())
}

/// The table options: the hidden-money variant, and a board file.
const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "hidden_money",
        help: "the hidden-money variant: each player's coins are secret until the end, loans only before bidding",
        kind: OptionKind::Flag,
        default: None,
        lobby: true,
        players: None,
    },
    OptionSpec {
        name: "board",
        help: "a board file (JSON) to play on instead of the standard city",
        kind: OptionKind::File,
        default: None,
        lobby: false,
        players: None,
    },
];

/// The columns of the final score table after the player's name (their messages'
/// `big-shot-score-…` ids).
const SCORE_COLUMNS: [&str; 7] = [
    "coins", "lots", "debt", "status", "owned", "best", "may-win",
];

impl Configure for BigShot {
    const MIN_PLAYERS: usize = MIN_PLAYERS;
    const MAX_PLAYERS: usize = MAX_PLAYERS;

    fn option_specs() -> &'static [OptionSpec] {
        OPTIONS
    }

    /// The board file (when given) is read and checked first, naming the field that is wrong;
    /// then the player count and the first seat.
    fn make_config(
        players: usize,
        first: Option<Seat>,
        options: &Options,
    ) -> Result<Config, ConfigError> {
        let board = match options.text("board") {
            Some(text) => Some(BoardSpec::load(text).map_err(|e| ConfigError(e.to_string()))?),
            None => None,
        };
        let config = Config {
            players,
            hidden_money: options.flag("hidden_money"),
            first_player: first,
            board,
        };
        config.validate()?;
        Ok(config)
    }

    fn config_players(config: &Config) -> usize {
        config.players
    }
}

impl Present for BigShot {
    const TITLE: &'static str = "Big Shot";

    fn seat_name(seat: Seat) -> String {
        seat_name(seat)
    }

    fn seat_name_in(seat: Seat, lang: &str) -> String {
        words::text(lang, &words::seat(seat))
    }

    fn describe_config(config: &Config, lang: &str) -> String {
        let board = config
            .board
            .as_ref()
            .map_or_else(|| "none".to_string(), |b| b.name.clone());
        let args = [
            ("hidden", words::yes(config.hidden_money).into()),
            ("players", config.players.into()),
            ("board", board.into()),
        ];
        words::t(lang, "big-shot-term-config", &args)
    }

    fn variant(&self) -> String {
        if self.hidden_money() {
            "hidden-money".into()
        } else {
            "standard".into()
        }
    }

    fn turn(&self) -> u32 {
        self.round() as u32
    }

    fn describe(event: &Event, lang: &str) -> String {
        words::text(lang, &event.message())
    }

    fn starts_turn(event: &Event) -> bool {
        event.starts_round()
    }

    /// What the seat to act is asked to do. In the hidden-money variant the bidder's purse is
    /// left out, as the prompt may be shown to everyone.
    fn prompt(&self, lang: &str) -> String {
        let m = Message::new;
        let prompt = match self.phase() {
            Phase::Roll => m("big-shot-prompt-roll"),
            Phase::Loans { seat, .. } => {
                m("big-shot-prompt-loans").arg("amount", self.next_loan_amount(seat))
            }
            Phase::Bidding { seat } => {
                let standing = match self.standing_bid() {
                    (bid, Some(b)) => m("big-shot-standing")
                        .arg("bid", bid)
                        .arg("seat", words::seat(b)),
                    (_, None) => m("big-shot-no-bid"),
                };
                let hidden = self.hidden_money();
                // The purse is left out of the arguments too when it is secret.
                let cash = if hidden { 0 } else { self.cash(seat) };
                m("big-shot-prompt-bid")
                    .arg("min", self.min_bid())
                    .arg("hidden", words::yes(hidden))
                    .arg("cash", cash)
                    .arg("standing", standing)
            }
            Phase::Pay { .. } => m("big-shot-prompt-pay").arg("bid", self.standing_bid().0),
            Phase::Place { .. } => {
                m("big-shot-prompt-place").arg("cubes", words::cubes(&self.hand()))
            }
            Phase::Over => m("big-shot-prompt-over"),
        };
        words::text(lang, &prompt)
    }

    /// Labels as the browser's buttons read; placing a cube is played by clicking its lot
    /// (`lot:<id>`), everything else is a button. Kinds: `roll`, `loan` and `pay` (argument
    /// `colour`), `decline`, `bid` (`amount`), `pass`, `place` (`colour`, `lot`). Nothing costs money at once here: a bid is
    /// paid only when it wins.
    fn action_view(&self, seat: Seat, action: &Action, lang: &str) -> ActionView {
        let say = |id: &'static str| words::t(lang, id, &[]);
        let text = |m: Message| words::text(lang, &m);
        match *action {
            Action::Roll => ActionView::new("roll", say("big-shot-act-roll"), ""),
            Action::Loan(c) => {
                let amount = self.next_loan_amount(seat);
                ActionView::new(
                    "loan",
                    text(
                        Message::new("big-shot-act-loan")
                            .arg("amount", amount)
                            .arg("colour", words::colour(c)),
                    ),
                    text(Message::new("big-shot-effect-loan").arg("amount", amount)),
                )
                .arg("colour", c.name())
            }
            Action::Decline => ActionView::new("decline", say("big-shot-act-decline"), ""),
            Action::Bid(n) => ActionView::new(
                "bid",
                text(Message::new("big-shot-act-bid").arg("amount", n)),
                "",
            )
            .arg("amount", n),
            Action::Pass => ActionView::new("pass", say("big-shot-act-pass"), ""),
            Action::Pay(c) => ActionView::new(
                "pay",
                text(Message::new("big-shot-act-pay").arg("colour", words::colour(c))),
                text(Message::new("big-shot-effect-pay").arg("coins", self.coins(c))),
            )
            .arg("colour", c.name()),
            Action::Place(c, l) => {
                let Some(lot) = self.board().lots().get(l as usize) else {
                    return ActionView::new("place", self.format_action(*action), "")
                        .arg("colour", c.name());
                };
                let cubes = self.lot_cubes(l as usize);
                let effect = if cubes.iter().all(|&k| k == 0) {
                    Message::new("big-shot-effect-empty")
                } else {
                    Message::new("big-shot-effect-has").arg("cubes", words::cubes(&cubes))
                };
                let effect = effect
                    .arg("park", words::yes(lot.park))
                    .arg("value", lot.value);
                let label = Message::new("big-shot-act-place")
                    .arg("colour", words::colour(c))
                    .arg("lot", lot.id.as_str());
                ActionView::new("place", text(label), text(effect))
                    .highlight(format!("lot:{}", lot.id))
                    .arg("colour", c.name())
                    .arg("lot", lot.id.as_str())
            }
        }
    }

    /// The refusal in `lang`, naming the rule it breaks.
    fn refusal(error: &RuleError, lang: &str) -> String {
        words::text(lang, &error.message())
    }

    fn notation_help(lang: &str) -> String {
        words::t(lang, "big-shot-term-help", &[])
    }

    /// Placing is asked lot by lot: first the lot, then the colour of the cube.
    fn terminal_group(&self, _seat: Seat, action: &Action, lang: &str) -> Option<(String, String)> {
        crate::terminal::placement_group(self, *action, lang)
    }

    /// Coins, lot value, debt, financial status, lots owned, the best lot and whether the seat
    /// may win (at least 2 lots), best first.
    fn score_table(&self, lang: &str) -> Option<ScoreTable> {
        let outcome = self.outcome()?;
        self.scores_table(outcome, lang)
    }

    /// The same table for the scores if the game ended now (unsold lots resolved by the tie-cancelling rule).
    fn standings(&self, lang: &str) -> Option<ScoreTable> {
        let settled = self.settled();
        settled.scores_table(settled.ranking(), lang)
    }

    fn web_assets() -> &'static [WebAsset] {
        boardroom_engine::web_view!()
    }

    fn locales() -> &'static [LocaleFile] {
        const LOCALES: &[LocaleFile] = &[
            LocaleFile::new("en", include_str!("../locales/en/game.ftl")),
            LocaleFile::new("de", include_str!("../locales/de/game.ftl"))
                .howto(include_str!("../locales/de/howto.html")),
        ];
        LOCALES
    }

    fn draw(&self, viewer: Viewer, color: bool, lang: &str) -> String {
        terminal::draw(self, viewer, color, lang)
    }

    /// The board (to draw the city), the colours of each seat, the lowest bid allowed now, and
    /// for a seat: the most it can bid and what its next loan brings.
    fn extra(&self, viewer: Viewer, _lang: &str) -> Option<Value> {
        let board = self.board();
        let lots: Vec<Value> = (0..board.num_lots())
            .map(|l| {
                let lot = board.lot(l);
                json!({
                    "id": lot.id.as_str(),
                    "district": board.districts()[lot.district as usize],
                    "value": lot.value,
                    "park": lot.park,
                })
            })
            .collect();
        let colours: Vec<Vec<&str>> = (0..self.players())
            .map(|s| self.colours_of(s).iter().map(|c| c.name()).collect())
            .collect();
        let mut extra = json!({
            "board": {
                "name": board.spec().name,
                "districts": board.districts(),
                "spaces": board.num_spaces(),
                "lots": lots,
            },
            "seat_colours": colours,
            "min_bid": self.min_bid(),
        });
        if let Some(seat) = viewer.seat().filter(|&s| s < self.players()) {
            extra["cash"] = json!(self.cash(seat));
            extra["next_loan"] = json!(self.next_loan_amount(seat));
        }
        Some(extra)
    }

    /// Turns, lots owned and left to nobody, loans, the neutral colour's lots (3 players) and
    /// whether nobody won.
    fn final_stats(&self) -> Vec<(&'static str, f64)> {
        let lots = self.board().num_lots();
        let owned = (0..lots).filter(|&l| self.owner(l).is_some()).count();
        let loans: u32 = (0..self.players())
            .map(|s| self.loans_taken(s) as u32)
            .sum();
        let neutral_lots = if self.players() == 3 {
            (0..lots)
                .filter(|&l| self.owner(l) == Some(Colour(3)))
                .count()
        } else {
            0
        };
        let nobody_wins = self.ranking().winners.is_empty();
        vec![
            ("turns", self.round() as f64),
            ("lots_owned", owned as f64),
            ("lots_to_nobody", (lots - owned) as f64),
            ("loans", loans as f64),
            ("neutral_lots", neutral_lots as f64),
            ("nobody_wins", if nobody_wins { 1.0 } else { 0.0 }),
        ]
    }

    fn holdings(&self, viewer: Viewer) -> Vec<Vec<boardroom_engine::Holding>> {
        crate::describe::holdings(self, viewer, boardroom_i18n::ENGLISH)
    }

    fn holdings_in(&self, viewer: Viewer, lang: &str) -> Vec<Vec<boardroom_engine::Holding>> {
        crate::describe::holdings(self, viewer, lang)
    }

    fn money(&self, seat: Seat) -> i64 {
        self.cash(seat) as i64
    }

    /// Loans taken (`loans_taken`) and bids made (`bids`).
    fn action_stat(&self, _seat: Seat, action: &Action) -> Option<&'static str> {
        match action {
            Action::Loan(_) => Some("loans_taken"),
            Action::Bid(_) => Some("bids"),
            _ => None,
        }
    }
}

impl BigShot {
    /// The score table for `outcome`: the final scores, or the standings when the outcome is
    /// the ranking of a game not over yet.
    fn scores_table(&self, outcome: boardroom_engine::Outcome, lang: &str) -> Option<ScoreTable> {
        let mut lines: Vec<_> = (0..self.players()).map(|s| self.score(s)).collect();
        lines.sort_by_key(|l| {
            std::cmp::Reverse((
                outcome.winners.contains(l.seat),
                l.eligible,
                l.status,
                l.lots,
                l.best_lot,
            ))
        });
        let n = |v: i64| boardroom_i18n::number(lang, v as f64);
        let rows = lines
            .iter()
            .map(|l| ScoreRow {
                seat: l.seat,
                name: <BigShot as Present>::seat_name_in(l.seat, lang),
                cells: vec![
                    n(l.coins.into()),
                    n(l.lots_value.into()),
                    n(l.debt.into()),
                    n(l.status),
                    n(l.lots.into()),
                    n(l.best_lot.into()),
                    words::t(
                        lang,
                        "big-shot-score-may-win",
                        &[("eligible", words::yes(l.eligible).into())],
                    ),
                ],
                winner: outcome.winners.contains(l.seat),
            })
            .collect();
        let mut note = words::t(lang, "big-shot-score-note", &[]);
        if outcome.winners.is_empty() {
            note.push('\n');
            note.push_str(&words::t(lang, "big-shot-score-no-winner", &[]));
        }
        Some(ScoreTable {
            columns: SCORE_COLUMNS
                .iter()
                .map(|c| words::t(lang, "big-shot-score-column", &[("column", (*c).into())]))
                .collect(),
            rows,
            note,
        })
    }
}

#[cfg(test)]
mod web_tests {
    use super::*;

    #[test]
    fn the_browser_view_is_a_module_with_its_style_sheet() {
        let files = <BigShot as Present>::web_assets();
        let view = files.iter().find(|f| f.name == "view.js").unwrap();
        assert!(view.content_type.starts_with("text/javascript"));
        assert!(view.body.contains("export default"));
        assert!(view.body.contains("data-target"));
        let css = files.iter().find(|f| f.name == "view.css").unwrap();
        assert!(css.content_type.starts_with("text/css"));
    }
}
