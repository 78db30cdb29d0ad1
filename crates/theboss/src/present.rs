//! The Boss as people are shown it, and how a table is set up: seat names, sentences, the
//! prompt, a label, effect, cost and clickable targets for every action, the final score table,
//! the browser view's extra data ([`Present`]); the player count and table options
//! ([`Configure`]).
//!
//! Clickable targets (`kind:id`), as the browser view marks them: `office:<1..8>` (a move),
//! `player:<seat>` (fire, call a meeting on, show the Fate card to), `offer:<id>` (answer,
//! withdraw or counter an offer), `deal:<id>` (settle, release, default, walk away),
//! `deck:experience` and `deck:fate` (the draw), `card:<card>` (a card in the acting player's
//! hand as the notation writes it, e.g. `card:COL#14`, `card:E8#17`: auction it) and
//! `fate:<seat>` (the held Fate card: use, discard, auction). Everything else is a button.

use crate::action::{Action, Deck, Lot};
use crate::data::{Data, DataFile, FateEffect, Level};
use crate::describe::{self, deck_word, lot_words, offer_words, vote_word};
use crate::event::Event;
use crate::names::{exec_name, exp_name, fate_name, kind_name};
use crate::notation::{exec_card, exp_card};
use crate::state::{Config, Ending, Step, TheBoss, MAX_PLAYERS, MIN_PLAYERS};
use crate::terminal;
use boardroom_engine::{
    ActionView, ConfigError, Configure, Game, OptionKind, OptionSpec, Options, Present, ScoreRow,
    ScoreTable, Seat, Viewer, WebAsset,
};
use serde_json::{json, Value};

/// Seat names: the players' colours.
const SEAT_NAMES: [&str; 4] = ["Red", "Blue", "Green", "Yellow"];

/// A seat's name: its colour (`Red`, `Blue`, `Green`, `Yellow`).
pub fn seat_name(seat: Seat) -> String {
    SEAT_NAMES
        .get(seat)
        .map_or_else(|| format!("Seat {}", seat + 1), |s| s.to_string())
}

/// The table options: a data file, and the two-player share cap variant.
const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "data",
        help: "a data file (TOML) with other positions, cards or economy than the shipped set",
        kind: OptionKind::File,
        default: None,
        lobby: true,
        players: None,
    },
    OptionSpec {
        name: "two_player_share_cap",
        help: "two players only: the Bank sells at most the data file's cap of shares (1,200 in the shipped set)",
        kind: OptionKind::Flag,
        default: None,
        lobby: true,
        players: Some((2, 2)),
    },
];

const HELP: &str = "\
Type the number of a move from the list, or the move itself in notation:
  collect | card | buy 30 | open | move 3 | use | fire 2 | meeting 2 | stop
  vote for|against|abstain | pass | bid 120 | pay | lose | draw experience | draw fate
  discard | end | accept 7 | reject 7 | withdraw 7 | show 2 | settle 4 | release 4
  default 4 | walkaway 4 | auction COL#14 50 | auction 50sh 1000 | auction fate 100
  offer 2 give $300 10sh take COL#14 note \"deal?\"
  offer 1 give $200 promise 1 deliver $220 pledge 20sh due 7
  counter 12 give 10sh take $250
Seats are numbered from 0 in turn order; cards as in the hands (COL#14, E8#17).
Commands: board (show the table), help, quit.";

/// The columns of the final score table after the player's name.
const SCORE_COLUMNS: [&str; 5] = ["cash", "shares", "share value", "exec points", "net worth"];

/// The configuration of `players` with `options` read: the data file (checked, errors naming
/// the field) and the two-player share cap (written into the data set's variants).
fn config_of(
    players: usize,
    first: Option<Seat>,
    options: &Options,
) -> Result<Config, ConfigError> {
    let mut data = options.text("data").map(str::to_string);
    if options.flag("two_player_share_cap") {
        if players != 2 {
            return Err(ConfigError(format!(
                "the two-player share cap is for 2 players, not {players}"
            )));
        }
        let text = data.as_deref().unwrap_or(crate::data::DEFAULT_DATA_TOML);
        let mut file: DataFile = toml::from_str(text)
            .map_err(|e| ConfigError(format!("malformed data file: {}", e.message())))?;
        file.variants.two_player_share_cap = true;
        data = Some(
            toml::to_string(&file)
                .map_err(|e| ConfigError(format!("cannot write the data file: {e}")))?,
        );
    }
    let config = Config {
        players,
        first_player: first,
        data,
    };
    config.validate()?;
    Ok(config)
}

impl Configure for TheBoss {
    const MIN_PLAYERS: usize = MIN_PLAYERS;
    const MAX_PLAYERS: usize = MAX_PLAYERS;

    fn option_specs() -> &'static [OptionSpec] {
        OPTIONS
    }

    /// The data file (when given) is read and checked, naming the field that is wrong; then
    /// the player count and the first seat.
    fn make_config(
        players: usize,
        first: Option<Seat>,
        options: &Options,
    ) -> Result<Config, ConfigError> {
        config_of(players, first, options)
    }

    fn config_players(config: &Config) -> usize {
        config.players
    }
}

