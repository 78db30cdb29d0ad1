//! Carrying out a checked action: its effects on the state and the events it reports.

use super::IndustryUse;
use crate::action::Action;
use crate::board::{offset, Space};
use crate::card::Card;
use crate::company::{CompanyId, Status};
use crate::edition::PRICE_CAP;
use crate::event::{EndReason, Event};
use crate::state::{BigBoss, Phase};
use boardroom_engine::Seat;

impl BigBoss {
    /// Carries out a checked action.
    pub(crate) fn exec(&mut self, action: Action, ev: &mut Vec<Event>) {
        let seat = self.current as Seat;
        let r = self.rules();
        match action {
            Action::BuyDeck => {
                let card = self.deck.pop().expect("checked: deck not empty");
                let p = &mut self.players[seat];
                p.money -= r.card_cost;
                p.hand.add(card);
                ev.push(Event::BoughtFromDeck {
                    seat,
                    card: Some(card),
                });
                self.end_turn(false, ev);
            }
            Action::BuyRow(s) => self.exec_buy_row(s, ev),
            Action::BuyLevel => {
                self.level_stack -= 1;
                let p = &mut self.players[seat];
                p.money -= r.level_cost;
                p.hand.add(Card::Level(0));
                ev.push(Event::BoughtLevel { seat });
                self.end_turn(false, ev);
            }
            Action::Play(card) => {
                let p = &mut self.players[seat];
                p.hand.remove(card);
                if let Card::Industry(s) = card {
                    p.known.remove(s);
                }
                self.discard.add(card);
                ev.push(Event::CardPlayed { seat, card });
                match card {
                    Card::Industry(s) => match self.industry_use(s) {
                        IndustryUse::Stack(c) | IndustryUse::Extend(c) => {
                            self.build(s, c, ev);
                            self.earn_and_invest(c, ev);
                        }
                        IndustryUse::Merge(left, right) => {
                            self.phase = Phase::ChooseJoin {
                                space: s,
                                left,
                                right,
                            }
                        }
                        IndustryUse::Found => self.phase = Phase::ChooseTriple { card: s },
                        IndustryUse::Dead(why) => unreachable!("checked playable: {why}"),
                    },
                    Card::Level(kind) => self.phase = Phase::ChooseLevelSpace { kind },
                }
            }
            Action::Found(start) => {
                let Phase::ChooseTriple { card } = self.phase else {
                    unreachable!()
                };
                self.phase = if r.founding_pieces == 4 {
                    Phase::ChooseDouble { card, start }
                } else {
                    Phase::ChooseCompany {
                        card,
                        start,
                        double: None,
                    }
                };
            }
            Action::Double(d) => {
                let Phase::ChooseDouble { card, start } = self.phase else {
                    unreachable!()
                };
                self.phase = Phase::ChooseCompany {
                    card,
                    start,
                    double: Some(d),
                };
            }
            Action::Hq(c) => self.exec_found(c, ev),
            Action::At(s) => {
                let c = CompanyId(self.board.owner(s).expect("checked: occupied"));
                self.build(s, c, ev);
                self.earn_and_invest(c, ev);
            }
            Action::Join(c) => self.exec_join(c, ev),
            Action::Survivor(c) => {
                let Phase::ChooseSurvivor { left, right, .. } = self.phase else {
                    unreachable!()
                };
                let other = if c == left { right } else { left };
                self.merge(c, other, ev);
            }
            Action::Share(c) => {
                let cost = self.share_cost(c);
                let p = &mut self.players[seat];
                p.money -= cost;
                p.shares[c.idx()] += 1;
                self.companies[c.idx()].supply -= 1;
                if let Phase::Invest { shares, .. } = &mut self.phase {
                    *shares += 1;
                }
                ev.push(Event::ShareBought {
                    seat,
                    company: c,
                    cost,
                });
            }
            Action::Tower => {
                let Phase::Invest { company, .. } = self.phase else {
                    unreachable!()
                };
                let cost = self.tower_cost(seat).expect("checked");
                let p = &mut self.players[seat];
                p.money -= cost;
                p.towers_placed += 1;
                self.companies[company.idx()].tower = Some(seat);
                ev.push(Event::TowerPlaced {
                    seat,
                    company,
                    cost,
                });
            }
            Action::End => self.end_turn(false, ev),
            Action::Sell(c) => {
                let amount = self.companies[c.idx()].price as u32;
                let p = &mut self.players[seat];
                p.money += amount;
                p.shares[c.idx()] -= 1;
                self.companies[c.idx()].supply += 1;
                self.phase = Phase::Selling;
                ev.push(Event::ShareSold {
                    seat,
                    company: c,
                    amount,
                });
            }
            Action::Pass => {
                ev.push(Event::Passed { seat });
                self.end_turn(true, ev);
            }
        }
    }

    /// Buying `s` from the row (out of line: `exec` stays small for the frequent actions).
    #[inline(never)]
    fn exec_buy_row(&mut self, s: Space, ev: &mut Vec<Event>) {
        let seat = self.current as Seat;
        let r = self.rules();
        let i = self.row.iter().position(|&x| x == s).expect("checked");
        let refill = match self.deck.pop() {
            Some(Card::Industry(t)) => {
                self.row[i] = t;
                Some(Card::Industry(t))
            }
            Some(other) => {
                unreachable!("the Modern deck holds only industry cards, found {other}")
            }
            None => {
                self.row.remove(i);
                None
            }
        };
        let p = &mut self.players[seat];
        p.money -= r.card_cost;
        p.hand.add(Card::Industry(s));
        p.known.insert(s);
        ev.push(Event::BoughtFromRow {
            seat,
            card: Card::Industry(s),
            refill,
        });
        self.end_turn(false, ev);
    }

