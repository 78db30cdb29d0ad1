//! Big Boss as people are shown it ([`Present`]) and as a table is set up ([`Configure`]): seat
//! names, event sentences, the prompt, a label, effect, cost and clickable targets for every
//! legal action, the final score table, and the terminal drawing (in [`crate::terminal`]).
//!
//! Highlight targets (`kind:id`) that the browser view marks as clickable:
//!
//! | action | targets |
//! |---|---|
//! | `play C` | `card:C` (the card in the hand, e.g. `card:46`, `card:L`, `card:L3`) |
//! | `found S`, `double S`, `at S` | `space:S` |
//! | `hq X`, `join X`, `survivor X`, `share X`, `sell X` | `company:X` (e.g. `company:Regent`) |
//! | `buy deck` | `deck` |
//! | `buy level` | `level` |
//! | `buy S` (face-up row) | `row:S` |
//! | `tower`, `end`, `pass` | none: a button in the prompt |
//!
//! Every action's view has a kind, the first word of its notation (`buy`, `play`, `found`,
//! `double`, `hq`, `at`, `join`, `survivor`, `share`, `sell`, `tower`, `end`, `pass`), and its
//! arguments: `from` (`deck`, `level`, `row`) and `card` for `buy`, `card` for `play`, `space`
//! for `found`, `double` and `at`, `company` for the company actions.

use crate::board::offset;
use crate::card::Card;
use crate::company::Status;
use crate::error::RuleError;
use crate::rules::IndustryUse;
use crate::state::{MAX_PLAYERS, MIN_PLAYERS};
use crate::words;
use crate::{Action, BigBoss, CompanyId, Config, Edition, EndReason, Event, Phase};
use boardroom_engine::{
    ActionView, ConfigError, Configure, Game, LocaleFile, OptionKind, OptionSpec, OptionValue,
    Options, Present, ScoreRow, ScoreTable, Seat, Viewer, WebAsset,
};
use boardroom_i18n::{Message, ENGLISH};

/// The options a Big Boss table accepts.
const OPTIONS: &[OptionSpec] = &[OptionSpec {
    name: "edition",
    help: "rule set: modern (the 2023 edition) or classic (the 1994 edition)",
    kind: OptionKind::Choice(&["modern", "classic"]),
    default: Some("modern"),
    lobby: true,
    players: None,
}];

impl BigBoss {
    /// What `action` would do, briefly (empty when the label says it all), in `lang`: where a
    /// card builds, what a share or card costs, what a sale brings.
    fn effect(&self, seat: Seat, action: Action, lang: &str) -> String {
        let m = Message::new;
        let said = match action {
            Action::Play(Card::Industry(s)) => match self.industry_use(s) {
                IndustryUse::Stack(c) => m("big-boss-effect-stack")
                    .arg("company", c.name())
                    .arg("level", self.board().height(s) + 1),
                IndustryUse::Extend(c) => m("big-boss-effect-extend").arg("company", c.name()),
                IndustryUse::Merge(a, b) => m("big-boss-effect-merge")
                    .arg("a", a.name())
                    .arg("b", b.name()),
                IndustryUse::Found => m("big-boss-effect-found"),
                IndustryUse::Dead(_) => return String::new(),
            },
            Action::At(s) => {
                let c = self
                    .board()
                    .owner(s)
                    .map(CompanyId)
                    .map(|c| c.name())
                    .unwrap_or("");
                m("big-boss-effect-at")
                    .arg("company", c)
                    .arg("level", self.board().height(s) + 1)
            }
            // Amounts of money: the same in every language.
            Action::Share(c) => return self.share_cost(c).to_string(),
            Action::Tower => {
                return self
                    .tower_cost(seat)
                    .map(|c| c.to_string())
                    .unwrap_or_default()
            }
            Action::Sell(c) => return format!("+{}", self.company(c).price),
            Action::BuyRow(_) | Action::BuyDeck => return self.rules().card_cost.to_string(),
            Action::BuyLevel => return self.rules().level_cost.to_string(),
            _ => return String::new(),
        };
        words::text(lang, &said)
    }

    /// What `action` of `seat` costs in millions, when it costs money.
    fn cost(&self, seat: Seat, action: Action) -> Option<u32> {
        let rules = self.rules();
        match action {
            Action::BuyDeck | Action::BuyRow(_) => Some(rules.card_cost),
            Action::BuyLevel => Some(rules.level_cost),
            Action::Share(c) => Some(self.share_cost(c)),
            Action::Tower => self.tower_cost(seat),
            _ => None,
        }
    }

