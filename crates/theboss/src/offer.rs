//! Wheeling and dealing (§9): deal windows, offers and their atomic acceptance, commitments,
//! Show, voluntary auctions, and the count limits of §9.7.

use crate::action::{Action, Bundle, Commitment, LongTerm, Offer, Promise, Vote};
use crate::data::{FIRST_EXEC, MAX_EXEC_PER_NUMBER};
use crate::error::{ensure, fail, RuleError};
use crate::event::Event;
use crate::names::{exec_name, exp_name};
use crate::present::seat_name;
use crate::rules::insert_sorted;
use crate::state::{
    Deal, HeldFate, PendingOffer, Refused, Step, TheBoss, REFUSALS_KEPT, REFUSALS_KEPT_ROUNDS,
};
use boardroom_engine::Seat;

/// Most cards of one list in a bundle.
pub const MAX_BUNDLE_CARDS: usize = 12;

impl TheBoss {
    /// Whether `seat` may deal now outside a meeting or auction: able to deal, and either the
    /// active player in BT or anyone once the floor is open (§9.1).
    pub fn in_deal_window(&self, seat: Seat) -> bool {
        self.able_to_deal(seat)
            && self.auction.is_none()
            && self.meeting.is_none()
            && self.after_meeting.is_none()
            && self.disaster.is_none()
            && ((seat == self.turn.seat && self.turn.step <= Step::Business)
                || (self.turn.floor && self.turn.step == Step::Business))
    }

    /// Enters the deal window of `seat` (the active player's BT begins if needed).
    fn deal_window(
        &mut self,
        seat: Seat,
        opens: bool,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        ensure(self.able_to_deal(seat), "§0", || {
            "players who are fired or losing turns may not deal".into()
        })?;
        if seat == self.turn.seat {
            self.business()?;
            if opens {
                self.open_floor(ev);
            }
            Ok(())
        } else {
            ensure(self.turn.step == Step::Business, "§9.1", || {
                "deals happen only in the active player's Business Transactions".into()
            })?;
            ensure(self.turn.floor, "R-25", || {
                "the floor is not open: only the active player may deal until they open it".into()
            })
        }
    }

    /// Dealing actions outside meetings and auctions.
    pub(crate) fn deal_action(
        &mut self,
        seat: Seat,
        action: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        match action {
            Action::Offer(o) => self.make_offer(seat, o, None, ev),
            Action::Counter(id, o) => self.counter(seat, *id, o, ev),
            Action::Accept(id) => self.accept(seat, *id, ev),
            Action::Reject(id) => self.reject(seat, *id, ev),
            Action::Withdraw(id) => self.withdraw(seat, *id, ev),
            Action::Show(to) => {
                self.deal_window(seat, false, ev)?;
                self.show(seat, *to, ev)
            }
            Action::Auction(lot, reserve) => {
                self.deal_window(seat, true, ev)?;
                self.voluntary_auction(seat, *lot, *reserve, ev)
            }
            Action::Settle(id) => {
                self.deal_window(seat, false, ev)?;
                self.settle(seat, *id, ev)
            }
            Action::Release(id) => {
                self.deal_window(seat, false, ev)?;
                self.release(seat, *id, ev)
            }
            Action::Default(id) => {
                self.deal_window(seat, false, ev)?;
                self.break_deal(seat, *id, false, ev)
            }
            Action::WalkAway(id) => {
                self.deal_window(seat, false, ev)?;
                self.break_deal(seat, *id, true, ev)
            }
            _ => fail("§9", "not a dealing action"),
        }
    }

    /// Whether an offer carries a Vote commitment (a vote deal).
    pub(crate) fn offer_has_vote(&self, o: &Offer) -> bool {
        o.give_commitments
            .iter()
            .chain(&o.take_commitments)
            .any(|c| matches!(c, Commitment::Vote(_)))
    }

    fn check_text(&self, text: &str, field: &str, required: bool) -> Result<(), RuleError> {
        let max = self.data.limits().note_max_chars as usize;
        let printable = text.bytes().all(|b| (0x20..0x7f).contains(&b));
        if printable && text.len() <= max && !(required && text.trim().is_empty()) {
            return Ok(());
        }
        ensure(text.chars().count() <= max, "§9.2", || {
            format!("the {field} is longer than {max} characters")
        })?;
        ensure(!text.chars().any(char::is_control), "§9.2", || {
            format!("the {field} may not hold control characters")
        })?;
        ensure(!required || !text.trim().is_empty(), "§9.5", || {
            format!("the {field} is empty")
        })
    }

