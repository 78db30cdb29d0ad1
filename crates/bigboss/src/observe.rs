//! Observations (what one viewer may know) and sampling of the hidden part of a state.

use crate::card::{Card, Hand, IndustrySet};
use crate::company::CompanyId;
use crate::edition::Edition;
use crate::position::{CompanyEntry, SpaceEntry};
use crate::score::ScoreLine;
use crate::state::{BigBoss, Phase, MAX_DECK};
use arrayvec::ArrayVec;
use boardroom_engine::{Outcome, Seat, Viewer};
use rand::seq::SliceRandom;
use rand::RngCore;
use serde::Serialize;
use std::collections::BTreeMap;

/// What every viewer knows of a player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerView {
    /// Money (public).
    pub money: u32,
    /// Shares per company (public).
    pub shares: BTreeMap<CompanyId, u8>,
    /// Towers (owner flags) placed so far.
    pub towers_placed: u8,
    /// Number of cards in hand.
    pub hand_size: u32,
    /// Cards of the hand everyone knows of (bought from the face-up row).
    pub known: Vec<Card>,
    /// Level cards in hand (Modern: bought from the face-up stack, so public).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level_cards: Option<u32>,
}

/// What one viewer may know of a Big Boss game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Observation {
    /// Who is looking.
    pub viewer: Viewer,
    /// The rule set.
    pub edition: Edition,
    /// The seat whose turn it is.
    pub current: Seat,
    /// Turn number.
    pub turn: u32,
    /// Consecutive passes.
    pub passes: u8,
    /// Step within the turn.
    pub phase: Phase,
    /// Pieces in the supply.
    pub pieces: u8,
    /// Occupied spaces.
    pub board: Vec<SpaceEntry>,
    /// Founded companies.
    pub companies: Vec<CompanyEntry>,
    /// Every player's public holdings.
    pub players: Vec<PlayerView>,
    /// The viewer's own hand (players only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand: Option<Vec<Card>>,
    /// Cards left in the deck.
    pub deck_size: usize,
    /// The face-up row.
    pub row: Vec<Card>,
    /// Level cards left in the stack.
    pub level_stack: u8,
    /// The discard pile.
    pub discard: Vec<Card>,
    /// Scores, once the game is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scores: Option<Vec<ScoreLine>>,
    /// Winners and scores, once the game is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
}

impl BigBoss {
    /// The observation of `viewer`.
    pub fn observation(&self, viewer: Viewer) -> Observation {
        let pos = self.position();
        let modern = self.edition == Edition::Modern;
        let players = (0..self.n as usize)
            .map(|s| {
                let p = &self.players[s];
                PlayerView {
                    money: p.money,
                    shares: pos.players[s].shares.clone(),
                    towers_placed: p.towers_placed,
                    hand_size: p.hand.len(),
                    known: p.known.iter().map(Card::Industry).collect(),
                    level_cards: modern.then(|| p.hand.level_count()),
                }
            })
            .collect();
        let over = matches!(self.phase, Phase::Over { .. });
        Observation {
            viewer,
            edition: self.edition,
            current: self.current as Seat,
            turn: self.turn,
            passes: self.passes,
            phase: self.phase,
            pieces: self.pieces,
            board: pos.board,
            companies: pos.companies,
            players,
            hand: viewer
                .seat()
                .filter(|&s| s < self.n as usize)
                .map(|s| self.players[s].hand.cards()),
            deck_size: self.deck.len(),
            row: pos.row,
            level_stack: self.level_stack,
            discard: pos.discard,
            scores: over.then(|| (0..self.n as usize).map(|s| self.score(s)).collect()),
            outcome: over.then(|| self.ranking()),
        }
    }

    /// A state consistent with what `viewer` knows, with the hidden part re-drawn: the cards of
    /// other players' hands that nobody but their holder knows, and the order of the deck, are
    /// shuffled together and dealt back (each hand keeps its size and its publicly known cards;
    /// in Modern, level cards are public and stay where they are).
    pub fn sample<R: RngCore + ?Sized>(&self, viewer: Viewer, rng: &mut R) -> BigBoss {
        self.hidden_pool(viewer).deal(rng)
    }

    /// What every sample for `viewer` shares: the state without the hidden cards, and the pool
    /// of hidden cards in sorted order (industry cards by space, then level cards by kind), so
    /// that a sample depends only on the viewer's observation and the generator, not on where
    /// the hidden cards really are.
    pub(crate) fn hidden_pool(&self, viewer: Viewer) -> HiddenPool {
        let mut g = self.clone();
        let me = viewer.seat();
        let levels_public = !self.rules().levels_in_deck;
        let mut industry = IndustrySet::default();
        let mut levels = [0u8; 6];
        for &card in &g.deck {
            match card {
                Card::Industry(c) => industry.insert(c),
                Card::Level(k) => levels[k as usize] += 1,
            }
        }
        let mut unknown = [0u32; 6];
        for (s, slot) in unknown.iter_mut().enumerate().take(self.n as usize) {
            if Some(s) == me {
                continue;
            }
            let p = &mut g.players[s];
            let hidden = IndustrySet(p.hand.industry.0 & !p.known.0);
            industry.0 |= hidden.0;
            *slot = hidden.len();
            p.hand.industry = p.known;
            if !levels_public {
                for k in crate::card::LEVEL_KINDS {
                    levels[k as usize] += p.hand.levels[k as usize];
                }
                *slot += p.hand.level_count();
                p.hand.levels = Hand::default().levels;
            }
        }
        let mut pool = ArrayVec::new();
        pool.extend(industry.iter().map(Card::Industry));
        for k in crate::card::LEVEL_KINDS {
            for _ in 0..levels[k as usize] {
                pool.push(Card::Level(k));
            }
        }
        g.deck.clear();
        HiddenPool {
            base: g,
            pool,
            unknown,
        }
    }
}

/// The state without its hidden cards and the sorted pool of them, prepared once for drawing
/// many samples for one viewer ([`BigBoss::sample`] is `hidden_pool(viewer).deal(rng)`).
pub(crate) struct HiddenPool {
    base: BigBoss,
    pool: ArrayVec<Card, MAX_DECK>,
    /// Hidden cards per seat, dealt back in seat order.
    unknown: [u32; 6],
}

impl HiddenPool {
    /// The pool shuffled with `rng` and dealt: hands from the top of the shuffled pool, the
    /// rest is the deck.
    pub(crate) fn deal<R: RngCore + ?Sized>(&self, rng: &mut R) -> BigBoss {
        let mut g = self.base.clone();
        g.deck = self.pool.clone();
        g.deck.shuffle(rng);
        for (s, &count) in self.unknown.iter().enumerate().take(g.n as usize) {
            for _ in 0..count {
                let card = g.deck.pop().expect("pool holds every hidden card");
                g.players[s].hand.add(card);
            }
        }
        g
    }
}
