//! The Boss as people are shown it, and how a table is set up: seat names, sentences, the
//! prompt, the final score table ([`Present`]), with the parts by concern: every action's view
//! ([`actions`]: label, effect, cost, kind and clickable targets), the browser view's extra data
//! ([`extra`]) and the player count and table options ([`config`]).
//!
//! Clickable targets (`kind:id`), as the browser view marks them: `office:<1..8>` (a move),
//! `player:<seat>` (fire, call a meeting on, show the Fate card to), `offer:<id>` (answer,
//! withdraw or counter an offer), `deal:<id>` (settle, release, default, walk away),
//! `deck:experience` and `deck:fate` (the draw), `card:<card>` (a card in the acting player's
//! hand as the notation writes it, e.g. `card:COL#14`, `card:E8#17`: auction it) and
//! `fate:<seat>` (the held Fate card: use, discard, auction). Everything else is a button.

mod actions;
mod config;
mod extra;
#[cfg(test)]
mod tests;

use crate::action::Action;
use crate::data::FateEffect;
use crate::describe;
use crate::error::RuleError;
use crate::event::Event;
use crate::state::{Config, Ending, Step, TheBoss};
use crate::terminal;
use crate::words;
use boardroom_engine::{ActionView, Game, Present, ScoreRow, ScoreTable, Seat, Viewer, WebAsset};
use boardroom_i18n::Arg;
use serde_json::Value;

/// Seat names: the players' colours.
const SEAT_NAMES: [&str; 4] = ["Red", "Blue", "Green", "Yellow"];

/// A seat's name: its colour (`Red`, `Blue`, `Green`, `Yellow`).
pub fn seat_name(seat: Seat) -> String {
    SEAT_NAMES
        .get(seat)
        .map_or_else(|| format!("Seat {}", seat + 1), |s| s.to_string())
}

/// The columns of the final score table after the player's name (their messages'
/// `the-boss-score-…` ids).
const SCORE_COLUMNS: [&str; 5] = ["cash", "shares", "share-value", "exec-points", "net-worth"];

/// The name of a step of the turn in `lang`.
fn step_words(step: Step, lang: &str) -> String {
    let id = match step {
        Step::Salary => "salary",
        Step::ExecCard => "card",
        Step::Stock => "stock",
        Step::Business => "business",
        Step::Closing => "closing",
        Step::Draw => "draw",
        Step::Disaster => "disaster",
    };
    words::t(lang, "the-boss-step", &[("step", id.into())])
}

impl Present for TheBoss {
    const TITLE: &'static str = "The Boss";

    fn seat_name(seat: Seat) -> String {
        seat_name(seat)
    }

    fn describe_config(config: &Config, lang: &str) -> String {
        let own = if config.data.is_some() { "yes" } else { "no" };
        let args = [("players", config.players.into()), ("own", own.into())];
        words::t(lang, "the-boss-term-config", &args)
    }

    fn variant(&self) -> String {
        if self.data.file.variants.two_player_share_cap && self.players.len() == 2 {
            "share-cap".into()
        } else {
            "standard".into()
        }
    }

    fn turn(&self) -> u32 {
        self.round
    }

    fn seat_name_in(seat: Seat, lang: &str) -> String {
        words::seat_in(seat, lang)
    }

    fn describe(event: &Event, lang: &str) -> String {
        describe::describe(event, &|s| words::seat_in(s, lang), lang)
    }

    /// The refusal in `lang`, naming the rule it breaks.
    fn refusal(error: &RuleError, lang: &str) -> String {
        words::text(lang, &error.message())
    }

    fn starts_turn(event: &Event) -> bool {
        event.starts_turn()
    }

