//! Drawing a random legal action without listing them all: the random playouts' and the
//! search rollouts' fast path ([`boardroom_engine::Game::apply_random`]).
//!
//! The draw is exactly `legal[rng.gen_range(0..legal.len())]` over the list
//! [`BigBoss::legal_into`] writes: the actions are counted by kind, in the list's order, and
//! the drawn place is found among them. The action is applied without checking it again, since
//! it is legal by construction; every public entry point still checks.

use crate::action::Action;
use crate::board::offset;
use crate::card::{Card, LEVEL_KINDS};
use crate::company::{CompanyId, Status};
use crate::event::Event;
use crate::state::{BigBoss, Phase};
use boardroom_engine::Seat;
use rand::Rng;

/// The space of the `k`-th set bit (from the lowest) of `mask`, which has more than `k` bits.
#[inline]
fn nth_bit(mask: u128, k: usize) -> u8 {
    let low = mask as u64;
    let in_low = low.count_ones() as usize;
    if k < in_low {
        nth_bit64(low, k)
    } else {
        64 + nth_bit64((mask >> 64) as u64, k - in_low)
    }
}

/// The `k`-th set bit (from the lowest) of `mask`, which has more than `k` bits.
#[inline]
fn nth_bit64(mut mask: u64, k: usize) -> u8 {
    for _ in 0..k {
        mask &= mask - 1;
    }
    mask.trailing_zeros() as u8
}

/// A set bit of `mask` drawn uniformly (`None`, drawing nothing, when it is empty): the draw
/// over the list of its bits in increasing order.
#[inline]
fn draw_bit<R: Rng + ?Sized>(mask: u128, rng: &mut R) -> Option<u8> {
    let n = mask.count_ones() as usize;
    (n > 0).then(|| nth_bit(mask, rng.gen_range(0..n)))
}

impl BigBoss {
    /// Draws one of `seat`'s legal actions uniformly with `rng` and applies it without checking
    /// it again; `false`, with nothing drawn and nothing changed, when `seat` has no legal
    /// action. The draw is `legal[rng.gen_range(0..legal.len())]` after `legal_into`; every
    /// step is drawn without listing, so `legal` is left alone.
    #[inline]
    pub(crate) fn apply_random<R: Rng + ?Sized>(
        &mut self,
        seat: Seat,
        rng: &mut R,
        legal: &mut Vec<Action>,
        ev: &mut Vec<Event>,
        before: impl FnOnce(&Self, &Action),
    ) -> bool {
        if seat != self.current as Seat {
            return false;
        }
        let _ = legal;
        let action = match self.phase {
            Phase::Turn => self.draw_turn(seat, rng),
            Phase::Selling => self.draw_sell_or_pass(seat, rng),
            Phase::Invest { company, shares } => self.draw_invest(seat, company, shares, rng),
            Phase::ChooseTriple { card } => {
                let mut starts = [0u8; 3];
                let mut n = 0;
                for k in -2..=0 {
                    let start = offset(card, k);
                    if self.triple_ok(start) {
                        starts[n] = start;
                        n += 1;
                    }
                }
                if n == 0 {
                    return false;
                }
                Action::Found(starts[rng.gen_range(0..n)])
            }
            Phase::ChooseDouble { start, .. } => {
                Action::Double(offset(start, rng.gen_range(0..3usize) as i32))
            }
            Phase::ChooseCompany { .. } => {
                let mut free = 0u128;
                for (i, co) in self.companies.iter().enumerate() {
                    if co.status == Status::Unfounded {
                        free |= 1 << i;
                    }
                }
                match draw_bit(free, rng) {
                    Some(c) => Action::Hq(CompanyId(c)),
                    None => return false,
                }
            }
            Phase::ChooseLevelSpace { kind } => match draw_bit(self.level_spaces(kind), rng) {
                Some(s) => Action::At(s),
                None => return false,
            },
            Phase::ChooseJoin { left, right, .. } => {
                Action::Join(if rng.gen_range(0..2usize) == 0 {
                    left
                } else {
                    right
                })
            }
            Phase::ChooseSurvivor { left, right, .. } => {
                Action::Survivor(if rng.gen_range(0..2usize) == 0 {
                    left
                } else {
                    right
                })
            }
            Phase::Over { .. } => return false,
        };
        debug_assert_eq!(self.check_action(seat, action), Ok(()));
        before(self, &action);
        self.exec(action, ev);
        true
    }

