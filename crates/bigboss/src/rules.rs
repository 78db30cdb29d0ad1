//! The rules: which actions are legal, why others are not, and what an action does.
//!
//! Three functions hold everything: [`BigBoss::legal_into`] (here, with the queries it shares
//! with the others) lists the legal actions, [`BigBoss::check_action`] (`check.rs`) explains
//! why an action is illegal (naming the rule), and `exec` (`exec.rs`) carries out an action
//! already checked. Tests prove the first two agree on every action of
//! [`crate::action::universe`].

use crate::action::Action;
use crate::board::{next, offset, prev, Space};
use crate::card::{Card, IndustrySet, LEVEL_KINDS};
use crate::company::{CompanyId, Status};
use crate::edition::TOWERS_PER_PLAYER;
use crate::error::RuleError;
use crate::event::Event;
use crate::state::{BigBoss, Phase};
use boardroom_engine::Seat;
use boardroom_i18n::Message;

mod check;
mod exec;

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
    /// Cannot be played now, and why (a message id).
    Dead(&'static str),
}

// Why a card cannot be played and what step an action belongs to: message ids (in
// `locales/<lang>/game.ftl`), written in each reader's language.
const WHY_NO_PIECES: &str = "big-boss-why-no-pieces";
const WHY_FOUND_PIECES: &str = "big-boss-why-found-pieces";
const WHY_NO_COMPANY: &str = "big-boss-why-no-company";
const WHY_SPACING: &str = "big-boss-why-spacing";
const STEP_TURN: &str = "big-boss-step-turn";
const STEP_SELLING: &str = "big-boss-step-selling";
const STEP_TRIPLE: &str = "big-boss-step-triple";
const STEP_DOUBLE: &str = "big-boss-step-double";
const STEP_COMPANY: &str = "big-boss-step-company";
const STEP_LEVEL: &str = "big-boss-step-level";
const STEP_JOIN: &str = "big-boss-step-join";
const STEP_SURVIVOR: &str = "big-boss-step-survivor";
const STEP_INVEST: &str = "big-boss-step-invest";

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
    pub fn card_playable(&self, card: Card) -> Result<(), Message> {
        match card {
            Card::Industry(s) => match self.industry_use(s) {
                IndustryUse::Dead(why) => Err(Message::new(why)),
                _ => Ok(()),
            },
            Card::Level(kind) => {
                if self.pieces == 0 {
                    Err(Message::new(WHY_NO_PIECES))
                } else if self.level_playable(kind) {
                    Ok(())
                } else if kind == 0 {
                    Err(Message::new("big-boss-why-level-needs"))
                } else {
                    Err(Message::new("big-boss-why-storey-needs")
                        .arg("storey", kind)
                        .arg("below", kind - 1))
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
