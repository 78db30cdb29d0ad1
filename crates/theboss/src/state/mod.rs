//! The game state: the players, the turn and the table, and the set-up of a new game. This
//! module holds the state and its plain accessors; `config` the table settings and their data
//! set, `table` what waits on the table (auctions, meetings, offers, deals, the ending), and
//! `holdings` what players own, may spend and may use.

mod config;
mod holdings;
mod table;
mod tracked;

pub use config::Config;
pub use table::{AfterMeeting, Auction, Broken, Deal, Ending, Meeting, PendingOffer};
pub use tracked::Tracked;

use crate::action::Offer;
use crate::data::Data;
use boardroom_engine::rng;
use boardroom_engine::{ConfigError, Seat};
use rand::seq::SliceRandom;
use rand::Rng;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Fewest players at a table.
pub const MIN_PLAYERS: usize = 2;
/// Most players at a table.
pub const MAX_PLAYERS: usize = 4;

/// A Fate card held face down.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HeldFate {
    /// The card id.
    pub card: u8,
    /// The turn number of its use window, once the holder's first own BT after getting it has
    /// begun.
    pub window: Option<u32>,
    /// Seats that know its identity besides the holder (shown to them, or former holders).
    pub known_by: u8,
}

/// One player's belongings and standing.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Player {
    /// Cash (free cash is this minus any severance reserved, §9.3).
    pub cash: u32,
    /// Shares in hand (not pledged).
    pub shares: u32,
    /// Experience card ids in hand, sorted.
    pub experience: Tracked<u8>,
    /// Executive card ids in hand, sorted.
    pub executive: Tracked<u8>,
    /// The held Fate card.
    pub fate: Option<HeldFate>,
    /// The position occupied (1–8), if employed.
    pub job: Option<u8>,
    /// On the Fired track: 0 FIRED, 1 MISSING 1ST TURN, 2 MISSING 2ND TURN.
    pub fired: Option<u8>,
    /// Turns still to lose (§5.4).
    pub lost_turns: u8,
    /// The Financial Disaster card lying on the player's space.
    pub disaster: Option<u8>,
    /// Positions whose Experience was met at the start of the player's current or last own turn
    /// (bit n-1 for position n, R-5).
    pub snapshot: u16,
    /// Surplus copies per Experience kind that must leave in this BT (set when BT begins).
    pub surplus_due: Tracked<u8>,
    /// The player's offers that were rejected (or countered) in the last
    /// [`REFUSALS_KEPT_ROUNDS`] rounds, a public record: the bots do not make the same terms
    /// again while they are remembered.
    #[serde(default, skip_serializing_if = "Tracked::is_empty")]
    pub refused: Tracked<Refused>,
}

/// How many rounds a rejected offer is remembered under rules revision 2 ([`Player::refused`];
/// under revision 3, while the situation it was refused in lasts).
pub const REFUSALS_KEPT_ROUNDS: u32 = 3;

/// At most this many rejected offers are remembered per player, the latest.
pub const REFUSALS_KEPT: usize = 16;

/// An offer that was rejected or countered (public record).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Refused {
    /// The round in which it was refused.
    pub round: u32,
    /// The offer's terms.
    pub offer: Offer,
    /// The situation it was refused in ([`TheBoss::offer_situation`]); 0 (and not written)
    /// under rules revision 2, which kept none.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub situation: u64,
}

fn is_zero(x: &u64) -> bool {
    *x == 0
}

impl Player {
    /// A player holding nothing, not even cash (also the encoding's seats beyond the table's).
    pub(crate) const EMPTY: Player = Player {
        cash: 0,
        shares: 0,
        experience: Tracked::new(),
        executive: Tracked::new(),
        fate: None,
        job: None,
        fired: None,
        lost_turns: 0,
        disaster: None,
        snapshot: 0,
        surplus_due: Tracked::new(),
        refused: Tracked::new(),
    };

    fn new(cash: u32, kinds: usize) -> Self {
        Player {
            cash,
            surplus_due: vec![0; kinds].into(),
            ..Player::EMPTY
        }
    }
}

/// Which step sequence a turn follows (§5.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Sequence {
    /// U1 BT, U2 Draw.
    Unemployed,
    /// O1 salary, O2 stock, O3 BT, O4 Draw.
    Office,
    /// E1 salary, E2 Executive card, E3 stock, E4 BT, E5 Draw.
    Executive,
}

/// The step of the active player's turn. Steps go strictly forward.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// Collect salary.
    Salary,
    /// Take an Executive card.
    ExecCard,
    /// Buy stock.
    Stock,
    /// Business Transactions.
    Business,
    /// Ending business: the mandatory auctions run.
    Closing,
    /// Draw a card.
    Draw,
    /// A Financial Disaster was drawn: pay or lose turns.
    Disaster,
}

