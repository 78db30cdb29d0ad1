//! Every action of The Boss as a person is shown it ([`boardroom_engine::Present::action_view`]):
//! a label as the browser's buttons read, what it does, the cash that leaves at once as the
//! cost (a bid or an offer costs nothing until it wins or is accepted), the clicked targets (see
//! the parent module), a kind and the arguments a view needs.
//!
//! The kind is the first word of the action's notation: `collect`, `card`, `buy` (argument
//! `shares`), `open`, `move` (`office`), `use`, `fire`, `meeting` and `show` (`player`), `stop`,
//! `vote` (`vote`: `for`, `against`, `abstain`), `pass`, `bid` (`amount`), `pay`, `lose`, `draw`
//! (`deck`: `experience`, `fate`), `discard`, `end`, `offer` (`to`), `accept`, `reject`,
//! `withdraw` and `counter` (`offer`), `auction` (`reserve`), `settle`, `release`, `default`
//! and `walkaway` (`deal`), `timeout`.

use super::seat_name;
use crate::action::{Action, Deck, Lot, Timeout, Vote};
use crate::data::{Data, FateEffect};
use crate::describe::{deck_word, lot_words, offer_words, vote_word};
use crate::event::Event;
use crate::names::fate_name;
use crate::notation::{exec_card, exp_card};
use crate::state::TheBoss;
use boardroom_engine::{ActionView, Seat};

impl TheBoss {
    /// What the running auction sells, in words, with the Fate card of a Fate lot (revealed).
    pub(super) fn auction_lot_words(&self) -> String {
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

    /// Labels as the browser's buttons read, the cash that leaves at once as the cost (a bid
    /// or an offer costs nothing until it wins or is accepted), and the clicked targets (see
    /// the module's documentation).
    pub(super) fn view_of(&self, seat: Seat, action: &Action) -> ActionView {
        let kind = kind(action);
        let d: &Data = &self.data;
        let name = |s: Seat| seat_name(s);
        let view = match action {
            Action::Collect => {
                let salary = self
                    .turn
                    .start_job
                    .map_or(0, |j| self.data.position(j).salary);
                ActionView::new(kind, "Collect the salary", format!("+${salary}"))
            }
            Action::TakeCard => ActionView::new(
                kind,
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
                    ActionView::new(
                        kind,
                        format!("Buy {k} shares"),
                        format!("${cost} to the Bank"),
                    ),
                    cost,
                )
            }
            Action::Open => ActionView::new(kind, "Open the floor", "everyone may deal"),
            Action::Move(n) => {
                let p = d.position(*n);
                ActionView::new(
                    kind,
                    format!("Move to {} ({n})", p.title),
                    format!("salary ${}", p.salary),
                )
                .highlight(format!("office:{n}"))
            }
            Action::Use => match self.players[seat].fate.as_ref().map(|f| f.card) {
                Some(c) => match d.fate_effect(c) {
                    FateEffect::Bonus { amount } => ActionView::new(
                        kind,
                        format!("Use {}", self.fate_words(c)),
                        format!("+${amount}"),
                    )
                    .highlight(format!("fate:{seat}")),
                    FateEffect::StockOption { shares, price } => with_cost(
                        ActionView::new(
                            kind,
                            format!("Use {}", self.fate_words(c)),
                            format!("buy {shares} shares at ${price}"),
                        ),
                        shares.saturating_mul(price),
                    )
                    .highlight(format!("fate:{seat}")),
                    _ => ActionView::new(kind, format!("Use {}", self.fate_words(c)), "")
                        .highlight(format!("fate:{seat}")),
                },
                None => ActionView::new(kind, "Use the Fate card", ""),
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
                    ActionView::new(
                        kind,
                        format!("Fire {}", name(*x)),
                        format!("severance ${sev}"),
                    ),
                    sev,
                )
                .highlight(format!("player:{x}"))
            }
            Action::Meeting(x) => ActionView::new(
                kind,
                format!("Call a meeting to fire {}", name(*x)),
                "the shareholders vote",
            )
            .highlight(format!("player:{x}")),
            Action::Stop => {
                ActionView::new(kind, "Call no other meeting", "the Fire card is discarded")
            }
            Action::Vote(v) => ActionView::new(
                kind,
                format!("Vote {}", vote_word(*v)),
                format!("{} shares", self.voting_power(seat)),
            ),
            Action::Pass => {
                if self.auction.is_some() {
                    ActionView::new(kind, "Pass", "leave the auction")
                } else if self.meeting.is_some() {
                    ActionView::new(kind, "Pass", "end your lobbying")
                } else {
                    ActionView::new(kind, "Pass", "make no more offers this turn")
                }
            }
            Action::Bid(x) => ActionView::new(
                kind,
                format!("Bid ${x}"),
                format!("for {}, paid if it wins", self.auction_lot_words()),
            ),
            Action::Pay => {
                let pay = match self.disaster.map(|c| d.fate_effect(c)) {
                    Some(FateEffect::Disaster { pay, .. }) => pay,
                    _ => 0,
                };
                with_cost(
                    ActionView::new(kind, format!("Pay ${pay}"), "keep your turns"),
                    pay,
                )
            }
            Action::Lose => {
                let turns = match self.disaster.map(|c| d.fate_effect(c)) {
                    Some(FateEffect::Disaster { turns, .. }) => turns,
                    _ => 0,
                };
                ActionView::new(
                    kind,
                    format!("Lose {turns} turn{}", if turns == 1 { "" } else { "s" }),
                    "keep your cash",
                )
            }
            Action::Draw(deck) => ActionView::new(
                kind,
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
            Action::Discard => ActionView::new(kind, "Discard the Fate card", "face up")
                .highlight(format!("fate:{seat}")),
            Action::End => ActionView::new(kind, "End business", "then draw a card"),
            Action::Offer(o) => ActionView::new(
                kind,
                format!("Offer to {}", name(o.to)),
                offer_words(Some(d), o, &name),
            )
            .highlight(format!("player:{}", o.to)),
            Action::Accept(id) => with_cost(
                ActionView::new(kind, format!("Accept offer {id}"), self.offer_summary(*id)),
                self.accept_cost(seat, *id),
            )
            .highlight(format!("offer:{id}")),
            Action::Reject(id) => ActionView::new(kind, format!("Reject offer {id}"), "")
                .highlight(format!("offer:{id}")),
            Action::Withdraw(id) => ActionView::new(kind, format!("Withdraw offer {id}"), "")
                .highlight(format!("offer:{id}")),
            Action::Counter(id, o) => ActionView::new(
                kind,
                format!("Counter offer {id}"),
                offer_words(Some(d), o, &name),
            )
            .highlight(format!("offer:{id}")),
            Action::Show(x) => ActionView::new(
                kind,
                format!("Show the Fate card to {}", name(*x)),
                "only they see it",
            )
            .highlight(format!("player:{x}")),
            Action::Auction(lot, reserve) => {
                let label = match lot {
                    Lot::Fate => "Auction the Fate card".to_string(),
                    l => format!("Auction {}", lot_words(Some(d), *l)),
                };
                let v = ActionView::new(kind, label, format!("opening bid ${reserve}"));
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
                        kind,
                        format!("Settle deal {id}"),
                        "deliver and get the collateral back",
                    ),
                    cash,
                )
                .highlight(format!("deal:{id}"))
            }
            Action::Release(id) => {
                ActionView::new(kind, format!("Release deal {id}"), "return the collateral")
                    .highlight(format!("deal:{id}"))
            }
            Action::Default(id) => ActionView::new(
                kind,
                format!("Declare deal {id} in default"),
                "keep the collateral",
            )
            .highlight(format!("deal:{id}")),
            Action::WalkAway(id) => ActionView::new(
                kind,
                format!("Walk away from deal {id}"),
                "lose the collateral, keep the deliverable",
            )
            .highlight(format!("deal:{id}")),
            Action::Timeout(t) => ActionView::new(
                kind,
                "Time is up",
                crate::describe::describe(&Event::TimeUp { what: *t }, &name),
            ),
        };
        with_args(view, action)
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

