//! The reference bot (§9.8): the rule-based choice the `heuristic` level plays, with dealing
//! switched on or off ([`Style`]).
//!
//! It reads only what its seat may know (public holdings, its own Fate card, cards shown to
//! it; see [`crate::bot::value`]) and always returns one of the seat's candidate actions.
//!
//! * Auctions: bid the minimum raise while it is at most the lot's value; pass otherwise.
//! * Meetings: sell a vote when the price beats the outcome's value; otherwise vote to fire the
//!   net-worth leader, defend itself, else abstain. Caller and target, and a voter that
//!   declared FOR or AGAINST, buy a vote when its price is below the change it makes
//!   to the chance the meeting fires times what the outcome is worth to them
//!   ([`crate::bot::firing`]); caller and target then pass.
//! * Offers: accept when V(take) − V(give) ≥ max($20, 5 %), also after what the deal gains
//!   the partner (values on the whole holding, [`crate::bot::deal`]);
//!   otherwise, when it would deal at another price (one that meets that test and leaves the
//!   maker a gain), counter with it
//!   (commitments kept, at most one offer of its own and one counter per partner and step), or
//!   reject.
//! * No nagging: terms a player rejected (or countered) are not offered again by the maker,
//!   nor the same exchange at a price no better for the receiver, for
//!   [`crate::state::REFUSALS_KEPT_ROUNDS`] rounds (the public record
//!   [`crate::state::Player::refused`]).
//! * Own turn: collect, take the Executive card, buy as much stock as the budget allows, settle
//!   or default long-term deals, use the Fate card well (move with a Job Available card, cash a
//!   Bonus, exercise a cheap Stock Option, fire the richest legal target, call a meeting it
//!   wins with at least even chance by [`crate::bot::firing`]), move up, open the floor, make at most 2 offers (buy a missing Experience card, sell
//!   a surplus one), end business, and draw Experience while the next job lacks it, else Fate.
//! * Dealing around the Fire card: before firing, it offers each legal target that may deal,
//!   richest first, to spare it this turn for half of what being fired would cost it (§9.3
//!   NotFire); a target that pays is skipped and the next one is fired. While such an offer is
//!   unanswered it shows the card (the threat is real) rather than ending its business. A
//!   target buys the promise when it is worth more than the price, and never twice.
//! * A Job Available or Fire card it cannot use is shown to the player it is worth most to
//!   and offered to them for half that value before its mandatory auction (§6).
//! * Financial Disaster: pay when affordable and cheaper than the turns lost are worth.
//! * Without dealing it never opens the floor, offers, accepts, counters, shows or lobbies; it
//!   still bids in auctions and votes its own interest.
//!
//! Why dealing pays: a deal between two dealing bots moves the harm of a Fire card from the
//! one that pays to a player that does not deal, and keeps cards the seller cannot use out of
//! auctions that non-dealers could win; trades at a fair price alone (Experience for cash)
//! change little against the field.

use crate::action::{Action, Bundle, Commitment, Deck, Lot, Offer, Vote};
use crate::data::{FateEffect, Level};
use crate::state::TheBoss;
use boardroom_engine::evaluate::Style;
use boardroom_engine::Seat;
use rand::RngCore;

fn round_down(x: i64, step: i64) -> i64 {
    x.div_euclid(step) * step
}

/// What the Fire card's holder does next.
enum FirePlan {
    /// This action.
    Act(Action),
    /// Wait for the answer to this protection offer to this seat.
    Wait(u32, Seat),
    /// Keep the card (no target).
    Keep,
}

impl TheBoss {
    /// The reference bot's action for `seat`, or `None` when `seat` may not act. Always one of
    /// the seat's legal candidates.
    pub fn policy_action(
        &self,
        seat: Seat,
        style: &Style,
        _rng: &mut dyn RngCore,
    ) -> Option<Action> {
        let mut cands = Vec::new();
        self.candidates(seat, &mut cands);
        if cands.is_empty() {
            return None;
        }
        let choice = self
            .choose_policy(seat, style, &cands)
            .filter(|a| self.check_action(seat, a).is_ok());
        Some(choice.unwrap_or_else(|| Self::fallback(&cands)))
    }