    /// A short label for `action`, in the words of the browser's buttons.
    fn label(&self, action: Action) -> Message {
        let m = Message::new;
        match action {
            Action::BuyDeck => m("big-boss-act-buy-deck"),
            Action::BuyLevel => m("big-boss-act-buy-level"),
            Action::BuyRow(s) => m("big-boss-act-buy-row").arg("card", s.to_string()),
            Action::Play(c) => m("big-boss-act-play").arg("card", c.message()),
            Action::Found(s) => m("big-boss-act-found")
                .arg("a", s.to_string())
                .arg("b", offset(s, 1).to_string())
                .arg("c", offset(s, 2).to_string()),
            Action::Double(s) => m("big-boss-act-double").arg("space", s.to_string()),
            Action::Hq(c) => m("big-boss-act-hq").arg("company", c.name()),
            Action::At(s) => m("big-boss-act-at").arg("space", s.to_string()),
            Action::Join(c) => m("big-boss-act-join").arg("company", c.name()),
            Action::Survivor(c) => m("big-boss-act-survivor").arg("company", c.name()),
            Action::Share(c) => m("big-boss-act-share").arg("company", c.name()),
            Action::Sell(c) => m("big-boss-act-sell").arg("company", c.name()),
            Action::Tower => m("big-boss-act-tower").arg("kind", self.tower_kind()),
            Action::End => m("big-boss-act-end"),
            Action::Pass => m("big-boss-act-pass"),
        }
    }

    /// The rule set's tower as the messages choose by it (`radio-tower`, `owner-flag`).
    fn tower_kind(&self) -> String {
        words::tower_kind(self.rules().tower_name)
    }

    /// The prompt at the start of a turn, from what the player may do now: buy, play, both,
    /// or neither (then selling and passing), saying why the rest is closed.
    fn turn_prompt(&self) -> Message {
        let seat = self.current();
        let mut legal = Vec::new();
        self.legal_actions(seat, &mut legal);
        let can_play = legal.iter().any(|a| matches!(a, Action::Play(_)));
        let can_buy = legal
            .iter()
            .any(|a| matches!(a, Action::BuyDeck | Action::BuyRow(_) | Action::BuyLevel));
        let can_sell = legal.iter().any(|a| matches!(a, Action::Sell(_)));
        let empty_hand = self.player(seat).hand.is_empty();
        let why_no_play = Message::new(if empty_hand {
            "big-boss-why-hand-empty"
        } else {
            "big-boss-why-none-playable"
        });
        match (can_play, can_buy) {
            (true, true) => Message::new("big-boss-prompt-buy-or-play"),
            (true, false) => Message::new("big-boss-prompt-play").arg("why", self.why_no_buy(seat)),
            (false, true) => Message::new("big-boss-prompt-buy").arg("why", why_no_play),
            (false, false) => Message::new("big-boss-prompt-neither")
                .arg("hand", if empty_hand { "empty" } else { "unplayable" })
                .arg("why", self.why_no_buy(seat))
                .arg("sell", if can_sell { "yes" } else { "no" }),
        }
    }

    /// Why `seat` buys no card now: nothing left to buy, or not enough money.
    fn why_no_buy(&self, seat: Seat) -> Message {
        let rules = self.rules();
        let money = self.player(seat).money;
        let industry_left = self.deck_len() > 0 || !self.row().is_empty();
        let levels_left = rules.level_cost > 0 && self.level_stack() > 0;
        let cost = if industry_left {
            rules.card_cost
        } else if levels_left {
            rules.level_cost
        } else {
            return Message::new("big-boss-why-nothing-to-buy");
        };
        Message::new("big-boss-why-too-poor")
            .arg("cost", words::money(cost))
            .arg("money", words::money(money))
    }

    /// What a card of `seat`'s hand would do now, or why it cannot be played (see
    /// [`Present::extra`]), in `lang`.
    fn card_note(&self, seat: Seat, card: Card, lang: &str) -> serde_json::Value {
        match self.card_playable(card) {
            Err(why) => serde_json::json!({ "playable": false, "why": words::text(lang, &why) }),
            Ok(()) => {
                let short = match card {
                    Card::Level(_) => "level",
                    Card::Industry(s) => match self.industry_use(s) {
                        IndustryUse::Stack(_) => "stack",
                        IndustryUse::Extend(_) => "extend",
                        IndustryUse::Merge(..) => "merge",
                        IndustryUse::Found => "found",
                        IndustryUse::Dead(_) => "",
                    },
                };
                let effect = self.effect(seat, Action::Play(card), lang);
                let effect = if effect.is_empty() {
                    words::t(lang, "big-boss-effect-add-piece", &[])
                } else {
                    effect
                };
                let short = if short.is_empty() {
                    String::new()
                } else {
                    words::t(lang, "big-boss-card-short", &[("use", short.into())])
                };
                serde_json::json!({ "playable": true, "short": short, "use": effect })
            }
        }
    }