    /// Founding company `c` on the chosen spaces.
    #[inline(never)]
    fn exec_found(&mut self, c: CompanyId, ev: &mut Vec<Event>) {
        let seat = self.current as Seat;
        let r = self.rules();
        let Phase::ChooseCompany {
            card,
            start,
            double,
        } = self.phase
        else {
            unreachable!()
        };
        let spaces = [start, offset(start, 1), offset(start, 2)];
        let co = &mut self.companies[c.idx()];
        co.status = Status::Active;
        co.supply = r.shares_per_company;
        co.tower = None;
        co.hq = double.unwrap_or(card);
        co.price = 0;
        ev.push(Event::Founded {
            seat,
            company: c,
            spaces,
            double,
        });
        let mut raise = 0u8;
        for s in spaces.into_iter().chain(double) {
            let level = self.board.place(s, c.0);
            self.pieces -= 1;
            raise += level;
            ev.push(Event::PiecePlaced {
                space: s,
                company: c,
                level,
            });
        }
        self.raise(c, raise, ev);
        self.earn_and_invest(c, ev);
    }

    /// The connecting piece goes to `c`: the higher price acquires the other, equal prices ask.
    #[inline(never)]
    fn exec_join(&mut self, c: CompanyId, ev: &mut Vec<Event>) {
        let Phase::ChooseJoin { space, left, right } = self.phase else {
            unreachable!()
        };
        self.build(space, c, ev);
        let other = if c == left { right } else { left };
        let (pc, po) = (
            self.companies[c.idx()].price,
            self.companies[other.idx()].price,
        );
        if pc == po {
            self.phase = Phase::ChooseSurvivor { space, left, right };
        } else if pc > po {
            self.merge(c, other, ev);
        } else {
            self.merge(other, c, ev);
        }
    }

    /// Places one piece of `c` on `s` and raises the price by its level.
    fn build(&mut self, s: Space, c: CompanyId, ev: &mut Vec<Event>) {
        let level = self.board.place(s, c.0);
        self.pieces -= 1;
        ev.push(Event::PiecePlaced {
            space: s,
            company: c,
            level,
        });
        self.raise(c, level, ev);
    }

    fn raise(&mut self, c: CompanyId, by: u8, ev: &mut Vec<Event>) {
        let co = &mut self.companies[c.idx()];
        let from = co.price;
        co.price = from.saturating_add(by).min(PRICE_CAP);
        ev.push(Event::PriceChanged {
            company: c,
            from,
            to: co.price,
        });
    }

    /// `survivor` acquires `acquired`: holders are paid, prices add up (cap 50), the acquired
    /// company leaves the game and its buildings join the survivor.
    fn merge(&mut self, survivor: CompanyId, acquired: CompanyId, ev: &mut Vec<Event>) {
        let a = self.companies[acquired.idx()];
        for seat in 0..self.n as Seat {
            let p = &mut self.players[seat];
            let shares = p.shares[acquired.idx()] + if a.tower == Some(seat) { 3 } else { 0 };
            if shares > 0 {
                let amount = shares as u32 * a.price as u32;
                p.money += amount;
                p.shares[acquired.idx()] = 0;
                ev.push(Event::Payout {
                    seat,
                    company: acquired,
                    shares,
                    amount,
                });
            }
        }
        ev.push(Event::Merged { survivor, acquired });
        self.raise(survivor, a.price, ev);
        self.board.relabel(acquired.0, survivor.0);
        let co = &mut self.companies[acquired.idx()];
        co.status = Status::Gone;
        co.price = 0;
        co.supply = 0;
        co.tower = None;
        co.hq = 0;
        self.earn_and_invest(survivor, ev);
    }

    fn earn_and_invest(&mut self, c: CompanyId, ev: &mut Vec<Event>) {
        let seat = self.current as Seat;
        let amount = self.companies[c.idx()].price as u32;
        self.players[seat].money += amount;
        ev.push(Event::Earned {
            seat,
            company: c,
            amount,
        });
        self.phase = Phase::Invest {
            company: c,
            shares: 0,
        };
    }

    fn end_turn(&mut self, pass: bool, ev: &mut Vec<Event>) {
        if pass {
            self.passes += 1;
            if self.passes >= self.n {
                self.finish(EndReason::AllPassed, ev);
                return;
            }
        } else {
            self.passes = 0;
            if self.pieces == 0 {
                self.finish(EndReason::LastPiece, ev);
                return;
            }
        }
        self.current = if self.current + 1 == self.n {
            0
        } else {
            self.current + 1
        };
        self.phase = Phase::Turn;
        self.turn += 1;
        ev.push(Event::TurnStarted {
            seat: self.current as Seat,
        });
    }

    fn finish(&mut self, reason: EndReason, ev: &mut Vec<Event>) {
        self.phase = Phase::Over { reason };
        ev.push(Event::GameOver { reason });
    }
}