    /// Checks a bundle's shape: steps of money and shares, known card ids, no repeats.
    pub(crate) fn check_shape(&self, b: &Bundle, field: &str) -> Result<(), RuleError> {
        let e = self.data.economy();
        ensure(b.cash.is_multiple_of(e.cash_step), "§0", || {
            format!(
                "{field}: money changes hands in multiples of ${}",
                e.cash_step
            )
        })?;
        ensure(b.shares.is_multiple_of(e.lot), "§0", || {
            format!("{field}: shares change hands in multiples of {}", e.lot)
        })?;
        ensure(
            b.experience.len() <= MAX_BUNDLE_CARDS && b.executive.len() <= MAX_BUNDLE_CARDS,
            "§9.2",
            || format!("{field}: at most {MAX_BUNDLE_CARDS} cards of a kind in one bundle"),
        )?;
        for (list, total, what) in [
            (&b.experience, self.data.exp_cards.len(), "Experience"),
            (&b.executive, self.data.exec_cards.len(), "Executive"),
        ] {
            for (i, &c) in list.iter().enumerate() {
                ensure((c as usize) < total, "§9.2", || {
                    format!("{field}: no {what} card #{c}")
                })?;
                ensure(!list[..i].contains(&c), "§9.2", || {
                    format!("{field}: {what} card #{c} is listed twice")
                })?;
            }
        }
        Ok(())
    }

    /// Checks that `seat` holds the bundle now, free (not pledged, not reserved).
    pub(crate) fn check_holds(&self, seat: Seat, b: &Bundle, field: &str) -> Result<(), RuleError> {
        if self.holds(seat, b) {
            return Ok(());
        }
        let p = &self.players[seat];
        ensure(b.cash <= self.free_cash(seat), "§9.2", || {
            format!(
                "{field}: {} has ${} of free cash, not ${}",
                seat_name(seat),
                self.free_cash(seat),
                b.cash
            )
        })?;
        ensure(b.shares <= p.shares, "§9.2", || {
            format!(
                "{field}: {} has {} shares free to trade, not {}",
                seat_name(seat),
                p.shares,
                b.shares
            )
        })?;
        for &c in &b.experience {
            ensure(p.experience.contains(&c), "§9.2", || {
                format!("{field}: {} does not hold the Experience card \"{}\" free (pledged items cannot be offered)", seat_name(seat), exp_name(&self.data, c))
            })?;
        }
        for &c in &b.executive {
            ensure(p.executive.contains(&c), "§9.2", || {
                format!(
                    "{field}: {} does not hold the {} free (pledged items cannot be offered)",
                    seat_name(seat),
                    exec_name(&self.data, c)
                )
            })?;
        }
        if b.fate {
            ensure(p.fate.is_some(), "§9.2", || {
                format!("{field}: {} holds no Fate card", seat_name(seat))
            })?;
            ensure(
                self.turn.seat != seat || self.turn.must_fire.is_none(),
                "R-30",
                || format!("{field}: the Fire card is promised to a FireTarget commitment"),
            )?;
        }
        Ok(())
    }

    /// [`TheBoss::check_holds`] as a yes or no, with no error built.
    pub(crate) fn holds(&self, seat: Seat, b: &Bundle) -> bool {
        let p = &self.players[seat];
        b.cash <= self.free_cash(seat)
            && b.shares <= p.shares
            && b.experience.iter().all(|c| p.experience.contains(c))
            && b.executive.iter().all(|c| p.executive.contains(c))
            && (!b.fate
                || (p.fate.is_some() && (self.turn.seat != seat || self.turn.must_fire.is_none())))
    }

    /// Removes a bundle from `seat` (checked first); returns the Fate card if it is in it.
    fn take_bundle(
        &mut self,
        seat: Seat,
        b: &Bundle,
        field: &str,
    ) -> Result<Option<HeldFate>, RuleError> {
        self.check_holds(seat, b, field)?;
        let p = &mut self.players[seat];
        p.cash -= b.cash;
        p.shares -= b.shares;
        p.experience.retain(|c| !b.experience.contains(c));
        p.executive.retain(|c| !b.executive.contains(c));
        Ok(if b.fate { p.fate.take() } else { None })
    }

    /// Gives a bundle to `seat` (cards and money; the Fate card is handed over separately).
    fn put_bundle(&mut self, seat: Seat, b: &Bundle) {
        let p = &mut self.players[seat];
        p.cash += b.cash;
        p.shares += b.shares;
        for &c in &b.experience {
            insert_sorted(&mut p.experience, c);
        }
        for &c in &b.executive {
            insert_sorted(&mut p.executive, c);
        }
    }

    fn check_exec_limit(&self, seat: Seat) -> Result<(), RuleError> {
        for n in FIRST_EXEC..=8 {
            let k = self.owned_of_number(seat, n);
            ensure(k <= MAX_EXEC_PER_NUMBER, "§4", || {
                format!(
                    "{} would own {k} Executive cards #{n} (at most 2 per number)",
                    seat_name(seat)
                )
            })?;
        }
        Ok(())
    }