    /// The kind of `action` in its view (the first word of its notation) and its arguments:
    /// `from` (`deck`, `level`, `row`) and `card` for buying, `card` for playing, `space` for
    /// a space, `company` for a company (see the module's documentation).
    fn kind(action: Action) -> (&'static str, serde_json::Map<String, serde_json::Value>) {
        let mut args = serde_json::Map::new();
        let mut arg = |name: &str, value: serde_json::Value| {
            args.insert(name.to_string(), value);
        };
        let kind = match action {
            Action::BuyDeck => {
                arg("from", "deck".into());
                "buy"
            }
            Action::BuyLevel => {
                arg("from", "level".into());
                "buy"
            }
            Action::BuyRow(s) => {
                arg("from", "row".into());
                arg("card", s.to_string().into());
                "buy"
            }
            Action::Play(c) => {
                arg("card", c.to_string().into());
                "play"
            }
            Action::Found(s) | Action::Double(s) | Action::At(s) => {
                arg("space", s.into());
                match action {
                    Action::Found(_) => "found",
                    Action::Double(_) => "double",
                    _ => "at",
                }
            }
            Action::Hq(c)
            | Action::Join(c)
            | Action::Survivor(c)
            | Action::Share(c)
            | Action::Sell(c) => {
                arg("company", c.name().into());
                match action {
                    Action::Hq(_) => "hq",
                    Action::Join(_) => "join",
                    Action::Survivor(_) => "survivor",
                    Action::Share(_) => "share",
                    _ => "sell",
                }
            }
            Action::Tower => "tower",
            Action::End => "end",
            Action::Pass => "pass",
        };
        (kind, args)
    }

    /// The target on the table that plays `action` when clicked, if any.
    fn highlight(action: Action) -> Option<String> {
        match action {
            Action::Play(c) => Some(format!("card:{c}")),
            Action::Found(s) | Action::Double(s) | Action::At(s) => Some(format!("space:{s}")),
            Action::Hq(c)
            | Action::Join(c)
            | Action::Survivor(c)
            | Action::Share(c)
            | Action::Sell(c) => Some(format!("company:{c}")),
            Action::BuyDeck => Some("deck".into()),
            Action::BuyLevel => Some("level".into()),
            Action::BuyRow(s) => Some(format!("row:{s}")),
            Action::Tower | Action::End | Action::Pass => None,
        }
    }
}

impl Present for BigBoss {
    const TITLE: &'static str = "Big Boss";

    fn seat_name(seat: Seat) -> String {
        Self::seat_name_in(seat, ENGLISH)
    }

    fn seat_name_in(seat: Seat, lang: &str) -> String {
        words::text(lang, &words::seat(seat))
    }

    fn describe_config(config: &Config, lang: &str) -> String {
        let args = [
            ("edition", config.edition.as_str().into()),
            ("players", config.players.into()),
        ];
        words::t(lang, "big-boss-term-config", &args)
    }

    fn variant(&self) -> String {
        self.edition().as_str().to_string()
    }

    fn turn(&self) -> u32 {
        BigBoss::turn(self)
    }

    fn describe(event: &Event, lang: &str) -> String {
        words::text(lang, &event.message())
    }

    fn starts_turn(event: &Event) -> bool {
        matches!(event, Event::TurnStarted { .. })
    }

    fn prompt(&self, lang: &str) -> String {
        let m = Message::new;
        let prompt = match self.phase() {
            Phase::Turn => self.turn_prompt(),
            Phase::Selling => m("big-boss-prompt-selling"),
            Phase::ChooseTriple { card } => {
                m("big-boss-prompt-triple").arg("card", card.to_string())
            }
            Phase::ChooseDouble { start, .. } => m("big-boss-prompt-double")
                .arg("start", start.to_string())
                .arg("end", offset(start, 2).to_string()),
            Phase::ChooseCompany { .. } => m("big-boss-prompt-company"),
            Phase::ChooseLevelSpace { .. } => m("big-boss-prompt-level-space"),
            Phase::ChooseJoin { left, right, .. } => m("big-boss-prompt-join")
                .arg("left", left.name())
                .arg("right", right.name()),
            Phase::ChooseSurvivor { left, right, .. } => m("big-boss-prompt-survivor")
                .arg("left", left.name())
                .arg("right", right.name()),
            Phase::Invest { company, shares } => m("big-boss-prompt-invest")
                .arg("shares", shares)
                .arg("kind", self.tower_kind())
                .arg("company", company.name()),
            Phase::Over { .. } => m("big-boss-prompt-over"),
        };
        words::text(lang, &prompt)
    }

