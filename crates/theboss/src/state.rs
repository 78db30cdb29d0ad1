//! The game state, its configuration and the set-up of a new game.

use crate::action::{Bundle, Lot, Offer, Promise, Vote};
use crate::data::{
    Data, FateEffect, Level, COMPLETE_SET, DEFAULT_DATA_TOML, FIRST_EXEC, MAX_KINDS,
};
use boardroom_engine::rng;
use boardroom_engine::{ConfigError, Seat};
use rand::seq::SliceRandom;
use rand::Rng;
use serde::{Deserialize, Serialize};
use std::sync::{Arc, Mutex, OnceLock};

/// Fewest players at a table.
pub const MIN_PLAYERS: usize = 2;
/// Most players at a table.
pub const MAX_PLAYERS: usize = 4;

/// The table settings of a game of The Boss.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// Number of players, 2–4.
    pub players: usize,
    /// The first player; drawn from the seed when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_player: Option<Seat>,
    /// The data file's text; the shipped data set when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data: Option<String>,
}

impl Config {
    /// A standard game for `players` players.
    pub fn new(players: usize) -> Self {
        Config {
            players,
            first_player: None,
            data: None,
        }
    }

    /// Checks the settings and builds the data set.
    pub fn validate(&self) -> Result<Data, ConfigError> {
        self.data_set().map(|d| Data::clone(&d))
    }

    /// Checks the settings and gives the data set, shared: the shipped one is read once.
    pub(crate) fn data_set(&self) -> Result<Arc<Data>, ConfigError> {
        static SHIPPED: OnceLock<Arc<Data>> = OnceLock::new();
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&self.players) {
            return Err(ConfigError(format!(
                "The Boss is for 2 to 4 players, not {}",
                self.players
            )));
        }
        if let Some(f) = self.first_player {
            if f >= self.players {
                return Err(ConfigError(format!(
                    "first player {f} is not a seat of a {}-player table",
                    self.players
                )));
            }
        }
        match &self.data {
            None => Ok(SHIPPED
                .get_or_init(|| Arc::new(Data::default_data()))
                .clone()),
            Some(text) if text == DEFAULT_DATA_TOML => Ok(SHIPPED
                .get_or_init(|| Arc::new(Data::default_data()))
                .clone()),
            Some(text) => parsed_data(text),
        }
    }
}

/// How many data files other than the shipped one stay parsed (`parsed_data`).
const PARSED_DATA_KEPT: usize = 8;

/// The data set of a data file other than the shipped one. The last few files read stay parsed,
/// the most recently used first: a table with its own data file is rebuilt from its config for
/// every replay frame, position import and restart, and reading the TOML again each time would
/// cost more than the rules. A file that fails to read is not kept (its error is cheap to find).
fn parsed_data(text: &str) -> Result<Arc<Data>, ConfigError> {
    static PARSED: Mutex<Vec<(Arc<str>, Arc<Data>)>> = Mutex::new(Vec::new());
    // A poisoned lock only means a panic elsewhere while it was held; the list stays valid.
    let hit = {
        let mut kept = PARSED.lock().unwrap_or_else(|e| e.into_inner());
        kept.iter().position(|(t, _)| **t == *text).map(|i| {
            kept[..=i].rotate_right(1);
            kept[0].1.clone()
        })
    };
    if let Some(data) = hit {
        return Ok(data);
    }
    let data = Arc::new(Data::from_toml(text).map_err(|e| ConfigError(e.to_string()))?);
    let mut kept = PARSED.lock().unwrap_or_else(|e| e.into_inner());
    // Another thread may have read the same file meanwhile: keep one entry a file.
    kept.retain(|(t, _)| **t != *text);
    kept.insert(0, (Arc::from(text), data.clone()));
    kept.truncate(PARSED_DATA_KEPT);
    Ok(data)
}

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
    pub experience: Vec<u8>,
    /// Executive card ids in hand, sorted.
    pub executive: Vec<u8>,
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
    pub surplus_due: Vec<u8>,
    /// The player's offers that were rejected (or countered) in the last
    /// [`REFUSALS_KEPT_ROUNDS`] rounds, a public record: the bots do not make the same terms
    /// again while they are remembered.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub refused: Vec<Refused>,
}

/// How many rounds a rejected offer is remembered ([`Player::refused`]).
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
}

