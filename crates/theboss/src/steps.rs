//! The active player's own steps, carried out once checked (`crate::legality`): salary, the
//! Executive card, buying stock (§5.2), Business Transactions and its floor, moving (§5.3),
//! using Fate cards (§6), firing office holders (§7), the draw and Financial Disasters (§5.4).

use crate::action::{Action, Deck};
use crate::data::{FateEffect, Level};
use crate::event::Event;
use crate::rules::insert_sorted;
use crate::state::{Ending, HeldFate, Step, TheBoss};
use boardroom_engine::Seat;

impl TheBoss {
    /// Carries out a step of the active player (checked).
    pub(crate) fn turn_action(&mut self, action: &Action, ev: &mut Vec<Event>) {
        let seat = self.turn.seat;
        match *action {
            Action::Collect => {
                self.set_step(Step::Salary);
                if let Some(job) = self.turn.start_job {
                    let amount = self.data.position(job).salary;
                    let cash = &mut self.players[seat].cash;
                    *cash = cash.saturating_add(amount);
                    ev.push(Event::Salary { seat, amount });
                }
                self.set_step(self.step_after(Step::Salary));
            }
            Action::TakeCard => {
                self.set_step(Step::ExecCard);
                let job = self.players[seat].job;
                let found = self
                    .exec_bank
                    .iter()
                    .position(|&c| Some(self.data.exec_number(c)) == job);
                if let Some(i) = found {
                    let card = self.exec_bank.remove(i);
                    insert_sorted(&mut self.players[seat].executive, card);
                    ev.push(Event::ExecutiveCard { seat, card });
                }
                self.set_step(Step::Stock);
            }
            Action::Buy(k) => {
                self.set_step(Step::Stock);
                let cost = k.saturating_mul(self.data.economy().share_price);
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
                self.enter_business();
                self.open_floor(ev);
            }
            Action::Move(j) => {
                self.enter_business();
                self.move_to(j, ev);
            }
            Action::Use => {
                self.enter_business();
                self.use_card(ev);
            }
            Action::Fire(x) => {
                self.enter_business();
                self.fire_office(x, ev);
            }
            Action::Meeting(x) => {
                self.enter_business();
                self.call_meeting(seat, x, ev);
            }
            Action::Discard => {
                if let Some(f) = self.players[seat].fate.take() {
                    self.discard_fate(Some(seat), f.card, ev);
                }
            }
            Action::End => {
                self.enter_business();
                let ids = self.expire_offers();
                if !ids.is_empty() {
                    ev.push(Event::Expired { ids });
                }
                self.turn.step = Step::Closing;
                self.next_mandatory(ev);
            }
            Action::Draw(deck) => self.draw(deck, ev),
            _ => debug_assert!(false, "{action:?} is not a step of the turn"),
        }
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

    /// Sets the step (forward only, skipped steps forfeited); entering Business Transactions
    /// opens the use window of the held Fate card and fixes the surplus Experience due
    /// in this step (§2).
    pub(crate) fn set_step(&mut self, step: Step) {
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

    /// Enters Business Transactions if it has not begun (checked not over).
    pub(crate) fn enter_business(&mut self) {
        if self.turn.step < Step::Business {
            self.set_step(Step::Business);
        }
    }

    /// Opens the floor to the other players.
    pub(crate) fn open_floor(&mut self, ev: &mut Vec<Event>) {
        if !self.turn.floor {
            self.turn.floor = true;
            ev.push(Event::FloorOpened {
                seat: self.turn.seat,
            });
        }
    }

    /// Moves the active player to position `j` (checked); a Job Available card is used.
    fn move_to(&mut self, j: u8, ev: &mut Vec<Event>) {
        let seat = self.turn.seat;
        let from = self.players[seat].job;
        if self.data.position(j).level == Level::Executive {
            if let Some(f) = self.players[seat].fate.take() {
                self.discard_fate(Some(seat), f.card, ev);
            }
        }
        self.players[seat].job = Some(j);
        self.turn.moved = true;
        ev.push(Event::Moved { seat, from, to: j });
    }

    /// Uses the active player's Bonus or Stock Option card (checked).
    fn use_card(&mut self, ev: &mut Vec<Event>) {
        let seat = self.turn.seat;
        let Some(card) = self.usable_fate(seat) else {
            return;
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
                let cost = k * price;
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
            _ => debug_assert!(false, "only Bonus and Stock Option cards are used alone"),
        }
    }

    /// Fires office holder `x` with the active player's Fire card (checked).
    fn fire_office(&mut self, x: Seat, ev: &mut Vec<Event>) {
        let seat = self.turn.seat;
        let Some((card, severance)) = self.usable_fire(seat) else {
            return;
        };
        self.turn.must_fire = None;
        self.players[seat].fate = None;
        self.players[seat].cash -= severance;
        self.players[x].cash += severance;
        ev.push(Event::Used { seat, card });
        self.fire_player(seat, x, severance, ev);
        self.fate_discards.push(card);
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

    /// Draws from `deck` (checked), the last step: a Fate card whose use window is this turn
    /// is discarded first. A Financial Disaster waits to be paid or suffered; the last Fate
    /// card ends the game.
    fn draw(&mut self, deck: Deck, ev: &mut Vec<Event>) {
        let seat = self.turn.seat;
        let number = self.turn.number;
        let in_window = self.players[seat]
            .fate
            .as_ref()
            .is_some_and(|f| f.window == Some(number));
        if in_window {
            if let Some(f) = self.players[seat].fate.take() {
                self.discard_fate(Some(seat), f.card, ev);
            }
        }
        let card = match deck {
            Deck::Experience => self.exp_deck.pop(),
            Deck::Fate => self.fate_deck.pop(),
        };
        let Some(card) = card else {
            debug_assert!(false, "the {deck:?} deck is empty");
            return;
        };
        let drew = |revealed| Event::Drew {
            seat,
            deck,
            card: Some(card),
            revealed,
        };
        match deck {
            Deck::Experience => {
                insert_sorted(&mut self.players[seat].experience, card);
                ev.push(drew(true));
                self.end_turn(ev);
            }
            Deck::Fate if self.fate_deck.is_empty() => {
                ev.push(drew(true));
                self.fate_discards.push(card);
                self.end_game(Ending::DeckEnd, ev);
            }
            Deck::Fate => match self.data.fate_effect(card) {
                FateEffect::Disaster { .. } => {
                    ev.push(drew(true));
                    self.disaster = Some(card);
                    self.turn.step = Step::Disaster;
                }
                _ => {
                    ev.push(drew(false));
                    self.players[seat].fate = Some(HeldFate {
                        card,
                        window: None,
                        known_by: 0,
                    });
                    self.end_turn(ev);
                }
            },
        }
    }

    /// Pays the waiting Financial Disaster (checked).
    pub(crate) fn pay_disaster(&mut self, ev: &mut Vec<Event>) {
        let seat = self.turn.seat;
        let Some(card) = self.disaster.take() else {
            return;
        };
        if let FateEffect::Disaster { pay, .. } = self.data.fate_effect(card) {
            self.players[seat].cash -= pay;
            ev.push(Event::PaidDisaster { seat, amount: pay });
        }
        self.discard_fate(Some(seat), card, ev);
        self.end_turn(ev);
    }

    /// Suffers the waiting Financial Disaster: turns are lost, the card stays by the player
    /// until they are over.
    pub(crate) fn lose_turns(&mut self, ev: &mut Vec<Event>) {
        let seat = self.turn.seat;
        let Some(card) = self.disaster.take() else {
            return;
        };
        let turns = match self.data.fate_effect(card) {
            FateEffect::Disaster { turns, .. } => turns,
            _ => 0,
        };
        let p = &mut self.players[seat];
        p.lost_turns = turns;
        p.disaster = Some(card);
        ev.push(Event::LosingTurns { seat, turns });
        self.end_turn(ev);
    }
}
