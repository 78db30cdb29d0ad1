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

use crate::action::{Action, Deck, Lot, Timeout, Vote};
use crate::data::{Data, FateEffect};
use crate::describe::{deck_id, lot_words, offer_words, vote_word};
use crate::event::Event;
use crate::names::fate_name_in;
use crate::notation::{exec_card, exp_card};
use crate::state::TheBoss;
use crate::words::{self, seat_in};
use boardroom_engine::{ActionView, Seat};
use boardroom_i18n::Arg;

impl TheBoss {
    /// What the running auction sells, in words, with the Fate card of a Fate lot (revealed).
    pub(super) fn auction_lot_words(&self, lang: &str) -> String {
        let Some(a) = &self.auction else {
            return String::new();
        };
        match (a.lot, &a.fate) {
            (Lot::Fate, Some(f)) => fate_name_in(&self.data, f.card, lang),
            (lot, _) => lot_words(Some(&self.data), lot, lang),
        }
    }

    /// A held Fate card's name, e.g. `Fire card — severance $300`.
    fn fate_words(&self, card: u8, lang: &str) -> String {
        fate_name_in(&self.data, card, lang)
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
    fn offer_summary(&self, id: u32, lang: &str) -> String {
        self.offers
            .iter()
            .find(|o| o.id == id)
            .map(|o| {
                format!(
                    "{} {}",
                    seat_in(o.from, lang),
                    offer_words(Some(&self.data), &o.offer, &|s| seat_in(s, lang), lang)
                )
            })
            .unwrap_or_default()
    }

    /// Labels as the browser's buttons read, the cash that leaves at once as the cost (a bid
    /// or an offer costs nothing until it wins or is accepted), and the clicked targets (see
    /// the module's documentation).
    pub(super) fn view_of(&self, seat: Seat, action: &Action, lang: &str) -> ActionView {
        let kind = kind(action);
        let d: &Data = &self.data;
        let name = |s: Seat| seat_in(s, lang);
        let t = |id: &str, args: &[(&str, Arg)]| words::t(lang, id, args);
        let money = |amount: u32| t("the-boss-money", &[("amount", amount.into())]);
        let view = match action {
            Action::Collect => {
                let salary = self
                    .turn
                    .start_job
                    .map_or(0, |j| self.data.position(j).salary);
                ActionView::new(
                    kind,
                    t("the-boss-do-collect", &[]),
                    format!("+{}", money(salary)),
                )
            }
            Action::TakeCard => ActionView::new(
                kind,
                t("the-boss-do-card", &[]),
                match self.players[seat].job {
                    Some(j) => t(
                        "the-boss-do-card-effect",
                        &[
                            ("card", crate::names::exec_number_name_in(d, j, lang).into()),
                            ("points", d.position(j).exec_points.into()),
                        ],
                    ),
                    None => String::new(),
                },
            ),
            Action::Buy(k) => {
                let cost = k * d.economy().share_price;
                with_cost(
                    ActionView::new(
                        kind,
                        t("the-boss-do-buy", &[("count", (*k).into())]),
                        t("the-boss-do-buy-effect", &[("cost", cost.into())]),
                    ),
                    cost,
                )
            }
            Action::Open => ActionView::new(
                kind,
                t("the-boss-do-open", &[]),
                t("the-boss-do-open-effect", &[]),
            ),
            Action::Move(n) => {
                let p = d.position(*n);
                ActionView::new(
                    kind,
                    t(
                        "the-boss-do-move",
                        &[("title", p.title.as_str().into()), ("number", (*n).into())],
                    ),
                    t("the-boss-do-move-effect", &[("salary", p.salary.into())]),
                )
                .highlight(format!("office:{n}"))
            }
            Action::Use => match self.players[seat].fate.as_ref().map(|f| f.card) {
                Some(c) => match d.fate_effect(c) {
                    FateEffect::Bonus { amount } => ActionView::new(
                        kind,
                        t(
                            "the-boss-do-use",
                            &[("card", self.fate_words(c, lang).into())],
                        ),
                        format!("+{}", money(amount)),
                    )
                    .highlight(format!("fate:{seat}")),
                    FateEffect::StockOption { shares, price } => with_cost(
                        ActionView::new(
                            kind,
                            t(
                                "the-boss-do-use",
                                &[("card", self.fate_words(c, lang).into())],
                            ),
                            t(
                                "the-boss-do-use-option",
                                &[("shares", shares.into()), ("price", price.into())],
                            ),
                        ),
                        shares.saturating_mul(price),
                    )
                    .highlight(format!("fate:{seat}")),
                    _ => ActionView::new(
                        kind,
                        t(
                            "the-boss-do-use",
                            &[("card", self.fate_words(c, lang).into())],
                        ),
                        "",
                    )
                    .highlight(format!("fate:{seat}")),
                },
                None => ActionView::new(kind, t("the-boss-do-use-fate", &[]), ""),
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
                        t("the-boss-do-fire", &[("name", name(*x).into())]),
                        t("the-boss-do-fire-effect", &[("severance", sev.into())]),
                    ),
                    sev,
                )
                .highlight(format!("player:{x}"))
            }
            Action::Meeting(x) => ActionView::new(
                kind,
                t("the-boss-do-meeting", &[("name", name(*x).into())]),
                t("the-boss-do-meeting-effect", &[]),
            )
            .highlight(format!("player:{x}")),
            Action::Stop => ActionView::new(
                kind,
                t("the-boss-do-stop", &[]),
                t("the-boss-do-stop-effect", &[]),
            ),
            Action::Vote(v) => ActionView::new(
                kind,
                t("the-boss-do-vote", &[("vote", vote_word(*v).into())]),
                t(
                    "the-boss-n-shares",
                    &[("count", self.voting_power(seat).into())],
                ),
            ),
            Action::Pass => {
                let effect = if self.auction.is_some() {
                    "the-boss-do-pass-auction"
                } else if self.meeting.is_some() {
                    "the-boss-do-pass-lobbying"
                } else {
                    "the-boss-do-pass-floor"
                };
                ActionView::new(kind, t("the-boss-do-pass", &[]), t(effect, &[]))
            }
            Action::Bid(x) => ActionView::new(
                kind,
                t("the-boss-do-bid", &[("amount", (*x).into())]),
                t(
                    "the-boss-do-bid-effect",
                    &[("lot", self.auction_lot_words(lang).into())],
                ),
            ),
            Action::Pay => {
                let pay = match self.disaster.map(|c| d.fate_effect(c)) {
                    Some(FateEffect::Disaster { pay, .. }) => pay,
                    _ => 0,
                };
                with_cost(
                    ActionView::new(
                        kind,
                        t("the-boss-do-pay", &[("amount", pay.into())]),
                        t("the-boss-do-pay-effect", &[]),
                    ),
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
                    t("the-boss-do-lose", &[("count", turns.into())]),
                    t("the-boss-do-lose-effect", &[]),
                )
            }
            Action::Draw(deck) => ActionView::new(
                kind,
                t("the-boss-do-draw", &[("deck", deck_id(*deck).into())]),
                t(
                    "the-boss-do-draw-effect",
                    &[(
                        "count",
                        match deck {
                            Deck::Experience => self.exp_deck.len(),
                            Deck::Fate => self.fate_deck.len(),
                        }
                        .into(),
                    )],
                ),
            )
            .highlight(match deck {
                Deck::Experience => "deck:experience",
                Deck::Fate => "deck:fate",
            }),
            Action::Discard => ActionView::new(
                kind,
                t("the-boss-do-discard", &[]),
                t("the-boss-do-discard-effect", &[]),
            )
            .highlight(format!("fate:{seat}")),
            Action::End => ActionView::new(
                kind,
                t("the-boss-do-end", &[]),
                t("the-boss-do-end-effect", &[]),
            ),
            Action::Offer(o) => ActionView::new(
                kind,
                t("the-boss-do-offer", &[("name", name(o.to).into())]),
                offer_words(Some(d), o, &name, lang),
            )
            .highlight(format!("player:{}", o.to)),
            Action::Accept(id) => with_cost(
                ActionView::new(
                    kind,
                    t("the-boss-do-accept", &[("id", (*id).into())]),
                    self.offer_summary(*id, lang),
                ),
                self.accept_cost(seat, *id),
            )
            .highlight(format!("offer:{id}")),
            Action::Reject(id) => {
                ActionView::new(kind, t("the-boss-do-reject", &[("id", (*id).into())]), "")
                    .highlight(format!("offer:{id}"))
            }
            Action::Withdraw(id) => {
                ActionView::new(kind, t("the-boss-do-withdraw", &[("id", (*id).into())]), "")
                    .highlight(format!("offer:{id}"))
            }
            Action::Counter(id, o) => ActionView::new(
                kind,
                t("the-boss-do-counter", &[("id", (*id).into())]),
                offer_words(Some(d), o, &name, lang),
            )
            .highlight(format!("offer:{id}")),
            Action::Show(x) => ActionView::new(
                kind,
                t("the-boss-do-show", &[("name", name(*x).into())]),
                t("the-boss-do-show-effect", &[]),
            )
            .highlight(format!("player:{x}")),
            Action::Auction(lot, reserve) => {
                let label = match lot {
                    Lot::Fate => t("the-boss-do-auction-fate", &[]),
                    l => t(
                        "the-boss-do-auction",
                        &[("lot", lot_words(Some(d), *l, lang).into())],
                    ),
                };
                let v = ActionView::new(
                    kind,
                    label,
                    t(
                        "the-boss-do-auction-effect",
                        &[("reserve", (*reserve).into())],
                    ),
                );
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
                        t("the-boss-do-settle", &[("id", (*id).into())]),
                        t("the-boss-do-settle-effect", &[]),
                    ),
                    cash,
                )
                .highlight(format!("deal:{id}"))
            }
            Action::Release(id) => ActionView::new(
                kind,
                t("the-boss-do-release", &[("id", (*id).into())]),
                t("the-boss-do-release-effect", &[]),
            )
            .highlight(format!("deal:{id}")),
            Action::Default(id) => ActionView::new(
                kind,
                t("the-boss-do-default", &[("id", (*id).into())]),
                t("the-boss-do-default-effect", &[]),
            )
            .highlight(format!("deal:{id}")),
            Action::WalkAway(id) => ActionView::new(
                kind,
                t("the-boss-do-walkaway", &[("id", (*id).into())]),
                t("the-boss-do-walkaway-effect", &[]),
            )
            .highlight(format!("deal:{id}")),
            Action::Timeout(timer) => ActionView::new(
                kind,
                t("the-boss-do-timeout", &[]),
                crate::describe::describe(&Event::TimeUp { what: *timer }, &name, lang),
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
