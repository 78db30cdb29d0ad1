//! Legality, written once: whether `seat` may play an action now, read from the state alone
//! (no copy, no change), in the order the rules carry the action out.
//!
//! Every check is generic over its [`Verdict`]: `check_action` asks for a [`RuleError`] (the
//! rule broken and why, built only on failure), the candidate generator for [`Illegal`] (a
//! yes or no, nothing built). `apply_action` checks once and then carries the action out
//! (`crate::rules`), and the effects never fail. This module holds the dispatch by phase and
//! the checks of the active player's own steps (§5–§7); the checks of auctions, meetings and
//! deals live beside their effects (`auction`, `meeting`, `offer`).
//!
//! A step taken on the way (a dealing action or a Business Transactions action of the active
//! player enters the Business Transactions step, which opens the use window of the held Fate
//! card, R-15) is read ahead: [`TheBoss::bt_fate`] is the card usable once the step has begun.
//!
//! [`RuleError`]: crate::error::RuleError

use crate::action::{Action, Deck};
use crate::data::{FateEffect, Level};
use crate::error::{why, Illegal, Verdict};
use crate::state::Sequence;
use crate::state::{Step, TheBoss};
use crate::words;
use boardroom_engine::Seat;

impl TheBoss {
    /// Whether `seat` may play `action` now, as a yes or no.
    #[inline]
    pub(crate) fn is_legal(&self, seat: Seat, action: &Action) -> bool {
        self.verdict::<Illegal>(seat, action).is_ok()
    }

    /// Checks `action` for `seat` against the state; `Err` names the first rule it breaks.
    pub(crate) fn verdict<V: Verdict>(&self, seat: Seat, action: &Action) -> Result<(), V> {
        if self.is_over() {
            return V::fail("§8", || why("the-boss-err-over"));
        }
        V::ensure(seat < self.players.len(), "§1", || {
            why("the-boss-err-not-at-table").arg("name", words::seat(seat))
        })?;
        if self.auction.is_some() {
            return match *action {
                Action::Bid(x) => self.check_bid(seat, x),
                Action::Pass => self.check_auction_pass(seat),
                _ => V::fail("§9.1", || why("the-boss-err-auction-running")),
            };
        }
        if self.meeting.is_some() {
            return match action {
                Action::Vote(_) => self.check_vote(seat),
                Action::Pass => self.check_lobby_pass(seat),
                Action::Offer(o) => self.check_make_offer(seat, o),
                Action::Counter(id, o) => self.check_counter(seat, *id, o),
                Action::Accept(id) | Action::Reject(id) => self.check_answer(seat, *id, false),
                Action::Withdraw(id) => self.check_answer(seat, *id, true),
                _ => V::fail("§9.1", || why("the-boss-err-meeting-running")),
            };
        }
        if self.after_meeting.is_some() {
            V::ensure(seat == self.turn.seat, "§7", || {
                why("the-boss-err-caller-decides")
            })?;
            return match *action {
                Action::Meeting(x) => self.check_call_meeting(seat, x),
                Action::Stop => Ok(()),
                _ => V::fail("§7", || why("the-boss-err-after-meeting")),
            };
        }
        if let Some(card) = self.disaster {
            V::ensure(seat == self.turn.seat, "§5.4", || {
                why("the-boss-err-disaster-first").arg("name", words::seat(self.turn.seat))
            })?;
            return match action {
                Action::Pay => {
                    let FateEffect::Disaster { pay, .. } = self.data.fate_effect(card) else {
                        return V::fail("§5.4", || why("the-boss-err-no-disaster"));
                    };
                    V::ensure(self.free_cash(seat) >= pay, "§5.4", || {
                        why("the-boss-err-cannot-pay-disaster")
                            .arg("cash", self.free_cash(seat))
                            .arg("pay", pay)
                    })
                }
                Action::Lose => Ok(()),
                _ => V::fail("§5.4", || why("the-boss-err-settle-disaster")),
            };
        }
        match action {
            Action::Bid(_) => V::fail("§9.6", || why("the-boss-err-no-auction")),
            Action::Pass => self.check_floor_pass(seat),
            Action::Vote(_) => V::fail("§7", || why("the-boss-err-no-meeting")),
            Action::Stop => V::fail("§7", || why("the-boss-err-no-failed-meeting")),
            Action::Pay | Action::Lose => V::fail("§5.4", || why("the-boss-err-no-disaster")),
            a if a.is_dealing() => self.check_deal_action(seat, a),
            a => {
                V::ensure(seat == self.turn.seat, "§5", || {
                    why("the-boss-err-their-turn").arg("name", words::seat(self.turn.seat))
                })?;
                self.check_turn_action(a)
            }
        }
    }