/// The active player's turn.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Turn {
    /// The active player.
    pub seat: Seat,
    /// Turns played so far in the game, this one included (from 1).
    pub number: u32,
    /// The sequence of this turn.
    pub sequence: Sequence,
    /// The current step.
    pub step: Step,
    /// The position held when the turn began (salary and stock budget, R-8).
    pub start_job: Option<u8>,
    /// Whether the floor is open.
    pub floor: bool,
    /// Whether the player has moved this turn.
    pub moved: bool,
    /// Whether shares were bought from the Bank in the stock step.
    pub bought: bool,
    /// A FireTarget commitment: the seat that must be fired or named (§9.3).
    pub must_fire: Option<Seat>,
    /// NotFire commitments: seats that may not be named this turn (bit set).
    pub not_fire: u8,
    /// Offers made in this BT.
    pub offers: u32,
    /// Offers made per ordered pair (from * 4 + to) in this BT.
    pub pair_offers: [u8; 16],
    /// Players other than the active one who passed on the open floor (bit set): they make no
    /// more offers in this BT, but may still answer and withdraw offers, show their Fate card,
    /// auction their lots and act on their deals (§9.1, §9.5).
    #[serde(default)]
    pub idle: u8,
}

/// A game of The Boss: the complete state, secrets (deck order, held Fate cards) included.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TheBoss {
    pub(crate) data: Arc<Data>,
    pub(crate) config: Arc<Config>,
    pub(crate) players: Vec<Player>,
    pub(crate) first: Seat,
    pub(crate) round: u32,
    pub(crate) bank_shares: u32,
    /// Shares the Bank has sold (for the two-player cap).
    pub(crate) bank_sold: u32,
    /// Experience deck, top last.
    pub(crate) exp_deck: Vec<u8>,
    pub(crate) exp_discards: Tracked<u8>,
    /// Fate deck, top last.
    pub(crate) fate_deck: Vec<u8>,
    pub(crate) fate_discards: Tracked<u8>,
    /// Executive cards still in the Bank, sorted.
    pub(crate) exec_bank: Tracked<u8>,
    pub(crate) turn: Turn,
    pub(crate) auction: Option<Auction>,
    pub(crate) meeting: Option<Meeting>,
    pub(crate) after_meeting: Option<AfterMeeting>,
    /// The Financial Disaster drawn, waiting for pay or lose.
    pub(crate) disaster: Option<u8>,
    pub(crate) offers: Tracked<PendingOffer>,
    pub(crate) deals: Tracked<Deal>,
    pub(crate) broken: Tracked<Broken>,
    pub(crate) next_id: u32,
    pub(crate) ending: Option<Ending>,
    /// The rules revision the game is played under: the current one
    /// ([`boardroom_engine::Game::RULES_REVISION`]), or an older one a stored game was played
    /// under and still replays with ([`boardroom_engine::Game::new_under`]). Not part of the
    /// position: a position is read under the current rules.
    pub(crate) rules: u32,
}

impl TheBoss {
    /// Sets up a new game from `seed`: both decks are shuffled and the first player drawn
    /// unless the config names one; the first turn begins.
    pub fn new_game(config: &Config, seed: u64) -> Result<Self, ConfigError> {
        let data = config.data_set()?;
        let mut rng = rng::from_seed(seed);
        let mut exp_deck: Vec<u8> = (0..data.exp_cards.len() as u8).collect();
        exp_deck.shuffle(&mut rng);
        let mut fate_deck: Vec<u8> = (0..data.fate_cards.len() as u8).collect();
        fate_deck.shuffle(&mut rng);
        let first = match config.first_player {
            Some(f) => f,
            None => rng.gen_range(0..config.players),
        };
        let e = data.economy().clone();
        let kinds = data.kinds.len();
        let exec_bank = (0..data.exec_cards.len() as u8).collect::<Vec<u8>>().into();
        let mut g = TheBoss {
            players: (0..config.players)
                .map(|_| Player::new(e.start_cash, kinds))
                .collect(),
            data,
            config: Arc::new(config.clone()),
            first,
            round: 1,
            bank_shares: e.total_shares,
            bank_sold: 0,
            exp_deck,
            exp_discards: Tracked::new(),
            fate_deck,
            fate_discards: Tracked::new(),
            exec_bank,
            turn: Turn::blank(first, 0),
            auction: None,
            meeting: None,
            after_meeting: None,
            disaster: None,
            offers: Tracked::new(),
            deals: Tracked::new(),
            broken: Tracked::new(),
            next_id: 1,
            ending: None,
            rules: <TheBoss as boardroom_engine::Game>::RULES_REVISION,
        };
        let mut events = Vec::new();
        g.start_turn(first, &mut events);
        Ok(g)
    }

