//! Checking: why an action is illegal, naming the rule it breaks.

use super::{
    STEP_COMPANY, STEP_DOUBLE, STEP_INVEST, STEP_JOIN, STEP_LEVEL, STEP_SELLING, STEP_SURVIVOR,
    STEP_TRIPLE, STEP_TURN, WHY_SPACING,
};
use crate::action::Action;
use crate::board::offset;
use crate::card::Card;
use crate::company::{CompanyId, Status};
use crate::error::RuleError;
use crate::state::{BigBoss, Phase};
use crate::words;
use boardroom_engine::Seat;
use boardroom_i18n::Message;

impl BigBoss {
    /// Why `action` by `seat` is illegal, or `Ok` if it is legal.
    pub fn check_action(&self, seat: Seat, action: Action) -> Result<(), RuleError> {
        if matches!(self.phase, Phase::Over { .. }) {
            return Err(RuleError::GameOver);
        }
        if seat != self.current as Seat {
            return Err(RuleError::NotYourTurn {
                seat,
                current: self.current as Seat,
            });
        }
        let p = &self.players[seat];
        let r = self.rules();
        let wrong = |expected| {
            Err(RuleError::WrongStep {
                action: action.to_string(),
                expected,
            })
        };
        // `what` is built only on failure: checking a legal action allocates nothing.
        let afford = |what: &dyn Fn() -> Message, cost: u32| {
            if p.money >= cost {
                Ok(())
            } else {
                Err(RuleError::CannotAfford {
                    what: what(),
                    cost,
                    money: p.money,
                })
            }
        };
        match self.phase {
            Phase::Turn => match action {
                Action::BuyDeck => {
                    if self.deck.is_empty() {
                        return Err(RuleError::DeckEmpty);
                    }
                    afford(&|| Message::new("big-boss-what-card"), r.card_cost)
                }
                Action::BuyRow(s) => {
                    if r.row_size == 0 {
                        return Err(RuleError::NotInEdition("big-boss-err-classic-no-row"));
                    }
                    if !self.row.contains(&s) {
                        return Err(RuleError::NotInRow(s));
                    }
                    afford(
                        &|| Message::new("big-boss-what-row-card").arg("card", s.to_string()),
                        r.card_cost,
                    )
                }
                Action::BuyLevel => {
                    if r.levels_in_deck {
                        return Err(RuleError::NotInEdition(
                            "big-boss-err-classic-levels-in-deck",
                        ));
                    }
                    if self.level_stack == 0 {
                        return Err(RuleError::LevelStackEmpty);
                    }
                    afford(&|| Message::new("big-boss-what-level"), r.level_cost)
                }
                Action::Play(card) => {
                    if !p.hand.contains(card) {
                        if matches!(card, Card::Level(_)) && p.hand.level_count() > 0 {
                            return Err(RuleError::LevelNotInHand { card, held: p.hand });
                        }
                        return Err(RuleError::NotInHand(card));
                    }
                    self.card_playable(card)
                        .map_err(|reason| RuleError::Unplayable { card, reason })
                }
                Action::Sell(c) => {
                    if !r.selling {
                        return Err(RuleError::NotInEdition("big-boss-err-classic-no-selling"));
                    }
                    if self.can_buy() || self.can_play() {
                        return Err(RuleError::MustBuyOrPlay);
                    }
                    self.check_sell(seat, c)
                }
                Action::Pass => {
                    if self.can_buy() || self.can_play() {
                        return Err(RuleError::MustBuyOrPlay);
                    }
                    Ok(())
                }
                _ => wrong(STEP_TURN),
            },
            Phase::Selling => match action {
                Action::Sell(c) => self.check_sell(seat, c),
                Action::Pass => Ok(()),
                _ => wrong(STEP_SELLING),
            },
            Phase::ChooseTriple { card } => match action {
                Action::Found(start) => {
                    let end = offset(start, 2);
                    let bad = |reason: Message| Err(RuleError::BadFounding { start, end, reason });
                    if !(-2..=0).any(|k| offset(card, k) == start) {
                        return bad(
                            Message::new("big-boss-why-include-card").arg("card", card.to_string())
                        );
                    }
                    if !self.board.run_empty(start, 3) {
                        return bad(Message::new("big-boss-why-triple-empty"));
                    }
                    if !self.triple_ok(start) {
                        return bad(Message::new(WHY_SPACING));
                    }
                    Ok(())
                }
                _ => wrong(STEP_TRIPLE),
            },
            Phase::ChooseDouble { start, .. } => match action {
                Action::Double(s) => {
                    if (0..3).any(|k| offset(start, k) == s) {
                        Ok(())
                    } else {
                        Err(RuleError::BadSpace {
                            space: s,
                            reason: Message::new("big-boss-why-double-space")
                                .arg("start", start.to_string())
                                .arg("end", offset(start, 2).to_string()),
                        })
                    }
                }
                _ => wrong(STEP_DOUBLE),
            },
            Phase::ChooseCompany { .. } => match action {
                Action::Hq(c) => match self.companies[c.idx()].status {
                    Status::Unfounded => Ok(()),
                    Status::Active => Err(RuleError::BadCompany {
                        company: c,
                        reason: Message::new("big-boss-why-on-board"),
                    }),
                    Status::Gone => Err(RuleError::BadCompany {
                        company: c,
                        reason: Message::new("big-boss-why-gone"),
                    }),
                },
                _ => wrong(STEP_COMPANY),
            },
            Phase::ChooseLevelSpace { kind } => match action {
                Action::At(s) => {
                    if self.level_fits(kind, s) {
                        Ok(())
                    } else {
                        let h = self.board.height(s);
                        let reason = if kind == 0 {
                            Message::new("big-boss-why-level-goes").arg("height", h)
                        } else {
                            Message::new("big-boss-why-storey-goes")
                                .arg("storey", kind)
                                .arg("below", kind - 1)
                                .arg("height", h)
                        };
                        Err(RuleError::BadSpace { space: s, reason })
                    }
                }
                _ => wrong(STEP_LEVEL),
            },
            Phase::ChooseJoin { left, right, .. } | Phase::ChooseSurvivor { left, right, .. } => {
                let (is_join, c) = match action {
                    Action::Join(c) if matches!(self.phase, Phase::ChooseJoin { .. }) => (true, c),
                    Action::Survivor(c) if matches!(self.phase, Phase::ChooseSurvivor { .. }) => {
                        (false, c)
                    }
                    _ if matches!(self.phase, Phase::ChooseJoin { .. }) => return wrong(STEP_JOIN),
                    _ => return wrong(STEP_SURVIVOR),
                };
                if c == left || c == right {
                    Ok(())
                } else {
                    Err(RuleError::BadCompany {
                        company: c,
                        reason: Message::new("big-boss-why-not-in-merger")
                            .arg("join", if is_join { "yes" } else { "no" })
                            .arg("left", left.name())
                            .arg("right", right.name()),
                    })
                }
            }
            Phase::Invest { company, shares } => match action {
                Action::Share(c) => {
                    if shares >= 2 {
                        return Err(RuleError::ShareLimit);
                    }
                    let co = &self.companies[c.idx()];
                    if !co.active() {
                        return Err(RuleError::BadCompany {
                            company: c,
                            reason: Message::new("big-boss-why-not-founded"),
                        });
                    }
                    if co.supply == 0 {
                        return Err(RuleError::BadCompany {
                            company: c,
                            reason: Message::new("big-boss-why-no-shares-left"),
                        });
                    }
                    afford(
                        &|| Message::new("big-boss-what-share").arg("company", c.name()),
                        self.share_cost(c),
                    )
                }
                Action::Tower => {
                    if let Some(owner) = self.companies[company.idx()].tower {
                        return Err(RuleError::BadCompany {
                            company,
                            reason: Message::new("big-boss-why-tower-taken")
                                .arg("seat", words::seat(owner))
                                .arg("kind", words::tower_kind(r.tower_name)),
                        });
                    }
                    match self.tower_cost(seat) {
                        None => Err(RuleError::NoTowerLeft(r.tower_name)),
                        Some(cost) => afford(
                            &|| {
                                Message::new("big-boss-what-tower")
                                    .arg("kind", words::tower_kind(r.tower_name))
                            },
                            cost,
                        ),
                    }
                }
                Action::End => Ok(()),
                _ => wrong(STEP_INVEST),
            },
            Phase::Over { .. } => Err(RuleError::GameOver),
        }
    }

    fn check_sell(&self, seat: Seat, c: CompanyId) -> Result<(), RuleError> {
        if self.players[seat].shares[c.idx()] == 0 {
            return Err(RuleError::BadCompany {
                company: c,
                reason: Message::new("big-boss-why-none-to-sell"),
            });
        }
        Ok(())
    }
}
