//! Long-term deals (§9.6) and Show: settling, releasing and breaking deals, and closing them
//! when the game ends.

use crate::action::{Bundle, Promise};
use crate::data::{FIRST_EXEC, MAX_EXEC_PER_NUMBER};
use crate::error::{why, Verdict};
use crate::event::Event;
use crate::rules::insert_sorted;
use crate::state::{Deal, TheBoss};
use crate::words;
use boardroom_engine::Seat;

impl TheBoss {
    /// Showing `seat`'s held Fate card to `to`, who does not know it yet (R-32, first the
    /// project's D-23).
    pub(super) fn check_show<V: Verdict>(&self, seat: Seat, to: Seat) -> Result<(), V> {
        V::ensure(to < self.players.len() && to != seat, "§9.2", || {
            why("the-boss-err-cannot-show").arg("name", words::seat(to))
        })?;
        let Some(f) = self.players[seat].fate.as_ref() else {
            return V::fail("§9.2", || why("the-boss-err-no-fate-to-show"));
        };
        // Showing a card to a player who knows it already (shown before, or a former holder)
        // reveals nothing: it is not an action.
        V::ensure(f.known_by & (1 << to) == 0, "R-32", || {
            why("the-boss-err-knows-fate").arg("name", words::seat(to))
        })
    }

    /// Shows `seat`'s Fate card to `to` (checked).
    pub(super) fn show(&mut self, seat: Seat, to: Seat, ev: &mut Vec<Event>) {
        if let Some(f) = self.players[seat].fate.as_mut() {
            f.known_by |= 1 << to;
            ev.push(Event::Shown {
                seat,
                to,
                card: Some(f.card),
            });
        }
    }

    /// The index of open deal `id`.
    fn find_deal<V: Verdict>(&self, id: u32) -> Result<usize, V> {
        match self.deals.iter().position(|d| d.id == id) {
            Some(k) => Ok(k),
            None => V::fail("§9.5", || why("the-boss-err-no-deal").arg("id", id)),
        }
    }

    /// Settling deal `id`: its promisor holds the deliverable, free, and the promisee stays
    /// within 2 Executive cards per number.
    pub(super) fn check_settle<V: Verdict>(&self, seat: Seat, id: u32) -> Result<(), V> {
        let d = &self.deals[self.find_deal(id)?];
        V::ensure(d.promisor == seat, "§9.5", || {
            why("the-boss-err-promisor-settles")
        })?;
        let Promise::Deliver(del) = &d.promise else {
            return V::fail("§9.5", || why("the-boss-err-favour-settle"));
        };
        let p = &self.players[seat];
        for (i, &kind) in del.experience.iter().enumerate() {
            let want = del.experience[..=i].iter().filter(|&&k| k == kind).count();
            let have = p
                .experience
                .iter()
                .filter(|&&c| self.data.exp_kind(c) == kind)
                .count();
            V::ensure(have >= want, "§9.5", || {
                why("the-boss-err-deliver-kind")
                    .arg("kind", self.data.kinds[kind as usize].id.as_str())
            })?;
        }
        for (i, &n) in del.executive.iter().enumerate() {
            let want = del.executive[..=i].iter().filter(|&&x| x == n).count();
            let have = p
                .executive
                .iter()
                .filter(|&&c| self.data.exec_number(c) == n)
                .count();
            V::ensure(have >= want, "§9.5", || {
                why("the-boss-err-deliver-executive").arg("number", n)
            })?;
        }
        let money = Bundle {
            cash: del.cash,
            shares: del.shares,
            ..Bundle::default()
        };
        self.check_holds(seat, &money)?;
        for n in FIRST_EXEC..=8 {
            let given = del.executive.iter().filter(|&&x| x == n).count() as u8;
            let k = self.owned_of_number(d.promisee, n) + given;
            V::ensure(k <= MAX_EXEC_PER_NUMBER, "§4", || {
                why("the-boss-err-would-own")
                    .arg("name", words::seat(d.promisee))
                    .arg("count", k)
                    .arg("number", n)
            })?;
        }
        Ok(())
    }

    /// Settles deal `id` (checked): the deliverable goes to the promisee, the collateral back
    /// to the promisor.
    pub(super) fn settle(&mut self, seat: Seat, id: u32, ev: &mut Vec<Event>) {
        let Some(k) = self.deals.iter().position(|d| d.id == id) else {
            return;
        };
        let d = self.deals.remove(k);
        let Promise::Deliver(del) = &d.promise else {
            return;
        };
        // Pick the cards of each class from the promisor's hand.
        let p = &self.players[seat];
        let mut bundle = Bundle {
            cash: del.cash,
            shares: del.shares,
            ..Bundle::default()
        };
        for &kind in &del.experience {
            let c = p
                .experience
                .iter()
                .find(|&&c| self.data.exp_kind(c) == kind && !bundle.experience.contains(&c));
            bundle.experience.extend(c);
        }
        for &n in &del.executive {
            let c = p
                .executive
                .iter()
                .find(|&&c| self.data.exec_number(c) == n && !bundle.executive.contains(&c));
            bundle.executive.extend(c);
        }
        self.remove_bundle(seat, &bundle);
        self.put_bundle(d.promisee, &bundle);
        self.put_bundle(seat, &d.collateral);
        ev.push(Event::Settled { id });
    }

    /// Releasing deal `id`: only its promisee does.
    pub(super) fn check_release<V: Verdict>(&self, seat: Seat, id: u32) -> Result<(), V> {
        let k = self.find_deal(id)?;
        V::ensure(self.deals[k].promisee == seat, "§9.5", || {
            why("the-boss-err-promisee-releases")
        })
    }

    /// Releases deal `id` (checked): the collateral goes back to the promisor.
    pub(super) fn release(&mut self, id: u32, ev: &mut Vec<Event>) {
        if let Some(k) = self.deals.iter().position(|d| d.id == id) {
            let d = self.deals.remove(k);
            self.put_bundle(d.promisor, &d.collateral);
            ev.push(Event::Released { id });
        }
    }

    /// Breaking deal `id`: the promisor walks away (`walk`), or the promisee declares default
    /// once it is overdue.
    pub(super) fn check_break<V: Verdict>(&self, seat: Seat, id: u32, walk: bool) -> Result<(), V> {
        let d = &self.deals[self.find_deal(id)?];
        if walk {
            V::ensure(d.promisor == seat, "§9.5", || {
                why("the-boss-err-promisor-walks")
            })
        } else {
            V::ensure(d.promisee == seat, "§9.5", || {
                why("the-boss-err-promisee-defaults")
            })?;
            V::ensure(self.round > d.due, "§9.5", || {
                why("the-boss-err-not-due")
                    .arg("id", id)
                    .arg("round", d.due)
            })
        }
    }

    /// Breaks deal `id` (checked): the collateral is forfeited to the promisee.
    pub(super) fn break_deal(&mut self, id: u32, walk: bool, ev: &mut Vec<Event>) {
        let Some(k) = self.deals.iter().position(|d| d.id == id) else {
            return;
        };
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