/// The name of a step of the turn.
fn step_words(step: Step) -> &'static str {
    match step {
        Step::Salary => "collect salary",
        Step::ExecCard => "take an Executive card",
        Step::Stock => "buy stock",
        Step::Business => "business transactions",
        Step::Closing => "closing auctions",
        Step::Draw => "draw",
        Step::Disaster => "Financial Disaster",
    }
}

impl TheBoss {
    /// What the running auction sells, in words, with the Fate card of a Fate lot (revealed).
    fn auction_lot_words(&self) -> String {
        let Some(a) = &self.auction else {
            return String::new();
        };
        match (a.lot, &a.fate) {
            (Lot::Fate, Some(f)) => fate_name(&self.data, f.card),
            (lot, _) => lot_words(Some(&self.data), lot),
        }
    }

    /// A held Fate card's name, e.g. `Fire card — severance $300`.
    fn fate_words(&self, card: u8) -> String {
        fate_name(&self.data, card)
    }

    /// Cash `seat` gives at once when it accepts offer `id` (what the offer takes, plus any
    /// cash it pledges as the promisor of a long-term deal).
    fn accept_cost(&self, seat: Seat, id: u32) -> u32 {
        self.offers
            .iter()
            .find(|o| o.id == id)
            .map(|o| {
                let pledge = o
                    .offer
                    .long_term
                    .as_ref()
                    .filter(|lt| lt.promisor == seat)
                    .map_or(0, |lt| lt.collateral.cash);
                o.offer.take.cash.saturating_add(pledge)
            })
            .unwrap_or(0)
    }
}

/// `view` with `cost` when it is not zero.
fn with_cost(view: ActionView, cost: u32) -> ActionView {
    if cost > 0 {
        view.cost(cost as i64)
    } else {
        view
    }
}

impl Present for TheBoss {
    const TITLE: &'static str = "The Boss";

    fn seat_name(seat: Seat) -> String {
        seat_name(seat)
    }