    /// The reference bot's action for `seat` when the game does not wait for it (outside
    /// `must_act`, e.g. a player who passed on the open floor), or `None` when it has nothing
    /// purposeful to do: it answers offers, votes, lobbies, settles or defaults deals, withdraws
    /// an offer of its own that no longer pays and passes while it has not, but never falls
    /// back on showing its card or auctioning a lot for want of anything better.
    pub fn policy_optional_action(
        &self,
        seat: Seat,
        style: &Style,
        _rng: &mut dyn RngCore,
    ) -> Option<Action> {
        let mut cands = Vec::new();
        self.candidates(seat, &mut cands);
        if cands.is_empty() {
            return None;
        }
        let purposeful = |a: &Action| match a {
            // A pass stands: passing again changes nothing.
            Action::Pass => cands.contains(a),
            _ => self.check_action(seat, a).is_ok(),
        };
        if let Some(a) = self
            .choose_policy(seat, style, &cands)
            .filter(|a| purposeful(a))
        {
            return Some(a);
        }
        self.offers
            .iter()
            .find(|p| p.from == seat && self.offer_gain(seat, seat, &p.offer).0 < 0)
            .map(|p| Action::Withdraw(p.id))
            .filter(|a| purposeful(a))
    }

    /// The safest candidate: end, pass, reject, draw Experience, lose turns; for a player who
    /// passed on the floor and is asked again, showing their Fate card, withdrawing an offer,
    /// an auction at a fair reserve or acting on a deal; else the first.
    fn fallback(cands: &[Action]) -> Action {
        let pref = |a: &Action| match a {
            Action::End => 0,
            Action::Pass => 1,
            Action::Reject(_) => 2,
            Action::Draw(Deck::Experience) => 3,
            Action::Draw(_) => 4,
            Action::Vote(Vote::Abstain) => 5,
            Action::Stop => 6,
            Action::Lose => 7,
            Action::Show(_) => 8,
            Action::Withdraw(_) => 9,
            Action::Auction(..) => 10,
            Action::Settle(_) => 11,
            Action::Default(_) => 12,
            Action::Release(_) => 50,
            Action::WalkAway(_) => 60,
            _ => 100,
        };
        cands
            .iter()
            .min_by_key(|a| pref(a))
            .cloned()
            .expect("candidates are not empty")
    }

    pub(crate) fn has(cands: &[Action], a: &Action) -> bool {
        cands.contains(a)
    }

    /// Whether `seat` made the same terms, or the same exchange at a price no better for the
    /// receiver, and had them rejected, countered or let lapse while the situation they were
    /// refused in lasts: a bot does not ask again what was refused
    /// ([`TheBoss::refused_before`], on the public record [`crate::state::Player::refused`]).
    pub fn refused_recently(&self, seat: Seat, o: &Offer) -> bool {
        self.refused_before(seat, o)
    }

    /// `a` unless it is an offer or counter whose terms `seat` had refused lately.
    pub(crate) fn fresh(&self, seat: Seat, a: Action) -> Option<Action> {
        match &a {
            Action::Offer(o) | Action::Counter(_, o) if self.refused_recently(seat, o) => None,
            _ => Some(a),
        }
    }