impl Player {
    fn new(cash: u32, kinds: usize) -> Self {
        Player {
            cash,
            shares: 0,
            experience: Vec::new(),
            executive: Vec::new(),
            fate: None,
            job: None,
            fired: None,
            lost_turns: 0,
            disaster: None,
            snapshot: 0,
            surplus_due: vec![0; kinds],
            refused: Vec::new(),
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

/// A running auction (§9.6).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Auction {
    /// Who sells.
    pub seller: Seat,
    /// What is sold (held by the auction while it runs).
    pub lot: Lot,
    /// The Fate card of a Fate lot (revealed, R-28), with its use window.
    pub fate: Option<HeldFate>,
    /// The opening bid.
    pub opening: u32,
    /// Whether it is a mandatory auction (unsold lots are discarded).
    pub mandatory: bool,
    /// The bidders in calling order.
    pub bidders: Vec<Seat>,
    /// Bidders who passed (bit set).
    pub out: u8,
    /// Index into `bidders` of the bidder whose call it is.
    pub next: usize,
    /// The high bid and its bidder.
    pub high: Option<(Seat, u32)>,
}

/// A Stockholders' Meeting in its lobbying (§7).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Meeting {
    /// Who called it.
    pub caller: Seat,
    /// The executive to fire.
    pub target: Seat,
    /// The Fire card (on the table while meetings run).
    pub card: u8,
    /// Severance.
    pub severance: u32,
    /// Declarations of the voters (index = seat; `None`: not declared or not a voter).
    pub votes: Vec<Option<Vote>>,
    /// Voters (bit set).
    pub voters: u8,
    /// The caller's and the target's passes that stand (bit 0 caller, bit 1 target): a pass
    /// stands until another meeting action happens.
    pub passes: u8,
    /// Offers made during this meeting.
    pub offers: u32,
    /// Executives already named with this card (R-21, bit set).
    pub named: u8,
}

/// After a failed meeting: the caller may name another executive or stop (§7 step 6).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct AfterMeeting {
    /// The Fire card.
    pub card: u8,
    /// Executives already named with it (bit set).
    pub named: u8,
}

/// An offer waiting for an answer.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PendingOffer {
    /// Its id.
    pub id: u32,
    /// Who made it.
    pub from: Seat,
    /// The offer it counters, if any.
    pub counters: Option<u32>,
    /// The offer.
    pub offer: Offer,
}

/// An open long-term deal with its escrow (§9.5).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Deal {
    /// Its id.
    pub id: u32,
    /// Who promises.
    pub promisor: Seat,
    /// Who is promised.
    pub promisee: Seat,
    /// What is promised.
    pub promise: Promise,
    /// The collateral in escrow (owned by the promisor, controlled by the promisee).
    pub collateral: Bundle,
    /// The round by whose end it is due.
    pub due: u32,
}

/// A long-term deal that ended broken (public record).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Broken {
    /// The deal id.
    pub id: u32,
    /// Who failed to deliver.
    pub promisor: Seat,
    /// Who was promised.
    pub promisee: Seat,
    /// The round it broke in.
    pub round: u32,
    /// Whether the promisor walked away (otherwise the promisee declared default).
    pub walked_away: bool,
}

/// How the game ended.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "by", rename_all = "snake_case")]
pub enum Ending {
    /// A complete Executive set (§8 a).
    CompleteSet {
        /// The winner.
        seat: Seat,
    },
    /// More than half the shares (§8 b).
    Shares {
        /// The winner.
        seat: Seat,
    },
    /// The last Fate card was drawn: net worth decides.
    DeckEnd,
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
    pub(crate) exp_discards: Vec<u8>,
    /// Fate deck, top last.
    pub(crate) fate_deck: Vec<u8>,
    pub(crate) fate_discards: Vec<u8>,
    /// Executive cards still in the Bank, sorted.
    pub(crate) exec_bank: Vec<u8>,
    pub(crate) turn: Turn,
    pub(crate) auction: Option<Auction>,
    pub(crate) meeting: Option<Meeting>,
    pub(crate) after_meeting: Option<AfterMeeting>,
    /// The Financial Disaster drawn, waiting for pay or lose.
    pub(crate) disaster: Option<u8>,
    pub(crate) offers: Vec<PendingOffer>,
    pub(crate) deals: Vec<Deal>,
    pub(crate) broken: Vec<Broken>,
    pub(crate) next_id: u32,
    pub(crate) ending: Option<Ending>,
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
        let exec_bank = (0..data.exec_cards.len() as u8).collect();
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
            exp_discards: Vec::new(),
            fate_deck,
            fate_discards: Vec::new(),
            exec_bank,
            turn: Turn::blank(first, 0),
            auction: None,
            meeting: None,
            after_meeting: None,
            disaster: None,
            offers: Vec::new(),
            deals: Vec::new(),
            broken: Vec::new(),
            next_id: 1,
            ending: None,
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

