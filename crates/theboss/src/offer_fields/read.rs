//! Reading an offer back into its composite vector (see the parent module).

use super::*;

impl TheBoss {
    /// The composite vector of `action` (an offer or a counter-offer) made by `seat` here, if
    /// the fields name exactly it (see the module for what they cannot name).
    pub fn fields_of_offer(&self, seat: Seat, action: &Action) -> Option<Vec<u32>> {
        let n = self.players.len();
        let (counter, o) = match action {
            Action::Offer(o) => (0, o.as_ref()),
            Action::Counter(id, o) => {
                let j = self.offers.iter().position(|p| p.id == *id)?;
                (j + 1, o.as_ref())
            }
            _ => return None,
        };
        if seat >= n || o.to >= n || o.to == seat || counter > OFFER_PLACES {
            return None;
        }
        let mut f = vec![0u32; FIELDS];
        f[COUNTER] = counter as u32;
        f[PARTNER] = ((o.to + n - seat) % n - 1) as u32;
        let e = self.data.economy();
        let (step, lot) = (e.cash_step.max(1), e.lot.max(1));
        let goods = |b_cash: u32, b_shares: u32, kinds: [u32; KINDS], numbers: [u32; 4]| {
            (b_cash.is_multiple_of(step) && b_shares.is_multiple_of(lot)).then_some(Goods {
                cash: b_cash / step,
                shares: b_shares / lot,
                kinds,
                numbers,
            })
        };
        for (first, b, giver) in [(GIVE, &o.give, seat), (TAKE, &o.take, o.to)] {
            let p = &self.players[giver];
            let (kinds, numbers) = self.card_sets(&p.experience, &p.executive, b)?;
            goods(b.cash, b.shares, kinds, numbers)?.write(&mut f[first..first + GOODS])?;
            f[first + GOODS] = u32::from(b.fate);
        }
        let vote = |side: &[Commitment]| -> u32 {
            side.iter()
                .find_map(|c| match c {
                    Commitment::Vote(Vote::For) => Some(1),
                    Commitment::Vote(Vote::Against) => Some(2),
                    _ => None,
                })
                .unwrap_or(0)
        };
        f[GIVE_VOTE] = vote(&o.give_commitments);
        f[TAKE_VOTE] = vote(&o.take_commitments);
        let place = |x: Seat| (x + n - seat) % n;
        for c in o.give_commitments.iter().chain(&o.take_commitments) {
            match *c {
                Commitment::FireTarget(x) if x < n => f[FIRE] = place(x) as u32 + 1,
                Commitment::NotFire(x) if x < n => f[SPARE + place(x)] = 1,
                _ => {}
            }
        }
        if let Some(lt) = &o.long_term {
            let promisor_is_maker = lt.promisor == seat;
            f[LONG_TERM] = match (&lt.promise, promisor_is_maker) {
                (Promise::Deliver(_), true) => 1,
                (Promise::Deliver(_), false) => 2,
                (Promise::Favour(_), true) => 3,
                (Promise::Favour(_), false) => 4,
            };
            if let Promise::Deliver(d) = &lt.promise {
                let mut kinds = [0u32; KINDS];
                let mut numbers = [0u32; 4];
                for &k in &d.experience {
                    *kinds.get_mut(k as usize)? += 1;
                }
                for &num in &d.executive {
                    *numbers.get_mut(num.checked_sub(FIRST_EXEC)? as usize)? += 1;
                }
                goods(d.cash, d.shares, kinds, numbers)?.write(&mut f[DELIVER..DELIVER + GOODS])?;
            }
            let (exp, exec) = self.hand_after(seat, lt.promisor, o);
            let (kinds, numbers) = self.card_sets(&exp, &exec, &lt.collateral)?;
            goods(lt.collateral.cash, lt.collateral.shares, kinds, numbers)?
                .write(&mut f[COLLATERAL..COLLATERAL + GOODS])?;
            let due = lt.due.checked_sub(self.round)?;
            f[DUE] = (due < DUE_ROUNDS as u32).then_some(due)?;
        }
        if let Some(id) = o.cancel {
            let j = self.deals.iter().position(|d| d.id == id)?;
            f[CANCEL] = (j < CANCEL_PLACES).then_some(j as u32 + 1)?;
        }
        // What the fields cannot tell apart (notes, other cards of a kind, repeats, order)
        // shows when the offer they name is compared whole.
        let back = self.offer_from_fields(seat, &f).ok()?;
        (back == *action).then_some(f)
    }
}
