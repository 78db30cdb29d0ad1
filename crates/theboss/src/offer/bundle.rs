//! Bundles (§9.2): their shape, whether a seat holds them, and moving them between seats.

use super::MAX_BUNDLE_CARDS;
use crate::action::Bundle;
use crate::data::{FIRST_EXEC, MAX_EXEC_PER_NUMBER};
use crate::error::{ensure, why, RuleError, Verdict};
use crate::names::{exec_message, exp_name};
use crate::rules::insert_sorted;
use crate::state::{HeldFate, TheBoss};
use crate::words;
use boardroom_engine::Seat;

impl TheBoss {
    /// Checks a note or favour text: at most the data set's `note_max_chars` characters, no
    /// control characters, and (`required`) not blank. `field` is the text's key in the
    /// messages (`note`, `favour`).
    pub(super) fn check_text<V: Verdict>(
        &self,
        text: &str,
        field: &'static str,
        required: bool,
    ) -> Result<(), V> {
        let max = self.data.limits().note_max_chars as usize;
        if text.len() <= max && printable_ascii(text) && !(required && text.trim().is_empty()) {
            return Ok(());
        }
        V::ensure(text.chars().count() <= max, "§9.2", || {
            why("the-boss-err-text-long")
                .arg("field", field)
                .arg("max", max)
        })?;
        V::ensure(!text.chars().any(char::is_control), "§9.2", || {
            why("the-boss-err-text-control").arg("field", field)
        })?;
        V::ensure(!required || !text.trim().is_empty(), "§9.5", || {
            why("the-boss-err-text-empty").arg("field", field)
        })
    }

    /// Checks a bundle's shape: steps of money and shares, known card ids, no repeats.
    pub(crate) fn check_shape<V: Verdict>(&self, b: &Bundle) -> Result<(), V> {
        let e = self.data.economy();
        V::ensure(b.cash.is_multiple_of(e.cash_step), "§9.2", || {
            why("the-boss-err-cash-step").arg("step", e.cash_step)
        })?;
        V::ensure(b.shares.is_multiple_of(e.lot), "§9.2", || {
            why("the-boss-err-share-step").arg("lot", e.lot)
        })?;
        V::ensure(
            b.experience.len() <= MAX_BUNDLE_CARDS && b.executive.len() <= MAX_BUNDLE_CARDS,
            "§9.2",
            || why("the-boss-err-bundle-cards").arg("max", MAX_BUNDLE_CARDS),
        )?;
        for (list, total, what) in [
            (&b.experience, self.data.exp_cards.len(), "experience"),
            (&b.executive, self.data.exec_cards.len(), "executive"),
        ] {
            for (i, &c) in list.iter().enumerate() {
                V::ensure((c as usize) < total, "§9.2", || {
                    why("the-boss-err-no-card")
                        .arg("deck", what)
                        .arg("number", c)
                })?;
                V::ensure(!list[..i].contains(&c), "§9.2", || {
                    why("the-boss-err-card-twice")
                        .arg("deck", what)
                        .arg("number", c)
                })?;
            }
        }
        Ok(())
    }

    /// Checks that `seat` holds the bundle now, free (not pledged, not reserved).
    pub(crate) fn check_holds<V: Verdict>(&self, seat: Seat, b: &Bundle) -> Result<(), V> {
        let p = &self.players[seat];
        V::ensure(b.cash <= self.free_cash(seat), "§9.2", || {
            why("the-boss-err-free-cash")
                .arg("name", words::seat(seat))
                .arg("cash", self.free_cash(seat))
                .arg("amount", b.cash)
        })?;
        V::ensure(b.shares <= p.shares, "§9.2", || {
            why("the-boss-err-free-shares")
                .arg("name", words::seat(seat))
                .arg("have", p.shares)
                .arg("shares", b.shares)
        })?;
        for &c in &b.experience {
            V::ensure(p.experience.contains(&c), "§9.2", || {
                why("the-boss-err-offer-no-experience")
                    .arg("name", words::seat(seat))
                    .arg("card", exp_name(&self.data, c))
            })?;
        }
        for &c in &b.executive {
            V::ensure(p.executive.contains(&c), "§9.2", || {
                why("the-boss-err-offer-no-executive")
                    .arg("name", words::seat(seat))
                    .arg("card", exec_message(&self.data, c))
            })?;
        }
        if b.fate {
            V::ensure(p.fate.is_some(), "§9.2", || {
                why("the-boss-err-holds-no-fate").arg("name", words::seat(seat))
            })?;
            V::ensure(
                self.turn.seat != seat || self.turn.must_fire.is_none(),
                "R-30",
                || why("the-boss-err-fire-card-promised"),
            )?;
        }
        Ok(())
    }

    /// Removes a bundle from `seat` (checked first); returns the Fate card if it is in it.
    pub(super) fn take_bundle(
        &mut self,
        seat: Seat,
        b: &Bundle,
    ) -> Result<Option<HeldFate>, RuleError> {
        self.check_holds::<RuleError>(seat, b)?;
        Ok(self.remove_bundle(seat, b))
    }

    /// Removes a bundle `seat` holds (checked); returns the Fate card if it is in it.
    pub(super) fn remove_bundle(&mut self, seat: Seat, b: &Bundle) -> Option<HeldFate> {
        let p = &mut self.players[seat];
        p.cash -= b.cash;
        p.shares -= b.shares;
        p.experience.retain(|c| !b.experience.contains(c));
        p.executive.retain(|c| !b.executive.contains(c));
        if b.fate {
            p.fate.take()
        } else {
            None
        }
    }

    /// Gives a bundle to `seat` (cards and money; the Fate card is handed over separately).
    pub(super) fn put_bundle(&mut self, seat: Seat, b: &Bundle) {
        let p = &mut self.players[seat];
        p.cash += b.cash;
        p.shares += b.shares;
        for &c in &b.experience {
            insert_sorted(&mut p.experience, c);
        }
        for &c in &b.executive {
            insert_sorted(&mut p.executive, c);
        }
    }

    pub(super) fn check_exec_limit(&self, seat: Seat) -> Result<(), RuleError> {
        for n in FIRST_EXEC..=8 {
            let k = self.owned_of_number(seat, n);
            ensure(k <= MAX_EXEC_PER_NUMBER, "§4", || {
                why("the-boss-err-would-own")
                    .arg("name", words::seat(seat))
                    .arg("count", k)
                    .arg("number", n)
            })?;
        }
        Ok(())
    }
}

/// Whether every byte of `text` is printable ASCII, space to `~` (the common case of a note,
/// checked before the slower count of characters). The loop does not stop at the first other
/// byte, so that it runs over many bytes at a time.
fn printable_ascii(text: &str) -> bool {
    text.bytes()
        .fold(true, |ok, b| ok & (b.wrapping_sub(0x20) < 0x7f - 0x20))
}