    /// Whether `seat` is on the Fired track.
    pub fn is_fired(&self, seat: Seat) -> bool {
        self.players[seat].fired.is_some()
    }

    /// Whether `seat` is able to deal: not fired and not losing turns (§0). Only turns still
    /// to lose count (§5.4): a Financial Disaster card that still lies on the player's space
    /// after the last lost turn is discarded at their next turn and blocks nothing meanwhile.
    pub fn able_to_deal(&self, seat: Seat) -> bool {
        let p = &self.players[seat];
        p.fired.is_none() && p.lost_turns == 0
    }

    /// The level of `seat`'s position.
    pub fn level(&self, seat: Seat) -> Option<Level> {
        self.players[seat].job.map(|j| self.data.position(j).level)
    }

    /// Whether `seat` holds an executive position.
    pub fn is_executive(&self, seat: Seat) -> bool {
        self.level(seat) == Some(Level::Executive)
    }

    /// Seats occupying position `number`.
    pub fn occupants(&self, number: u8) -> usize {
        self.players
            .iter()
            .filter(|p| p.job == Some(number))
            .count()
    }

    /// Whether position `number` has a free chair.
    pub fn has_free_chair(&self, number: u8) -> bool {
        self.occupants(number) < self.data.position(number).chairs as usize
    }

    /// Severance reserved from `seat`'s cash by a FireTarget commitment.
    pub fn reserved(&self, seat: Seat) -> u32 {
        if self.turn.seat == seat && self.turn.must_fire.is_some() {
            self.players[seat]
                .fate
                .as_ref()
                .and_then(|f| match self.data.fate_effect(f.card) {
                    FateEffect::Fire { severance } => Some(severance),
                    _ => None,
                })
                .unwrap_or(0)
        } else {
            0
        }
    }

    /// Cash `seat` may spend: cash minus reserved severance.
    pub fn free_cash(&self, seat: Seat) -> u32 {
        self.players[seat].cash.saturating_sub(self.reserved(seat))
    }

    /// Collateral `seat` holds for others, summed.
    fn held_collateral(&self, seat: Seat) -> impl Iterator<Item = &Bundle> {
        self.deals
            .iter()
            .filter(move |d| d.promisee == seat)
            .map(|d| &d.collateral)
    }

    /// Items of `seat` pledged to others.
    fn pledged(&self, seat: Seat) -> impl Iterator<Item = &Bundle> {
        self.deals
            .iter()
            .filter(move |d| d.promisor == seat)
            .map(|d| &d.collateral)
    }

    /// The lot of `seat`'s running auction, if it sells one.
    fn on_auction(&self, seat: Seat) -> Option<&Auction> {
        self.auction.as_ref().filter(|a| a.seller == seat)
    }

    /// Shares `seat` owns (§8): in hand, on auction and pledged to others.
    pub fn owned_shares(&self, seat: Seat) -> u32 {
        let p = &self.players[seat];
        let auction = match self.on_auction(seat).map(|a| a.lot) {
            Some(Lot::Shares(k)) => k,
            _ => 0,
        };
        // Saturating: a sum past `u32::MAX` would wrap to a small number (data files are
        // bounded so that it cannot happen; a hand-built state must not turn it into a loss).
        self.pledged(seat)
            .map(|b| b.shares)
            .fold(p.shares.saturating_add(auction), u32::saturating_add)
    }

    /// Cash `seat` owns: in hand and pledged.
    pub fn owned_cash(&self, seat: Seat) -> u32 {
        // Saturating, as in `owned_shares`.
        self.pledged(seat)
            .map(|b| b.cash)
            .fold(self.players[seat].cash, u32::saturating_add)
    }