    /// What is asked now: the bidder of an auction, the meeting's voters and lobbyists, the
    /// caller after a failed meeting, a Financial Disaster, or the active player's step; offers
    /// waiting for an answer are listed. Held Fate cards are never named (the prompt may be
    /// shown to everyone).
    fn prompt(&self, lang: &str) -> String {
        let name = |s: Seat| -> Arg { words::seat_in(s, lang).into() };
        let t = |id: &str, args: &[(&str, Arg)]| words::t(lang, id, args);
        if let Some(e) = &self.ending {
            let ending = describe::ending_words(e, &|s| words::seat_in(s, lang), lang);
            return t("the-boss-prompt-over", &[("ending", ending.into())]);
        }
        let mut text = if let Some(a) = &self.auction {
            let high = match a.high {
                Some((s, p)) => t(
                    "the-boss-prompt-high-bid",
                    &[("bid", p.into()), ("name", name(s))],
                ),
                None => t("the-boss-prompt-no-bid", &[]),
            };
            let who = self
                .auction_caller()
                .map(|s| words::seat_in(s, lang))
                .unwrap_or_default();
            t(
                "the-boss-prompt-auction",
                &[
                    ("name", who.into()),
                    ("min", self.min_bid().unwrap_or(a.opening).into()),
                    ("lot", self.auction_lot_words(lang).into()),
                    ("seller", name(a.seller)),
                    ("high", high.into()),
                ],
            )
        } else if let Some(m) = &self.meeting {
            let undeclared: Vec<String> = (0..self.players.len())
                .filter(|&v| self.undeclared_voter(v))
                .map(|v| words::seat_in(v, lang))
                .collect();
            let mut text = t(
                "the-boss-prompt-meeting",
                &[
                    ("caller", name(m.caller)),
                    ("target", name(m.target)),
                    ("severance", m.severance.into()),
                ],
            );
            if !undeclared.is_empty() {
                text.push_str(&t(
                    "the-boss-prompt-undeclared",
                    &[("names", undeclared.join(", ").into())],
                ));
            }
            text.push_str(&t("the-boss-prompt-lobbying", &[]));
            text
        } else if self.after_meeting.is_some() {
            t(
                "the-boss-prompt-after-meeting",
                &[("name", name(self.turn.seat))],
            )
        } else if let Some(c) = self.disaster {
            match self.data.fate_effect(c) {
                FateEffect::Disaster { pay, turns } => t(
                    "the-boss-prompt-disaster",
                    &[
                        ("name", name(self.turn.seat)),
                        ("pay", pay.into()),
                        ("count", turns.into()),
                    ],
                ),
                _ => t(
                    "the-boss-prompt-pay-or-lose",
                    &[("name", name(self.turn.seat))],
                ),
            }
        } else {
            let who = name(self.turn.seat);
            match self.turn.step {
                Step::Draw => t("the-boss-prompt-draw", &[("name", who)]),
                Step::Closing => t("the-boss-prompt-closing", &[("name", who)]),
                step => {
                    let mut text = t(
                        "the-boss-prompt-turn",
                        &[("name", who), ("step", step_words(step, lang).into())],
                    );
                    if self.turn.floor && step == Step::Business {
                        text.push_str(&t("the-boss-prompt-floor", &[]));
                    }
                    text
                }
            }
        };
        if !self.offers.is_empty() {
            let waiting: Vec<String> = self
                .offers
                .iter()
                .map(|o| {
                    t(
                        "the-boss-prompt-offer",
                        &[
                            ("id", o.id.into()),
                            ("from", name(o.from)),
                            ("to", name(o.offer.to)),
                        ],
                    )
                })
                .collect();
            text.push_str(&t(
                "the-boss-prompt-waiting",
                &[("offers", waiting.join("; ").into())],
            ));
        }
        text
    }

    /// See [`actions`].
    fn action_view(&self, seat: Seat, action: &Action, lang: &str) -> ActionView {
        self.view_of(seat, action, lang)
    }