    /// Checks that `by` may give commitment `c` now (§9.3), against the state before the
    /// deal. With `public_only`, only what every player can see is checked (the card's use
    /// window, not its kind): the receiver of an offer knows their own card and the full check
    /// runs on acceptance, so an offer's legality never reveals a hidden card. The severance a
    /// FireTarget reserves is tested after the deal's own transfers ([`TheBoss::check_deal`]).
    pub(crate) fn check_commitment(
        &self,
        by: Seat,
        c: &Commitment,
        public_only: bool,
    ) -> Result<(), RuleError> {
        match *c {
            Commitment::Vote(v) => {
                ensure(self.meeting.is_some(), "§9.3", || {
                    "a vote is promised only while a meeting is lobbying".into()
                })?;
                ensure(v != Vote::Abstain, "§9.3", || {
                    "a vote deal is for FOR or AGAINST".into()
                })?;
                ensure(self.undeclared_voter(by), "§9.3", || {
                    format!("{} is not a voter who has yet to declare", seat_name(by))
                })
            }
            Commitment::FireTarget(x) | Commitment::NotFire(x) => {
                ensure(
                    by == self.turn.seat && self.meeting.is_none(),
                    "§9.3",
                    || {
                        format!("only the active player holding a usable Fire card may promise about firing ({} is not)", seat_name(by))
                    },
                )?;
                if public_only {
                    ensure(self.usable_fate(by).is_some(), "§9.3", || {
                        format!("{} holds no Fate card usable now", seat_name(by))
                    })?;
                } else {
                    ensure(self.usable_fire(by).is_some(), "§9.3", || {
                        format!("{} holds no usable Fire card", seat_name(by))
                    })?;
                }
                ensure(x < self.players.len() && x != by, "§9.3", || {
                    format!("{} cannot be named", seat_name(x))
                })?;
                // while a FireTarget is open the card is promised, so no other promise
                // about it may be given (and its target is the only legal one anyway).
                ensure(self.turn.must_fire.is_none(), "R-30", || {
                    format!(
                        "the Fire card is promised to fire {} (FireTarget) already",
                        seat_name(self.turn.must_fire.unwrap_or(x))
                    )
                })?;
                ensure(self.fire_target_legal(by, x), "§9.3", || {
                    format!("{} is not a legal target now", seat_name(x))
                })
            }
        }
    }

    /// Whether `by` may name `x` with their Fire card now, as an office holder to fire or an
    /// executive to call a meeting on (card and cash aside).
    fn fire_target_legal(&self, by: Seat, x: Seat) -> bool {
        self.office_target_legal(by, x) || self.meeting_target_legal(by, x, 0)
    }

    /// The commitments of one offer together: at most one FireTarget, never a FireTarget and a
    /// NotFire on the same seat, at most one vote promised by each side (each is checked alone
    /// against the state before the deal, so two that contradict each other would pass).
    fn check_commitment_set(&self, o: &Offer) -> Result<(), RuleError> {
        let all = || o.give_commitments.iter().chain(&o.take_commitments);
        let targets = all().filter(|c| matches!(c, Commitment::FireTarget(_)));
        ensure(targets.count() <= 1, "§9.3", || {
            "one FireTarget at most: the Fire card fires once".into()
        })?;
        for c in all() {
            if let Commitment::FireTarget(x) = *c {
                ensure(
                    !all().any(|d| *d == Commitment::NotFire(x)),
                    "§9.3",
                    || {
                        format!(
                            "{} cannot be both the promised target and spared",
                            seat_name(x)
                        )
                    },
                )?;
            }
        }
        for side in [&o.give_commitments, &o.take_commitments] {
            let votes = side.iter().filter(|c| matches!(c, Commitment::Vote(_)));
            ensure(votes.count() <= 1, "§9.3", || {
                "a voter promises one vote".into()
            })?;
        }
        Ok(())
    }