    /// A player other than the active one passes on the open floor (§9.1).
    fn check_floor_pass<V: Verdict>(&self, seat: Seat) -> Result<(), V> {
        V::ensure(
            seat != self.turn.seat && self.turn.floor && self.in_deal_window(seat),
            "§9.1",
            || why("the-boss-err-nothing-to-pass"),
        )?;
        V::ensure(self.turn.idle & (1 << seat) == 0, "§9.1", || {
            why("the-boss-err-passed-floor").arg("name", words::seat(seat))
        })
    }

    /// The active player's own steps.
    fn check_turn_action<V: Verdict>(&self, action: &Action) -> Result<(), V> {
        let seat = self.turn.seat;
        match *action {
            Action::Collect => self.check_step_to(Step::Salary, "salary"),
            Action::TakeCard => {
                self.check_step_to(Step::ExecCard, "card")?;
                let Some(job) = self.players[seat].job else {
                    return V::fail("§4", || why("the-boss-err-no-job"));
                };
                V::ensure(self.owned_of_number(seat, job) < 2, "§4", || {
                    why("the-boss-err-own-two").arg("number", job)
                })?;
                V::ensure(
                    self.exec_bank
                        .iter()
                        .any(|&c| self.data.exec_number(c) == job),
                    "§4",
                    || why("the-boss-err-bank-no-card").arg("number", job),
                )
            }
            Action::Buy(k) => {
                self.check_step_to(Step::Stock, "stock")?;
                let e = self.data.economy();
                let lot = e.lot;
                V::ensure(k >= lot && k.is_multiple_of(lot), "§5.2", || {
                    why("the-boss-err-buy-lot").arg("lot", lot)
                })?;
                let Some(job) = self.turn.start_job else {
                    return V::fail("R-8", || why("the-boss-err-no-salary"));
                };
                let budget = self.data.position(job).salary;
                let cost = k.saturating_mul(e.share_price);
                V::ensure(cost <= budget, "R-8", || {
                    why("the-boss-err-over-budget")
                        .arg("shares", k)
                        .arg("cost", cost)
                        .arg("budget", budget)
                })?;
                V::ensure(cost <= self.free_cash(seat), "§5.2", || {
                    why("the-boss-err-shares-cost")
                        .arg("shares", k)
                        .arg("cost", cost)
                        .arg("cash", self.free_cash(seat))
                })?;
                V::ensure(k <= self.bank_for_sale(), "§5.2", || {
                    why("the-boss-err-bank-shares").arg("shares", self.bank_for_sale())
                })
            }
            Action::Open => {
                self.check_business()?;
                V::ensure(!self.turn.floor, "R-25", || why("the-boss-err-floor-open"))
            }
            Action::Move(j) => {
                self.check_business()?;
                self.check_move(j)
            }
            Action::Use => {
                self.check_business()?;
                self.check_use()
            }
            Action::Fire(x) => {
                self.check_business()?;
                let Some((_, severance)) = self.bt_fire() else {
                    return V::fail("§7", || why("the-boss-err-no-fire-card"));
                };
                self.check_office_target(seat, x)?;
                self.check_severance(seat, severance)
            }
            Action::Meeting(x) => {
                self.check_business()?;
                self.check_call_meeting(seat, x)
            }
            Action::Discard => {
                V::ensure(self.turn.step == Step::Draw, "R-16", || {
                    why("the-boss-err-discard-before-draw")
                })?;
                V::ensure(self.players[seat].fate.is_some(), "§6", || {
                    why("the-boss-err-no-fate")
                })
            }
            Action::End => {
                self.check_business()?;
                match self.turn.must_fire {
                    Some(x) => V::fail("§9.3", || {
                        why("the-boss-err-promised-fire-first").arg("name", words::seat(x))
                    }),
                    None => Ok(()),
                }
            }
            Action::Draw(deck) => self.check_draw(deck),
            _ => V::fail("§5", || why("the-boss-err-not-a-step")),
        }
    }