    /// Every enumerable legal action (see [`crate::people`]), not the bots' candidates.
    fn person_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        TheBoss::person_actions(self, seat, out)
    }

    fn notation_help(lang: &str) -> String {
        words::t(lang, "the-boss-term-help", &[])
    }

    /// Cash, shares, their value, Executive points and net worth, best first (the tie-break
    /// order of R-24), with how the game ended.
    fn score_table(&self, lang: &str) -> Option<ScoreTable> {
        let outcome = self.outcome()?;
        let price = self.data.economy().share_price as u64;
        let mut lines: Vec<_> = (0..self.players.len()).map(|s| self.score(s)).collect();
        lines.sort_by_key(|l| {
            std::cmp::Reverse((
                outcome.winners.contains(l.seat),
                l.net_worth,
                l.shares,
                l.executive_points,
                l.cash,
            ))
        });
        let money = |amount: u64| {
            words::t(
                lang,
                "the-boss-money",
                &[("amount", Arg::Number(amount as f64))],
            )
        };
        let number = |n: u64| boardroom_i18n::number(lang, n as f64);
        let rows = lines
            .iter()
            .map(|l| ScoreRow {
                seat: l.seat,
                name: words::seat_in(l.seat, lang),
                cells: vec![
                    money(u64::from(l.cash)),
                    number(u64::from(l.shares)),
                    money(u64::from(l.shares) * price),
                    number(u64::from(l.executive_points)),
                    money(l.net_worth),
                ],
                winner: outcome.winners.contains(l.seat),
            })
            .collect();
        let how = self
            .ending
            .as_ref()
            .map(|e| describe::ending_words(e, &|s| words::seat_in(s, lang), lang))
            .unwrap_or_default();
        let note = words::t(
            lang,
            "the-boss-score-note",
            &[
                ("ending", capitalise(&how).into()),
                (
                    "shares",
                    Arg::Number(f64::from(self.data.economy().win_shares_over)),
                ),
                ("price", Arg::Number(price as f64)),
            ],
        );
        Some(ScoreTable {
            columns: SCORE_COLUMNS
                .iter()
                .map(|c| words::t(lang, "the-boss-score-column", &[("column", (*c).into())]))
                .collect(),
            rows,
            note,
        })
    }

    fn web_assets() -> &'static [WebAsset] {
        boardroom_engine::web_view!()
    }

    fn locales() -> &'static [boardroom_engine::LocaleFile] {
        const LOCALES: &[boardroom_engine::LocaleFile] = &[
            boardroom_engine::LocaleFile::new("en", include_str!("../../locales/en/game.ftl")),
            boardroom_engine::LocaleFile::new("de", include_str!("../../locales/de/game.ftl"))
                .howto(include_str!("../../locales/de/howto.html")),
        ];
        LOCALES
    }

    fn draw(&self, viewer: Viewer, color: bool, lang: &str) -> String {
        terminal::draw(self, viewer, color, lang)
    }

    /// See [`extra`].
    fn extra(&self, viewer: Viewer, lang: &str) -> Option<Value> {
        Some(self.browser_extra(viewer, lang))
    }

    /// How the game ended (`set_win`, `share_win`, `deck_end`: 1 or 0), its length in rounds,
    /// deals opened and broken, offers still open at the end.
    fn final_stats(&self) -> Vec<(&'static str, f64)> {
        let (set, shares, deck) = match self.ending {
            Some(Ending::CompleteSet { .. }) => (1.0, 0.0, 0.0),
            Some(Ending::Shares { .. }) => (0.0, 1.0, 0.0),
            Some(Ending::DeckEnd) => (0.0, 0.0, 1.0),
            None => (0.0, 0.0, 0.0),
        };
        vec![
            ("set_win", set),
            ("share_win", shares),
            ("deck_end", deck),
            ("rounds", self.round as f64),
            ("turns", self.turn.number as f64),
            ("broken_deals", self.broken.len() as f64),
        ]
    }

    fn holdings(&self, viewer: Viewer) -> Vec<Vec<boardroom_engine::Holding>> {
        crate::describe::holdings(self, viewer, boardroom_i18n::ENGLISH)
    }

    fn holdings_in(&self, viewer: Viewer, lang: &str) -> Vec<Vec<boardroom_engine::Holding>> {
        crate::describe::holdings(self, viewer, lang)
    }

    fn money(&self, seat: Seat) -> i64 {
        self.players[seat].cash as i64
    }

    /// Offers made (`offers`), accepted (`accepts`), auctions opened (`auctions`), meetings
    /// called (`meetings`) and firings with a Fire card (`firings`).
    fn action_stat(&self, _seat: Seat, action: &Action) -> Option<&'static str> {
        match action {
            Action::Offer(_) | Action::Counter(..) => Some("offers"),
            Action::Accept(_) => Some("accepts"),
            Action::Auction(..) => Some("auctions"),
            Action::Meeting(_) => Some("meetings"),
            Action::Fire(_) => Some("firings"),
            _ => None,
        }
    }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}
