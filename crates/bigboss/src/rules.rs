//! The rules: which actions are legal, why others are not, and what an action does.
//!
//! Three functions hold everything: [`BigBoss::legal_into`] lists the legal actions,
//! [`BigBoss::check_action`] explains why an action is illegal (naming the rule), and
//! `exec` carries out an action already checked. Tests prove the first two agree on every
//! action of [`crate::action::universe`].

use crate::action::Action;
use crate::board::{next, offset, prev, Space};
use crate::card::{Card, IndustrySet, LEVEL_KINDS};
use crate::company::{CompanyId, Status};
use crate::edition::{PRICE_CAP, TOWERS_PER_PLAYER};
use crate::error::RuleError;
use crate::event::{EndReason, Event};
use crate::state::{BigBoss, Phase};
use boardroom_engine::Seat;

/// What an industry card would do if played now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IndustryUse {
    /// Add a piece on top of the company's stack on the card's space.
    Stack(CompanyId),
    /// Place a piece on the empty space next to the company.
    Extend(CompanyId),
    /// Place a piece connecting two companies: a merger.
    Merge(CompanyId, CompanyId),
    /// Found a new company.
    Found,
    /// Cannot be played now, and why.
    Dead(&'static str),
}

const WHY_NO_PIECES: &str = "no building pieces are left in the supply";
const WHY_FOUND_PIECES: &str = "founding needs more building pieces than the supply holds";
const WHY_NO_COMPANY: &str = "every company has been founded (acquired companies never return)";
const WHY_SPACING: &str =
    "a new company needs at least 3 empty spaces between it and every other company, on both sides";
const STEP_TURN: &str =
    "start your turn: buy a card, play a card, or (if you can do neither) sell shares and pass";
const STEP_SELLING: &str = "after selling you may only sell more shares or pass";
const STEP_TRIPLE: &str = "choose the three founding spaces (`found N`)";
const STEP_DOUBLE: &str = "choose the space for the fourth founding piece (`double N`)";
const STEP_COMPANY: &str = "choose the company to found (`hq NAME`)";
const STEP_LEVEL: &str = "choose the space for the level card's piece (`at N`)";
const STEP_JOIN: &str = "choose which company gets the connecting piece (`join NAME`)";
const STEP_SURVIVOR: &str = "prices are equal: choose the acquiring company (`survivor NAME`)";
const STEP_INVEST: &str =
    "buy up to 2 shares (`share NAME`), place a tower (`tower`), or `end` the turn";

impl BigBoss {
    // ----- queries -------------------------------------------------------------------------

    /// What industry card `s` would do if played now.
    #[inline]
    pub fn industry_use(&self, s: Space) -> IndustryUse {
        if self.pieces == 0 {
            return IndustryUse::Dead(WHY_NO_PIECES);
        }
        if let Some(c) = self.board.owner(s) {
            return IndustryUse::Stack(CompanyId(c));
        }
        match (self.board.owner(prev(s)), self.board.owner(next(s))) {
            (Some(a), Some(b)) if a != b => IndustryUse::Merge(CompanyId(a), CompanyId(b)),
            (Some(a), _) | (None, Some(a)) => IndustryUse::Extend(CompanyId(a)),
            (None, None) => {
                if self.pieces < self.rules().founding_pieces {
                    IndustryUse::Dead(WHY_FOUND_PIECES)
                } else if !self.any_unfounded() {
                    IndustryUse::Dead(WHY_NO_COMPANY)
                } else if !self.spacing_allows_founding(s) {
                    IndustryUse::Dead(WHY_SPACING)
                } else {
                    IndustryUse::Found
                }
            }
        }
    }

    /// Whether some company may still be founded.
    #[inline]
    fn any_unfounded(&self) -> bool {
        self.companies
            .iter()
            .fold(false, |any, c| any | (c.status == Status::Unfounded))
    }

    /// Whether founding on `start, start+1, start+2` keeps 3 empty spaces on both sides: the
    /// nine spaces from `start-3` to `start+5` must all be empty.
    #[inline]
    pub fn triple_ok(&self, start: Space) -> bool {
        self.board.spacing_clear(start)
    }