    /// Moving to `step` (forward only, skipped steps forfeited); `what` is the step's key in
    /// the messages (`salary`, `card`, `stock`).
    fn check_step_to<V: Verdict>(&self, step: Step, what: &'static str) -> Result<(), V> {
        V::ensure(self.turn.has_step(step), "§5.2", || {
            let sequence = match self.turn.sequence {
                Sequence::Unemployed => "unemployed",
                Sequence::Office => "office",
                Sequence::Executive => "executive",
            };
            why("the-boss-err-no-such-step")
                .arg("sequence", sequence)
                .arg("what", what)
        })?;
        V::ensure(self.turn.step <= step, "§5.2", || {
            why("the-boss-err-step-passed").arg("what", what)
        })
    }

    /// The Business Transactions step is running or still to come (entering it is allowed).
    pub(crate) fn check_business<V: Verdict>(&self) -> Result<(), V> {
        V::ensure(self.turn.step <= Step::Business, "§5.2", || {
            why("the-boss-err-business-over")
        })
    }

    /// The active player has the severance of their Fire card in cash (§7).
    pub(crate) fn check_severance<V: Verdict>(&self, seat: Seat, severance: u32) -> Result<(), V> {
        V::ensure(self.players[seat].cash >= severance, "§7", || {
            why("the-boss-err-severance")
                .arg("severance", severance)
                .arg("cash", self.players[seat].cash)
        })
    }

    /// A move of the active player to position `j` (§5.3).
    fn check_move<V: Verdict>(&self, j: u8) -> Result<(), V> {
        let seat = self.turn.seat;
        V::ensure((1..=8).contains(&j), "§1", || {
            why("the-boss-err-no-position").arg("number", j)
        })?;
        V::ensure(!self.turn.moved, "R-10", || why("the-boss-err-moved"))?;
        let from = self.players[seat].job;
        V::ensure(from != Some(j), "§5.3", || {
            why("the-boss-err-hold-position").arg("number", j)
        })?;
        let pos = self.data.position(j);
        if pos.level == Level::Office {
            if let Some(i) = from {
                V::ensure(self.data.position(i).level == Level::Office, "R-12", || {
                    why("the-boss-err-no-move-to-office")
                })?;
                V::ensure(j > i, "R-12", || {
                    why("the-boss-err-no-move-down").arg("from", i).arg("to", j)
                })?;
            }
        } else {
            V::ensure(
                self.bt_fate().is_some_and(|c| {
                    self.data.fate_effect(c) == FateEffect::JobAvailable { position: j }
                }),
                "§6",
                || why("the-boss-err-needs-job-available").arg("number", j),
            )?;
            let have = self.usable_shares(seat);
            V::ensure(have >= pos.min_shares, "§5.3", || {
                why("the-boss-err-needs-shares")
                    .arg("title", pos.title.as_str())
                    .arg("shares", pos.min_shares)
                    .arg("have", have)
            })?;
        }
        V::ensure(self.has_free_chair(j), "§5.3", || {
            why("the-boss-err-no-chair").arg("title", pos.title.as_str())
        })?;
        V::ensure(
            self.players[seat].snapshot & (1 << (j - 1)) != 0,
            "R-5",
            || why("the-boss-err-experience-at-start").arg("title", pos.title.as_str()),
        )?;
        V::ensure(self.meets_experience(seat, j), "R-5", || {
            why("the-boss-err-experience-now").arg("title", pos.title.as_str())
        })
    }