    fn describe_config(config: &Config) -> String {
        let data = if config.data.is_some() {
            ", own data file"
        } else {
            ""
        };
        format!("The Boss, {} players{data}", config.players)
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

    fn describe(event: &Event) -> String {
        describe::describe(event, &seat_name)
    }

    fn starts_turn(event: &Event) -> bool {
        event.starts_turn()
    }

    /// What is asked now: the bidder of an auction, the meeting's voters and lobbyists, the
    /// caller after a failed meeting, a Financial Disaster, or the active player's step; offers
    /// waiting for an answer are listed. Held Fate cards are never named (the prompt may be
    /// shown to everyone).
    fn prompt(&self) -> String {
        if let Some(e) = &self.ending {
            return format!(
                "The game is over: {}",
                describe::ending_words(e, &seat_name)
            );
        }
        let mut text = if let Some(a) = &self.auction {
            let high = match a.high {
                Some((s, p)) => format!("high bid ${p} by {}", seat_name(s)),
                None => "no bid yet".into(),
            };
            let who = self.auction_caller().map(seat_name).unwrap_or_default();
            format!(
                "{who}: bid at least ${} for {} sold by {}, or pass — {high}",
                self.min_bid().unwrap_or(a.opening),
                self.auction_lot_words(),
                seat_name(a.seller)
            )
        } else if let Some(m) = &self.meeting {
            let undeclared: Vec<String> = (0..self.players.len())
                .filter(|&v| self.undeclared_voter(v))
                .map(seat_name)
                .collect();
            let mut t = format!(
                "Stockholders' Meeting: {} moves to fire {} (severance ${}).",
                seat_name(m.caller),
                seat_name(m.target),
                m.severance
            );
            if !undeclared.is_empty() {
                t.push_str(&format!(
                    " Still to vote for, against or abstain: {}.",
                    undeclared.join(", ")
                ));
            }
            t.push_str(" Caller and target may buy votes, then pass.");
            t
        } else if self.after_meeting.is_some() {
            format!(
                "{}: the meeting failed — call a meeting on another executive or stop",
                seat_name(self.turn.seat)
            )
        } else if let Some(c) = self.disaster {
            match self.data.fate_effect(c) {
                FateEffect::Disaster { pay, turns } => format!(
                    "{}: Financial Disaster — pay ${pay} or lose {turns} turn{}",
                    seat_name(self.turn.seat),
                    if turns == 1 { "" } else { "s" }
                ),
                _ => format!("{}: pay or lose turns", seat_name(self.turn.seat)),
            }
        } else {
            let who = seat_name(self.turn.seat);
            match self.turn.step {
                Step::Draw => format!(
                    "{who}: draw a card from the Experience or the Fate deck (or discard the held Fate card first)"
                ),
                Step::Closing => format!("{who}: the closing auctions run"),
                step => {
                    let mut t = format!(
                        "{who}'s turn ({}): collect, buy, move, use cards, fire, deal, then end business",
                        step_words(step)
                    );
                    if self.turn.floor && step == Step::Business {
                        t.push_str(" — the floor is open: everyone may deal");
                    }
                    t
                }
            }
        };
        if !self.offers.is_empty() {
            let waiting: Vec<String> = self
                .offers
                .iter()
                .map(|o| {
                    format!(
                        "offer {} from {} to {}",
                        o.id,
                        seat_name(o.from),
                        seat_name(o.offer.to)
                    )
                })
                .collect();
            text.push_str(&format!(". Waiting for an answer: {}", waiting.join("; ")));
        }
        text
    }

    /// Labels as the browser's buttons read, the cash that leaves at once as the cost (a bid
    /// or an offer costs nothing until it wins or is accepted), and the clicked targets (see
    /// the module's documentation).
    fn action_view(&self, seat: Seat, action: &Action) -> ActionView {
        let d: &Data = &self.data;
        let name = |s: Seat| seat_name(s);
        match action {
            Action::Collect => {
                let salary = self
                    .turn
                    .start_job
                    .map_or(0, |j| self.data.position(j).salary);
                ActionView::new("Collect the salary", format!("+${salary}"))
            }
            Action::TakeCard => ActionView::new(
                "Take an Executive card",
                match self.players[seat].job {
                    Some(j) => format!(
                        "an {}, {} points",
                        crate::names::exec_number_name(d, j),
                        d.position(j).exec_points
                    ),
                    None => String::new(),
                },
            ),
            Action::Buy(k) => {
                let cost = k * d.economy().share_price;
                with_cost(
                    ActionView::new(format!("Buy {k} shares"), format!("${cost} to the Bank")),
                    cost,
                )
            }
            Action::Open => ActionView::new("Open the floor", "everyone may deal"),
            Action::Move(n) => {
                let p = d.position(*n);
                ActionView::new(
                    format!("Move to {} ({n})", p.title),
                    format!("salary ${}", p.salary),
                )
                .highlight(format!("office:{n}"))
            }
            Action::Use => match self.players[seat].fate.as_ref().map(|f| f.card) {
                Some(c) => match d.fate_effect(c) {
                    FateEffect::Bonus { amount } => ActionView::new(
                        format!("Use {}", self.fate_words(c)),
                        format!("+${amount}"),
                    )
                    .highlight(format!("fate:{seat}")),
                    FateEffect::StockOption { shares, price } => with_cost(
                        ActionView::new(
                            format!("Use {}", self.fate_words(c)),
                            format!("buy {shares} shares at ${price}"),
                        ),
                        shares.saturating_mul(price),
                    )
                    .highlight(format!("fate:{seat}")),
                    _ => ActionView::new(format!("Use {}", self.fate_words(c)), "")
                        .highlight(format!("fate:{seat}")),
                },
                None => ActionView::new("Use the Fate card", ""),
            },
            Action::Fire(x) => {
                // The held Fire card (firing from an earlier step enters business first).
                let sev = match self.players[seat]
                    .fate
                    .as_ref()
                    .map(|f| d.fate_effect(f.card))
                {
                    Some(FateEffect::Fire { severance }) => severance,
                    _ => 0,
                };
                with_cost(
                    ActionView::new(format!("Fire {}", name(*x)), format!("severance ${sev}")),
                    sev,
                )
                .highlight(format!("player:{x}"))
            }
            Action::Meeting(x) => ActionView::new(
                format!("Call a meeting to fire {}", name(*x)),
                "the shareholders vote",
            )
            .highlight(format!("player:{x}")),
            Action::Stop => ActionView::new("Call no other meeting", "the Fire card is discarded"),
            Action::Vote(v) => ActionView::new(
                format!("Vote {}", vote_word(*v)),
                format!("{} shares", self.voting_power(seat)),
            ),
            Action::Pass => {
                if self.auction.is_some() {
                    ActionView::new("Pass", "leave the auction")
                } else if self.meeting.is_some() {
                    ActionView::new("Pass", "end your lobbying")
                } else {
                    ActionView::new("Pass", "make no more offers this turn")
                }
            }
            Action::Bid(x) => ActionView::new(
                format!("Bid ${x}"),
                format!("for {}, paid if it wins", self.auction_lot_words()),
            ),
            Action::Pay => {
                let pay = match self.disaster.map(|c| d.fate_effect(c)) {
                    Some(FateEffect::Disaster { pay, .. }) => pay,
                    _ => 0,
                };
                with_cost(
                    ActionView::new(format!("Pay ${pay}"), "keep your turns"),
                    pay,
                )
            }
            Action::Lose => {
                let turns = match self.disaster.map(|c| d.fate_effect(c)) {
                    Some(FateEffect::Disaster { turns, .. }) => turns,
                    _ => 0,
                };
                ActionView::new(
                    format!("Lose {turns} turn{}", if turns == 1 { "" } else { "s" }),
                    "keep your cash",
                )
            }
            Action::Draw(deck) => ActionView::new(
                format!("Draw from the {} deck", deck_word(*deck)),
                match deck {
                    Deck::Experience => format!("{} left", self.exp_deck.len()),
                    Deck::Fate => format!("{} left", self.fate_deck.len()),
                },
            )
            .highlight(match deck {
                Deck::Experience => "deck:experience",
                Deck::Fate => "deck:fate",
            }),
            Action::Discard => ActionView::new("Discard the Fate card", "face up")
                .highlight(format!("fate:{seat}")),
            Action::End => ActionView::new("End business", "then draw a card"),
            Action::Offer(o) => ActionView::new(
                format!("Offer to {}", name(o.to)),
                offer_words(Some(d), o, &name),
            )
            .highlight(format!("player:{}", o.to)),
            Action::Accept(id) => with_cost(
                ActionView::new(format!("Accept offer {id}"), self.offer_summary(*id)),
                self.accept_cost(seat, *id),
            )
            .highlight(format!("offer:{id}")),
            Action::Reject(id) => {
                ActionView::new(format!("Reject offer {id}"), "").highlight(format!("offer:{id}"))
            }
            Action::Withdraw(id) => {
                ActionView::new(format!("Withdraw offer {id}"), "").highlight(format!("offer:{id}"))
            }
            Action::Counter(id, o) => ActionView::new(
                format!("Counter offer {id}"),
                offer_words(Some(d), o, &name),
            )
            .highlight(format!("offer:{id}")),
            Action::Show(x) => ActionView::new(
                format!("Show the Fate card to {}", name(*x)),
                "only they see it",
            )
            .highlight(format!("player:{x}")),
            Action::Auction(lot, reserve) => {
                let label = match lot {
                    Lot::Fate => "Auction the Fate card".to_string(),
                    l => format!("Auction {}", lot_words(Some(d), *l)),
                };
                let v = ActionView::new(label, format!("opening bid ${reserve}"));
                match lot {
                    Lot::Experience(c) => v.highlight(format!("card:{}", exp_card(d, *c))),
                    Lot::Executive(c) => v.highlight(format!("card:{}", exec_card(d, *c))),
                    Lot::Fate => v.highlight(format!("fate:{seat}")),
                    Lot::Shares(_) => v,
                }
            }
            Action::Settle(id) => {
                let cash =
                    self.deals
                        .iter()
                        .find(|x| x.id == *id)
                        .map_or(0, |x| match &x.promise {
                            crate::action::Promise::Deliver(del) => del.cash,
                            crate::action::Promise::Favour(_) => 0,
                        });
                with_cost(
                    ActionView::new(
                        format!("Settle deal {id}"),
                        "deliver and get the collateral back",
                    ),
                    cash,
                )
                .highlight(format!("deal:{id}"))
            }
            Action::Release(id) => {
                ActionView::new(format!("Release deal {id}"), "return the collateral")
                    .highlight(format!("deal:{id}"))
            }
            Action::Default(id) => ActionView::new(
                format!("Declare deal {id} in default"),
                "keep the collateral",
            )
            .highlight(format!("deal:{id}")),
            Action::WalkAway(id) => ActionView::new(
                format!("Walk away from deal {id}"),
                "lose the collateral, keep the deliverable",
            )
            .highlight(format!("deal:{id}")),
            Action::Timeout(t) => ActionView::new(
                "Time is up",
                crate::describe::describe(&Event::TimeUp { what: *t }, &name),
            ),
        }
    }

    /// Every enumerable legal action (see [`crate::people`]), not the bots' candidates.
    fn person_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        TheBoss::person_actions(self, seat, out)
    }