    /// Whether one of the three founding triples holding `s` (starting at `s-2`, `s-1` or `s`)
    /// keeps its spacing.
    #[inline]
    fn spacing_allows_founding(&self, s: Space) -> bool {
        self.board.founding_space_around(s)
    }

    /// The industry cards of `hand` (a bit set, bit `s` for the card of space `s`) that can be
    /// played now: those whose `industry_use` is not `Dead`.
    #[inline]
    pub(crate) fn playable_industry(&self, hand: u128) -> u128 {
        if self.pieces == 0 || hand == 0 {
            return 0;
        }
        // Stacking, extending and merging need only a piece in the supply; founding also
        // needs the spacing.
        let near = self.board.near_mask();
        let far = hand & !near;
        let founding = if far != 0 && self.founding_possible() {
            far & self.board.founding_mask()
        } else {
            0
        };
        (hand & near) | founding
    }

    /// Whether the supply and the companies allow founding a company now (spacing aside).
    #[inline]
    pub(crate) fn founding_possible(&self) -> bool {
        self.pieces >= self.rules().founding_pieces && self.any_unfounded()
    }

    /// Whether a level card of `kind` may put a piece on `s` (supply permitting).
    #[inline]
    pub fn level_fits(&self, kind: u8, s: Space) -> bool {
        let h = self.board.height(s);
        if kind == 0 {
            (1..=4).contains(&h)
        } else {
            h >= 1 && h + 1 == kind
        }
    }

    pub(crate) fn level_playable(&self, kind: u8) -> bool {
        self.pieces > 0 && self.level_spaces(kind) != 0
    }

    /// The spaces a level card of `kind` fits (supply aside), as a bit mask: those where
    /// [`BigBoss::level_fits`] holds.
    #[inline]
    pub(crate) fn level_spaces(&self, kind: u8) -> u128 {
        if kind == 0 {
            self.board.low_spaces()
        } else {
            self.board.at_height(kind.wrapping_sub(1))
        }
    }

    /// Whether `card` (assumed in hand) can be played now, or why not.
    pub fn card_playable(&self, card: Card) -> Result<(), String> {
        match card {
            Card::Industry(s) => match self.industry_use(s) {
                IndustryUse::Dead(why) => Err(why.to_string()),
                _ => Ok(()),
            },
            Card::Level(kind) => {
                if self.pieces == 0 {
                    Err(WHY_NO_PIECES.to_string())
                } else if self.level_playable(kind) {
                    Ok(())
                } else if kind == 0 {
                    Err("a level card needs a space with 1 to 4 pieces".to_string())
                } else {
                    let below = kind - 1;
                    Err(format!(
                        "a storey-{kind} card needs a space with exactly {below} piece{}",
                        if below == 1 { "" } else { "s" }
                    ))
                }
            }
        }
    }

    /// Whether the current player could play some card of their hand.
    pub fn can_play(&self) -> bool {
        let p = &self.players[self.current as usize];
        self.playable_industry(p.hand.industry.0) != 0
            || LEVEL_KINDS
                .iter()
                .any(|&k| p.hand.levels[k as usize] > 0 && self.level_playable(k))
    }

    /// Whether the current player could buy a card.
    pub fn can_buy(&self) -> bool {
        let r = self.rules();
        let money = self.players[self.current as usize].money;
        (money >= r.card_cost && (!self.deck.is_empty() || !self.row.is_empty()))
            || (!r.levels_in_deck && money >= r.level_cost && self.level_stack > 0)
    }

    /// What one share of `c` costs now.
    #[inline]
    pub fn share_cost(&self, c: CompanyId) -> u32 {
        (self.companies[c.idx()].price as u32).max(self.rules().min_share_cost)
    }

    /// What `seat`'s next tower costs, if they have one left.
    #[inline]
    pub fn tower_cost(&self, seat: Seat) -> Option<u32> {
        let placed = self.players[seat].towers_placed;
        (placed < TOWERS_PER_PLAYER).then(|| self.rules().tower_costs[placed as usize])
    }