    /// Executive card ids `seat` owns: in hand, on auction and pledged.
    pub fn owned_executive(&self, seat: Seat) -> Vec<u8> {
        let mut v = self.players[seat].executive.clone();
        if let Some(Lot::Executive(c)) = self.on_auction(seat).map(|a| a.lot) {
            v.push(c);
        }
        for b in self.pledged(seat) {
            v.extend_from_slice(&b.executive);
        }
        v
    }

    /// Executive cards of number `n` that `seat` owns.
    pub fn owned_of_number(&self, seat: Seat, n: u8) -> u8 {
        let of_n = |c: &u8| self.data.exec_number(*c) == n;
        let mut k = self.players[seat]
            .executive
            .iter()
            .filter(|c| of_n(c))
            .count();
        if let Some(Lot::Executive(c)) = self.on_auction(seat).map(|a| a.lot) {
            k += of_n(&c) as usize;
        }
        for b in self.pledged(seat) {
            k += b.executive.iter().filter(|c| of_n(c)).count();
        }
        k as u8
    }

    /// Shares that count for `seat`'s stock requirement and vote (§5.3, §7): own shares not
    /// pledged (on auction included) plus shares held as collateral.
    pub fn usable_shares(&self, seat: Seat) -> u32 {
        let p = &self.players[seat];
        let auction = match self.on_auction(seat).map(|a| a.lot) {
            Some(Lot::Shares(k)) => k,
            _ => 0,
        };
        p.shares + auction + self.held_collateral(seat).map(|b| b.shares).sum::<u32>()
    }

    /// Voting power in a meeting (§7.1).
    pub fn voting_power(&self, seat: Seat) -> u32 {
        self.usable_shares(seat)
    }

    /// Experience years per kind usable by `seat`: own cards in hand (and on auction)
    /// plus Experience held as collateral.
    pub fn usable_years(&self, seat: Seat) -> Vec<u32> {
        self.years(seat)[..self.data.kinds.len()].to_vec()
    }

    /// [`TheBoss::usable_years`] in a fixed array (kinds beyond the data set's are 0).
    fn years(&self, seat: Seat) -> [u32; MAX_KINDS] {
        let mut years = [0u32; MAX_KINDS];
        let mut add = |c: u8| {
            let k = self.data.exp_kind(c) as usize;
            years[k] += self.data.kinds[k].years_per_card;
        };
        for &c in &self.players[seat].experience {
            add(c);
        }
        if let Some(Lot::Experience(c)) = self.on_auction(seat).map(|a| a.lot) {
            add(c);
        }
        for b in self.held_collateral(seat) {
            for &c in &b.experience {
                add(c);
            }
        }
        years
    }

    /// Whether `seat`'s usable Experience meets position `number` now.
    pub fn meets_experience(&self, seat: Seat, number: u8) -> bool {
        let years = self.years(seat);
        self.data
            .position(number)
            .requirements
            .iter()
            .all(|r| years[r.kind as usize] >= r.years)
    }

    /// The bit set of positions whose Experience `seat` meets now.
    pub fn experience_mask(&self, seat: Seat) -> u16 {
        let years = self.years(seat);
        let mut m = 0;
        for p in &self.data.positions {
            if p.requirements
                .iter()
                .all(|r| years[r.kind as usize] >= r.years)
            {
                m |= 1 << (p.number - 1);
            }
        }
        m
    }

    /// Copies of each kind `seat` holds in hand beyond the cap (§2 surplus).
    pub fn surplus(&self, seat: Seat) -> Vec<u32> {
        self.surplus_counts(seat)[..self.data.kinds.len()].to_vec()
    }

    /// [`TheBoss::surplus`] in a fixed array (kinds beyond the data set's are 0).
    pub(crate) fn surplus_counts(&self, seat: Seat) -> [u32; MAX_KINDS] {
        let mut count = [0u32; MAX_KINDS];
        for &c in &self.players[seat].experience {
            count[self.data.exp_kind(c) as usize] += 1;
        }
        for (n, &cap) in count.iter_mut().zip(&self.data.caps) {
            *n = n.saturating_sub(cap);
        }
        count
    }