    /// Using the active player's Bonus or Stock Option card (§6).
    fn check_use<V: Verdict>(&self) -> Result<(), V> {
        let seat = self.turn.seat;
        let Some(card) = self.bt_fate() else {
            return V::fail("R-15", || why("the-boss-err-no-usable-fate"));
        };
        match self.data.fate_effect(card) {
            FateEffect::Bonus { .. } => Ok(()),
            FateEffect::StockOption { shares, price } => {
                let k = shares.min(self.bank_for_sale());
                V::ensure(k > 0, "R-17", || why("the-boss-err-option-no-shares"))?;
                let cost = k * price;
                V::ensure(cost <= self.free_cash(seat), "R-17", || {
                    why("the-boss-err-option-cost")
                        .arg("shares", k)
                        .arg("cost", cost)
                        .arg("cash", self.free_cash(seat))
                })
            }
            FateEffect::JobAvailable { position } => V::fail("§6", || {
                why("the-boss-err-use-job-available").arg("number", position)
            }),
            FateEffect::Fire { .. } => V::fail("§7", || why("the-boss-err-use-fire")),
            FateEffect::Disaster { .. } => V::fail("§6", || why("the-boss-err-disaster-held")),
        }
    }

    /// Whether the active player may name `x` with their Fire card as an office holder to
    /// fire now (card and cash aside).
    pub(crate) fn check_office_target<V: Verdict>(&self, seat: Seat, x: Seat) -> Result<(), V> {
        V::ensure(x < self.players.len() && x != seat, "§7", || {
            why("the-boss-err-cannot-fire").arg("name", words::seat(x))
        })?;
        let Some(tj) = self.players[x].job else {
            return V::fail("§7", || {
                why("the-boss-err-holds-no-job").arg("name", words::seat(x))
            });
        };
        V::ensure(self.data.position(tj).level == Level::Office, "§7", || {
            why("the-boss-err-is-executive").arg("name", words::seat(x))
        })?;
        let ok = match self.players[seat].job {
            Some(j) => self.data.position(j).level == Level::Executive || j > tj,
            None => false,
        };
        V::ensure(ok, "§7", || {
            why("the-boss-err-fire-higher")
                .arg("name", words::seat(x))
                .arg("office", tj)
        })?;
        self.check_promises_about(x)
    }

    /// Naming `x` keeps the active player's firing promises (§9.3): not a spared player, and
    /// the promised target if there is one.
    pub(crate) fn check_promises_about<V: Verdict>(&self, x: Seat) -> Result<(), V> {
        V::ensure(self.turn.not_fire & (1 << x) == 0, "§9.3", || {
            why("the-boss-err-promised-not-fire").arg("name", words::seat(x))
        })?;
        match self.turn.must_fire {
            Some(m) if m != x => V::fail("§9.3", || {
                why("the-boss-err-promised-fire").arg("name", words::seat(m))
            }),
            _ => Ok(()),
        }
    }