    /// The atomic check of an acceptance (§9.2), also run when the offer is made so that no
    /// offer that could not be accepted reaches anyone: both able to deal; each side holds its
    /// items now; every commitment legal (with `public`, the receiver's only as far as every
    /// player can see: the check at acceptance sees their card); then, on the state the deal's
    /// own transfers leave (everything happens at once): at most 2 Executive cards per number,
    /// the collateral held by its promisor, and the severance of a FireTarget payable. While a
    /// FireTarget is open or promised in the deal, no Fate card moves to or from its holder
    ///
    pub(crate) fn check_deal(&self, from: Seat, o: &Offer, public: bool) -> Result<(), RuleError> {
        let to = o.to;
        ensure(
            to < self.players.len() && self.able_to_deal(from) && self.able_to_deal(to),
            "§9.2",
            || "both players must be able to deal".into(),
        )?;
        self.check_holds(from, &o.give, "give")?;
        self.check_holds(to, &o.take, "take")?;
        for c in &o.give_commitments {
            self.check_commitment(from, c, false)?;
        }
        for c in &o.take_commitments {
            self.check_commitment(to, c, public)?;
        }
        self.check_commitment_set(o)?;
        let firer = self.turn.seat;
        let promised =
            |side: &[Commitment]| side.iter().any(|c| matches!(c, Commitment::FireTarget(_)));
        let new_target = (from == firer && promised(&o.give_commitments))
            || (to == firer && promised(&o.take_commitments));
        let target_open = self.turn.must_fire.is_some() || new_target;
        if target_open && (from == firer || to == firer) {
            ensure(!o.give.fate && !o.take.fate, "R-30", || {
                format!("{}'s Fire card is promised (FireTarget): no Fate card moves to or from them until it is used", seat_name(firer))
            })?;
        }
        // The 2-per-number limit after the exchange (owned cards: pledged ones count).
        let count = |b: &Bundle, n: u8| {
            b.executive
                .iter()
                .filter(|&&c| self.data.exec_number(c) == n)
                .count() as u8
        };
        for (s, out, inn) in [(from, &o.give, &o.take), (to, &o.take, &o.give)] {
            for n in FIRST_EXEC..=8 {
                let k = self.owned_of_number(s, n) - count(out, n) + count(inn, n);
                ensure(k <= MAX_EXEC_PER_NUMBER, "§4", || {
                    format!(
                        "{} would own {k} Executive cards #{n} (at most 2 per number)",
                        seat_name(s)
                    )
                })?;
            }
        }
        // What each side holds after the exchange (and a cancelled deal's collateral back).
        let returned = o
            .cancel
            .map(|id| {
                self.deals
                    .iter()
                    .find(|d| {
                        d.id == id
                            && ((d.promisor == from && d.promisee == to)
                                || (d.promisor == to && d.promisee == from))
                    })
                    .ok_or_else(|| {
                        RuleError::new(
                            "§9.5",
                            format!("there is no open deal {id} between seats {from} and {to}"),
                        )
                    })
            })
            .transpose()?;
        let after = |s: Seat| {
            let (out, inn) = if s == from {
                (&o.give, &o.take)
            } else {
                (&o.take, &o.give)
            };
            let back = returned.filter(|d| d.promisor == s).map(|d| &d.collateral);
            let p = &self.players[s];
            let cash = p.cash as u64 - out.cash as u64
                + inn.cash as u64
                + back.map_or(0, |b| b.cash as u64);
            let shares = p.shares as u64 - out.shares as u64
                + inn.shares as u64
                + back.map_or(0, |b| b.shares as u64);
            (cash, shares, out, inn, back)
        };
        // The severance a FireTarget reserves, where it is known: a receiver's new promise is
        // priced only at acceptance, when the check sees their card.
        let severance = if self.turn.must_fire.is_some() {
            self.reserved(firer) as u64
        } else if new_target && !(public && to == firer) {
            self.usable_fire(firer).map_or(0, |(_, s)| s as u64)
        } else {
            0
        };
        let pledged_cash = |s: Seat| {
            o.long_term
                .as_ref()
                .filter(|lt| lt.promisor == s)
                .map_or(0, |lt| lt.collateral.cash as u64)
        };
        if let Some(lt) = &o.long_term {
            let s = lt.promisor;
            let (cash, shares, out, inn, back) = after(s);
            let reserve = if s == firer && target_open {
                severance
            } else {
                0
            };
            let c = &lt.collateral;
            ensure(c.cash as u64 + reserve <= cash, "§9.2", || {
                format!(
                    "collateral: {} would have ${} of free cash after the exchange, not ${}",
                    seat_name(s),
                    cash.saturating_sub(reserve),
                    c.cash
                )
            })?;
            ensure(c.shares as u64 <= shares, "§9.2", || {
                format!(
                    "collateral: {} would have {shares} shares after the exchange, not {}",
                    seat_name(s),
                    c.shares
                )
            })?;
            let p = &self.players[s];
            let has = |c: u8, hand: &[u8], out: &[u8], inn: &[u8], back: &[u8]| {
                (hand.contains(&c) && !out.contains(&c)) || inn.contains(&c) || back.contains(&c)
            };
            let none: &[u8] = &[];
            for &x in &c.experience {
                let back = back.map_or(none, |b| &b.experience);
                ensure(
                    has(x, &p.experience, &out.experience, &inn.experience, back),
                    "§9.2",
                    || {
                        format!("collateral: {} would not hold the Experience card \"{}\" after the exchange", seat_name(s), exp_name(&self.data, x))
                    },
                )?;
            }
            for &x in &c.executive {
                let back = back.map_or(none, |b| &b.executive);
                ensure(
                    has(x, &p.executive, &out.executive, &inn.executive, back),
                    "§9.2",
                    || {
                        format!(
                            "collateral: {} would not hold the {} after the exchange",
                            seat_name(s),
                            exec_name(&self.data, x)
                        )
                    },
                )?;
            }
        }
        if target_open && (from == firer || to == firer) {
            let cash = after(firer).0 - pledged_cash(firer);
            ensure(cash >= severance, "§9.3", || {
                format!(
                    "the severance ${severance} could not be paid after the deal ({} would have ${cash})",
                    seat_name(firer)
                )
            })?;
        }
        Ok(())
    }

    fn apply_commitment(&mut self, by: Seat, c: &Commitment, ev: &mut Vec<Event>) {
        match *c {
            Commitment::Vote(v) => self.declare(by, v, ev),
            Commitment::FireTarget(x) => self.turn.must_fire = Some(x),
            Commitment::NotFire(x) => self.turn.not_fire |= 1 << x,
        }
    }

