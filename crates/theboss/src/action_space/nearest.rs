//! The nearest move of the fixed space to any legal move: how a move the ids cannot name (a
//! bot's offer with a note or a price off the ladder, a counter of other terms) is played in a
//! batch of ids.

use super::*;

/// An offer's terms without its cash and note, and the cash it moves to the maker.
fn terms(o: &Offer) -> (Offer, i64) {
    let mut t = o.clone();
    let net = i64::from(o.take.cash) - i64::from(o.give.cash);
    t.give.cash = 0;
    t.take.cash = 0;
    t.note.clear();
    (t, net)
}

impl TheBoss {
    /// The id of `action` of `seat` when the space names it and the rules accept it; else the
    /// id of the accepted move nearest to it: an offer's terms with the nearest price (same
    /// partner and items, any note dropped), a counter's counter id (one cash step more) or
    /// else the rejection of the offer, the same lot at the nearest reserve, the nearest bid on
    /// the ladder; failing those, the lowest accepted id. `None` only when `seat` has no
    /// accepted id (it may not act).
    pub fn nearest_space_index(&self, seat: Seat, action: &Action) -> Option<usize> {
        let mut mask = vec![false; ACTION_SPACE];
        self.space_mask(seat, &[], &mut mask);
        if let Some(i) = self.space_index(seat, action).filter(|&i| mask[i]) {
            return Some(i);
        }
        let legal = |r: std::ops::Range<usize>| r.filter(|&i| mask[i]);
        let closest = |r: std::ops::Range<usize>, distance: &dyn Fn(Action) -> Option<i64>| {
            legal(r)
                .filter_map(|i| Some((distance(self.from_space_index(seat, i)?)?, i)))
                .min()
                .map(|(_, i)| i)
        };
        let near = match action {
            Action::Offer(o) => {
                let (want, net) = terms(o);
                closest(FIRST_BUILT..FIRST_BID, &|a| match a {
                    Action::Offer(b) => {
                        let (have, n) = terms(&b);
                        (have == want).then_some((n - net).abs())
                    }
                    _ => None,
                })
            }
            Action::Counter(id, _) => self.offer_place(*id).and_then(|j| {
                [FIRST_COUNTER + j, FIRST_REJECT + j]
                    .into_iter()
                    .find(|&i| mask[i])
            }),
            Action::Auction(lot, reserve) => closest(FIRST_AUCTION..FIRST_BUILT, &|a| match a {
                Action::Auction(l, r) if l == *lot => {
                    Some((i64::from(r) - i64::from(*reserve)).abs())
                }
                _ => None,
            }),
            Action::Bid(x) => closest(FIRST_BID..ACTION_SPACE, &|a| match a {
                Action::Bid(y) => Some((i64::from(y) - i64::from(*x)).abs()),
                _ => None,
            }),
            _ => None,
        };
        near.or_else(|| legal(0..ACTION_SPACE).next())
    }
}
