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
use boardroom_engine::Seat;

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
        let afford = |what: &dyn Fn() -> String, cost: u32| {
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
                    afford(&|| "a card".into(), r.card_cost)
                }
                Action::BuyRow(s) => {
                    if r.row_size == 0 {
                        return Err(RuleError::NotInEdition(
                            "the Classic rules have no face-up row: cards are bought from the deck",
                        ));
                    }
                    if !self.row.contains(&s) {
                        return Err(RuleError::NotInRow(s));
                    }
                    afford(&|| format!("card {s}"), r.card_cost)
                }
                Action::BuyLevel => {
                    if r.levels_in_deck {
                        return Err(RuleError::NotInEdition(
                            "in the Classic rules level cards are in the deck: buy a card from the deck",
                        ));
                    }
                    if self.level_stack == 0 {
                        return Err(RuleError::LevelStackEmpty);
                    }
                    afford(&|| "a level card".into(), r.level_cost)
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
                        return Err(RuleError::NotInEdition(
                            "shares can never be sold in the Classic rules",
                        ));
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
                    let bad = |reason: &str| {
                        Err(RuleError::BadFounding {
                            start,
                            end,
                            reason: reason.to_string(),
                        })
                    };
                    if !(-2..=0).any(|k| offset(card, k) == start) {
                        return bad(&format!("the three spaces must include space {card}"));
                    }
                    if !self.board.run_empty(start, 3) {
                        return bad("the three spaces must be empty");
                    }
                    if !self.triple_ok(start) {
                        return bad(WHY_SPACING);
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
                            reason: format!(
                                "the fourth piece goes on one of the founding spaces {}-{}",
                                start,
                                offset(start, 2)
                            ),
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
                        reason: "is already on the board".into(),
                    }),
                    Status::Gone => Err(RuleError::BadCompany {
                        company: c,
                        reason: "was acquired and never returns".into(),
                    }),
                },
                _ => wrong(STEP_COMPANY),
            },
            Phase::ChooseLevelSpace { kind } => {
                match action {
                    Action::At(s) => {
                        if self.level_fits(kind, s) {
                            Ok(())
                        } else {
                            let h = self.board.height(s);
                            let reason = if kind == 0 {
                                format!("a level card goes on a space with 1 to 4 pieces; this one has {h}")
                            } else {
                                let below = kind - 1;
                                let plural = if below == 1 { "" } else { "s" };
                                format!(
                                "a storey-{kind} card goes on a space with exactly {below} piece{plural}; this one has {h}"
                            )
                            };
                            Err(RuleError::BadSpace { space: s, reason })
                        }
                    }
                    _ => wrong(STEP_LEVEL),
                }
            }
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
                        reason: format!(
                            "is not part of this merger ({} {left} and {right})",
                            if is_join {
                                "the piece joins"
                            } else {
                                "it is between"
                            }
                        ),
                    })
                }
            }
            Phase::Invest { company, shares } => {
                match action {
                    Action::Share(c) => {
                        if shares >= 2 {
                            return Err(RuleError::ShareLimit);
                        }
                        let co = &self.companies[c.idx()];
                        if !co.active() {
                            return Err(RuleError::BadCompany {
                            company: c,
                            reason: "is not on the board; shares are bought only in founded companies".into(),
                        });
                        }
                        if co.supply == 0 {
                            return Err(RuleError::BadCompany {
                                company: c,
                                reason: "has no shares left in its pile".into(),
                            });
                        }
                        afford(&|| format!("a share of {c}"), self.share_cost(c))
                    }
                    Action::Tower => {
                        if let Some(owner) = self.companies[company.idx()].tower {
                            return Err(RuleError::BadCompany {
                                company,
                                reason: format!(
                                    "already carries {}'s {}; each company takes only one",
                                    <BigBoss as boardroom_engine::Present>::seat_name(owner),
                                    r.tower_name
                                ),
                            });
                        }
                        match self.tower_cost(seat) {
                            None => Err(RuleError::NoTowerLeft(r.tower_name)),
                            Some(cost) => afford(&|| format!("your {}", r.tower_name), cost),
                        }
                    }
                    Action::End => Ok(()),
                    _ => wrong(STEP_INVEST),
                }
            }
            Phase::Over { .. } => Err(RuleError::GameOver),
        }
    }

    fn check_sell(&self, seat: Seat, c: CompanyId) -> Result<(), RuleError> {
        if self.players[seat].shares[c.idx()] == 0 {
            return Err(RuleError::BadCompany {
                company: c,
                reason: "you hold no share of it to sell (towers cannot be sold)".into(),
            });
        }
        Ok(())
    }
}