    fn action_view(&self, seat: Seat, action: &Action, lang: &str) -> ActionView {
        let action = *action;
        let (kind, args) = Self::kind(action);
        ActionView {
            kind,
            label: words::text(lang, &self.label(action)),
            effect: self.effect(seat, action, lang),
            cost: self.cost(seat, action).map(i64::from),
            highlights: Self::highlight(action).into_iter().collect(),
            args,
        }
    }

    fn refusal(error: &RuleError, lang: &str) -> String {
        words::text(lang, &error.message())
    }

    fn notation_help(lang: &str) -> String {
        words::t(lang, "big-boss-term-help", &[])
    }

    /// Money, share value, tower value, cards left in hand and the total of every seat, best
    /// first; the note explains the towers and cards columns of the edition.
    fn score_table(&self, lang: &str) -> Option<ScoreTable> {
        let outcome = self.outcome()?;
        self.scores_table(outcome, lang)
    }

    /// The same table for the scores if the game ended now.
    fn standings(&self, lang: &str) -> Option<ScoreTable> {
        self.scores_table(self.ranking(), lang)
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

    /// For every viewer, what the rule set calls a tower (`"tower_name": "radio tower"`, or
    /// `"owner flag"` in Classic); for a seat also each card of its hand, whether it can be
    /// played now, what it would do (a short word and the effect) or why not: `{"hand":
    /// {"46": {"playable": true, "short": "extend", "use": "extend Regent"}, "L":
    /// {"playable": false, "why": "…"}}}`. Only the seat's own cards and the public board go
    /// into it.
    fn extra(&self, viewer: Viewer, lang: &str) -> Option<serde_json::Value> {
        let mut extra = serde_json::Map::new();
        extra.insert(
            "tower_name".to_string(),
            self.rules().tower_name.to_string().into(),
        );
        if let Some(seat) = viewer.seat().filter(|&s| s < self.players()) {
            let hand: serde_json::Map<String, serde_json::Value> = self
                .player(seat)
                .hand
                .cards()
                .into_iter()
                .map(|card| (card.to_string(), self.card_note(seat, card, lang)))
                .collect();
            // Moved in, not copied (`json!` would write the whole map out again).
            extra.insert("hand".to_string(), serde_json::Value::Object(hand));
        }
        Some(serde_json::Value::Object(extra))
    }

    fn draw(&self, viewer: Viewer, color: bool, lang: &str) -> String {
        crate::terminal::draw(self, viewer, color, lang)
    }

    /// Turns played, companies founded, mergers, towers placed, and whether the game ended
    /// because every player passed.
    fn final_stats(&self) -> Vec<(&'static str, f64)> {
        let gone = CompanyId::all()
            .filter(|&c| self.company(c).status == Status::Gone)
            .count();
        let founded = CompanyId::all()
            .filter(|&c| self.company(c).status != Status::Unfounded)
            .count();
        let towers: u32 = (0..self.players())
            .map(|s| self.player(s).towers_placed as u32)
            .sum();
        let all_passed = matches!(
            self.phase(),
            Phase::Over {
                reason: EndReason::AllPassed
            }
        );
        vec![
            ("turns", BigBoss::turn(self) as f64),
            ("companies_founded", founded as f64),
            ("mergers", gone as f64),
            ("towers_placed", towers as f64),
            ("all_passed_endings", if all_passed { 1.0 } else { 0.0 }),
        ]
    }

    fn holdings(&self, viewer: Viewer) -> Vec<Vec<boardroom_engine::Holding>> {
        crate::describe::holdings(self, viewer, boardroom_i18n::ENGLISH)
    }

    fn holdings_in(&self, viewer: Viewer, lang: &str) -> Vec<Vec<boardroom_engine::Holding>> {
        crate::describe::holdings(self, viewer, lang)
    }

    fn money(&self, seat: Seat) -> i64 {
        if seat < self.players() {
            self.player(seat).money as i64
        } else {
            0
        }
    }

    /// Counts passes after selling, plain passes, shares, towers and cards bought.
    fn action_stat(&self, _seat: Seat, action: &Action) -> Option<&'static str> {
        match (action, self.phase()) {
            (Action::Pass, Phase::Selling) => Some("sell_and_pass"),
            (Action::Pass, _) => Some("plain_passes"),
            (Action::Share(_), _) => Some("shares_bought"),
            (Action::Tower, _) => Some("towers_bought"),
            (Action::BuyDeck | Action::BuyRow(_) | Action::BuyLevel, _) => Some("cards_bought"),
            _ => None,
        }
    }
}