    // ----- legal actions -------------------------------------------------------------------

    /// Writes the legal actions of `seat` into `out` (cleared first).
    pub fn legal_into(&self, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        if seat != self.current as Seat || matches!(self.phase, Phase::Over { .. }) {
            return;
        }
        let p = &self.players[seat];
        let r = self.rules();
        match self.phase {
            Phase::Turn => {
                let playable = self.playable_industry(p.hand.industry.0);
                for s in IndustrySet(playable).iter() {
                    out.push(Action::Play(Card::Industry(s)));
                }
                for k in LEVEL_KINDS {
                    if p.hand.levels[k as usize] > 0 && self.level_playable(k) {
                        out.push(Action::Play(Card::Level(k)));
                    }
                }
                if p.money >= r.card_cost {
                    for &s in &self.row {
                        out.push(Action::BuyRow(s));
                    }
                    if !self.deck.is_empty() {
                        out.push(Action::BuyDeck);
                    }
                }
                if !r.levels_in_deck && p.money >= r.level_cost && self.level_stack > 0 {
                    out.push(Action::BuyLevel);
                }
                if out.is_empty() {
                    self.push_sells(seat, out);
                    out.push(Action::Pass);
                }
            }
            Phase::Selling => {
                self.push_sells(seat, out);
                out.push(Action::Pass);
            }
            Phase::ChooseTriple { card } => {
                for k in -2..=0 {
                    let start = offset(card, k);
                    if self.triple_ok(start) {
                        out.push(Action::Found(start));
                    }
                }
            }
            Phase::ChooseDouble { start, .. } => {
                for k in 0..3 {
                    out.push(Action::Double(offset(start, k)));
                }
            }
            Phase::ChooseCompany { .. } => {
                for c in CompanyId::all() {
                    if self.companies[c.idx()].status == Status::Unfounded {
                        out.push(Action::Hq(c));
                    }
                }
            }
            Phase::ChooseLevelSpace { kind } => {
                // Listed in increasing order.
                for s in IndustrySet(self.level_spaces(kind)).iter() {
                    out.push(Action::At(s));
                }
            }
            Phase::ChooseJoin { left, right, .. } => {
                out.push(Action::Join(left));
                out.push(Action::Join(right));
            }
            Phase::ChooseSurvivor { left, right, .. } => {
                out.push(Action::Survivor(left));
                out.push(Action::Survivor(right));
            }
            Phase::Invest { company, shares } => {
                if shares < 2 {
                    for (i, co) in self.companies.iter().enumerate() {
                        // `share_cost`: the price, at least the edition's minimum.
                        if co.active()
                            && co.supply > 0
                            && p.money >= (co.price as u32).max(r.min_share_cost)
                        {
                            out.push(Action::Share(CompanyId(i as u8)));
                        }
                    }
                }
                if self.companies[company.idx()].tower.is_none() {
                    if let Some(cost) = self.tower_cost(seat) {
                        if p.money >= cost {
                            out.push(Action::Tower);
                        }
                    }
                }
                out.push(Action::End);
            }
            Phase::Over { .. } => {}
        }
    }

    fn push_sells(&self, seat: Seat, out: &mut Vec<Action>) {
        if self.rules().selling {
            for c in CompanyId::all() {
                if self.players[seat].shares[c.idx()] > 0 {
                    out.push(Action::Sell(c));
                }
            }
        }
    }

    // ----- checking ------------------------------------------------------------------------

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
                            "the Classic rules have no face-up row: cards are bought from the deck (`buy deck`)",
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
                            "in the Classic rules level cards are in the deck (`buy deck`)",
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
                                    "already carries seat {owner}'s {}; each company takes only one",
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

    // ----- execution -----------------------------------------------------------------------

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

    /// Checks and applies `action` for `seat`; on error nothing changes.
    pub fn apply_action(
        &mut self,
        seat: Seat,
        action: Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        self.check_action(seat, action)?;
        self.exec(action, ev);
        Ok(())
    }
}