    /// Whether `seat` owns a complete Executive set (§4).
    pub fn has_complete_set(&self, seat: Seat) -> bool {
        let needed: u8 = COMPLETE_SET.iter().sum();
        let held = self.players[seat].executive.len()
            + self.pledged(seat).map(|b| b.executive.len()).sum::<usize>()
            + self.on_auction(seat).is_some() as usize;
        if held < needed as usize {
            return false;
        }
        (0..4u8).all(|i| self.owned_of_number(seat, FIRST_EXEC + i) >= COMPLETE_SET[i as usize])
    }

    /// Executive points `seat` owns.
    pub fn executive_points(&self, seat: Seat) -> u32 {
        let points = |c: &u8| self.data.exec_points(*c);
        // Saturating, as in `owned_shares`.
        let mut sum: u32 = self.players[seat]
            .executive
            .iter()
            .map(points)
            .fold(0, u32::saturating_add);
        if let Some(Lot::Executive(c)) = self.on_auction(seat).map(|a| a.lot) {
            sum = sum.saturating_add(points(&c));
        }
        for b in self.pledged(seat) {
            sum = b
                .executive
                .iter()
                .map(points)
                .fold(sum, u32::saturating_add);
        }
        sum
    }

    /// Net worth (§8): owned cash + share value + Executive points.
    pub fn net_worth(&self, seat: Seat) -> u64 {
        self.owned_cash(seat) as u64
            + self.owned_shares(seat) as u64 * self.data.economy().share_price as u64
            + self.executive_points(seat) as u64
    }

    /// The Fire card `seat` may use now, with its severance: held, in its use window, in the
    /// active player's BT.
    pub fn usable_fire(&self, seat: Seat) -> Option<(u8, u32)> {
        let f = self.usable_fate(seat)?;
        match self.data.fate_effect(f) {
            FateEffect::Fire { severance } => Some((f, severance)),
            _ => None,
        }
    }

    /// The Fate card `seat` may use now: the active player's card whose window is this turn.
    pub fn usable_fate(&self, seat: Seat) -> Option<u8> {
        if self.turn.seat != seat || self.turn.step != Step::Business {
            return None;
        }
        let f = self.players[seat].fate.as_ref()?;
        (f.window == Some(self.turn.number)).then_some(f.card)
    }

    /// The seat to the left of `seat`.
    pub fn left_of(&self, seat: Seat) -> Seat {
        (seat + 1) % self.players.len()
    }

    /// Seats from `seat`'s left around the table, `seat` last.
    pub fn order_from(&self, seat: Seat) -> impl Iterator<Item = Seat> + '_ {
        let n = self.players.len();
        (1..=n).map(move |i| (seat + i) % n)
    }

    /// A fresh id for an offer or deal.
    pub(crate) fn fresh_id(&mut self) -> u32 {
        let id = self.next_id;
        self.next_id += 1;
        id
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::DEFAULT_DATA_TOML;

    /// The shipped file with a comment that makes the text its own.
    fn variant(n: usize) -> String {
        format!("{DEFAULT_DATA_TOML}\n# variant {n} of the parsed-data test\n")
    }

    /// One test, so that no other test's files push these out meanwhile (the library's other
    /// tests read only the shipped file or files that fail, which are not kept).
    #[test]
    fn the_last_few_data_files_stay_parsed_and_errors_are_not_kept() {
        let a = parsed_data(&variant(0)).unwrap();
        assert!(Arc::ptr_eq(&a, &parsed_data(&variant(0)).unwrap()));
        assert!(!Arc::ptr_eq(&a, &parsed_data(&variant(1)).unwrap()));
        assert_eq!(
            *a,
            Data::default_data(),
            "the same cards as the shipped file"
        );
        // Read since: the most recently used stays, the oldest is pushed out.
        for n in 2..=PARSED_DATA_KEPT {
            parsed_data(&variant(n)).unwrap();
            assert!(Arc::ptr_eq(&a, &parsed_data(&variant(0)).unwrap()));
        }
        let b = parsed_data(&variant(1)).unwrap();
        for n in 0..PARSED_DATA_KEPT {
            parsed_data(&variant(100 + n)).unwrap();
        }
        assert!(
            !Arc::ptr_eq(&b, &parsed_data(&variant(1)).unwrap()),
            "pushed out by as many newer files, it was read anew"
        );
        let bad = format!("{DEFAULT_DATA_TOML}\n[economy");
        for _ in 0..2 {
            let e = parsed_data(&bad).unwrap_err();
            assert!(!e.0.is_empty(), "the error says what is wrong");
        }
    }
}
