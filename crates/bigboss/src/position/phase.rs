//! The phase of a position read: whether the step it names can stand in the state around it
//! (its spaces, companies and counters), checked once the rest of the state is built.

use super::err;
use crate::board::{is_space, next, prev, Space};
use crate::card::Card;
use crate::edition::Edition;
use crate::rules::IndustryUse;
use crate::state::{BigBoss, Phase};
use boardroom_engine::PositionError;

impl BigBoss {
    pub(super) fn validate_phase(&self) -> Result<(), PositionError> {
        let over = matches!(self.phase, Phase::Over { .. });
        if !over && self.passes >= self.n {
            return err(
                "passes",
                "every player has passed in a row, so the game must be over",
            );
        }
        if self.passes > self.n {
            return err("passes", "more passes in a row than players");
        }
        let f = "phase";
        let modern = self.edition == Edition::Modern;
        let played = |s: Space| -> Result<(), PositionError> {
            if !is_space(s) {
                return err(f, format!("spaces are 1-72, found {s}"));
            }
            if !self.discard.industry.contains(s) {
                return err(
                    f,
                    format!("card {s} is being played, so it must be in the discard pile"),
                );
            }
            if self.industry_use(s) != IndustryUse::Found {
                return err(f, format!("card {s} cannot found a company here"));
            }
            Ok(())
        };
        let in_triple = |card: Space, start: Space| -> Result<(), PositionError> {
            if !is_space(start)
                || !(-2..=0).any(|k| crate::board::offset(card, k) == start)
                || !self.triple_ok(start)
            {
                return err(
                    f,
                    format!("{start} does not start a valid founding triple for card {card}"),
                );
            }
            Ok(())
        };
        match self.phase {
            Phase::Turn | Phase::Selling => {
                if self.pieces == 0 {
                    return err(
                        f,
                        "the last piece has been placed, so the game must be over",
                    );
                }
                if self.phase == Phase::Selling && !modern {
                    return err(f, "the Classic rules have no selling");
                }
            }
            Phase::ChooseTriple { card } => played(card)?,
            Phase::ChooseDouble { card, start } => {
                if !modern {
                    return err(f, "the Classic rules found without a fourth piece");
                }
                played(card)?;
                in_triple(card, start)?;
            }
            Phase::ChooseCompany {
                card,
                start,
                double,
            } => {
                played(card)?;
                in_triple(card, start)?;
                match double {
                    Some(d) if modern && (0..3).any(|k| crate::board::offset(start, k) == d) => {}
                    None if !modern => {}
                    _ => return err(f, "the fourth founding piece (Modern only) must be on one of the three spaces"),
                }
            }
            Phase::ChooseLevelSpace { kind } => {
                if kind as usize >= 6 || self.rules().level_cards[kind as usize] == 0 {
                    return err(
                        f,
                        format!(
                            "the {} rules have no level card of kind {kind}",
                            self.edition
                        ),
                    );
                }
                if self.card_playable(Card::Level(kind)).is_err() {
                    return err(f, "no space can take this level card's piece");
                }
            }
            Phase::ChooseJoin { space, left, right } => {
                if !is_space(space) || !self.board.is_empty(space) || self.pieces == 0 {
                    return err(
                        f,
                        "the connecting space must be empty and a piece must be left",
                    );
                }
                if left == right
                    || self.board.owner(prev(space)) != Some(left.0)
                    || self.board.owner(next(space)) != Some(right.0)
                {
                    return err(f, format!("space {space} does not connect {left} (before it) and {right} (after it)"));
                }
            }
            Phase::ChooseSurvivor { space, left, right } => {
                let ok = is_space(space)
                    && left != right
                    && match self.board.owner(space) {
                        Some(o) if o == left.0 => self.board.owner(next(space)) == Some(right.0),
                        Some(o) if o == right.0 => self.board.owner(prev(space)) == Some(left.0),
                        _ => false,
                    };
                if !ok {
                    return err(
                        f,
                        format!("space {space} does not connect {left} and {right}"),
                    );
                }
                if self.companies[left.idx()].price != self.companies[right.idx()].price {
                    return err(f, "a survivor is chosen only when both prices are equal");
                }
            }
            Phase::Invest { company, shares } => {
                if !self.companies[company.idx()].active() {
                    return err(f, format!("{company} is not on the board"));
                }
                if shares > 2 {
                    return err(f, "at most 2 shares are bought per turn");
                }
            }
            Phase::Over { .. } => {}
        }
        Ok(())
    }
}