    fn notation_help() -> &'static str {
        HELP
    }

    /// Cash, shares, their value, Executive points and net worth, best first (the tie-break
    /// order of R-24), with how the game ended.
    fn score_table(&self) -> Option<ScoreTable> {
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
        let rows = lines
            .iter()
            .map(|l| ScoreRow {
                seat: l.seat,
                name: seat_name(l.seat),
                cells: vec![
                    format!("${}", l.cash),
                    l.shares.to_string(),
                    format!("${}", l.shares as u64 * price),
                    l.executive_points.to_string(),
                    format!("${}", l.net_worth),
                ],
                winner: outcome.winners.contains(l.seat),
            })
            .collect();
        let how = self
            .ending
            .as_ref()
            .map(|e| describe::ending_words(e, &seat_name))
            .unwrap_or_default();
        let note = format!(
            "{}.\nThree ways to win: a complete Executive set (2×#5, 2×#6, #7, #8) or more than \
             {} shares wins at once; otherwise, when the last Fate card is drawn, the highest \
             net worth (cash + ${} a share + Executive points) wins — ties go to more shares, \
             then more Executive points, then more cash, then a shared win.",
            capitalise(&how),
            self.data.economy().win_shares_over,
            price
        );
        Some(ScoreTable {
            columns: SCORE_COLUMNS.iter().map(|c| c.to_string()).collect(),
            rows,
            note,
        })
    }

    fn web_assets() -> &'static [WebAsset] {
        boardroom_engine::web_view!()
    }

    fn draw(&self, viewer: Viewer, color: bool) -> String {
        terminal::draw(self, viewer, color)
    }

    /// The data set's tables the view draws from (positions, Experience kinds, card names),
    /// the names of the visible cards, net worths, the lowest bid and the Bank's sale limit.
    fn extra(&self, viewer: Viewer) -> Option<Value> {
        let d = &self.data;
        let positions: Vec<Value> = d
            .positions
            .iter()
            .map(|p| {
                json!({
                    "number": p.number,
                    "title": p.title,
                    "executive": p.level == Level::Executive,
                    "chairs": p.chairs,
                    "salary": p.salary,
                    "min_shares": p.min_shares,
                    "exec_points": p.exec_points,
                    "requirements": p.requirements.iter().map(|r| json!({
                        "kind": d.kinds[r.kind as usize].id,
                        "name": kind_name(d, r.kind),
                        "years": r.years,
                    })).collect::<Vec<_>>(),
                })
            })
            .collect();
        let kinds: Vec<Value> = d
            .kinds
            .iter()
            .enumerate()
            .map(|(i, k)| json!({"id": k.id, "title": k.title, "name": kind_name(d, i as u8), "years": k.years_per_card}))
            .collect();
        let experience: Vec<String> = (0..d.exp_cards.len() as u8)
            .map(|c| exp_card(d, c))
            .collect();
        let executive: Vec<String> = (0..d.exec_cards.len() as u8)
            .map(|c| exec_card(d, c))
            .collect();
        // Every card's name by its number (the data set is public; which cards a viewer sees
        // is the observation's business): the view writes names where events give numbers.
        let names = json!({
            "experience": (0..d.exp_cards.len() as u8).map(|c| exp_name(d, c)).collect::<Vec<_>>(),
            "executive": (0..d.exec_cards.len() as u8).map(|c| exec_name(d, c)).collect::<Vec<_>>(),
            "fate": (0..d.fate_cards.len() as u8).map(|c| fate_name(d, c)).collect::<Vec<_>>(),
        });
        let fate = |c: u8| fate_name(d, c);
        let players: Vec<Value> = (0..self.players.len())
            .map(|s| {
                let p = &self.players[s];
                json!({
                    "name": seat_name(s),
                    "net_worth": self.net_worth(s),
                    "voting_power": self.voting_power(s),
                    "executive_points": self.executive_points(s),
                    "fate": p.fate.as_ref().filter(|_| self.sees_fate(viewer, s)).map(|f| fate(f.card)),
                    "disaster": p.disaster.map(fate),
                    "able_to_deal": self.able_to_deal(s),
                })
            })
            .collect();
        let auction = self.auction.as_ref().map(|a| {
            json!({
                "lot": self.auction_lot_words(),
                "seller": a.seller,
                "min_bid": self.min_bid(),
                "high": a.high,
                "mandatory": a.mandatory,
                "caller": self.auction_caller(),
            })
        });
        let meeting = self.meeting.as_ref().map(|m| {
            // The standing as the tally would count it now: the caller's and the target's
            // automatic votes (§7 step 2) with every declaration.
            let (for_shares, against, abstain) = self.meeting_standing(m);
            json!({
                "for": for_shares,
                "against": against,
                "abstain": abstain,
                "card": fate(m.card),
                "undeclared": (0..self.players.len())
                    .filter(|&s| self.undeclared_voter(s))
                    .collect::<Vec<_>>(),
            })
        });
        let offers: Vec<Value> = self
            .offers
            .iter()
            .map(|o| {
                json!({
                    "id": o.id,
                    "from": o.from,
                    "to": o.offer.to,
                    "text": offer_words(Some(d), &o.offer, &seat_name),
                })
            })
            .collect();
        let deals: Vec<Value> = self
            .deals
            .iter()
            .map(|x| {
                json!({
                    "id": x.id,
                    "promisor": x.promisor,
                    "promisee": x.promisee,
                    "due": x.due,
                    "overdue": x.due < self.round,
                    "text": match &x.promise {
                        crate::action::Promise::Deliver(del) => describe::deliverable(Some(d), del),
                        crate::action::Promise::Favour(t) => format!("favour: \"{t}\""),
                    },
                    "collateral": describe::items(Some(d), &x.collateral, &[], &seat_name),
                })
            })
            .collect();
        let mut extra = json!({
            "positions": positions,
            "kinds": kinds,
            "cards": {
                "experience": experience,
                "executive": executive,
                "names": names,
                "fate_discards": self.fate_discards.iter().map(|&c| fate(c)).collect::<Vec<_>>(),
            },
            "share_price": d.economy().share_price,
            "win_shares_over": d.economy().win_shares_over,
            "bank_for_sale": self.bank_for_sale(),
            "players": players,
            "auction": auction,
            "meeting": meeting,
            "after_meeting": self.after_meeting.is_some(),
            "offers": offers,
            "deals": deals,
            "step": step_words(self.turn.step),
            "floor": self.turn.floor,
            "active": self.turn.seat,
        });
        if let Some(seat) = viewer.seat().filter(|&s| s < self.players.len()) {
            extra["free_cash"] = json!(self.free_cash(seat));
            // Whether the offer builder is open to this seat: its deal window (§9.1) unless it
            // passed on the floor, or a running meeting's vote deals (§9.3, D-19).
            let passed = seat != self.turn.seat && self.turn.idle & (1 << seat) != 0;
            let lobbying = self.meeting.as_ref().is_some_and(|m| {
                self.able_to_deal(seat)
                    && (seat == m.caller || seat == m.target || self.undeclared_voter(seat))
            });
            extra["may_offer"] = json!(
                self.ending.is_none() && ((self.in_deal_window(seat) && !passed) || lobbying)
            );
            // Whether the seat may auction something of its own now (also after passing on
            // the floor, §9.1): the view's auction form, whose reserve is the seat's choice.
            extra["may_auction"] = json!(self.may_auction(seat));
        }
        Some(extra)
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

impl TheBoss {
    /// An open offer in words, from its maker's side.
    fn offer_summary(&self, id: u32) -> String {
        self.offers
            .iter()
            .find(|o| o.id == id)
            .map(|o| {
                format!(
                    "{} {}",
                    seat_name(o.from),
                    offer_words(Some(&self.data), &o.offer, &seat_name)
                )
            })
            .unwrap_or_default()
    }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

#[cfg(test)]
mod web_tests {
    use super::*;

    #[test]
    fn the_browser_view_is_a_module_with_its_style_sheet() {
        let files = <TheBoss as Present>::web_assets();
        let view = files.iter().find(|f| f.name == "view.js").unwrap();
        assert!(view.content_type.starts_with("text/javascript"));
        assert!(view.body.contains("export default"));
        assert!(view.body.contains("data-target"));
        let css = files.iter().find(|f| f.name == "view.css").unwrap();
        assert!(css.content_type.starts_with("text/css"));
        // The how-to-play fragment: HTML with headings from <h2> down, no page, no script.
        let howto = files.iter().find(|f| f.name == "howto.html").unwrap();
        assert!(howto.content_type.starts_with("text/html"));
        assert!(howto.body.trim_start().starts_with("<h2>"));
        for banned in ["<html", "<body", "<script", "<h1", "style="] {
            assert!(!howto.body.contains(banned), "{banned} in the fragment");
        }
        for part in [
            "goal",
            "turn",
            "offer",
            "Long-term",
            "Auctions",
            "Meetings",
            "worked example",
        ] {
            assert!(howto.body.contains(part), "the fragment covers {part}");
        }
    }

    /// The JSON forms the browser view's offer builder and auction form write (`web/view.js`:
    /// `draftAction`, `auctionForm`) read as the actions meant, and back from their notation.
    #[test]
    fn the_forms_the_browser_view_writes_are_actions() {
        use crate::action::{Commitment, Deliverable, LongTerm, Promise, Vote};
        let g = TheBoss::new(&Config::new(3), 5).unwrap();
        let read = |j: Value| g.action_from_json(&j.to_string()).unwrap();
        let offer = read(json!({"action": "offer", "args": {
            "to": 1, "give": {"cash": 300, "experience": [2, 14]}, "take": {"fate": true},
            "give_commitments": [{"kind": "not_fire", "value": 1}],
            "take_commitments": [{"kind": "vote", "value": "for"}],
            "note": "deal?",
            "long_term": {"promisor": 0, "due": 4, "collateral": {"shares": 20},
                          "promise": {"deliver": {"cash": 100, "shares": 0, "experience": [1], "executive": []}}}}}));
        let Action::Offer(o) = offer else {
            panic!("an offer: {offer:?}")
        };
        assert_eq!(o.give.experience, vec![2, 14]);
        assert!(o.take.fate);
        assert_eq!(o.give_commitments, vec![Commitment::NotFire(1)]);
        assert_eq!(o.take_commitments, vec![Commitment::Vote(Vote::For)]);
        assert_eq!(
            o.long_term,
            Some(LongTerm {
                promisor: 0,
                promise: Promise::Deliver(Deliverable {
                    cash: 100,
                    experience: vec![1],
                    ..Default::default()
                }),
                collateral: crate::action::Bundle {
                    shares: 20,
                    ..Default::default()
                },
                due: 4,
            })
        );
        // A counter names an open offer, which the notation checks: read as JSON only.
        let counter: Action = serde_json::from_value(
            json!({"action": "counter", "args": [7, {"to": 2, "take": {"cash": 50},
            "give_commitments": [], "take_commitments": [], "note": "",
            "long_term": {"promisor": 2, "due": 3, "collateral": {}, "promise": {"favour": "a vote"}}}]}),
        )
        .unwrap();
        assert!(
            matches!(&counter, Action::Counter(7, o) if o.to == 2 && o.take.cash == 50
                && matches!(&o.long_term, Some(LongTerm { promise: Promise::Favour(f), .. }) if f == "a vote")),
            "{counter:?}"
        );
        assert_eq!(
            read(json!({"action": "auction", "args": [{"kind": "fate"}, 10]})),
            Action::Auction(Lot::Fate, 10)
        );
        assert_eq!(
            read(json!({"action": "auction", "args": [{"kind": "shares", "id": 50}, 30]})),
            Action::Auction(Lot::Shares(50), 30)
        );
    }

    /// The meeting's tally in the view's data counts the caller's and the target's automatic
    /// votes (§7 step 2) with every declaration, as the tally at the close does: 320 shares
    /// for and 450 against before anyone declares, then a voter's 100 for.
    #[test]
    fn the_meeting_tally_shows_the_true_standing() {
        use crate::action::Vote;
        use crate::state::Meeting;
        let mut g = TheBoss::new(&Config::new(4), 5).unwrap();
        for (s, shares) in [(0, 320), (1, 450), (2, 100), (3, 60)] {
            g.players[s].shares = shares;
        }
        g.meeting = Some(Meeting {
            caller: 0,
            target: 1,
            card: 0,
            severance: 200,
            votes: vec![None; 4],
            voters: 0b1100,
            passes: 0,
            offers: 0,
            named: 0b10,
        });
        let tally = |g: &TheBoss| {
            let x = &g.extra(Viewer::Spectator).unwrap()["meeting"];
            (x["for"].clone(), x["against"].clone(), x["abstain"].clone())
        };
        assert_eq!(tally(&g), (json!(320), json!(450), json!(0)));
        g.meeting.as_mut().unwrap().votes[2] = Some(Vote::For);
        assert_eq!(tally(&g), (json!(420), json!(450), json!(0)));
        g.meeting.as_mut().unwrap().votes[3] = Some(Vote::Abstain);
        assert_eq!(tally(&g), (json!(420), json!(450), json!(60)));
        let m = g.meeting.clone().unwrap();
        assert_eq!(g.meeting_standing(&m), (420, 450, 60));
    }

    #[test]
    fn the_offer_builder_is_open_to_a_seat_in_its_deal_window_only() {
        let g = TheBoss::new(&Config::new(3), 5).unwrap();
        let active = g.turn.seat;
        let extra = |s: Seat| g.extra(Viewer::Seat(s)).unwrap();
        assert_eq!(extra(active)["may_offer"], true);
        let other = (active + 1) % 3;
        assert_eq!(extra(other)["may_offer"], false, "the floor is closed");
        assert!(g
            .extra(Viewer::Spectator)
            .unwrap()
            .get("may_offer")
            .is_none());
    }

    #[test]
    fn the_share_cap_is_for_two_players_and_bad_data_names_the_field() {
        let on = Options::new().with(
            "two_player_share_cap",
            boardroom_engine::OptionValue::Flag(true),
        );
        let c = TheBoss::make_config(2, None, &on).unwrap();
        let g = TheBoss::new(&c, 1).unwrap();
        assert_eq!(g.variant(), "share-cap");
        assert!(g.bank_for_sale() < g.bank_shares());
        let e = TheBoss::make_config(3, None, &on).unwrap_err().to_string();
        assert!(e.contains("2 players"), "{e}");
        let bad = crate::data::DEFAULT_DATA_TOML.replace("chairs = 3", "chairs = 0");
        let o = Options::new().with("data", boardroom_engine::OptionValue::Text(bad));
        let e = TheBoss::make_config(3, None, &o).unwrap_err().to_string();
        assert!(e.contains("chairs"), "{e}");
        let o = Options::new().with(
            "data",
            boardroom_engine::OptionValue::Text("not toml [".into()),
        );
        assert!(TheBoss::make_config(3, None, &o).is_err());
    }
}
