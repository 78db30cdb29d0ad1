//! Long-term deals (§9.6) and Show: settling, releasing and breaking deals, and closing them
//! when the game ends.

use crate::action::{Bundle, Promise};
use crate::data::MAX_EXEC_PER_NUMBER;
use crate::error::{ensure, fail, RuleError};
use crate::event::Event;
use crate::present::seat_name;
use crate::rules::insert_sorted;
use crate::state::{Deal, TheBoss};
use boardroom_engine::Seat;

impl TheBoss {
    pub(super) fn show(
        &mut self,
        seat: Seat,
        to: Seat,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        ensure(to < self.players.len() && to != seat, "§9.2", || {
            format!("{} cannot be shown your card", seat_name(to))
        })?;
        let Some(f) = self.players[seat].fate.as_mut() else {
            return fail("§9.2", "you hold no Fate card to show");
        };
        // Showing a card to a player who knows it already (shown before, or a former holder)
        // reveals nothing: it is not an action (D-23).
        ensure(f.known_by & (1 << to) == 0, "§9.2", || {
            format!("{} knows your Fate card already", seat_name(to))
        })?;
        f.known_by |= 1 << to;
        let card = f.card;
        ev.push(Event::Shown {
            seat,
            to,
            card: Some(card),
        });
        Ok(())
    }

    pub(super) fn find_deal(&self, id: u32) -> Result<usize, RuleError> {
        self.deals
            .iter()
            .position(|d| d.id == id)
            .ok_or_else(|| RuleError::new("§9.5", format!("there is no open deal {id}")))
    }

    pub(super) fn settle(
        &mut self,
        seat: Seat,
        id: u32,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let k = self.find_deal(id)?;
        let d = self.deals[k].clone();
        ensure(d.promisor == seat, "§9.5", || {
            "only the promisor settles a deal".into()
        })?;
        let Promise::Deliver(del) = &d.promise else {
            return fail(
                "§9.5",
                "a favour cannot be settled by the engine: the promisee releases it",
            );
        };
        // Pick the cards of each class from the promisor's hand.
        let p = &self.players[seat];
        let mut bundle = Bundle {
            cash: del.cash,
            shares: del.shares,
            ..Bundle::default()
        };
        for &kind in &del.experience {
            let Some(&c) = p
                .experience
                .iter()
                .find(|&&c| self.data.exp_kind(c) == kind && !bundle.experience.contains(&c))
            else {
                return fail(
                    "§9.5",
                    format!(
                        "you hold no free {} card to deliver",
                        self.data.kinds[kind as usize].id
                    ),
                );
            };
            bundle.experience.push(c);
        }
        for &n in &del.executive {
            let Some(&c) = p
                .executive
                .iter()
                .find(|&&c| self.data.exec_number(c) == n && !bundle.executive.contains(&c))
            else {
                return fail(
                    "§9.5",
                    format!("you hold no free Executive card #{n} to deliver"),
                );
            };
            bundle.executive.push(c);
        }
        self.take_bundle(seat, &bundle, "deliverable")?;
        self.put_bundle(d.promisee, &bundle);
        self.deals.remove(k);
        self.put_bundle(seat, &d.collateral);
        self.check_exec_limit(d.promisee)?;
        ev.push(Event::Settled { id });
        Ok(())
    }

    pub(super) fn release(
        &mut self,
        seat: Seat,
        id: u32,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let k = self.find_deal(id)?;
        ensure(self.deals[k].promisee == seat, "§9.5", || {
            "only the promisee releases the collateral".into()
        })?;
        let d = self.deals.remove(k);
        self.put_bundle(d.promisor, &d.collateral);
        ev.push(Event::Released { id });
        Ok(())
    }

    pub(super) fn break_deal(
        &mut self,
        seat: Seat,
        id: u32,
        walk: bool,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let k = self.find_deal(id)?;
        let d = &self.deals[k];
        if walk {
            ensure(d.promisor == seat, "§9.5", || {
                "only the promisor walks away".into()
            })?;
        } else {
            ensure(d.promisee == seat, "§9.5", || {
                "only the promisee declares default".into()
            })?;
            ensure(self.round > d.due, "§9.5", || {
                format!(
                    "deal {id} is due by the end of round {}: default only after it",
                    d.due
                )
            })?;
        }
        let d = self.deals.remove(k);
        self.forfeit(&d);
        self.broken.push(crate::state::Broken {
            id,
            promisor: d.promisor,
            promisee: d.promisee,
            round: self.round,
            walked_away: walk,
        });
        ev.push(Event::Broke {
            id,
            walked_away: walk,
        });
        Ok(())
    }

    /// The collateral becomes the promisee's; an Executive card beyond the promisee's 2 per
    /// number goes back to the Bank (D-9).
    pub(super) fn forfeit(&mut self, d: &Deal) {
        let mut b = d.collateral.clone();
        let mut keep = Vec::new();
        for &c in &b.executive {
            let n = self.data.exec_number(c);
            let owned = self.owned_of_number(d.promisee, n)
                + keep
                    .iter()
                    .filter(|&&k| self.data.exec_number(k) == n)
                    .count() as u8;
            if owned < MAX_EXEC_PER_NUMBER {
                keep.push(c);
            } else {
                insert_sorted(&mut self.exec_bank, c);
            }
        }
        b.executive = keep;
        self.put_bundle(d.promisee, &b);
    }

    /// At deck end: overdue deals default, the others return their collateral.
    pub(crate) fn close_deals_at_end(&mut self, ev: &mut Vec<Event>) {
        let deals = std::mem::take(&mut self.deals);
        let mut defaulted = Vec::new();
        let mut returned = Vec::new();
        for d in deals {
            if self.round > d.due {
                self.forfeit(&d);
                self.broken.push(crate::state::Broken {
                    id: d.id,
                    promisor: d.promisor,
                    promisee: d.promisee,
                    round: self.round,
                    walked_away: false,
                });
                defaulted.push(d.id);
            } else {
                self.put_bundle(d.promisor, &d.collateral);
                returned.push(d.id);
            }
        }
        if !defaulted.is_empty() || !returned.is_empty() {
            ev.push(Event::DealsClosed {
                defaulted,
                returned,
            });
        }
    }
}