impl Configure for BigBoss {
    const MIN_PLAYERS: usize = MIN_PLAYERS;
    const MAX_PLAYERS: usize = MAX_PLAYERS;

    /// One option: `edition`, `modern` (default) or `classic`.
    fn option_specs() -> &'static [OptionSpec] {
        OPTIONS
    }

    /// The edition may be given in any letter case, or as the year of the edition (`2023` is
    /// modern, `1994` classic).
    fn normalize_options(options: &mut Options) {
        if let Some(edition) = options
            .text("edition")
            .and_then(|e| e.parse::<Edition>().ok())
        {
            options.set("edition", OptionValue::Text(edition.as_str().to_string()));
        }
    }

    /// Checks the options again (so a caller that did not is still answered with a clear
    /// error), then the player count (2–6) and the first seat.
    fn make_config(
        players: usize,
        first: Option<Seat>,
        options: &Options,
    ) -> Result<Config, ConfigError> {
        options.check(<BigBoss as Present>::TITLE, OPTIONS)?;
        let edition = match options.text("edition") {
            Some(e) => e.parse::<Edition>().map_err(ConfigError)?,
            None => Edition::Modern,
        };
        let config = Config {
            edition,
            players,
            first_player: first,
        };
        config.validate()?;
        Ok(config)
    }

    fn config_players(config: &Config) -> usize {
        config.players
    }
}

impl BigBoss {
    /// The score table for `outcome`: the final scores, or the standings when the outcome is
    /// the ranking of a game not over yet.
    fn scores_table(&self, outcome: boardroom_engine::Outcome, lang: &str) -> Option<ScoreTable> {
        let mut rows: Vec<(i64, u8, ScoreRow)> = (0..self.players())
            .map(|seat| {
                let l = self.score(seat);
                let cells = [l.money, l.shares, l.towers, l.cards, l.total]
                    .iter()
                    .map(|&n| boardroom_i18n::number(lang, n as f64))
                    .collect();
                let row = ScoreRow {
                    seat,
                    name: <BigBoss as Present>::seat_name_in(seat, lang),
                    cells,
                    winner: outcome.winners.contains(seat),
                };
                (l.total, l.towers_placed, row)
            })
            .collect();
        let tie_break = self.rules().tower_tie_break;
        let tower = crate::words::tower_kind(self.rules().tower_name);
        rows.sort_by(|a, b| {
            b.2.winner
                .cmp(&a.2.winner)
                .then(b.0.cmp(&a.0))
                .then(if tie_break {
                    b.1.cmp(&a.1)
                } else {
                    std::cmp::Ordering::Equal
                })
                .then(a.2.seat.cmp(&b.2.seat))
        });
        let note = match self.edition() {
            Edition::Modern => "big-boss-score-note-modern",
            Edition::Classic => "big-boss-score-note-classic",
        };
        Some(ScoreTable {
            columns: ["money", "shares", "towers", "cards", "total"]
                .iter()
                .map(|c| {
                    crate::words::t(
                        lang,
                        "big-boss-score-column",
                        &[("column", (*c).into()), ("kind", tower.as_str().into())],
                    )
                })
                .collect(),
            rows: rows.into_iter().map(|(_, _, row)| row).collect(),
            note: crate::words::t(lang, note, &[]),
        })
    }
}

#[cfg(test)]
mod web_tests {
    use super::*;

    #[test]
    fn the_browser_view_is_a_module_with_its_style_sheet() {
        let files = <BigBoss as Present>::web_assets();
        let view = files.iter().find(|f| f.name == "view.js").unwrap();
        assert!(view.content_type.starts_with("text/javascript"));
        assert!(view.body.contains("export default"));
        assert!(view.body.contains("data-target"));
        let css = files.iter().find(|f| f.name == "view.css").unwrap();
        assert!(css.content_type.starts_with("text/css"));
    }
}
