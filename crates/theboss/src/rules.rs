//! Legality and effects: the dispatch of every action, the turn's step sequences (§5), moving
//! (§5.3), Fate cards (§6), firing office holders (§7), the draw and Financial Disasters (§5.4),
//! and the immediate wins (§8).
//!
//! An action known legal (`crate::legality`) is carried out in place; any other runs on a copy
//! of the state, which replaces the state only when the action is legal, so a rejected action
//! changes nothing.

use crate::action::{Action, Deck, Lot};
use crate::data::{FateEffect, Level, COMPLETE_SET};
use crate::error::{ensure, fail, RuleError};
use crate::event::Event;
use crate::present::seat_name;
use crate::state::{Ending, HeldFate, Sequence, Step, TheBoss, Turn, MAX_PLAYERS};
use boardroom_engine::Seat;

impl TheBoss {
    /// Checks `action` for `seat` without changing anything.
    pub fn check_action(&self, seat: Seat, action: &Action) -> Result<(), RuleError> {
        if self.quick_legal(seat, action) == Some(true) {
            return Ok(());
        }
        self.run_on_copy(seat, action, &mut Vec::new()).map(|_| ())
    }

    /// Applies `action` for `seat`; on error nothing changes and no event is appended.
    pub fn apply_action(
        &mut self,
        seat: Seat,
        action: &Action,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        if self.quick_legal(seat, action) == Some(true) {
            // Known legal: carried out in place (its checks pass, so nothing stops halfway).
            let r = self.dispatch(seat, action, events);
            debug_assert!(r.is_ok(), "{action:?} by seat {seat} was legal: {r:?}");
            return r;
        }
        let mut ev = Vec::new();
        *self = self.run_on_copy(seat, action, &mut ev)?;
        events.extend(ev);
        Ok(())
    }

    /// Applies `action`, which the candidate generator has just listed for `seat` (so it is
    /// legal), in place and without checking it again; an offer moves into the state without
    /// a copy. The result is the one [`TheBoss::apply_action`] gives.
    pub(crate) fn apply_listed(&mut self, seat: Seat, action: Action, events: &mut Vec<Event>) {
        debug_assert_eq!(self.check_action(seat, &action), Ok(()), "{action:?}");
        match action {
            Action::Offer(o) if self.auction.is_none() => {
                self.make_listed_offer(seat, *o, events);
                self.maybe_close_meeting(events);
                self.check_wins(events);
            }
            a => {
                let r = self.dispatch(seat, &a, events);
                debug_assert!(r.is_ok(), "{a:?} by seat {seat} was listed: {r:?}");
            }
        }
    }