    fn choose_policy(&self, seat: Seat, style: &Style, cands: &[Action]) -> Option<Action> {
        if let Some(a) = &self.auction {
            let v = match a.lot {
                Lot::Fate => a.fate.as_ref().map_or(0, |f| self.fate_value(seat, f.card)),
                Lot::Shares(k) => self.receive_value(
                    seat,
                    a.seller,
                    &Bundle {
                        shares: k,
                        ..Bundle::default()
                    },
                ),
                Lot::Experience(c) => self.receive_value(
                    seat,
                    a.seller,
                    &Bundle {
                        experience: vec![c],
                        ..Bundle::default()
                    },
                ),
                Lot::Executive(c) => self.receive_value(
                    seat,
                    a.seller,
                    &Bundle {
                        executive: vec![c],
                        ..Bundle::default()
                    },
                ),
            };
            let min = self.min_bid()? as i64;
            return Some(if min <= v && Self::has(cands, &Action::Bid(min as u32)) {
                Action::Bid(min as u32)
            } else {
                Action::Pass
            });
        }
        if let Some(m) = &self.meeting {
            if style.deals {
                if let Some(a) = self.answer(seat, cands, false) {
                    return Some(a);
                }
            }
            if self.undeclared_voter(seat) {
                return Some(Action::Vote(self.preferred_vote(seat)));
            }
            // The side it is on: the caller's and the target's own, or the vote a voter
            // declared (R-33: it may still buy others').
            let side = if seat == m.caller {
                Some(Vote::For)
            } else if seat == m.target {
                Some(Vote::Against)
            } else {
                m.votes[seat].filter(|v| *v != Vote::Abstain)
            };
            if let (true, Some(mine)) = (style.deals, side) {
                let buy = cands.iter().find(|a| match a {
                    Action::Offer(o) => {
                        let open = self
                            .offers
                            .iter()
                            .any(|p| p.from == seat && p.offer.to == o.to);
                        !open
                            && o.take_commitments == [Commitment::Vote(mine)]
                            && !self.refused_recently(seat, o)
                            && self.turn.pair_offers[seat * 4 + o.to] == 0
                            && self.preferred_vote(o.to) != mine
                            && self.voting_power(o.to) > 0
                            // Worth its price: the vote changes the chance the meeting
                            // fires by more than the price is worth.
                            && self.offer_value(seat, seat, seat, o) > 0
                    }
                    _ => false,
                });
                if let Some(a) = buy {
                    return Some(a.clone());
                }
            }
            return Some(Action::Pass);
        }
        if self.after_meeting.is_some() {
            let call = crate::bot::firing::CALL_PERCENT;
            return Some(
                cands
                    .iter()
                    .find(|a| matches!(a, Action::Meeting(x) if self.meeting_chance(seat, *x, None) >= call))
                    .cloned()
                    .unwrap_or(Action::Stop),
            );
        }
        if let Some(card) = self.disaster {
            if let FateEffect::Disaster { pay, turns } = self.data.fate_effect(card) {
                let salary = self.players[seat]
                    .job
                    .map_or(200, |j| self.data.position(j).salary.max(200));
                let ok = Self::has(cands, &Action::Pay) && pay <= 2 * salary * turns as u32;
                return Some(if ok { Action::Pay } else { Action::Lose });
            }
        }
        if seat == self.turn.seat {
            return self.own_turn(seat, style, cands);
        }
        // Another player's open floor.
        if !style.deals {
            return Some(
                cands
                    .iter()
                    .find(|a| matches!(a, Action::Reject(_)))
                    .cloned()
                    .unwrap_or(Action::Pass),
            );
        }
        if let Some(a) = self.answer(seat, cands, true) {
            return Some(a);
        }
        if let Some(a) = self.long_term_step(seat, cands) {
            return Some(a);
        }
        if let Some(a) = self.policy_offer(seat) {
            return Some(a);
        }
        Some(Action::Pass)
    }