    /// The data set.
    pub fn data(&self) -> &Data {
        &self.data
    }

    /// The table configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Number of players.
    pub fn num_players(&self) -> usize {
        self.players.len()
    }

    /// A player's state.
    pub fn player(&self, seat: Seat) -> &Player {
        &self.players[seat]
    }

    /// The first player.
    pub fn first_player(&self) -> Seat {
        self.first
    }

    /// The round, from 1.
    pub fn round(&self) -> u32 {
        self.round
    }

    /// The rules revision the game is played under (see [`TheBoss::new_under_revision`]).
    pub fn rules_revision(&self) -> u32 {
        self.rules
    }

    /// Whether the rules of revision 3 apply: a declared voter may buy another voter's vote
    /// and an acceptance voided by its check leaves the lobbying's passes standing
    /// . Games stored under revision 2 replay without them.
    pub(crate) fn revision_3(&self) -> bool {
        self.rules >= 3
    }

    /// The game of `config` and `seed` under rules revision `revision`: revision 2 (a game
    /// stored under it) plays without; any other plays the current rules.
    pub fn new_under_revision(
        config: &Config,
        seed: u64,
        revision: u32,
    ) -> Result<Self, ConfigError> {
        let mut g = TheBoss::new_game(config, seed)?;
        if revision == 2 {
            g.rules = 2;
        }
        Ok(g)
    }

    /// The active player's turn.
    pub fn turn(&self) -> &Turn {
        &self.turn
    }

    /// The running auction.
    pub fn auction(&self) -> Option<&Auction> {
        self.auction.as_ref()
    }

    /// The running meeting.
    pub fn meeting(&self) -> Option<&Meeting> {
        self.meeting.as_ref()
    }

    /// The state after a failed meeting, while the caller decides.
    pub fn after_meeting(&self) -> Option<&AfterMeeting> {
        self.after_meeting.as_ref()
    }

    /// Offers waiting for an answer.
    pub fn offers(&self) -> &[PendingOffer] {
        &self.offers
    }

    /// Open long-term deals.
    pub fn deals(&self) -> &[Deal] {
        &self.deals
    }

    /// The public record of broken deals.
    pub fn broken_deals(&self) -> &[Broken] {
        &self.broken
    }

    /// Shares still in the Bank.
    pub fn bank_shares(&self) -> u32 {
        self.bank_shares
    }

    /// Shares the Bank may still sell (the two-player cap variant may hold some back).
    pub fn bank_for_sale(&self) -> u32 {
        let cap = self.data.bank_cap(self.players.len());
        self.bank_shares.min(cap.saturating_sub(self.bank_sold))
    }

    /// Cards left in the Experience deck.
    pub fn experience_left(&self) -> usize {
        self.exp_deck.len()
    }

    /// Cards left in the Fate deck.
    pub fn fate_left(&self) -> usize {
        self.fate_deck.len()
    }

    /// Experience Discards (face up, out of the game).
    pub fn experience_discards(&self) -> &[u8] {
        &self.exp_discards
    }

    /// Fate Discards (face up).
    pub fn fate_discards(&self) -> &[u8] {
        &self.fate_discards
    }

    /// Executive cards in the Bank.
    pub fn executive_bank(&self) -> &[u8] {
        &self.exec_bank
    }

    /// How the game ended, once over.
    pub fn ending(&self) -> Option<&Ending> {
        self.ending.as_ref()
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.ending.is_some()
    }

    /// The Financial Disaster card waiting for pay or lose.
    pub fn pending_disaster(&self) -> Option<u8> {
        self.disaster
    }
}

impl Turn {
    /// A turn record before any step.
    pub(crate) fn blank(seat: Seat, number: u32) -> Self {
        Turn {
            seat,
            number,
            sequence: Sequence::Unemployed,
            step: Step::Business,
            start_job: None,
            floor: false,
            moved: false,
            bought: false,
            must_fire: None,
            not_fire: 0,
            offers: 0,
            pair_offers: [0; 16],
            idle: 0,
        }
    }

    /// Whether the sequence has this step.
    pub fn has_step(&self, step: Step) -> bool {
        match step {
            Step::Salary | Step::Stock => self.sequence != Sequence::Unemployed,
            Step::ExecCard => self.sequence == Sequence::Executive,
            _ => true,
        }
    }
}