    /// Runs `action` on a copy of the state and returns the copy.
    pub(crate) fn run_on_copy(
        &self,
        seat: Seat,
        action: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<TheBoss, RuleError> {
        let mut g = self.clone();
        g.dispatch(seat, action, ev)?;
        Ok(g)
    }

    fn dispatch(
        &mut self,
        seat: Seat,
        action: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        if self.is_over() {
            return fail("§8", "the game is over");
        }
        ensure(seat < self.players.len(), "§1", || {
            format!("{} is not at this table", seat_name(seat))
        })?;
        if self.auction.is_some() {
            match action {
                Action::Bid(x) => self.bid(seat, *x, ev)?,
                Action::Pass => self.auction_pass(seat, ev)?,
                _ => {
                    return fail(
                        "§9.1",
                        "an auction is running: only bids and passes are possible",
                    )
                }
            }
        } else if self.meeting.is_some() {
            let passing = matches!(action, Action::Pass);
            match action {
                Action::Vote(v) => self.vote(seat, *v, ev)?,
                Action::Pass => self.lobby_pass(seat, ev)?,
                Action::Offer(o) => self.make_offer(seat, o, None, ev)?,
                Action::Counter(id, o) => self.counter(seat, *id, o, ev)?,
                Action::Accept(id) => self.accept(seat, *id, ev)?,
                Action::Reject(id) => self.reject(seat, *id, ev)?,
                Action::Withdraw(id) => self.withdraw(seat, *id, ev)?,
                _ => {
                    return fail(
                        "§9.1",
                        "a Stockholders' Meeting is lobbying: only votes, passes and vote deals are possible",
                    )
                }
            }
            // any other meeting action ends the passes that stood.
            if let (false, Some(m)) = (passing, self.meeting.as_mut()) {
                m.passes = 0;
            }
            self.maybe_close_meeting(ev);
        } else if self.after_meeting.is_some() {
            ensure(seat == self.turn.seat, "§7", || {
                "the caller decides whether to call another meeting".into()
            })?;
            match action {
                Action::Meeting(x) => self.call_meeting(seat, *x, ev)?,
                Action::Stop => self.stop_meetings(ev),
                _ => {
                    return fail(
                        "§7",
                        "after a failed meeting: call a meeting on another executive or `stop`",
                    )
                }
            }
        } else if self.disaster.is_some() {
            ensure(seat == self.turn.seat, "§5.4", || {
                format!("{} must first pay or lose turns", seat_name(self.turn.seat))
            })?;
            match action {
                Action::Pay => self.pay_disaster(ev)?,
                Action::Lose => self.lose_turns(ev),
                _ => {
                    return fail(
                        "§5.4",
                        "a Financial Disaster must be settled at once: `pay` or `lose`",
                    )
                }
            }
        } else {
            match action {
                Action::Bid(_) => return fail("§9.6", "no auction is running"),
                Action::Pass => self.floor_pass(seat)?,
                Action::Vote(_) => return fail("§7", "no Stockholders' Meeting is lobbying"),
                Action::Stop => return fail("§7", "no meeting has failed to stop after"),
                Action::Pay | Action::Lose => {
                    return fail("§5.4", "no Financial Disaster is waiting")
                }
                a if a.is_dealing() => self.deal_action(seat, a, ev)?,
                a => {
                    ensure(seat == self.turn.seat, "§5", || {
                        format!("it is {}'s turn", seat_name(self.turn.seat))
                    })?;
                    self.turn_action(a, ev)?;
                }
            }
        }
        self.check_wins(ev);
        Ok(())
    }

    /// A player other than the active one passes on the open floor (§9.1): no more offers
    /// from them in this Business Transactions step.
    fn floor_pass(&mut self, seat: Seat) -> Result<(), RuleError> {
        ensure(
            seat != self.turn.seat && self.turn.floor && self.in_deal_window(seat),
            "§9.1",
            || {
                "nothing to pass: no auction or meeting is running, and passing on the floor is \
                 for other players while the floor is open"
                    .into()
            },
        )?;
        ensure(self.turn.idle & (1 << seat) == 0, "§9.1", || {
            format!(
                "{} has already passed on the floor in this step",
                seat_name(seat)
            )
        })?;
        self.turn.idle |= 1 << seat;
        Ok(())
    }

    /// The active player's own steps.
    fn turn_action(&mut self, action: &Action, ev: &mut Vec<Event>) -> Result<(), RuleError> {
        let seat = self.turn.seat;
        match action {
            Action::Collect => {
                self.step_to(Step::Salary, "collect salary")?;
                let job = self
                    .turn
                    .start_job
                    .expect("office and executive turns have a job");
                let amount = self.data.position(job).salary;
                let cash = &mut self.players[seat].cash;
                *cash = cash.saturating_add(amount);
                ev.push(Event::Salary { seat, amount });
                self.set_step(self.step_after(Step::Salary));
            }
            Action::TakeCard => {
                self.step_to(Step::ExecCard, "take an Executive card")?;
                let job = self.players[seat].job.expect("executive turns have a job");
                ensure(self.owned_of_number(seat, job) < 2, "§4", || {
                    format!("you already own 2 Executive cards #{job} (at most 2 per number)")
                })?;
                let Some(i) = self
                    .exec_bank
                    .iter()
                    .position(|&c| self.data.exec_number(c) == job)
                else {
                    return fail("§4", format!("the Bank has no Executive card #{job} left"));
                };
                let card = self.exec_bank.remove(i);
                insert_sorted(&mut self.players[seat].executive, card);
                ev.push(Event::ExecutiveCard { seat, card });
                self.set_step(Step::Stock);
            }
            Action::Buy(k) => {
                self.step_to(Step::Stock, "buy stock")?;
                let k = *k;
                let lot = self.data.economy().lot;
                ensure(k >= lot && k.is_multiple_of(lot), "§5.2", || {
                    format!("shares are bought in multiples of {lot}, at least {lot}")
                })?;
                let job = self.turn.start_job.expect("stock steps have a job");
                let budget = self.data.position(job).salary;
                let cost = k.saturating_mul(self.data.economy().share_price);
                ensure(cost <= budget, "R-8", || {
                    format!("{k} shares cost ${cost}, more than the salary budget of ${budget}")
                })?;
                ensure(cost <= self.free_cash(seat), "§5.2", || {
                    format!(
                        "{k} shares cost ${cost} and you have ${}",
                        self.free_cash(seat)
                    )
                })?;
                ensure(k <= self.bank_for_sale(), "§5.2", || {
                    format!("the Bank has only {} shares for sale", self.bank_for_sale())
                })?;
                self.players[seat].cash -= cost;
                self.players[seat].shares += k;
                self.bank_shares -= k;
                self.bank_sold += k;
                self.turn.bought = true;
                ev.push(Event::Bought {
                    seat,
                    shares: k,
                    cost,
                });
                self.set_step(Step::Business);
            }
            Action::Open => {
                self.business()?;
                ensure(!self.turn.floor, "R-25", || {
                    "the floor is already open".into()
                })?;
                self.open_floor(ev);
            }
            Action::Move(j) => {
                self.business()?;
                self.move_to(*j, ev)?;
            }
            Action::Use => {
                self.business()?;
                self.use_card(ev)?;
            }
            Action::Fire(x) => {
                self.business()?;
                self.fire_office(*x, ev)?;
            }
            Action::Meeting(x) => {
                self.business()?;
                self.call_meeting(seat, *x, ev)?;
            }
            Action::Discard => {
                ensure(self.turn.step == Step::Draw, "R-16", || {
                    "a held Fate card is discarded by choice only before the draw (end business first)".into()
                })?;
                let Some(f) = self.players[seat].fate.take() else {
                    return fail("§6", "you hold no Fate card");
                };
                self.discard_fate(Some(seat), f.card, ev);
            }
            Action::End => {
                self.business()?;
                if let Some(x) = self.turn.must_fire {
                    return fail(
                        "§9.3",
                        format!(
                            "you promised to fire {} (FireTarget) before ending business",
                            seat_name(x)
                        ),
                    );
                }
                let ids = self.expire_offers();
                if !ids.is_empty() {
                    ev.push(Event::Expired { ids });
                }
                self.turn.step = Step::Closing;
                self.next_mandatory(ev);
            }
            Action::Draw(deck) => self.draw(*deck, ev)?,
            _ => return fail("§5", "not an action of the turn's steps"),
        }
        Ok(())
    }

    /// The step that follows `step` in this turn's sequence.
    fn step_after(&self, step: Step) -> Step {
        let order = [Step::Salary, Step::ExecCard, Step::Stock, Step::Business];
        order
            .iter()
            .copied()
            .filter(|&s| s > step && self.turn.has_step(s))
            .min()
            .unwrap_or(Step::Business)
    }

    /// Moves to `step` (forward only), forfeiting skipped steps.
    fn step_to(&mut self, step: Step, what: &str) -> Result<(), RuleError> {
        ensure(self.turn.has_step(step), "§5.2", || {
            format!("an {:?} turn has no step to {what}", self.turn.sequence).to_lowercase()
        })?;
        ensure(self.turn.step <= step, "§5.2", || {
            format!("too late to {what}: steps go strictly forward and a passed step is forfeited")
        })?;
        self.set_step(step);
        Ok(())
    }

    /// Sets the step; entering Business Transactions opens the use window of the held Fate
    /// card and fixes the surplus Experience due in this step (§2).
    fn set_step(&mut self, step: Step) {
        let entering = self.turn.step < Step::Business && step >= Step::Business;
        self.turn.step = step;
        if entering {
            let seat = self.turn.seat;
            let number = self.turn.number;
            let surplus = self.surplus_counts(seat);
            let p = &mut self.players[seat];
            if let Some(f) = p.fate.as_mut() {
                if f.window.is_none() {
                    f.window = Some(number);
                }
            }
            for (due, &s) in p.surplus_due.iter_mut().zip(&surplus) {
                *due = s.min(255) as u8;
            }
        }
    }

    /// Enters Business Transactions if needed; errors once it is over.
    pub(crate) fn business(&mut self) -> Result<(), RuleError> {
        if self.turn.step < Step::Business {
            self.set_step(Step::Business);
        }
        ensure(self.turn.step == Step::Business, "§5.2", || {
            "business is over for this turn: draw a card".into()
        })
    }

    pub(crate) fn open_floor(&mut self, ev: &mut Vec<Event>) {
        if !self.turn.floor {
            self.turn.floor = true;
            ev.push(Event::FloorOpened {
                seat: self.turn.seat,
            });
        }
    }

    fn move_to(&mut self, j: u8, ev: &mut Vec<Event>) -> Result<(), RuleError> {
        let seat = self.turn.seat;
        ensure((1..=8).contains(&j), "§1", || {
            format!("there is no position {j}")
        })?;
        ensure(!self.turn.moved, "R-10", || {
            "at most one move per turn".into()
        })?;
        let from = self.players[seat].job;
        ensure(from != Some(j), "§5.3", || {
            format!("you already hold position {j}")
        })?;
        let pos = self.data.position(j).clone();
        if pos.level == Level::Office {
            if let Some(i) = from {
                ensure(self.data.position(i).level == Level::Office, "R-12", || {
                    "an executive never moves voluntarily to an office job".into()
                })?;
                ensure(j > i, "R-12", || {
                    format!("no voluntary move down from office {i} to office {j}")
                })?;
            }
        } else {
            ensure(
                self.usable_fate(seat).is_some_and(|c| {
                    self.data.fate_effect(c) == FateEffect::JobAvailable { position: j }
                }),
                "§6",
                || {
                    format!(
                        "moving to executive position {j} needs a usable Job Available {j} card"
                    )
                },
            )?;
            let have = self.usable_shares(seat);
            ensure(have >= pos.min_shares, "§5.3", || {
                format!(
                    "{} needs {} shares and you can use {have}",
                    pos.title, pos.min_shares
                )
            })?;
        }
        ensure(self.has_free_chair(j), "§5.3", || {
            format!("every chair of {} is taken", pos.title)
        })?;
        ensure(
            self.players[seat].snapshot & (1 << (j - 1)) != 0,
            "R-5",
            || {
                format!(
                "you did not meet the Experience of {} at the start of this turn (new Experience counts from your next turn)",
                pos.title
            )
            },
        )?;
        ensure(self.meets_experience(seat, j), "R-5", || {
            format!("you do not meet the Experience of {} now", pos.title)
        })?;
        if pos.level == Level::Executive {
            let f = self.players[seat].fate.take().expect("checked above");
            self.discard_fate(Some(seat), f.card, ev);
        }
        self.players[seat].job = Some(j);
        self.turn.moved = true;
        ev.push(Event::Moved { seat, from, to: j });
        Ok(())
    }

    fn use_card(&mut self, ev: &mut Vec<Event>) -> Result<(), RuleError> {
        let seat = self.turn.seat;
        let Some(card) = self.usable_fate(seat) else {
            return fail(
                "R-15",
                "you hold no Fate card you may use now (a card is used in your first own Business Transactions after you got it)",
            );
        };
        match self.data.fate_effect(card) {
            FateEffect::Bonus { amount } => {
                self.players[seat].fate = None;
                let cash = &mut self.players[seat].cash;
                *cash = cash.saturating_add(amount);
                ev.push(Event::Used { seat, card });
                self.fate_discards.push(card);
            }
            FateEffect::StockOption { shares, price } => {
                let k = shares.min(self.bank_for_sale());
                ensure(k > 0, "R-17", || {
                    "the Bank has no shares left for the option".into()
                })?;
                let cost = k * price;
                ensure(cost <= self.free_cash(seat), "R-17", || {
                    format!(
                        "the option buys {k} shares for ${cost} (all or nothing) and you have ${}",
                        self.free_cash(seat)
                    )
                })?;
                self.players[seat].fate = None;
                self.players[seat].cash -= cost;
                self.players[seat].shares += k;
                self.bank_shares -= k;
                self.bank_sold += k;
                ev.push(Event::Used { seat, card });
                ev.push(Event::Bought {
                    seat,
                    shares: k,
                    cost,
                });
                self.fate_discards.push(card);
            }
            FateEffect::JobAvailable { position } => {
                return fail(
                    "§6",
                    format!("a Job Available card is used by moving: `move {position}`"),
                )
            }
            FateEffect::Fire { .. } => {
                return fail(
                    "§7",
                    "a Fire card is used with `fire <seat>` or `meeting <seat>`",
                )
            }
            FateEffect::Disaster { .. } => unreachable!("Financial Disasters are never held"),
        }
        Ok(())
    }

    /// Whether the active player may name `x` with their Fire card as an office target now.
    pub(crate) fn office_target_ok(&self, seat: Seat, x: Seat) -> Result<(), RuleError> {
        if self.office_target_legal(seat, x) {
            return Ok(());
        }
        ensure(x < self.players.len() && x != seat, "§7", || {
            format!("{} cannot be fired by you", seat_name(x))
        })?;
        let Some(tj) = self.players[x].job else {
            return fail("§7", format!("{} holds no job", seat_name(x)));
        };
        ensure(self.data.position(tj).level == Level::Office, "§7", || {
            format!(
                "{} is an executive: call a Stockholders' Meeting",
                seat_name(x)
            )
        })?;
        let ok = match self.players[seat].job {
            Some(j) => self.data.position(j).level == Level::Executive || j > tj,
            None => false,
        };
        ensure(ok, "§7", || {
            format!(
                "only an executive or a higher office may fire {} (office {tj})",
                seat_name(x)
            )
        })?;
        ensure(self.turn.not_fire & (1 << x) == 0, "§9.3", || {
            format!(
                "you promised not to fire {} this turn (NotFire)",
                seat_name(x)
            )
        })?;
        if let Some(m) = self.turn.must_fire {
            ensure(m == x, "§9.3", || {
                format!("you promised to fire {} (FireTarget)", seat_name(m))
            })?;
        }
        Ok(())
    }

    /// [`TheBoss::office_target_ok`] as a yes or no, with no error built.
    pub(crate) fn office_target_legal(&self, seat: Seat, x: Seat) -> bool {
        if !(x < self.players.len() && x != seat) {
            return false;
        }
        let Some(tj) = self.players[x].job else {
            return false;
        };
        let ok = match self.players[seat].job {
            Some(j) => self.data.position(j).level == Level::Executive || j > tj,
            None => false,
        };
        self.data.position(tj).level == Level::Office
            && ok
            && self.turn.not_fire & (1 << x) == 0
            && self.turn.must_fire.is_none_or(|m| m == x)
    }

    fn fire_office(&mut self, x: Seat, ev: &mut Vec<Event>) -> Result<(), RuleError> {
        let seat = self.turn.seat;
        let Some((card, severance)) = self.usable_fire(seat) else {
            return fail("§7", "you hold no Fire card you may use now");
        };
        self.office_target_ok(seat, x)?;
        ensure(self.players[seat].cash >= severance, "§7", || {
            format!(
                "the severance is ${severance} and you have ${}",
                self.players[seat].cash
            )
        })?;
        self.turn.must_fire = None;
        self.players[seat].fate = None;
        self.players[seat].cash -= severance;
        self.players[x].cash += severance;
        ev.push(Event::Used { seat, card });
        self.fire_player(seat, x, severance, ev);
        self.fate_discards.push(card);
        Ok(())
    }

    /// Sends `x` to the Fired track (§5.5).
    pub(crate) fn fire_player(&mut self, by: Seat, x: Seat, severance: u32, ev: &mut Vec<Event>) {
        let p = &mut self.players[x];
        p.job = None;
        p.fired = Some(0);
        p.lost_turns = 0;
        let fd = p.disaster.take();
        ev.push(Event::Fired {
            by,
            seat: x,
            severance,
        });
        if let Some(c) = fd {
            self.discard_fate(Some(x), c, ev);
        }
        if self.turn.must_fire == Some(x) {
            self.turn.must_fire = None;
            ev.push(Event::CommitmentLapsed { target: x });
        }
        // Offers that involve a fired player can no longer be carried out.
        let ids: Vec<u32> = self
            .offers
            .iter()
            .filter(|o| o.from == x || o.offer.to == x)
            .map(|o| o.id)
            .collect();
        if !ids.is_empty() {
            self.offers.retain(|o| !ids.contains(&o.id));
            ev.push(Event::Expired { ids });
        }
    }

    /// Puts a Fate card face up on the discards.
    pub(crate) fn discard_fate(&mut self, seat: Option<Seat>, card: u8, ev: &mut Vec<Event>) {
        self.fate_discards.push(card);
        ev.push(Event::Discarded {
            seat,
            deck: Deck::Fate,
            card,
        });
    }

    fn draw(&mut self, deck: Deck, ev: &mut Vec<Event>) -> Result<(), RuleError> {
        let seat = self.turn.seat;
        ensure(self.turn.step == Step::Draw, "§5.2", || {
            "end business first (`end`): the draw is the last step".into()
        })?;
        let number = self.turn.number;
        let in_window = self.players[seat]
            .fate
            .as_ref()
            .is_some_and(|f| f.window == Some(number));
        if deck == Deck::Fate && !in_window {
            ensure(self.players[seat].fate.is_none(), "R-16", || {
                "you hold a Fate card got this turn: draw Experience, or discard it first".into()
            })?;
        }
        if deck == Deck::Experience {
            ensure(!self.exp_deck.is_empty(), "R-4", || {
                "the Experience deck is empty: take a Fate card".into()
            })?;
        }
        if in_window {
            let f = self.players[seat].fate.take().expect("checked");
            self.discard_fate(Some(seat), f.card, ev);
        }
        match deck {
            Deck::Experience => {
                let card = self.exp_deck.pop().expect("checked");
                insert_sorted(&mut self.players[seat].experience, card);
                ev.push(Event::Drew {
                    seat,
                    deck,
                    card: Some(card),
                    revealed: true,
                });
                self.end_turn(ev);
            }
            Deck::Fate => {
                let card = self
                    .fate_deck
                    .pop()
                    .expect("the game ends with the last Fate card");
                if self.fate_deck.is_empty() {
                    ev.push(Event::Drew {
                        seat,
                        deck,
                        card: Some(card),
                        revealed: true,
                    });
                    self.fate_discards.push(card);
                    self.end_game(Ending::DeckEnd, ev);
                    return Ok(());
                }
                match self.data.fate_effect(card) {
                    FateEffect::Disaster { .. } => {
                        ev.push(Event::Drew {
                            seat,
                            deck,
                            card: Some(card),
                            revealed: true,
                        });
                        self.disaster = Some(card);
                        self.turn.step = Step::Disaster;
                    }
                    _ => {
                        ev.push(Event::Drew {
                            seat,
                            deck,
                            card: Some(card),
                            revealed: false,
                        });
                        self.players[seat].fate = Some(HeldFate {
                            card,
                            window: None,
                            known_by: 0,
                        });
                        self.end_turn(ev);
                    }
                }
            }
        }
        Ok(())
    }

    fn pay_disaster(&mut self, ev: &mut Vec<Event>) -> Result<(), RuleError> {
        let seat = self.turn.seat;
        let card = self.disaster.expect("checked");
        let FateEffect::Disaster { pay, .. } = self.data.fate_effect(card) else {
            unreachable!("only disasters wait")
        };
        ensure(self.free_cash(seat) >= pay, "§5.4", || {
            format!(
                "you have ${} and cannot pay ${pay} (no raising cash for it): lose the turns",
                self.free_cash(seat)
            )
        })?;
        self.players[seat].cash -= pay;
        self.disaster = None;
        ev.push(Event::PaidDisaster { seat, amount: pay });
        self.discard_fate(Some(seat), card, ev);
        self.end_turn(ev);
        Ok(())
    }

    fn lose_turns(&mut self, ev: &mut Vec<Event>) {
        let seat = self.turn.seat;
        let card = self.disaster.take().expect("checked");
        let FateEffect::Disaster { turns, .. } = self.data.fate_effect(card) else {
            unreachable!("only disasters wait")
        };
        let p = &mut self.players[seat];
        p.lost_turns = turns;
        p.disaster = Some(card);
        ev.push(Event::LosingTurns { seat, turns });
        self.end_turn(ev);
    }

    /// Ends the active player's turn and starts the next one.
    pub(crate) fn end_turn(&mut self, ev: &mut Vec<Event>) {
        let next = self.left_of(self.turn.seat);
        if next == self.first {
            self.round += 1;
        }
        self.start_turn(next, ev);
    }

    /// Starts the turn of `seat`, skipping fired and losing players (§5.1).
    pub(crate) fn start_turn(&mut self, mut seat: Seat, ev: &mut Vec<Event>) {
        loop {
            let p = &mut self.players[seat];
            let skip = match p.fired {
                Some(k) if k < 2 => {
                    p.fired = Some(k + 1);
                    Some(if k == 0 {
                        "fired"
                    } else {
                        "fired: missing 2nd turn"
                    })
                }
                Some(_) => {
                    p.fired = None;
                    None
                }
                None if p.lost_turns > 0 => {
                    p.lost_turns -= 1;
                    Some("losing turns")
                }
                None => None,
            };
            match skip {
                Some(reason) => {
                    ev.push(Event::TurnSkipped {
                        seat,
                        reason: reason.into(),
                    });
                    seat = self.left_of(seat);
                    if seat == self.first {
                        self.round += 1;
                    }
                }
                None => break,
            }
        }
        if let Some(card) = self.players[seat].disaster.take() {
            self.fate_discards.push(card);
            ev.push(Event::DisasterOver { seat, card });
        }
        let number = self.turn.number + 1;
        let job = self.players[seat].job;
        let sequence = match self.level(seat) {
            None => Sequence::Unemployed,
            Some(Level::Office) => Sequence::Office,
            Some(Level::Executive) => Sequence::Executive,
        };
        self.turn = Turn::blank(seat, number);
        self.turn.sequence = sequence;
        self.turn.start_job = job;
        self.turn.step = Step::Salary;
        self.players[seat].snapshot = self.experience_mask(seat);
        ev.push(Event::TurnStarted {
            seat,
            round: self.round,
        });
        if sequence == Sequence::Unemployed {
            self.set_step(Step::Business);
        }
    }

    /// Checks the immediate wins after a change (§8, R-22).
    pub(crate) fn check_wins(&mut self, ev: &mut Vec<Event>) {
        if self.is_over() {
            return;
        }
        let over = self.data.economy().win_shares_over;
        // Shares and Executive cards each player owns (in hand, on auction, pledged): nobody
        // wins without more than `over` shares or a set's worth of cards.
        let mut shares = [0u32; MAX_PLAYERS];
        let mut cards = [0usize; MAX_PLAYERS];
        for (s, p) in self.players.iter().enumerate() {
            shares[s] = p.shares;
            cards[s] = p.executive.len();
        }
        match self.auction.as_ref().map(|a| (a.seller, a.lot)) {
            Some((s, Lot::Shares(k))) => shares[s] += k,
            Some((s, Lot::Executive(_))) => cards[s] += 1,
            _ => {}
        }
        for d in &self.deals {
            shares[d.promisor] += d.collateral.shares;
            cards[d.promisor] += d.collateral.executive.len();
        }
        let set: u8 = COMPLETE_SET.iter().sum();
        if (0..self.players.len()).all(|s| shares[s] <= over && cards[s] < set as usize) {
            return;
        }
        let active = self.turn.seat;
        let n = self.players.len();
        for s in (0..n).map(|i| (active + i) % n) {
            if self.has_complete_set(s) {
                self.end_game(Ending::CompleteSet { seat: s }, ev);
                return;
            }
            if self.owned_shares(s) > over {
                self.end_game(Ending::Shares { seat: s }, ev);
                return;
            }
        }
    }

    /// Ends the game: open deals are closed when the deck ran out.
    pub(crate) fn end_game(&mut self, ending: Ending, ev: &mut Vec<Event>) {
        if ending == Ending::DeckEnd {
            self.close_deals_at_end(ev);
        }
        self.ending = Some(ending.clone());
        self.auction = None;
        self.meeting = None;
        self.after_meeting = None;
        self.offers.clear();
        ev.push(Event::GameOver { ending });
    }

    /// Starts the next mandatory auction of the closing step, or moves on to the draw: surplus
    /// Experience, then an unused Job Available card, then an unused Fire card (§9.1).
    pub(crate) fn next_mandatory(&mut self, ev: &mut Vec<Event>) {
        while self.turn.step == Step::Closing && self.auction.is_none() {
            let seat = self.turn.seat;
            let surplus = self.surplus_counts(seat);
            let kind = (0..self.data.kinds.len())
                .find(|&k| surplus[k] > 0 && self.players[seat].surplus_due[k] > 0);
            if let Some(k) = kind {
                self.players[seat].surplus_due[k] -= 1;
                let card = *self.players[seat]
                    .experience
                    .iter()
                    .rev()
                    .find(|&&c| self.data.exp_kind(c) as usize == k)
                    .expect("a surplus copy exists");
                self.start_auction(seat, Lot::Experience(card), 10, true, ev);
                continue;
            }
            let number = self.turn.number;
            let held = self.players[seat]
                .fate
                .as_ref()
                .filter(|f| f.window == Some(number))
                .map(|f| f.card);
            let opening = held.and_then(|c| match self.data.fate_effect(c) {
                FateEffect::JobAvailable { position } => Some(self.data.position(position).salary),
                FateEffect::Fire { .. } => Some(10),
                _ => None,
            });
            if let Some(opening) = opening {
                self.start_auction(seat, Lot::Fate, opening, true, ev);
                continue;
            }
            self.turn.step = Step::Draw;
        }
    }
}

/// Inserts `x` into a sorted list.
pub(crate) fn insert_sorted(v: &mut Vec<u8>, x: u8) {
    let i = v.partition_point(|&y| y < x);
    v.insert(i, x);
}