    /// Checks everything an offer needs at the moment it is made.
    pub(crate) fn check_offer(&self, from: Seat, o: &Offer) -> Result<(), RuleError> {
        let n = self.players.len();
        let to = o.to;
        ensure(to < n && to != from, "§9.2", || {
            format!("{} cannot receive your offer", seat_name(to))
        })?;
        ensure(self.able_to_deal(to), "§9.2", || {
            format!(
                "{} is fired or losing turns and may not deal",
                seat_name(to)
            )
        })?;
        let nothing = o.give.is_empty()
            && o.take.is_empty()
            && o.give_commitments.is_empty()
            && o.take_commitments.is_empty()
            && o.long_term.is_none()
            && o.cancel.is_none();
        ensure(!nothing, "§9.2", || "the offer is empty".into())?;
        self.check_text(&o.note, "note", false)?;
        self.check_shape(&o.give, "give")?;
        self.check_shape(&o.take, "take")?;
        ensure(
            o.give_commitments.len() + o.take_commitments.len() <= 4,
            "§9.3",
            || "at most 4 commitments in one offer".into(),
        )?;
        if let Some(lt) = &o.long_term {
            ensure(lt.promisor == from || lt.promisor == to, "§9.5", || {
                "the promisor is one of the two players".into()
            })?;
            ensure(lt.due >= self.round, "§9.5", || {
                format!(
                    "the due round {} has already passed (round {})",
                    lt.due, self.round
                )
            })?;
            ensure(lt.due <= self.round + 1000, "§9.5", || {
                "the due round is too far".into()
            })?;
            ensure(!lt.collateral.fate, "§6", || {
                "a Fate card can never be collateral".into()
            })?;
            self.check_shape(&lt.collateral, "collateral")?;
            self.check_promise(&lt.promise)?;
        }
        if let Some(id) = o.cancel {
            let Some(d) = self.deals.iter().find(|d| d.id == id) else {
                return fail("§9.5", format!("there is no open deal {id}"));
            };
            ensure(
                (d.promisor == from && d.promisee == to)
                    || (d.promisor == to && d.promisee == from),
                "§9.5",
                || format!("deal {id} is not between seats {from} and {to}"),
            )?;
        }
        // The acceptance check too, so that nobody receives an offer that cannot be accepted.
        self.check_deal(from, o, true)
    }

    /// [`TheBoss::check_offer`] as a yes or no, with no error built for the shape of the
    /// offer (the legality checks of the candidates ask it; `check_offer` stays the reference a
    /// test compares it with).
    pub(crate) fn offer_fits(&self, from: Seat, o: &Offer) -> bool {
        let to = o.to;
        if !(to < self.players.len() && to != from && self.able_to_deal(to)) {
            return false;
        }
        let nothing = o.give.is_empty()
            && o.take.is_empty()
            && o.give_commitments.is_empty()
            && o.take_commitments.is_empty()
            && o.long_term.is_none()
            && o.cancel.is_none();
        let lt_ok = |lt: &LongTerm| {
            (lt.promisor == from || lt.promisor == to)
                && lt.due >= self.round
                && lt.due <= self.round + 1000
                && !lt.collateral.fate
                && self.shape_fits(&lt.collateral)
                && self.check_promise(&lt.promise).is_ok()
        };
        let cancel_ok = |id: u32| {
            self.deals.iter().any(|d| {
                d.id == id
                    && ((d.promisor == from && d.promisee == to)
                        || (d.promisor == to && d.promisee == from))
            })
        };
        !nothing
            && (o.note.is_empty() || self.check_text(&o.note, "note", false).is_ok())
            && self.shape_fits(&o.give)
            && self.shape_fits(&o.take)
            && o.give_commitments.len() + o.take_commitments.len() <= 4
            && o.long_term.as_ref().is_none_or(lt_ok)
            && o.cancel.is_none_or(cancel_ok)
            && self.check_deal(from, o, true).is_ok()
    }

    /// [`TheBoss::check_shape`] as a yes or no.
    fn shape_fits(&self, b: &Bundle) -> bool {
        let e = self.data.economy();
        let cards_ok = |list: &[u8], total: usize| {
            list.len() <= MAX_BUNDLE_CARDS
                && list
                    .iter()
                    .enumerate()
                    .all(|(i, &c)| (c as usize) < total && !list[..i].contains(&c))
        };
        b.cash.is_multiple_of(e.cash_step)
            && b.shares.is_multiple_of(e.lot)
            && cards_ok(&b.experience, self.data.exp_cards.len())
            && cards_ok(&b.executive, self.data.exec_cards.len())
    }

