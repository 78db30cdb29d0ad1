//! Observations (what one viewer may know) and sampling of the hidden part of a state.
//!
//! Hidden from everyone: the die's generator (future rolls). Hidden in the hidden-money
//! variant: the coins of the colours a viewer does not play, until the game ends.

use crate::colour::Colour;
use crate::position::{max_coins, LotEntry};
use crate::score::ScoreLine;
use crate::state::{BigShot, Phase};
use boardroom_engine::rng::GameRng;
use boardroom_engine::{Outcome, Seat, Viewer};
use rand::{Rng, RngCore, SeedableRng};
use serde::Serialize;

/// What every viewer knows of a colour.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ColourView {
    /// The colour.
    pub colour: Colour,
    /// The seat playing it (`None`: neutral).
    pub seat: Option<Seat>,
    /// Coins, when the viewer may see them.
    pub coins: Option<u32>,
    /// IOUs (always public).
    pub ious: u8,
}

/// What one viewer may know of a Big Shot game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Observation {
    /// Who is looking.
    pub viewer: Viewer,
    /// Number of players.
    pub players: usize,
    /// Whether coins are hidden.
    pub hidden_money: bool,
    /// The round.
    pub round: u8,
    /// The seat rolling this round.
    pub roller: Seat,
    /// The broker's auction space, from 1.
    pub broker: u8,
    /// The last roll.
    pub die: Option<u8>,
    /// The step of the round.
    pub phase: Phase,
    /// The standing bid (0: none).
    pub bid: u32,
    /// The standing bidder.
    pub bidder: Option<Seat>,
    /// Seats that passed in this auction.
    pub passed: Vec<Seat>,
    /// Seats that took their loan this round.
    pub loaned: Vec<Seat>,
    /// Loans per seat.
    pub loans: Vec<u8>,
    /// The four colours' money as the viewer sees it.
    pub colours: Vec<ColourView>,
    /// Cubes on each auction space.
    pub spaces: Vec<String>,
    /// The lots.
    pub lots: Vec<LotEntry>,
    /// Cubes won and not yet placed.
    pub hand: String,
    /// Cubes out of the game.
    pub removed: String,
    /// Scores, once the game is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scores: Option<Vec<ScoreLine>>,
    /// Winners and scores, once the game is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
}

impl BigShot {
    /// Whether `viewer` may see the coins of colour `c`.
    pub fn sees_coins(&self, viewer: Viewer, c: Colour) -> bool {
        !self.config.hidden_money
            || matches!(self.phase, Phase::Over)
            || (viewer.seat().is_some() && viewer.seat() == self.seat_of(c))
    }

    /// The observation of `viewer`.
    pub fn observation(&self, viewer: Viewer) -> Observation {
        let pos = self.position();
        let over = matches!(self.phase, Phase::Over);
        Observation {
            viewer,
            players: self.n as usize,
            hidden_money: self.config.hidden_money,
            round: self.round,
            roller: self.roller as Seat,
            broker: pos.broker,
            die: self.die,
            phase: self.phase,
            bid: self.bid,
            bidder: pos.bidder,
            passed: pos.passed,
            loaned: pos.loaned,
            loans: pos.loans,
            colours: Colour::all()
                .map(|c| ColourView {
                    colour: c,
                    seat: self.seat_of(c),
                    coins: self.sees_coins(viewer, c).then_some(self.coins[c.idx()]),
                    ious: self.ious[c.idx()],
                })
                .collect(),
            spaces: pos.spaces,
            lots: pos.lots,
            hand: pos.hand,
            removed: pos.removed,
            scores: over.then(|| (0..self.n as usize).map(|s| self.score(s)).collect()),
            outcome: over.then(|| self.ranking()),
        }
    }

    /// A state consistent with what `viewer` knows, with the hidden part re-drawn from `rng`:
    /// the die's generator is re-seeded (future rolls), and in the hidden-money variant the
    /// coins the viewer cannot see are drawn uniformly between what the observation implies
    /// (a standing or winning bid must be payable) and the most the colour can hold (start
    /// money plus its loans). The draw depends only on the observation and `rng`.
    pub fn sample<R: RngCore + ?Sized>(&self, viewer: Viewer, rng: &mut R) -> BigShot {
        let mut g = self.clone();
        g.rng = GameRng::seed_from_u64(rng.next_u64());
        if !self.config.hidden_money || matches!(self.phase, Phase::Over) {
            return g;
        }
        let n = self.n as usize;
        // The bid that some colour of the standing bidder must cover.
        let must_cover = match self.phase {
            Phase::Bidding { .. } | Phase::Pay { .. } => self.bidder.map(|b| (b as Seat, self.bid)),
            _ => None,
        };
        for s in 0..n {
            if viewer.seat() == Some(s) {
                continue;
            }
            let cols = self.colours_of(s);
            for &c in cols {
                let max = max_coins(n, self.ious[c.idx()]);
                g.coins[c.idx()] = rng.gen_range(0..=max);
            }
            if let Some((_, bid)) = must_cover.filter(|&(b, _)| b == s) {
                if g.cash(s) < bid {
                    let c = cols
                        .iter()
                        .copied()
                        .find(|c| max_coins(n, self.ious[c.idx()]) >= bid)
                        .expect("the real coins cover the bid");
                    let max = max_coins(n, self.ious[c.idx()]);
                    g.coins[c.idx()] = rng.gen_range(bid..=max);
                }
            }
        }
        g
    }
}
