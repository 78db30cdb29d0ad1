//! Observations (what one viewer may know, R-29) and sampling of the hidden part of a state.
//!
//! Hidden from everyone: the order of both decks. Hidden from all but the holder (and those it
//! was shown to, and its former holders): the identity of a held Fate card. Everything else —
//! cash, shares, cards in hand, positions, offers, auctions, votes, deals and escrow — is public.

use crate::position::Position;
use crate::score::ScoreLine;
use crate::state::TheBoss;
use boardroom_engine::{Outcome, Viewer};
use rand::seq::SliceRandom;
use rand::RngCore;
use serde::Serialize;

/// What a viewer knows of a held Fate card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FateView {
    /// The card, when the viewer may know it.
    pub card: Option<u8>,
    /// The turn of its use window, once begun.
    pub window: Option<u32>,
    /// Whether it may be used now.
    pub usable: bool,
}

/// What a viewer knows of a player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerView {
    /// Cash.
    pub cash: u32,
    /// Shares in hand.
    pub shares: u32,
    /// Experience cards in hand.
    pub experience: Vec<u8>,
    /// Executive cards in hand.
    pub executive: Vec<u8>,
    /// The held Fate card.
    pub fate: Option<FateView>,
    /// The position.
    pub job: Option<u8>,
    /// The Fired track.
    pub fired: Option<u8>,
    /// Turns still to lose.
    pub lost_turns: u8,
    /// The Financial Disaster card lying on the space.
    pub disaster: Option<u8>,
}

/// What one viewer may know of a game of The Boss.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Observation {
    /// Who is looking.
    pub viewer: Viewer,
    /// The public position with the secrets removed: decks are empty lists (see the sizes),
    /// held Fate cards are in `players`.
    pub public: Position,
    /// Cards in the Experience deck.
    pub experience_left: usize,
    /// Cards in the Fate deck.
    pub fate_left: usize,
    /// The players as the viewer sees them.
    pub players: Vec<PlayerView>,
    /// Scores, once the game is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scores: Option<Vec<ScoreLine>>,
    /// Winners and scores, once the game is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
}

impl TheBoss {
    /// Whether `viewer` may know the identity of `seat`'s held Fate card.
    pub fn sees_fate(&self, viewer: Viewer, seat: usize) -> bool {
        match (viewer.seat(), &self.players[seat].fate) {
            (_, None) => false,
            (Some(v), Some(f)) => v == seat || f.known_by & (1 << v) != 0,
            (None, Some(_)) => false,
        }
    }

    /// The observation of `viewer`.
    pub fn observation(&self, viewer: Viewer) -> Observation {
        let mut public = self.position();
        public.experience_deck.clear();
        public.fate_deck.clear();
        for (s, p) in public.players.iter_mut().enumerate() {
            if let Some(f) = p.fate.as_mut() {
                if !self.sees_fate(viewer, s) {
                    f.card = u8::MAX;
                }
                f.known_by = 0;
            }
        }
        let players = (0..self.players.len())
            .map(|s| {
                let p = &self.players[s];
                PlayerView {
                    cash: p.cash,
                    shares: p.shares,
                    experience: p.experience.to_vec(),
                    executive: p.executive.to_vec(),
                    fate: p.fate.as_ref().map(|f| FateView {
                        card: self.sees_fate(viewer, s).then_some(f.card),
                        window: f.window,
                        usable: self.usable_fate(s).is_some(),
                    }),
                    job: p.job,
                    fired: p.fired,
                    lost_turns: p.lost_turns,
                    disaster: p.disaster,
                }
            })
            .collect();
        let over = self.is_over();
        Observation {
            viewer,
            public,
            experience_left: self.exp_deck.len(),
            fate_left: self.fate_deck.len(),
            players,
            scores: over.then(|| (0..self.players.len()).map(|s| self.score(s)).collect()),
            outcome: self.ranking(),
        }
    }

    /// A state consistent with what `viewer` knows: the Experience deck is reshuffled, and the
    /// Fate deck together with the held Fate cards the viewer cannot see is redealt (held cards
    /// are never Financial Disasters, so those slots get other cards).
    pub fn sample(&self, viewer: Viewer, rng: &mut dyn RngCore) -> TheBoss {
        // Pools are sorted first, so the sample depends only on what the viewer knows.
        let mut g = self.clone();
        g.exp_deck.sort_unstable();
        g.exp_deck.shuffle(rng);
        let hidden: Vec<usize> = (0..g.players.len())
            .filter(|&s| g.players[s].fate.is_some() && !self.sees_fate(viewer, s))
            .collect();
        let mut pool: Vec<u8> = g.fate_deck.clone();
        pool.extend(
            hidden
                .iter()
                .map(|&s| g.players[s].fate.as_ref().expect("held").card),
        );
        pool.sort_unstable();
        pool.shuffle(rng);
        for &s in &hidden {
            let i = pool
                .iter()
                .position(|&c| {
                    !matches!(
                        g.data.fate_effect(c),
                        crate::data::FateEffect::Disaster { .. }
                    )
                })
                .expect("the real held cards are in the pool");
            let c = pool.swap_remove(i);
            g.players[s].fate.as_mut().expect("held").card = c;
        }
        pool.shuffle(rng);
        g.fate_deck = pool;
        g
    }
}