    /// Checks a long-term promise: a favour's text, or a deliverable of known classes.
    pub(crate) fn check_promise(&self, promise: &Promise) -> Result<(), RuleError> {
        match promise {
            Promise::Favour(t) => self.check_text(t, "favour", true),
            Promise::Deliver(d) => {
                ensure(!d.is_empty(), "§9.5", || "the deliverable is empty".into())?;
                let e = self.data.economy();
                ensure(
                    d.cash.is_multiple_of(e.cash_step) && d.shares.is_multiple_of(e.lot),
                    "§9.5",
                    || "deliverable money and shares come in the usual steps".into(),
                )?;
                ensure(
                    d.experience.len() <= MAX_BUNDLE_CARDS && d.executive.len() <= MAX_BUNDLE_CARDS,
                    "§9.5",
                    || "too many cards in the deliverable".into(),
                )?;
                ensure(
                    d.experience
                        .iter()
                        .all(|&k| (k as usize) < self.data.kinds.len()),
                    "§9.5",
                    || "unknown Experience kind in the deliverable".into(),
                )?;
                ensure(
                    d.executive.iter().all(|&k| (FIRST_EXEC..=8).contains(&k)),
                    "§9.5",
                    || "Executive cards are numbered 5-8".into(),
                )
            }
        }
    }

    /// Makes an offer (or a counter-offer linked to `counters`).
    pub(crate) fn make_offer(
        &mut self,
        from: Seat,
        o: &Offer,
        counters: Option<u32>,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        if let Some(m) = &self.meeting {
            ensure(self.able_to_deal(from), "§0", || {
                "players who are fired or losing turns may not deal".into()
            })?;
            let party = |s: Seat| s == m.caller || s == m.target || m.voters & (1 << s) != 0;
            // D-19: a declared voter's part is over; they only answer (or withdraw) offers.
            let dealer = from == m.caller || from == m.target || self.undeclared_voter(from);
            ensure(
                dealer && o.to < self.players.len() && party(o.to),
                "§9.1",
                || {
                    "during a meeting only its caller, target and voters who have yet to declare make offers".into()
                },
            )?;
            ensure(self.offer_has_vote(o), "§9.1", || {
                "during a meeting only vote deals are possible (add a vote commitment)".into()
            })?;
            let max = self.data.limits().meeting_max_offers;
            ensure(m.offers < max, "§9.7", || {
                format!("the meeting's limit of {max} offers is reached")
            })?;
        } else {
            self.deal_window(from, true, ev)?;
            ensure(self.turn.idle & (1 << from) == 0, "§9.1", || {
                format!(
                    "{} passed on the floor: no more offers from them in this step",
                    seat_name(from)
                )
            })?;
        }
        self.check_offer(from, o)?;
        self.check_offer_limits(from, o)?;
        self.record_offer(from, o.clone(), counters, ev);
        Ok(())
    }

    /// Makes an offer the candidate generator has just listed, so known to be legal: it is
    /// recorded without its checks (which [`TheBoss::make_offer`] runs).
    pub(crate) fn make_listed_offer(&mut self, from: Seat, o: Offer, ev: &mut Vec<Event>) {
        if self.meeting.is_none() {
            let window = self.deal_window(from, true, ev);
            debug_assert!(window.is_ok(), "{window:?}");
        }
        self.record_offer(from, o, None, ev);
    }

    /// The §9.7 count limits on a new offer from `from`.
    fn check_offer_limits(&self, from: Seat, o: &Offer) -> Result<(), RuleError> {
        let l = self.data.limits();
        let open = self.offers.iter().filter(|p| p.from == from).count() as u32;
        ensure(open < l.max_open_offers_per_player, "§9.7", || {
            format!(
                "at most {} open offers per player",
                l.max_open_offers_per_player
            )
        })?;
        ensure(self.turn.offers < l.max_offers_per_bt, "§9.7", || {
            format!(
                "the limit of {} offers in one Business Transactions step is reached",
                l.max_offers_per_bt
            )
        })?;
        let pair = from * 4 + o.to;
        ensure(
            (self.turn.pair_offers[pair] as u32) < l.max_offers_per_pair_per_bt,
            "§9.7",
            || {
                format!(
                    "the limit of {} offers between two players in one step is reached",
                    l.max_offers_per_pair_per_bt
                )
            },
        )
    }

    /// Records offer `offer` of `from` (checked): the counts of §9.7, its id, its event.
    fn record_offer(
        &mut self,
        from: Seat,
        mut offer: Offer,
        counters: Option<u32>,
        ev: &mut Vec<Event>,
    ) {
        self.turn.offers += 1;
        self.turn.pair_offers[from * 4 + offer.to] += 1;
        if let Some(m) = self.meeting.as_mut() {
            m.offers += 1;
            m.passes = 0;
        }
        let id = self.fresh_id();
        offer.give.normalise();
        offer.take.normalise();
        if let Some(lt) = offer.long_term.as_mut() {
            lt.collateral.normalise();
        }
        ev.push(Event::Offered {
            id,
            from,
            counters,
            offer: Box::new(offer.clone()),
        });
        self.offers.push(PendingOffer {
            id,
            from,
            counters,
            offer,
        });
    }

