//! What a person is offered: every legal action the rules can enumerate, where the bots get the
//! bounded candidate list of [`crate::candidates`].
//!
//! The candidates are what a bot considers worth trying: one bid or two, a walk away or a
//! release only after passing, a few offers with notes of their own. A person may play
//! anything the rules allow, so [`TheBoss::person_actions`] lists the whole enumerable legal
//! set, in the order the prompt groups it: the steps of the turn (collect, take the card, each
//! purchase, each move), the Fate card (use, fire, meetings), the floor and the Fate card's
//! show, then the draw and the end of business; the answers to offers (accept, reject,
//! withdraw), the long-term deals (settle, release, default, walk away), the votes and every
//! bid from the lowest up to the bidder's free cash (the browser view's panels show these).
//! Offers, counter-offers and auctions carry bundles or a reserve chosen freely: they are not
//! listed, and the browser view builds them (the offer builder, the auction form).

use crate::action::{Action, Deck, Lot, Vote};
use crate::state::TheBoss;
use boardroom_engine::Seat;

impl TheBoss {
    /// Writes every enumerable legal action of `seat` into `out` (cleared first), grouped as
    /// the module's documentation says; empty when `seat` may not act. Every listed action is
    /// legal, and every candidate that is neither an offer, a counter-offer nor an auction is
    /// listed.
    pub fn person_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        if seat >= self.players.len() || self.is_over() {
            return;
        }
        let n = self.players.len();
        let e = self.data.economy();
        // The turn's steps.
        out.extend([Action::Collect, Action::TakeCard]);
        // Every purchase the largest salary could pay for (the check keeps those within this
        // turn's budget, the free cash and the Bank's shares).
        let largest = self
            .data
            .file
            .positions
            .iter()
            .map(|p| p.salary)
            .max()
            .unwrap_or(0);
        let most = (largest / e.share_price.max(1)).min(self.bank_for_sale());
        let lot = e.lot.max(1);
        out.extend((1..=most / lot).map(|k| Action::Buy(k * lot)));
        out.extend((1..=8u8).rev().map(Action::Move));
        // The Fate card, the meetings and the floor.
        out.push(Action::Use);
        for x in 0..n {
            out.push(Action::Fire(x));
        }
        for x in 0..n {
            out.push(Action::Meeting(x));
        }
        out.extend([Action::Stop, Action::Open]);
        for x in 0..n {
            out.push(Action::Show(x));
        }
        out.extend([
            Action::Pass,
            Action::Pay,
            Action::Lose,
            Action::Discard,
            Action::Draw(Deck::Experience),
            Action::Draw(Deck::Fate),
            Action::End,
        ]);
        // Answers, deals, votes and bids: the view's panels.
        for o in &self.offers {
            out.extend([
                Action::Accept(o.id),
                Action::Reject(o.id),
                Action::Withdraw(o.id),
            ]);
        }
        for d in &self.deals {
            out.extend([
                Action::Settle(d.id),
                Action::Release(d.id),
                Action::Default(d.id),
                Action::WalkAway(d.id),
            ]);
        }
        out.extend([
            Action::Vote(Vote::For),
            Action::Vote(Vote::Against),
            Action::Vote(Vote::Abstain),
        ]);
        if let (Some(min), true) = (self.min_bid(), self.auction_caller() == Some(seat)) {
            let step = e.cash_step.max(1);
            let cash = self.free_cash(seat);
            let mut bid = min;
            while bid <= cash {
                out.push(Action::Bid(bid));
                bid += step;
            }
        }
        out.retain(|a| self.check_action(seat, a).is_ok());
    }

    /// Whether `seat` may start an auction of something of its own now (at the lowest
    /// reserve): the browser view's auction form, where the person chooses the lot and the
    /// reserve.
    pub fn may_auction(&self, seat: Seat) -> bool {
        let Some(p) = self.players.get(seat) else {
            return false;
        };
        let e = self.data.economy();
        let reserve = 10u32.div_ceil(e.cash_step.max(1)) * e.cash_step.max(1);
        let lots = p
            .experience
            .iter()
            .map(|&c| Lot::Experience(c))
            .chain(p.executive.iter().map(|&c| Lot::Executive(c)))
            .chain(p.fate.as_ref().map(|_| Lot::Fate))
            .chain((p.shares >= e.lot).then_some(Lot::Shares(e.lot)));
        for lot in lots {
            if self
                .check_action(seat, &Action::Auction(lot, reserve))
                .is_ok()
            {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::state::{Config, TheBoss};
    use boardroom_engine::Game;
    use rand::{Rng, SeedableRng};

    /// On every state of a few random games: every action offered to a person is legal, each
    /// once, and every enumerable candidate of the bots is among them.
    #[test]
    fn people_are_offered_every_enumerable_legal_action() {
        let (mut people, mut cands, mut events) = (Vec::new(), Vec::new(), Vec::new());
        let mut releases = 0;
        for seed in 0..6u64 {
            let mut g = TheBoss::new(&Config::new(2 + (seed as usize % 3)), seed).unwrap();
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            for _ in 0..3000 {
                let to_act: Vec<_> = g.to_act().iter().collect();
                if to_act.is_empty() {
                    break;
                }
                for &s in &to_act {
                    g.person_actions(s, &mut people);
                    g.legal_actions(s, &mut cands);
                    for a in &people {
                        assert!(g.check(s, a.clone()).is_ok(), "{a:?} listed for {s}");
                        assert_eq!(people.iter().filter(|b| *b == a).count(), 1, "{a:?}");
                    }
                    for c in &cands {
                        if !matches!(
                            c,
                            Action::Offer(_) | Action::Counter(..) | Action::Auction(..)
                        ) {
                            assert!(
                                people.contains(c),
                                "candidate {c:?} of {s} offered to people"
                            );
                        }
                    }
                    releases += people
                        .iter()
                        .filter(|a| matches!(a, Action::Release(_) | Action::WalkAway(_)))
                        .count();
                }
                let s = to_act[rng.gen_range(0..to_act.len())];
                g.legal_actions(s, &mut cands);
                let a = cands[rng.gen_range(0..cands.len())].clone();
                events.clear();
                g.apply(s, a, &mut events).unwrap();
            }
        }
        assert!(releases > 0, "a release or a walk away was offered");
    }
}