    /// The start of a turn: playable industry cards (in space order), playable level cards
    /// (by kind), the row's cards, the deck, the level stack; with none of them, selling and
    /// passing.
    #[inline(always)]
    fn draw_turn<R: Rng + ?Sized>(&self, seat: Seat, rng: &mut R) -> Action {
        let p = &self.players[seat];
        let r = self.rules();
        let industry = self.playable_industry(p.hand.industry.0);
        let n_industry = industry.count_ones() as usize;
        let mut levels = [0u8; LEVEL_KINDS.len()];
        let mut n_levels = 0;
        if p.hand.levels.iter().any(|&n| n > 0) {
            for k in LEVEL_KINDS {
                if p.hand.levels[k as usize] > 0 && self.level_playable(k) {
                    levels[n_levels] = k;
                    n_levels += 1;
                }
            }
        }
        let buy_cards = p.money >= r.card_cost;
        let n_row = if buy_cards { self.row.len() } else { 0 };
        let deck = usize::from(buy_cards && !self.deck.is_empty());
        let level_stack =
            usize::from(!r.levels_in_deck && p.money >= r.level_cost && self.level_stack > 0);
        let total = n_industry + n_levels + n_row + deck + level_stack;
        if total == 0 {
            return self.draw_sell_or_pass(seat, rng);
        }
        let mut k = rng.gen_range(0..total);
        if k < n_industry {
            return Action::Play(Card::Industry(nth_bit(industry, k)));
        }
        k -= n_industry;
        if k < n_levels {
            return Action::Play(Card::Level(levels[k]));
        }
        k -= n_levels;
        if k < n_row {
            return Action::BuyRow(self.row[k]);
        }
        k -= n_row;
        if k < deck {
            Action::BuyDeck
        } else {
            Action::BuyLevel
        }
    }

    /// Selling one share of a company held (where the edition allows selling), or passing.
    #[inline(always)]
    fn draw_sell_or_pass<R: Rng + ?Sized>(&self, seat: Seat, rng: &mut R) -> Action {
        let mut held = 0u128;
        if self.rules().selling {
            for (c, &n) in self.players[seat].shares.iter().enumerate() {
                if n > 0 {
                    held |= 1 << c;
                }
            }
        }
        let k = rng.gen_range(0..held.count_ones() as usize + 1);
        if k < held.count_ones() as usize {
            Action::Sell(CompanyId(nth_bit(held, k)))
        } else {
            Action::Pass
        }
    }

    /// Investing: a share of a company that can be bought (fewer than 2 bought this turn),
    /// the tower on `company`, or ending the turn.
    #[inline(always)]
    fn draw_invest<R: Rng + ?Sized>(
        &self,
        seat: Seat,
        company: CompanyId,
        shares: u8,
        rng: &mut R,
    ) -> Action {
        let p = &self.players[seat];
        let min_cost = self.rules().min_share_cost;
        let mut buyable = 0u32;
        // A share costs its price, at least the edition's minimum.
        if shares < 2 && p.money >= min_cost {
            let money = p.money;
            for (i, co) in self.companies.iter().enumerate() {
                let ok = (co.status == Status::Active)
                    & (co.supply > 0)
                    & (money >= u32::from(co.price));
                buyable |= u32::from(ok) << i;
            }
        }
        let n_shares = buyable.count_ones() as usize;
        let tower = self.companies[company.idx()].tower.is_none()
            && self.tower_cost(seat).is_some_and(|cost| p.money >= cost);
        let k = rng.gen_range(0..n_shares + usize::from(tower) + 1);
        if k < n_shares {
            Action::Share(CompanyId(nth_bit(buyable as u128, k)))
        } else if tower && k == n_shares {
            Action::Tower
        } else {
            Action::End
        }
    }
}