    /// The draw, the last step (§5.4).
    fn check_draw<V: Verdict>(&self, deck: Deck) -> Result<(), V> {
        let seat = self.turn.seat;
        V::ensure(self.turn.step == Step::Draw, "§5.2", || {
            why("the-boss-err-end-business-first")
        })?;
        let fate = self.players[seat].fate.as_ref();
        let in_window = fate.is_some_and(|f| f.window == Some(self.turn.number));
        match deck {
            Deck::Fate => V::ensure(in_window || fate.is_none(), "R-16", || {
                why("the-boss-err-fate-held-draw")
            }),
            Deck::Experience => V::ensure(!self.exp_deck.is_empty(), "R-4", || {
                why("the-boss-err-experience-empty")
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::action::{Action, Bundle, Commitment, Deck, Lot, Offer, Vote};
    use crate::state::{Config, TheBoss};
    use rand::{Rng, SeedableRng};

    /// Actions worth asking about in `g`: the enumerable ones, every seat's candidates and a
    /// few offers, auctions and bids the candidates do not list.
    fn probes(g: &TheBoss) -> Vec<Action> {
        let n = g.num_players();
        let mut all = vec![
            Action::Collect,
            Action::TakeCard,
            Action::Open,
            Action::Use,
            Action::Stop,
            Action::Pass,
            Action::Pay,
            Action::Lose,
            Action::Discard,
            Action::End,
            Action::Draw(Deck::Experience),
            Action::Draw(Deck::Fate),
            Action::Vote(Vote::For),
            Action::Vote(Vote::Abstain),
            Action::Buy(10),
            Action::Buy(20),
            Action::Buy(15),
            Action::Auction(Lot::Fate, 10),
            Action::Auction(Lot::Shares(10), 50),
            Action::Auction(Lot::Experience(3), 10),
        ];
        all.extend((0..=9).map(Action::Move));
        for s in 0..=n {
            all.push(Action::Fire(s));
            all.push(Action::Meeting(s));
            all.push(Action::Show(s));
            for (give, take, commit) in [
                (100, 10, None),
                (0, 0, Some(Commitment::NotFire(s))),
                (50, 0, Some(Commitment::Vote(Vote::For))),
                (5000, 0, None),
            ] {
                all.push(Action::Offer(Box::new(Offer {
                    to: s,
                    give: Bundle {
                        cash: give,
                        ..Bundle::default()
                    },
                    take: Bundle {
                        shares: take,
                        ..Bundle::default()
                    },
                    take_commitments: commit.into_iter().collect(),
                    ..Offer::default()
                })));
            }
        }
        if let Some(b) = g.min_bid() {
            all.extend([
                Action::Bid(b),
                Action::Bid(b + 10),
                Action::Bid(b + 5),
                Action::Bid(b.saturating_sub(10)),
            ]);
        }
        for o in g.offers() {
            all.extend([
                Action::Accept(o.id),
                Action::Reject(o.id),
                Action::Withdraw(o.id),
                Action::Counter(
                    o.id,
                    Box::new(Offer {
                        to: o.from,
                        give: Bundle {
                            cash: 10,
                            ..Bundle::default()
                        },
                        ..Offer::default()
                    }),
                ),
            ]);
        }
        for d in g.deals() {
            all.extend([
                Action::Settle(d.id),
                Action::Default(d.id),
                Action::Release(d.id),
                Action::WalkAway(d.id),
            ]);
        }
        let mut c = Vec::new();
        for s in 0..n {
            g.candidates(s, &mut c);
            all.extend(c.iter().cloned());
        }
        all
    }

    #[test]
    fn the_yes_or_no_is_the_verdict_and_a_refused_action_changes_nothing() {
        let mut asked = 0;
        let mut refused = 0;
        let mut plain_accepts = 0;
        for seed in 0..12u64 {
            let players = 2 + seed as usize % 3;
            let mut g = TheBoss::new_game(&Config::new(players), seed).unwrap();
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let mut cands = Vec::new();
            let mut step = 0;
            while !g.is_over() && step < 20_000 {
                if step % 3 == 0 {
                    for a in probes(&g) {
                        for seat in 0..=players {
                            asked += 1;
                            let legal = g.is_legal(seat, &a);
                            let checked = g.check_action(seat, &a);
                            assert_eq!(legal, checked.is_ok(), "seed {seed} step {step}: {a:?}");
                            let mut h = g.clone();
                            let mut ev = Vec::new();
                            let applied = h.apply_action(seat, &a, &mut ev);
                            assert_eq!(applied, checked, "seed {seed} step {step}: {a:?}");
                            if !legal {
                                refused += 1;
                                assert!(ev.is_empty() && h == g, "seed {seed} step {step}: {a:?}");
                            }
                        }
                    }
                }
                let seats: Vec<usize> = g.may_act().iter().collect();
                let seat = seats[rng.gen_range(0..seats.len())];
                g.candidates(seat, &mut cands);
                let a = cands[rng.gen_range(0..cands.len())].clone();
                // A plain exchange accepted in place ends as the full acceptance on a copy.
                let full = match a {
                    Action::Accept(id) => {
                        let mut h = g.clone();
                        let i = h.offers.iter().position(|o| o.id == id).unwrap();
                        let po = h.offers.remove(i);
                        let plain = h.plain_exchange_ok(&po);
                        let ok = h.execute(&po, &mut Vec::new()).is_ok();
                        assert!(!plain || ok, "seed {seed} step {step}: {po:?}");
                        plain.then_some(h)
                    }
                    _ => None,
                };
                g.apply_action(seat, &a, &mut Vec::new()).unwrap();
                if let Some(h) = full {
                    plain_accepts += 1;
                    assert_eq!(g, h, "seed {seed} step {step}");
                }
                step += 1;
            }
        }
        assert!(asked > 10_000, "{asked} answers compared");
        assert!(refused > asked / 4, "{refused} of {asked} refused");
        assert!(
            plain_accepts > 10,
            "{plain_accepts} plain exchanges compared"
        );
    }
}