/// The kind of `action` in its view: the first word of its notation.
fn kind(action: &Action) -> &'static str {
    match action {
        Action::Collect => "collect",
        Action::TakeCard => "card",
        Action::Buy(_) => "buy",
        Action::Open => "open",
        Action::Move(_) => "move",
        Action::Use => "use",
        Action::Fire(_) => "fire",
        Action::Meeting(_) => "meeting",
        Action::Stop => "stop",
        Action::Vote(_) => "vote",
        Action::Pass => "pass",
        Action::Bid(_) => "bid",
        Action::Pay => "pay",
        Action::Lose => "lose",
        Action::Draw(_) => "draw",
        Action::Discard => "discard",
        Action::End => "end",
        Action::Offer(_) => "offer",
        Action::Accept(_) => "accept",
        Action::Reject(_) => "reject",
        Action::Withdraw(_) => "withdraw",
        Action::Counter(..) => "counter",
        Action::Show(_) => "show",
        Action::Auction(..) => "auction",
        Action::Settle(_) => "settle",
        Action::Release(_) => "release",
        Action::Default(_) => "default",
        Action::WalkAway(_) => "walkaway",
        Action::Timeout(_) => "timeout",
    }
}

/// `view` with the arguments of `action` a view needs (see the module's documentation).
fn with_args(view: ActionView, action: &Action) -> ActionView {
    match action {
        Action::Buy(k) => view.arg("shares", *k),
        Action::Move(n) => view.arg("office", *n),
        Action::Fire(s) | Action::Meeting(s) | Action::Show(s) => view.arg("player", *s),
        Action::Vote(v) => view.arg(
            "vote",
            match v {
                Vote::For => "for",
                Vote::Against => "against",
                Vote::Abstain => "abstain",
            },
        ),
        Action::Bid(x) => view.arg("amount", *x),
        Action::Draw(d) => view.arg(
            "deck",
            match d {
                Deck::Experience => "experience",
                Deck::Fate => "fate",
            },
        ),
        Action::Offer(o) => view.arg("to", o.to),
        Action::Accept(id) | Action::Reject(id) | Action::Withdraw(id) | Action::Counter(id, _) => {
            view.arg("offer", *id)
        }
        Action::Auction(_, reserve) => view.arg("reserve", *reserve),
        Action::Settle(id) | Action::Release(id) | Action::Default(id) | Action::WalkAway(id) => {
            view.arg("deal", *id)
        }
        Action::Timeout(Timeout::Offer(id)) => view.arg("timer", "offer").arg("offer", *id),
        Action::Timeout(Timeout::Bid) => view.arg("timer", "bid"),
        Action::Timeout(Timeout::Lobbying) => view.arg("timer", "lobbying"),
        Action::Timeout(Timeout::Business) => view.arg("timer", "business"),
        _ => view,
    }
}
