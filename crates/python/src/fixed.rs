//! The two action spaces of the Python API. By default an action index names a move of the
//! game's fixed action space ([`Encode::action_index`]): the same index means the same move
//! in every state, and masks mark the legal moves over that space. With
//! `action_space="legal"` an index is a place in the seat's legal list (index *i* is "the
//! *i*-th legal action here"), bounded by the measured `max_actions`.

use crate::dyngame::Wrapped;
use crate::error::{Error, Kind, Result};
use boardroom_engine::Seat;
use boardroom_registry::Playable;

impl<G: Playable> Wrapped<G> {
    /// See [`crate::dyngame::DynGame::set_space`].
    pub(crate) fn set_action_space(
        &mut self,
        fixed: bool,
        max_actions: Option<usize>,
    ) -> Result<()> {
        if fixed && self.shape.fixed_actions.is_none() {
            return Err(Error::new(
                Kind::Config,
                format!("{} has no fixed action space", G::NAME),
            ));
        }
        if let Some(m) = max_actions.filter(|&m| m != self.shape.max_actions) {
            if m == 0 {
                return Err(Error::new(Kind::Config, "max_actions must be at least 1"));
            }
            self.shape = std::sync::Arc::new(crate::shape::Shape {
                layout: self.shape.layout.clone(),
                encoded: self.shape.encoded.clone(),
                max_actions: m,
                longest_legal: self.shape.longest_legal,
                fixed_actions: self.shape.fixed_actions,
                fixed_version: self.shape.fixed_version,
                composite: self.shape.composite.clone(),
            });
        }
        self.fixed = fixed;
        self.legal_of = None;
        Ok(())
    }

    /// The number of action indices.
    pub(crate) fn space_size(&self) -> usize {
        match self.shape.fixed_actions {
            Some(n) if self.fixed => n,
            _ => self.shape.max_actions,
        }
    }

    /// The action that `index` names for `seat`: in the fixed space, the game's action at that
    /// index (its legality is the game's to check when it is applied); in the legal list, the
    /// listed action. An index outside the space, or naming nothing here, is refused.
    pub(crate) fn action_at(&mut self, seat: Seat, index: usize) -> Result<G::Action> {
        if !self.fixed {
            self.fill(seat);
            return match self.legal.get(index) {
                Some(a) => Ok(a.clone()),
                None => Err(self.bad_index(seat, index)),
            };
        }
        let size = self.space_size();
        if index >= size {
            return Err(Error::new(
                Kind::IllegalAction,
                format!(
                    "action id {index} is not in {}'s action space (ids 0 to {})",
                    G::NAME,
                    size - 1
                ),
            ));
        }
        self.game.action_from_index(seat, index).ok_or_else(|| {
            Error::new(
                Kind::IllegalAction,
                format!(
                    "action id {index} is masked out: it names no action of seat {seat} here (see action_mask)"
                ),
            )
        })
    }

    /// The index of `action` (listed at `position` of `seat`'s legal list) in the action space.
    pub(crate) fn space_index(
        &self,
        seat: Seat,
        position: usize,
        action: &G::Action,
    ) -> Option<usize> {
        if self.fixed {
            self.game.action_index(seat, action)
        } else {
            Some(position).filter(|&p| p < self.shape.max_actions)
        }
    }

    /// The index of `action` for `seat` in the action space, if it has one.
    pub(crate) fn mode_index(&mut self, seat: Seat, action: &G::Action) -> Option<usize> {
        if self.fixed {
            self.game.action_index(seat, action)
        } else {
            self.index_of(seat, action)
                .filter(|&p| p < self.shape.max_actions)
        }
    }

    /// Writes `seat`'s mask over the action space into `out` (its length); returns how many
    /// indices are legal.
    pub(crate) fn mask_into(&mut self, seat: Seat, out: &mut [bool]) -> usize {
        self.fill(seat);
        if self.fixed {
            self.game.action_mask(seat, &self.legal, out);
            // Sums of bytes in runs short enough not to overflow one: the compiler vectorises
            // them, where a count of `true`s over a space of thousands of ids goes one by one.
            out.chunks(u8::MAX as usize)
                .map(|run| usize::from(run.iter().fold(0u8, |n, &m| n + u8::from(m))))
                .sum()
        } else {
            let n = self.legal.len().min(out.len());
            out[..n].fill(true);
            out[n..].fill(false);
            n
        }
    }
}