    fn find_offer(&self, id: u32) -> Result<usize, RuleError> {
        self.offers
            .iter()
            .position(|o| o.id == id)
            .ok_or_else(|| RuleError::new("§9.2", format!("there is no open offer {id}")))
    }

    /// Whether `seat` may answer or withdraw offer `id` now.
    fn answer_window(
        &mut self,
        seat: Seat,
        idx: usize,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        if self.meeting.is_some() {
            ensure(
                self.offer_has_vote(&self.offers[idx].offer),
                "§9.1",
                || "during a meeting only vote deals are answered".into(),
            )?;
            ensure(self.able_to_deal(seat), "§0", || {
                "players who are fired or losing turns may not deal".into()
            })
        } else {
            self.deal_window(seat, false, ev)
        }
    }

    pub(crate) fn reject(
        &mut self,
        seat: Seat,
        id: u32,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let i = self.find_offer(id)?;
        ensure(self.offers[i].offer.to == seat, "§9.2", || {
            format!("offer {id} was not made to you")
        })?;
        self.answer_window(seat, i, ev)?;
        let po = self.offers.remove(i);
        self.remember_refusal(po);
        ev.push(Event::Rejected { id });
        Ok(())
    }

    /// Keeps the terms of a rejected, countered or unanswered (expired) offer in its maker's
    /// public record, which holds the last [`REFUSALS_KEPT`] of the last
    /// [`REFUSALS_KEPT_ROUNDS`] rounds.
    pub(crate) fn remember_refusal(&mut self, po: PendingOffer) {
        let round = self.round;
        let list = &mut self.players[po.from].refused;
        list.retain(|r| r.round + REFUSALS_KEPT_ROUNDS > round);
        if list.len() >= REFUSALS_KEPT {
            list.remove(0);
        }
        let mut offer = po.offer;
        offer.note.clear();
        list.push(Refused { round, offer });
    }

    /// Every open offer expires unanswered: each is remembered as refused. Their ids.
    pub(crate) fn expire_offers(&mut self) -> Vec<u32> {
        let offers = std::mem::take(&mut self.offers);
        let ids = offers.iter().map(|o| o.id).collect();
        for po in offers {
            self.remember_refusal(po);
        }
        ids
    }

    pub(crate) fn withdraw(
        &mut self,
        seat: Seat,
        id: u32,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let i = self.find_offer(id)?;
        ensure(self.offers[i].from == seat, "§9.2", || {
            format!("offer {id} is not yours")
        })?;
        self.answer_window(seat, i, ev)?;
        self.offers.remove(i);
        ev.push(Event::Withdrawn { id });
        Ok(())
    }

    pub(crate) fn counter(
        &mut self,
        seat: Seat,
        id: u32,
        o: &Offer,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let i = self.find_offer(id)?;
        let from = self.offers[i].from;
        ensure(self.offers[i].offer.to == seat, "§9.2", || {
            format!("offer {id} was not made to you")
        })?;
        ensure(o.to == from, "§9.2", || {
            format!(
                "a counter-offer goes back to {}, who made offer {id}",
                seat_name(from)
            )
        })?;
        self.answer_window(seat, i, ev)?;
        let po = self.offers.remove(i);
        self.remember_refusal(po);
        ev.push(Event::Rejected { id });
        self.make_offer(seat, o, Some(id), ev)
    }

    /// Accepts offer `id`: the atomic check runs and everything happens at once; a failed
    /// check voids the offer and changes nothing else (§9.2).
    pub(crate) fn accept(
        &mut self,
        seat: Seat,
        id: u32,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let i = self.find_offer(id)?;
        ensure(self.offers[i].offer.to == seat, "§9.2", || {
            format!("offer {id} was not made to you")
        })?;
        self.answer_window(seat, i, ev)?;
        let po = self.offers.remove(i);
        if self.plain_exchange_ok(&po) {
            // Known to succeed: carried out in place.
            let o = &po.offer;
            self.take_bundle(po.from, &o.give, "give")?;
            self.take_bundle(o.to, &o.take, "take")?;
            self.put_bundle(o.to, &o.give);
            self.put_bundle(po.from, &o.take);
            ev.push(Event::Accepted { id, deal: None });
            return Ok(());
        }
        let mut g = self.clone();
        let mut e2 = Vec::new();
        match g.execute(&po, &mut e2) {
            Ok(deal) => {
                *self = g;
                ev.push(Event::Accepted { id, deal });
                ev.extend(e2);
            }
            Err(e) => ev.push(Event::Voided {
                id,
                reason: e.to_string(),
            }),
        }
        Ok(())
    }