    /// The active player's turn.
    fn own_turn(&self, seat: Seat, style: &Style, cands: &[Action]) -> Option<Action> {
        use crate::state::Step;
        if self.turn.step == Step::Draw {
            return Some(self.draw_choice(seat, cands));
        }
        for a in [Action::Collect, Action::TakeCard] {
            if Self::has(cands, &a) {
                return Some(a);
            }
        }
        if let Some(k) = cands
            .iter()
            .filter_map(|a| match a {
                Action::Buy(k) => Some(*k),
                _ => None,
            })
            .max()
        {
            return Some(Action::Buy(k));
        }
        if let Some(a) = self.long_term_step(seat, cands) {
            return Some(a);
        }
        if style.deals {
            if let Some(a) = self.answer(seat, cands, true) {
                return Some(a);
            }
        }
        // Use the Fate card.
        let mut waiting = None;
        if let Some(card) = self.fate_to_use(seat) {
            match self.data.fate_effect(card) {
                FateEffect::Bonus { .. } if Self::has(cands, &Action::Use) => {
                    return Some(Action::Use)
                }
                FateEffect::StockOption { price, .. }
                    if price < self.data.economy().share_price
                        && Self::has(cands, &Action::Use) =>
                {
                    return Some(Action::Use)
                }
                FateEffect::Fire { .. } => match self.fire_plan(seat, style, cands) {
                    FirePlan::Act(a) => return Some(a),
                    FirePlan::Wait(id, x) => waiting = Some((id, x)),
                    FirePlan::Keep => {}
                },
                _ => {}
            }
        }
        // Move: the best salary, or an executive card still missing from the set.
        if !self.turn.moved {
            let cur = self.players[seat].job;
            let cur_salary = cur.map_or(0, |j| self.data.position(j).salary);
            let best = cands
                .iter()
                .filter_map(|a| match a {
                    Action::Move(j) => Some(*j),
                    _ => None,
                })
                .filter(|&j| {
                    let p = self.data.position(j);
                    p.salary > cur_salary
                        || (p.level == Level::Executive
                            && self.owned_of_number(seat, j)
                                < crate::data::COMPLETE_SET[(j - crate::data::FIRST_EXEC) as usize])
                })
                .max_by_key(|&j| self.data.position(j).salary);
            if let Some(j) = best {
                return Some(Action::Move(j));
            }
        }
        if style.deals && waiting.is_none() {
            match self.card_sale(seat) {
                FirePlan::Act(a) => return Some(a),
                FirePlan::Wait(id, x) => waiting = Some((id, x)),
                FirePlan::Keep => {}
            }
        }
        if style.deals {
            if !self.turn.floor && Self::has(cands, &Action::Open) {
                return Some(Action::Open);
            }
            if waiting.is_none() {
                if let Some(a) = self.policy_offer(seat) {
                    return Some(a);
                }
            }
        }
        // A protection offer is still unanswered: show the Fire card (the threat is real) to
        // its receiver, then to the others, then withdraw the offer, after which the target is
        // fired.
        if let Some((id, x)) = waiting {
            let known = self.players[seat].fate.as_ref().map_or(0, |f| f.known_by);
            let show = std::iter::once(x)
                .chain(0..self.players.len())
                .find(|&o| o != seat && known & (1 << o) == 0);
            let a = show.map_or(Action::Withdraw(id), Action::Show);
            if self.check_action(seat, &a).is_ok() {
                return Some(a);
            }
        }
        Some(Action::End)
    }

    /// The held Fate card `seat` may use in this turn's Business Transactions, also before the
    /// step has begun (entering it opens the card's use window, R-15).
    fn fate_to_use(&self, seat: Seat) -> Option<u8> {
        use crate::state::Step;
        if self.turn.seat != seat || self.turn.step > Step::Business {
            return None;
        }
        let f = self.players[seat].fate.as_ref()?;
        let opens = self.turn.step < Step::Business && f.window.is_none();
        (opens || f.window == Some(self.turn.number)).then_some(f.card)
    }

    /// What to do with a usable Fire card: fire the richest legal target (office holders
    /// first, then an executive a meeting fires with at least
    /// [`crate::bot::firing::CALL_PERCENT`] chance), but first offer each target
    /// that may deal to spare it for a price (§9.3 NotFire); a target that bought it is
    /// skipped.
    fn fire_plan(&self, seat: Seat, style: &Style, cands: &[Action]) -> FirePlan {
        let call = crate::bot::firing::CALL_PERCENT;
        let mut targets: Vec<(Seat, Action)> = cands
            .iter()
            .filter_map(|a| match a {
                Action::Fire(x) => Some((*x, a.clone())),
                _ => None,
            })
            .collect();
        targets.sort_by_key(|(x, _)| (std::cmp::Reverse(self.net_worth(*x)), *x));
        let mut meetings: Vec<(Seat, Action)> = cands
            .iter()
            .filter_map(|a| match a {
                Action::Meeting(x) if self.meeting_chance(seat, *x, None) >= call => {
                    Some((*x, a.clone()))
                }
                _ => None,
            })
            .collect();
        meetings.sort_by_key(|(x, _)| (std::cmp::Reverse(self.net_worth(*x)), *x));
        targets.extend(meetings);
        let mut waiting = None;
        for (x, fire) in targets {
            if self.turn.not_fire & (1 << x) != 0 {
                continue;
            }
            let pending = self.offers.iter().find(|p| {
                p.from == seat
                    && p.offer.to == x
                    && p.offer
                        .give_commitments
                        .contains(&crate::action::Commitment::NotFire(x))
            });
            if let Some(p) = pending {
                waiting.get_or_insert((p.id, x));
                continue;
            }
            let asked = self.turn.pair_offers[seat * 4 + x] > 0;
            if style.deals && self.able_to_deal(x) && !asked {
                if let Some(o) = self
                    .protection_offer(seat, x)
                    .filter(|o| !self.refused_recently(seat, o))
                {
                    let a = Action::Offer(Box::new(o));
                    if self.check_action(seat, &a).is_ok() {
                        return FirePlan::Act(a);
                    }
                }
            }
            // A richer target may still buy protection: wait for its answer first.
            return match waiting {
                Some((id, w)) => FirePlan::Wait(id, w),
                None => FirePlan::Act(fire),
            };
        }
        if let Some((id, w)) = waiting {
            return FirePlan::Wait(id, w);
        }
        FirePlan::Keep
    }

    /// Before a held Job Available or Fire card goes to its mandatory auction (§6): show it to
    /// the player it is worth most to and offer it for half that value (the seller knows the
    /// card; the buyer's use of it follows from public holdings).
    fn card_sale(&self, seat: Seat) -> FirePlan {
        let Some(card) = self.fate_to_use(seat) else {
            return FirePlan::Keep;
        };
        if !matches!(
            self.data.fate_effect(card),
            FateEffect::JobAvailable { .. } | FateEffect::Fire { .. }
        ) {
            return FirePlan::Keep;
        }
        if let Some(p) = self
            .offers
            .iter()
            .find(|p| p.from == seat && p.offer.give.fate)
        {
            return FirePlan::Wait(p.id, p.offer.to);
        }
        let step = self.data.economy().cash_step as i64;
        let buyer = (0..self.players.len())
            .filter(|&x| {
                x != seat && self.able_to_deal(x) && self.turn.pair_offers[seat * 4 + x] == 0
            })
            .map(|x| (self.fate_value(x, card), x))
            .filter(|&(v, x)| v >= 2 * step && self.free_cash(x) as i64 >= step)
            .max_by_key(|&(v, x)| (v, std::cmp::Reverse(x)));
        let Some((v, x)) = buyer else {
            return FirePlan::Keep;
        };
        if self.players[seat]
            .fate
            .as_ref()
            .is_some_and(|f| f.known_by & (1 << x) == 0)
        {
            return FirePlan::Act(Action::Show(x));
        }
        let price = round_down((v / 2).min(self.free_cash(x) as i64), step).max(step);
        let offer = Offer {
            to: x,
            give: Bundle {
                fate: true,
                ..Bundle::default()
            },
            take: Bundle {
                cash: price as u32,
                ..Bundle::default()
            },
            note: "a card you can use".into(),
            ..Offer::default()
        };
        if self.refused_recently(seat, &offer) {
            return FirePlan::Keep;
        }
        let a = Action::Offer(Box::new(offer));
        if self.check_action(seat, &a).is_ok() {
            FirePlan::Act(a)
        } else {
            FirePlan::Keep
        }
    }

    /// The offer to spare `x` from `seat`'s Fire card this turn, priced at half of what it is
    /// worth to `x` (public holdings only), within `x`'s free cash.
    fn protection_offer(&self, seat: Seat, x: Seat) -> Option<Offer> {
        let step = self.data.economy().cash_step as i64;
        let worth = self.spare_value_seen(seat, x, seat);
        let price = round_down((worth / 2).min(self.free_cash(x) as i64), step);
        if price < self.data.file.bots.accept_margin_min as i64
            || worth - price < self.accept_margin(price)
        {
            return None;
        }
        Some(Offer {
            to: x,
            take: Bundle {
                cash: price as u32,
                ..Bundle::default()
            },
            give_commitments: vec![crate::action::Commitment::NotFire(x)],
            note: "spare you this turn".into(),
            ..Offer::default()
        })
    }

    /// Draw Experience while the next job still lacks some, else Fate.
    fn draw_choice(&self, seat: Seat, cands: &[Action]) -> Action {
        let p = &self.players[seat];
        let next = match p.job {
            None => 1,
            Some(j) if j < 4 => j + 1,
            Some(4) => 5,
            Some(_) => 7,
        };
        let want_exp = !self.meets_experience(seat, next) && self.experience_left() > 0;
        let order = if want_exp {
            [Action::Draw(Deck::Experience), Action::Draw(Deck::Fate)]
        } else {
            [Action::Draw(Deck::Fate), Action::Draw(Deck::Experience)]
        };
        for a in order {
            if Self::has(cands, &a) {
                return a;
            }
        }
        Self::fallback(cands)
    }
}