    /// Whether `po` is a plain exchange (cash, shares and cards; no Fate card, commitment,
    /// promise or cancellation) that [`TheBoss::execute`] would carry out now.
    pub(crate) fn plain_exchange_ok(&self, po: &PendingOffer) -> bool {
        let (from, o) = (po.from, &po.offer);
        let to = o.to;
        let plain = !o.give.fate
            && !o.take.fate
            && o.give_commitments.is_empty()
            && o.take_commitments.is_empty()
            && o.long_term.is_none()
            && o.cancel.is_none();
        if !(plain
            && to < self.players.len()
            && self.able_to_deal(from)
            && self.able_to_deal(to)
            && self.holds(from, &o.give)
            && self.holds(to, &o.take))
        {
            return false;
        }
        // At most 2 Executive cards per number after the exchange.
        let count = |b: &Bundle, n: u8| {
            b.executive
                .iter()
                .filter(|&&c| self.data.exec_number(c) == n)
                .count() as u8
        };
        let limits = (FIRST_EXEC..=8).all(|n| {
            self.owned_of_number(from, n) - count(&o.give, n) + count(&o.take, n)
                <= MAX_EXEC_PER_NUMBER
                && self.owned_of_number(to, n) - count(&o.take, n) + count(&o.give, n)
                    <= MAX_EXEC_PER_NUMBER
        });
        // The severance a FireTarget reserved stays payable.
        let reserve = match self.turn.must_fire {
            None => true,
            Some(_) => {
                let s = self.turn.seat;
                let mut cash = self.players[s].cash as u64;
                if s == from {
                    cash = cash - o.give.cash as u64 + o.take.cash as u64;
                } else if s == to {
                    cash = cash - o.take.cash as u64 + o.give.cash as u64;
                }
                cash >= self.reserved(s) as u64
            }
        };
        limits && reserve
    }

    /// Carries out offer `po` after the atomic check ([`TheBoss::check_deal`]).
    pub(crate) fn execute(
        &mut self,
        po: &PendingOffer,
        ev: &mut Vec<Event>,
    ) -> Result<Option<u32>, RuleError> {
        let from = po.from;
        let o = &po.offer;
        let to = o.to;
        self.check_deal(from, o, false)?;
        let gf = self.take_bundle(from, &o.give, "give")?;
        let tf = self.take_bundle(to, &o.take, "take")?;
        self.put_bundle(to, &o.give);
        self.put_bundle(from, &o.take);
        if let Some(f) = gf {
            let known = f.known_by | (1 << from);
            self.receive_fate(
                to,
                HeldFate {
                    card: f.card,
                    window: None,
                    known_by: known,
                },
                ev,
            );
        }
        if let Some(f) = tf {
            let known = f.known_by | (1 << to);
            self.receive_fate(
                from,
                HeldFate {
                    card: f.card,
                    window: None,
                    known_by: known,
                },
                ev,
            );
        }
        self.check_exec_limit(from)?;
        self.check_exec_limit(to)?;
        for c in &o.give_commitments {
            self.apply_commitment(from, c, ev);
        }
        for c in &o.take_commitments {
            self.apply_commitment(to, c, ev);
        }
        if let Some(cid) = o.cancel {
            let Some(k) = self.deals.iter().position(|d| d.id == cid) else {
                return fail("§9.5", format!("deal {cid} is no longer open"));
            };
            let d = self.deals.remove(k);
            self.put_bundle(d.promisor, &d.collateral);
            ev.push(Event::Cancelled { id: cid });
        }
        let mut deal = None;
        if let Some(lt) = &o.long_term {
            ensure(!lt.collateral.fate, "§6", || {
                "a Fate card can never be collateral".into()
            })?;
            self.take_bundle(lt.promisor, &lt.collateral, "collateral")?;
            let id = self.fresh_id();
            self.deals.push(Deal {
                id,
                promisor: lt.promisor,
                promisee: if lt.promisor == from { to } else { from },
                promise: lt.promise.clone(),
                collateral: lt.collateral.clone(),
                due: lt.due,
            });
            deal = Some(id);
        }
        if self.turn.must_fire.is_some() {
            let s = self.turn.seat;
            ensure(self.players[s].cash >= self.reserved(s), "§9.3", || {
                "the severance promised could no longer be paid".into()
            })?;
        }
        Ok(deal)
    }

    fn show(&mut self, seat: Seat, to: Seat, ev: &mut Vec<Event>) -> Result<(), RuleError> {
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

    fn find_deal(&self, id: u32) -> Result<usize, RuleError> {
        self.deals
            .iter()
            .position(|d| d.id == id)
            .ok_or_else(|| RuleError::new("§9.5", format!("there is no open deal {id}")))
    }

    fn settle(&mut self, seat: Seat, id: u32, ev: &mut Vec<Event>) -> Result<(), RuleError> {
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

    fn release(&mut self, seat: Seat, id: u32, ev: &mut Vec<Event>) -> Result<(), RuleError> {
        let k = self.find_deal(id)?;
        ensure(self.deals[k].promisee == seat, "§9.5", || {
            "only the promisee releases the collateral".into()
        })?;
        let d = self.deals.remove(k);
        self.put_bundle(d.promisor, &d.collateral);
        ev.push(Event::Released { id });
        Ok(())
    }

    fn break_deal(
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
    fn forfeit(&mut self, d: &Deal) {
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
